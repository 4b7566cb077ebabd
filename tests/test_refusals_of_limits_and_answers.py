"""The smaller refusals (issue 19): node limits, counts of worlds, seats, policies and
exercise answers that cannot be what is asked are refused with the project's own error
(quoting the input, naming what is allowed), before any work, the state unchanged; and a
missing golden file fails its test instead of being written."""

from __future__ import annotations

import random
import time
from pathlib import Path

import numpy as np
import pytest
from registry_games import every_game

import cardkit.analysis as A
from cardkit import CardkitError
from cardkit._checks import is_whole
from cardkit.advisor import advise, durak_reply_swings, hearts_card_penalties
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate.variety import auction_for

HAND = "AKQ.KQJ.AKQJ.AKQ"   # 13 cards for the Variety advisor


def _variety(cards_left=12, seed=3):
    st = V.new_deal(seed=seed)
    for b in auction_for(2, (0, 2), 0):
        st.apply_action(b)
    rng = random.Random(seed)
    while sum(map(len, st.hands)) > cards_left:
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def _hearts(cards_left=12, seed=3):
    st = W.new_deal(seed=seed, players=4)
    rng = random.Random(seed)
    while sum(map(len, st.hands)) > cards_left:
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def _durak(cards_left=6, seed=3):
    st = D.new_deal(seed=seed)
    rng = random.Random(seed)
    while not (st.phase == "play" and sum(map(len, st.hands)) <= cards_left):
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def _over(st):
    st = st.clone()
    while st.phase != "over":
        st.apply_action(st.legal_actions()[0])
    return st


POSITIONS = {"variety": _variety, "warsaw_hearts": _hearts, "armenian_durak": _durak}
every_game(POSITIONS, "POSITIONS")

BAD_NODES = [0, -1, -(2 ** 70), "5", 2.0, 1.5, True, False, np.bool_(True), [5], 2 ** 63, 2 ** 64, 10 ** 400,
             np.uint64(2 ** 63)]


def _ids(values):
    """Test ids that are the same in every process (no object addresses)."""
    return [f"{i}-{type(v).__name__}" for i, v in enumerate(values)]


# ---- max_nodes: one check for every search with a node limit --------------------------------

@pytest.mark.parametrize("game", sorted(POSITIONS))
@pytest.mark.parametrize("bad", BAD_NODES, ids=_ids(BAD_NODES))
def test_max_nodes_refused_before_the_search(game, bad, monkeypatch):
    from cardkit.analysis import armenian_durak as AD, variety as AV, warsaw_hearts as AW
    st = POSITIONS[game]()
    before = st.to_json()

    def no_search(*args, **kwargs):
        raise AssertionError("the search was set up before max_nodes was checked")
    # what each solver does first with a position (Variety ran an unlimited search for 0)
    monkeypatch.setattr(AV, "_Ctx", no_search)
    monkeypatch.setattr(AW, "_setup", no_search)
    monkeypatch.setattr(AD, "_encode", no_search)
    for f in (A.solve, A.analyse):
        with pytest.raises(CardkitError, match=r"max_nodes.*whole number.*9,223,372,036,854,775,807"):
            f(st, max_nodes=bad)
        assert st.to_json() == before


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_max_nodes_refused_for_a_finished_deal_too(game):
    st = _over(POSITIONS[game]())
    with pytest.raises(CardkitError, match="max_nodes"):
        A.solve(st, max_nodes=0)


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_largest_node_limit_is_accepted(game):
    st = POSITIONS[game]()
    assert A.solve(st, max_nodes=2 ** 63 - 1).value == A.solve(st).value
    assert A.analyse(st, max_nodes=np.int64(2 ** 63 - 1)) == A.analyse(st)


def test_the_message_quotes_the_input():
    with pytest.raises(CardkitError) as e:
        A.solve(_variety(), max_nodes="ten")
    assert "'ten'" in str(e.value)
    with pytest.raises(CardkitError) as e:
        A.solve(_hearts(), max_nodes=10 ** 400)
    assert "401 digits" in str(e.value) and len(str(e.value)) < 200


@pytest.mark.parametrize("bad", [0, -5, 2 ** 63, 2.0, True, "100"], ids=_ids([0, -5, 2 ** 63, 2.0, True, "100"]))
def test_review_exact_nodes_is_the_same_check(bad):
    st = _over(_hearts())
    with pytest.raises(CardkitError, match="exact_nodes"):
        A.review(st, 0, samples=2, exact_nodes=bad)


