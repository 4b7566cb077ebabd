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

import argparse
import asyncio
import contextlib
import hashlib
import html
import json
import logging
import math
import multiprocessing
import os
import re
import secrets
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from importlib.util import find_spec
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed, check_scopes
from sqlalchemy.exc import SQLAlchemyError
from tornado import web, websocket
from tornado.httpserver import HTTPServer

from cardkit.core._checks import is_whole
from cardkit.core.codes import GAMES, board_identity, cards_identity, deal_from_code
from cardkit.core.errors import CardkitError, IllegalActionError, NotationError, log_thinned, quote
from cardkit.i18n import LANGUAGES, N_, Translation, translation
from cardkit.table.table_session import SEAT_NAMES, jsonable, seat_names
from cardkit.wording import card_code_in, seats_named, tens_as_10

from .lang import LANG_COOKIE, game_title, page_lang, seat_word, words_json
from .records import DD_MAX_NODES, DD_SECONDS, dd_summary, ranking, records_page
from .rooms import PACES, NotSeatedError, Room, UnknownTableError, learners_only
from .table import PageMessageError, card_table_state, page_action

__all__ = ["RoomService", "TokenBucket", "MESSAGES", "MAX_MESSAGE_BYTES", "SOCKET_MAX_BYTES", "RATE", "BURST",
           "FLOOD_CLOSE", "MAX_SOCKETS_PER_USER", "MAX_UNREAD_BYTES", "MAX_ANSWER_BYTES", "MAX_TABLE_BYTES",
           "TABLE_KEYS", "ANSWER_RATE", "ANSWER_BURST", "ANSWER_KEYS", "AUTH_CONCURRENCY", "FAIL_RATE", "FAIL_BURST",
           "CONNECT_RATE_PER_MINUTE", "CONNECT_BURST", "CONNECT_REFUSAL_DELAY", "read_json", "for_learner", "main"]

log = logging.getLogger("cardkit.room_service")

#: a longer message is refused with one line (the connection stays open)
MAX_MESSAGE_BYTES = 4096
#: a longer message closes the connection (tornado's ``websocket_max_message_size``)
SOCKET_MAX_BYTES = 64 * 1024
#: messages a second a connection may send, on average, and in one burst
RATE = 10.0
BURST = 20
#: after this many messages dropped for the rate, the connection is closed
FLOOD_CLOSE = 100
#: at most this many open connections (pages) per user: a new one closes that user's oldest
MAX_SOCKETS_PER_USER = 8
#: a page that leaves more than this many bytes of the room's messages unread is closed
#: (:meth:`RoomSocket.send`): its pushes would otherwise pile up in the room's memory without
#: end (a page reads each push at once; the largest, a teacher's page of many tables, is
#: a few hundred KB)
MAX_UNREAD_BYTES = 8 * 1024 * 1024
#: Refusals logged per user (``"?"``: senders of no or made-up tokens) before only every
#: 1,000th is (a flood of refused requests cannot fill the log).
REFUSALS_LOGGED = 20
#: a lesson's answer (``POST api/answer``, issue 23 §4): at most this many bytes of JSON
MAX_ANSWER_BYTES = 2048
#: answers a second a learner may send, on average, and in one burst (a lesson sends one per click)
ANSWER_RATE = 2.0
ANSWER_BURST = 30
#: hub look-ups of answers' tokens at once (the others wait their turn, at most AUTH_WAIT_SECONDS:
#: then 503 and the lesson sends once more); a token is looked up at most once at a time, a
#: token the hub confirmed is not looked up again for GOOD_TOKEN_SECONDS, one it did not know
#: is refused without asking again for FAILED_TOKEN_SECONDS (at most _MAX_REMEMBERED of each)
AUTH_CONCURRENCY = 4
AUTH_WAIT_SECONDS = 10.0
FAILED_TOKEN_SECONDS = 600.0
GOOD_TOKEN_SECONDS = 60.0
#: tokens the hub does not know, a second, that one sender may send on average and in one burst
#: (past it: 429 for that sender, the hub not asked). A sender is a TCP connection (a kept-alive
#: one is closed at the limit) and the hub log-in cookie sent with it (if any), never an address:
#: on one machine every kernel and the hub's proxy share 127.0.0.1. A token the hub confirms is
#: never refused for what others sent.
FAIL_RATE = 0.2
FAIL_BURST = 10
#: at most this many tokens and senders remembered (then the oldest half forgotten)
_MAX_REMEMBERED = 10_000
#: page GETs and websocket opens a user may make a minute, on average and in one burst (past
#: it: 429 with one line, before any work; a page reconnecting after a network blip makes a
#: handful)
CONNECT_RATE_PER_MINUTE = 30.0
CONNECT_BURST = 30
#: a refused connection is answered after this many seconds (a loop that waits for its answer,
#: as a browser's does, then makes a few a second), at most CONNECT_HELD of them held at once
CONNECT_REFUSAL_DELAY = 2.0
CONNECT_HELD = 200
#: a set sent by the deal editor (``POST api/table``): at most this many bytes of JSON
MAX_TABLE_BYTES = SOCKET_MAX_BYTES
#: the keys a set sent by the deal editor may carry
TABLE_KEYS = ("game", "deals", "bots")
#: the keys an answer may carry (the learner is the token's owner: no "user" key)
ANSWER_KEYS = ("kind", "lesson", "section", "item", "right", "points_lost")
#: the HTTP server's settings (a slow client, "slowloris", is dropped: an idle connection
#: after a minute, a request body not received within 10 s). ``xheaders`` (the client's
#: address from ``X-Real-IP`` / ``X-Forwarded-For``) is added only by
#: :meth:`RoomService.server_settings` when the service is told to trust its proxy.
SERVER_SETTINGS: dict[str, Any] = {"xheaders": False, "max_body_size": SOCKET_MAX_BYTES,
                                   "idle_connection_timeout": 60, "body_timeout": 10}
#: the hub's log-in cookies that name a browser's session (a sender of made-up tokens)
_SESSION_COOKIES = ("jupyterhub-session-id", "jupyterhub-hub-login")
_AUTH_HEADER = re.compile(r"token\s+([A-Za-z0-9_.~+/=-]{8,256})", re.IGNORECASE)
#: a table id in an address (``T1``)
_TABLE_ID = r"[A-Za-z0-9_-]{1,32}"

_HERE = Path(__file__).resolve().parent
STATIC_DIR = _HERE / "static"


def _widgets_dir() -> Path:
    """The folder of ``card_table.js`` and ``card_table.css`` (the ``cardkit_widgets``
    package, found without importing it)."""
    spec = find_spec("cardkit_widgets")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return _HERE.parent / "widgets"  # pragma: no cover - a checkout without the install


# ---- the page's messages ------------------------------------------------------------------

