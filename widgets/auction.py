"""AuctionTable (the Variety bidding, RULES.md §1.3) and ContractTable (the eight
contracts, RULES.md §1.2)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence

import ipywidgets as W
import traitlets

from cardkit.errors import CardkitError, quote
from cardkit.games import variety

from ._common import SUIT_NAMES, css_widget, seat_names, set_class, signed, size_of, suit_html

__all__ = ["AuctionTable", "ContractTable"]


def _contract_descriptions(rules=None) -> dict[int, str]:
    return {n: f"{c.trump_name}{', lowest card wins' if c.lowest_wins else ''}; {c.scoring}"
            for n, c in variety.contracts(rules).items()}


class AuctionTable(W.VBox):
    """The bidding: a table of rounds by seats, and buttons 1..8 to bid.

    Built once and updated in place. For the player to bid, the buttons of the numbers
    that player has already named are disabled **and** struck through, with a tooltip
    quoting the rule (RULES.md §1.3); the numbers another player has named (repeating one
    ends the bidding) are underlined and say so in their tooltip. The caption line says
    all of this in words. The enabled buttons are exactly the ``legal`` numbers given to
    :meth:`update` (from ``state.legal_actions()``): one source of truth.

    Keyboard: the enabled numbers are the only focusable buttons; Tab moves between
    them and Enter or Space bids. A read-only table (``read_only=True``, e.g. a record
    of the book's bidding) hides the buttons and never enables them.

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
    :param read_only: hide the number buttons (a record of a bidding, not a control);
        see :meth:`set_read_only`.
    :param size: ``"normal"`` or ``"large"`` (a projector); see :meth:`set_size`.
    :raises CardkitError: for an unknown size or a wrong names list.

    :ivar buttons: ``dict[int, ipywidgets.Button]``, numbers 1..8.
    :ivar button_row: the ``HBox`` of the number buttons (hidden when read-only).
    :ivar read_only: whether the buttons are hidden (bool).
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    :ivar table: the ``HTML`` table of rounds by seats.
    :ivar remarks_box: the ``HTML`` list of table talk.
    :ivar caption: the ``HTML`` line under the buttons (whose turn, which numbers are used).
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, viewer: int | None = None,
                 numbers: int = 8, descriptions: Mapping[int, str] | None = None,
                 on_bid: Callable[[int], object] | None = None, rules=None, title: str = "Bidding",
                 read_only: bool = False, size: str = "normal") -> None:
        self.players = players
        self.viewer = viewer
        self.names = seat_names(players, names, viewer)
        self.descriptions = dict(descriptions) if descriptions is not None else _contract_descriptions(rules)
        self.read_only = bool(read_only)
        self.size = size_of(size).name
        self._callbacks: list[Callable[[int], object]] = []
        self.buttons: dict[int, W.Button] = {}
        for n in range(1, numbers + 1):
            b = W.Button(description=str(n), disabled=True, tooltip=f"Bid {n}",
                         layout=W.Layout(width="2.6em", height="2.1em", padding="0px", margin="1px"))
            b.add_class("ck-bid")
            b.on_click(self._make_handler(n))
            self.buttons[n] = b
        self.title = W.HTML(f"<b>{html.escape(title)}</b>")
        self.table = W.HTML("")
        self.remarks_box = W.HTML("")
        self.caption = W.HTML("")
        self.caption.add_class("ck-caption")
        self.button_row = W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap"))
        self.shown: dict = {}
        self._last_update: tuple = ((), 0, {})
        super().__init__([self.title, self.table, self.button_row, self.caption,
                          self.remarks_box, css_widget()], layout=W.Layout(padding="2px", width="24em"))
        self.add_class("ck-table")
        self.add_class("ck-auction")
        if on_bid is not None:
            self.on_bid(on_bid)
        self._apply_size()
        self.set_read_only(self.read_only)

    # ---- display options ------------------------------------------------------------

    def set_read_only(self, on: bool) -> None:
        """Hide (``on``) or show the number buttons, in place. A read-only table shows a
        bidding without being a control: its buttons are hidden and stay disabled, so
        they are not in the tab order either; the caption does not speak of buttons."""
        self.read_only = bool(on)
        self.button_row.layout.display = "none" if self.read_only else None
        set_class(self, "ck-read-only", self.read_only)
        bids, first, kwargs = self._last_update
        self.update(bids, first, **kwargs)

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: numbers 2.5 em on buttons 5 em wide,
        the table's text 1.6 em; the widget gets the class ``ck-large``), in place.

        :raises CardkitError: for another size.
        """
        self.size = size_of(size).name
        self._apply_size()
        bids, first, kwargs = self._last_update
        self.update(bids, first, **kwargs)

    def _apply_size(self) -> None:
        sz = size_of(self.size)
        set_class(self, "ck-large", sz.name == "large")
        own = sz.button_layout()
        for b in self.buttons.values():
            b.style.font_size = sz.font_size
            b.layout.width, b.layout.height = own["width"], own["height"]
        for w in (self.title, self.table, self.caption, self.remarks_box):
            w.style.font_size = sz.text_size
        width = max(24 * sz.text, len(self.buttons) * (sz.button_width + 0.2) + 1)
        self.layout.width = f"{width:.4g}em"

    def on_bid(self, callback: Callable[[int], object], remove: bool = False) -> None:
        """Register (or unregister) ``callback(number)``, called when a number is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, n: int):
        def handler(_button):
            for cb in list(self._callbacks):
                cb(n)
        return handler

    def click(self, number: int) -> None:
        """Click the button of ``number``, as a user would."""
        self.buttons[int(number)].click()

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

        A read-only table ignores ``legal``: its buttons stay hidden and disabled.
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
        for n, b in self.buttons.items():
            desc = self.descriptions.get(n, "")
            if n in legal:
                b.disabled = False
                b.style.font_weight = "bold"
                if n in namer and namer[n] != current:
                    other = self.names[namer[n]]
                    b.tooltip = (f"Bid {n} ({desc}). {other} named {n}: repeating it ends the bidding, "
                                 f"and {who} and {other} are the declarers")
                    b.style.text_decoration = "underline"
                else:
                    b.tooltip = f"Bid {n}: {desc}"
                    b.style.text_decoration = "none"
            else:
                b.disabled = True
                b.style.font_weight = "normal"
                if n in own:
                    b.tooltip = (f"{n}: {who} named {n} already; a player never names their own "
                                 f"number twice (Rules §1.3)")
                    b.style.text_decoration = "line-through"
                else:
                    b.tooltip = f"{n}: {desc}" + ("" if current is None else f" (wait: {self.names[current]} bids)")
                    b.style.text_decoration = "underline" if n in namer else "none"
        self.table.value = self._table_html(bids, first, current, contract, declarers)
        self.remarks_box.value = "".join(
            f'<div style="font-size:0.9em"><b>{html.escape(self.names[s])}</b> says: “{html.escape(t)}”</div>'
            for s, t in remarks)
        if caption is None:
            if contract is not None:
                d = " and ".join(self.names[s] for s in declarers) if declarers else "?"
                caption = f"The bidding is over: contract <b>{contract}</b>; declarers {html.escape(d)}."
            elif current is None:
                caption = ""
            elif self.read_only:
                used = ", ".join(str(n) for n in sorted(own)) or "none yet"
                others = ", ".join(str(n) for n in sorted(namer) if namer[n] != current) or "none"
                caption = (f"{'You bid' if who == 'you' else html.escape(who) + ' bids'} next. Named by "
                           f"{'you' if who == 'you' else 'this player'} (not allowed again): {used}. Named by "
                           f"others (repeating one ends the bidding): {others}.")
            elif legal:
                used = ", ".join(str(n) for n in sorted(own)) or "none yet"
                others = ", ".join(str(n) for n in sorted(namer) if namer[n] != current) or "none"
                caption = (f"{'Your' if who == 'you' else html.escape(who) + chr(39) + 's'} turn to bid. "
                           f"Named by {'you' if who == 'you' else 'this player'} (struck through, not "
                           f"allowed again): {used}. Named by others (underlined; repeating one ends the "
                           f"bidding): {others}.")
            else:
                caption = f"Waiting: {html.escape(self.names[current])} bids."
        self.caption.value = f'<span style="font-size:0.9em">{caption}</span>'

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
        first_namer_index = None
        if contract is not None:
            first_namer_index = bids.index(contract)
        for i, b in enumerate(bids):
            text = str(b)
            # nowrap: a narrow column must not break "3 ✓ contract" over two lines
            if contract is not None and i == len(bids) - 1:
                text = f'<b class="ck-contract-cell" style="white-space:nowrap">{b} ✓ contract</b>'
            elif i == first_namer_index:
                text = f'<span style="white-space:nowrap"><b>{b}</b> (first)</span>'
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


