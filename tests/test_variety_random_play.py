"""Random-play invariants of the Variety engine over many seeded deals (RULES.md §1),
checked against the test's own reading of the rules (tests/variety_reference.py), and
determinism of seeded deals and bots."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from cardkit import StateError, deck
from cardkit.games.variety import Game, RandomBot, RuleBot, Rules, State, new_deal

import variety_reference as ref

DECK = frozenset(deck(52))
LEADS = ("left_of_first_namer", "left_of_first_bidder", "left_of_dealer")


def rules_for(seed: int) -> Rules:
    """Every variant in turn, so the invariants hold under each of them."""
    return Rules(lead=LEADS[seed % 3], tie=("declarers_lose", "no_bonus")[seed // 3 % 2],
                 contract_values="halved_2_7" if seed % 7 == 0 else "seed")


def independent_legal(s: State) -> set:
    """Follow suit if able, else any card (RULES.md §1.5)."""
    hand = s.hands[s.current_player]
    trick = s.tricks[-1].cards
    if trick:
        follow = {c for c in hand if c.suit == trick[0].suit}
        if follow:
            return follow
    return set(hand)


def check_finished_deal(s: State) -> None:
    """Every invariant of a finished deal, recomputed from the bids and cards alone."""
    rules = s.rules
    assert s.is_terminal() and s.phase == "over" and s.current_player is None and s.legal_actions() == []
    # bidding, RULES.md §1.3
    first = (s.dealer + 1) % 4
    named: dict[int, int] = {}
    contract = declarers = None
    for i, b in enumerate(s.bids):
        seat = (first + i) % 4
        assert 1 <= b <= 8 and contract is None
        if b in named:
            assert named[b] != seat, "a player repeated their own number"
            contract, declarers = b, (named[b], seat)
        else:
            named[b] = seat
    assert len(s.bids) <= 9 and (s.contract, s.declarers) == (contract, declarers)
    assert s.history[:len(s.bids)] == s.bids
    # opening lead, RULES.md §1.4
    leader = {"left_of_first_namer": declarers[0] + 1, "left_of_first_bidder": first + 1,
              "left_of_dealer": s.dealer + 1}[rules.lead] % 4
    # the play, RULES.md §1.5: each card in exactly one trick, suit followed, right winners
    hands = [set(h) for h in s.initial_hands]
    assert set().union(*hands) == DECK and sum(map(len, hands)) == 52
    assert len(s.tricks) == 13
    played = []
    for t in s.tricks:
        assert t.leader == leader and len(t.cards) == 4
        led = t.cards[0].suit
        for k, card in enumerate(t.cards):
            seat = (leader + k) % 4
            assert card in hands[seat], f"{card} played by seat {seat}, which does not hold it"
            if card.suit != led:
                assert not any(c.suit == led for c in hands[seat]), f"seat {seat} revoked with {card}"
            hands[seat].discard(card)
        leader = (t.leader + ref.trick_winner(t.cards, contract)) % 4
        assert t.winner == leader, f"trick {t} of contract {contract}"
        played += t.cards
    assert len(played) == 52 and set(played) == DECK and not any(hands) and not any(s.hands)
    assert s.history[len(s.bids):] == played
    # scoring, RULES.md §1.2 and §1.6
    taken = [[c for t in s.tricks if t.winner == x for c in t.cards] for x in range(4)]
    halved = rules.contract_values == "halved_2_7"
    expected = ref.scores(contract, declarers, taken, tie=rules.tie, halved=halved)
    r = s.returns()
    assert r == expected
    defender = next(x for x in range(4) if x not in declarers)
    d_pts = ref.side_points(contract, [c for x in declarers for c in taken[x]], halved)
    f_pts = ref.side_points(contract, [c for x in range(4) if x not in declarers for c in taken[x]], halved)
    table = ref.SIDE_TOTAL_HALVED if halved else ref.SIDE_TOTAL
    assert d_pts + f_pts == table[contract]
    bonus = r[defender] - f_pts
    assert bonus in (0, 10)
    assert r[declarers[0]] + r[defender] - bonus == table[contract]   # the side total, from returns
    assert r[declarers[0]] == r[declarers[1]] and sorted(r) == sorted([r[declarers[0]]] * 2 + [r[defender]] * 2)


def play_checked(seed: int, bot_class, *, deep: bool) -> State:
    """Play one seeded deal with four bots, checking the state at every step.

    ``deep``: also clone mid-deal (playing the clone out must leave the original alone) and
    read the finished deal back from JSON.
    """
    s = new_deal(seed=seed, dealer=seed % 4, rules=rules_for(seed))
    bots = [bot_class(seed * 4 + k) for k in range(4)]
    clone_at = 3 + seed % 50 if deep else -1
    while not s.is_terminal():
        seat = s.current_player
        if s.phase == "play":
            assert set(s.legal_actions()) == independent_legal(s)
            if len(s.tricks) == 13 and len(s.tricks[-1].cards) == 3:
                with pytest.raises(StateError):
                    s.returns()                 # the last card is still to come
        if len(s.history) == clone_at:
            before = s.to_json()
            c = s.clone()
            other = [RandomBot(seed + 99 + k) for k in range(4)]
            while not c.is_terminal():
                c.apply_action(other[c.current_player].act(c.observation(c.current_player)))
            check_finished_deal(c)
            assert s.to_json() == before and s.phase != "over"
        s.apply_action(bots[seat].act(s.observation(seat)))
    check_finished_deal(s)
    assert s.returns() == s.returns()
    if deep:
        text = s.to_json()
        back = State.from_json(text)
        assert back.to_json() == text and back.returns() == s.returns()
        assert json.loads(text)["history"] == [str(a) if isinstance(a, int) else a.code for a in s.history]
    return s


@pytest.mark.parametrize("block", range(10))
def test_random_bot_invariants_10000_deals(block):
    contracts_seen = set()
    for seed in range(block * 1000, block * 1000 + 1000):
        s = play_checked(seed, RandomBot, deep=seed % 5 == 0)
        contracts_seen.add(s.contract)
    assert contracts_seen == set(range(1, 9))


@pytest.mark.parametrize("block", range(4))
def test_rule_bot_invariants_2000_deals(block):
    for seed in range(50_000 + block * 500, 50_000 + block * 500 + 500):
        play_checked(seed, RuleBot, deep=seed % 5 == 0)


def test_rule_bots_in_every_contract():
    """RuleBots rarely choose some contracts (7 almost never), so play each one by force."""
    for contract in range(1, 9):
        for seed in range(60):
            s = new_deal(seed=seed, dealer=seed % 4, rules=rules_for(seed))
            s.apply_action(contract)
            s.apply_action(contract)
            bots = [RuleBot(seed * 4 + k) for k in range(4)]
            while not s.is_terminal():
                assert set(s.legal_actions()) == independent_legal(s)
                s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
            check_finished_deal(s)


# ---- determinism: a seed gives the same deal and play, whatever the global state -----------

def _transcript(seed: int) -> list:
    g = Game([RuleBot(seed + 1), RandomBot(seed + 2), RuleBot(seed + 3), RandomBot(seed + 4)],
             seed=seed, rules=Rules(deals=4))
    g.play()
    return [g.first_dealer, g.scores] + [(d.to_json(), d.remarks) for d in g.deals]


def test_same_seed_same_deals_and_play_whatever_the_global_random_state():
    random.seed(1)
    np.random.seed(1)
    first = _transcript(2024)
    random.seed(999)
    np.random.seed(12345)
    _ = [random.random() for _ in range(17)], np.random.random(33)
    second = _transcript(2024)
    assert first == second
    assert _transcript(2025) != first
    assert new_deal(seed=np.random.default_rng(5)).hands == new_deal(seed=5).hands


_CHILD = """
import json, random, sys
import numpy as np
random.seed(int(sys.argv[1])); np.random.seed(int(sys.argv[1]))
from cardkit.games.variety import Game, RuleBot, RandomBot, Rules
g = Game([RuleBot(3), RandomBot(4), RuleBot(5), RandomBot(6)], seed=77, rules=Rules(deals=2))
g.play()
print(json.dumps([g.first_dealer, g.scores, [d.to_json() for d in g.deals]]))
"""


def test_same_seed_same_play_in_fresh_interpreters():
    outs = []
    for global_seed, hash_seed in (("1", "0"), ("2", "123")):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", _CHILD, global_seed], capture_output=True, text=True,
                             env=env, timeout=120, check=True).stdout
        outs.append(out)
    assert outs[0] == outs[1]
    assert json.loads(outs[0])[2][0] == _child_in_process()


def _child_in_process() -> str:
    g = Game([RuleBot(3), RandomBot(4), RuleBot(5), RandomBot(6)], seed=77, rules=Rules(deals=2))
    g.play()
    return g.deals[0].to_json()
