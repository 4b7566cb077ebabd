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
    if (!/^(North|West|East|Your cards|the trick|Север|Запад|Восток|Ваши карты|взятка)\\n/.test(t)) continue;
    // the innermost box
    if (e.querySelector('div') && !t.startsWith('the trick') && !t.startsWith('взятка')) continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0) out.push({name: t.split('\\n')[0], left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  }
  return {boxes: out, width: document.documentElement.clientWidth};
}"""


# the page, its question, and its boxes' names: North, West, East, your cards, the trick
PAGES = {
    "en": ("warsaw_hearts/4_problems.ipynb", "Which card do you play?",
           ("North", "West", "East", "Your cards", "the trick")),
    "ru": ("ru/warsaw_hearts/4_problems.ipynb", "Какой картой вы сыграете?",
           ("Север", "Запад", "Восток", "Ваши карты", "взятка")),    # issue 29: Russian words are longer
}


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_a_problems_hands_fit_a_phone_screen(dashboard, page, lang):
    notebook, question, (north, west, east, mine, trick) = PAGES[lang]
    page.set_viewport_size(PHONE)
    dashboard(notebook)
    page.get_by_text(question).wait_for()
    found = page.evaluate(_BOXES_JS)
    boxes = {b["name"]: b for b in found["boxes"]}
    assert {north, west, east, mine} <= set(boxes), found
    for b in boxes.values():
        assert b["left"] >= 0 and b["right"] <= found["width"], f"{b['name']} past the screen: {b}"
    row = [boxes[n] for n in (west, trick, east) if n in boxes]
    for a, b in zip(row, row[1:]):
        assert a["right"] <= b["left"] + 1, f"{a['name']} lies over {b['name']}: {a} {b}"