_ACTS = {"act": ("action",), "card": ("card",), "bid": ("value",), "trump": ("index",), "draw": ("stack",)}
#: page -> message kind -> the keys it may carry besides ``kind`` (``table`` and ``seat``
#: on a table page name the connection's own table and seat, or the message is refused)
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "lobby": {"ping": (), "sit": ("table", "seat"), "leave": (), "open": ("game", "deals", "bots", "pace")},
    "table": {"ping": (), "leave": ("table", "seat"), "control": ("name", "value", "card"), "next": ("table",),
              **{k: (*v, "table", "seat") for k, v in _ACTS.items()}},
    "teacher": {"ping": (), "open": ("game", "deals", "bots", "pace"), "start": ("table",), "next_board": ("table",),
                "undo": ("table",), "set_deals": ("table", "deals"), "replay": ("table", "board"),
                "unseat": ("table", "seat"), "next_all": (), "pause": ("table", "paused"),
                "pause_all": ("paused",), "pace": ("table", "pace"), "announce": ("text",),
                "seat": ("table", "seat", "learner"), "close": ("table",)},
}
_GAMES = {e.name: e.title for e in GAMES.values()}
#: what an action changed: its table and the deal code of the board it finished (if it did)
Scope = tuple[str, frozenset[str]]
#: what changed for the teachers' rows: one table's scope, or several merged (their ids)
TeacherScope = tuple[str | frozenset[str], frozenset[str]]


@contextlib.contextmanager
def _codes_said():
    """Within: a refusal of the deal codes (the codes' own reason, English: ``cardkit/codes.py``)
    is said on a page in another language as one line of the catalog; the English line is as it was."""
    try:
        yield
    except CardkitError as e:
        if getattr(e, "said", None) is not None:
            raise
        raise MessageRefused(_one_line(e), said=(N_("These deal codes cannot be played at this table: check "
                                                    "them (such as V-4821 V-17)."), {})) from None


def _lang(sock: Any) -> str:
    """A page's language (:attr:`RoomSocket.lang`; English for a stand-in without one)."""
    return getattr(sock, "lang", "en")


def _merge(scopes: Sequence[Scope | None]) -> TeacherScope | None:
    """One scope for the changes ``scopes`` (None: everything)."""
    if not scopes or any(sc is None for sc in scopes):
        return None
    tables = frozenset(sc[0] for sc in scopes if sc is not None)
    codes = frozenset(c for sc in scopes if sc is not None for c in sc[1])
    return (next(iter(tables)) if len(tables) == 1 else tables), codes
_BOTS = {"rule": "rule", "expert": "expert", "none": None}
#: the teacher's words for the tables a message changed
#: a table's bots as the lobby says them
_BOT_WORDS = {"rule": N_("rule bots"), "expert": N_("expert bots"), None: N_("no bots (people only)")}
_EN = translation("en")


def _set_words(t: dict, tr: Translation | None = None) -> str:
    """A table's boards as the lobby says them (:meth:`Room.tables`' row), never their codes:
    "random boards", "a set of 6 boards", "a set of 6 boards, board 2 in play" (in ``tr``'s
    language; None: English)."""
    tr = tr or _EN
    n = t.get("set_size")
    if n is None:
        return tr.gettext("random boards")
    if t.get("started") and t.get("position"):
        return tr.ngettext("a set of {n} board, board {position} in play",
                           "a set of {n} boards, board {position} in play", n).format(n=n, position=t["position"])
    return tr.ngettext("a set of {n} board", "a set of {n} boards", n).format(n=n)


def _bot_words(bots: str | None, tr: Translation | None = None) -> str:
    """A table's bots in words ("rule bots") in ``tr``'s language."""
    return (tr or _EN).gettext(_BOT_WORDS[bots])


