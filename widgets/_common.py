"""Helpers shared by the table widgets: card and suit display, seat names and positions,
compact layouts, and one-line error messages.

Nothing here knows a game's rules: the widgets only call the state protocol of
:mod:`cardkit.state` (``legal_actions``, ``apply_action``, ``undo_action``,
``observation``, ``returns``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as W
import numpy as np

from cardkit.cards import Card, Rank, Suit
from cardkit.errors import CardkitError
from cardkit.i18n import check_lang, translation
from cardkit.table.card_view import seat_positions  # moved down: the card table's one builder
from cardkit.wording import (  # noqa: F401  # re-exported: cardkit_widgets.lesson (and, moved to cardkit, the card words)
    COMPASS,
    RULES_FILE,
    card_words_in,
    cards_in_words_of,
    minus_signs,
    number,
    rank_letters,
    rules_words,
    seats_named,
    signed,
    suit_titles_in,
    suit_words,
    tens_as_10,
)

from ._kernel_guard import install as _install_kernel_guard

# A malformed widget message from the page is answered with nothing the page sees (issue 32).
_install_kernel_guard()

__all__ = ["in_sentence", "DEFAULT_SEAT_NAMES",
    "RED", "BLACK", "BLUE", "GREEN", "BUTTON_WIDTH", "BUTTON_HEIGHT", "ranks_for", "suit_html", "card_html",
    "seat_names", "seat_positions", "one_line", "card_button_layout", "SUIT_NAMES", "RANK_NAMES",
    "FOUR_COLOURS", "TWO_COLOURS", "suit_colour", "suit_class", "card_words", "recolour_html",
    "SIZES", "Size", "size_of", "CSS", "css_widget", "set_class", "COMPASS", "learner_words", "tens_as_10",
    "plain_text", "hand_html", "tens_as_10_in", "cards_in_language",
]

def plain_text(text: str) -> str:
    """HTML as plain text: tags dropped, entities unescaped."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


RED = "#c62828"
BLACK = "#1a1a1a"
BLUE = "#1565c0"
GREEN = "#2e7d32"
BUTTON_WIDTH = "2.6em"
BUTTON_HEIGHT = "2.1em"
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
RANK_NAMES = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
              Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six", Rank.FIVE: "five",
              Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two"}

#: The usual deck: red hearts and diamonds, black spades and clubs.
TWO_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK}
#: The four-colour deck (an accessibility option): ♠ black, ♥ red, ♦ blue, ♣ green, so
#: that no two suits share a colour. The suit symbol is always in the text as well.
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}


@dataclass(frozen=True)
class Size:
    """The measures of one display size of the table widgets.

    ``scale`` is the font size of card buttons relative to the surrounding text (CSS
    ``em``); ``button_width``/``button_height`` are a card button's size in ems of the
    surrounding text (the button's own layout divides them by ``scale``, since a CSS
    length in ``em`` on an element counts that element's own font size).
    """

    name: str
    scale: float          # card button font size, ems of the surrounding text
    button_width: float   # ems of the surrounding text
    button_height: float  # ems of the surrounding text
    text: float           # font size of tables and captions, ems

    @property
    def font_size(self) -> str:
        """The card buttons' CSS font size ("" for the default)."""
        return "" if self.scale == 1 else f"{self.scale:g}em"

    def button_layout(self) -> dict[str, str]:
        """``width``/``height`` for a card button's own layout (in the button's ems)."""
        return {"width": f"{self.button_width / self.scale:.4g}em",
                "height": f"{self.button_height / self.scale:.4g}em"}

    @property
    def text_size(self) -> str:
        """The CSS font size of tables and captions ("" for the default)."""
        return "" if self.text == 1 else f"{self.text:g}em"

    def em(self, value: float) -> str:
        """``value`` ems of normal-size text, scaled like the tables' text."""
        return f"{value * self.text:.4g}em"


#: ``"normal"`` (the classroom screen) and ``"large"`` (a projector: card text 2.5 em,
#: card buttons 5 em wide).
SIZES = {
    "normal": Size("normal", scale=1, button_width=2.6, button_height=2.1, text=1),
    "large": Size("large", scale=2.5, button_width=5, button_height=4, text=1.6),
}


def size_of(size: str | Size) -> Size:
    """The :class:`Size` named ``size`` (``"normal"`` or ``"large"``).

    :raises CardkitError: for another name.
    """
    if isinstance(size, Size):
        return size
    if size not in SIZES:
        from cardkit.errors import CardkitError, quote

        raise CardkitError(f"size {quote(size)}: expected one of {', '.join(map(repr, SIZES))}")
    return SIZES[size]


