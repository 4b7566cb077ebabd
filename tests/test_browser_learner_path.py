"""A learner's path on the three play pages in headless Chromium, at a laptop's and a
phone's size (issue 33): the guided first deal (its box, a refusal with the guide's
reason, a step told and read with Got it), then the
guide turned off, the deal played out, How did I do? and a review item's Try it again,
played out to the comparison of the two results. At each size: the page never scrolls
sideways, and no word of a seat's label or notes is broken over two lines ("defende/r")."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGES = {"variety": "variety/2_play.ipynb", "warsaw_hearts": "warsaw_hearts/2_play.ipynb",
         "armenian_durak": "armenian_durak/2_play.ipynb"}

#: Each word of the seats' names, notes and counts, and of the side tables' cells, against the
#: width of the box it is in: a word wider than its box is broken inside ("defende/r").
_BROKEN_WORDS = r"""() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const out = [];
  const check = (el, where) => {
    const style = getComputedStyle(el);
    if (el.offsetParent === null || style.display === 'inline') return;  // an inline part: its block is checked
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of (el.innerText || '').split(/\s+/)) {
      if (!word) continue;
      const w = canvas.measureText(word).width;
      if (w > room + 1) out.push(`${where}: '${word}' ${w.toFixed(0)} px in ${room.toFixed(0)} px`);
    }
  };
  document.querySelectorAll('.ckt-seat-name, .ckt-notes, .ckt-count').forEach(e => check(e, 'seat'));
  document.querySelectorAll('.cardkit-dashboard td, .cardkit-dashboard th').forEach(e => {
    check(e, 'table');
    // a cell squeezed to one word per line (three words or more)
    const words = (e.innerText || '').split(/\s+/).filter(Boolean).length;
    const range = document.createRange(); range.selectNodeContents(e);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    if (e.offsetParent !== null && words >= 3 && lines >= words) out.push(`table: '${e.innerText}' one word a line`);
  });
  return out;
}"""


def _layout_ok(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    broken = page.evaluate(_BROKEN_WORDS)
    assert not broken, broken


def _act(page) -> None:
    """The learner's first enabled action on the page: a bid, a trump pick, a draw, a card."""
    for sel in (".ckt-bids button:enabled", ".ckt-fanrow button:enabled", ".ckt-drawrow button:enabled",
                ".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal"):
        loc = page.locator(sel)
        if loc.count():
            # the element's own click (no pointer: a card raised on hover moves under a moving mouse)
            loc.first.evaluate("e => e.click()")
            return
    raise AssertionError("nothing to do on the page: " + page.locator(".ckt-status").inner_text())


def _status(page) -> str:
    return page.locator(".ckt-status").inner_text()


_PLAY_TEXT = "() => document.querySelector('.ckt-play').innerText"


def _act_and_wait(page) -> None:
    """The learner's next action, then wait for the table's answer (its play area redrawn
    with other words: the status line, the guide, the hand)."""
    before = page.evaluate(_PLAY_TEXT)
    _act(page)
    page.wait_for_function(f"b => ({_PLAY_TEXT})() !== b", arg=before)


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
@pytest.mark.parametrize("game", list(PAGES))
def test_guided_deal_then_try_it_again(dashboard, page, game, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page = dashboard(PAGES[game])
    toggle = page.locator("[data-name=guide_toggle]")
    guide = page.locator(".ckt-guide")
    expect(toggle).to_have_text("Guide me through a deal: on")
    expect(guide).to_be_visible()
    expect(guide).to_contain_text("Guide —")
    expect(guide).to_contain_text("Now:")
    _layout_ok(page, width)
    # a card the step does not allow (the bidding, the trump draw) is refused with the guide's reason
    illegal = page.locator(".ckt-hand .ckt-illegal")
    if illegal.count() and not page.locator(".ckt-hand .ckt-legal").count():
        illegal.first.evaluate("e => e.click()")
        expect(page.locator(".ckt-status")).to_contain_text("(the guide: ")
    # the learner does each step; what just happened is told, Got it reads it
    ok = page.locator("[data-name=guide_ok]")
    for _ in range(12):
        if ok.is_visible():
            break
        _act_and_wait(page)
    expect(ok).to_be_visible()
    assert guide.locator("[data-name=guide_box]").bounding_box()["width"] <= width
    _layout_ok(page, width)
    ok.click()
    expect(ok).to_be_hidden()
    # the guide off: the deal played out by clicks, then How did I do?
    if toggle.inner_text().endswith("on"):
        toggle.click()
    expect(toggle).to_have_text("Guide me through a deal: off")
    review = page.locator("[data-name=review_button]")
    for _ in range(120):
        if review.is_visible():
            break
        _act_and_wait(page)
    expect(review).to_be_visible()
    review.click()
    again = page.locator(".ckt-again")
    expect(page.locator("[data-name=review_list]")).to_be_visible(timeout=60_000)
    if not again.count():
        pytest.skip(f"{game}: no decision of this deal listed by How did I do?")
    expect(again.first).to_have_text("Try it again")
    box = again.first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    _layout_ok(page, width)
    again.first.click()
    expect(page.locator(".ckt-status")).to_contain_text("Practice: trying again from")
    expect(page.locator(".ckt-status")).to_contain_text("not scored")
    for _ in range(120):
        if review.is_visible():
            break
        _act_and_wait(page)
    expect(page.locator(".ckt-status")).to_contain_text("this time")
    assert re.search(r"this time [+−]?\d+, first time [+−]?\d+", _status(page)), _status(page)
    _layout_ok(page, width)
    # the score sheets and tables under the table, opened: no cell squeezed to a word a line
    heads = page.locator(".cardkit-dashboard .jupyter-widget-Collapse-header")
    contents = page.locator(".cardkit-dashboard .jupyter-widget-Collapse-contents")
    assert heads.count() >= 1
    for i in range(heads.count()):   # an accordion: one part open at a time
        heads.nth(i).click()
        expect(contents.nth(i)).to_be_visible()
        _layout_ok(page, width)
