"""The contract-choosing lesson in a real Voila + headless Chromium
(lessons/variety/3_choosing_a_contract.ipynb): the fig. 65 table and charts render; the
learner's hand is advised by a click; a hand typed into the advisor's text box (PBN) is
evaluated and the eight contracts are ranked, best first and marked; typed garbage gives
one clear line and keeps the hand."""

import re

import pytest
from playwright.sync_api import expect

from cardkit.games.variety import advise
from cardkit.notation import parse_hand, sort_hand

pytestmark = pytest.mark.browser

LESSON = "variety/3_choosing_a_contract.ipynb"
FIG65_A = "KQ7.AJ5.KQ84.A92"  # fig. 65, hand а (RULES.md §1.8): the book advises contract 1
START = "K85.A63.7.JT8432"    # the panel's starting hand in the lesson (fig. 65 в)


def _listed(pbn: str) -> str:
    """The caption's list of a hand's cards, as the editor writes it."""
    return " ".join(c.label for c in sort_hand(parse_hand(pbn)))  # a learner reads a ten as 10


def _caption(panel):
    """The editor's caption: "13 of 13 cards (complete): K♠ Q♠ ..."."""
    return panel.locator(".widget-html", has_text=re.compile(r"\d+ of 13 cards"))


def _type_hand(panel, text: str) -> None:
    box = panel.get_by_placeholder(re.compile("spades.hearts.diamonds.clubs"))
    box.fill(text)
    box.press("Enter")  # the box sends its value on Enter (continuous_update=False)


def test_the_advisor_panel_from_the_book_table_to_typed_hands(dashboard):
    """One page load (about 6 CPU-s of Voila, kernel and Chromium; issue 13) for the
    whole panel, in a learner's order: the fig. 65 table and the starting hand; typed
    garbage, one line each, the hand kept; twelve cards, Advise says what is missing; a
    typed hand ranked; a random hand advised."""
    page = dashboard(LESSON)
    expect(page.get_by_text("The advisor agrees with the book on")).to_be_visible()
    expect(page.locator("svg[role=img]")).to_have_count(5)          # four fig. 65 hands + the strong hand
    panel = page.locator(".cardkit-advisor")
    caption = _caption(panel)
    expect(panel).to_contain_text("13 of 13 cards")
    expect(caption).to_contain_text(_listed(START))

    # typed garbage gives one line and keeps the hand
    for garbage, words in (("KQ7.AJ5.KQ84.A9X", "'X' in the ♣ field 'A9X' is not a rank"),
                           ("hello", "expected four suits separated by dots")):
        _type_hand(panel, garbage)
        line = panel.get_by_text(f"hand '{garbage}'")
        expect(line).to_be_visible()
        expect(line).to_contain_text(words)
        assert "\n" not in line.inner_text().strip()
        expect(caption).to_contain_text(_listed(START))  # the hand is as it was
    body = page.inner_text("body")
    assert "Traceback" not in body and "There was an error" not in body
    # twelve cards: Advise says what is missing, in one line
    _type_hand(panel, "KQ7.AJ5.KQ84.A9")
    expect(panel).to_contain_text("12 of 13 cards")
    panel.get_by_role("button", name="Advise", exact=True).click()
    missing = panel.get_by_text("The hand has 12 cards")
    expect(missing).to_contain_text("Choose 1 more")
    assert "\n" not in missing.inner_text().strip()
    expect(panel.get_by_text("Best: contract")).to_have_count(0)

    # a typed hand is evaluated and the eight contracts ranked
    _type_hand(panel, FIG65_A)
    expect(caption).to_contain_text(_listed(FIG65_A))  # the grid and caption follow the text
    expect(panel.get_by_role("button", name="K♠", exact=True)).to_have_attribute(
        "title", re.compile("in your hand"))
    panel.locator("select").select_option("250")
    panel.get_by_role("button", name="Advise", exact=True).click()
    status = panel.get_by_text("Best: contract")
    expect(status).to_be_visible(timeout=60_000)
    expect(panel.locator("svg[role=img] title")).to_have_text(f"Hand {FIG65_A}")

    rows = panel.locator("table tr")
    expect(rows).to_have_count(9)  # a heading row and the eight contracts
    shown = [r.split("\t") for r in (x.inner_text() for x in rows.all()[1:])]
    contracts = [int(r[0]) for r in shown]
    margins = [float(r[2].split("±")[0].replace("−", "-")) for r in shown]  # learner text uses the minus sign
    assert sorted(contracts) == list(range(1, 9))
    assert margins == sorted(margins, reverse=True)  # best first
    marked = [r[0] for r in shown if "(best)" in r[-1]]
    assert marked == [str(contracts[0])]  # exactly one, the first row
    # the same figures the engine gives for this hand, deal count and seed
    ref = advise(FIG65_A, samples=250, seed=1)
    assert contracts == [a.contract for a in ref]
    expect(status).to_contain_text(f"Best: contract {ref[0].contract}")
    assert ref[0].contract == 1  # fig. 65 а: the book's no-trump contract is ranked first

    # a random hand, advised by a click
    panel.get_by_role("button", name="Random hand", exact=True).click()
    expect(caption).not_to_contain_text(_listed(FIG65_A))
    expect(panel).to_contain_text("13 of 13 cards")
    expect(panel.get_by_text("Best: contract")).to_have_count(0)   # the old ranking is gone
    panel.get_by_role("button", name="Advise", exact=True).click()
    expect(panel).to_contain_text("Best: contract", timeout=60_000)
    expect(panel.locator("svg[role=img]")).to_have_count(1)
    expect(panel.locator("svg[role=img] title")).not_to_have_text(f"Hand {FIG65_A}")
    expect(panel.locator("table")).to_contain_text("declarers win")
