"""Variety's rule bot (RULES.md §1): :class:`RuleBot` and the hand evaluation it bids from.

The rules live in :mod:`cardkit.games.variety`, which re-exports these names
(``cardkit.games.variety.RuleBot``) lazily; the bot reads the game only through the
observation of its own seat (STYLE.md rule 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from cardkit.core.bots import TrickBot
from cardkit.core.cards import HIGH_CARD_POINTS, Card, Rank, Suit, deck
from cardkit.core.errors import StateError
from cardkit.core.tricks import winning_index

from .variety import BLACK_JT, PLAYERS, RED_JT, Contract, Observation, contracts

__all__ = ["RuleBot", "hand_evaluation", "bid_reason"]


_DECK = frozenset(deck(52))
#: ``card.index`` (its place in deck(52)), read from the slot it is kept in
_INDEX = attrgetter("_index")

_HCP = HIGH_CARD_POINTS


def hand_evaluation(hand: Sequence[Card]) -> dict[int, float]:
    """A quick estimate of how much each contract suits a hand (higher is better), with the
    reasons a player might give at the table. Used by :class:`RuleBot` to bid.

    :returns: contract number -> score (arbitrary units, comparable across contracts).
    """
    by = {s: [c for c in hand if c.suit == s] for s in Suit}
    hcp = sum(_HCP.get(c.rank, 0) for c in hand)
    low = sum(1 for c in hand if c.rank <= Rank.SIX)
    aces = sum(1 for c in hand if c.rank == Rank.ACE)
    strong = lambda s: sum(_HCP.get(c.rank, 0) for c in by[s])
    S, H, D, C = Suit
    reds = len(by[H]) + len(by[D])
    ev = {
        1: (hcp - 10) * 0.9 + aces,
        2: (hcp - 10) * 0.6 + (len(by[C]) - 3.25) * 1.6 + strong(C) * 0.5,
        3: (len(by[H]) - 3.25) * 1.7 + strong(H) * 0.5 + strong(S) * 0.5 + (len(by[S]) - 3) * 0.3 + (hcp - 10) * 0.3,
        4: (len(by[D]) - 3.25) * 1.6 + strong(D) * 0.4 + (reds - 6.5) * 0.9 + (hcp - 10) * 0.2,
        5: (len(by[S]) - 3.25) * 1.3 + strong(S) * 0.4
           + sum(3 if c in BLACK_JT else -2 if c in RED_JT else 0 for c in hand),
        6: (sum(1 for c in by[C] if c.rank <= Rank.SEVEN) - 1.5) * 2.0 + (reds - 6.5) * 0.3 + (low - 4) * 0.4,
        7: (len(by[S]) - 3.25) * 1.2 + strong(S) * 0.4 - strong(C) * 0.6 + (3.25 - len(by[C])) * 0.6,
        8: (10 - hcp) * 0.8 + (low - 4) * 0.6,
    }
    return ev


def bid_reason(contract: int, hand: Sequence[Card]) -> str:
    by = {s: [c for c in hand if c.suit == s] for s in Suit}
    hcp = sum(_HCP.get(c.rank, 0) for c in hand)
    n = lambda s: len(by[s])
    S, H, D, C = Suit
    aces = sum(1 for c in hand if c.rank == Rank.ACE)
    kings = sum(1 for c in hand if c.rank == Rank.KING)
    return {
        1: f"I hold {aces} ace{'s' if aces != 1 else ''} and {kings} king{'s' if kings != 1 else ''}",
        2: f"I hold {n(C)} clubs",
        3: f"I hold {n(H)} hearts and {n(S)} spades",
        4: f"I hold {n(D)} diamonds and {n(H) + n(D)} red cards",
        5: "I like the black jacks and tens",
        6: f"I hold {sum(1 for c in by[C] if c.rank <= Rank.SEVEN)} low clubs",
        7: f"I hold only {n(C)} clubs",
        8: f"my cards are low: {hcp} high-card points",
    }[contract]


class RuleBot(TrickBot):
    """A rule-based Variety player (RULES.md §1), acting from its observation only.

    Bidding: ranks the contracts with :func:`hand_evaluation`; repeats a number another
    player named when it is among its best (that ends the bidding and makes it a
    declarer), else names its best number not yet named by anybody; says why in
    ``remark`` ("I bid 4: I hold five diamonds"), as the rules allow during bidding.

    Play: values each trick by the contract's table (a trick's worth to the side that
    takes it); wins valuable tricks as cheaply as it can, ducks costly ones, gives
    valuable cards to its partner's tricks and costly cards to the opponents' tricks.
    """

    name = "rule"

    def act(self, obs: Observation):
        self.remark = None
        if obs.phase == "bidding":
            return self._bid(obs)
        return self._play(obs)

    # bidding
    def _bid(self, obs: Observation) -> int:
        ev = hand_evaluation(obs.hand)
        legal = list(obs.legal_actions)
        ranked = sorted(legal, key=lambda n: -ev[n])
        others = {b for i, b in enumerate(obs.bids) if (obs.first_bidder + i) % PLAYERS != obs.seat}
        named = set(obs.bids)
        best = ev[ranked[0]]
        # Repeat another player's number if it is nearly as good as our best.
        repeat = [n for n in ranked if n in others and ev[n] >= best - 1.5 - 0.5 * (len(obs.bids) // PLAYERS)]
        if repeat:
            choice = repeat[0]
        else:
            fresh = [n for n in ranked if n not in named]
            choice = fresh[0] if fresh else ranked[0]
        # small randomness among near-equal fresh choices keeps bots from being predictable
        self.remark = f"I bid {choice}: {bid_reason(choice, obs.hand)}"
        return choice

    # play
    def _trick_value(self, c: Contract, cards: Sequence[Card]) -> float:
        v: float = c.per_trick + sum(map(c.card_values.__getitem__, map(_INDEX, cards)))  # cards' .index
        if c.majority:
            v += c.majority / 7.0
        return v

    def _play(self, obs: Observation) -> Card:
        if obs.contract is None or obs.declarers is None:
            raise StateError("the play has not begun: the bidding is still on (RULES.md §1.3)")
        c = contracts(obs.rules)[obs.contract]
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        mine = (set(obs.declarers) if obs.seat in obs.declarers
                else {s for s in range(PLAYERS) if s not in obs.declarers})
        seen = set(obs.hand) | {x for t in obs.tricks for x in t[1]} | set(obs.trick)
        # the cards of deck(52) not seen; their order is not read below (a sum of ints and
        # each suit's highest rank), and a difference of sets hashes no card again
        unseen = _DECK - seen
        lowest = c.lowest_wins
        # strength in play order terms: higher is stronger
        strong = (lambda x: -x.rank) if lowest else (lambda x: x.rank)
        trick = list(obs.trick)
        to_play_after = PLAYERS - 1 - len(trick)
        avg = (sum(map(c.card_values.__getitem__, map(_INDEX, unseen))) / len(unseen)) if unseen else 0.0
        # whether some unseen card beats a card (``_beats``): if one does, the strongest
        # unseen card of its suit (highest; lowest in contract 6) does, so only those (at
        # most four) are tested
        strongest: dict[Suit, Card] = {}
        for u in unseen:
            e = strongest.get(u.suit)
            if e is None or (u.rank < e.rank if lowest else u.rank > e.rank):
                strongest[u.suit] = u
        best, best_score = legal[0], None
        for card in legal:
            cards = trick + [card]
            winner = self.winning_seat(obs, cards)
            value = self._trick_value(c, cards) + avg * to_play_after
            if winner in mine:
                if to_play_after == 0:
                    p = 1.0
                else:
                    wcard = cards[winning_index(cards, c.trump, lowest=lowest)]
                    beaten = any(self._beats(c, u, wcard, cards[0].suit) for u in strongest.values())
                    p = 1.0 if not beaten else (0.75 if winner != obs.seat and len(trick) >= 2 else 0.35)
            else:
                p = 0.0
            score = (2 * p - 1) * value
            # keep strong cards when it costs nothing; spend a valuable card where it scores
            score -= 0.02 * strong(card)
            score += 0.3 * c.card_values[card.index] * (1 if winner in mine else -1) * (1 if p >= 0.5 else 0.5)
            if best_score is None or score > best_score:
                best, best_score = card, score
        return best

    @staticmethod
    def _beats(c: Contract, u: Card, w: Card, led: Suit) -> bool:
        """Would ``u``, played next, take the trick from ``w``, the card winning it so far
        (the engine's :func:`~cardkit.core.tricks.winning_index` on the two)?"""
        return winning_index((w, u), c.trump, lowest=c.lowest_wins) == 1


# Older private names of the public ones above, for code written before they were public.
_reason = bid_reason
