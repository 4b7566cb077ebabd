"""The Warsaw Hearts rule bot: :class:`RuleBot`.

The rules live in :mod:`cardkit.games.warsaw_hearts`, which re-exports ``RuleBot``
(``cardkit.games.warsaw_hearts.RuleBot``) lazily; the bot reads the game only through the
observation of its own seat (STYLE.md rule 6).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import TrickBot
from ..cards import Card, Rank, Suit, deck
from .warsaw_hearts import _HONOUR_SET, DECK_SIZE, HONOUR_VALUES, HONOURS, Observation

__all__ = ["RuleBot"]


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
            return (self._higher_unseen(c, unseen) - (10 if c in _HONOUR_SET else 0), -c.rank)
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
        plain = [c for c in winners if c not in _HONOUR_SET]
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
