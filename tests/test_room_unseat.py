"""The teacher's unseat and the idle line through the room service's websockets (issue 32,
item 4): a learner who holds a table up is pointed out on the teacher's page ("waiting",
with the seconds since the turn passed to her), the teacher's ``unseat`` message gives her
seat to a bot, which plays on, and her table page is told so in one line; a learner's
``unseat`` is refused from every page and changes nothing. The room's clock is a fake."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

pytest.importorskip("jupyterhub")

from test_room_service import PREFIX, TEACHER, StubAuth, dump
from tornado.httpclient import HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.websocket import websocket_connect

from cardkit.room import IDLE_SECONDS, Room
from cardkit.room_service import SOCKET_MAX_BYTES, RoomService


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


class UnseatTest(AsyncHTTPTestCase):
    def get_app(self):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        self.clock = Clock()
        self.room = Room(engine, teachers=[TEACHER], clock=self.clock)
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=StubAuth())
        return self.service.application()

    async def connect(self, path: str, user: str):
        url = self.get_url(PREFIX + path).replace("http://", "ws://")
        ws = await websocket_connect(HTTPRequest(url, headers={"Cookie": f"room-test-user={user}"}),
                                     max_message_size=SOCKET_MAX_BYTES * 4)
        first = json.loads(await ws.read_message())
        return ws, first

    async def next_kind(self, ws, kind: str) -> dict:
        for _ in range(40):
            m = json.loads(await ws.read_message())
            if m["kind"] == kind:
                return m
        raise AssertionError(f"no {kind} message")

    async def ask(self, ws, msg: dict) -> dict:
        ws.write_message(json.dumps(msg))
        return json.loads(await ws.read_message())

    def eve_to_act(self) -> str:
        """T1 Warsaw Hearts, eve South and ann North, started; ann plays until eve is to act."""
        t = self.room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
        self.room.sit(t, "eve", "South")
        self.room.sit(t, "ann", "North")
        self.room.start(t)
        for _ in range(60):
            w = self.room.waiting(t, TEACHER)
            if w["user"] == "eve":
                return t
            self.room.act(t, "ann", self.room.legal(t, "ann")[0])
        raise AssertionError("eve never came to act")

    @gen_test
    async def test_the_teacher_sees_the_idle_learner_and_unseats_her(self):
        t = self.eve_to_act()
        self.clock.now += IDLE_SECONDS + 30
        teacher, first = await self.connect("ws/teacher", TEACHER)
        row = next(r for r in first["tables"] if r["table"] == t)
        w = row["waiting"]
        assert (w["name"], w["user"], w["idle"], w["idle_after"]) == ("South", "eve", True, IDLE_SECONDS)
        assert w["seconds"] == IDLE_SECONDS + 30
        eve, _ = await self.connect(f"ws/table/{t}", "eve")
        ann, _ = await self.connect(f"ws/table/{t}", "ann")
        lobby, _ = await self.connect("ws/lobby", "ann")
        # a learner's unseat: not a message of her pages; nothing changes
        before = dump(self.room)
        for ws in (ann, lobby):
            answer = await self.ask(ws, {"kind": "unseat", "table": t, "seat": "South"})
            assert answer["kind"] == "error" and "'unseat'" in answer["message"] and "\n" not in answer["message"]
        assert dump(self.room) == before
        # the teacher's: eve's page is told in one line, South's bot plays on, ann's page is pushed
        teacher.write_message(json.dumps({"kind": "unseat", "table": t, "seat": "South"}))
        gone = await self.next_kind(eve, "gone")
        assert gone["message"] == f"The teacher gave your seat (South) at table {t} to a bot."
        state = await self.next_kind(ann, "state")
        assert state["state"]["seats"]
        row = next(r for r in (await self.next_kind(teacher, "teacher"))["tables"] if r["table"] == t)
        assert row["seats"][0] == "bot" and row["waiting"]["user"] == "ann" and not row["waiting"]["idle"]
        # a seat nobody holds: one line, nothing changes
        before = dump(self.room)
        answer = await self.ask(teacher, {"kind": "unseat", "table": t, "seat": "South"})
        assert answer["kind"] == "error" and "no person sits there" in answer["message"]
        assert dump(self.room) == before
        for ws in (teacher, eve, ann, lobby):
            ws.close()
