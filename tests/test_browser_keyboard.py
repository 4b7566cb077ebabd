"""Keyboard play of the Variety play lesson in a real Voila + headless Chromium
(lessons/variety/2_play.ipynb): with Tab, Space and Enter only, the learner bids until the
bidding ends, then tabs to a legal card and plays it with Enter.

Every key goes through ``page.keyboard``; the page is only read (locators, and
``document.activeElement`` to see where the focus is). The widgets are found by the
classes they give themselves (``ck-auction``, ``ck-hand``, ``ck-trick``), not by classes
a notebook adds.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MAX_TABS = 80  # the dashboard has about 25 focusable controls; a lap of the page is fewer

# Where the focus is: the focused element's text, whether it is an enabled button, and
# the ck- classes of the table widget around it (and of the element itself).
_FOCUS_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {tag: 'BODY', text: '', table: '', classes: '', enabled: false, outline: ''};
  const box = e.closest('.ck-table');
  const own = (e.closest('.jupyter-button, .widget-button') || e).className || '';
  return {tag: e.tagName, text: (e.innerText || e.value || '').trim(),
          table: box ? [...box.classList].filter(c => c.startsWith('ck-')).join(' ') : '',
          classes: String(own), enabled: e.tagName === 'BUTTON' && !e.disabled,
          outline: getComputedStyle(e).outlineWidth};
}"""


_LEGAL_JS = """() => [...document.querySelectorAll('.ck-hand button.ck-legal:enabled')]
  .map(b => b.innerText.trim()).sort().join(' ')"""


def _settled(page, js: str, reads: int = 3, pause_ms: int = 250, limit: int = 40) -> set[str]:
    """The words ``js`` returns once ``reads`` reads in a row, ``pause_ms`` apart, agree."""
    last, same = None, 0
    for _ in range(limit):
        value = page.evaluate(js)
        same = same + 1 if value == last else 1
        if same >= reads:
            return set(value.split())
        last = value
        page.wait_for_timeout(pause_ms)
    pytest.fail(f"the page did not settle: {js} last gave {last!r}")


def _tab_to(page, wanted, what: str, check=None) -> dict:
    """Press Tab until ``wanted(focus)`` holds for the focused element; at most MAX_TABS
    presses. ``check(focus)`` is asserted on every element the focus visits."""
    visited = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        focus = page.evaluate(_FOCUS_JS)
        visited.append(f"{focus['tag']} {focus['text']!r} [{focus['table']}]")
        if check is not None:
            check(focus)
        if wanted(focus):
            return focus
    pytest.fail(f"no {what} after {MAX_TABS} Tab presses; the focus visited: {visited}")


def _lap(page) -> list[dict]:
    """Tab once round the whole page, from wherever the focus is to the body and on
    round to the body again; returns every element the focus visited in the full lap."""
    _tab_to(page, lambda f: f["tag"] == "BODY", "way back to the page's body")
    stops = []
    _tab_to(page, lambda f: f["tag"] == "BODY" or stops.append(f), "full lap of the page")
    return stops


def _is_bid_button(focus) -> bool:
    return "ck-auction" in focus["table"] and focus["enabled"] and re.fullmatch(r"[1-8]", focus["text"]) is not None


def _in_hand(focus) -> bool:
    return "ck-hand" in focus["table"]


def test_bid_and_play_a_legal_card_with_the_keyboard_only(dashboard):
    page = dashboard("variety/2_play.ipynb")
    auction = page.locator(".ck-auction")
    hand = page.locator(".ck-hand")
    trick = page.locator(".ck-trick")
    expect(auction).to_have_count(1)
    expect(hand).to_have_count(1)
    expect(trick).to_have_count(1)
    expect(auction.locator("button:enabled").first).to_be_visible()  # the learner's turn to bid
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # start from the body

    # Before the play no card is focusable (the hand's buttons are all disabled); the
    # enabled numbers are all reachable.
    stops = _lap(page)
    assert not [f for f in stops if _in_hand(f)], stops
    enabled_numbers = {t.strip() for t in auction.locator("button:enabled").all_inner_texts()}
    assert {f["text"] for f in stops if _is_bid_button(f)} == enabled_numbers, (stops, enabled_numbers)

    # The bidding: Tab to the first enabled number, Space bids it; again until the bidding
    # ends (the learner bids at most three times, RULES.md §1.3).
    def no_card_before_the_play(focus):
        assert not _in_hand(focus), f"a card took the focus during the bidding: {focus}"

    for _ in range(3):
        focus = _tab_to(page, _is_bid_button, "enabled bid button", check=no_card_before_the_play)
        assert focus["outline"] == "3px", focus  # the focus ring of the tables' style sheet
        number = focus["text"]
        caption = auction.locator(".ck-caption")
        before = caption.inner_text()
        page.keyboard.press("Space")
        # bidding it makes the number the learner's own (never named twice, RULES.md §1.3),
        # or ends the bidding: either way its button is disabled once the kernel answers;
        # the caption, written after the buttons, tells the new turn or the contract
        expect(caption).not_to_have_text(before)
        expect(auction.get_by_role("button", name=number, exact=True)).to_be_disabled()
        if "The bidding is over" in caption.inner_text():
            break
    expect(auction).to_contain_text("The bidding is over")
    expect(auction.locator("button:enabled")).to_have_count(0)

    # The play: the legal cards are the only focusable cards (held-but-illegal cards are
    # disabled, absent ones hidden): every card the focus reaches is a legal one.
    # The kernel's updates arrive button by button: read the legal cards once the
    # caption (written after the buttons) says what is playable and the set holds still.
    expect(hand).to_contain_text("Playable now")
    legal = _settled(page, _LEGAL_JS)
    assert legal, "no legal card on the learner's turn"
    reached = {f["text"] for f in _lap(page) if _in_hand(f)}
    assert reached == legal, f"cards reached with Tab {sorted(reached)}, legal cards {sorted(legal)}"

    def only_legal_cards(focus):
        if _in_hand(focus):
            assert focus["enabled"] and "ck-legal" in focus["classes"], f"a card that is not legal has the focus: {focus}"
            assert focus["text"] in legal, (focus, legal)

    focus = _tab_to(page, lambda f: _in_hand(f) and f["enabled"], "legal card", check=only_legal_cards)
    card = focus["text"]
    assert re.fullmatch(r"[AKQJT2-9][♠♥♦♣]", card), card
    assert focus["outline"] == "3px", focus
    trick_before = trick.inner_text()
    page.keyboard.press("Enter")
    button = hand.get_by_role("button", name=card, exact=True)
    expect(button).to_have_class(re.compile(r"\bck-played\b"))  # struck through, disabled
    expect(button).to_be_disabled()
    expect(trick).not_to_have_text(trick_before)
    expect(trick).to_contain_text(card)  # in the open trick, or in "Last trick (1): ... You <card>"
