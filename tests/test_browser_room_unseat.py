"""The teacher's page in Chromium (issue 32, item 4): a learner who has not played for two
minutes is pointed out ("South (eve) has not played for 2 min") with an Unseat button beside
it; the teacher clicks it, a bot takes South, and eve's page takes her to the lobby, which
says so in one line.

Quick: the room service runs in a thread of this process on 127.0.0.1 and a free port, with
the stub of the hub's log-in of ``tests/test_room_service.py`` (a cookie names the user) and
a fake clock for the room; no hub is started."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterhub")

from servers import app_in_thread
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from test_room_service import PREFIX, TEACHER, StubAuth

from cardkit.room import IDLE_SECONDS, Room
from cardkit.room_service import RoomService

pytestmark = pytest.mark.browser
EXPECT_MS = 20_000


class Clock:
    def __init__(self) -> None:
        self.now = 3_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def served():
    """``(base URL, room, clock)``: the room service on 127.0.0.1 in a thread, stopped after."""
    clock = Clock()
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    room = Room(engine, teachers=[TEACHER], clock=clock)
    service = RoomService(room, prefix=PREFIX, hub_auth=StubAuth())
    with app_in_thread(service.application()) as base:
        yield base, room, clock


def _page_as(browser, base: str, user: str):
    ctx = browser.new_context()
    ctx.add_cookies([{"name": "room-test-user", "value": user, "url": base}])
    return ctx, ctx.new_page()


def test_the_teacher_sees_the_idle_learner_and_unseats_her(served, browser):
    from playwright.sync_api import expect

    base, room, clock = served
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "eve", "South")
    room.sit(t, "ann", "North")
    room.start(t)
    for _ in range(60):
        if room.waiting(t, TEACHER)["user"] == "eve":
            break
        room.act(t, "ann", room.legal(t, "ann")[0])
    clock.now += IDLE_SECONDS + 40                          # eve has waited 2 min 10 s
    contexts = []
    try:
        ctx, eve = _page_as(browser, base, "eve")
        contexts.append(ctx)
        eve.goto(f"{base}{PREFIX}table/{t}")
        expect(eve.locator("body[data-connected='1']")).to_have_count(1, timeout=EXPECT_MS)
        ctx, teacher = _page_as(browser, base, TEACHER)
        contexts.append(ctx)
        teacher.goto(f"{base}{PREFIX}teacher")
        teacher.locator(f"button.room-cell[data-table='{t}']").click()   # the grid opens the table large
        box = teacher.locator(f"article.room-teacher-table[data-table='{t}']")
        idle = box.locator(".room-idle")
        expect(idle).to_be_visible(timeout=EXPECT_MS)
        expect(idle).to_contain_text("South (eve) has not played for 2 min")
        expect(box.locator(".room-people button.room-unseat")).to_have_text(["Unseat eve (South)",
                                                                               "Unseat ann (North)"])
        idle.locator("button.room-unseat[data-user='eve']").click()
        # eve's page goes to the lobby, which says why in one line
        expect(eve).to_have_url(f"{base}{PREFIX}", timeout=EXPECT_MS)
        expect(eve.locator("#room-message")).to_have_text(
            f"The teacher gave your seat (South) at table {t} to a bot.", timeout=EXPECT_MS)
        # the teacher's page: South is a bot's, the idle line is gone, only ann can be unseated
        expect(idle).to_be_hidden(timeout=EXPECT_MS)
        expect(box.locator(".room-people button.room-unseat")).to_have_text(["Unseat ann (North)"])
        assert room.tables(only=t)[0]["seats"][0] == "bot"
    finally:
        for ctx in contexts:
            ctx.close()
