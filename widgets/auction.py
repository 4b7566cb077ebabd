"""AuctionTable (the Variety bidding, RULES.md §1.3) and ContractTable (the eight
contracts, RULES.md §1.2), each drawn as one widget (:class:`~cardkit_widgets._figure.Figure`)."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable, Mapping, Sequence

import traitlets

from cardkit.errors import CardkitError, quote
from cardkit.games import variety
from cardkit.i18n import check_lang, translation

from ._common import SUIT_NAMES, cards_in_words_of, seat_names, set_class, signed, size_of, suit_html, suit_words
from ._figure import Figure, Shown, Sketch, call_with as _call

__all__ = ["AuctionTable", "ContractTable", "contract_descriptions"]


def contract_descriptions(rules=None, tr=None) -> dict[int, str]:
    """Each contract in a line, "♥ trumps; +2 per ♠ taken", in ``tr``'s language (None: English).

    :param rules: Variety's rules (None: the book's); :param tr: a translation (None: English).
    :returns: ``{contract number 1..8: its line}``.
    """
    if tr is None:
        return {n: f"{c.trump_name}{', lowest card wins' if c.lowest_wins else ''}; {c.scoring}"
                for n, c in variety.contracts(rules).items()}
    out = {}
    for n, c in variety.contracts(rules).items():
        trump = tr.gettext("no trumps") if c.trump is None else tr.gettext("{suit} trumps").format(suit=c.trump.symbol)
        if c.lowest_wins:
            trump += ", " + tr.gettext("lowest wins")
        out[n] = cards_in_words_of(f"{trump}; {tr.gettext(c.scoring)}", tr)
    return out


class AuctionTable(Figure):
    """The bidding: a table of rounds by seats, and buttons 1..8 to bid.

    One widget (a :class:`~cardkit_widgets._figure.Figure`), redrawn in place at each
    :meth:`update`. For the player to bid, the buttons of the numbers that player has
    already named are disabled **and** struck through, with a tooltip quoting the rule
    (RULES.md §1.3); the numbers another player has named (repeating one ends the bidding)
    are underlined and say so in their tooltip. The caption line says all of this in
    words. The enabled buttons are exactly the ``legal`` numbers given to :meth:`update`
    (from ``state.legal_actions()``): one source of truth; a press of any other number (a
    forged page message, or :meth:`click`) is ignored.

    Keyboard: the enabled numbers are the only focusable buttons; Tab moves between
    them and Enter or Space bids. A read-only table (``read_only=True``, e.g. a record
    of the book's bidding) draws no buttons at all.

    DOM classes: the widget has ``ck-table ck-auction`` (and ``ck-read-only``,
    ``ck-large`` when they apply); every number button has ``ck-bid``.

    :param players: seats (Variety: 4).
    :param names: one name per seat (default: seen from ``viewer``, or "Seat 0"...).
    :param viewer: the learner's seat, or None when anybody may bid from these buttons.
    :param numbers: the highest bid (8 in Variety); buttons are 1..numbers.
    :param descriptions: number -> text for the tooltips (default: the Variety contracts
        under ``rules``).
    :param on_bid: a callback ``f(number)``, optional (same as :meth:`on_bid`).
    :param rules: :class:`cardkit.games.variety.Rules` for the default descriptions.
    :param title: the heading.
    :param read_only: draw no number buttons (a record of a bidding, not a control);
        see :meth:`set_read_only`.
    :param size: ``"normal"`` or ``"large"`` (a projector); see :meth:`set_size`.
    :raises CardkitError: for an unknown size or a wrong names list.

    :ivar read_only: whether the buttons are left out (bool).
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    :ivar table: the HTML table of rounds by seats.
    :ivar remarks_box: the HTML list of table talk.
    :ivar caption: the HTML line under the buttons (whose turn, which numbers are used).
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, viewer: int | None = None,
                 numbers: int = 8, descriptions: Mapping[int, str] | None = None,
                 on_bid: Callable[[int], object] | None = None, rules=None, title: str | None = None,
                 read_only: bool = False, size: str = "normal", lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        if title is None:
            title = self.i18n.gettext("Bidding")
        names = seat_names(players, names, viewer, tr=self.i18n)
        sz = size_of(size)
        super().__init__()
        self.players = players
        self.viewer = viewer
        self.names = names
        self.numbers = tuple(range(1, numbers + 1))
        self.descriptions = dict(descriptions) if descriptions is not None else contract_descriptions(
            rules, None if self.lang == "en" else self.i18n)
        self.read_only = bool(read_only)
        self.size = sz.name
        self._callbacks: list[Callable[[int], object]] = []
        self.title = f"<b>{html.escape(title)}</b>"
        self.table = ""
        self.remarks_box = ""
        self.caption = ""
        self._bids: dict[int, tuple[str, str]] = {}         # number -> (tooltip, text-decoration)
        self._legal: set[int] = set()
        self.shown: dict = {}
        self._last_update: tuple = ((), 0, {})
        self.add_class("ck-table")
        self.add_class("ck-auction")
        set_class(self, "ck-large", sz.name == "large")
        if on_bid is not None:
            self.on_bid(on_bid)
        self.set_read_only(self.read_only)

    # ---- display options ------------------------------------------------------------

    def set_read_only(self, on: bool) -> None:
        """Leave out (``on``) or draw the number buttons, in place. A read-only table shows
        a bidding without being a control: no button is drawn, so none is in the tab order
        or can be pressed; the caption does not speak of buttons."""
        self.read_only = bool(on)
        set_class(self, "ck-read-only", self.read_only)
        bids, first, kwargs = self._last_update
        self.update(bids, first, **kwargs)

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: numbers 2.5 em on buttons 5 em wide,
        the table's text 1.6 em; the widget gets the class ``ck-large``), in place.

        :raises CardkitError: for another size.
        """
        self.size = size_of(size).name
        set_class(self, "ck-large", self.size == "large")
        bids, first, kwargs = self._last_update
        self.update(bids, first, **kwargs)

    @property
    def width(self) -> str:
        """The table's CSS width: 24 em, or wide enough for its buttons in one row."""
        sz = size_of(self.size)
        return f"{max(24 * sz.text, len(self.numbers) * (sz.button_width + 0.2) + 1):.4g}em"

    def on_bid(self, callback: Callable[[int], object], remove: bool = False) -> None:
        """Register (or unregister) ``callback(number)``, called when a legal number is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _bid(self, n: int) -> None:
        if n not in self._legal:          # only an enabled number acts
            return
        for cb in list(self._callbacks):
            cb(n)

    def click(self, number: int) -> None:
        """Click the button of ``number``, as a user would: a disabled (or, read-only, an
        absent) button does nothing."""
        self.press(str(int(number)))

    @property
    def enabled(self) -> list[int]:
        """The numbers whose button is enabled now."""
        return [n for n in self.numbers if (b := self.button(str(n))) is not None and not b.disabled]

    @property
    def buttons(self) -> dict[int, Shown]:
        """Each number's button as shown now (none when read-only), by number."""
        return {n: b for n in self.numbers if (b := self.button(str(n))) is not None}

    def update(self, bids: Sequence[int], first: int, *, current: int | None = None,
               legal: Iterable[int] = (), contract: int | None = None,
               declarers: Sequence[int] | None = None,
               remarks: Iterable[tuple[int, str]] = (), caption: str | None = None) -> None:
        """Show a bidding in place.

        :param bids: the bids so far (ints), the first by seat ``first``.
        :param first: the seat that bid first (the dealer's left).
        :param current: the seat to bid now, or None when the bidding is over.
        :param legal: the numbers the buttons allow now (``state.legal_actions()`` when
            the player at these buttons is to bid; empty otherwise).
        :param contract: the contract, once the bidding has ended.
        :param declarers: the two declarers, once it has ended.
        :param remarks: table talk, ``(seat, text)`` pairs, shown in order.
        :param caption: the line under the buttons; default: what the buttons mean, in words.

        A read-only table ignores ``legal``: it draws no buttons.
        """
        bids = [int(b) for b in bids]
        remarks = list(remarks)
        self._last_update = (tuple(bids), first, dict(
            current=current, legal=tuple(legal), contract=contract, declarers=declarers,
            remarks=remarks, caption=caption))
        legal = set() if self.read_only else {int(x) for x in self._last_update[2]["legal"]}
        seat_of = lambda i: (first + i) % self.players
        own = {b for i, b in enumerate(bids) if seat_of(i) == current} if current is not None else set()
        namer: dict[int, int] = {}
        for i, b in enumerate(bids):
            namer.setdefault(b, seat_of(i))
        self.shown = {"bids": bids, "first": first, "current": current, "legal": sorted(legal),
                      "contract": contract, "declarers": declarers}
        who = "you" if current is not None and current == self.viewer else (
            self.names[current] if current is not None else "")
        _ = self.i18n.gettext
        who_words = _("you") if who == "you" else who   # mid-sentence
        self._legal = legal
        self._bids = {}
        for n in self.numbers:
            desc = self.descriptions.get(n, "")
            if n in legal:
                if n in namer and namer[n] != current:
                    other = self.names[namer[n]]
                    self._bids[n] = (_("Bid {n} ({description}). {other} named {n}: repeating it ends the bidding, and "
                                       "{who} and {other} are the declarers").format(
                        n=n, description=desc, other=other, who=who_words), "underline")
                else:
                    self._bids[n] = (_("Bid {n}: {description}").format(n=n, description=desc), "none")
            elif n in own:
                self._bids[n] = (_("{n}: {who} named {n} already; a player never names their own number twice (Rules "
                                   "§1.3)").format(n=n, who=who_words), "line-through")
            else:
                self._bids[n] = ((_("{n}: {description}").format(n=n, description=desc) if current is None else
                                  _("{n}: {description} (wait: {seat} bids)").format(n=n, description=desc,
                                                                                    seat=self.names[current])),
                                 "underline" if n in namer else "none")
        self.table = self._table_html(bids, first, current, contract, declarers)
        self.remarks_box = "".join(
            '<div style="font-size:0.9em">' + _("<b>{seat}</b> says: “{words}”").format(
                seat=html.escape(self.names[s]), words=html.escape(t)) + "</div>"
            for s, t in remarks)
        if caption is None:
            if contract is not None:
                d = _(" and ").join(self.names[s] for s in declarers) if declarers else "?"
                caption = _("The bidding is over: contract <b>{n}</b>; declarers {declarers}.").format(
                    n=contract, declarers=html.escape(d))
            elif current is None:
                caption = ""
            else:
                used = ", ".join(str(n) for n in sorted(own)) or _("none yet")
                others = ", ".join(str(n) for n in sorted(namer) if namer[n] != current) or _("none")
                values = dict(seat=html.escape(who), used=used, others=others)
                if self.read_only:
                    caption = (_("You bid next. Named by you (not allowed again): {used}. Named by others (repeating "
                                 "one ends the bidding): {others}.") if who == "you" else
                               _("{seat} bids next. Named by this player (not allowed again): {used}. Named by "
                                 "others (repeating one ends the bidding): {others}.")).format(**values)
                elif legal:
                    caption = (_("Your turn to bid. Named by you (struck through, not allowed again): {used}. Named "
                                 "by others (underlined; repeating one ends the bidding): {others}.") if who == "you"
                               else _("{seat}'s turn to bid. Named by this player (struck through, not allowed "
                                      "again): {used}. Named by others (underlined; repeating one ends the bidding): "
                                      "{others}.")).format(**values)
                else:
                    caption = _("Waiting: {seat} bids.").format(seat=html.escape(self.names[current]))
        self.caption = f'<span style="font-size:0.9em">{caption}</span>'
        self._draw()

    def _draw(self) -> None:
        sz = size_of(self.size)
        sketch = Sketch()
        row = ""
        if not self.read_only:
            own = sz.button_layout()
            font = f";font-size:{sz.font_size}" if sz.font_size else ""
            label = self.i18n.gettext("Bid a number")
            row = f'<div class="ck-row" role="group" aria-label="{label}">' + "".join(
                sketch.button(str(n), str(n), tooltip=tip, classes=["ck-bid"],
                              style=(f"width:{own['width']};height:{own['height']}{font};"
                                     f"font-weight:{'bold' if n in self._legal else 'normal'};text-decoration:{line}"),
                              action=functools.partial(_call, self._bid, n) if n in self._legal else None)
                for n, (tip, line) in self._bids.items()) + "</div>"
        text = f"font-size:{sz.text_size};" if sz.text_size else ""
        self.draw(f'<div style="{text}padding:2px;width:{self.width}">'
                  f"<div>{self.title}</div><div>{self.table}</div>{row}<div class=\"ck-caption\">{self.caption}</div>"
                  f"<div>{self.remarks_box}</div></div>", sketch)

    def show(self, state, seat: int | None = None, *, remarks: Iterable[tuple[int, str]] | None = None,
             caption: str | None = None) -> None:
        """Show a Variety state's bidding (``bids``, ``first_bidder``, ``current_player``,
        ``contract``, ``declarers``, ``legal_actions()``).

        :param seat: the learner's seat: the buttons are enabled only when it is this
            seat's turn to bid; None: whoever is to bid may use them.
        :param remarks: table talk to show (default ``state.remarks``).
        """
        bidding = state.phase == "bidding"
        current = state.current_player if bidding else None
        legal = state.legal_actions() if bidding and (seat is None or current == seat) else []
        self.update(state.bids, state.first_bidder, current=current, legal=legal,
                    contract=state.contract, declarers=state.declarers,
                    remarks=getattr(state, "remarks", ()) if remarks is None else remarks,
                    caption=caption)

    def _table_html(self, bids, first, current, contract, declarers) -> str:
        order = [(first + k) % self.players for k in range(self.players)]
        th = 'style="padding:1px 8px;border-bottom:2px solid #888;text-align:center"'
        td = 'style="padding:1px 8px;text-align:center;border-bottom:1px solid #eee"'
        head = "".join(f"<th {th}>{html.escape(self.names[s])}</th>" for s in order)
        cells = []
        contract_word, first_word = self.i18n.gettext("contract"), self.i18n.gettext("(first)")
        first_namer_index = None
        if contract is not None:
            first_namer_index = bids.index(contract)
        for i, b in enumerate(bids):
            text = str(b)
            # nowrap: a narrow column must not break "3 ✓ contract" over two lines
            if contract is not None and i == len(bids) - 1:
                text = f'<b class="ck-contract-cell" style="white-space:nowrap">{b} ✓ {contract_word}</b>'
            elif i == first_namer_index:
                text = f'<span style="white-space:nowrap"><b>{b}</b> {first_word}</span>'
            cells.append(text)
        if current is not None:
            cells.append("<b>▶ ?</b>")
        rows = []
        for r in range(0, max(len(cells), 1), self.players):
            row = cells[r:r + self.players]
            row += [""] * (self.players - len(row))
            rows.append("<tr>" + "".join(f"<td {td}>{c}</td>" for c in row) + "</tr>")
        return (f'<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


class ContractTable(Figure):
    """The eight Variety contracts (RULES.md §1.2): trump, trick order, scoring, side total.

    One widget (a :class:`~cardkit_widgets._figure.Figure`), built from the data in
    :func:`cardkit.games.variety.contracts` (``rules`` picks the table, e.g.
    ``contract_values="halved_2_7"``). A "Contract n" button per row selects it:
    :attr:`value` becomes n (observe it with ``observe(f, names="value")``). The chosen
    row says "◀ chosen" in words; :meth:`mark` writes a note in a row ("played now").
    With ``selectable=False`` the buttons are disabled (a reference table), and a press
    is ignored. DOM classes: ``ck-table ck-contracts``; the chosen row's button
    ``ck-chosen`` (its colour only repeats the words "◀ chosen").

    :param rules: :class:`cardkit.games.variety.Rules` or None (the default table).
    :param on_select: a callback ``f(number)``, optional.
    :param selectable: whether the row buttons are enabled.
    :param title: the heading.
    :param four_colour: draw the trump suits in the four-colour deck (♦ blue, ♣ green);
        see :meth:`set_four_colour`.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.

    :ivar value: the selected contract number 1..8, or None (a traitlet, not synced).
    :ivar contracts: ``dict[int, Contract]`` shown.
    :ivar marks: ``dict[int, str]``, the HTML of the note cell of each row.
    """

    value = traitlets.Int(None, allow_none=True)

    def __init__(self, rules=None, *, on_select: Callable[[int], object] | None = None,
                 selectable: bool = True, title: str | None = None, four_colour: bool = False,
                 lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        if title is None:
            title = self.i18n.gettext("The eight contracts")
        super().__init__()
        self.contracts = variety.contracts(rules)
        self.four_colour = bool(four_colour)
        self.marks: dict[int, str] = dict.fromkeys(self.contracts, "")
        self._trump_cells: dict[int, str] = {}
        self._notes: dict[int, str] = {}
        self.selectable = selectable
        self.title = f"<b>{html.escape(title)}</b>"
        self.add_class("ck-table")
        self.add_class("ck-contracts")
        if on_select is not None:
            self.observe(lambda change: on_select(change["new"]) if change["new"] is not None else None,
                         names="value")
        self.set_four_colour(self.four_colour)

    def set_four_colour(self, on: bool) -> None:
        """Draw the trump suits in the four-colour deck (``on``) or in red and black, in place."""
        self.four_colour = bool(on)
        set_class(self, "ck-four-colour", self.four_colour)
        for n, c in self.contracts.items():
            self._trump_cells[n] = (self.i18n.gettext("none") if c.trump is None else
                                    f"{suit_html(c.trump, four_colour=self.four_colour, lang=self.lang)} "
                                    f"{SUIT_NAMES[c.trump] if self.lang == 'en' else suit_words(c.trump, self.i18n)}")
        self._draw_marks()

    def select(self, number: int | None) -> None:
        """Select contract ``number`` (or None to clear); sets :attr:`value`.

        :raises CardkitError: for a number that is not a contract.
        """
        if number is not None and number not in self.contracts:
            raise CardkitError(f"contract {quote(number)}: expected 1..8 (RULES.md §1.2)")
        self.value = number

    @traitlets.observe("value")
    def _value_changed(self, change) -> None:
        self._draw_marks()

    def mark(self, number: int | None, text: str | None = None) -> None:
        """Write ``text`` (default "played now", in the table's language) in the note cell of
        contract ``number`` and clear the other notes (``number`` None clears all)."""
        if text is None:
            text = self.i18n.gettext("played now")
        self._notes = {} if number is None else {int(number): text}
        self._draw_marks()

    def set_selectable(self, selectable: bool) -> None:
        """Enable (or disable) the row buttons."""
        self.selectable = selectable
        self._draw()

    def _scoring(self, c) -> str:
        """A contract's scoring line in the table's language (Д♥ for Q♥ in Russian)."""
        return c.scoring if self.lang == "en" else cards_in_words_of(self.i18n.gettext(c.scoring), self.i18n)

    @property
    def buttons(self) -> dict[int, Shown]:
        """Each row's button as shown now, by contract number."""
        return {n: b for n in self.contracts if (b := self.button(str(n))) is not None}

    def click(self, number: int) -> None:
        """Click the row button of contract ``number``, as a user would (ignored when the
        table is not selectable)."""
        self.press(str(int(number)))

    def _draw_marks(self) -> None:
        for n in self.contracts:
            parts = []
            if n == self.value:
                parts.append("<b>" + self.i18n.gettext("◀ chosen") + "</b>")
            if n in self._notes:
                parts.append(f"<b>{html.escape(self._notes[n])}</b>")
            self.marks[n] = " · ".join(parts)
        self._draw()

    def _draw(self) -> None:
        if len(self._trump_cells) < len(self.contracts):   # still being built
            return
        sketch = Sketch()
        _ = self.i18n.gettext
        head_style = "font-size:0.85em;font-weight:bold;border-bottom:2px solid #888"
        cells = [f'<div style="{head_style}">{h}</div>'
                 for h in (_("Contract"), _("Trump"), _("Order"), _("Scoring (per side)"), _("Side total"), _("Note"))]
        descriptions = contract_descriptions(None, None if self.lang == "en" else self.i18n)
        for n, c in self.contracts.items():
            classes = ["ck-auto"]
            if n == self.value:
                classes += ["mod-info", "ck-chosen"]
            elif n in self._notes:
                classes.append("mod-warning")
            order = _("<b>reversed</b>: lowest wins") if c.lowest_wins else _("normal")
            what = str(c) if self.lang == "en" else f"{n}: {descriptions[n]}"
            cells += [sketch.button(str(n), _("Contract {n}").format(n=n),
                                    tooltip=_("Choose contract {n}: {contract}").format(n=n, contract=what),
                                    classes=classes,
                                    style="width:6.6em;height:2em;padding:0;margin:1px",
                                    action=functools.partial(_call, self.select, n) if self.selectable else None),
                      f"<div>{self._trump_cells[n]}</div>", f"<div>{order}</div>",
                      f'<div><span style="font-size:0.9em">{html.escape(self._scoring(c))}</span></div>',
                      f"<div>{signed(c.side_total)}</div>", f"<div>{self.marks[n]}</div>"]
        # wider than a phone: the grid scrolls sideways in its own box (it was cut off)
        self.draw(f'<div style="padding:2px"><div>{self.title}</div>'
                  '<div style="overflow-x:auto;max-width:100%">'
                  '<div style="display:grid;grid-template-columns:auto auto auto minmax(12em, 22em) auto auto;'
                  f'gap:0 8px;align-items:center;width:fit-content">{"".join(cells)}</div></div></div>', sketch)
