"""The room service's limits and settings: message sizes, rates and bursts, the hub look-ups of
tokens, the HTTP server's settings (:mod:`cardkit.room.service` gives every name too; issue 30 split
it). A test that changes one changes it where the code reads it: the service's own in
:mod:`cardkit.room.service`, the HTTP handlers' in :mod:`cardkit.room.handlers`, the websocket's in
:mod:`cardkit.room.sockets`."""

from __future__ import annotations

import re
from typing import Any

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
#: is refused without asking again for FAILED_TOKEN_SECONDS (at most MAX_REMEMBERED of each)
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
MAX_REMEMBERED = 10_000
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
SESSION_COOKIES = ("jupyterhub-session-id", "jupyterhub-hub-login")
AUTH_HEADER = re.compile(r"token\s+([A-Za-z0-9_.~+/=-]{8,256})", re.IGNORECASE)
#: a table id in an address (``T1``)
TABLE_ID = r"[A-Za-z0-9_-]{1,32}"
