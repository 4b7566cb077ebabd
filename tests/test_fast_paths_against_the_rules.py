"""The engine's fast paths checked against the rules (written to break them, commits 8b0efd4,
b737ebe, da6f95e):
interned cards with precomputed hash/order/index, observations built by filling a frozen
dataclass's ``__dict__``, the play check's shortcut for a lead or a card of the suit led,
shallow copies in clones and undo snapshots, Armenian Durak's points table kept by
identity, and the rule bots' cheaper decisions.

Every check is against an independent computation: the rules written out here (RULES.md
§1.5, §2.1, §3.1, §3.3), an observation's fields read from the state attribute by
attribute, a replay from the start, a fresh interpreter for hashes, or the bots'
decisions as first written (the reference bots of tests/test_engine_fast_paths.py)."""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import os
import pathlib
import pickle
import subprocess
import sys

import numpy as np
import pytest
from registry_games import every_game

from cardkit import Card, IllegalActionError, Rank, Suit, deck, parse_card
from cardkit.bots import RandomBot
from cardkit.games import armenian_durak as ad, variety, warsaw_hearts as wh
from cardkit.notation import format_cards
from cardkit.state import fast_copy

CARDS = deck(52)
VARIANTS = [(variety, {}), (variety, {"rules": variety.Rules(contract_values="halved_2_7", lead="left_of_dealer")}),
         (wh, {"players": 3}), (wh, {"players": 4}), (ad, {}), (ad, {"rules": ad.Rules(deck=52)}),
         (ad, {"rules": ad.Rules(deck=52, trump_six_double=True, draw_after="lead")})]
IDS = ["variety", "variety-halved", "wh3", "wh4", "durak36", "durak52", "durak52-double-lead"]
every_game({m.__name__.rsplit(".", 1)[1] for m, _kw in VARIANTS}, "VARIANTS")


def _states(module, seed, **kw):
    """Every state of one deal played by random bots (clones), in every phase."""
    s = module.new_deal(seed=seed, **kw)
    bots = [RandomBot(seed * 10 + k) for k in range(s.players)]
    out = [s.clone()]
    while not s.is_terminal():
        seat = s.current_player
        s.apply_action(bots[seat].act(s.observation(seat)))
        out.append(s.clone())
    return out


# ---- observations ---------------------------------------------------------------------

def _fields_read_from(state, seat):
    """An observation's fields read from the state one by one (RULES.md: what a seat sees)."""
    tricks = [t for t in state.tricks if t.winner is not None]
    open_trick = state.tricks[-1] if state.tricks and state.tricks[-1].winner is None else None
    f = dict(seat=seat, players=state.players, phase=state.phase, current_player=state.current_player,
             dealer=state.dealer, hand=tuple(state.hands[seat]),
             legal_actions=tuple(state.legal_actions()) if seat == state.current_player else (),
             trick_leader=None if open_trick is None else open_trick.leader,
             trick=() if open_trick is None else tuple(open_trick.cards),
             tricks=tuple((t.leader, tuple(t.cards), t.winner) for t in tricks),
             hand_sizes=tuple(len(h) for h in state.hands), rules=state.rules)
    if isinstance(state, variety.State):
        c = None if state.contract is None else variety.contracts(state.rules)[state.contract]
        f.update(trump=None if c is None else c.trump, lowest_wins=False if c is None else c.lowest_wins,
                 first_bidder=state.first_bidder, bids=tuple(state.bids), contract=state.contract,
                 declarers=state.declarers)
    elif isinstance(state, ad.State):
        f.update(trump=state.trump, lowest_wins=False, trump_card=state.trump_card,
                 face_up=tuple(tuple(u) for u in state.up),
                 face_down=tuple(tuple(0 if d is None else 1 for d in down) for down in state.down),
                 taken=tuple(tuple(t) for t in state.taken),
                 points=tuple(sum(ad.card_points(c, state.trump, state.rules) for c in t) for t in state.taken),
                 history=_durak_history_seen_by(state, seat))
    else:
        f.update(trump=None, lowest_wins=False)
    return f


