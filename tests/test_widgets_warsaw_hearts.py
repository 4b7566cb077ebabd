"""Warsaw Hearts widgets, headless (RULES.md §2): PenaltyTable, SettlementTable and the
WarsawHeartsTable dashboard. Every learner action is a ``Button.click()``."""

from __future__ import annotations

import pytest

from cardkit import parse_card, parse_cards
from cardkit.bots import Bot
from cardkit.games import warsaw_hearts as wh
from cardkit_widgets import PenaltyTable, SettlementTable, WarsawHeartsTable

K, Q, J = wh.HONOURS
# the three-player deal of test_warsaw_hearts.py: seat 0 takes K♥ Q♥ in trick 2, J♥ in 3
HANDS = ["AKQJT98..KQJ.J6", "6.AKJT9876..AT9", "7.Q.AT9876.KQ87"]
PLAY = ("AS 6S 7S QS KH QH KS JH 6D JS 6H 7D 6C AC 7C AH 8D TS TH 9D 9S 9H 8C 8S 8H TD JD "
        "7H QC QD 9C KC JC AD KD TC").split()


def scripted(n_cards=len(PLAY), rules=None):
    s = wh.new_deal(HANDS, players=3, dealer=2, rules=rules)
    for c in PLAY[:n_cards]:
        s.apply_action(c)
    return s


# ---- PenaltyTable ------------------------------------------------------------------------

def test_penalty_table_lists_the_schedule():
    t = PenaltyTable()
    for r in wh.PENALTY_SCHEDULE:
        assert r.text in t.text and str(r.penalty) in t.text
    assert "fig. 199" in t.text and "fig. 200" in t.text and "+20" in t.text
    # the readings in use, in words (no Python identifiers); the other reading when chosen
    assert "20 is the whole penalty (default)" in t.text and "at least one trick (default)" in t.text
    assert "double_honour_trick" not in t.text and "max" not in t.text
    other = PenaltyTable(rules=wh.Rules(double_honour_trick="additive", bonus_without_tricks=True))
    assert "plus an honour taken in another trick" in other.text and "no trick" in other.text
    assert "(default)" not in other.text


def test_penalty_table_marks_who_took_which_honour_in_which_trick():
    t = PenaltyTable(names=["Sergei", "Vitaly", "Petr"])
    t.show(scripted())
    assert t.places == {K: ("taken", 0, 2), Q: ("taken", 0, 2), J: ("taken", 0, 3)}
    assert t.marks[0] == ["Sergei −20"]                       # rule 1, two honours in one trick
    assert t.marks["none"] == ["Vitaly 0", "Petr 0"]               # the bonus goes on its own line
    assert t.marks["bonus"] == ["Petr +20"]
    assert "Sergei took it in trick 2" in t.text and "trick 3" in t.text


def test_penalty_table_mid_deal_open_trick_and_hands():
    t = PenaltyTable()
    t.show(scripted(5))                                        # A♠ 6♠ 7♠, then Q♠ K♥
    assert t.places[K] == ("open", 1, 2) and t.places[Q] is None
    assert "not played yet" in t.text and "on the table in trick 2" in t.text


def test_penalty_table_additive_variant():
    t = PenaltyTable()
    t.show(scripted(rules=wh.Rules(players=3, double_honour_trick="additive")))
    assert t.marks[0] == ["South −22"] and "20 plus the lone honour" in t.text
    assert "additive" not in t.text and "<code>" not in t.table.value   # the reading in words (issue 21)


@pytest.mark.parametrize("tricks, row, penalty", [
    (["KH 6S 7S", "QH 9C TC", "JH 6D 7D"], 1, 15),   # fig. 199
    (["KH QH 7S"], 0, 20),                           # fig. 200
    (["QH 6S 7S", "KH 9C TC"], 2, 10),
    (["JH 6S 7S"], 5, 2),
])
def test_penalty_table_exercise(tricks, row, penalty):
    t = PenaltyTable()
    a = t.show_tricks([parse_cards(x) for x in tricks], name="You")
    assert a.penalty == penalty and list(t.marks) == [row]
    assert f"penalty {penalty}" in t.text


# ---- SettlementTable --------------------------------------------------------------------

