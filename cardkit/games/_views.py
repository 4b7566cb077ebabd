"""The start of a deal from one seat's observation and the hidden cards: the shared part of
Variety's and Warsaw Hearts' ``State.from_observation`` (each seat's hand at the start is
the hand it holds now plus the cards it has played, RULES.md §1.5, §2.1).
"""

from __future__ import annotations

from cardkit.core.cards import Card, deck
from cardkit.core.errors import NotationError, quote
from cardkit.core.notation import format_cards, parse_cards

__all__ = ["start_hands", "check_world", "replay"]


def _cards(value, seat: int) -> list[Card]:
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise NotationError(f"hidden cards of seat {seat} {quote(value)}: expected a list of cards")
    if all(type(c) is Card for c in value):
        return list(value)
    return parse_cards(value)


def start_hands(obs, hidden, deck_size: int, rule: str) -> list[list[Card]]:
    """Each seat's hand at the start of the deal that ``obs`` observes, the other seats'
    hands now being ``hidden`` (``{seat: cards}``, every seat but ``obs.seat``).

    :raises NotationError: for hidden cards that contradict ``obs``, naming the seat or
        the card: a seat missing or extra, a hand of the wrong size, a card outside the
        deck, one the seat sees (its hand, a card played) or given twice, a card of a suit
        the seat showed it lacks (it did not follow that suit: ``rule``).
    """
    others = [s for s in range(obs.players) if s != obs.seat]
    if not isinstance(hidden, dict) or sorted(hidden) != others:
        raise NotationError(f"hidden hands {quote(hidden)}: expected a dict seat -> cards for the seats "
                            f"{', '.join(map(str, others))} (every seat but {obs.seat})")
    in_deck = set(deck(deck_size))
    played: dict[int, list[Card]] = {s: [] for s in range(obs.players)}
    follows = list(obs.tricks) + ([(obs.trick_leader, obs.trick, None)] if obs.trick else [])
    void: dict[int, set] = {}
    for leader, cards, _ in follows:
        for i, c in enumerate(cards):
            s = (leader + i) % obs.players
            played[s].append(c)
            if i and c.suit != cards[0].suit:
                void.setdefault(s, set()).add(cards[0].suit)
    seen = set(obs.hand) | {c for cs in played.values() for c in cs}
    given: set[Card] = set()
    hands: list[list[Card]] = []
    for s in range(obs.players):
        if s == obs.seat:
            hands.append(list(obs.hand) + played[s])
            continue
        cards = _cards(hidden[s], s)
        if len(cards) != obs.hand_sizes[s]:
            raise NotationError(f"hidden hand of seat {s} {format_cards(cards) or '-'}: it holds "
                                f"{obs.hand_sizes[s]} cards, not {len(cards)}")
        for c in cards:
            if c not in in_deck:
                raise NotationError(f"hidden card {c} of seat {s}: not in the {deck_size}-card deck")
            if c in seen:
                raise NotationError(f"hidden card {c} of seat {s}: seat {obs.seat} sees it (its hand or played)")
            if c in given:
                raise NotationError(f"hidden card {c}: given twice")
            if c.suit in void.get(s, ()):
                raise NotationError(f"hidden card {c} of seat {s}: seat {s} did not follow {c.suit.symbol}, so it "
                                    f"holds none ({rule}: follow suit if able)")
            given.add(c)
        hands.append(cards + played[s])
    return hands


def check_world(world, obs) -> None:
    """:raises NotationError: unless ``world.observation(obs.seat) == obs``."""
    if world.observation(obs.seat) != obs:
        raise NotationError(f"hidden cards do not give seat {obs.seat}'s observation")


def replay(world, actions) -> None:
    """Apply ``actions`` to ``world`` (a new deal), each checked by the engine's rules
    (``_check``, the check of ``apply_action``), without the undo stack's snapshots: a
    world's ``undo_action`` then rebuilds it from its start (the stack does not match its
    history, :meth:`cardkit.state.TrickGameState.undo_action`). The snapshots were half of
    the time of a world (``benchmarks/worlds.py``).

    :raises IllegalActionError: for an action the rules forbid at its turn; ``world`` is
        then half replayed, to be thrown away.
    """
    history = world.history
    for a in actions:
        world._check(a)
        getattr(world, "_apply_" + world.phase)(a)
        history.append(a)
