"""HandEditor and AdvisorPanel (cardkit_widgets.advisor), headless."""

from __future__ import annotations

import re

import pytest

from cardkit import CardkitError, NotationError, parse_card, parse_hand
from cardkit.games.variety import advise
from cardkit_widgets.advisor import AdvisorPanel, HandEditor, advice_chart_svg, advice_table_html

HAND_A = "KQ7.AJ5.KQ84.A92"


def test_editor_reads_text_and_shows_it_in_words():
    ed = HandEditor()
    assert ed.value == () and not ed.complete and "choose 13 more cards" in ed.caption.value
    ed.text.value = HAND_A
    assert ed.complete and set(ed.value) == set(parse_hand(HAND_A)) and ed.pbn == HAND_A
    assert "13 of 13 cards" in ed.caption.value and "complete" in ed.caption.value
    ks = ed.buttons[parse_card("KS")]
    assert "in your hand" in ks.tooltip and ks.style.font_weight == "bold"
    assert "click to add" in ed.buttons[parse_card("2S")].tooltip


def test_editor_bad_text_is_one_line_and_keeps_the_hand():
    ed = HandEditor(HAND_A)
    ed.text.value = "KQ7.AJ5.KQ84.A9X"
    assert ed.value == tuple(sorted(parse_hand(HAND_A), key=lambda c: (c.suit, -c.rank))) or set(ed.value) == set(parse_hand(HAND_A))
    assert "X" in ed.error.value and "Traceback" not in ed.error.value and "\n" not in ed.error.value


def test_editor_clicks_add_and_remove_and_refuse_a_14th():
    seen = []
    ed = HandEditor(HAND_A)
    ed.on_change(lambda cards: seen.append(len(cards)))
    ed.buttons[parse_card("KS")].click()
    assert len(ed.value) == 12 and parse_card("KS") not in ed.value and seen[-1] == 12
    ed.buttons[parse_card("2S")].click()
    assert ed.complete and parse_card("2S") in ed.value
    ed.buttons[parse_card("3S")].click()
    assert len(ed.value) == 13 and parse_card("3S") not in ed.value
    assert "already has 13 cards" in ed.error.value


def test_editor_random_hand_is_seeded_and_clear_empties():
    a, b = HandEditor(seed=4), HandEditor(seed=4)
    a.random_button.click()
    b.random_button.click()
    assert a.complete and a.value == b.value
    a.clear_button.click()
    assert a.value == ()


def test_editor_refuses_bad_starting_hands():
    with pytest.raises(NotationError):
        HandEditor("KQ7.AJ5.KQ84.A9X")
    with pytest.raises(CardkitError):
        HandEditor(HAND_A + "3")


def test_panel_runs_the_advisor_with_progress_chart_and_table():
    panel = AdvisorPanel(HAND_A, samples=250, seed=3, book=1)
    panel.button.click()
    assert panel.progress.value == 8
    assert panel.result == advise(HAND_A, samples=250, seed=3)
    assert f"contract {panel.result[0].contract}" in panel.status.value
    svg = panel.chart.value
    assert svg.startswith("<svg") and svg.count('class="bar"') == 8 and svg.count('class="errorbar"') == 8
    assert "book" in svg and "<title>" in svg
    assert panel.table.value.count("<tr>") == 9 and "← book" in panel.table.value


def test_panel_incomplete_hand_says_so_in_one_line():
    panel = AdvisorPanel("KQ7.AJ5.KQ84.-", samples=250)
    panel.button.click()
    assert panel.result is None and "10 cards" in panel.status.value and "Choose 3 more" in panel.status.value


def test_chart_error_bars_scale_with_stderr():
    adv = advise(HAND_A, samples=250, seed=1)
    svg = advice_chart_svg(adv)
    bars = re.findall(r'class="errorbar" x1="([-\d.]+)" y1="[-\d.]+" x2="([-\d.]+)"', svg)
    widths = [float(b) - float(a) for a, b in bars]
    stderrs = [a.stderr for a in sorted(adv, key=lambda a: a.contract)]
    ratios = [w / s for w, s in zip(widths, stderrs)]
    assert max(ratios) - min(ratios) < 0.01 * max(ratios)   # one scale for all bars (SVG rounds to 0.1 px)
    assert "book" not in svg
    assert advice_table_html(adv, "2 or 6").count("← book") == 2
