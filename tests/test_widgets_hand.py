"""HandTable: a fixed grid of card buttons drawn as one widget, redrawn in place (headless
widget tests)."""

from __future__ import annotations

import pytest

import ipywidgets as W

from cardkit import Card, CardkitError, Rank, Suit, deck, parse_card, parse_cards
from cardkit.games import variety, warsaw_hearts
from cardkit_widgets import HandTable
from cardkit_widgets.hand import HAND_CSS


def _grid_rows(table: HandTable):
    return [[table.buttons[Card(suit, rank)] for rank in table.ranks] for suit in Suit]


def _bold_underlined(b) -> bool:
    return "ck-legal" in b.classes and "ck-played" not in b.classes


def _struck_through(b) -> bool:
    return "ck-played" in b.classes and "ck-legal" not in b.classes


def test_the_state_classes_carry_the_text_styles():
    """Legal: bold and underlined; played: italic and struck through (the style sheet
    the widget sends with itself); held and absent: neither."""
    css = " ".join(HAND_CSS.split())
    assert ".ck-card.ck-legal { font-weight: bold; text-decoration: underline; }" in css
    assert ".ck-card.ck-played { font-style: italic; text-decoration: line-through; }" in css
    assert HAND_CSS in HandTable()._css


@pytest.mark.parametrize("size, columns, low", [(52, 13, "2"), (36, 9, "6")])
def test_grid_has_a_row_per_suit_and_a_column_per_rank(size, columns, low):
    table = HandTable(size)
    rows = _grid_rows(table)
    assert len(rows) == 4
    assert all(len(r) == columns for r in rows)
    # every button shows its card, e.g. "Q♥" (the ten "10♥")
    assert [b.description for b in rows[1]][0] == "A♥"
    assert [b.description for b in rows[1]][-1] == low + "♥"
    assert sorted(table.buttons) == sorted(deck(size))
    assert all(b.description == str(c).replace("T", "10") for c, b in table.buttons.items())
    assert all(b.disabled for b in table.buttons.values())


def test_the_ten_is_written_10_and_every_card_has_its_name_in_words():
    table = HandTable(52)
    table.update(parse_cards("TH 9H"), legal=parse_cards("TH"))
    assert table.buttons[parse_card("TH")].description == "10♥"
    assert ">10♥</button>" in table.html and "T♥</button>" not in table.html
    assert 'aria-label="ten of hearts"' in table.html and 'aria-label="nine of hearts"' in table.html
    assert table.html.count("aria-label=") >= 52            # one per card (and the rows' groups)


def test_a_hand_is_one_widget_model_and_its_layout():
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    table = HandTable(52)
    table.update(parse_cards("AS QH 7H"), legal=parse_cards("QH"))
    made = set(_instances) - before
    assert len(made) <= 2, sorted(_instances[m]._model_name for m in made)   # issue 19: it was about 230
    assert not isinstance(table, W.Box)


def test_unknown_deck_size_is_refused():
    with pytest.raises(CardkitError, match="40"):
        HandTable(40)


def test_update_marks_legal_held_played_and_absent_in_text_not_colour_alone():
    table = HandTable(52)
    hand = parse_cards("AS QH 7H 2C")
    table.update(hand, legal=parse_cards("QH 7H"), played=parse_cards("KD"), reason="must follow ♥")
    q, seven, ace, two, kd, absent = (table.buttons[parse_card(x)] for x in ("QH", "7H", "AS", "2C", "KD", "5S"))
    for b in (q, seven):
        assert not b.disabled
        assert "legal" in b.tooltip
        assert _bold_underlined(b)
    for b in (ace, two):
        assert b.disabled and b.tooltip.endswith("must follow ♥")
        assert not _bold_underlined(b) and not _struck_through(b)
    assert kd.disabled and "played" in kd.tooltip and _struck_through(kd)
    assert not kd.hidden
    assert absent.disabled and absent.hidden and "visibility:hidden" in absent.style
    assert table.legal_cards == parse_cards("QH 7H") == table.enabled_cards
    assert table.status_of(parse_card("KD")) == "played"
    assert "Q♥" in table.caption and "7♥" in table.caption


def test_legal_cards_outside_the_hand_are_ignored():
    table = HandTable(52)
    table.update(parse_cards("AS"), legal=parse_cards("AS KS"))
    assert table.enabled_cards == [parse_card("AS")]
    assert table.buttons[parse_card("KS")].disabled


