"""The deal editor's set reaches the room (issue 34, item 13): boards keep their dealers
(each board's own, or rotating), the editor's saved file is read by the room's set box as it
is, and under the hub *Send to the room* posts the set to the teacher-only ``api/table``,
which opens a table with it, or refuses a learner (and any bad body) in one line."""

from __future__ import annotations

import asyncio
import json
from functools import partial
from typing import ClassVar

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from cardkit import CardkitError
from cardkit.codes import parse_deal_code
from cardkit.room import Room
from cardkit_widgets import DealEditor

pytest.importorskip("jupyterhub")

from tornado.testing import AsyncHTTPTestCase, gen_test

from cardkit.room_service import RoomService, _deals

TEACHER = "teach"
PREFIX = "/services/room/"
ROOM_SCOPE = "access:services!service=room"
TOKENS = {
    "tok-teach-1234": {"name": TEACHER, "kind": "user", "scopes": [ROOM_SCOPE]},
    "tok-ann-1234": {"name": "ann", "kind": "user", "scopes": [ROOM_SCOPE]},
}


def editor_with(game: str, seeds: list[int], dealers: list[int], **kw) -> DealEditor:
    e = DealEditor(game, **kw)
    for seed, dealer in zip(seeds, dealers):
        e.dealer_choice.value = dealer
        e.seed_box.value = str(seed)
        e.random_button.click()
        e.add_button.click()
    assert e.last_error is None, e.last_error
    return e


@pytest.mark.parametrize(("game", "kw", "players"), [("variety", {}, 4), ("warsaw_hearts", {"players": 3}, 3),
                                                     ("armenian_durak", {}, 2)])
def test_each_board_keeps_its_dealer_or_the_dealers_rotate(game, kw, players):
    e = editor_with(game, [3, 4, 5, 6], [1, 1, 0, 1], **kw)
    assert [parse_deal_code(c).dealer for c in e.board_codes] == [1, 1, 0, 1]
    e.set_dealers.value = "rotate"
    rotated = [parse_deal_code(c).dealer for c in e.board_codes]
    assert rotated == [k % players for k in range(4)]
    assert "dealers " in e.set_view.value
    # the saved file, as it is, in the room's set box: the same boards, the same dealers
    codes = _deals(e.set_text_value())
    assert codes == e.board_codes
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table(game, deals=codes, rules=parse_deal_code(codes[0]).rules)
    room.sit(t, "ann", 0)
    room.start(t)
    assert room.view(t, TEACHER)["public"]["dealer"] == rotated[0]
    assert [parse_deal_code(r["code"]).dealer for r in room.hand_records(TEACHER, t)] == rotated


def test_outside_the_hub_there_is_no_send_button_and_sending_says_why(monkeypatch):
    for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", "CARDKIT_ROOM_URL"):
        monkeypatch.delenv(name, raising=False)
    e = editor_with("variety", [3], [2])
    assert e.send_button.layout.display == "none"
    with pytest.raises(CardkitError, match="no teaching room here"):
        e.send_to_room()
    e.send_button.click()
    assert "no teaching room here" in e.last_error and "\n" not in e.last_error


class TokenStubAuth:
    login_url = ""
    base_url = "/"
    access_scopes: ClassVar[set[str]] = {ROOM_SCOPE}

    def get_user(self, handler, sync=True):
        async def user():
            return None

        return user()

    def user_for_token(self, token, use_cache=True, session_id="", *, sync=True):
        async def user():
            return TOKENS.get(token)

        return user()


class TableApiTest(AsyncHTTPTestCase):
    def get_app(self):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        self.room = Room(engine, teachers=[TEACHER])
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=TokenStubAuth())
        return self.service.application()

    def env(self, token: str) -> dict:
        return {"JUPYTERHUB_API_TOKEN": token, "JUPYTERHUB_SERVICE_PREFIX": "/user/x/",
                "CARDKIT_ROOM_URL": self.get_url(PREFIX)}

    def post(self, body, token="tok-teach-1234"):
        data = body if isinstance(body, (str, bytes)) else json.dumps(body)
        return self.fetch(PREFIX + "api/table", method="POST", body=data, raise_error=False,
                          headers={"Authorization": f"token {token}"})

    @gen_test(timeout=60)
    async def test_send_to_the_room_opens_a_table_with_the_set(self):
        e = editor_with("warsaw_hearts", [3, 4], [0, 0])
        e.set_dealers.value = "rotate"
        env = self.env("tok-teach-1234")
        answer = await asyncio.get_running_loop().run_in_executor(None, partial(e.send_to_room, environ=env))
        assert answer["table"] == "T1" and answer["boards"] == 2
        assert "Table T1 is open in the room" in e.send_view.value and f"{PREFIX}teacher" in e.send_view.value
        row = self.room.tables()[0]
        assert row["set_size"] == 2 and row["bots"] == "rule"
        assert [parse_deal_code(r["code"]).dealer for r in self.room.hand_records(TEACHER, "T1")] == [0, 1]

    @gen_test(timeout=60)
    async def test_a_learner_is_refused_in_one_line_and_nothing_is_opened(self):
        e = editor_with("variety", [3], [0])
        env = self.env("tok-ann-1234")
        with pytest.raises(CardkitError) as refused:
            await asyncio.get_running_loop().run_in_executor(None, partial(e.send_to_room, environ=env))
        text = str(refused.value)
        assert "only a teacher may open a table" in text and "\n" not in text
        assert self.room.tables() == []
        assert self.service.refusals[-1][:3] == ("ann", "api/table", "403")

    def test_refusals_by_hand(self):
        ok = {"game": "variety", "deals": ["V-4821", "V-17"]}
        r = self.post(ok, token="tok-ann-1234")          # a learner, by hand
        assert r.code == 403 and "only a teacher" in json.loads(r.body)["error"]
        r = self.post(ok, token="tok-nobody-12")
        assert r.code == 403
        r = self.fetch(PREFIX + "api/table", method="POST", body=json.dumps(ok), raise_error=False)
        assert r.code == 403
        for body, words in (("not json", "not JSON"), ([1], "expected a JSON object"),
                            ({**ok, "user": "x"}, "unknown key"), ({**ok, "game": "chess"}, "'chess'"),
                            ({**ok, "bots": "smart"}, "'smart'"), ({**ok, "deals": []}, "the set is empty"),
                            ({**ok, "deals": ["W-17"]}, "Warsaw Hearts"),
                            ({**ok, "deals": '[Deal "N:no"]'}, "deal set file")):
            r = self.post(body)
            error = json.loads(r.body)["error"]
            assert r.code == 400 and words in error and "\n" not in error, (body, error)
        assert self.room.tables() == []
        r = self.post({**ok, "bots": "none"})
        assert r.code == 201 and json.loads(r.body)["table"] == "T1"
        assert self.room.tables()[0]["bots"] is None
