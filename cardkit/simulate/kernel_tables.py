"""The kernels' tables, built from the engines' data in one place (issue 30): where each
card sits in a kernel's bit layout, what it is worth, which cards score.

Two layouts are used:

- **rank-major** (the batched simulators, :mod:`cardkit.simulate`): bit ``4 * strength +
  suit``, so a suit is every fourth bit and ``msb`` of a suit's cards is its best card;
- **suit-major** (the exact solvers, :mod:`cardkit.analysis`): card number ``16 * suit +
  strength``, a suit in one 16-bit block.

A card's strength within its suit comes from the engine's rank order (RULES.md §1.5 for
Variety, reversed in contract 6; §2.1 Warsaw Hearts, 6 low; §3.1 Armenian Durak, the
special card lowest). The trick rule the kernels apply to these layouts is
:mod:`cardkit.simulate.trick_rule`. Every builder reads the engine (``contracts``,
``card_points``, ``HONOURS``) and is cached; the arrays are read-only by convention.

Imports no kernel: the solvers' modules and the simulators import these.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from cardkit.core.cards import Card, Rank, Suit, deck as make_deck

from ..games import armenian_durak as D, variety as V, warsaw_hearts as W

__all__ = ["variety_strength", "durak_strength", "VarietyTables", "variety_tables", "HeartsLayout",
           "hearts_layout", "DurakTables", "durak_tables", "durak_point_masks", "VarietySolverLayout",
           "variety_solver_layout", "hearts_solver_id", "hearts_solver_card"]

U64 = np.uint64
ONE = U64(1)


# ---- strengths within a suit ----------------------------------------------------------------

def variety_strength(card: Card, lowest_wins: bool = False) -> int:
    """A card's strength within its suit, 0 (weakest) .. 12 (strongest), RULES.md §1.5:
    the rank order, reversed in contract 6 (``lowest_wins``)."""
    return 14 - int(card.rank) if lowest_wins else int(card.rank) - 2


def durak_strength(card: Card, rules=None) -> int:
    """Strength within the suit for the simulator's bit order (RULES.md §3.1): the special
    card 0, then upwards to the ace (``rank - special rank``). The special card's one win,
    over the ace, is handled apart."""
    return int(card.rank) - int((rules or D.Rules()).special)


# ---- Variety: the simulator's rank-major tables, one row per contract --------------------------

@dataclass(frozen=True)
class VarietyTables:
    bit_of: np.ndarray      # (9*52,) uint8: contract*52 + Card.index -> bit position
    card_of: np.ndarray     # (9*64,) int8: contract*64 + bit -> Card.index (-1 unused)
    cv: np.ndarray          # (9*64,) int16: contract*64 + bit -> card points (§1.2)
    pos: np.ndarray         # (9,) uint64: cards worth > 0
    neg: np.ndarray         # (9,) uint64: cards worth < 0
    zero: np.ndarray        # (9,) uint64: cards worth 0
    trump: np.ndarray       # (9,) int32: trump suit or -1
    per_trick: np.ndarray   # (9,) int32
    majority: np.ndarray    # (9,) int32
    sum_cv: np.ndarray      # (9,) int32: points of all 52 cards
    v_pos: np.ndarray       # (9,) int32: the one positive card value of the contract (or 0)
    v_neg: np.ndarray       # (9,) int32: the one negative card value (or 0)
    reversed: np.ndarray    # (9,) bool: lowest card wins (contract 6)


@cache
def variety_tables(contract_values: str) -> VarietyTables:
    """Bit layouts and scoring tables of the eight contracts (index 0 repeats contract 1)
    under ``contract_values`` (``"book"``, its older name ``"seed"``, or ``"halved_2_7"``;
    RULES.md §1.2), from :func:`cardkit.games.variety.contracts`."""
    table = V.contracts(V.Rules(contract_values=contract_values))
    bit_of = np.zeros(9 * 52, dtype=np.uint8)
    card_of = np.full(9 * 64, -1, dtype=np.int8)
    cv = np.zeros(9 * 64, dtype=np.int16)
    pos, neg, zero = (np.zeros(9, dtype=U64) for _ in range(3))
    trump = np.full(9, -1, dtype=np.int32)
    per_trick, majority, sum_cv, v_pos, v_neg = (np.zeros(9, dtype=np.int32) for _ in range(5))
    rev = np.zeros(9, dtype=bool)
    for n in range(9):
        c = table[max(n, 1)]
        for card in make_deck(52):
            b = 4 * variety_strength(card, c.lowest_wins) + int(card.suit)
            bit_of[n * 52 + card.index] = b
            card_of[n * 64 + b] = card.index
            v = c.card_values[card.index]
            cv[n * 64 + b] = v
            mask = U64(1 << b)
            if v > 0:
                pos[n] |= mask
            elif v < 0:
                neg[n] |= mask
            else:
                zero[n] |= mask
        trump[n] = -1 if c.trump is None else int(c.trump)
        per_trick[n], majority[n], sum_cv[n] = c.per_trick, c.majority, sum(c.card_values)
        values = set(c.card_values)
        # scoring by popcount needs one positive and one negative value per contract (§1.2)
        assert len([v for v in values if v > 0]) <= 1 and len([v for v in values if v < 0]) <= 1
        v_pos[n] = max(values | {0})
        v_neg[n] = min(values | {0})
        rev[n] = c.lowest_wins
    return VarietyTables(bit_of, card_of, cv, pos, neg, zero, trump, per_trick, majority, sum_cv,
                         v_pos, v_neg, rev)


# ---- Warsaw Hearts: the simulator's rank-major layout of the 36 cards --------------------------

@dataclass(frozen=True)
class HeartsLayout:
    deck: tuple             # the 36 cards in cardkit.deck(36) order; a card's number is its position
    bit_of: np.ndarray      # (36,) uint8: card number -> bit position (4 * (rank - 6) + suit)
    card_of: np.ndarray     # (64,) int8: bit -> card number (-1 unused)
    bits: np.ndarray        # (36,) uint64: card number -> single-bit mask
    honours: tuple          # the masks of K♥, Q♥, J♥ (the engine's HONOURS, in its order)


@cache
def hearts_layout() -> HeartsLayout:
    """The 36-card layout of the Warsaw Hearts simulator (RULES.md §2.1: A down to 6)."""
    cards = tuple(make_deck(36))
    bit_of = np.array([4 * (int(c.rank) - 6) + int(c.suit) for c in cards], dtype=np.uint8)
    card_of = np.full(64, -1, dtype=np.int8)
    card_of[bit_of] = np.arange(36)
    bits = ONE << bit_of.astype(U64)
    index = {c: i for i, c in enumerate(cards)}
    honours = tuple(U64(1) << U64(int(bit_of[index[h]])) for h in W.HONOURS)
    return HeartsLayout(cards, bit_of, card_of, bits, honours)


# ---- Armenian Durak: the simulator's rank-major tables, by deck size ----------------------------

@dataclass(frozen=True)
class DurakTables:
    cards: tuple            # the deck, in cardkit.deck order
    bit_of: np.ndarray      # card number -> bit, uint8
    card_of: np.ndarray     # bit -> card number (-1 unused), int8
    bits: np.ndarray        # card number -> single-bit mask, uint64
    full: np.uint64
    top: int                # the ace's strength
    special: np.uint64      # the special cards
    aces: np.uint64
    by_points: tuple        # masks of the J, Q, K, A and special cards (the rule policy's losing order)
    zero: np.uint64         # the cards worth nothing


@cache
def durak_tables(deck_size: int) -> DurakTables:
    """The simulator's layout of a 36- or 52-card deck (RULES.md §3.1)."""
    rules = D.Rules(deck=deck_size)
    cards = tuple(make_deck(deck_size))
    bit_of = np.array([4 * durak_strength(c, rules) + int(c.suit) for c in cards], dtype=np.uint8)
    card_of = np.full(64, -1, dtype=np.int8)
    card_of[bit_of] = np.arange(deck_size)
    bits = ONE << bit_of.astype(U64)

    def mask(pred):
        return U64(np.bitwise_or.reduce(bits[[i for i, c in enumerate(cards) if pred(c)]]))

    ranks = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    by_points = tuple(mask(lambda c, r=r: c.rank == r) for r in ranks) + (mask(lambda c: c.rank == rules.special),)
    zero = mask(lambda c: D.card_points(c, None, rules) == 0)
    return DurakTables(cards, bit_of, card_of, bits, U64(np.bitwise_or.reduce(bits)),
                       int(Rank.ACE) - int(rules.special), by_points[4], by_points[3], by_points, zero)


