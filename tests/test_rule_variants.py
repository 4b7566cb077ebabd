"""The variants added with the new RULES.md (issue 10 §5): Variety's ``contract_values="book"``
(``"seed"`` an older name of it, §1.2), Warsaw Hearts' ``settlement_bonus`` (§2.3) and
Armenian Durak's ``draw_after`` (§3.3), through engines, codes, saved deals and records."""

from __future__ import annotations

import json

import pytest

from cardkit import Card, CardkitError, NotationError, parse_card
from cardkit.bots import play_out
from cardkit.codes import deal_code, deal_from_code, parse_deal_code
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W
from cardkit.records import deal_from_text, deal_to_text, game_record_from_json, game_record_to_json


# ---- Variety: "book" is the default, "seed" its older name (RULES.md §1.2) -------------------

def test_book_is_the_default_and_seed_an_alias():
    assert V.Rules().contract_values == "book"
    old = V.Rules(contract_values="seed")
    assert old.contract_values == "book" and old == V.Rules() and hash(old) == hash(V.Rules())
    assert V.contracts(old)[2].per_trick == 2 and V.contracts(old)[7].card_points(parse_card("2C")) == -2
    assert V.contracts(V.Rules(contract_values="halved_2_7"))[2].per_trick == 1
    with pytest.raises(CardkitError, match="contract_values"):
        V.Rules(contract_values="books")
    with pytest.raises(CardkitError, match="contract_values"):
        V.Rules(contract_values=["seed"])        # unhashable: still a clean CardkitError


def test_simulator_tables_accept_both_names():
    from cardkit.simulate import variety as SV
    a, b = SV._tables("seed"), SV._tables("book")
    assert (a.per_trick == b.per_trick).all() and (a.cv == b.cv).all()
    assert (SV._tables("halved_2_7").per_trick != b.per_trick).any()


def test_saved_variety_deals_that_say_seed_still_load():
    s = V.new_deal(seed=4821, dealer=1)
    data = json.loads(s.to_json())
    assert data["rules"]["contract_values"] == "book"
    data["rules"]["contract_values"] = "seed"             # what an older save wrote
    again = V.State.from_json(json.dumps(data))
    assert again.rules == V.Rules() and again.initial_hands == s.initial_hands
    text = deal_to_text(s).replace("contract_values=book", "contract_values=seed")
    assert "contract_values=seed" in text
    assert deal_from_text(text).rules == V.Rules()


def test_variety_codes_written_before_read_back_the_same():
    # a code written with the default (then called "seed") carried no C option
    assert deal_code("V", seed=4821, rules=V.Rules(contract_values="seed")) == "V-4821"
    assert parse_deal_code("V-4821").rules == V.Rules(contract_values="seed")
    assert parse_deal_code("V-4821-C1").rules.contract_values == "halved_2_7"
    s = deal_from_code("V-4821")
    assert s.initial_hands == V.new_deal(seed=4821, dealer=1).initial_hands


def test_variety_record_that_says_seed_loads():
    g = V.Game([V.RuleBot(i) for i in range(4)], rules=V.Rules(deals=1), seed=3)
    g.play()
    data = json.loads(game_record_to_json(g))
    data["rules"]["contract_values"] = "seed"
    for d in data["deals"]:
        d["deal"]["rules"]["contract_values"] = "seed"
    rec = game_record_from_json(json.dumps(data))
    assert rec.rules == V.Rules(deals=1)


# ---- Warsaw Hearts: settlement_bonus (RULES.md §2.3) ---------------------------------------

ONLY_PLUS = W.Rules(settlement_bonus="only_plus")


@pytest.mark.parametrize("rules", [W.Rules(), ONLY_PLUS], ids=["all", "only_plus"])
def test_the_sources_two_examples_hold_under_both_readings(rules):
    # 003: Sergei 30 loses; Vitaly 25, Petr 15, Maxim 10 -> 5, 15 and 20 chips
    assert W.settle([30, 25, 15, 10], [0, 0, 0, 0], rules) == [-40, 5, 15, 20]
    # 003: Vitaly with 20 plus points and no penalty -> 30 + 20 = 50
    chips = W.settle([30, 0, 10, 5], [0, 20, 0, 0], rules)
    assert chips[1] == 50 and chips == [-(50 + 20 + 25), 50, 20, 25]


