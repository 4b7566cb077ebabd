"""The engines' fast paths (session 11: a bot-played deal in less CPU) give exactly what the
general code gives: card hashes and order, observations built without the dataclass's
``__init__``, Armenian Durak's trick winner and card points, the trick play checks.

Each fast path is compared with an independent computation (the tuple a dataclass would
hash or compare, ``Observation(**fields)``, the rules of RULES.md §3.1 written out here),
over every card, trump and rule variant, so a fast path that drifted would fail."""

from __future__ import annotations

import copy
import itertools
import pickle
from dataclasses import fields

import numpy as np
import pytest

from cardkit import Card, CardkitError, IllegalActionError, NotationError, Rank, Suit, deck, parse_card
from cardkit.bots import RandomBot
from cardkit.games import armenian_durak as ad, variety, warsaw_hearts
from cardkit.state import _FROZEN_FIELDS, _new_frozen

CARDS = deck(52)


def test_card_hash_is_the_dataclass_tuple_hash():
    for c in CARDS:
        assert hash(c) == hash((c.suit, c.rank)) == hash((int(c.suit), int(c.rank)))
    assert {hash(c) for c in CARDS}.__len__() == 52


def test_card_order_is_suit_then_rank():
    for a, b in itertools.product(CARDS, repeat=2):
        ta, tb = (int(a.suit), int(a.rank)), (int(b.suit), int(b.rank))
        assert (a < b, a <= b, a > b, a >= b) == (ta < tb, ta <= tb, ta > tb, ta >= tb)
    with pytest.raises(TypeError):
        _ = CARDS[0] < (0, 14)
    assert [f.name for f in fields(Card)] == ["suit", "rank"]
    assert [c.index for c in CARDS] == list(range(52))
    shuffled = [CARDS[i] for i in np.random.default_rng(1).permutation(52)]
    assert sorted(shuffled) == sorted(shuffled, key=lambda c: (int(c.suit), int(c.rank)))


def test_card_copies_and_pickles_are_the_interned_card():
    c = parse_card("QH")
    assert pickle.loads(pickle.dumps(c)) is c and copy.deepcopy(c) is c
    assert Card(Suit.HEARTS, Rank.QUEEN) is c and Card(1, 12) is c
    assert repr(c) == "Card('QH')" and str(c) == "Q♥"


def _played(module, seed, **kw):
    """Observations of every seat at every step of one deal played by random bots."""
    state = module.new_deal(seed=seed, **kw)
    bots = [RandomBot(seed + k) for k in range(state.players)]
    out = []
    while not state.is_terminal():
        out += [state.observation(s) for s in range(state.players)]
        seat = state.current_player
        state.apply_action(bots[seat].act(state.observation(seat)))
    out += [state.observation(s) for s in range(state.players)]
    return out


@pytest.mark.parametrize("module, kw", [(variety, {}), (warsaw_hearts, {"players": 3}),
                                        (warsaw_hearts, {"players": 4}), (ad, {}),
                                        (ad, {"rules": ad.Rules(deck=52)})])
def test_observations_equal_those_the_dataclass_init_builds(module, kw):
    for seed in range(3):
        for obs in _played(module, seed, **kw):
            cls = type(obs)
            assert cls is module.Observation and _FROZEN_FIELDS[cls]  # built by the fast path
            values = {f.name: getattr(obs, f.name) for f in fields(cls)}
            slow = cls(**values)
            assert obs == slow and hash(obs) == hash(slow) and repr(obs) == repr(slow)
            assert list(vars(obs)) == list(vars(slow)) and vars(obs) == vars(slow)
            assert pickle.loads(pickle.dumps(obs)) == obs
            with pytest.raises(AttributeError):
                obs.seat = 3  # still frozen


def test_new_frozen_leaves_other_field_orders_to_the_class():
    obs = _played(warsaw_hearts, 1, players=4)[5]
    values = {f.name: getattr(obs, f.name) for f in fields(type(obs))}
    shuffled = dict(reversed(list(values.items())))
    assert _new_frozen(type(obs), shuffled) == obs
    with pytest.raises(TypeError):
        _new_frozen(type(obs), {**values, "extra": 1})
    del values["rules"]
    with pytest.raises(TypeError):
        _new_frozen(type(obs), values)


