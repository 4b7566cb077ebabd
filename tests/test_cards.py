"""Cards, suits, ranks and decks (cardkit/cards.py; RULES.md "Common conventions")."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from cardkit import Card, CardkitError, Rank, Suit, deck, parse_card
from cardkit.cards import DECK_SIZES

RANK_CHARS = "23456789TJQKA"


def test_suit_and_rank_are_int_enums_with_their_characters():
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert "".join(s.symbol for s in Suit) == "♠♥♦♣"
    assert "".join(s.letter for s in Suit) == "SHDC"
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [int(r) for r in Rank] == list(range(2, 15))
    assert "".join(r.char for r in Rank) == RANK_CHARS
    assert Rank.ACE > Rank.KING > Rank.TWO


def test_display_and_ascii_forms():
    assert str(Card(Suit.HEARTS, Rank.QUEEN)) == "Q♥"
    assert str(Card(Suit.HEARTS, Rank.TEN)) == "T♥"
    assert Card(Suit.SPADES, Rank.TEN).code == "TS"
    assert repr(Card(Suit.CLUBS, Rank.TWO)) == "Card('2C')"


def test_cards_are_frozen_hashable_interned():
    q = Card(Suit.HEARTS, Rank.QUEEN)
    with pytest.raises(AttributeError):
        q.rank = Rank.KING  # type: ignore[misc]
    assert q is parse_card("QH") is Card(1, 12)
    assert Card(1, 12).rank is Rank.QUEEN and Card(1, 12).suit is Suit.HEARTS
    assert {q: 1}[Card(Suit.HEARTS, Rank.QUEEN)] == 1
    assert len({Card(s, r) for s in Suit for r in Rank}) == 52
    assert copy.copy(q) is q and copy.deepcopy([q])[0] is q
    assert pickle.loads(pickle.dumps(q)) is q


def test_order_is_suit_then_rank():
    assert Card(Suit.SPADES, Rank.ACE) < Card(Suit.HEARTS, Rank.TWO)  # ♠ before ♥
    assert Card(Suit.HEARTS, Rank.TWO) < Card(Suit.HEARTS, Rank.THREE) < Card(Suit.HEARTS, Rank.ACE)
    assert sorted(deck(52)) == sorted(deck(52), key=lambda c: (int(c.suit), int(c.rank)))


@pytest.mark.parametrize("size", DECK_SIZES)
def test_decks_hold_unique_cards_of_the_right_ranks(size):
    cards = deck(size)
    assert len(cards) == size == len(set(cards))
    lowest = Rank.TWO if size == 52 else Rank.SIX
    assert {c.rank for c in cards} == {r for r in Rank if r >= lowest}
    for s in Suit:
        assert sum(1 for c in cards if c.suit == s) == size // 4
    # documented order: suit by suit ♠ ♥ ♦ ♣, ace down
    assert cards == sorted(cards, key=lambda c: (int(c.suit), -int(c.rank)))


def test_deck_sizes_other_than_52_and_36_are_refused():
    for bad in (0, 32, 53, 24, 52.0, True, "52"):
        with pytest.raises(CardkitError, match=repr(bad)):  # a ValueError too
            deck(bad)


def test_card_refuses_suits_and_ranks_that_are_not_whole_numbers_in_range():
    assert Card(1, 12) is parse_card("QH") and Card(Suit.HEARTS, Rank.QUEEN) is parse_card("QH")
    for suit, rank in ((5, 3), (1, 15), ("H", "Q"), (1.0, 12), (True, 12), (None, None)):
        with pytest.raises(CardkitError, match="card (suit|rank)"):
            Card(suit, rank)
    assert str(parse_card("QH")) == "Q♥"          # the interned card is untouched


def test_every_card_round_trips_through_text_index_and_json():
    for i, c in enumerate(deck(52)):
        assert c.index == i
        assert Card.from_index(i) is c
        assert parse_card(str(c)) is c
        assert parse_card(c.code) is c
        assert parse_card(c.code.lower()) is c
        assert parse_card(json.loads(json.dumps(c.code))) is c
        assert parse_card(json.loads(json.dumps(str(c), ensure_ascii=True))) is c
        assert pickle.loads(pickle.dumps(c)) is c
    assert Card.from_index(0) == parse_card("AS") and Card.from_index(51) == parse_card("2C")
    for bad in (-1, 52, 1.0, True, "3"):
        with pytest.raises(CardkitError, match="card index"):
            Card.from_index(bad)


def test_every_way_to_a_card_gives_the_one_interned_object():
    """``==`` between cards is identity (Card.__eq__ is object's): it is right only if
    every way of getting a card returns the one object per card."""
    import copy
    import dataclasses
    import pickle

    import numpy as np

    from cardkit import Card, Rank, Suit, deck, parse_card
    from cardkit.errors import CardkitError

    for c in deck(52):
        ways = [Card(c.suit, c.rank), Card(int(c.suit), int(c.rank)),
                Card(np.int8(c.suit), np.int64(c.rank)), Card.from_index(c.index),
                Card.from_index(np.int16(c.index)), parse_card(c.code), parse_card(str(c)),
                copy.copy(c), copy.deepcopy(c), pickle.loads(pickle.dumps(c)),
                dataclasses.replace(c), dataclasses.replace(Card(c.suit, Rank.TWO), rank=c.rank)]
        assert all(w is c for w in ways), c
        assert all(w == c and hash(w) == hash(c) for w in ways)
        assert hash(c) == hash((c.suit, c.rank))
    a, b = parse_card("QH"), parse_card("QD")
    assert a != b and not (a == b) and a != "QH" and a != (Suit.HEARTS, Rank.QUEEN)
    assert len({*deck(52), *deck(36)}) == 52
    for bad in [(Suit.HEARTS, 15), (4, 12), ("H", 12)]:
        with pytest.raises(CardkitError):
            Card(*bad)
    assert parse_card("QH") is Card(Suit.HEARTS, Rank.QUEEN)  # a refused card left nothing behind
