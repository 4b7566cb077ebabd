"""The Armenian Durak play lesson in a real Voila + headless Chromium: the learner first
draws the trump, plays a legal card, is offered the draw, and undoes it
(lessons/armenian_durak/2_play.ipynb; the rules lesson: tests/test_browser_lesson_exercises.py)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_play_a_legal_card_draw_and_undo(dashboard):
    page = dashboard("armenian_durak/2_play.ipynb")
    hand = page.locator(".ckt-hand")
    status = page.locator(".ckt-status")
    theirs = page.get_by_role("group", name="Opponent's tableau")
    expect(theirs.locator("[role=img]")).to_have_count(6)  # six stacks, face-up cards named
    expect(theirs.locator("[role=img]").first).to_have_attribute("aria-label", re.compile(r"face down below"))
    expect(page.get_by_role("group", name="Your tableau")).to_be_visible()
    # the first deal is the bot's: the learner begins with the blind trump draw
    expect(status).to_contain_text("draw a card from the dealer's fan")
    expect(page.locator(".ckt-me")).to_contain_text("to draw the trump")
    page.get_by_role("button", name="Draw card 1", exact=True).click()
    expect(status).to_contain_text("You drew")
    expect(status).to_contain_text("Your turn: play a card")
    expect(page.locator(".ckt-trump")).to_contain_text("Trumps")

    legal = hand.locator(".ckt-legal")
    card_id = legal.first.get_attribute("data-card")
    name = legal.first.get_attribute("aria-label")
    label = card_id[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card_id[-1]]
    legal.first.click()
    expect(status).to_contain_text(f"You played {label}")
    expect(status).not_to_contain_text("⚠")
    # a card from the hand: the draw chooser asks, and only then does the play go on
    expect(status).to_contain_text("take a face-down card")
    page.get_by_role("button", name="Don't draw", exact=True).click()
    expect(status).to_contain_text("You kept your face-down cards")

    page.get_by_role("button", name="Undo", exact=True).click()
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(status).to_contain_text("Undone")
    expect(page.get_by_role("button", name=name, exact=True)).to_have_class(re.compile(r"\bckt-legal\b"))
