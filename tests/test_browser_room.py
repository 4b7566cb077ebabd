"""The teaching room for real (issue 23 "Done when"): ``cardkit-hub`` on 127.0.0.1 starts the
room as its service ``room``; a teacher (the hub's admin) and four learners log in through
the hub's own log-in page in five Chromium contexts (no learner's server is started: the
room costs them no kernel).

The teacher opens a Variety table (deal code V-4821) and two Armenian Durak tables (both
D-5, so they share a traveller) from the lobby's form; the four learners sit at the
Variety table from the lobby, the teacher starts it from the teacher's page, and the
learners play the whole board by clicking their card tables (bids, cards). Then two of
them leave, each sits at a Durak table with a bot in the other seat, and they play the
board to its end (the trump draw, the draws and the cards clicked). Throughout, every card
a learner's page holds (its DOM and its card table's state) is their own or one played
face up, and no deal code is on the page while the board is played; the teacher's page
shows every hand, each board's traveller (one row for Variety, two for Durak) and a
finished board's replay. Also: a learner gets 403 for the teacher's page and another
table's page, and a learner's page whose websocket drops reconnects to the same table.
Last (issue 23 §4), a learner opens the Variety rules lesson in her own server and answers
one exercise wrong: her lesson's kernel reports it with her server's hub token, and the
teacher's page shows "§1.1: 0 right, 1 wrong" in her row of what each learner did.

The hub is started once, by ``tests/test_browser_hub.py``'s ``hub`` fixture (root, system
users, configurable-http-proxy); without Chromium, root or the proxy the test is skipped,
saying why, unless ``CARDKIT_REQUIRE_BROWSER=1`` makes that a failure.
"""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest
from test_browser_hub import (  # noqa: F401
    ADMIN_PASSWORD,
    EXPECT_TIMEOUT_MS,
    PASSWORD,
    SPAWN_TIMEOUT_MS,
    TEACHER,
    _log_tail,
    _login,
    hub,
)

from cardkit.room import Room

pytestmark = pytest.mark.browser

ROOM = "/services/room/"
LEARNERS = ("ann", "boris", "chloe", "dara")
VARIETY_CODE, DURAK_CODE = "V-4821", "D-5"
#: what a learner may click on their card table: legal cards (hand, own tableau), bids, the trump draw, a draw
CLICKABLE = (".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal, .ckt-bid:enabled, .ckt-pick:enabled, "
             ".ckt-drawrow button:enabled")
MAX_ACTIONS = 400


def _state(page) -> dict:
    return page.evaluate("""() => ({
        version: Number(document.body.dataset.version), connected: document.body.dataset.connected,
        turn: document.body.dataset.turn, over: document.body.dataset.over,
        state: window.cardkitRoom && window.cardkitRoom.model ? window.cardkitRoom.model.get('state') : null,
        dom: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
        text: document.body.innerText})""")


def _wait_version(page, above: int, timeout_s: float = 30) -> dict:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        s = _state(page)
        if s["version"] > above:
            return s
        time.sleep(0.02)
    raise AssertionError(f"no new state on {page.url} after {timeout_s} s")


def _check_own_cards(room: Room, table: str, name: str, page, code: str) -> None:
    """The learner's page holds only their own cards and those played face up."""
    from test_room_service import cards_in, played_cards  # (it needs jupyterhub, which the hub fixture checks)

    before = room.view(table, name)
    seen = _state(page)
    after = room.view(table, name)
    allowed = set(before["hand"]) | set(after["hand"]) | played_cards(after) | played_cards(before)
    shown = set(seen["dom"]) | cards_in(seen["state"])
    kept = set(before["hand"]) & set(after["hand"])
    assert kept <= set(seen["dom"]), f"{name}'s own cards {sorted(kept - set(seen['dom']))} not drawn"
    assert shown <= allowed, f"{name}'s page holds {sorted(shown - allowed)}, not theirs"
    others = set().union(*(set(h) for s, h in enumerate(room.view(table, TEACHER)["hands"])
                           if s != after["viewer"]["seat"]))
    assert not (shown & others) - played_cards(after), f"{name}'s page holds another seat's cards"
    if not after["board"]["over"] and not before["board"]["over"]:
        assert code not in seen["text"], f"the deal code on {name}'s page while the board is played"


