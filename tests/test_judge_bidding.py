"""Issue 31: a Variety bid judged in the auction as it stands (RULES.md §1.3).

A bid that repeats a number another player named ends the bidding: it is valued as that
contract with that partner, from the bidder's cards; a fresh bid by how the bidding may go
on from there. The Hint's evaluator and the review say which of the two they did.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardkit import analysis as A
from cardkit.advisor import advise, sample_deals
from cardkit.analysis.judge import BID_SAMPLES, auction_end, bid_estimate
from cardkit.codes import deal_from_code
from cardkit.errors import StateError
from cardkit.games import variety as V
from cardkit.games.variety_bots import RuleBot, hand_evaluation
from cardkit.simulate import variety as SV


def _learner_to_bid():
    """Deal V-2-D0 (the learner at seat 0 deals, so bids last): West (seat 1) bid 1, North 3,
    East 4; the learner to bid."""
    st = deal_from_code("V-2-D0")
    for b in (1, 3, 4):
        st.apply_action(b)
    assert st.current_player == 0 and st.phase == "bidding"
    return st


def test_a_repeated_bid_ends_the_auction_and_is_valued_as_that_contract_with_that_partner():
    st = _learner_to_bid()
    est = A.evaluate_decision(st, seed=2)
    assert est.method == "auction" and est.samples == BID_SAMPLES and list(est.values) == st.legal_actions()
    # bid 1 repeats West's: the contract is 1, West the partner; the same deals played in
    # that contract by the rule policy give exactly its figure
    hands = sample_deals(st.hands[0], 0, BID_SAMPLES, A.decision_seed(2, len(st.history)))
    n = BID_SAMPLES
    ref = SV._play(hands, np.full(n, 1, np.int8), np.tile(np.array([1, 0], np.int8), (n, 1)),
                   np.zeros(n, np.int8), "rule", st.rules, np.random.default_rng(0)).margin(0)
    assert est.values[1] == pytest.approx(ref.mean(), abs=1e-9)
    assert "repeats the bid of the player on your left, so it ends the bidding" in est.notes[1]
    assert "contract 1 with that player as your partner" in est.notes[1]
    assert "opposite you" in est.notes[3] and "on your right" in est.notes[4]
    # a fresh bid: valued by how the bidding may go on, not as "a partner repeats it"
    assert "how the bidding may go on from here" in est.notes[2]
    adv = {x.contract: x.margin for x in advise(st.hands[0], seat=0, dealer=0, samples=n,
                                                  seed=A.decision_seed(2, len(st.history)))}
    assert est.values[2] != pytest.approx(adv[2], abs=0.5)
    # the engine agrees: bid 1 now ends the bidding with West
    after = st.clone()
    after.apply_action(1)
    assert after.phase == "play" and after.contract == 1 and set(after.declarers) == {0, 1}
    assert auction_end(after.bids, after.first_bidder) == (1, (1, 0))


def test_the_review_says_which_valuation_a_bid_had():
    st = _learner_to_bid()
    st.apply_action(1)              # the learner repeats West's 1: the bidding ends
    bots = [RuleBot(seed=s) for s in range(4)]
    while st.phase != "over":
        p = st.current_player
        st.apply_action(bots[p].act(st.observation(p)))
    verdicts = A.review(st, 0, seed=2, exact_nodes=1000)
    bid = verdicts[0]
    assert bid.method == "auction" and bid.action == 1
    assert "ends the bidding" in bid.text and "contract 1" in bid.text and bid.valuation in bid.text
    assert "a partner repeats it" not in bid.text


def test_auction_end_follows_the_rule_bots_bidding():
    """auction_end's continuation is RuleBot's bidding, seat by seat, on random deals."""
    for seed in range(12):
        st = V.new_deal(seed=seed, dealer=seed % 4)
        evs = [hand_evaluation(st.hands[s]) for s in range(4)]
        bots = [RuleBot(seed=s) for s in range(4)]
        prefixes = []
        while st.phase == "bidding":
            prefixes.append(list(st.bids))
            p = st.current_player
            st.apply_action(bots[p].act(st.observation(p)))
        for bids in prefixes:
            assert auction_end(bids, st.first_bidder, evs) == (st.contract, tuple(st.declarers)), (seed, bids)
        assert auction_end(prefixes[0], st.first_bidder) is None


def test_bid_estimate_refuses_anything_but_the_bidder_s_view():
    st = _learner_to_bid()
    with pytest.raises(StateError):
        bid_estimate(st.observation(1))
    rng = random.Random(1)
    while st.phase == "bidding":
        st.apply_action(rng.choice(st.legal_actions()))
    with pytest.raises(StateError):
        bid_estimate(st.observation(st.current_player))
