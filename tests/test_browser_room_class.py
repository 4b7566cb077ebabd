"""The teacher running a class, in Chromium (issue 34, items 3 and 11), at 1366x768 and 390x844:

* the teacher's page opens on a compact grid of every table (8 tables fit in the first screen:
  game, board, whose turn, time since the last action, a warning on the table waiting for one
  person); a click opens that table large below it, the others stay closed;
* the announcement the teacher types is shown on every page (a learner's table page, a lobby);
* "Pause all tables": a learner's page says "Paused by the teacher" and none of her cards can be
  played; "Resume all tables" gives them back;
* a board's end is held on the learner's page (the last trick, the board's score, the running
  total) until the teacher's "Next board for all tables", or, in a self-paced set, the learner's
  own Next board.

Quick: the room service runs in a thread of this process with the stub of the hub's log-in of
``tests/test_room_service.py`` (a cookie names the user) and a fake clock; no hub is started."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterhub")

from servers import app_in_thread
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from test_room_pace import play_board
from test_room_service import PREFIX, TEACHER, StubAuth

from cardkit.room import IDLE_SECONDS, Room
from cardkit.room_service import RoomService

pytestmark = pytest.mark.browser
EXPECT_MS = 20_000
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


class Clock:
    def __init__(self) -> None:
        self.now = 4_000_000.0

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


def _page_as(browser, base: str, user: str, size: str):
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_cookies([{"name": "room-test-user", "value": user, "url": base}])
    page = ctx.new_page()
    page.set_default_timeout(EXPECT_MS)
    return ctx, page


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_teachers_overview_of_eight_tables(served, browser, size):
    from playwright.sync_api import expect

    base, room, clock = served
    tables = []
    for k in range(8):
        t = room.open_table("warsaw_hearts", deals=[f"W-{20 + k}", f"W-{40 + k}"])
        room.sit(t, f"l{k}", "South")
        room.start(t)
        tables.append(t)
    slow = tables[5]
    clock.now += IDLE_SECONDS + 65                      # l5 has waited 2.5 min; the others play a card now
    for k, t in enumerate(tables):
        if t != slow:
            room.act(t, f"l{k}", room.legal(t, f"l{k}")[0])
    ctx, teacher = _page_as(browser, base, TEACHER, size)
    try:
        teacher.goto(f"{base}{PREFIX}teacher")
        cells = teacher.locator("button.room-cell")
        expect(cells).to_have_count(8)
        expect(cells.nth(0)).to_contain_text("T1 · Warsaw Hearts")
        expect(cells.nth(0)).to_contain_text("board 1 of 2")
        expect(cells.nth(0)).to_contain_text("since the last action")
        slow_cell = teacher.locator(f"button.room-cell[data-table='{slow}']")
        expect(slow_cell).to_contain_text("South (l5) to act")
        expect(slow_cell.locator(".room-cell-warn")).to_have_text("⚠ waiting for l5 (South) for 2 min")
        expect(slow_cell).to_have_attribute("data-warn", "1")
        # every table closed: the grid is the page, and fits a screen (1,800 px for two tables before)
        expect(teacher.locator("article.room-teacher-table:visible")).to_have_count(0)
        box = teacher.locator("#room-overview").bounding_box()
        assert box["height"] < SIZES[size][1] * (0.5 if size == "laptop" else 1.2), box
        _no_sideways_scroll(teacher)
        # a click opens that table large, and only that one
        teacher.locator(f"button.room-cell[data-table='{tables[2]}']").click()
        opened = teacher.locator(f"article.room-teacher-table[data-table='{tables[2]}']")
        expect(opened).to_be_visible()
        expect(teacher.locator("article.room-teacher-table:visible")).to_have_count(1)
        expect(opened.locator(".ckt-card[data-card]")).not_to_have_count(0)
        teacher.locator(f"button.room-cell[data-table='{slow}']").click()
        expect(teacher.locator(f"article.room-teacher-table[data-table='{slow}']")).to_be_visible()
        expect(opened).to_be_hidden()
        expect(teacher.locator(f"article.room-teacher-table[data-table='{slow}'] .room-idle")).to_contain_text(
            "South (l5) has not played for 2 min")
        _no_sideways_scroll(teacher)
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_announce_pause_and_the_held_board_on_a_learners_page(served, browser, size):
    from playwright.sync_api import expect

    base, room, _clock = served
    held = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    paced = room.open_table("warsaw_hearts", deals=["W-20", "W-21"], pace="self")
    for t, user in ((held, "ann"), (paced, "bob")):
        room.sit(t, user, "South")
        room.start(t)
    contexts = []
    try:
        ctx, teacher = _page_as(browser, base, TEACHER, "laptop")
        contexts.append(ctx)
        teacher.goto(f"{base}{PREFIX}teacher")
        ctx, ann = _page_as(browser, base, "ann", size)
        contexts.append(ctx)
        ann.goto(f"{base}{PREFIX}table/{held}")
        ctx, bob = _page_as(browser, base, "bob", size)
        contexts.append(ctx)
        bob.goto(f"{base}{PREFIX}table/{paced}")
        ctx, lobby = _page_as(browser, base, "cy", size)
        contexts.append(ctx)
        lobby.goto(f"{base}{PREFIX}")
        for page in (teacher, ann, bob, lobby):
            expect(page.locator("body[data-connected='1']")).to_have_count(1)
        # the announcement: on every page at once
        teacher.fill("#room-announce-text", "Ten minutes left: finish your board")
        teacher.click("#room-announce")
        for page in (ann, bob, lobby, teacher):
            expect(page.locator("#room-announcement")).to_have_text("Announcement: Ten minutes left: finish your board")
        # pause every table: the learner's page says so and offers no card
        teacher.click("#room-pause-all")
        expect(ann.locator("#room-paused")).to_be_visible()
        expect(ann.locator(".ckt-status")).to_contain_text("Paused by the teacher")
        expect(ann.locator(".ckt-hand .ckt-legal")).to_have_count(0)
        expect(teacher.locator(f"button.room-cell[data-table='{held}']")).to_contain_text("paused by you")
        _no_sideways_scroll(ann)
        teacher.click("#room-resume-all")
        expect(ann.locator("#room-paused")).to_be_hidden()
        # the board's end is held: the last trick, the score, the running total
        for t, user in ((held, "ann"), (paced, "bob")):
            play_board(room, t, user)
        teacher.click("#room-announce-clear")            # (a push: the pages fetch the new state)
        for page in (ann, lobby):
            expect(page.locator("#room-announcement")).to_be_hidden()
        ann.reload()
        bob.reload()
        expect(ann.locator("body[data-held='1']")).to_have_count(1)
        expect(ann.locator(".ckt-status")).to_contain_text("Board 1 is over: South")
        expect(ann.locator(".ckt-status")).to_contain_text("The next board comes when the teacher deals it.")
        expect(ann.locator("#room-totals")).to_contain_text("Running total after 1 board: South")
        expect(ann.locator("#room-next-board")).to_be_hidden()      # the teacher moves her table on
        expect(ann.locator(".ckt-trick [data-card]")).to_have_count(4)   # the last trick stays on the table
        _no_sideways_scroll(ann)
        # self-paced: bob presses Next board himself
        expect(bob.locator("#room-next-board")).to_be_visible()
        _no_sideways_scroll(bob)
        bob.click("#room-next-board")
        expect(bob.locator("body[data-held='0']")).to_have_count(1)
        expect(bob.locator(".ckt-title")).to_contain_text("board 2 of 2")
        expect(ann.locator("body[data-held='1']")).to_have_count(1)
        # the teacher moves the class on
        teacher.click("#room-next-all")
        expect(teacher.locator("#room-message")).to_contain_text(f"Next board dealt at {held}.")
        expect(ann.locator("body[data-held='0']")).to_have_count(1)
        expect(ann.locator(".ckt-title")).to_contain_text("board 2 of 2")
        expect(ann.locator("#room-totals")).to_contain_text("Running total after 1 board")
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_page_whose_log_in_expired_reloads_to_log_in_again(served, browser):
    """Item 9's other half: the page reloads itself only when the room answers with the log-in
    (here the stub's 403 for a page without its cookie; under the hub a redirect to its log-in),
    seen twice; the reload then shows the room's own refusal, not a broken table."""
    from playwright.sync_api import expect

    base, room, _clock = served
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t, "ann", "South")
    room.start(t)
    ctx, ann = _page_as(browser, base, "ann", "phone")
    try:
        ann.goto(f"{base}{PREFIX}table/{t}")
        expect(ann.locator("body[data-connected='1']")).to_have_count(1)
        ann.evaluate("window.__notReloaded = true")
        alive = []
        ann.on("response", lambda r: alive.append(r.status) if r.url.endswith("api/alive") else None)
        ctx.clear_cookies()                                 # the log-in is gone
        with ann.expect_navigation(timeout=EXPECT_MS):
            ann.evaluate("window.cardkitRoom.socket.ws.close()")
        assert alive[:2] == [403, 403], alive
        assert ann.evaluate("window.__notReloaded === undefined")
    finally:
        ctx.close()
