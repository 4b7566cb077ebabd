"""Numbers as a learner reads them: the sign shown, and the true minus sign "−" (U+2212),
never the hyphen-minus. The one formatter of signed points for the replay's commentary,
the problem sets, the judge's words and the widgets (``cardkit_widgets.lesson`` re-exports
:func:`signed`, :func:`number` and :func:`minus_signs`).

>>> signed(3), signed(-3), signed(0), signed(-0.004, 2), signed(2.5, 1)
('+3', '−3', '0', '0.00', '+2.5')
>>> number(-0.4, 2), number(3)
('−0.40', '3')
>>> minus_signs("a face-down card, no-trump, deal V-4821: -3 (-0.5), 2-3 tricks")
'a face-down card, no-trump, deal V-4821: −3 (−0.5), 2-3 tricks'

The ten as a learner reads it, 10 (RULES.md, "Common conventions"; ``str(card)`` and the
engine's messages write T):

>>> tens_as_10("must follow ♥: you hold Q♥ T♥; ♠ K T 9 2, ♣AKT4, T♥..6♥; Trumps ♣ Total; A K Q J T 9")
'must follow ♥: you hold Q♥ 10♥; ♠ K 10 9 2, ♣AK104, 10♥..6♥; Trumps ♣ Total; A K Q J 10 9'

A hand in the dotted form (``format_hand``; the readers take 10 as well as T):

>>> hand_as_read("AT842.J83.A43.74"), hand_as_read("KQT84..AKJ96.5T")
('A10842.J83.A43.74', 'KQ1084..AKJ96.510')

Seats by name where the engine numbers them (its messages say "seat 1"):

>>> seats_named("T♠ is not in seat 1's hand: it holds J♠", 4), seats_named("seat 1 leads", 2)
("T♠ is not in West's hand: it holds J♠", 'your opponent leads')

Rule variants in words (Compose a deal's lists, deal codes' refusals, the tables' messages;
the words of the rules page, RULES.md's section in brackets of :data:`VARIANT_WORDS`):

>>> variant_words("lead", "left_of_dealer"), variant_words("trump_six_double", True), variant_words("players", 3)
("first lead: the dealer's left", 'the six of trumps: counts 12', '3 players')
>>> value_words("halved_2_7"), value_words(False, "bonus_without_tricks"), value_words("no_bonus")
('contracts 2 and 7 at half value', 'needs a trick', "nobody's loss, no bonus")
"""

from __future__ import annotations

import html
import re

from .core.cards import Card, Rank, Suit
from .i18n import N_

__all__ = ["signed", "number", "minus_signs", "value_words", "variant_words", "field_words", "tens_as_10",
           "hand_as_read", "seats_named", "PHASE_REFUSALS", "VARIANT_WORDS", "FIELD_WORDS", "SEAT_NAMES",
           "SEAT_WORDS", "COMPASS", "rank_letters", "card_words_in", "suit_words", "suit_titles_in",
           "cards_in_words_of", "card_code_in", "BOT_REMARKS", "remark_words"]

_HYPHEN_MINUS = re.compile(r"(?:^|(?<=[\s(\[=:,;/]))-(?=\d)")
_TEN_CARD = re.compile(r"\bT(?=[♠♥♦♣])")
_SUIT_RANKS = re.compile(r"([♠♥♦♣] ?)((?:[AKQJT98765432] ?)*[AKQJT98765432])(?![A-Za-z0-9])")


# The seats' names, in one place (RULES.md, "Common conventions"): seat 0 is South, then
# clockwise West, North, East; West and East with three players. Armenian Durak's two sit
# South and North at a table; a learner reads them as "you" and "your opponent".
_COMPASS_NAMES: dict[int, tuple[str, ...]] = {4: ("South", "West", "North", "East"), 3: ("South", "West", "East")}

#: The seats' names at a table, by number of players, seat 0 first: South, West, North, East;
#: South, West, East; Armenian Durak's two players South and North, facing each other
#: (:data:`cardkit.table_session.SEAT_NAMES`).
SEAT_NAMES: dict[int, tuple[str, ...]] = {**_COMPASS_NAMES, 2: ("South", "North")}

