"""A problem's hands on a phone: at 390x844 the four seats' boxes of a Warsaw Hearts problem
sit side by side within the screen, none over another. Seen by a new learner: West's box
lay over "the trick" and East's ran past the right edge, cut (its box scrolls, so the page's
own "nothing is cut" check did not see it)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

_BOXES_JS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.jp-OutputArea-output div')) {
    const t = (e.innerText || '').trim();
    if (!/^(North|West|East|Your cards|the trick)\\n/.test(t)) continue;
    if (e.querySelector('div') && !t.startsWith('the trick')) continue;   // the innermost box
    const r = e.getBoundingClientRect();
    if (r.width > 0) out.push({name: t.split('\\n')[0], left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  }
  return {boxes: out, width: document.documentElement.clientWidth};
}"""


def test_a_problems_hands_fit_a_phone_screen(dashboard, page):
    page.set_viewport_size(PHONE)
    dashboard("warsaw_hearts/4_problems.ipynb")
    page.get_by_text("Which card do you play?").wait_for()
    found = page.evaluate(_BOXES_JS)
    boxes = {b["name"]: b for b in found["boxes"]}
    assert {"North", "West", "East", "Your cards"} <= set(boxes), found
    for b in boxes.values():
        assert b["left"] >= 0 and b["right"] <= found["width"], f"{b['name']} past the screen: {b}"
    row = [boxes[n] for n in ("West", "the trick", "East") if n in boxes]
    for a, b in zip(row, row[1:]):
        assert a["right"] <= b["left"] + 1, f"{a['name']} lies over {b['name']}: {a} {b}"