def _durak_history_seen_by(state, seat):
    """The deal's actions as ``seat`` saw them, replayed from the start (RULES.md §3.2-§3.3):
    the trump draw, each card played (from a stack: which, and the face-down card it turns
    up), each draw (the card taken only for the seat's own)."""
    cur, out = state._restart(), []
    for a in state.history:
        p = cur.current_player
        if cur.phase == "draw":
            card = None if a.stack is None else cur.down[p][a.stack]
            out.append(ad.Seen(p, a, drawn=card if p == seat else None))
        elif cur.phase == "play" and a in cur.up[p]:
            i = cur.up[p].index(a)
            out.append(ad.Seen(p, a, i, cur.down[p][i]))
        else:
            out.append(ad.Seen(p, a))
        cur.apply_action(a)
    return tuple(out)


@pytest.mark.parametrize("module, kw", VARIANTS, ids=IDS)
def test_observations_hold_what_the_state_shows_and_behave_as_frozen_dataclasses(module, kw):
    phases = set()
    for seed in (11, 12):
        for state in _states(module, seed, **kw):
            phases.add(state.phase)
            for seat in range(state.players):
                obs = state.observation(seat)
                cls = type(obs)
                assert cls is module.Observation
                want = _fields_read_from(state, seat)
                assert set(want) == {f.name for f in dataclasses.fields(cls)}
                slow = cls(**want)
                assert obs == slow and hash(obs) == hash(slow) and repr(obs) == repr(slow)
                assert list(vars(obs)) == [f.name for f in dataclasses.fields(cls)]
                again = state.observation(seat)
                assert again == obs and vars(again) is not vars(obs)
        # the last state's observations, through the dataclass and copy machinery
        assert dataclasses.asdict(obs) == dataclasses.asdict(slow)
        assert dataclasses.replace(obs, seat=obs.seat) == obs
        moved = dataclasses.replace(obs, dealer=(obs.dealer + 1) % obs.players)
        assert moved != obs and moved.dealer != obs.dealer and obs.dealer == state.dealer
        for twin in (copy.copy(obs), copy.deepcopy(obs), pickle.loads(pickle.dumps(obs))):
            assert twin == obs and type(twin) is cls and hash(twin) == hash(obs)
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.seat = 0
        with pytest.raises(dataclasses.FrozenInstanceError):
            del obs.hand
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.extra = 1
    if module is ad:
        assert {"trump", "play", "over"} <= phases and ("draw" in phases or kw.get("rules") is None)
    elif module is variety:
        assert {"bidding", "play", "over"} <= phases


def test_an_observation_is_a_snapshot_not_a_view_of_the_state():
    s = variety.new_deal(seed=4)
    for b in (3, 3):
        s.apply_action(b)
    while s.phase == "bidding":
        s.apply_action(s.legal_actions()[0])
    seat = s.current_player
    before = s.observation(seat)
    copied = dataclasses.asdict(before)
    vars(s.observation(seat))["hand"] = ()  # a later observation's dict, changed by hand
    s.apply_action(s.legal_actions()[0])
    s.hands[seat].append(parse_card("AS"))
    assert dataclasses.asdict(before) == copied and len(before.hand) == 13


def test_a_subclass_observation_with_post_init_still_runs_it():
    from cardkit.state import _new_frozen

    seen = []

    @dataclasses.dataclass(frozen=True)
    class Checked(wh.Observation):
        def __post_init__(self):
            seen.append(self.seat)

    obs = wh.new_deal(seed=1).observation(2)
    values = {f.name: getattr(obs, f.name) for f in dataclasses.fields(wh.Observation)}
    made = _new_frozen(Checked, dict(values))
    assert type(made) is Checked and seen == [2] and vars(made) == values


# ---- cards ------------------------------------------------------------------------------

def test_card_hashes_are_the_tuple_hash_in_any_interpreter():
    code = ("from cardkit import deck; print([hash(c) for c in deck(52)]); "
            "print([hash((int(c.suit), int(c.rank))) for c in deck(52)])")
    root = pathlib.Path(__file__).resolve().parents[1]
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(root))
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True, cwd=root).stdout.split("\n")
        assert out[0] == out[1] == str([hash((int(c.suit), int(c.rank))) for c in CARDS])


