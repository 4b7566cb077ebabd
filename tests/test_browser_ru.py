"""The Russian lessons in a real Voila and Chromium (issue 29): ``cardkit-lessons`` serves
``lessons/ru/`` with the English pages; the Russian index renders and links back to English;
a Russian rules lesson and a Russian play page show nothing cut at a phone's width (390×844)
or a laptop's (1366×768): Russian words are longer than English ones. Each page is opened
once per size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_phone import _CUT_JS

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}


def test_the_russian_index_renders_and_links_both_ways(dashboard, page):
    index = dashboard("ru/index.ipynb")
    expect(index.get_by_role("heading", level=1, name="Уроки cardkit")).to_be_visible()
    expect(index.get_by_role("link", name="In English")).to_have_attribute("href", "../index.ipynb")
    # the first: the lessons' list (the progress below links the same page: ProgressIndex(lang="ru"))
    expect(index.get_by_role("link", name="Варьете 1: правила").first).to_have_attribute(
        "href", "variety/1_rules.ipynb")
    expect(index.locator(".ck-progress")).to_contain_text("Варьете 1: правила: ○ не начато")
    body = index.locator("body")
    expect(body).to_contain_text("Юг (вы):")
    expect(body).not_to_contain_text("Traceback")
    english = dashboard("index.ipynb")
    expect(english.get_by_role("link", name="По-русски")).to_have_attribute("href", "ru/index.ipynb")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("notebook", ["ru/warsaw_hearts/1_rules.ipynb", "ru/warsaw_hearts/2_play.ipynb"])
def test_a_russian_page_shows_nothing_cut(dashboard, page, notebook, size):
    view = SIZES[size]
    page.set_viewport_size(view)
    dashboard(notebook)
    found = page.evaluate(_CUT_JS)
    assert found["pageWidth"] <= view["width"] + 1, f"{notebook}: the page scrolls sideways ({found['pageWidth']} px)"
    assert not found["cut"], f"{notebook} at {view['width']} px:\n" + "\n".join(found["cut"][:15])
