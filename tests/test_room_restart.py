"""The room service as a process (``python -m cardkit.room_service``'s ``main``, with a test-only
stub of the hub's log-in), on SQLite and on PostgreSQL (``room_db_url``: see tests/conftest.py):

* killed mid-board with SIGKILL and started again on the same database, every table resumes
  at the same action, nothing any page was shown is lost, and the boards play on to the end;
* it loads the expert bots' solver kernels before it listens (issue 34, item 7);
* a database it cannot open is one line in its log and exit code 2, no traceback."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")

from cardkit.room import Room

TEACHER = "teach"
PREFIX = "/services/room/"
REPO = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 120   # the solver kernels load (or compile, without numba's cache) before it listens

# The service's main() with the hub's OAuth replaced by a stub: the cookie room-test-user names the user.
SERVE = """
import sys
import cardkit.room_service as rs

class StubAuth:
    login_url = ""
    access_scopes = None
    base_url = "/"

    def get_user(self, handler, sync=True):
        name = handler.get_cookie("room-test-user")

        async def user():
            return {"name": name, "kind": "user"} if name else None

        return user()

rs.HubOAuth = lambda **kw: StubAuth()
sys.exit(rs.main(sys.argv[1:]))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """``python -c SERVE --data-dir … --url … --teacher teach --db-url …``, its log in a file."""

    def __init__(self, tmp_path: Path, db_url: str, tag: str) -> None:
        self.port = free_port()
        self.log = tmp_path / f"room-{tag}.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVE, f"--data-dir={tmp_path / 'data'}",
                 f"--url=http://127.0.0.1:{self.port}", f"--teacher={TEACHER}", f"--db-url={db_url}"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=REPO,
                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        started = time.monotonic()
        while time.monotonic() - started < START_TIMEOUT_S:
            if self.proc.poll() is not None:
                raise AssertionError(f"the room exited with code {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"the room did not listen within {START_TIMEOUT_S} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


async def table_socket(port: int, table: str, user: str):
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{port}{PREFIX}ws/table/{table}"
    return await websocket_connect(HTTPRequest(url, headers={"Cookie": f"room-test-user={user}"}),
                                   max_message_size=1 << 22)


async def next_state(ws) -> dict:
    while True:
        raw = await asyncio.wait_for(ws.read_message(), 60)
        assert raw is not None, "the room closed the connection"
        msg = json.loads(raw)
        assert msg["kind"] != "error", msg
        if msg["kind"] == "state":
            return msg["state"]


async def play(port: int, tables: dict[str, list[str]], moves: int | None) -> dict[str, tuple[int, int]]:
    """Each table's learners act (the first legal action) on their turn until ``moves`` learner
    actions were taken there (None: until the board is over); returns each table's last
    ``(board_number, actions)`` every learner's page was shown, checking the first state
    every page gets."""
    out = {}
    for t, users in tables.items():
        sockets = {u: await table_socket(port, t, u) for u in users}
        states = {u: await next_state(ws) for u, ws in sockets.items()}
        firsts = {(s["board_number"], s["actions"]) for s in states.values()}
        assert len(firsts) == 1, firsts
        taken = 0
        while moves is None or taken < moves:
            mover = next((u for u, s in states.items() if s["your_turn"] and s["legal"]), None)
            if mover is None or any(s["over"] for s in states.values()):
                break
            before = states[mover]["actions"]
            sockets[mover].write_message(json.dumps({"kind": "act", "action": states[mover]["legal"][0]}))
            taken += 1
            for u, ws in sockets.items():   # every page is pushed the state with the action in it
                while True:
                    states[u] = await next_state(ws)
                    if states[u]["actions"] is None or states[u]["actions"] > before or states[u]["over"]:
                        break
        seen = {(s["board_number"], s["actions"], s["over"]) for s in states.values()}
        assert len(seen) == 1, seen
        number, actions, _ = seen.pop()
        out[t] = (number, actions)
        for ws in sockets.values():
            ws.close()
    return out


def test_a_room_killed_mid_board_resumes_every_table_at_the_same_action(tmp_path, room_db_url):
    room = Room(room_db_url, teachers=[TEACHER])
    tables = {
        room.open_table("variety", deals=["V-4821"]): ["ann", "bob"],       # two learners, two rule bots
        room.open_table("warsaw_hearts", deals=["W-17"]): ["cy"],
        room.open_table("armenian_durak", deals=["D-5"]): ["di", "ed"],
    }
    for t, users in tables.items():
        for seat, u in enumerate(users):
            room.sit(t, u, seat)
        room.start(t)
    room.engine.dispose()

    first = Service(tmp_path, room_db_url, "first")
    try:
        shown = asyncio.run(play(first.port, tables, moves=5))
    finally:
        first.kill()                                   # SIGKILL: no shutdown, no flush
    assert all(actions > 0 for _, actions in shown.values()), shown

    stored = Room(room_db_url, teachers=[TEACHER])
    for t, (number, actions) in shown.items():
        rows = stored.board_actions(t, TEACHER, number)
        assert len(rows["actions"]) == actions, (t, rows)  # everything a page was shown, and nothing more
        assert not rows["finished"]
    stored.engine.dispose()

    again = Service(tmp_path, room_db_url, "again")
    try:
        resumed = asyncio.run(play(again.port, tables, moves=0))
        assert resumed == shown                        # every page finds its table at the same action
        ended = asyncio.run(play(again.port, tables, moves=None))
    finally:
        again.stop()
    final = Room(room_db_url, teachers=[TEACHER])
    for t, (number, actions) in ended.items():
        rows = final.board_actions(t, TEACHER, number)
        assert rows["finished"] and len(rows["actions"]) == actions > shown[t][1], (t, rows)
        assert [r["table"] for r in final.results(rows["code"])] == [t]
    final.engine.dispose()


def test_the_room_loads_the_solver_kernels_before_it_listens(tmp_path):
    """In a fresh process: when the room starts listening, every kernel module is loaded."""
    code = """
import sys
import cardkit.room_service as rs
from cardkit.prepare import KERNEL_MODULES

class Listened(Exception):
    pass

class Server:
    def __init__(self, *a, **kw):
        pass

    def listen(self, *a, **kw):
        print("loaded", [m for m in KERNEL_MODULES if m in sys.modules], len(KERNEL_MODULES), flush=True)
        raise Listened

rs.HTTPServer = Server
rs.HubOAuth = lambda **kw: None
try:
    rs.main(sys.argv[1:])
except Listened:
    pass
"""
    out = subprocess.run([sys.executable, "-c", code, f"--data-dir={tmp_path}", "--url=http://127.0.0.1:1"],
                         capture_output=True, text=True, timeout=START_TIMEOUT_S, cwd=REPO)
    line = next((x for x in out.stdout.splitlines() if x.startswith("loaded")), None)
    assert line is not None, out.stdout + out.stderr
    from cardkit.prepare import KERNEL_MODULES

    assert line == f"loaded {list(KERNEL_MODULES)} {len(KERNEL_MODULES)}"
    assert "solver kernels loaded in" in out.stderr


@pytest.mark.parametrize("db_url", ["postgresql://nobody@127.0.0.1:1/none", "nosuchdb://x", "sqlite:///{tmp}/no/such/dir/r.db"])
def test_a_database_that_cannot_be_opened_is_one_line(tmp_path, db_url):
    db_url = db_url.format(tmp=tmp_path)
    out = subprocess.run([sys.executable, "-m", "cardkit.room_service", f"--data-dir={tmp_path}",
                          "--url=http://127.0.0.1:1", f"--db-url={db_url}"],
                         capture_output=True, text=True, timeout=60, cwd=REPO)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "the room's database" in lines[0] and "cannot be opened" in lines[0], lines