#: The seats as a learner reads them, by number of players (RULES.md, "Common conventions"):
#: the learner is South, then West, North, East clockwise from the learner's left; West and
#: East with three players; "you" and "your opponent" in Armenian Durak's two.
SEAT_WORDS: dict[int, tuple[str, ...]] = {**_COMPASS_NAMES, 2: ("you", "your opponent")}

#: The seats' names with no viewer at the top of a page, seat 0 first: the compass names;
#: "You" and "Your opponent" with two (``cardkit_widgets._common.COMPASS``).
COMPASS: dict[int, tuple[str, ...]] = {**_COMPASS_NAMES, 2: ("You", "Your opponent")}


def possessive(seat: str) -> str:
    """A seat's name as an owner: ``"West's"``, ``"your"``, ``"your opponent's"``."""
    return "your" if seat == "you" else f"{seat}'s"


def tens_as_10(text: str) -> str:
    """``text`` with every ten written ``T`` beside a suit symbol written ``10``, as a
    learner reads it: a card ``T♥`` → ``10♥``, a suit's ranks ``♠ K T 9`` → ``♠ K 10 9``,
    ``♠KT9`` → ``♠K109``, the ranks in order ``A K Q J T 9`` → ``A K Q J 10 9``. Other text
    (words, ASCII notation ``TH``, deal codes) stays."""
    text = _TEN_CARD.sub("10", text)
    text = _RANK_ORDER.sub(lambda m: m[0].replace("T", "10").replace(", or 10", ""), text)
    return _SUIT_RANKS.sub(lambda m: m[1] + m[2].replace("T", "10"), text)


_RANK_ORDER = re.compile(r"\bJ T 9\b(?:[ 2-8]*, or 10\b)?")


_DOTTED_HAND = re.compile(r"[AKQJT2-9]*(?:\.[AKQJT2-9]*){3}")


def hand_as_read(pbn: str) -> str:
    """A hand in the dotted form suit by suit (♠.♥.♦.♣, ``cardkit.format_hand``) with each
    ten written ``10`` as a learner reads it: ``"AT842.J83.A43.74"`` → ``"A10842.J83.A43.74"``
    (``cardkit.parse_hand`` reads both). Anything that is not such a hand is returned as it is."""
    if not _DOTTED_HAND.fullmatch(pbn):
        return pbn
    return pbn.replace("T", "10")


def signed(x: float, digits: int = 0) -> str:
    """A number of points (an int or a float) with its sign and the minus sign "−": ``+3``,
    ``−3``, ``0``; with ``digits`` decimals ``+3.25``, ``−0.40``, ``0.00`` (a value that
    rounds to zero has no sign)."""
    if not digits:
        n = round(float(x))
        return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")
    t = f"{x:+.{digits}f}"
    if float(t) == 0:
        return f"{0:.{digits}f}"
    return t.replace("-", "−")


def number(x: float, digits: int = 0) -> str:
    """A number for a learner without a plus sign, the minus sign "−": ``3``, ``−3``,
    ``−0.40`` (``digits`` decimals; a value that rounds to zero has no sign)."""
    t = f"{x:.{digits}f}"
    return f"{0:.{digits}f}" if float(t) == 0 else t.replace("-", "−")


def minus_signs(text: str) -> str:
    """``text`` with every hyphen-minus that stands for a minus sign ("-4", "(-3") written
    as the minus sign "−"; hyphens in words, ranges and deal codes ("V-4821") stay."""
    return _HYPHEN_MINUS.sub("−", text)