class MessageRefused(CardkitError):
    """A page's message that the service refuses (one line, to that connection only);
    ``said`` as :class:`cardkit.room.RoomError`'s (the line in the page's language)."""

    def __init__(self, message: str = "", *, said: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.said = said


#: what a page that is not English says for a refusal of these kinds that has no ``said``
#: of its own (the English message, for the log, quotes what was sent)
_SAID_BY_CLASS: tuple[tuple[type, str], ...] = (
    (PageMessageError, N_("The page sent a message the room cannot read.")),
    (NotationError, N_("The room cannot read that action.")),
    (IllegalActionError, N_("The rules do not allow that now.")),
)


def said_words(error: BaseException | tuple[str, dict[str, Any]] | None, tr: Translation) -> str:
    """A refusal as a page in ``tr``'s language shows it: the error's ``said`` (a catalog
    message and its values; a seat's name translated), else the line of its class, else
    "The room cannot do that now." (the English message, which quotes what was sent, is
    logged)."""
    said = error if isinstance(error, tuple) or error is None else getattr(error, "said", None)
    if said is None and isinstance(error, BaseException):
        said = next(((m, {}) for cls, m in _SAID_BY_CLASS if isinstance(error, cls)), None)
    if said is None:
        return tr.gettext("The room cannot do that now.")
    message, values = said
    return tr.gettext(message).format(**{k: seat_word(v, tr) if isinstance(v, str) else v for k, v in values.items()})


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved; each message takes one.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__   # the start, three messages at once, one later
    >>> b = TokenBucket(1.0, 2, clock=clock)
    >>> [b.take(), b.take(), b.take()]
    [True, True, False]
    >>> b.take()                   # a second later, one token more
    True
    """

    def __init__(self, rate: float = RATE, burst: int = BURST, *, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = float(rate), int(burst), clock
        self.tokens = float(burst)
        self.last = clock()

    def peek(self) -> float:
        """The tokens saved now (none taken)."""
        return min(self.burst, self.tokens + (self.clock() - self.last) * self.rate)

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False




def for_learner(text: str, players: int | None = None) -> str:
    """A message as a learner reads it (the room's display layer; the engines' words
    stay as they are): each ten ``10`` (:func:`cardkit.wording.tens_as_10`) and, with the
    table's number of ``players``, each ``seat 2`` named (``North``).

    >>> for_learner("T♠ is not in seat 0's hand: it holds J♠ T♣", 4)
    "10♠ is not in South's hand: it holds J♠ 10♣"
    """
    text = tens_as_10(text)
    if players in SEAT_NAMES:
        text = seats_named(text, players, SEAT_NAMES[players])
    return text


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:300]


def _no_constant(name: str):
    raise ValueError(f"not JSON ({name} is not a JSON number)")


def read_json(raw: str | bytes) -> Any:
    """The JSON value of a request body or a websocket message: the one door every message
    and answer goes through.

    Refused with a :class:`ValueError` whose text is the reason in a few words (for a
    learner's one line): bytes that are not UTF-8, text that is not JSON (or nested too deep,
    or a number of more than 4,300 digits), ``NaN`` / ``Infinity`` (not JSON numbers), and
    any string or key that is not valid Unicode text (a lone surrogate such as
    ``"\\ud800"``, which JSON's escapes can spell but no text holds).

    >>> read_json('{"kind": "ping"}')
    {'kind': 'ping'}
    >>> read_json('{"item": "\\ud800"}')
    Traceback (most recent call last):
    ...
    ValueError: not valid Unicode text (a lone surrogate)
    >>> read_json(b"\\xff")
    Traceback (most recent call last):
    ...
    ValueError: not JSON
    """
    try:
        value = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw, parse_constant=_no_constant)
    except RecursionError:  # JSON nested past Python's recursion limit
        raise ValueError("not JSON (nested too deep)") from None
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError, a number of 4,301 digits, NaN
        raise ValueError(str(e) if str(e).startswith("not JSON (") else "not JSON") from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("not valid Unicode text (a lone surrogate)") from None
    except RecursionError:  # pragma: no cover - loads refuses deeper first
        raise ValueError("not JSON (nested too deep)") from None
    return value


def _plays(board: str | None, codes: frozenset[str]) -> bool:
    """True when a table's board (its code, or None) is one of ``codes`` in any form of its
    code: the same cards (:func:`cardkit.codes.cards_identity`; ``V-4821-D2`` plays ``V-4821``)."""
    return board is not None and bool(codes) and cards_identity(board) in {cards_identity(c) for c in codes}


def _traveller_line(r: dict, names: Sequence[str], tr: Translation | None = None) -> dict:
    """A traveller's row (:meth:`Room.results`) as the teachers' page shows it: the seats
    named (in ``tr``'s language; None: English), with the points and matchpoints per seat;
    a teacher who played marked "(teacher)"."""
    tr = tr or _EN
    teachers = r.get("teachers") or ()
    names = [seat_word(n, tr) for n in names]
    return {"table": r["table"], "board": r["board"], "contract": r.get("contract"),
            "declarers": [names[d] for d in r.get("declarers") or []],
            "players": [tr.gettext("{seat} {player} (teacher)").format(seat=names[s], player=p) if s in teachers
                        else f"{names[s]} {p}" for s, p in sorted(r["players"].items())],
            "returns": r["returns"], "matchpoints": r["matchpoints"]}


def _deals(value) -> list[str] | None:
    """A set of deal codes from a message: a list of codes, text (codes separated by
    spaces, commas or lines), a whole deal-set file's text (the kit's own, as the deal
    editor saves it: :func:`cardkit.deal_sets.deal_set_codes`; or PBN, Variety only:
    :func:`cardkit.deal_sets.deals_from_pbn`; each board keeps its dealer), or null / empty
    for random boards. A file that cannot be read is refused in one line."""
    if value is None:
        return None
    if isinstance(value, str) and "[" in value:  # a deal-set file (tags in brackets), not bare codes
        from cardkit.core.deal_sets import deal_set_codes, deals_from_pbn

        try:
            kits_own = "% cardkit deal set" in value or '[Code "' in value
            return deal_set_codes(value if kits_own else deals_from_pbn(value)) or None
        except CardkitError as error:
            raise MessageRefused(f"the deal set file: {str(error)[:200]}",
                                 said=(N_("The deal set file cannot be read."), {})) from None
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(c, str) and len(c) <= 200 for c in value):
        raise MessageRefused(f"deals {quote(value)}: expected deal codes such as 'V-4821 V-17', or none for random "
                             f"boards", said=(N_("Expected deal codes such as V-4821 V-17, or none for random boards."),
                                              {}))
    return value or None


def _forget_oldest(memory: dict) -> None:
    """Keep ``memory`` (a dict, oldest first) under :data:`_MAX_REMEMBERED`: past it, the
    oldest half is forgotten."""
    if len(memory) >= _MAX_REMEMBERED:
        for k in list(memory)[:len(memory) // 2]:
            del memory[k]


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
        _forget_oldest(self.dd_cache)
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
            (p + rf"table/({_TABLE_ID})", TablePage, kw),
            (p + r"ws/(lobby|teacher)", RoomSocket, kw),
            (p + rf"ws/(table)/({_TABLE_ID})", RoomSocket, kw),
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
            _forget_oldest(self.connect_buckets)
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
        names = [*_SESSION_COOKIES, getattr(self.hub_auth, "cookie_name", None)]
        for name in names:
            value = request.cookies.get(name) if isinstance(name, str) else None
            if value is not None and value.value:
                keys.append(f"cookie {hashlib.sha256(value.value.encode()).hexdigest()[:32]}")
        return keys

    def fail_bucket(self, sender: str) -> TokenBucket:
        bucket = self.fail_buckets.get(sender)
        if bucket is None:
            _forget_oldest(self.fail_buckets)
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
            row = {"table": t["table"], "game": t["game"], "title": game_title(_GAMES[t["game"]], tr),
                   "started": t["started"], "over": t["over"], "held": t["held"], "paused": t["paused"],
                   "seats": seats, "free": [seat_word(s["name"], tr) for s in seats if s["free"]],
                   "bots": _bot_words(t["bots"], tr), "set": _set_words(t, tr), "closed": bool(t.get("closed"))}
            if teacher:
                row["board"] = t["board"]
            rows.append(row)
        return {"kind": "lobby", "user": user, "teacher": teacher, "tables": rows, "you": you,
                "games": [{"name": k, "title": game_title(v, tr)} for k, v in _GAMES.items()] if teacher else []}

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
            if scope is not None and t["table"] not in wanted and not _plays(t["board"], scope[1]):
                continue
            view = self.room.view(t["table"], user, everything=True)  # every hand, seated or not
            board = view["board"]
            traveller = []
            if board is not None:
                rows = self._travellers.get(board["code"])
                if rows is None:
                    _forget_oldest(self._travellers)
                    rows = self._travellers[board["code"]] = self.room.results(board["code"])
                names = seat_names(t["players"])
                traveller = [_traveller_line(r, names, tr) for r in rows]
            line = self.room.overview(user, t["table"])[0]
            row = {"table": t["table"], "game": t["game"], "title": game_title(_GAMES[t["game"]], tr),
                   "started": t["started"], "over": t["over"], "closed": bool(t.get("closed")),
                   "bots": _bot_words(t["bots"], tr), "set": _set_words(t, tr),
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
                   "games": [{"name": k, "title": game_title(v, tr)} for k, v in _GAMES.items()]}
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
            board = {"code": b["code"], "game": b["game"], "title": game_title(_GAMES[b["game"]], tr),
                     "names": [seat_word(n, tr) for n in names],
                     "rows": [_traveller_line(r, names, tr) for r in b["rows"]]}
            if lang != "en":
                n = len(b["rows"])
                board["head"] = tr.ngettext("Board {code} · {title} · played at {n} table",
                                            "Board {code} · {title} · played at {n} tables", n).format(
                    code=b["code"], title=board["title"], n=n)
            boards.append(board)
            by_game.setdefault(b["game"], []).append(b["rows"])
        rankings = [{"game": g, "title": game_title(_GAMES[g], tr), "rows": ranking(learners_only(r) for r in rows)}
                    for g, rows in by_game.items()]
        listed = self.room.tables() if tables is None else tables
        return {"boards": boards, "rankings": rankings,
                "tables": [{"table": t["table"], "title": game_title(_GAMES[t["game"]], tr)} for t in listed]}

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
            sock.send({"kind": "answers", "learners": self.learners_words(summary, _lang(sock))})

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
        users = sorted({(s.user, _lang(s)) for s in self.sockets if s.ready and s.page == "teacher"})
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
            log.warning("the teachers' rows could not be built: %s", _one_line(e))
            return
        for sock in [s for s in self.sockets if s.ready and s.page == "teacher" and (s.user, _lang(s)) in rows]:
            sock.send(rows[sock.user, _lang(sock)])

    def _teacher_rows(self, users: Sequence[tuple[str, str]]) -> dict[tuple[str, str], dict]:
        """The teachers' payloads for every change waiting (:meth:`push_teachers`), per
        (user, language)."""
        with self._teacher_lock:
            scopes, self._teacher_scopes = self._teacher_scopes or [], None
        scope = _merge(scopes)
        with self.room.batch():
            return {(u, lang): self.teacher_payload(u, scope, lang=lang) for u, lang in users}

    def _payloads(self, sockets: Sequence[RoomSocket], scope: Scope | None = None) -> list[tuple[RoomSocket, dict]]:
        out: list[tuple[RoomSocket, dict]] = []
        tables = self.room.tables() if any(s.page == "lobby" for s in sockets) or (scope and scope[1]) else None
        # the tables whose page changed: the one acted at, and (a board finished) those playing
        # that board, whose learners may now be shown its code and result
        touched = None if scope is None else {scope[0], *(t["table"] for t in tables or ()
                                                           if _plays(t["board"], scope[1]))}
        teacher_cache: dict[tuple[str, str], dict] = {}
        # (page, table, user, language): one payload for a user's pages in one language
        cache: dict[tuple[str, str, str, str], dict] = {}
        for s in sockets:
            try:
                key = (s.page, s.table, s.user, _lang(s))
                if key in cache and s.page != "teacher":
                    out.append((s, cache[key]))
                elif s.page == "lobby":
                    cache[key] = self.lobby_payload(s.user, tables, _lang(s))
                    out.append((s, cache[key]))
                elif s.page == "table":
                    if touched is None or s.table in touched:
                        cache[key] = self.table_payload(s.table, s.user, _lang(s))
                        out.append((s, cache[key]))
                else:
                    if (s.user, _lang(s)) not in teacher_cache:
                        teacher_cache[s.user, _lang(s)] = self.teacher_payload(s.user, scope, tables, _lang(s))
                    out.append((s, teacher_cache[s.user, _lang(s)]))
            except CardkitError as e:  # pragma: no cover - a table gone from the database
                out.append((s, {"kind": "error", "message": _one_line(e)}))
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
        tr = translation(_lang(sock))
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
            if not isinstance(game, str) or game not in _GAMES:   # a list is unhashable: refused too
                raise MessageRefused(f"game {quote(game)}: expected one of {', '.join(_GAMES)}")
            bots = msg.get("bots", "rule")
            if not isinstance(bots, str) or bots not in _BOTS:
                raise MessageRefused(f"bots {quote(bots)}: expected rule, expert or none")
            pace = msg.get("pace", "teacher")
            if pace not in PACES:
                raise MessageRefused(f"pace {quote(pace)}: expected teacher or self")
            with _codes_said():
                table = room.open_table(game, deals=_deals(msg.get("deals")), bots=_BOTS[bots], pace=pace)
            return {"kind": "opened", "table": table}, None
        if kind == "next_all":
            done = room.next_board_all(user)
            words = (tr.gettext("Next board dealt at {tables}.").format(tables=", ".join(done["moved"]))
                     if done["moved"] else tr.gettext("No table was waiting at the end of a board."))
            if done["playing"]:
                words += " " + tr.gettext("Still playing their board: {tables}.").format(
                    tables=", ".join(done["playing"]))
            for line in done.get("refused", ()):   # a learner there has held another seat of it
                words += f" {for_learner(line)}." if _lang(sock) == "en" else " " + tr.gettext(
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
            with _codes_said():
                room.set_deals(target, user, _deals(msg.get("deals")))
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
            return self.replay(target, user, msg.get("board"), _lang(sock)), None
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


# ---- handlers ---------------------------------------------------------------------------------

async def _identify(handler) -> str | None:
    """The hub user of a request (the OAuth cookie, checked with the hub), or None. A token
    in the ``Authorization`` header or a ``token`` argument is dropped first: pages and
    websockets are opened with the log-in cookie only (a made-up token would have the hub
    asked once per request)."""
    if hasattr(handler, "_room_user"):
        return handler._room_user
    handler._room_user = None
    request = handler.request
    request.headers.pop("Authorization", None)
    for args in (request.arguments, request.query_arguments):
        args.pop("token", None)
    try:
        model = await handler.hub_auth.get_user(handler, sync=False)
        if model:
            model = handler.check_hub_user(model)
    except UserNotAllowed:
        model = None
    if model and model.get("kind", "user") == "user" and isinstance(model.get("name"), str):
        handler._room_user = model["name"]
    return handler._room_user


class _Base(HubOAuthenticated, web.RequestHandler):
    def initialize(self, service: RoomService) -> None:
        self.service = service
        self.hub_auth = service.hub_auth

    async def prepare(self) -> None:
        #: the page's language (:func:`_lang_of`); ``?lang=`` is kept in a cookie
        self.lang = _lang_of(self)
        if self.get_query_argument("lang", None) == self.lang:
            self.set_cookie(LANG_COOKIE, self.lang, path=self.service.prefix, expires_days=365, samesite="Lax")
        self.tr = translation(self.lang)
        user = await _identify(self)
        if user is not None and not self.service.may_connect(user):
            await self.service.refused_connection(user, "page", "too many pages opened in a minute")
            self.set_status(429)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(self.tr.gettext("Too many pages opened in the last minute: wait a moment, then reload."))

    def get_current_user(self):
        return getattr(self, "_room_user", None)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """An error page: tornado's own in English; in another language one line in it."""
        lang = getattr(self, "lang", "en")
        if lang == "en":
            return super().write_error(status_code, **kwargs)
        tr = translation(lang)
        words = {403: N_("This page is not for you: it is for the players of its table or for the teachers."),
                 404: N_("There is no such page in the room.")}
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(tr.gettext(words.get(status_code, N_("The room cannot show this page now."))))

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", "default-src 'self'; script-src 'self'; "
                        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:; "
                        "frame-ancestors 'self'")
        self.set_header("Cache-Control", "no-store")

    def page(self, kind: str, title: str, table: str = "") -> None:
        """Write a room page: its head line, the language switch ("English · Русский"), the
        words of ``room.js`` (:func:`cardkit.room.lang.words_json`) and the script; in the
        page's language (:attr:`lang`)."""
        user = self.current_user
        p = self.service.prefix
        tr = self.tr
        e = html.escape
        text = html.escape(tr.gettext("Teacher's page"), quote=False).replace("'", "&#39;")
        link = f'<a href="{p}teacher">{text}</a>' if self.service.is_teacher(user) else ""
        switch = " · ".join(
            f'<a href="?lang={code}" lang="{code}" hreflang="{code}"'
            + (' aria-current="true"' if code == self.lang else "") + f">{name}</a>"
            for code, name in (("en", "English"), ("ru", "Русский")))
        logged = e(tr.gettext("Logged in as {user}"), quote=False).format(user=f"<b>{e(user)}</b>")
        home, connecting, language = (e(tr.gettext("The teaching room")), e(tr.gettext("connecting…")),
                                      e(tr.gettext("Language")))
        lg = e(self.lang)
        self.write(f"""<!doctype html>
<html lang="{lg}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="{p}static/card_table.css"><link rel="stylesheet" href="{p}static/room.css">
</head>
<body data-page="{kind}" data-prefix="{html.escape(p)}" data-table="{html.escape(table)}"
 data-user="{html.escape(user)}" data-teacher="{'1' if self.service.is_teacher(user) else '0'}"
 data-connected="0" data-version="0">
<header class="room-head"><a href="{p}">{home}</a>
{link}
<span class="room-user">{logged}</span>
<span id="room-connection" role="status">{connecting}</span>
<nav class="room-lang" aria-label="{language}">{switch}</nav></header>
<div id="room-announcement" class="room-announcement" role="status" hidden></div>
<div id="room-message" role="alert" class="room-message"></div>
<main id="room-main"></main>
<script type="application/json" id="room-words">{words_json(tr)}</script>
<script type="module" src="{p}static/room.js"></script>
</body></html>""")


class AliveHandler(_Base):
    """``GET <prefix>api/alive``: ``{"room": "up"}`` to a logged-in user, the hub's log-in
    redirect to anyone else. A page whose websocket dropped asks it, with backoff, before
    it reconnects (``room.js``): while the room restarts the hub's proxy answers 503 (the
    page keeps its table and says "The room is restarting…"); a redirect means the log-in
    expired (only then does the page reload, to log in through the hub again)."""

    @web.authenticated
    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"room": "up"}))


