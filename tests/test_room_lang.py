"""The teaching room in the page's language (issue 29): ``?lang=`` (kept in a cookie) >
``Accept-Language`` > the class's default > English; every word the room's pages show comes
through the catalog (checked in the tests' pseudo-language ``qps``, as
``tests/test_i18n_tables.py`` checks the tables), and a Russian learner's refusals are Russian."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from room_testing import PREFIX, TEACHER, RoomPages
from test_i18n_tables import _texts, plain_words
from tornado.httpclient import HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.websocket import websocket_connect

from cardkit.i18n import translation
from cardkit.room.lang import JS_WORDS, LANG_COOKIE, accept_language, js_words, page_lang
from cardkit.room.table import card_table_state
from cardkit.room_service import SOCKET_MAX_BYTES, RoomService

ROOM_JS = Path(__file__).resolve().parent.parent / "cardkit" / "room" / "static" / "room.js"
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: what a room page shows that is not a word of the catalog: the users' names, the tables' ids
NAMES = re.compile(r"\b(?:ann|bob|dan|teach|T\d+)\b")


def test_page_lang_order_and_unknown_languages():
    assert page_lang() == "en"
    assert page_lang(default="ru") == "ru"
    assert page_lang(accept="ru-RU,ru;q=0.9,en;q=0.8") == "ru"
    assert page_lang(accept="en;q=0.5, ru;q=0.9") == "ru"
    assert page_lang(accept="ru", default="en", cookie="en") == "en"       # the cookie before the browser
    assert page_lang(query="ru", cookie="en") == "ru"                       # the address before the cookie
    assert page_lang(query="de", cookie="fr", accept="es", default="ru") == "ru"   # unknown: passed over
    assert page_lang(query="qps") == "en" and page_lang(query="qps", pseudo=True) == "qps"
    assert accept_language("x" * 600) is None and accept_language("ru;q=abc") is None
    assert accept_language("ru;q=0") is None


def test_no_message_inside_an_f_string():
    """Babel does not read inside an f-string's braces: a ``gettext("…")`` there never reaches the
    catalog (the page would stay English in Russian), so the room's modules have none."""
    import io
    import tokenize
    room = Path(__file__).resolve().parent.parent / "cardkit" / "room"
    found = []
    for path in [*room.glob("*.py"), room.parent / "wording.py"]:
        tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
        depth = 0
        for tok in tokens:
            if tok.type == getattr(tokenize, "FSTRING_START", -1):
                depth += 1
            elif tok.type == getattr(tokenize, "FSTRING_END", -1):
                depth -= 1
            elif (depth and tok.type == tokenize.NAME and tok.string.endswith("gettext")) or (
                    tok.type == tokenize.STRING and re.match(r"(?i)[rb]*f", tok.string)
                    and re.search(r"gettext\(", tok.string)):
                found.append(f"{path.name}:{tok.start[0]}")
    assert found == []


def test_room_js_words_are_the_catalog_messages():
    """Each ``w("key", "English")`` of room.js is :data:`JS_WORDS`' message (the fallback is the
    English of the catalog's message), and no key is unused."""
    js = ROOM_JS.read_text()
    used = {}
    for m in re.finditer(r'\bw\(\s*"(\w+)",\s*((?:"(?:[^"\\]|\\.)*"\s*(?:\+\s*)?)+)', js):
        used[m[1]] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m[2]))
    assert used == JS_WORDS
    ru = js_words(translation("ru"))
    assert ru["rank_Q"] == "Д" and ru["next_board"] == "Следующая сдача"
    assert all(v.startswith("⟦") for v in js_words(translation("qps")).values())


def test_russian_seat_view_names_the_viewer_and_the_cards():
    from cardkit.room import Room
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t, "ann", "South")
    room.start(t)
    s = card_table_state(room.view(t, "ann"), translation("ru"))
    assert [x["short"] for x in s["seats"]] == ["Юг (вы)", "Запад", "Север", "Восток"]
    assert {c["label"] for c in s["hand"]} >= {"В♠", "9♠"} and "валет пик" in {c["name"] for c in s["hand"]}
    assert not any(c["label"].startswith("T") for c in s["hand"])
    d = room.open_table("armenian_durak", deals=["D-5"])
    room.sit(d, "bob", "North")
    s = card_table_state(room.view(d, "bob"), translation("ru"))
    assert [x["short"] for x in s["seats"]] == ["Соперник", "Вы"]


