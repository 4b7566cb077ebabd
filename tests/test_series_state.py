"""DealSeries.new_deal(state=...): a deal read from a code becomes the game's next deal."""

import pytest

from cardkit import CardkitError
from cardkit.games import warsaw_hearts as wh


def test_a_given_state_is_the_next_deal_with_its_own_dealer():
    game = wh.Game([wh.RandomBot(s) for s in range(4)], seed=1)
    given = wh.new_deal(seed=5, dealer=3)
    assert game.new_deal(state=given) is given
    assert game.state is given and game.deals[-1] is given and given.dealer == 3


def test_a_given_state_is_checked_and_the_game_is_unchanged():
    game = wh.Game([wh.RandomBot(s) for s in range(3)], rules=wh.Rules(players=3), seed=1)
    with pytest.raises(CardkitError, match="rules"):
        game.new_deal(state=wh.new_deal(seed=5))          # four players, another game's rules
    played = wh.new_deal(seed=5, rules=wh.Rules(players=3))
    played.apply_action(played.legal_actions()[0])
    with pytest.raises(CardkitError, match="actions taken"):
        game.new_deal(state=played)
    with pytest.raises(CardkitError, match="not both"):
        game.new_deal(seed=3, state=wh.new_deal(seed=5, rules=wh.Rules(players=3)))
    assert game.state is None and game.deals == []
