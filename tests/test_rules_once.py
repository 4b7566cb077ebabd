"""Each rule once (issue 13): the engines' rule functions that the batched simulators read
work elementwise on arrays exactly as on single values, and the simulators' tables add up
to the engines' figures (RULES.md §1.2-§1.6, §2.1-§2.2, §3.1-§3.4)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cardkit import Suit
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate import armenian_durak as SD, warsaw_hearts as SW
from cardkit.simulate._core import popcount
from cardkit.simulate.variety import auction_for


@pytest.mark.parametrize("lead", ["left_of_first_namer", "left_of_first_bidder", "left_of_dealer"])
def test_first_lead_seat_on_arrays_is_opening_leader(lead):
    rules = V.Rules(lead=lead)
    cases = [(d, a, b) for d in range(4) for a in range(4) for b in range(4) if a != b]
    want = []
    for dealer, first, second in cases:
        auction = V.resolve_auction(auction_for(3, (first, second), dealer), first=(dealer + 1) % 4)
        assert auction.declarers == (first, second)
        want.append(V.opening_leader(auction, dealer, rules))
    dl, fn = (np.array(x) for x in zip(*[(d, a) for d, a, _ in cases]))
    assert V.first_lead_seat(fn, dl, rules).tolist() == want
    expected = {"left_of_first_namer": (fn + 1) % 4, "left_of_first_bidder": (dl + 2) % 4,
                "left_of_dealer": (dl + 1) % 4}[lead]          # RULES.md §1.4, written out
    assert want == expected.tolist()


@pytest.mark.parametrize("tie", ["declarers_lose", "no_bonus"])
def test_declarers_lose_on_arrays(tie):
    rules = V.Rules(tie=tie)
    d, f = np.meshgrid(np.arange(-3, 4), np.arange(-3, 4))
    out = V.declarers_lose(d, f, rules)
    for x, y, lose in zip(d.ravel(), f.ravel(), out.ravel()):
        assert bool(lose) == bool(V.declarers_lose(int(x), int(y), rules))
        assert bool(lose) == (x < y or (x == y and tie == "declarers_lose"))   # §1.6


def test_trick_points_is_strict():
    t = np.arange(14)
    assert V.trick_points(0, 12, t, 13 - t).tolist() == [0] * 7 + [12] * 7   # §1.2, contract 1
    assert V.trick_points(0, 12, 3, 3) == 0 and V.trick_points(-2, 0, 5, 8) == -10


@pytest.mark.parametrize("deck, double", list(itertools.product([36, 52], [False, True])))
def test_simulator_point_masks_add_up_to_the_deck(deck, double):
    rules = D.Rules(deck=deck, trump_six_double=double)
    values, masks = SD._point_masks(rules)
    for t in Suit:
        total = sum(int(v) * int(popcount(masks[int(t), k])) for k, v in enumerate(values))
        assert total == D.deck_points(t, rules) == (86 if double else 80)   # §3.1


def test_sweep_bonus_on_arrays():
    for deck in (36, 52):
        rules = D.Rules(deck=deck)
        n = np.arange(deck // 2 + 1)
        assert D.sweep_bonus(n, rules).tolist() == [0] * (deck // 2) + [10]   # §3.4


def test_hearts_first_leader_and_tables():
    assert W.first_leader(np.arange(4), 4).tolist() == [1, 2, 3, 0]          # §2.1
    assert W.first_leader(np.arange(3), 3).tolist() == [1, 2, 0]
    for rules in (W.Rules(), W.Rules(double_honour_trick="additive", bonus_without_tricks=True, players=3)):
        pen, bonus = SW._score_tables(rules)
        k, q, j = 1, 2, 4
        add = rules.double_honour_trick == "additive"
        # §2.2: alone K 4, Q 3, J 2; two apart 10; three apart 15; two together 20 (+ the
        # other honour's single value under "additive")
        assert [pen[k * 9], pen[q * 9], pen[j * 9]] == [4, 3, 2]
        assert pen[(k | q) * 9] == 10 and pen[7 * 9] == 15
        assert pen[(k | q) * 8] == 20 and pen[7 * 8] == 20 and pen[7 * 8 + j] == 20 + 2 * add
        # bonus[heart * 2 + took]: +20 with tricks and no heart
        assert bonus[1] == 20 and bonus[3] == 0 and bonus[0] == 20 * rules.bonus_without_tricks