class LobbyPage(_Base):
    @web.authenticated
    def get(self) -> None:
        self.page("lobby", self.tr.gettext("The teaching room"))


class TablePage(_Base):
    @web.authenticated
    async def get(self, table: str) -> None:
        try:
            await self.service.call(self.service.room.view, table, self.current_user)
        except UnknownTableError:
            raise web.HTTPError(404, f"no table {table!r}") from None
        except NotSeatedError:
            self.service.refused(self.current_user, "table", "open", f"table {table!r}: not seated there")
            raise web.HTTPError(403, "you do not sit at this table") from None
        self.page("table", self.tr.gettext("Table {table}").format(table=table), table)


class TeacherPage(_Base):
    @web.authenticated
    def get(self) -> None:
        if not self.service.is_teacher(self.current_user):
            self.service.refused(self.current_user, "teacher", "open", "not a teacher")
            raise web.HTTPError(403, "the teacher's page is for the teachers only")
        self.page("teacher", self.tr.gettext("The teacher's page"))


class ExportHandler(_Base):
    """``GET <prefix>export/results.csv`` and ``export/answers.csv``: the room's results
    (:meth:`Room.export_csv`) and the lessons' answers (:meth:`Room.export_answers_csv`) as a
    CSV file to download; teachers only (403 for anyone else, logged)."""

    @web.authenticated
    async def get(self, which: str) -> None:
        user = self.current_user
        if not self.service.is_teacher(user):
            self.service.refused(user, "export", "open", f"export/{which}.csv: not a teacher")
            raise web.HTTPError(403, "the exports are for the teachers only")
        room = self.service.room
        text = await self.service.call(room.export_csv if which == "results" else room.export_answers_csv)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="room-{which}.csv"')
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(text.encode("utf-8"))


