"""The Warsaw Hearts play lesson in a real Voila + headless Chromium, at a laptop's
1366 × 768, on one page (a page load is about 6 CPU-s of Voila, kernel and Chromium;
issue 13): the learner plays a legal card, sees the trick change and undoes it; the Hint
button is visible in the table's first row of controls, a hint for the card the learner
is on appears in the status line, and at the end of the deal How did I do? judges the deal
and a listed decision (if any) opens in the replay with the judge's line, and the judge's line on
the hinted decision names the hint's card (issue 20: one evaluator); then the learner
chooses three players (lessons/warsaw_hearts/2_play.ipynb; the rules lesson:
tests/test_browser_lesson_exercises.py). Selectors as in
``tests/test_browser_card_table.py``; the controls are ``[data-name=hint_button]``,
``[data-name=review_button]``, ``[data-name=review_list]``."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_play_a_legal_card_undo_hint_how_did_i_do_and_three_players(dashboard, page):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(reduced_motion="reduce")
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

    # Hint and How did I do?
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
    expect(status).to_contain_text("the card you pointed at")
    expect(status).not_to_contain_text("⚠")
    hinted = re.search(r"Hint: play (\S+?)( \(the card you pointed at\))?: .*?(\d+\.\d) more than", status.inner_text())
    assert hinted, status.inner_text()

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
    # issue 20: the review's verdict on the hinted decision (the learner's first card, the first
    # legal one) names the hint's card: a good choice if it was that card, else the better one
    info = page.locator("[data-name=replay_info]")
    commentary = page.locator("[data-name=replay_commentary]")
    back_trick = page.get_by_role("button", name="◀◀ trick", exact=True)
    for _ in range(16):
        if info.inner_text().startswith("Replay: step 0 "):
            break
        before = info.inner_text()
        (back_trick if back_trick.is_enabled() else page.get_by_role("button", name="◀ card", exact=True)).click()
        expect(info).not_to_have_text(before)
    expect(info).to_contain_text("Replay: step 0 ")
    judge = ""
    for step in range(1, 5):  # the bots' cards first, then the learner's (the step after it has the verdict)
        page.get_by_role("button", name="card ▶", exact=True).click()
        expect(info).to_contain_text(f"Replay: step {step} ")
        judge = next((x for x in commentary.inner_text().split("\n") if x.startswith("Judge:")), "")
        if judge:
            break
    if hinted.group(2):
        assert judge.startswith(f"Judge: {hinted.group(1)}: a good choice"), (hinted.group(0), judge)
    elif float(hinted.group(3)) >= 0.1:
        assert f"better: {hinted.group(1)})" in judge or f"worse than {hinted.group(1)} " in judge, (hinted.group(0), judge)

    # the visible Players choice: three players, 12 cards each, a new game
    page.get_by_role("radio", name="3 players (12 cards each)").check()
    expect(page.locator(".ckt-caption")).to_contain_text("12 cards")
    expect(status).to_contain_text("-P3")
    expect(page.locator(".ckt-felt .ckt-seat")).to_have_count(3)  # Left, Right and you