def test_penalty_table_clear_shows_the_schedule_alone():
    """An exercise waits for the learner: clear() takes back show_tricks' marks and line."""
    t = PenaltyTable()
    blank = t.table.value
    t.show_tricks([parse_cards("QH 9H 6S"), parse_cards("KH AS 7C")], name="You")
    assert t.marks and "penalty" in t.honours_line.value and t.table.value != blank
    t.clear()
    assert t.marks == {} and t.honours_line.value == "" and t.table.value == blank
    assert all(p is None for p in t.places.values())


def test_settlement_table_source_example():
    t = SettlementTable(["Sergei", "Vitaly", "Petr", "Maxim"])
    assert t.show([30, 25, 15, 10], [0, 0, 0, 0]) == [-40, 5, 15, 20]
    assert "Sergei pays Vitaly (30 − 25) + 0 = 5 chips" in t.text
    assert "Sergei pays Maxim (30 − 10) + 0 = 20 chips" in t.text
    t.show([30, 0, 10, 5], [0, 20, 0, 0])
    assert "Sergei pays Vitaly (30 − 0) + 20 = 50 chips" in t.text


def test_settlement_table_before_the_end_and_ties():
    t = SettlementTable()
    assert t.show([12, 29, 3], [0, 20, 0]) is None and "Nobody has reached 30" in t.text
    t.show([31, 31, 10], [0, 0, 20], names=["A", "B", "You"])
    assert t.chips == [-41, -41, 82] and "pay nobody among themselves" in t.text
    t.show([30, 5, 0], [0, 0, 0], names=["You", "Left", "Right"])
    assert "You pay Left" in t.text and "You lose." in t.text


# ---- the dashboard ------------------------------------------------------------------------

def click_legal(t: WarsawHeartsTable, pick=0) -> None:
    """Play one of the cards the table shows as legal, as the page does."""
    t.table.click(t.table.legal_cards[pick])
    assert t.last_error is None, t.last_error


def test_table_starts_at_the_learners_turn():
    for players in (3, 4):
        t = WarsawHeartsTable(seed=5, players=players)
        st = t.state
        assert st.current_player == 0 and not st.is_terminal()
        assert set(t.table.legal_cards) == set(st.legal_actions())
        assert sorted(map(str, t.table.hand_cards)) == sorted(map(str, st.hands[0]))
        assert len(st.hands[0]) == 36 // players  # the 36-card deck
        assert [s["count"] for s in t.table.state["seats"]] == [len(h) for h in st.hands]
        assert "Your turn" in t.status_text and "Варшавские червы" in t.title.value
        assert st.initial_hands == wh.new_deal(players=players, dealer=st.dealer, seed=5).initial_hands


def test_click_plays_and_bots_answer_then_undo():
    t = WarsawHeartsTable(seed=2, players=4)
    st = t.state
    n = len(st.history)
    card = t.table.legal_cards[-1]
    t.table.click(card)
    assert st.history[n] == card and card not in st.hands[0]
    assert st.current_player == 0 or st.is_terminal()
    assert card not in t.table.hand_cards and t.table.reason(card) is None
    t.undo_button.click()
    assert len(st.history) == n and card in st.hands[0] and "Undone" in t.status_text
    t.undo_button.click()
    assert "nothing to undo" in t.last_error


def test_refused_actions_are_one_line_and_change_nothing():
    t = WarsawHeartsTable(seed=1, players=3)
    st = t.state
    # play until the learner must follow suit while holding another suit
    for _ in range(12):
        legal = st.legal_actions()
        other = [c for c in st.hands[0] if c not in legal]
        if st.trick.cards and other:
            break
        click_legal(t)
    else:  # pragma: no cover
        pytest.skip("no follow-suit situation in this deal")
    before = st.to_json()
    assert t.act(other[0]) is False
    assert "must follow" in t.last_error and "\n" not in t.last_error
    assert t.act("2H") is False and "2♥" in t.last_error
    assert "must follow" in t.table.reason(other[0])  # the page says why before a click
    t.last_error = None
    t.table.click(other[0])     # an illegal card clicked: the engine's reason, in one line
    assert st.to_json() == before and "⚠" in t.status_text and "must follow" in t.last_error


def test_bad_seed_is_one_line():
    t = WarsawHeartsTable(seed=1)
    t.seed_box.value = -3
    t.new_deal_button.click()
    assert "-3" in t.last_error and t.deal_seed == 1


