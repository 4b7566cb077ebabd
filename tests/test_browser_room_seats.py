"""Who sits where, in Chromium (issue 34, item 14): the lobby says each table's bots and set;
on the teacher's page the teacher seats a learner (her lobby then shows her table) and
closes the table (after confirming), and the learner's table page takes her to the lobby,
which says the teacher closed it.

Quick: the room service runs in a thread of this process on 127.0.0.1 and a free port, with
the stub of the hub's log-in of ``tests/test_room_service.py``; no hub is started."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterhub")

from servers import app_in_thread
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from test_room_service import PREFIX, TEACHER, StubAuth

from cardkit.room import Room
from cardkit.room_service import RoomService

pytestmark = pytest.mark.browser
EXPECT_MS = 20_000


@pytest.fixture
def served():
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    room = Room(engine, teachers=[TEACHER])
    service = RoomService(room, prefix=PREFIX, hub_auth=StubAuth())
    with app_in_thread(service.application()) as base:
        yield base, room


def _page_as(browser, base: str, user: str):
    ctx = browser.new_context()
    ctx.add_cookies([{"name": "room-test-user", "value": user, "url": base}])
    return ctx, ctx.new_page()


def test_the_teacher_seats_a_learner_and_closes_the_table(served, browser):
    from playwright.sync_api import expect

    base, room = served
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"], bots="expert")
    contexts = []
    try:
        ctx, eve = _page_as(browser, base, "eve")
        contexts.append(ctx)
        eve.goto(f"{base}{PREFIX}")
        row = eve.locator(f"article.room-table-row[data-table='{t}']")
        expect(row.locator(".room-table-kind")).to_have_text("Plays a set of 2 boards with expert bots.",
                                                            timeout=EXPECT_MS)
        ctx, teacher = _page_as(browser, base, TEACHER)
        contexts.append(ctx)
        teacher.goto(f"{base}{PREFIX}teacher")
        teacher.locator(f"button.room-cell[data-table='{t}']").click()   # the grid opens the table large
        box = teacher.locator(f"article.room-teacher-table[data-table='{t}']")
        box.locator("input.room-seat-learner").fill("eve")
        box.locator("select.room-seat-choice").select_option("North")
        box.locator("button.room-seat").click()
        expect(eve.locator(".room-you")).to_contain_text(f"You sit at table {t} as North", timeout=EXPECT_MS)
        eve.locator(".room-you a.room-go").click()
        expect(eve.locator("body[data-connected='1']")).to_have_count(1, timeout=EXPECT_MS)
        teacher.on("dialog", lambda d: d.accept())     # "Close table T1? Everyone at it leaves their seat."
        box.locator("button.room-close-table").click()
        expect(eve).to_have_url(f"{base}{PREFIX}", timeout=EXPECT_MS)
        expect(eve.locator("#room-message")).to_have_text(f"The teacher closed table {t}.", timeout=EXPECT_MS)
        expect(eve.locator(f"article.room-table-row[data-table='{t}']")).to_have_count(0, timeout=EXPECT_MS)
        assert room.tables(only=t)[0]["closed"]
    finally:
        for ctx in contexts:
            ctx.close()
