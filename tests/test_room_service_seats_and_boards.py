"""Seats and boards through the room service's websockets (the room's clock is a fake).

A learner who holds a table up is pointed out on the teacher's page ("waiting",
with the seconds since the turn passed to her), the teacher's ``unseat`` message gives her
seat to a bot, which plays on, and her table page is told so in one line; a learner's
``unseat`` is refused from every page and changes nothing.

Pages are pushed by board, not by how a code was written: ann's finished board
(V-4821) shows no code while carl's table plays the same cards in another form of the code
(the cards form, dealer 1); carl's last card pushes ann's page the code, and the teacher's
row of ann's table its new traveller."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("jupyterhub")

from room_testing import TEACHER, RoomPages, memory_room
from test_room_service import dump
from tornado.testing import AsyncHTTPTestCase, gen_test

from cardkit.room import IDLE_SECONDS


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


class Issue32Test(RoomPages, AsyncHTTPTestCase):
    def make_room(self):
        self.clock = Clock()
        return memory_room(clock=self.clock)

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

    @gen_test
    async def test_the_code_reaches_a_table_playing_another_form_of_the_board(self):
        room = self.room
        t1 = room.open_table("variety", deals=["V-4821"])
        t2 = room.open_table("variety", deals=["V-XA3WLA6HFKZUGP5C7ZCEPM-D1"])
        room.sit(t1, "ann", "South")
        room.sit(t2, "carl", "South")
        room.start(t1)
        room.start(t2)
        while legal := room.legal(t1, "ann"):
            room.act(t1, "ann", legal[0])
        for _ in range(200):                                 # carl plays up to his last card
            legal = room.legal(t2, "carl")
            view = room.view(t2, "carl")
            if legal and view["public"]["phase"] == "play" and len(view["hand"]) == 1:
                break
            room.act(t2, "carl", legal[0])
        ann, first = await self.connect(f"ws/table/{t1}", "ann")
        assert first["kind"] == "state" and "4821" not in json.dumps(first)
        teacher, _ = await self.connect("ws/teacher", TEACHER)
        carl, _ = await self.connect(f"ws/table/{t2}", "carl")
        carl.write_message(json.dumps({"kind": "act", "action": room.legal(t2, "carl")[0]}))
        pushed = await self.next_kind(ann, "state")
        assert "V-4821" in pushed["state"]["title"]
        row = next(r for r in (await self.next_kind(teacher, "teacher"))["tables"] if r["table"] == t1)
        assert [r["table"] for r in row["traveller"]] == [t1, t2]
        for ws in (ann, carl, teacher):
            ws.close()