class RoomLangTest(RoomPages, AsyncHTTPTestCase):
    def get_app(self):
        from room_testing import StubAuth, memory_room
        self.room = memory_room()
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=StubAuth(), pseudo=True, dd_seconds=2.0,
                                   dd_max_nodes=20_000, dd_in_process=False)
        return self.service.application()

    def page(self, path: str, user: str, headers: dict | None = None):
        h = {"Cookie": f"room-test-user={user}", **(headers or {})}
        return self.fetch(PREFIX + path, headers=h, follow_redirects=False)

    async def open_ws(self, path: str, user: str, lang: str | None = None, accept: str | None = None):
        url = self.url(path, ws=True) + (f"?lang={lang}" if lang else "")
        headers = {"Cookie": f"room-test-user={user}"}
        if accept:
            headers["Accept-Language"] = accept
        ws = await websocket_connect(HTTPRequest(url, headers=headers), max_message_size=SOCKET_MAX_BYTES * 4)
        return ws, json.loads(await ws.read_message())

    def seated(self) -> str:
        t = self.room.open_table("variety", deals=["V-4821", "V-17"])
        self.room.sit(t, "ann", "South")
        self.room.sit(t, "bob", "North")
        self.room.start(t)
        return t

    def play_out(self, t: str) -> None:
        """Play the board in play to its end (each person the first legal action)."""
        for _ in range(200):
            mover = next((u for u in ("ann", "bob") if self.room.view(t, u)["your_turn"]), None)
            if mover is None:
                return
            self.room.act(t, mover, self.room.view(t, mover)["legal"][0])

    # ---- the pages' HTML ----------------------------------------------------------------------

    def test_the_language_from_accept_language_the_address_and_the_cookie(self):
        self.seated()
        en = self.page("", "ann")
        assert en.code == 200 and b'<html lang="en">' in en.body and b"The teaching room" in en.body
        ru = self.page("", "ann", {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
        body = ru.body.decode()
        assert '<html lang="ru">' in body and "Учебная комната" in body and "Вы вошли как <b>ann</b>" in body
        assert "The teaching room" not in body
        asked = self.page("table/T1?lang=ru", "ann")
        assert b'<html lang="ru">' in asked.body and "<title>Стол T1</title>" in asked.body.decode()
        assert f"{LANG_COOKIE}=ru" in asked.headers.get("Set-Cookie", "")
        kept = self.page("teacher", TEACHER, {"Cookie": f"room-test-user={TEACHER}; {LANG_COOKIE}=ru"})
        assert '<html lang="ru">' in kept.body.decode() and "Страница учителя" in kept.body.decode()
        back = self.page("?lang=en", "ann", {"Accept-Language": "ru"})
        assert b'<html lang="en">' in back.body
        for odd in ("?lang=de", "?lang=%3Cscript%3E", "?lang=", "?lang=ru&lang=xx"):
            r = self.page(odd, "ann")
            assert r.code == 200 and b'<html lang="' in r.body
        assert b'<html lang="en">' in self.page("?lang=de", "ann").body

    def test_the_class_default_and_the_switch(self):
        self.service.lang = "ru"
        body = self.page("", "ann").body.decode()
        assert '<html lang="ru">' in body
        assert '<a href="?lang=en" lang="en" hreflang="en">English</a> · ' in body
        assert '<a href="?lang=ru" lang="ru" hreflang="ru" aria-current="true">Русский</a>' in body
        assert b'<html lang="en">' in self.page("", "ann", {"Accept-Language": "en-GB"}).body

    def test_russian_error_pages_are_one_russian_line(self):
        self.seated()
        r = self.page("teacher?lang=ru", "ann")
        assert r.code == 403 and CYRILLIC.search(r.body.decode()) and not LATIN_WORD.search(r.body.decode())
        r = self.page("table/T9?lang=ru", "ann")
        assert r.code == 404 and CYRILLIC.search(r.body.decode()) and "Traceback" not in r.body.decode()

    # ---- the pseudo-language: nothing shown that did not come through the catalog -------------

    def html_texts(self, body: str) -> list[str]:
        body = re.sub(r'<script type="application/json" id="room-words">.*?</script>', " ", body, flags=re.S)
        body = re.sub(r'<nav class="room-lang".*?</nav>', " ", body, flags=re.S)   # the languages' own names
        body = re.sub(r"<(title|head)>", " ", body)
        head, _, rest = body.partition("<body")
        rest = rest.split(">", 1)[1]   # the body's attributes are data
        return [re.sub(r"<title>|</title>", " ", m) for m in re.findall(r"<title>.*?</title>", head)] + [
            re.sub(r'<[^>]*>', " ", rest)]

    def assert_qps(self, texts: list[str], where: str) -> None:
        bad = {w for t in texts for w in plain_words(NAMES.sub(" ", t))}
        assert not bad, f"{where}: words not through the catalog: {sorted(bad)}"

    @gen_test(timeout=60)
    async def test_every_page_in_the_pseudo_language(self):
        t = self.seated()
        self.play_out(t)
        self.room.next_board(t, TEACHER)
        for path, user in (("", "ann"), (f"table/{t}", "ann"), ("teacher", TEACHER)):
            r = await self.http_client.fetch(self.get_url(PREFIX + path + "?lang=qps"),
                                             headers={"Cookie": f"room-test-user={user}"}, follow_redirects=False)
            assert r.code == 200 and '<html lang="qps">' in r.body.decode()
            self.assert_qps(self.html_texts(r.body.decode()), path or "lobby")
        # the lobby's list, seated and not, and a teacher's with the form's games
        for user in ("ann", "dan", TEACHER):
            ws, first = await self.open_ws("ws/lobby", user, "qps")
            assert first["kind"] == "lobby"
            texts = [row[k] for row in first["tables"] for k in ("title", "bots", "set")]
            texts += [s.get("label", s["name"]) for row in first["tables"] for s in row["seats"]]
            texts += [n for row in first["tables"] for n in row["free"]] + [g["title"] for g in first["games"]]
            texts += [first["you"]["name"]] if first["you"] else []
            self.assert_qps(texts, f"lobby of {user}")
            ws.close()
        ws, first = await self.open_ws(f"ws/table/{t}", "ann", "qps")
        assert first["kind"] == "state"
        self.assert_qps(_texts(first["state"]) + [first["state"]["totals_line"]], "table")
        ws.close()
        ws, first = await self.open_ws("ws/teacher", TEACHER, "qps")
        assert first["kind"] == "teacher" and first["session"]["boards"]
        texts = []
        for row in first["tables"]:
            texts += [row["title"], row["bots"], row["set"], *row["labels"], *_texts(row["state"])]
            texts += [p for r in row["traveller"] for p in r["players"] + r["declarers"]]
            if row["overview"].get("turn_label"):
                texts.append(row["overview"]["turn_label"])
        session = first["session"]
        texts += [b["head"] for b in session["boards"]] + [n for b in session["boards"] for n in b["names"]]
        texts += [r["title"] for r in session["rankings"]] + [x["title"] for x in session["tables"]]
        self.assert_qps(texts, "teacher")
        replay = json.loads(await self.ask_raw(ws, {"kind": "replay", "table": t, "board": 1}))
        assert replay["kind"] == "replay"
        self.assert_qps(replay["names"] + [s["action"] for s in replay["steps"][1:]], "replay")
        info = json.loads(await self.ask_raw(ws, {"kind": "pause_all", "paused": True}))
        self.assert_qps([info["message"]], "pause all")
        ws.close()

    @gen_test(timeout=120)
    async def test_the_hand_records_in_the_pseudo_language_and_russian(self):
        t = self.seated()
        self.play_out(t)
        d = self.room.open_table("armenian_durak", deals=["D-5"])
        self.room.sit(d, "dan", "South")
        self.room.start(d)
        for _ in range(200):
            if not self.room.view(d, "dan")["your_turn"]:
                break
            self.room.act(d, "dan", self.room.view(d, "dan")["legal"][0])
        cookie = {"Cookie": f"room-test-user={TEACHER}"}
        r = await self.http_client.fetch(self.get_url(PREFIX + "records?lang=qps"), headers=cookie)
        body = r.body.decode()
        assert '<html lang="qps">' in body and 'data-boards="2"' in body
        self.assert_qps(self.html_texts(body), "records")
        r = await self.http_client.fetch(self.get_url(PREFIX + f"records?table={t}&lang=ru"), headers=cookie)
        body = r.body.decode()
        assert '<html lang="ru">' in body and f"<title>Протоколы сдач · набор стола {t}</title>" in body
        assert "сдаёт Запад" in body or "сдаёт Север" in body or "сдаёт Юг" in body or "сдаёт Восток" in body
        assert "Back to the teacher" not in body and "Назад на страницу учителя" in body

    async def ask_raw(self, ws, msg) -> str:
        ws.write_message(json.dumps(msg))
        while True:
            m = await ws.read_message()
            if json.loads(m)["kind"] not in ("teacher", "lobby", "state", "answers"):
                return m

    # ---- a Russian learner's refusals ---------------------------------------------------------

    @gen_test(timeout=60)
    async def test_a_russian_learners_refusals_are_russian(self):
        t = self.seated()
        mover = next(u for u in ("ann", "bob") if self.room.view(t, u)["your_turn"])
        waiting = "bob" if mover == "ann" else "ann"
        ws, first = await self.open_ws(f"ws/table/{t}", waiting, accept="ru")
        assert first["kind"] == "state" and "стол T1 · сдача 1 из 2" in first["state"]["title"]
        legal = self.room.view(t, mover)["legal"][0]
        sent = [
            "{not json",                                                    # a bad message
            json.dumps({"kind": "shout"}),                                  # not one of the page's kinds
            json.dumps({"kind": "card", "card": "QH", "extra": 1}),         # an unknown key
            json.dumps({"kind": "act", "action": legal}),                   # out of turn
            json.dumps({"kind": "act", "action": legal, "seat": "West"}),   # someone else's seat
            json.dumps({"kind": "act", "action": "QH", "table": "T7"}),     # another table
            json.dumps({"kind": "bid", "value": 99}),                       # not an action
            json.dumps({"kind": "control", "name": "x", "value": 1}),
        ]
        before = len(self.room.view(t, mover)["legal"]), self.room.view(t, mover)["board"]["actions"]
        for raw in sent:
            ws.write_message(raw)
            answer = json.loads(await ws.read_message())
            assert answer["kind"] == "error", raw
            line = answer["message"]
            assert CYRILLIC.search(line) and not LATIN_WORD.search(NAMES.sub(" ", line)), (raw, line)
            assert "\n" not in line
        assert (len(self.room.view(t, mover)["legal"]), self.room.view(t, mover)["board"]["actions"]) == before
        assert all(not CYRILLIC.search(r[3]) for r in self.service.refusals)   # the log stays English
        ws.close()
        lobby, _first = await self.open_ws("ws/lobby", "dan", "ru")
        lobby.write_message(json.dumps({"kind": "sit", "table": t, "seat": "South"}))   # taken
        answer = json.loads(await lobby.read_message())
        while answer["kind"] != "error":
            answer = json.loads(await lobby.read_message())
        assert answer["message"].startswith("Место Юг за столом T1 занято (ann)"), answer
        lobby.close()

    @gen_test(timeout=60)
    async def test_a_russian_teachers_refusals_are_russian(self):
        empty = self.room.open_table("warsaw_hearts", deals=["W-17"])
        t = self.seated()
        ws, first = await self.open_ws("ws/teacher", TEACHER, "ru")
        assert first["kind"] == "teacher"
        for msg in ({"kind": "start", "table": empty},                     # nobody sits there
                    {"kind": "start", "table": t},                         # started already
                    {"kind": "undo", "table": t},                          # nothing to undo
                    {"kind": "open", "game": "variety", "deals": "V-ZZZ"},   # codes that cannot be read
                    {"kind": "set_deals", "table": t, "deals": ["W-17"]},  # another game's code
                    {"kind": "unseat", "table": t, "seat": "West"},        # a bot's seat
                    {"kind": "announce", "text": "x" * 400},
                    {"kind": "pace", "table": t, "pace": "fast"}):
            answer = json.loads(await self.ask_raw(ws, msg))
            assert answer["kind"] == "error", (msg, answer)
            line = answer["message"]
            assert CYRILLIC.search(line) and not LATIN_WORD.search(NAMES.sub(" ", re.sub(r"V-\d+", " ", line))), \
                (msg, line)
        ws.close()

    @gen_test(timeout=60)
    async def test_the_english_refusal_is_as_before(self):
        t = self.seated()
        mover = next(u for u in ("ann", "bob") if self.room.view(t, u)["your_turn"])
        waiting = "bob" if mover == "ann" else "ann"
        ws, _first = await self.open_ws(f"ws/table/{t}", waiting)
        legal = self.room.view(t, mover)["legal"][0]
        ws.write_message(json.dumps({"kind": "act", "action": legal}))
        answer = json.loads(await ws.read_message())
        assert answer["kind"] == "error" and answer["message"].startswith("it is ") and "wait for your turn" in \
            answer["message"]
        ws.close()


@pytest.mark.parametrize("lang", ["ru", "qps"])
def test_words_json_cannot_close_its_script(lang):
    from cardkit.room.lang import words_json
    text = words_json(translation(lang))
    assert "</" not in text and "<" not in text and json.loads(text)["next_board"]


def test_cardkit_hub_lang_ru_starts_the_room_in_russian(tmp_path):
    """``cardkit-hub --lang ru`` passes the class's language to the room's command
    (``--lang=ru``); English adds nothing (the command as before)."""
    pytest.importorskip("jupyterhub")
    from cardkit.hub_cli import hub_config
    from cardkit.room_service import build_parser

    def room_command(**kw):
        config = hub_config(lessons_dir=Path(__file__).resolve().parent.parent / "lessons", data_dir=tmp_path,
                            password="classpass", hub_port=18081, proxy_api_port=18082, room_port=18083,
                            admins=["teach"], **kw)
        return next(s for s in config["JupyterHub"]["services"] if s["name"] == "room")["command"]

    assert "--lang=ru" in room_command(lang="ru")
    assert not any(a.startswith("--lang") for a in room_command())
    assert build_parser().parse_args(["--lang=ru"]).lang == "ru" and build_parser().parse_args([]).lang == "en"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--lang=de"])


@pytest.mark.parametrize("lang", ["en", "ru", "qps"])
def test_the_deal_editors_send_to_the_room_line_in_its_language(monkeypatch, lang):
    """The deal editor's *Send to the room* says the room's answer in the editor's language
    (English: the room's own line, as before)."""
    pytest.importorskip("ipywidgets")
    import cardkit.room_send
    from cardkit_widgets.deal_editor import DealEditor

    line = ("Table T3 is open in the room with this set (2 boards, rule bots): seat the learners and start it "
            "from the teacher's page.")
    monkeypatch.setattr(cardkit.room_send, "send_set", lambda game, codes, **kw: {
        "table": "T3", "boards": 2, "teacher_page": "/services/room/teacher", "message": line})
    e = DealEditor("warsaw_hearts", lang=lang)
    for seed in (3, 4):
        e.seed_box.value = str(seed)
        e.random_button.click()
        e.add_button.click()
    e.send_to_room(environ={})
    shown = e.send_view.value
    if lang == "en":
        import html
        assert shown == (f"<div>{html.escape(line)} <a href='/services/room/teacher' target='_blank'>"
                         "The teacher's page</a></div>")
    elif lang == "ru":
        assert "Стол T3 открыт в комнате" in shown and "Страница учителя" in shown
    else:
        assert not plain_words(NAMES.sub(" ", shown))


def test_every_seat_view_of_played_deals_in_the_pseudo_language():
    """Each state a seat (and the teacher) is sent while deals of the three games are played to
    their end (the bidding and its bots' table talk, the trump draw and draws, held and paused
    boards, the running total) says nothing that did not come through the catalog."""
    import random

    from cardkit.room import Room

    qps = translation("qps")
    bad: dict[str, str] = {}
    for game, code, seats, pace in [("variety", "V-4821", ["South"], "teacher"),
                                    ("warsaw_hearts", "W-17", ["South", "North"], "self"),
                                    ("armenian_durak", "D-5", ["South"], "teacher")]:
        room = Room("sqlite://", teachers=[TEACHER])
        t = room.open_table(game, deals=[code, code], bots="rule", pace=pace)
        users = [f"u{i}" for i in range(len(seats))]
        for u, s in zip(users, seats):
            room.sit(t, u, s)
        room.start(t)
        rnd = random.Random(1)

        def check(room=room, t=t, users=users, game=game):
            for v in [room.view(t, u) for u in users] + [room.view(t, TEACHER, everything=True)]:
                st = card_table_state(v, qps)
                for w in plain_words(re.sub(r"\bu\d\b|\bT\d+\b", " ", " ".join(_texts(st) + [st["totals_line"]]))):
                    bad.setdefault(w, game)

        for _ in range(400):
            check()
            mover = next((u for u in users if room.view(t, u)["your_turn"]), None)
            if mover is None:
                if not room.view(t, users[0]).get("held"):
                    break
                room.next_board(t, TEACHER)
                continue
            room.act(t, mover, rnd.choice(room.view(t, mover)["legal"]))
        room.pause(t, TEACHER, True)
        check()
    assert bad == {}
