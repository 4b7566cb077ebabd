"""The exact solver of Armenian Durak with trumps (cardkit.analysis.armenian_durak) against
an alpha-beta search on the object engine, RULES.md §3.3–§3.4.

The reference below knows nothing of the solver: an alpha-beta search on the engine (no
transposition table, no move ordering), which tries legal actions through
``clone``/``apply_action`` and scores finished deals with ``returns()``; each root action
gets a full-window search, so every action's value is exact. 1,000 random
positions with at most 4 tricks left, over both decks, ``trump_six_double`` and both
``draw_after`` values, at a lead, a reply and each draw (the leader's, the replier's),
some with a sweep still possible, are shared by the assertions (value, every action's value,
the line replayed through the engine).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from cardkit import deck
from cardkit.analysis import SearchLimit
from cardkit.analysis import armenian_durak as A
from cardkit.errors import StateError
from cardkit.games import armenian_durak as D

VARIANTS = [dict(deck=d, trump_six_double=t, draw_after=a)
            for d in (36, 52) for t in (False, True) for a in ("any", "lead")]
PER_VARIANT = 125
INF = float("inf")


def _cards_left(s) -> int:
    return len(s.hands[0]) + sum(u is not None for u in s.up[0]) + sum(d is not None for d in s.down[0])


def _ref_value(state, alpha: float = -INF, beta: float = INF) -> int:
    """Alpha-beta on the engine: the final margin of the player to move, exact when it
    lies strictly inside ``(alpha, beta)`` (always with the full window), else a bound
    on the side of the window it fell (fail-soft)."""
    mover = state.current_player
    best = -INF
    for action in state.legal_actions():
        s = state.clone()
        s.apply_action(action)
        if s.is_terminal():
            r = s.returns()
            v = r[mover] - r[1 - mover]
        elif s.current_player == mover:  # the same player moves again (won the trick, draws)
            v = _ref_value(s, alpha, beta)
        else:
            v = -_ref_value(s, -beta, -alpha)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return int(best)


def _ref_child(state, action, seat) -> int:
    """The exact final margin of ``seat`` after ``action`` (a full-window search below it)."""
    s = state.clone()
    s.apply_action(action)
    if s.is_terminal():
        r = s.returns()
        return r[seat] - r[1 - seat]
    v = _ref_value(s)
    return v if s.current_player == seat else -v


def _forge_sweep(s) -> None:
    """Give every completed trick to the player who leads now (the winner of the last
    trick), so that player can still take every trick (+10, RULES.md §3.4)."""
    hero = s.tricks[-1].leader
    for t in s.tricks:
        if t.winner is not None:
            t.winner = hero
    s.taken[hero] = s.taken[0] + s.taken[1]
    s.taken[1 - hero] = []


def _position(rng, rules, target=None, mode=None):
    s = D.new_deal(seed=int(rng.integers(1 << 30)), dealer=int(rng.integers(2)),
                   trump="SHDC"[int(rng.integers(4))], rules=rules)
    target = int(rng.integers(1, 5)) if target is None else target
    decline = mode is not None or rng.random() < 0.7  # keep face-down cards in most deals
    while not (_cards_left(s) <= target and s.phase == "play" and not s.trick.cards):
        la = s.legal_actions()
        a = la[-1] if s.phase == "draw" and decline else la[int(rng.integers(len(la)))]
        s.apply_action(a)
    mode = rng.integers(6) if mode is None else mode  # stay at the lead, or go on to a reply or a draw
    for _ in range(4 if mode >= 2 else int(mode)):
        if s.is_terminal() or (mode >= 2 and s.phase == "draw"):
            break
        la = s.legal_actions()
        hand = [a for a in la if a in s.hands[s.current_player]] if mode >= 2 else []
        pool = hand or la
        s.apply_action(pool[int(rng.integers(len(pool)))])
    if not s.is_terminal() and rng.random() < 0.25:
        _forge_sweep(s)
    return s


@pytest.fixture(scope="module")
def positions():
    rng = np.random.default_rng(20261201)
    out = []
    for kw in VARIANTS:
        rules = D.Rules(**kw)
        n = 0
        while n < PER_VARIANT:
            s = _position(rng, rules)
            if s.is_terminal():
                continue
            mover = s.current_player
            ref = {a: _ref_child(s, a, mover) for a in s.legal_actions()}
            out.append((s, ref))
            n += 1
    return out


def test_positions_cover_every_kind_of_ply(positions):
    kinds = {}
    for s, _ in positions:
        k = (s.phase, len(s.trick.cards))
        kinds[k] = kinds.get(k, 0) + 1
    # a lead, a reply, the leader's draw, the replier's draw
    assert all(kinds.get(k, 0) >= 30 for k in [("play", 0), ("play", 1), ("draw", 1)]), kinds
    assert kinds.get(("draw", 0), 0) >= 15, kinds
    sweep = sum(1 for s, _ in positions if min(s.tricks_won(0), s.tricks_won(1)) == 0)
    assert sweep >= 150


def test_draws_among_several_stacks_equal_the_plain_minimax():
    # two face-down cards and a card in the hand need five tricks left
    rng = np.random.default_rng(77)
    n = 0
    while n < 8:
        kw = VARIANTS[n % len(VARIANTS)]
        s = _position(rng, D.Rules(**kw), target=5, mode=2)
        if s.phase != "draw" or len(s.legal_actions()) < 3:
            continue
        mover = s.current_player
        ref = {a: _ref_child(s, a, mover) for a in s.legal_actions()}
        assert A.analyse(s) == ref, str(s)
        assert A.solve(s).value == max(ref.values())
        n += 1


def test_analyse_and_solve_equal_the_plain_minimax(positions):
    assert len(positions) >= 1000
    bad = []
    for s, ref in positions:
        an = A.analyse(s)
        sol = A.solve(s)
        if an != ref or sol.value != max(ref.values()):
            bad.append((str(s), ref, an, sol.value))
    assert not bad, bad[:3]


def test_line_replays_to_the_value(positions):
    for s, ref in positions:
        sol = A.solve(s)
        mover = s.current_player
        r = s.clone()
        for a in sol.line:
            assert a in r.legal_actions()
            r.apply_action(a)
        assert r.is_terminal()
        ret = r.returns()
        assert tuple(ret) == sol.returns
        assert ret[mover] - ret[1 - mover] == sol.value == max(ref.values())
        assert sol.nodes > 0


def test_the_state_is_left_unchanged(positions):
    s, _ = positions[7]
    before = s.to_json(), str(s)
    A.solve(s)
    A.analyse(s)
    assert (s.to_json(), str(s)) == before


def test_a_sweep_is_worth_ten():
    # every trick so far given to the leader; wherever best play lets it take the rest
    # too, its deal points (counted here from the cards) carry the +10 (RULES.md §3.4)
    rng = np.random.default_rng(5)
    found = 0
    for _ in range(400):
        s = _position(rng, D.Rules())
        if s.is_terminal() or s.phase != "play" or s.trick.cards:
            continue
        _forge_sweep(s)
        hero = s.current_player
        sol = A.solve(s)
        r = s.clone()
        for a in sol.line:
            r.apply_action(a)
        if not r.taken[1 - hero]:
            pts = [sum(D.card_points(c, s.trump, s.rules) for c in t) for t in r.taken]
            assert sol.returns[hero] == pts[hero] + D.SWEEP_BONUS
            assert sol.value == pts[hero] + D.SWEEP_BONUS - pts[1 - hero]
            found += 1
    assert found >= 5


def test_whole_deal_from_the_opening_lead_is_consistent():
    s = D.new_deal(seed=11, trump="S")
    # 8 tricks played at random first, so the search is small enough for a test
    rng = np.random.default_rng(3)
    while _cards_left(s) > 9 or s.phase != "play":
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    sol = A.solve(s)
    an = A.analyse(s)
    assert max(an.values()) == sol.value
    assert sol.line[0] in an and an[sol.line[0]] == sol.value


def test_errors_and_the_node_limit():
    s = D.new_deal(seed=2)  # the trump is still to be drawn
    with pytest.raises(StateError, match="trump"):
        A.solve(s)
    with pytest.raises(StateError):
        A.analyse(s)
    with pytest.raises(StateError):
        A.solve("not a state")
    s.apply_action(D.PickTrump(0))
    with pytest.raises(SearchLimit):
        A.solve(s, max_nodes=1000)
    with pytest.raises(SearchLimit):
        A.analyse(s, max_nodes=1000)


def test_a_finished_deal_has_its_result_and_no_line():
    s = D.new_deal(seed=4, trump="D")
    D.play_out(s, [D.RandomBot(1), D.RandomBot(2)])
    sol = A.solve(s)
    ret = tuple(s.returns())
    last = 1 - s.tricks[-1].leader
    assert sol.line == () and sol.returns == ret and sol.value == ret[last] - ret[1 - last]
    assert A.analyse(s) == {}


def test_a_cached_reload_in_a_fresh_process_works():
    code = textwrap.dedent("""
        from cardkit.games import armenian_durak as D
        from cardkit.analysis import armenian_durak as A
        s = D.new_deal(seed=9, trump="H")
        import numpy as np
        rng = np.random.default_rng(0)
        while sum(len(h) for h in s.hands) + sum(u is not None for t in s.up for u in t) > 8 or s.phase != "play":
            la = s.legal_actions(); s.apply_action(la[int(rng.integers(len(la)))])
        sol = A.solve(s)
        an = A.analyse(s)
        assert max(an.values()) == sol.value
        print("ok", sol.value)
    """)
    import cardkit.analysis._durak_kernel  # noqa: F401 - compiled (or loaded) here, so the cache exists
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("ok")


# ---- sample_worlds ------------------------------------------------------------------------

def _played_deal(k, actions):
    s = D.new_deal(seed=k, dealer=k % 2, rules=D.Rules(**VARIANTS[k % len(VARIANTS)]))
    s.apply_action(D.PickTrump(k % 6))  # the trump card goes back to the dealer's hand
    r = np.random.default_rng(k)
    for _ in range(actions):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply_action(la[int(r.integers(len(la)))])
    return s


@pytest.fixture(scope="module")
def deals():
    return [_played_deal(k, 5 + 3 * (k % 12)) for k in range(36)]


def test_worlds_look_the_same_from_the_seat_and_replay(deals):
    for s in deals:
        for seat in (0, 1):
            worlds = A.sample_worlds(s, seat, 4, np.random.default_rng(seat))
            assert len(worlds) == 4
            opp = 1 - seat
            hidden = sorted(s.hands[opp] + [d for p in (0, 1) for d in s.down[p] if d is not None])
            for w in worlds:
                assert w.observation(seat) == s.observation(seat)  # hand, face-up cards, tricks...
                assert w.hands[seat] == s.hands[seat] and w.up == s.up and w.taken == s.taken
                assert [d is None for p in (0, 1) for d in w.down[p]] == [d is None for p in (0, 1) for d in s.down[p]]
                assert sorted(w.hands[opp] + [d for p in (0, 1) for d in w.down[p] if d is not None]) == hidden
                assert w.history == s.history
                assert D.State.from_json(w.to_json()).observation(seat) == s.observation(seat)
    # the hidden cards do move
    s = deals[3]
    worlds = A.sample_worlds(s, 0, 20, np.random.default_rng(0))
    assert len({tuple(w.hands[1]) for w in worlds}) > 1


def test_worlds_ignore_the_hidden_cards(deals):
    for s in deals[::3]:
        for seat in (0, 1):
            other = A.sample_worlds(s, seat, 1, np.random.default_rng(99))[0]  # same view, other cards
            a = A.sample_worlds(s, seat, 5, np.random.default_rng(7))
            b = A.sample_worlds(other, seat, 5, np.random.default_rng(7))
            assert [w.to_json() for w in a] == [w.to_json() for w in b]


def _shown_void(s, opp):
    """The suits ``opp`` showed it lacked the last time it did not follow (RULES.md §3.3),
    if it has drawn no face-down card since (a draw could refill them); else None."""
    r = D.new_deal([dict(e) for e in s.layout], dealer=s.dealer, trump=s.given_trump, rules=s.rules)
    void = None
    for a in s.history:
        who = r.current_player
        if r.phase == "play" and who == opp and r.trick.cards:
            led = r.trick.cards[0].suit
            follow = {r.trump} if led == r.trump else {led, r.trump}
            if a.suit not in follow:
                void = follow
        if r.phase == "draw" and who == opp and a.stack is not None:
            void = None
        r.apply_action(a)
    return void


def test_worlds_respect_shown_voids():
    checked = 0
    for k in range(200):
        s = _played_deal(1000 + k, 10 + k % 20)
        if s.is_terminal():
            continue
        for seat in (0, 1):
            void = _shown_void(s, 1 - seat)
            if not void:
                continue
            for w in A.sample_worlds(s, seat, 5, np.random.default_rng(k)):
                assert not [c for c in w.hands[1 - seat] if c.suit in void], (str(s), void)
            checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def test_worlds_are_uniform_without_constraints():
    s = _played_deal(7, 0)  # just after the trump draw: nothing shown yet
    seat, opp = 0, 1
    n = 300
    unknown = sorted(s.hands[opp] + [d for p in (0, 1) for d in s.down[p] if d is not None])
    counts = {c: 0 for c in unknown}
    for w in A.sample_worlds(s, seat, n, np.random.default_rng(1)):
        for c in w.hands[opp]:
            counts[c] += 1
    free = [c for c in unknown if c != s.trump_card]
    p = (len(s.hands[opp]) - (s.trump_card in s.hands[opp])) / len(free)
    sd = (n * p * (1 - p)) ** 0.5
    assert all(abs(counts[c] - n * p) < 4.5 * sd for c in free), counts
    if s.trump_card in s.hands[opp]:  # the dealer's trump card is still in its hand
        assert counts[s.trump_card] == n


def test_sample_worlds_refuses_bad_input(deals):
    from cardkit.errors import CardkitError
    s = deals[0]
    with pytest.raises(CardkitError):
        A.sample_worlds(s, 2, 1, np.random.default_rng(0))
    with pytest.raises(CardkitError):
        A.sample_worlds(s, 0, -1, np.random.default_rng(0))
    with pytest.raises(CardkitError):
        A.sample_worlds(s, 0, 1, 5)
    assert A.sample_worlds(s, 0, 0, np.random.default_rng(0)) == []
