"""HandTable: one player's hand as a fixed grid of card buttons, a row per suit and a
column per rank."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as W

from cardkit.cards import Card, Suit

from ._common import (
    SUIT_NAMES,
    Size,
    card_button_layout,
    card_html,
    card_words,
    css_widget,
    ranks_for,
    recolour_html,
    set_class,
    size_of,
    suit_class,
    suit_colour,
    suit_html,
)

__all__ = ["HandTable"]

#: What a cell of the grid shows; :meth:`HandTable.status_of` returns one of these.
LEGAL, HELD, PLAYED, ABSENT = "legal", "held", "played", "absent"


#: HandTable's own style: a held card that is disabled only because nothing may be played
#: now (class ``ck-readable``: the bidding, another player's turn) is drawn at full
#: strength, like a card in the hand, with an ordinary arrow cursor: it stays disabled, so
#: it is out of the tab order and a click does nothing.
HAND_CSS = """
.ck-hand .jupyter-button.ck-readable:disabled, .ck-hand button.ck-readable:disabled,
.ck-hand .widget-button.ck-readable:disabled {
  opacity: 1 !important; cursor: default; }
"""


class HandTable(W.VBox):
    """One player's hand: a row per suit (♠ ♥ ♦ ♣), a column per rank (A first).

    The grid of buttons is built once (52 cards: 4 × 13; 36 cards: 4 × 9, A..6) and then
    only updated in place: each button keeps its ``description`` (the card, ``"Q♥"``,
    which is its accessible name) and changes ``disabled``, ``tooltip`` and style.
    State is never shown by colour alone:

    - a **legal** card is enabled, **bold and underlined**, its tooltip says
      "legal: click to play", and the caption line lists the legal cards;
    - a card held but not playable now is disabled and its tooltip says why
      ("must follow ♥", "not your turn");
    - a card this player has **played** stays in place, disabled and struck through,
      tooltip "played";
    - a card not in this hand is hidden (its cell keeps its place in the grid); a hidden
      button (CSS ``visibility: hidden``, and disabled) is not in the tab order.

    Every button has the DOM classes ``ck-card``, its suit's ``ck-suit-S`` / ``-H`` /
    ``-D`` / ``-C`` and its state's ``ck-legal`` / ``ck-held`` / ``ck-played`` /
    ``ck-absent``; the widget itself has ``ck-table ck-hand``.

    Keyboard: the legal cards are the only enabled buttons, so Tab goes from one legal
    card to the next (row by row, ♠ ♥ ♦ ♣, ace first) and Enter or Space plays the one
    with the focus (a 3 px focus ring shows which).

    Clicking an enabled card calls every callback registered with :meth:`on_play` with the
    :class:`~cardkit.Card`; a click on a disabled button (possible only from code,
    ``button.click()``) is ignored. The widget does not apply the card: the callback (usually a
    controller calling ``state.apply_action``) decides, so legality has one source of
    truth, the state's ``legal_actions()``.

    :param deck_size: 52 (13 columns A..2) or 36 (9 columns A..6).
    :param on_play: a callback ``f(card)``, optional (same as calling :meth:`on_play`).
    :param title: the heading shown above the grid (HTML allowed; "" for none).
    :param four_colour: the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) instead
        of red and black; change it later with :meth:`set_four_colour`.
    :param size: ``"normal"`` or ``"large"`` (a projector: card text 2.5 em, buttons 5 em
        wide); change it later with :meth:`set_size`.
    :raises CardkitError: for a deck size other than 52 or 36, or an unknown size.

    :ivar buttons: ``dict[Card, ipywidgets.Button]``, one button per card of the deck.
    :ivar caption: an ``HTML`` line that says in words what the grid shows.
    :ivar suit_rows: the four ``HBox`` rows (♠ ♥ ♦ ♣): a suit label, then a button per rank.
    :ivar four_colour: whether the four-colour deck is shown (bool).
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    """

    def __init__(self, deck_size: int = 52, *, on_play: Callable[[Card], object] | None = None,
                 title: str = "Your hand", four_colour: bool = False, size: str = "normal") -> None:
        self.deck_size = deck_size
        self.ranks = ranks_for(deck_size)
        self.suits = tuple(Suit)
        self.four_colour = bool(four_colour)
        self.size = size_of(size).name
        self.buttons: dict[Card, W.Button] = {}
        self._status: dict[Card, str] = {}
        self._callbacks: list[Callable[[Card], object]] = []
        self._header = [W.HTML("", layout=W.Layout(width="1.6em", margin="0px 2px"))] + [
            W.HTML("", layout=W.Layout(width=card_button_layout().width, margin="0px 1px"))
            for r in self.ranks]
        rows = [W.HBox(self._header)]
        self._suit_labels: dict[Suit, W.HTML] = {}
        for suit in self.suits:
            label = W.HTML("", layout=W.Layout(width="1.6em", margin="1px 2px"), tooltip=SUIT_NAMES[suit])
            self._suit_labels[suit] = label
            cells = [label]
            for rank in self.ranks:
                card = Card(suit, rank)
                b = W.Button(description=str(card), disabled=True,
                             tooltip=f"{card} ({card_words(card)}): not in this hand",
                             layout=card_button_layout())
                b.layout.visibility = "hidden"
                b.add_class("ck-card")
                b.add_class(suit_class(suit))
                b.add_class("ck-absent")
                b.on_click(self._make_handler(card))
                self.buttons[card] = b
                self._status[card] = ABSENT
                cells.append(b)
            rows.append(W.HBox(cells, layout=W.Layout(align_items="center")))
        self.title = W.HTML(f"<b>{title}</b>" if title else "")
        self.caption = W.HTML("")
        self.caption.add_class("ck-caption")
        self.suit_rows = tuple(rows[1:])
        self.grid = W.VBox(rows)
        hand_css = W.HTML(f"<style>{HAND_CSS}</style>", layout=W.Layout(display="none"))
        hand_css.add_class("ck-css")
        super().__init__([self.title, self.grid, self.caption, css_widget(), hand_css],
                         layout=W.Layout(padding="2px", width="fit-content"))
        self.add_class("ck-table")
        self.add_class("ck-hand")
        self.set_size(self.size)
        self.set_four_colour(self.four_colour)
        if on_play is not None:
            self.on_play(on_play)

    # ---- display options ------------------------------------------------------------

    def set_four_colour(self, on: bool) -> None:
        """Show the four-colour deck (``on``: ♠ black, ♥ red, ♦ blue, ♣ green) or the usual
        red and black, in place: the buttons' text colours and the ``ck-four-colour``
        class (on the widget and on every card button) change; the suit symbols stay in
        every button's text."""
        self.four_colour = bool(on)
        set_class(self, "ck-four-colour", self.four_colour)
        for card, b in self.buttons.items():
            b.style.text_color = suit_colour(card.suit, self.four_colour)
            set_class(b, "ck-four-colour", self.four_colour)
        self._draw_labels()
        self.caption.value = recolour_html(self.caption.value, self.four_colour)

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: card text 2.5 em, buttons 5 em wide,
        the widget gets the class ``ck-large``), in place.

        :raises CardkitError: for another size.
        """
        sz: Size = size_of(size)
        self.size = sz.name
        set_class(self, "ck-large", sz.name == "large")
        own = sz.button_layout()
        for b in self.buttons.values():
            b.style.font_size = sz.font_size
            b.layout.width, b.layout.height = own["width"], own["height"]
        self.title.style.font_size = self.caption.style.font_size = sz.text_size
        label_width = sz.em(1.6)
        self._header[0].layout.width = label_width
        for h in self._header[1:]:
            h.layout.width = f"{sz.button_width:g}em"
        for label in self._suit_labels.values():
            label.layout.width = label_width
        self._draw_labels()

    def _draw_labels(self) -> None:
        sz = size_of(self.size)
        for i, r in enumerate(self.ranks):
            self._header[i + 1].value = (f'<div style="text-align:center;color:#555;font-size:{sz.em(0.85)}">'
                                         f'{r.char}</div>')
        for suit, label in self._suit_labels.items():
            label.value = suit_html(suit, size=sz.em(1.3), four_colour=self.four_colour)

    # ---- events -------------------------------------------------------------------

    def on_play(self, callback: Callable[[Card], object], remove: bool = False) -> None:
        """Register (or with ``remove=True`` unregister) ``callback(card)``, called when a
        card button is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, card: Card):
        def handler(button):
            # A browser cannot click a disabled button; a programmatic ``button.click()``
            # can. Such a click is ignored, so a disabled card never acts (e.g. Armenian
            # Durak's face-up tableau card shown as "not in this hand").
            if button.disabled:
                return
            for cb in list(self._callbacks):
                cb(card)
        return handler

    def click(self, card: Card | str) -> None:
        """Click the button of ``card`` (a Card or notation such as ``"QH"``), as a user
        would: a disabled button does nothing (no callback is called)."""
        from cardkit.notation import parse_card

        if isinstance(card, str):
            card = parse_card(card)
        self.buttons[card].click()

    # ---- display ----------------------------------------------------------------------

    def update(self, hand: Iterable[Card], legal: Iterable[Card] = (), *,
               played: Iterable[Card] = (), reason: str = "not playable now",
               caption: str | None = None, rule: str = "") -> None:
        """Show ``hand`` with the ``legal`` cards enabled; in place, no child is rebuilt.

        When no card is legal (the bidding, another player's turn), every held card is
        still disabled (out of the tab order, a click does nothing) but drawn at full
        strength, not greyed out, so the hand can be read (DOM class ``ck-readable``);
        its tooltip gives ``reason``. When some cards are legal, the held cards that are
        not are greyed out as usual.

        :param hand: the cards held now.
        :param legal: the cards that may be played now (normally the cards among
            ``state.legal_actions()``); cards not in ``hand`` are ignored.
        :param played: cards this player has already played (shown struck through).
        :param reason: why a held card is disabled (a tooltip), e.g. "must follow ♥".
        :param caption: the text line under the grid; default: a summary in words.
        :param rule: a sentence for the default caption saying what restricts the play
            now, e.g. "♦ was led: you must follow ♦ (5♦)."
        """
        hand = list(hand)
        held = set(hand)
        legal = [c for c in legal if c in held]
        legal_set = set(legal)
        played = set(played) - held
        for card, b in self.buttons.items():
            if card in legal_set:
                status = LEGAL
            elif card in held:
                status = HELD
            elif card in played:
                status = PLAYED
            else:
                status = ABSENT
            if self._status[card] != status:
                set_class(b, f"ck-{self._status[card]}", False)
                set_class(b, f"ck-{status}", True)
            self._status[card] = status
            if status != PLAYED:
                b.style.font_style = "normal"
            if status == LEGAL:
                b.disabled = False
                b.tooltip = f"{card} ({card_words(card)}): legal, click to play"
                b.style.font_weight = "bold"
                b.style.text_decoration = "underline"
            elif status == HELD:
                b.disabled = True
                b.tooltip = f"{card} ({card_words(card)}): {reason}"
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            elif status == PLAYED:
                b.disabled = True
                b.tooltip = f"{card} ({card_words(card)}): played"
                b.style.font_weight = "normal"
                b.style.font_style = "italic"
                b.style.text_decoration = "line-through"
            else:
                b.disabled = True
                b.tooltip = f"{card} ({card_words(card)}): not in this hand"
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            b.layout.visibility = "hidden" if status == ABSENT else "visible"
            set_class(b, "ck-readable", status == HELD and not legal)
        if caption is None:
            n = len(hand)
            if legal:
                shown = " ".join(card_html(c, four_colour=self.four_colour) for c in sorted(legal, key=self._order))
                caption = f"{n} card{'s' if n != 1 else ''}. "
                if rule:
                    caption += rule + " "
                caption += f"Playable now (bold, underlined): {shown}."
            else:
                caption = f"{n} card{'s' if n != 1 else ''}. Nothing to play now: {reason}."
            if played:
                caption += " Played (struck through): " + " ".join(
                    card_html(c, four_colour=self.four_colour) for c in sorted(played, key=self._order)) + "."
        self.caption.value = recolour_html(caption, self.four_colour)

    def show(self, state, seat: int, *, active: bool = True, cards: Iterable[Card] | None = None,
             caption: str | None = None) -> None:
        """Show seat ``seat``'s hand from any cardkit state (``hands``, ``tricks``,
        ``current_player``, ``phase``, ``legal_actions()``).

        The legal cards are the :class:`~cardkit.Card` actions of ``state.legal_actions()``
        when ``seat`` is to play and ``active`` is true; otherwise every card is disabled.
        A legal card that is not in ``state.hands[seat]`` (Armenian Durak's face-up
        tableau cards) is shown as held too.

        :param cards: the cards to show as held (default ``state.hands[seat]`` plus the
            legal cards), e.g. the hand and the face-up tableau cards.
        """
        hand = list(state.hands[seat] if cards is None else cards)
        rule = ""
        played = [c for t in getattr(state, "tricks", ()) for s, c in zip(t.seats, t.cards) if s == seat]
        legal: list[Card] = []
        if state.is_terminal():
            reason = "the deal is over"
        elif state.current_player != seat:
            reason = "not your turn"
        elif state.phase != "play":
            reason = f"{state.phase}: cards are played after the {state.phase}"
        else:
            legal = [a for a in state.legal_actions() if isinstance(a, Card)]
            reason = "not playable now"
            trick = getattr(state, "trick", None)
            if trick is not None and trick.cards:
                led = trick.cards[0].suit
                if legal and all(c.suit == led for c in legal):
                    reason = f"must follow {led.symbol}"
                    if any(c not in legal for c in hand):
                        listed = " ".join(card_html(c, four_colour=self.four_colour)
                                          for c in sorted(legal, key=self._order))
                        rule = f"{led.symbol} was led: you must follow {led.symbol} ({listed})."
                elif legal and not any(c.suit == led for c in hand) and all(c in legal for c in hand):
                    rule = f"{led.symbol} was led: you have no {led.symbol}, so any card may be played."
            if not active:
                legal, reason, rule = [], "wait", ""
        if cards is None:
            hand += [c for c in legal if c not in hand]
        self.update(hand, legal, played=played, reason=reason, caption=caption, rule=rule)

    # ---- queries ----------------------------------------------------------------------

    def status_of(self, card: Card) -> str:
        """``"legal"``, ``"held"``, ``"played"`` or ``"absent"``: what the grid shows for ``card``."""
        return self._status[card]

    @property
    def legal_cards(self) -> list[Card]:
        """The cards shown as legal (enabled), in grid order."""
        return [c for c in self.buttons if self._status[c] == LEGAL]

    @property
    def enabled_cards(self) -> list[Card]:
        """The cards whose button is enabled, in grid order (equal to :attr:`legal_cards`)."""
        return [c for c, b in self.buttons.items() if not b.disabled]

    @staticmethod
    def _order(card: Card):
        return (int(card.suit), -int(card.rank))
