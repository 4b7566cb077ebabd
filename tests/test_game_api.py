"""One API test over every game of the registry (issue 30: as pgx's ``api_test``), in place of
each game testing the state protocol on its own: random deals of each game (and each number of
players) driven only through the protocol, checked at every action.

What every game's state must do (cardkit/state.py, the protocol): a seeded deal is the same deal
every time; ``legal_actions`` is empty exactly when the deal is over; every legal action's
notation reads back as that action; an illegal action or bad text is refused with the project's
error and the state is exactly as it was; ``returns`` only once the deal is over, one number a
seat; ``clone`` is independent; ``to_json``/``from_json`` and ``undo_action`` round trip; a
seat's observation is all it sees (a world dealt from it observes the same); the deal's code
deals the same cards again. The games' own rules (follow suit, the winners, the scores) stay in
each game's random-play file."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit.codes import deal_code, deal_from_code
from cardkit.errors import CardkitError, StateError
from cardkit.registry import GAMES

CASES = [(e.letter, players) for e in GAMES.values() for players in e.players]
DEALS = 6


def _new(letter: str, players: int, seed: int):
    e = GAMES[letter]
    m = e.engine()
    rules = m.Rules(players=players) if "players" in m.Rules.__dataclass_fields__ else m.Rules()
    return e.from_seed(m, seed, seed % players, rules, players)


def _bad_actions(state, legal) -> list:
    """Actions the current player may not take now: text that is no action, and a card or
    action of the deal that is not legal here."""
    out = ["ZZ", "", "x" * 200, None, 10**30, 3.5]
    seen = {str(a) for a in legal}
    for hand in state.hands:
        for c in hand:
            if str(c) not in seen:
                out.append(c)
                break
    return out


@pytest.mark.parametrize("letter, players", CASES, ids=[f"{x}{p}" for x, p in CASES])
def test_the_state_protocol_holds_at_every_action(letter, players):
    from cardkit.analysis.worlds import sample_worlds
    rng = np.random.default_rng([ord(letter), players])
    for seed in range(DEALS):
        st = _new(letter, players, seed)
        assert st.to_json() == _new(letter, players, seed).to_json()    # a seeded deal is the same deal
        n = 0
        while True:
            legal = st.legal_actions()
            assert (legal == []) == st.is_terminal()
            if st.is_terminal():
                break
            assert st.current_player is not None and 0 <= st.current_player < players
            with pytest.raises(StateError):
                st.returns()
            for a in legal:
                assert st.parse_action(st.action_to_str(a)) == a and st.is_legal(a)
            before = st.to_json()
            for bad in _bad_actions(st, legal):
                assert not st.is_legal(bad)
                with pytest.raises(CardkitError):
                    st.apply_action(bad)
                assert st.to_json() == before, bad
            if n % 7 == 3:
                twin = st.clone()
                while not twin.is_terminal():
                    twin.apply_action(twin.legal_actions()[-1])
                assert st.to_json() == before
                assert type(st).from_json(before).to_json() == before
                if st.phase in ("play", "over"):
                    seat = st.current_player
                    obs = st.observation(seat)
                    try:
                        world = sample_worlds(obs, 1, rng)[0]
                    except StateError:   # a phase the dealer of worlds does not cover
                        world = None
                    if world is not None:
                        assert world.observation(seat) == obs
                        assert sorted(map(str, world.legal_actions())) == sorted(map(str, legal))
            a = legal[int(rng.integers(len(legal)))]
            st.apply_action(a)
            if n % 5 == 1:
                after = st.to_json()
                st.undo_action()
                assert st.to_json() == before
                st.apply_action(a)
                assert st.to_json() == after
            n += 1
        r = st.returns()
        assert len(r) == players and all(isinstance(x, int) for x in r)
        assert st.current_player is None and st.returns() == r
        again = deal_from_code(deal_code(st))
        assert deal_code(again, form="cards") == deal_code(st, form="cards")
        for a in st.history:   # the code's deal, played the same way, ends the same way
            again.apply_action(again.parse_action(st.action_to_str(a)))
        assert again.is_terminal() and again.returns() == r


def test_every_game_and_number_of_players_is_covered():
    assert {letter for letter, _ in CASES} == set(GAMES) and len(CASES) >= 4
