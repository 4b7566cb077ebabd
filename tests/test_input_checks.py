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
