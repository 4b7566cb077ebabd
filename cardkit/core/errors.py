"""The project's exceptions. Every one is a :class:`ValueError`, so callers that only
know the standard library can still catch them; each message quotes the bad input and
names the rule that forbids it."""

from __future__ import annotations

__all__ = ["CardkitError", "NotationError", "IllegalActionError", "StateError", "quote", "QUOTE_LIMIT",
           "log_thinned", "Said"]

#: about how many characters of a bad input an error message quotes
QUOTE_LIMIT = 60


class CardkitError(ValueError):
    """Base class of every error that cardkit raises on purpose.

    ``str(e)`` is the English message for developers. An error a learner can provoke may
    also carry its words for the message catalog (issue 29), so that a page can show it
    in its own language: :attr:`words` is ``(message, values)``, the catalog's message
    (English, with ``{named}`` placeholders) and the values that fill them. Make one with
    :meth:`worded`; show it with :meth:`in_language`.

    >>> e = CardkitError.worded("card {card}: unknown suit", card=quote("QX"))
    >>> str(e), e.words
    ("card 'QX': unknown suit", ('card {card}: unknown suit', {'card': "'QX'"}))
    """

    #: ``(message, values)``: the catalog's message and its placeholders' values, or None
    #: (the error is worded in English only: :meth:`in_language` gives ``str(e)``).
    words: tuple[str, dict] | None = None

    def __init__(self, *args, words: tuple[str, dict] | None = None) -> None:
        super().__init__(*args)
        if words is not None:
            self.words = words

    @classmethod
    def worded(cls, message: str, /, **values):
        """The error whose English text is ``message`` with its ``{placeholders}`` filled
        from ``values``, keeping both (:attr:`words`) for :meth:`in_language`.

        :param message: one whole sentence, marked for the catalog where it is written
            (``N_("…")``), with named placeholders only.
        :param values: text (a quoted input: :func:`quote`), numbers, a
            :class:`~cardkit.Card` (written in the page's letters), or another
            :class:`CardkitError` (a nested reason, worded in the same language).
        :returns: an instance of ``cls`` (not raised).
        """
        return cls(_filled(message, values, None), words=(message, values))

    def in_language(self, tr) -> str:
        """This error's message in ``tr``'s language (a :func:`cardkit.i18n.translation`,
        or anything with ``gettext`` and ``pgettext``): its :attr:`words` through the
        catalog, a nested error likewise, a card in the language's letters (``Д♥``,
        ``10♣`` in Russian); ``str(self)`` when it has no words. ``tr`` None: ``str(self)``,
        the English text, which is also what an English translation gives.

        Never raises for a well-made error: a translation whose placeholders do not match
        its message (the catalog test forbids it) gives the English text.
        """
        if tr is None or self.words is None:
            return str(self)
        message, values = self.words
        try:
            return _filled(tr.gettext(message), values, tr)
        except (KeyError, IndexError, ValueError, AttributeError):
            return str(self)


class NotationError(CardkitError):
    """Text that is not a card, hand, deal, action or saved game in cardkit's notation.

    Raised by :func:`cardkit.parse_card`, :func:`cardkit.parse_cards`,
    :func:`cardkit.parse_hand`, ``State.from_json`` and friends. The message quotes the
    input with ``!r`` and says what was expected. The refusals a learner can provoke (a
    typed or forged card, hand, deal code, bid or Durak action) carry their catalog words
    (:attr:`~CardkitError.words`), so a page says them in its language:
    ``e.in_language(translation("ru"))``; ``str(e)`` is the English.
    """


class IllegalActionError(CardkitError):
    """An action that the rules forbid now: out of turn, not in the hand, a revoke, a bid
    repeated by its own bidder. The message names the rule; the state that refused the
    action is exactly as it was before the call."""


class StateError(CardkitError):
    """A question the state cannot answer yet, such as ``returns()`` before the deal is
    over, or ``undo_action()`` with nothing to undo. The state is unchanged."""


class Said(str):
    """A value of an error's :attr:`~CardkitError.words` that is itself words: the text
    (a ``str``) is the English, and :meth:`in_language` says it in a page's language.

    - ``Said(text)``: ``text`` is a message of the catalog (marked ``N_`` where it is
      written: a game's name, a rule variant's words);
    - ``Said(text, words=(message, values))``: the English ``text``, and in other languages
      the catalog's ``message`` with its ``values`` (the English is kept as it always was);
      with ``translated=False`` the ``message`` is a form filled as it is (the language's
      own text, made by the caller);
    - ``Said.template(form, **values)``: ``form`` filled with ``values`` in each language,
      ``form`` itself not translated (``"{letter} ({game})"``);
    - ``Said.join(sep, items)``: the items (each text or a ``Said``) joined by ``sep``.

    >>> ru = {"Variety": "Варьете"}
    >>> class Tr:
    ...     def gettext(self, m): return ru.get(m, m)
    >>> s = Said.join(", ", [Said.template("{letter} ({game})", letter="V", game=Said("Variety"))])
    >>> s, s.in_language(Tr())
    ('V (Variety)', 'V (Варьете)')
    """

    words: tuple[str, dict] | None
    translated: bool
    parts: tuple | None
    sep: str

    def __new__(cls, text: str, *, words: tuple[str, dict] | None = None, translated: bool = True):
        self = super().__new__(cls, text)
        self.words = words if words is not None else (str(text), {})
        self.translated = translated
        self.parts = None
        self.sep = ""
        return self

    @classmethod
    def template(cls, form: str, /, **values) -> Said:
        """``form`` (not translated) filled with ``values`` (each said in the language)."""
        self = cls(_filled(form, values, None), words=(form, values))
        self.translated = False
        return self

    @classmethod
    def join(cls, sep: str, items) -> Said:  # type: ignore[override]
        """``items`` joined by ``sep`` (not translated), each said in the language."""
        items = tuple(items)
        self = cls(sep.join(str(i) for i in items))
        self.parts, self.sep = items, sep
        return self

    def in_language(self, tr) -> str:
        """These words in ``tr``'s language (None: the English, ``str(self)``)."""
        if tr is None:
            return str(self)
        if self.parts is not None:
            return self.sep.join(_value_in(i, tr) for i in self.parts)
        assert self.words is not None
        message, values = self.words
        return _filled(tr.gettext(message) if self.translated else message, values, tr)


def _value_in(v, tr):
    """One placeholder's value in ``tr``'s language (None: English)."""
    if isinstance(v, (CardkitError, Said)):
        return v.in_language(tr)
    # a Card (cards.py imports this module, so its class is known by its parts, not imported)
    if tr is not None and hasattr(getattr(v, "rank", None), "char") and hasattr(getattr(v, "suit", None), "symbol"):
        return _card_in(v, tr)
    return v


def _filled(message: str, values: dict, tr) -> str:
    """``message`` with its placeholders filled by ``values`` in ``tr``'s language (None:
    English, every value as ``str()``)."""
    return message.format(**{k: _value_in(v, tr) for k, v in values.items()})


def _card_in(card, tr) -> str:
    """A card in ``tr``'s letters: ``Q♥``, ``10♥`` in English; ``Д♥``, ``10♥`` in Russian."""
    char = card.rank.char
    if char == "T":
        return "10" + card.suit.symbol
    if char in "AKQJ":
        char = tr.pgettext("rank letter", char)
    return char + card.suit.symbol


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
