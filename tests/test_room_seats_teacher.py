"""Who sits where (issue 34, item 14): the teacher seats learners and closes tables (refused
to a learner, from the room and from every page), a teacher at a table sees what her seat
sees (every hand stays on the teachers' page) and her results are marked as the teacher's
and left out of the learners' ranking; the lobby says each table's bots and set (never its
codes); Start at a table nobody sits at says why in words."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardkit.room import NotSeatedError, NotTeacherError, Room, RoomError, SeatTakenError

TEACHER = "teach"


def dump(room: Room) -> dict:
    from sqlalchemy import select

    from cardkit.room import METADATA
    out = {}
    with room.engine.connect() as conn:
        for table in METADATA.sorted_tables:
            out[table.name] = sorted((tuple(r) for r in conn.execute(select(table))), key=repr)
    return out


# ---- the room ------------------------------------------------------------------------------------

def test_a_teacher_seats_a_learner_and_a_learner_seats_nobody():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    before = dump(room)
    with pytest.raises(NotTeacherError, match="only a teacher may seat a learner"):
        room.seat_learner(t, "eve", "South", "ann")
    assert dump(room) == before
    assert room.seat_learner(t, TEACHER, "South", "ann") == []
    assert room.tables()[0]["seats"][0] == "ann"
    with pytest.raises(SeatTakenError, match="taken by 'ann'"):
        room.seat_learner(t, TEACHER, "South", "bob")
    t2 = room.open_table("warsaw_hearts", deals=["W-18"])
    with pytest.raises(SeatTakenError, match="sits at table 'T1'"):
        room.seat_learner(t2, TEACHER, "North", "ann")
    with pytest.raises(RoomError, match="reserved"):
        room.seat_learner(t2, TEACHER, "North", "bot")


def test_a_teacher_closes_a_table_and_nothing_more_is_played_there(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    room = Room(url, teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "ann", "South")
    room.sit(t, "bob", "North")
    room.start(t)
    room.leave(t, "bob")
    play_out(room, t, "ann")
    room.sit(t, "bob", "North")
    before = dump(room)
    with pytest.raises(NotTeacherError, match="only a teacher may close a table"):
        room.close_table(t, "ann")
    assert dump(room) == before
    assert room.close_table(t, TEACHER) == []
    row = room.tables()[0]
    assert row["closed"] and row["seats"] == ["bot", "bot", "bot", "bot"]
    with pytest.raises(NotSeatedError):
        room.view(t, "ann")
    with pytest.raises(RoomError, match="closed this table"):
        room.sit(t, "ann", "South")
    with pytest.raises(RoomError, match="closed this table"):
        room.next_board(t, TEACHER)
    with pytest.raises(RoomError, match="closed this table"):
        room.close_table(t, TEACHER)
    assert room.results("W-17"), "a closed table's results stay"
    again = Room(url, teachers=[TEACHER])     # stored: a restart keeps it closed
    assert again.tables()[0]["closed"]
    with pytest.raises(RoomError, match="closed this table"):
        again.sit(t, "carl", "West")


def test_an_old_database_gets_the_closed_column(tmp_path):
    from sqlalchemy import inspect, text
    url = f"sqlite:///{tmp_path / 'old.db'}"
    room = Room(url)
    room.open_table("variety")
    with room.engine.begin() as conn:
        conn.execute(text("ALTER TABLE cardkit_room_tables DROP COLUMN closed"))
    assert "closed" not in {c["name"] for c in inspect(room.engine).get_columns("cardkit_room_tables")}
    again = Room(url)
    assert again.tables()[0]["closed"] is False


def test_a_seated_teacher_sees_her_seat_and_every_hand_only_on_request():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t, TEACHER, "South")
    room.start(t)
    mine = room.view(t, TEACHER)
    assert "hands" not in mine and not mine["viewer"]["everything"] and mine["viewer"]["seat"] == 0
    assert len(mine["hand"]) > 0
    every = room.view(t, TEACHER, everything=True)
    assert len(every["hands"]) == 4 and every["viewer"]["everything"]
    room.sit(t, "ann", "North")
    with pytest.raises(NotTeacherError):
        room.view(t, "ann", everything=True)
    other = room.open_table("warsaw_hearts", deals=["W-18"])
    assert room.view(other, TEACHER)["viewer"]["everything"]   # not seated there: every hand, as before


def test_the_teachers_results_are_marked_and_not_ranked():
    room = Room("sqlite://", teachers=[TEACHER])
    t1 = room.open_table("warsaw_hearts", deals=["W-17"])
    t2 = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t1, TEACHER, "South")
    room.sit(t2, "ann", "South")
    room.start(t1)
    room.start(t2)
    play_out(room, t1, TEACHER)
    play_out(room, t2, "ann")
    rows = room.results("W-17")
    assert [r["teachers"] for r in rows] == [[0], []]
    assert [r["player"] for r in room.ranking()] == ["ann"]
    assert room.travellers()[0]["rows"][0]["teachers"] == [0]
    exported = list(csv.DictReader(io.StringIO(room.export_csv())))
    roles = {(r["table"], r["seat"]): r["role"] for r in exported}
    assert roles[("T1", "South")] == "teacher" and roles[("T2", "South")] == "learner"
    assert roles[("T1", "West")] == "bot"
    records = room.hand_records(TEACHER)
    assert records[0]["rows"][0]["players"][0] == f"{TEACHER} (teacher)"
    assert records[0]["rows"][1]["players"][0] == "ann"


def test_start_with_nobody_seated_says_why():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("variety")
    with pytest.raises(RoomError) as refused:
        room.start(t)
    text = str(refused.value)
    assert "nobody sits" in text and "bots play only beside a person" in text and "takes a seat" in text
    assert "\n" not in text


# ---- the service -------------------------------------------------------------------------------

pytest.importorskip("jupyterhub")

from room_testing import RoomPages, play_out  # noqa: E402
from tornado.httpclient import HTTPClientError  # noqa: E402
from tornado.testing import AsyncHTTPTestCase, gen_test  # noqa: E402


class SeatsTest(RoomPages, AsyncHTTPTestCase):
    @gen_test(timeout=60)
    async def test_the_teacher_seats_a_learner_and_closes_the_table(self):
        t = self.room.open_table("warsaw_hearts", deals=["W-17", "W-18"], bots="expert")
        teacher, _ = await self.connect("ws/teacher", TEACHER)
        ann_lobby, first = await self.connect("ws/lobby", "ann")
        row = first["tables"][0]
        assert row["bots"] == "expert bots" and row["set"] == "a set of 2 boards" and "W-17" not in json.dumps(first)
        assert first["you"] is None
        teacher.write_message(json.dumps({"kind": "seat", "table": t, "seat": "North", "learner": "ann"}))
        await self.next_kind(teacher, "teacher")   # pushed to every page at once
        lobby = await self.latest_kind(ann_lobby, "lobby")
        assert lobby["you"] == {"table": t, "seat": 2, "name": "North"}
        page, state = await self.connect(f"ws/table/{t}", "ann")
        assert state["kind"] == "state"
        teacher.write_message(json.dumps({"kind": "start", "table": t}))
        await self.next_kind(teacher, "teacher")
        lobby = await self.latest_kind(ann_lobby, "lobby")
        assert lobby["tables"][0]["set"] == "a set of 2 boards, board 1 in play"
        teacher.write_message(json.dumps({"kind": "close", "table": t}))
        mine = await self.next_kind(teacher, "teacher")
        gone = await self.latest_kind(page, "gone")
        assert gone["message"] == f"The teacher closed table {t}."
        lobby = await self.latest_kind(ann_lobby, "lobby")
        assert lobby["tables"] == [] and lobby["you"] is None       # a closed table: not listed to learners
        assert mine["tables"][0]["closed"]
        teacher_lobby, tl = await self.connect("ws/lobby", TEACHER)
        assert tl["tables"][0]["closed"]
        for ws in (teacher, ann_lobby, page, teacher_lobby):
            ws.close()

    @gen_test(timeout=60)
    async def test_a_learner_sending_the_teachers_messages_by_hand_is_refused(self):
        t = self.room.open_table("warsaw_hearts", deals=["W-17"])
        self.room.sit(t, "ann", "South")
        self.room.start(t)
        before = dump(self.room)
        lobby, _ = await self.connect("ws/lobby", "ann")
        table, _ = await self.connect(f"ws/table/{t}", "ann")
        for ws in (lobby, table):
            for msg in ({"kind": "seat", "table": t, "seat": "North", "learner": "bob"},
                        {"kind": "close", "table": t}):
                answer = await self.ask(ws, msg)
                assert answer["kind"] == "error" and "not one of this page's" in answer["message"]
        with pytest.raises(HTTPClientError) as refused:
            await self.connect("ws/teacher", "ann")
        assert refused.value.code == 403
        assert dump(self.room) == before
        lobby.close()
        table.close()

    @gen_test(timeout=60)
    async def test_a_seated_teacher_plays_her_seat_and_her_page_shows_every_hand(self):
        t1 = self.room.open_table("warsaw_hearts", deals=["W-17"])
        t2 = self.room.open_table("warsaw_hearts", deals=["W-17"])
        self.room.sit(t1, TEACHER, "South")
        self.room.sit(t2, "ann", "South")
        self.room.start(t1)
        self.room.start(t2)
        page, state = await self.connect(f"ws/table/{t1}", TEACHER)
        assert not any(s["hand"] for s in state["state"]["seats"]) and state["state"]["hand"], \
            "a seated teacher's table page shows her own hand only"
        teacher, first = await self.connect("ws/teacher", TEACHER)
        shown = first["tables"][0]["state"]["seats"]
        assert all(s["hand"] for s in shown), "the teachers' page shows every hand"
        teacher.close()
        play_out(self.room, t1, TEACHER)
        play_out(self.room, t2, "ann")
        teacher, full = await self.connect("ws/teacher", TEACHER)
        rows = full["session"]["boards"][0]["rows"]
        assert rows[0]["players"][0] == f"South {TEACHER} (teacher)" and rows[1]["players"][0] == "South ann"
        ranked = [r["player"] for g in full["session"]["rankings"] for r in g["rows"]]
        assert ranked == ["ann"]
        page.close()
        teacher.close()
