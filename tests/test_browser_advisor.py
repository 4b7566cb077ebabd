"""The contract-choosing lesson in a real Voila + headless Chromium: the fig. 65 table and
charts render, and the learner's hand is advised by a click
(lessons/variety/3_choosing_a_contract.ipynb)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_fig65_table_and_the_advisor_panel(dashboard):
    page = dashboard("variety/3_choosing_a_contract.ipynb")
    expect(page.get_by_text("The advisor agrees with the book on")).to_be_visible()
    expect(page.locator("svg[role=img]")).to_have_count(5)          # four fig. 65 hands + the strong hand
    panel = page.locator(".cardkit-advisor")
    expect(panel).to_contain_text("13 of 13 cards")
    panel.get_by_role("button", name="Random hand", exact=True).click()
    expect(panel).to_contain_text("13 of 13 cards")
    panel.get_by_role("button", name="Advise", exact=True).click()
    expect(panel).to_contain_text("Best: contract", timeout=60_000)
    expect(panel.locator("svg[role=img]")).to_have_count(1)
    expect(panel.locator("table")).to_contain_text("declarers win")
