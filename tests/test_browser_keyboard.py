"""Keyboard play of the Variety play lesson in a real Voila + headless Chromium
(lessons/variety/2_play.ipynb): with Tab, Space, the arrows and Enter only, the learner bids
until the bidding ends, then tabs to the hand, moves between the legal cards with the arrows
and plays one with Enter.

Every key goes through ``page.keyboard``; the page is only read (locators, and
``document.activeElement`` to see where the focus is). The card table's parts are found by
its classes (``ckt-bid``, ``ckt-hand``, ``ckt-trick``).
"""

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


def test_bid_and_play_a_legal_card_with_the_keyboard_only(dashboard):
    page = dashboard("variety/2_play.ipynb")
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
