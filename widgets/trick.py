"""TrickTable: the seats around the table and the cards of one trick."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as W

from cardkit.cards import Card

from ._common import card_html, seat_names, seat_positions

__all__ = ["TrickTable"]


class TrickTable(W.VBox):
    """The seats around the table with the card each played to a trick.

    Seats sit clockwise around a 3 × 3 grid seen from ``viewer`` at the bottom (4 seats:
    bottom, left, top, right; 3 seats: bottom, left, right; 2 seats: bottom, top). One
    ``HTML`` cell per seat is built once and updated in place. Every mark is text, not
    only colour: "led", "▶ to play", "★ wins the trick".

    :param players: 2, 3 or 4 seats.
    :param names: one name per seat (default: "You", "West", "North", "East" seen from
        ``viewer``; see :func:`cardkit_widgets._common.seat_names`).
    :param viewer: the seat shown at the bottom.
    :raises CardkitError: for a number of players other than 2, 3, 4 or a wrong names list.

    :ivar cells: ``dict[int, ipywidgets.HTML]``, one cell per seat.
    :ivar centre: the middle cell (which trick, trumps).
    :ivar caption: a line under the table (the last trick in words, or what to do).
    :ivar shown: what the table shows now: ``{"cards": {seat: Card}, "winner": seat|None,
        "leader": seat|None, "to_play": seat|None, "last": bool}``.
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, viewer: int = 0) -> None:
        self.players = players
        self.viewer = viewer
        self.positions = seat_positions(players, viewer)
        self.names = seat_names(players, names, viewer)
        self.cells: dict[int, W.HTML] = {}
        cell_layout = dict(width="11em", min_height="5.2em", margin="2px")
        children = []
        for seat in range(players):
            cell = W.HTML("", layout=W.Layout(grid_area=self.positions[seat], **cell_layout))
            self.cells[seat] = cell
            children.append(cell)
        self.centre = W.HTML("", layout=W.Layout(grid_area="centre", width="9em", margin="2px",
                                                 align_self="center"))
        children.append(self.centre)
        self.grid = W.GridBox(children, layout=W.Layout(
            grid_template_areas='". top ." "left centre right" ". bottom ."',
            grid_template_columns="auto auto auto", justify_items="center", align_items="center",
            width="fit-content"))
        self.caption = W.HTML("")
        self.shown: dict = {"cards": {}, "winner": None, "leader": None, "to_play": None, "last": False}
        super().__init__([self.grid, self.caption], layout=W.Layout(padding="2px"))
        self.update({})

    def set_names(self, names: Sequence[str]) -> None:
        """Rename the seats (one name per seat) and redraw."""
        self.names = seat_names(self.players, names, self.viewer)
        self._draw()

    def update(self, cards: Mapping[int, Card], *, leader: int | None = None,
               winner: int | None = None, to_play: int | None = None, heading: str = "",
               hands: Mapping[int, str] | None = None, notes: Mapping[int, str] | None = None,
               caption: str | None = None, last: bool = False, turn_text: str = "to play") -> None:
        """Show a trick in place.

        :param cards: seat -> the card it played to this trick (seats not yet played are
            absent).
        :param leader: the seat that led (marked "led").
        :param winner: the seat that won (a completed trick; marked "★ wins the trick").
        :param to_play: the seat to play next (marked "▶ to play").
        :param heading: text in the middle cell (HTML allowed), e.g. "Trick 3 of 13".
        :param hands: seat -> an HTML line shown under the seat (e.g. its hand when all
            hands are shown).
        :param notes: seat -> a short HTML note (e.g. "declarer", "3 tricks").
        :param caption: the line under the table.
        :param last: true when this is a finished trick shown on request.
        :param turn_text: the words after "▶" for ``to_play`` ("to play", "to bid").
        """
        self.shown = {"cards": dict(cards), "winner": winner, "leader": leader,
                      "to_play": to_play, "last": last, "heading": heading, "turn_text": turn_text,
                      "hands": dict(hands or {}), "notes": dict(notes or {})}
        if caption is not None:
            self.caption.value = caption
        self._draw()

    def _draw(self) -> None:
        s = self.shown
        for seat, cell in self.cells.items():
            card = s["cards"].get(seat)
            marks = []
            if seat == s["leader"] and card is not None:
                marks.append("led")
            if seat == s["winner"]:
                marks.append("<b>★ wins the trick</b>")
            if seat == s["to_play"]:
                marks.append(f"<b>▶ {html.escape(s.get('turn_text', 'to play'))}</b>")
            border = "2px solid #1565c0" if seat == s["to_play"] else (
                "2px solid #2e7d32" if seat == s["winner"] else "1px solid #bbb")
            note = s["notes"].get(seat, "")
            hand = s["hands"].get(seat, "")
            card_text = card_html(card, size="1.5em") if card is not None else (
                '<span style="color:#777">no card</span>')
            cell.value = (
                f'<div style="text-align:center;border:{border};border-radius:6px;padding:3px 4px;'
                f'background:#fafafa;line-height:1.3">'
                f'<div><b>{html.escape(self.names[seat])}</b></div>'
                + (f'<div style="font-size:0.85em">{note}</div>' if note else "") +
                f'<div>{card_text}</div>'
                f'<div style="font-size:0.9em">{" · ".join(marks) or "&nbsp;"}</div>'
                + (f'<div style="font-size:0.85em">{hand}</div>' if hand else "")
                + "</div>")
        heading = s.get("heading", "")
        if s["last"]:
            heading = (heading + "<br>" if heading else "") + "<i>(last trick, shown on request)</i>"
        self.centre.value = f'<div style="text-align:center;font-size:0.9em">{heading}</div>'

    def show(self, state, *, last: bool = False, hands: Mapping[int, str] | None = None,
             notes: Mapping[int, str] | None = None, heading: str | None = None) -> None:
        """Show the open trick of any cardkit state (``tricks``, ``current_player``), or
        with ``last=True`` the last completed trick. The caption always tells the last
        completed trick in words (who played what, who won)."""
        done = [t for t in state.tricks if t.winner is not None]
        open_trick = state.tricks[-1] if state.tricks and state.tricks[-1].winner is None else None
        total = self._total_tricks(state)
        last_line = ""
        if done:
            t = done[-1]
            played = ", ".join(f"{html.escape(self.names[p])} {card_html(c)}" for p, c in zip(t.seats, t.cards))
            last_line = f"Last trick ({len(done)}): {played}; won by <b>{html.escape(self.names[t.winner])}</b>."
        if last:
            if not done:
                self.update({}, heading=heading or "No trick finished yet", hands=hands, notes=notes,
                            caption=last_line or "No trick has been finished yet.", last=True)
                return
            t = done[-1]
            self.update(dict(zip(t.seats, t.cards)), leader=t.leader, winner=t.winner,
                        heading=heading or f"Trick {len(done)}{' of ' + str(total) if total else ''}",
                        hands=hands, notes=notes, caption=last_line, last=True)
            return
        if open_trick is None:
            if state.is_terminal() and done:
                t = done[-1]
                self.update(dict(zip(t.seats, t.cards)), leader=t.leader, winner=t.winner,
                            heading=heading or f"Trick {len(done)} (the last)", hands=hands, notes=notes,
                            caption=last_line + " The deal is over.")
            else:
                to_play = state.current_player if not state.is_terminal() else None
                turn = {"bidding": "to bid", "play": "to play"}.get(state.phase, f"to act ({state.phase})")
                self.update({}, to_play=to_play, heading=heading or "No trick yet", hands=hands,
                            notes=notes, caption=last_line or "", turn_text=turn)
            return
        n = len(done) + 1
        self.update(dict(zip(open_trick.seats, open_trick.cards)), leader=open_trick.leader,
                    to_play=state.current_player,
                    heading=heading or f"Trick {n}{' of ' + str(total) if total else ''}",
                    hands=hands, notes=notes, caption=last_line or "The first trick.")

    @staticmethod
    def _total_tricks(state) -> int | None:
        hands = getattr(state, "initial_hands", None)
        if hands:
            return len(hands[0])
        return None
