"""TrickTable: the seats around the table and the cards of one trick, drawn as one
``HTML`` widget."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import ClassVar

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

from cardkit.cards import Card
from cardkit.i18n import N_, check_lang, translation

from ._common import card_html, cards_in_words_of, recolour_html, seat_names, seat_positions, set_class, size_of

__all__ = ["TrickTable", "LAST_TRICK_NOTE"]

#: The note under the heading when the last finished trick is shown instead of the open
#: one (``last=True``) and the caller gives no ``last_note``.
LAST_TRICK_NOTE = N_("(the last finished trick)")

_SHARED: dict = {}


def _shared_look() -> dict:
    """One layout and one style for every trick table (a widget model each, made once;
    the table's sizes are in its HTML, so neither is ever changed)."""
    if not _SHARED:
        _SHARED.update(layout=W.Layout(padding="2px"), style=HTMLStyle())
    return _SHARED


class TrickTable(W.HTML):
    """The seats around the table with the card each played to a trick.

    Seats sit clockwise around a 3 × 3 grid seen from ``viewer`` at the bottom (4 seats:
    bottom, left, top, right; 3 seats: bottom, left, right; 2 seats: bottom, top). The
    whole table is one ``HTML`` widget (it only shows: nothing in it is clicked), redrawn
    in place at each :meth:`update`. Every mark is text, not only colour: "led",
    "▶ to play", "★ wins the trick"; the borders differ in shape too (the winner's is
    double, the seat to play's dashed).

    DOM classes: the widget has ``ck-table ck-trick``; each seat's cell ``ck-seat`` and,
    while it applies, ``ck-led``, ``ck-to-play`` or ``ck-winner`` (the class and the
    text "★ wins the trick" come together).

    :param players: 2, 3 or 4 seats.
    :param names: one name per seat (default: "You", "West", "North", "East" seen from
        ``viewer``; see :func:`cardkit_widgets._common.seat_names`).
    :param viewer: the seat shown at the bottom.
    :param four_colour: the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) for the
        cards shown (also in captions, notes and headings written with
        :func:`~cardkit_widgets._common.card_html`); see :meth:`set_four_colour`.
    :param size: ``"normal"`` or ``"large"`` (a projector); see :meth:`set_size`.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"`` (the seats' default
        names too: Юг (вы), Запад, Север, Восток).
    :raises CardkitError: for a number of players other than 2, 3, 4, a wrong names list
        or an unknown size.

    :ivar value: the table's HTML (the ``HTML`` widget's value).
    :ivar caption: the HTML line under the table (the last trick in words, or what to do).
    :ivar centre: the HTML of the middle cell (which trick, trumps).
    :ivar shown: what the table shows now: ``{"cards": {seat: Card}, "winner": seat|None,
        "leader": seat|None, "to_play": seat|None, "last": bool}``.
    :ivar four_colour: whether the four-colour deck is shown (bool).
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    """

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, viewer: int = 0,
                 four_colour: bool = False, size: str = "normal", lang: str = "en") -> None:
        lang = check_lang(lang)
        tr = translation(lang)
        positions = seat_positions(players, viewer)
        names = seat_names(players, names, viewer, tr=tr)
        sz = size_of(size)
        super().__init__(layout=_shared_look()["layout"], style=_shared_look()["style"])
        self.players = players
        self.viewer = viewer
        self.lang = lang
        self.i18n = tr
        self.positions = positions
        self.names = names
        self.four_colour = bool(four_colour)
        self.size = sz.name
        self.caption = ""
        self.centre = ""
        self._cells: dict[int, str] = {}
        self._classes: dict[int, frozenset[str]] = {}
        self.shown: dict = {"cards": {}, "winner": None, "leader": None, "to_play": None, "last": False}
        self.add_class("ck-table")
        self.add_class("ck-trick")
        set_class(self, "ck-four-colour", self.four_colour)
        set_class(self, "ck-large", sz.name == "large")
        self.update({})

    # ---- display options ------------------------------------------------------------

    def set_four_colour(self, on: bool) -> None:
        """Show the four-colour deck (``on``: ♠ black, ♥ red, ♦ blue, ♣ green) or red and
        black, in place: the cells, the middle cell and the caption are redrawn; the
        widget's class ``ck-four-colour`` follows."""
        self.four_colour = bool(on)
        set_class(self, "ck-four-colour", self.four_colour)
        self.caption = recolour_html(self.caption, self.four_colour)
        self._draw()

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: cards 3 em, names 1.6 em, the widget
        gets the class ``ck-large``), in place.

        :raises CardkitError: for another size.
        """
        self.size = size_of(size).name
        set_class(self, "ck-large", self.size == "large")
        self._draw()

    def set_names(self, names: Sequence[str]) -> None:
        """Rename the seats (one name per seat) and redraw."""
        self.names = seat_names(self.players, names, self.viewer)
        self._draw()

    # ---- what is shown ----------------------------------------------------------------

    def cell_html(self, seat: int) -> str:
        """The HTML of ``seat``'s cell as shown now."""
        return self._cells[seat]

    def cell_classes(self, seat: int) -> frozenset[str]:
        """The DOM classes of ``seat``'s cell: ``ck-seat`` and ``ck-led``, ``ck-to-play``,
        ``ck-winner`` while they apply."""
        return self._classes[seat]

    def update(self, cards: Mapping[int, Card], *, leader: int | None = None,
               winner: int | None = None, to_play: int | None = None, heading: str = "",
               hands: Mapping[int, str] | None = None, notes: Mapping[int, str] | None = None,
               caption: str | None = None, last: bool = False, turn_text: str | None = None,
               last_note: str | None = None) -> None:
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
        :param last: true when this is the last finished trick shown instead of the open
            one (a note under the heading says so).
        :param turn_text: the words after "▶" for ``to_play`` ("to play", "to bid").
        :param last_note: that note, plain text (default :data:`LAST_TRICK_NOTE`); a
            dashboard says why the trick is shown, e.g. "(last trick, shown on request)"
            or, in a replay, "(the trick just finished)".
        """
        _ = self.i18n.gettext
        self.shown = {"cards": dict(cards), "winner": winner, "leader": leader,
                      "to_play": to_play, "last": last, "heading": heading,
                      "turn_text": _("to play") if turn_text is None else turn_text,
                      "last_note": _(LAST_TRICK_NOTE) if last_note is None else last_note,
                      "hands": dict(hands or {}), "notes": dict(notes or {})}
        if caption is not None:
            self.caption = recolour_html(self._cards_text(caption), self.four_colour)
        self._draw()

    def _cards_text(self, text: str) -> str:
        """``text`` with its cards in the table's letters (Д♥ in Russian; as it is in English)."""
        return text if self.lang == "en" else cards_in_words_of(text, self.i18n)

    def _draw(self) -> None:
        _ = self.i18n.gettext
        s = self.shown
        four = self.four_colour
        sz = size_of(self.size)
        large = sz.name == "large"
        cells = []
        for seat in range(self.players):
            card = s["cards"].get(seat)
            marks = []
            led = seat == s["leader"] and card is not None
            if led:
                marks.append(_("led"))
            if seat == s["winner"]:
                marks.append("<b>★ " + _("wins the trick") + "</b>")
            if seat == s["to_play"]:
                marks.append(f"<b>▶ {html.escape(s.get('turn_text') or _('to play'))}</b>")
            classes = ["ck-seat"] + [name for name, on in (("ck-led", led), ("ck-winner", seat == s["winner"]),
                                                           ("ck-to-play", seat == s["to_play"])) if on]
            # the border's shape says it too: dashed for the seat to play, double for the winner
            border = "2px dashed #1565c0" if seat == s["to_play"] else (
                "4px double #2e7d32" if seat == s["winner"] else "1px solid #bbb")
            note = recolour_html(s["notes"].get(seat, ""), four)
            hand = recolour_html(s["hands"].get(seat, ""), four)
            card_text = self._cards_text(card_html(card, size="2em" if large else "1.5em", four_colour=four)) \
                if card is not None else '<span style="color:#666">' + _("no card") + "</span>"
            cell = (
                f'<div class="ck-cell" style="text-align:center;border:{border};border-radius:6px;padding:3px 4px;'
                f'background:#fafafa;line-height:1.3;font-size:{sz.em(1)}">'
                f'<div><b>{html.escape(self.names[seat])}</b></div>'
                + (f'<div style="font-size:0.85em">{note}</div>' if note else "") +
                f'<div>{card_text}</div>'
                f'<div style="font-size:0.9em">{" · ".join(marks) or "&nbsp;"}</div>'
                + (f'<div style="font-size:0.85em">{hand}</div>' if hand else "")
                + "</div>")
            self._cells[seat], self._classes[seat] = cell, frozenset(classes)
            cells.append(f'<div class="{" ".join(classes)}" style="grid-area:{self.positions[seat]};margin:2px;'
                         f'width:{sz.em(11)};max-width:28vw;min-height:{sz.em(5.2)};overflow-wrap:anywhere">{cell}</div>')
        heading = recolour_html(self._cards_text(s.get("heading", "")), four)
        if s["last"]:
            note = html.escape(s.get("last_note") or _(LAST_TRICK_NOTE))
            heading = (heading + "<br>" if heading else "") + f"<i>{note}</i>"
        self.centre = f'<div style="text-align:center;font-size:{sz.em(0.9)}">{heading}</div>'
        cells.append(f'<div style="grid-area:centre;margin:2px;align-self:center;width:{sz.em(9)};max-width:24vw">'
                     f'{self.centre}</div>')
        text = f"font-size:{sz.text_size}" if sz.text_size else ""
        self.value = (
            '<div class="ck-trick-table" style="line-height:1.4">'
            """<div style="display:grid;grid-template-areas:'. top .' 'left centre right' '. bottom .';"""
            'grid-template-columns:auto auto auto;justify-items:center;align-items:center;width:fit-content">'
            + "".join(cells) + "</div>"
            + f'<div class="ck-caption" style="{text}">{self.caption}</div></div>')

    def show(self, state, *, last: bool = False, hands: Mapping[int, str] | None = None,
             notes: Mapping[int, str] | None = None, heading: str | None = None,
             last_note: str | None = None) -> None:
        """Show the open trick of any cardkit state (``tricks``, ``current_player``), or
        with ``last=True`` the last completed trick, with ``last_note`` under the heading
        (see :meth:`update`). The caption always tells the last completed trick in words
        (who played what, who won)."""
        _ = self.i18n.gettext
        done = [t for t in state.tricks if t.winner is not None]
        open_trick = state.tricks[-1] if state.tricks and state.tricks[-1].winner is None else None
        total = self._total_tricks(state)

        def trick_words(n: int) -> str:
            return (_("Trick {n} of {total}").format(n=n, total=total) if total else
                    _("Trick {n}").format(n=n))
        last_line = ""
        if done:
            t = done[-1]
            played = ", ".join(f"{html.escape(self.names[p])} {card_html(c)}" for p, c in zip(t.seats, t.cards))
            last_line = _("Last trick ({n}): {cards}; won by <b>{seat}</b>.").format(
                n=len(done), cards=played, seat=html.escape(self.names[t.winner]))
        if last:
            if not done:
                self.update({}, heading=heading or _("No trick finished yet"), hands=hands, notes=notes,
                            caption=last_line or _("No trick has been finished yet."), last=True,
                            last_note=last_note)
                return
            t = done[-1]
            self.update(dict(zip(t.seats, t.cards)), leader=t.leader, winner=t.winner,
                        heading=heading or trick_words(len(done)),
                        hands=hands, notes=notes, caption=last_line, last=True, last_note=last_note)
            return
        if open_trick is None:
            if state.is_terminal() and done:
                t = done[-1]
                self.update(dict(zip(t.seats, t.cards)), leader=t.leader, winner=t.winner,
                            heading=heading or _("Trick {n} (the last)").format(n=len(done)), hands=hands,
                            notes=notes, caption=last_line + " " + _("The deal is over."))
            else:
                to_play = state.current_player if not state.is_terminal() else None
                self.update({}, to_play=to_play, heading=heading or _("No trick yet"), hands=hands,
                            notes=notes, caption=last_line or "", turn_text=self._turn_words(state))
            return
        n = len(done) + 1
        self.update(dict(zip(open_trick.seats, open_trick.cards)), leader=open_trick.leader,
                    to_play=state.current_player,
                    heading=heading or trick_words(n),
                    hands=hands, notes=notes, caption=last_line or _("The first trick."),
                    turn_text=self._turn_words(state))

    #: the words after "▶" for the seat to act, by the state's phase
    TURN_WORDS: ClassVar[dict[str, str]] = {"bidding": N_("to bid"), "play": N_("to play"),
                                          "trump": N_("to draw the trump"), "draw": N_("to choose a draw")}

    def _turn_words(self, state) -> str:
        """"to play", "to bid", "to draw the trump", "to choose a draw" (Armenian Durak)."""
        words = self.TURN_WORDS.get(state.phase)
        return self.i18n.gettext(words) if words is not None else f"to act ({state.phase})"

    @staticmethod
    def _total_tricks(state) -> int | None:
        hands = getattr(state, "initial_hands", None)
        if hands:
            return len(hands[0])
        return None
