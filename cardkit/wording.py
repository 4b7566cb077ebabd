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

>>> tens_as_10("must follow ♥: you hold Q♥ T♥; ♠ K T 9 2, ♣AKT4, T♥..6♥; Trumps ♣ Total")
'must follow ♥: you hold Q♥ 10♥; ♠ K 10 9 2, ♣AK104, 10♥..6♥; Trumps ♣ Total'

A hand in the dotted form (``format_hand``; the readers take 10 as well as T):

>>> hand_as_read("AT842.J83.A43.74"), hand_as_read("KQT84..AKJ96.5T")
('A10842.J83.A43.74', 'KQ1084..AKJ96.510')

Seats by name where the engine numbers them (its messages say "seat 1"):

>>> seats_named("T♠ is not in seat 1's hand: it holds J♠", 4), seats_named("seat 1 leads", 2)
("T♠ is not in West's hand: it holds J♠", 'your opponent leads')

Rule variants in words (deal codes' refusals, the tables' messages):

>>> variant_words("lead", "left_of_dealer"), variant_words("trump_six_double", True), variant_words("players", 3)
('lead: left of dealer', 'trump six double: on', '3 players')
"""

from __future__ import annotations

import re

__all__ = ["signed", "number", "minus_signs", "value_words", "variant_words", "tens_as_10", "hand_as_read",
           "seats_named", "PHASE_REFUSALS"]

_HYPHEN_MINUS = re.compile(r"(?:^|(?<=[\s(\[=:,;/]))-(?=\d)")
_TEN_CARD = re.compile(r"\bT(?=[♠♥♦♣])")
_SUIT_RANKS = re.compile(r"([♠♥♦♣] ?)((?:[AKQJT98765432] ?)*[AKQJT98765432])(?![A-Za-z0-9])")


#: The seats as a learner reads them, by number of players (RULES.md, "Common conventions"):
#: the learner is South, then West, North, East clockwise from the learner's left; West and
#: East with three players; "you" and "your opponent" in Armenian Durak's two.
SEAT_WORDS: dict[int, tuple[str, ...]] = {4: ("South", "West", "North", "East"), 3: ("South", "West", "East"),
                                          2: ("you", "your opponent")}


def possessive(seat: str) -> str:
    """A seat's name as an owner: ``"West's"``, ``"your"``, ``"your opponent's"``."""
    return "your" if seat == "you" else f"{seat}'s"


def tens_as_10(text: str) -> str:
    """``text`` with every ten written ``T`` beside a suit symbol written ``10``, as a
    learner reads it: a card ``T♥`` → ``10♥``, a suit's ranks ``♠ K T 9`` → ``♠ K 10 9``,
    ``♠KT9`` → ``♠K109``. Other text (words, ASCII notation ``TH``, deal codes) stays."""
    text = _TEN_CARD.sub("10", text)
    return _SUIT_RANKS.sub(lambda m: m[1] + m[2].replace("T", "10"), text)


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


def value_words(value) -> str:
    """A rule variant's value as a learner reads it: ``"left_of_dealer"`` → "left of
    dealer", True / False → "on" / "off", None → "none"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value).replace("_", " ")


def variant_words(field: str, value) -> str:
    """A rule variant (a ``Rules`` field and its value) in words: "lead: left of dealer",
    "trump six double: on"; the number of players as "3 players"."""
    if field == "players":
        return f"{value} players"
    return f"{field.replace('_', ' ')}: {value_words(value)}"


#: Why no card may be played in a phase that is not the play (the play pages', the room's and
#: the hand widget's words).
PHASE_REFUSALS = {"bidding": "cards are played after the bidding", "trump": "first the trump must be drawn",
                  "draw": "first choose whether to draw a face-down card"}

_SEAT_NUMBER = re.compile(r"\bseat ([0-9])\b")


def seats_named(text: str, players: int) -> str:
    """``text`` with each ``seat N`` of a table of ``players`` (2, 3 or 4) written as the
    learner reads the seat (:data:`SEAT_WORDS`: South, West, North, East; "you" and "your
    opponent" for two); a number that is not a seat of that table, or another ``players``,
    leaves the text as it is."""
    names = SEAT_WORDS.get(players)
    if names is None:
        return text
    return _SEAT_NUMBER.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)
