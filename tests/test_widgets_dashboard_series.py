"""The Variety and Armenian Durak dashboards keep their deals in their game's DealSeries
(``table.game``): the score sheet shows exactly the series' rows, and the dealer, the deal
number and the game's end are the series'. Issue 13 (one place for each rule)."""

from __future__ import annotations

import pytest

from cardkit import CardkitError, StateError
from cardkit.games import armenian_durak as ad, variety
from cardkit.replay import Replay
from cardkit.series import DealSeries
from cardkit_widgets import DurakTable, VarietyTable

TABLES = {
    "variety": (VarietyTable, variety, lambda deals: variety.Rules(deals=deals), 4),
    "durak": (DurakTable, ad, lambda deals: ad.Rules(target=None, deals=deals), 2),
}


def _table(kind: str, deals: int = 3, **kw):
    cls, _module, rules, _n = TABLES[kind]
    return cls(rules=rules(deals), **kw)


def _finish(t) -> None:
    """Play the learner's first legal action until the deal is over (the bots answer)."""
    st = t.state
    while not st.is_terminal():
        assert st.current_player == t.seat
        assert t.act(st.legal_actions()[0]), t.last_error


def _agree(t) -> None:
    """The score sheet shows the series' rows, no more and no fewer, with their totals."""
    g = t.game
    assert t.scores.rows == g.scores
    assert t.scores.totals == g.totals
    assert t.scores.labels == [str(i + 1) for i in range(len(g.scores))]
    for row, st in zip(g.scores, g.deals):
        assert row == st.returns()               # each row is its own deal's result
    assert t.game_over == (bool(g.scores) and g.is_over())


@pytest.mark.parametrize("kind", TABLES)
def test_the_game_is_a_deal_series_and_the_table_reads_it(kind):
    _cls, module, _rules, n = TABLES[kind]
    t = _table(kind, seed=7, seat=1)
    assert isinstance(t.game, module.Game) and isinstance(t.game, DealSeries)
    assert t.state is t.game.state and t.game.deals == [t.state]
    assert t.game.players[t.seat] is None                     # the learner's seat has no bot
    assert all(t.game.players[s] is not None for s in range(n) if s != t.seat)
    assert t.first_dealer == t.game.first_dealer and t.cut == t.game.cut


@pytest.mark.parametrize("kind", TABLES)
def test_rows_follow_the_series_through_record_undo_new_deal_and_a_new_game(kind):
    t = _table(kind, deals=2, seed=3)
    _agree(t)
    assert t.scores.rows == []
    _finish(t)
    _agree(t)
    assert len(t.game.scores) == 1 and t.scores.rows == [t.state.returns()]
    # undo across the deal's end: the row leaves the series and the sheet
    t.undo()
    assert not t.state.is_terminal() and t.game.scores == [] and t.scores.rows == []
    _agree(t)
    _finish(t)                                          # played to the end again: recorded once
    _agree(t)
    assert len(t.game.scores) == 1
    # New deal in the middle of a deal: dropped, not scored, the same dealer deals again
    t.new_deal(11)
    dealer = t.state.dealer
    if t.state.current_player == t.seat:
        assert t.act(t.state.legal_actions()[0])
    t.new_deal(12)
    assert t.state.dealer == dealer and len(t.game.deals) == 2 and len(t.game.scores) == 1
    _agree(t)
    _finish(t)
    _agree(t)
    assert t.game_over and t.game.is_over() and "The game is over" in t.status_text
    old = t.game
    t.new_deal(13)                                      # a new game: a new series, same first dealer
    assert t.game is not old and t.game.scores == [] and t.scores.rows == [] and not t.game_over
    assert t.game.first_dealer == old.first_dealer and t.state.dealer == old.first_dealer
    assert len(t.game.deals) == 1 and old.scores and len(old.scores) == 2
    _agree(t)


@pytest.mark.parametrize("kind", TABLES)
def test_the_sheet_is_redrawn_from_the_series(kind):
    """A row taken back in the series itself leaves the sheet at the next refresh: the
    sheet keeps no rows of its own."""
    t = _table(kind, seed=5)
    _finish(t)
    assert len(t.scores) == 1
    t.game.unrecord()
    t.refresh()
    assert t.scores.rows == [] and t.scores.totals == [0] * len(t.names)
    t.game.record()
    t.refresh()
    _agree(t)
    assert len(t.scores) == 1


@pytest.mark.parametrize("kind", TABLES)
def test_the_dealer_of_deal_k_comes_from_the_series(kind):
    _cls, _module, _rules, n = TABLES[kind]
    t = _table(kind, deals=5, seed=9, deal=False)
    t.game.set_first_dealer(n - 1)                      # the series says who deals first
    assert t.first_dealer == n - 1 and t.dealer == n - 1
    for k in range(3):
        t.new_deal(100 + k)
        assert t.state.dealer == t.game.dealer == t.dealer == (n - 1 + k) % n
        assert f"deal {k + 1}" in t.title.text
        _finish(t)
        _agree(t)
    assert [d.dealer for d in t.game.deals] == [(n - 1 + k) % n for k in range(3)]
    assert t.dealer == t.game.dealer == (n - 1 + 3) % n    # the next deal's dealer


