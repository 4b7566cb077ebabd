"""The Variety play lesson in a real Voila + headless Chromium: the learner bids, plays a
legal card, sees the trick change, and undoes it (lessons/variety/2_play.ipynb). The
page's parts are those of the card table (``.ckt-hand``, ``.ckt-trick``, ``.ckt-status``,
``.ckt-bid``; see tests/test_browser_card_table.py)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_bid_then_play_a_legal_card(dashboard):
    page = dashboard("variety/2_play.ipynb")  # fails by itself if the page shows an error

    hand = page.locator(".ckt-hand")
    trick = page.locator(".ckt-trick")
    status = page.locator(".ckt-status")
    expect(hand).to_be_visible()
    expect(hand.locator("[role=button]")).to_have_count(13)
    expect(page.locator(".ckt-caption")).to_contain_text("13 cards")
    # code cells are stripped: the learner sees the dashboard, not its source
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)

    # The bidding: press an allowed number until the bidding ends. The learner bids at
    # most three times (the bidding ends by the ninth bid, RULES.md §1.3).
    for _ in range(4):
        expect(status).to_contain_text(re.compile(r"Your turn( to bid|: play a card)"))
        if "Your turn: play a card" in status.inner_text():
            break
        bid = page.locator(".ckt-bid:enabled").first
        number = bid.inner_text().strip()
        assert re.fullmatch(r"[1-8]", number), number
        bid.click()
        expect(status).to_contain_text(f"You bid {number}.")
    else:
        pytest.fail("the bidding did not end after three bids of the learner")
    expect(page.locator(".ckt-bid")).to_have_count(0)  # no bids during the play
    expect(status).to_contain_text("Contract")

    # The play: the raised, outlined cards are the legal ones; a click plays one.
    legal = hand.locator(".ckt-legal")
    expect(legal.first).to_be_visible()
    card_id = legal.first.get_attribute("data-card")
    name = legal.first.get_attribute("aria-label")
    label = card_id[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card_id[-1]]
    trick_before = trick.inner_text()
    legal.first.click()
    expect(status).to_contain_text(f"You played {label}")
    expect(status).not_to_contain_text("⚠")
    expect(hand.locator(f"[data-card='{card_id}']")).to_have_count(0)  # gone from the hand
    # on the table at the learner's seat (the open trick, or the trick just finished), or,
    # when the bots finished the trick and led the next, in the line under the hand
    if page.locator(f".ckt-trick .ckt-at-bottom [data-card='{card_id}']").count() == 0:
        expect(page.locator(".ckt-caption")).to_contain_text(f"You {label}")
    assert trick.inner_text() != trick_before

    # Undo takes the card back: it is in the hand and legal again.
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(status).to_contain_text("Undone")
    expect(page.get_by_role("button", name=name, exact=True)).to_have_class(re.compile(r"\bckt-legal\b"))


def test_the_hand_is_readable_during_the_bidding(dashboard):
    """In the bidding no card may be played: the learner's cards are shown at full
    strength (not dimmed), each saying why in its title."""
    page = dashboard("variety/2_play.ipynb")
    hand = page.locator(".ckt-hand")
    status = page.locator(".ckt-status")
    expect(status).to_contain_text(re.compile(r"Your turn( to bid|: play a card)"))
    if "Your turn to bid" not in status.inner_text():
        pytest.skip("the bots ended the bidding before the learner's turn on this deal")
    held = hand.locator("[role=button]")
    expect(held).to_have_count(13)
    expect(hand.locator(".ckt-legal")).to_have_count(0)
    assert "cards are played after the bidding" in held.first.get_attribute("title")
    assert held.first.get_attribute("aria-disabled") == "true"
    overlay = held.first.evaluate("b => getComputedStyle(b, '::after').display")
    assert overlay == "none", overlay  # the dimming overlay is off: readable
