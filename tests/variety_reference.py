"""An independent reading of the Variety rules (RULES.md §1.2, §1.5, §1.6) for the tests.

Written from RULES.md alone, without the engine's tables or ``winning_index``, so that the
tests compare two implementations instead of the engine with itself.
"""

from __future__ import annotations

from cardkit import Card, Rank, Suit

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

#: contract -> trump suit (None: no trumps), RULES.md §1.2
TRUMP = {1: None, 2: C, 3: H, 4: D, 5: S, 6: C, 7: S, 8: None}
#: contract -> the sum of both sides' points in one deal, RULES.md §1.2
SIDE_TOTAL = {1: 12, 2: 26, 3: 26, 4: 0, 5: 0, 6: 26, 7: -26, 8: -26}
SIDE_TOTAL_HALVED = {**SIDE_TOTAL, 2: 13, 7: -13}


def trick_winner(cards: list[Card], contract: int) -> int:
    """Index in play order of the card that wins, RULES.md §1.5."""
    trump = TRUMP[contract]
    in_trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    candidates = in_trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    pick = min if contract == 6 else max  # contract 6: the lowest card wins
    return pick(candidates, key=lambda i: int(cards[i].rank))


def side_points(contract: int, cards: list[Card], halved: bool = False) -> int:
    """Points of a side that took ``cards`` (a multiple of 4) out of 13 tricks, §1.2."""
    tricks = len(cards) // 4
    black_jt = sum(1 for c in cards if c.suit in (S, C) and c.rank in (Rank.JACK, Rank.TEN))
    red_jt = sum(1 for c in cards if c.suit in (H, D) and c.rank in (Rank.JACK, Rank.TEN))
    red = sum(1 for c in cards if c.suit in (H, D))
    if contract == 1:
        return 12 if tricks > 13 - tricks else 0
    if contract == 2:
        return (1 if halved else 2) * tricks
    if contract == 3:
        return 2 * sum(1 for c in cards if c.suit == S)
    if contract == 4:
        return red - (len(cards) - red)
    if contract == 5:
        return 5 * black_jt - 5 * red_jt
    if contract == 6:
        return red
    if contract == 7:
        return -(1 if halved else 2) * sum(1 for c in cards if c.suit == C)
    if contract == 8:
        return -2 * tricks
    raise AssertionError(contract)


def scores(contract: int, declarers, taken, *, tie: str = "declarers_lose", halved: bool = False) -> list[int]:
    """Four seat scores, RULES.md §1.6: own side's points, +10 to each defender on a loss."""
    decl = set(declarers)
    d = side_points(contract, [c for s in decl for c in taken[s]], halved)
    f = side_points(contract, [c for s in range(4) if s not in decl for c in taken[s]], halved)
    lost = d < f or (d == f and tie == "declarers_lose")
    return [d if s in decl else f + (10 if lost else 0) for s in range(4)]