class RecordsPage(_Base):
    """``GET <prefix>records``: the hand records to print (:func:`cardkit.room_records.records_page`),
    teachers only (403 for anyone else, logged). ``?table=T1``: the boards of that table's
    set (404 for no such table); none: every board finished in the room. Variety's
    double-dummy tables come from :meth:`RoomService.double_dummy` (cached per board)."""

    @web.authenticated
    async def get(self) -> None:
        user = self.current_user
        service = self.service
        if not service.is_teacher(user):
            service.refused(user, "records", "open", "not a teacher")
            raise web.HTTPError(403, "the hand records are for the teachers only")
        table = self.get_query_argument("table", None) or None
        try:
            boards = await service.call(service.room.hand_records, user, table)
        except UnknownTableError:
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"No table {quote(table)[:60]} in this room." if self.lang == "en"
                        else self.tr.gettext("There is no such table in this room."))
            return
        for b in boards:
            b["dd"] = await service.double_dummy(b["code"]) if b["game"] == "variety" else None
        title = (self.tr.gettext("Hand records · table {table}'s set").format(table=table) if table
                 else self.tr.gettext("Hand records · every board played"))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(records_page(boards, prefix=service.prefix, title=title, lang=self.lang))


class AnswerHandler(web.RequestHandler):
    """``POST <prefix>api/answer``: a lesson's answer, sent by :mod:`cardkit.room_report`
    from the learner's kernel (issue 23 §4).

    Authenticated by the hub token in ``Authorization: token <token>`` only (the learner's
    server token, which the hub gives ``access:services!service=room``), checked with the
    hub (:meth:`HubAuth.user_for_token`, cached a minute) and against the service's access
    scopes; the learner is the token's owner, never a name in the body, and a cookie is never
    read (no request from another site's page counts). The body: a JSON object with
    :data:`ANSWER_KEYS` (``kind`` "exercise" | "problem", ``lesson``, ``section``, ``item``,
    ``right``, ``points_lost``), at most :data:`MAX_ANSWER_BYTES`.

    Answers: 204 stored (the teachers' pages are sent the new summary); 403 without a valid
    token; 413 too long; 429 past the rate (:data:`ANSWER_RATE` a second per learner, bursts
    of :data:`ANSWER_BURST`) or for a sender of too many unknown tokens (:meth:`_token_owner`:
    never for a token the hub confirms, whatever others sent); 400 for a body that is not
    such an object (:func:`read_json`: not JSON, not valid Unicode text) or that the room
    refuses (:class:`cardkit.room.AnswerError`, one line); 503 when the hub cannot be asked.
    Every refusal is logged; nothing is stored.
    """

    #: What the body is, in the refusals ("answer {body}: ..."), with its article ("an answer
    #: of 9,000 bytes") and plural ("too many answers at once"); the log's kind; the size limit;
    #: the keys allowed; whether only the room's teachers may send it.
    noun, a_noun, nouns, log_kind = "answer", "an answer", "answers", "answer"
    max_bytes = MAX_ANSWER_BYTES
    keys: tuple[str, ...] = ANSWER_KEYS
    teachers_only = False

    def initialize(self, service: RoomService) -> None:
        self.service = service

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json; charset=utf-8")

    def check_xsrf_cookie(self) -> None:
        """No cookie is read here: the token in the header is the only credential."""

    def _refuse(self, status: int, user: str, message: str) -> None:
        self.service.refused(user, self.log_kind, str(status), message)
        self.set_status(status)
        self.finish(json.dumps({"error": message}))

    async def _checked_sender(self) -> str | None:
        """The sender, the checks of the class's docstring passed in order (token, the room's
        scope, teachers only where :attr:`teachers_only`, the rate), or None after writing the
        refusal."""
        service = self.service
        m = _AUTH_HEADER.fullmatch(self.request.headers.get("Authorization", "").strip())
        if m is None:
            self._refuse(403, "?", "no hub token (Authorization: token ...)")
            return None
        model = await self._token_owner(m.group(1))
        if model is None:
            return None  # refused (the reason is written)
        user = model["name"]
        scopes = getattr(service.hub_auth, "access_scopes", None)
        if scopes and not check_scopes(scopes, set(model.get("scopes") or ())):
            self._refuse(403, user, "the token may not use the room (no access:services!service=room)")
            return None
        if self.teachers_only and not service.is_teacher(user):
            self._refuse(403, user, f"only a teacher may open a table in the room; {user!r} is not one "
                                    f"of the room's teachers")
            return None
        bucket = service.answer_buckets.get(user)   # one bucket a sender, for answers, sets and reads alike
        if bucket is None:
            _forget_oldest(service.answer_buckets)
            bucket = service.answer_buckets[user] = TokenBucket(ANSWER_RATE, ANSWER_BURST)
        if not bucket.take():
            self._refuse(429, user, f"too many {self.nouns} at once: slow down")
            return None
        return user

    async def _checked_body(self) -> tuple[str, dict] | None:
        """The sender and the body: the size first, then :meth:`_checked_sender`, then a JSON
        object with only :attr:`keys`; or None after writing the refusal."""
        body = self.request.body or b""
        if len(body) > self.max_bytes:
            self._refuse(413, "?", f"{self.a_noun} of {len(body):,} bytes: at most {self.max_bytes:,}")
            return None
        user = await self._checked_sender()
        if user is None:
            return None
        try:
            sent = read_json(body)
        except ValueError as e:
            self._refuse(400, user, f"{self.noun} {quote(body[:80])}: {e}")
            return None
        if not isinstance(sent, dict):
            self._refuse(400, user, f"{self.noun} {quote(sent)}: expected a JSON object")
            return None
        extra = sorted(set(sent) - set(self.keys))
        if extra:
            self._refuse(400, user, f"{self.noun}: unknown key {quote(extra[0])} (expected {', '.join(self.keys)})")
            return None
        return user, sent

    async def post(self) -> None:
        service = self.service
        checked = await self._checked_body()
        if checked is None:
            return None
        user, answer = checked
        points = answer.get("points_lost")
        if isinstance(points, float) and not math.isfinite(points):
            return self._refuse(400, user, f"points_lost {quote(points)}: not a number of points")
        try:
            summary = await service.call(service.record_answer, user, answer)
        except CardkitError as e:
            return self._refuse(400, user, _one_line(e))
        self.set_status(204)
        self.finish()
        await service.answered(summary)


    async def _token_owner(self, token: str) -> dict | None:
        """The hub's user model of ``token``, or None after writing the refusal.

        A token the hub confirmed within :data:`GOOD_TOKEN_SECONDS` is taken at once; any
        other is looked up (:meth:`RoomService.look_up`), whatever others sent. Only a
        sender that sent unknown tokens pays for them: past :data:`FAIL_BURST` of them
        (refilled at :data:`FAIL_RATE` a second) its connection is refused (429, the hub not
        asked; a kept-alive connection is closed) and so is its hub log-in cookie; a token
        the hub did not know within :data:`FAILED_TOKEN_SECONDS` is refused (403) without
        asking again. 503 when the hub cannot be asked or no turn came in
        :data:`AUTH_WAIT_SECONDS`."""
        service, now = self.service, time.monotonic()
        key = hashlib.sha256(token.encode()).hexdigest()
        good = service.good_tokens.get(key)
        if good is not None and now - good[0] < GOOD_TOKEN_SECONDS:
            return good[1]
        senders = service.senders(self.request)
        if any(service.fail_bucket(k).peek() < 1 for k in senders):
            self.set_header("Connection", "close")   # this connection is done; a new one starts afresh
            self._refuse(429, "?", "too many unknown tokens from this connection or log-in: try again later")
            return None
        failed = service.failed_tokens.get(key)
        if failed is None or now - failed >= FAILED_TOKEN_SECONDS:
            try:
                model = await service.look_up(token)
            except asyncio.TimeoutError:
                self._refuse(503, "?", "the hub is busy: try again in a moment")
                return None
            except Exception as e:  # noqa: BLE001 - the hub down or refusing: the lesson goes on
                log.warning("the hub could not check an answer's token: %s", _one_line(e))
                self._refuse(503, "?", "the hub could not be asked: try again later")
                return None
            if model and model.get("kind", "user") == "user" and isinstance(model.get("name"), str):
                service.failed_tokens.pop(key, None)
                _forget_oldest(service.good_tokens)
                service.good_tokens[key] = (time.monotonic(), model)
                return model
            _forget_oldest(service.failed_tokens)
            service.failed_tokens[key] = time.monotonic()
        for k in senders:
            service.fail_bucket(k).take()
        self._refuse(403, "?", "the token is not a hub user's")
        return None


