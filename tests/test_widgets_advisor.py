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


def test_panel_first_words_agree_with_the_editor():
    """A complete starting hand: caption and status both say it is ready (not "choose 13")."""
    panel = AdvisorPanel(HAND_A, samples=250)
    assert "complete" in panel.editor.caption.value
    assert "Choose 13" not in panel.status.value and "Advise" in panel.status.value
    short = AdvisorPanel("KQ7.AJ5.KQ84.-", samples=250)
    assert "choose 3 more" in short.status.value


def test_panel_figures_go_when_the_hand_changes_and_are_marked_stale_on_bad_text():
    panel = AdvisorPanel(HAND_A, samples=250, seed=3)
    panel.button.click()
    assert panel.chart.value and panel.table.value
    before = panel.editor.value
    panel.editor.text.value = "KQ7.AJ5.KQ84.A9Z"  # bad text: the hand stays, the figures are marked
    assert panel.editor.value == before and panel.editor.error.value
    assert "results for the previous hand" in panel.chart.value
    assert "results for the previous hand" in panel.table.value
    assert "previous hand" in panel.status.value
    panel.editor.toggle(parse_card("2♣"))  # a different hand (12 cards): old figures removed
    assert panel.chart.value == "" and panel.table.value == "" and panel.result is None
    assert "choose 1 more" in panel.status.value


def test_panel_says_the_real_sample_count_and_one_standard_error():
    panel = AdvisorPanel(HAND_A, samples=250, seed=3)
    panel.samples.value = 4000
    panel.button.click()
    assert "4,000 deals per contract" in panel.status.value and "1,000" not in panel.status.value
    assert "samples=" not in panel.status.value and "advise(" not in panel.status.value   # words, not code
    assert all(a.samples == 4000 for a in panel.result)
    assert "one standard error" in panel.status.value
    assert "4,000 simulated deals" in panel.table.value and "one standard error" in panel.table.value
    assert "your score" in panel.table.value and "ranking key" in panel.table.value
    # the chart's figures are ± one s.e. (like the table); the bars' whiskers are labelled 2 s.e.
    svg = panel.chart.value
    best = min(panel.result, key=lambda a: a.contract)
    assert f"{best.margin:+.1f} ± {best.stderr:.1f}" in svg
    assert "error bars: two standard errors" in svg and "one standard error" in svg


def test_editor_chosen_cards_keep_readable_text_and_a_non_colour_marker():
    ed = HandEditor(HAND_A)
    b = ed.buttons[parse_card("A♥")]
    assert b.button_style == "" and b.style.button_color and b.style.text_decoration == "underline"
    assert b.style.font_weight == "bold" and "ck-chosen" in b._dom_classes
    off = ed.buttons[parse_card("2♥")]
    assert off.style.text_decoration in ("none", "") and "ck-chosen" not in off._dom_classes


def test_the_ten_reads_10_and_the_table_names_its_columns():
    """Issue 21: a learner reads the ten as 10 in the grid, its tooltips, the hand box and
    the caption (the box still reads T or 10); the ranked table's first column is the
    contract (it was headed "#", read as the rank)."""
    ed = HandEditor("K85.A63.7.JT8432")
    ten = ed.buttons[parse_card("TC")]
    assert ten.description == "10♣" and ten.tooltip.startswith("10♣: in your hand")
    assert ed.buttons[parse_card("TS")].tooltip == "10♠: click to add"
    assert ed.text.value == "K85.A63.7.J108432" and "10♣" in ed.caption.value and "T♣" not in ed.caption.value
    ed.text.value = "KQ7.AJ5.KQ84.A92"
    ed.text.value = "K85.A63.7.J108432"
    assert ed.pbn == "K85.A63.7.JT8432"
    table = advice_table_html(advise("K85.A63.7.JT8432", samples=50, seed=1))
    assert ">#<" not in table and ">contract</th><th style='padding:0.2em 0.7em;text-align:left;border-bottom:1px solid #888'>what it scores<" in table


def test_chart_leaves_room_for_every_word_and_scales_on_a_phone():
    """Issue 21: Warsaw Hearts 3's chart cut its words at the right edge ("honc", "one
    standard ε"): every text now fits in the chart's width (at about 7 px a character, 12 px
    sans-serif), and the chart scales down on a narrow screen instead of overflowing."""
    from cardkit_widgets.advisor import Bar, bar_chart_svg
    bars = [Bar("10♥", -2.34, 0.21, "  penalty 5.1 best honour"), Bar("Q♥", -12.5, 0.3, "  penalty 13.0 honour")]
    svg = bar_chart_svg(bars, title="Position 2 with 9♦ instead of A♦: your expected deal result",
                        axis="your expected deal result (bonus − penalty) in points", label_width=40)
    width = float(re.search(r'<svg[^>]* width="(\d+)"', svg)[1])
    texts = re.findall(r'<text x="([\d.]+)"[^>]*>([^<]*)</text>', svg)
    assert any("honour" in t for _, t in texts) and any("one standard error" in t for _, t in texts)
    for x, text in texts:
        assert float(x) + 7.0 * len(text) <= width, (text, width)
    assert "max-width:100%" in svg and 'viewBox="0 0 ' in svg
