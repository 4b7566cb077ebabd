"""The last trick's caption under the table names its winner inside a sentence: "won by
your opponent", "won by you", never "won by Your opponent" (seen on Armenian Durak 2's page
at the end of deal 1: "Last trick (18): Your opponent A♥, You 7♣; won by Your opponent.")."""

from __future__ import annotations

import json

import pytest

from cardkit_widgets import DurakTable, VarietyTable


@pytest.mark.parametrize("cls, kw", [(DurakTable, {"first_dealer": 1}), (VarietyTable, {})])
def test_the_last_tricks_winner_reads_inside_the_sentence(cls, kw):
    seen = set()
    for seed in (1, 2, 3):
        t = cls(seed=seed, **kw)
        for _ in range(200):
            if t.state.is_terminal():
                break
            assert t.act(t.state.legal_actions()[0]), t.last_error
            page = json.dumps(t.table.state, ensure_ascii=False)
            assert "won by <b>You" not in page, page[page.find("won by"):][:80]
            for who in ("you", "your opponent"):
                if f"won by <b>{who}</b>" in page:
                    seen.add(who)
    assert "you" in seen