@cache
def durak_point_masks(rules) -> tuple[np.ndarray, np.ndarray]:
    """Card points as the engine counts them (:func:`~cardkit.games.armenian_durak.card_points`,
    RULES.md §3.1, ``trump_six_double`` included): ``(values, masks)``, ``values`` (V,)
    int32 the distinct nonzero points, ``masks`` (4, V) uint64: under trump suit ``t`` the
    cards (simulator bits) worth ``values[k]``."""
    tb = durak_tables(rules.deck)
    pts = [[D.card_points(c, Suit(t), rules) for c in tb.cards] for t in range(4)]
    values = np.array(sorted({p for row in pts for p in row} - {0}), dtype=np.int32)
    masks = np.zeros((4, len(values)), dtype=U64)
    for t in range(4):
        for i, p in enumerate(pts[t]):
            if p:
                masks[t, np.searchsorted(values, p)] |= tb.bits[i]
    return values, masks


# ---- the solvers' suit-major card numbers ------------------------------------------------------

@dataclass(frozen=True)
class VarietySolverLayout:
    bit_of: dict            # Card -> card number (16 * suit + strength)
    card_of: dict           # card number -> Card
    values: np.ndarray      # (64,) int64: card number -> its points in the contract (0 in 1 and 2)


@cache
def variety_solver_layout(contract: V.Contract) -> VarietySolverLayout:
    """The Variety solver's card numbers for ``contract`` (strength reversed in contract 6,
    RULES.md §1.5) and the card values it scores (none where only tricks count, §1.2)."""
    majority = contract.majority != 0
    bit_of: dict[Card, int] = {}
    card_of: dict[int, Card] = {}
    val = np.zeros(64, dtype=np.int64)
    for card in make_deck(52):
        b = int(card.suit) * 16 + variety_strength(card, contract.lowest_wins)
        bit_of[card] = b
        card_of[b] = card
        val[b] = 0 if majority else contract.card_values[card.index]
    return VarietySolverLayout(bit_of, card_of, val)


def hearts_solver_id(card: Card) -> int:
    """The Warsaw Hearts solver's card number: suit * 16 + (rank - 6) (RULES.md §2.1)."""
    return int(card.suit) * 16 + int(card.rank) - 6


def hearts_solver_card(cid: int) -> Card:
    """The card of a Warsaw Hearts solver's card number (:func:`hearts_solver_id`)."""
    return Card(Suit(cid >> 4), Rank((cid & 15) + 6))


def durak_solver_id(card: Card) -> int:
    """The Armenian Durak solver's card number: suit * 16 + rank (the engine's rank number; which
    card beats which is the solver's table, read from the engine, RULES.md §3.3)."""
    return int(card.suit) * 16 + int(card.rank)


@cache
def durak_solver_cards(deck_size: int) -> dict[int, Card]:
    """Card number (:func:`durak_solver_id`) -> card, for a deck of ``deck_size`` cards."""
    return {durak_solver_id(c): c for c in make_deck(deck_size)}
