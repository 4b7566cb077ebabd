"""Enter in the play page's Deal code box deals that code, as its Load button does (issue 33,
item 11: "Enter in the Deal code box does nothing"), and Enter in the deal number box deals
that number. The Variety play page in headless Chromium."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_enter_in_the_code_box_loads_the_code(dashboard):
    page = dashboard("variety/2_play.ipynb")
    status = page.locator(".ckt-status")
    expect(status).to_contain_text("Deal code")
    page.get_by_text("More: deal number, deal code").click()  # the controls' second row, folded
    box = page.locator("[data-name=code_box] input")
    box.fill("V-17")
    box.press("Enter")
    expect(status).to_contain_text("Deal code V-17.")
    number = page.locator("[data-name=seed_box] input")
    number.fill("4821")
    number.press("Enter")
    expect(status).to_contain_text("deal number 4821")