def _play_board(room: Room, table: str, pages: dict, code: str) -> dict[str, int]:
    """Click legal choices on each learner's page, on their turn, until the board is over;
    returns the actions clicked per learner."""
    clicked = dict.fromkeys(pages, 0)
    for _ in range(MAX_ACTIONS):
        views = {name: _state(page) for name, page in pages.items()}
        if all(v["over"] == "1" for v in views.values()):
            return clicked
        movers = [name for name, v in views.items() if v["turn"] == "1" and v["over"] != "1"]
        if not movers:
            time.sleep(0.05)
            continue
        name = movers[0]
        page = pages[name]
        choices = page.locator(CLICKABLE)
        n = choices.count()
        assert n, f"{name}'s turn, nothing to click: {views[name]['state'].get('legal')}"
        choices.nth(clicked[name] % n).click()
        clicked[name] += 1
        _wait_version(page, views[name]["version"])
        for other, p in pages.items():
            _check_own_cards(room, table, other, p, code)
    raise AssertionError(f"the board at {table} was not over after {MAX_ACTIONS} clicks")


def _sit(page, table: str, seat: str) -> None:
    from playwright.sync_api import expect

    button = page.locator(f"button.room-sit[data-table='{table}'][data-seat='{seat}']")
    expect(button).to_be_visible()
    button.click()
    expect(page).to_have_url(re.compile(re.escape(f"{ROOM}table/{table}") + "$"))
    expect(page.locator("body[data-connected='1']")).to_have_count(1)


