"""Issue 31: every Hint exact from the first card. Each sampled world is solved exactly
within the judge's bound (EXACT_NODES positions); a world past it is played out by the
rule bots, and the estimate says how many were solved (method "exact", "mixed" or
"playouts", Estimate.basis), as the Hint and the review do."""

from __future__ import annotations

import pytest

from cardkit import analysis as A
from cardkit.analysis import judge as J
from cardkit.bots import play_out
from cardkit.games import variety as V, warsaw_hearts as W
from cardkit.simulate.variety import auction_for


def _hearts_deal(seed=1):
    st = W.new_deal(seed=seed, players=4)
    first = st.clone()
    play_out(st, [W.RuleBot(seed=s) for s in range(4)])
    return first, st


def test_the_first_card_s_estimate_is_exact_and_names_the_review_s_best(monkeypatch):
    """At the opening lead of a Warsaw Hearts deal (36 cards left) every world is solved
    exactly when the bound allows it (before issue 31 the first card was always valued by
    playouts: more than EXACT_CARDS cards left), and the review names the same best card."""
    monkeypatch.setattr(J, "EXACT_NODES", 50_000_000)
    first, st = _hearts_deal()
    seat = first.current_player
    est = A.evaluate_decision(first, seed=5, samples=3)
    assert est.method == "exact" and est.exact_worlds == 3 and est.basis == "from 3 deals solved exactly"
    verdict = next(v for v in A.review(st, seat, samples=3, seed=5, exact_nodes=1000) if v.index == 0)
    assert verdict.best == est.best and verdict.method == "exact"
    assert "from 3 deals solved exactly" in verdict.text


def test_worlds_past_the_bound_are_played_out_and_counted(monkeypatch):
    first, _ = _hearts_deal()
    from cardkit.analysis import warsaw_hearts as AW
    calls = []
    real = AW.analyse

    def counted(state, *, max_nodes=None):
        calls.append(max_nodes)
        return real(state, max_nodes=max_nodes)

    monkeypatch.setattr(AW, "analyse", counted)
    monkeypatch.setattr(J, "EXACT_NODES", 1)          # every world passes the bound
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "1")
    est = A.estimate(first, samples=6, seed=2)
    assert est.method == "playouts" and est.exact_worlds == 0 and est.samples == 6
    assert est.basis == "from 6 deals played out by the rule bots"
    # early in a deal the attempts stop once the worlds past the bound outnumber those solved
    assert len(calls) == 1
    # on two threads each thread applies the rule to its own worlds (issue 31: both cores)
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    calls.clear()
    assert A.estimate(first, samples=6, seed=2).values == est.values
    assert len(calls) == 2
    # late in a deal (at most EXACT_CARDS cards) every world is tried
    late = first.clone()
    while J.cards_left(late) > J.EXACT_CARDS["warsaw_hearts"]:
        late.apply_action(late.legal_actions()[0])
    calls.clear()
    A.estimate(late, samples=4, seed=2)
    assert len(calls) == 4


def test_a_mixed_estimate_says_how_many_deals_were_solved(monkeypatch):
    st = V.new_deal(seed=3, dealer=3)
    for b in auction_for(1, (0, 2), 3):
        st.apply_action(b)
    while J.cards_left(st) > 26:
        st.apply_action(st.legal_actions()[0])
    exact = A.estimate(st, samples=6, seed=4, method="exact")
    solved = exact.exact_worlds
    monkeypatch.setattr(J, "EXACT_NODES", 1)
    none = A.estimate(st, samples=6, seed=4, method="exact")
    assert none.method == "playouts" and none.exact_worlds == 0
    if 0 < solved < 6:
        assert exact.method == "mixed"
        assert exact.basis == (f"from 6 deals: {solved} solved exactly, {6 - solved} played out by the rule "
                               f"bots (too long to solve)")
    else:
        assert exact.method == ("exact" if solved == 6 else "playouts")


def test_the_hint_names_its_basis():
    from cardkit_widgets import VarietyTable
    t = VarietyTable(seed=1)
    st = t.state
    rows = [(a, 1.0 - 0.4 * i, 0.0 if i == 0 else 0.1) for i, a in enumerate(st.legal_actions()[:2])]
    text = t.judge.hint_html(st, rows, 24, None, "from 24 deals solved exactly")
    assert "from 24 deals solved exactly" in text
    if st.phase == "bidding":
        text = t.judge.hint_html(st, rows, 400, None, "from 400 deals of the other hands",
                            {rows[0][0]: "bid 1 is new: valued by how the bidding may go on from here"})
        assert "valued by how the bidding may go on from here" in text
        assert "if you name it and a partner repeats it" not in text


@pytest.mark.parametrize("method", ["auto", "exact"])
def test_an_estimate_is_the_same_when_worked_out_twice(method):
    """The bound counts positions and the solver's kept table is emptied first, so the same
    arguments give the same figures whatever was solved before (the Hint and the review)."""
    st = V.new_deal(seed=8, dealer=0)
    for b in auction_for(5, (1, 3), 0):
        st.apply_action(b)
    while J.cards_left(st) > 24:
        st.apply_action(st.legal_actions()[-1])
    a = A.estimate(st, samples=4, seed=1, method=method)
    late = st.clone()     # the same contract and sides: the solver's kept table fills
    while J.cards_left(late) > 12:
        late.apply_action(late.legal_actions()[0])
    A.analyse(late)
    b = A.estimate(st, samples=4, seed=1, method=method)
    assert (a.values, a.exact_worlds, a.method) == (b.values, b.exact_worlds, b.method)
