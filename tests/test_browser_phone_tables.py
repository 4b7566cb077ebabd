"""Tables on a phone (issue 33): at 390x844 a wide table scrolls in its own box and says so;
its cells keep their words together.

A new learner saw Variety 1's tables squeezed to the screen's width, one word per line
("dealer South; contract 5; declarers South and North; won" in nine lines of 63 px), with no
sign that anything scrolled. ``cardkit.serving.PAGE_CSS`` now gives a cell of words at least
8 em on a narrow screen (a right-aligned or centred cell, a number, keeps its own width on
one line), so a wide table is wider than the screen and scrolls sideways inside its own
box; a table that scrolls fades at its hidden edge and shows the line "⇆ slide the table
sideways to see more" under it until its end is reached. A table that fits shows neither.
Measured here before the change: 16 of Variety 1's 18 cells in its first deal's table had
each word on its own line.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}

# For each lesson table (markdown or a widget's HTML; the card table draws its own): its
# size, whether it scrolls, what its hint line says, and the cells of three words or more
# whose every word stands on a line of its own in less than 7 em (the squeeze a learner saw;
# a cell 8 em wide may still hold long words one per line: "разыгрывающая (атакующая) сторона").
_TABLES_JS = """() => [...document.querySelectorAll('#rendered_cells table')]
  .filter(t => !t.closest('.ckt') && t.clientWidth > 0)
  .map(t => {
    const squeezed = [];
    for (const c of t.querySelectorAll('td, th')) {
      const words = c.innerText.trim().split(/\\s+/).filter(Boolean);
      if (words.length < 3) continue;
      const lines = new Set();
      const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const r = document.createRange();
        r.selectNodeContents(n);
        for (const rect of r.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top));
      }
      const cs = getComputedStyle(c);
      const inner = c.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (lines.size >= words.length && inner < 7 * parseFloat(cs.fontSize))   // long words may stand alone
        squeezed.push(`${JSON.stringify(c.innerText.trim().slice(0, 50))}: ${words.length} words ` +
                      `on ${lines.size} lines, ${Math.round(c.getBoundingClientRect().width)} px`);
    }
    const cs = getComputedStyle(t);
    return {text: t.innerText.replace(/\\s+/g, ' ').slice(0, 40), client: t.clientWidth, scroll: t.scrollWidth,
            overflow: cs.overflowX, says: getComputedStyle(t, '::after').content, mask: cs.maskImage, squeezed};
  })"""


def _tables(page):
    page.wait_for_timeout(200)   # the scroll timelines settle on the next frames
    return page.evaluate(_TABLES_JS)


@pytest.mark.parametrize("notebook", ["variety/1_rules.ipynb", "rules.ipynb"])
def test_wide_tables_scroll_and_say_so_on_a_phone(dashboard, page, notebook):
    page.set_viewport_size(PHONE)
    dashboard(notebook)
    tables = _tables(page)
    wide = [t for t in tables if t["scroll"] > t["client"] + 1]
    assert len(wide) >= 2, f"{notebook}: {len(wide)} tables wider than the screen: {tables}"
    squeezed = [f"{t['text']!r}: {s}" for t in tables for s in t["squeezed"]]
    assert not squeezed, f"{notebook} at 390 px, words one per line:\n" + "\n".join(squeezed[:12])
    for t in wide:
        assert t["overflow"] in ("auto", "scroll"), t
        assert "slide the table sideways" in t["says"], t
        assert t["mask"] != "none", t
    # scrolled to its end, the first wide table no longer says there is more
    first = page.locator("#rendered_cells table").filter(has_text=wide[0]["text"][:20].strip()).first
    first.evaluate("t => { t.scrollLeft = t.scrollWidth; }")
    page.wait_for_timeout(200)
    assert first.evaluate("t => getComputedStyle(t, '::after').content") in ('""', "none", "normal")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1


def test_a_table_that_fits_shows_no_hint(dashboard, page):
    """On a wide screen the rules page's tables fit: no hint line, no faded edge, and the
    narrow screen's cell widths do not apply."""
    page.set_viewport_size(DESK)
    dashboard("rules.ipynb")
    tables = _tables(page)
    assert len(tables) >= 2
    for t in tables:
        assert t["scroll"] <= t["client"] + 1, t
        assert "slide" not in t["says"] and t["mask"] == "none", t
