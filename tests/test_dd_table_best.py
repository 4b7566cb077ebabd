"""Issue 31: the deal editor's double-dummy table marks each declaring pair's best contract
(of the cells solved; ties each), as a hand record prints it beside the deal, and shows a
progress bar while it solves."""

from __future__ import annotations

import re

from cardkit_widgets import DealEditor
from cardkit_widgets.deal_editor import dd_table_html


class _Table:
    """cardkit.analysis.DDTable's shape: given margins per (contract, pair)."""

    def __init__(self, margins):
        self.margins = margins
        self.unsolved = tuple(k for k, m in margins.items() if m is None)


def _best_cells(text: str) -> list[str]:
    return re.findall(r"<td class='ck-dd-best'[^>]*>([^<]*)</td>", text)


def test_each_pairs_best_contract_is_marked_ties_each_and_unsolved_skipped():
    sn, we = (2, 0), (1, 3)
    t = _Table({(1, sn): 12, (2, sn): 14, (3, sn): None,
                (1, we): -12, (2, we): -4, (3, we): -4})
    text = dd_table_html(t)
    assert _best_cells(text) == ["−4", "−4", "+14"]   # West & East (first): 2 and 3, a tie; South & North: 2
    assert "best contract of those solved" in text and "Bold" in text
    # a row with nothing solved marks nothing; one contract alone marks nothing
    assert _best_cells(dd_table_html(_Table({(1, sn): None, (2, sn): None, (1, we): 2, (2, we): 3}))) == ["+3"]
    one = dd_table_html(_Table({(1, sn): 12, (1, we): -12}))
    assert _best_cells(one) == [] and "Bold" not in one


def test_the_editor_shows_a_progress_bar_while_it_solves(monkeypatch):
    import cardkit.analysis as analysis
    e = DealEditor()
    e.seed_box.value = "3"
    e.random_button.click()
    shown = []

    def fake(state, *, contracts, max_nodes, progress):
        shown.append(e.dd_view.value)
        progress(5, 24)
        shown.append(e.dd_view.value)
        return _Table({(c, (a, b)): c for c in contracts for a in range(4) for b in range(4) if a != b})
    monkeypatch.setattr(analysis, "dd_table", fake, raising=False)
    e.dd_contracts.value = (1, 2)
    e.dd_button.click()
    assert "<progress" in shown[0] and "<progress class='ck-dd-progress' max='24' value='5'>" in shown[1]
    assert "5 of 24" in shown[1]
    final = e.dd_view.value
    assert "<progress" not in final and len(_best_cells(final)) == 12   # contract 2 in every row


def test_the_marks_in_russian():
    text = dd_table_html(_Table({(1, (0, 2)): 12, (2, (0, 2)): 14}), "ru")
    assert "лучший контракт каждой пары" in text and "Bold" not in text and _best_cells(text) == ["+14"]


def test_bad_contracts_or_a_failed_search_keep_the_table_shown(monkeypatch):
    """Bad contracts get one clear error before anything is drawn; a search that fails or is
    interrupted puts the table shown before back (no progress bar left behind)."""
    import pytest

    import cardkit.analysis as analysis
    from cardkit.errors import CardkitError
    e = DealEditor()
    e.seed_box.value = "3"
    e.random_button.click()
    monkeypatch.setattr(analysis, "dd_table", lambda state, *, contracts, max_nodes, progress: _Table(
        {(c, (a, a + 2)): c for c in contracts for a in (0, 1)}), raising=False)
    shown = e.show_dd_table((1, 2))
    assert _best_cells(shown)
    for bad in ("12", [0, 9, "x"], 5, [True]):
        with pytest.raises(CardkitError, match="contracts"):
            e.show_dd_table(bad)
        assert e.dd_view.value == shown
    for junk in ("junk", 5, (0,), ("1",), None):
        with pytest.raises(CardkitError, match=r"ContractChoice\.value"):
            e.dd_contracts.value = junk
        assert e.dd_contracts.value == (1,)

    def fails(state, *, contracts, max_nodes, progress):
        progress(1, 4)
        raise KeyboardInterrupt
    monkeypatch.setattr(analysis, "dd_table", fails, raising=False)
    with pytest.raises(KeyboardInterrupt):
        e.show_dd_table((3,))
    assert e.dd_view.value == shown
    e.dd_contracts.value = (2, 3)
    assert e.dd_contracts.value == (2, 3)
