"""Variety's end-of-deal line says the defenders' +10 when the declarers lose (RULES.md §1.6),
so its side totals and the learner's own score agree (issue 33: "defenders −10 points, the
declarers lose" above a defender's "Your score this deal: 0")."""

from __future__ import annotations

from cardkit_widgets import VarietyTable


def _play_to_the_end(seed: int, seat_is_declarer: bool | None = None):
    t = VarietyTable(seed=seed)
    for _ in range(80):
        st, ct = t.state, t.table
        if st.is_terminal():
            break
        if st.phase == "bidding" and ct.enabled_bids:
            ct.bid(ct.enabled_bids[-1])
        else:
            ct.click(ct.legal_cards[0])
        assert t.last_error is None, t.last_error
    assert t.state.is_terminal()
    return t


def test_the_defenders_bonus_is_said_when_the_declarers_lose():
    t = _play_to_the_end(5)   # contract 7, declarers you and West: −16 against −10
    st = t.state
    d, f = st.side_points()
    assert d <= f and 0 in st.declarers
    s = t.status_text
    assert "the declarers lose (each defender also gets +10 for the declarers' loss)." in s, s
    assert "Your score this deal: −16." in s, s
    defender = next(x for x in range(4) if x not in st.declarers)
    assert st.returns()[defender] == f + 10


def test_no_bonus_said_when_the_declarers_win():
    t = _play_to_the_end(3)
    d, f = t.state.side_points()
    assert d > f
    assert "each defender also gets" not in t.status_text
