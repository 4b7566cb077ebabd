"""The Variety play lesson in a real Voila + headless Chromium
(lessons/variety/2_play.ipynb), on one page (a page load is about 6 CPU-s of Voila, kernel
and Chromium; issue 13):

- during the bidding the learner's cards are readable (not dimmed), each saying why it
  cannot be played yet;
- the learner bids, plays a legal card, sees the trick change, and undoes it;
- on a new deal, with Tab, Space, the arrows and Enter only, the learner bids until the
  bidding ends, then tabs to the hand, moves between the legal cards with the arrows and
  plays one with Enter. Every key goes through ``page.keyboard``; the page is only read
  (locators, and ``document.activeElement`` to see where the focus is).

The page's parts are those of the card table (``.ckt-hand``, ``.ckt-trick``,
``.ckt-status``, ``.ckt-bid``; see tests/test_browser_card_table.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MAX_TABS = 60  # the page has about 20 focusable controls; a lap of the page is fewer

# Where the focus is: the focused element's text or card, whether it can be used, its classes.
_FOCUS_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {tag: 'BODY', text: '', card: '', classes: '', enabled: false, outline: '',
                                         inHand: false};
  return {tag: e.tagName, text: (e.innerText || e.value || '').trim(), card: e.getAttribute('data-card') || '',
          classes: String(e.className || ''), enabled: e.tagName === 'BUTTON' ? !e.disabled : e.getAttribute('aria-disabled') !== 'true',
          outline: getComputedStyle(e).outlineWidth, inHand: !!e.closest('.ckt-hand')};
}"""


def _tab_to(page, wanted, what: str, check=None) -> dict:
    """Press Tab until ``wanted(focus)``; at most MAX_TABS presses. ``check(focus)`` is
    asserted on every element the focus visits."""
    visited = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        focus = page.evaluate(_FOCUS_JS)
        visited.append(f"{focus['tag']} {focus['text'][:20]!r} {focus['card']}")
        if check is not None:
            check(focus)
        if wanted(focus):
            return focus
    pytest.fail(f"no {what} after {MAX_TABS} Tab presses; the focus visited: {visited}")


def _is_bid(focus) -> bool:
    return "ckt-bid" in focus["classes"] and focus["enabled"] and re.fullmatch(r"[1-8]", focus["text"]) is not None


def test_bid_play_undo_then_a_new_deal_by_the_keyboard_only(dashboard):
    page = dashboard("variety/2_play.ipynb")  # fails by itself if the page shows an error
    _the_hand_is_readable_during_the_bidding(page)
    _bid_then_play_a_legal_card_and_undo(page)
    status = page.locator(".ckt-status")
    before = status.inner_text()
    page.get_by_role("button", name="New deal", exact=True).click()
    expect(status).not_to_have_text(before)
    _bid_and_play_a_legal_card_with_the_keyboard_only(page)


def _the_hand_is_readable_during_the_bidding(page) -> None:
    """In the bidding no card may be played: the learner's cards are shown at full
    strength (not dimmed), each saying why in its title. (The lesson's first deal reaches
    the learner's bid; a deal where the bots end the bidding first has nothing to check.)"""
    hand = page.locator(".ckt-hand")
    status = page.locator(".ckt-status")
    expect(status).to_contain_text(re.compile(r"Your turn( to bid|: play a card)"))
    assert "Your turn to bid" in status.inner_text(), "the lesson's first deal no longer starts with the learner's bid"
    held = hand.locator("[role=button]")
    expect(held).to_have_count(13)
    expect(hand.locator(".ckt-legal")).to_have_count(0)
    assert "cards are played after the bidding" in held.first.get_attribute("title")
    assert held.first.get_attribute("aria-disabled") == "true"
    overlay = held.first.evaluate("b => getComputedStyle(b, '::after').display")
    assert overlay == "none", overlay  # the dimming overlay is off: readable


def _bid_then_play_a_legal_card_and_undo(page) -> None:

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


def _bid_and_play_a_legal_card_with_the_keyboard_only(page) -> None:
    status = page.locator(".ckt-status")
    hand = page.locator(".ckt-hand")
    trick = page.locator(".ckt-trick")
    expect(status).to_contain_text(re.compile(r"Your turn( to bid|: play a card)"))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # start from the body

    def no_card_before_the_play(focus):
        assert not focus["inHand"], f"a card took the focus during the bidding: {focus}"

    # The bidding: Tab to an enabled number, Space bids it; again until the bidding ends
    # (the learner bids at most three times, RULES.md §1.3). No card is in the tab order.
    for _ in range(4):
        if "Your turn: play a card" in status.inner_text():
            break
        focus = _tab_to(page, _is_bid, "enabled bid button", check=no_card_before_the_play)
        assert focus["outline"] == "3px", focus  # the focus ring
        number = focus["text"]
        page.keyboard.press("Space")
        expect(status).to_contain_text(f"You bid {number}.")
        expect(status).to_contain_text(re.compile(r"Your turn( to bid|: play a card)"))
    expect(status).to_contain_text("Your turn: play a card")
    expect(page.locator(".ckt-bid")).to_have_count(0)

    # The play: one card of the hand is in the tab order, a legal one; the arrows go from
    # legal card to legal card only; Enter plays the card with the focus.
    legal = sorted(hand.locator(".ckt-legal").evaluate_all("es => es.map(e => e.dataset.card)"))
    assert legal, "no legal card on the learner's turn"
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    focus = _tab_to(page, lambda f: f["inHand"], "card of the hand")
    assert focus["card"] in legal and "ckt-legal" in focus["classes"], (focus, legal)
    assert focus["outline"] == "3px", focus
    reached = {focus["card"]}
    for _ in range(len(legal)):
        page.keyboard.press("ArrowRight")
        f = page.evaluate(_FOCUS_JS)
        assert f["inHand"] and "ckt-legal" in f["classes"], f
        reached.add(f["card"])
    assert reached == set(legal), (reached, legal)  # every legal card, and only those
    page.keyboard.press("ArrowLeft")
    card = page.evaluate(_FOCUS_JS)["card"]
    label = card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]
    trick_before = trick.inner_text()
    page.keyboard.press("Enter")
    expect(status).to_contain_text(f"You played {label}")
    expect(hand.locator(f"[data-card='{card}']")).to_have_count(0)
    expect(trick).not_to_have_text(trick_before)
