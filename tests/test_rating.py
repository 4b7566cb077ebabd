"""Problems rated to the learner (issue 33): Glicko-2 as Glickman's paper works it, the
stored problems' seeded ratings, and ratings that move the right way."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from registry_games import NAMES as GAMES

from cardkit.problems import load_problems
from cardkit.rating import LEARNER_START, PROBLEM_RD, Rating, expected, pick_next, play, replay, seed_rating, update

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won),
    1550/100 (lost), 1700/300 (lost) -> 1464.06, RD 151.52, volatility 0.05999 (the paper
    rounds its steps; unrounded 1464.051, 151.517, 0.059996)."""
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=1e-5)


def test_away_from_1500_the_volatility_reads_the_deviation_not_the_rating():
    """The PyPI package glicko2 2.1.0 reads μ² where step 5 has φ²: equal at 1500 only. Here
    the same games shifted by +400 give the same changes (the system depends on differences)."""
    base = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    shifted = update(Rating(1900, 200, 0.06), [(Rating(1800, 30), 1), (Rating(1950, 100), 0), (Rating(2100, 300), 0)])
    assert shifted.rating - 400 == pytest.approx(base.rating, abs=1e-6)
    assert shifted.vol == pytest.approx(base.vol, abs=1e-9)


def test_no_game_only_widens_the_deviation():
    r = update(Rating(1500, 200, 0.06), [])
    assert r.rating == 1500 and r.rd == pytest.approx(math.hypot(200, 0.06 * 173.7178))


@pytest.mark.parametrize("bad", [Rating(1500, 0), Rating(math.nan), Rating(1500, 200, -1)])
def test_bad_ratings_are_refused(bad):
    with pytest.raises(ValueError):
        update(bad, [(Rating(), 1)])
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 2)])


def test_a_right_answer_raises_the_learner_and_lowers_the_problem():
    problem = Rating(1700, PROBLEM_RD)
    won_l, won_p = play(LEARNER_START, problem, True)
    lost_l, lost_p = play(LEARNER_START, problem, False)
    assert won_l.rating > 1500 > lost_l.rating
    assert won_p.rating < 1700 < lost_p.rating
    assert won_l.rd < LEARNER_START.rd and lost_l.rd < LEARNER_START.rd       # she is known better
    # solving a harder problem raises her more; failing an easier one lowers her more
    assert play(LEARNER_START, Rating(1900, PROBLEM_RD), True)[0].rating > won_l.rating
    assert play(LEARNER_START, Rating(1300, PROBLEM_RD), False)[0].rating < lost_l.rating
    # the problem, known better than a new learner, moves less than she does
    assert abs(won_p.rating - 1700) < abs(won_l.rating - 1500)
    assert expected(Rating(1700), Rating(1500, PROBLEM_RD)) > 0.5 > expected(Rating(1300), Rating(1500, PROBLEM_RD))


def test_replay_keeps_the_first_answer_and_the_order():
    problems = {1: 1300.0, 2: 1600.0, 3: 1900.0}
    learner, rated = replay([(1, True), (2, True), (1, False), (9, True)], problems)
    again, _ = replay([(1, True), (2, True)], problems)
    assert learner == again                      # a second answer to 1 and an unknown 9 are skipped
    assert rated[3] == Rating(1900.0, PROBLEM_RD, 0.06)


def test_next_problem_is_an_unsolved_one_near_the_learner():
    rated = {n: Rating(r, PROBLEM_RD) for n, r in {1: 1200, 2: 1450, 3: 1600, 4: 1800, 5: 2000}.items()}
    assert pick_next(Rating(1500), rated, solved=[]) == 2
    assert pick_next(Rating(1500), rated, solved=[2]) == 3
    assert pick_next(Rating(1950), rated, solved=[]) == 5
    # one not yet answered before one answered wrong, even if farther
    assert pick_next(Rating(1500), rated, solved=[], answered=[2, 3]) == 1
    assert pick_next(Rating(1500), rated, solved=[1, 2, 3, 4, 5]) is None
    # a learner who solves keeps climbing: each next problem is harder
    learner, picks, live = LEARNER_START, [], dict(rated)
    for _ in range(4):
        n = pick_next(learner, live, solved=picks)
        picks.append(n)
        learner, live[n] = play(learner, live[n], True)
    assert [rated[n].rating for n in picks] == sorted(rated[n].rating for n in picks)


def test_seeded_ratings_move_the_right_way():
    base = {"best": "QH", "rule_choice": "QH", "gap": 0, "values": {"QH": 4, "2H": -6}}
    missed = dict(base, rule_choice="2H", gap=10)
    assert seed_rating(missed) > seed_rating(base)                         # the bots miss it: harder
    dearer = dict(missed, values={"QH": 30, "2H": -10}, gap=40)
    assert seed_rating(dearer) > seed_rating(missed)                       # a costlier common mistake
    more = dict(base, values={"QH": 4, "2H": -6, "3H": -6, "4H": -6, "5H": -6})
    assert seed_rating(more) > seed_rating(base)                           # more choices
    bid = {"best": "2", "rule_choice": "5", "gap": 8.0, "margins": {"2": [5, 0.1], "5": [-3, 0.1]}}
    assert 1000 <= seed_rating(bid) <= 2200 and seed_rating(bid) % 10 == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_problems_ratings_are_their_seeds_and_rise_with_the_level(game):
    data = json.loads((LESSONS / game / "problems.json").read_text(encoding="utf-8"))
    assert [p["rating"] for p in data["problems"]] == [seed_rating(p) for p in data["problems"]]
    problems = load_problems(LESSONS / game / "problems.json")
    assert [p.rating for p in problems] == [p["rating"] for p in data["problems"]]
    mean = {lv: sum(p.rating for p in problems if p.level == lv) / sum(p.level == lv for p in problems)
            for lv in ("easy", "medium", "hard")}
    assert mean["easy"] < mean["medium"] < mean["hard"]
    for p in problems:      # the bots' rule finds every easy one and misses every other
        assert (p.rule_choice == p.best) == (p.level == "easy") or p.kind != "play"
        assert (p.rating < 1500) == (p.rule_choice == p.best)


def test_a_set_may_leave_the_rating_out_and_may_not_give_a_bad_one():
    from cardkit.errors import NotationError
    data = json.loads((LESSONS / "warsaw_hearts" / "problems.json").read_text(encoding="utf-8"))
    first = data["problems"][0]
    del first["rating"]
    assert load_problems(json.dumps(data))[0].rating == seed_rating(first)
    for bad in ("1500", 10, 1e9, True, None):
        first["rating"] = bad
        with pytest.raises(NotationError, match="rating"):
            load_problems(json.dumps(data))
