"""Armenian Durak widgets, headless: TableauView, DrawChooser, TrumpPicker, DurakTable.

Every learner action is a ``Button.click()`` on an enabled button, as in the browser."""

from __future__ import annotations

import pytest

from cardkit import Card
from cardkit.games import armenian_durak as ad
from cardkit_widgets import DrawChooser, DurakTable, TableauView, TrumpPicker


def _learner_clickables(t: DurakTable) -> list:
    """Every action the learner can click now, as actions."""
    out = [ad.PickTrump(i) for i in t.trump_picker.enabled]
    out += [ad.Draw(i) for i in t.draw_chooser.enabled]
    out += t.hand.enabled_cards + t.my_tableau.enabled_cards
    return out


def _click(t: DurakTable, action) -> None:
    if isinstance(action, ad.PickTrump):
        t.trump_picker.buttons[action.index].click()
    elif isinstance(action, ad.Draw):
        t.draw_chooser.buttons[action.stack].click()
    elif action in t.hand.enabled_cards:
        t.hand.buttons[action].click()
    else:
        t.my_tableau.click(action)


def test_enabled_buttons_are_exactly_the_legal_actions_through_a_whole_deal():
    for seed in (1, 2, 3):
        t = DurakTable(seed=seed)
        st = t.state
        steps = 0
        while not st.is_terminal():
            assert st.current_player == t.seat
            legal = st.legal_actions()
            clickable = _learner_clickables(t)
            assert sorted(map(str, clickable)) == sorted(map(str, legal))
            n = len(st.history)
            _click(t, clickable[steps % len(clickable)])
            assert t.last_error is None, t.last_error
            assert len(st.history) > n  # the click was applied
            steps += 1
        assert len(st.tricks) == 18 and len(t.scores) == 1
        assert t.scores.rows[0] == st.returns()
        assert "Deal over" in t.status_text
        assert _learner_clickables(t) == []


def test_tableau_view_shows_face_up_cards_and_counts_only():
    s = ad.new_deal(seed=5, trump="H", dealer=1)  # seat 0 leads
    v = TableauView()
    v.show(s, 1, viewer=0)  # the opponent's tableau, seen by seat 0
    assert [b.description for b in v.buttons] == [str(c) for c in s.up[1]]
    assert all(b.disabled for b in v.buttons)
    assert all("1 below" in lab.value for lab in v.below)
    for d in s.down[1]:  # no face-down card is named anywhere
        assert str(d) not in v.caption.value and all(str(d) not in lab.value for lab in v.below)
    mine = TableauView()
    mine.show(s, 0)
    assert set(mine.enabled_cards) == set(s.up[0])  # leading: every face-up card is legal
    clicked = []
    mine.on_play(clicked.append)
    mine.click(s.up[0][3])
    assert clicked == [s.up[0][3]]
    with pytest.raises(ValueError):
        mine.click(s.down[0][0])


def test_playing_a_face_up_card_turns_up_the_card_below_in_the_view():
    t = DurakTable(seed=11, first_dealer=1)  # the learner (seat 0) draws trumps and leads
    _click(t, ad.PickTrump(0))
    st = t.state
    assert st.current_player == 0 and st.phase == "play"
    card, below = st.up[0][2], st.down[0][2]
    t.my_tableau.click(card)
    assert t.last_error is None
    assert st.history[-2] == card or card in st.tricks[0].cards
    assert t.my_tableau.buttons[2].description == str(below)
    assert "nothing below" in t.my_tableau.below[2].value


def test_draw_chooser_after_a_hand_card():
    t = DurakTable(seed=11, first_dealer=1)
    _click(t, ad.PickTrump(0))
    st = t.state
    card = t.hand.enabled_cards[0]
    t.hand.buttons[card].click()
    assert st.phase == "draw" and st.current_player == 0
    assert t.draw_chooser.enabled == [0, 1, 2, 3, 4, 5, None]
    assert t.hand.enabled_cards == [] and t.my_tableau.enabled_cards == []
    hidden = st.down[0][4]
    t.draw_chooser.buttons[4].click()
    assert hidden in st.hands[0] and t.hand.status_of(hidden) in ("legal", "held")
    assert t.draw_chooser.enabled == [] and t.draw_chooser.layout.display == "none"
    assert "stack 5" in t.status_text or "Your turn" in t.status_text


def test_trump_picker_shows_the_card_drawn_and_the_bot_picks_when_it_is_its_turn():
    t = DurakTable(seed=4, first_dealer=1)
    assert t.state.phase == "trump" and t.trump_picker.enabled == list(range(6))
    fan = t.state.fan
    t.trump_picker.buttons[3].click()
    assert t.state.trump_card == fan[3]
    assert str(fan[3]) in t.trump_picker.prompt.value
    t2 = DurakTable(seed=4, first_dealer=0)  # the bot draws from the learner's hand, then leads
    assert t2.state.phase in ("play", "draw") and t2.state.trump is not None
    assert t2.trump_picker.enabled == []
    p = TrumpPicker(14)
    assert len(p.buttons) == 14