@pytest.mark.parametrize("bad", [2 ** 63, 0, True, 2.5], ids=_ids([2 ** 63, 0, True, 2.5]))
def test_advise_max_nodes_is_the_same_check(bad):
    with pytest.raises(CardkitError, match=r"max_nodes.*9,223,372,036,854,775,807"):
        advise(HAND, samples=2, evaluation="double_dummy", max_nodes=bad)


# ---- counts of worlds and samples -------------------------------------------------------------

BAD_N = [10 ** 30, 2 ** 63, True, 2.5, -1, "3", None]


@pytest.mark.parametrize("game", sorted(POSITIONS))
@pytest.mark.parametrize("bad", BAD_N, ids=_ids(BAD_N))
def test_sample_worlds_count_is_bounded(game, bad):
    st = POSITIONS[game]()
    before = st.to_json()
    t0 = time.perf_counter()
    with pytest.raises(CardkitError, match=r"n=.*whole number 0\.\.10,000 \(worlds"):
        A.sample_worlds(st, st.current_player, bad, np.random.default_rng(0))
    assert time.perf_counter() - t0 < 5.0       # refused at once: 10**30 worlds once ran past 60 s
    assert st.to_json() == before


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_sample_worlds_one_past_the_maximum(game):
    from cardkit.analysis import MAX_WORLDS
    st = POSITIONS[game]()
    with pytest.raises(CardkitError, match="10,000"):
        A.sample_worlds(st, st.current_player, MAX_WORLDS + 1, np.random.default_rng(0))
    assert len(A.sample_worlds(st, st.current_player, 2, np.random.default_rng(0))) == 2
    assert A.sample_worlds(st, st.current_player, 0, np.random.default_rng(0)) == []


def test_sample_worlds_maximum_is_documented():
    from cardkit.analysis import MAX_WORLDS, armenian_durak as AD, variety as AV, warsaw_hearts as AW
    for f in (A.sample_worlds, AV.sample_worlds, AW.sample_worlds, AD.sample_worlds):
        assert "MAX_WORLDS" in f.__doc__, f.__module__
    assert MAX_WORLDS == 10_000


BAD_SAMPLES = [0, -1, 10 ** 30, True, 2.0, "8", None]


@pytest.mark.parametrize("bad", BAD_SAMPLES, ids=_ids(BAD_SAMPLES))
def test_estimate_and_review_samples_are_bounded(bad):
    # already refused before issue 19; kept here beside the other counts
    st = _hearts()
    with pytest.raises(CardkitError, match="samples"):
        A.estimate(st, samples=bad)
    if bad is not None:     # review(samples=None): the evaluator's own settings (issue 20)
        with pytest.raises(CardkitError, match="samples"):
            A.review(st, 0, samples=bad)
    with pytest.raises(CardkitError, match="samples"):
        advise(HAND, samples=bad)


def test_review_refuses_a_progress_that_cannot_be_called_before_any_work():
    st = _over(_hearts())
    calls = []
    with pytest.MonkeyPatch.context() as m:
        import cardkit.analysis.judge as J
        m.setattr(J, "estimate", lambda *a, **k: calls.append(1))
        with pytest.raises(CardkitError, match="progress"):
            A.review(st, 0, samples=2, progress="bar")
    assert calls == []      # refused before the first decision was judged


# ---- seats ------------------------------------------------------------------------------------

BAD_SEATS = [4, None, -1, True, 2.0, "0", 10 ** 400, np.bool_(False)]


@pytest.mark.parametrize("game", sorted(POSITIONS))
@pytest.mark.parametrize("bad", BAD_SEATS, ids=_ids(BAD_SEATS))
def test_outcome_seat_must_be_a_seat_of_the_game(game, bad):
    st = _over(POSITIONS[game]())
    before = st.to_json()
    with pytest.raises(CardkitError, match=rf"seat .*expected a seat 0\.\.{st.players - 1}"):
        A.outcome(st, bad)
    assert st.to_json() == before


def test_outcome_durak_seat_2_and_hearts_seat_3_of_three():
    with pytest.raises(CardkitError, match=r"0\.\.1"):
        A.outcome(_over(_durak()), 2)
    three = _over(W.new_deal(seed=4, players=3))
    with pytest.raises(CardkitError, match=r"0\.\.2"):
        A.outcome(three, 3)
    assert A.outcome(three, np.int64(2)) == three.returns()[2]


def test_outcome_still_answers_good_seats():
    st = _over(_variety())
    d = st.declarers[0]
    f = next(s for s in range(4) if s not in st.declarers)
    r = st.returns()
    assert [A.outcome(st, s) for s in range(4)] == [(r[d] - r[f]) * (1 if s in st.declarers else -1)
                                                  for s in range(4)]


