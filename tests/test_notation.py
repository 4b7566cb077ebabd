"""Card, card-list and hand notation (cardkit/notation.py; RULES.md "Common conventions")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import (Card, NotationError, Rank, Suit, deck, format_cards, format_hand, parse_card,
                     parse_cards, parse_hand)
from cardkit.notation import check_deck

QH = Card(Suit.HEARTS, Rank.QUEEN)
TH = Card(Suit.HEARTS, Rank.TEN)


def test_notation_error_is_a_value_error():
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize("text", ["QH", "qh", "Q♥", "q♥", "Qh", " QH ", "Q♡", "Q♥\ufe0f"])
def test_queen_of_hearts_spellings(text):
    assert parse_card(text) is QH


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "t♥", "th", "10h", "T♥"])
def test_the_ten_has_one_card_for_every_spelling(text):
    assert parse_card(text) is TH


def test_every_suit_symbol_and_letter():
    for s in Suit:
        for spelling in (s.letter, s.letter.lower(), s.symbol):
            assert parse_card("A" + spelling) == Card(s, Rank.ACE)


def test_parse_card_passes_a_card_through():
    assert parse_card(QH) is QH


@pytest.mark.parametrize("text", ["1H", "QX", "", " ", "Q", "H", "QHH", "11H", "0H", "Q H", "HQ",
                                  "10", "1♥", "AK", "ZZ", "Q♥♥"])
def test_bad_cards_raise_notation_error_quoting_the_input(text):
    with pytest.raises(NotationError) as e:
        parse_card(text)
    assert repr(text) in str(e.value)
    assert "expected" in str(e.value)


@pytest.mark.parametrize("thing", [None, 12, 1.5, ["QH"], b"QH"])
def test_non_text_is_a_notation_error(thing):
    with pytest.raises(NotationError):
        parse_card(thing)


def test_parse_cards_keeps_order_and_accepts_separators():
    assert parse_cards("QH 10♥ 2C") == [QH, TH, Card(Suit.CLUBS, Rank.TWO)]
    assert parse_cards("QH,10♥;  2c") == [QH, TH, Card(Suit.CLUBS, Rank.TWO)]
    assert parse_cards(["QH", TH]) == [QH, TH]
    assert parse_cards("") == [] and parse_cards("   ") == []


def test_parse_cards_names_the_bad_item():
    with pytest.raises(NotationError) as e:
        parse_cards("QH 1H 2C")
    msg = str(e.value)
    assert "'QH 1H 2C'" in msg and "item 2" in msg and "'1H'" in msg


def test_parse_hand_pbn():
    hand = parse_hand("AK73.AQ5.KJ4.AQ9")
    assert len(hand) == 13
    assert format_cards(hand) == "A♠ K♠ 7♠ 3♠ A♥ Q♥ 5♥ K♦ J♦ 4♦ A♣ Q♣ 9♣"
    assert format_hand(hand) == "AK73.AQ5.KJ4.AQ9"
    assert parse_hand("AK73.AQ5.KJ4.AQ9") == parse_hand("ak73.aq5.kj4.aq9")


def test_parse_hand_voids_and_tens():
    assert parse_hand("AK73.-.KJ4.AQ9") == parse_hand("AK73..KJ4.AQ9")
    assert {c.suit for c in parse_hand("AK73..KJ4.AQ9")} == {Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS}
    assert parse_hand("A10.-.-.-") == parse_hand("AT...") == [Card(Suit.SPADES, Rank.ACE), Card(Suit.SPADES, Rank.TEN)]
    assert parse_hand("...") == []
    assert format_hand(parse_hand("-.-.T.-")) == "..T."


def test_parse_hand_accepts_card_lists_and_sorts():
    assert parse_hand("2C QH AS") == [Card(Suit.SPADES, Rank.ACE), QH, Card(Suit.CLUBS, Rank.TWO)]
    assert parse_hand([QH, "AS"]) == [Card(Suit.SPADES, Rank.ACE), QH]


@pytest.mark.parametrize("text, says", [
    ("AK73.AQ5.KJ4", "four suits"),        # three fields
    ("AK73.AQ5.KJ4.AQ9.2", "four suits"),  # five fields
    ("", "four suits"),
    ("AK73", "four suits"),
    ("AK71.AQ5.KJ4.AQ9", "not a rank"),    # '1' alone is no rank
    ("AKX3.AQ5.KJ4.AQ9", "not a rank"),
    ("AK73.AQ5.KJ4.AQ9Q", "named twice"),  # Q♣ twice
    ("AKA3.AQ5.KJ4.AQ9", "named twice"),   # A♠ twice
    ("QH QH", "named twice"),
    ("QH 1H", "'1H'"),
])
def test_bad_hands_raise_notation_error_quoting_the_input(text, says):
    with pytest.raises(NotationError) as e:
        parse_hand(text)
    assert repr(text) in str(e.value)
    assert says in str(e.value)


def test_check_deck_names_the_card_outside_the_deck():
    check_deck(deck(36), 36)
    with pytest.raises(NotationError, match="2♥ is not in the 36-card deck"):
        check_deck([parse_card("AH"), parse_card("2H")], 36)


def test_format_and_parse_hand_round_trip_every_card():
    for s in range(4):
        hand = deck(52)[13 * s:13 * s + 13]
        assert parse_hand(format_hand(hand)) == hand
        assert parse_cards(format_cards(hand)) == hand


# ---- fuzzing: text either parses or raises NotationError, never anything else ------------

_ALPHABET = st.sampled_from(list("AKQJT98765432 10shdcSHDC♠♥♦♣♡.-,;\t\n") + ["\ufe0f", "ß", "²", "\x00"])
_TEXT = st.one_of(st.text(), st.text(alphabet=_ALPHABET, max_size=40))


@settings(max_examples=600, deadline=None)
@given(_TEXT)
def test_fuzz_parse_card(text):
    try:
        card = parse_card(text)
    except NotationError as e:
        # quoted whole up to 60 characters, else its first 60 (issue 12: one short line)
        assert (repr(text) if len(text) <= 60 else repr(text[:60]) + "…") in str(e)
    else:
        assert isinstance(card, Card)
        assert parse_card(card.code) is card


@settings(max_examples=600, deadline=None)
@given(_TEXT)
def test_fuzz_parse_hand(text):
    try:
        hand = parse_hand(text)
    except NotationError:
        return
    assert all(isinstance(c, Card) for c in hand)
    assert len(set(hand)) == len(hand)
    assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_fuzz_parse_cards(text):
    try:
        cards = parse_cards(text)
    except NotationError:
        return
    assert all(isinstance(c, Card) for c in cards)
