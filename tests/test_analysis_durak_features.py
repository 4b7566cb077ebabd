"""The Armenian Durak solver's search features never change a value (RULES.md §3.3–§3.4).

Each feature the kernel can switch off (``tb[OFF]``, bits ``OFF_*`` of
``cardkit.analysis._durak_kernel``) only orders or prunes the search: on random positions
with 6 to 10 tricks left (a lead, a reply, each draw; both decks, both ``draw_after``),
the value and every legal action's value with all features on equal those with all of
them off. (The plain minimax on the engine is the reference for the positions of at most
four tricks, tests/test_analysis_armenian_durak.py; it is too slow here.)
"""

from __future__ import annotations

import numpy as np
import pytest

from cardkit.analysis import _durak_kernel as K, armenian_durak as A
from cardkit.games import armenian_durak as D

ALL_OFF = K.OFF_HISTORY | K.OFF_DRAWDOM | K.OFF_SURE | K.OFF_TRUMPS | K.OFF_BEATERS


def _cards_left(s) -> int:
    return len(s.hands[0]) + sum(u is not None for u in s.up[0]) + sum(d is not None for d in s.down[0])


def _position(rng, rules, tricks_left: int, extra: int):
    s = D.new_deal(seed=int(rng.integers(1 << 30)), dealer=int(rng.integers(2)),
                   trump="SHDC"[int(rng.integers(4))], rules=rules)
    decline = rng.random() < 0.5  # keep face-down cards in half the deals
    while not (_cards_left(s) <= tricks_left and s.phase == "play" and not s.trick.cards):
        la = s.legal_actions()
        s.apply_action(la[-1] if s.phase == "draw" and decline else la[int(rng.integers(len(la)))])
    for _ in range(extra):  # on to a reply or a draw
        la = s.legal_actions()
        hand = [a for a in la if a in s.hands[s.current_player]]
        pool = hand or la
        s.apply_action(pool[int(rng.integers(len(pool)))])
    return s


def _values(state, off: int):
    st, tb, kind, _ = A._encode(state)
    tb = tb.copy()
    tb[K.OFF] = off
    tt, ms, stamp = A._tt(A.SMALL_TABLE_NODES)
    st[K.STAMP] = stamp
    z1, z2 = A._zobrist()
    moves = np.array([A._action_code(a) for a in state.legal_actions()], dtype=np.int64)
    out = np.zeros(len(moves), dtype=np.int64)
    assert K.values_of(st, tb, z1, z2, tt, ms, kind, moves, out) == 0
    nodes = int(st[K.NODES])
    st, tb, kind, _ = A._encode(state)
    tb = tb.copy()
    tb[K.OFF] = off
    tt, ms, stamp = A._tt(A.SMALL_TABLE_NODES)
    st[K.STAMP] = stamp
    value = int(K.solve_value(st, tb, z1, z2, tt, ms, kind))
    return [int(v) for v in out], value, nodes + int(st[K.NODES])


@pytest.fixture(scope="module")
def positions():
    rng = np.random.default_rng(20261202)
    out = []
    for deck, after in ((36, "any"), (36, "lead"), (52, "any")):
        rules = D.Rules(deck=deck, draw_after=after)
        for j in range(12 if deck == 36 else 4):
            left = 6 + j % 5 if deck == 36 else 6
            out.append(_position(rng, rules, left, int(rng.integers(3))))
    return out


def _ref(state) -> int:
    """Plain minimax on the engine: the final margin of the player to move."""
    mover = state.current_player
    best = -10**9
    for action in state.legal_actions():
        s = state.clone()
        s.apply_action(action)
        if s.is_terminal():
            r = s.returns()
            v = r[mover] - r[1 - mover]
        else:
            v = _ref(s) if s.current_player == mover else -_ref(s)
        best = max(best, v)
    return best


def _dominated_decline(s) -> bool:
    """A draw where a face-down card is of a plain suit the opponent holds none of (the
    kernel does not search declining there)."""
    if s.phase != "draw":
        return False
    p = s.current_player
    o = 1 - p
    theirs = set(s.hands[o]) | {c for c in s.up[o] + s.down[o] if c is not None}
    return any(d is not None and d.suit != s.trump and all(c.suit != d.suit for c in theirs)
               for d in s.down[p])


def test_draws_where_declining_is_not_searched_equal_the_plain_minimax():
    rng = np.random.default_rng(7)
    found = 0
    for _ in range(4000):
        if found >= 25:
            break
        rules = D.Rules(draw_after="any" if rng.random() < 0.7 else "lead")
        s = _position(rng, rules, int(rng.integers(2, 4)), 0)
        for _step in range(6):  # on to a draw, if one comes
            if s.is_terminal() or s.phase == "draw":
                break
            la = s.legal_actions()
            hand = [a for a in la if a in s.hands[s.current_player]]
            s.apply_action((hand or la)[int(rng.integers(len(hand or la)))])
        if not _dominated_decline(s):
            continue
        found += 1
        got = A.analyse(s)
        mover = s.current_player
        base = s.points()[mover] - s.points()[1 - mover]
        assert A.solve(s).value == max(got.values())  # the root's own draw searched as any other
        for a, v in got.items():
            c = s.clone()
            c.apply_action(a)
            if c.is_terminal():
                r = c.returns()
                ref = r[mover] - r[1 - mover]
            else:
                ref = _ref(c) if c.current_player == mover else -_ref(c)
            assert v == ref, (s.to_json(), a, v, ref, base)
    assert found >= 25


