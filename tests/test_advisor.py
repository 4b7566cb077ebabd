"""The Variety contract advisor (RULES.md §1.8): determinism, hidden cards, standard
errors, errors."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from cardkit import CardkitError, NotationError, parse_hand
from cardkit.advisor import ContractAdvice, advise as advise_impl, sample_deals
from cardkit.games import variety as V
from cardkit.games.variety import advise
from cardkit.simulate._core import popcount
from cardkit.simulate.variety import BITS

HAND_A = "KQ7.AJ5.KQ84.A92"   # fig. 65 а (RULES.md §1.8)


def test_result_shape():
    adv = advise(HAND_A, samples=200, seed=1)
    assert len(adv) == 8 and all(isinstance(a, ContractAdvice) for a in adv)
    assert sorted(a.contract for a in adv) == list(range(1, 9))
    assert [a.margin for a in adv] == sorted((a.margin for a in adv), reverse=True)
    assert all(a.samples == 200 and a.stderr > 0 and 0 <= a.win_rate <= 1 for a in adv)
    assert {a.contract: a.description for a in adv} == {c: str(V.CONTRACTS[c]) for c in range(1, 9)}


def test_same_hand_same_seed_same_answer_whatever_the_notation():
    cards = parse_hand(HAND_A)
    a = advise(HAND_A, samples=300, seed=7)
    b = advise(list(reversed(cards)), samples=300, seed=7)
    c = advise([c.code for c in cards], samples=300, seed=np.random.default_rng(7))
    assert a == b == c
    assert advise(HAND_A, samples=300, seed=8) != a


def test_only_the_hand_is_an_input():
    """The other seats' real cards are never an input: the signature takes the hand,
    seats and simulation settings only, and the same call is the same whatever deal the
    hand came from."""
    params = set(inspect.signature(advise).parameters)
    assert params == {"hand", "seat", "dealer", "samples", "seed", "policy", "rules", "progress", "evaluation",
                      "max_nodes", "seconds"}
    assert set(inspect.signature(advise_impl).parameters) == params
    d1 = V.new_deal(seed=1)
    d2 = V.new_deal([d1.initial_hands[0]] + _other_split(d1), dealer=0)
    assert d1.initial_hands[0] == d2.initial_hands[0] and d1.initial_hands[1] != d2.initial_hands[1]
    assert advise(d1.observation(0).hand, samples=200, seed=3) == advise(d2.observation(0).hand, samples=200, seed=3)


def _other_split(state):
    rest = [c for s in (1, 2, 3) for c in state.initial_hands[s]]
    rest = rest[13:] + rest[:13]
    return [rest[0:13], rest[13:26], rest[26:39]]


@pytest.mark.parametrize("seat", [0, 2])
def test_sampled_deals_keep_the_hand_and_spread_the_rest(seat):
    """sample_deals: the bidder always holds the hand; the other 39 cards are shared
    13-13-13, each card with each other seat about a third of the time."""
    cards = parse_hand(HAND_A)
    n = 3000
    h = sample_deals(cards, seat, n, np.random.default_rng(0))
    own = np.bitwise_or.reduce(BITS[[c.index for c in cards]])
    assert (h[seat] == own).all()
    assert (np.bitwise_or.reduce(h, axis=0) == np.uint64((1 << 52) - 1)).all()
    assert all((popcount(h[s]) == 13).all() for s in range(4))
    unseen = [i for i in range(52) if i not in {c.index for c in cards}]
    for i in unseen[::5]:
        for s in range(4):
            if s == seat:
                continue
            frac = ((h[s] & BITS[i]) != 0).mean()
            assert abs(frac - 1 / 3) < 0.04, (i, s, frac)


def test_stderr_shrinks_with_samples():
    small = {a.contract: a for a in advise(HAND_A, samples=250, seed=11)}
    big = {a.contract: a for a in advise(HAND_A, samples=4000, seed=12)}
    for c in range(1, 9):
        # sqrt(16) = 4 times smaller in expectation; allow generous slack
        assert big[c].stderr < small[c].stderr / 2.5, c
        assert abs(big[c].margin - small[c].margin) < 5 * small[c].stderr + 1e-9, c


def test_a_strong_hand_prefers_taking_tricks_to_losing_them():
    """Hand а has 18 high-card points: contract 1 (+12 to the side with more tricks) is
    worth more to it than contract 8 (-2 per trick), by many standard errors."""
    adv = {a.contract: a for a in advise(HAND_A, samples=500, seed=5)}
    assert adv[1].margin - adv[8].margin > 5 * (adv[1].stderr + adv[8].stderr)


def test_policies_and_progress():
    seen = []
    adv = advise(HAND_A, samples=100, seed=2, policy="random", progress=lambda d, t: seen.append((d, t)))
    assert len(adv) == 8 and seen[-1] == (8, 8)


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(hand="KQ7.AJ5.KQ84.A9"), NotationError, "13"),
    (dict(hand="KQ7.AJ5.KQ84.A9X"), NotationError, "A9X|X"),
    (dict(seat=4), CardkitError, "seat"),
    (dict(dealer=-1), CardkitError, "dealer"),
    (dict(samples=1), CardkitError, "samples"),
    (dict(policy="psychic"), CardkitError, "policy"),
])
def test_errors(kwargs, error, match):
    args = dict(hand=HAND_A, samples=10, seed=0)
    args.update(kwargs)
    with pytest.raises(error, match=match):
        advise(**args)
