"""The Armenian Durak rule bot: :class:`RuleBot`.

The rules live in :mod:`cardkit.games.armenian_durak`, which re-exports ``RuleBot``
(``cardkit.games.armenian_durak.RuleBot``) lazily; the bot reads the game only through the
observation of its own seat (STYLE.md rule 6).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.core.bots import TrickBot
from cardkit.core.cards import Card, Rank, Suit
from cardkit.core.errors import StateError

from .armenian_durak import PLAYERS, Observation, Rules, card_points, trick_winner
from .armenian_durak_rules import points_lookup

__all__ = ["RuleBot"]

_CARD = frozenset({Card})


class RuleBot(TrickBot):
    """A rule-based player from the book's advice (RULES.md §3.3, source 004), acting from
    its observation only.

    - Trump draw: blind, any card (drawn with its own generator).
    - Draw: always takes a face-down card when allowed (a card in the hand is hidden from
      the opponent; a turned-up card is not), from the first stack that has one.
    - Reply: if the lead carries points, wins it with the **cheapest** winning card, where
      a low trump is cheaper than a plain ace (fig. 52: J♠ led, hearts trumps: 7♥, not A♠)
      and the trump ace is a candidate like any other; a six (two) is spent only on the
      ace it beats. A pointless lead is won only by a pointless card of its suit (cheaply),
      else let go. When losing, gives the fewest points and the weakest card.
    - Lead: a pointless plain card, lowest first; never a six while anything else is left
      (it is kept for the opponent's ace).
    """

    name = "rule"

    def winning_seat(self, obs: Observation, cards: Sequence[Card]) -> int:
        leader = obs.current_player if obs.trick_leader is None else obs.trick_leader
        if leader is None:
            raise StateError("the deal is over: no trick is being played")
        if len(cards) < 2:
            return leader
        return (leader + trick_winner(cards[0], cards[1], obs.trump, obs.rules)) % PLAYERS

    @staticmethod
    def cost(card: Card, obs: Observation) -> float:
        """How much spending ``card`` costs (arbitrary units): its power in its suit (7 → 1
        … A → 8), +4 for a trump, + half its points; a six (two) costs 100 (keep it for
        the ace). So 7♥ (5) < 9♥ (7) < A♠ (10.5) with hearts trumps, as in fig. 52."""
        return RuleBot._cost(card, obs, lambda c: card_points(c, obs.trump, obs.rules))

    @staticmethod
    def _cost(card: Card, obs: Observation, pts) -> float:
        """:meth:`cost` with the card points read by ``pts(card)``."""
        sp = obs.rules.special
        if card.rank == sp:
            return 100.0
        power = card.rank - (Rank.SIX if sp == Rank.SIX else Rank.TWO)
        return power + (4 if card.suit == obs.trump else 0) + 0.5 * pts(card)

    def act(self, obs: Observation):
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "trump":
            return legal[int(self.rng.integers(len(legal)))]
        if obs.phase == "draw":
            return legal[0]  # the first stack with a face-down card (Draw(None) is last)
        trump, rules = obs.trump, obs.rules
        if ((trump is None or type(trump) is Suit) and type(rules) is Rules and _CARD.issuperset(map(type, legal))
                and _CARD.issuperset(map(type, obs.trick[:1]))):
            # card_points of the cards weighed below (these or the lead) read from its table
            pts = points_lookup(rules, trump).__getitem__
        else:
            pts = lambda c: card_points(c, trump, rules)
        if type(self).cost is RuleBot.cost:  # the cost below, with the same points
            cost = lambda c, o: RuleBot._cost(c, o, pts)
        else:  # a subclass's own cost
            cost = self.cost
        if not obs.trick:
            return self._lead(obs, legal, pts, cost)
        lead = obs.trick[0]
        win = [c for c in legal if trick_winner(lead, c, obs.trump, obs.rules) == 1]
        sp = obs.rules.special
        if lead.rank == Rank.ACE:  # the six is kept for exactly this
            six = [c for c in win if c.rank == sp and c.suit == lead.suit]
            if six:
                return six[0]
        if win:
            if pts(lead) > 0:
                return min(win, key=lambda c: (cost(c, obs), c.suit, c.rank))
            cheap = [c for c in win if pts(c) == 0 and c.suit == lead.suit]
            if cheap:
                return min(cheap, key=lambda c: c.rank)
        lose = [c for c in legal if c not in win] or legal
        return min(lose, key=lambda c: (pts(c), cost(c, obs), c.suit, c.rank))

    def _lead(self, obs, legal, pts, cost=None):
        sp = obs.rules.special
        cost = self.cost if cost is None else cost
        return min(legal, key=lambda c: (c.rank == sp, pts(c) > 0, c.suit == obs.trump, pts(c),
                                         cost(c, obs), c.suit, c.rank))