class TableApiHandler(AnswerHandler):
    """``POST <prefix>api/table``: the deal editor's *Send to the room*
    (:func:`cardkit.room_send.send_set`, from the teacher's kernel): open a table with the
    editor's set (issue 34, item 13).

    Authenticated as :class:`AnswerHandler` is (the hub token in ``Authorization: token
    <token>`` only, never a cookie) and for the room's teachers only: a learner's token is
    refused (403, one line: "only a teacher may open a table..."), before the body is parsed.
    The body: a JSON object with :data:`TABLE_KEYS`: ``game`` ("variety", ...), ``deals``
    (a list of deal codes, or a deal-set file's text, as the lobby's box takes them:
    ``_deals``; each board keeps its dealer) and ``bots`` ("rule" default, "expert",
    "none"), at most :data:`MAX_TABLE_BYTES`. Answers 201 with ``{"table": "T3", "boards":
    n, "teacher_page": "<prefix>teacher", "message": ...}`` (every page is then pushed its
    new state); 400 with ``{"error": one line}`` for a body the room refuses; 403, 413, 429
    and 503 as for an answer. Nothing is opened on a refusal."""

    noun, a_noun, nouns, log_kind = "the set", "a set", "sets", "api/table"
    max_bytes = MAX_TABLE_BYTES
    keys = TABLE_KEYS
    teachers_only = True

    async def post(self) -> None:
        service = self.service
        checked = await self._checked_body()
        if checked is None:
            return None
        user, sent = checked
        game, bots = sent.get("game"), sent.get("bots", "rule")
        if not isinstance(game, str) or game not in _GAMES:   # a list is unhashable: refused too
            return self._refuse(400, user, f"game {quote(game)}: expected one of {', '.join(_GAMES)}")
        if not isinstance(bots, str) or bots not in _BOTS:
            return self._refuse(400, user, f"bots {quote(bots)}: expected rule, expert or none")
        try:
            deals = _deals(sent.get("deals"))
            if not deals:
                raise MessageRefused("the set is empty: add a board to it first")
            table = await service.call(service.room.open_table, game, deals=deals, bots=_BOTS[bots])
        except CardkitError as e:
            return self._refuse(400, user, _one_line(e))
        n = len(deals)
        self.set_status(201)
        self.finish(json.dumps({
            "table": table, "boards": n, "teacher_page": f"{service.prefix}teacher",
            "message": f"Table {table} is open in the room with this set ({n} board{'s' if n != 1 else ''}, "
                       f"{_BOT_WORDS[_BOTS[bots]]}): seat the learners and start it from the teacher's page."}))
        await service.push()


