"""Bad input gives one cardkit error line, never a bare TypeError/ValueError/IndexError nor
a silent wrong answer (the adversarial report's findings F02-F16). Each test names the
finding it covers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardkit import CardkitError, IllegalActionError, NotationError, StateError, Suit, deck, parse_card
from cardkit.advisor import advise
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W
from cardkit.simulate import (deal_batch, random_armenian_durak, random_variety, random_warsaw_hearts,
                              simulate_armenian_durak, simulate_variety, simulate_warsaw_hearts)

HAND = "KQ7.AJ5.KQ84.A92"


# ---- F11: a bad seed is a CardkitError ------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, 1.5, "1", True, [1]])
def test_a_bad_seed_is_a_cardkit_error_everywhere(seed):
    calls = [lambda: V.new_deal(seed=seed), lambda: W.new_deal(seed=seed), lambda: D.new_deal(seed=seed),
             lambda: V.Game([None] * 4, seed=seed), lambda: W.Game([None] * 3, seed=seed),
             lambda: D.Game([None, None], seed=seed), lambda: advise(HAND, samples=2, seed=seed),
             lambda: deal_batch(2, seed=seed), lambda: random_variety(2, seed=seed),
             lambda: random_warsaw_hearts(2, seed=seed), lambda: random_armenian_durak(2, seed=seed)]
    for call in calls:
        with pytest.raises(CardkitError, match="seed"):
            call()


def test_deal_batch_refuses_other_decks_and_sizes_with_a_cardkit_error():
    for kw in ({"batch": 0}, {"batch": 2, "deck": 40}, {"batch": 2, "deck": True}):
        with pytest.raises(CardkitError):
            deal_batch(**kw)


# ---- F04: a trump given as text is read, anything else refused -------------------------------

def test_parse_suit_reads_letters_symbols_and_names_and_refuses_the_rest():
    from cardkit.notation import parse_suit
    for text in ("H", "h", " ♥ ", "♡", "hearts", "HEARTS", "♥\ufe0f", Suit.HEARTS):
        assert parse_suit(text) is Suit.HEARTS
    assert parse_suit(None, allow_none=True) is None
    for bad in (None, 1, 99, True, "X", "", "heart", b"H", 1.0):
        with pytest.raises(NotationError, match="trump"):
            parse_suit(bad, "trump")


def test_durak_trick_winner_and_card_points_read_a_trump_given_as_text():
    for trump in ("H", "♥", "hearts", Suit.HEARTS):
        assert D.trick_winner("JS", "7H", trump) == 1          # 7♥ trumps J♠ (RULES.md §3.3)
        assert D.card_points("6H", trump, D.Rules(trump_six_double=True)) == 12
        assert D.new_deal(seed=1, trump=trump).trump is Suit.HEARTS
        assert D.deck_points(trump, D.Rules(trump_six_double=True)) == 86
    assert D.trick_winner("JS", "7H", None) == 0 and D.card_points("6H", None, D.Rules(trump_six_double=True)) == 6
    for bad in (99, 1, "x", True):
        with pytest.raises(NotationError, match="trump"):
            D.trick_winner("JS", "7H", bad)
        with pytest.raises(NotationError, match="trump"):
            D.card_points("6H", bad)
        with pytest.raises(NotationError, match="trump"):
            D.new_deal(seed=1, trump=bad)
