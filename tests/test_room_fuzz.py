"""The teaching room's service against junk (issue 32, item 3): hypothesis sends every page's
message kinds (and made-up ones) with junk values — lone surrogates, control characters,
huge and non-finite numbers, nested lists and objects, unknown keys — over the lobby's, a
table's and the teacher's websockets, and junk answers to ``POST api/answer``. Never a 500,
never an error (or an unwritable line) in the log, a refused message changes nothing, and
every connection stays open. The service runs in a thread of its own (its own event loop),
with a stub of the hub's log-in as in tests/test_room_service.py."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import ClassVar

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.pool import StaticPool

pytest.importorskip("jupyterhub")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, example, given, settings, strategies as st  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPRequest  # noqa: E402
from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.testing import bind_unused_port  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from cardkit.room import (  # noqa: E402
    METADATA,
    Room,
    handlers as room_handlers,
)
from cardkit.room_service import ANSWER_KEYS, MESSAGES, RoomService, TokenBucket  # noqa: E402

TEACHER = "teach"
PREFIX = "/services/room/"
ROOM_SCOPE = "access:services!service=room"
LOGGERS = ("tornado.application", "tornado.general", "tornado.websocket", "asyncio", "cardkit.room_service",
           "cardkit.room")


class StubAuth:
    """The cookie ``room-test-user`` names the user; the token ``tok-ann-1234`` is ann's."""

    login_url = ""
    base_url = "/"
    access_scopes: ClassVar[set[str]] = {ROOM_SCOPE}

    def check_scopes(self, required, model):
        from jupyterhub.services.auth import check_scopes
        return check_scopes(required, set(model["scopes"]))

    def get_user(self, handler, sync=True):
        name = handler.get_cookie("room-test-user")

        async def user():
            return {"name": name, "kind": "user", "scopes": [ROOM_SCOPE]} if name else None

        return user()

    def user_for_token(self, token, use_cache=True, session_id="", *, sync=True):
        async def user():
            return {"name": "ann", "kind": "user", "scopes": [ROOM_SCOPE]} if token == "tok-ann-1234" else None

        return user()


def dump(room: Room) -> dict:
    out = {}
    with room.engine.connect() as conn:
        for table in METADATA.sorted_tables:
            out[table.name] = sorted((tuple(r) for r in conn.execute(select(table))), key=repr)
    return out


