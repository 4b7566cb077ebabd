"""The lessons index renders in a real Voila + headless Chromium, without errors, and
links the rules reference, the rules written for learners in RULES.md's section numbers."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_index_shows_title_no_error_and_links_the_rules_reference(dashboard):
    page = dashboard("index.ipynb")  # fails by itself if the page shows an error

    expect(page.get_by_role("heading", level=1, name=re.compile("cardkit lessons", re.I))).to_be_visible()
    body = page.locator("body")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(body).not_to_contain_text("Traceback")
    expect(page.locator(".voila-error")).to_have_count(0)
    # strip_sources=True: students see outputs, not code
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)

    # RULES.md is cited in every lesson (as "Rules §x"): the index links it, and the rules
    # page shows docs/RULES.md itself as text (headings, not a code listing or a
    # missing-file line), its variants named in words. (One test, one load of the index:
    # a page load is about 6 CPU-s; issue 13.)
    link = page.get_by_role("link", name=re.compile(r"^Rules"))
    expect(link.first).to_have_attribute("href", re.compile(r"rules\.ipynb$"))
    rules = dashboard("rules.ipynb")
    expect(rules.get_by_role("heading", level=1, name=re.compile("The rules reference"))).to_be_visible()
    expect(rules.get_by_role("heading", name=re.compile("Rules reference for the three games"))).to_be_visible()
    expect(rules.locator("body")).to_contain_text("§1")
    expect(rules.locator("body")).not_to_contain_text("was not found")
    expect(rules.locator("body")).to_contain_text("the dealer's left leads")
    expect(rules.locator("body")).not_to_contain_text("left_of_dealer")
