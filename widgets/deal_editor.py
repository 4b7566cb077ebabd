"""DealEditor: compose a deal of any of the three games, see its code and link, play it,
and keep a set of boards (issue 22).

The editor only arranges what :mod:`cardkit.composing` and :mod:`cardkit.deal_sets` do:
the cards placed by hand (clicked in the grid, or typed in a place's box), the rest dealt
at random under the wishes typed per place (points, suit lengths, cards held) with the
deal number in its box, the dealer and the rule variants a deal code carries. A complete
deal shows its deal code whole and the ``?deal=`` link for the class; ``Play this deal``
opens it at the game's play table below; for Variety, ``Double-dummy table`` shows the
declarers' margin for each contract and declaring pair with every hand known
(:func:`cardkit.analysis.dd_table`, when this version of the kit has it); ``Add to the
set`` keeps the deal as the next board of a set, which can be saved as a file and played
board by board.

Bad input (a card that is not one, a card given twice, wishes no deal meets) is answered
in one line under the controls, never a traceback, and nothing already placed is lost.
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import importlib
import urllib.parse
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from cardkit.cards import Card, Rank, Suit, deck
from cardkit.codes import DealSpec, deal_code, game_entry, parse_deal_code
from cardkit.composing import HandWish, compose_deal, deal_places, hand_points, parse_lengths, parse_points, places_of
from cardkit.errors import CardkitError, Said, quote
from cardkit.i18n import N_, check_lang, translation
from cardkit.notation import parse_cards, parse_hand, sort_hand
from cardkit.wording import SEAT_WORDS, field_words, value_words

from ._common import (
    card_button_layout,
    one_line,
    rank_letters,
    ranks_for,
    suit_colour,
    suit_html,
    suit_titles_in,
)
from ._dd_view import (  # noqa: F401 (PAIRS: public here)
    DD_NODES,
    PAIRS,
    ContractChoice,
    checked_contracts,
    dd_table_function,
    dd_table_html,
)

__all__ = ["DealEditor", "dd_table_html"]

#: The play lesson of each game, whose address takes ``?deal=CODE``.
PLAY_LESSONS = {"variety": "variety/2_play.ipynb", "warsaw_hearts": "warsaw_hearts/2_play.ipynb",
                "armenian_durak": "armenian_durak/2_play.ipynb"}
#: A placed card's background (light: red and black text keep their contrast).
PLACED_BACKGROUND = "#dbeafe"
DEALT_BACKGROUND = "#f1f5f9"
_SHORT = {"South": "S", "West": "W", "North": "N", "East": "E"}
_PART_SHORT = {"hand": "", "down": "↓", "up": "↑"}
_SEAT_WORDS = SEAT_WORDS[4]
#: The words of the editor that come from elsewhere (the places of cardkit.composing, the
#: games' titles, the variants' values), marked for the message catalog (cardkit.i18n): the
#: editor shows them in its language.
EDITOR_WORDS = (N_("South"), N_("West"), N_("North"), N_("East"), N_("your hand"), N_("your face-down cards"),
                N_("your face-up cards"), N_("your opponent's hand"), N_("your opponent's face-down cards"),
                N_("your opponent's face-up cards"), N_("Variety"), N_("Warsaw Hearts"), N_("Armenian Durak"),
                N_("drawn"), N_("your opponent"))


def _rank_text(rank: Rank) -> str:
    return "10" if rank == Rank.TEN else rank.char


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(_rank_text(c.rank) + c.suit.symbol for c in cards)


def _line(text: str) -> str:
    return f"<span style='color:#b71c1c'>⚠ {html.escape(text)}</span>"


class DealEditor(W.VBox):
    """Compose a deal of Variety, Warsaw Hearts or Armenian Durak.

    :param game: ``"variety"`` (default), ``"warsaw_hearts"``, ``"armenian_durak"``.
    :param rules: the game's ``Rules`` (its variants); default the game's defaults.
    :param players: Warsaw Hearts: 4 (default) or 3.
    :param seed: the first deal number for ``Deal the rest at random``.
    :param dealer: the dealer's seat.
    :param code: a deal code to start from (its cards, dealer and variants).
    :param link: the play page's address the link is made from (default the game's play
        lesson, ``variety/2_play.ipynb``: put it after ``/voila/render/`` in the lessons'
        address).
    :param lang: the language of the editor's words: ``"en"`` (default) or ``"ru"`` (the
        Russian lessons; the play table it opens speaks it too). Kept in :attr:`lang`.
    :raises CardkitError: for a language other than these (naming ``lang``), an unknown
        game, rules of another game, a bad dealer or deal number, or a code that cannot be
        read.

    Attributes a lesson may use:

    :ivar places: the :class:`~cardkit.composing.Place` list; :ivar fixed: the cards placed
        by hand, one list per place; :ivar wishes: place index -> ``HandWish``.
    :ivar spec: the complete deal (:class:`~cardkit.codes.DealSpec`), or None;
        :attr:`code` its code ("" without one).
    :ivar card_buttons: ``dict[Card, Button]``; ``place_choice``: where a click puts a card;
        ``place_boxes``, ``points_boxes``, ``lengths_boxes``, ``holding_boxes``: a ``Text``
        per place; ``seed_box``, ``dealer_choice``, ``variant_choices``; ``random_button``,
        ``clear_button``, ``play_button``, ``dd_button``, ``add_button``, ``play_set_button``.
    :ivar error: the one-line answer to bad input (``last_error`` its text, or None).
    :ivar play_table: the play table opened from the editor, or None.
    :ivar set_codes: the boards kept with ``Add to the set`` (or opened from a file with
        ``open_set``, a ``FileUpload``: :meth:`load_set`), each with the dealer it was added
        with; :attr:`board_codes` the set as saved, played and sent (the dealers rotated
        when ``set_dealers`` says so).
    :ivar set_dealers: a ``Dropdown``: ``"own"`` (each board keeps the dealer chosen when it
        was added) or ``"rotate"`` (board 1 dealt by South, board 2 by West, and so on
        clockwise).
    :ivar send_button: *Send to the room* (shown under the hub only, where a teaching room
        can be reached: :func:`cardkit.room_send.room_available`): :meth:`send_to_room`;
        ``send_view`` its one-line answer.
    """

    def __init__(self, game: str = "variety", *, rules=None, players: int | None = None, seed: int = 0,
                 dealer: int = 0, code: str | None = None, link: str | None = None, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        self.entry = game_entry(game)
        self.game = self.entry.name
        module = self.entry.engine()
        spec = parse_deal_code(code) if code is not None else None
        if spec is not None:
            if spec.game != self.game:
                raise self._not_this_game(code)
            rules, players = spec.rules, spec.players
        self.places = deal_places(self.game, rules, players)
        if rules is None:
            names = {f.name for f in dataclasses.fields(module.Rules)}
            rules = module.Rules(players=players) if players and "players" in names else module.Rules()
        self.rules = rules
        self.players = getattr(rules, "players", None) or self.entry.players[0]
        self.link_base = link or PLAY_LESSONS[self.game]
        self.fixed: list[list[Card]] = [[] for _ in self.places]
        self.wishes: dict[int, HandWish] = {}
        self.spec: DealSpec | None = None
        self.extras: dict[str, Any] = {}
        self.last_error: str | None = None
        self.play_table = None
        self.set_codes: list[str] = []
        self._quiet = False
        self._pending_box: int | None = None  # a place box whose text was refused (kept to be put right)

        _ = self._
        self.error = W.HTML()
        self.place_choice = W.ToggleButtons(options=[(_(p.name), i) for i, p in enumerate(self.places)], value=0,
                                            description=_("Click puts:"),
                                            tooltips=[_("a clicked card goes to {place}", place=_(p.name))
                                                      for p in self.places])
        self.card_buttons: dict[Card, W.Button] = {}
        self.grid = W.VBox(self._grid_rows())
        self.place_boxes: list[W.Text] = []
        self.points_boxes: list[W.Text] = []
        self.lengths_boxes: list[W.Text] = []
        self.holding_boxes: list[W.Text] = []
        self.counts: list[W.HTML] = []
        rows = [W.HTML("<b>" + _("Cards placed by hand, and what the cards dealt at random must meet") + "</b>")]
        for i, p in enumerate(self.places):
            rows.append(self._place_row(i, p))
        self.place_rows = W.VBox(rows)

        self.seed_box = W.Text(value=str(int(seed)), description=_("Deal number:"), layout=W.Layout(width="16em"),
                               style={"description_width": "initial"},
                               tooltip=_("The same deal number deals the same random cards"))
        self.seed_box.add_class("ck-deal-number")
        self.dealer_choice = W.Dropdown(options=[(_(n), s) for s, n in enumerate(self._seat_names())],
                                        description=_("Dealer:"), layout=W.Layout(width="14em"))
        self.variant_choices: dict[str, W.Dropdown] = {}
        for o in self.entry.variants:
            current = None if o.deal else getattr(rules, o.field)
            dd = W.Dropdown(options=[(self._value_words(o.field, v), k) for k, v in enumerate(o.values)],
                            value=o.values.index(current) if current in o.values else 0,
                            description=_(field_words(o.field))[:1].upper() + _(field_words(o.field))[1:] + ":",
                            style={"description_width": "initial"})
            dd.observe(lambda c, f=o.field: self._safely(self._variant_changed, f, c), names="value")
            self.variant_choices[o.field] = dd
        self.random_button = W.Button(description=_("Deal the rest at random"), button_style="primary",
                                      layout=W.Layout(width="auto"),
                                      tooltip=_("Deal the cards not placed, meeting the wishes, with the deal number"))
        self.clear_button = W.Button(description=_("Clear"), tooltip=_("Take every card out of every place"))
        self.play_button = W.Button(description=_("Play this deal"),
                                    tooltip=_("Open this deal at the play table below"))
        self.dd_button = W.Button(description=_("Double-dummy table"),
                                  tooltip=_("The declarers' margin in each contract with every hand known"))
        self.add_button = W.Button(description=_("Add to the set"),
                                   tooltip=_("Keep this deal as the next board of a set"))
        self.play_set_button = W.Button(description=_("Play the set"),
                                        tooltip=_("Open the set at the play table below"))
        self.clear_set_button = W.Button(description=_("Empty the set"))
        seats = self._seat_names()
        self.set_dealers = W.Dropdown(options=[(_("each board's own (the Dealer above when added)"), "own"),
                                               (_("rotating: board 1 {first}, board 2 {second}, …", first=_(seats[0]),
                                                  second=_(seats[1])), "rotate")],
                                      value="own", description=_("Dealers of the set:"),
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.send_button = W.Button(description=_("Send to the room"), button_style="info",
                                    tooltip=_("Open a table in the teaching room with this set (teachers only)"))
        self.send_view = W.HTML()
        self.open_set = W.FileUpload(accept=".txt,.pbn,text/plain", multiple=False, description=_("Open a set"),
                                     tooltip=_("Open a set saved before (a text file of boards)"))
        self.code_view = W.HTML()
        self.dd_view = W.HTML()
        self.dd_contracts = ContractChoice(value=(1,), tooltip=_("The contracts of the double-dummy table (1 and 3 "
                                                                 "take seconds, the point contracts minutes)"),
                                           contract_word=_("contract"), contracts_word=_("Contracts:"))
        self.set_view = W.HTML()
        self.set_text = W.Textarea(layout=W.Layout(width="100%", height="8em"), disabled=True,
                                   description=_("The set:"))
        self.table_area = W.VBox()
        if self.game != "variety":
            self.dd_button.layout.display = self.dd_contracts.layout.display = "none"

        self.seed_box.observe(lambda _c: self._safely(self._invalidate), names="value")
        self.dealer_choice.observe(lambda c: self._safely(self._dealer_changed, c["new"]), names="value")
        self.random_button.on_click(lambda _b: self._safely(self.deal_rest))
        self.clear_button.on_click(lambda _b: self._safely(self.clear))
        self.play_button.on_click(lambda _b: self._safely(self.play))
        self.dd_button.on_click(lambda _b: self._safely(self.show_dd_table))
        self.add_button.on_click(lambda _b: self._safely(self.add_to_set))
        self.play_set_button.on_click(lambda _b: self._safely(self.play_set))
        self.clear_set_button.on_click(lambda _b: self._safely(self._empty_set))
        self.set_dealers.observe(lambda _c: self._safely(self._refresh_set), names="value")
        self.send_button.on_click(lambda _b: self._safely(self.send_to_room))
        self.open_set.observe(lambda c: self._safely(self._uploaded, c["new"]), names="value")

        super().__init__([
            W.HTML("<h3 style='margin:2px'>" + _("Deal editor: {game}", game=html.escape(_(self.entry.title)))
                   + "</h3>"),
            W.HBox([self.dealer_choice, *self.variant_choices.values()], layout=W.Layout(flex_flow="row wrap")),
            self.place_choice, self.grid, self.place_rows,
            W.HBox([self.seed_box, self.random_button, self.clear_button]),
            self.error, self.code_view,
            W.HBox([self.play_button, self.dd_button, self.dd_contracts, self.add_button]), self.dd_view,
            W.HBox([self.play_set_button, self.clear_set_button, self.open_set]),
            W.HBox([self.set_dealers, self.send_button]), self.send_view, self.set_view, self.set_text,
            self.table_area])
        self.add_class("cardkit-deal-editor")
        self.dealer_choice.value = self._check_dealer(dealer)
        if spec is not None:
            self.load_code(spec.code)
        self._refresh()

    def _(self, message: str, **values) -> str:
        """``message`` in the editor's language (:attr:`i18n`), its ``{placeholders}`` filled
        from ``values`` (none: the text as it is)."""
        text = self.i18n.gettext(message)
        return text.format(**values) if values else text

    def close(self) -> None:
        """Close the editor and every widget it made (its controls, their layouts and styles,
        the play table opened from it), in the kernel and on the page: a lesson that replaces
        an editor (another game chosen) leaves none of its some 300 widgets behind."""
        seen: set[int] = set()
        todo: list[Any] = [self, *(v for v in vars(self).values() if isinstance(v, (W.Widget, list, tuple, dict)))]
        found: list[W.Widget] = []
        while todo:
            item = todo.pop()
            if isinstance(item, dict):
                todo.extend(item.values())
            elif isinstance(item, (list, tuple)):
                todo.extend(item)
            elif isinstance(item, W.Widget) and id(item) not in seen:
                seen.add(id(item))
                found.append(item)
                todo.extend(getattr(item, name, None) for name in item.keys)
            elif item is not None and hasattr(item, "__dict__") and not isinstance(item, type) and id(item) not in seen:
                seen.add(id(item))  # a play table object holding widgets
                if item is getattr(self, "play_table", None):  # (a constructor that raised has none)
                    todo.extend(v for v in vars(item).values() if isinstance(v, (W.Widget, list, tuple)))
        for widget in found:
            if widget is not self:
                widget.close()
        super().close()

    # ---- what the editor holds --------------------------------------------------------------

    @property
    def code(self) -> str:
        """The complete deal's code (cards form, ``V-X…``), or ""."""
        return deal_code(self.spec) if self.spec is not None else ""

    @property
    def link(self) -> str:
        """The play page's address with ``?deal=`` and the code, or ""."""
        return f"{self.link_base}?deal={self.code}" if self.spec is not None else ""

    @property
    def deal_number(self) -> int:
        """The deal number in its box.

        :raises CardkitError: for text that is not a whole number 0 .. 999999999999.
        """
        text = str(self.seed_box.value).strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 12:
            raise CardkitError(self._("deal number {value}: expected a whole number 0 to 999999999999, typed with "
                                      "the digits 0 to 9", value=quote(self.seed_box.value)))
        return int(text)

    def state(self):
        """The complete deal at its start (a new state each call), or None."""
        return self.spec.new_state() if self.spec is not None else None

    # ---- actions (public: a lesson may call them as well as click) ---------------------------

    def set_place(self, index: int, cards) -> None:
        """Put ``cards`` (text as typed, or cards) in place ``index``, in place of what it held.

        :raises CardkitError: for a bad card, a card another place holds, more cards than
            the place holds, or a card not of the game's deck; nothing changes.
        """
        p = self.places[index]
        cards = self._read_cards(cards, p.name)
        if len(cards) > p.size:
            raise CardkitError(self._("{place}: {n} cards typed, but it holds {size}", place=self._(p.name),
                                      n=len(cards), size=p.size))
        in_deck = set(self._deck())
        for c in cards:
            if c not in in_deck:
                raise CardkitError(self._("{place}: {card} is not in the {n}-card deck", place=self._(p.name),
                                          card=self._cards_text([c]), n=len(in_deck)))
            j = self._holder(c)
            if j is not None and j != index:
                raise CardkitError(self._("{card} is in {place} already: take it out there first",
                                          card=self._cards_text([c]), place=self._(self.places[j].name)))
        self.fixed[index] = list(cards)
        self._invalidate()

    def click_card(self, card: Card) -> None:
        """A card of the grid clicked: into the place chosen (``place_choice``); clicked
        again there, out of it; held by another place, moved to the chosen one. A full
        place refuses it in one line."""
        i = self.place_choice.value
        j = self._holder(card)
        if j == i:
            self.fixed[i] = [c for c in self.fixed[i] if c != card]
        else:
            if len(self.fixed[i]) >= self.places[i].size:
                size = self.places[i].size   # English: "cards" for any size; Russian takes its three forms
                raise CardkitError(self.i18n.ngettext(
                    "{place} holds {n} cards already: take one out before adding {card}",
                    "{place} holds {n} cards already: take one out before adding {card}", size).format(
                    place=self._(self.places[i].name), n=size, card=self._cards_text([card])))
            if j is not None:
                self.fixed[j] = [c for c in self.fixed[j] if c != card]
            self.fixed[i] = self.fixed[i] + [card]
        self._invalidate()

    def set_wish(self, index: int, *, points: str = "", lengths: str = "", holding: str = "") -> None:
        """The wishes for place ``index``, as typed (``"12-14"``, ``"♠5+ ♥0-1"``, ``"A♥ K♥"``).

        :raises CardkitError: for text that cannot be read; the place's wishes stay as they were.
        """
        name = self.places[index].name
        try:
            wish = HandWish(points=parse_points(points), lengths=parse_lengths(lengths),
                            holding=tuple(self._read_cards(holding, Said(f"{name} holding", words=(
                                N_("{place}, holding"), {"place": Said(name)})))))
        except CardkitError as e:
            raise CardkitError.worded(N_("{place}: {error}"), place=Said(name), error=e) from None
        if wish.is_free:
            self.wishes.pop(index, None)
        else:
            self.wishes[index] = wish
        self._quiet = True    # the boxes say what the wishes are (a lesson may call this)
        try:
            for box, text in ((self.points_boxes[index], points), (self.lengths_boxes[index], lengths),
                              (self.holding_boxes[index], holding)):
                box.value = text
        finally:
            self._quiet = False
        self._invalidate()

    def deal_rest(self) -> bool:
        """Deal the cards not placed at random (the deal number's), meeting the wishes.
        Returns True when a deal was made; else one line says why, nothing changes."""
        self._read_all_wishes()
        spec = compose_deal(self.game, self.fixed, wishes=self.wishes, seed=self.deal_number,
                            dealer=self.dealer_choice.value, rules=self.rules, players=self.players,
                            trump=self.extras.get("trump"))
        self.spec = spec
        self.dd_view.value = ""
        self._refresh(keep_error=False)
        return True

    def clear(self) -> None:
        """Take every card out of every place (the wishes stay)."""
        self.fixed = [[] for _ in self.places]
        self._invalidate()

    def load_code(self, code: str) -> None:
        """Put a deal code's cards in every place (its dealer and variants too).

        :raises CardkitError: for a code that cannot be read or is of another game, or
            with another number of players than the editor's; nothing changes.
        """
        spec = parse_deal_code(code)
        if spec.game != self.game:
            raise self._not_this_game(code)
        if spec.players != self.players:
            raise CardkitError.worded(N_("deal code {code} is for {n} players; this editor has {m}"), code=quote(code),
                                      n=spec.players, m=self.players)
        st = spec.new_state()
        self._quiet = True
        try:
            self.rules = spec.rules
            self.extras = dict(spec.extras)
            self.places = deal_places(self.game, self.rules, self.players)
            for o in self.entry.variants:
                value = self.extras.get(o.field) if o.deal else getattr(self.rules, o.field)
                self.variant_choices[o.field].value = o.values.index(value)
            self.dealer_choice.value = spec.dealer
        finally:
            self._quiet = False
        self.fixed = places_of(st)
        self.spec = self._fixed_spec()
        self._refresh(keep_error=False)

    def play(self):
        """Open the deal at the game's play table below the editor (the table a class link
        opens: ``from_query("deal=CODE")``) and return it.

        :raises CardkitError: before the deal is complete.
        """
        if self.spec is None:
            raise CardkitError(self._("the deal is not complete: place every card or press Deal the rest at random"))
        table = self._table_class().from_query(f"deal={self.code}", lang=self.lang)
        if table.query_problem:
            raise CardkitError(table.query_problem)
        self._show_table(table)
        return table

    def show_dd_table(self, contracts: Sequence[int] | None = None) -> str:
        """Show (and return as HTML) the double-dummy table of the deal (Variety), from
        :func:`cardkit.analysis.dd_table`: a row per declaring pair, a column per contract
        (``contracts``, default those chosen in ``dd_contracts``), each cell searched at
        most :data:`DD_NODES` positions (beyond: "–", not solved); a line counts the
        searches done meanwhile. While this version of the kit has no ``dd_table``, a
        line says so.

        :raises CardkitError: before the deal is complete, for a game other than Variety,
            no contract chosen, or ``contracts`` not whole numbers 1..8; the table shown
            before stays (also when the search itself fails).
        """
        if self.game != "variety":
            raise CardkitError(f"the double-dummy table is for Variety; this is {self.entry.title}")
        if self.spec is None:
            raise CardkitError(self._("the deal is not complete: place every card or press Deal the rest at random"))
        dd_table = dd_table_function()
        if dd_table is None:
            self.dd_view.value = "<i>" + self._("The double-dummy table is not in this version of the kit yet "
                                                "(it comes with the judge's exact search).") + "</i>"
            return self.dd_view.value
        chosen = (checked_contracts(contracts, "show_dd_table(contracts)") if contracts is not None
                  else self.dd_contracts.value)
        if not chosen:
            raise CardkitError(self._("choose at least one contract for the double-dummy table"))

        def progress(done: int, total: int) -> None:
            self.dd_view.value = (f"<progress class='ck-dd-progress' max='{total}' value='{done}'></progress> <i>"
                                  + self._("Solving with every hand known: {done} of {total} searches done…",
                                           done=done, total=total) + "</i>")
        before = self.dd_view.value       # shown again if the search fails or is interrupted
        self.dd_view.value = ("<progress class='ck-dd-progress'></progress> <i>"
                              + self._("Solving with every hand known…") + "</i>")
        try:
            table = dd_table(self.spec.new_state(), contracts=chosen, max_nodes=DD_NODES, progress=progress)
        except BaseException:
            self.dd_view.value = before
            raise
        self.dd_view.value = dd_table_html(table, self.lang)
        return self.dd_view.value

    def add_to_set(self) -> None:
        """Keep the deal as the next board of the set.

        :raises CardkitError: before the deal is complete.
        """
        if self.spec is None:
            raise CardkitError(self._("the deal is not complete: place every card or press Deal the rest at random"))
        self.set_codes.append(self.code)
        # the next board's random cards are new ones: the deal number moves on by one (the deal on
        # screen stays; a teacher who pressed Clear and Deal the rest at random got the same cards)
        with contextlib.suppress(CardkitError):
            number = self.deal_number
            self._quiet = True
            try:
                self.seed_box.value = str(number + 1 if number < 999_999_999_999 else 0)
            finally:
                self._quiet = False
        self._refresh_set()

    def load_set(self, text: str) -> None:
        """Make the set the boards of a deal set's text (a file saved before).

        :raises CardkitError: for text that is not a deal set (the message names the board
            and the tag), or a board of another game or another number of players; the set
            stays as it was.
        """
        from cardkit.deal_sets import deal_set_codes

        codes = deal_set_codes(text)
        for n, code in enumerate(codes, 1):
            spec = parse_deal_code(code)
            if spec.game != self.game or spec.players != self.players:
                raise CardkitError(f"board {n} ({code}) is not a {self.players}-player {self.entry.title} deal")
        self.set_codes = codes
        self._refresh_set()

    def _uploaded(self, files) -> None:
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        data = bytes(item["content"])
        self.open_set.value = ()   # emptied, so the same file can be opened again
        if len(data) > 1_000_000:
            raise CardkitError(f"{item.get('name', 'the file')}: {len(data)} bytes; a set file is at most 1 MB")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CardkitError(f"{item.get('name', 'the file')} is not a text file of boards") from None
        self.load_set(text)

    @property
    def board_codes(self) -> list[str]:
        """The set's deal codes as saved, played and sent: each board's own dealer, or with
        ``set_dealers`` "rotate" board ``k`` (1-based) dealt by seat ``(k - 1) % players``
        (South, West, North, East, …)."""
        if self.set_dealers.value != "rotate":
            return list(self.set_codes)
        return [deal_code(dataclasses.replace(parse_deal_code(c), dealer=k % self.players))
                for k, c in enumerate(self.set_codes)]

    def set_text_value(self) -> str:
        """The set as a deal set's text (:func:`cardkit.deal_sets.deals_to_text`) of
        :attr:`board_codes`, "" when empty: the file the room's set box and *Send to the
        room* take as it is."""
        from cardkit.deal_sets import deals_to_text
        return deals_to_text(self.board_codes) if self.set_codes else ""

    def send_to_room(self, *, environ=None) -> dict:
        """Open a table in the teaching room with the set (:attr:`board_codes`, rule bots),
        under the hub (:func:`cardkit.room_send.send_set`); ``send_view`` says the room's
        answer in one line ("Table T3 is open in the room with this set …").

        :returns: the room's answer (``table``, ``boards``, ``teacher_page``, ``message``).
        :raises CardkitError: for an empty set, outside the hub, or the room's refusal in one
            line (a learner: "only a teacher may open a table in the room; …").
        """
        from cardkit.room_send import send_set

        if not self.set_codes:
            raise CardkitError(self._("the set is empty: press Add to the set for each board"))
        self.send_view.value = ""
        answer = send_set(self.game, self.board_codes, environ=environ)
        page = html.escape(str(answer.get("teacher_page", "")))
        words = self._("The teacher's page")
        link = f" <a href='{page}' target='_blank'>{words}</a>" if page else ""
        message = str(answer.get("message", ""))
        if self.lang != "en" and isinstance(answer.get("boards"), int):   # the room answers in English
            n = answer["boards"]
            message = self.i18n.ngettext(
                "Table {table} is open in the room with this set ({n} board, rule bots): seat the learners and "
                "start it from the teacher's page.",
                "Table {table} is open in the room with this set ({n} boards, rule bots): seat the learners and "
                "start it from the teacher's page.", n).format(table=answer.get("table", ""), n=n)
        self.send_view.value = f"<div>{html.escape(message)}{link}</div>"
        return answer

    def play_set(self):
        """Open the set at the play table below, on its first board, and return the table.

        :raises CardkitError: for an empty set.
        """
        if not self.set_codes:
            raise CardkitError(self._("the set is empty: press Add to the set for each board"))
        codes = self.board_codes
        table = self._table_class().from_query(f"deal={codes[0]}", lang=self.lang)
        if not table.load_deals(codes):
            raise CardkitError(table.last_error or "the set could not be opened")
        self._show_table(table)
        return table

    # ---- inside -----------------------------------------------------------------------------

    def _table_class(self):
        mod, name = {"variety": ("variety_table", "VarietyTable"), "warsaw_hearts": ("warsaw_hearts",
                     "WarsawHeartsTable"), "armenian_durak": ("armenian_durak", "DurakTable")}[self.game]
        return getattr(importlib.import_module(f"cardkit_widgets.{mod}"), name)

    def _show_table(self, table) -> None:
        self.play_table = table
        self.table_area.children = (table,)

    def _empty_set(self) -> None:
        self.set_codes = []
        self._refresh_set()

    def _seat_names(self) -> list[str]:
        return [p.name for p in self.places if p.part == "hand"] if self.game != "armenian_durak" else \
            [p.name.split("'")[0] for p in self.places if p.part == "hand"]

    def _value_words(self, field: str, value) -> str:
        if field == "trump":
            return self._("drawn") if value is None else Suit[{"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS",
                                                               "C": "CLUBS"}[value]].symbol
        return self._(value_words(value, field))

    def _check_dealer(self, dealer) -> int:
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise CardkitError(f"dealer {quote(dealer)}: expected a seat 0..{self.players - 1}")
        return dealer

    def _deck(self) -> list[Card]:
        return deck(self.entry.deck_size(self.players, self.rules))

    def _holder(self, card: Card) -> int | None:
        return next((i for i, cards in enumerate(self.fixed) if card in cards), None)

    def _read_cards(self, cards, name: str | Said) -> list[Card]:
        if isinstance(cards, str):
            text = cards.strip()
            if not text:
                return []
            try:
                if self.game != "armenian_durak" and "." in text:
                    return parse_hand(text)
                return parse_cards(text)
            except CardkitError as e:
                raise CardkitError.worded(N_("{place}: {error}"), place=name if isinstance(name, Said) else Said(name),
                                          error=e) from None
        return parse_cards(cards)

    def _fixed_spec(self) -> DealSpec | None:
        """The deal the fixed cards make when they are the whole deck, else None."""
        if any(len(f) != p.size for f, p in zip(self.fixed, self.places)):
            return None
        return compose_deal(self.game, self.fixed, seed=0, dealer=self.dealer_choice.value, rules=self.rules,
                            players=self.players, trump=self.extras.get("trump"))

    def _invalidate(self) -> None:
        if self._quiet:
            return
        self.spec = self._fixed_spec()
        self.dd_view.value = ""
        self._refresh(keep_error=False)

    def _dealer_changed(self, dealer: int) -> None:
        if self._quiet:
            return
        if self.spec is not None:
            self.spec = dataclasses.replace(self.spec, dealer=int(dealer))
        self._refresh(keep_error=False)

    def _variant_changed(self, field: str, change) -> None:
        if self._quiet:
            return
        o = next(o for o in self.entry.variants if o.field == field)
        value = o.values[change["new"]]
        if o.deal:
            new_rules, extras = self.rules, {**self.extras, field: value}
            if value is None:
                extras.pop(field)
        else:
            new_rules, extras = dataclasses.replace(self.rules, **{field: value}), self.extras
        places = deal_places(self.game, new_rules, self.players)
        in_deck = set(deck(self.entry.deck_size(self.players, new_rules)))
        for f, p in zip(self.fixed, places):
            bad = [c for c in f if c not in in_deck]
            if bad or len(f) > p.size:
                self._quiet = True
                self.variant_choices[field].value = change["old"]
                self._quiet = False
                why = (f"{_cards_text(bad)} {'is' if len(bad) == 1 else 'are'} not in that deck" if bad else
                       f"it holds {p.size} cards there, {len(f)} are placed")
                raise CardkitError(f"{self._value_words(field, value)} not chosen: {p.name}: {why}; take "
                                   f"those cards out first")
        same_cards = places == self.places
        self.rules, self.extras, self.places = new_rules, extras, places
        if len(self.card_buttons) != len(in_deck):
            self.card_buttons = {}
            self.grid.children = self._grid_rows()
        self._refresh_places()
        if same_cards and self.spec is not None:   # the same cards under the other rules
            self.spec = dataclasses.replace(self.spec, rules=new_rules, extras=tuple(extras.items()))
            self.dd_view.value = ""
            self._refresh()
        else:
            self._invalidate()

    def _read_all_wishes(self) -> None:
        for i in range(len(self.places)):
            self.set_wish(i, points=self.points_boxes[i].value, lengths=self.lengths_boxes[i].value,
                          holding=self.holding_boxes[i].value)

    def _safely(self, f, *args) -> None:
        try:
            f(*args)
        except ValueError as e:   # CardkitError is a ValueError
            self._error(e)
        except Exception as e:  # noqa: BLE001 - the editor shows one line, never a traceback
            self._error(e, prefix=self._("Something went wrong ({error})", error=type(e).__name__))

    def _seat_letter(self, letter: str) -> str:
        """A seat's letter on the grid's buttons (S W N E; Ю З С В in Russian)."""
        tr = self.i18n
        return {"S": tr.pgettext("seat letter", "S"), "W": tr.pgettext("seat letter", "W"),
                "N": tr.pgettext("seat letter", "N"), "E": tr.pgettext("seat letter", "E")}.get(letter, letter)

    def _rank(self, rank: Rank) -> str:
        """A rank as the grid's buttons show it, in the editor's letters (Т К Д В 10 … in Russian)."""
        text = _rank_text(rank)
        return rank_letters(self.i18n).get(text, text)

    def _cards_text(self, cards: Sequence[Card]) -> str:
        """Cards as the editor's words show them (``Q♥ 10♣``; ``Д♥ 10♣`` in Russian)."""
        return " ".join(self._rank(c.rank) + c.suit.symbol for c in cards)

    def _not_this_game(self, code) -> CardkitError:
        """The refusal of a code of another game."""
        return CardkitError.worded(N_("deal code {code} is not a {game} deal"), code=quote(code),
                                   game=Said(self.entry.title))

    def _error(self, e: BaseException, prefix: str = "") -> None:
        self.last_error = one_line(e, tr=None if self.lang == "en" else self.i18n)
        self.error.value = _line((prefix + ": " if prefix else "") + self.last_error)
        self._refresh(keep_error=True)

    # ---- drawing ----------------------------------------------------------------------------

    def _grid_rows(self) -> list[W.HBox]:
        rows = []
        size = len(self._deck())
        for suit in Suit:
            cells: list[W.Widget] = [W.HTML(suit_titles_in(suit_html(suit, size="1.2em"), self.i18n),
                                            layout=W.Layout(width="1.6em"))]
            for rank in ranks_for(size):
                card = Card(suit, rank)
                b = W.Button(description=self._rank(rank), layout=card_button_layout("4.2em"))
                b.style.text_color = suit_colour(suit)
                b.on_click(lambda _b, c=card: self._safely(self.click_card, c))
                self.card_buttons[card] = b
                cells.append(b)
            rows.append(W.HBox(cells, layout=W.Layout(align_items="center")))
        return rows

    def _place_row(self, i: int, p) -> W.HBox:
        _ = self._
        box = W.Text(description=_(p.name) + ":", continuous_update=False, layout=W.Layout(width="32em"),
                     style={"description_width": "11em"},
                     placeholder=_("e.g. A K 7 ♠ as AS KS 7S") if self.game == "armenian_durak" else
                     _("e.g. AK73.AQ5.KJ4.AQ9 or AS KS 7S"))
        pts = W.Text(description=_("Points:"), continuous_update=False, layout=W.Layout(width="11em"),
                     placeholder="12–14, 15+", style={"description_width": "4em"})
        lens = W.Text(description=_("Suits:"), continuous_update=False, layout=W.Layout(width="13em"),
                      placeholder="♠5+ ♥0–1", style={"description_width": "4em"})
        hold = W.Text(description=_("Holding:"), continuous_update=False, layout=W.Layout(width="12em"),
                      placeholder=self.i18n.pgettext("cards typed", "AH KH"), style={"description_width": "5em"})
        count = W.HTML()
        box.observe(lambda c, k=i: self._safely(self._typed, k, c), names="value")
        for w in (pts, lens, hold):
            w.observe(lambda _c, k=i: self._safely(self._wish_typed, k), names="value")
        for w, kind in ((box, "cards"), (pts, "points"), (lens, "suits"), (hold, "holding")):
            w.add_class(f"ck-{kind}-{i}")   # a stable handle for pages and tests
        self.place_boxes.append(box)
        self.points_boxes.append(pts)
        self.lengths_boxes.append(lens)
        self.holding_boxes.append(hold)
        self.counts.append(count)
        return W.VBox([W.HBox([box, pts, lens, hold], layout=W.Layout(flex_flow="row wrap", align_items="center")),
                       count], layout=W.Layout(margin="0 0 4px 0"))

    def _typed(self, i: int, change) -> None:
        if self._quiet:
            return
        try:
            self.set_place(i, change["new"])
        except CardkitError:
            self._pending_box = i   # the text stays in its box to be put right; the place keeps its cards
            raise

    def _wish_typed(self, i: int) -> None:
        if self._quiet:
            return
        self.set_wish(i, points=self.points_boxes[i].value, lengths=self.lengths_boxes[i].value,
                      holding=self.holding_boxes[i].value)

    def _refresh_places(self) -> None:
        """Relabel the place rows (Durak's hand size follows the deck)."""
        self.place_choice.options = [(self._(p.name), k) for k, p in enumerate(self.places)]

    def _dealt(self) -> list[list[Card]]:
        """The cards of each place in the complete deal (the fixed ones and those dealt)."""
        if self.spec is None:
            return [list(f) for f in self.fixed]
        return places_of(self.spec.new_state())

    def _refresh(self, keep_error: bool = False) -> None:
        if not keep_error:
            self.last_error = None
            self.error.value = ""
            self._pending_box = None
        dealt = self._dealt()
        owner = {c: i for i, cards in enumerate(dealt) for c in cards}
        fixed = {c for f in self.fixed for c in f}
        for card, b in self.card_buttons.items():
            i = owner.get(card)
            mark = ""
            if i is not None:
                p = self.places[i]
                mark = self._seat_letter(_SHORT.get(p.name.split("'")[0], "?")) + _PART_SHORT[p.part]
            placed = card in fixed
            b.description = self._rank(card.rank) + (f" ({mark})" if mark else "")
            b.style.font_weight = "bold" if placed else "normal"
            b.style.button_color = PLACED_BACKGROUND if placed else DEALT_BACKGROUND if i is not None else None
            where = self._(self.places[i].name) if i is not None else ""
            name = self._cards_text([card])
            b.tooltip = (self._("{card}: placed in {place}, click to move or remove", card=name, place=where)
                         if placed else
                         self._("{card}: dealt to {place} at random", card=name, place=where) if i is not None else
                         self._("{card}: click to place it", card=name))
        self._quiet = True
        try:
            for k, p in enumerate(self.places):
                box = self.place_boxes[k]
                box.description = self._(p.name) + ":"
                f = self.fixed[k]
                if not (keep_error and k == self._pending_box):
                    shown_fixed = f if self.game == "armenian_durak" else sort_hand(f)
                    box.value = self._cards_text(shown_fixed) if f else ""
                extra = ""
                if self.spec is not None and len(dealt[k]) != len(f):
                    shown = dealt[k] if self.game == "armenian_durak" else sort_hand(dealt[k])
                    extra = " · " + self._("dealt: {cards}", cards=html.escape(self._cards_text(shown)))
                pts = hand_points(dealt[k])
                placed_words = self.i18n.ngettext(   # English: "points" for any number; Russian: очко, очка, очков
                    "{n} of {size} placed{dealt} ({points} points)", "{n} of {size} placed{dealt} ({points} points)",
                    pts).format(n=len(f), size=p.size, dealt=extra, points=pts)
                self.counts[k].value = f"<span style='margin-left:11.5em;color:#333'>{placed_words}</span>"
        finally:
            self._quiet = False
        if self.spec is None:
            missing = sum(p.size - len(f) for p, f in zip(self.places, self.fixed))
            self.code_view.value = "<div>" + self._("{n} cards still to place, or press <b>Deal the rest at "
                                                    "random</b>.", n=missing) + "</div>"
        else:
            code, link = html.escape(self.code), html.escape(self.link, quote=True)
            # the whole code, however long: it wraps inside its box, never cut; the class link is a
            # real link, relative to this page (the lessons' folder), so it is right on any server
            self.code_view.value = (
                "<div class='ck-deal-code'>" + self._("Deal code: {code}", code=(
                    f"<code style='word-break:break-all;white-space:normal'>{code}</code>")) + "</div><div>"
                + self._("Link for the class: <a href=\"{link}\" target=\"_blank\" rel=\"noopener\">this deal on "
                         "its play page</a> (open it, or copy the link's address to hand it out)", link=link)
                + "</div>")
        complete = self.spec is not None
        self.play_button.disabled = self.add_button.disabled = self.dd_button.disabled = not complete
        self._refresh_set()

    def _refresh_set(self) -> None:
        n = len(self.set_codes)
        text = self.set_text_value()
        self.set_text.value = text
        self.set_text.layout.display = None if n else "none"
        self.play_set_button.disabled = self.clear_set_button.disabled = self.send_button.disabled = not n
        from cardkit.room_send import room_available
        self.send_button.layout.display = None if room_available() else "none"
        if not n:
            self.set_view.value = "<div>" + self._("The set is empty: <b>Add to the set</b> keeps the deal as a "
                                                   "board.") + "</div>"
            return
        href = "data:text/plain;charset=utf-8," + urllib.parse.quote(text)
        names = self._seat_names()
        dealers = ", ".join(self._(names[parse_deal_code(c).dealer]) for c in self.board_codes[:12]) + (
            ", …" if n > 12 else "")
        boards = self.i18n.ngettext("The set: {n} board (dealers {dealers}).", "The set: {n} boards (dealers "
                                    "{dealers}).", n).format(n=n, dealers=html.escape(dealers))
        save = self._("Save the set as a file")
        self.set_view.value = (f"<div>{boards} <a download='{self.game}-set.txt' "
                               f"href='{html.escape(href)}'>{save}</a></div>")
