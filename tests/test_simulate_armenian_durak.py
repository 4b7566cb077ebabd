"""The batched Armenian Durak simulator against the object engine (RULES.md §3.1–§3.4)."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import CardkitError, Suit, deck
from cardkit.bots import play_out
from cardkit.games import armenian_durak as D
from cardkit.simulate._core import deal_batch
from cardkit.simulate.armenian_durak import (NO_DRAW, DurakBatch, DurakRulePolicyBot, DurakWeakestBot,
                                             layout_columns, random_armenian_durak, simulate_armenian_durak)


def _setup(n, seed, rules):
    rng = np.random.default_rng(seed)
    return deal_batch(n, rng, deck=rules.deck), rng.integers(0, 2, n), rng.integers(0, 4, n)


def _object_deal(deals, dealer, trump, b, rules):
    pack = [deck(rules.deck)[i] for i in deals[b]]
    return D.new_deal(D.deal_layout(pack, int(dealer[b]), rules), dealer=int(dealer[b]),
                      trump=Suit(int(trump[b])), rules=rules)


def _compare(state, batch, b, rules):
    dk = deck(rules.deck)
    assert [[dk.index(c) for c in t.cards] for t in state.tricks] == batch.plays[b].tolist(), b
    assert [t.leader for t in state.tricks] == batch.leaders[b].tolist()
    assert [t.winner for t in state.tricks] == batch.winners[b].tolist()
    assert state.returns() == batch.scores[b].tolist(), b
    assert state.points() == batch.points[b].tolist()


def _replay(state, batch, b, rules):
    dk = deck(rules.deck)
    for t in range(rules.tricks):
        for j in range(2):
            state.apply_action(dk[batch.plays[b, t, j]])          # raises if illegal
            d = int(batch.draws[b, t, j])
            if d == NO_DRAW:
                assert state.phase != "draw", (b, t, j)
            else:
                assert state.phase == "draw", (b, t, j)
                state.apply_action(D.Draw(None if d < 0 else d))  # raises if illegal


@pytest.mark.parametrize("policy, bot", [("rule", DurakRulePolicyBot), ("weakest", DurakWeakestBot)])
def test_deterministic_policies_match_object_engine(policy, bot):
    """500 seeded deals (default rules): same cards, tricks, points. The rule policy is
    also played card for card in every other variant (test_variants_match_object_engine:
    200 deals each of trump_six_double and 52 cards, alone and against the weakest policy;
    test_draw_after_lead_matches_object_engine: 200 deals), so each variant stays covered
    (was 1,000 here, issue 13: test time)."""
    rules = D.Rules()
    deals, dealer, trump = _setup(500, 11, rules)
    batch = simulate_armenian_durak(deals, trump, dealer=dealer, policy=policy, rules=rules)
    for b in range(len(deals)):
        state = _object_deal(deals, dealer, trump, b, rules)
        play_out(state, [bot(), bot()])
        _compare(state, batch, b, rules)


def test_random_policy_replays_in_object_engine():
    """1,000 seeded deals with the random policy: every card and every draw (or
    declined draw) is legal in the object engine, where it is offered; same results."""
    rules = D.Rules()
    deals, dealer, trump = _setup(1000, 12, rules)
    batch = simulate_armenian_durak(deals, trump, dealer=dealer, policy="random", rules=rules, seed=5)
    assert (batch.draws == -1).any() and (batch.draws >= 0).any()
    for b in range(len(deals)):
        state = _object_deal(deals, dealer, trump, b, rules)
        _replay(state, batch, b, rules)
        _compare(state, batch, b, rules)


@pytest.mark.parametrize("rules", [D.Rules(trump_six_double=True), D.Rules(deck=52)], ids=repr)
def test_variants_match_object_engine(rules):
    deals, dealer, trump = _setup(200, 13, rules)
    for policy in ("rule", "random", ("rule", "weakest")):
        batch = simulate_armenian_durak(deals, trump, dealer=dealer, policy=policy, rules=rules, seed=1)
        for b in range(len(deals)):
            state = _object_deal(deals, dealer, trump, b, rules)
            if policy == "rule":
                play_out(state, [DurakRulePolicyBot(), DurakRulePolicyBot()])
            elif policy == "random":
                _replay(state, batch, b, rules)
            else:
                play_out(state, [DurakRulePolicyBot(), DurakWeakestBot()])
            _compare(state, batch, b, rules)


def test_layout_columns_follow_dealing_steps():
    rules = D.Rules()
    cols = layout_columns(rules)
    pack = deck(36)
    for dealer in (0, 1):
        lay = D.deal_layout(pack, dealer, rules)
        for place in ("down", "hand", "up"):
            for who, seat in ((0, dealer), (1, 1 - dealer)):
                assert [pack[i] for i in cols[place][who]] == list(lay[seat][place])


def test_shapes_dtypes_and_invariants():
    B = 2000
    batch = random_armenian_durak(B, seed=4, policy="random")
    assert isinstance(batch, DurakBatch) and len(batch) == B
    expect = {"dealer": ((B,), np.int8), "trump": ((B,), np.int8), "points": ((B, 2), np.int16),
              "scores": ((B, 2), np.int16), "tricks_won": ((B, 2), np.int8), "plays": ((B, 18, 2), np.int8),
              "leaders": ((B, 18), np.int8), "winners": ((B, 18), np.int8), "draws": ((B, 18, 2), np.int8)}
    for name, (shape, dtype) in expect.items():
        arr = getattr(batch, name)
        assert arr.shape == shape and arr.dtype == dtype, (name, arr.shape, arr.dtype)
    assert (np.sort(batch.plays.reshape(B, -1), axis=1) == np.arange(36)).all()
    assert (batch.points.sum(axis=1) == 80).all()                       # RULES.md §3.1
    assert (batch.leaders[:, 0] == 1 - batch.dealer).all()
    assert (batch.leaders[:, 1:] == batch.winners[:, :-1]).all()
    assert (batch.tricks_won.sum(axis=1) == 18).all()
    assert set(np.unique(batch.draws)) <= {-2, -1, 0, 1, 2, 3, 4, 5}
    # the trump is the suit of a card in the dealer's hand (the blind draw of §3.2)
    deals = deal_batch(B, 4, deck=36)
    dk = deck(36)
    hand_cols = layout_columns()["hand"][0]
    for b in range(0, B, 97):
        assert int(batch.trump[b]) in {int(dk[i].suit) for i in deals[b, hand_cols]}


def test_same_seed_same_batch():
    a, b = random_armenian_durak(300, seed=3), random_armenian_durak(300, seed=3)
    assert (a.plays == b.plays).all() and (a.draws == b.draws).all() and (a.scores == b.scores).all()


@pytest.mark.parametrize("seat", [0, 1])
def test_rule_policy_beats_random(seat):
    """The rule policy against random play, in either seat, scores more on average by
    more than 4 standard errors."""
    deals, dealer, trump = _setup(2000, 21, D.Rules())
    pol = ["random", "random"]
    pol[seat] = "rule"
    batch = simulate_armenian_durak(deals, trump, dealer=dealer, policy=pol, seed=2)
    m = batch.scores[:, seat].astype(float) - batch.scores[:, 1 - seat]
    assert m.mean() > 4 * m.std(ddof=1) / np.sqrt(len(m))


def test_errors():
    d = deal_batch(4, 1, deck=36)
    with pytest.raises(CardkitError, match="shape"):
        simulate_armenian_durak(deal_batch(4, 1), 0)
    with pytest.raises(CardkitError, match="trump"):
        simulate_armenian_durak(d, 4)
    with pytest.raises(CardkitError, match="dealer"):
        simulate_armenian_durak(d, 0, dealer=2)
    with pytest.raises(CardkitError, match="policy"):
        simulate_armenian_durak(d, 0, policy="bold")
    bad = d.copy()
    bad[0, 0] = bad[0, 1]
    with pytest.raises(CardkitError, match="every card"):
        simulate_armenian_durak(bad, 0)


def test_draw_after_lead_matches_object_engine():
    """RULES.md §3.3 variant draw_after="lead": 200 seeded deals, random and rule
    policies; no draw is offered after a reply, every card and draw replays legally in
    the engine, same tricks and points; and the variant changes the play."""
    rules = D.Rules(draw_after="lead")
    deals, dealer, trump = _setup(200, 14, rules)
    rnd = simulate_armenian_durak(deals, trump, dealer=dealer, policy="random", rules=rules, seed=6)
    assert (rnd.draws[:, :, 1] == NO_DRAW).all() and (rnd.draws[:, :, 0] >= 0).any()
    assert (rnd.draws[:, :, 0] == -1).any()
    rule = simulate_armenian_durak(deals, trump, dealer=dealer, policy="rule", rules=rules)
    for b in range(len(deals)):
        state = _object_deal(deals, dealer, trump, b, rules)
        _replay(state, rnd, b, rules)
        _compare(state, rnd, b, rules)
        state = _object_deal(deals, dealer, trump, b, rules)
        play_out(state, [DurakRulePolicyBot(), DurakRulePolicyBot()])
        _compare(state, rule, b, rules)
    anyway = simulate_armenian_durak(deals, trump, dealer=dealer, policy="rule", rules=D.Rules())
    assert (anyway.draws[:, :, 1] >= 0).any()
    assert (anyway.scores != rule.scores).any()
    assert (random_armenian_durak(50, seed=2, rules=rules).draws[:, :, 1] == NO_DRAW).all()
