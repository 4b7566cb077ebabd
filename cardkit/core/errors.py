"""The project's exceptions. Every one is a :class:`ValueError`, so callers that only
know the standard library can still catch them; each message quotes the bad input and
names the rule that forbids it."""

from __future__ import annotations

__all__ = ["CardkitError", "NotationError", "IllegalActionError", "StateError", "quote", "QUOTE_LIMIT",
           "log_thinned"]

#: about how many characters of a bad input an error message quotes
QUOTE_LIMIT = 60


class CardkitError(ValueError):
    """Base class of every error that cardkit raises on purpose."""


class NotationError(CardkitError):
    """Text that is not a card, hand, deal, action or saved game in cardkit's notation.

    Raised by :func:`cardkit.parse_card`, :func:`cardkit.parse_cards`,
    :func:`cardkit.parse_hand`, ``State.from_json`` and friends. The message quotes the
    input with ``!r`` and says what was expected.
    """


class IllegalActionError(CardkitError):
    """An action that the rules forbid now: out of turn, not in the hand, a revoke, a bid
    repeated by its own bidder. The message names the rule; the state that refused the
    action is exactly as it was before the call."""


class StateError(CardkitError):
    """A question the state cannot answer yet, such as ``returns()`` before the deal is
    over, or ``undo_action()`` with nothing to undo. The state is unchanged."""


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """How an error message quotes a bad input: its ``repr``, cut to about ``limit``
    characters so that a 60,000-character link or a 5,000-digit number makes one short
    line.

    >>> quote("QH")
    "'QH'"
    >>> quote("9" * 5000)
    "'999999999999999999999999999999999999999999999999999999999999'… (5,000 characters)"
    >>> quote(10 ** 5000)
    'a whole number of 5,001 digits'

    Never raises: a value whose ``repr`` fails (a number past Python's 4,300-digit limit
    for text, a list nested thousands deep) is described by its type.

    :param value: anything.
    :param limit: about how many characters of ``value`` to show (at least 1).
    :returns: text for an f-string, in place of ``{value!r}``.
    """
    limit = max(1, int(limit))
    if isinstance(value, str):  # counted in characters of the input, not of its repr
        return f"{value[:limit]!r}… ({len(value):,} characters)" if len(value) > limit else repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else None
        if digits is None:  # str() would refuse (over 4,300 digits): count them by log10
            import math
            digits = int(value.bit_length() * math.log10(2)) + 1
            # off by one at most; check with one power of ten
            if abs(value) < 10 ** (digits - 1):
                digits -= 1
        sign = "a negative" if value < 0 else "a"
        return f"{sign} whole number of {digits:,} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - RecursionError, ValueError (int digits), a broken __repr__
        return f"a {type(value).__name__} that cannot be shown"
    if len(text) > limit + 2:
        return text[:limit] + "…"
    return text


def log_thinned(n: int, first: int = 20, every: int = 1000) -> bool:
    """Whether the ``n``-th (from 1) of a run of refusals is written to a log: the first
    ``first``, then every ``every``-th, so that a flood of refused messages or requests
    cannot fill a server's log (the lesson servers' dropped page messages and closed pages,
    a kernel's malformed comm messages, the room's refusals).

    >>> [n for n in range(1, 3001) if log_thinned(n, first=2)]
    [1, 2, 1000, 2000, 3000]
    """
    return n <= first or n % every == 0
