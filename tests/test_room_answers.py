"""What each learner did (issue 23 §4): the room's stored answers and the teacher's summary
(cardkit/room.py), the token-authenticated endpoint of the room service
(cardkit/room_service.py, ``POST api/answer``, with a stub of the hub's token check), the
reporter in the lessons' kernels (cardkit/room_report.py: under the hub only, nothing sent
outside it), the widgets' hooks (an exercise answered, a problem answered) and the hub's
wiring (cardkit/hub_cli.py: the server token may use the room, the kernels know its address)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.pool import StaticPool

from cardkit import room as room_module, room_report
from cardkit.room import AnswerError, NotTeacherError, Room
from cardkit.room.answers import section_key

TEACHER = "teach"
REPO = Path(__file__).resolve().parent.parent
HUB_ENV = ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", room_report.ROOM_URL_ENV, "SCRIPT_NAME")


def answers(room: Room) -> list[tuple]:
    with room.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(select(room_module._ANSWERS).order_by(room_module._ANSWERS.c.id))]


# ---- the room's store ---------------------------------------------------------------------------

def test_answers_are_stored_and_summed_per_learner():
    room = Room("sqlite://", teachers=[TEACHER])
    ex = dict(kind="exercise", lesson="variety/1_rules")
    room.record_answer("ann", **ex, section="1.3", item="Who leads?", right=True)
    room.record_answer("ann", **ex, section="1.3", item="Who leads?", right=False)
    room.record_answer("ann", **ex, section="1.8", item="How many points?", right=True)
    room.record_answer("ann", **ex, section="1.2", item="Who deals?", right=False)
    room.record_answer("ann", "problem", lesson="variety/4_problems", item="3", right=False, points_lost=4)
    room.record_answer("ann", "problem", lesson="variety/4_problems", item="4", right=True, points_lost=0)
    room.record_answer("bob", "problem", lesson="warsaw_hearts/4_problems", item="1", right=False,
                       points_lost=1.5, at=1000.0)
    summary = room.answers_summary(TEACHER)
    assert list(summary) == ["ann", "bob"]
    ann = summary["ann"]
    assert ann["exercises"] == {"1.2": {"right": 0, "wrong": 1}, "1.3": {"right": 1, "wrong": 1},
                                "1.8": {"right": 1, "wrong": 0}}
    assert list(ann["exercises"]) == ["1.2", "1.3", "1.8"]
    assert sorted(["1.10", "1.2", ""], key=section_key) == ["1.2", "1.10", ""]   # book order
    assert ann["problems"] == {"variety/4_problems": {"answered": 2, "solved": 1, "points_lost": 4.0}}
    assert ann["answers"] == 6 and ann["last"] > 1.7e9
    assert summary["bob"] == {"exercises": {}, "problems": {"warsaw_hearts/4_problems": {
        "answered": 1, "solved": 0, "points_lost": 1.5}}, "answers": 1, "last": 1000.0}
    json.dumps(summary)


@pytest.mark.parametrize(("fields", "words"), [
    ({"lesson": "variety/9_made_up"}, "not one of the kit's lessons"),
    ({"lesson": "../../etc"}, "not one of the kit's lessons"),
    ({"section": "9.9"}, "not a section of the rules"),
    ({"section": "1.10"}, "not a section of the rules"),
    ({"lesson": "warsaw_hearts/1_rules", "section": "1.3"}, "practises the rules of §2"),
])
def test_only_the_kits_lessons_and_rules_sections(fields, words):
    """Security finding 6: a learner may mint her own token and post any answer; the room
    takes only the lessons and rules sections the kit has."""
    room = Room("sqlite://", teachers=[TEACHER])
    answer = {"lesson": "variety/1_rules", "section": "1.3", "item": "Who leads?", **fields}
    with pytest.raises(AnswerError, match=words):
        room.record_answer("ann", "exercise", right=True, **answer)
    assert room.answers_summary(TEACHER) == {}


def test_the_lists_of_lessons_and_sections_are_the_kits():
    root = Path(__file__).resolve().parents[1]
    notebooks = {str(p.relative_to(root / "lessons").with_suffix("")) for p in (root / "lessons").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}
    assert notebooks <= set(room_module.LESSON_NAMES)    # every lesson, English or Russian, may report
    english = {n for n in room_module.LESSON_NAMES if not n.startswith("ru/")}
    assert english <= notebooks                            # and every English name is a lesson
    assert {n for n in room_module.LESSON_NAMES if n.startswith("ru/")} == {f"ru/{n}" for n in english}
    rules = root.parent / "shared" / "RULES.md"
    if rules.exists():
        found = set(re.findall(r"^### (\d+\.\d+) ", rules.read_text(encoding="utf-8"), flags=re.MULTILINE))
        assert found == set(room_module.RULES_SECTIONS)


def test_a_russian_lesson_s_answer_is_kept_with_its_game_s_section():
    room = Room("sqlite://", teachers=[TEACHER])
    room.record_answer("ann", "exercise", lesson="ru/variety/1_rules", section="1.3", item="Кто ходит?", right=True)
    with pytest.raises(AnswerError):   # a Warsaw Hearts section from a Variety lesson, as in English
        room.record_answer("ann", "exercise", lesson="ru/variety/1_rules", section="2.1", item="x", right=True)
    with pytest.raises(AnswerError):
        room.record_answer("ann", "exercise", lesson="ru/chess/1_rules", section="", item="x", right=True)


def test_only_a_teacher_sees_what_each_learner_did():
    room = Room("sqlite://", teachers=[TEACHER])
    room.record_answer("ann", "exercise", item="Who leads?", right=True)
    with pytest.raises(NotTeacherError, match="'ann' is not one of the room's teachers"):
        room.answers_summary("ann")


@pytest.mark.parametrize(("change", "words"), [
    ({"kind": "quiz"}, "kind 'quiz': expected one of exercise, problem"),
    ({"kind": None}, "kind None"),
    ({"item": ""}, "item '': expected one line of text of 1 to 100 characters"),
    ({"item": "   "}, "item '   '"),
    ({"item": "x" * 101}, "1 to 100 characters"),
    ({"item": 3}, "item 3"),
    ({"item": "a\nb"}, "one line"),
    ({"lesson": "l" * 101}, "lesson"),
    ({"lesson": None}, "lesson None"),
    ({"section": "1.3\x00"}, "section"),
    ({"section": "9" * 33}, "0 to 32 characters"),
    ({"right": 1}, "right 1: expected True or False"),
    ({"right": "yes"}, "right 'yes'"),
    ({"points_lost": 2.0}, "an exercise loses no points"),
    ({"kind": "problem"}, "points_lost None: a problem's answer loses 0 to 10,000 points"),
    ({"kind": "problem", "points_lost": -1}, "points_lost -1"),
    ({"kind": "problem", "points_lost": float("nan")}, "points_lost nan"),
    ({"kind": "problem", "points_lost": float("inf")}, "points_lost inf"),
    ({"kind": "problem", "points_lost": True}, "points_lost True"),
    ({"kind": "problem", "points_lost": "3"}, "points_lost '3'"),
    ({"kind": "problem", "points_lost": 10 ** 400}, "points_lost"),
    ({"at": -5}, "at -5"),
    ({"at": "now"}, "at 'now'"),
])
def test_bad_answers_are_refused_and_nothing_is_stored(change, words):
    room = Room("sqlite://", teachers=[TEACHER])
    kw = {"kind": "exercise", "lesson": "variety/1_rules", "section": "1.3", "item": "Who leads?", "right": True}
    kw.update(change)
    with pytest.raises(AnswerError) as info:
        room.record_answer("ann", **kw)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
    assert answers(room) == [] and room.answers_summary(TEACHER) == {}


@pytest.mark.parametrize("user", ["", "  ", "x" * 256, None, 7])
def test_a_bad_user_name_is_refused(user):
    room = Room("sqlite://", teachers=[TEACHER])
    with pytest.raises(room_module.RoomError, match="expected a user name"):
        room.record_answer(user, "exercise", item="Who leads?", right=True)
    assert answers(room) == []


def test_a_learner_past_the_most_answers_is_refused(monkeypatch):
    monkeypatch.setattr(room_module, "MAX_ANSWERS_PER_USER", 3)
    room = Room("sqlite://", teachers=[TEACHER])
    for _ in range(3):
        room.record_answer("ann", "exercise", item="Who leads?", right=True)
    with pytest.raises(AnswerError, match="'ann' has 3 answers stored"):
        room.record_answer("ann", "exercise", item="Who leads?", right=True)
    room.record_answer("bob", "exercise", item="Who leads?", right=True)   # another learner still may
    assert room.answers_summary(TEACHER)["ann"]["answers"] == 3


def test_answers_are_kept_in_the_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.sqlite'}"
    Room(url, teachers=[TEACHER]).record_answer("ann", "exercise", section="2.1", item="Who wins?", right=False)
    again = Room(url, teachers=[TEACHER])
    assert again.answers_summary(TEACHER)["ann"]["exercises"] == {"2.1": {"right": 0, "wrong": 1}}


# ---- the reporter in the lesson's kernel --------------------------------------------------------

class Sent:
    """Every request the reporter's opener was asked to make."""

    def __init__(self) -> None:
        self.requests: list = []

    def open(self, request, timeout=None):
        self.requests.append((request, timeout))
        raise OSError("not sent in this test")