def test_a_click_calls_the_callbacks_with_the_card():
    got = []
    table = HandTable(52, on_play=got.append)
    table.update(parse_cards("AS QH"), legal=parse_cards("QH"))
    table.click("QH")
    table.buttons[parse_card("AS")].click()  # disabled: ignored (a browser cannot click it)
    assert got == [parse_card("QH")]
    table.update(parse_cards("AS QH"), legal=parse_cards("AS QH"))
    table.buttons[parse_card("AS")].click()
    assert got == [parse_card("QH"), parse_card("AS")]
    table.on_play(got.append, remove=True)
    table.click("QH")
    assert len(got) == 2


def test_update_redraws_the_same_widget_in_one_message():
    sent = []
    table = HandTable(52)
    table.observe(lambda change: sent.append(change["name"]), names="html")
    table.update(parse_cards("AS QH"), legal=parse_cards("QH"))
    table.update(parse_cards("KC"), legal=parse_cards("KC"), played=parse_cards("QH"))
    assert sent == ["html", "html"]
    assert table.status_of(parse_card("QH")) == "played" and table.enabled_cards == [parse_card("KC")]


def _variety_in_play(seed: int):
    state = variety.new_deal(seed=seed, dealer=3)
    for bid in (1, 2, 3, 1):  # seat 0 bids 1, seat 3 repeats it: contract 1
        state.apply_action(bid)
    return state


def test_show_follows_the_state_legal_actions_when_a_suit_must_be_followed():
    for seed in range(50):
        state = _variety_in_play(seed)
        leader = state.current_player
        state.apply_action(state.legal_actions()[0])
        seat = state.current_player
        led = state.trick.cards[0].suit
        legal = state.legal_actions()
        if len(legal) < len(state.hands[seat]):
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 50 where the second player must follow suit")
    table = HandTable(52)
    table.show(state, seat)
    assert set(table.enabled_cards) == set(legal)
    assert all(c.suit == led for c in table.enabled_cards)
    refused = [c for c in state.hands[seat] if c not in legal]
    assert refused and all(table.buttons[c].disabled for c in refused)
    assert all(table.buttons[c].tooltip.endswith(f"must follow {led.symbol}") for c in refused)
    # the leader's hand: nothing enabled, its played card struck through
    table.show(state, leader)
    assert table.enabled_cards == []
    assert table.status_of(state.trick.cards[0]) == "played"


def test_show_for_36_cards_and_three_seats():
    state = warsaw_hearts.new_deal(players=3, seed=11)
    table = HandTable(36)
    seat = state.current_player
    table.show(state, seat)
    assert len(_grid_rows(table)[0]) == 9
    assert [b.description[:-1] for b in _grid_rows(table)[0]] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
    assert set(table.enabled_cards) == set(state.legal_actions())
    assert sum(not b.hidden for b in table.buttons.values()) == len(state.hands[seat]) == 12
    other = (seat + 1) % 3
    table.show(state, other)
    assert table.enabled_cards == []
    assert "not your turn" in table.buttons[state.hands[other][0]].tooltip


# ---- accessibility and display options ------------------------------------------------

from cardkit_widgets._common import (BLACK, BLUE, GREEN, RED, card_html, recolour_html,  # noqa: E402
                                     suit_html)


def test_four_colour_option_changes_the_rendered_classes_and_colours():
    table = HandTable(52, four_colour=True)
    hand = parse_cards("AS QH 7D 2C")
    table.update(hand, legal=hand)
    colour = lambda c: table.buttons[c].style.split(";")[0]  # noqa: E731
    colours = {c.suit: colour(c) for c in hand}
    assert colours == {Suit.SPADES: f"color:{BLACK}", Suit.HEARTS: f"color:{RED}", Suit.DIAMONDS: f"color:{BLUE}",
                       Suit.CLUBS: f"color:{GREEN}"}
    assert len(set(colours.values())) == 4  # no two suits share a colour
    seven = parse_card("7D")
    assert {"ck-card", "ck-suit-D", "ck-four-colour"} <= table.buttons[seven].classes
    assert "ck-four-colour" in table._dom_classes
    assert BLUE in table.caption and GREEN in table.caption  # "Playable now: ..." in four colours
    assert suit_html(Suit.DIAMONDS, size="1.3em", four_colour=True) in table.html  # the ♦ label
    table.set_four_colour(False)  # in place
    assert colour(seven) == f"color:{RED}" and colour(parse_card("2C")) == f"color:{BLACK}"
    assert "ck-four-colour" not in table.buttons[seven].classes and "ck-four-colour" not in table._dom_classes
    assert "ck-suit-D" in table.buttons[seven].classes  # the suit's class stays
    assert BLUE not in table.caption and GREEN not in table.caption and BLUE not in table.html
    assert "7♦" in table.caption
    # the suit symbol stays in every button's text, whichever deck
    assert all(b.description == str(c).replace("T", "10") for c, b in table.buttons.items())
    table.set_four_colour(True)
    assert colour(seven) == f"color:{BLUE}" and "ck-four-colour" in table.buttons[seven].classes
    assert table.enabled_cards == hand  # the options keep what is playable
    # the default deck is red and black
    assert HandTable(36).buttons[seven].style.startswith(f"color:{RED}")


