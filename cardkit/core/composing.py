"""Composing a deal: some cards placed by hand, the rest dealt at random under wishes per
place (high-card points, suit lengths, cards held), for every game (issue 22).

The deal editor (``cardkit_widgets.DealEditor``) is built on these functions; a lesson or a
teacher may call them directly:

>>> from cardkit.notation import parse_hand
>>> spec = compose_deal("variety", [parse_hand("AKQJ.AKQ.AKQ.AKQ"), [], [], []],
...                     wishes={2: HandWish(lengths=((5, 13), (0, 13), (0, 13), (0, 13)))}, seed=7)
>>> spec.code[:3], len(spec.places)
('V-X', 4)

**Places.** :func:`deal_places` names where the cards lie at a deal's start, as a person
sets them out: Variety and Warsaw Hearts, one hand per seat (13 cards; 9 or 12 in Warsaw
Hearts); Armenian Durak, per seat its hand (6 cards, 14 with 52), its six face-down and its
six face-up cards, by stack (RULES.md §3.2; the order of a hand is kept: the dealer's hand
is the fan the trump is drawn from).

**Randomness is explicit**: the cards not placed are dealt from ``numpy.random.default_rng(seed)``
(the *deal number*), so the same fixed cards, wishes and deal number give the same deal on
every machine. Random deals are drawn in batches and the first that meets every wish is
kept; wishes that no deal can meet (more points than the cards left hold, lengths that do
not add up, a card wished in two places) are refused at once, and wishes too rare to meet
in ``tries`` deals are refused in words, never a hang.

High-card points: ace 4, king 3, queen 2, jack 1 (the usual count; 10 in a 52-card deck).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields as dataclass_fields
from typing import Any

import numpy as np

from cardkit.i18n import N_
from cardkit.wording import SEAT_WORDS, possessive

from ._checks import is_whole
from .cards import HIGH_CARD_POINTS, Card, Suit, deck
from .codes import DealSpec, game_entry
from .errors import CardkitError, NotationError, Said, quote
from .notation import parse_cards

__all__ = ["Place", "HandWish", "deal_places", "places_of", "compose_deal", "parse_points", "parse_lengths",
           "hand_points", "POINTS", "MAX_TRIES"]

#: High-card points of a card by rank: A 4, K 3, Q 2, J 1 (``cards.HIGH_CARD_POINTS``).
POINTS = HIGH_CARD_POINTS
#: Random deals tried before wishes are called too rare (about 0.3 s on this machine).
MAX_TRIES = 200_000
_BATCH = 4096

_PARTS = {"hand": "hand", "down": "face-down cards", "up": "face-up cards"}


@dataclass(frozen=True)
class Place:
    """Where some of a deal's cards lie at its start.

    :ivar name: in words (``"West"``, ``"your opponent's face-down cards"``).
    :ivar seat: the seat it belongs to.
    :ivar part: ``"hand"``, or for Armenian Durak ``"down"`` / ``"up"`` (the stacks).
    :ivar size: how many cards it holds.
    """

    name: str
    seat: int
    part: str
    size: int


@dataclass(frozen=True)
class HandWish:
    """What a place's cards must meet when the rest of the deal is dealt at random.

    :ivar points: high-card points (:data:`POINTS`), ``(least, most)``, both counted.
    :ivar lengths: per suit in ♠ ♥ ♦ ♣ order, ``(least, most)`` cards.
    :ivar holding: cards the place must hold (put there before the rest is dealt).
    :raises CardkitError: for a range that is not two whole numbers, least first, or a
        holding that is not cards.
    """

    points: tuple[int, int] = (0, 40)
    lengths: tuple[tuple[int, int], ...] = ((0, 52),) * 4
    holding: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        _check_range(self.points, "points")
        if len(self.lengths) != 4:
            raise CardkitError(f"lengths {quote(self.lengths)}: expected four (least, most) pairs, ♠ ♥ ♦ ♣")
        for suit, r in zip(Suit, self.lengths):
            _check_range(r, f"{suit.symbol} length")
        if not all(isinstance(c, Card) for c in self.holding):
            raise CardkitError(f"holding {quote(self.holding)}: expected cards (read text with parse_cards)")
        object.__setattr__(self, "points", tuple(int(x) for x in self.points))
        object.__setattr__(self, "lengths", tuple(tuple(int(x) for x in r) for r in self.lengths))
        object.__setattr__(self, "holding", tuple(self.holding))

    @property
    def is_free(self) -> bool:
        """True when the wish asks nothing."""
        return (self.points[0] <= 0 and self.points[1] >= 40 and all(lo <= 0 and hi >= 52 for lo, hi in self.lengths)
                and not self.holding)

    def words(self) -> str:
        """The wish in words (``"12-14 points, ♠ 5+, holding A♥"``), "" for none."""
        out = []
        lo, hi = self.points
        if lo > 0 or hi < 40:
            out.append(f"{_range_words(lo, hi, 40)} points")
        for suit, (a, b) in zip(Suit, self.lengths):
            if a > 0 or b < 52:
                out.append(f"{suit.symbol} {_range_words(a, b, 52)}")
        if self.holding:
            out.append("holding " + " ".join(str(c) for c in self.holding))
        return ", ".join(out)

    def said(self) -> Said:
        """:meth:`words` (the same English text) as :class:`~cardkit.errors.Said`, for a
        refusal in a page's language (its points and holding words through the catalog)."""
        out: list = []
        lo, hi = self.points
        if lo > 0 or hi < 40:
            r = _range_words(lo, hi, 40)
            out.append(Said(f"{r} points", words=(N_("{range} points"), {"range": r})))
        for suit, (a, b) in zip(Suit, self.lengths):
            if a > 0 or b < 52:
                out.append(f"{suit.symbol} {_range_words(a, b, 52)}")
        if self.holding:
            cards = Said.join(" ", self.holding)
            out.append(Said(f"holding {cards}", words=(N_("holding {cards}"), {"cards": cards})))
        return Said.join(", ", out)