def test_positions_cover_leads_replies_and_draws(positions):
    kinds = {(s.phase, len(s.trick.cards)) for s in positions}
    assert {("play", 0), ("play", 1)} <= kinds and any(k[0] == "draw" for k in kinds), kinds


def test_features_never_change_a_value(positions):
    changed = 0
    for s in positions:
        on, v_on, n_on = _values(s, 0)
        off, v_off, n_off = _values(s, ALL_OFF)
        assert on == off, (s.to_json(), on, off)
        assert v_on == v_off == max(on), (v_on, v_off, on)
        changed += n_on != n_off
    assert changed >= len(positions) // 2  # the switch does switch something


@pytest.mark.parametrize("feature", ["OFF_HISTORY", "OFF_DRAWDOM", "OFF_SURE", "OFF_TRUMPS", "OFF_BEATERS"])
def test_each_feature_alone_changes_no_value(positions, feature):
    """Each feature switched off alone gives the same values; the sure-trick bound at a
    lead (OFF_SURE, issue 31) searches fewer positions in all with it than without."""
    bit = getattr(K, feature)
    total_on = total_off = 0
    for s in positions:
        on, v_on, n_on = _values(s, 0)
        off, v_off, n_off = _values(s, bit)
        assert (on, v_on) == (off, v_off), (s.to_json(), on, off)
        total_on += n_on
        total_off += n_off
    if bit in (K.OFF_SURE, K.OFF_TRUMPS, K.OFF_BEATERS):
        assert total_on < total_off


def test_a_capped_search_uses_the_small_table():
    """A search capped as the Hint, the review and the page's exact values cap theirs
    (at most SMALL_TABLE_NODES positions) writes a 2**20-entry table (24 MB), so a lesson
    kernel never fills the 96 MB one a whole-deal search needs (issue 19's memory goal)."""
    assert A._tt(300_000)[0].shape[0] == 1 << 20
    assert A._tt(A.SMALL_TABLE_NODES)[0].shape[0] == 1 << 20
    assert A._tt(A.SMALL_TABLE_NODES + 1)[0].shape[0] == 1 << 22
    assert A._tt(A.LARGE_TABLE_NODES)[0].shape[0] == 1 << 22
    assert A._tt(A.LARGE_TABLE_NODES + 1)[0].shape[0] == 1 << 24
    assert A._tt(None)[0].shape[0] == 1 << 24


def _key(s):
    """What the rest of the deal depends on: every card's place, the open trick, who
    moves at which ply, and who can still sweep (the points taken so far do not matter)."""
    return (frozenset(s.hands[0]), frozenset(s.hands[1]), tuple(s.up[0]), tuple(s.down[0]),
            tuple(s.up[1]), tuple(s.down[1]), tuple(s.trick.cards), s.trick.leader, s.phase,
            s.current_player, s.tricks_won(0) == 0, s.tricks_won(1) == 0)


def _margin(s, seat: int) -> int:
    if s.is_terminal():
        r = s.returns()
        return r[seat] - r[1 - seat]
    p = s.points()
    return p[seat] - p[1 - seat]


def _rest(state, memo) -> int:
    """Plain minimax on the engine, memoised on :func:`_key`: what the player to move
    gains on the opponent from here to the end of the deal (points, sweep included)."""
    k = _key(state)
    if k in memo:
        return memo[k]
    mover = state.current_player
    now = _margin(state, mover)
    best = -10**9
    for action in state.legal_actions():
        s = state.clone()
        s.apply_action(action)
        if s.is_terminal():
            v = _margin(s, mover)
        else:
            cm = s.current_player
            final = _margin(s, cm) + _rest(s, memo)
            v = final if cm == mover else -final
        best = max(best, v - now)
    memo[k] = best
    return best


def _ref_child_memo(state, action, memo) -> int:
    mover = state.current_player
    s = state.clone()
    s.apply_action(action)
    if s.is_terminal():
        return _margin(s, mover)
    cm = s.current_player
    final = _margin(s, cm) + _rest(s, memo)
    return final if cm == mover else -final


def test_solver_equals_the_plain_minimax_up_to_8_tricks_left():
    """Random positions with 5 to 8 tricks left (a lead, a reply, a draw; some with the
    face-down cards kept): ``analyse`` gives every action the value of a plain minimax on
    the engine (memoised on where every card lies), and ``solve`` the best of them, with
    every feature on (issue 31)."""
    rng = np.random.default_rng(31)
    seen = set()
    for j in range(12):
        rules = D.Rules(draw_after="any" if j % 4 else "lead")
        left = 5 + j % 4
        s = _position(rng, rules, left, int(rng.integers(3)))
        if s.is_terminal():
            continue
        seen.add((left, s.phase, len(s.trick.cards), any(d is not None for d in s.down[0] + s.down[1])))
        memo: dict = {}
        ref = {a: _ref_child_memo(s, a, memo) for a in s.legal_actions()}
        assert A.analyse(s) == ref, s.to_json()
        assert A.solve(s).value == max(ref.values())
    assert {n for n, *_ in seen} == {5, 6, 7, 8}, seen
    assert {k[1:3] for k in seen} >= {("play", 0), ("play", 1)} and any(k[3] for k in seen), seen
