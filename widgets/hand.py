"""HandTable: one player's hand as a fixed grid of card buttons, a row per suit and a
column per rank."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as W

from cardkit.cards import Card, Suit

from ._common import SUIT_NAMES, card_button_layout, card_html, ranks_for, suit_colour, suit_html

__all__ = ["HandTable"]

#: What a cell of the grid shows; :meth:`HandTable.status_of` returns one of these.
LEGAL, HELD, PLAYED, ABSENT = "legal", "held", "played", "absent"


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
    - a card not in this hand is hidden (its cell keeps its place in the grid).

    Clicking a card calls every callback registered with :meth:`on_play` with the
    :class:`~cardkit.Card`. The widget does not apply it: the callback (usually a
    controller calling ``state.apply_action``) decides, so legality has one source of
    truth, the state's ``legal_actions()``.

    :param deck_size: 52 (13 columns A..2) or 36 (9 columns A..6).
    :param on_play: a callback ``f(card)``, optional (same as calling :meth:`on_play`).
    :param title: the heading shown above the grid (HTML allowed; "" for none).
    :raises CardkitError: for a deck size other than 52 or 36.

    :ivar buttons: ``dict[Card, ipywidgets.Button]``, one button per card of the deck.
    :ivar caption: an ``HTML`` line that says in words what the grid shows.
    :ivar suit_rows: the four ``HBox`` rows (♠ ♥ ♦ ♣): a suit label, then a button per rank.
    """

    def __init__(self, deck_size: int = 52, *, on_play: Callable[[Card], object] | None = None,
                 title: str = "Your hand") -> None:
        self.deck_size = deck_size
        self.ranks = ranks_for(deck_size)
        self.suits = tuple(Suit)
        self.buttons: dict[Card, W.Button] = {}
        self._status: dict[Card, str] = {}
        self._callbacks: list[Callable[[Card], object]] = []
        header = [W.HTML("", layout=W.Layout(width="1.6em", margin="0px 2px"))] + [
            W.HTML(f'<div style="text-align:center;color:#555;font-size:0.85em">{r.char}</div>',
                   layout=W.Layout(width=card_button_layout().width, margin="0px 1px"))
            for r in self.ranks]
        rows = [W.HBox(header)]
        for suit in self.suits:
            label = W.HTML(suit_html(suit, size="1.3em"),
                           layout=W.Layout(width="1.6em", margin="1px 2px"),
                           tooltip=SUIT_NAMES[suit])
            cells = [label]
            for rank in self.ranks:
                card = Card(suit, rank)
                b = W.Button(description=str(card), disabled=True, tooltip=f"{card}: not in this hand",
                             layout=card_button_layout())
                b.style.text_color = suit_colour(suit)
                b.layout.visibility = "hidden"
                b.on_click(self._make_handler(card))
                self.buttons[card] = b
                self._status[card] = ABSENT
                cells.append(b)
            rows.append(W.HBox(cells, layout=W.Layout(align_items="center")))
        self.title = W.HTML(f"<b>{title}</b>" if title else "")
        self.caption = W.HTML("")
        self.suit_rows = tuple(rows[1:])
        self.grid = W.VBox(rows)
        super().__init__([self.title, self.grid, self.caption],
                         layout=W.Layout(padding="2px", width="fit-content"))
        if on_play is not None:
            self.on_play(on_play)

    # ---- events -------------------------------------------------------------------

    def on_play(self, callback: Callable[[Card], object], remove: bool = False) -> None:
        """Register (or with ``remove=True`` unregister) ``callback(card)``, called when a
        card button is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, card: Card):
        def handler(_button):
            for cb in list(self._callbacks):
                cb(card)
        return handler

    def click(self, card: Card | str) -> None:
        """Click the button of ``card`` (a Card or notation such as ``"QH"``), as a user would."""
        from cardkit.notation import parse_card

        if isinstance(card, str):
            card = parse_card(card)
        self.buttons[card].click()

    # ---- display ----------------------------------------------------------------------

    def update(self, hand: Iterable[Card], legal: Iterable[Card] = (), *,
               played: Iterable[Card] = (), reason: str = "not playable now",
               caption: str | None = None) -> None:
        """Show ``hand`` with the ``legal`` cards enabled; in place, no child is rebuilt.

        :param hand: the cards held now.
        :param legal: the cards that may be played now (normally the cards among
            ``state.legal_actions()``); cards not in ``hand`` are ignored.
        :param played: cards this player has already played (shown struck through).
        :param reason: why a held card is disabled (a tooltip), e.g. "must follow ♥".
        :param caption: the text line under the grid; default: a summary in words.
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
            self._status[card] = status
            if status != PLAYED:
                b.style.font_style = "normal"
            if status == LEGAL:
                b.disabled = False
                b.tooltip = f"{card}: legal, click to play"
                b.style.font_weight = "bold"
                b.style.text_decoration = "underline"
            elif status == HELD:
                b.disabled = True
                b.tooltip = f"{card}: {reason}"
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            elif status == PLAYED:
                b.disabled = True
                b.tooltip = f"{card}: played"
                b.style.font_weight = "normal"
                b.style.font_style = "italic"
                b.style.text_decoration = "line-through"
            else:
                b.disabled = True
                b.tooltip = f"{card}: not in this hand"
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            b.layout.visibility = "hidden" if status == ABSENT else "visible"
        if caption is None:
            n = len(hand)
            if legal:
                shown = " ".join(card_html(c) for c in sorted(legal, key=self._order))
                caption = f"{n} card{'s' if n != 1 else ''}. Playable now (bold, underlined): {shown}."
            else:
                caption = f"{n} card{'s' if n != 1 else ''}. Nothing to play now: {reason}."
            if played:
                caption += " Played (struck through): " + " ".join(
                    card_html(c) for c in sorted(played, key=self._order)) + "."
        self.caption.value = caption

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
        played = [c for t in getattr(state, "tricks", ()) for s, c in zip(t.seats, t.cards) if s == seat]
        legal: list[Card] = []
        if state.is_terminal():
            reason = "the deal is over"
        elif state.current_player != seat:
            reason = "not your turn"
        elif state.phase != "play":
            reason = f"now is the {state.phase}, not the play"
        else:
            legal = [a for a in state.legal_actions() if isinstance(a, Card)]
            reason = "not playable now"
            trick = getattr(state, "trick", None)
            if trick is not None and trick.cards:
                led = trick.cards[0].suit
                if legal and all(c.suit == led for c in legal):
                    reason = f"must follow {led.symbol}"
            if not active:
                legal, reason = [], "wait"
        if cards is None:
            hand += [c for c in legal if c not in hand]
        self.update(hand, legal, played=played, reason=reason, caption=caption)

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