#: a message the page should never send (not JSON, not one of its kinds, an unknown key)
_UNREADABLE: tuple[str, dict[str, Any]] = (N_("The page sent a message the room cannot read."), {})


def _lang_of(handler: web.RequestHandler) -> str:
    """The language of a request's page (:func:`cardkit.room.lang.page_lang`): its
    ``?lang=``, the cookie, ``Accept-Language``, the class's default."""
    service = handler.service  # type: ignore[attr-defined]
    query = handler.get_query_argument("lang", None)
    cookie = handler.get_cookie(LANG_COOKIE)
    return page_lang(query=query, cookie=cookie, accept=handler.request.headers.get("Accept-Language"),
                     default=service.lang, pseudo=service.pseudo)


class OAuthCallback(HubOAuthCallbackHandler):
    def initialize(self, service: RoomService) -> None:
        self.hub_auth = service.hub_auth


class RoomSocket(HubOAuthenticated, websocket.WebSocketHandler):
    """One page's websocket (see the module docstring): authenticated on the handshake,
    every message checked again."""

    def initialize(self, service: RoomService) -> None:
        self.service = service
        self.hub_auth = service.hub_auth
        self.user = ""
        self.page = ""
        self.table = ""
        self.ready = False
        self.dropped = 0
        self.opened = 0
        #: a table page's number of seats (its messages name the seats)
        self.players: int | None = None
        self.last_sent = ""
        #: the page's language (:func:`cardkit.room.lang.page_lang`, read on the handshake)
        self.lang = service.lang

    def get_current_user(self):
        return getattr(self, "_room_user", None)

    async def get(self, page: str, table: str = "") -> None:
        self.lang = _lang_of(self)
        user = await _identify(self)
        if user is None:
            self.service.refused("?", page, "connect", "no hub log-in")
            self.set_status(403)
            self.finish("log in through the hub first")
            return
        if not self.service.may_connect(user):
            await self.service.refused_connection(user, page, "too many connections opened in a minute")
            self.set_status(429)
            self.finish("Too many connections opened in the last minute: wait a moment.")
            return
        if page == "teacher" and not self.service.is_teacher(user):
            self.service.refused(user, page, "connect", "not a teacher")
            self.set_status(403)
            self.finish("the teacher's page is for the teachers only")
            return
        if page == "table":
            try:
                self.players = (await self.service.call(self.service.room.view, table, user))["players"]
            except CardkitError as e:
                self.service.refused(user, page, "connect", _one_line(e))
                self.set_status(403 if isinstance(e, NotSeatedError) else 404)
                self.finish(_one_line(e))
                return
        self.user, self.page, self.table = user, page, table
        await super().get(page, table)

    async def open(self, *args) -> None:
        self.ready = True
        self.service.admit(self)
        for sock, payload in await self.service.call(self.service.payloads, [self]):
            if sock.page == "lobby":
                sock.last_sent = json.dumps(payload)
            sock.send(payload)
        text = await self.service.call(self.service.room.announcement)
        if text:   # the teacher's announcement (a later one, or its taking down, is pushed to every page)
            self.send({"kind": "announcement", "text": text})

    def on_close(self) -> None:
        self.ready = False
        self.service.sockets.discard(self)

    def unread(self) -> int:
        """Bytes sent to this page that its connection has not taken yet (held in the room)."""
        stream = getattr(self.ws_connection, "stream", None)
        try:
            return int(stream._total_write_index - stream._total_write_done_index)  # type: ignore[union-attr]
        except (AttributeError, TypeError):
            return 0

    def send(self, payload: dict) -> None:
        """Send ``payload`` (JSON); a page that leaves more than :data:`MAX_UNREAD_BYTES`
        unread is closed instead (one log line; nothing more is kept for it: a page that
        reads reconnects by itself)."""
        if self.unread() > MAX_UNREAD_BYTES:
            if self.ready:
                log.warning("closing a %s page of %r: it left %d bytes unread", self.page, self.user, self.unread())
                self.on_close()
                self.close(1008, "too much left unread")
            return
        try:
            self.write_message(json.dumps(payload))
        except websocket.WebSocketClosedError:
            self.on_close()

    def refuse(self, kind: str, message: str, said: BaseException | tuple[str, dict[str, Any]] | None = None) -> None:
        """Refuse a message: the English ``message`` is logged; the page is sent it, or in
        another language :func:`said_words` of ``said`` (an error, or a catalog message and
        its values)."""
        message = for_learner(message, self.players)
        self.service.refused(self.user, self.page, kind, message)
        shown = message if self.lang == "en" else said_words(said, translation(self.lang))
        self.send({"kind": "error", "message": shown})

    async def on_message(self, raw: str | bytes) -> None:
        if not self.service.message_bucket(self.user).take():
            self.dropped += 1
            if self.dropped == 1:
                self.refuse("flood", "too many messages: slow down (messages dropped)",
                            (N_("Too many messages: slow down (messages dropped)."), {}))
            elif self.dropped % 20 == 0:
                log.warning("dropped %d messages from %r on the %s page (flood)", self.dropped, self.user, self.page)
            if self.dropped >= FLOOD_CLOSE:
                log.warning("closing the connection of %r: a flood of messages", self.user)
                self.close(1008, "too many messages")
            return
        if isinstance(raw, bytes):
            return self.refuse("binary", "the room reads text messages only", _UNREADABLE)
        if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
            return self.refuse("oversized", f"message of {len(raw):,} characters: at most {MAX_MESSAGE_BYTES:,} "
                                            f"bytes", (N_("The message is too long: at most {n} bytes."),
                                                       {"n": MAX_MESSAGE_BYTES}))
        try:
            msg = read_json(raw)
        except ValueError as e:
            return self.refuse("malformed", f"message {quote(raw)}: {e}", _UNREADABLE)
        if not isinstance(msg, dict) or not isinstance(msg.get("kind"), str):
            return self.refuse("malformed", f"message {quote(raw)}: expected a JSON object with a kind", _UNREADABLE)
        kind = msg["kind"]
        keys = MESSAGES[self.page].get(kind)
        if keys is None:
            return self.refuse(kind[:40], f"message kind {quote(kind)}: not one of this page's "
                                          f"({', '.join(MESSAGES[self.page])})", _UNREADABLE)
        extra = sorted(set(msg) - {"kind", *keys})
        if extra:
            return self.refuse(kind, f"message {quote(raw)}: unknown key {quote(extra[0])}", _UNREADABLE)
        if kind == "ping":  # answered here, in the event loop: never behind the room's worker
            return self.send({"kind": "pong"})
        sockets = [s for s in self.service.sockets if s.ready]   # read here, in the event loop
        try:
            answer, pushes, scope = await self.service.call(self.service.respond, self, kind, msg, sockets)
        except CardkitError as e:
            return self.refuse(kind, _one_line(e), e)
        except Exception as e:  # pragma: no cover - a bug: said in one line, the table goes on
            log.exception("message %r from %r", kind, self.user)
            return self.refuse(kind, f"the room could not do that ({type(e).__name__})")
        if answer is not None:
            self.send(answer)
        self.service.deliver(pushes)
        if kind not in ("ping", "replay", "announce"):
            await self.service.push_teachers(scope)
        if kind == "announce":   # every page of the room shows it
            self.service.broadcast({"kind": "announcement", "text": answer["text"]})


