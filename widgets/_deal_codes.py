"""Deal codes and deal numbers on a play dashboard (``docs/deal-codes.md``; issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.codes``): the current deal's code (:meth:`DealCodes.of_current`, the dashboard's
``deal_code`` trait), loading a code (:meth:`DealCodes.load`, the dashboard's ``load_code``),
which codes a table can deal (:meth:`DealCodes.spec_for`), the seed box's number
(:meth:`DealCodes.read_seed_box`), and what a scored game hides (:meth:`DealCodes.hide`,
:meth:`DealCodes.page_code`). A teacher's link ``?deal=V-4821`` builds a table with
:func:`table_from_query` (the dashboard's ``from_query``) and :func:`table_from_code`
(``from_code``). The seed box, the code box and ``Load`` are the dashboard's controls.
"""

from __future__ import annotations

import dataclasses
import html
import os
import urllib.parse
import zlib
from typing import Any, ClassVar

from cardkit.codes import code_from_query, deal_code, game_entry, parse_deal_code
from cardkit.errors import CardkitError, NotationError, Said, quote
from cardkit.i18n import LANGUAGES, N_, PSEUDO, translation
from cardkit.wording import field_words, value_words, variant_words

from ._common import MAX_SEED, one_line, read_seed
from ._controls import Control

__all__ = ["DealCodes", "code_fields", "table_from_query", "table_from_code"]


def query_size(query: str) -> str | None:
    """The ``size`` of a page's query string (``"size=large"``), or None."""
    from urllib.parse import parse_qs

    values = parse_qs(str(query or "").lstrip("?")[:2000]).get("size")
    return values[-1] if values else None


def variant_said(field: str, value) -> Said:
    """A rule variant as a deal code's refusal names it: :func:`variant_words` in English,
    the catalog's words in another language."""
    if field == "players":
        return Said(variant_words(field, value), words=(N_("players: {n}"), {"n": value}))
    return Said.template("{field}: {value}", field=Said(field_words(field)), value=Said(value_words(value, field)))


def code_fields(entry) -> list[str]:
    """The ``Rules`` fields a deal code carries (players, the deal-level variants) of a game's
    registry entry (:func:`cardkit.codes.game_entry`)."""
    out = [o.field for o in entry.variants if not o.deal]
    if len(entry.players) > 1:
        out.insert(0, "players")
    return out


