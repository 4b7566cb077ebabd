"""The room service's websocket (:class:`RoomSocket`): one per open page, reading the page's
messages and sending the room's pushes. It gets the :class:`cardkit.room.service.RoomService` as
``service`` (typed ``Any`` here: the service module imports this one). Part of
:mod:`cardkit.room.service` (issue 30 split it), which gives every name too."""

from __future__ import annotations

import json
import logging
from typing import Any

from jupyterhub.services.auth import HubOAuthenticated
from tornado import websocket

from cardkit.core.errors import CardkitError, quote
from cardkit.i18n import N_, translation

from .handlers import identify, lang_of
from .limits import FLOOD_CLOSE, MAX_MESSAGE_BYTES, MAX_UNREAD_BYTES
from .messages import MESSAGES, for_learner, one_line, read_json, said_words
from .rooms import NotSeatedError

log = logging.getLogger("cardkit.room_service")

#: a message the page should never send (not JSON, not one of its kinds, an unknown key)
UNREADABLE: tuple[str, dict[str, Any]] = (N_("The page sent a message the room cannot read."), {})


class RoomSocket(HubOAuthenticated, websocket.WebSocketHandler):
    """One page's websocket (see the module docstring): authenticated on the handshake,
    every message checked again."""

    def initialize(self, service: Any) -> None:
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
        self.lang = lang_of(self)
        user = await identify(self)
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
                self.service.refused(user, page, "connect", one_line(e))
                self.set_status(403 if isinstance(e, NotSeatedError) else 404)
                self.finish(one_line(e))
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
            return self.refuse("binary", "the room reads text messages only", UNREADABLE)
        if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
            return self.refuse("oversized", f"message of {len(raw):,} characters: at most {MAX_MESSAGE_BYTES:,} "
                                            f"bytes", (N_("The message is too long: at most {n} bytes."),
                                                       {"n": MAX_MESSAGE_BYTES}))
        try:
            msg = read_json(raw)
        except ValueError as e:
            return self.refuse("malformed", f"message {quote(raw)}: {e}", UNREADABLE)
        if not isinstance(msg, dict) or not isinstance(msg.get("kind"), str):
            return self.refuse("malformed", f"message {quote(raw)}: expected a JSON object with a kind", UNREADABLE)
        kind = msg["kind"]
        keys = MESSAGES[self.page].get(kind)
        if keys is None:
            return self.refuse(kind[:40], f"message kind {quote(kind)}: not one of this page's "
                                          f"({', '.join(MESSAGES[self.page])})", UNREADABLE)
        extra = sorted(set(msg) - {"kind", *keys})
        if extra:
            return self.refuse(kind, f"message {quote(raw)}: unknown key {quote(extra[0])}", UNREADABLE)
        if kind == "ping":  # answered here, in the event loop: never behind the room's worker
            return self.send({"kind": "pong"})
        sockets = [s for s in self.service.sockets if s.ready]   # read here, in the event loop
        try:
            answer, pushes, scope = await self.service.call(self.service.respond, self, kind, msg, sockets)
        except CardkitError as e:
            return self.refuse(kind, one_line(e), e)
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
