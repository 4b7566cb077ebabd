"""The lessons index renders in a real Voila + headless Chromium, without errors."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_index_shows_title_and_no_error(dashboard):
    page = dashboard("index.ipynb")  # fails by itself if the page shows an error

    expect(page.get_by_role("heading", level=1, name=re.compile("cardkit lessons", re.I))).to_be_visible()
    body = page.locator("body")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(body).not_to_contain_text("Traceback")
    expect(page.locator(".voila-error")).to_have_count(0)
    # strip_sources=True: students see outputs, not code
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
