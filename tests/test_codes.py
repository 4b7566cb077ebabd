"""Deal codes (cardkit/codes.py): round trips, the documented examples, bad codes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cardkit import CardkitError, NotationError, deck, parse_hand
from cardkit.codes import (GAMES, code_from_query, deal_code, deal_from_code, decode_places,
                           encode_places, parse_deal_code)
from cardkit.games import armenian_durak as D, variety

V_RULES = [variety.Rules(lead=l, contract_values=c, tie=t)
           for l, c, t in itertools.product(("left_of_first_namer", "left_of_first_bidder", "left_of_dealer"),
                                            ("seed", "halved_2_7"), ("declarers_lose", "no_bonus"))]


def test_seed_code_gives_the_engines_seeded_deal():
    # The documented meaning: V-4821 is new_deal(seed=4821) with dealer 4821 % 4 == 1.
    s = deal_from_code("V-4821")
    ref = variety.new_deal(seed=4821, dealer=1)
    assert s.initial_hands == ref.initial_hands
    assert s.dealer == 1 and s.phase == "bidding" and s.history == []
    assert s.rules == variety.Rules()


def test_documented_examples():
    spec = parse_deal_code("V-4821-L2")
    assert (spec.game, spec.seed, spec.dealer) == ("variety", 4821, 1)
    assert spec.rules.lead == "left_of_dealer"
    assert parse_deal_code("V-4821-D3").dealer == 3
    assert deal_code("variety", seed=4821) == "V-4821"
    assert deal_code("V", seed=4821, dealer=3, rules=variety.Rules(tie="no_bonus")) == "V-4821-D3-T1"


def test_codes_are_forgiving_to_read():
    want = parse_deal_code("V-4821-D3-L1")
    for text in ["v-4821-d3-l1", " V 4821 D3 L1 ", "V_4821_L1_D3", "V-04821-D3-L1"]:
        assert parse_deal_code(text) == want
    # and canonical to write
    assert deal_code(parse_deal_code("v 04821 l1 d3")) == "V-4821-D3-L1"


@pytest.mark.parametrize("rules", V_RULES, ids=lambda r: f"{r.lead}-{r.contract_values}-{r.tie}")
def test_variety_round_trip_every_rules_variant(rules):
    for seed, dealer in [(0, 0), (4821, 2), (999_999_999_999, 3)]:
        code = deal_code("variety", seed=seed, dealer=dealer, rules=rules)
        spec = parse_deal_code(code)
        assert (spec.seed, spec.dealer, spec.rules) == (seed, dealer, rules)
        state = deal_from_code(code)
        # cards form of the same deal (the default for a state is the seed form it keeps)
        assert deal_code(state) == code
        xcode = deal_code(state, form="cards")
        assert xcode.startswith("V-X")
        again = deal_from_code(xcode)
        assert again.initial_hands == state.initial_hands
        assert again.dealer == dealer and again.rules == rules
        assert deal_code(again) == xcode == deal_code(again, form="cards")  # no seed: cards form


def test_cards_form_of_hand_built_deals():
    hands = ["AK73.AQ5.KJ4.AQ9", "QJT9.KJ.AQ9.KJT8", "8654.T987.T8.765", "2.6432.7653.432"]
    # not a valid deal as written (duplicates); build a real one by moving cards
    rng = np.random.default_rng(5)
    for _ in range(300):
        perm = rng.permutation(52)
        cards = deck(52)
        hands = [[cards[i] for i in perm[13 * s:13 * s + 13]] for s in range(4)]
        state = variety.new_deal(hands, dealer=int(rng.integers(4)))
        code = deal_code(state)
        assert len(code.split("-")[1]) == 22  # X + 20 base32 characters + 1 check
        back = deal_from_code(code)
        assert back.initial_hands == state.initial_hands and back.dealer == state.dealer


def test_extreme_deals_encode():
    cards = deck(52)
    # all spades to seat 0 ... (rank 0) and the reverse (the largest rank)
    first = [cards[13 * s:13 * s + 13] for s in range(4)]
    last = list(reversed(first))
    c1 = encode_places(first, cards)
    c2 = encode_places(last, cards)
    assert c1[:-1] == "A" * 20
    assert decode_places(c1, cards, [13] * 4) == first
    assert decode_places(c2, cards, [13] * 4) == last


def test_encode_is_a_bijection_on_a_small_deck():
    # 6 cards into places of sizes 3, 2, 1: 6!/(3!2!1!) = 60 distinct codes, all decoded back
    cards = deck(52)[:6]
    seen = set()
    for perm in itertools.permutations(range(6)):
        places = [sorted(cards[i] for i in perm[:3]), sorted(cards[i] for i in perm[3:5]), [cards[perm[5]]]]
        code = encode_places(places, cards)
        seen.add(code)
        assert [sorted(p) for p in decode_places(code, cards, [3, 2, 1])] == places
    assert len(seen) == 60


@pytest.mark.parametrize("code, words", [
    ("", "expected a game letter"),
    ("V", "expected a game letter"),
    ("Q-4821", "'Q' is not a game letter"),
    ("V-48a21", "expected a deal number (digits, such as 4821) or X and the cards"),
    ("hello", "expected a game letter, a dash and a deal number or X and the cards"),
    ("V-4821-L3", "out of range for lead"),
    ("V-4821-Z1", "has no option 'Z'"),
    ("V-4821-L1-L2", "given twice"),
    ("V-4821-D4", "D4 names no dealer; a 4-player deal has the dealers D0 South, D1 West, D2 North, D3 East"),
    ("W-5-P3-D3", "a 3-player deal has the dealers D0 South, D1 West, D2 East"),
    ("D-5-L2", "expected D (dealer), K (deck), S (trump six double), A (draw after)"),
    ("V-4821-DD", "letter and a number"),
    ("V-4821-P3", "for 4 players"),
    ("V-1234567890123", "a deal number has at most 12 digits"),
    ("V-XAB", "after 'V-' expected a deal number (digits, such as 4821) or X and the 21 characters of the cards"),
    ("V-xyz", "found 'XYZ'"),
    ("V-XAAAAAAAAAAAAAAAAAAA1", "not a card-code character"),
])
def test_bad_codes_raise_one_clear_line(code, words):
    with pytest.raises(NotationError) as e:
        parse_deal_code(code)
    msg = str(e.value)
    assert "\n" not in msg
    assert repr(code) in msg  # the code is quoted
    assert words in msg


def test_a_mistyped_cards_code_is_caught_by_the_check_character():
    code = deal_code(variety.new_deal(seed=77), form="cards")
    body = code.split("-")[1]
    caught = 0
    for i in range(1, len(body)):
        for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567":  # every single substitution
            if ch == body[i]:
                continue
            typo = code.replace(body, body[:i] + ch + body[i + 1:], 1)
            with pytest.raises(NotationError):
                parse_deal_code(typo)
            caught += 1
    assert caught == 21 * 31


def test_cards_code_too_large_is_refused():
    # '7' is the largest digit: 20 of them exceed the number of Variety deals
    body = "7" * 20
    from cardkit.codes import _check_char
    with pytest.raises(NotationError, match="names no deal"):
        parse_deal_code("V-X" + body + _check_char(body))


def test_code_from_query():
    assert code_from_query("deal=V-4821") == "V-4821"
    assert code_from_query("?foo=1&deal=V-4821-L2") == "V-4821-L2"
    assert code_from_query("deal=V%204821") == "V 4821"
    assert code_from_query("") is None
    assert code_from_query("foo=1") is None
    assert code_from_query("deal=") is None


def test_every_registered_game_default_rules_match_the_engine():
    # Index 0 of each variant option is the engine's own default (RULES.md defaults).
    for entry in GAMES.values():
        try:
            module = entry.engine()
        except NotationError:
            continue
        rules = module.Rules()
        for o in entry.variants:
            if o.deal:
                continue
            assert getattr(rules, o.field) == o.values[0], (entry.name, o.field)
            for v in o.values:  # every listed value is accepted by the engine
                module.Rules(**{o.field: v})


# ---- Warsaw Hearts and Armenian Durak ------------------------------------------------------

def test_hearts_codes_round_trip_players_and_variants():
    from cardkit.games import warsaw_hearts as w
    for players in (3, 4):
        for dh in ("max", "additive"):
            for bwt in (False, True):
                rules = w.Rules(players=players, double_honour_trick=dh, bonus_without_tricks=bwt)
                code = deal_code("W", seed=4821, rules=rules)
                assert code.startswith("W-4821")
                assert ("-P3" in code) == (players == 3)
                s = deal_from_code(code)
                ref = w.new_deal(seed=4821, dealer=4821 % players, rules=rules)
                assert s.initial_hands == ref.initial_hands and s.rules == rules and s.dealer == ref.dealer
                x = deal_from_code(deal_code(s, form="cards"))
                assert x.initial_hands == s.initial_hands and x.rules == rules


def test_durak_codes_keep_the_fan_order_and_a_given_trump():
    from cardkit.games import armenian_durak as d
    for deck_size in (36, 52):
        rules = d.Rules(deck=deck_size)
        s = deal_from_code(deal_code("D", seed=77, rules=rules))
        assert s.phase == "trump" and s.rules.deck == deck_size
        ref = d.new_deal(seed=77, dealer=1, rules=rules)
        assert s.layout == ref.layout  # hands in dealt order: the trump draw picks from it
        x = deal_from_code(deal_code(s, form="cards"))
        assert x.layout == s.layout and x.fan == s.fan and x.dealer == s.dealer
    t = deal_from_code("D-77-T2")
    assert t.phase == "play" and str(t.trump) == "♥"
    assert deal_code(t) == "D-77-T2"                    # the default: the seed form it was read from
    assert deal_code(t, form="cards").endswith("-D1-T2")
    assert deal_from_code(deal_code(t, form="cards")).layout == t.layout
    with pytest.raises(NotationError, match="out of range for trump"):
        parse_deal_code("D-77-T5")
    with pytest.raises(NotationError, match="D2 names no dealer; a 2-player deal has the dealers D0 you, D1 your opponent"):
        parse_deal_code("D-77-D2")


# ---- every written code reads back; look-alike input is refused (breaker F05, F10, F13, F17) ----

def test_deal_code_refuses_a_player_count_the_game_does_not_allow():
    from cardkit import CardkitError
    with pytest.raises(CardkitError, match="Variety is for 4 players"):
        deal_code("V", seed=5, players=3)
    for bad in (5, True, 3.0, "3"):
        with pytest.raises(CardkitError, match="players="):
            deal_code("W", seed=5, players=bad)


def test_deal_code_refuses_players_that_disagree_with_the_rules():
    from cardkit import CardkitError
    from cardkit.games import warsaw_hearts as w
    with pytest.raises(CardkitError) as e:
        deal_code("W", seed=5, players=3, rules=w.Rules())
    assert "players=3" in str(e.value) and "rules.players=4" in str(e.value)
    # agreeing, or given once, is fine, and reads back as the same deal
    for kw in ({"players": 3}, {"rules": w.Rules(players=3)}, {"players": 3, "rules": w.Rules(players=3)}):
        code = deal_code("W", seed=5, **kw)
        assert code == "W-5-P3"
        spec = parse_deal_code(code)
        assert spec.players == 3 and spec.rules.players == 3


def test_deal_code_refuses_another_games_rules_and_unknown_keywords():
    from cardkit import CardkitError
    from cardkit.games import warsaw_hearts as w
    with pytest.raises(CardkitError, match="Variety's Rules"):
        deal_code("V", seed=5, rules=w.Rules())
    with pytest.raises(CardkitError, match="Variety's Rules"):
        deal_code("V", seed=5, rules="x")
    with pytest.raises(CardkitError, match="'dealr'"):
        deal_code("V", seed=5, dealr=2)


def test_every_code_deal_code_writes_reads_back_as_the_same_deal():
    # Over every player count x rules variant x a few dealers: the written code is read
    # back (no NotationError) and names the same seed, dealer, players and rules.
    from cardkit import CardkitError
    for entry in GAMES.values():
        module = entry.engine()
        names = {f.name for f in __import__("dataclasses").fields(module.Rules)}
        for players in (2, 3, 4, 5):
            for dealer in range(players):
                kw = {"players": players}
                try:
                    code = deal_code(entry.letter, seed=4821, dealer=dealer, **kw)
                except CardkitError:
                    assert players not in entry.players
                    continue
                assert players in entry.players
                spec = parse_deal_code(code)
                assert (spec.seed, spec.dealer, spec.players) == (4821, dealer, players)
                if "players" in names:
                    assert spec.rules.players == players


@pytest.mark.parametrize("code", ["V-²", "V-4821-D²", "V-１２３", "V-4821-D٣", "V-٤٨٢١", "D-5-ſ1", "V-4821\u200b"])
def test_look_alike_digits_and_letters_are_refused_quoting_the_code(code):
    # '²'.isdigit() is True but int('²') fails; '１２３' and '٣' would be read as 123 and 3;
    # 'ſ'.upper() is 'S'. parse_card refuses look-alikes; so do codes.
    with pytest.raises(NotationError) as e:
        parse_deal_code(code)
    msg = str(e.value)
    assert repr(code) in msg and "\n" not in msg


def test_code_from_query_raises_only_notation_errors():
    assert code_from_query(None) is None  # os.environ.get("QUERY_STRING") outside Voila
    for bad in (5, b"deal=V-1", ["deal=V-1"], True):
        with pytest.raises(NotationError) as e:
            code_from_query(bad)
        assert repr(bad) in str(e.value)
    # odd but textual queries give a code or None, never an exception
    for q in ("deal=%FF%FE", "deal=V-%C2%B2", "&&&=", "deal", "?deal=V-1&deal=", "deal=\x00"):
        code_from_query(q)
    assert code_from_query("deal=V-%C2%B2") == "V-²"  # returned as written; parse_deal_code refuses it


# ---- one identity per deal, whatever form its code is written in (issue 32, item 2) --------

#: every form of Variety seed 4821's cards: the seed form, each dealer, the cards form, lower
#: case, spaces and underscores, and a rule variant (same cards, other lead)
V4821_FORMS = ["V-4821", "V-4821-D0", "V-4821-D1", "V-4821-D2", "V-4821-D3", "V-XA3WLA6HFKZUGP5C7ZCEPM-D1",
               "V-XA3WLA6HFKZUGP5C7ZCEPM", "v-4821-d2", "v 4821 d3", "v_xa3wla6hfkzugp5c7zcepm_d2", " V-4821-L2 ",
               "V-XA3WLA6HFKZUGP5C7ZCEPM-D3-C1-T1"]


def test_cards_identity_is_one_for_every_form_of_a_deal():
    from cardkit.codes import cards_identity

    ids = {cards_identity(code) for code in V4821_FORMS}
    assert len(ids) == 1
    # the same from a DealSpec and from a state, at its start or played on
    st = deal_from_code("V-4821-D2")
    assert cards_identity(parse_deal_code("V-4821-D3")) == cards_identity(st) == ids.pop()
    st.apply_action(st.legal_actions()[0])
    assert cards_identity(st) == cards_identity("V-4821")
    # the dealer does not move a hand in Variety: each form gives every seat the same cards
    hands = {tuple(map(frozenset, deal_from_code(c).initial_hands)) for c in V4821_FORMS}
    assert len(hands) == 1
    # other cards, other identities
    assert cards_identity("V-4822") != cards_identity("V-4821")
    assert cards_identity("W-17") != cards_identity("W-17-P3") != cards_identity("W-18")
    # Warsaw Hearts: every dealer, the cards form, a variant
    w = deal_code(deal_from_code("W-17"), form="cards")
    assert len({cards_identity(c) for c in ("W-17", "W-17-D0", "W-17-D2", "w 17 d3", w, "W-17-H1-B1")}) == 1


def test_cards_identity_in_armenian_durak():
    """The dealer changes the dealing (RULES.md §3.2): D-5 and D-5-D0 are other cards; a given
    trump (T) or a rule variant does not change the cards; a seat's cards count as a set."""
    from cardkit.codes import cards_identity

    cards = deal_code(deal_from_code("D-5"), form="cards")
    assert len({cards_identity(c) for c in ("D-5", "D-5-D1", "d 5", cards, "D-5-T2", "D-5-A1-S1")}) == 1
    assert cards_identity("D-5-D0") != cards_identity("D-5")
    assert cards_identity("D-5-K1") != cards_identity("D-5")           # the 52-card deck
    # the same cards at each seat, the hand and stacks in another order: the same identity
    st = deal_from_code("D-5")
    lay = [{k: list(v) for k, v in e.items()} for e in st.layout]
    lay[0]["hand"], lay[0]["down"] = lay[0]["down"][:6], lay[0]["hand"] + lay[0]["down"][6:]
    other = D.new_deal(lay, dealer=st.dealer)
    assert deal_code(other, form="cards") != cards
    assert cards_identity(other) == cards_identity("D-5")


def test_board_identity_keeps_the_dealer_and_the_variants():
    from cardkit.codes import board_identity

    assert board_identity("V-4821") == board_identity("V-4821-D1") == board_identity("v 4821") == \
        board_identity("V-XA3WLA6HFKZUGP5C7ZCEPM-D1") == "V-XA3WLA6HFKZUGP5C7ZCEPM-D1"
    assert len({board_identity(c) for c in ("V-4821", "V-4821-D0", "V-4821-D2", "V-4821-L2")}) == 4
    assert board_identity(parse_deal_code("V-4821")) == board_identity(deal_from_code("V-4821"))
    assert board_identity("D-5-T2").endswith("-D1-T2")


@pytest.mark.parametrize("bad", ["V-48²1", "X-4821", "V-4821-Q1", "", None, 4821, b"V-4821"])
def test_identities_refuse_what_is_not_a_deal(bad):
    from cardkit.codes import board_identity, cards_identity

    for f in (cards_identity, board_identity):
        with pytest.raises(CardkitError) as info:
            f(bad)
        assert "\n" not in str(info.value)
        if isinstance(bad, str):
            assert isinstance(info.value, NotationError) and repr(bad) in str(info.value)
