"""The Warsaw Hearts lessons in a real Voila + headless Chromium: the rules lesson renders
without errors, and in the play lesson the learner plays a legal card, sees the trick and
penalty table change, and undoes it (lessons/warsaw_hearts/)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_rules_lesson_renders(dashboard):
    page = dashboard("warsaw_hearts/1_rules.ipynb")  # fails by itself if the page shows an error
    expect(page.get_by_text("Sergei pays Vitaly (30 − 25) + 0 = 5 chips")).to_be_visible()
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)


def test_play_a_legal_card_and_undo(dashboard):
    page = dashboard("warsaw_hearts/2_play.ipynb")
    hand = page.locator(".cardkit-hand")
    trick = page.locator(".cardkit-trick")
    status = page.locator(".cardkit-status")
    penalties = page.locator(".cardkit-penalties")
    expect(hand).to_contain_text("9 cards")
    expect(status).to_contain_text("Your turn: play a card")
    expect(penalties).to_contain_text("fig. 200")

    legal = hand.locator("button:enabled")
    card = legal.first.inner_text().strip()
    assert re.fullmatch(r"[AKQJT6-9][♠♥♦♣]", card), card
    before = trick.inner_text()
    legal.first.click()
    expect(trick).not_to_have_text(before)
    expect(status).to_contain_text(f"You played {card}")
    expect(status).not_to_contain_text("⚠")
    card_button = hand.get_by_role("button", name=card, exact=True)
    expect(card_button).to_be_disabled()

    page.get_by_role("button", name="Undo", exact=True).click()
    expect(card_button).to_be_enabled()
    expect(status).to_contain_text("Undone")

    # the visible Players choice: three players, 12 cards each, a new game
    page.get_by_role("radio", name="3 players (12 cards each)").check()
    expect(hand).to_contain_text("12 cards")
    expect(status).to_contain_text("-P3")
