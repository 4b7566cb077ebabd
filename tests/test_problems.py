"""The problem sets of the three "4. problems" lessons (issue 10 §2): every stored position
rebuilds, its stored values are what the exact judge (or the advisor) computes now, the best
action is unique and legal, the best line is legal and ends with the value claimed, the
difficulty labels mean what the lessons say, and grading says "right" for the best action
and a positive cost for any other."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from registry_games import GAMES

from cardkit import analysis as A
from cardkit.analysis.judge import outcome
from cardkit.cards import deck
from cardkit.problems import grade, line_words, load_problems

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

LIMITS = {"variety": 6, "warsaw_hearts": 5, "armenian_durak": 8}  # tricks left, as the lessons say


def _problems(game):
    return load_problems(LESSONS / game / "problems.json")


def _tricks_left(state, game):
    per = {"variety": 4, "warsaw_hearts": state.players, "armenian_durak": 2}[game]
    return math.ceil(A.judge.cards_left(state) / per)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_set_size_order_and_notebook(game):
    probs = _problems(game)
    assert len(probs) >= 12
    assert [p.number for p in probs] == list(range(1, len(probs) + 1))
    play = [p for p in probs if p.kind == "play"]
    assert len(play) >= 10
    rank = {"easy": 0, "medium": 1, "hard": 2}
    assert [rank[p.level] for p in play] == sorted(rank[p.level] for p in play)   # easy to hard
    assert {p.level for p in play} == set(rank)
    nb = json.loads((LESSONS / game / "4_problems.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not re.search(r"\w+\.json", text)                   # no file names for the learner
    assert f"({game}/4_problems.ipynb)" in (LESSONS / "index.ipynb").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_positions_are_exact(game):
    mod = GAMES[game]
    for p in (p for p in _problems(game) if p.kind == "play"):
        st = mod.State.from_json(p.data["state"])          # rebuilds from card names and actions
        assert st.phase == "play" and st.current_player == p.seat
        assert 1 <= _tricks_left(st, game) <= LIMITS[game]
        legal = st.legal_actions()
        assert set(p.values) == set(legal) and p.best in legal
        fresh = A.analyse(st)
        assert fresh == p.values, f"problem {p.number}: stored values differ from a fresh analyse"
        top = max(fresh.values())
        assert [a for a in legal if fresh[a] == top] == [p.best], f"problem {p.number}: best not unique"
        # the line starts with the best card, is legal move by move and ends with the value claimed
        assert st.parse_action(p.line[0]) == p.best
        for a in p.line:
            assert st.is_legal(a), f"problem {p.number}: {a} illegal in the line"
            st.apply_action(a)
        assert st.is_terminal() and outcome(st, p.seat) == p.values[p.best]
        # the rule bot's card (from its own view) is the one stored, and the levels mean what they say
        obs = p.state.observation(p.seat)
        assert mod.RuleBot(seed=0).act(obs) == p.rule_choice
        gap = p.values[p.best] - p.values[p.rule_choice]
        assert gap == p.data["gap"]
        if p.level == "easy":
            assert gap == 0 and min(p.values.values()) <= top - 2
        else:
            assert gap > 0
    hard = [p.data["gap"] for p in _problems(game) if p.level == "hard" and p.kind == "play"]
    medium = [p.data["gap"] for p in _problems(game) if p.level == "medium" and p.kind == "play"]
    assert min(hard) >= max(medium)


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts"])
def test_single_dummy_problems_match_the_estimate(game):
    """A problem from the learner's own view: the stored expected values are what the Hint's
    and the review's evaluator (evaluate_decision: each world solved exactly this late, its
    seed the stored generator's) gives now, the best card is clearly best, the page hides the
    other hands."""
    from cardkit_widgets.problems import position_html
    views = [p for p in _problems(game) if p.kind == "view"]
    assert len(views) >= 1
    for p in views:
        st = p.state
        est = A.evaluate_decision(st, seed=np.random.default_rng(p.data["estimate_seed"]), samples=p.data["samples"])
        assert est.method == "exact" and est.samples == p.data["samples"] and est.best == p.best
        for a in st.legal_actions():
            assert est.values[a] == pytest.approx(p.values[a], abs=1e-5)
            assert est.stderr[a] == pytest.approx(p.stderr[a], abs=1e-5)
        ranked = sorted(p.values, key=lambda a: -p.values[a])
        assert ranked[0] == p.best
        assert p.values[ranked[0]] - p.values[ranked[1]] > 3 * math.hypot(p.stderr[ranked[0]], p.stderr[ranked[1]])
        assert max(p.stderr.values()) > 0                                   # the hidden cards matter
        assert {st.parse_action(k): v for k, v in p.data["exact"].items()} == A.analyse(st)
        assert GAMES[game].RuleBot(seed=0).act(st.observation(p.seat)) == p.rule_choice != p.best
        text = re.sub(r"<[^>]*>", "", position_html(p))
        assert "hidden" in text
        # the other hands' cards are not in the page: one hand is shown, the others are counts
        assert text.count("Your cards") == 1 and text.count("cards, hidden") + text.count("card, hidden") == \
            st.players - 1


def test_durak_problems_hide_nothing_a_player_could_not_work_out():
    """The Durak lesson says so: in every problem no face-down card is left, so the cards not
    seen are exactly the opponent's hand (the all-cards view is the player's own)."""
    for p in _problems("armenian_durak"):
        assert all(d is None for stacks in p.state.down for d in stacks)
        obs = p.state.observation(p.seat)
        seen = set(obs.hand) | {c for s in obs.face_up for c in s if c is not None} | set(obs.trick) \
            | {c for t in obs.tricks for c in t[1]}
        unseen = {c for c in deck(p.state.rules.deck) if c not in seen}
        assert unseen == set(p.state.hands[1 - p.seat])


def test_variety_bidding_problems_match_the_advisor():
    """The stored margins are the Hint's and the review's evaluator's for a bid
    (evaluate_decision: the advisor's margins of the legal bids, the stored samples and
    seed), within the noise of a tuned rule policy, with the same best bid."""
    bids = [p for p in _problems("variety") if p.kind == "bid"]
    assert len(bids) >= 4 and {p.question for p in bids} == {"name", "repeat"}
    for p in bids:
        st = p.state
        assert st.phase == "bidding" and set(p.values) == set(st.legal_actions())
        if p.question == "name":
            assert not st.bids
        else:  # another player's number may be repeated
            assert any((st.first_bidder + i) % 4 != p.seat for i in range(len(st.bids)))
        # the advisor's margins of the legal bids (the lesson grades bids "by the contract advisor of
        # lesson 3"; the Hint's evaluator judges a bid in the auction as it stands since issue 31)
        from cardkit.advisor import advise
        adv = advise(st.hands[p.seat], seat=p.seat, dealer=st.dealer, samples=p.data["samples"],
                     seed=np.random.default_rng(p.data["advisor_seed"]), rules=st.rules)
        by = {x.contract: x for x in adv}
        legal = st.legal_actions()
        est = A.Estimate(p.seat, {b: by[b].margin for b in legal}, {b: by[b].stderr for b in legal},
                         p.data["samples"], "advisor", 0.0)
        assert set(est.values) == set(p.values)
        for n in p.values:
            # the same seed deals the same hands, so the figures agree exactly while the simulator's rule
            # policy is unchanged; a tuned policy moves them a little (re-mine: benchmarks/mine_problems.py
            # --game variety); a stale figure must still be within noise or five points of the fresh one
            tol = max(6 * math.hypot(est.stderr[n], p.stderr[n]), 5.0)
            assert abs(est.values[n] - p.values[n]) <= tol, (p.number, n, est.values[n], p.values[n])
        # the verdict itself must hold with the fresh figures: the same best bid, clearly best
        fresh = est.ranked()
        assert fresh[0] == p.best == est.best
        assert est.values[fresh[0]] - est.values[fresh[1]] > 3 * math.hypot(est.stderr[fresh[0]], est.stderr[fresh[1]])
        ranked = sorted(p.values, key=lambda n: -p.values[n])
        assert ranked[0] == p.best
        b, s = ranked[0], ranked[1]
        assert p.values[b] - p.values[s] > 3 * math.hypot(p.stderr[b], p.stderr[s])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_grading_right_and_costs(game):
    for p in _problems(game):
        g = grade(p, p.best)
        assert g.right and g.cost == 0 and g.text.startswith("Right")
        for a in p.legal:
            if a == p.best:
                continue
            g = grade(p, p.state.action_to_str(a))          # notation works too
            assert not g.right and g.cost > 0
            assert g.cost == pytest.approx(p.values[p.best] - p.values[a])
            assert "costs" in g.text and not re.search(r"(?<![\w])-\d", g.text)   # minus signs are "−"
        with pytest.raises(ValueError):
            grade(p, "trump 99" if game == "armenian_durak" else ("9" if p.kind == "bid" else "XX"))
        if p.kind == "play":
            words = line_words(p)
            assert str(p.best) in words and words.startswith("Trick") and "You end with" in words
            for bad in ("None", "Card(", "[", "_", "-"):
                assert bad not in words, (p.number, bad, words)


def test_problem_set_widget_headless():
    from cardkit_widgets.problems import ProblemSet, position_html
    ps = ProblemSet(LESSONS / "warsaw_hearts" / "problems.json")
    n = len(ps.problems)
    assert f"0 of {n} solved" in ps.tally.value
    p = ps.problem
    assert [b.description for b in ps.choice_box.children] == [a.label for a in p.legal]
    assert ps.answer_with(p.best) is True and f"1 of {n} solved" in ps.tally.value
    assert "✔" in ps.feedback.value
    ps.show(1)
    q = ps.problem
    wrong = next(a for a in q.legal if a != q.best)
    ps.choice_box.children[q.legal.index(wrong)].click()             # a click grades it
    assert "✘" in ps.feedback.value and "costs" in ps.feedback.value
    assert f"1 of {n} solved" in ps.tally.value and "2 answered" in ps.tally.value
    ps.answer_with(q.best)                                           # a second try does not count
    assert f"1 of {n} solved" in ps.tally.value and "first answer" in ps.feedback.value
    assert "Best" in ps.show_answer()
    assert [lab for lab, _ in ps.picker.options][:3] == ["1 ✔", "2 ✘", "3"]   # answered problems marked
    assert ps.current == 1 and ps.picker.value == 1 and "first answer" in ps.feedback.value
    for game in GAMES:
        for p in load_problems(LESSONS / game / "problems.json"):
            h = position_html(p)
            assert "⚠" not in h and "None" not in h and "_" not in re.sub(r"<[^>]*>", "", h)


def test_problem_set_builds_without_the_solvers():
    """The lesson's first screen is cheap: building a set compiles or loads no solver kernel."""
    import subprocess
    import sys
    code = ("import sys; from cardkit_widgets.problems import ProblemSet; "
            f"ProblemSet({str(LESSONS / 'variety' / 'problems.json')!r}); "
            "print(sorted(m for m in sys.modules if m.startswith('cardkit.analysis._') or m == 'numba'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "kernel" not in out.stdout, out.stdout
