"""HandTable: one player's hand as a fixed grid of card buttons, a row per suit and a
column per rank, drawn as one widget (:class:`~cardkit_widgets._figure.Figure`)."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable

from cardkit.cards import Card, Suit
from cardkit.i18n import check_lang, translation
from cardkit.wording import PHASE_REFUSALS

from ._common import (
    SUIT_NAMES,
    Size,
    card_html,
    card_words,
    card_words_in,
    cards_in_words_of,
    rank_letters,
    ranks_for,
    recolour_html,
    set_class,
    size_of,
    suit_class,
    suit_colour,
    suit_html,
    suit_words,
)
from ._figure import Figure, Shown, Sketch, call_with as _call

__all__ = ["HandTable", "card_key", "card_label"]

#: What a cell of the grid shows; :meth:`HandTable.status_of` returns one of these.
LEGAL, HELD, PLAYED, ABSENT = "legal", "held", "played", "absent"

#: HandTable's style sheet (besides the figures'): each state in the text, not colour
#: alone: a legal card bold and underlined, a played one italic and struck through; the
#: grid's rows never wrap (a wrapped row put low cards under the wrong ranks): on a
#: narrow screen the grid scrolls sideways in its own box.
HAND_CSS = """
.ck-fig .ck-hand-grid { max-width: 100%; box-sizing: border-box; }
.ck-fig .ck-hand-rows { overflow-x: auto; max-width: 100%; }
.ck-fig .ck-hand-rows .ck-row { flex-wrap: nowrap; }
.ck-fig .jupyter-button.ck-card.ck-legal { font-weight: bold; text-decoration: underline; }
.ck-fig .jupyter-button.ck-card.ck-played { font-style: italic; text-decoration: line-through; }
"""


def card_key(card: Card) -> str:
    """A card's key in the page, ``"QH"``, ``"TH"``."""
    return f"{card.rank.char}{card.suit.letter}"


def card_label(card: Card) -> str:
    """A card as a button writes it: ``"Q♥"``, and the ten ``"10♥"``."""
    rank = card.rank.char
    return f"{'10' if rank == 'T' else rank}{card.suit.symbol}"