class Served:
    """The service on 127.0.0.1 in a thread with its own event loop; the clients run there too
    (:meth:`run`), so the test's own thread needs no loop."""

    def __init__(self) -> None:
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        self.room = Room(engine, teachers=[TEACHER])
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=StubAuth())
        # junk by the thousand: the rate limits are not what is tested here
        self.service.message_bucket = lambda user: TokenBucket(1e9, 10 ** 9)
        self.service.may_connect = lambda user: True
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        sock, self.port = bind_unused_port()

        async def start():
            self.server = HTTPServer(self.service.application(), **self.service.server_settings())
            self.server.add_sockets([sock])
            self.client = AsyncHTTPClient(force_instance=True)

        self.run(start())

    def run(self, coro, timeout: float = 30.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def url(self, path: str, ws: bool = False) -> str:
        return f"{'ws' if ws else 'http'}://127.0.0.1:{self.port}{PREFIX}{path}"

    async def connect(self, path: str, user: str):
        ws = await websocket_connect(HTTPRequest(self.url(path, ws=True), headers={"Cookie": f"room-test-user={user}"}))
        await ws.read_message()
        return ws

    async def exchange(self, ws, text: str) -> list[dict]:
        """Send ``text``, then a ping; every message received before the pong."""
        ws.write_message(text)
        ws.write_message(json.dumps({"kind": "ping"}))
        got = []
        while True:
            m = await asyncio.wait_for(ws.read_message(), 20)
            assert m is not None, f"the connection was closed after {text[:200]!r}"
            msg = json.loads(m)
            if msg == {"kind": "pong"}:
                return got
            got.append(msg)

    def stop(self) -> None:
        async def close():
            for ws in self.sockets.values():
                ws.close()
            self.server.stop()
            await self.server.close_all_connections()
            self.client.close()

        self.run(close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
        self.service._executor.shutdown(wait=True)


class Errors(logging.Handler):
    """Every record at ERROR or above, and every record whose line cannot be written."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.bad: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = record.getMessage()
            line.encode("utf-8")
        except Exception as e:  # noqa: BLE001 - the finding itself
            self.bad.append(f"unwritable log line: {type(e).__name__}")
            return
        if record.levelno >= logging.ERROR or record.exc_info:
            self.bad.append(line[:300])


@pytest.fixture(scope="module")
def served():
    s = Served()
    t1 = s.room.open_table("variety", deals=["V-4821", "V-17"])
    s.room.sit(t1, "ann", "South")
    s.room.start(t1)
    s.sockets = {"lobby": s.run(s.connect("ws/lobby", "ann")), "table": s.run(s.connect(f"ws/table/{t1}", "ann")),
                 "teacher": s.run(s.connect("ws/teacher", TEACHER))}
    errors = Errors()
    loggers = [logging.getLogger(n) for n in LOGGERS]
    for lg in loggers:
        lg.addHandler(errors)
    s.errors = errors
    yield s
    for lg in loggers:
        lg.removeHandler(errors)
    s.stop()


# ---- junk ---------------------------------------------------------------------------------------

SURROGATES = st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"])
SURROGATE_TEXT = st.builds(lambda a, s, b: a + s + b, st.text(max_size=6), SURROGATES, st.text(max_size=6))
TEXT = st.one_of(
    st.text(max_size=12),
    SURROGATE_TEXT,
    st.sampled_from(["", "T1", "T99", "South", "West", "V-4821", "V-1 V-2", "variety", "chess", "rule", "none",
                     "QH", "draw 1", "\x00", "\n", "x" * 300]),
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 60), st.integers(), st.floats(), TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                      max_leaves=6)
KINDS = sorted({k for page in MESSAGES.values() for k in page} - {"ping"})


@st.composite
def messages(draw, page: str) -> dict:
    kind = draw(st.sampled_from(KINDS) | TEXT)
    keys = MESSAGES[page].get(kind, ())
    msg: dict = {"kind": kind}
    for key in draw(st.lists(st.sampled_from(keys) if keys else TEXT, max_size=3, unique=True)):
        msg[key] = draw(VALUES)
    if draw(st.booleans()) and draw(st.booleans()):
        msg[draw(TEXT)] = draw(VALUES)                              # an unknown key now and then
    return msg


def json_text(value) -> str:
    """JSON as a page might send it, NaN and Infinity included (json.dumps writes them)."""
    return json.dumps(value)


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@FUZZ
@given(page=st.sampled_from(["lobby", "table", "teacher"]), data=st.data())
def test_junk_messages_are_refused_in_one_line_and_change_nothing(served, page, data):
    msg = data.draw(messages(page))
    if msg["kind"] == "leave" or (page == "teacher" and msg["kind"] == "open"):
        # leaving and opening a table take no argument that must be right: a refusal is not expected
        return
    text = json_text(msg)
    served.errors.bad.clear()
    before = dump(served.room)
    got = served.run(served.exchange(served.sockets[page], text))
    errors = [m for m in got if m["kind"] == "error"]
    for m in errors:
        assert "\n" not in m["message"] and len(m["message"]) <= 300, m
        assert "could not do that" not in m["message"], (text, m)     # a bug's one line: a traceback was logged
        m["message"].encode("utf-8")
    has_surrogate = any(0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(msg, ensure_ascii=False))
    if has_surrogate:
        assert any("not valid Unicode text" in m["message"] or "is not a JSON number" in m["message"]
                   for m in errors), (text, got)
    if has_surrogate or errors:
        assert dump(served.room) == before, f"{text!r} was refused yet changed the room"
    assert served.errors.bad == [], served.errors.bad


EXERCISE = {"kind": "exercise", "lesson": "variety/1_rules", "section": "1.3", "item": "Who leads?", "right": True}
#: a right answer with one field (or key) made junk, or junk of any shape
ANSWER_VALUES = st.one_of(
    st.builds(lambda k, v: {**EXERCISE, k: v}, st.sampled_from(ANSWER_KEYS) | SURROGATE_TEXT, SURROGATE_TEXT),
    st.builds(lambda k, v: {**EXERCISE, k: v}, st.sampled_from([*ANSWER_KEYS, "user"]) | TEXT, VALUES),
    st.builds(lambda k, v: {**EXERCISE, "kind": "problem", "points_lost": 1, k: v}, st.sampled_from(ANSWER_KEYS),
              VALUES),
    st.fixed_dictionaries({}, optional=dict.fromkeys(ANSWER_KEYS, VALUES)), VALUES)


@FUZZ
@example(answer={**EXERCISE, "item": "Who\ud800 leads?"}, raw=None)    # was a 500
@example(answer={**EXERCISE, "\udfff": 1}, raw=None)
@given(answer=ANSWER_VALUES, raw=st.none() | st.none() | st.binary(max_size=64))
def test_junk_answers_are_a_400_never_a_500(served, answer, raw):
    body = raw if raw is not None else json_text(answer).encode("utf-8")
    served.errors.bad.clear()
    before = dump(served.room)

    async def post():
        return await served.client.fetch(served.url("api/answer"), method="POST", body=body,
                                         headers={"Authorization": "token tok-ann-1234"}, raise_error=False)

    r = served.run(post())
    assert r.code in (204, 400, 413), (body[:200], r.code, r.body[:200])
    if r.code != 204:
        message = json.loads(r.body)["error"]
        assert "\n" not in message and len(message) <= 400
        assert dump(served.room) == before
    assert served.errors.bad == [], served.errors.bad


@pytest.fixture(autouse=True)
def _many_answers(monkeypatch):
    monkeypatch.setattr(room_handlers, "ANSWER_BURST", 10 ** 9)   # where AnswerHandler reads it
