"""Attack pass on the room's new paths (held boards, self-paced Next, the teacher's Next
board): a learner who has held one seat of a board at one table may not be dealt another
seat of it at another table by pressing Next (or by the teacher's Next board): that would
show her a second hand of a board other tables play. Refused in one line, nothing changed."""

from __future__ import annotations

import asyncio

import pytest

from cardkit.room import BoardSeenError, Room

TEACHER = "teach"


def _play_out(room: Room, table: str, user: str) -> None:
    while True:
        legal = room.legal(table, user)
        if not legal:
            return
        room.act(table, user, legal[0])


def _setup(pace: str):
    """ann held North of V-17 at T1 (its board in play), then sat South at T2, whose set
    deals V-4821 then V-17, and finished V-4821 there."""
    room = Room("sqlite://", teachers=[TEACHER])
    t1 = room.open_table("variety", deals=["V-17"])
    room.sit(t1, "ann", "North")
    room.start(t1)
    north = set(room.view(t1, "ann")["hand"])
    room.leave(t1, "ann")
    t2 = room.open_table("variety", deals=["V-4821", "V-17"], pace=pace)
    room.sit(t2, "ann", "South")
    room.start(t2)
    _play_out(room, t2, "ann")
    assert room.view(t2, "ann")["held"]
    return room, t1, t2, north


def test_a_learners_next_never_deals_her_another_seat_of_a_board_she_held():
    room, _t1, t2, north = _setup("self")
    before = room.view(t2, TEACHER)
    with pytest.raises(BoardSeenError, match="has held North at table 'T1'"):
        room.advance(t2, "ann")
    after = room.view(t2, TEACHER)
    assert after["board"]["number"] == before["board"]["number"] == 1 and after["held"]   # nothing changed
    assert not set(room.view(t2, "ann")["hand"]) - north


def test_the_teachers_next_board_is_refused_too_and_next_for_all_says_why():
    room, t1, t2, _ = _setup("teacher")
    with pytest.raises(BoardSeenError, match="unseat"):
        room.next_board(t2, TEACHER)
    done = room.next_board_all(TEACHER)
    assert done["moved"] == [] and len(done["refused"]) == 1 and "'ann'" in done["refused"][0]
    assert room.view(t2, TEACHER)["board"]["number"] == 1
    room.unseat(t2, TEACHER, "South")       # the teacher gives her seat to a bot: the table moves on
    assert room.next_board_all(TEACHER) == {"moved": [t2], "playing": [t1]}


def test_a_learner_who_held_only_this_seat_moves_on():
    """Her own seat of the same board (the same table's set dealing it again) is no refusal."""
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("variety", deals=["V-4821", "V-4821-D1"], pace="self")
    room.sit(t, "ann", "South")
    room.start(t)
    _play_out(room, t, "ann")
    room.advance(t, "ann")
    assert room.view(t, "ann")["board"]["number"] == 2


# ---- a list or an object where a name is expected: one line, never a 500 or an identifier ------

def test_a_teachers_open_with_a_list_for_the_game_is_refused_in_words():
    pytest.importorskip("jupyterhub")
    from types import SimpleNamespace

    from cardkit.room_service import MessageRefused, RoomService

    room = Room("sqlite://", teachers=[TEACHER])
    service = RoomService(room, hub_auth=None)
    sock = SimpleNamespace(page="teacher", table="", user=TEACHER)
    for msg in ({"game": ["variety"]}, {"game": "variety", "bots": ["rule"]}, {"game": {"a": 1}}):
        with pytest.raises(MessageRefused, match="expected"):
            service.respond(sock, "open", {"kind": "open", **msg}, [])
    assert room.tables() == []


def test_api_table_with_a_list_for_the_game_is_a_400_in_one_line():
    pytest.importorskip("jupyterhub")
    import json

    from test_room_editor_sets import TableApiTest

    class Case(TableApiTest):
        def runTest(self):
            for body in ({"game": ["variety"], "deals": ["V-4821"]},
                         {"game": "variety", "deals": ["V-4821"], "bots": {"x": 1}}):
                r = self.post(body)
                error = json.loads(r.body)["error"]
                assert r.code == 400 and "expected" in error and "\n" not in error, (r.code, r.body)
            assert self.room.tables() == []

    case = Case()
    case.setUp()
    try:
        case.runTest()
    finally:
        case.tearDown()


# ---- a page that never reads what the room sends ------------------------------------------------

def _raw_websocket(port: int, path: str, user: str):
    """A websocket handshake by hand, on a socket with a small receive buffer that the test
    then never reads (devtools: a page whose script stopped reading)."""
    import base64
    import os
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nCookie: room-test-user={user}\r\n\r\n")
              .encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head[:80]
    return s


def test_a_page_that_never_reads_is_closed_before_the_room_holds_its_pushes():
    """Before: every push to a page that never read stayed in the room's memory (one learner's
    8 such pages at a self-paced table, playing 10 actions a second, piled up about 0.3 MB a
    second without end: a Variety page's push is 2.7-4.8 KB, 3.6 KB on average; 33 MB held
    here). Now past MAX_UNREAD_BYTES unread the room closes that page (a real page
    reconnects by itself) and holds no more for it."""
    pytest.importorskip("jupyterhub")
    from test_room_service import PREFIX, RoomServiceTest
    from tornado.testing import gen_test

    from cardkit.room_service import MAX_UNREAD_BYTES

    class Case(RoomServiceTest):
        @gen_test(timeout=60)
        async def runTest(self):
            t = self.room.open_table("variety", deals=["V-4821"])
            self.room.sit(t, "ann", "South")
            self.room.start(t)
            raw = await asyncio.get_running_loop().run_in_executor(
                None, _raw_websocket, self.get_http_port(), f"{PREFIX}ws/table/{t}", "ann")
            for _ in range(100):
                page = next((s for s in self.service.sockets if s.ready and s.user == "ann"), None)
                if page is not None:
                    break
                await asyncio.sleep(0.05)
            assert page is not None
            big = {"kind": "announcement", "text": "x" * 60_000}
            for _ in range(600):       # 36 MB if kept
                page.send(big)
                await asyncio.sleep(0)
            stream = page.ws_connection.stream if page.ws_connection is not None else None
            pending = 0 if stream is None else stream._total_write_index - stream._total_write_done_index
            assert pending <= MAX_UNREAD_BYTES + 100_000, pending
            assert page not in self.service.sockets and not page.ready
            raw.close()

    case = Case()
    case.setUp()
    try:
        case.runTest()
    finally:
        case.tearDown()