def test_cards_compare_only_with_cards_and_sort_by_suit_then_rank():
    q = parse_card("QH")
    for other in (None, 5, (1, 12), "QH", 1.5, Suit.HEARTS):
        for op in ("__lt__", "__le__", "__gt__", "__ge__"):
            assert getattr(q, op)(other) is NotImplemented
        with pytest.raises(TypeError):
            _ = q < other
        with pytest.raises(TypeError):
            _ = q >= other
        assert (q == other) is False and (q != other) is True
    rng = np.random.default_rng(7)
    for _ in range(20):
        hand = [CARDS[i] for i in rng.permutation(52)[:13]]
        assert sorted(hand) == sorted(hand, key=lambda c: (int(c.suit), int(c.rank)))
        assert max(hand) == max(hand, key=lambda c: (int(c.suit), int(c.rank)))


def test_card_reinitialised_or_rebuilt_keeps_its_slots():
    q = parse_card("QH")
    h, i = hash(q), q.index
    Card.__init__(q, Suit.HEARTS, Rank.QUEEN)
    Card.__init__(q, 1, 12)  # ints on the interned card: converted back by __post_init__
    assert type(q.suit) is Suit and type(q.rank) is Rank and hash(q) == h and q.index == i == 15
    assert Card(1, 12) is q and Card(np.int64(1), np.int64(12)) is q
    assert dataclasses.replace(q, rank=Rank.KING) is parse_card("KH")
    assert dataclasses.astuple(q) == (Suit.HEARTS, Rank.QUEEN) and dataclasses.asdict(q) == {
        "suit": Suit.HEARTS, "rank": Rank.QUEEN}
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps([q, q, CARDS[0]], proto)) == [q, q, CARDS[0]]
        assert pickle.loads(pickle.dumps(q, proto)) is q
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.rank = Rank.KING
    assert not hasattr(q, "__dict__")


def test_a_card_pickled_by_the_code_before_session_11_loads_as_the_interned_card():
    # pickle.dumps([parse_card('QH'), parse_card('2C'), parse_card('QH')], 4) before 8b0efd4
    old = (b"\x80\x04\x952\x00\x00\x00\x00\x00\x00\x00]\x94(\x8c\rcardkit.cards\x94\x8c\x04Card\x94"
           b"\x93\x94K\x01K\x0c\x86\x94R\x94h\x03K\x03K\x02\x86\x94R\x94h\x05e.")
    cards = pickle.loads(old)
    assert cards[0] is parse_card("QH") and cards[1] is parse_card("2C") and cards[2] is cards[0]
    assert cards[1].index == 51 and hash(cards[0]) == hash((Suit.HEARTS, Rank.QUEEN))


# ---- the play check ---------------------------------------------------------------------

def _legal_by_rules(state):
    """The cards the current player may play, RULES.md §1.5/§2.1 (follow suit if able) and
    §3.3 (Armenian Durak: the suit led or a trump, from the hand or face-up cards)."""
    seat = state.current_player
    playable = list(state.hands[seat])
    if isinstance(state, ad.State):
        playable += [c for c in state.up[seat] if c is not None]
    led = state.tricks[-1].cards[0].suit if state.tricks[-1].cards else None
    if led is None:
        return playable, playable
    if isinstance(state, ad.State):
        follow = [c for c in playable if c.suit in (led, state.trump)]
    else:
        follow = [c for c in playable if c.suit == led]
    return playable, follow or playable


def _message_by_rules(state, card, playable, legal):
    seat = state.current_player
    if isinstance(state, ad.State):
        led = state.tricks[-1].cards[0].suit if state.tricks[-1].cards else None
        if card in playable:
            need = "a trump" if led == state.trump else f"a {led.symbol} or a trump ({state.trump.symbol})"
            return (f"{card} cannot be played: {led.symbol} was led, so play {need}: you have "
                    f"{format_cards(legal)} (RULES.md §3.3)")
        return None  # the reason (face down, played, the other seat's) is checked apart
    if card in playable:
        led = state.tricks[-1].cards[0].suit
        return f"must follow {led.symbol}: you hold {format_cards(legal)}, so {card} cannot be played"
    return f"{card} is not in seat {seat}'s hand: it holds {format_cards(playable)}"


