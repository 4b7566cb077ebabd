"""Armenian Durak's tableau: a stack with no face-down card left has no "0 below" under it
(seen on Armenian Durak 2 at 390x844: "0 below 0 below 0 below …" along the opponent's row
once the face-down cards were taken); a stack with one still says "1 below"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_no_zero_below_under_an_emptied_stack(dashboard):
    page = dashboard("armenian_durak/2_play.ipynb")
    status = page.locator(".ckt-status")
    guide = page.get_by_role("button", name="Guide me through a deal: on")
    if guide.count():
        guide.click()
    page.get_by_role("button", name="Draw card 1", exact=True).click()
    expect(status).to_contain_text("Your turn: play a card")
    mine = page.get_by_role("group", name="Your tableau")
    expect(mine.locator(".ckt-below").first).to_have_text("1 below")
    page.locator(".ckt-hand .ckt-legal").first.click()
    expect(status).to_contain_text("take a face-down card")
    takes = page.locator(".ckt-panel button:enabled").filter(has_not_text="Don't draw")
    takes.first.click()
    expect(status).not_to_contain_text("take a face-down card")
    texts = [t.strip() for t in mine.locator(".ckt-below").all_inner_texts()]
    assert "0 below" not in texts and "1 below" in texts, texts
    assert any(t == "" for t in texts), texts
