"""Hint and How did I do? in a real Voila + headless Chromium (Warsaw Hearts 2, a laptop's
1366 × 768): the Hint button is visible in the table's first row of controls, a hint for
the card the learner is on appears in the status line, and at the end of the deal How did
I do? judges the deal and a listed decision (if any) opens in the replay with the judge's
line. Selectors as in ``tests/test_browser_card_table.py``; the controls are
``[data-name=hint_button]``, ``[data-name=review_button]``, ``[data-name=review_list]``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_hint_button_and_how_did_i_do_in_the_page(dashboard, page):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(reduced_motion="reduce")
    page = dashboard("warsaw_hearts/2_play.ipynb")
    status = page.locator(".ckt-status")
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_be_visible()
    expect(hint).to_be_enabled()
    expect(page.locator("[data-name=review_button]")).to_be_hidden()  # the deal is not over

    # the learner points at a legal card, then asks: the hint compares with that card
    card = page.locator(".ckt-hand .ckt-legal").first
    card.hover()
    hint.click()
    expect(status).to_contain_text(re.compile(r"Hint: play \S+"))
    expect(status).to_contain_text("points on average")
    expect(status).to_contain_text("the card you are on")
    expect(status).not_to_contain_text("⚠")

    # play the deal to its end (the first legal card each time)
    for _ in range(14):
        if "Deal over" in status.inner_text():
            break
        nxt = page.locator(".ckt-hand .ckt-legal").first
        cid = nxt.get_attribute("data-card")
        label = cid[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[cid[-1]]
        nxt.click()
        expect(status).to_contain_text(f"You played {label}")
    expect(status).to_contain_text("Deal over")
    expect(hint).to_be_disabled()

    review = page.get_by_role("button", name="How did I do?", exact=True)
    expect(review).to_be_visible()
    review.click()
    expect(status).to_contain_text("How did you do?", timeout=60_000)
    listed = page.locator("[data-name=review_list]")
    expect(listed).to_be_visible()
    items = listed.locator("button")
    if items.count():
        expect(listed).to_contain_text("worst first")
        items.first.click()
        expect(items.first).to_have_attribute("aria-current", "true")
        expect(page.locator("[data-name=replay_commentary]")).to_contain_text("Judge:")
    else:
        expect(listed).to_contain_text("No decision cost you a point")
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
