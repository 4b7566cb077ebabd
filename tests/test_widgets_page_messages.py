"""A malformed message from the page (a trump pick, a draw, a bid without its number, or
with text or a float) is refused in the engine's words, in one status line, and changes
nothing; it is never int()'s message, a KeyError's repr, or a float rounded to a stack."""

from __future__ import annotations

import pytest

from cardkit_widgets import DurakTable, VarietyTable


def _durak_at(phase: str) -> DurakTable:
    for seed in range(40):
        t = DurakTable(seed=seed, seat=1)
        st = t.state
        while st.phase != phase and not st.is_terminal() and st.current_player == t.seat:
            assert t.act(st.legal_actions()[-1 if st.phase == "draw" else 0]), t.last_error
        if st.phase == phase and st.current_player == t.seat:
            return t
    raise AssertionError(f"no deal reached phase {phase!r} at the learner's turn")


def _refused(t, message: dict, word: str) -> None:
    before = t.state.to_json()
    t._table_action(message)
    assert t.state.to_json() == before
    err = t.last_error
    assert err and word in err and "\n" not in err
    assert "int()" not in err and "invalid literal" not in err and not err.startswith("'")
    assert "Something went wrong" not in t.status_text


@pytest.mark.parametrize("message", [{"kind": "trump", "index": "x"}, {"kind": "trump", "index": None},
                                     {"kind": "trump"}, {"kind": "trump", "index": 1.0}])
def test_durak_trump_pick_malformed(message):
    t = _durak_at("trump")
    _refused(t, message, "trump")
    t._table_action({"kind": "trump", "index": 2})       # a well-formed pick is taken
    assert t.state.history[0].index == 2


@pytest.mark.parametrize("message", [{"kind": "draw", "stack": "a"}, {"kind": "draw", "stack": 1.7},
                                     {"kind": "draw", "stack": True}])
def test_durak_draw_malformed(message):
    t = _durak_at("draw")
    _refused(t, message, "draw")


@pytest.mark.parametrize("message", [{"kind": "bid", "value": "x"}, {"kind": "bid"}, {"kind": "bid", "value": 2.5}])
def test_variety_bid_malformed(message):
    t = VarietyTable(seed=1)
    assert t.state.phase == "bidding" and t.state.current_player == t.seat
    _refused(t, message, "bid")
    n = len(t.state.history)
    t._table_action({"kind": "bid", "value": t.state.legal_actions()[0]})
    assert len(t.state.history) > n
