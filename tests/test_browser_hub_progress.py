"""Progress kept under ``cardkit-hub`` (issue 33), for real: a learner answers an exercise
in a lesson served by her own server; the room stores the first answer, and a new page,
in another browser (a fresh context: nothing in its storage), reads it back from the room
(``GET api/answers/mine`` with her server's token): the exercise says so and the index
shows the lesson started, with the **Teaching room** link on the hub's prefix. The
browser's storage is not used under the hub (every learner of a hub shares its address).

Uses the hub of tests/test_browser_hub.py (its fixture, a hub of this module's own).
"""

from __future__ import annotations

import re
from urllib.parse import quote

import numpy as np
import pytest
from test_browser_hub import EXPECT_TIMEOUT_MS, LEARNERS, PASSWORD, SPAWN_TIMEOUT_MS, _login, hub  # noqa: F401

from cardkit_widgets import exercises as X

pytestmark = pytest.mark.browser

RULES = "variety/1_rules.ipynb"
TITLE = "The cut for the first dealer"


def test_the_room_keeps_a_learners_progress(hub, browser):  # noqa: F811 - the fixture imported above
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    base, _, _ = hub
    name = LEARNERS[0]
    path = f"/user/{name}/voila/render/{RULES}"
    first = browser.new_context()
    page = _login(first, base, name, PASSWORD, quote(f"/hub/spawn?next={quote(path)}"))
    page.wait_for_url(re.compile(re.escape(base + path) + r"(\?.*)?$"), timeout=SPAWN_TIMEOUT_MS)
    ex = page.locator(".ck-exercise").filter(has_text=f"Exercise: {TITLE}")
    expect(ex).to_have_count(1, timeout=SPAWN_TIMEOUT_MS)
    expect(ex).not_to_contain_text("earlier visit")
    q = X.variety_cut(np.random.default_rng(110))
    right = next(label for label, v in q.choices if v == q.answer)
    ex.get_by_role("button", name=right, exact=True).click()
    expect(ex).to_contain_text("✔ Right.")
    assert page.evaluate("() => localStorage.getItem('cardkit-progress-v1')") is None   # not in the browser
    first.close()

    other = browser.new_context()                      # another browser: its storage is empty
    page = _login(other, base, name, PASSWORD, quote(path))
    page.wait_for_url(re.compile(re.escape(base + path) + r"(\?.*)?$"), timeout=SPAWN_TIMEOUT_MS)
    ex = page.locator(".ck-exercise").filter(has_text=f"Exercise: {TITLE}")
    expect(ex).to_contain_text("answered on an earlier visit: right the first time", timeout=SPAWN_TIMEOUT_MS)
    page.goto(f"{base}/user/{name}/voila/render/index.ipynb")
    box = page.locator(".ck-progress")
    expect(box).to_contain_text("Variety 1: the rules: ◐ started (1 of 12 exercises answered)")
    expect(box).to_contain_text("kept by the teaching room")
    link = box.get_by_role("link", name="Teaching room")
    expect(link).to_have_attribute("href", "/services/room/")
    other.close()
