"""Export and import (cardkit/records.py): deal text and whole-game JSON."""

from __future__ import annotations

import json

import pytest

from cardkit import NotationError
from cardkit.games import variety
from cardkit.records import (deal_from_text, deal_to_text, game_record_from_json, game_record_to_json)

HANDS = ["985.AJ7543.K.KQ4", "JT7.6.AT765.AT86", "KQ32.T2.J94.J972", "A64.KQ98.Q832.53"]


def played_game(deals=3, seed=11, rules=None):
    g = variety.Game([variety.RuleBot(seed * 4 + i) for i in range(4)], seed=seed,
                     rules=rules or variety.Rules(deals=deals))
    g.play()
    return g


# ---- deal text ------------------------------------------------------------------------------

def test_deal_text_round_trip_start_middle_and_end():
    for seed in range(20):
        st = variety.new_deal(seed=seed, dealer=seed % 4,
                              rules=variety.Rules(lead=("left_of_first_namer", "left_of_dealer")[seed % 2]))
        for _ in range(seed):  # a few actions in, then to the end
            if st.is_terminal():
                break
            st.apply_action(st.legal_actions()[0])
        for stage in range(2):
            back = deal_from_text(deal_to_text(st))
            assert back.initial_hands == st.initial_hands
            assert back.dealer == st.dealer and back.rules == st.rules
            assert back.history == st.history
            assert deal_to_text(back) == deal_to_text(st)
            while not st.is_terminal():
                st.apply_action(st.legal_actions()[-1])


def test_deal_text_reads_a_hand_written_file():
    text = """% a teacher's deal
[Game "variety"]
[Dealer "3"]
[Rules "tie=no_bonus"]
[Deal "2:KQ32.T2.J94.J972 A64.KQ98.Q832.53 985.AJ7543.K.KQ4 JT7.6.AT765.AT86"]
[Actions "1 8 3 7 6 6 7D"]
"""
    st = deal_from_text(text)
    assert [list(h) for h in st.initial_hands] == [list(variety.new_deal(HANDS).initial_hands[s]) for s in range(4)]
    assert st.dealer == 3 and st.rules.tie == "no_bonus" and st.rules.lead == "left_of_first_namer"
    assert st.contract == 6 and st.declarers == (0, 1)
    assert str(st.trick.cards[0]) == "7♦"


@pytest.mark.parametrize("text, words", [
    ('[Dealer "1"]', "Game"),
    ('[Game "chess"]', "'chess'"),
    ('[Game "variety"]\nDeal: 0:AKQ', "line 2"),
    ('[Game "variety"]\n[Dealer "1"]\n[Dealer "2"]', "given twice"),
    ('[Game "variety"]\n[Rules "lead=left_of_nobody"]', "left_of_nobody"),
    ('[Game "variety"]\n[Rules "colour=red"]', "'colour'"),
    ('[Game "variety"]\n[Deal "AK73.AQ5.KJ4.AQ9"]', "first seat"),
    ('[Game "variety"]\n[Deal "0:AK73.AQ5.KJ4.AQ9 AK73.AQ5.KJ4.AQ9 - -"]', "saved deal"),
])
def test_bad_deal_text(text, words):
    with pytest.raises(NotationError) as e:
        deal_from_text(text)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_deal_text_checks_actions_code_and_scores():
    st = variety.new_deal(HANDS, dealer=3)
    good = deal_to_text(st)
    with pytest.raises(NotationError, match="action 7"):
        deal_from_text(good + '[Actions "1 8 3 7 6 6 AS"]\n')  # seat 1 holds no A♠
    other = deal_to_text(variety.new_deal(seed=5))
    code_line = next(l for l in other.splitlines() if l.startswith("[Code"))
    bad = "\n".join(code_line if l.startswith("[Code") else l for l in good.splitlines())
    with pytest.raises(NotationError, match="names another deal"):
        deal_from_text(bad)
    for a in "1 8 3 7 6 6 7D 9D QD KD TS QS 4S 5S 8H JH 6H 2H KS AS 9S JS 4C TC 9C 5C 3H 6D TH KH 8S 7S 2S 6S JD 8D 7H TD QH 5H 5D 2C JC 3C QC 6C 9H AH 8C 7C 3S 3D 4H AD 4D 2D KC AC".split():
        st.apply_action(a)
    done = deal_to_text(st)
    assert '[Scores "10 10 26 26"]' in done  # RULES.md §1.6: defenders 16 + 10
    with pytest.raises(NotationError, match="do not match"):
        deal_from_text(done.replace('[Scores "10 10 26 26"]', '[Scores "26 26 10 10"]'))


# ---- whole game JSON --------------------------------------------------------------------