def test_a_class_in_the_teaching_room(hub, browser):  # noqa: F811 - the hub fixture, imported
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    base, log_path, data_dir = hub
    t0 = time.monotonic()
    contexts = []
    try:
        # The teacher (the hub's admin) opens the tables from the lobby's form.
        tctx = browser.new_context()
        contexts.append(tctx)
        lobby = _login(tctx, base, TEACHER, ADMIN_PASSWORD, quote(ROOM))
        expect(lobby.locator("#room-open")).to_be_visible(timeout=60_000)
        tables = []
        for game, code in (("variety", VARIETY_CODE), ("armenian_durak", DURAK_CODE),
                           ("armenian_durak", DURAK_CODE)):
            lobby.select_option("#room-game", game)
            lobby.fill("#room-deals", code)
            lobby.click("#room-open")
            expect(lobby.locator("#room-message")).to_contain_text(re.compile(r"Table T\d+ is open"))
            tables.append(re.search(r"T\d+", lobby.inner_text("#room-message")).group(0))
            lobby.locator("#room-message").evaluate("e => e.textContent = ''")
        variety, durak1, durak2 = tables
        room = Room(f"sqlite:///{data_dir / 'room.sqlite'}", teachers=[TEACHER])   # the service's database
        assert [t["game"] for t in room.tables()] == ["variety", "armenian_durak", "armenian_durak"]
        print(f"\n[room] teacher logged in, 3 tables open at {time.monotonic() - t0:.1f} s")

        # Four learners log in through the hub and sit at the Variety table.
        pages = {}
        for name, seat in zip(LEARNERS, ("South", "West", "North", "East")):
            ctx = browser.new_context()
            contexts.append(ctx)
            page = _login(ctx, base, name, PASSWORD, quote(ROOM))
            expect(page.locator(f"article[data-table='{variety}']")).to_be_visible(timeout=60_000)
            expect(page.locator("#room-open")).to_have_count(0)        # no teacher's form for a learner
            _sit(page, variety, seat)
            pages[name] = page
        ann = contexts[1]
        assert ann.request.get(f"{base}{ROOM}teacher", max_redirects=0).status == 403
        assert ann.request.get(f"{base}{ROOM}table/{durak1}", max_redirects=0).status == 403
        print(f"[room] four learners seated at {time.monotonic() - t0:.1f} s")

        # The teacher starts the table from the teacher's page, which shows every hand.
        teacher = tctx.new_page()
        teacher.goto(f"{base}{ROOM}teacher")
        box = teacher.locator(f"article.room-teacher-table[data-table='{variety}']")
        teacher.locator(f"button.room-cell[data-table='{variety}']").click()   # the grid opens it large
        box.locator(".room-start").click()
        expect(box.locator(".ckt-card[data-card]")).to_have_count(52)   # 13 in each hand, all shown
        for name, page in pages.items():
            expect(page.locator("body[data-started='1']")).to_have_count(1)
            _check_own_cards(room, variety, name, page, VARIETY_CODE)

        # A dropped connection: the page reconnects and finds the table where it was.
        chloe = pages["chloe"]
        before = _state(chloe)
        chloe.evaluate("window.cardkitRoom.socket.ws.close()")
        expect(chloe.locator("body[data-connected='1']")).to_have_count(1)
        again = _wait_version(chloe, before["version"])
        assert again["state"]["actions"] >= before["state"]["actions"]

        clicked = _play_board(room, variety, pages, VARIETY_CODE)
        assert sum(clicked.values()) > 40 and all(clicked.values()), clicked
        print(f"[room] Variety board played ({clicked} clicks) at {time.monotonic() - t0:.1f} s")
        assert [r["table"] for r in room.results(VARIETY_CODE)] == [variety]
        travel = box.locator(f".room-traveller-table tr[data-table='{variety}']")
        expect(travel).to_have_count(1)
        result = room.results(VARIETY_CODE)[0]
        expect(travel).to_contain_text(f"{result['contract']} (")             # the contract and its declarers
        expect(travel).to_contain_text(" / ".join(str(x) for x in result["returns"]))
        box.locator(".room-replay-board").first.click()
        expect(teacher.locator("#room-replay")).to_contain_text(f"board 1 ({VARIETY_CODE})")
        expect(teacher.locator(".room-replay-actions li").first).to_be_visible()

        # Two of them move to the Durak tables, each with a bot in the other seat.
        durak_pages = {}
        for name, table in (("ann", durak1), ("boris", durak2)):
            page = pages[name]
            page.click("button.room-leave")
            expect(page).to_have_url(re.compile(re.escape(f"{base}{ROOM}") + "$"))
            _sit(page, table, "South")
            durak_pages[name] = (table, page)
        for table in (durak1, durak2):
            teacher.locator(f"button.room-cell[data-table='{table}']").click()
            teacher.locator(f"article.room-teacher-table[data-table='{table}'] .room-start").click()
        for table, page in durak_pages.values():
            expect(page.locator("body[data-started='1']")).to_have_count(1)
            assert room.view(table, TEACHER)["seats"][1]["player"] == "bot"
        for name, (table, page) in durak_pages.items():
            clicked = _play_board(room, table, {name: page}, DURAK_CODE)
            assert sum(clicked.values()) > 5, clicked
            print(f"[room] Durak board at {table} played by {name} ({clicked[name]} clicks) at "
                  f"{time.monotonic() - t0:.1f} s")
        assert sorted(r["table"] for r in room.results(DURAK_CODE)) == sorted([durak1, durak2])
        for table in (durak1, durak2):   # each Durak table's traveller: both tables
            teacher.locator(f"button.room-cell[data-table='{table}']").click()
            dbox = teacher.locator(f"article.room-teacher-table[data-table='{table}']")
            expect(dbox.locator(".room-traveller-table tbody tr")).to_have_count(2)
        teacher_text = teacher.inner_text("body")
        for name in ("ann", "boris"):
            assert name in teacher_text

        # What each learner did (issue 23 §4): Chloe answers one exercise of the Variety rules
        # lesson in her own server; its kernel reports it to the room with her server's token.
        import numpy as np

        from cardkit_widgets import exercises as X

        expect(teacher.locator("#room-learners")).to_contain_text("No learner has answered")
        lesson_path = "/user/chloe/voila/render/variety/1_rules.ipynb"
        lesson = contexts[1 + LEARNERS.index("chloe")].new_page()
        lesson.set_default_navigation_timeout(SPAWN_TIMEOUT_MS)
        lesson.goto(f"{base}/hub/spawn?next={quote(lesson_path)}")
        lesson.wait_for_url(re.compile(re.escape(base + lesson_path) + r"(\?.*)?$"), timeout=SPAWN_TIMEOUT_MS)
        exercise = lesson.locator(".ck-exercise").filter(has_text="Exercise: The cut for the first dealer")
        expect(exercise).to_have_count(1, timeout=SPAWN_TIMEOUT_MS)
        q = X.variety_cut(np.random.default_rng(110))          # the lesson's first example (deal number 110)
        wrong = next(label for label, v in q.choices if v != q.answer)
        exercise.get_by_role("button", name=wrong, exact=True).click()
        expect(exercise).to_contain_text("✘ Not right.")
        row = teacher.locator("#room-learners tr[data-learner='chloe']")
        expect(row).to_contain_text("§1.1: 0 right, 1 wrong")
        assert room.answers_summary(TEACHER)["chloe"]["exercises"] == {"1.1": {"right": 0, "wrong": 1}}
        print(f"[room] chloe's answer in her lesson shown on the teacher's page at {time.monotonic() - t0:.1f} s")
    except BaseException:
        print(f"[room] hub log tail:\n{_log_tail(log_path, 60)}")
        raise
    finally:
        for ctx in contexts:
            ctx.close()
    print(f"[room] test body took {time.monotonic() - t0:.1f} s")
