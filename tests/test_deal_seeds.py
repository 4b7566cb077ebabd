"""States remember the int seed they were dealt from (state.seed), through undo, clone and
JSON, and deal_code(state, form="auto") gives the short seed form from it
(docs/deal-codes.md)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardkit import CardkitError, NotationError
from cardkit.bots import RandomBot, play_out
from cardkit.codes import deal_code, deal_from_code, parse_deal_code
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W

SEEDED = [
    (lambda: V.new_deal(seed=4821, dealer=1), "V-4821"),
    (lambda: V.new_deal(seed=4821), "V-4821-D0"),
    (lambda: V.new_deal(seed=4821, dealer=1, rules=V.Rules(lead="left_of_dealer")), "V-4821-L2"),
    (lambda: W.new_deal(seed=17, dealer=1), "W-17"),
    (lambda: W.new_deal(seed=17, players=3, dealer=2), "W-17-P3"),
    (lambda: W.new_deal(seed=17, dealer=0, rules=W.Rules(double_honour_trick="additive")), "W-17-D0-H1"),
    (lambda: D.new_deal(seed=5, dealer=1), "D-5"),
    (lambda: D.new_deal(seed=5, dealer=1, trump="H"), "D-5-T2"),
    (lambda: D.new_deal(seed=8, dealer=1, rules=D.Rules(deck=52)), "D-8-D1-K1"),
]


@pytest.mark.parametrize("make, code", SEEDED, ids=[c for _, c in SEEDED])
def test_seeded_state_gives_the_seed_code_and_back(make, code):
    s = make()
    assert isinstance(s.seed, int)
    assert deal_code(s, form="auto") == code == deal_code(s, form="seed")
    back = deal_from_code(code)
    assert back.to_json() == s.to_json() and back.seed == s.seed
    # the cards form names the same deal
    assert deal_code(s) == code                        # the default form is "auto"
    x = deal_from_code(deal_code(s, form="cards"))
    assert deal_code(s, form="cards").split("-")[1].startswith("X")
    assert deal_code(x, form="cards") == deal_code(s, form="cards") and x.seed is None
    assert deal_code(x, form="auto") == deal_code(s, form="cards")
    with pytest.raises(CardkitError, match="seed"):
        deal_code(x, form="seed")


@pytest.mark.parametrize("module, n", [(V, 4), (W, 4), (D, 2)])
def test_seed_survives_play_undo_clone_and_json(module, n):
    s = module.new_deal(seed=21, dealer=21 % n)
    bots = [RandomBot(k) for k in range(n)]
    for _ in range(6):
        s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
    assert s.seed == 21 and s.clone().seed == 21
    s.undo_action()
    assert s.seed == 21
    data = json.loads(s.to_json())
    assert data["seed"] == 21
    back = module.State.from_json(s.to_json())
    assert back.seed == 21 and back.to_json() == s.to_json()
    assert deal_code(back, form="auto") == parse_deal_code(f"{'VWD'[[V, W, D].index(module)]}-21").code
    del data["seed"]                       # JSON written before seeds were kept
    assert module.State.from_json(json.dumps(data)).seed is None
    for bad in (-1, "21", 2.5, True):
        data["seed"] = bad
        with pytest.raises(NotationError, match="seed"):
            module.State.from_json(json.dumps(data))
    play_out(s, bots)
    assert s.seed == 21


@pytest.mark.parametrize("make", [
    lambda: V.new_deal(seed=np.random.default_rng(4)),
    lambda: V.new_deal(),
    lambda: V.new_deal(V.new_deal(seed=3).initial_hands, dealer=0),
    lambda: W.new_deal(seed=np.random.default_rng(4)),
    lambda: D.new_deal(D.new_deal(seed=3).layout, dealer=0),
])
def test_no_int_seed_no_seed_form(make):
    s = make()
    assert s.seed is None and "seed" not in json.loads(s.to_json())
    assert deal_code(s, form="auto") == deal_code(s) and deal_code(s).split("-")[1].startswith("X")


def test_a_seed_that_does_not_deal_the_cards_is_not_trusted():
    s = V.new_deal(seed=4821, dealer=1)
    s.seed = 4822                          # changed by hand: the code must still name these cards
    assert deal_code(s, form="auto") == deal_code(s, form="cards")
    assert deal_from_code(deal_code(s, form="auto")).initial_hands == s.initial_hands
    s.seed = 10 ** 12                      # too long for a code
    assert deal_code(s, form="auto") == deal_code(s, form="cards")
    with pytest.raises(CardkitError, match="form"):
        deal_code(s, form="short")


def test_games_deal_from_their_generator_not_a_seed():
    g = V.Game([V.RandomBot(k) for k in range(4)], seed=3)
    g.play_deal()
    assert g.deals[0].seed is None


@pytest.mark.parametrize("game, module", [
    (lambda: V.Game([None] * 4, seed=1), V), (lambda: W.Game([None] * 4, seed=1), W),
    (lambda: D.Game([None] * 2, seed=1), D)])
def test_a_games_deal_from_an_int_seed_is_that_seeds_deal(game, module):
    g = game()
    s = g.new_deal(seed=33)
    ref = module.new_deal(seed=33, dealer=s.dealer, rules=g.rules)
    assert s.seed == 33 and s.to_json() == ref.to_json()
    assert deal_code(s, form="auto") == deal_code(ref, form="seed")