#: The table widgets' style sheet, injected once per table by :func:`css_widget`: a
#: clear keyboard focus ring (3 px, inside the button so that no box clips it) on every button of a table, so that a
#: learner playing with Tab / Enter / Space sees where the focus is; and text lines
#: spaced by the font (Jupyter's HTML widgets space every line 28 px apart, so a caption
#: of two lines looked like two paragraphs). Everything else (colours, borders,
#: strike-through) is set on the widgets themselves.
CSS = """
.ck-table .jupyter-button:focus-visible, .ck-table button:focus-visible {
  outline: 3px solid #1565c0 !important; outline-offset: -3px; }
.ck-table .widget-html-content { line-height: 1.4; }
"""


def css_widget() -> W.HTML:
    """A hidden ``HTML`` widget holding :data:`CSS` in a ``<style>`` element (a style
    element applies even inside a hidden element)."""
    w = W.HTML(f"<style>{CSS}</style>", layout=W.Layout(display="none"))
    w.add_class("ck-css")
    return w


def set_class(widget: W.DOMWidget, name: str, on: bool) -> None:
    """Add (``on``) or remove the DOM class ``name`` of ``widget``; no message is sent
    when nothing changes."""
    has = name in widget._dom_classes
    if on and not has:
        widget.add_class(name)
    elif not on and has:
        widget.remove_class(name)


def ranks_for(deck_size: int) -> tuple[Rank, ...]:
    """The ranks of a ``deck_size``-card deck, ace first: 13 ranks A..2 for 52 cards, 9
    ranks A..6 for 36 (RULES.md §2.1, §3.1).

    :raises CardkitError: for another deck size.
    """
    from cardkit.errors import CardkitError, quote

    if deck_size == 52:
        low = Rank.TWO
    elif deck_size == 36:
        low = Rank.SIX
    else:
        raise CardkitError(f"deck size {quote(deck_size)}: the table widgets know the 52- and 36-card decks")
    return tuple(r for r in sorted(Rank, reverse=True) if r >= low)


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The CSS colour of ``suit``: red or black, or with ``four_colour`` the four-colour
    deck's (♠ black, ♥ red, ♦ blue, ♣ green)."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def suit_class(suit: Suit) -> str:
    """The DOM class of a suit: ``"ck-suit-S"``, ``"ck-suit-H"``, ``"ck-suit-D"``, ``"ck-suit-C"``."""
    return f"ck-suit-{suit.letter}"


def card_words(card: Card) -> str:
    """The card in words, ``"queen of hearts"`` (for tooltips: a screen reader reads ♥ as
    "black heart suit")."""
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def suit_html(suit: Suit, *, size: str | None = None, four_colour: bool = False, lang: str = "en") -> str:
    """The suit symbol in its colour, with the suit's name as a tooltip.

    :param four_colour: use the four-colour deck (♦ blue, ♣ green); the span then also
        has the classes ``ck-suit ck-suit-D ck-four-colour``. The default output is the
        two-colour span, unchanged.
    """
    style = f"color:{suit_colour(suit, four_colour)};font-weight:bold"
    if size:
        style += f";font-size:{size}"
    cls = f'class="ck-suit {suit_class(suit)} ck-four-colour" ' if four_colour else ""
    title = SUIT_NAMES[suit] if lang == "en" else html.escape(suit_words(suit, translation(check_lang(lang))))
    return f'<span {cls}title="{title}" style="{style}">{suit.symbol}</span>'


def card_html(card: Card | None, *, size: str | None = None, four_colour: bool = False, lang: str = "en") -> str:
    """``Q♥`` in the suit's colour (red for ♥ ♦), the ten as ``10♥`` (:attr:`Card.label`);
    ``—`` for None. The text says the card, the colour only repeats the suit.

    :param four_colour: use the four-colour deck (♦ blue, ♣ green); the span then also
        has the classes ``ck-card ck-suit-D ck-four-colour``. The default output is the
        two-colour span, unchanged.
    """
    if card is None:
        return "—"
    style = f"color:{suit_colour(card.suit, four_colour)};font-weight:bold;white-space:nowrap"
    if size:
        style += f";font-size:{size}"
    cls = f'class="ck-card {suit_class(card.suit)} ck-four-colour" ' if four_colour else ""
    label = card.label if lang == "en" else cards_in_words_of(card.label, translation(check_lang(lang)))
    return f'<span {cls}style="{style}">{html.escape(label)}</span>'


# A span written by card_html or suit_html (either deck): its colour and, for the
# four-colour deck, its classes are rewritten by recolour_html.
_SPAN = re.compile(
    r'<span (?:class="ck-(?P<kind>card|suit) ck-suit-[SHDC] ck-four-colour" )?(?P<title>title="[^"<>]+" )?'
    r'style="color:#[0-9a-fA-F]{6};(?P<rest>font-weight:bold[^"]*)">(?P<text>[^<]*?(?P<sym>[♠♥♦♣]))</span>')


