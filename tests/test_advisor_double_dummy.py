"""advise(evaluation="double_dummy") (issues 20 and 22): how many sampled deals were solved,
a refusal (not nan) when too few were, a time budget, the progress bar, RULES.md §1.6, §1.8."""

from __future__ import annotations

import numpy as np
import pytest
from positions import play_at_random, variety_in_contract

from cardkit import CardkitError, analysis as A
from cardkit.advisor import _declarer_points, advise
from cardkit.games import variety as V

HAND_A = "KQ7.AJ5.KQ84.A92"   # fig. 65 а (RULES.md §1.8)


def _position(seed, contract, tricks_left, rules):
    rng = np.random.default_rng([seed, contract])
    d1, d2 = (int(x) for x in rng.choice(4, size=2, replace=False))
    s = variety_in_contract(seed, contract, (d1, d2), rules=rules)
    return play_at_random(s, rng, until=lambda s: sum(map(len, s.hands)) <= 4 * tricks_left)


@pytest.mark.parametrize("tie", ["declarers_lose", "no_bonus"])
def test_declarer_points_from_the_margin_equal_the_solved_score(tie):
    """The double-dummy figures search values only; a declarer's score comes from the
    margin (fixed side totals, §1.2) and must be what the solved line scores."""
    rules = V.Rules(tie=tie)
    for c in range(1, 9):
        for seed in range(4):
            s = _position(100 + seed, c, 6, rules)
            sol = A.solve(s)
            d = s.declarers[0]
            assert _declarer_points(V.contracts(rules)[c], sol.value) == sol.returns[d], (c, seed)


def test_too_few_solved_is_refused_not_nan():
    with pytest.raises(A.SearchLimit, match=r"only 0 of 3 sampled deals were solved.*max_nodes=1\b"):
        advise(HAND_A, samples=3, seed=1, evaluation="double_dummy", max_nodes=1)
    with pytest.raises(CardkitError, match="time budget of 1e-06 s ran out"):
        advise(HAND_A, samples=3, seed=1, evaluation="double_dummy", seconds=1e-6)


def test_progress_reaches_the_end_when_stopped_early():
    seen = []
    with pytest.raises(A.SearchLimit):
        advise(HAND_A, samples=3, seed=1, evaluation="double_dummy", seconds=1e-6,
               progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (1, 32) and seen[-1] == (32, 32)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), float("inf"), "1", True])
def test_bad_seconds_refused_with_either_evaluation(bad):
    for ev in ("rule", "double_dummy"):
        with pytest.raises(CardkitError, match="seconds"):
            advise(HAND_A, samples=3, seed=1, evaluation=ev, seconds=bad)


def _stub_solver(monkeypatch, fail_first: int):
    """The exact search replaced by a stub (the real one takes seconds per point-contract
    deal): value 0 to go, except that the first ``fail_first`` deals searched in contract 5
    pass the node limit."""
    from cardkit.analysis import variety as AV
    seen = []

    def value_to_go(self, base, tn, leader, guess=0, made=0):
        if self.contract.number == 5:
            seen.append(1)
            if len(seen) <= fail_first:
                raise A.SearchLimit("stub: over the limit")
        return 0, True

    monkeypatch.setattr(AV._Ctx, "value_to_go", value_to_go)


def test_figures_say_how_many_samples_were_solved(monkeypatch):
    _stub_solver(monkeypatch, fail_first=2)
    seen = []
    adv = advise(HAND_A, samples=6, seed=3, evaluation="double_dummy", max_nodes=10,
                 progress=lambda done, total: seen.append((done, total)))
    assert adv.solved == 4 and adv.unsolved == 2
    assert all(a.samples == 4 and np.isfinite(a.margin) and np.isfinite(a.stderr) for a in adv)
    assert adv.label in ("robust", "depends on the play")
    done = [d for d, _ in seen]     # the 8 rule-policy contracts, then the searches (failed ones too)
    assert done[:8] == list(range(1, 9)) and done == sorted(done) and done[-1] == 8 * 6 + 8
    assert {t for _, t in seen} == {8 * 6 + 8}
    assert advise(HAND_A, samples=6, seed=3).solved is None


def test_more_than_half_unsolved_is_refused(monkeypatch):
    _stub_solver(monkeypatch, fail_first=4)
    with pytest.raises(A.SearchLimit, match=r"only 2 of 6 sampled deals.*4 passed max_nodes=10\b.*at least 3"):
        advise(HAND_A, samples=6, seed=3, evaluation="double_dummy", max_nodes=10)


def test_the_figures_are_the_same_on_one_core_and_on_two(monkeypatch):
    """Issue 31: the searches spread over two worker threads give the figures one thread gives."""
    from cardkit.analysis import variety as AV

    def value_to_go(self, base, tn, leader, guess=0, made=0):   # a figure of the deal, contract and sides
        st = self.state
        return (sum(c.index for c in st.hands[st.declarers[1]][:5]) * self.contract.number) % 23 - 11, True

    monkeypatch.setattr(AV._Ctx, "value_to_go", value_to_go)
    adv = {}
    for w in (1, 2):
        monkeypatch.setattr(AV, "default_workers", lambda w=w: w)
        adv[w] = advise(HAND_A, samples=24, seed=5, evaluation="double_dummy", max_nodes=10)
    one, two = adv[1], adv[2]
    assert (one.solved, one.unsolved) == (two.solved, two.unsolved)
    assert [(a.contract, a.margin, a.stderr, a.samples) for a in one] == \
        [(a.contract, a.margin, a.stderr, a.samples) for a in two]
