"""The Warsaw Hearts lessons in a real Voila + headless Chromium: the rules lesson renders
without errors, and in the play lesson the learner plays a legal card, sees the trick
change, undoes it, and chooses three players (lessons/warsaw_hearts/)."""

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
    hand = page.locator(".ckt-hand")
    status = page.locator(".ckt-status")
    expect(page.locator(".ckt-caption")).to_contain_text("9 cards")
    expect(status).to_contain_text("Your turn: play a card")
    # the penalty table is below the table, collapsible
    page.get_by_text("Penalty table (Rules §2.2)").click()
    expect(page.locator(".cardkit-penalties")).to_contain_text("fig. 200")

    legal = hand.locator(".ckt-legal")
    card_id = legal.first.get_attribute("data-card")
    name = legal.first.get_attribute("aria-label")
    label = card_id[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card_id[-1]]
    legal.first.click()
    expect(status).to_contain_text(f"You played {label}")
    expect(status).not_to_contain_text("⚠")
    # on the table at the learner's seat (the open trick, or the trick just finished), or,
    # when the bots finished the trick and led the next, in the line under the hand
    if page.locator(f".ckt-trick .ckt-at-bottom [data-card='{card_id}']").count() == 0:
        expect(page.locator(".ckt-caption")).to_contain_text(f"You {label}")
    expect(hand.locator(f"[data-card='{card_id}']")).to_have_count(0)

    page.get_by_role("button", name="Undo", exact=True).click()
    expect(status).to_contain_text("Undone")
    expect(page.get_by_role("button", name=name, exact=True)).to_have_class(re.compile(r"\bckt-legal\b"))

    # the visible Players choice: three players, 12 cards each, a new game
    page.get_by_role("radio", name="3 players (12 cards each)").check()
    expect(page.locator(".ckt-caption")).to_contain_text("12 cards")
    expect(status).to_contain_text("-P3")
    expect(page.locator(".ckt-felt .ckt-seat")).to_have_count(3)  # Left, Right and you