def recolour_html(text: str, four_colour: bool) -> str:
    """``text`` with every card or suit written by :func:`card_html` / :func:`suit_html`
    (in either deck) redrawn in the two- or four-colour deck. Other HTML is untouched.
    Lets a table show captions written by a caller in the table's own deck."""
    def redo(m: re.Match) -> str:
        suit = Suit("♠♥♦♣".index(m["sym"]))
        style = f'style="color:{suit_colour(suit, four_colour)};{m["rest"]}"'
        is_suit = m["title"] is not None or m["kind"] == "suit"
        kind = "suit" if is_suit else "card"
        cls = f'class="ck-{kind} {suit_class(suit)} ck-four-colour" ' if four_colour else ""
        return f'<span {cls}{m["title"] or ""}{style}>{m["text"]}</span>'
    return _SPAN.sub(redo, text)




def seat_names(players: int, names: Sequence[str] | None = None, viewer: int | None = None,
               tr=None) -> list[str]:
    """Names for seats 0..players-1.

    Default (``names`` None): the viewer is "You" and the others are named by where they
    sit from the viewer (4 seats: West on the left, North opposite, East on the right;
    3 seats: West, East; 2 seats: Your opponent). With no viewer, the compass names from
    seat 0 (RULES.md, "Common conventions": a learner reads names, never seat numbers):
    "South", "West", "North", "East" (3 seats: "South", "West", "East"; 2 seats: "You",
    "Your opponent").

    With ``tr`` (a :func:`cardkit.i18n.translation`), the default names in its language
    (Russian: "Юг (вы)", "Запад", "Север", "Восток"; two seats: "Вы", "Соперник").

    :raises CardkitError: when ``names`` is not one name per seat.
    """
    from cardkit.errors import CardkitError, quote

    if names is not None:
        names = [str(n) for n in names]
        if len(names) != players:
            raise CardkitError(f"names {quote(names)}: expected {players} names, one per seat")
        return names
    if viewer is None:
        if players not in COMPASS:
            return [f"Player {s + 1}" for s in range(players)]
        return [tr.gettext(n) if tr is not None else n for n in COMPASS[players]]
    if tr is None:
        around = {2: ["You", "Your opponent"], 3: ["You", "West", "East"],
                  4: ["You", "West", "North", "East"]}[players]
    else:
        you, west, north, east = (tr.pgettext("seat of 3 or 4", "You"), tr.gettext("West"), tr.gettext("North"),
                                  tr.gettext("East"))
        around = {2: [tr.gettext("You"), tr.gettext("Your opponent")], 3: [you, west, east],
                  4: [you, west, north, east]}[players]
    return [around[(s - viewer) % players] for s in range(players)]


def one_line(exc: BaseException, limit: int = 400, players: int | Sequence[str] | None = None, *,
             tr=None) -> str:
    """An exception as one line of text for a status line (never a traceback), at most
    about ``limit`` characters (cardkit's messages quote at most ~60 characters of an
    input; this also bounds a message from elsewhere). The rule it names is written for a
    learner ("Rules §1.3", not the file name); the input it quotes stays as typed. With the
    table's number of ``players``, the engine's "seat 1" is named as the learner reads it
    ("West": :func:`cardkit.wording.seats_named`); or give the seats' names in seat order
    (``("East", "You", "West", "North")``: "seat 1's hand" reads "your hand"). With ``tr`` (a
    :func:`cardkit.i18n.translation`; None for English), a cardkit error that carries its
    words (:meth:`~cardkit.errors.CardkitError.in_language`: notation, deal codes) is said in
    that language."""
    said = exc.in_language(tr) if tr is not None and isinstance(exc, CardkitError) else str(exc)
    text = said.strip().splitlines()
    msg = tens_as_10(rules_words(text[0])) if text else type(exc).__name__
    if isinstance(players, int):
        msg = seats_named(msg, players)
    elif players is not None:
        msg = seats_named(msg, len(players), tuple(str(n) for n in players))
    return msg if len(msg) <= limit else msg[:limit] + "…"


_RULES_FILE = RULES_FILE   # moved to cardkit.wording (rules_words with it)


def learner_words(text: str) -> str:
    """A message from the engine as a learner reads it: the rules file named as "Rules"
    ("RULES.md §1.3" → "Rules §1.3"), minus signs as "−" (:func:`minus_signs`) and the
    ten as 10 ("T♥" → "10♥": :func:`cardkit.wording.tens_as_10`)."""
    return tens_as_10(minus_signs(_RULES_FILE.sub("Rules", text)))




#: The largest seed a play page's seed box takes: a deal code carries at most 12 digits
#: (``cardkit.codes.MAX_SEED_DIGITS``), and a browser keeps such a number exactly.
MAX_SEED = 10 ** 12 - 1