class HandTable(Figure):
    """One player's hand: a row per suit (♠ ♥ ♦ ♣), a column per rank (A first).

    One widget (a :class:`~cardkit_widgets._figure.Figure`): the grid (52 cards: 4 × 13;
    36 cards: 4 × 9, A..6) is redrawn from Python at each :meth:`update`, and the page
    patches its buttons in place. Every card is a button whose text is the card
    (``"Q♥"``, the ten ``"10♥"``) and whose accessible name is the card in words
    (``aria-label="queen of hearts"``); its tooltip says its state. State is never
    shown by colour alone:

    - a **legal** card is enabled, **bold and underlined**, its tooltip says
      "legal, click to play", and the caption line lists the legal cards;
    - a card held but not playable now is disabled (greyed) and its tooltip says why
      ("must follow ♥", "not your turn");
    - a card this player has **played** stays in place, disabled and struck through
      (and italic), tooltip "played";
    - a card not in this hand is hidden (its cell keeps its place in the grid); a hidden
      button (CSS ``visibility: hidden``, and disabled) is not in the tab order.

    Every button has the DOM classes ``ck-card``, its suit's ``ck-suit-S`` / ``-H`` /
    ``-D`` / ``-C`` and its state's ``ck-legal`` / ``ck-held`` / ``ck-played`` /
    ``ck-absent``; the widget itself has ``ck-table ck-hand``.

    Keyboard: the legal cards are the only enabled buttons, so Tab goes from one legal
    card to the next (row by row, ♠ ♥ ♦ ♣, ace first) and Enter or Space plays the one
    with the focus (a 3 px focus ring shows which).

    Clicking an enabled card calls every callback registered with :meth:`on_play` with the
    :class:`~cardkit.Card`; a press of any other card (a forged page message, or
    :meth:`click` on a disabled card) is ignored. The widget does not apply the card: the
    callback (usually a controller calling ``state.apply_action``) decides, so legality
    has one source of truth, the state's ``legal_actions()``.

    :param deck_size: 52 (13 columns A..2) or 36 (9 columns A..6).
    :param on_play: a callback ``f(card)``, optional (same as calling :meth:`on_play`).
    :param title: the heading shown above the grid (HTML allowed; "" for none; default "Your
        hand" in ``lang``).
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"`` (the cards' letters
        and words too: Д♥, "дама червей").
    :param four_colour: the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) instead
        of red and black; change it later with :meth:`set_four_colour`.
    :param size: ``"normal"`` or ``"large"`` (a projector: card text 2.5 em, buttons 5 em
        wide); change it later with :meth:`set_size`.
    :raises CardkitError: for a deck size other than 52 or 36, or an unknown size.

    :ivar caption: the HTML line under the grid that says in words what it shows.
    :ivar four_colour: whether the four-colour deck is shown (bool).
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    """

    _css = Figure._css + HAND_CSS

    def __init__(self, deck_size: int = 52, *, on_play: Callable[[Card], object] | None = None,
                 title: str | None = None, four_colour: bool = False, size: str = "normal",
                 lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        if title is None:
            title = self.i18n.gettext("Your hand")
        self.deck_size = deck_size
        self.ranks = ranks_for(deck_size)
        self.suits = tuple(Suit)
        sz = size_of(size)
        super().__init__()
        self.four_colour = bool(four_colour)
        self.size = sz.name
        self.cards = tuple(Card(suit, rank) for suit in self.suits for rank in self.ranks)
        self._status: dict[Card, str] = dict.fromkeys(self.cards, ABSENT)
        self._tooltip: dict[Card, str] = {c: self.i18n.gettext("{card} ({words}): not in this hand").format(
            card=self._label(c), words=self._words(c)) for c in self.cards}
        self._readable: set[Card] = set()
        self._callbacks: list[Callable[[Card], object]] = []
        self.title = f"<b>{title}</b>" if title else ""
        self.caption = ""
        self.add_class("ck-table")
        self.add_class("ck-hand")
        self.set_size(self.size)
        self.set_four_colour(self.four_colour)
        if on_play is not None:
            self.on_play(on_play)

    # ---- display options ------------------------------------------------------------

    def set_four_colour(self, on: bool) -> None:
        """Show the four-colour deck (``on``: ♠ black, ♥ red, ♦ blue, ♣ green) or the usual
        red and black, in place: the cards' text colours, the suit labels and the caption
        change, and the class ``ck-four-colour`` (on the widget and on every card button);
        the suit symbols stay in every button's text."""
        self.four_colour = bool(on)
        set_class(self, "ck-four-colour", self.four_colour)
        self.caption = recolour_html(self.caption, self.four_colour)
        self._draw()

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: card text 2.5 em, buttons 5 em wide,
        the widget gets the class ``ck-large``), in place.

        :raises CardkitError: for another size.
        """
        sz: Size = size_of(size)
        self.size = sz.name
        set_class(self, "ck-large", sz.name == "large")
        self._draw()

    # ---- events -------------------------------------------------------------------

    def on_play(self, callback: Callable[[Card], object], remove: bool = False) -> None:
        """Register (or with ``remove=True`` unregister) ``callback(card)``, called when a
        legal card's button is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _play(self, card: Card) -> None:
        if self._status[card] != LEGAL:      # only an enabled card acts
            return
        for cb in list(self._callbacks):
            cb(card)

    def click(self, card: Card | str) -> None:
        """Click the button of ``card`` (a Card or notation such as ``"QH"``), as a user
        would: a disabled button does nothing (no callback is called)."""
        from cardkit.notation import parse_card

        if isinstance(card, str):
            card = parse_card(card)
        self.press(card_key(card))

    # ---- display ----------------------------------------------------------------------

    def _label(self, card: Card) -> str:
        """A card's label on its button: ``Q♥``, ``10♥`` (``Д♥`` in Russian)."""
        return card_label(card) if self.lang == "en" else cards_in_words_of(card_label(card), self.i18n)

    def _words(self, card: Card) -> str:
        """A card in words: "queen of hearts" ("дама червей" in Russian)."""
        return card_words(card) if self.lang == "en" else card_words_in(card, self.i18n)

    def update(self, hand: Iterable[Card], legal: Iterable[Card] = (), *,
               played: Iterable[Card] = (), reason: str | None = None,
               caption: str | None = None, rule: str = "") -> None:
        """Show ``hand`` with the ``legal`` cards enabled, in place (one redraw).

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
        _ = self.i18n.gettext
        if reason is None:
            reason = _("not playable now")
        hand = list(hand)
        held = set(hand)
        legal = [c for c in legal if c in held]
        legal_set = set(legal)
        played = set(played) - held
        for card in self.cards:
            values = dict(card=self._label(card), words=self._words(card))
            if card in legal_set:
                status, tip = LEGAL, _("{card} ({words}): legal, click to play").format(**values)
            elif card in held:
                status, tip = HELD, _("{card} ({words}): {why}").format(why=reason, **values)
            elif card in played:
                status, tip = PLAYED, _("{card} ({words}): played").format(**values)
            else:
                status, tip = ABSENT, _("{card} ({words}): not in this hand").format(**values)
            self._status[card] = status
            self._tooltip[card] = tip
        self._readable = set() if legal else {c for c in held if c in self._status}
        if caption is None:
            n = len(hand)
            count = self.i18n.ngettext("{n} card.", "{n} cards.", n).format(n=n)
            if legal:
                shown = " ".join(card_html(c, four_colour=self.four_colour) for c in sorted(legal, key=self._order))
                caption = count + " "
                if rule:
                    caption += rule + " "
                caption += _("Playable now (bold, underlined): {cards}.").format(cards=shown)
            else:
                caption = count + " " + _("Nothing to play now: {why}.").format(why=reason)
            if played:
                caption += " " + _("Played (struck through): {cards}.").format(cards=" ".join(
                    card_html(c, four_colour=self.four_colour) for c in sorted(played, key=self._order)))
        if self.lang != "en":
            caption = cards_in_words_of(caption, self.i18n)
        self.caption = recolour_html(caption, self.four_colour)
        self._draw()

    def _draw(self) -> None:
        sz = size_of(self.size)
        own = sz.button_layout()
        font = f";font-size:{sz.font_size}" if sz.font_size else ""
        text = f' style="font-size:{sz.text_size}"' if sz.text_size else ""
        label_width = sz.em(1.6)
        sketch = Sketch()
        letters = {"T": "10", **(rank_letters(self.i18n) if self.lang != "en" else {})}
        suit_names = {s: SUIT_NAMES[s] if self.lang == "en" else suit_words(s, self.i18n) for s in self.suits}
        # a rank's heading is as wide as the buttons under it: its smaller text sits in an inner
        # span, since a width in em is read in the element's own font size (the headings drifted
        # left of their columns, issue 33, item 5)
        head = [f'<span class="ck-fixed" style="width:{label_width};margin:0 2px"></span>'] + [
            f'<span class="ck-fixed" style="width:{own["width"]};margin:0 1px;text-align:center{font}">'
            f'<span style="color:#555;font-size:{sz.em(0.85)}">{letters.get(r.char, r.char)}</span></span>'
            for r in self.ranks]
        rows = [f'<div class="ck-row" aria-hidden="true">{"".join(head)}</div>']
        for suit in self.suits:
            cells = [f'<span class="ck-fixed" style="width:{label_width};margin:1px 2px" title="{suit_names[suit]}">'
                     f'{suit_html(suit, size=sz.em(1.3), four_colour=self.four_colour, lang=self.lang)}</span>']
            for rank in self.ranks:
                card = Card(suit, rank)
                status = self._status[card]
                classes = ["ck-card", suit_class(suit), f"ck-{status}"]
                if self.four_colour:
                    classes.append("ck-four-colour")
                if card in self._readable:
                    classes.append("ck-readable")
                style = f"color:{suit_colour(suit, self.four_colour)};width:{own['width']};height:{own['height']}{font}"
                cells.append(sketch.button(
                    card_key(card), self._label(card), tooltip=self._tooltip[card], classes=classes, style=style,
                    aria_label=self._words(card), hidden=status == ABSENT,
                    action=functools.partial(_call, self._play, card) if status == LEGAL else None))
            rows.append(f'<div class="ck-row" role="group" aria-label="{suit_names[suit]}">{"".join(cells)}</div>')
        title = f"<div{text}>{self.title}</div>" if self.title else ""
        hand = self.i18n.gettext("hand")
        self.draw(f'<div class="ck-hand-grid" style="padding:2px;width:fit-content">{title}'
                  f'<div class="ck-hand-rows" role="group" aria-label="{html.escape(_plain(self.title) or hand)}">'
                  f'{"".join(rows)}</div>'
                  f'<div class="ck-caption"{text}>{self.caption}</div></div>', sketch)

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
        _ = self.i18n.gettext
        if state.is_terminal():
            reason = _("the deal is over")
        elif state.current_player != seat:
            reason = _("not your turn")
        elif state.phase != "play":
            reason = _(PHASE_REFUSALS.get(state.phase, "not playable now"))
        else:
            legal = [a for a in state.legal_actions() if isinstance(a, Card)]
            reason = _("not playable now")
            trick = getattr(state, "trick", None)
            if trick is not None and trick.cards:
                led = trick.cards[0].suit
                if legal and all(c.suit == led for c in legal):
                    reason = _("must follow {suit}").format(suit=led.symbol)
                    if any(c not in legal for c in hand):
                        listed = " ".join(card_html(c, four_colour=self.four_colour)
                                          for c in sorted(legal, key=self._order))
                        rule = _("{suit} was led: you must follow {suit} ({cards}).").format(suit=led.symbol,
                                                                                             cards=listed)
                elif legal and not any(c.suit == led for c in hand) and all(c in legal for c in hand):
                    rule = _("{suit} was led: you have no {suit}, so any card may be played.").format(suit=led.symbol)
            if not active:
                legal, reason, rule = [], _("wait"), ""
        if cards is None:
            hand += [c for c in legal if c not in hand]
        self.update(hand, legal, played=played, reason=reason, caption=caption, rule=rule)

    # ---- queries ----------------------------------------------------------------------

    def status_of(self, card: Card) -> str:
        """``"legal"``, ``"held"``, ``"played"`` or ``"absent"``: what the grid shows for ``card``."""
        return self._status[card]

    @property
    def buttons(self) -> dict[Card, Shown]:
        """Each card's button as shown now (``description``, ``disabled``, ``hidden``,
        ``tooltip``, ``classes``, ``style``; :meth:`Shown.click` presses it), in grid order."""
        return {c: b for c in self.cards if (b := self.button(card_key(c))) is not None}

    @property
    def legal_cards(self) -> list[Card]:
        """The cards shown as legal (enabled), in grid order."""
        return [c for c in self.cards if self._status[c] == LEGAL]

    @property
    def enabled_cards(self) -> list[Card]:
        """The cards whose button is enabled, in grid order (equal to :attr:`legal_cards`)."""
        return [c for c, b in self.buttons.items() if not b.disabled]

    @staticmethod
    def _order(card: Card):
        return (int(card.suit), -int(card.rank))


def _plain(markup: str) -> str:
    """``markup`` without its tags (for an accessible name)."""
    import re

    return html.unescape(re.sub(r"<[^>]*>", "", markup)).strip()