def _check_range(r, what: str) -> None:
    if (not isinstance(r, (tuple, list)) or len(r) != 2 or not all(is_whole(x) for x in r)
            or not 0 <= r[0] <= r[1]):
        raise CardkitError(f"{what} {quote(r)}: expected (least, most), two whole numbers, least first")


def _range_words(lo: int, hi: int, top: int) -> str:
    if hi >= top:
        return f"{lo}+"
    if lo <= 0:
        return f"at most {hi}"
    return str(lo) if lo == hi else f"{lo}-{hi}"


_RANGE = re.compile(r"^\s*(?:(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})|(\d{1,2})\s*\+|(?:-|–|at most|up to|<=|≤)\s*(\d{1,2})"
                    r"|(\d{1,2}))\s*$", re.IGNORECASE)


def parse_points(text: str, what: str = N_("points"), top: int = 40) -> tuple[int, int]:
    """A range typed by a person: ``"12-14"``, ``"15+"``, ``"at most 9"`` (or ``"-9"``),
    ``"10"`` (exactly); empty text is any number (``(0, top)``).

    :param what: what the range is of, for the message: a message of the catalog (or a
        :class:`~cardkit.errors.Said`), so the refusal can be said in a page's language.
    :raises NotationError: naming ``what`` and quoting the text (its
        :attr:`~cardkit.errors.CardkitError.words` for a page's language).
    """
    said = what if isinstance(what, Said) else Said(what)
    if not isinstance(text, str):
        raise NotationError.worded(N_("{what} {text}: expected text such as '12-14', '15+' or 'at most 9'"),
                                   what=said, text=quote(text))
    if not text.strip():
        return (0, top)
    m = _RANGE.match(text)
    if not m:
        raise NotationError.worded(N_("{what} {text}: expected a number or a range such as '12-14', '15+' or "
                                      "'at most 9'"), what=said, text=quote(text))
    a, b, plus, most, exact = m.groups()
    if a is not None:
        lo, hi = int(a), int(b)
    elif plus is not None:
        lo, hi = int(plus), top
    elif most is not None:
        lo, hi = 0, int(most)
    else:
        lo = hi = int(exact)
    if lo > hi:
        raise NotationError.worded(N_("{what} {text}: the least ({lo}) is more than the most ({hi})"), what=said,
                                   text=quote(text), lo=lo, hi=hi)
    return (lo, min(hi, top))


_SUIT_MARK = re.compile(r"(?<![A-Za-z])([SHDC])(?![A-Za-z])|([♠♥♦♣♤♡♢♧])", re.IGNORECASE)
_SUIT_OF = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}