def read_seed(value) -> int:
    """The seed in a seed box: a whole number 0..:data:`MAX_SEED`, given as an int or as
    the text typed (ASCII digits, spaces around allowed).

    >>> read_seed(" 4821 "), read_seed(7)
    (4821, 7)

    :raises CardkitError: (a ValueError) in one line, quoting at most ~60 characters, for
        anything else: ``-3``, ``"1e30"``, ``"12.5"``, ``1.5``, ``True``, a number over
        :data:`MAX_SEED` (``12345678901234567`` is refused, not rounded), text.
    """
    import re

    import numpy as np

    from cardkit.errors import CardkitError, quote

    expected = f"a deal number is a whole number 0..{MAX_SEED:,}".replace(",", " ")
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"[0-9]{1,12}", text):
            return int(text)
        raise CardkitError(f"deal number {quote(value)}: {expected}")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not 0 <= value <= MAX_SEED:
        raise CardkitError(f"deal number {quote(value)}: {expected}")  # quoted as typed
    return int(value)


def card_button_layout(width: str = BUTTON_WIDTH) -> W.Layout:
    """The layout of a normal-size card button (2.6 em × 2.1 em)."""
    return W.Layout(width=width, height=BUTTON_HEIGHT, padding="0px", margin="1px")


def same_answer(a, b) -> bool:
    """``a == b`` for answers, never raising: a bool is not a number (``True`` is not the
    choice 1), a numpy integer is its number, and a comparison that gives anything but
    True or False (a numpy number against a tuple gives an array) is False."""
    if isinstance(a, (bool, np.bool_)) != isinstance(b, (bool, np.bool_)):
        return False
    try:
        r = a == b
    except Exception:  # noqa: BLE001 - an answer of any type is just not equal
        return False
    return isinstance(r, (bool, np.bool_)) and bool(r)


def hand_html(cards: Sequence[Card]) -> str:
    """A hand in HTML, by suit, highest first: "♠A K 7 ♥Q 10"; "(no cards)" when empty."""
    parts = []
    for suit in sorted({c.suit for c in cards}):
        ranks = " ".join(c.rank.label for c in sorted((c for c in cards if c.suit == suit), key=lambda x: -x.rank))
        parts.append(f"{suit_html(suit)}{ranks}")
    return " ".join(parts) or "(no cards)"


def tens_as_10_in(x):
    """The page's state with every ten a text writes ``T`` beside a suit symbol written
    ``10``, as on the card faces (the engine's refusals, the replay's commentary and the
    judge's verdicts write ``str(card)``, ``T♥``; RULES.md, "Common conventions")."""
    if isinstance(x, str):
        return tens_as_10(x) if "T" in x else x
    if isinstance(x, dict):
        return {k: tens_as_10_in(v) for k, v in x.items()}
    if isinstance(x, list):
        return [tens_as_10_in(v) for v in x]
    return x


def cards_in_language(x, tr):
    """The page's state ``x`` with its cards in ``tr``'s language: a card's ``rank``, ``label``
    and ``name`` (:func:`~cardkit_widgets.card_table.card_json`: Д, Д♥, "дама червей"), a
    trump's ``name``, and each card written ``Q♥`` in a text (``Д♥``); ids and codes stay."""
    if isinstance(x, str):
        return cards_in_words_of(x, tr) if any(s in x for s in "♠♥♦♣") else x
    if isinstance(x, list):
        return [cards_in_language(v, tr) for v in x]
    if not isinstance(x, dict):
        return x
    if {"id", "rank", "sym", "label", "name"} <= x.keys():   # a card
        from .card_table import parse_card_id

        card = parse_card_id(x["id"])
        rest = {k: cards_in_language(v, tr) for k, v in x.items()}   # a hand card's reason too
        return {**rest, "rank": rank_letters(tr).get(x["rank"], x["rank"]), "label": cards_in_words_of(x["label"], tr),
                "name": card_words_in(card, tr)}
    if x.keys() == {"suit", "sym", "name"}:                   # a suit (the trump)
        return {**x, "name": suit_words(Suit("SHDC".index(x["suit"])), tr)}
    return {k: cards_in_language(v, tr) for k, v in x.items()}


def in_sentence(name: str) -> str:
    """A seat's name inside a sentence: the default names "You" and "Your opponent" (Russian
    «Вы», «Соперник») in lower case ("your opponent deals", "dealer you"); a person's name as it is."""
    return name[0].lower() + name[1:] if name in DEFAULT_SEAT_NAMES else name


#: the default names of the learner's seat and of Armenian Durak's other seat, English and Russian
DEFAULT_SEAT_NAMES = ("You", "Your opponent", "Вы", "Соперник")
