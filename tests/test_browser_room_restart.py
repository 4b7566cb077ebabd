"""A room that dies comes back, and so do its pages (issue 34, item 9), for real: ``cardkit-hub``
on 127.0.0.1 runs the room as its service; a learner plays a card at a Warsaw Hearts table, then
the room's process is killed (SIGKILL) in the middle of the board. JupyterHub starts it again
(its poll of managed services, up to about 30 s); meanwhile the hub's proxy answers 503 for the
room. The learner's page keeps its table on screen and says "The room is restarting…", never
reloads itself (before: after six failed reconnections, about 15 s, it reloaded into the
proxy's "503: Service Unavailable" page, which never recovers), and reconnects by itself once
the room is back: the same page (not reloaded), the table at the same action, the next card
played. The teacher's page comes back the same way.

The hub is started by ``tests/test_browser_hub.py``'s ``hub`` fixture (root, system users,
configurable-http-proxy); without them the test is skipped, saying why, unless
``CARDKIT_REQUIRE_BROWSER=1`` makes that a failure."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from test_browser_hub import (  # noqa: F401
    ADMIN_PASSWORD,
    EXPECT_TIMEOUT_MS,
    PASSWORD,
    TEACHER,
    _log_tail,
    _login,
    hub,
)
from test_browser_room import ROOM, _sit, _state

from cardkit.room import Room

pytestmark = pytest.mark.browser
#: the hub polls a managed service every 30 s (with jitter) and starts it again; the room loads
#: its solver kernels before it listens
BACK_WITHIN_MS = 180_000


def _room_service_pids(data_dir: Path) -> list[int]:
    """Ids of the room service's processes of this hub (its command line names the hub's data folder)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                cmd = (entry / "cmdline").read_bytes().decode(errors="replace")
                if "cardkit.room_service" in cmd and str(data_dir) in cmd:
                    pids.append(int(entry.name))
    return pids


def _until(page, ok, timeout_s: float = 30) -> dict:
    """The page's state (``test_browser_room._state``) once ``ok(state)`` holds."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        s = _state(page)
        if s["state"] and ok(s):
            return s
        time.sleep(0.05)
    raise AssertionError(f"no such state on {page.url} after {timeout_s} s")


def test_a_learners_page_rides_out_the_rooms_restart(hub, browser):  # noqa: F811 - the hub fixture, imported
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    base, log_path, data_dir = hub
    contexts = []
    try:
        tctx = browser.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(tctx)
        lobby = _login(tctx, base, TEACHER, ADMIN_PASSWORD, quote(ROOM))
        expect(lobby.locator("#room-open")).to_be_visible(timeout=60_000)
        lobby.select_option("#room-game", "warsaw_hearts")
        lobby.fill("#room-deals", "W-17 W-18")
        lobby.click("#room-open")
        expect(lobby.locator("#room-message")).to_contain_text(re.compile(r"Table T\d+ is open"))
        table = re.search(r"T\d+", lobby.inner_text("#room-message")).group(0)

        actx = browser.new_context(viewport={"width": 390, "height": 844})
        contexts.append(actx)
        ann = _login(actx, base, "ann", PASSWORD, quote(ROOM))
        expect(ann.locator(f"article[data-table='{table}']")).to_be_visible(timeout=60_000)
        _sit(ann, table, "South")

        teacher = tctx.new_page()
        teacher.goto(f"{base}{ROOM}teacher")
        teacher.locator(f"button.room-cell[data-table='{table}']").click()
        teacher.locator(f"article.room-teacher-table[data-table='{table}'] .room-start").click()
        expect(ann.locator("body[data-started='1']")).to_have_count(1)
        expect(ann.locator("body[data-turn='1']")).to_have_count(1)
        before = _state(ann)
        ann.locator(".ckt-hand .ckt-legal").first.click()
        played = _until(ann, lambda s: s["turn"] == "1" and s["state"]["actions"] > before["state"]["actions"])
        ann.evaluate("window.__notReloaded = 'still the same page'")
        teacher.evaluate("window.__notReloaded = 'still the same page'")

        seen = []   # what the page asked while the room was down
        ann.on("response", lambda r: seen.append((round(time.monotonic() - killed, 1), r.url.split(ROOM)[-1],
                                                  r.status)) if ROOM in r.url else None)
        ann.on("framenavigated", lambda f: seen.append(("navigated", f.url)) if f == ann.main_frame else None)
        killed = time.monotonic()
        pids = _room_service_pids(data_dir)
        assert pids, f"no room service found:\n{_log_tail(log_path)}"
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        print(f"\n[room] killed the room service {pids}")

        # While the room is down: the table stays on screen, the page says so in words.
        expect(ann.locator("body[data-connected='0']")).to_have_count(1)
        expect(ann.locator("#room-message")).to_have_text(
            "The room is restarting… this page reconnects by itself when it is back.", timeout=30_000)
        assert ann.locator(".ckt-hand [data-card]").count() == len(played["state"]["hand"])
        assert teacher.evaluate("window.__notReloaded") == "still the same page"

        # The hub starts it again; the page reconnects by itself, without a reload.
        expect(ann.locator("body[data-connected='1']")).to_have_count(1, timeout=BACK_WITHIN_MS)
        back = time.monotonic() - killed
        print(f"[room] the learner's page reconnected {back:.0f} s after the kill")
        assert ann.evaluate("window.__notReloaded") == "still the same page", f"the page reloaded itself: {seen}"
        assert ann.url == f"{base}{ROOM}table/{table}"
        expect(ann.locator("#room-message")).to_have_text("")
        expect(ann.locator("#room-connection")).to_have_text("connected")
        again = _state(ann)
        assert (again["state"]["board_number"], again["state"]["actions"]) == \
            (played["state"]["board_number"], played["state"]["actions"])
        ann.locator(".ckt-hand .ckt-legal").first.click()           # and play goes on
        expect(ann.locator(".ckt-hand [data-card]")).to_have_count(len(played["state"]["hand"]) - 1)
        expect(teacher.locator("body[data-connected='1']")).to_have_count(1, timeout=BACK_WITHIN_MS)
        assert teacher.evaluate("window.__notReloaded") == "still the same page"
        room = Room(f"sqlite:///{data_dir / 'room.sqlite'}", teachers=[TEACHER])
        assert room.view(table, TEACHER)["board"]["actions"] > played["state"]["actions"]
        room.engine.dispose()
    finally:
        for ctx in contexts:
            ctx.close()
