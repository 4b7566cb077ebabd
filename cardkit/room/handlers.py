"""The room service's HTTP handlers: the pages (lobby, table, teacher's, records), the exports,
a lesson's answers (``api/answer``, ``api/answers/mine``), the deal editor's sets (``api/table``),
the hub's OAuth callback. Each gets the :class:`cardkit.room.service.RoomService` as ``service``
(typed ``Any`` here: the service module imports this one). Part of :mod:`cardkit.room.service`
(issue 30 split it), which gives every name too."""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import math
import time
from typing import Any

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed, check_scopes
from tornado import web

from cardkit.core.errors import CardkitError, quote
from cardkit.i18n import N_, translation

from .lang import LANG_COOKIE, page_lang, words_json
from .limits import (
    ANSWER_BURST,
    ANSWER_KEYS,
    ANSWER_RATE,
    AUTH_HEADER,
    FAILED_TOKEN_SECONDS,
    GOOD_TOKEN_SECONDS,
    MAX_ANSWER_BYTES,
    MAX_TABLE_BYTES,
    TABLE_KEYS,
)
from .messages import (
    BOT_KINDS,
    BOT_WORDS,
    GAME_TITLES,
    MessageRefused,
    TokenBucket,
    deal_list,
    forget_oldest,
    one_line,
    read_json,
)
from .records import records_page
from .rooms import NotSeatedError, UnknownTableError

log = logging.getLogger("cardkit.room_service")

# ---- handlers ---------------------------------------------------------------------------------

async def identify(handler) -> str | None:
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
    def initialize(self, service: Any) -> None:
        self.service = service
        self.hub_auth = service.hub_auth

    async def prepare(self) -> None:
        #: the page's language (:func:`lang_of`); ``?lang=`` is kept in a cookie
        self.lang = lang_of(self)
        if self.get_query_argument("lang", None) == self.lang:
            self.set_cookie(LANG_COOKIE, self.lang, path=self.service.prefix, expires_days=365, samesite="Lax")
        self.tr = translation(self.lang)
        user = await identify(self)
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
    double-dummy tables come from :meth:`~cardkit.room.service.RoomService.double_dummy` (cached per board)."""

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

    def initialize(self, service: Any) -> None:
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
        m = AUTH_HEADER.fullmatch(self.request.headers.get("Authorization", "").strip())
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
            forget_oldest(service.answer_buckets)
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
            return self._refuse(400, user, one_line(e))
        self.set_status(204)
        self.finish()
        await service.answered(summary)


    async def _token_owner(self, token: str) -> dict | None:
        """The hub's user model of ``token``, or None after writing the refusal.

        A token the hub confirmed within :data:`GOOD_TOKEN_SECONDS` is taken at once; any
        other is looked up (:meth:`~cardkit.room.service.RoomService.look_up`), whatever others sent. Only a
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
                log.warning("the hub could not check an answer's token: %s", one_line(e))
                self._refuse(503, "?", "the hub could not be asked: try again later")
                return None
            if model and model.get("kind", "user") == "user" and isinstance(model.get("name"), str):
                service.failed_tokens.pop(key, None)
                forget_oldest(service.good_tokens)
                service.good_tokens[key] = (time.monotonic(), model)
                return model
            forget_oldest(service.failed_tokens)
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
    ``deal_list``; each board keeps its dealer) and ``bots`` ("rule" default, "expert",
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
        if not isinstance(game, str) or game not in GAME_TITLES:   # a list is unhashable: refused too
            return self._refuse(400, user, f"game {quote(game)}: expected one of {', '.join(GAME_TITLES)}")
        if not isinstance(bots, str) or bots not in BOT_KINDS:
            return self._refuse(400, user, f"bots {quote(bots)}: expected rule, expert or none")
        try:
            deals = deal_list(sent.get("deals"))
            if not deals:
                raise MessageRefused("the set is empty: add a board to it first")
            table = await service.call(service.room.open_table, game, deals=deals, bots=BOT_KINDS[bots])
        except CardkitError as e:
            return self._refuse(400, user, one_line(e))
        n = len(deals)
        self.set_status(201)
        self.finish(json.dumps({
            "table": table, "boards": n, "teacher_page": f"{service.prefix}teacher",
            "message": f"Table {table} is open in the room with this set ({n} board{'s' if n != 1 else ''}, "
                       f"{BOT_WORDS[BOT_KINDS[bots]]}): seat the learners and start it from the teacher's page."}))
        await service.push()




def lang_of(handler: web.RequestHandler) -> str:
    """The language of a request's page (:func:`cardkit.room.lang.page_lang`): its
    ``?lang=``, the cookie, ``Accept-Language``, the class's default."""
    service = handler.service  # type: ignore[attr-defined]
    query = handler.get_query_argument("lang", None)
    cookie = handler.get_cookie(LANG_COOKIE)
    return page_lang(query=query, cookie=cookie, accept=handler.request.headers.get("Accept-Language"),
                     default=service.lang, pseudo=service.pseudo)


class OAuthCallback(HubOAuthCallbackHandler):
    def initialize(self, service: Any) -> None:
        self.hub_auth = service.hub_auth





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
            return self._refuse(400, user, one_line(e))
        self.finish(json.dumps({"answers": found}))

    async def post(self) -> None:
        self.set_status(405)
        self.finish(json.dumps({"error": "answers are sent to api/answer"}))
