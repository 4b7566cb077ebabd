"""A board's end held, the teacher's class controls (issue 34, items 11 and 3), on SQLite and
on PostgreSQL (``room_db_url``):

* the last card of a board no longer deals the next: the board is held (its last trick, its
  score, the running total on every page) until the teacher moves that table on (Next board)
  or every table whose board is over (Next board for all tables), or, in a self-paced set, a
  learner seated there presses Next; held, paused, the pace and the announcement survive a
  restart (a new Room on the same database);
* pause and resume every table: a paused table refuses an action in one clear line, its bots
  wait and every page says "Paused by the teacher";
* the announcement every page shows;
* every new teacher action is refused to a learner, through the room and through every page's
  websocket (nothing changes).
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from cardkit.room import MAX_ANNOUNCEMENT, METADATA, NotSeatedError, NotTeacherError, Room, RoomError
from cardkit.room_table import card_table_state

TEACHER = "teach"


def dump(room: Room) -> dict:
    out = {}
    with room.engine.connect() as conn:
        for table in METADATA.sorted_tables:
            out[table.name] = sorted((tuple(r) for r in conn.execute(select(table))), key=repr)
    return out


def play_board(room: Room, t: str, user: str) -> int:
    """``user`` plays their seat (first legal action) until nobody at ``t`` may act; returns the
    actions taken."""
    for n in range(500):
        legal = room.legal(t, user)
        if not legal:
            return n
        room.act(t, user, legal[0])
    raise AssertionError("the board did not end")


def hearts_table(room: Room, *, pace: str = "teacher", deals=("W-17", "W-18", "W-19"), user: str = "ann") -> str:
    t = room.open_table("warsaw_hearts", deals=list(deals), pace=pace)
    room.sit(t, user, "South")
    room.start(t)
    return t


# ---- item 11: a board's end is held ------------------------------------------------------------

def test_a_finished_board_is_held_until_the_teacher_deals_the_next(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    t = hearts_table(room)
    assert play_board(room, t, "ann") > 0
    view = room.view(t, "ann")
    assert view["board"]["number"] == 1 and view["board"]["over"], "the next board was dealt by itself"
    assert view["held"] and not view["set_over"] and view["board"]["returns"] is not None
    assert room.tables(only=t)[0]["held"] and not room.tables(only=t)[0]["over"]
    # the learner's page: the last trick, the board's score, the running total; no Next for her
    state = card_table_state(view)
    assert state["held"] and not state["next_allowed"]
    assert state["trick"]["note"] == "the last trick" and len(state["trick"]["cards"]) == 4
    returns = view["board"]["returns"]
    assert "Board 1 is over: South" in state["status"] and "Your score" in state["status"]
    assert "the teacher deals it" in state["status"]
    assert state["totals_line"].startswith("Running total after 1 board: South ")
    assert f"South {'+' if returns[0] > 0 else ''}" in state["totals_line"] and "(you)" in state["totals_line"]
    # an action on the held board: one clear line, nothing changes
    before = dump(room)
    with pytest.raises(RoomError, match=r"^table 'T1': board 1 is over: the teacher deals the next board$"):
        room.act(t, "ann", "2C")
    assert dump(room) == before
    # a restarted room (a new Room on the same database) holds the same board
    room.engine.dispose()
    again = Room(room_db_url, teachers=[TEACHER])
    view2 = again.view(t, "ann")
    assert view2["held"] and view2["board"]["number"] == 1 and view2["board"]["returns"] == returns
    assert again.legal(t, "ann") == []
    again.next_board(t, TEACHER)
    view3 = again.view(t, "ann")
    assert view3["board"]["number"] == 2 and not view3["held"] and not view3["board"]["over"]
    assert view3["totals"] == returns                      # the running total carries the first board
    assert card_table_state(view3)["totals_line"].startswith("Running total after 1 board")
    again.engine.dispose()


def test_next_board_for_all_tables_moves_the_held_tables_only(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    done = hearts_table(room, user="ann")
    playing = hearts_table(room, user="bob", deals=("W-20", "W-21"))
    play_board(room, done, "ann")
    assert room.next_board_all(TEACHER) == {"moved": [done], "playing": [playing]}
    assert room.view(done, TEACHER)["board"]["number"] == 2
    assert room.view(playing, TEACHER)["board"]["number"] == 1 and not room.view(playing, TEACHER)["board"]["over"]
    assert room.next_board_all(TEACHER) == {"moved": [], "playing": [done, playing]}
    room.engine.dispose()


def test_the_last_board_of_a_set_is_over_not_held(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    t = hearts_table(room, deals=("W-17",), pace="self")
    play_board(room, t, "ann")
    view = room.view(t, "ann")
    assert view["set_over"] and not view["held"]
    assert "This table has played every board of its set." in card_table_state(view)["status"]
    assert not card_table_state(view)["next_allowed"]
    with pytest.raises(RoomError, match="the set has no more boards"):
        room.advance(t, "ann")
    assert room.next_board_all(TEACHER) == {"moved": [], "playing": []}
    room.engine.dispose()


def test_a_self_paced_learner_presses_next_once_the_board_is_over(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    t = hearts_table(room, pace="self")
    with pytest.raises(RoomError, match="board 1 is not over yet"):
        room.advance(t, "ann")                                # never cuts a board short
    play_board(room, t, "ann")
    state = card_table_state(room.view(t, "ann"))
    assert state["next_allowed"] and "Press <b>Next board</b>" in state["status"]
    assert not card_table_state(room.view(t, TEACHER))["next_allowed"]   # the teacher has her own button
    with pytest.raises(NotSeatedError):
        room.advance(t, "eve")                                # only a person seated there
    room.engine.dispose()
    again = Room(room_db_url, teachers=[TEACHER])             # the pace survives a restart
    assert again.tables(only=t)[0]["pace"] == "self"
    again.advance(t, "ann")
    assert again.view(t, "ann")["board"]["number"] == 2
    with pytest.raises(RoomError, match="board 2 is not over yet"):
        again.advance(t, "ann")
    # the teacher makes the table hers again: Next is refused to the learner
    again.set_pace(t, TEACHER, "teacher")
    play_board(again, t, "ann")
    with pytest.raises(RoomError, match="the teacher deals the next board here"):
        again.advance(t, "ann")
    with pytest.raises(RoomError, match="pace 'fast'"):
        again.set_pace(t, TEACHER, "fast")
    again.engine.dispose()


# ---- item 3: pause, resume, the announcement --------------------------------------------------------

def test_a_paused_table_refuses_actions_and_its_bots_wait(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    t = hearts_table(room)
    other = hearts_table(room, user="bob", deals=("W-20",))
    assert room.pause_all(TEACHER, True) == [t, other]
    legal = room.view(t, "ann")["legal"]
    assert legal == [] and room.legal(t, "ann") == []
    view = room.view(t, "ann")
    assert view["paused"] and not view["your_turn"]
    state = card_table_state(view)
    assert "Paused by the teacher" in state["status"]
    assert all(c["reason"] == "paused by the teacher" for c in state["hand"])
    hand = view["hand"]
    before = dump(room)
    for card in hand[:3]:
        with pytest.raises(RoomError, match=r"^table 'T1' is paused by the teacher: wait until play resumes$"):
            room.act(t, "ann", card)
    assert dump(room) == before
    # a learner who leaves a paused table: her seat goes to a bot, which waits too
    actions = room.view(t, TEACHER)["board"]["actions"]
    room.leave(t, "ann")
    assert room.view(t, TEACHER)["board"]["actions"] == actions
    assert room.waiting(other, TEACHER) is None             # a paused table holds nobody up
    room.engine.dispose()
    again = Room(room_db_url, teachers=[TEACHER])            # paused survives a restart
    assert [x["paused"] for x in again.tables()] == [True, True]
    again.sit(t, "ann", "South")
    assert again.view(t, TEACHER)["board"]["actions"] == actions
    assert again.pause_all(TEACHER, False) == [t, other]
    assert again.legal(t, "ann") or again.view(t, TEACHER)["board"]["actions"] > actions
    assert again.pause_all(TEACHER, False) == []
    again.engine.dispose()


def test_the_announcement_is_stored_and_checked(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    assert room.announcement() == ""
    assert room.announce(TEACHER, "  Finish your board, then we talk about board 2.  ") == \
        "Finish your board, then we talk about board 2."
    room.engine.dispose()
    again = Room(room_db_url, teachers=[TEACHER])
    assert again.announcement() == "Finish your board, then we talk about board 2."
    for bad in ("two\nlines", "x" * (MAX_ANNOUNCEMENT + 1), 42, None):
        with pytest.raises(RoomError, match=r"announcement .*: expected one line of text"):
            again.announce(TEACHER, bad)
    assert again.announcement() == "Finish your board, then we talk about board 2."
    again.announce(TEACHER, "")
    assert again.announcement() == ""
    again.engine.dispose()


def test_every_new_teacher_action_is_refused_to_a_learner(room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    t = hearts_table(room)
    play_board(room, t, "ann")
    before = dump(room)
    for call in (lambda: room.next_board_all("ann"), lambda: room.pause(t, "ann"),
                 lambda: room.pause(t, "ann", False), lambda: room.pause_all("ann"),
                 lambda: room.set_pace(t, "ann", "self"), lambda: room.announce("ann", "no class today"),
                 lambda: room.overview("ann"), lambda: room.next_board(t, "ann")):
        with pytest.raises(NotTeacherError, match="only a teacher may"):
            call()
    with pytest.raises(RoomError, match="the teacher deals the next board here"):
        room.advance(t, "ann")
    with pytest.raises(RoomError, match="paused 'yes'"):
        room.pause(t, TEACHER, "yes")
    assert dump(room) == before
    room.engine.dispose()


def test_the_overview_line_of_each_table(room_db_url):
    now = [5_000_000.0]
    room = Room(room_db_url, teachers=[TEACHER], clock=lambda: now[0])
    t = hearts_table(room)
    waiting = room.open_table("variety", deals=["V-4821"])
    now[0] += 125
    lines = room.overview(TEACHER)
    assert [x["table"] for x in lines] == [t, waiting]
    first = lines[0]
    assert (first["board"], first["position"], first["set_size"], first["turn"], first["player"]) == \
        (1, 1, 3, "South", "ann")
    assert first["since"] == pytest.approx(125) and first["waiting"]["idle"]
    assert not first["held"] and not first["paused"] and first["pace"] == "teacher"
    assert lines[1]["board"] is None and not lines[1]["started"] and lines[1]["turn"] is None
    assert room.overview(TEACHER, waiting) == [lines[1]]
    room.engine.dispose()


# ---- the same through the room service's websockets ---------------------------------------------------

pytest.importorskip("jupyterhub")

from room_testing import PREFIX, RoomPages, StubAuth  # noqa: E402
from tornado.httpclient import HTTPClientError  # noqa: E402
from tornado.testing import AsyncHTTPTestCase, gen_test  # noqa: E402

assert PREFIX == "/services/room/" and StubAuth.get_user is not None


class ServiceTest(RoomPages, AsyncHTTPTestCase):
    async def state_until(self, ws, ok) -> dict:
        """The first card table state pushed to ``ws`` for which ``ok(state)`` holds."""
        for _ in range(40):
            state = (await self.next_kind(ws, "state"))["state"]
            if ok(state):
                return state
        raise AssertionError("no such state")

    @gen_test(timeout=60)
    async def test_a_learner_sends_the_teachers_new_messages_by_hand(self):
        t = hearts_table(self.room)
        play_board(self.room, t, "ann")
        table, _ = await self.connect(f"ws/table/{t}", "ann")
        lobby, _ = await self.connect("ws/lobby", "ann")
        before = dump(self.room)
        messages = [{"kind": "next_all"}, {"kind": "pause_all", "paused": True}, {"kind": "pause", "table": t},
                    {"kind": "pace", "table": t, "pace": "self"}, {"kind": "announce", "text": "no class"},
                    {"kind": "next_board", "table": t}]
        for ws in (table, lobby):
            for msg in messages:
                answer = await self.ask(ws, msg)
                assert answer["kind"] == "error" and f"'{msg['kind']}'" in answer["message"], answer
                assert "not one of this page's" in answer["message"] and "\n" not in answer["message"]
        # a learner's Next on a table the teacher moves on; the lobby's open with a pace
        answer = await self.ask(table, {"kind": "next"})
        assert answer == {"kind": "error", "message": "table 'T1': the teacher deals the next board here (the set "
                                                      "is not self-paced)"}
        answer = await self.ask(lobby, {"kind": "open", "game": "variety", "pace": "self"})
        assert answer["kind"] == "error" and "only a teacher may do that" in answer["message"]
        assert dump(self.room) == before
        assert self.room.announcement() == ""
        with self.assertRaises(HTTPClientError) as refused:   # the teacher's page itself
            await self.http_client.fetch(self.get_url(PREFIX + "teacher"), headers={"Cookie": "room-test-user=ann"})
        assert refused.exception.code == 403
        table.close()
        lobby.close()

    @gen_test(timeout=60)
    async def test_the_teacher_holds_and_moves_the_class_and_a_learner_presses_next(self):
        held = hearts_table(self.room, user="ann")
        paced = hearts_table(self.room, user="bob", deals=("W-20", "W-21"), pace="self")
        teacher, first = await self.connect("ws/teacher", TEACHER)
        rows = {r["table"]: r for r in first["tables"]}
        assert rows[held]["overview"]["turn"] == "South" and rows[paced]["overview"]["pace"] == "self"
        ann, _ = await self.connect(f"ws/table/{held}", "ann")
        bob, _ = await self.connect(f"ws/table/{paced}", "bob")
        lobby, _ = await self.connect("ws/lobby", "cy")
        # the announcement reaches every page at once, and a page opened later
        teacher.write_message(json.dumps({"kind": "announce", "text": "Five minutes left"}))
        assert (await self.next_kind(teacher, "announced"))["text"] == "Five minutes left"
        for ws in (ann, bob, lobby, teacher):
            assert (await self.next_kind(ws, "announcement"))["text"] == "Five minutes left"
        late, first_late = await self.connect("ws/lobby", "di")
        assert first_late["kind"] == "lobby"
        assert json.loads(await late.read_message()) == {"kind": "announcement", "text": "Five minutes left"}
        # pause every table: the learners' pages say so, an action is refused in one line
        teacher.write_message(json.dumps({"kind": "pause_all", "paused": True}))
        assert (await self.next_kind(teacher, "info"))["message"] == "2 tables paused."
        state = await self.state_until(ann, lambda s: s["paused"])
        assert "Paused by the teacher" in state["status"]
        answer = await self.ask(ann, {"kind": "card", "card": self.room.view(held, "ann")["hand"][0]})
        assert answer == {"kind": "error", "message": f"table '{held}' is paused by the teacher: wait until play "
                                                      f"resumes"}
        teacher.write_message(json.dumps({"kind": "pause_all", "paused": False}))
        assert (await self.next_kind(teacher, "info"))["message"] == "2 tables resumed."
        # both boards end; each is held
        for t, user in ((held, "ann"), (paced, "bob")):
            await self.service.call(play_board, self.room, t, user)
        await self.service.push()
        state = await self.state_until(bob, lambda s: s["held"])
        assert state["next_allowed"] and state["totals_line"].startswith("Running total after 1 board")
        # bob presses Next: his table moves on, ann's stays held
        bob.write_message(json.dumps({"kind": "next"}))
        state = await self.state_until(bob, lambda s: s["board_number"] == 2)
        assert not state["held"]
        assert self.room.view(held, "ann")["held"]
        # Next board for all tables: ann's table moves on; bob's is playing
        teacher.write_message(json.dumps({"kind": "next_all"}))
        info = await self.next_kind(teacher, "info")
        assert info["message"] == f"Next board dealt at {held}. Still playing their board: {paced}."
        state = await self.state_until(ann, lambda s: s["board_number"] == 2)
        assert not state["held"]
        for ws in (teacher, ann, bob, lobby, late):
            ws.close()

    @gen_test(timeout=30)
    async def test_alive_answers_a_logged_in_page_only(self):
        ok = await self.http_client.fetch(self.get_url(PREFIX + "api/alive"), headers={"Cookie": "room-test-user=ann"})
        assert ok.code == 200 and json.loads(ok.body) == {"room": "up"}
        with self.assertRaises(HTTPClientError) as refused:
            await self.http_client.fetch(self.get_url(PREFIX + "api/alive"), follow_redirects=False)
        assert refused.exception.code in (302, 403)
