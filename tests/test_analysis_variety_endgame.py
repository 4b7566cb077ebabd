"""The Variety solver's sweep, sure trumps and killer lead (issue 31, the point contracts).

- the sweep (``variety._SWEEP``, the kernel's ``sweep``): a leader whose every card is
  above all others of its suit, with nobody else able to ruff, takes every trick left;
- the sure trumps (``variety._SURE_TRUMPS``, ``sure_trumps``): a trump held by the side that
  holds every higher trump left brings its points to that side; with the grouping bound of
  the other cards, a bound either way (contracts 4 and 5);
- the killer lead (``variety._KILLER``): the lead that last cut off at a ply is tried next
  after the table's card (ordering only).

Each claim is checked against a brute-force minimax of the value to go on small endings;
each feature switched off gives the same values; the engine's minimax agrees where they
are all on; and together they search fewer positions on fixed positions of contracts 4, 5,
7 and 8.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_analysis_variety import minimax, position

from cardkit.analysis import _variety_kernel as K, variety as AV
from cardkit.games import variety as V

S16 = 0xFFFF


def brute_value(hands, leader, val, side, trump, per_trick, memo) -> int:
    """The value to go (declarers minus defenders, search units) at a trick's start by plain
    minimax over every legal card, written apart from the kernel: follow suit if able; the
    highest trump played wins, else the highest card of the suit led."""
    if not any(hands):
        return 0
    key = (tuple(hands), leader)
    if key in memo:
        return memo[key]

    def play(k, hs, cards):
        if k == 4:
            win = 0
            for i in range(1, 4):
                c, w = cards[i], cards[win]
                if ((c >> 4) == (w >> 4) and c > w) or ((c >> 4) != (w >> 4) and (c >> 4) == trump):
                    win = i
            ws = (leader + win) % 4
            worth = per_trick + sum(int(val[c]) for c in cards)
            rest = brute_value(hs, ws, val, side, trump, per_trick, memo)
            return rest + (worth if side[ws] else -worth)
        p = (leader + k) % 4
        h = hs[p]
        cand = h
        if k > 0:
            fm = h & (S16 << (16 * (cards[0] >> 4)))
            if fm:
                cand = fm
        best = None
        for b in range(64):
            if cand >> b & 1:
                h2 = list(hs)
                h2[p] ^= 1 << b
                v = play(k + 1, h2, cards + [b])
                if best is None or (v > best if side[p] else v < best):
                    best = v
        return best

    v = play(0, list(hands), [])
    memo[key] = v
    return v


def endings(contract: int, n: int, tricks: int, seed: int):
    """``n`` positions of ``contract`` at a trick's start with ``tricks`` tricks left: the
    solver's arrays (hands, leader, values, sides, trump, points per trick)."""
    out = []
    for i in range(n):
        st = position(seed + 101 * i, contract, 4 * tricks)
        ctx = AV.SolverContext(st, None)
        out.append(([int(h) for h in ctx.hands], ctx.leader, ctx.val, [int(x) for x in ctx.side],
                    int(ctx.trump), int(ctx.per_trick)))
    return out


@pytest.mark.parametrize("contract", range(2, 9))
def test_sweep_is_exact(contract):
    """Where the sweep says the leader takes every trick, the brute-force value is every
    trick and every point left to the leader's side; seen on enough endings to count."""
    fired = 0
    for tricks in (1, 2, 3, 4):
        for hands, leader, val, side, trump, pt in endings(contract, 60, tricks, 700 + contract):
            got, _ = K.sweep(np.array(hands, dtype=np.uint64), leader, trump)
            if not got:
                continue
            fired += 1
            allc = hands[0] | hands[1] | hands[2] | hands[3]
            tot = pt * tricks + sum(int(val[b]) for b in range(64) if allc >> b & 1)
            want = brute_value(hands, leader, val, side, trump, pt, {})
            assert want == (tot if side[leader] else -tot), (contract, hands, leader)
    assert fired >= 3, fired


@pytest.mark.parametrize("contract", (4, 5))
def test_sure_trumps_bound_holds(contract):
    """The value to go lies within the sure trumps' points plus or minus the grouping bound
    of the other cards, on every ending; the sure trumps are found on many of them."""
    fired = 0
    cnt = np.zeros(16, dtype=np.int64)
    sums = np.zeros(16, dtype=np.int64)
    for tricks in (2, 3, 4):
        for hands, leader, val, side, trump, pt in endings(contract, 40, tricks, 900 + contract):
            h = np.array(hands, dtype=np.uint64)
            phi, run, _ = K.sure_trumps(h, val, np.array(side, dtype=np.int64), trump)
            ub = K.pairing_bound(h, val, pt, tricks, cnt, sums, np.uint64(run))
            want = brute_value(hands, leader, val, side, trump, pt, {})
            assert phi - ub <= want <= phi + ub, (contract, hands, leader, phi, ub, want)
            fired += phi != 0
    assert fired >= 20, fired