def test_a_receiver_with_penalty_and_bonus_under_both_readings():
    p, b = [30, 10, 0, 5], [40, 20, 20, 0]     # seat 1 has both; seat 2 only plus; the loser's 40 never counts
    # all (default): (30 − 10) + 20 = 40, (30 − 0) + 20 = 50, (30 − 5) + 0 = 25
    assert W.settle(p, b) == [-115, 40, 50, 25]
    # only_plus: seat 1's bonus is not added (penalty 10 > 0): 20, 50, 25
    assert W.settle(p, b, ONLY_PLUS) == [-95, 20, 50, 25]
    pays = W.payments(p, b, ONLY_PLUS)
    assert [(x.receiver, x.difference, x.bonus, x.chips) for x in pays] == [(1, 20, 0, 20), (2, 30, 20, 50),
                                                                          (3, 25, 0, 25)]
    assert [x.bonus for x in W.payments(p, b)] == [20, 20, 0]


def test_only_plus_with_tied_losers_and_three_players():
    r3 = W.Rules(players=3, settlement_bonus="only_plus")
    # tied losers 31 and 31 each pay seat 2 (31 − 0) + 20 = 51; its bonus counts (no penalty)
    assert W.settle([31, 31, 0], [20, 0, 20], r3) == [-51, -51, 102]
    # seat 2 with penalty 3: only the difference, 28 from each loser
    assert W.settle([31, 31, 3], [20, 0, 20], r3) == [-28, -28, 56]
    assert W.settle([31, 31, 3], [20, 0, 20], W.Rules(players=3)) == [-48, -48, 96]


def test_settlement_bonus_is_checked():
    for bad in ("some", "", None, True, ["all"], "x" * 500):
        with pytest.raises(CardkitError, match=r"settlement_bonus.*§2\.3") as e:
            W.Rules(settlement_bonus=bad)
        assert len(str(e.value)) < 160


def test_game_settles_with_its_rules():
    g = W.Game([W.RuleBot(s) for s in range(4)], rules=ONLY_PLUS, seed=5)
    g.play()
    p, b = g.penalty_totals, g.bonus_totals
    assert g.settlement() == W.settle(p, b, ONLY_PLUS) != W.settle(p, b)
    loser = max(range(4), key=lambda s: p[s])
    expect = [0] * 4
    for s in range(4):
        if p[s] < p[loser]:
            pay = p[loser] - p[s] + (b[s] if p[s] == 0 else 0)
            expect[s] += pay
            expect[loser] -= pay
    assert g.settlement() == expect


def test_hearts_codes_carry_settlement_bonus():
    code = deal_code("W", seed=17, rules=ONLY_PLUS)
    assert code == "W-17-S1"
    assert parse_deal_code(code).rules == ONLY_PLUS
    assert deal_code("W", seed=17) == "W-17"                  # the default is not written
    s = deal_from_code("W-17-P3-S1")
    assert s.rules == W.Rules(players=3, settlement_bonus="only_plus")
    x = deal_from_code(deal_code(s, form="cards"))
    assert x.rules == s.rules and x.initial_hands == s.initial_hands and deal_code(x).endswith("-P3-S1")
    with pytest.raises(NotationError, match="out of range for settlement bonus"):
        parse_deal_code("W-17-S2")


def test_hearts_saved_deals_without_the_new_field_load():
    s = W.new_deal(seed=2, rules=ONLY_PLUS)
    play_out(s, [W.RuleBot(i) for i in range(4)])
    again = W.State.from_json(s.to_json())
    assert again.rules == ONLY_PLUS and again.returns() == s.returns()
    old = json.loads(W.new_deal(seed=2).to_json())
    del old["rules"]["settlement_bonus"]                     # saved before the field existed
    assert W.State.from_json(json.dumps(old)).rules == W.Rules()
    del old["rules"]["loss_at"]                              # an old field is still required
    with pytest.raises(NotationError, match="lacks 'loss_at'"):
        W.State.from_json(json.dumps(old))
    text = deal_to_text(s)
    assert "settlement_bonus=only_plus" in text and deal_from_text(text).rules == ONLY_PLUS
    plain = deal_to_text(W.new_deal(seed=2))
    assert deal_from_text(plain.replace(" settlement_bonus=all", "")).rules == W.Rules()
    with pytest.raises(NotationError, match="Code tag"):     # the code still says S1
        deal_from_text(text.replace(" settlement_bonus=only_plus", ""))


def test_hearts_record_without_the_new_field_loads():
    g = W.Game([W.RuleBot(s) for s in range(4)], seed=5)
    g.play()
    data = json.loads(game_record_to_json(g))
    del data["rules"]["settlement_bonus"]
    for d in data["deals"]:
        del d["deal"]["rules"]["settlement_bonus"]
    assert game_record_from_json(json.dumps(data)).rules == W.Rules()