@pytest.mark.parametrize("kind", TABLES)
def test_a_loaded_code_is_the_series_next_deal_and_the_rotation_goes_on(kind):
    t = _table(kind, seed=4, first_dealer=0)
    _finish(t)
    code = {"variety": "V-4821", "durak": "D-5"}[kind]
    assert t.load_code(code)
    assert len(t.game.deals) == 2 and t.game.state is t.state and t.deal_code == code
    _finish(t)
    _agree(t)
    assert len(t.game.scores) == 2
    t.new_deal(1)
    assert t.state.dealer == 2 % len(t.names)            # first dealer 0, two deals recorded


@pytest.mark.parametrize("kind", TABLES)
def test_the_same_deals_as_before_the_series(kind):
    """The series deals what the table dealt before it kept one: the seed's cards, the
    first dealer from the cut (or the first six) drawn with the first seed."""
    _cls, module, _rules, _n = TABLES[kind]
    t = _table(kind, seed=21)
    cut = (ad.first_dealer(21, t.rules)[0] if kind == "durak" else
           module.Game([None] * 4, rules=t.rules, seed=21).first_dealer)
    assert t.state.dealer == cut
    assert Replay(t.state).state_at(0).to_json() == module.new_deal(seed=21, dealer=cut, rules=t.rules).to_json()


def test_set_first_dealer():
    g = variety.Game([None] * 4, seed=1)
    g.set_first_dealer(2)
    assert g.first_dealer == 2 and g.cut == [] and g.dealer == 2
    assert g.new_deal(seed=3).dealer == 2
    with pytest.raises(StateError, match="before the first deal"):
        g.set_first_dealer(1)
    assert g.first_dealer == 2
    h = ad.Game([None, None], seed=1)
    for bad in (2, -1, True, 1.0, "1", None):
        with pytest.raises(CardkitError, match="first dealer"):
            h.set_first_dealer(bad)
    assert h.first_dealer == ad.first_dealer(1)[0]
    h.set_first_dealer(1, cut=[(0, "x")])
    assert h.cut == [(0, "x")]


def test_score_sheet_set_rows_shows_exactly_the_rows_given():
    from cardkit_widgets import ScoreSheet

    sheet = ScoreSheet(["A", "B"])
    sheet.add_row([5, -5], note="old")
    assert sheet.set_rows([[1, 2], [3, -4]], notes=["", "contract 8"]) is True
    assert sheet.rows == [[1, 2], [3, -4]] and sheet.labels == ["1", "2"] and sheet.totals == [4, -2]
    assert "contract 8" in sheet.table.value and "old" not in sheet.table.value
    html_before = sheet.table.value
    assert sheet.set_rows([[1, 2], [3, -4]], notes=["", "contract 8"]) is False   # nothing to redraw
    assert sheet.table.value == html_before
    for bad in ([[1, 2, 3]], [[1]]):
        with pytest.raises(CardkitError, match="one per player"):
            sheet.set_rows(bad)
    with pytest.raises(CardkitError, match="notes"):
        sheet.set_rows([[1, 2]], notes=["a", "b"])
    assert sheet.rows == [[1, 2], [3, -4]]                                        # unchanged
    sheet.set_rows([])
    assert sheet.rows == [] and "No deal finished yet" in sheet.table.value


@pytest.mark.parametrize("kind", TABLES)
def test_the_hints_used_stay_with_their_row_through_undo_and_a_new_game(kind):
    t = _table(kind, deals=2, seed=6)
    while not (t.state.phase == "play" and t.state.current_player == t.seat):
        assert t.act(t.state.legal_actions()[0]), t.last_error
    t.hint()
    _finish(t)
    assert t.scores.notes[-1].endswith("hint used"), t.scores.notes
    t.undo()                                   # the row leaves; the hint was used all the same
    assert t.scores.notes == []
    _finish(t)
    assert len(t.scores) == 1 and t.scores.notes[-1].endswith("hint used")
    t.new_deal()
    _finish(t)
    assert "hint" not in t.scores.notes[-1] and t.scores.notes[0].endswith("hint used")
    t.new_deal()                               # a new game: its sheet starts empty, no old notes
    _finish(t)
    assert len(t.scores) == 1 and "hint" not in t.scores.notes[0]
    _agree(t)


def test_the_durak_game_end_names_the_winner_in_words():
    """"you won by …" for the learner, the opponent's name otherwise; never "You" mid-sentence."""
    seen = set()
    for seed in range(12):
        t = _table("durak", deals=1, seed=seed)
        _finish(t)
        assert t.game_over
        w = t.game.winner()
        text = t.status_text
        if w is None:
            assert "a tie" in text
        elif w == t.seat:
            assert "you won by" in text and "You won" not in text
        else:
            name = t.names[w]
            name = name[0].lower() + name[1:] if name in ("You", "Your opponent") else name   # mid-sentence
            assert f"{name} won by" in text and "Your opponent won" not in text
        seen.add(w == t.seat)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_the_durak_sheet_notes_a_sweep_with_the_engines_bonus():
    """A row's note names a player who took every trick and the bonus the engine gives
    (RULES.md §3.4); a deal without a sweep has none."""
    t = _table("durak", deals=3, seed=4)
    _finish(t)
    st = t.game.deals[0]
    assert min(st.tricks_won(0), st.tricks_won(1)) > 0 and t._deal_note(st) == ""
    swept = st.clone()
    for trick in swept.tricks:          # as if the learner had taken every trick
        trick.winner = t.seat
    assert t._deal_note(swept) == f"{t.names[t.seat]} took every trick: +{ad.SWEEP_BONUS}"