@pytest.mark.parametrize("flag", ("_SWEEP", "_SURE_TRUMPS", "_KILLER"))
@pytest.mark.parametrize("contract", range(1, 9))
def test_feature_off_changes_no_value(contract, flag, monkeypatch):
    rules = V.Rules(contract_values="halved_2_7") if contract in (2, 7) else None
    for i, cards in enumerate((24, 28, 31, 32)):
        st = position(9500 + 31 * contract + i, contract, cards, rules)
        AV.clear_table()
        on = AV.analyse(st)
        monkeypatch.setattr(AV, flag, False)
        AV.clear_table()
        off = AV.analyse(st)
        monkeypatch.setattr(AV, flag, True)
        AV.clear_table()
        assert on == off, (contract, flag, cards, st.to_json())


@pytest.mark.parametrize("contract", (3, 4, 5, 6, 7, 8))
def test_solve_equals_engine_minimax(contract):
    """Whole endings of 5 tricks, one table shared by the positions of a contract (the
    table's entries from the sweep and the sure trumps answer other positions too)."""
    AV.clear_table()
    for i in range(6):
        st = position(9900 + 43 * contract + i, contract, 20 - (i % 3))
        assert AV.solve(st).value == minimax(st, {}), (contract, st.to_json())
    AV.clear_table()


def test_switches_reach_the_kernel(monkeypatch):
    st = position(9301, 5, 28)
    assert AV.SolverContext(st, None).prm[6] == 7
    monkeypatch.setattr(AV, "_BOUNDS", False)
    assert AV.SolverContext(st, None).prm[6] == 4   # the plain search keeps only the ordering


def nodes(contract: int, **flags) -> int:
    """Positions searched by ``solve_value`` over fixed positions at 9 tricks left, each with
    a fresh table."""
    total = 0
    saved = {k: getattr(AV, k) for k in flags}
    try:
        for k, v in flags.items():
            setattr(AV, k, v)
        for i in range(4):
            st = position(4242 + 17 * i, contract, 36)
            AV.clear_table()
            ctx = AV.SolverContext(st, None)
            ctx.value_to_go(0, ctx.tn, ctx.leader)
            total += int(ctx.stats[0])
    finally:
        for k, v in saved.items():
            setattr(AV, k, v)
        AV.clear_table()
    return total


@pytest.mark.parametrize("contract", (5, 7))
def test_fewer_positions_with_the_features(contract):
    """Deterministic counts, not time: the three features together search fewer positions
    than none of them on the same positions (measured on whole deals in benchmarks/analysis.py)."""
    on = nodes(contract)
    off = nodes(contract, _SWEEP=False, _SURE_TRUMPS=False, _KILLER=False)
    assert on < off, (on, off)


def test_sure_trumps_and_sweep_cut_off_in_contract_5():
    fired = np.zeros(2, dtype=np.int64)
    rng = random.Random(3)
    for _ in range(6):
        st = position(rng.randrange(10**6), 5, 28)
        AV.clear_table()
        ctx = AV.SolverContext(st, None)
        ctx.value_to_go(0, ctx.tn, ctx.leader)
        fired += ctx.stats[8:10]
    AV.clear_table()
    assert fired[0] > 0 and fired[1] > 0, fired


@pytest.mark.parametrize("contract", (4, 5, 8))
def test_table_shared_across_deals_equals_minimax(contract):
    """Many deals with the same declarers share one table (entries stored where the sweep or
    the sure trumps answered keep the cards that decide them: the leader's cards at the top
    of his suits, the owners of the run of trumps): every card's value is the engine's
    minimax (fails with those cards left out of the entries)."""
    from cardkit.simulate.variety import auction_for

    AV.clear_table()
    for seed in range(40):
        rng = random.Random(7000 + seed)
        dealer = rng.randrange(4)
        st = V.new_deal(seed=7000 + seed, dealer=dealer)
        for b in auction_for(contract, (0, 2), dealer):
            st.apply_action(b)
        while sum(map(len, st.hands)) > 13 + seed % 6:
            st.apply_action(rng.choice(st.legal_actions()))
        sign = 1 if st.current_player in st.declarers else -1
        for card, v in AV.analyse(st).items():
            child = st.clone()
            child.apply_action(card)
            assert v == sign * minimax(child, {}), (seed, str(card), st.to_json())
    AV.clear_table()
