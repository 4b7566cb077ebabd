"""The project's exceptions. Every one is a :class:`ValueError`, so callers that only
know the standard library can still catch them; each message quotes the bad input and
names the rule that forbids it."""

from __future__ import annotations

__all__ = ["CardkitError", "NotationError", "IllegalActionError", "StateError"]


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