def parse_lengths(text: str) -> tuple[tuple[int, int], ...]:
    """Suit lengths typed by a person: a suit (``S H D C`` or ``♠ ♥ ♦ ♣``) and a range
    each, ``"♠5+ ♥0-1"``, ``"S 5-6, D at most 2"``; a suit not named may have any length.

    :raises NotationError: quoting the text: no suit, a suit named twice, a bad range (its
        :attr:`~cardkit.errors.CardkitError.words` for a page's language).
    """
    if not isinstance(text, str):
        raise NotationError.worded(N_("suit lengths {text}: expected text such as '♠5+ ♥0-1'"), text=quote(text))
    out = [(0, 52)] * 4
    rest = text.strip()
    if not rest:
        return tuple(out)
    marks = list(_SUIT_MARK.finditer(rest))
    if not marks or rest[:marks[0].start()].strip(" ,;"):
        raise NotationError.worded(N_("suit lengths {text}: expected a suit and a range each, such as '♠5+ ♥0-1' or "
                                      "'S 5-6, D at most 2'"), text=quote(text))
    seen: set[int] = set()
    for k, m in enumerate(marks):
        i = _SUIT_OF[(m.group(1) or m.group(2)).upper()]
        if i in seen:
            raise NotationError.worded(N_("suit lengths {text}: {suit} is named twice"), text=quote(text),
                                       suit=Suit(i).symbol)
        seen.add(i)
        end = marks[k + 1].start() if k + 1 < len(marks) else len(rest)
        part = rest[m.end():end].strip(" ,;:")
        if not part:
            raise NotationError.worded(N_("suit lengths {text}: {suit} has no range; write one such as '{suit}5+'"),
                                       text=quote(text), suit=Suit(i).symbol)
        what = Said(f"suit lengths {quote(text)}: {Suit(i).symbol}",
                    words=(N_("suit lengths {text}: {suit}"), {"text": quote(text), "suit": Suit(i).symbol}))
        out[i] = parse_points(part, what, 52)
    return tuple(out)


def hand_points(cards: Sequence[Card]) -> int:
    """The high-card points of ``cards`` (:data:`POINTS`)."""
    return sum(POINTS.get(c.rank, 0) for c in cards)


# ---- places ----------------------------------------------------------------------------------

def _game(game: str, rules, players):
    entry = game_entry(game)
    module = entry.engine()
    if rules is None:
        names = {f.name for f in dataclass_fields(module.Rules)}
        rules = module.Rules(players=players) if players is not None and "players" in names else module.Rules()
    elif not isinstance(rules, module.Rules):
        raise CardkitError(f"rules {quote(rules)}: expected {entry.title}'s Rules ({module.__name__}.Rules)")
    n = getattr(rules, "players", None) or entry.players[0]
    if players is not None and players != n:
        raise CardkitError(f"players={quote(players)} disagrees with rules.players={quote(n)}")
    return entry, module, rules, n


def deal_places(game: str, rules=None, players: int | None = None) -> list[Place]:
    """The places of a deal of ``game`` (see the module docstring), in the order
    :func:`compose_deal` takes their cards.

    :raises NotationError: for an unknown game. :raises CardkitError: for rules of another game.
    """
    entry, _module, rules, n = _game(game, rules, players)
    seats = SEAT_WORDS[n]  # as a learner reads them: Durak's "your hand", "your opponent's face-up cards"
    if entry.name == "armenian_durak":
        return [Place(f"{possessive(seats[s])} {_PARTS[part]}", s, part, size)
                for s in range(n) for part, size in (("hand", rules.hand_size), ("down", 6), ("up", 6))]
    size = entry.place_sizes(n, rules)
    return [Place(seats[s], s, "hand", size[s]) for s in range(n)]


def places_of(state) -> list[list[Card]]:
    """The cards of each of :func:`deal_places` at the start of ``state``'s deal."""
    entry = game_entry(state.game)
    if entry.name == "armenian_durak":
        return [list(e[part]) for e in state.layout for part in ("hand", "down", "up")]
    return [list(h) for h in state.initial_hands]


# ---- composing ------------------------------------------------------------------------------

def _card_list(cards, name: str) -> list[Card]:
    """A place's cards: None, text (``"AS KS"``) or a list of cards or card texts."""
    if cards is None:
        return []
    try:
        return parse_cards(cards)
    except NotationError as e:
        raise NotationError(f"{name}: {e}") from None


