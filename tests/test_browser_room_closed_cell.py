"""The teacher's grid says a closed table is closed (found in the teacher's class pass, issue
34): after *Close the table* its cell still said "not started" (or "playing") while the table's
own heading said "closed". Quick: the room service in a thread, no hub (as
``tests/test_browser_room_class.py``)."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterhub")

from test_browser_room_class import _page_as, served  # noqa: F401 - the fixture, imported
from test_room_service import PREFIX, TEACHER

pytestmark = pytest.mark.browser


def test_a_closed_tables_cell_says_closed(served, browser):  # noqa: F811
    from playwright.sync_api import expect

    base, room, _clock = served
    playing = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(playing, "ann", "South")
    room.start(playing)
    waiting = room.open_table("variety", deals=["V-4821"])
    ctx, teacher = _page_as(browser, base, TEACHER, "laptop")
    try:
        teacher.goto(f"{base}{PREFIX}teacher")
        for t in (playing, waiting):
            expect(teacher.locator(f"button.room-cell[data-table='{t}'] .room-cell-state")).not_to_have_text("closed")
        teacher.on("dialog", lambda d: d.accept())
        for t in (playing, waiting):
            teacher.locator(f"button.room-cell[data-table='{t}']").click()
            teacher.locator(f"article.room-teacher-table[data-table='{t}'] .room-close-table").click()
            cell = teacher.locator(f"button.room-cell[data-table='{t}']")
            expect(cell.locator(".room-cell-state")).to_have_text("closed")
            expect(cell).to_have_attribute("data-state", "closed")
    finally:
        ctx.close()
