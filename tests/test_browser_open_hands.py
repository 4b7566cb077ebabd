"""With Show all hands on, each other seat's hand is drawn one row a suit, as a hand diagram:
a suit is never split over two lines (issue 33, item 11: Warsaw Hearts' open hands wrapped one
card onto a second line), at a laptop's and a phone's width. Warsaw Hearts' play page in
headless Chromium."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

_SPLIT = """() => [...document.querySelectorAll('.ckt-open-hand')].map(hand => {
  const rows = [...hand.querySelectorAll('.ckt-open-suit')];
  const suits = rows.map(r => [...new Set([...r.querySelectorAll('[data-card], .ckt-card')].map(
      c => (c.dataset.card || '').slice(-1)))].join(''));
  const tops = rows.map(r => { const t = [...r.children].map(c => Math.round(c.getBoundingClientRect().top));
                               return Math.max(...t) - Math.min(...t); });
  return {rows: rows.length, split: Math.max(0, ...tops), suits};
})"""


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_open_hands_are_one_row_a_suit(dashboard, page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page = dashboard("warsaw_hearts/2_play.ipynb")
    page.locator("[data-name=show_hands]").click()
    expect(page.locator(".ckt-open-hand")).to_have_count(3)
    hands = page.evaluate(_SPLIT)
    assert len(hands) == 3
    for hand in hands:
        assert hand["rows"] >= 1 and hand["split"] == 0, hand
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
