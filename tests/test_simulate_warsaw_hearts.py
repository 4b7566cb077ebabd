"""The batched Warsaw Hearts simulator against the object engine (RULES.md §2.1–§2.2)."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import CardkitError
from cardkit.bots import play_out
from cardkit.games import warsaw_hearts as W
from cardkit.simulate._core import deal_batch
from cardkit.simulate.warsaw_hearts import (DECK36, HeartsRulePolicyBot, HeartsWeakestBot, WarsawHeartsBatch,
                                            random_warsaw_hearts, simulate_warsaw_hearts)


def _object_deal(deals, dealer, b, rules):
    k, n = rules.cards_per_player, rules.players
    hands = [[DECK36[i] for i in deals[b, k * s:k * s + k]] for s in range(n)]
    return W.new_deal(hands, dealer=int(dealer[b]), rules=rules)


def _compare(state, batch, b):
    assert [[DECK36.index(c) for c in t.cards] for t in state.tricks] == batch.plays[b].tolist(), b
    assert [t.leader for t in state.tricks] == batch.leaders[b].tolist()
    assert [t.winner for t in state.tricks] == batch.winners[b].tolist()
    assert state.penalties() == batch.penalties[b].tolist(), b
    assert state.bonuses() == batch.bonuses[b].tolist(), b
    assert state.returns() == batch.scores[b].tolist()


@pytest.mark.parametrize("players", [3, 4])
def test_rule_policy_matches_object_engine(players):
    """1,000 seeded deals for three and for four players: same cards, tricks, penalties."""
    rules = W.Rules(players=players)
    rng = np.random.default_rng(100 + players)
    deals = deal_batch(1000, rng, deck=36)
    dealer = rng.integers(0, players, 1000)
    batch = simulate_warsaw_hearts(deals, dealer=dealer, policy="rule", rules=rules)
    for b in range(len(deals)):
        state = _object_deal(deals, dealer, b, rules)
        play_out(state, [HeartsRulePolicyBot() for _ in range(players)])
        _compare(state, batch, b)


@pytest.mark.parametrize("players", [3, 4])
def test_random_policy_replays_in_object_engine(players):
    rules = W.Rules(players=players)
    rng = np.random.default_rng(200 + players)
    deals = deal_batch(1000, rng, deck=36)
    dealer = rng.integers(0, players, 1000)
    batch = simulate_warsaw_hearts(deals, dealer=dealer, policy="random", rules=rules, seed=players)
    for b in range(len(deals)):
        state = _object_deal(deals, dealer, b, rules)
        for trick in batch.plays[b]:
            for ci in trick:
                state.apply_action(DECK36[ci])   # raises if illegal
        _compare(state, batch, b)


@pytest.mark.parametrize("players", [3, 4])
def test_variants_match_object_engine(players):
    """double_honour_trick="additive" and bonus_without_tricks=True, 300 deals, three policies."""
    rules = W.Rules(players=players, double_honour_trick="additive", bonus_without_tricks=True)
    rng = np.random.default_rng(300 + players)
    deals = deal_batch(300, rng, deck=36)
    dealer = rng.integers(0, players, 300)
    for policy, bot in (("rule", HeartsRulePolicyBot), ("weakest", HeartsWeakestBot),
                        (("rule", "weakest", "rule", "weakest")[:players], None)):
        batch = simulate_warsaw_hearts(deals, dealer=dealer, policy=policy, rules=rules)
        for b in range(len(deals)):
            state = _object_deal(deals, dealer, b, rules)
            bots = [bot() for _ in range(players)] if bot else \
                [HeartsRulePolicyBot() if p == "rule" else HeartsWeakestBot() for p in policy]
            play_out(state, bots)
            _compare(state, batch, b)


@pytest.mark.parametrize("players", [3, 4])
def test_shapes_dtypes_and_invariants(players):
    B, k = 2000, W.CARDS_PER_PLAYER[players]
    batch = random_warsaw_hearts(B, players=players, seed=5, policy="random")
    assert isinstance(batch, WarsawHeartsBatch) and len(batch) == B
    expect = {"dealer": ((B,), np.int8), "penalties": ((B, players), np.int16),
              "bonuses": ((B, players), np.int16), "scores": ((B, players), np.int16),
              "tricks_won": ((B, players), np.int8), "hands": ((B, players, k), np.int8),
              "leaders": ((B, k), np.int8), "plays": ((B, k, players), np.int8), "winners": ((B, k), np.int8)}
    for name, (shape, dtype) in expect.items():
        arr = getattr(batch, name)
        assert arr.shape == shape and arr.dtype == dtype, (name, arr.shape, arr.dtype)
    assert (batch.hands.reshape(B, -1).min(axis=1) >= 0).all()
    assert (np.sort(batch.plays.reshape(B, -1), axis=1) == np.arange(36)).all()
    assert (np.sort(batch.hands.reshape(B, -1), axis=1) == np.arange(36)).all()
    assert (batch.hands == np.sort(deal_batch(B, 5, deck=36).reshape(B, players, k), axis=2)).all()
    assert (batch.leaders[:, 0] == (batch.dealer + 1) % players).all()
    assert (batch.leaders[:, 1:] == batch.winners[:, :-1]).all()
    assert (batch.tricks_won.sum(axis=1) == k).all()
    # the honours cost between 9 (4+3+2 spread over seats) and 20 per seat in total
    assert set(np.unique(batch.penalties)) <= {0, 2, 3, 4, 10, 15, 20}
    assert ((batch.bonuses == 0) | (batch.bonuses == 20)).all()
    assert (batch.penalties.sum(axis=1) >= 9).all()


def test_same_seed_same_batch():
    a, b = random_warsaw_hearts(300, seed=3), random_warsaw_hearts(300, seed=3)
    assert (a.plays == b.plays).all() and (a.scores == b.scores).all()
    assert not (random_warsaw_hearts(300, seed=4).plays == a.plays).all()


@pytest.mark.parametrize("players", [3, 4])
def test_rule_policy_beats_random(players):
    """A rule-policy seat among random players scores more (bonus minus penalty) than a
    random player in that seat on the same deals, by more than 4 standard errors, in every
    seat."""
    deals = deal_batch(3000, 7, deck=36)
    base = simulate_warsaw_hearts(deals, players=players, policy="random", seed=1)
    for s in range(players):
        pol = ["random"] * players
        pol[s] = "rule"
        a = simulate_warsaw_hearts(deals, players=players, policy=pol, seed=1)
        d = a.scores[:, s].astype(float) - base.scores[:, s]
        assert d.mean() > 4 * d.std(ddof=1) / np.sqrt(len(d)), (players, s, d.mean())


def test_errors():
    d = deal_batch(4, 1, deck=36)
    with pytest.raises(CardkitError, match="36"):
        simulate_warsaw_hearts(deal_batch(4, 1))
    with pytest.raises(CardkitError, match="dealer"):
        simulate_warsaw_hearts(d, players=3, dealer=3)
    with pytest.raises(CardkitError, match="3 or 4"):
        simulate_warsaw_hearts(d, players=5)
    with pytest.raises(CardkitError, match="policy"):
        simulate_warsaw_hearts(d, policy="sly")
    bad = d.copy()
    bad[0, 0] = bad[0, 1]
    with pytest.raises(CardkitError, match="every card"):
        simulate_warsaw_hearts(bad)
