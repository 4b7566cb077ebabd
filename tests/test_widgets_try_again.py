"""Try it again (issue 33): a review item's decision played another way, headless.

A review item's ``Try it again`` takes the table back to the moment before that decision
(the same cards, the same actions up to there), as practice: nothing is recorded, one
line says so, and once the deal is over the status line compares the results."""

from __future__ import annotations

import pytest
from test_lesson_text import findings

from cardkit.analysis.judge import outcome
from cardkit.wording import signed
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

TABLES = {"variety": (VarietyTable, {}), "warsaw_hearts": (WarsawHeartsTable, {}),
          "armenian_durak": (DurakTable, {"first_dealer": 1})}


def _play_out(t, pick=0) -> None:
    """The learner plays to the end of the deal: each time the ``pick``-th legal action."""
    for _ in range(200):
        st = t.state
        if st.is_terminal():
            return
        legal = st.legal_actions()
        assert t.act(legal[pick % len(legal)] if pick >= 0 else legal[-1]), t.last_error
    raise AssertionError("the deal did not end")


def _rows(t):
    g = t.game
    return [list(r) for r in g.scores], len(g.deals)


@pytest.mark.parametrize("game", list(TABLES))
def test_try_it_again_from_a_review_item(game):
    cls, kw = TABLES[game]
    t = cls(seed=1, **kw)
    _play_out(t)
    first = t.state
    first_history = list(first.history)
    first_result = outcome(first, t.seat)
    rows = _rows(t)
    t.review_button.click()
    items = t.review_list.options
    assert items, t.status_text   # deal 1 played this way has decisions that cost points
    page = t.table.state["controls"]
    assert page["review_list"]["again"] == "review_again"
    again = page["review_again"]
    assert not again["hidden"] and [o[0] for o in again["options"]] == [
        f"Try it again: {label.split(':')[0]}" for label, _ in items]
    index = items[0][1]
    t.table.press("review_again", 0)          # the page's Try it again beside the first item
    assert t.last_error is None, t.last_error
    st = t.state
    assert st is not first and not st.is_terminal()
    assert list(st.history) == first_history[:index] and st.current_player == t.seat
    assert "Practice" in t.status_text and "not scored" in t.status_text
    assert t.game.state is first and list(first.history) == first_history   # the game's deal as played
    # another way: the last legal action each time
    _play_out(t, pick=-1)
    assert t.state.is_terminal() and _rows(t) == rows    # nothing recorded, nothing taken back
    this = outcome(t.state, t.seat)
    assert f"this time {signed(this)}, first time {signed(first_result)}" in t.status_text, t.status_text
    texts = [("status", t.status_text)] + [("again", o[0]) for o in again["options"]]
    assert not findings(texts), findings(texts)
    # How did I do? judges the try; New deal ends it, the game's rows as they were
    t.review_button.click()
    assert t.review_verdicts is not None and "this time" in t.status_text
    t.table.press("new_deal_button")
    assert t.last_error is None and not t.again.on and _rows(t)[0] == rows[0]
    assert "this time" not in t.status_text


def test_try_again_is_refused_in_words_and_changes_nothing():
    t = WarsawHeartsTable(seed=1)
    t.again.control.options = [("Try it again: Trick 1", 0)]
    history = list(t.state.history)
    t.table.send_action({"kind": "control", "name": "review_again", "value": 0})   # hidden: ignored
    assert list(t.state.history) == history and t.last_error is None and not t.again.on
    t._safely(t.again.start, 0)                # the deal is not over
    assert "finished deal" in t.last_error and not t.again.on
    _play_out(t)
    for bad in (-1, 1, 10**6, "4", 2.5, None, True):
        t._safely(t.again.start, bad)
        assert "not one of your decisions" in t.last_error, (bad, t.last_error)
        assert not t.again.on and t.state.is_terminal()


def test_undo_in_a_try_leaves_the_recorded_row_and_works_in_a_scored_game():
    t = DurakTable(seed=1, first_dealer=1, practice=False)
    _play_out(t)
    rows = _rows(t)
    assert t.undo_button.disabled and not t.new_deal_button.disabled
    decisions = t.judge.decisions(t.state)
    t.again.start(decisions[3])
    assert not t.undo_button.disabled        # practice in a scored game: undo back to earlier decisions
    assert not t.new_deal_button.disabled    # nothing to drop: New deal ends the try
    _play_out(t)
    t.table.press("undo_button")             # undo after the try's end: nothing to take back from the game
    assert t.last_error is None and not t.state.is_terminal()
    assert _rows(t) == rows
    _play_out(t)
    assert _rows(t) == rows and "first time" in t.status_text
    t.table.press("new_deal_button")
    assert t.last_error is None and len(t.game.deals) == rows[1] + 1


def test_the_download_is_the_deal_as_recorded_not_a_try():
    """Download this deal saves the deal as the game recorded it: a try is practice, and a
    learner could otherwise hand in a better try as the deal played."""
    t = WarsawHeartsTable(seed=1, practice=False)
    _play_out(t)
    first = t.played_deal_text()
    link = t.download_link.value
    t.again.start(t.judge.decisions(t.state)[0])
    _play_out(t, pick=-1)
    assert t.state.history != t.game.state.history
    assert t.played_deal_text() == first and t.download_link.value == link


def test_try_again_from_a_try_keeps_the_first_result():
    t = VarietyTable(seed=1)
    _play_out(t)
    first_result = outcome(t.state, t.seat)
    decisions = t.judge.decisions(t.state)
    t.again.start(decisions[-1])
    _play_out(t, pick=-1)
    t.again.start(t.judge.decisions(t.state)[0])
    assert t.state.history == t.game.state.history[:t.judge.decisions(t.game.state)[0]]
    _play_out(t)
    assert f"first time {signed(first_result)}" in t.status_text


def test_variety_comparison_says_what_its_figures_are():
    """The comparison line's figures are each side's score (outcome: a declarer's score
    minus a defender's); beside it the status line gives the declarers' and defenders'
    trick points ("declarers −5, defenders +5") and "Your score this deal". Seen on the
    page: "this time −10, first time −20 (your side's margin)" under "declarers 0,
    defenders 0 … Your score this deal: 0". The unit says what is subtracted."""
    t = VarietyTable(seed=1)
    _play_out(t)
    first = t.state
    t.review_button.click()
    assert t.review_list.options
    t.table.press("review_again", 0)
    _play_out(t, pick=-1)
    st = t.state
    r = st.returns()
    opponent = next(s for s in range(4) if (s in st.declarers) != (t.seat in st.declarers))
    assert outcome(st, t.seat) == r[t.seat] - r[opponent]
    assert outcome(first, t.seat) == first.returns()[t.seat] - first.returns()[opponent]
    assert "(your side's margin: your score this deal minus an opponent's)" in t.status_text, t.status_text
    assert f"Your score this deal: {signed(r[t.seat])}" in t.status_text or \
        f"Your score this deal: {r[t.seat]}" in t.status_text, t.status_text
