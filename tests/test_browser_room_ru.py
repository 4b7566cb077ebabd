"""The teaching room in Russian, in Chromium (issue 29), at 1366x768 and 390x844: a browser that
asks for Russian (``Accept-Language: ru``) gets the lobby, a learner's table page and the
teacher's page in Russian (``<html lang="ru">``, no English word on them: the words that are
not Russian are the users' names, the tables' ids, deal codes and the switch's "English"), and
nothing on them is clipped or runs off the side; the switch's "English" turns the page English
and keeps it so.

Quick: the room service in a thread of this process with the stub of the hub's log-in (a cookie
names the user); no hub is started."""

from __future__ import annotations

import re

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
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}
#: what may stay Latin on a Russian page: users, table ids, deal codes, the switch's own name
ALLOWED = re.compile(r"^(?:ann|bob|teach|English|CSV|T\d+|[VWD]-[\w.-]*)$")


@pytest.fixture
def served():
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    room = Room(engine, teachers=[TEACHER])
    service = RoomService(room, prefix=PREFIX, hub_auth=StubAuth())
    with app_in_thread(service.application()) as base:
        yield base, room


def _page_as(browser, base: str, user: str, size: str):
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU")
    ctx.add_cookies([{"name": "room-test-user", "value": user, "url": base}])
    page = ctx.new_page()
    page.set_default_timeout(EXPECT_MS)
    return ctx, page


def _english_words(page) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    words = re.findall(r"[A-Za-z][\w.'-]*", text)
    return sorted({w for w in words if not ALLOWED.match(w.rstrip(".")) and len(w) > 1})


def _clipped(page) -> list[str]:
    """Elements whose words are cut off (wider than their box with overflow hidden) or that run
    past the window's right edge."""
    return page.evaluate("""() => {
        const out = [];
        const W = document.documentElement.clientWidth;
        for (const e of document.querySelectorAll('body *')) {
            const r = e.getBoundingClientRect();
            if (!r.width || !r.height || e.closest('[hidden]')) continue;
            const s = getComputedStyle(e);
            if (s.visibility === 'hidden' || s.display === 'none') continue;
            const hides = /hidden|clip/.test(s.overflowX) || s.textOverflow === 'ellipsis';
            const words = (e.innerText || '').trim() !== '';   // a fan of cards is drawn overlapping, on purpose
            if ((hides && words && e.scrollWidth > e.clientWidth + 1) || r.right > W + 1)
                out.push(`${e.tagName.toLowerCase()}.${e.className} "${(e.innerText || '').slice(0, 40)}"`);
        }
        return out;
    }""")


def _play_some(room: Room, t: str) -> None:
    for _ in range(6):
        if not room.view(t, "ann")["your_turn"]:
            return
        room.act(t, "ann", room.legal(t, "ann")[0])


@pytest.mark.parametrize("size", list(SIZES))
def test_a_russian_table_page_and_the_teachers_page(served, browser, size):
    from playwright.sync_api import expect

    base, room = served
    t = room.open_table("variety", deals=["V-4821", "V-17"])
    room.sit(t, "ann", "South")
    d = room.open_table("armenian_durak", deals=["D-5"])
    room.sit(d, "bob", "South")
    room.start(t)
    room.start(d)
    _play_some(room, t)
    ctx, ann = _page_as(browser, base, "ann", size)
    tctx, teacher = _page_as(browser, base, TEACHER, size)
    try:
        ann.goto(f"{base}{PREFIX}")
        expect(ann.locator("html")).to_have_attribute("lang", "ru")
        expect(ann.locator(".room-you")).to_contain_text("Вы сидите за столом T1")
        assert _english_words(ann) == [], _english_words(ann)
        ann.goto(f"{base}{PREFIX}table/{t}")
        expect(ann.locator("#room-connection")).to_have_text("подключено")
        expect(ann.locator(".ckt-hand .ckt-card").first).to_be_visible()
        expect(ann.locator("body")).to_contain_text("Юг (вы)")
        assert _english_words(ann) == [], _english_words(ann)
        assert _clipped(ann) == [], _clipped(ann)
        teacher.goto(f"{base}{PREFIX}teacher")
        expect(teacher.locator("html")).to_have_attribute("lang", "ru")
        cells = teacher.locator("button.room-cell")
        expect(cells).to_have_count(2)
        expect(cells.nth(0)).to_contain_text("Варьете")
        teacher.locator(f"button.room-cell[data-table='{t}']").click()
        opened = teacher.locator(f"article.room-teacher-table[data-table='{t}']")
        expect(opened).to_be_visible()
        expect(opened.locator(".room-start")).to_be_hidden()
        expect(opened.locator(".room-close-table")).to_have_text("Закрыть стол")
        assert _english_words(teacher) == [], _english_words(teacher)
        assert _clipped(teacher) == [], _clipped(teacher)
        # the switch: English, kept by the cookie
        teacher.get_by_role("link", name="English").click()
        expect(teacher.locator("html")).to_have_attribute("lang", "en")
        expect(teacher.locator("body")).to_contain_text("The class")
        teacher.goto(f"{base}{PREFIX}teacher")
        expect(teacher.locator("html")).to_have_attribute("lang", "en")
    finally:
        ctx.close()
        tctx.close()
