"""The Warsaw Hearts bots: the rule bot :class:`RuleBot` and its variant
:class:`KeepHonoursBot`, which keeps its heart honours early in the deal.

The rules live in :mod:`cardkit.games.warsaw_hearts`, which re-exports both
(``cardkit.games.warsaw_hearts.RuleBot``, ``...KeepHonoursBot``) lazily; the bots read the game only through the
observation of their own seat (STYLE.md rule 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from cardkit.core._checks import is_whole
from cardkit.core.bots import TrickBot
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.errors import CardkitError, quote

from .warsaw_hearts import DECK_SIZE, HONOUR_SET, HONOUR_VALUES, HONOURS, Observation

__all__ = ["RuleBot", "KeepHonoursBot"]


_DECK36 = tuple(deck(DECK_SIZE))


class RuleBot(TrickBot):
    """A rule-based Warsaw Hearts player (RULES.md §2), acting from its observation only.

    - Void in the suit led: dumps a heart honour (K♥, then Q♥, then J♥) on the trick,
      which another player wins; else the card most likely to win a later trick,
      keeping low hearts (T♥ down to 6♥) to the last.
    - Following suit: plays the highest card that ducks under the card winning the trick,
      an honour first; holding an honour it does not win the trick with it while it can
      duck. Last to play to a trick with no heart, it wins with its highest card.
    - Forced to win: the highest card if nobody can beat it, else the lowest, hoping to be
      overtaken; never an honour while another card will do.
    - Leading: the card with the most unseen higher cards of its suit, honours last.
    """

    name = "rule"

    def act(self, obs: Observation) -> Card:
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        trick = list(obs.trick)
        seen = set(obs.hand) | {c for t in obs.tricks for c in t[1]} | set(trick)
        unseen = [c for c in _DECK36 if c not in seen]
        if not trick:
            return self._lead(legal, unseen)
        if legal[0].suit != trick[0].suit:
            return self._discard(legal, unseen)
        return self._follow(obs, legal, trick, unseen)

    @staticmethod
    def _higher_unseen(card: Card, unseen: Sequence[Card]) -> int:
        return sum(1 for u in unseen if u.suit == card.suit and u.rank > card.rank)

    def _lead(self, legal: list[Card], unseen: list[Card]) -> Card:
        def score(c: Card):
            return (self._higher_unseen(c, unseen) - (10 if c in HONOUR_SET else 0), -c.rank)
        return max(legal, key=score)

    def _discard(self, legal: list[Card], unseen: list[Card]) -> Card:
        for h in HONOURS:
            if h in legal:
                return h

        def danger(c: Card):
            lower = sum(1 for u in unseen if u.suit == c.suit and u.rank < c.rank)
            low_heart = c.suit is Suit.HEARTS and c.rank < Rank.JACK
            return (not low_heart, lower, c.rank)
        return max(legal, key=danger)

    def _follow(self, obs: Observation, legal: list[Card], trick: list[Card], unseen: list[Card]) -> Card:
        led = trick[0].suit
        top = max(c.rank for c in trick if c.suit == led)
        duckers = [c for c in legal if c.rank < top]
        winners = [c for c in legal if c.rank > top]
        last = len(trick) == obs.players - 1
        clean = not any(c.suit is Suit.HEARTS for c in trick)
        plain = [c for c in winners if c not in HONOUR_SET]
        if last and clean and led is not Suit.HEARTS and winners:
            return max(winners, key=lambda c: c.rank)
        if duckers:
            for h in HONOURS:
                if h in duckers:
                    return h
            return max(duckers, key=lambda c: c.rank)
        pool = plain or sorted(winners, key=lambda c: HONOUR_VALUES.get(c, 0))[:1]
        if last or not any(self._higher_unseen(c, unseen) for c in pool):
            return max(pool, key=lambda c: c.rank)
        return min(pool, key=lambda c: c.rank)


class KeepHonoursBot(RuleBot):
    """:class:`RuleBot`, except that it does not dump a heart honour early (RULES.md §2.2:
    K♥ Q♥ J♥ are the only cards that cost penalty points; §2.1: a player void in the suit
    led may play any card).

    While void in the suit led during the first ``until`` tricks of the deal, holding a
    heart honour and at least one other card, it chooses as :class:`RuleBot` would among
    its cards that are not heart honours (so it discards its most dangerous other card).
    In every other case it plays exactly as :class:`RuleBot`. Lesson Warsaw Hearts 3
    compares the two policies over the same deals.

    :param seed: as for :class:`~cardkit.bots.Bot` (the bot draws no random numbers).
    :param until: how many tricks, from the first, the honours are kept while void: a whole
        number, 0 or more (**default** 4; 0 plays exactly as :class:`RuleBot`).
    :raises CardkitError: (a ValueError) for an ``until`` that is not a whole number ≥ 0.
    """

    name = "keep-honours"

    def __init__(self, seed: int | np.random.Generator | None = None, until: int = 4) -> None:
        if not is_whole(until) or until < 0:
            raise CardkitError(f"KeepHonoursBot(until={quote(until)}): the number of tricks in which the "
                               f"heart honours are kept is a whole number, 0 or more (RULES.md §2.2)")
        super().__init__(seed)
        self.until = int(until)

    def act(self, obs: Observation) -> Card:
        legal = obs.legal_actions
        void = bool(obs.trick) and legal[0].suit != obs.trick[0].suit
        others = tuple(c for c in legal if c not in HONOUR_SET)
        if void and len(obs.tricks) < self.until and others and len(others) < len(legal):
            return super().act(replace(obs, legal_actions=others))
        return super().act(obs)
