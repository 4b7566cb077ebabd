"""The compiled (numba) path of the batched simulators (cardkit.simulate._kernels) against
the numpy loops it replaces (the reference, itself checked against the object engine in
test_simulate_variety.py, test_simulate_warsaw_hearts.py and
test_simulate_armenian_durak.py, which run on the compiled path by default): the same seed
must give the same arrays, the generator must be left where numpy leaves it, and a fresh
process must load the compiled functions from numba's cache without compiling."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pytest.importorskip("numba")

import cardkit.simulate.variety as SV  # noqa: E402
import cardkit.simulate.warsaw_hearts as SW  # noqa: E402
from cardkit.games import variety as V  # noqa: E402
from cardkit.games import armenian_durak as D  # noqa: E402
from cardkit.games import warsaw_hearts as W  # noqa: E402
from cardkit.simulate import (deal_batch, random_armenian_durak, random_variety,  # noqa: E402
                              random_warsaw_hearts, simulate_armenian_durak, simulate_variety)
from cardkit.simulate._core import deal_bits, hands_from_bits  # noqa: E402

FIELDS = ("contract", "dealer", "declarers", "points", "declarers_win", "scores", "_hand_bits",
          "_plays", "_leaders", "_winners")


@pytest.fixture
def K():
    from cardkit.simulate import _kernels
    return _kernels


def _both(monkeypatch, run):
    """``run()`` on the compiled path, then on the numpy path."""
    monkeypatch.setattr(SV, "_USE_KERNEL", True)
    a = run()
    monkeypatch.setattr(SV, "_USE_KERNEL", False)
    b = run()
    monkeypatch.setattr(SV, "_USE_KERNEL", True)
    return a, b


def _assert_same(a, b):
    for f in FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
        assert getattr(a, f).dtype == getattr(b, f).dtype, f


@pytest.mark.parametrize("policy", ["random", "rule", "weakest", ("rule", "random", "weakest", "random")],
                         ids=str)
@pytest.mark.parametrize("rules", [None, V.Rules(lead="left_of_dealer"), V.Rules(lead="left_of_first_bidder"),
                                   V.Rules(contract_values="halved_2_7"), V.Rules(tie="no_bonus")], ids=repr)
def test_random_variety_same_arrays_on_both_paths(monkeypatch, policy, rules):
    a, b = _both(monkeypatch, lambda: random_variety(700, seed=41, policy=policy, rules=rules))
    _assert_same(a, b)
    assert set(np.unique(a.contract)) == set(range(1, 9))   # every contract, contract 6 reversed


def test_simulate_variety_same_arrays_and_generator_left_alike(monkeypatch):
    deals = deal_batch(500, 3)
    rngs = [np.random.default_rng(9), np.random.default_rng(9)]
    left = iter(rngs)
    a, b = _both(monkeypatch, lambda: simulate_variety(deals, 5, (2, 0), dealer=1, policy="random",
                                                       seed=next(left)))
    _assert_same(a, b)
    # the compiled path advanced the generator exactly as 48 rng.random(B) calls do
    assert rngs[0].bit_generator.state == rngs[1].bit_generator.state
    assert rngs[0].random() == rngs[1].random()


def test_random_variety_with_a_generator_leaves_it_alike(monkeypatch):
    rngs = iter([np.random.default_rng(77), np.random.default_rng(77)])
    kept = []

    def run():
        rng = next(rngs)
        kept.append(rng)
        return random_variety(300, seed=rng)
    _assert_same(*_both(monkeypatch, run))
    assert kept[0].bit_generator.state == kept[1].bit_generator.state


def test_played_cards_are_legal_and_scores_add_up():
    """Independent of the numpy loop: each trick follows suit when it can (RULES.md §1.5),
    every dealt card is played once, and the 13 tricks are split between the sides."""
    batch = random_variety(400, seed=8)
    hands, plays = batch.hands, batch.plays
    for b in range(len(batch)):
        held = [set(hands[b, s].tolist()) for s in range(4)]
        for t in range(13):
            led_suit = plays[b, t, 0] // 13   # Card.index = 13 * suit + rank order
            for j in range(4):
                seat = (batch.leaders[b, t] + j) % 4
                card = int(plays[b, t, j])
                assert card in held[seat]
                if j and card // 13 != led_suit:
                    assert all(c // 13 != led_suit for c in held[seat]), (b, t, j)
                held[seat].discard(card)
        assert not any(held)


def test_non_pcg64_generator_falls_back_to_numpy(monkeypatch):
    def run():
        return random_variety(200, seed=np.random.Generator(np.random.MT19937(5)))
    _assert_same(*_both(monkeypatch, run))


def test_deal_hands_is_numpys_permuted_shuffle(K):
    for deck_bits, seats, per_seat in ((SV.BITS, 4, 13), (SV.BITS[:36].copy(), 3, 12)):
        rng_a, rng_b = np.random.default_rng(12), np.random.default_rng(12)
        rng_a.integers(0, 2, 3)   # leave a buffered 32-bit half in the generator
        rng_b.integers(0, 2, 3)
        st = K.generator_state(rng_a)
        hands = np.empty((seats, 257), dtype=np.uint64)
        K.deal_hands(st, deck_bits, hands)
        K.set_generator_state(rng_a, st)
        expected = hands_from_bits(deal_bits(257, deck_bits, rng_b), seats, per_seat)
        assert np.array_equal(hands, expected)
        assert rng_a.bit_generator.state == rng_b.bit_generator.state


def test_select_bit_against_a_plain_count(K):
    r = random.Random(3)
    for _ in range(3000):
        x = r.getrandbits(64) & r.getrandbits(64) | (1 << r.randrange(64))
        bits = [i for i in range(64) if x >> i & 1]
        k = r.randrange(len(bits))
        assert K.select_bit(np.uint64(x), np.uint64(k)) == bits[k]
        assert K._select(np.uint64(x), np.uint64(k)) == bits[k]


HEARTS_FIELDS = ("dealer", "penalties", "bonuses", "scores", "tricks_won", "_hand_bits", "_plays",
                 "_leaders", "_winners")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("policy", ["random", "rule", "weakest", "mixed"])
def test_warsaw_hearts_same_arrays_on_both_paths(monkeypatch, players, policy):
    if policy == "mixed":
        policy = ("rule", "random", "weakest", "random")[:players]
    rules = W.Rules(players=players, double_honour_trick="additive", bonus_without_tricks=True)
    for kw in ({}, {"rules": rules}):
        rngs = iter([np.random.default_rng(31), np.random.default_rng(31)])
        kept = []

        def run():
            kept.append(next(rngs))
            return random_warsaw_hearts(600, players=None if kw else players, seed=kept[-1],
                                        policy=policy, **kw)
        a, b = _both(monkeypatch, run)
        for f in HEARTS_FIELDS:
            assert np.array_equal(getattr(a, f), getattr(b, f)), f
        assert kept[0].bit_generator.state == kept[1].bit_generator.state


def test_warsaw_hearts_prefix_on_both_paths(monkeypatch):
    """The advisor's use: the same position in every deal (the cards played so far are
    forced), then the play from there on."""
    one = random_warsaw_hearts(1, players=4, seed=2)
    hands = np.repeat(one._hand_bits, 300, axis=1)
    prefix = one._plays[:2].reshape(-1)[:6].astype(np.int32)   # the first trick and a half
    dealer = np.full(300, int(one.dealer[0]))
    rules = W.Rules(players=4)
    a, b = _both(monkeypatch, lambda: SW._play(hands.copy(), dealer, rules, "random",
                                               np.random.default_rng(4), prefix=prefix))
    for f in HEARTS_FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
    assert (a._plays[:2].reshape(8, -1)[:6] == prefix[:, None]).all()
    assert len({tuple(r) for r in a.plays[:, 1, :].tolist()}) > 1   # random after the prefix


DURAK_FIELDS = ("dealer", "trump", "points", "scores", "tricks_won", "_plays", "_leaders", "_winners",
                "_draws")


@pytest.mark.parametrize("rules", [None, D.Rules(deck=52), D.Rules(draw_after="lead"),
                                   D.Rules(trump_six_double=True)], ids=repr)
@pytest.mark.parametrize("policy", ["random", "rule", "weakest", ("rule", "random"), ("random", "weakest")],
                         ids=str)
def test_armenian_durak_same_arrays_on_both_paths(monkeypatch, rules, policy):
    rngs = [np.random.default_rng(17), np.random.default_rng(17)]
    left = iter(rngs)
    a, b = _both(monkeypatch, lambda: random_armenian_durak(500, seed=next(left), policy=policy, rules=rules))
    for f in DURAK_FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
    assert rngs[0].bit_generator.state == rngs[1].bit_generator.state
    if "random" in policy:   # draws offered, declined and taken all occur
        assert {-2, -1}.issubset(set(np.unique(a._draws).tolist())) and (a._draws >= 0).any()


def test_simulate_armenian_durak_same_arrays_on_both_paths(monkeypatch):
    deals = deal_batch(400, 6, deck=36)
    trump = np.arange(400) % 4
    a, b = _both(monkeypatch, lambda: simulate_armenian_durak(deals, trump, dealer=np.arange(400) % 2,
                                                              policy=("random", "rule"), seed=3))
    for f in DURAK_FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f


_CHILD = textwrap.dedent("""
    import json, sys, time
    t0 = time.perf_counter()
    import cardkit, cardkit.simulate, cardkit.analysis
    assert "numba" not in sys.modules, "import cardkit imported numba"
    from cardkit.simulate import random_variety, random_warsaw_hearts
    batch = random_variety(300, seed=123, policy=("random", "rule", "random", "weakest"))
    from cardkit.simulate import _kernels as K
    random_warsaw_hearts(50, seed=1)
    from cardkit.simulate import random_armenian_durak
    random_armenian_durak(50, seed=1)
    stats = [f.stats for f in (K.deal_hands, K.deal_rows, K.play_variety, K.play_hearts, K.play_durak,
                               K._select, K.select_bit)]
    print(json.dumps({"hits": sum(sum(s.cache_hits.values()) for s in stats),
                      "misses": sum(sum(s.cache_misses.values()) for s in stats),
                      "scores": batch.scores.tolist(), "plays": batch.plays.tolist(),
                      "seconds": time.perf_counter() - t0}))
""")


def test_fresh_process_loads_the_cache(monkeypatch, K):
    """This process has compiled the kernels or loaded them (``K``), so numba's cache holds
    them; a fresh interpreter must load every kernel from the cache, compile nothing, and
    give the numpy path's arrays."""
    proc = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["misses"] == 0 and out["hits"] >= 7, out
    monkeypatch.setattr(SV, "_USE_KERNEL", False)
    ref = random_variety(300, seed=123, policy=("random", "rule", "random", "weakest"))
    assert out["scores"] == ref.scores.tolist()
    assert out["plays"] == ref.plays.tolist()
