"""The play dashboard composed of parts (issue 30): the Hint and How did I do?, the replay, the
exact values, deal codes, the bots' choice, the looks, what the table shows and the score notes
are objects of their own, each holding its state; the dashboard's names reach them and behave as
they did (an attribute stays settable, a property read-only, a method may be shadowed)."""

from __future__ import annotations

import pytest

from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets._appearance import Appearance
from cardkit_widgets._bot_choice import BotChoice
from cardkit_widgets._deal_codes import DealCodes
from cardkit_widgets._exact import Exact
from cardkit_widgets._judge import Judge
from cardkit_widgets._replayer import Replayer
from cardkit_widgets._score_notes import ScoreNotes
from cardkit_widgets._showing import Showing

PARTS = {"judge": Judge, "replayer": Replayer, "exact": Exact, "codes": DealCodes, "bot_choice": BotChoice,
         "appearance": Appearance, "showing": Showing, "score_notes": ScoreNotes}
#: state the dashboard kept itself before issue 30, now its parts'
MOVED_STATE = ("_hinted", "_hint_cache", "_evaluations", "_pointed", "_verdicts", "_verdicts_key", "_syncing",
               "_exact", "_loaded_code", "_page_code_key", "_page_code_value", "_notes_game", "_deal_notes")


def _to_a_choice(t) -> None:
    for _ in range(80):
        st, ct = t.state, t.table
        if st.phase == "play" and st.current_player == t.seat and len(ct.legal_cards) >= 2:
            return
        if isinstance(t, VarietyTable) and ct.enabled_bids:
            ct.bid(ct.enabled_bids[-1])
        elif isinstance(t, DurakTable) and ct.enabled_trump_picks:
            ct.pick_trump(0)
        elif isinstance(t, DurakTable) and ct.enabled_draws:
            ct.choose_draw(None)
        else:
            ct.click(ct.legal_cards[0])
    pytest.fail("never a choice of two cards")


@pytest.mark.parametrize("cls, seed", [(VarietyTable, 4), (WarsawHeartsTable, 2), (DurakTable, 6)])
def test_each_part_holds_its_own_state_and_the_dashboard_none_of_it(cls, seed):
    t = cls(seed=seed)
    for name, kind in PARTS.items():
        part = getattr(t, name)
        assert isinstance(part, kind) and part.table is t
    _to_a_choice(t)
    t.hint()
    assert len(t.judge.hinted) == 1 == t.hints_used and t.judge.hint_text == t.hint_text
    t.show_all_hands = True
    assert t.exact.cache and t.exact_note   # worked out, or over its bound (Armenian Durak early in a deal)
    t.open_replay()
    assert t.replayer.replay is t.replay is not None and t.replay_lines == t.replayer.lines
    assert t.load_code(t.deal_code) and t.codes.loaded == t.deal_code
    # the controls are the parts' own, drawn by the card table under their old names
    assert t.hint_button is t.judge.hint_button and t.replay_button is t.replayer.button
    assert t.bots_choice is t.bot_choice.control and t.size_toggle is t.appearance.size_toggle
    assert t.show_hands is t.showing.show_hands and t.code_box is t.codes.code_box
    assert not [n for n in MOVED_STATE if n in t.__dict__]


def test_the_dashboards_names_behave_as_they_did():
    t = VarietyTable(seed=4)
    t.hint_text = "mine"                  # an attribute before: still settable, now the judge's
    assert t.judge.hint_text == "mine"
    t.replay = None
    t.review_verdicts = []
    assert t.judge.review_verdicts == []
    for name in ("hints_used", "exact_values", "exact_note", "replay_lines", "bot_level", "dealer"):
        with pytest.raises(AttributeError):   # a property before: still read-only
            setattr(t, name, 1)
    t.review_deal = lambda: ["shadowed"]   # a method before: an instance may still shadow it
    assert t.review_deal() == ["shadowed"] and VarietyTable(seed=4).review_deal is not t.review_deal
    assert t.set_bots.__self__ is t.bot_choice   # a method reached through the dashboard is the part's