def compose_deal(game: str, places: Sequence[Any] | None = None, *, wishes: Mapping[int, HandWish] | None = None,
                 seed: int = 0, dealer: int = 0, rules=None, players: int | None = None,
                 trump=None, tries: int = MAX_TRIES) -> DealSpec:
    """A deal with the cards of ``places`` where they are put and the rest dealt at random
    so that every wish is met.

    :param game: ``"variety"``, ``"warsaw_hearts"``, ``"armenian_durak"`` (or a code letter).
    :param places: per place of :func:`deal_places`, the cards put there by hand (a list of
        cards, text such as ``"AS KS"``, or None / empty); fewer lists than places leave the
        last places empty. Durak's hands and stacks keep the order given.
    :param wishes: place index -> :class:`HandWish` (Durak: a wish on a hand counts that
        hand's cards only).
    :param seed: the deal number: the random cards come from ``numpy.random.default_rng(seed)``.
    :param dealer: the dealer's seat. :param rules: the game's ``Rules`` (its variants).
    :param trump: Armenian Durak only: a suit letter to skip the trump draw (RULES.md §3.2).
    :param tries: random deals tried at most (:data:`MAX_TRIES`).
    :returns: a :class:`~cardkit.codes.DealSpec` (cards form: ``spec.code`` is ``V-X…``,
        ``spec.new_state()`` the deal at its start).
    :raises CardkitError: in words naming the place: a card twice or not of the game's deck,
        too many cards in a place, a wish no deal can meet (a card wished where another place
        holds it, lengths or points the place cannot hold), or wishes not met by any of
        ``tries`` random deals of this deal number; a bad dealer, seed or trump.
    """
    entry, _module, rules, n = _game(game, rules, players)
    spots = deal_places(entry.name, rules)
    if places is None:
        places = []
    if isinstance(places, str) or len(places) > len(spots):
        raise CardkitError(f"places {quote(places)}: {entry.title} has {len(spots)} places "
                           f"({', '.join(p.name for p in spots)})")
    if not is_whole(seed) or not 0 <= seed < 10 ** 12:
        raise CardkitError(f"deal number {quote(seed)}: expected a whole number 0 .. 999999999999")
    if not is_whole(dealer) or not 0 <= dealer < n:
        raise CardkitError(f"dealer {quote(dealer)}: expected a seat 0..{n - 1}")
    if not is_whole(tries) or tries < 1:
        raise CardkitError(f"tries {quote(tries)}: expected a whole number of at least 1")
    extras: tuple = ()
    if trump is not None:
        if entry.name != "armenian_durak":
            raise CardkitError(f"trump {quote(trump)}: only Armenian Durak's deal may name its trump")
        from .notation import parse_suit
        suit = parse_suit(trump, "trump")
        assert suit is not None
        extras = (("trump", suit.letter),)
    full = deck(entry.deck_size(n, rules))
    in_deck = set(full)
    held: list[list[Card]] = [_card_list(p, spots[i].name) for i, p in enumerate(places)]
    held += [[] for _ in range(len(spots) - len(held))]
    where: dict[Card, int] = {}
    for i, cards in enumerate(held):
        for c in cards:
            if c not in in_deck:
                raise CardkitError(f"{spots[i].name}: {c} is not in {entry.title}'s {len(full)}-card deck")
            if c in where:
                other = spots[where[c]].name
                raise CardkitError(f"{c} is given twice: in {other}" + (" and again there" if where[c] == i
                                                                        else f" and in {spots[i].name}"))
            where[c] = i
        if len(cards) > spots[i].size:
            raise CardkitError(f"{spots[i].name}: {len(cards)} cards given, but it holds {spots[i].size}")
    wishes = dict(wishes or {})
    for i, w in wishes.items():
        if not is_whole(i) or not 0 <= i < len(spots):
            raise CardkitError(f"wish for place {quote(i)}: expected a place 0..{len(spots) - 1}")
        if not isinstance(w, HandWish):
            raise CardkitError(f"wish for {spots[i].name}: {quote(w)} is not a HandWish")
        for c in w.holding:
            if c not in in_deck:
                raise CardkitError.worded(N_("{place} should hold {card}, which is not in the {n}-card deck"),
                                          place=Said(spots[i].name), card=c, n=len(full))
            j = where.get(c)
            if j is not None and j != i:
                raise CardkitError.worded(N_("{place} should hold {card}, but {other} has it"),
                                          place=Said(spots[i].name), card=c, other=Said(spots[j].name))
            if j is None:
                held[i].append(c)
                where[c] = i
                if len(held[i]) > spots[i].size:
                    raise CardkitError.worded(N_("{place} should hold {cards}: more than the {size} cards it holds "
                                                 "with those given"), place=Said(spots[i].name),
                                              cards=Said.join(", ", w.holding), size=spots[i].size)
    rest = [c for c in full if c not in where]
    free = [spots[i].size - len(held[i]) for i in range(len(spots))]
    active = {i: w for i, w in wishes.items() if not w.is_free}
    for i, w in active.items():
        _feasible(spots[i], held[i], free[i], rest, w)
    rng = np.random.default_rng(int(seed))
    order = _draw(rng, held, free, rest, active, int(tries), spots)
    filled = []
    k = 0
    for i in range(len(spots)):
        filled.append(held[i] + [rest[j] for j in order[k:k + free[i]]])
        k += free[i]
    if entry.name == "armenian_durak":   # every card a place of its own, in the order given
        code_places = tuple((c,) for p in filled for c in p)
    else:                                # a hand's order does not count: the deck's order
        rank = {c: k for k, c in enumerate(full)}
        code_places = tuple(tuple(sorted(p, key=rank.__getitem__)) for p in filled)
    return DealSpec(entry.name, rules, int(dealer), n, None, code_places, extras)