def test_settlement_table_explains_the_variant():
    from cardkit_widgets import SettlementTable
    t = SettlementTable(["S", "V", "P", "M"], rules=ONLY_PLUS)
    assert t.show([30, 10, 0, 5], [40, 20, 20, 0]) == [-95, 20, 50, 25]
    assert "bonus 20 not added" in t.text and "(30 − 10) + 0 = 20" in t.text
    assert t.show([30, 10, 0, 5], [40, 20, 20, 0], rules=W.Rules()) == [-115, 40, 50, 25]
    assert "not added" not in t.text and "(30 − 10) + 20 = 40" in t.text


# ---- Armenian Durak: draw_after (RULES.md §3.3) ------------------------------------------

FIG52 = [
    {"hand": "AS 7H 9H KD 8C 9C", "down": "6C 6D AD 8H TH QH", "up": "QD 7C 8D 9D TD JD"},
    {"hand": "JS QS KS TS 9S 8S", "down": "6S AH JH 6H QC 7D", "up": "7S KH AC KC JC TC"},
]
LEAD_ONLY = D.Rules(draw_after="lead")


def test_draw_after_default_and_check():
    assert D.Rules().draw_after == "any"
    for bad in ("reply", "", None, 1, ["lead"]):
        with pytest.raises(CardkitError, match=r"draw_after.*§3\.3"):
            D.Rules(draw_after=bad)


@pytest.mark.parametrize("rules", [D.Rules(), LEAD_ONLY], ids=["any", "lead"])
def test_a_lead_from_the_hand_offers_the_draw_under_both(rules):
    s = D.new_deal(FIG52, dealer=0, trump="H", rules=rules)
    s.apply_action("JS")                                    # seat 1 leads from the hand
    assert s.phase == "draw" and s.current_player == 1
    assert D.Draw(None) in s.legal_actions() and D.Draw(0) in s.legal_actions()


def test_a_reply_from_the_hand_offers_the_draw_only_under_any():
    for rules, drawn in ((D.Rules(), True), (LEAD_ONLY, False)):
        s = D.new_deal(FIG52, dealer=0, trump="H", rules=rules)
        s.apply_action("JS")
        s.apply_action("draw none")
        s.apply_action("7H")                                # seat 0 replies from the hand
        if drawn:
            assert s.phase == "draw" and s.current_player == 0
            s.apply_action("draw 2")
            assert parse_card("AD") in s.hands[0]
        else:
            assert s.phase == "play" and all(isinstance(a, Card) for a in s.legal_actions())
            with pytest.raises(CardkitError):
                s.apply_action("draw 2")
            assert parse_card("AD") not in s.hands[0] and s.down[0][2] == parse_card("AD")
        assert len(s.tricks[0].cards) == 2 and s.tricks[0].winner == 0
        # seat 0 won and leads next; a lead from the tableau offers no draw in either reading
        s.apply_action("QD")
        assert s.phase == "play" and s.current_player == 1


def test_lead_only_deals_play_out_and_save():
    for seed in range(6):
        s = D.new_deal(seed=seed, dealer=seed % 2, rules=LEAD_ONLY)
        play_out(s, [D.RuleBot(seed), D.RandomBot(100 + seed)])
        assert s.is_terminal() and sum(s.points()) == D.deck_points(s.trump, LEAD_ONLY)
        # no draw ever follows the second card of a trick
        hist, in_trick = s.history, 0
        for a, nxt in zip(hist, hist[1:] + [None]):
            if isinstance(a, D.Draw):
                continue
            if not isinstance(a, D.PickTrump):
                in_trick = (in_trick + 1) % 2
                if in_trick == 0:
                    assert not isinstance(nxt, D.Draw)
        again = D.State.from_json(s.to_json())
        assert again.rules == LEAD_ONLY and again.returns() == s.returns()


def test_durak_codes_and_saves_carry_draw_after():
    code = deal_code("D", seed=77, rules=LEAD_ONLY)
    assert code == "D-77-A1"
    assert deal_code("D", seed=77) == "D-77"
    assert parse_deal_code("D-77-K1-A1-T2").rules == D.Rules(deck=52, draw_after="lead")
    s = deal_from_code("D-77-A1-T2")
    assert s.rules == LEAD_ONLY and s.phase == "play"
    assert deal_code(s) == "D-77-A1-T2"
    x = deal_from_code(deal_code(s, form="cards"))
    assert x.rules == LEAD_ONLY and x.layout == s.layout
    old = json.loads(D.new_deal(seed=4).to_json())
    del old["rules"]["draw_after"]                           # saved before the field existed
    assert D.State.from_json(json.dumps(old)).rules == D.Rules()
    del old["rules"]["deck"]
    with pytest.raises(NotationError, match="lacks 'deck'"):
        D.State.from_json(json.dumps(old))
    text = deal_to_text(s)
    assert "draw_after=lead" in text and deal_from_text(text).rules == LEAD_ONLY
