"""The teaching room as a JupyterHub service: ``python -m cardkit.room_service``.

``cardkit-hub`` starts it as the hub service ``room`` (``/services/room/``); a learner
logs in with the hub's own OAuth (:class:`jupyterhub.services.auth.HubOAuth`, no
confirmation page) and costs the server no kernel: every table is a
:class:`cardkit.room.Room` table in this one process, and each page is fed over a
websocket. The pages (HTML and small scripts served here, no CDN):

- ``/services/room/``, the lobby: the tables with their game, bots and set in words ("a
  set of 6 boards, board 2 in play", never the codes) and free seats, a *Sit down* button
  per free seat; a closed table is listed to the teachers only; a teacher also opens a
  table there (a game, and deal codes or a deal-set file for its set, or random boards).
- ``/services/room/table/T1``, the table: the play dashboards' card table
  (``widgets/card_table.js``) drawn from :func:`cardkit.room_table.card_table_state` of the
  learner's own :meth:`~cardkit.room.Room.view`, through a small shim that plays the
  anywidget model (``model.get``, ``set``, ``on("change:state")``, ``send``) over the
  websocket. Only the learner's own cards ever reach the page.
- ``/services/room/teacher``, the teachers' page (403 for anyone else): the class at a
  glance (issue 34, item 3: a grid of every table with its board, whose turn, the time since
  the last action and a warning on a table held up by one person, :meth:`~cardkit.room.Room.overview`;
  a click opens a table large), Next board for all tables, pause and resume every table and
  the announcement every page shows (:meth:`~cardkit.room.Room.next_board_all`,
  :meth:`~cardkit.room.Room.pause_all`, :meth:`~cardkit.room.Room.announce`); every table
  live with all hands, the traveller of each table's board (:meth:`~cardkit.room.Room.results`),
  Start (refused, in words, while nobody sits at the table), Next board, Undo, another
  set of deal codes, Unseat a learner (the seat goes to a bot; :meth:`~cardkit.room.Room.unseat`),
  Seat a learner (a name and a free seat; :meth:`~cardkit.room.Room.seat_learner`), Close
  the table (:meth:`~cardkit.room.Room.close_table`: its people's pages say so), whom
  each table waits for and since when
  (a person idle for :data:`cardkit.room.IDLE_SECONDS`: "South (eve) has not played for
  2 min"), a finished board's actions step by step (the replay), and what each learner
  did in the lessons (issue 23 §4: exercises right and wrong per rules section, problems
  solved and the points lost; :meth:`~cardkit.room.Room.answers_summary`); and the
  session (issue 34): the traveller of every board finished, each seat's matchpoints
  (:meth:`~cardkit.room.Room.travellers`), the learners ranked by average matchpoints per
  game, links to the exports and the hand records.
- ``/services/room/export/results.csv`` and ``export/answers.csv`` (GET, teachers only:
  403 for anyone else): the results (:meth:`~cardkit.room.Room.export_csv`) and the lessons'
  answers (:meth:`~cardkit.room.Room.export_answers_csv`) as CSV files to download
  (``Content-Disposition: attachment``).
- ``/services/room/records`` (GET, teachers only; ``?table=T1``: that table's set, else
  every board finished): the hand records to print (:class:`RecordsPage`).
- ``/services/room/api/alive`` (GET): ``{"room": "up"}`` to a logged-in user, the hub's log-in
  redirect to anyone else (:class:`AliveHandler`): a page whose websocket dropped asks it before
  reconnecting (issue 34, item 9: while the room restarts the hub's proxy answers 503 and the
  page says "The room is restarting…").
- ``/services/room/api/answer`` (POST, no page): a lesson's answer, sent from the learner's
  kernel by :mod:`cardkit.room_report` with the learner's server token
  (``Authorization: token ...``; :class:`AnswerHandler`).
- ``/services/room/api/table`` (POST, no page, teachers only): the deal editor's *Send to
  the room* (:mod:`cardkit.room_send`) opens a table with its set, authenticated as an
  answer is, by the teacher's server token (:class:`TableApiHandler`); a learner's token
  gets 403 and one line.

**The websocket** (``ws/lobby``, ``ws/table/<id>``, ``ws/teacher``) is authenticated on
its handshake (the OAuth cookie; 403 without it, for a table the user does not sit at, and
for the teacher's socket of a learner) and every message is checked again against the
seat and table the user holds now. Messages are small JSON objects (``{"kind": "act",
"action": "QH"}``, the card table's ``{"kind": "card", "card": "QH"}``, ``{"kind": "sit",
"table": "T1", "seat": "South"}``, ...; :data:`MESSAGES`). A message that is not JSON, not
one of the page's kinds, carries an unknown key, is longer than :data:`MAX_MESSAGE_BYTES`,
names another table or seat, or is refused by the room (not your turn, an illegal card:
the engine's words) is answered with one line ``{"kind": "error", "message": ...}`` to
that connection only, and logged; nothing changes and the table goes on for everyone else.
A message past :data:`SOCKET_MAX_BYTES` closes the connection (tornado's
``websocket_max_message_size``). Each connection has a token bucket
(:class:`TokenBucket`, :data:`RATE` messages a second, bursts of :data:`BURST`): a flood
is dropped and logged, and after :data:`FLOOD_CLOSE` dropped messages the connection is
closed. Every message and answer is read by :func:`read_json` (not JSON, ``NaN``, or text that
is not valid Unicode, such as a lone surrogate: one line, nothing changed). A user opens at
most :data:`CONNECT_BURST` pages and websockets at once, :data:`CONNECT_RATE_PER_MINUTE` a
minute after that (past it: 429 in one line, answered after :data:`CONNECT_REFUSAL_DELAY`).
A finished board is held on every page until the teacher moves the table on (item 11; at a
self-paced table a seated learner's ``{"kind": "next"}``, :meth:`~cardkit.room.Room.advance`).
Each change is pushed: an action at a table to that table's pages (each its own view),
the teachers (that table's row, and the rows of the tables whose traveller it changed) and
the lobbies (when their list changed); anything else to every page.

Usage (the hub sets ``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_SERVICE_URL``,
``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL``, ``JUPYTERHUB_CLIENT_ID``, ...)::

    python -m cardkit.room_service --data-dir DIR [--teacher NAME ...] [--db-url URL] [--lang ru]
        [--trust-proxy-headers]

The database is ``<data dir>/room.sqlite`` unless ``--db-url`` or ``CARDKIT_ROOM_DB_URL``
names another (``postgresql://...`` on Zero to JupyterHub). Server glue: imported by no
other cardkit module (``tests/test_no_ui_import.py``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import secrets
import signal
import sys
import threading
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from importlib.util import find_spec
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuth
from sqlalchemy.exc import SQLAlchemyError
from tornado import web
from tornado.httpserver import HTTPServer

from cardkit.core._checks import is_whole
from cardkit.core.codes import board_identity, deal_from_code
from cardkit.core.errors import CardkitError, log_thinned, quote
from cardkit.i18n import LANGUAGES, N_, Translation, translation
from cardkit.table.table_session import jsonable, seat_names
from cardkit.wording import card_code_in

from .handlers import (
    AliveHandler,
    AnswerHandler,
    ExportHandler,
    LobbyPage,
    OAuthCallback,
    OwnAnswersHandler,
    RecordsPage,
    TableApiHandler,
    TablePage,
    TeacherPage,
    identify,  # noqa: F401
    lang_of,  # noqa: F401
)
from .lang import game_title, seat_word
from .limits import (
    ANSWER_BURST,
    ANSWER_KEYS,
    ANSWER_RATE,
    AUTH_CONCURRENCY,
    AUTH_HEADER,  # noqa: F401
    AUTH_WAIT_SECONDS,
    BURST,
    CONNECT_BURST,
    CONNECT_HELD,
    CONNECT_RATE_PER_MINUTE,
    CONNECT_REFUSAL_DELAY,
    FAIL_BURST,
    FAIL_RATE,
    FAILED_TOKEN_SECONDS,  # noqa: F401
    FLOOD_CLOSE,
    GOOD_TOKEN_SECONDS,  # noqa: F401
    MAX_ANSWER_BYTES,
    MAX_MESSAGE_BYTES,
    MAX_REMEMBERED,  # noqa: F401
    MAX_SOCKETS_PER_USER,
    MAX_TABLE_BYTES,
    MAX_UNREAD_BYTES,
    RATE,
    REFUSALS_LOGGED,
    SERVER_SETTINGS,
    SESSION_COOKIES,
    SOCKET_MAX_BYTES,
    TABLE_ID,
    TABLE_KEYS,
)
from .messages import (
    ACTS,  # noqa: F401
    BOT_KINDS,
    BOT_WORDS,  # noqa: F401
    ENGLISH,  # noqa: F401
    GAME_TITLES,
    MESSAGES,
    SAID_BY_CLASS,  # noqa: F401
    MessageRefused,
    Scope,
    TeacherScope,
    TokenBucket,
    bot_words,
    codes_said,
    deal_list,
    for_learner,
    forget_oldest,
    merge_scopes,
    no_constant,  # noqa: F401
    one_line,
    plays_board,
    read_json,
    said_words,  # noqa: F401
    set_words,
    sock_lang,
    traveller_line,
)
from .records import DD_MAX_NODES, DD_SECONDS, dd_summary, ranking
from .rooms import PACES, NotSeatedError, Room, learners_only
from .sockets import (
    UNREADABLE,  # noqa: F401
    RoomSocket,
)
from .startup import build_parser, cookie_secret, warm_expert_bots
from .table import card_table_state, page_action

__all__ = ["RoomService", "TokenBucket", "MESSAGES", "MAX_MESSAGE_BYTES", "SOCKET_MAX_BYTES", "RATE", "BURST",
           "FLOOD_CLOSE", "MAX_SOCKETS_PER_USER", "MAX_UNREAD_BYTES", "MAX_ANSWER_BYTES", "MAX_TABLE_BYTES",
           "TABLE_KEYS", "ANSWER_RATE", "ANSWER_BURST", "ANSWER_KEYS", "AUTH_CONCURRENCY", "FAIL_RATE", "FAIL_BURST",
           "CONNECT_RATE_PER_MINUTE", "CONNECT_BURST", "CONNECT_REFUSAL_DELAY", "read_json", "for_learner", "main"]

#: the older private name of :func:`~cardkit.room.messages.deal_list` (tests read it)
_deals = deal_list

log = logging.getLogger("cardkit.room_service")


_HERE = Path(__file__).resolve().parent
STATIC_DIR = _HERE / "static"


def _widgets_dir() -> Path:
    """The folder of ``card_table.js`` and ``card_table.css`` (the ``cardkit_widgets``
    package, found without importing it)."""
    spec = find_spec("cardkit_widgets")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return _HERE.parent / "widgets"  # pragma: no cover - a checkout without the install


# ---- the service ------------------------------------------------------------------------------

class RoomService:
    """The room behind the pages: a :class:`~cardkit.room.Room`, the open connections and
    a worker thread for the room's calls (the bots think there, not in the event loop).

    :param room: the room (its ``teachers`` are the teachers of every page).
    :param prefix: the service's address prefix (``/services/room/``).
    :param hub_auth: a :class:`jupyterhub.services.auth.HubOAuth` (or, in tests, an
        object with its ``get_user(handler, sync=False)``, ``login_url`` and
        ``access_scopes``).
    :param lang: the class's language, ``"en"`` or ``"ru"`` (:func:`cardkit.room.lang.page_lang`:
        a page's own ``?lang=``, cookie and ``Accept-Language`` come first); another is English.
    :param pseudo: let a page ask for the tests' pseudo-language ``qps`` (tests only).
    """

    def __init__(self, room: Room, *, prefix: str = "/services/room/", hub_auth: Any = None,
                 trust_proxy_headers: bool = False, dd_seconds: float = DD_SECONDS,
                 dd_max_nodes: int = DD_MAX_NODES, dd_in_process: bool = True, lang: str = "en",
                 pseudo: bool = False) -> None:
        self.room = room
        #: the class's language (``--lang``): a page's language when neither its address, its
        #: cookie nor the browser's ``Accept-Language`` names one the room speaks
        self.lang = lang if lang in LANGUAGES else "en"
        #: whether the tests' pseudo-language ``qps`` may be asked for (``?lang=qps``; tests only)
        self.pseudo = bool(pseudo)
        #: the hand records' double-dummy budget per board (:func:`cardkit.room_records.dd_summary`)
        self.dd_seconds, self.dd_max_nodes = float(dd_seconds), int(dd_max_nodes)
        #: board identity -> its double-dummy summary, computed once (:meth:`double_dummy`)
        self.dd_cache: dict[str, dict | None] = {}
        self._dd_pending: dict[str, asyncio.Future] = {}
        self._dd_in_process = bool(dd_in_process)
        self._dd_executor: Executor | None = None
        self.prefix = prefix if prefix.endswith("/") else prefix + "/"
        self.hub_auth = hub_auth
        #: whether a client's address is read from ``X-Real-IP`` / ``X-Forwarded-For``
        #: (:meth:`server_settings`); off unless told: anyone can send those headers. The
        #: address is only logged: no limit of the room counts by address.
        self.trust_proxy_headers = bool(trust_proxy_headers)
        self.sockets: set[RoomSocket] = set()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="cardkit-room")
        #: every message refused, as (user, page, kind, message), the last 1,000 (for tests and logs)
        self.refusals: list[tuple[str, str, str, str]] = []
        self._refusal_counts: dict[str, int] = {}  # refusals per user, for the log's limit
        #: the answers' rate limit per learner
        self.answer_buckets: dict[str, TokenBucket] = {}
        #: answers' tokens (their sha256): those the hub did not know -> when; those it
        #: confirmed -> (when, the hub's user model); those being looked up now -> the look-up
        self.failed_tokens: dict[str, float] = {}
        self.good_tokens: dict[str, tuple[float, dict]] = {}
        self.lookups: dict[str, asyncio.Future] = {}
        #: the hub look-ups under way (at most AUTH_CONCURRENCY) and those waiting, in order
        self._asking = 0
        self._waiting: deque[asyncio.Future] = deque()
        #: unknown tokens per sender (a connection, a hub log-in cookie): a rate limit each
        self.fail_buckets: dict[str, TokenBucket] = {}
        self._connections: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        #: page GETs and websocket opens per user (CONNECT_RATE_PER_MINUTE)
        self.connect_buckets: dict[str, TokenBucket] = {}
        self._connects_refused: dict[str, int] = {}
        self._held = 0
        #: the messages' rate limit, one per user over all their connections
        self.message_buckets: dict[str, TokenBucket] = {}
        self._opened = 0
        #: board code -> its traveller (Room.results), as the teachers' rows last showed it: read
        #: again once a board finishes or on any whole-page push (a teacher's control, a seat)
        self._travellers: dict[str, list[dict]] = {}
        #: the changes waiting for the teachers' next rows (:meth:`push_teachers`), or None
        self._teacher_scopes: list[Scope | None] | None = None
        self._teacher_lock = threading.Lock()

    async def double_dummy(self, code: str) -> dict | None:
        """The double-dummy summary of a Variety board for its hand record
        (:func:`cardkit.room_records.dd_summary`, within :attr:`dd_seconds` and
        :attr:`dd_max_nodes`), computed once per board (its
        :func:`~cardkit.codes.board_identity`) and cached; None for another game. The search
        runs in a process of its own (``dd_in_process``; else a thread), never in the room's
        worker nor the event loop: the tables go on meanwhile."""
        key = board_identity(code)
        if key in self.dd_cache:
            return self.dd_cache[key]
        pending = self._dd_pending.get(key)
        if pending is None:
            if self._dd_executor is None:
                self._dd_executor = (ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
                                     if self._dd_in_process else ThreadPoolExecutor(1, thread_name_prefix="cardkit-dd"))
            pending = asyncio.get_running_loop().run_in_executor(
                self._dd_executor, partial(dd_summary, key, seconds=self.dd_seconds, max_nodes=self.dd_max_nodes))
            self._dd_pending[key] = pending
        try:
            result = await asyncio.shield(pending)
        finally:
            self._dd_pending.pop(key, None)
        forget_oldest(self.dd_cache)
        self.dd_cache[key] = result
        return result

    def close(self) -> None:
        """Stop the double-dummy process (if one was started) and the room's worker thread."""
        if self._dd_executor is not None:
            self._dd_executor.shutdown(wait=True, cancel_futures=True)
            self._dd_executor = None
        self._executor.shutdown(wait=False)

    def server_settings(self) -> dict[str, Any]:
        """The keyword arguments of the :class:`tornado.httpserver.HTTPServer` that serves
        :meth:`application`: :data:`SERVER_SETTINGS`, with ``xheaders`` only when the
        service trusts its proxy (``trust_proxy_headers``)."""
        return {**SERVER_SETTINGS, "xheaders": self.trust_proxy_headers}

    async def call(self, fn: Callable, *args, **kwargs):
        """``fn(*args, **kwargs)`` in the room's worker thread (one call at a time)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(fn, *args, **kwargs))

    def application(self, **settings) -> web.Application:
        """The tornado application: the pages, the websockets, the static files and the
        OAuth callback, under :attr:`prefix`."""
        p = self.prefix
        kw = {"service": self}
        routes: list[Any] = [
            (p, LobbyPage, kw),
            (p + "teacher", TeacherPage, kw),
            (p + rf"table/({TABLE_ID})", TablePage, kw),
            (p + r"ws/(lobby|teacher)", RoomSocket, kw),
            (p + rf"ws/(table)/({TABLE_ID})", RoomSocket, kw),
            (p + r"static/(card_table\.(?:js|css))", web.StaticFileHandler, {"path": str(_widgets_dir())}),
            (p + r"static/(room\.(?:js|css)|records\.css)", web.StaticFileHandler, {"path": str(STATIC_DIR)}),
            (p + r"export/(results|answers)\.csv", ExportHandler, kw),
            (p + "records", RecordsPage, kw),
            (p + "oauth_callback", OAuthCallback, kw),
            (p + "api/answer", AnswerHandler, kw),
            (p + "api/answers/mine", OwnAnswersHandler, kw),   # issue 33: her own, read-only
            (p + "api/alive", AliveHandler, kw),
            (p + "api/table", TableApiHandler, kw),
        ]
        settings.setdefault("cookie_secret", secrets.token_bytes(32))
        settings.setdefault("websocket_max_message_size", SOCKET_MAX_BYTES)
        settings.setdefault("xsrf_cookies", False)  # pages send nothing but the websocket's messages
        return web.Application(routes, **settings)

    def message_bucket(self, user: str) -> TokenBucket:
        """The user's rate limit for websocket messages (:data:`RATE`, :data:`BURST`), shared by
        all their connections."""
        bucket = self.message_buckets.get(user)
        if bucket is None:
            if len(self.message_buckets) > 10_000:
                self.message_buckets.clear()
            bucket = self.message_buckets[user] = TokenBucket()
        return bucket

    def may_connect(self, user: str) -> bool:
        """Whether ``user`` may open one more page or websocket now (takes one of their
        :data:`CONNECT_BURST`, refilled at :data:`CONNECT_RATE_PER_MINUTE` a minute)."""
        bucket = self.connect_buckets.get(user)
        if bucket is None:
            forget_oldest(self.connect_buckets)
            bucket = self.connect_buckets[user] = TokenBucket(CONNECT_RATE_PER_MINUTE / 60.0, CONNECT_BURST)
        if bucket.take():
            self._connects_refused.pop(user, None)
            return True
        return False

    async def refused_connection(self, user: str, page: str, message: str) -> None:
        """:meth:`refused` for a connection past :meth:`may_connect`: the first of a run and
        every 100th are logged (a loop of them is not a loop of log lines); returns after
        :data:`CONNECT_REFUSAL_DELAY` (at once past :data:`CONNECT_HELD` waiting)."""
        n = self._connects_refused[user] = self._connects_refused.get(user, 0) + 1
        if n % 100 == 1:
            self.refused(user, page, "connect", message if n == 1 else f"{message} ({n:,} refused so far)")
        if self._held < CONNECT_HELD:
            self._held += 1
            try:
                await asyncio.sleep(CONNECT_REFUSAL_DELAY)
            finally:
                self._held -= 1

    def senders(self, request) -> list[str]:
        """Who sent ``request``, for the limits on unknown tokens: its TCP connection (a
        kept-alive connection is one sender) and the hub log-in cookies it carries. Never
        its address (every kernel, and the hub's proxy, is 127.0.0.1 on one machine)."""
        keys = []
        stream = getattr(request.connection, "stream", None)
        if stream is not None:
            serial = self._connections.get(stream)
            if serial is None:
                serial = self._connections[stream] = secrets.token_hex(8)
            keys.append(f"connection {serial}")
        names = [*SESSION_COOKIES, getattr(self.hub_auth, "cookie_name", None)]
        for name in names:
            value = request.cookies.get(name) if isinstance(name, str) else None
            if value is not None and value.value:
                keys.append(f"cookie {hashlib.sha256(value.value.encode()).hexdigest()[:32]}")
        return keys

    def fail_bucket(self, sender: str) -> TokenBucket:
        bucket = self.fail_buckets.get(sender)
        if bucket is None:
            forget_oldest(self.fail_buckets)
            bucket = self.fail_buckets[sender] = TokenBucket(FAIL_RATE, FAIL_BURST)
        return bucket

    async def look_up(self, token: str) -> dict | None:
        """The hub's user model of ``token`` (None: the hub does not know it), asking the hub
        at most once at a time per token and at most :data:`AUTH_CONCURRENCY` look-ups at
        once (the others wait, in order). :class:`TimeoutError` after waiting
        :data:`AUTH_WAIT_SECONDS` for a turn; the hub's own errors are raised."""
        key = hashlib.sha256(token.encode()).hexdigest()
        pending = self.lookups.get(key)
        if pending is None:
            pending = self.lookups[key] = asyncio.ensure_future(self._ask_hub(token))
            pending.add_done_callback(lambda _f: self.lookups.pop(key, None))
        return await asyncio.shield(pending)

    async def _ask_hub(self, token: str) -> dict | None:
        if self._asking < AUTH_CONCURRENCY and not self._waiting:
            self._asking += 1
        else:
            turn = asyncio.get_running_loop().create_future()
            self._waiting.append(turn)
            try:
                await asyncio.wait_for(turn, AUTH_WAIT_SECONDS)   # _next_turn hands its place over
            except BaseException:
                if turn.done() and not turn.cancelled():
                    self._next_turn()
                turn.cancel()
                raise
        try:
            return await self.hub_auth.user_for_token(token, sync=False)
        finally:
            self._next_turn()

    def _next_turn(self) -> None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self._asking -= 1

    def admit(self, sock: RoomSocket) -> None:
        """Count ``sock`` among the open connections; past :data:`MAX_SOCKETS_PER_USER` of its
        user, close the oldest of them."""
        self._opened += 1
        sock.opened = self._opened
        self.sockets.add(sock)
        mine = sorted((s for s in self.sockets if s.user == sock.user and s.ready), key=lambda s: s.opened)
        for old in mine[:max(0, len(mine) - MAX_SOCKETS_PER_USER)]:
            log.warning("closing an old connection of %r: more than %d pages open", old.user, MAX_SOCKETS_PER_USER)
            old.ready = False
            self.sockets.discard(old)
            old.close(1008, f"more than {MAX_SOCKETS_PER_USER} pages open: this one was closed")

    def is_teacher(self, user: str) -> bool:
        return user in self.room.teachers

    def refused(self, user: str, page: str, kind: str, message: str) -> None:
        """Keep a refusal (the last 1,000) and log it: each user's (``"?"``: senders of no or
        made-up tokens, together) first :data:`REFUSALS_LOGGED` refusals, then every 1,000th,
        so that a flood of refused requests cannot fill the hub's log (the attack pass of issue
        32: 8,598 made-up tokens in 36 s wrote 5.6 MB)."""
        self.refusals.append((user, page, kind, message))
        del self.refusals[:-1000]
        if len(self._refusal_counts) >= 10_000 and user not in self._refusal_counts:
            self._refusal_counts.clear()
        n = self._refusal_counts[user] = self._refusal_counts.get(user, 0) + 1
        if log_thinned(n, REFUSALS_LOGGED):
            log.warning("refused %s from %r on the %s page: %s (%d so far)", kind, user, page, message, n)

    # ---- what each page is sent (in the worker thread) ---------------------------------------

    def seat_of(self, user: str) -> tuple[str, int] | None:
        for t in self.room.tables():
            for s, player in enumerate(t["seats"]):
                if player == user:
                    return t["table"], s
        return None

    def lobby_payload(self, user: str, tables: list[dict] | None = None, lang: str = "en") -> dict:
        """The lobby's list: per table its game, seats (and who holds them), ``bots`` and
        ``set`` in words ("rule bots", "a set of 6 boards, board 2 in play"; never the
        codes). A closed table is listed to the teachers only (``closed``). In ``lang``: the
        words, the titles and each seat's ``label`` (its ``name`` stays the one a message
        sends)."""
        tr = translation(lang)
        teacher = self.is_teacher(user)
        rows, you = [], None
        for t in self.room.tables() if tables is None else tables:
            if t.get("closed") and not teacher:
                continue
            names = seat_names(t["players"])
            seats = [{"seat": s, "name": names[s], "player": p, "free": p is None or p == "bot"}
                     for s, p in enumerate(t["seats"])]
            if lang != "en":
                for seat in seats:
                    seat["label"] = seat_word(seat["name"], tr)
            for s, p in enumerate(t["seats"]):
                if p == user:
                    you = {"table": t["table"], "seat": s, "name": seat_word(names[s], tr)}
            row = {"table": t["table"], "game": t["game"], "title": game_title(GAME_TITLES[t["game"]], tr),
                   "started": t["started"], "over": t["over"], "held": t["held"], "paused": t["paused"],
                   "seats": seats, "free": [seat_word(s["name"], tr) for s in seats if s["free"]],
                   "bots": bot_words(t["bots"], tr), "set": set_words(t, tr), "closed": bool(t.get("closed"))}
            if teacher:
                row["board"] = t["board"]
            rows.append(row)
        return {"kind": "lobby", "user": user, "teacher": teacher, "tables": rows, "you": you,
                "games": [{"name": k, "title": game_title(v, tr)} for k, v in GAME_TITLES.items()] if teacher else []}

    def table_payload(self, table: str, user: str, lang: str = "en") -> dict:
        """A table page's state (:func:`card_table_state` in ``lang``), or ``gone`` with the
        line that says why the user no longer sits there."""
        tr = translation(lang)
        try:
            view = self.room.view(table, user)
        except NotSeatedError:
            notice = self.room.seat_notice(table, user, tr)   # a teacher's unseat says so
            if notice is None and self.room.tables(only=table)[0]["closed"]:
                notice = tr.gettext("The teacher closed table {table}.").format(table=table)
            return {"kind": "gone",
                    "message": notice or tr.gettext("You no longer sit at table {table}.").format(table=table),
                    "lobby": self.prefix}
        return {"kind": "state", "state": card_table_state(view, tr)}

    def teacher_payload(self, user: str, scope: TeacherScope | None = None, tables: list[dict] | None = None,
                        lang: str = "en") -> dict:
        """Every table's row for the teachers' page; with ``scope`` ``(table, codes)``
        only that table's row (or those of a set of tables) and those of the tables playing
        one of ``codes`` (their traveller changed), marked ``partial`` (the page keeps the
        other rows). ``tables``: :meth:`Room.tables`, if read already. In ``lang``: the
        words, titles and seats' ``labels`` (``names`` stay the ones a message sends)."""
        tr = translation(lang)
        out = []
        if scope is None or scope[1]:
            self._travellers.clear()   # a board finished, or anything else changed: read them again
        wanted = set() if scope is None else {scope[0]} if isinstance(scope[0], str) else set(scope[0])
        if tables is None:
            if scope is not None and not scope[1]:   # those tables only (each one read, not every table)
                tables = sorted((row for tid in wanted for row in self.room.tables(only=tid)),
                                key=lambda row: (len(row["table"]), row["table"]))
            else:
                tables = self.room.tables()
        for t in tables:
            if scope is not None and t["table"] not in wanted and not plays_board(t["board"], scope[1]):
                continue
            view = self.room.view(t["table"], user, everything=True)  # every hand, seated or not
            board = view["board"]
            traveller = []
            if board is not None:
                rows = self._travellers.get(board["code"])
                if rows is None:
                    forget_oldest(self._travellers)
                    rows = self._travellers[board["code"]] = self.room.results(board["code"])
                names = seat_names(t["players"])
                traveller = [traveller_line(r, names, tr) for r in rows]
            line = self.room.overview(user, t["table"])[0]
            row = {"table": t["table"], "game": t["game"], "title": game_title(GAME_TITLES[t["game"]], tr),
                   "started": t["started"], "over": t["over"], "closed": bool(t.get("closed")),
                   "bots": bot_words(t["bots"], tr), "set": set_words(t, tr),
                   "code": None if board is None else board["code"],
                   "number": None if board is None else board["number"],
                   "seats": t["seats"], "names": list(seat_names(t["players"])),
                   "scores": view["scores"], "state": card_table_state(view, tr), "traveller": traveller,
                   "waiting": line["waiting"], "overview": line}
            if lang != "en":
                row["labels"] = [seat_word(n, tr) for n in row["names"]]
                line = row["overview"] = {**line, "title": row["title"]}
                if line.get("turn"):
                    line["turn_label"] = seat_word(line["turn"], tr)
                if line.get("waiting"):
                    line["waiting"] = {**line["waiting"], "label": seat_word(line["waiting"]["name"], tr)}
                if row["waiting"]:
                    row["waiting"] = {**row["waiting"], "label": seat_word(row["waiting"]["name"], tr)}
            out.append(row)
        payload = {"kind": "teacher", "user": user, "tables": out, "partial": scope is not None,
                   "games": [{"name": k, "title": game_title(v, tr)} for k, v in GAME_TITLES.items()]}
        if scope is None:
            payload["learners"] = self.learners_words(self.room.answers_summary(user), lang)
        if scope is None or scope[1]:  # every traveller: a board finished, or the whole page
            payload["session"] = self.session_payload(tables, lang)
        return payload

    @staticmethod
    def learners_words(summary: dict[str, dict], lang: str = "en") -> dict[str, dict]:
        """:meth:`Room.answers_summary` with, in a language other than English, each
        problem line's points lost in words (``lost``: "2 points lost", with its plural)."""
        if lang == "en":
            return summary
        tr = translation(lang)
        out = {}
        for name, who in summary.items():
            problems = {}
            for lesson, c in (who.get("problems") or {}).items():
                p = c.get("points_lost") or 0
                shown = round(p * 10) / 10
                n = int(shown) if float(shown).is_integer() else 5   # a fraction takes the form of 5
                problems[lesson] = {**c, "lost": tr.ngettext("{points} point lost", "{points} points lost", n).format(
                    points=f"{int(shown)}" if float(shown).is_integer() else f"{shown}".replace(".", ","))}
            out[name] = {**who, "problems": problems}
        return out

    def session_payload(self, tables: list[dict] | None = None, lang: str = "en") -> dict:
        """The session on the teachers' page (issue 34, items 1, 12): ``boards``, the
        traveller of every board finished (:meth:`Room.travellers`, each row with its
        seats' matchpoints), ``rankings``, the learners ranked by average matchpoints per
        game, and ``tables`` (their ids and games: the hand records of each set)."""
        tr = translation(lang)
        boards: list[dict] = []
        by_game: dict[str, list[list[dict]]] = {}
        for b in self.room.travellers():
            names = seat_names(b["players"])
            board = {"code": b["code"], "game": b["game"], "title": game_title(GAME_TITLES[b["game"]], tr),
                     "names": [seat_word(n, tr) for n in names],
                     "rows": [traveller_line(r, names, tr) for r in b["rows"]]}
            if lang != "en":
                n = len(b["rows"])
                board["head"] = tr.ngettext("Board {code} · {title} · played at {n} table",
                                            "Board {code} · {title} · played at {n} tables", n).format(
                    code=b["code"], title=board["title"], n=n)
            boards.append(board)
            by_game.setdefault(b["game"], []).append(b["rows"])
        rankings = [{"game": g, "title": game_title(GAME_TITLES[g], tr),
                     "rows": ranking(learners_only(r) for r in rows)} for g, rows in by_game.items()]
        listed = self.room.tables() if tables is None else tables
        return {"boards": boards, "rankings": rankings,
                "tables": [{"table": t["table"], "title": game_title(GAME_TITLES[t["game"]], tr)} for t in listed]}

    def record_answer(self, user: str, answer: dict[str, Any]) -> dict[str, dict]:
        """Store a lesson's answer for ``user`` (the token's owner) and return the summary
        the teachers' pages are sent (:meth:`Room.answers_summary`)."""
        a: Any = answer  # the room checks every field's type
        self.room.record_answer(user, a.get("kind"), lesson=a.get("lesson", ""), section=a.get("section", ""),
                                item=a.get("item"), right=a.get("right"), points_lost=a.get("points_lost"))
        teachers = sorted(self.room.teachers)
        return self.room.answers_summary(teachers[0]) if teachers else {}

    def broadcast(self, payload: dict) -> None:
        """Send ``payload`` to every open page (the teacher's announcement)."""
        for sock in [s for s in self.sockets if s.ready]:
            sock.send(payload)

    async def answered(self, summary: dict[str, dict]) -> None:
        """Send the teachers' pages what each learner did (one message, the whole summary)."""
        for sock in [s for s in self.sockets if s.ready and s.page == "teacher"]:
            sock.send({"kind": "answers", "learners": self.learners_words(summary, sock_lang(sock))})

    def payloads(self, sockets: Sequence[RoomSocket], scope: Scope | None = None) -> list[tuple[RoomSocket, dict]]:
        """What each of ``sockets`` is sent now; with ``scope`` ``(table, codes)`` (an
        action at that table) only that table's pages, the lobbies and the teachers' rows
        of :meth:`teacher_payload` (``scope``)."""
        with self.room.batch():   # each table read once, whatever number of pages show it
            return self._payloads(sockets, scope)

    def respond(self, sock: RoomSocket, kind: str, msg: dict[str, Any], sockets: Sequence[RoomSocket]
                ) -> tuple[Any, list[tuple[RoomSocket, dict]], Scope | None]:
        """:meth:`handle` a message, then (in the same call, one batch of reads: each table
        read once) what each of ``sockets`` but the teachers' pages is to be sent now
        (:meth:`payloads`): a change reaches the players' pages as soon as it is stored, not
        after the messages queued behind it. Returns the answer to the sender (or None), the
        pages' payloads, and the scope of the change for the teachers' pages (sent next:
        :meth:`push_teachers`)."""
        with self.room.batch():
            answer, scope = self.handle(sock, kind, msg)
            players = [s for s in sockets if s.page != "teacher"]
            pushes = self._payloads(players, scope) if kind not in ("ping", "replay", "announce") else []
        return answer, pushes, scope

    async def push_teachers(self, scope: Scope | None) -> None:
        """Send the teachers' pages their rows after a change (``scope``, :meth:`payloads`).
        While one such push waits for the worker, the changes that come meanwhile join it:
        under a burst of actions the teachers' rows are built once for all of them (the
        players' pages are never held back for them)."""
        users = sorted({(s.user, sock_lang(s)) for s in self.sockets if s.ready and s.page == "teacher"})
        if not users:
            return
        with self._teacher_lock:
            if self._teacher_scopes is not None:
                self._teacher_scopes.append(scope)
                return
            self._teacher_scopes = [scope]
        try:
            rows = await self.call(self._teacher_rows, users)
        except Exception as e:  # noqa: BLE001 - a table gone meanwhile: the next push says it all
            with self._teacher_lock:
                self._teacher_scopes = None
            log.warning("the teachers' rows could not be built: %s", one_line(e))
            return
        for sock in [s for s in self.sockets if s.ready and s.page == "teacher" and (s.user, sock_lang(s)) in rows]:
            sock.send(rows[sock.user, sock_lang(sock)])

    def _teacher_rows(self, users: Sequence[tuple[str, str]]) -> dict[tuple[str, str], dict]:
        """The teachers' payloads for every change waiting (:meth:`push_teachers`), per
        (user, language)."""
        with self._teacher_lock:
            scopes, self._teacher_scopes = self._teacher_scopes or [], None
        scope = merge_scopes(scopes)
        with self.room.batch():
            return {(u, lang): self.teacher_payload(u, scope, lang=lang) for u, lang in users}

    def _payloads(self, sockets: Sequence[RoomSocket], scope: Scope | None = None) -> list[tuple[RoomSocket, dict]]:
        out: list[tuple[RoomSocket, dict]] = []
        tables = self.room.tables() if any(s.page == "lobby" for s in sockets) or (scope and scope[1]) else None
        # the tables whose page changed: the one acted at, and (a board finished) those playing
        # that board, whose learners may now be shown its code and result
        touched = None if scope is None else {scope[0], *(t["table"] for t in tables or ()
                                                           if plays_board(t["board"], scope[1]))}
        teacher_cache: dict[tuple[str, str], dict] = {}
        # (page, table, user, language): one payload for a user's pages in one language
        cache: dict[tuple[str, str, str, str], dict] = {}
        for s in sockets:
            try:
                key = (s.page, s.table, s.user, sock_lang(s))
                if key in cache and s.page != "teacher":
                    out.append((s, cache[key]))
                elif s.page == "lobby":
                    cache[key] = self.lobby_payload(s.user, tables, sock_lang(s))
                    out.append((s, cache[key]))
                elif s.page == "table":
                    if touched is None or s.table in touched:
                        cache[key] = self.table_payload(s.table, s.user, sock_lang(s))
                        out.append((s, cache[key]))
                else:
                    if (s.user, sock_lang(s)) not in teacher_cache:
                        teacher_cache[s.user, sock_lang(s)] = self.teacher_payload(s.user, scope, tables, sock_lang(s))
                    out.append((s, teacher_cache[s.user, sock_lang(s)]))
            except CardkitError as e:  # pragma: no cover - a table gone from the database
                out.append((s, {"kind": "error", "message": one_line(e)}))
        return out

    async def push(self, scope: Scope | None = None) -> None:
        """Send every connection its page's new state (with ``scope``, see :meth:`payloads`).
        A lobby is sent its list only when it changed."""
        sockets = [s for s in self.sockets if s.ready]
        self.deliver(await self.call(self.payloads, sockets, scope))

    def deliver(self, pushes: Sequence[tuple[RoomSocket, dict]]) -> None:
        """Send each page its payload (in the event loop); a lobby only when its list changed,
        a page closed meanwhile nothing."""
        for sock, payload in pushes:
            if not sock.ready:
                continue
            if sock.page == "lobby":
                text = json.dumps(payload)
                if text == sock.last_sent:
                    continue
                sock.last_sent = text
            sock.send(payload)

    # ---- what each message does (in the worker thread) -----------------------------------------

    def handle(self, sock: RoomSocket, kind: str, msg: dict[str, Any]) -> tuple[Any, Scope | None]:
        """Do what a checked message asks; returns what to answer (or None) and what
        changed: ``(table, codes)`` for an action at a table (``codes``: the deal code of
        the board it finished, whose traveller changed, or none), None for anything else. A :class:`CardkitError` is a
        refusal (nothing changed)."""
        room, user = self.room, sock.user
        tr = translation(sock_lang(sock))
        if kind == "ping":
            return {"kind": "pong"}, None
        if sock.page == "table":
            table = sock.table
            if "table" in msg and msg["table"] != table:
                raise MessageRefused(f"table {quote(msg['table'])}: this page plays at table {table!r} only",
                                     said=(N_("This page plays at table {table} only."), {"table": table}))
            if "seat" in msg:
                view = room.view(table, user)
                mine, asked = view["viewer"]["seat"], msg["seat"]
                ok = mine is not None and ((is_whole(asked) and asked == mine) or (
                    isinstance(asked, str) and asked.strip().lower() == seat_names(view["players"])[mine].lower()))
                if not ok:
                    raise MessageRefused(f"seat {quote(asked)}: you may act for your own seat only",
                                         said=(N_("You may act for your own seat only."), {}))
            if kind == "control":
                raise MessageRefused(f"control {quote(msg.get('name'))}: this table has no such control",
                                     said=(N_("This table has no such control."), {}))
            if kind == "leave":
                room.leave(table, user)
                return {"kind": "left", "lobby": self.prefix}, None
            if kind == "next":   # Next board, in a self-paced set (the room checks the seat and the pace)
                room.advance(table, user)
                return None, (table, frozenset())
            action = page_action(msg)
            before = room.board_in_play(table)    # no view built: the pages' views come after
            room.act(table, user, action)
            after = room.board_in_play(table)
            finished = before is not None and after is not None and (
                after["over"] or after["number"] != before["number"])
            return None, (table, frozenset([before["code"]]) if before is not None and finished else frozenset())
        if kind == "sit":
            target, seat = msg.get("table", ""), msg.get("seat", "")
            room.sit(target, user, seat)  # the room checks both
            return {"kind": "seated", "table": target, "url": f"{self.prefix}table/{target}"}, None
        if kind == "leave":
            where = self.seat_of(user)
            if where is None:
                raise MessageRefused("you sit at no table", said=(N_("You sit at no table."), {}))
            room.leave(where[0], user)
            return None, None
        # the teachers' messages
        if not self.is_teacher(user):
            raise MessageRefused(f"{kind}: only a teacher may do that", said=(N_("Only a teacher may do that."), {}))
        if kind == "open":
            game = msg.get("game")
            if not isinstance(game, str) or game not in GAME_TITLES:   # a list is unhashable: refused too
                raise MessageRefused(f"game {quote(game)}: expected one of {', '.join(GAME_TITLES)}")
            bots = msg.get("bots", "rule")
            if not isinstance(bots, str) or bots not in BOT_KINDS:
                raise MessageRefused(f"bots {quote(bots)}: expected rule, expert or none")
            pace = msg.get("pace", "teacher")
            if pace not in PACES:
                raise MessageRefused(f"pace {quote(pace)}: expected teacher or self")
            with codes_said():
                table = room.open_table(game, deals=deal_list(msg.get("deals")), bots=BOT_KINDS[bots], pace=pace)
            return {"kind": "opened", "table": table}, None
        if kind == "next_all":
            done = room.next_board_all(user)
            words = (tr.gettext("Next board dealt at {tables}.").format(tables=", ".join(done["moved"]))
                     if done["moved"] else tr.gettext("No table was waiting at the end of a board."))
            if done["playing"]:
                words += " " + tr.gettext("Still playing their board: {tables}.").format(
                    tables=", ".join(done["playing"]))
            for line in done.get("refused", ()):   # a learner there has held another seat of it
                words += f" {for_learner(line)}." if sock_lang(sock) == "en" else " " + tr.gettext(
                    "A learner there has already seen the next board from another seat.")
            return {"kind": "info", "message": words}, None
        if kind == "pause_all":
            paused = msg.get("paused", True)
            changed = room.pause_all(user, paused)   # the room checks paused is true or false
            n = len(changed)
            words = (tr.ngettext("{n} table paused.", "{n} tables paused.", n) if paused is True
                     else tr.ngettext("{n} table resumed.", "{n} tables resumed.", n)).format(n=n)
            return {"kind": "info", "message": words}, None
        if kind == "announce":
            return {"kind": "announced", "text": room.announce(user, msg.get("text", ""))}, None
        target = msg.get("table", "")  # the room checks it
        if kind == "start":
            room.start(target)
        elif kind == "next_board":
            room.next_board(target, user)
        elif kind == "undo":
            room.undo(target, user)
        elif kind == "set_deals":
            with codes_said():
                room.set_deals(target, user, deal_list(msg.get("deals")))
        elif kind == "unseat":
            room.unseat(target, user, msg.get("seat", ""))
        elif kind == "pause":
            room.pause(target, user, msg.get("paused", True))
        elif kind == "pace":
            room.set_pace(target, user, msg.get("pace", ""))
        elif kind == "seat":
            room.seat_learner(target, user, msg.get("seat", ""), msg.get("learner", ""))
        elif kind == "close":
            room.close_table(target, user)
        elif kind == "replay":
            return self.replay(target, user, msg.get("board"), sock_lang(sock)), None
        return None, None

    def replay(self, table, user: str, board, lang: str = "en") -> dict:
        """A board's actions step by step: every hand after each action (the teachers' replay);
        the seats named in ``lang``."""
        tr = translation(lang)
        played = self.room.board_actions(table, user, board)
        st = deal_from_code(played["code"])
        steps = [{"action": None, "hands": jsonable([list(h) for h in st.hands])}]
        for a in played["actions"]:
            st.apply_action(a["action"])
            by = tr.gettext("a bot") if lang != "en" and a["by"] == "bot" else a["by"]
            action = a["action"] if lang == "en" else _action_words(a["action"], tr)
            steps.append({"action": f"{seat_word(a['name'], tr)} ({by}): {action}",
                          "hands": jsonable([list(h) for h in st.hands])})
        names = [seat_word(n, tr) for n in seat_names(len(st.hands))]
        return {"kind": "replay", "table": played["table"], "board": played["board"], "code": played["code"],
                "names": names, "steps": steps}


def _action_words(action: str, tr: Translation) -> str:
    """An action in notation as the replay shows it in ``tr``'s language: a card as its label
    (``Д♥``), a bid's number as it is, a trump pick or a draw in words."""
    parts = action.split()
    if len(parts) == 2 and parts[0] == "trump" and parts[1].isdigit():
        return tr.gettext("draws card {n} of the fan").format(n=int(parts[1]) + 1)
    if action == "draw none":
        return tr.gettext("does not draw")
    if len(parts) == 2 and parts[0] == "draw" and parts[1].isdigit():
        return tr.gettext("takes stack {n}'s face-down card").format(n=int(parts[1]) + 1)
    try:
        return card_code_in(action, tr)[0]
    except CardkitError:
        return action


# ---- running it --------------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    """Run the service until SIGTERM (the hub stops it)."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[room %(levelname)s %(asctime)s] %(message)s")
    data_dir = Path(args.data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    url = args.db_url or f"sqlite:///{data_dir / 'room.sqlite'}"
    try:
        room = Room(url, teachers=args.teacher)
    except (SQLAlchemyError, ImportError) as e:  # a bad URL, no such server or database, no driver installed
        log.error("the room's database %s cannot be opened: %s", url.split("@")[-1],
                  (str(e).strip().splitlines() or [type(e).__name__])[0])
        return 2
    spent = warm_expert_bots()
    log.info("the expert bots' solver kernels loaded in %.1f s", sum(spent.values()))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/room/")
    service = RoomService(room, prefix=prefix, hub_auth=HubOAuth(cache_max_age=60),
                          trust_proxy_headers=args.trust_proxy_headers, lang=args.lang)
    app = service.application(cookie_secret=cookie_secret(data_dir))
    where = urlparse(args.url)

    async def serve() -> None:
        server = HTTPServer(app, **service.server_settings())
        server.listen(where.port or 80, where.hostname or "127.0.0.1")
        log.info("the teaching room at %s (teachers %s; database %s)", args.url,
                 ", ".join(args.teacher) or "none", url.split("@")[-1])
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        server.stop()

    try:
        asyncio.run(serve())
    finally:
        service.close()
    return 0


if __name__ == "__main__":  # python -m cardkit.room_service
    sys.exit(main())