def test_game_record_round_trip():
    g = played_game()
    text = game_record_to_json(g)
    rec = game_record_from_json(text)
    assert rec.game == "variety" and rec.rules == g.rules
    assert rec.scores == g.scores and rec.totals == g.totals
    assert rec.first_dealer == g.first_dealer and rec.cut == g.cut
    assert [d.history for d in rec.deals] == [d.history for d in g.deals]
    assert [d.remarks for d in rec.deals] == [d.remarks for d in g.deals]
    assert json.loads(game_record_to_json(rec)) == json.loads(text)
    again = json.loads(game_record_to_json(rec.to_game()))
    assert again.pop("players") == [None] * 4  # bots are not saved, only their names
    want = json.loads(text)
    assert want.pop("players") == ["rule"] * 4
    assert again == want


def test_a_restored_game_goes_on_exactly_like_the_original():
    g = played_game(deals=2, rules=variety.Rules(deals=4))
    g2 = game_record_from_json(game_record_to_json(g)).to_game([variety.RuleBot(100 + i) for i in range(4)])
    g.players = [variety.RuleBot(100 + i) for i in range(4)]
    g.play()
    g2.play()
    assert g2.scores == g.scores
    assert [d.initial_hands for d in g2.deals] == [d.initial_hands for d in g.deals]


def test_unfinished_last_deal_is_kept():
    g = variety.Game([None] * 4, seed=3)
    st = g.new_deal()
    for a in ("1", "2", "1"):
        st.apply_action(a)
    rec = game_record_from_json(game_record_to_json(g))
    assert rec.scores == [] and len(rec.deals) == 1
    assert rec.deals[0].phase == "play" and rec.deals[0].contract == 1
    game = rec.to_game()
    assert game.state.history == st.history


def _tamper(text, f):
    data = json.loads(text)
    f(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="pbn"), "format"),
    (lambda d: d.update(game="chess"), "'chess'"),
    (lambda d: d["rules"].update(tie="coin"), "coin"),
    (lambda d: d["deals"][1]["deal"]["history"].__setitem__(0, "9"), "deal 2"),
    (lambda d: d["deals"][0]["scores"].__setitem__(0, 999), "do not match"),
    (lambda d: d["deals"][2].update(deal=d["deals"][1]["deal"], scores=d["deals"][1]["scores"], code=d["deals"][1]["code"]), "dealer"),
    (lambda d: d["deals"][0].update(code=d["deals"][1]["code"]), "another deal"),
    (lambda d: d["deals"][0].update(scores=None), "only the last deal"),
    (lambda d: d.update(totals=[0, 0, 0, 0]), "totals"),
    (lambda d: d.pop("first_dealer"), "first_dealer"),
])
def test_malformed_records_raise_and_lose_nothing(change, words):
    g = played_game()
    good = game_record_to_json(g)

    class Controller:  # what a dashboard does: keep the game unless the import succeeds
        def __init__(self, game):
            self.game = game
            self.message = ""

        def load(self, text):
            try:
                self.game = game_record_from_json(text).to_game()
            except NotationError as e:
                self.message = str(e)

    ctl = Controller(g)
    ctl.load(_tamper(good, change))
    assert ctl.game is g
    assert words in ctl.message and "\n" not in ctl.message
    assert game_record_to_json(g) == good  # the held game is untouched
    ctl.load(good)
    assert ctl.game is not g and ctl.game.scores == g.scores


def test_not_json():
    with pytest.raises(NotationError, match="not JSON"):
        game_record_from_json("{deals: ")


@pytest.mark.parametrize("code", ["W-4821", "W-4821-P3-H1", "D-4821", "D-4821-T3", "D-9-K1"])
def test_deal_text_of_the_other_games(code):
    from cardkit.bots import RandomBot, play_out
    from cardkit.codes import deal_from_code
    s = deal_from_code(code)
    play_out(s, [RandomBot(i) for i in range(s.players)])
    back = deal_from_text(deal_to_text(s))
    assert back.history == s.history and back.returns() == s.returns()
    assert deal_to_text(back) == deal_to_text(s)


def test_game_records_of_the_other_games():
    from cardkit.games import armenian_durak as d, warsaw_hearts as w
    for m, n, rules in ((w, 4, w.Rules()), (d, 2, d.Rules(target=None, deals=2))):
        g = m.Game([m.RuleBot(i) for i in range(n)], seed=3, rules=rules)
        g.play()
        text = game_record_to_json(g)
        rec = game_record_from_json(text)
        assert rec.scores == g.scores
        g2 = rec.to_game()
        assert json.loads(game_record_to_json(g2))["deals"] == json.loads(text)["deals"]
        if m is w:
            assert g2.penalty_rows == g.penalty_rows and g2.bonus_rows == g.bonus_rows