def test_seat_names_refuses_what_is_not_a_seat():
    from cardkit.problems import seat_names
    assert seat_names(4, 1) == ["East", "you", "West", "North"]
    for players, seat in ((4, 4), (4, -1), (4, None), (4, True), (4, 2.0), (3, 3), (2, 2)):
        with pytest.raises(CardkitError, match="seat"):
            seat_names(players, seat)
    for players in (5, 1, None, 4.0):
        with pytest.raises(CardkitError, match="players"):
            seat_names(players, 0)


# ---- policies ---------------------------------------------------------------------------------

BAD_POLICIES = [None, 5, 2.5, True, ["rule"], "best", object()]


def _hearts_obs():
    st = W.new_deal(["A6.-.AKQJT98.-", "KQ7.-.76.AKQJ", "-.AKQJT9876.-.-", "JT98.-.-.T9876"], dealer=0)
    for card in ("7S", "QH", "8S"):
        st.apply_action(card)
    return st.observation(0)


def _durak_obs():
    from cardkit.problems import fig52_position
    st = fig52_position()
    return st.observation(st.current_player)


@pytest.mark.parametrize("bad", BAD_POLICIES, ids=_ids(BAD_POLICIES))
def test_position_helpers_refuse_a_policy_that_is_not_one(bad):
    for f, obs in ((hearts_card_penalties, _hearts_obs()), (durak_reply_swings, _durak_obs())):
        with pytest.raises(CardkitError, match=r"policy.*'random', 'rule', 'weakest'"):
            f(obs, policy=bad, samples=10)


@pytest.mark.parametrize("bad", BAD_POLICIES, ids=_ids(BAD_POLICIES))
def test_advise_refuses_a_policy_that_is_not_one(bad):
    with pytest.raises(CardkitError, match="policy"):
        advise(HAND, samples=2, policy=bad)


def test_simulators_refuse_a_policy_that_is_not_one():
    from cardkit.simulate import simulate_variety
    for bad in (None, 5):
        with pytest.raises(CardkitError, match="policy"):
            simulate_variety(4, 1, (0, 2), policy=bad, seed=1)


def test_position_helpers_refuse_another_games_observation_or_a_state():
    h, d = _hearts_obs(), _durak_obs()
    for f, wrong in ((hearts_card_penalties, d), (hearts_card_penalties, None), (durak_reply_swings, h),
                     (durak_reply_swings, "JS")):
        with pytest.raises(CardkitError, match="observation"):
            f(wrong, samples=10)
    from cardkit.problems import fig52_position
    with pytest.raises(CardkitError, match="observation"):
        durak_reply_swings(fig52_position(), samples=10)


# ---- exercise answers -------------------------------------------------------------------------

JUNK = [10 ** 400, 10 ** 5000, -(10 ** 7), 1234567, 2.5, None, [1], True, np.int64(2 ** 62), (0, 1), float("nan")]


def _exercise_names():
    from cardkit_widgets import exercises as X
    return X.__all__


@pytest.mark.parametrize("name", _exercise_names())
def test_an_answer_that_cannot_be_asked_is_refused_in_words(name):
    from cardkit_widgets import exercises as X
    from cardkit_widgets.lesson import Exercise
    for seed in (1, 2, 3):
        ex = Exercise("t", getattr(X, name), seed=seed)
        q = ex.question
        values = [c for _, c in q.choices] if q.choices is not None else []
        for v in JUNK:
            if any(type(c) is type(v) and c == v for c in values):
                continue      # a real choice
            if values and isinstance(v, np.integer) and any(isinstance(c, tuple) for c in values):
                continue      # widgets/lesson.py's own label lookup: see the xfail below
            assert ex.answer(v) is False, (name, seed, v)
            words = ex.feedback.value
            assert words and "Traceback" not in words and "Error" not in words and "int()" not in words
            assert "4300" not in words
            assert ("whole number" in words) if not values else ("not one of the choices" in words)
        assert ex.answer(q.answer) is True, (name, seed)


def test_a_numpy_number_on_a_question_with_tuple_choices():
    from cardkit_widgets import exercises as X
    from cardkit_widgets.lesson import Exercise
    for seed in range(1, 30):
        ex = Exercise("t", X.variety_partners, seed=seed)
        if any(isinstance(c, tuple) for _, c in ex.question.choices):
            break
    assert ex.answer(np.int64(2)) is False


