"""The card table of the three play lessons in a real Voila + headless Chromium, at a
laptop's 1366 × 768, a phone's 390 × 844 and a projector's 1920 × 1080 (with
``?size=large``): the hand and the trick are both in the window once the table is
scrolled to, nothing overflows the page's width, a legal card plays by a click and by the
keyboard (arrows, Enter), and an illegal card says why (its title, and the status line
on a click).

Selectors (also for other tests): the table is ``.ckt``; the learner's cards are
``.ckt-hand [role=button]`` with the accessible name of the card in words ("queen of
hearts"), ``data-card="QH"`` and the class ``ckt-legal`` or ``ckt-illegal``; the trick is
``.ckt-trick``; the status line ``.ckt-status``; the bid buttons ``.ckt-bid``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from registry_games import every_game

pytestmark = pytest.mark.browser

PLAY_PAGES = {
    "variety": "variety/2_play.ipynb",
    "warsaw_hearts": "warsaw_hearts/2_play.ipynb",
    "armenian_durak": "armenian_durak/2_play.ipynb",
}
VIEWPORTS = {"laptop": (1366, 768), "phone": (390, 844), "projector": (1920, 1080)}
every_game(PLAY_PAGES, "PLAY_PAGES")

_IN_VIEW_JS = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: innerHeight, w: innerWidth};
}"""


def _to_the_play(page, game: str) -> None:
    """Bid (Variety) or draw the trump (Durak) until a card may be played."""
    status = page.locator(".ckt-status")
    hand_legal = page.locator(".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal")
    if game == "armenian_durak":
        page.get_by_role("button", name="Draw card 1", exact=True).click()
        expect(status).to_contain_text("You drew")
    for _ in range(4):
        expect(status).to_contain_text(re.compile(r"Your turn"))
        if hand_legal.count():
            return
        bid = page.locator(".ckt-bid:enabled").first
        number = bid.inner_text().strip()
        bid.click()
        expect(status).to_contain_text(f"You bid {number}.")
    expect(hand_legal.first).to_be_visible()


def _played(page, status, label: str, game: str) -> None:
    expect(status).to_contain_text(f"You played {label}")
    expect(status).not_to_contain_text("⚠")
    if game == "armenian_durak" and "take a face-down card" in status.inner_text():
        page.get_by_role("button", name="Don't draw", exact=True).click()
        expect(status).to_contain_text("You kept your face-down cards")


def _label(card) -> str:
    """"Q♥" from a card's data-card "QH" ("10♥" from "TH": a learner reads a ten as 10)."""
    cid = card.get_attribute("data-card")
    rank = "10" if cid[:-1] == "T" else cid[:-1]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[cid[-1]]


@pytest.mark.parametrize("game", list(PLAY_PAGES))
def test_the_card_table_plays_on_every_screen(dashboard, page, game):
    """One page a game (a page load is ~6 CPU-s of Voila, kernel and Chromium; issue 13):
    the projector first, opened with ``?size=large``; then Large cards off, and at the
    laptop's and the phone's size each a new deal (an unfinished deal is dropped, the same
    dealer deals again) played as far as a refused card and a card played by the keyboard."""
    page.emulate_media(reduced_motion="reduce")  # no animation: positions are final at once
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS["projector"])))
    page = dashboard(PLAY_PAGES[game], query="size=large")
    table = page.locator(".ckt")
    expect(table).to_have_count(1)
    expect(table).to_have_class(re.compile(r"\bckt-large\b"))
    size = page.locator("[data-name=size_toggle]")
    expect(size).to_have_text("Large cards: on")
    _play_on_the_screen(page, game, "projector")

    page.get_by_text("More: deal number, deal code, four colours, large cards").click()  # the folded row
    size.click()
    expect(size).to_have_text("Large cards: off")
    expect(table).not_to_have_class(re.compile(r"\bckt-large\b"))
    for where in ("laptop", "phone"):
        page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS[where])))
        deals = page.locator(".ckt-status").inner_text()
        page.get_by_role("button", name="New deal", exact=True).click()
        expect(page.locator(".ckt-status")).not_to_have_text(deals)
        _play_on_the_screen(page, game, where)


def _play_on_the_screen(page, game: str, where: str) -> None:
    """At the viewport ``where``, from the start of a deal: the play reached, nothing
    overflowing, the table in view, a legal card by a click, an illegal card refused with
    its reason, a legal card by the keyboard."""
    width = VIEWPORTS[where][0]
    status = page.locator(".ckt-status")
    _to_the_play(page, game)

    # nothing overflows the page's width; the projector's table fills it
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    felt = page.evaluate(_IN_VIEW_JS, ".ckt-felt")
    if where == "projector":
        assert felt["right"] - felt["left"] >= 0.9 * width, felt

    # the table scrolled to: the trick and the whole hand are in the window together
    page.evaluate("() => document.querySelector('.ckt-felt').scrollIntoView({block: 'start'})")
    trick, hand = page.evaluate(_IN_VIEW_JS, ".ckt-trick"), page.evaluate(_IN_VIEW_JS, ".ckt-hand")
    assert trick["top"] >= 0 and hand["bottom"] <= hand["h"], (trick, hand)
    assert hand["left"] >= 0 and hand["right"] <= width and trick["right"] <= width, (trick, hand)

    # a legal card by a click: raised, outlined, named in words
    legal = page.locator(".ckt-hand .ckt-legal")
    card = legal.first
    name = card.get_attribute("aria-label")
    assert re.fullmatch(r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of "
                        r"(spades|hearts|diamonds|clubs)", name), name
    expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    label = _label(card)
    card.click()
    _played(page, status, label, game)

    # an illegal card says why: play legal cards until one is refused (a suit led that the
    # learner can follow while holding other suits)
    for _ in range(14):
        expect(status).to_contain_text(re.compile(r"Your turn|Deal over"))
        if "Deal over" in status.inner_text():
            break
        illegal = page.locator(".ckt-hand .ckt-illegal")
        if page.locator(".ckt-hand .ckt-legal").count() and illegal.count():
            bad = illegal.first
            title = bad.get_attribute("title")
            assert re.search(r"must follow|cannot be played|trump", title), title
            bad_label = _label(bad)
            bad.click(force=True)  # aria-disabled: a person can still click it
            expect(status).to_contain_text(f"{bad_label}")
            expect(status).to_contain_text("⚠")
            expect(status).to_contain_text(re.compile(r"must follow|trump"))
            break
        nxt = page.locator(".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal").first
        lab = _label(nxt)
        nxt.click()
        _played(page, status, lab, game)
    else:  # pragma: no cover
        pytest.fail("no card was ever refused in 14 plays")

    # a legal card by the keyboard: the arrows move between the legal cards, Enter plays
    if "Deal over" not in status.inner_text():
        first = page.locator(".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal").first
        first.focus()
        n = page.locator(".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal").count()
        if n > 1:
            page.keyboard.press("ArrowRight")
            focused = page.evaluate("() => document.activeElement.getAttribute('data-card')")
            assert focused and focused != first.get_attribute("data-card")
        focused = page.locator(":focus")
        expect(focused).to_have_class(re.compile(r"\bckt-legal\b"))
        lab = _label(focused)
        page.keyboard.press("Enter")
        _played(page, status, lab, game)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