@pytest.fixture
def outside_the_hub(monkeypatch):
    for name in HUB_ENV:
        monkeypatch.delenv(name, raising=False)
    sent = Sent()
    monkeypatch.setattr(room_report, "_OPENER", sent)
    return sent


def hub_env(url: str, token: str = "secret-token-ann") -> dict[str, str]:
    return {"JUPYTERHUB_API_TOKEN": token, "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
            room_report.ROOM_URL_ENV: url, "SCRIPT_NAME": "/user/ann/voila/render/variety/1_rules.ipynb"}


@pytest.mark.parametrize("missing", [*HUB_ENV[:3], "all"])
def test_outside_the_hub_nothing_is_sent(outside_the_hub, missing):
    env = hub_env("http://127.0.0.1:9/services/room/")
    if missing == "all":
        env = {}
    else:
        del env[missing]
    threads = threading.active_count()
    pending = room_report._QUEUE.qsize()
    assert room_report.report_answer("exercise", item="Who leads?", right=True, section="1.3", environ=env) is False
    assert room_report.report_answer("problem", item="3", right=False, points_lost=4.0, environ=env) is False
    assert room_report.report_answer("exercise", item="Who leads?", right=True) is False   # this process's env
    assert room_report._QUEUE.qsize() == pending and threading.active_count() == threads
    assert outside_the_hub.requests == []