def table_from_query(cls, query: str | None = None, **kwargs) -> Any:
    """The dashboard a lesson shows, honouring a teacher's link ``?deal=CODE``.

    :param query: the page's query string (``"deal=V-4821"``, a leading ``?`` allowed);
        default ``os.environ["QUERY_STRING"]``, which Voila sets in the kernel.
    :param kwargs: the constructor's arguments. With a code, the table is built with
        the code's rules (its variants; Warsaw Hearts' number of players) over
        ``kwargs["rules"]`` and deals the code's deal.
    :returns: the dashboard (``size=large`` in the query: the projector size, the
        ``Large cards`` toggle on). A code that cannot be used gives a normal deal and one
        status line saying why (:attr:`query_problem`); :attr:`query_code` is the
        code used, or None.
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    code = code_from_query(query)
    problem = None
    if code is not None:
        try:
            spec = parse_deal_code(code)
            entry = game_entry(cls.GAME)
            if spec.game == cls.GAME:
                fields = {f: getattr(spec.rules, f) for f in code_fields(entry)}
                kwargs = {**kwargs, "rules": dataclasses.replace(cls._default_rules(kwargs), **fields)}
                kwargs.pop("players", None)
        except CardkitError as e:
            lang = kwargs.get("lang", "en")
            problem = one_line(e, tr=translation(lang) if lang in (*LANGUAGES, PSEUDO) and lang != "en" else None)
    table = cls(**kwargs)
    table.query_problem = problem
    if query_size(query) == "large":  # ?size=large: the projector size (the page reads it too)
        table.size_toggle.value = True
    if code is not None and problem is None:
        if table.load_code(code):
            table.query_code = table.deal_code
        else:
            table.query_problem = table.last_error
    if table.query_problem is not None:
        table.last_error = table.query_problem
        table._message = table._("<b>⚠ The link's deal code could not be used:</b> {why} — here is a normal "
                                 "deal.", why=html.escape(table.query_problem))
        table.refresh()
    return table

def table_from_code(cls, code: str, **kwargs) -> Any:
    """The table a class link ``?deal=CODE`` opens, built from code: the same cards,
    dealer and rules (:meth:`from_query` with that code), so a teacher's projector
    deals what the class link deals: ``VarietyTable.from_code("V-4821",
    layout="projector")``. (``VarietyTable(seed=4821)`` deals the same cards but its
    dealer comes from the cut, RULES.md §1.1: its code is ``V-4821-D2``.)

    :param kwargs: the constructor's arguments, as for :meth:`from_query`.
    :raises CardkitError: for a code the table cannot deal (not read, another game),
        where a link would show one line and a normal deal.
    """
    if not isinstance(code, str) or not code.strip():
        raise CardkitError(f"deal code {quote(code)}: expected a code such as {cls.CODE_EXAMPLE!r}")
    table = cls.from_query("deal=" + urllib.parse.quote(code.strip()), **kwargs)
    if table.query_problem is not None:
        raise CardkitError(table.query_problem)
    return table



class DealCodes:
    """The deal codes of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).
    :param seed: the seed box's first value (the dashboard's ``seed``).

    :ivar seed_box: ``int`` "Next deal number" (the dashboard's ``seed_box``; ``New deal`` deals it).
    :ivar code_box: ``text`` "Deal code"; :ivar load_button: ``button`` "Load" (:meth:`load`).
    :ivar loaded: the code of a deal loaded with :meth:`load` (None for a dealt one).
    :ivar page_code_key, page_code_value: :meth:`page_code`'s cache: (the state, its length) and its code.
    """

    #: The status line's words for the deal code in a scored game (``practice=False``)
    #: while a deal is played: a deal code (and a seed) lets anyone deal the same cards and
    #: read every hand, so the page shows neither; the kernel keeps :attr:`deal_code` for
    #: the teacher.
    HIDDEN_CODE_TEXT: ClassVar[str] = N_("Deal codes are hidden in a scored game.")

    def __init__(self, table: Any, seed: int) -> None:
        self.table = table
        _ = table._
        self.seed_box = Control("int", "seed_box", value=int(seed), description=_("Next deal number"),
                                tooltip=_("New deal deals the deal of this number (the same number gives the same "
                                          "cards)"))
        self.code_box = Control("text", "code_box", value="", description=_("Deal code"),
                                placeholder=_("e.g. {code}", code=table.CODE_EXAMPLE))
        self.code_box.add_class("ck-code")  # it grows (card_table.css): a cards-form code shown whole
        self.load_button = Control("button", "load_button", description=_("Load"),
                                   tooltip=_("Deal the cards of the code in the box"))
        self.code_box.enter = "load_button"        # Enter in the box loads the code, as Load does
        self.load_button.on_click(lambda _b: table._safely(self.load, self.code_box.value))
        self.loaded: str | None = None          # the code of a deal loaded with load_code
        self.page_code_key: tuple | None = None  # page_code's cache: (the state, its length)
        self.page_code_value = ""

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (the dashboard's ``_``)."""
        return self.table._(message, **values)

    def hide(self, hide: bool) -> None:
        """In a scored game the seed box and the code box are hidden too, and their values
        are kept from the page (:attr:`Control.secret`: the page's state has no seed and no
        code): the seed box holds the next deal's seed, the code box the code of a deal
        loaded, and loading a known deal would defeat the score. A hidden box, ``Load``
        and a disabled ``New deal`` ignore the page's messages (:meth:`_page_may_use`)."""
        display = "none" if hide or self.table.layout_mode == "projector" else None
        for w in (self.table.seed_box, self.table.code_box, self.table.load_button):
            w.layout.display = display
        self.table.seed_box.secret = self.table.code_box.secret = hide

    def page_code(self) -> str:
        """The deal code the page may show: in practice, :attr:`deal_code`; in a scored
        game, none while the deal is played, then the cards form of the finished deal
        (``V-X…``, :func:`cardkit.codes.deal_code` with ``form="cards"``), which deals
        those cards again but names no seed: the seed form would name the seed, and with
        it the next deals (the seed box moves on by one)."""
        if self.table.practice:
            return self.table.deal_code
        st = self.table.state
        if st is None or not st.is_terminal():
            return ""
        key = (id(st), len(st.history))
        if self.page_code_key != key:
            try:
                code = deal_code(st, form="cards")
            except CardkitError:  # pragma: no cover - every dealt state has a cards form
                code = ""
            self.page_code_key, self.page_code_value = key, code
        return self.page_code_value

    def new_deal(self, seed: int | None = None) -> None:
        """Deal a new deal with ``seed`` (default: the seed box, which then moves on by
        one), then let the bots act until it is the learner's turn. An unfinished deal is
        dropped (not scored; the same dealer deals again); after a finished game a new
        game starts.

        :raises ValueError: for a seed that is not an int >= 0 (one status line when
            clicked); nothing changes. The seed (the box's, or ``seed``) must be a whole
            number 0..999 999 999 999 (:func:`read_seed`: a deal code carries at most 12
            digits): ``-3``, ``"1e30"``, ``12345678901234567`` are refused, not changed.
        """
        t = self.table
        seed = self.read_seed_box() if seed is None else read_seed(seed)
        t._close_replay()
        t.again.stop()
        t._begin_deal(seed)
        t.deal_seed = seed
        self.loaded = None
        t.seed_box.value = (seed + 1) % (MAX_SEED + 1)
        t._started(self._("New deal (deal number {n})", n=seed) if t.practice else self._("New deal"))

    def read_seed_box(self) -> int:
        """The seed box's seed (:func:`read_seed`); text that is not one (``"٥٥"``, ``"５"``,
        ``"+5"``, ``"1e30"``) is refused in one line that says the box takes the digits
        0 to 9 only.

        :raises CardkitError: as :func:`read_seed`.
        """
        value = self.table.seed_box.value
        try:
            return read_seed(value)
        except CardkitError as e:
            if isinstance(value, str):
                if self.table.lang != "en":   # one sentence of the catalog (read_seed's words are English)
                    largest = f"{MAX_SEED:,}".replace(",", " ")
                    raise CardkitError(self._("deal number {value}: a deal number is a whole number 0..{largest}, "
                                              "typed with the digits 0 to 9 only", value=quote(value),
                                              largest=largest)) from None
                raise CardkitError(f"{e}, typed with the digits 0 to 9 only") from None
            raise

    def load(self, code: str) -> bool:
        """Deal the deal that ``code`` names (``docs/deal-codes.md``), as every learner with
        the same code gets it, then let the bots act until the learner's turn.

        Returns True if it was loaded. A code that cannot be read, names another game, or
        carries rules other than this table's (``V-4821-L2`` on a table with the default
        lead) is refused in one status line ("⚠ Deal code not loaded: " and the
        :class:`~cardkit.NotationError`'s message, also in :attr:`last_error`) and the
        current deal is kept.
        """
        try:
            spec = self.spec_for(code)
        except CardkitError as e:
            self.table._error(e, prefix=self._("Deal code not loaded"))
            return False
        self.table._close_replay()
        self.table.again.stop()
        canonical = spec.code
        self.table._begin_deal(spec.seed, dataclasses.replace(spec, rules=self.table.rules),
                         spec.seed if spec.seed is not None else zlib.crc32(canonical.encode()))
        self.table.deal_seed = spec.seed
        self.loaded = canonical
        if spec.seed is not None:
            self.table.seed_box.value = (spec.seed + 1) % (MAX_SEED + 1)
        self.table.code_box.value = canonical
        t = self.table
        t._started(self._("Deal {code} loaded", code=canonical) if t.practice else self._("Deal loaded"))
        return True

    def spec_for(self, code: str):
        """The :class:`~cardkit.codes.DealSpec` of ``code`` if this table can deal it.

        :raises NotationError: for a code that cannot be read, of another game, or with
            other rules than the table's.
        """
        try:
            spec = parse_deal_code(code)
        except NotationError as e:
            # the reader's examples are Variety's ('V-4821'): name this game's instead
            if e.words is not None and "example" in e.words[1]:
                example = repr(self.table.CODE_EXAMPLE)
                raise NotationError.worded(e.words[0], **{**e.words[1], "example": example}) from None
            raise NotationError(str(e).replace("'V-4821'", repr(self.table.CODE_EXAMPLE)), words=e.words) from None
        mine = game_entry(self.table.GAME)
        if spec.game != self.table.GAME:
            theirs = game_entry(spec.game)
            message = (N_("deal code {code} is an {game} deal; this table plays {mine} (codes that start {start})")
                       if theirs.title[:1] in "AEIOU" else
                       N_("deal code {code} is a {game} deal; this table plays {mine} (codes that start {start})"))
            raise NotationError.worded(message, code=quote(code), game=Said(theirs.title), mine=Said(mine.title),
                                       start=repr(mine.letter + "-"))
        for f in code_fields(mine):
            want, have = getattr(spec.rules, f), getattr(self.table.rules, f)
            if want != have:
                raise NotationError.worded(
                    N_("deal code {code} is for {theirs}, but this table plays {ours}; open the lesson with "
                       "?deal={canonical} to get a table with those rules"),
                    code=quote(code), theirs=variant_said(f, want), ours=variant_said(f, have), canonical=spec.code)
        return spec

    def of_current(self) -> str:
        """The current deal's code: the code loaded, or the seed form, or (a seed a code
        cannot carry) the cards form."""
        st = self.table.state
        if self.loaded is not None:
            return self.loaded
        try:
            return deal_code(self.table.GAME, seed=self.table.deal_seed, dealer=st.dealer, rules=self.table.rules)
        except CardkitError:
            try:
                return deal_code(st)
            except CardkitError:
                return ""

    def deal_words(self) -> str:
        """"deal number 21", or "deal code V-X…" for a deal loaded in the cards form."""
        t = self.table
        if not t.practice:
            st = t.state
            return (self._("a scored game") if st is not None and st.is_terminal() else
                    self._("deal code hidden in a scored game"))
        if t.deal_seed is not None:
            return self._("deal number {n}", n=t.deal_seed)
        return self._("deal code {code}", code=html.escape(t.deal_code))
