"""Bots: players that act from one seat's observation, never from the full state
(STYLE.md rule 6). Every bot takes a seed or a :class:`numpy.random.Generator`.

A bot is called with an observation (``state.observation(seat)``) and returns one of
``observation.legal_actions``. It may leave a line of table talk in ``bot.remark``
(Variety allows talk during the bidding only, RULES.md §1.3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .cards import Card
from .dealing import as_generator
from .errors import StateError
from .tricks import winning_index

__all__ = ["Bot", "RandomBot", "TrickBot", "play_out", "run_bots"]


def run_bots(state, bots: Sequence | Mapping | Callable[[int], Any], *,
             until: Callable[[Any], bool] | None = None,
             before: Callable[[Any, int, Any], None] | None = None,
             after: Callable[[Any, int, Any], None] | None = None,
             applied: Callable[[Any, int, Any], None] | None = None) -> int:
    """Let the bots act until the deal is over or ``until(state)`` is true.

    Each step: the seat to act is ``state.current_player``; its bot (``bots[seat]``, or
    ``bots(seat)`` for a callable) chooses from ``state.observation(seat)`` only; then
    ``after(state, seat, bot)`` runs (Variety says the bot's bidding remark) and the
    action is applied.

    :param until: checked before each step (a dashboard: the learner's turn).
    :param before: ``before(state, seat, bot)`` before the bot chooses (a dashboard shows
        the position while an expert bot thinks).
    :param applied: ``applied(state, seat, bot)`` once the action is applied (the room's
        table session records the move).
    :returns: the number of actions the bots took.
    :raises IllegalActionError: if a bot returns an action the rules forbid (the state is
        left as it was before that action).
    :raises StateError: for a seat with no bot (None, or missing from ``bots``).
    """
    bot_of = bots.__getitem__ if isinstance(bots, (Sequence, Mapping)) else bots
    taken = 0
    while not state.is_terminal():
        if until is not None and until(state):
            break
        seat = state.current_player
        try:
            bot = bot_of(seat)
        except (KeyError, IndexError):
            bot = None
        if bot is None or not hasattr(bot, "act"):
            raise StateError(f"seat {seat} has no bot to act for it")
        if before is not None:
            before(state, seat, bot)
        action = bot.act(state.observation(seat))
        if after is not None:
            after(state, seat, bot)
        state.apply_action(action)
        taken += 1
        if applied is not None:
            applied(state, seat, bot)
    return taken


class Bot:
    """Base class. Subclasses implement :meth:`act`.

    :param seed: an int, a :class:`numpy.random.Generator`, or None (fresh entropy).
    """

    name = "bot"

    def __init__(self, seed: int | np.random.Generator | None = None) -> None:
        self.rng = as_generator(seed)
        self.remark: str | None = None

    def act(self, observation):
        """One of ``observation.legal_actions``."""
        raise NotImplementedError

    def __call__(self, observation):
        return self.act(observation)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Plays a legal action chosen uniformly at random with its own generator."""

    name = "random"

    def act(self, observation):
        legal = observation.legal_actions
        return legal[int(self.rng.integers(len(legal)))]


class TrickBot(Bot):
    """Helpers that every game's rule-based bot uses to reason about the open trick.

    An observation gives ``trick`` (cards of the open trick in play order), ``trick_leader``,
    ``players``, ``trump`` and ``lowest_wins``.
    """

    @staticmethod
    def strength(card: Card) -> int:
        """Rank strength within a suit (higher beats lower)."""
        return card.rank

    def winning_seat(self, obs, cards: Sequence[Card]) -> int:
        """The seat that would win the open trick if it were made of ``cards``."""
        i = winning_index(cards, obs.trump, lowest=getattr(obs, "lowest_wins", False))
        return (obs.trick_leader + i) % obs.players


def play_out(state, bots: Sequence[Bot]) -> None:
    """Play ``state`` to its end, asking ``bots[seat]`` for each action from that seat's
    observation only (the one bot loop, :func:`run_bots`)."""
    run_bots(state, bots)
