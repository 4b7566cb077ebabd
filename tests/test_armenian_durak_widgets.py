"""Armenian Durak widgets, headless: TableauView, DrawChooser, TrumpPicker, DurakTable.

The controls' learner actions are ``Button.click()`` on an enabled button, as in the
browser; the dashboard's go through its card table as the page sends them."""

from __future__ import annotations

import pytest

from cardkit import Card
from cardkit.games import armenian_durak as ad
from cardkit_widgets import DrawChooser, DurakTable, TableauView, TrumpPicker
from cardkit_widgets.card_table import card_json


def _learner_clickables(t: DurakTable) -> list:
    """Every action the card table lets the learner take now, as actions."""
    out = [ad.PickTrump(i) for i in t.table.enabled_trump_picks]
    out += [ad.Draw(i) for i in t.table.enabled_draws]
    out += t.table.legal_cards
    return out


def _click(t: DurakTable, action) -> None:
    if isinstance(action, ad.PickTrump):
        t.table.pick_trump(action.index)
    elif isinstance(action, ad.Draw):
        t.table.choose_draw(action.stack)
    else:
        t.table.click(action)


def _my_stacks(t: DurakTable) -> list[dict]:
    return t.table.seat(t.seat)["tableau"]


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
        r = st.returns()
        assert f"you {r[0]} points, your opponent {r[1]}." in t.status_text   # mid-sentence: lower case
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
    assert _my_stacks(t)[2]["down"] == 1 and _my_stacks(t)[2]["down_card"] is None  # a back, not named
    assert card in t.table.legal_cards  # leading: a face-up card may be played
    t.table.click(card)
    assert t.last_error is None
    assert st.history[-2] == card or card in st.tricks[0].cards
    assert _my_stacks(t)[2]["up"] == card_json(below)
    assert _my_stacks(t)[2]["down"] == 0


def test_draw_chooser_after_a_hand_card():
    t = DurakTable(seed=11, first_dealer=1)
    _click(t, ad.PickTrump(0))
    st = t.state
    card = next(c for c in t.table.legal_cards if c in st.hands[0])
    t.table.click(card)
    assert st.phase == "draw" and st.current_player == 0
    assert t.table.enabled_draws == [0, 1, 2, 3, 4, 5, None]
    assert t.table.legal_cards == []
    assert all("draw" in t.table.reason(c) for c in st.hands[0])
    hidden = st.down[0][4]
    t.table.choose_draw(4)
    assert hidden in st.hands[0] and hidden in t.table.hand_cards
    assert t.table.enabled_draws == [] and (t.table.state["panel"] or {}).get("kind") != "draw"
    assert "stack 5" in t.status_text or "Your turn" in t.status_text


def test_trump_picker_shows_the_card_drawn_and_the_bot_picks_when_it_is_its_turn():
    t = DurakTable(seed=4, first_dealer=1)
    assert t.state.phase == "trump" and t.table.enabled_trump_picks == list(range(6))
    fan = t.state.fan
    t.table.pick_trump(3)
    assert t.state.trump_card == fan[3]
    assert fan[3].label in t.table.state["caption"] and fan[3].label in t.status_text
    assert t.table.state["trump"]["suit"] == fan[3].suit.letter
    t2 = DurakTable(seed=4, first_dealer=0)  # the bot draws from the learner's hand, then leads
    assert t2.state.phase in ("play", "draw") and t2.state.trump is not None
    assert t2.table.enabled_trump_picks == []
    assert t2.state.trump_card.label in t2.table.state["caption"]  # which card the bot drew
    p = TrumpPicker(14)
    assert len(p.buttons) == 14


def test_refused_action_is_one_line_and_changes_nothing():
    t = DurakTable(seed=11, first_dealer=1)
    _click(t, ad.PickTrump(0))
    st = t.state
    before = st.to_json()
    assert not t.act(st.down[0][0])  # a face-down card
    assert "face down" in t.status_text and "Traceback" not in t.status.value
    assert t.table.reason(st.down[0][0]) is None  # not shown as a card that could be clicked
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
    assert t.last_error and "deal number" in t.last_error and t.deal_seed == 8


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


def test_the_hand_shows_only_the_held_cards_and_the_tableau_its_face_up_cards():
    t = DurakTable(seed=5)
    for _ in range(10):
        st = t.state
        if st.is_terminal():
            break
        la = st.legal_actions()
        ups = [a for a in la if isinstance(a, Card) and a not in st.hands[t.seat]]
        t.act(ups[0] if st.phase == "play" and ups else la[0])
        obs = t.state.observation(t.seat)
        assert sorted(map(str, t.table.hand_cards)) == sorted(map(str, obs.hand))
        shown = [s["up"]["id"] if s["up"] else None for s in _my_stacks(t)]
        assert shown == [card_json(c)["id"] if c is not None else None for c in obs.face_up[t.seat]]
        theirs = t.table.seat(1 - t.seat)
        assert theirs["count"] == obs.hand_sizes[1 - t.seat] and theirs["hand"] is None


def test_the_trump_draw_speaks_to_the_learner_in_the_second_person():
    t = DurakTable(seed=1, first_dealer=1)           # the bot deals: the learner draws the trump
    assert t.state.phase == "trump"
    assert "First the trump must be drawn" in t.table.state["panel"]["prompt"]
    assert "you draw one card" in t.table.state["panel"]["prompt"]
    assert t.table.seat(t.seat)["turn"] == "to draw the trump"
    assert t.table.seat(1 - t.seat)["turn"] == ""
    t.act(t.state.legal_actions()[0])
    assert "you drew" in t.table.state["caption"] and "You's" not in t.table.state["caption"]
    t2 = DurakTable(seed=1, first_dealer=0)          # the learner deals
    assert "your hand" in t2.table.state["caption"] and "You's" not in t2.table.state["caption"]
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
