"""A learner's own answers read back from the room (issue 33: progress kept under the hub):
``Room.own_answers`` (her first answer to each item, only hers) and ``GET api/answers/mine``
(the hub token's owner only, never a cookie or a name in the request; read-only), and the
lessons' reader :func:`cardkit.progress.from_room` against the real service."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from tornado.testing import AsyncHTTPTestCase, gen_test

from cardkit import progress, room_report
from cardkit.room import Room
from cardkit.room_service import RoomService
from tests.test_room_answers import PREFIX, TOKENS, TokenStubAuth  # noqa: F401 - the hub's stub

TEACHER = "teach"


def _room() -> Room:
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    return Room(engine, teachers=[TEACHER])


def test_own_answers_are_the_first_of_each_item_and_only_hers():
    room = _room()
    room.record_answer("ann", "exercise", lesson="variety/1_rules", section="1.1", item="The next deal",
                       right=False, at=100.0)
    room.record_answer("ann", "exercise", lesson="variety/1_rules", section="1.1", item="The next deal",
                       right=True, at=200.0)              # a later example of the same exercise
    room.record_answer("ann", "problem", lesson="variety/4_problems", item="3", right=True, points_lost=0,
                       at=150.0)
    room.record_answer("bob", "problem", lesson="variety/4_problems", item="4", right=True, points_lost=0,
                       at=120.0)
    assert room.own_answers("ann") == [
        {"kind": "exercise", "lesson": "variety/1_rules", "item": "The next deal", "right": False, "at": 100.0},
        {"kind": "problem", "lesson": "variety/4_problems", "item": "3", "right": True, "at": 150.0}]
    assert room.own_answers("carl") == []
    with pytest.raises(Exception, match="user"):
        room.own_answers("")


class OwnAnswersEndpointTest(AsyncHTTPTestCase):
    def get_app(self):
        self.room = _room()
        self.room.record_answer("ann", "problem", lesson="variety/4_problems", item="3", right=True,
                                points_lost=0, at=150.0)
        self.room.record_answer("bob", "problem", lesson="variety/4_problems", item="5", right=False,
                                points_lost=4, at=160.0)
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=TokenStubAuth())
        return self.service.application()

    def get_mine(self, token: str | None = "tok-ann-1234", **headers):
        h = dict(headers)
        if token is not None:
            h["Authorization"] = f"token {token}"
        return self.fetch(PREFIX + "api/answers/mine", headers=h, raise_error=False)

    def test_the_tokens_owner_reads_her_own_answers_only(self):
        r = self.get_mine()
        assert r.code == 200, r.body
        assert json.loads(r.body) == {"answers": [
            {"kind": "problem", "lesson": "variety/4_problems", "item": "3", "right": True, "at": 150.0}]}
        r = self.get_mine("tok-bob-1234", Cookie="room-test-user=ann")     # a cookie never names her
        assert [a["item"] for a in json.loads(r.body)["answers"]] == ["5"]
        r = self.fetch(PREFIX + "api/answers/mine?user=ann", headers={"Authorization": "token tok-bob-1234"},
                       raise_error=False)                                  # nor a name in the request
        assert [a["item"] for a in json.loads(r.body)["answers"]] == ["5"]

    def test_without_a_valid_token_nothing_is_read(self):
        assert self.get_mine(None).code == 403
        assert self.get_mine(None, Cookie="room-test-user=ann").code == 403
        assert self.get_mine("tok-made-up-99").code == 403
        assert self.get_mine("tok-noroom-12").code == 403       # a token that may not use the room

    def test_it_is_read_only(self):
        r = self.fetch(PREFIX + "api/answers/mine", method="POST", body=json.dumps({"kind": "problem"}),
                       headers={"Authorization": "token tok-ann-1234"}, raise_error=False)
        assert r.code == 405
        assert len(self.room.own_answers("ann")) == 1

    @gen_test(timeout=20)
    async def test_a_lesson_reads_its_learners_progress_from_the_room(self):
        env = {"JUPYTERHUB_API_TOKEN": "tok-ann-1234", "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
               room_report.ROOM_URL_ENV: self.get_url(PREFIX)}
        found = await asyncio.get_running_loop().run_in_executor(None, progress.from_room, env)
        assert found is not None and len(found) == 1
        assert found.first("problem", "variety/4_problems", "3") == progress.Answer(True, 150.0)
        assert progress.from_room({}) is None                       # outside the hub: not asked


def test_a_room_that_does_not_answer_gives_no_progress_in_one_line(caplog):
    env = {"JUPYTERHUB_API_TOKEN": "tok", "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
           room_report.ROOM_URL_ENV: "http://127.0.0.1:9/services/room/"}
    with caplog.at_level("WARNING", logger="cardkit.progress"):
        assert progress.from_room(env) is None
    assert len(caplog.records) == 1 and "not read from the room" in caplog.records[0].getMessage()
