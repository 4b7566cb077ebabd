"""cardkit.analysis.warsaw_hearts: the exact max^n solver against a plain max^n written
here on the object engine (clone / apply_action / legal_actions, and the engine's
assess_tricks for the scores), in every variant, for three and four players; line
replay, analyse/solve agreement, sample_worlds, and a cached reload in a fresh process.

The reference walks the whole game tree of a few roots with up to 4 tricks left (the
open trick counted) and values every node it visits in all four variants at once; the
solver is then checked on positions drawn from those nodes (every depth equally), so
well over 1,000 positions per player count and variant cost one tree walk each.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from cardkit.analysis import SearchLimit
from cardkit.analysis import warsaw_hearts as A
from cardkit.errors import CardkitError, StateError
from cardkit.games import armenian_durak
from cardkit.games import warsaw_hearts as W

REPO = Path(__file__).resolve().parent.parent
VARIANTS = [(d, b) for d in ("max", "additive") for b in (False, True)]


# ---- the reference: plain max^n on the object engine -------------------------------------------

def _rules(players):
    return [W.Rules(players=players, double_honour_trick=d, bonus_without_tricks=b) for d, b in VARIANTS]


class Reference:
    """Plain max^n over the engine's states, all variants at once; ties: the first card
    in legal_actions() order. ``values[history] = [vector per variant]`` for every node
    visited."""

    def __init__(self, rulesets):
        self.rulesets = rulesets
        self.values = {}
        self._scores = {}

    def _score(self, rules, tricks):
        key = (rules, tricks)
        if key not in self._scores:
            a = W._assess(tricks, rules)        # assess_tricks without re-reading the cards
            self._scores[key] = a.bonus - a.penalty
        return self._scores[key]

    def walk(self, state):
        if state.is_terminal():
            won = [tuple(tuple(t.cards) for t in state.tricks if t.winner == p) for p in range(state.players)]
            out = [tuple(self._score(r, won[p]) for p in range(state.players)) for r in self.rulesets]
        else:
            m = state.current_player
            out = [None] * len(self.rulesets)
            for a in state.legal_actions():
                s = state.clone()
                s.apply_action(a)
                for k, v in enumerate(self.walk(s)):
                    if out[k] is None or v[m] > out[k][m]:   # strictly better: ties keep the first
                        out[k] = v
        self.values[tuple(state.history)] = out
        return out


def _random_play(state, rng, cards):
    for _ in range(cards):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


def _with_rules(state, rules):
    """The same deal and play under other rules."""
    s = W.new_deal(state.initial_hands, dealer=state.dealer, rules=rules)
    for a in state.history:
        s.apply_action(a)
    return s


def _checked_positions(players, seed, lefts, want=1050):
    """Positions drawn from the reference's tree walks of roots with ``lefts`` cards left
    (every depth about equally): ``(states, reference vectors, children)`` with one state
    and one vector per variant, and ``children[card]`` the vectors after each legal card."""
    rng = np.random.default_rng(seed)
    rulesets = _rules(players)
    pool = []
    for left in lefts:
        root = _random_play(W.new_deal(seed=int(rng.integers(1 << 30)), players=players), rng, 36 - left)
        ref = Reference(rulesets)
        ref.walk(root)
        roots = [_with_rules(root, r) for r in rulesets]
        base = len(root.history)
        pool += [(roots, base, h, ref.values) for h in ref.values if len(h) < 36]
    by_left = {}
    for item in pool:
        by_left.setdefault(36 - len(item[2]), []).append(item)
    groups = [by_left[k] for k in sorted(by_left)]
    for g in groups:
        rng.shuffle(g)
    chosen = []
    while len(chosen) < want and any(groups):      # round robin over the cards left
        for g in groups:
            if g and len(chosen) < want:
                chosen.append(g.pop())
    out = []
    for roots, base, h, values in chosen:
        states = []
        for r in roots:
            s = r.clone()
            for a in h[base:]:
                s.apply_action(a)
            states.append(s)
        children = {a: values[h + (a,)] for a in states[0].legal_actions()}
        out.append((states, values[h], children))
    return out


@pytest.fixture(scope="module", params=[3, 4])
def checked(request):
    players = request.param
    # cards left at the roots: 3 whole tricks and one card of a fourth (4 tricks left,
    # the open one counted), 3 whole tricks, and fewer
    lefts = [3 * players + 1, 3 * players, 2 * players + 2, 2 * players + 1, 2 * players]
    if players == 3:
        lefts.append(3 * players)
    # seeds picked for trees of a few thousand positions (the file stays fast)
    return players, _checked_positions(players, {3: 903, 4: 906}[players], lefts)


def test_solver_equals_plain_max_n_in_every_variant(checked):
    players, positions = checked
    assert len(positions) >= 1000
    assert sum(1 for states, _, _ in positions if states[0].trick.cards) >= 300      # mid-trick
    tricks_left = [(sum(map(len, st[0].hands)) + len(st[0].trick.cards)) // players for st, _, _ in positions]
    assert max(tricks_left) == 4 and min(tricks_left) == 1
    differ = 0
    for i, (states, ref, children) in enumerate(positions):
        if len(set(ref)) > 1:
            differ += 1
        for k, s in enumerate(states):
            before = s.to_json() if i % 16 == 0 else None
            sol = A.solve(s)
            assert before is None or s.to_json() == before      # the state is not changed
            assert sol.returns == ref[k], (s.rules, before)
            mover = s.current_player
            assert sol.value == ref[k][mover]
            # the line, replayed through the engine, scores the returns
            t = s.clone()
            for c in sol.line:
                t.apply_action(c)
            assert t.is_terminal() and tuple(t.returns()) == sol.returns
            # analyse: every legal card, valued as the reference values its child
            values = A.analyse(s)
            assert list(values) == s.legal_actions()
            assert values == {a: children[a][k][mover] for a in values}
            assert max(values.values()) == sol.value
            # the tie rule: the first card (legal order) of the best value opens the line
            assert sol.line[0] == next(a for a, v in values.items() if v == sol.value)
    assert differ > 20        # the variants do change some results


def test_deeper_positions_are_consistent():
    """5 to 8 tricks left (beyond the reference's reach, where the transposition table
    does most of the work): each card's analyse value is the mover's result of solving
    the position after it, and solving again at every card of the line gives the same
    returns."""
    rng = np.random.default_rng(42)
    for i in range(16):
        players = 3 + i % 2
        d, b = VARIANTS[(i // 2) % 4]
        rules = W.Rules(players=players, double_honour_trick=d, bonus_without_tricks=b)
        tricks = int(rng.integers(5, 7 if players == 4 else 9))
        s = _random_play(W.new_deal(seed=int(rng.integers(1 << 30)), rules=rules), rng,
                         36 - tricks * players + int(rng.integers(players)))
        values, sol, mover = A.analyse(s), A.solve(s), s.current_player
        for card, v in values.items():
            child = s.clone()
            child.apply_action(card)
            assert A.solve(child).returns[mover] == v
        t = s.clone()
        for card in sol.line:
            assert A.solve(t).returns == sol.returns
            t.apply_action(card)
        assert tuple(t.returns()) == sol.returns


# ---- the rest of the interface ---------------------------------------------------------------------

def test_deal_over_and_errors():
    s = _random_play(W.new_deal(seed=5, players=4), np.random.default_rng(1), 36)
    sol = A.solve(s)
    assert sol.line == () and sol.returns == tuple(s.returns()) and sol.nodes == 0
    last = (s.tricks[-1].leader + 3) % 4
    assert sol.value == s.returns()[last]
    assert A.analyse(s) == {}
    d = armenian_durak.new_deal(seed=1)
    for f in (A.solve, A.analyse):
        with pytest.raises(StateError, match="Warsaw Hearts"):
            f(d)
        with pytest.raises(StateError):
            f("QH")
    with pytest.raises(StateError):
        A.sample_worlds(d, 0, 1, np.random.default_rng(0))
    start = W.new_deal(seed=8, players=4)
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(CardkitError, match="max_nodes"):
            A.solve(start, max_nodes=bad)
    before = start.to_json()
    with pytest.raises(SearchLimit, match="max_nodes=50"):
        A.solve(start, max_nodes=50)
    with pytest.raises(SearchLimit):
        A.analyse(start, max_nodes=50)
    assert start.to_json() == before
    with pytest.raises(CardkitError):
        A.sample_worlds(start, 4, 1, np.random.default_rng(0))
    with pytest.raises(CardkitError, match="worlds"):
        A.sample_worlds(start, 0, -1, np.random.default_rng(0))


def test_touching_cards_share_a_value():
    s = _random_play(W.new_deal(seed=21, players=3), np.random.default_rng(4), 24)
    v = A.analyse(s)
    rest = {c for h in s.hands for c in h} | set(s.trick.cards)
    hand = s.hands[s.current_player]
    for a, b in itertools.combinations(v, 2):
        if a.suit == b.suit and a not in W.HONOURS and b not in W.HONOURS:
            lo, hi = sorted((a.rank, b.rank))
            if not any(c.suit == a.suit and lo < c.rank < hi and c not in hand for c in rest):
                assert v[a] == v[b]


# ---- search features: each one switched off gives the same values (issue 31) ----------------------

@pytest.mark.parametrize("feature", ["OFF_SUREWIN", "OFF_FIXEDKEY", "OFF_TRICKEQ", "OFF_DEFER"])
def test_each_search_feature_changes_no_value_and_cuts_positions(feature):
    """Each search feature switched off (the kernel's ``OFF_*`` bit in ``warsaw_hearts._off``):
    the cut of a card that must win the open trick (SUREWIN), the table key without the
    summaries of players whose result is fixed (FIXEDKEY), touching cards with the open
    trick's cards below its top not keeping them apart (TRICKEQ). With it and without it,
    solve gives the same returns and line and analyse the same values, on positions with
    4 to 7 tricks left and on two whole deals; with it, fewer positions in all."""
    from cardkit.analysis import _hearts_kernel as K
    bit = getattr(K, feature)
    rng = np.random.default_rng(31)
    states = [W.new_deal(seed=1, players=4), W.new_deal(seed=2, players=3)]
    for i in range(24):
        players = 3 + i % 2
        d, b = VARIANTS[(i // 2) % 4]
        rules = W.Rules(players=players, double_honour_trick=d, bonus_without_tricks=b)
        tricks = int(rng.integers(4, 6 if players == 4 else 8))
        states.append(_random_play(W.new_deal(seed=int(rng.integers(1 << 30)), rules=rules), rng,
                                   36 - tricks * players + int(rng.integers(players))))
    nodes = {0: 0, bit: 0}
    try:
        for s in states:
            got = {}
            for off in nodes:
                A._off = off
                sol = A.solve(s)
                nodes[off] += sol.nodes
                got[off] = (sol.returns, sol.line, A.analyse(s) if len(s.history) else None)
            assert got[0] == got[bit]
    finally:
        A._off = 0
    assert nodes[0] < nodes[bit]


def test_relative_ranks_packed_by_lookup():
    """The table key's relative ranks (one lookup per suit) are each suit's unplayed cards
    renumbered from the bottom (A♥ K♥ Q♥ J♥ keep their places)."""
    from cardkit.analysis import _hearts_kernel as K
    _, _, nxt = A._tables(W.Rules(players=3))
    rng = np.random.default_rng(7)
    ids = [A._cid(c) for c in A._DECK]
    for _ in range(400):
        alive = [c for c in ids if rng.random() < 0.6]
        hand = [c for c in alive if rng.random() < 0.4]
        want = 0
        for s in range(4):
            ranks = sorted(c & 15 for c in alive if c >> 4 == s and not (s == 1 and c & 15 >= 5))
            for c in hand:
                if c >> 4 == s:
                    r = c & 15
                    want |= 1 << (16 * s + (r if s == 1 and r >= 5 else ranks.index(r)))
        got = K._relative(np.uint64(sum(1 << c for c in hand)), np.uint64(sum(1 << c for c in alive)), nxt)
        assert int(got) == want


# ---- sample_worlds ---------------------------------------------------------------------------------

def _voids_of(state, seat):
    out = {}
    for t in state.tricks:
        for i, c in enumerate(t.cards[1:], 1):
            p = (t.leader + i) % state.players
            if p != seat and c.suit != t.cards[0].suit:
                out.setdefault(p, set()).add(t.cards[0].suit)
    return out


def _void_rich_state(players, seed, cards):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        s = _random_play(W.new_deal(seed=int(rng.integers(1 << 30)), players=players), rng, cards)
        if len(_voids_of(s, s.current_player)) >= 1:
            return s
    raise AssertionError("no state with a shown void")


@pytest.mark.parametrize("players", [3, 4])
def test_sample_worlds_keep_what_the_seat_sees(players):
    s = _void_rich_state(players, 30 + players, 5 * players + 1)
    seat = s.current_player
    voids = _voids_of(s, seat)
    worlds = A.sample_worlds(s, seat, 200, np.random.default_rng(3))
    assert len(worlds) == 200
    hidden = {c for p in range(players) if p != seat for c in s.hands[p]}
    seen_other = set()
    for w in worlds:
        assert w.hands[seat] == s.hands[seat]
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert [(t.leader, t.cards, t.winner) for t in w.tricks] == [(t.leader, t.cards, t.winner) for t in s.tricks]
        assert w.history == s.history and w.seed is None
        got = {c for p in range(players) if p != seat for c in w.hands[p]}
        assert got == hidden
        for p, suits in voids.items():
            assert not any(c.suit in suits for c in w.hands[p])
        for p in range(players):
            assert w.hands[p] == sorted(w.hands[p], key=lambda c: (c.suit, -c.rank))
        seen_other.add(tuple(tuple(h) for h in w.hands))
        # a world is a real deal: it replays from its start and can be solved
        again = W.State.from_json(w.to_json())
        assert again.hands == w.hands and again.legal_actions() == w.legal_actions()
    assert len(seen_other) > 50
    assert s.hands == _with_rules(s, s.rules).hands            # the state was not changed
    A.solve(worlds[0])


def test_sample_worlds_ignore_hidden_cards():
    s = _void_rich_state(4, 77, 17)
    seat = s.current_player
    other = A.sample_worlds(s, seat, 1, np.random.default_rng(99))[0]
    assert other.hands != s.hands
    a = A.sample_worlds(s, seat, 30, np.random.default_rng(5))
    b = A.sample_worlds(other, seat, 30, np.random.default_rng(5))
    assert [w.hands for w in a] == [w.hands for w in b]


def test_sample_worlds_are_uniform_over_consistent_deals():
    """Few unseen cards and a shown void: every consistent deal, enumerated here, comes
    up about equally often (the brute-force count is independent of the dealer)."""
    s = _void_rich_state(4, 123, 27)                  # 9 cards left, 2 of them on the table soon
    seat = s.current_player
    voids = _voids_of(s, seat)
    others = [p for p in range(4) if p != seat]
    hidden = sorted(c for p in others for c in s.hands[p])
    sizes = [len(s.hands[p]) for p in others]
    consistent = []
    labels = [j for j, k in enumerate(sizes) for _ in range(k)]
    for lab in set(itertools.permutations(labels)):
        hands = [frozenset(c for c, l in zip(hidden, lab) if l == j) for j in range(len(others))]
        if all(not any(c.suit in voids.get(p, ()) for c in hands[j]) for j, p in enumerate(others)):
            consistent.append(tuple(hands))
    assert 3 <= len(consistent) <= 400
    n = 60 * len(consistent)
    worlds = A.sample_worlds(s, seat, n, np.random.default_rng(11))
    count = Counter(tuple(frozenset(w.hands[p]) for p in others) for w in worlds)
    assert set(count) <= set(consistent) and len(count) == len(consistent)
    expected = n / len(consistent)
    chi2 = sum((count[d] - expected) ** 2 / expected for d in consistent)
    dof = len(consistent) - 1
    assert chi2 < dof + 6 * np.sqrt(2 * dof)


# ---- compiled code: nothing at import, the cache reloads in a fresh process ------------------------

def test_import_compiles_nothing_and_cached_reload_works():
    s = _random_play(W.new_deal(seed=4, players=4), np.random.default_rng(2), 20)
    here = A.solve(s)                     # compiles or loads the kernel, writing the cache
    code = (
        "import sys\n"
        "import cardkit, cardkit.analysis, cardkit.analysis.warsaw_hearts as A\n"
        "assert 'cardkit.analysis._hearts_kernel' not in sys.modules\n"
        "assert 'numba' not in sys.modules\n"
        "from cardkit.games import warsaw_hearts as W\n"
        f"s = W.State.from_json({s.to_json()!r})\n"
        "sol = A.solve(s)\n"
        "print(sol.returns, [c.code for c in sol.line])\n"
    )
    env = dict(os.environ)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == f"{here.returns} {[c.code for c in here.line]}"