class ContractTable(W.VBox):
    """The eight Variety contracts (RULES.md §1.2): trump, trick order, scoring, side total.

    Built from the data in :func:`cardkit.games.variety.contracts` (``rules`` picks the
    table, e.g. ``contract_values="halved_2_7"``). A "Contract n" button per row selects
    it: :attr:`value` becomes n (observe it with ``observe(f, names="value")``). The
    chosen row says "◀ chosen" in words; :meth:`mark` writes a note in a row ("played
    now"). With ``selectable=False`` the buttons are disabled (a reference table).
    DOM classes: ``ck-table ck-contracts``; the chosen row's button ``ck-chosen`` (its
    colour only repeats the words "◀ chosen").

    :param rules: :class:`cardkit.games.variety.Rules` or None (the default table).
    :param on_select: a callback ``f(number)``, optional.
    :param selectable: whether the row buttons are enabled.
    :param title: the heading.
    :param four_colour: draw the trump suits in the four-colour deck (♦ blue, ♣ green);
        see :meth:`set_four_colour`.

    :ivar value: the selected contract number 1..8, or None (a traitlet).
    :ivar contracts: ``dict[int, Contract]`` shown.
    :ivar buttons: ``dict[int, ipywidgets.Button]``.
    :ivar marks: ``dict[int, ipywidgets.HTML]``, the note cell of each row.
    """

    value = traitlets.Int(None, allow_none=True)

    def __init__(self, rules=None, *, on_select: Callable[[int], object] | None = None,
                 selectable: bool = True, title: str = "The eight contracts", four_colour: bool = False) -> None:
        self.contracts = variety.contracts(rules)
        self.four_colour = bool(four_colour)
        self.buttons: dict[int, W.Button] = {}
        self.marks: dict[int, W.HTML] = {}
        self._trump_cells: dict[int, W.HTML] = {}
        self._notes: dict[int, str] = {}
        self.selectable = selectable
        head_style = "font-size:0.85em;font-weight:bold;border-bottom:2px solid #888"
        cells = [W.HTML(f'<div style="{head_style}">{h}</div>')
                 for h in ("Contract", "Trump", "Order", "Scoring (per side)", "Side total", "Note")]
        for n, c in self.contracts.items():
            b = W.Button(description=f"Contract {n}", disabled=not selectable,
                         tooltip=f"Choose contract {n}: {c}",
                         layout=W.Layout(width="6.6em", height="2em", padding="0px", margin="1px"))
            b.on_click(self._make_handler(n))
            self.buttons[n] = b
            order = "<b>reversed</b>: lowest wins" if c.lowest_wins else "normal"
            self.marks[n] = W.HTML("")
            self._trump_cells[n] = W.HTML("")
            cells += [b, self._trump_cells[n], W.HTML(order),
                      W.HTML(f'<span style="font-size:0.9em">{html.escape(c.scoring)}</span>'),
                      W.HTML(signed(c.side_total)), self.marks[n]]
        self.grid = W.GridBox(cells, layout=W.Layout(
            grid_template_columns="auto auto auto minmax(12em, 22em) auto auto",
            grid_gap="0px 8px", align_items="center", width="fit-content"))
        self.title = W.HTML(f"<b>{html.escape(title)}</b>")
        super().__init__([self.title, self.grid, css_widget()], layout=W.Layout(padding="2px"))
        self.add_class("ck-table")
        self.add_class("ck-contracts")
        self.set_four_colour(self.four_colour)
        if on_select is not None:
            self.observe(lambda change: on_select(change["new"]) if change["new"] is not None else None,
                         names="value")
        self._draw_marks()

    def _make_handler(self, n: int):
        def handler(_button):
            self.select(n)
        return handler

    def set_four_colour(self, on: bool) -> None:
        """Draw the trump suits in the four-colour deck (``on``) or in red and black, in place."""
        self.four_colour = bool(on)
        set_class(self, "ck-four-colour", self.four_colour)
        for n, c in self.contracts.items():
            self._trump_cells[n].value = ("none" if c.trump is None else
                                          f"{suit_html(c.trump, four_colour=self.four_colour)} {SUIT_NAMES[c.trump]}")

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

    def mark(self, number: int | None, text: str = "played now") -> None:
        """Write ``text`` in the note cell of contract ``number`` and clear the other
        notes (``number`` None clears all)."""
        self._notes = {} if number is None else {int(number): text}
        self._draw_marks()

    def set_selectable(self, selectable: bool) -> None:
        self.selectable = selectable
        for b in self.buttons.values():
            b.disabled = not selectable

    def _draw_marks(self) -> None:
        for n, cell in self.marks.items():
            parts = []
            if n == self.value:
                parts.append("<b>◀ chosen</b>")
            if n in self._notes:
                parts.append(f"<b>{html.escape(self._notes[n])}</b>")
            cell.value = " · ".join(parts)
            self.buttons[n].button_style = "info" if n == self.value else (
                "warning" if n in self._notes else "")
            set_class(self.buttons[n], "ck-chosen", n == self.value)