#: The rule variants' settings in words, as a learner reads them after the setting's name
#: (:data:`FIELD_WORDS`): ``(field, value) -> words``; each game's ``Rules.choices`` lists the
#: values, the first the **default** (RULES.md: §1.4 lead, §1.2 contract values, §1.6 tie,
#: §2.2 double honour trick and bonus without tricks, §2.3 settlement bonus, §3.1 deck and
#: trump six double, §3.3 draw after). The rules page names the same variants.
VARIANT_WORDS: dict[tuple[str, object], str] = {
    ("lead", "left_of_first_namer"): N_("left of the first to name the contract"),
    ("lead", "left_of_first_bidder"): N_("left of the first bidder"),
    ("lead", "left_of_dealer"): N_("the dealer's left"),
    ("contract_values", "book"): N_("the book's values"),
    ("contract_values", "seed"): N_("the book's values"),          # an older name of "book"
    ("contract_values", "halved_2_7"): N_("contracts 2 and 7 at half value"),
    ("tie", "declarers_lose"): N_("the declarers' loss"),
    ("tie", "no_bonus"): N_("nobody's loss, no bonus"),
    ("double_honour_trick", "max"): N_("20 in all"),
    ("double_honour_trick", "additive"): N_("20 plus the third honour"),
    ("bonus_without_tricks", False): N_("needs a trick"),
    ("bonus_without_tricks", True): N_("without a trick too"),
    ("settlement_bonus", "all"): N_("every receiver's bonus paid"),
    ("settlement_bonus", "only_plus"): N_("paid only with no penalty"),
    ("deck", 36): N_("36 cards"),
    ("deck", 52): N_("52 cards"),
    ("trump_six_double", False): N_("counts 6"),
    ("trump_six_double", True): N_("counts 12"),
    ("draw_after", "any"): N_("after any card from the hand"),
    ("draw_after", "lead"): N_("only after a lead"),
}

#: The rule variants' settings named in words: ``field -> words`` (see :data:`VARIANT_WORDS`).
FIELD_WORDS: dict[str, str] = {
    "lead": N_("first lead"), "contract_values": N_("contract values"), "tie": N_("a tie"),
    "double_honour_trick": N_("two honours in one trick"), "bonus_without_tricks": N_("the +20 bonus"),
    "settlement_bonus": N_("bonuses in the payment"), "deck": N_("deck"), "trump_six_double": N_("the six of trumps"),
    "draw_after": N_("the draw"), "trump": N_("trumps"), "players": N_("players"),
}

# a string value names one setting only, so it is read without its field too
_WORDS_BY_VALUE = {v: w for (_f, v), w in VARIANT_WORDS.items() if isinstance(v, str)}


def field_words(field: str) -> str:
    """A rule variant's setting (a ``Rules`` field name, str) named in words: ``"lead"`` →
    "first lead", ``"trump_six_double"`` → "the six of trumps"; an unknown field with its
    underscores as spaces."""
    return FIELD_WORDS.get(field, field.replace("_", " "))


def value_words(value, field: str | None = None) -> str:
    """A rule variant's value (a str, bool, int or None) as a learner reads it: with its
    ``field`` (a ``Rules`` field name) the words of :data:`VARIANT_WORDS`
    (``"left_of_dealer"`` → "the dealer's left"); a string value is read the same without
    it. Otherwise True / False → "on" / "off", None → "none", any other value as text with
    its underscores as spaces."""
    try:
        if field is not None and (field, value) in VARIANT_WORDS:
            return VARIANT_WORDS[(field, value)]
        if isinstance(value, str) and value in _WORDS_BY_VALUE:
            return _WORDS_BY_VALUE[value]
    except TypeError:           # an unhashable value: read as text below
        pass
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value).replace("_", " ")


def variant_words(field: str, value) -> str:
    """A rule variant (a ``Rules`` field name and its value) in words: "first lead: the
    dealer's left", "the six of trumps: counts 12"; the number of players as "3 players"."""
    if field == "players":
        return f"{value} players"
    return f"{field_words(field)}: {value_words(value, field)}"


#: Why no card may be played in a phase that is not the play (the play pages', the room's and
#: the hand widget's words).
#: (Marked for the message catalog, ``cardkit.i18n``: a table shows them in its language.)
PHASE_REFUSALS = {"bidding": N_("cards are played after the bidding"), "trump": N_("first the trump must be drawn"),
                  "draw": N_("first choose whether to draw a face-down card")}