def test_refused_action_is_one_line_and_changes_nothing():
    t = DurakTable(seed=11, first_dealer=1)
    _click(t, ad.PickTrump(0))
    st = t.state
    before = st.to_json()
    assert not t.act(st.down[0][0])  # a face-down card
    assert "face down" in t.status_text and "Traceback" not in t.status.value
    assert "\n" not in t.last_error and st.to_json() == before
    assert not t.act("draw 2")
    assert st.to_json() == before and t.last_error


def test_undo_and_new_deal_with_the_seed_box():
    t = DurakTable(seed=7, first_dealer=1)
    first = t.state.to_json()
    t.undo_button.click()
    assert "nothing to undo" in t.status_text
    _click(t, ad.PickTrump(2))
    _click(t, _learner_clickables(t)[0])
    t.undo_button.click()
    t.undo_button.click()
    assert t.state.to_json() == first and t.last_error is None
    assert t.seed_box.value == 8
    t.new_deal_button.click()
    assert t.deal_seed == 8 and t.state.to_json() == ad.new_deal(seed=8, dealer=1).to_json()
    t.seed_box.value = -3
    t.new_deal_button.click()
    assert t.last_error and "seed" in t.last_error and t.deal_seed == 8


def test_a_game_to_250_on_the_score_sheet_with_alternating_dealers():
    t = DurakTable(seed=20)
    dealers = []
    while not t.game_over:
        dealers.append(t.state.dealer)
        st = t.state
        while not st.is_terminal():
            n = len(st.history)
            _click(t, _learner_clickables(t)[0])
            assert len(st.history) > n, t.last_error
        assert t.last_error is None
        t.new_deal_button.click() if not t.game_over else None
    assert dealers == [(t.first_dealer + i) % 2 for i in range(len(dealers))]
    totals = t.scores.totals
    assert max(totals) >= 250 and totals[0] != totals[1]
    assert "The game is over" in t.status_text and str(abs(totals[0] - totals[1])) in t.status_text
    t.new_deal_button.click()
    assert len(t.scores) == 0  # a new game


def test_draw_chooser_alone():
    got = []
    d = DrawChooser(on_choose=got.append)
    d.update([ad.Draw(1), ad.Draw(None)])
    assert d.enabled == [1, None]
    d.buttons[1].click()
    d.buttons[None].click()
    assert got == [ad.Draw(1), ad.Draw(None)]


def test_cards_played_from_the_tableau_are_not_struck_through_in_the_hand():
    t = DurakTable(seed=5)
    hand_played = []
    for _ in range(10):
        st = t.state
        if st.is_terminal():
            break
        la = st.legal_actions()
        ups = [a for a in la if isinstance(a, Card) and a not in st.hands[t.seat]]
        if st.phase == "play" and ups:
            t.act(ups[0])
        else:
            if st.phase == "play" and isinstance(la[0], Card):
                hand_played.append(la[0])
            t.act(la[0])
    from_tableau = t._played_from_tableau(t.state)
    assert from_tableau, "no tableau card was played"
    struck = [c for c in t.hand.buttons if t.hand.status_of(c) == "played"]
    assert not set(struck) & set(from_tableau)
    assert set(hand_played) <= set(struck)
    assert "Played from your tableau" in t.my_tableau.caption.value


def test_the_trump_draw_speaks_to_the_learner_in_the_second_person():
    t = DurakTable(seed=1, first_dealer=1)           # the bot deals: the learner draws the trump
    assert t.state.phase == "trump"
    assert "First the trump must be drawn" in t.trump_picker.prompt.value
    assert "▶ to draw the trump" in t.trick_table.cells[t.seat].value
    assert "to play" not in t.trick_table.cells[t.seat].value
    t.act(t.state.legal_actions()[0])
    assert "you drew" in t.trump_picker.prompt.value and "You's" not in t.trump_picker.prompt.value
    t2 = DurakTable(seed=1, first_dealer=0)          # the learner deals
    assert "your hand" in t2.trump_picker.prompt.value and "You's" not in t2.trump_picker.prompt.value
    assert "you deal" in t2.status_text and "You deals" not in t2.status_text


def test_clicks_on_disabled_durak_buttons_do_nothing():
    """As in a browser: a disabled tableau card, draw choice or fan card fires no callback."""
    from cardkit_widgets import DrawChooser, TableauView, TrumpPicker

    got = []
    tv, dc, tp = TableauView(on_play=got.append), DrawChooser(on_choose=got.append), TrumpPicker(on_pick=got.append)
    for control in (tv, dc, tp):
        buttons = control.buttons.values() if isinstance(control.buttons, dict) else control.buttons
        for b in buttons:
            b.disabled = True
            b.click()
    assert got == []
    tp.buttons[2].disabled = False
    tp.buttons[2].click()
    assert [a.index for a in got] == [2]
