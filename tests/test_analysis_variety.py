"""The Variety solver (cardkit.analysis.variety) against a plain minimax on the object
engine, RULES.md §1.5, §1.6: exact values, lines that score them, analyse/solve agreement."""

from __future__ import annotations

import random

import pytest
from positions import play_at_random, variety_in_contract

from cardkit.analysis import SearchLimit, variety as AV
from cardkit.errors import StateError
from cardkit.games import variety as V

RULES = [V.Rules(), V.Rules(tie="no_bonus"), V.Rules(contract_values="halved_2_7")]


def margin(st) -> int:
    r = st.returns()
    d = st.declarers[0]
    f = next(s for s in range(4) if s not in st.declarers)
    return r[d] - r[f]


INF = float("inf")


def minimax(st, memo, alpha: float = -INF, beta: float = INF) -> int:
    """Minimax on the engine with alpha-beta pruning: the declarers maximise their margin,
    the defenders minimise it. Exact with the full window (the default); with a narrower
    one, a bound on the side of the window it fell (fail-soft). ``memo`` keeps, per
    position (the cards still out, the open trick, the declarers' taken cards and the
    trick counts), the lower and upper bounds found so far."""
    if st.phase == "over":
        return margin(st)
    key = (tuple(tuple(h) for h in st.hands), tuple(st.trick.cards), st.trick.leader,
           frozenset(c for s in st.declarers for c in st.taken[s]), tuple(map(len, st.taken)))
    lo, hi = memo.get(key, (-INF, INF))
    if lo == hi or lo >= beta:
        return int(lo)
    if hi <= alpha:
        return int(hi)
    a, b = max(alpha, lo), min(beta, hi)
    maxing = st.current_player in st.declarers
    best = -INF if maxing else INF
    for action in st.legal_actions():
        c = st.clone()
        c.apply_action(action)
        v = minimax(c, memo, a, b)
        if maxing:
            best = max(best, v)
            a = max(a, v)
        else:
            best = min(best, v)
            b = min(b, v)
        if a >= b:
            break
    a0, b0 = max(alpha, lo), min(beta, hi)
    if best <= a0:    # failed low: an upper bound
        hi = best
    elif best >= b0:  # failed high: a lower bound
        lo = best
    else:
        lo = hi = best
    memo[key] = (lo, hi)
    return int(best)


def position(seed: int, contract: int, cards_left: int, rules=None):
    """A Variety deal played at random until ``cards_left`` cards are still in hand."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    st = variety_in_contract(seed, contract, tuple(rng.sample(range(4), 2)), dealer=dealer, rules=rules)
    return play_at_random(st, rng, until=lambda s: sum(map(len, s.hands)) <= cards_left)


def check_position(st, memo=None) -> None:
    """solve == minimax; analyse's best == solve; the line scores the value.

    ``memo``: minimax values already known for this deal (positions later in the same deal
    are subtrees of earlier ones, so a deal's positions can share one memo)."""
    sol = AV.solve(st)
    assert sol.value == minimax(st, {} if memo is None else memo)
    an = AV.analyse(st)
    assert set(an) == set(st.legal_actions())
    sign = 1 if st.current_player in st.declarers else -1
    assert max(an.values()) == sign * sol.value
    replay = st.clone()
    for a in sol.line:
        replay.apply_action(a)
    assert replay.phase == "over" and margin(replay) == sol.value
    assert tuple(replay.returns()) == sol.returns


@pytest.mark.parametrize("contract", range(1, 9))
def test_solver_equals_minimax(contract):
    """At least 1,000 positions per contract (three rule variants; every position of the
    last 8 cards of 125 random deals, mid-trick included), and two positions with 3 and 4
    tricks left: the solved value is the minimax value, the best analysed card has it,
    and the line played through the engine scores it. The positions of one deal share
    one minimax memo (each is a subtree of the deal's first position, and the memo key is
    the whole position), so the reference walks each deal's tree once; every position is
    still checked against it."""
    rng = random.Random(contract)
    checked = 0
    for i in range(125):
        st = position(1000 * contract + i, contract, 8, RULES[i % 3])
        memo: dict = {}
        while st.phase != "over":
            check_position(st, memo)
            checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    for i, left in enumerate((12, 16)):
        check_position(position(7000 * contract + i, contract, left, RULES[(contract + i) % 3]))
        checked += 1
    assert checked >= 1000


def test_analyse_values_each_card_by_minimax():
    """Every card's value, not only the best: the minimax after that card."""
    for i in range(40):
        st = position(77 + i, 1 + i % 8, 6 + i % 5, RULES[i % 3])
        an = AV.analyse(st)
        sign = 1 if st.current_player in st.declarers else -1
        for card, v in an.items():
            c = st.clone()
            c.apply_action(card)
            assert v == sign * minimax(c, {}), (i, card)


def test_longer_positions_line_and_analyse_agree():
    """Eight tricks left: the line scores the value, and analyse's best equals it."""
    for contract in range(1, 9):
        st = position(5 + contract, contract, 32)
        sol = AV.solve(st)
        replay = st.clone()
        for a in sol.line:
            replay.apply_action(a)
        assert margin(replay) == sol.value
        sign = 1 if st.current_player in st.declarers else -1
        assert max(AV.analyse(st).values()) == sign * sol.value
        assert sol.nodes > 0


def test_refuses_bidding_and_other_games():
    st = V.new_deal(seed=1)
    with pytest.raises(StateError, match="bidding"):
        AV.solve(st)
    from cardkit.games import warsaw_hearts as W
    with pytest.raises(StateError):
        AV.solve(W.new_deal(seed=1, players=4))


def test_node_limit_raises_and_leaves_state():
    st = position(3, 5, 52 - 4)
    before = st.to_json()
    with pytest.raises(SearchLimit):
        AV.solve(st, max_nodes=1000)
    assert st.to_json() == before


def test_deal_over_has_its_value():
    st = position(9, 4, 0)
    sol = AV.solve(st)
    assert sol.line == () and sol.value == margin(st)