#: the rules file as the engine names it ("RULES.md §1.3", "docs/RULES.md")
RULES_FILE = re.compile(r"(?:docs/|\.\./shared/)?RULES\.md(?=\s*§|\b)")


def rules_words(text: str) -> str:
    """``text`` with the rules file named as a learner reads it: "RULES.md §1.3" → "Rules §1.3"."""
    return RULES_FILE.sub("Rules", text)


_SEAT_NUMBER = re.compile(r"\bseat ([0-9])(?![\w.]*\d)(?!\w)('s)?")


def seats_named(text: str, players: int, names: tuple[str, ...] | None = None) -> str:
    """``text`` with each ``seat N`` of a table of ``players`` (2, 3 or 4) written as the
    learner reads the seat (``names``, default :data:`SEAT_WORDS`: South, West, North, East;
    "you" and "your opponent" for two), "seat N's" as the owner ("West's"; "your" for a seat
    named you); a number that is not a seat of that table (``seat 7``, ``seat 3.0``, ``seat
    12``), or another ``players``, leaves the text as it is.

    >>> seats_named("seat 3.0: you may act for your own seat only; seat 3.", 4)
    'seat 3.0: you may act for your own seat only; East.'
    >>> seats_named("10♠ is not in seat 1's hand", 4, ("East", "You", "West", "North"))
    '10♠ is not in your hand'
    """
    names = SEAT_WORDS.get(players) if names is None else names
    if names is None:
        return text

    def name(m: re.Match) -> str:
        i = int(m[1])
        if i >= len(names):
            return m[0]
        if m[2]:
            return "your" if names[i].lower() == "you" else possessive(names[i])
        return names[i]

    return _SEAT_NUMBER.sub(name, text)


# ---- cards in a language (moved from cardkit_widgets._common: the room words cards too) ----

def rank_letters(tr) -> dict[str, str]:
    """The letters of the picture cards and the ace in ``tr``'s language (a
    :func:`cardkit.i18n.translation`): ``{"A": "A", "K": "K", "Q": "Q", "J": "J"}`` in
    English, ``Т К Д В`` in Russian (the ten is 10 in both)."""
    return {"A": tr.pgettext("rank letter", "A"), "K": tr.pgettext("rank letter", "K"),
            "Q": tr.pgettext("rank letter", "Q"), "J": tr.pgettext("rank letter", "J")}


def card_words_in(card: Card, tr) -> str:
    """:func:`card_words` in ``tr``'s language: ``"queen of hearts"``, ``"дама червей"``."""
    ranks = {Rank.ACE: tr.pgettext("rank", "ace"), Rank.KING: tr.pgettext("rank", "king"),
             Rank.QUEEN: tr.pgettext("rank", "queen"), Rank.JACK: tr.pgettext("rank", "jack"),
             Rank.TEN: tr.pgettext("rank", "ten"), Rank.NINE: tr.pgettext("rank", "nine"),
             Rank.EIGHT: tr.pgettext("rank", "eight"), Rank.SEVEN: tr.pgettext("rank", "seven"),
             Rank.SIX: tr.pgettext("rank", "six"), Rank.FIVE: tr.pgettext("rank", "five"),
             Rank.FOUR: tr.pgettext("rank", "four"), Rank.THREE: tr.pgettext("rank", "three"),
             Rank.TWO: tr.pgettext("rank", "two")}
    suits = {Suit.SPADES: tr.pgettext("of suit", "spades"), Suit.HEARTS: tr.pgettext("of suit", "hearts"),
             Suit.DIAMONDS: tr.pgettext("of suit", "diamonds"), Suit.CLUBS: tr.pgettext("of suit", "clubs")}
    return tr.gettext("{rank} of {suit}").format(rank=ranks[card.rank], suit=suits[card.suit])


def suit_words(suit: Suit, tr) -> str:
    """A suit's name in ``tr``'s language: ``"hearts"``, ``"черви"``."""
    return {Suit.SPADES: tr.pgettext("suit", "spades"), Suit.HEARTS: tr.pgettext("suit", "hearts"),
            Suit.DIAMONDS: tr.pgettext("suit", "diamonds"), Suit.CLUBS: tr.pgettext("suit", "clubs")}[suit]