@pytest.mark.parametrize("module, kw", VARIANTS, ids=IDS)
def test_every_card_is_accepted_or_refused_by_the_rules_with_their_message(module, kw):
    for state in _states(module, 21, **kw)[::2]:
        if state.phase != "play":
            continue
        playable, legal = _legal_by_rules(state)
        before = state.to_json()
        for card in CARDS:
            s = state.clone()
            if card in legal:
                s.apply_action(card)
                assert s.history[-1] is card
                continue
            with pytest.raises(IllegalActionError) as err:
                s.apply_action(card)
            want = _message_by_rules(state, card, playable, legal)
            if want is not None:
                assert str(err.value) == want
            else:
                assert str(err.value).startswith(f"{card} cannot be played: ")
                assert str(err.value).endswith(f"seat {state.current_player} may play from its hand or its "
                                               f"face-up cards: {format_cards(playable)} (RULES.md §3.3)")
            assert s.to_json() == before
        assert state.to_json() == before


def test_hand_edited_states_are_checked_as_the_hands_and_trick_show():
    s = variety.new_deal(seed=8)
    for b in (2, 2):
        s.apply_action(b)
    while s.phase == "bidding":
        s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    seat = s.current_player
    led = s.tricks[-1].cards[0].suit
    # a card of the suit led that another seat holds: not this player's
    theirs = next(c for c in CARDS if c.suit == led and c not in s.hands[seat] and c not in s.tricks[-1].cards)
    with pytest.raises(IllegalActionError, match=f"^{theirs} is not in seat {seat}'s hand"):
        s.clone().apply_action(theirs)
    # put into the hand by hand: now it may follow
    t = s.clone()
    t.hands[seat].append(theirs)
    t.apply_action(theirs)
    assert t.tricks[-1].cards[-1] is theirs and theirs not in t.hands[seat]
    # the card led changed by hand: the check follows the new suit
    u = s.clone()
    new_led = next(x for x in Suit if x != led and any(c.suit == x for c in u.hands[seat])
                   and any(c.suit != x for c in u.hands[seat]))
    u.tricks[-1].cards[0] = next(c for c in CARDS if c.suit == new_led and c not in u.hands[seat])
    for c in list(u.hands[seat]):
        if c.suit == new_led:
            u.clone().apply_action(c)
        else:
            with pytest.raises(IllegalActionError, match=f"^must follow {new_led.symbol}"):
                u.clone().apply_action(c)


@pytest.mark.parametrize("module, kw", VARIANTS, ids=IDS)
def test_a_card_not_held_is_refused_before_the_legal_cards_are_listed(module, kw):
    """A broken state (the open trick removed by hand) still refuses a card the player does
    not hold with the game's message, as before the shortcut: only a held card needs the
    trick (and fails on it as before)."""
    state = next(s for s in _states(module, 5, **kw) if s.phase == "play")
    state.tricks = state.tricks[:-1]
    seat = state.current_player
    playable = list(state.hands[seat])
    if module is ad:
        playable += [c for c in state.up[seat] if c is not None]
    for card in CARDS:
        if card in playable:
            continue
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(card)
        if module is ad:
            assert str(err.value).endswith(f"face-up cards: {format_cards(playable)} (RULES.md §3.3)")
        else:
            assert str(err.value) == f"{card} is not in seat {seat}'s hand: it holds {format_cards(playable)}"


# ---- copies and undo ----------------------------------------------------------------------

def test_fast_copy_copies_every_mutable_level():
    c = parse_card("QH")
    flat = [c, 1, "x", None, (c,)]
    assert fast_copy(flat) == flat and fast_copy(flat) is not flat
    nested = [[c], {"a": [c]}, {1, 2}]
    twin = fast_copy(nested)
    twin[0].append(c)
    twin[1]["a"].append(c)
    twin[2].add(3)
    assert nested == [[c], {"a": [c]}, {1, 2}]
    d = {"k": [c], "n": 1}
    e = fast_copy(d)
    e["k"].append(c)
    assert d == {"k": [c], "n": 1}
    shallow = {"a": 1, "b": c}
    assert fast_copy(shallow) == shallow and fast_copy(shallow) is not shallow


