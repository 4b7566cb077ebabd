"""The Variety solver against DDS, the bridge double-dummy solver (``endplay`` from PyPI,
in the test extra), RULES.md §1.2, §1.5, §1.6.

Variety's contract 1 (no trumps, +12 to the side that takes more tricks) and contract 2
(clubs trumps, +2 per trick) with the declarers sitting opposite are bridge deals: every
trick is won as in bridge (follow suit, the highest trump, else the highest card of the
suit led), so the most tricks each side can take with best play is DDS's answer, and the
declarers' margin follows from it by §1.6 (written out here from RULES.md, not read from
the engine). Seats 0..3 are DDS's North, East, South and West (play goes to the left).
"""

from __future__ import annotations

import random

import pytest

from cardkit.analysis import variety as AV
from cardkit.games import variety as V
from cardkit.simulate.variety import auction_for

dds = pytest.importorskip("endplay.dds")
from endplay.dds.solve import SolveMode  # noqa: E402  (endplay is optional: skipped above)
from endplay.types import Deal, Denom, Player  # noqa: E402

RULES = {"book": V.Rules(), "halved": V.Rules(contract_values="halved_2_7")}


def margin(contract: int, d: int, halved: bool = False) -> int:
    """The declarers' margin when they take ``d`` of the 13 tricks, RULES.md §1.2, §1.6:
    their points minus the defenders', the defenders' +10 when the declarers do not have
    more points (13 tricks: never a tie in contracts 1 and 2)."""
    if contract == 1:
        mine, theirs = (12, 0) if d > 13 - d else (0, 12)
    else:
        per = 1 if halved else 2
        mine, theirs = per * d, per * (13 - d)
    return mine - theirs - (10 if mine <= theirs else 0)


def deal_of(st) -> Deal:
    """The position as an endplay ``Deal``: the hands, the cards of the open trick played."""
    hands = [list(h) for h in st.hands]
    played = list(st.trick.cards) if st.trick is not None else []
    leader = st.trick.leader if played else st.current_player
    for i, card in enumerate(played):
        hands[(leader + i) % 4].append(card)

    def pbn(hand) -> str:
        return ".".join("".join(c.rank.char for c in sorted(hand, key=lambda c: -int(c.rank)) if int(c.suit) == s)
                        for s in range(4))

    d = Deal("N:" + " ".join(pbn(h) for h in hands))
    d.trump = Denom.nt if st.contract == 1 else Denom.clubs
    d.first = Player(leader)
    for card in played:
        d.play(f"{card.suit.letter}{card.rank.char}")
    return d


def tricks_so_far(st) -> tuple[int, int]:
    """(tricks the declarers took, tricks still to play, the open one included)."""
    return sum(len(st.taken[s]) for s in st.declarers) // 4, (sum(map(len, st.hands)) + 3) // 4


def dds_card_values(st, halved: bool) -> dict:
    """{card: the mover's side's margin} for every legal card, by DDS."""
    done, left = tricks_so_far(st)
    mover_declares = st.current_player in st.declarers
    out = {}
    for card, tricks in dds.solve_board(deal_of(st), SolveMode.Default):
        d = done + (tricks if mover_declares else left - tricks)
        ours = margin(st.contract, d, halved)
        out[_card(card)] = ours if mover_declares else -ours
    return out


def _card(card):
    """An endplay card as cardkit's."""
    from cardkit.cards import Card, Rank, Suit
    rank = Rank("23456789TJQKA".index(card.rank.abbr) + 2)
    return Card(Suit(int(card.suit)), rank)


def dds_value(st, halved: bool) -> int:
    """The declarers' margin with best play from here, by DDS."""
    done, left = tricks_so_far(st)
    best = max(tricks for _, tricks in dds.solve_board(deal_of(st), SolveMode.OptimalAll))
    d = done + (best if st.current_player in st.declarers else left - best)
    return margin(st.contract, d, halved)


def opposite_deal(seed: int, contract: int, rules: V.Rules):
    """A deal of ``contract`` with the declarers opposite (seats d and d + 2), at the
    opening lead."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    d = rng.randrange(4)
    first = rng.choice((d, (d + 2) % 4))   # who named it first decides the opening lead (§1.4)
    st = V.new_deal(seed=seed, dealer=dealer, rules=rules)
    for bid in auction_for(contract, (first, (first + 2) % 4), dealer):
        st.apply_action(bid)
    assert st.phase == "play" and st.contract == contract
    return st, rng


#: cards left in hand (52 = the opening lead) where a deal's line is checked: whole
#: deals by solve, then positions mid-trick and at a lead by analyse (every legal card)
SOLVE_AT = (52, 45)
ANALYSE_AT = (37, 30, 23, 14)


@pytest.mark.parametrize("contract", (1, 2))
def test_solver_agrees_with_dds(contract):
    """25 whole deals per contract (50 in all), the declarers opposite, default and
    halved values: at the opening lead and after 7 cards (mid-trick) the solved margin is
    DDS's; then, along one random line of play, at 4 more positions (mid-trick and at a
    lead) every legal card's value by ``analyse`` is DDS's. 6 positions a deal, 300 in all."""
    checked = 0
    for i in range(25):
        key = "halved" if (contract == 2 and i % 5 == 4) else "book"
        st, rng = opposite_deal(20_000 + 100 * contract + i, contract, RULES[key])
        halved = key == "halved"
        while st.phase != "over":
            n = sum(map(len, st.hands))
            if n in SOLVE_AT:
                assert AV.solve(st).value == dds_value(st, halved), (i, n, st.to_json())
                checked += 1
            if n in ANALYSE_AT:
                assert AV.analyse(st) == dds_card_values(st, halved), (i, n, st.to_json())
                checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked == 25 * (len(SOLVE_AT) + len(ANALYSE_AT))


def test_margin_mapping_follows_the_rules():
    """The §1.6 mapping used above, on the book's numbers: contract 1 is +12 or -12 - 10,
    contract 2 a margin of 2 per trick with the defenders' +10 when the declarers take 6
    or fewer."""
    assert margin(1, 7) == 12 and margin(1, 6) == -22
    assert margin(2, 7) == 2 and margin(2, 6) == -12 and margin(2, 13) == 26 and margin(2, 0) == -36
    assert margin(2, 7, halved=True) == 1 and margin(2, 6, halved=True) == -11
