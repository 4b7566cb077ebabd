"""The lessons on a phone (issue 33, item 5): at 390x844 nothing is cut at the right edge.

A first-time learner read "+12 to the side tha" at the edge of Variety 1's contracts table,
"trur" for Armenian Durak 1's trump dropdown, and saw Durak 3's "Play:" list end at 477 px on
a 390 px screen: the boxes were wider than the screen and clipped, or scrolled with no sign.
``cardkit.serving.PAGE_CSS`` (written into every lesson page) makes tables scroll inside
their own box, rows of controls wrap and figures shrink. Each page is opened once.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# What is wider than its box, within the lesson's outputs, with no box of its own to scroll
# it (the page's own scrolling panel, #rendered_cells, does not count: it scrolls only down).
_CUT_JS = """() => {
  const root = document.getElementById('rendered_cells');
  const scrolls = (e) => {
    for (let a = e; a && a !== root && !a.classList.contains('jp-Cell'); a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const words = (e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(-1)[0]} ` +
    JSON.stringify((e.innerText || e.value || '').replace(/\\s+/g, ' ').slice(0, 40));
  const cut = [];
  const canvas = document.createElement('canvas').getContext('2d');
  for (const e of root.querySelectorAll('.jp-OutputArea-output *')) {
    if (e.closest('.ckt')) continue;  // the card table's own layout
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && !scrolls(e))
      cut.push(`${words(e)}: ${e.scrollWidth} px of content in ${e.clientWidth} px, nothing scrolls it`);
    const right = e.closest('.jp-OutputArea-output').getBoundingClientRect().right;
    if (e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > right + 1 && !scrolls(e))
      cut.push(`${words(e)}: ends at ${Math.round(e.getBoundingClientRect().right)} px, past the output's ${Math.round(right)} px`);
    if (e.classList.contains('widget-hbox') && e.scrollWidth > e.clientWidth + 1)
      cut.push(`${words(e)}: a row of controls ${e.scrollWidth} px wide in ${e.clientWidth} px (it should wrap)`);
    if (e.tagName === 'SELECT' && e.selectedOptions.length) {
      canvas.font = getComputedStyle(e).font;
      const need = canvas.measureText(e.selectedOptions[0].text).width + 20;
      if (e.getBoundingClientRect().width < need)
        cut.push(`${words(e)}: a dropdown ${Math.round(e.getBoundingClientRect().width)} px wide for its ${Math.round(need)} px choice`);
    }
  }
  return {pageWidth: document.documentElement.scrollWidth, cut};
}"""

PAGES = [
    "variety/1_rules.ipynb",            # the eight contracts, the trick table
    "variety/3_choosing_a_contract.ipynb",  # figure 65's table
    "variety/5_card_play.ipynb",        # the technique table
    "warsaw_hearts/1_rules.ipynb",      # the bonus table
    "warsaw_hearts/3_strategy.ipynb",   # the deal number box
    "armenian_durak/1_rules.ipynb",     # the trump dropdown
    "armenian_durak/3_strategy.ipynb",  # the "Play:" list
]


@pytest.mark.parametrize("notebook", PAGES)
def test_nothing_is_cut_on_a_phone(dashboard, page, notebook):
    page.set_viewport_size(PHONE)
    dashboard(notebook)
    found = page.evaluate(_CUT_JS)
    assert found["pageWidth"] <= PHONE["width"] + 1, f"{notebook}: the page scrolls sideways ({found['pageWidth']} px)"
    assert not found["cut"], f"{notebook} at 390 px:\n" + "\n".join(found["cut"][:15])


def test_a_wide_table_scrolls_in_its_own_box(dashboard, page):
    """Variety 1's wide tables scroll inside their own box, with a shadow at the edge that hides more."""
    page.set_viewport_size(PHONE)
    dashboard("variety/1_rules.ipynb")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#rendered_cells table')]
        .filter(t => t.scrollWidth > t.clientWidth + 1)
        .map(t => { t.scrollLeft = 40; return {overflow: getComputedStyle(t).overflowX, moved: t.scrollLeft,
                    shadow: getComputedStyle(t).backgroundAttachment, text: t.innerText.slice(0, 30)}; })""")
    assert boxes, "no table wider than 390 px: this test no longer tests anything"
    for box in boxes:
        assert box["overflow"] in ("auto", "scroll"), box
        assert box["moved"] > 0, f"{box['text']!r} does not scroll sideways"
        # the shadow at the edge that hides more (headless Chromium hides scrollbars)
        assert "local" in box["shadow"] and "scroll" in box["shadow"], box