def test_a_huge_number_is_refused_in_one_line():
    from cardkit_widgets import exercises as X
    from cardkit_widgets.lesson import Exercise
    ex = Exercise("t", X.variety_trick_worth, seed=1)
    assert ex.answer(10 ** 400) is False
    assert "401 digits cannot be the answer" in ex.feedback.value and len(ex.feedback.value) < 400
    ex.answer(-(10 ** 7))
    assert "−10000000 cannot be the answer" in ex.feedback.value
    q = X.variety_trick_worth(np.random.default_rng(1))
    assert q.check(10 ** 5000) == (False, "a whole number of 5,001 digits " + X.NOT_A_NUMBER)
    assert q.check(str(q.answer))[0] and q.check(np.int64(q.answer))[0]
    assert not q.check(float(q.answer))[0] and not q.check(True)[0]


def test_question_checks_answer_junk_in_words():
    # the checks themselves, called without the Exercise (as tests and lessons do)
    from cardkit_widgets import exercises as X
    for name in X.__all__:
        q = getattr(X, name)(np.random.default_rng(1))
        for v in (10 ** 400, 10 ** 5000, None, 2.5, np.int64(7), [1]):
            right, why = q.check(v)
            if right:       # only the answer itself (None is durak_game's "another deal")
                assert v is q.answer or (is_whole(v) and v == q.answer), (name, v)
            assert isinstance(why, str) and why


# ---- golden files: missing is a failure, never written ----------------------------------------

def test_a_missing_golden_file_fails_and_says_how_to_write_it(tmp_path):
    from playthrough import check_golden
    missing = tmp_path / "nowhere_playthrough.txt"
    with pytest.raises(pytest.fail.Exception, match=r"missing.*python tests/playthrough\.py"):
        check_golden("some text", missing)
    assert not missing.exists()


def test_a_golden_file_that_differs_fails(tmp_path):
    from playthrough import check_golden
    p = tmp_path / "x_playthrough.txt"
    p.write_text("old text\n", encoding="utf-8")
    with pytest.raises(AssertionError):
        check_golden("new text\n", p)
    check_golden("old text\n", p)


def test_no_test_writes_its_golden_file():
    here = Path(__file__).parent
    for name in ("test_golden_playthroughs.py", "test_replay.py"):
        src = (here / name).read_text(encoding="utf-8")
        assert "write_text" not in src and "check_golden" in src, name


def test_the_writer_writes_every_golden_file(tmp_path, monkeypatch):
    import playthrough
    monkeypatch.setattr(playthrough, "GOLDEN", tmp_path)
    written = {p.name for p in playthrough.write_all()}
    assert written == {p.name for p in (Path(__file__).parent / "golden").glob("*.txt")}
    for p in tmp_path.iterdir():
        assert p.read_text(encoding="utf-8") == (Path(__file__).parent / "golden" / p.name).read_text(encoding="utf-8")


# ---- problem sets: seats, numbers and kinds --------------------------------------------------

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
BAD_FIELDS = [("seat", 2.7), ("seat", True), ("seat", "x"), ("seat", 10 ** 400), ("seat", None), ("seat", 7),
              ("number", "x"), ("number", 1e400), ("number", None), ("number", 10 ** 5000), ("number", -3),
              ("number", 2.5), ("number", 0), ("kind", None), ("kind", []), ("kind", "guess"),
              ("values", {"JC": 1e400}), ("values", []), ("state", None)]


@pytest.mark.parametrize("field,bad", BAD_FIELDS, ids=[f"{i}-{f}" for i, (f, _) in enumerate(BAD_FIELDS)])
def test_a_problem_field_that_cannot_be_is_refused(field, bad):
    import json

    from cardkit import NotationError
    from cardkit.problems import load_problems
    data = json.loads((LESSONS / "warsaw_hearts" / "problems.json").read_text(encoding="utf-8"))
    p = next(x for x in data["problems"] if x["kind"] == "play")
    p[field] = bad
    text = json.dumps(data) if not (isinstance(bad, int) and abs(bad) > 10 ** 4000) else None
    if text is None:     # json.dumps refuses a 5,001-digit number: the object itself goes in
        with pytest.raises(NotationError, match=rf"problem \d+: .*{field}"):
            load_problems_from(data)
        return
    with pytest.raises(NotationError, match=r"problem \d+: "):
        load_problems(text)


def load_problems_from(data):
    """load_problems on an object already read (the JSON step skipped)."""
    import json
    from unittest import mock

    from cardkit.problems import load_problems
    with mock.patch.object(json, "loads", return_value=data):
        return load_problems("{}")


def test_the_problem_sets_still_load():
    from cardkit.problems import load_problems
    for game in ("variety", "warsaw_hearts", "armenian_durak"):
        ps = load_problems(LESSONS / game / "problems.json")
        assert [p.number for p in ps] == list(range(1, len(ps) + 1))