def test_card_and_suit_html_keep_their_two_colour_output_and_take_four_colour():
    qd = parse_card("QD")
    # the default output is the one other widgets and tests match on: unchanged
    assert card_html(qd) == '<span style="color:#c62828;font-weight:bold;white-space:nowrap">Q♦</span>'
    four = card_html(qd, four_colour=True)
    assert 'class="ck-card ck-suit-D ck-four-colour"' in four and BLUE in four and ">Q♦<" in four
    assert GREEN in suit_html(Suit.CLUBS, four_colour=True) and BLACK in suit_html(Suit.CLUBS)
    assert "ck-suit-C" in suit_html(Suit.CLUBS, four_colour=True) and 'title="clubs"' in suit_html(Suit.CLUBS)
    text = f"Led {card_html(qd, size='2em')}, then {suit_html(Suit.CLUBS)} <b>4</b>"
    assert recolour_html(text, True) == (f"Led {card_html(qd, size='2em', four_colour=True)}, then "
                                         f"{suit_html(Suit.CLUBS, four_colour=True)} <b>4</b>")
    assert recolour_html(recolour_html(text, True), False) == text


def test_state_classes_follow_the_state_and_are_never_left_behind():
    table = HandTable(52)
    qh, seven, kd = parse_cards("QH 7H KD")
    table.update([qh, seven], legal=[qh], played=[kd])
    classes = lambda c: {x for x in table.buttons[c].classes if x in  # noqa: E731
                         ("ck-legal", "ck-held", "ck-played", "ck-absent")}
    assert classes(qh) == {"ck-legal"} and classes(seven) == {"ck-held"} and classes(kd) == {"ck-played"}
    table.update([seven], legal=[seven], played=[kd, qh])
    assert classes(qh) == {"ck-played"} and classes(seven) == {"ck-legal"}
    assert classes(parse_card("2C")) == {"ck-absent"}
    assert {"ck-table", "ck-hand"} <= set(table._dom_classes)
    assert '<div class="ck-caption">' in table.html


def test_every_card_is_named_in_words_for_screen_readers():
    table = HandTable(52)
    table.update(parse_cards("QH TS"), legal=parse_cards("QH"), reason="must follow ♥")
    assert table.buttons[parse_card("QH")].tooltip == "Q♥ (queen of hearts): legal, click to play"
    assert table.buttons[parse_card("TS")].tooltip == "10♠ (ten of spades): must follow ♥"
    assert 'title="Q♥ (queen of hearts): legal, click to play"' in table.html
    # absent cards: hidden and disabled, so never in the tab order
    absent = table.buttons[parse_card("2D")]
    assert absent.disabled and absent.hidden
    button = table.html[table.html.index('data-ck="2D"'):]
    button = button[:button.index(">")]
    assert "visibility:hidden" in button and button.endswith(" disabled")


def test_large_size_for_a_projector():
    table = HandTable(52, size="large")
    style = dict(x.split(":") for x in table.buttons[parse_card("QH")].style.split(";"))
    assert style["font-size"] == "2.5em" and "ck-large" in table._dom_classes
    # the button's own ems count its 2.5em font: 2em wide is 5 ems of the surrounding text
    assert float(style["width"][:-2]) * 2.5 == 5.0
    # rank letters stay above their column: each heading as wide as the buttons, in their font
    assert table.html.count(f"width:{style['width']};margin:0 1px;text-align:center;font-size:2.5em") == 13
    table.set_size("normal")
    style = dict(x.split(":") for x in table.buttons[parse_card("QH")].style.split(";"))
    assert "font-size" not in style and style["width"] == "2.6em" and "ck-large" not in table._dom_classes
    with pytest.raises(CardkitError, match="'huge'"):
        HandTable(52, size="huge")