@pytest.mark.parametrize("module, kw", VARIANTS, ids=IDS)
def test_clones_and_undo_share_nothing_mutable(module, kw):
    s = module.new_deal(seed=31, **kw)
    rng = np.random.default_rng(31)
    for _ in range(40):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
    original = s.to_json()
    obs = [s.observation(k) for k in range(s.players)]
    twin = s.clone()
    # mutate every list in the twin (and the tricks' card lists), then play it out
    for value in vars(twin).values():
        if type(value) is list:
            for item in value:
                if type(item) is list:
                    item.append(parse_card("AS"))
    for t in twin.tricks:
        t.cards.append(parse_card("AS"))
    assert s.to_json() == original and [s.observation(k) for k in range(s.players)] == obs
    # the original plays on and undoes: the clone's snapshots are not touched
    other = s.clone()
    while not other.is_terminal():
        legal = other.legal_actions()
        other.apply_action(legal[int(rng.integers(len(legal)))])
    n = len(other.history)
    other.undo_to(len(s.history))
    assert other.to_json() == original and [other.observation(k) for k in range(s.players)] == obs
    # undo step by step back to the start equals a fresh deal replayed
    for k in (len(s.history) - 1, 17, 3, 0):
        if k < 0:
            continue
        s.undo_to(k)
        fresh = module.new_deal(seed=31, **kw)
        for a in s.history:
            fresh.apply_action(a)
        assert s.to_json() == fresh.to_json() and str(s) == str(fresh)
        assert [s.observation(j) for j in range(s.players)] == [fresh.observation(j) for j in range(s.players)]
    assert n >= len(obs)


# ---- Armenian Durak's points table --------------------------------------------------------

def test_durak_points_follow_each_deal_when_deals_of_equal_or_other_rules_alternate():
    points = {Rank.ACE: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    variants = [ad.Rules(deck=52, trump_six_double=True), ad.Rules(deck=52, trump_six_double=True),
                ad.Rules(trump_six_double=True), ad.Rules()]
    assert variants[0] == variants[1] and variants[0] is not variants[1]
    deals = [ad.new_deal(seed=40 + k, rules=r) for k, r in enumerate(variants)]
    bots = [ad.RuleBot(k) for k in range(2)]
    rng = np.random.default_rng(3)
    while not all(d.is_terminal() for d in deals):
        d = deals[int(rng.integers(len(deals)))]
        if d.is_terminal():
            continue
        d.apply_action(bots[d.current_player].act(d.observation(d.current_player)))
        special = d.rules.special
        want = [sum(6 * (2 if d.rules.trump_six_double and c.suit == d.trump else 1) if c.rank == special
                    else points.get(c.rank, 0) for c in t) for t in d.taken]
        assert d.points() == want and list(d.observation(0).points) == want


# ---- rule bots ----------------------------------------------------------------------------

def _references():
    spec = importlib.util.spec_from_file_location(
        "_fast_paths_references", pathlib.Path(__file__).with_name("test_engine_fast_paths.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod._VarietyReference, mod._DurakReference


def test_rule_bots_decide_as_first_written_in_states_random_play_reaches():
    """Decisions asked in states reached by random play (not only the bots' own), other seeds
    and every rule variant of the references' test."""
    var_ref, durak_ref = _references()
    cases = [(variety, variety.Rules(contract_values="halved_2_7"), variety.RuleBot, var_ref),
             (variety, variety.Rules(lead="left_of_dealer", tie="no_bonus"), variety.RuleBot, var_ref),
             (ad, ad.Rules(draw_after="lead"), ad.RuleBot, durak_ref),
             (ad, ad.Rules(deck=52), ad.RuleBot, durak_ref),
             (ad, ad.Rules(trump_six_double=True), ad.RuleBot, durak_ref)]
    asked = 0
    for module, rules, bot, ref in cases:
        for seed in range(500, 512):
            s = module.new_deal(seed=seed, rules=rules)
            rng = np.random.default_rng(seed)
            while not s.is_terminal():
                seat = s.current_player
                obs = s.observation(seat)
                if s.phase == "play":
                    assert bot(seed).act(obs) == ref(seed).act(obs), (s.to_json(), seat)
                    asked += 1
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.integers(len(legal)))])
    assert asked > 500


def test_durak_rule_bot_subclass_cost_is_still_used():
    _, durak_ref = _references()

    def reverse_cost(card, obs):
        return -float(card.rank)

    class Mine(ad.RuleBot):
        cost = staticmethod(reverse_cost)

    class MineRef(durak_ref):
        cost = staticmethod(reverse_cost)

    differs = 0
    for seed in range(8):
        s = ad.new_deal(seed=seed)
        while not s.is_terminal():
            obs = s.observation(s.current_player)
            a = Mine(seed).act(obs)
            assert a == MineRef(seed).act(obs)
            differs += s.phase == "play" and a != ad.RuleBot(seed).act(obs)
            s.apply_action(a)
    assert differs > 0  # the subclass's cost changed some decisions