@pytest.mark.parametrize("url", ["", "file:///etc/passwd", "javascript:alert(1)", "127.0.0.1:10101", "http://"])
def test_a_room_address_that_is_not_http_sends_nothing(outside_the_hub, url):
    assert room_report.report_answer("exercise", item="x", right=True, environ=hub_env(url)) is False
    assert outside_the_hub.requests == []


def test_a_report_never_raises(outside_the_hub):
    env = hub_env("http://127.0.0.1:9/services/room/")

    class Bad:
        def __str__(self):
            raise RuntimeError("no text")

    assert room_report.report_answer("exercise", item=Bad(), right=True, environ=env) is False
    assert room_report.report_answer("problem", item="1", right=True, points_lost="lots", environ=env) is False


class Catcher(BaseHTTPRequestHandler):
    got: ClassVar[list] = []
    refuse: ClassVar[list] = []      # statuses to answer first, one a request
    delay = 0.0

    def do_POST(self):
        time.sleep(self.delay)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Catcher.got.append((self.path, self.headers.get("Authorization"), json.loads(body)))
        self.send_response(Catcher.refuse.pop(0) if Catcher.refuse else 204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def catcher(monkeypatch):
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")       # never used: the reporter takes no proxy
    Catcher.got, Catcher.delay, Catcher.refuse = [], 0.0, []
    server = HTTPServer(("127.0.0.1", 0), Catcher)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/services/room/"
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_under_the_hub_an_answer_is_sent_with_the_token(catcher):
    env = hub_env(catcher)
    t0 = time.perf_counter()
    assert room_report.report_answer("exercise", item="Who leads?", right=True, section="1.3", environ=env)
    assert room_report.report_answer("problem", item="3", right=False, points_lost=4.0, lesson="variety/4_problems",
                                     environ=env)
    assert room_report.flush(10)
    assert Catcher.got == [
        ("/services/room/api/answer", "token secret-token-ann",
         {"kind": "exercise", "lesson": "variety/1_rules", "section": "1.3", "item": "Who leads?", "right": True}),
        ("/services/room/api/answer", "token secret-token-ann",
         {"kind": "problem", "lesson": "variety/4_problems", "section": "", "item": "3", "right": False,
          "points_lost": 4.0})]
    assert time.perf_counter() - t0 < 5


def test_an_answer_put_off_is_sent_once_more(catcher, monkeypatch):
    """Security finding 5: a 429 or 503 from the room is retried once, after RETRY_AFTER."""
    monkeypatch.setattr(room_report, "RETRY_AFTER", 0.05)
    Catcher.refuse = [429, 503, 503]
    env = hub_env(catcher)
    assert room_report.report_answer("exercise", item="Who leads?", right=True, environ=env)
    assert room_report.flush(10)
    assert len(Catcher.got) == 2                     # 429, then the retry (503): given up, no third try
    assert room_report.report_answer("exercise", item="Who leads?", right=True, environ=env)
    assert room_report.flush(10)
    assert len(Catcher.got) == 4 and Catcher.refuse == []    # 503, then stored


def test_a_slow_room_does_not_hold_the_lesson(catcher, monkeypatch):
    monkeypatch.setattr(room_report, "TIMEOUT", 0.3)
    Catcher.delay = 1.0
    t0 = time.perf_counter()
    assert room_report.report_answer("exercise", item="Who leads?", right=True, environ=hub_env(catcher))
    assert time.perf_counter() - t0 < 0.1              # queued, not sent, when the lesson goes on
    assert room_report.flush(5)                         # given up after the timeout
    assert room_report.report_answer("exercise", item="a dead room", right=True,
                                     environ=hub_env("http://127.0.0.1:9/services/room/"))
    assert room_report.flush(5)


def test_the_lesson_is_named_by_the_page_and_the_section_by_the_rule():
    assert room_report.lesson_name({"SCRIPT_NAME": "/user/ann/voila/render/warsaw_hearts/4_problems.ipynb"}) == \
        "warsaw_hearts/4_problems"
    assert room_report.lesson_name({"SCRIPT_NAME": "/user/ann/lab"}) == ""
    assert room_report.rules_section("<b>Exercise</b> (the rules, §1.6)") == "1.6"
    assert room_report.rules_section("the rules, § 2.2.1") == "2.2.1"
    assert room_report.rules_section("the rules") == ""


# ---- the widgets' hooks -------------------------------------------------------------------------

def test_an_exercise_reports_its_first_answer_to_each_example(monkeypatch):
    pytest.importorskip("ipywidgets")
    import numpy as np

    from cardkit_widgets import lesson

    calls = []
    monkeypatch.setattr(lesson, "report_answer", lambda *a, **k: calls.append((a, k)))

    def make(rng: np.random.Generator):
        return lesson.Question("2 + 2?", lambda v: (v == 4, "two and two make four"), choices=[("4", 4), ("5", 5)],
                               answer=4)

    ex = lesson.Exercise("Adding", make, seed=3, rule="the rules, §1.3")
    ex.answer(5)
    ex.answer(4)                       # tried again: not counted, not reported
    ex.new_example()
    ex.answer(4)
    assert calls == [(("exercise",), {"item": "Adding", "right": False, "section": "1.3"}),
                     (("exercise",), {"item": "Adding", "right": True, "section": "1.3"})]


def test_a_problem_set_reports_each_first_answer_with_the_points_lost(monkeypatch):
    pytest.importorskip("ipywidgets")
    from cardkit.problems import grade
    from cardkit_widgets import problems as P

    calls = []
    monkeypatch.setattr(P, "report_answer", lambda *a, **k: calls.append((a, k)))
    ps = P.ProblemSet(REPO / "lessons" / "variety" / "problems.json")
    p = next(q for q in ps.problems if any(not grade(q, a).right for a in q.legal))
    ps.show(ps.problems.index(p))
    wrong = next(a for a in p.legal if not grade(p, a).right)
    cost = grade(p, wrong).cost
    assert ps.answer_with(wrong) is False
    ps.answer_with(p.best)             # tried again: not reported
    assert calls == [(("problem",), {"item": str(p.number), "right": False, "points_lost": cost,
                                     "lesson": "variety/4_problems"})]   # its set's lesson, also outside a page
    assert cost > 0


def test_outside_the_hub_the_lessons_send_nothing(outside_the_hub):
    """The real reporter, no hub variables: an exercise and a problem answered send nothing
    and start no thread."""
    pytest.importorskip("ipywidgets")
    import numpy as np

    from cardkit_widgets import lesson, problems as P

    threads = threading.active_count()

    def make(rng: np.random.Generator):
        return lesson.Question("2 + 2?", lambda v: (v == 4, "four"), choices=[("4", 4)], answer=4)

    ex = lesson.Exercise("Adding", make, rule="the rules, §1.3")
    assert ex.answer(4) is True and ex.right == 1
    ps = P.ProblemSet(REPO / "lessons" / "variety" / "problems.json")
    ps.answer_with(ps.problem.best)
    assert ps.first_answers == {ps.problem.number: True}
    assert outside_the_hub.requests == [] and threading.active_count() == threads


# ---- the hub's wiring -----------------------------------------------------------------------------

def test_the_hub_lets_the_learners_server_token_report_to_the_room(tmp_path):
    from cardkit.hub_cli import hub_config

    c = hub_config(lessons_dir=REPO / "lessons", data_dir=tmp_path, password="classpass", hub_port=18081,
                   proxy_api_port=18082, admins=["teacher"], room_port=18083)
    roles = {r["name"]: r for r in c["JupyterHub"]["load_roles"]}
    # the hub's own "server" role (JupyterHub 5 and 6: roles.get_default_roles) plus the room
    from jupyterhub.roles import get_default_roles

    default = next(r for r in get_default_roles() if r["name"] == "server")
    assert set(roles["server"]["scopes"]) == set(default["scopes"]) | {"access:services!service=room"}
    env = c["Spawner"]["environment"]
    assert env[room_report.ROOM_URL_ENV] == "http://127.0.0.1:18083/services/room/"
    plain = hub_config(lessons_dir=REPO / "lessons", data_dir=tmp_path, password="classpass", hub_port=1,
                       proxy_api_port=2)
    assert "server" not in {r["name"] for r in plain["JupyterHub"]["load_roles"]}
    assert room_report.ROOM_URL_ENV not in plain["Spawner"]["environment"]


# ---- the service's endpoint ------------------------------------------------------------------------

pytest.importorskip("jupyterhub")

from tornado.httpclient import HTTPRequest  # noqa: E402
from tornado.testing import AsyncHTTPTestCase, gen_test  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from cardkit.room_service import ANSWER_BURST, MAX_ANSWER_BYTES, RoomService  # noqa: E402

PREFIX = "/services/room/"
ROOM_SCOPE = "access:services!service=room"
TOKENS = {
    "tok-ann-1234": {"name": "ann", "kind": "user", "scopes": [ROOM_SCOPE, "users:activity!user=ann"]},
    "tok-bob-1234": {"name": "bob", "kind": "user", "scopes": [ROOM_SCOPE]},
    "tok-noroom-12": {"name": "carl", "kind": "user", "scopes": ["users:activity!user=carl"]},
    "tok-service-1": {"name": "idle-culler", "kind": "service", "scopes": [ROOM_SCOPE]},
}


class TokenStubAuth:
    """The hub's checks, for tests: a cookie ``room-test-user`` for the pages, and the
    tokens of :data:`TOKENS` for ``user_for_token`` (a token the hub does not know: None)."""

    login_url = ""
    base_url = "/"
    access_scopes: ClassVar[set[str]] = {ROOM_SCOPE}

    def __init__(self) -> None:
        self.asked: list[str] = []

    def get_user(self, handler, sync=True):
        name = handler.get_cookie("room-test-user")

        async def user():
            return {"name": name, "kind": "user", "scopes": [ROOM_SCOPE]} if name else None

        return user()

    def check_scopes(self, required, model):
        from jupyterhub.services.auth import check_scopes
        return check_scopes(required, set(model["scopes"]))

    def user_for_token(self, token, use_cache=True, session_id="", *, sync=True):
        self.asked.append(token)

        async def user():
            return TOKENS.get(token)

        return user()


EXERCISE = {"kind": "exercise", "lesson": "variety/1_rules", "section": "1.3", "item": "Who leads?", "right": True}


class AnswerEndpointTest(AsyncHTTPTestCase):
    def get_app(self):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        self.room = Room(engine, teachers=[TEACHER])
        self.auth = TokenStubAuth()
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=self.auth)
        return self.service.application()

    def post(self, body, token: str | None = "tok-ann-1234", headers=None):
        h = dict(headers or {})
        if token is not None:
            h["Authorization"] = f"token {token}"
        data = body if isinstance(body, (bytes, str)) else json.dumps(body)
        return self.fetch(PREFIX + "api/answer", method="POST", body=data, headers=h, raise_error=False)

    def test_an_answer_is_stored_for_the_tokens_owner(self):
        r = self.post(EXERCISE)
        assert r.code == 204, r.body
        r = self.post({"kind": "problem", "lesson": "variety/4_problems", "item": "3", "right": False,
                       "points_lost": 4}, token="tok-bob-1234", headers={"Cookie": "room-test-user=ann"})
        assert r.code == 204
        summary = self.room.answers_summary(TEACHER)
        assert summary["ann"]["exercises"] == {"1.3": {"right": 1, "wrong": 0}}
        assert summary["bob"]["problems"] == {"variety/4_problems": {"answered": 1, "solved": 0, "points_lost": 4.0}}
        assert "problems" not in summary["ann"] or summary["ann"]["problems"] == {}
        r = self.post(EXERCISE, headers={"Authorization": "Bearer tok-ann-1234"}, token=None)
        assert r.code == 403                             # "token ..." only, as the reporter sends it

    def test_json_nested_too_deep_is_a_400(self):
        """Security finding 7: an answer nested past Python's recursion limit (within
        MAX_ANSWER_BYTES) is refused with 400, not a 500."""
        from cardkit.room_service import MAX_ANSWER_BYTES
        r = self.post("[" * (MAX_ANSWER_BYTES // 2) + "]" * (MAX_ANSWER_BYTES // 2))
        assert r.code == 400 and b"not JSON" in r.body
        assert self.room.answers_summary(TEACHER) == {}

    def test_made_up_tokens_do_not_lock_out_genuine_answers(self):
        """Security finding 5: 400 answers with made-up tokens: a token is looked up at most
        once (not again while remembered), and a learner's genuine answers are still stored."""
        assert self.post(EXERCISE).code == 204
        self.auth.asked.clear()
        codes = [self.post(EXERCISE, token=f"made-up-{k:04d}").code for k in range(400)]
        assert set(codes) <= {403, 429}
        assert len(self.auth.asked) == len(set(self.auth.asked)) <= 400
        assert self.post(EXERCISE, token="made-up-0000").code == 403
        assert self.auth.asked.count("made-up-0000") == 1
        assert self.post(EXERCISE).code == 204
        assert self.room.answers_summary(TEACHER)["ann"]["answers"] == 2

    def test_a_flood_from_a_forged_address_never_refuses_another_learners_token(self):
        """Issue 32, item 1: made-up tokens with ``X-Real-IP: 127.0.0.1`` (the kernels'
        address) and with a forged address each: another learner's fresh token (never seen
        by the room) is answered at once (was 429: her address was the flooder's)."""
        for k in range(12):
            r = self.post(EXERCISE, token=f"made-up-{k:04d}", headers={"X-Real-IP": "127.0.0.1"})
            assert r.code in (403, 429)
        for k in range(400):
            r = self.post(EXERCISE, token=f"forged-{k:04d}", headers={"X-Real-IP": f"10.0.{k // 250}.{k % 250}"})
            assert r.code in (403, 429)
        r = self.post(EXERCISE, token="tok-bob-1234", headers={"X-Real-IP": "127.0.0.1"})
        assert r.code == 204, r.body
        assert self.post(EXERCISE, token="tok-ann-1234").code == 204
        summary = self.room.answers_summary(TEACHER)
        assert summary["bob"]["answers"] == 1 and summary["ann"]["answers"] == 1

    def test_made_up_tokens_cost_their_connection_and_cookie(self):
        """Issue 32, item 1: a kept-alive connection of made-up tokens is refused (429, the hub
        not asked) after FAIL_BURST and closed; so is a hub log-in cookie over fresh
        connections; meanwhile a learner's answer (another connection, no cookie) is stored."""
        import http.client

        from cardkit.room_service import FAIL_BURST

        port = self.get_http_port()

        def keep_alive() -> tuple[list[int], bool]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            codes = []
            try:
                for k in range(FAIL_BURST + 5):
                    conn.request("POST", PREFIX + "api/answer", body=json.dumps(EXERCISE),
                                 headers={"Authorization": f"token kept-alive-{k:04d}"})
                    r = conn.getresponse()
                    r.read()
                    codes.append(r.status)
                    if r.will_close:
                        return codes, True
                return codes, False
            finally:
                conn.close()

        self.auth.asked.clear()
        codes, closed = self.io_loop.run_sync(
            lambda: asyncio.get_running_loop().run_in_executor(None, keep_alive), timeout=30)
        assert codes == [403] * FAIL_BURST + [429] and closed, codes
        assert len(self.auth.asked) == FAIL_BURST
        cookie = {"Cookie": "jupyterhub-session-id=abc123"}
        codes = [self.post(EXERCISE, token=f"with-cookie-{k:04d}", headers=cookie).code for k in range(FAIL_BURST + 3)]
        assert codes == [403] * FAIL_BURST + [429] * 3
        assert self.post(EXERCISE, token="tok-bob-1234").code == 204     # the kernel: no cookie, its own connection
        assert self.post(EXERCISE, token="tok-ann-1234", headers={"Cookie": "jupyterhub-session-id=other"}).code == 204

    @gen_test(timeout=30)
    async def test_hub_look_ups_are_bounded_and_each_token_asked_once(self):
        """At most AUTH_CONCURRENCY look-ups at once (the others wait their turn, none
        refused); one token sent ten times at once is looked up once."""
        from cardkit.room_service import AUTH_CONCURRENCY

        auth, state = self.auth, {"now": 0, "most": 0}

        def slow_user_for_token(token, use_cache=True, session_id="", *, sync=True):
            auth.asked.append(token)

            async def user():
                state["now"] += 1
                state["most"] = max(state["most"], state["now"])
                await asyncio.sleep(0.05)
                state["now"] -= 1
                return TOKENS.get(token)

            return user()

        auth.user_for_token = slow_user_for_token
        client = self.http_client

        async def post(token):
            r = await client.fetch(self.get_url(PREFIX + "api/answer"), method="POST", body=json.dumps(EXERCISE),
                                   headers={"Authorization": f"token {token}"}, raise_error=False)
            return r.code

        tokens = [f"made-up-{k:04d}" for k in range(12)] + ["tok-bob-1234"] * 10
        codes = await asyncio.gather(*map(post, tokens))
        assert codes[:12] == [403] * 12 and codes[12:] == [204] * 10
        assert 1 < state["most"] <= AUTH_CONCURRENCY
        assert auth.asked.count("tok-bob-1234") == 1
        assert self.service.lookups == {} and self.service._asking == 0

    def test_an_answer_that_is_not_valid_unicode_is_refused_in_one_line(self):
        """Issue 32, item 3: a lone surrogate (JSON's "\\ud800") in any field or key is a
        400 in one line (was a 500 and an uncaught UnicodeEncodeError); nothing stored,
        nothing logged as an error."""
        records: list[logging.LogRecord] = []
        handler = logging.Handler(logging.DEBUG)
        handler.emit = records.append
        loggers = [logging.getLogger(n) for n in ("tornado.application", "tornado.general", "cardkit.room_service")]
        for lg in loggers:
            lg.addHandler(handler)
        try:
            bodies = [json.dumps({**EXERCISE, "item": "Who\ud800 leads?"}),
                      json.dumps({**EXERCISE, "lesson": "\udfff"}), json.dumps({**EXERCISE, "section": "\udc80"}),
                      json.dumps({**EXERCISE, "\ud83d": True}),
                      '{"kind": "exercise", "item": "\\ud800", "right": true}', '{"item": NaN}']
            for body in bodies:
                r = self.post(body)
                assert r.code == 400, (body, r.code, r.body)
                message = json.loads(r.body)["error"]
                assert ("not valid Unicode" in message or "not JSON" in message) and "\n" not in message, message
        finally:
            for lg in loggers:
                lg.removeHandler(handler)
        assert self.room.answers_summary(TEACHER) == {}
        assert not [r for r in records if r.levelno >= logging.ERROR], [r.getMessage() for r in records]
        for r in records:
            r.getMessage().encode("utf-8")     # every line can be written

    def test_pages_read_the_cookie_only_never_a_token(self):
        """Security finding 5: a token in the Authorization header (or a token argument) on a
        page or a websocket is not sent to the hub: the log-in cookie alone identifies."""
        auth = self.auth

        def get_user(handler, sync=True):   # as HubAuth does: the header's token first, then the cookie
            header = handler.request.headers.get("Authorization", "")
            token = header[6:] if header.startswith("token ") else handler.get_argument("token", "")
            name = handler.get_cookie("room-test-user")

            async def user():
                if token:
                    model = await auth.user_for_token(token, sync=False)
                    if model:
                        return model
                return {"name": name, "kind": "user", "scopes": [ROOM_SCOPE]} if name else None

            return user()

        auth.get_user = get_user
        auth.asked.clear()
        for k in range(5):
            r = self.fetch(PREFIX, headers={"Authorization": f"token tok-ann-{k}234"}, raise_error=False,
                           follow_redirects=False)
            assert r.code == 403
            r = self.fetch(PREFIX + "?token=tok-ann-1234", raise_error=False, follow_redirects=False)
            assert r.code == 403
        assert auth.asked == []
        r = self.fetch(PREFIX, headers={"Cookie": "room-test-user=ann"}, raise_error=False, follow_redirects=False)
        assert r.code == 200

    def test_the_learner_is_the_tokens_owner_never_the_bodys(self):
        r = self.post({**EXERCISE, "user": "bob"})
        assert r.code == 400 and b"unknown key 'user'" in r.body
        assert self.room.answers_summary(TEACHER) == {}

    def test_without_a_valid_token_nothing_is_stored(self):
        cases = [
            (None, {}),                                              # no header
            (None, {"Cookie": "room-test-user=ann"}),                # a page's cookie is not a credential
            ("tok-made-up-99", {}),                                  # a token the hub does not know
            ("tok-noroom-12", {}),                                   # a user's token without the room's scope
            ("tok-service-1", {}),                                   # a service's token
            ("x" * 300, {}),                                         # not a token's shape
            (None, {"Authorization": "tok-ann-1234"}),               # no "token" word
        ]
        for token, headers in cases:
            r = self.post(EXERCISE, token=token, headers=headers)
            assert r.code == 403, (token, headers, r.code)
        assert self.room.answers_summary(TEACHER) == {}
        refused = [(u, page, kind) for u, page, kind, _m in self.service.refusals]
        assert refused.count(("?", "answer", "403")) == 6 and ("carl", "answer", "403") in refused
        assert "x" * 300 not in self.auth.asked                       # the hub is not asked for that

    def test_bad_bodies_are_refused(self):
        for body, words in ((b"not json", b"not JSON"), (b"[1, 2]", b"expected a JSON object"),
                            ({**EXERCISE, "kind": "quiz"}, b"kind 'quiz'"), ({**EXERCISE, "right": "yes"}, b"right"),
                            ({**EXERCISE, "item": ""}, b"item ''"), ({"kind": "exercise"}, b"item None"),
                            (b'{"kind": "problem", "item": "1", "right": false, "points_lost": 1e999}', b"points_lost"),
                            (b"\xff\xfe", b"not JSON")):
            r = self.post(body)
            assert r.code == 400 and words in r.body, (body, r.code, r.body)
            assert len(r.body) < 400
        r = self.post({**EXERCISE, "item": "x" * MAX_ANSWER_BYTES})
        assert r.code == 413
        assert self.room.answers_summary(TEACHER) == {}

    def test_a_flood_of_answers_is_cut_off(self):
        from unittest import mock

        with mock.patch("cardkit.room.handlers.ANSWER_RATE", 0.01):     # no refill while the test runs
            codes = [self.post(EXERCISE).code for _ in range(ANSWER_BURST + 5)]
        assert codes[:ANSWER_BURST] == [204] * ANSWER_BURST and codes[-1] == 429
        assert self.post(EXERCISE, token="tok-bob-1234").code == 204     # another learner is not held up
        summary = self.room.answers_summary(TEACHER)
        assert summary["ann"]["answers"] == codes.count(204) and summary["bob"]["answers"] == 1

    def test_only_post(self):
        r = self.fetch(PREFIX + "api/answer", headers={"Authorization": "token tok-ann-1234"}, raise_error=False)
        assert r.code == 405

    @gen_test
    async def test_the_teachers_page_is_sent_what_each_learner_did(self):
        headers = {"Cookie": f"room-test-user={TEACHER}"}
        ws = await websocket_connect(HTTPRequest(self.get_url(PREFIX + "ws/teacher").replace("http", "ws"),
                                                 headers=headers))
        first = json.loads(await ws.read_message())
        assert first["kind"] == "teacher" and first["learners"] == {}
        client = self.http_client
        r = await client.fetch(self.get_url(PREFIX + "api/answer"), method="POST", body=json.dumps(EXERCISE),
                               headers={"Authorization": "token tok-ann-1234"}, raise_error=False)
        assert r.code == 204
        msg = json.loads(await ws.read_message())
        assert msg == {"kind": "answers", "learners": self.room.answers_summary(TEACHER)}
        assert msg["learners"]["ann"]["exercises"] == {"1.3": {"right": 1, "wrong": 0}}
        # a learner's lobby is sent nothing of it
        lobby = await websocket_connect(HTTPRequest(self.get_url(PREFIX + "ws/lobby").replace("http", "ws"),
                                                    headers={"Cookie": "room-test-user=ann"}))
        assert "learners" not in json.loads(await lobby.read_message())
        ws.close()
        lobby.close()

    @gen_test(timeout=20)
    async def test_the_reporter_reaches_the_service(self):
        """cardkit.room_report's own request, from its thread, into this service."""
        env = hub_env(self.get_url(PREFIX), token="tok-bob-1234")
        assert room_report.report_answer("problem", item="7", right=True, points_lost=0.0, environ=env)
        for _ in range(400):
            if self.room.answers_summary(TEACHER):
                break
            await asyncio.sleep(0.02)
        assert self.room.answers_summary(TEACHER)["bob"]["problems"] == {
            "variety/1_rules": {"answered": 1, "solved": 1, "points_lost": 0.0}}


def test_a_flood_of_refusals_cannot_fill_the_log(caplog):
    """Issue 32's attack pass: 8,598 made-up tokens in 36 s wrote 5.6 MB of the hub's log. Each
    user's (``"?"``: no or made-up tokens) first REFUSALS_LOGGED refusals are logged, then every
    1,000th; all are still counted."""
    import logging

    from cardkit.room import Room
    from cardkit.room_service import REFUSALS_LOGGED, RoomService

    service = RoomService(Room("sqlite://"))
    with caplog.at_level(logging.WARNING, logger="cardkit.room_service"):
        for _ in range(2500):
            service.refused("?", "answer", "403", "the token is not a hub user's")
        service.refused("ann", "table", "act", "not your turn")
    lines = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(lines) == REFUSALS_LOGGED + 2 + 1   # the 1,000th, the 2,000th, and ann's first
    assert "refused act from 'ann' on the table page: not your turn" in caplog.text
    assert len(service.refusals) == 1000