_CARD_LETTER = re.compile(r"(?<![A-Za-z0-9])([AKQJ])(?=[♠♥♦♣])")
_SUIT_TITLE = re.compile(r'title="(spades|hearts|diamonds|clubs)"')
_SUIT_BY_NAME = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}


def suit_titles_in(text: str, tr) -> str:
    """``text`` with the suits' tooltips of :func:`suit_html` (``title="hearts"``) in
    ``tr``'s language (``title="черви"``)."""
    return _SUIT_TITLE.sub(lambda m: f'title="{html.escape(suit_words(_SUIT_BY_NAME[m[1]], tr))}"', text)


def cards_in_words_of(text: str, tr) -> str:
    """``text`` with each card written ``Q♥`` in ``tr``'s letters (``Д♥`` in Russian) and each
    ten ``10♥`` (never ``T♥``, which reads as a Russian ace); the rest stays (``QH`` in a deal
    code, words)."""
    letters = rank_letters(tr)
    return suit_titles_in(_CARD_LETTER.sub(lambda m: letters[m[1]], tens_as_10(text)), tr)


def card_code_in(code: str, tr) -> tuple[str, str]:
    """A card code (``"QH"``, ``"TS"``) as a learner reads it in ``tr``'s language: its
    label and its name, ``("Q♥", "queen of hearts")``, ``("Д♥", "дама червей")``; the ten
    is ``10``.

    :raises NotationError: for text that is not a card code."""
    from .core.notation import parse_card

    card = parse_card(code)
    return cards_in_words_of(card.label, tr), card_words_in(card, tr)


# ---- a Variety bot's table talk (moved from cardkit_widgets.variety_table: the room says it too) ----

#: the rule bots' reasons for a bid (:func:`cardkit.variety_bots.bid_reason`, said in the bidding)
#: and their catalog messages
BOT_REMARKS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"I bid (?P<n>\d): I hold (?P<aces>\d+) aces? and (?P<kings>\d+) kings?"),
     N_("I bid {n}: I hold aces: {aces}, kings: {kings}")),
    (re.compile(r"I bid (?P<n>\d): I hold (?P<clubs>\d+) clubs"), N_("I bid {n}: I hold clubs: {clubs}")),
    (re.compile(r"I bid (?P<n>\d): I hold (?P<hearts>\d+) hearts and (?P<spades>\d+) spades"),
     N_("I bid {n}: I hold hearts: {hearts}, spades: {spades}")),
    (re.compile(r"I bid (?P<n>\d): I hold (?P<diamonds>\d+) diamonds and (?P<red>\d+) red cards"),
     N_("I bid {n}: I hold diamonds: {diamonds}, red cards: {red}")),
    (re.compile(r"I bid (?P<n>\d): I like the black jacks and tens"),
     N_("I bid {n}: I like the black jacks and tens")),
    (re.compile(r"I bid (?P<n>\d): I hold (?P<clubs>\d+) low clubs"), N_("I bid {n}: I hold low clubs: {clubs}")),
    (re.compile(r"I bid (?P<n>\d): I hold only (?P<clubs>\d+) clubs"), N_("I bid {n}: I hold only clubs: {clubs}")),
    (re.compile(r"I bid (?P<n>\d): my cards are low: (?P<points>\d+) high-card points"),
     N_("I bid {n}: my cards are low: high-card points: {points}")),
)


def remark_words(text: str, tr) -> str:
    """A bot's table talk (:data:`BOT_REMARKS`) in ``tr``'s language (a
    :func:`cardkit.i18n.translation`); other talk (a person's) as it was said.

    >>> from cardkit.i18n import translation
    >>> remark_words("I bid 2: I hold 5 clubs", translation("ru"))
    'Заявляю 2: у меня треф — 5'
    """
    for pattern, message in BOT_REMARKS:
        m = pattern.fullmatch(text)
        if m is not None:
            return tr.gettext(message).format(**m.groupdict())
    return text