def test_new_deal_mid_deal_drops_it_and_same_seed_same_cards():
    t = WarsawHeartsTable(seed=4, players=3)
    dealer, hands = t.state.dealer, t.state.initial_hands
    click_legal(t)
    t.seed_box.value = 4
    t.new_deal_button.click()
    assert t.state.dealer == dealer and t.state.initial_hands == hands
    assert len(t.game.deals) == 1 and t.game.scores == []


def test_show_all_hands_and_last_trick():
    t = WarsawHeartsTable(seed=6, players=4)
    t.show_hands.value = True
    assert t.show_hands.description == "Show all hands: on"
    assert {s["seat"] for s in t.table.state["seats"] if s["hand"]} == {1, 2, 3}
    click_legal(t)
    t.last_trick.value = True
    assert t.table.state["trick"]["last"] is True


def test_a_whole_game_to_thirty_and_the_settlement():
    t = WarsawHeartsTable(seed=7, players=4)
    first_game = t.game
    deals = 0
    while not t.game_over:
        if t.state.is_terminal():
            t.new_deal_button.click()
            deals += 1
        else:
            click_legal(t)
        assert deals < 40
    g = t.game
    assert max(g.penalty_totals) >= 30
    assert t.penalty_sheet.rows == [list(r) for r in g.penalty_rows]   # positive, as the settlement (issue 21)
    assert t.bonus_sheet.rows == g.bonus_rows
    assert t.settlement.chips == wh.settle(g.penalty_totals, g.bonus_totals) and sum(t.settlement.chips) == 0
    assert "The game is over" in t.status_text
    # undo after the end takes the last deal's row back
    rows = len(g.scores)
    t.undo_button.click()
    assert len(g.scores) == rows - 1 and len(t.penalty_sheet) == rows - 1
    click_legal(t)
    while not t.state.is_terminal():
        click_legal(t)
    assert len(g.scores) == rows
    # the next New deal starts a new game
    t.new_deal_button.click()
    assert t.game is not first_game and len(t.penalty_sheet) == 0 and t.settlement.chips is None


class SpyBot(Bot):
    """A RuleBot that records what it was given."""

    def __init__(self):
        super().__init__(0)
        self.inner = wh.RuleBot(0)
        self.seen = []

    def act(self, obs):
        self.seen.append(obs)
        return self.inner.act(obs)


def test_bots_get_observations_only():
    spies = {1: SpyBot(), 2: SpyBot()}
    t = WarsawHeartsTable(seed=3, players=3, bots=spies)
    while not t.state.is_terminal():
        click_legal(t)
    seen = spies[1].seen + spies[2].seen
    assert seen and all(type(o) is wh.Observation for o in seen)
    assert all(o.seat in (1, 2) and len(o.hand) == o.hand_sizes[o.seat] for o in seen)


def test_the_players_choice_starts_a_game_with_that_many_seats():
    t = WarsawHeartsTable(seed=1)
    assert t.players_choice.value == 4 and len(t.state.hands[t.seat]) + len(t.state.history) // 4 >= 9
    t.players_choice.value = 3
    assert t.rules.players == 3 and t.state.players == 3 and t.last_error is None
    assert len(t.state.initial_hands[0]) == 12 and t.deal_code.endswith("-P3")
    assert t.names == ["You", "West", "East"] and t.table.state["players"] == 3
    assert [(s["name"], s["pos"]) for s in t.table.state["seats"]] == [("You", "bottom"), ("West", "left"),
                                                                       ("East", "right")]
    assert len(t.penalty_sheet.names) == 3 and len(t.bonus_sheet.names) == 3
    t.table.press("players_choice", 1)  # the page's choice: its second option, 4 players
    assert t.players_choice.value == 4
    assert t.state.players == 4 and len(t.state.initial_hands[0]) == 9
    assert WarsawHeartsTable.from_query("deal=W-17-P3").players_choice.value == 3


def test_the_penalty_table_puts_a_bonus_on_the_bonus_line_only():
    t = WarsawHeartsTable(seed=1)
    while not t.state.is_terminal():
        t.act(t.state.legal_actions()[0])
    for key, who in t.penalty_table.marks.items():
        if key != "bonus":
            assert not any("+" in w for w in who), (key, who)
    bon = t.state.bonuses()
    assert len(t.penalty_table.marks.get("bonus", [])) == sum(1 for b in bon if b)