def _winner_by_rules(lead, reply, trump, rules):
    """RULES.md §3.1 and §3.3, written out: 1 when the reply wins."""
    special = Rank.TWO if rules.deck == 52 else Rank.SIX
    if reply.suit == lead.suit:
        if reply.rank == special:
            return int(lead.rank == Rank.ACE)
        if lead.rank == special:
            return int(reply.rank != Rank.ACE)
        return int(reply.rank > lead.rank)
    return int(reply.suit == trump)


@pytest.mark.parametrize("rules", [None, ad.Rules(), ad.Rules(deck=52), ad.Rules(trump_six_double=True)])
def test_durak_trick_winner_fast_path_and_text_path_agree(rules):
    r = rules or ad.Rules()
    for trump in (None, *Suit):
        for lead, reply in itertools.product(CARDS, repeat=2):
            if lead is reply:
                continue
            want = _winner_by_rules(lead, reply, trump, r)
            assert ad.trick_winner(lead, reply, trump, rules) == want
            if lead.rank in (Rank.ACE, Rank.SIX, Rank.TWO) and reply.suit in (lead.suit, trump):
                text_trump = None if trump is None else trump.letter
                assert ad.trick_winner(lead.code, reply.code, text_trump, rules) == want


def test_durak_card_points_follow_the_rules_and_trump_asked():
    # one table remembered between calls: switching rules or trump must not keep the old one
    points = {Rank.ACE: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    rng = np.random.default_rng(0)
    variants = [ad.Rules(), ad.Rules(deck=52), ad.Rules(trump_six_double=True),
                ad.Rules(deck=52, trump_six_double=True), ad.Rules(trump_six_double=True)]
    for _ in range(400):
        rules = variants[int(rng.integers(len(variants)))]
        trump = [None, *Suit][int(rng.integers(5))]
        c = CARDS[int(rng.integers(52))]
        special = Rank.TWO if rules.deck == 52 else Rank.SIX
        want = (6 * (2 if rules.trump_six_double and c.suit == trump else 1) if c.rank == special
                else points.get(c.rank, 0))
        assert ad.card_points(c, trump, rules) == want
    with pytest.raises(CardkitError):
        ad.card_points(CARDS[0], None, variety.Rules())


def test_a_checked_card_is_refused_with_the_same_messages():
    s = warsaw_hearts.new_deal(players=4, seed=3)
    seat = s.current_player
    s.apply_action(s.legal_actions()[0])
    led = s.tricks[-1].cards[0].suit
    mine = s.hands[s.current_player]
    other = next(c for c in deck(36) if c not in mine)
    with pytest.raises(IllegalActionError, match="is not in seat"):
        s.apply_action(other)
    off = [c for c in mine if c.suit != led]
    if off and any(c.suit == led for c in mine):
        with pytest.raises(IllegalActionError, match="must follow"):
            s.apply_action(off[0])
    with pytest.raises(IllegalActionError, match="is not a card"):
        s._check_play(3)
    assert len(s.history) == 1 and seat is not None


def test_variety_parse_action_passes_cards_and_bids_through():
    s = variety.new_deal(seed=2)
    c = s.hands[0][0]
    assert s.parse_action(c) is c and s.parse_action(5) == 5 and s.parse_action(np.int64(5)) == 5
    assert s.parse_action("5") == 5
    for bad in (True, c.code, 5.0):
        with pytest.raises(NotationError):
            s.parse_action(bad)
    for b in (1, 2, 3, 1):
        s.apply_action(b)
    with pytest.raises(IllegalActionError):
        s.parse_action(4)
    assert s.parse_action(c) is c and s.parse_action(c.code) is c


# ---- the rule bots decide as before: their play written as it was before session 11 --------

class _VarietyReference(variety.RuleBot):
    """Variety's RuleBot with its card play as first written: every unseen card tested
    with ``_beats`` (the bot now reads each suit's highest unseen rank)."""

    def _play(self, obs):
        from cardkit.tricks import winning_index
        c = variety.contracts(obs.rules)[obs.contract]
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        mine = (set(obs.declarers) if obs.seat in obs.declarers
                else {s for s in range(4) if s not in obs.declarers})
        seen = set(obs.hand) | {x for t in obs.tricks for x in t[1]} | set(obs.trick)
        unseen = [x for x in deck(52) if x not in seen]
        lowest = c.lowest_wins
        strong = (lambda x: -x.rank) if lowest else (lambda x: x.rank)
        trick = list(obs.trick)
        to_play_after = 3 - len(trick)
        avg = (sum(c.card_values[x.index] for x in unseen) / len(unseen)) if unseen else 0.0
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
                    beaters = [u for u in unseen if self._beats(c, u, wcard, cards[0].suit)]
                    p = 1.0 if not beaters else (0.75 if winner != obs.seat and len(trick) >= 2 else 0.35)
            else:
                p = 0.0
            score = (2 * p - 1) * value - 0.02 * strong(card)
            score += 0.3 * c.card_values[card.index] * (1 if winner in mine else -1) * (1 if p >= 0.5 else 0.5)
            if best_score is None or score > best_score:
                best, best_score = card, score
        return best


class _DurakReference(ad.RuleBot):
    """Armenian Durak's RuleBot as first written: every card's points from card_points."""

    def act(self, obs):
        legal = list(obs.legal_actions)
        if len(legal) == 1 or obs.phase != "play":
            return super().act(obs)
        pts = lambda c: ad.card_points(c, obs.trump, obs.rules)
        sp = obs.rules.special
        if not obs.trick:
            return min(legal, key=lambda c: (c.rank == sp, pts(c) > 0, c.suit == obs.trump, pts(c),
                                             self.cost(c, obs), c.suit, c.rank))
        lead = obs.trick[0]
        win = [c for c in legal if ad.trick_winner(lead, c, obs.trump, obs.rules) == 1]
        if lead.rank == Rank.ACE:
            six = [c for c in win if c.rank == sp and c.suit == lead.suit]
            if six:
                return six[0]
        if win:
            if pts(lead) > 0:
                return min(win, key=lambda c: (self.cost(c, obs), c.suit, c.rank))
            cheap = [c for c in win if pts(c) == 0 and c.suit == lead.suit]
            if cheap:
                return min(cheap, key=lambda c: c.rank)
        lose = [c for c in legal if c not in win] or legal
        return min(lose, key=lambda c: (pts(c), self.cost(c, obs), c.suit, c.rank))


def _same_decisions(state, bots, references):
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        action = bots[seat].act(obs)
        assert action == references[seat].act(obs), (state.to_json(), seat)
        state.apply_action(action)
        decisions += 1
    return decisions


def test_variety_rule_bot_plays_as_before():
    for seed in range(120):
        s = variety.new_deal(seed=seed, dealer=seed % 4)
        if seed % 2:  # every contract, forced: the bots would rarely choose some (7 and 6)
            s.apply_action(1 + seed // 2 % 8)
            s.apply_action(1 + seed // 2 % 8)
        _same_decisions(s, [variety.RuleBot(k) for k in range(4)], [_VarietyReference(k) for k in range(4)])


@pytest.mark.parametrize("rules", [ad.Rules(), ad.Rules(deck=52, trump_six_double=True)], ids=["36", "52-double"])
def test_durak_rule_bot_plays_as_before(rules):
    for seed in range(150):
        s = ad.new_deal(seed=seed, dealer=seed % 2, rules=rules)
        _same_decisions(s, [ad.RuleBot(seed), ad.RuleBot(seed + 1)], [_DurakReference(seed), _DurakReference(seed + 1)])


@pytest.mark.parametrize("module, kw", [(variety, {}), (warsaw_hearts, {"players": 3}), (ad, {}),
                                        (ad, {"rules": ad.Rules(deck=52, draw_after="lead")})])
def test_the_check_accepts_exactly_the_legal_cards(module, kw):
    """apply_action's check (a card of the suit led or a lead accepted without listing the
    legal cards) agrees with legal_actions() on every card of the deck at every step."""
    for seed in range(4):
        s = module.new_deal(seed=seed, **kw)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if s.phase == "play":
                assert sorted(c for c in CARDS if s.is_legal(c)) == sorted(legal)
            s.apply_action(legal[int(rng.integers(len(legal)))])
