"""The session on the teacher's page and the hand records, in Chromium (issue 34, items 1, 2, 12).

- Two tables played W-17 and moved on to W-18: the teacher's page still shows W-17's
  traveller (both tables, each seat's matchpoints) and the learners' ranking, and its link
  downloads the results as a CSV file.
- The hand records of a set of four boards print to two A4 pages (Chromium's
  ``page.pdf(format="A4")``, pages counted in the PDF), for each game.

Quick: the room service runs in a thread of this process on 127.0.0.1 and a free port, with
the stub of the hub's log-in of ``tests/test_room_service.py`` (a cookie names the user); no
hub is started."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")

from servers import app_in_thread
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool
from test_room_duplicate import play_board
from test_room_service import PREFIX, TEACHER, StubAuth

from cardkit.room import Room
from cardkit.room_records import matchpoints
from cardkit.room_service import RoomService

pytestmark = pytest.mark.browser
EXPECT_MS = 20_000
_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


@pytest.fixture
def served():
    """``(base URL, room)``: the room service on 127.0.0.1 in a thread, stopped after."""
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    room = Room(engine, teachers=[TEACHER])
    service = RoomService(room, prefix=PREFIX, hub_auth=StubAuth(), dd_seconds=0.5, dd_max_nodes=20_000,
                          dd_in_process=False)
    with app_in_thread(service.application()) as base:
        yield base, room
    service.close()


def _page_as(browser, base: str, user: str, **options):
    ctx = browser.new_context(**options)
    ctx.add_cookies([{"name": "room-test-user", "value": user, "url": base}])
    return ctx, ctx.new_page()


def test_the_teacher_sees_a_finished_boards_traveller_after_the_tables_moved_on(served, browser):
    from playwright.sync_api import expect

    base, room = served
    t1 = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    t2 = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    for k, (t, user) in enumerate(((t1, "ann"), (t2, "bob"))):
        room.sit(t, user, "South")
        room.start(t)
        play_board(room, t, user, -k)
        room.next_board(t, TEACHER)            # a finished board is held until the teacher moves on
    assert all(room.view(t, TEACHER)["board"]["number"] == 2 for t in (t1, t2))   # both on W-18 now
    rows = room.results("W-17")
    ctx, teacher = _page_as(browser, base, TEACHER, accept_downloads=True)
    try:
        teacher.goto(f"{base}{PREFIX}teacher")
        board = teacher.locator("#room-session article.room-session-board[data-code='W-17']")
        expect(board).to_be_visible(timeout=EXPECT_MS)
        expect(board.locator("h4")).to_have_text("Board W-17 · Warsaw Hearts · played at 2 tables")
        expect(board.locator("tbody tr")).to_have_count(2)
        for r in rows:
            line = board.locator(f"tbody tr[data-table='{r['table']}']")
            expect(line.locator("td.room-mp")).to_have_text(
                " / ".join("–" if m is None else f"{round(m * 10) / 10:g} %" for m in r["matchpoints"]))
            expect(line).to_contain_text(" / ".join(map(str, r["returns"])))
        # the ranking: both learners, each with their South matchpoints
        south = matchpoints([r["returns"][0] for r in rows])
        ranking = teacher.locator("#room-ranking table.room-ranking-table[data-game='warsaw_hearts']")
        for r, mp in zip(rows, south):
            expect(ranking.locator(f"tr[data-player='{r['players'][0]}']")).to_contain_text(f"{mp:g} %")
        # the results download as a CSV file
        with teacher.expect_download() as info:
            teacher.locator("a.room-export-results").click()
        text = Path(info.value.path()).read_text(encoding="utf-8")
        parsed = list(csv.DictReader(io.StringIO(text)))
        assert {(r["table"], r["deal code"]) for r in parsed} == {(t1, "W-17"), (t2, "W-17")} and len(parsed) == 8
        # the hand records of table 1's set are linked
        expect(teacher.locator(f"a.room-records-set[data-table='{t1}']")).to_have_attribute(
            "href", f"{PREFIX}records?table={t1}")
    finally:
        ctx.close()


SETS = {"variety": ["V-4821", "V-17", "V-18", "V-19"], "warsaw_hearts": ["W-17", "W-18", "W-19", "W-20"],
        "armenian_durak": ["D-5", "D-6", "D-7", "D-8"]}


@pytest.mark.parametrize("game", list(SETS))
def test_the_hand_records_of_four_boards_print_on_two_a4_pages(served, browser, game):
    base, room = served
    codes = SETS[game]
    tables = []
    for k, user in enumerate(("ann", "bob", "cy")):
        t = room.open_table(game, deals=codes)
        room.sit(t, user, "South")
        room.start(t)
        for _ in codes:
            play_board(room, t, user, -k)
            if room.tables(only=t)[0]["held"]:
                room.next_board(t, TEACHER)    # each board held until the teacher moves on
        tables.append(t)
    assert all(len(room.results(c)) == 3 for c in codes)
    ctx, teacher = _page_as(browser, base, TEACHER)
    try:
        teacher.goto(f"{base}{PREFIX}records?table={tables[0]}")
        boards = teacher.locator("article.record-board")
        assert boards.count() == 4
        assert teacher.locator("table.record-results tbody tr").count() == 12
        if game == "variety":
            assert teacher.locator("table.record-dd").count() == 4
        if game == "armenian_durak":
            assert teacher.locator("table.record-stacks").count() == 8
        pdf = teacher.pdf(format="A4", print_background=True)
        pages = len(_PAGE.findall(pdf))
        assert pages == 2, f"{pages} pages for four boards"
    finally:
        ctx.close()