def _feasible(spot: Place, held: list[Card], free: int, rest: list[Card], w: HandWish) -> None:
    """Refuse at once a wish no deal can meet (in words, naming the place; each refusal a
    catalog message, :meth:`~cardkit.errors.CardkitError.in_language` for a page's language)."""
    place = Said(spot.name)
    lo, hi = w.points
    have = hand_points(held)
    best = sum(sorted((POINTS.get(c.rank, 0) for c in rest), reverse=True)[:free])
    if have > hi:
        raise CardkitError.worded(N_("{place}: the cards given hold {have} points already, more than the {hi} "
                                     "wished"), place=place, have=have, hi=hi)
    if have + best < lo:
        raise CardkitError.worded(N_("{place}: at most {most} points can be there ({have} in the cards given), "
                                     "fewer than the {lo} wished"), place=place, most=have + best, have=have, lo=lo)
    least = 0
    for suit, (a, b) in zip(Suit, w.lengths):
        got = sum(1 for c in held if c.suit == suit)
        left = sum(1 for c in rest if c.suit == suit)
        if got > b:
            raise CardkitError.worded(N_("{place}: the cards given hold {got} {suit} already, more than the {b} "
                                         "wished"), place=place, got=got, suit=suit.symbol, b=b)
        if got + min(left, free) < a:
            raise CardkitError.worded(N_("{place}: at most {most} {suit} can be there, fewer than the {a} wished"),
                                      place=place, most=got + min(left, free), suit=suit.symbol, a=a)
        least += max(a, got)
    if least > spot.size:
        raise CardkitError.worded(N_("{place}: the suit lengths wished add up to at least {least} cards, but it "
                                     "holds {size}"), place=place, least=least, size=spot.size)
    most = sum(min(b, 52) for _s, (_a, b) in zip(Suit, w.lengths))
    if most < spot.size:
        raise CardkitError.worded(N_("{place}: the suit lengths wished add up to at most {most} cards, but it "
                                     "holds {size}"), place=place, most=most, size=spot.size)


def _draw(rng, held, free, rest, active, tries, spots) -> np.ndarray:
    """A random order of ``rest`` whose first ``free[0]`` cards go to place 0, and so on,
    meeting every wish in ``active``: the first such among batches of random orders."""
    m = len(rest)
    if not active or m == 0:
        return rng.permutation(m)
    pts = np.array([POINTS.get(c.rank, 0) for c in rest], dtype=np.int16)
    suit = np.array([int(c.suit) for c in rest], dtype=np.int8)
    starts = np.concatenate([[0], np.cumsum(free)])
    done = 0
    while done < tries:
        b = min(_BATCH, tries - done)
        orders = rng.permuted(np.tile(np.arange(m, dtype=np.int16), (b, 1)), axis=1)
        ok = np.ones(b, dtype=bool)
        for i, w in active.items():
            cols = orders[:, starts[i]:starts[i + 1]]
            p = pts[cols].sum(axis=1) + hand_points(held[i])
            ok &= (p >= w.points[0]) & (p <= w.points[1])
            s = suit[cols]
            for k, (a, z) in enumerate(w.lengths):
                if a > 0 or z < 52:
                    n = (s == k).sum(axis=1) + sum(1 for c in held[i] if int(c.suit) == k)
                    ok &= (n >= a) & (n <= z)
        hit = np.flatnonzero(ok)
        if hit.size:
            return orders[hit[0]]
        done += b
    wished = Said.join("; ", [Said(f"{spots[i].name} {w.words()}", words=(
        N_("{place} {wish}"), {"place": Said(spots[i].name), "wish": w.said()})) for i, w in active.items()])
    raise CardkitError.worded(N_("no deal met the wishes ({wished}) in {tries} random deals: widen them, place "
                                 "more cards by hand or try another deal number"), wished=wished, tries=tries)
