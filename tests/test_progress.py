"""A learner's progress kept (issue 33): first answers read back from the browser's storage
(anything malformed or tampered: dropped in one log line), the lessons' steps and states,
the next step, the index's page, the problem sets' restore and Next problem by rating, and
an exercise answered on an earlier visit. Headless: the page's side is a text the tests
send, as a page would (tests/test_browser_progress.py drives the real page)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from cardkit import progress as P
from cardkit_widgets import progress as WP

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


@pytest.fixture
def page_store(monkeypatch):
    """A fresh progress store of a lesson page (SCRIPT_NAME set as Voila sets it)."""
    monkeypatch.setattr(WP, "_STORE", [])
    monkeypatch.setattr(P, "_SESSION", P.Progress())
    monkeypatch.setattr(P, "_LISTENERS", [])
    for k in ("JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_TOKEN", "CARDKIT_ROOM_URL"):
        monkeypatch.delenv(k, raising=False)

    def at(lesson: str):
        monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{lesson}.ipynb")
        return WP.store()
    return at


def stored(*entries) -> str:
    return json.dumps({"v": 1, "answers": {f"{k}|{lesson}|{item}": [r, t] for k, lesson, item, r, t in entries}})


# ---- reading what the browser kept ------------------------------------------------------------

def test_the_first_answer_is_kept_and_read_back():
    p = P.Progress()
    assert p.record("exercise", "variety/1_rules", "The next deal", False, at=100.0)
    assert not p.record("exercise", "variety/1_rules", "The next deal", True, at=200.0)   # later: not kept
    p.record("problem", "variety/4_problems", 3, True, at=50.0)
    back = P.read(p.to_json())
    assert back.answers == p.answers
    assert back.first("exercise", "variety/1_rules", "The next deal") == P.Answer(False, 100.0)
    assert list(back.of("problem", "variety/4_problems")) == ["3"]
    earlier = P.Progress()
    earlier.record("exercise", "variety/1_rules", "The next deal", True, at=10.0)
    p.merge(earlier)
    assert p.first("exercise", "variety/1_rules", "The next deal") == P.Answer(True, 10.0)


@pytest.mark.parametrize("text,words", [
    ("not json {", "not JSON"),
    ("[1, 2]", "not an object with answers"),
    ('{"answers": "all"}', "not an object with answers"),
    ("x" * (P.MAX_TEXT + 1), "the most read"),
    ("[" * 100_000, "not JSON"),
])
def test_bad_text_is_ignored_in_one_line(caplog, text, words):
    with caplog.at_level(logging.WARNING, logger="cardkit.progress"):
        assert len(P.read(text)) == 0
    assert len(caplog.records) == 1 and words in caplog.records[0].getMessage()


def test_tampered_entries_are_dropped_in_one_line_and_the_good_ones_kept(caplog):
    good = ("exercise", "variety/1_rules", "The next deal", 1, 100.0)
    text = json.dumps({"answers": {
        "exercise|variety/1_rules|The next deal": [1, 100.0],
        "score|variety/1_rules|x": [1, 1.0],                      # an unknown kind
        "exercise|../../etc|x": [1, 1.0],                         # not a lesson's name
        "exercise|variety/1_rules|" + "y" * 500: [1, 1.0],        # too long
        "problem|variety/4_problems|3": [7, 1.0],                 # right is 0 or 1
        "problem|variety/4_problems|4": [1, 1e300],               # no such time
        "problem|variety/4_problems|5": [1, "soon"],
        "problem|variety/4_problems|6": {"right": 1},
        "nobars": [1, 1.0]}})
    with caplog.at_level(logging.WARNING, logger="cardkit.progress"):
        p = P.read(text)
    assert list(p.answers) == [good[:3]]
    assert len(caplog.records) == 1 and "8 entries dropped" in caplog.records[0].getMessage()


def test_past_the_most_answers_the_rest_are_dropped(caplog):
    text = stored(*[("problem", "variety/4_problems", str(i), 1, float(i)) for i in range(P.MAX_ANSWERS + 10)])
    with caplog.at_level(logging.WARNING, logger="cardkit.progress"):
        assert len(P.read(text)) == P.MAX_ANSWERS
    assert len(caplog.records) == 1


# ---- the steps and the next one ----------------------------------------------------------------

def test_the_catalogue_lists_the_lessons_that_keep_answers_in_words():
    steps = P.catalogue(LESSONS)
    by = {s.lesson: s for s in steps}
    assert [s.lesson for s in steps][:3] == ["variety/1_rules", "variety/4_problems", "variety/5_card_play"]
    assert set(by) == {f"{g}/{n}" for g in P.GAMES for n in ("1_rules", "4_problems")} | {"variety/5_card_play"}
    assert by["variety/1_rules"].title == "Variety 1: the rules"
    assert "The cut for the first dealer" in by["variety/1_rules"].items
    assert len(by["variety/1_rules"].items) >= 10 and len(by["variety/5_card_play"].items) == 3
    assert by["warsaw_hearts/4_problems"].items == tuple(str(n) for n in range(1, 14))
    for s in steps:    # in words: no file name, no identifier
        assert ".ipynb" not in s.title and "_" not in s.title


def test_states_and_the_next_step():
    steps = P.catalogue(LESSONS)
    rules = steps[0]
    p = P.Progress()
    assert P.status(p, rules) == "not started"
    assert P.next_step(p, steps) == (rules, rules.items[0])
    p.record("problem", "warsaw_hearts/4_problems", "1", True)
    hearts = next(s for s in steps if s.lesson == "warsaw_hearts/4_problems")
    assert P.status(p, hearts) == "started"
    assert P.next_step(p, steps)[0] == hearts            # a lesson started comes first
    for item in rules.items:
        p.record("exercise", rules.lesson, item, False)
    assert P.status(p, rules) == "done"                   # every item answered, right or not
    # the problem offered next is picked by rating: after solving 1, a harder one
    ratings = {hearts.lesson: {str(n): r for n, r in enumerate([1270, 1330, 1300, 1300, 1650, 1700, 1770, 1750,
                                                                   1890, 1800, 1920, 1920, 1750], 1)}}
    step, item = P.next_step(p, steps, ratings)
    assert step == hearts and item not in ("1", hearts.items[0]) and ratings[hearts.lesson][item] > 1500
    for s in steps:
        for item in s.items:
            p.record(s.kind, s.lesson, item, True)
    assert P.next_step(p, steps) is None


ROOM = {"CARDKIT_ROOM_URL": "http://127.0.0.1:10101/services/room/"}
HUB = {"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/", "JUPYTERHUB_API_TOKEN": "tok", **ROOM}


def test_the_room_link_only_under_the_hub():
    assert P.room_page({}) is None
    assert P.room_page({"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/"}) is None       # a hub with no room (Binder)
    assert P.room_page({**HUB, "JUPYTERHUB_BASE_URL": "/hub-x/"}) == "/hub-x/services/room/"
    assert P.room_page({**HUB, "JUPYTERHUB_BASE_URL": "//evil.example/"}) == "/services/room/"


# ---- the page's side -------------------------------------------------------------------------

def test_the_store_reads_the_page_once_and_sends_the_new_first_answers(page_store):
    store = page_store("variety/1_rules")
    assert store.mode == "browser" and not store.loaded
    seen = []
    store.when_loaded(seen.append)
    store.stored = stored(("exercise", "variety/1_rules", "The next deal", 1, 100.0))
    assert store.loaded and len(seen) == 1 and len(store.before) == 1
    store.stored = stored(("exercise", "variety/1_rules", "Who bids?", 1, 100.0))    # a second send: ignored
    assert len(store.before) == 1
    from cardkit.room_report import report_answer
    report_answer("exercise", item="The cut for the first dealer", right=True)
    kept = P.read(store.keep)
    assert kept.first("exercise", "variety/1_rules", "The cut for the first dealer").right is True


def test_under_the_hub_the_browser_storage_is_not_used(page_store, monkeypatch):
    for k, v in HUB.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(P, "from_room", lambda env: P.read(stored(("problem", "variety/4_problems", "2", 1, 5.0))))
    store = page_store("variety/4_problems")
    assert store.mode == "room" and store.loaded and len(store.before) == 1
    store.stored = stored(("problem", "variety/4_problems", "9", 1, 1.0))             # from the page: ignored
    assert len(store.before) == 1


def test_an_exercise_shows_its_first_answer_of_an_earlier_visit(page_store):
    from cardkit_widgets import exercises as X
    from cardkit_widgets.lesson import Exercise
    store = page_store("variety/1_rules")
    ex = Exercise("The cut for the first dealer", X.variety_cut, seed=110, rule="the rules, §1.1")
    other = Exercise("The next deal", X.variety_next_deal, seed=120, rule="the rules, §1.1")
    assert "earlier visit" not in ex.status.value
    store.stored = stored(("exercise", "variety/1_rules", "The cut for the first dealer", 0, 100.0))
    assert "answered on an earlier visit: not right the first time" in ex.status.value
    assert "earlier visit" not in other.status.value
    assert ex.children == (ex.figure,)


def test_a_problem_set_restores_its_first_answers_and_picks_by_rating(page_store):
    from cardkit_widgets.problems import ProblemSet
    store = page_store("warsaw_hearts/4_problems")
    ps = ProblemSet(LESSONS / "warsaw_hearts" / "problems.json")
    assert ps.lesson == "warsaw_hearts/4_problems" and store in ps.children
    assert "0 of 13 solved" in ps.tally.value and "no rating yet" in ps.tally.value
    first = ps.problems[ps.rated_next()]                     # nearest 1500 among the others
    assert abs(first.rating - 1500) == min(abs(p.rating - 1500) for p in ps.problems[1:])
    store.stored = stored(("problem", "warsaw_hearts/4_problems", "1", 1, 10.0),
                          ("problem", "warsaw_hearts/4_problems", "2", 1, 20.0),
                          ("problem", "warsaw_hearts/4_problems", "99", 1, 30.0),     # no such problem
                          ("problem", "variety/4_problems", "3", 1, 30.0))            # another set's
    assert ps.first_answers == {1: True, 2: True}
    assert "2 of 13 solved" in ps.tally.value and "your rating for these problems" in ps.tally.value
    learner, _ = ps.ratings()
    assert learner.rating > 1500
    nxt = ps.problems[ps.rated_next()]
    assert nxt.number not in (1, 2)
    rest = [p for p in ps.problems if p.number not in (1, 2, ps.problem.number)]
    assert abs(nxt.rating - learner.rating) == min(abs(p.rating - learner.rating) for p in rest)
    ps.next_button.click()
    assert ps.problem.number == nxt.number
    wrong = next(a for a in ps.problem.legal if a != ps.problem.best)
    ps.answer_with(wrong)
    assert ps.ratings()[0].rating < learner.rating          # a wrong first answer lowers her rating
    assert P.read(store.keep).first("problem", "warsaw_hearts/4_problems", str(nxt.number)).right is False


def test_the_index_shows_each_lesson_and_the_next_step_in_words(page_store, monkeypatch):
    page_store("index")
    idx = WP.ProgressIndex(LESSONS, environ={})
    assert "reading what you did before" in idx.html.value
    idx.store = WP.store()
    idx.store.stored = stored(("exercise", "variety/1_rules", "The next deal", 1, 100.0))
    text = idx.html.value
    assert "Variety 1: the rules</a>: <b>◐ started" in text and "(1 of 12 exercises answered)" in text
    assert "Warsaw Hearts 4: problems</a>: <b>○ not started" in text
    assert "<b>Next:</b>" in text and "the exercise «The cut for the first dealer»" in text
    assert "Teaching room" not in text and "kept in this browser" in text
    idx.show(P.read(stored(("problem", "warsaw_hearts/4_problems", "1", 1, 5.0))))
    assert "(1 of 13 problems answered; your rating 1" in idx.html.value
    hub = WP.ProgressIndex(LESSONS, environ={**HUB, "JUPYTERHUB_BASE_URL": "/"})
    assert 'href="/services/room/"' in hub.html.value and "Teaching room" in hub.html.value
    binder = WP.ProgressIndex(LESSONS, environ={"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/"})
    assert "Teaching room" not in binder.html.value


def test_the_index_links_look_like_links(page_store):
    """The progress table's links (each lesson, Next:, the Teaching room) carry their own
    colour and underline: the widget's HTML drew them in the text's colour, not underlined
    (seen on the index at 1366x768: 'Next: Variety 1: the rules' looked like plain text)."""
    import re
    page_store("index")
    for env in ({}, {**HUB, "JUPYTERHUB_BASE_URL": "/"}):
        idx = WP.ProgressIndex(LESSONS, environ=env)
        idx.show(P.read(stored(("exercise", "variety/1_rules", "The next deal", 1, 100.0))))
        links = re.findall(r"<a [^>]*>", idx.html.value)
        assert len(links) >= 2, idx.html.value
        for a in links:
            assert "text-decoration:underline" in a and "color:#" in a, a


def test_the_progress_titles_read_as_the_index_links_do():
    """The index's progress rows take each lesson's own heading: "Variety 5: Playing the
    cards" stood under the link "Variety 5: playing the cards". After the colon each title
    goes on in lower case, as the index's links and the other lessons' headings do."""
    steps = P.catalogue(LESSONS)
    assert steps
    for s in steps:
        after = s.title.split(": ", 1)[1]
        assert after[:1].islower(), s.title
