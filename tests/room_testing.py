"""What the room service's tests share: the hub's log-in replaced by a cookie that names the
user (:class:`StubAuth`), a room in an in-memory database reachable from the test's thread and
the service's worker thread (:func:`memory_room`), and :class:`RoomPages`, a mixin for tornado's
``AsyncHTTPTestCase`` that serves the room and speaks to its pages (open a page's websocket, send
a message and read the answer, wait for a kind of message, the last one pushed, fetch a page as
a user)."""

from __future__ import annotations

import json

from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from cardkit.room import Room

PREFIX = "/services/room/"
TEACHER = "teach"


class StubAuth:
    """The hub's OAuth, for tests: the cookie ``room-test-user`` names the user (no hub)."""

    login_url = ""          # no log-in page: an unknown user gets 403
    access_scopes = None    # every identified user may use the service
    base_url = "/"

    def get_user(self, handler, sync=True):
        name = handler.get_cookie("room-test-user")

        async def user():
            return {"name": name, "kind": "user"} if name else None

        return user()


def play_out(room: Room, t: str, user: str) -> None:
    """``user`` plays the first legal action until the board in play is over."""
    for _ in range(200):
        legal = room.legal(t, user)
        if not legal:
            break
        room.act(t, user, legal[0])
    assert room.view(t, user)["board"]["over"]


def memory_room(**options) -> Room:
    """A room (teacher :data:`TEACHER`) in one in-memory SQLite database shared by every thread."""
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    return Room(engine, teachers=[TEACHER], **options)


class RoomPages:
    """Mixin for ``tornado.testing.AsyncHTTPTestCase`` (put it first): ``get_app`` makes
    ``self.room`` (:meth:`make_room`) and ``self.service``, served under :data:`PREFIX`."""

    def make_room(self) -> Room:
        return memory_room()

    def get_app(self):
        from cardkit.room_service import RoomService
        self.room = self.make_room()
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=StubAuth())
        return self.service.application()

    def url(self, path: str, ws: bool = False) -> str:
        return self.get_url(PREFIX + path).replace("http://", "ws://" if ws else "http://")

    async def connect(self, path: str, user: str | None):
        """A page's websocket at ``path`` (``"ws/lobby"``) as ``user`` (None: no log-in), and
        the first message it is sent."""
        from cardkit.room_service import SOCKET_MAX_BYTES
        headers = {"Cookie": f"room-test-user={user}"} if user else {}
        ws = await websocket_connect(HTTPRequest(self.url(path, ws=True), headers=headers),
                                     max_message_size=SOCKET_MAX_BYTES * 4)
        return ws, json.loads(await ws.read_message())

    async def ask(self, ws, msg, *, raw: bool = False) -> dict:
        """Send ``msg`` (JSON, or as it is with ``raw``) and read the next message."""
        ws.write_message(msg if raw else json.dumps(msg))
        return json.loads(await ws.read_message())

    async def next_kind(self, ws, kind: str, **match) -> dict:
        """The next message of ``kind`` (whose keys equal ``match``), within 40 messages."""
        for _ in range(40):
            m = json.loads(await ws.read_message())
            if m["kind"] == kind and all(m.get(k) == v for k, v in match.items()):
                return m
        raise AssertionError(f"no {kind} message")

    async def latest_kind(self, ws, kind: str) -> dict:
        """The last message of ``kind`` pushed so far (a ping's pong comes after every push
        already written to that connection)."""
        ws.write_message(json.dumps({"kind": "ping"}))
        last = None
        while True:
            m = json.loads(await ws.read_message())
            if m["kind"] == "pong":
                break
            if m["kind"] == kind:
                last = m
        assert last is not None, f"no {kind} message"
        return last

    def fetch_as(self, path: str, user: str | None):
        headers = {"Cookie": f"room-test-user={user}"} if user else {}
        return self.fetch(PREFIX + path, headers=headers, follow_redirects=False)