def test_a_click_on_a_disabled_button_is_ignored():
    # breaker F14: a programmatic .click() on a disabled button (a held card that may not
    # be played, a played card, a card not in the hand) must not reach on_play; a browser
    # cannot click it either, but a page message may be forged: it is ignored too.
    got = []
    table = HandTable(52, on_play=got.append)
    hand = parse_cards("AS QH 7H 2C")
    table.update(hand, legal=parse_cards("QH"), played=parse_cards("KD"))
    for code in ("AS", "7H", "2C", "KD", "5S"):
        b = table.buttons[parse_card(code)]
        assert b.disabled
        b.click()
        table.click(code)
        table._on_page_message(table, {"press": code}, [])
    for forged in ({"press": "QH "}, {"press": "qh"}, {"press": 12}, {"press": ["QH"]}, {"press": "QH", "text": 3},
                   {"press": "Q" * 5000}, {"card": "QH"}, "QH", None, []):
        table._on_page_message(table, forged, [])
    assert got == []
    table._on_page_message(table, {"press": "QH"}, [])            # as the page sends a click
    assert got == [parse_card("QH")]
    got.clear()
    table.buttons[parse_card("QH")].click()
    table.click("QH")
    assert got == [parse_card("QH")] * 2
    # after an update the same button is enabled or ignored accordingly
    table.update(hand, legal=parse_cards("AS"))
    table.click("QH")
    table.click("AS")
    assert got == [parse_card("QH")] * 2 + [parse_card("AS")]


def test_the_durak_tableau_card_under_a_disabled_hand_button_is_not_played():
    # Armenian Durak's face-up tableau cards are shown in their own control; in a hand grid
    # given only the hand's cards, such a legal card is "not in this hand", disabled, and
    # must not play.
    from cardkit.games import armenian_durak as ad

    st = ad.new_deal(seed=0, dealer=1)
    st.apply_action(st.legal_actions()[0])  # seat 0 draws the trump, then leads
    seat = st.current_player
    up = [c for c in st.legal_actions() if c not in st.hands[seat]]
    assert up
    played = []
    h = HandTable(36, on_play=played.append)
    h.show(st, seat, cards=st.hands[seat])
    b = h.buttons[up[0]]
    assert b.disabled and h.status_of(up[0]) == "absent"
    n = len(st.history)
    b.click()
    h._on_page_message(h, {"press": b.key}, [])
    assert len(st.history) == n and played == []


def test_following_suit_is_said_in_the_caption_and_only_then_are_held_cards_greyed():
    """A suit led and the seat able to follow: the caption says the rule in words, naming
    the cards; refused cards stay disabled and greyed (no ``ck-readable``). The leader,
    with nothing to play, sees every held card disabled but readable (``ck-readable``)."""
    for seed in range(50):
        state = _variety_in_play(seed)
        leader = state.current_player
        state.apply_action(state.legal_actions()[0])
        seat = state.current_player
        if len(state.legal_actions()) < len(state.hands[seat]):
            break
    else:  # pragma: no cover
        pytest.fail("no deal in 50 where the second player must follow suit")
    led = state.trick.cards[0].suit
    table = HandTable(52)
    table.show(state, seat)
    assert f"{led.symbol} was led: you must follow {led.symbol}" in table.caption
    refused = [c for c in state.hands[seat] if c not in state.legal_actions()]
    assert all("ck-readable" not in table.buttons[c].classes for c in refused)
    table.show(state, leader)  # not the leader's turn: nothing legal, the hand readable
    held = list(state.hands[leader])
    assert held and all(table.buttons[c].disabled for c in held)
    assert all("ck-readable" in table.buttons[c].classes for c in held)
    assert "must follow" not in table.caption


def test_during_the_bidding_the_hand_is_readable_but_not_playable():
    state = variety.new_deal(seed=3, dealer=3)
    assert state.phase == "bidding"
    table = HandTable(52)
    table.show(state, state.current_player)
    held = list(state.hands[state.current_player])
    assert table.enabled_cards == [] and all(table.buttons[c].disabled for c in held)
    assert all("ck-readable" in table.buttons[c].classes for c in held)
    assert all(table.buttons[c].tooltip.endswith(": cards are played after the bidding") for c in held)
    # one reason, said once (issue 33, item 4: "Nothing to play now: bidding: cards are played after the bidding.")
    assert "Nothing to play now: cards are played after the bidding." in table.caption
    assert "bidding: cards" not in table.caption
    # absent cards are never marked readable
    assert not any("ck-readable" in b.classes for c, b in table.buttons.items() if c not in held)