# ---- running it --------------------------------------------------------------------------------

def warm_expert_bots() -> dict[str, float]:
    """Load the solver kernels the expert bots use into this process (numba's kernels, every
    module of :data:`cardkit.core.registry.KERNEL_MODULES`: compiled, or read from numba's cache),
    then let each game's expert bot make one decision on its deal number 1, so that the first
    expert-bot table does not wait for them (its first bot card took 3-11 s before).
    :func:`main` calls it before the room listens. Returns seconds spent,
    ``{"kernels": 1.7, "V": 0.1, "W": 0.1, "D": 0.0}``."""
    import importlib

    from cardkit.core.registry import KERNEL_MODULES

    started = time.perf_counter()
    for module in KERNEL_MODULES:
        importlib.import_module(module)
    spent = {"kernels": time.perf_counter() - started}
    for letter, entry in GAMES.items():
        started = time.perf_counter()
        state = deal_from_code(f"{letter}-1")
        entry.expert_bot(seed=0).act(state.observation(state.current_player))
        spent[letter] = time.perf_counter() - started
    return spent


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardkit.room_service",
                                     description="The teaching room as a JupyterHub service.")
    parser.add_argument("--data-dir", default=".", help="folder of room.sqlite and the cookie secret")
    parser.add_argument("--db-url", default=os.environ.get("CARDKIT_ROOM_DB_URL"),
                        help="SQLAlchemy URL of the room's database (default sqlite in the data folder; "
                             "$CARDKIT_ROOM_DB_URL)")
    parser.add_argument("--teacher", action="append", default=[], metavar="NAME",
                        help="a teacher's hub name (repeat for more): the hub's admins")
    parser.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                        help="where to listen (default $JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the class's language: a page's language when neither its address (?lang=), its "
                             "cookie nor the browser's Accept-Language names en or ru (cardkit-hub --lang passes it)")
    parser.add_argument("--trust-proxy-headers", action="store_true",
                        help="read a client's address from X-Real-IP / X-Forwarded-For (only behind a proxy that "
                             "sets them itself; off by default: anyone can send them, and the address is only "
                             "logged)")
    return parser


def _cookie_secret(data_dir: Path) -> bytes:
    """``<data dir>/room-cookie-secret`` (made once, 0600): log-ins survive a restart."""
    path = data_dir / "room-cookie-secret"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip().encode()


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
    app = service.application(cookie_secret=_cookie_secret(data_dir))
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


class OwnAnswersHandler(AnswerHandler):
    """``GET <prefix>api/answers/mine``: the learner's **own** first answers (issue 33: her
    lessons read her progress back under the hub, :func:`cardkit.progress.from_room`).

    Authenticated as ``api/answer`` (:class:`AnswerHandler`): the hub token in the
    ``Authorization`` header only, never a cookie, checked with the hub; the learner is the
    token's owner, and only her answers are sent (:meth:`cardkit.room.Room.own_answers`).
    Read-only. Answers: 200 ``{"answers": [{"kind", "lesson", "item", "right", "at"}, ...]}``;
    403 without a valid token; 429 past the answers' rate; 503 when the hub cannot be
    asked; 405 for a POST (answers go to ``api/answer``).
    """

    nouns = "requests"

    async def get(self) -> None:
        service = self.service
        user = await self._checked_sender()
        if user is None:
            return None
        try:
            found = await service.call(service.room.own_answers, user)
        except CardkitError as e:
            return self._refuse(400, user, _one_line(e))
        self.finish(json.dumps({"answers": found}))

    async def post(self) -> None:
        self.set_status(405)
        self.finish(json.dumps({"error": "answers are sent to api/answer"}))


if __name__ == "__main__":  # python -m cardkit.room_service
    sys.exit(main())
