"""Issue 29: the double-dummy table of the deal editor (``DealEditor.show_dd_table``,
``dd_table_html``) in Russian and in the tests' pseudo-language: its head lines, column and
row heads, the note on cells not solved and the lines shown while it solves come through the
catalog (the Russian deal editor page, ``lessons/ru/deal_editor.ipynb``, shows it). English is
the default."""

from __future__ import annotations

import html
import re

import pytest
from test_i18n_tables import TAG, plain_words
from test_lesson_text_ru import ru_findings

from cardkit.errors import CardkitError
from cardkit_widgets import DealEditor
from cardkit_widgets.deal_editor import dd_table_html


class _Table:
    """A judge's table (cardkit.analysis.DDTable's shape): every declaring pair, contract 8 not solved."""

    def __init__(self, contracts):
        self.margins = {(c, (a, b)): (None if c == 8 else c - 4) for c in contracts
                        for a in range(4) for b in range(4) if a != b}
        self.unsolved = tuple(k for k, m in self.margins.items() if m is None)


def _editor_table(monkeypatch, lang: str) -> list[str]:
    """The deal editor's lines while solving and its table, for a deal dealt at random."""
    import cardkit.analysis as analysis
    e = DealEditor(lang=lang)
    e.seed_box.value = "3"
    e.random_button.click()
    shown = []

    def fake(state, *, contracts, max_nodes, progress):
        shown.append(e.dd_view.value)
        progress(1, 2)
        shown.append(e.dd_view.value)
        return _Table(contracts)
    monkeypatch.setattr(analysis, "dd_table", fake, raising=False)
    e.dd_contracts.value = (1, 8)
    e.dd_button.click()
    shown.append(e.dd_view.value)
    monkeypatch.delattr(analysis, "dd_table")        # a kit without the judge's table
    e.dd_button.click()
    shown.append(e.dd_view.value)
    generic = [dd_table_html({(1, "South & North"): 2.0, (1, "West & East"): -2.0}, lang),
               dd_table_html({1: [1, -1], 2: [3, 4]}, lang)]
    return shown + generic


def _words(text: str) -> str:
    return html.unescape(TAG.sub(" ", text)) + " " + " ".join(re.findall(r'title="([^"]*)"', text))


def test_the_dd_table_in_qps_says_every_word_through_the_catalog(monkeypatch):
    shown = _editor_table(monkeypatch, "qps")
    assert len(shown) == 6 and "ck-dd-table" in shown[2]
    bad = sorted({w for t in shown for w in plain_words(t)})
    assert bad == [], bad


def test_the_dd_table_in_russian(monkeypatch):
    shown = _editor_table(monkeypatch, "ru")
    found = sorted(set(ru_findings([("dd table", _words(t)) for t in shown])))
    assert found == [], "\n".join(found)
    table = _words(shown[2])
    assert "Таблица в открытую" in table and "Юг и Запад" in table and "контракт 8" in table
    assert "2 000 000" in table and "клеток" in table and "Решаю в открытую" in shown[1]


def test_the_dd_table_is_english_by_default():
    text = dd_table_html(_Table((1,)))
    assert "<b>Double-dummy table</b>" in text and "South &amp; West" in text and "contract 1" in text
    with pytest.raises(CardkitError, match="lang 'de'"):
        dd_table_html(_Table((1,)), "de")
