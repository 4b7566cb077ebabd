"""A reason in words for the Hint's best choice and for each review item (issue 33, item 12):
:mod:`cardkit.analysis.reasons`, on hand-built endings where the reason is known, one per
kind of reason per game; a reason from sampled worlds names a card the learner cannot see
only inside a condition ("If East holds K♦, …"); the words pass the lesson-text scan; the
play page's Hint and How did I do? carry them.

The endings are built by hand: the cards of the last tricks are chosen, the other cards are
dealt in whole tricks of one suit ("filler"), each won by the highest card, given to the
seat that is to lead the ending; the learner is seat 0 (South), West seat 1, North seat 2,
East seat 3."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_lesson_text import findings
from test_widgets_hint import _finish, _table_at_trick_12

from cardkit.analysis import analyse
from cardkit.analysis.judge import cards_left
from cardkit.analysis.reasons import REASON_CARDS, hint_reason, reason, review_reason
from cardkit.cards import Card, deck
from cardkit.errors import CardkitError, StateError
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.notation import parse_card
from cardkit.problems import load_problems
from cardkit_widgets import VarietyTable

SUITS = "SHDC"


def _cards(text: str) -> list[Card]:
    return [parse_card(x) for x in text.split()]


def _ending(new_deal, size: int, players: int, ending: dict[int, str], *, before=(), winners=None,
            lowest: bool = False):
    """A deal whose last tricks hold the ``ending`` cards (``{seat: "AD 9D 3S 2S"}``), the
    other cards played first in whole tricks of one suit (spades, hearts, diamonds, clubs),
    each won by its highest card: by the deal's first leader, or
    ``winners[i]`` for the i-th such trick. ``new_deal(hands)`` makes the deal; ``before``:
    the actions before the play (Variety's bids); ``lowest``: the lowest card wins (Variety's
    contract 6). Returns the state at the ending's first lead."""
    mine = {s: _cards(t) for s, t in ending.items()}
    used = {c for cs in mine.values() for c in cs}
    rest = [c for c in deck(size) if c not in used]
    chunks = []
    for s in SUITS:
        cs = sorted((c for c in rest if c.suit.letter == s), key=lambda c: -int(c.rank))
        assert len(cs) % players == 0, (s, len(cs))
        chunks += [cs[i:i + players] for i in range(0, len(cs), players)]
    probe = new_deal([list(deck(size))[i::players] for i in range(players)])
    for a in before:
        probe.apply_action(a)
    first = leader = probe.current_player
    hands: list[list[Card]] = [list(mine[s]) for s in range(players)]
    plays = []
    for i, chunk in enumerate(chunks):
        w = first if winners is None or i >= len(winners) else winners[i]
        order = [(leader + k) % players for k in range(players)]
        top, others = (chunk[-1], chunk[:-1]) if lowest else (chunk[0], chunk[1:])
        low = iter(others)
        card_of = {s: (top if s == w else next(low)) for s in order}
        for s in order:
            hands[s].append(card_of[s])
            plays.append(card_of[s])
        leader = w
    st = new_deal(hands)
    for a in list(before) + plays:
        st.apply_action(a)
    assert st.phase == "play" and st.current_player == leader and len(st.hands[0]) == len(mine[0])
    return st


def _variety(contract: int, ending: dict[int, str], plays: str = "", winners=None):
    """Variety: seat 0 bids ``contract``, West another number, North repeats it: South
    (the learner) and North declare, West leads; then ``plays`` of the ending."""
    other = 1 if contract != 1 else 2
    st = _ending(lambda h: V.new_deal(h, dealer=3), 52, 4, ending, before=(contract, other, contract),
                 winners=winners, lowest=contract == 6)
    assert st.contract == contract and set(st.declarers) == {0, 2}
    for c in _cards(plays):
        st.apply_action(c)
    return st


def _hearts(ending: dict[int, str], plays: str = "", winners=None):
    """Warsaw Hearts, four players, seat 0 deals: West leads."""
    st = _ending(lambda h: W.new_deal(h, players=4, dealer=0), 36, 4, ending, winners=winners)
    for c in _cards(plays):
        st.apply_action(c)
    return st


def _gap(st, best, other) -> int:
    v = analyse(st)
    return v[parse_card(best)] - v[parse_card(other)]


# ---- Variety ------------------------------------------------------------------------------------

def _variety_lead_into_east():
    """Contract 2 (♣ trumps, +2 a trick), South to lead with A♦ 9♦ 3♠ 2♠; East holds K♦
    ♠ A K and 2♣. A♦ wins and draws K♦ (East ruffs 9♦ later); 9♦ first gives East the lead
    with K♦, and East takes every trick: one trick changes sides, 4 points of margin."""
    return _variety(2, {0: "AD 9D 3S 2S", 1: "3D 2D 4H 3H", 2: "4S 7H 6H 5H", 3: "KD AS KS 2C"},
                    winners=[1] * 8 + [0])


def test_variety_the_trick_won_and_the_lead_given_away():
    st = _variety_lead_into_east()
    assert st.current_player == 0 and _gap(st, "AD", "9D") == 4
    r = reason(st, "AD", "9D", seat=0)
    assert r.startswith("A♦ wins this trick; 9♦ lets East win it with K♦, and East then wins the next 3 "
                        "tricks with "), r
    assert ": 8 points to East's side." in r, r   # four tricks at +2
    assert "From this trick on, your side takes 1 trick after A♦, 0 tricks after 9♦ (2 points a trick)." in r


def test_variety_a_card_that_costs_kept_out_of_your_tricks():
    """Contract 7 (♠ trumps, −2 per club taken): West leads 9♥, North 3♥, East throws Q♣;
    South, last, ducks with 2♥ (West takes Q♣) or wins with A♥ (and takes it)."""
    st = _variety(7, {0: "AH 2H AD KD", 1: "9H 4H QD JD", 2: "3H TD 3S 2S", 3: "QC AS KS QS"}, "9H 3H QC")
    assert st.current_player == 0 and _gap(st, "2H", "AH") == 4   # −2 to one side or the other
    r = reason(st, "2H", "AH", seat=0)
    assert r == ("2♥ lets West win this trick with 9♥; A♥ wins it. 2♥ keeps Q♣ out of your side's tricks; "
                 "after A♥, your side takes it (−2 points)."), r


def test_variety_the_tricks_a_side_takes():
    """Contract 8 (−2 a trick): West leads 9♥, North 3♥, East 4♥; South ducks with 2♥ (and
    throws A♦ K♦ A♥ on West's spades) or wins with A♥ and then the diamonds and 2♥."""
    st = _variety(8, {0: "AH 2H AD KD", 1: "9H AS KS QS", 2: "3H 3S 2S 2C", 3: "4H 4D 3D 2D"}, "9H 3H 4H")
    assert _gap(st, "2H", "AH") > 0
    r = reason(st, "2H", "AH", seat=0)
    assert r.startswith("2♥ lets West win this trick with 9♥; A♥ wins it. From this trick on, your side takes "
                        "0 tricks after 2♥, "), r
    assert r.endswith(" tricks after A♥ (−2 points a trick)."), r


def test_variety_the_rule_that_wins_the_trick():
    """Contract 6 (the lowest card wins, +1 per red card): West leads 9♥, North K♥, East 8♥;
    South's 2♥ wins the four hearts, Q♥ leaves them to East's 8♥."""
    st = _variety(6, {0: "2H QH AS KS", 1: "9H AD KD QD", 2: "KH JD TD 2C", 3: "8H QS JS TS"}, "9H KH 8H")
    assert _gap(st, "2H", "QH") > 0
    r = reason(st, "2H", "QH", seat=0)
    assert r.startswith("2♥ wins this trick (the lowest card wins); Q♥ lets East win it with 8♥: "), r


def test_variety_a_void_made_and_a_trump_that_wins():
    """Contract 2 (♣ trumps), South to lead with 6♠ (a singleton), J♥ and ♣ 7 2: leading 6♠
    leaves South void in spades, and South's trump later wins the spade East leads; leading
    a trump does not (found by a search over random endings, checked by hand)."""
    st = _variety(2, {0: "2C 7C 6S JH", 1: "3S AH 5H 9H", 2: "3C KH 8S 8D", 3: "6C JC 2S AS"},
                  winners=[1] * 8 + [0])
    assert _gap(st, "6S", "7C") == 4
    r = reason(st, "6S", "7C", seat=0)
    assert re.match(r"6♠ leaves you void in ♠, so you later win East's \S+♠ with [72]♣ \(a trump\)\.", r), r


def test_no_reason_when_the_other_card_is_as_good():
    st = _variety_lead_into_east()
    assert _gap(st, "3S", "2S") == 0
    assert reason(st, "3S", "2S", seat=0) is None
    assert reason(st, "9D", "AD", seat=0) is None   # the worse card first: nothing to say for it


# ---- Warsaw Hearts ------------------------------------------------------------------------------

def test_warsaw_hearts_an_honour_kept_out_of_your_tricks():
    """West leads 9♠, North 8♠, East (no spade) throws Q♥; South, last, ducks with 6♠."""
    st = _hearts({0: "AS 6S TD", 1: "9S AD KD", 2: "8S 7S QD", 3: "QH JD AC"}, "9S 8S QH")
    assert st.current_player == 0 and _gap(st, "6S", "AS") == 3
    r = reason(st, "6S", "AS", seat=0)
    assert r == ("6♠ lets West win this trick with 9♠; A♠ wins it. 6♠ keeps Q♥ out of your tricks; after A♠ "
                 "you take it (a penalty)."), r


def test_warsaw_hearts_the_bonus_kept():
    """South already won a trick without hearts; East throws 7♥ on West's 9♠: ducking keeps
    every heart out of South's tricks (+20), winning takes 7♥ (no bonus, no penalty)."""
    st = _hearts({0: "AS 6S TD", 1: "9S AD KD", 2: "8S 7S QD", 3: "7H JD AC"}, "9S 8S 7H", winners=[0])
    assert _gap(st, "6S", "AS") == 20
    r = reason(st, "6S", "AS", seat=0)
    assert "6♠ keeps every heart out of your tricks, for the +20 bonus; after A♠ you take 7♥." in r, r


# ---- Armenian Durak: two positions of the problem set, all cards known ----------------------------

def _durak_problem(n: int):
    p = load_problems("lessons/armenian_durak/problems.json")[n - 1]
    assert p.kind == "play"
    return p


def test_durak_the_six_kept_for_the_ace():
    """Problem 3 (♦ trumps): the opponent leads K♥; Q♥ and 6♥ both lose to it, but 6♥ kept
    catches the opponent's A♥ later (the six beats the ace, RULES.md §3.1)."""
    p = _durak_problem(3)
    assert [str(c) for c in p.state.trick.cards] == ["K♥"]
    r = reason(p.state, "QH", "6H", seat=p.seat)
    assert r == "After Q♥, you take ♥ A 6 (11 points); after 6♥, your opponent takes them.", r


def test_durak_a_trick_lost_to_a_trump():
    """Problem 8 (♥ trumps): the learner leads; K♥ wins, A♣ is ruffed by the opponent's 6♥."""
    p = _durak_problem(8)
    r = reason(p.state, "KH", "AC", seat=p.seat)
    assert r.startswith("K♥ wins this trick; A♣ lets your opponent win it with 6♥ (a trump): 11 points to "
                        "your opponent."), r


def test_durak_the_six_beats_the_ace_said_with_the_rule():
    """Problem 8 again: A♥ led into the opponent's 6♥ loses it (RULES.md §3.1), and the page says why."""
    p = _durak_problem(8)
    r = reason(p.state, "KH", "AH", seat=p.seat)
    assert r == ("K♥ wins this trick; A♥ lets your opponent win it with 6♥ (the six beats the ace): 11 points to "
                 "your opponent."), r


# ---- hidden cards: named only in a condition ----------------------------------------------------

CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
GROUP = re.compile(r"([♠♥♦♣]) ((?:(?:10|[2-9JQKA])(?: |(?=[,.;:)]|$)))+)")


def _named(text: str) -> set[str]:
    """Every card a text names: "K♦", and each of a suit's group "♣ A K"."""
    out = {a + s for a, s in CARD.findall(text)}
    for s, ranks in GROUP.findall(text):
        out |= {r + s for r in ranks.split()}
    return out


def _seen(st, seat: int) -> set[str]:
    obs = st.observation(seat)
    cards = set(obs.hand) | set(obs.trick) | {c for t in obs.tricks for c in t[1]}
    cards |= {c for row in getattr(obs, "face_up", ()) for c in row if c is not None}
    if getattr(obs, "trump_card", None) is not None:   # Durak's trump card, shown to both
        cards.add(obs.trump_card)
    return {c.rank.label + c.suit.symbol for c in cards}


def _check_hidden(st, seat: int, text: str) -> None:
    seen = _seen(st, seat)
    for sentence in re.split(r"(?<=\.) (?=[A-Z])", text):
        cond = re.match(r"If (.*? holds? .*?|.*? among .*?), (?=\S+ |after )", sentence)
        allowed = _named(cond.group(1)) if cond else set()
        body = sentence[cond.end():] if cond else sentence
        hidden = _named(body) - seen
        assert hidden <= allowed, (text, hidden - allowed)
        if cond:   # a condition names only cards the learner cannot see
            assert not (allowed & seen), (text, allowed & seen)


def _positions(game: str, deals: int, early: bool = False):
    """Positions of rule-bot deals with a choice of cards, at most REASON_CARDS cards left
    (``early``: more than that)."""
    mod = {"variety": V, "warsaw_hearts": W, "armenian_durak": D}[game]
    for seed in range(deals):
        st = mod.new_deal(seed=seed)
        bots = [mod.RuleBot(seed=seed * 5 + i) for i in range(st.players)]
        while not st.is_terminal():
            p = st.current_player
            if st.phase == "play" and len(st.legal_actions()) > 1 and (cards_left(st) > REASON_CARDS[game]) == early:
                yield st.clone(), p
            st.apply_action(bots[p].act(st.observation(p)))


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_a_hint_s_reason_names_a_hidden_card_only_in_a_condition(game):
    texts, conditional = [], 0
    for st, seat in _positions(game, 3):
        v = analyse(st)
        ranked = sorted(v, key=lambda a: -v[a])
        r = hint_reason(st, ranked[0], ranked[-1], seat=seat, seed=7)
        if r is None:
            continue
        _check_hidden(st, seat, r)
        conditional += r.startswith("If ") or ". If " in r
        texts.append((f"{game} reason", r))
        # the hidden cards are never read: the same view with other hidden cards, the same words
        from cardkit.analysis.worlds import sample_worlds
        other = sample_worlds(st.observation(seat), 1, np.random.default_rng(3))[0]
        assert hint_reason(other, ranked[0], ranked[-1], seat=seat, seed=7) == r
    assert len(texts) >= 3 and conditional >= 1, texts
    assert not findings(texts), findings(texts)


def test_the_hidden_card_check_catches_a_hidden_card_said_plainly():
    st = _variety_lead_into_east()   # South sees A♦ 9♦ 3♠ 2♠ and the cards played
    _check_hidden(st, 0, "If East holds K♦, 9♦ lets East win it with K♦.")
    with pytest.raises(AssertionError):
        _check_hidden(st, 0, "9♦ lets East win it with K♦.")
    with pytest.raises(AssertionError):
        _check_hidden(st, 0, "9♦ lets East win it, and East then wins the next 2 tricks with ♠ A K.")


def test_the_reasons_read_as_words():
    texts = []
    st = _variety_lead_into_east()
    texts.append(("variety", reason(st, "AD", "9D", seat=0)))
    p = _durak_problem(3)
    texts.append(("durak", reason(p.state, "QH", "6H", seat=p.seat)))
    texts.append(("hearts", reason(_hearts({0: "AS 6S TD", 1: "9S AD KD", 2: "8S 7S QD", 3: "QH JD AC"},
                                           "9S 8S QH"), "6S", "AS", seat=0)))
    # a ten is written 10, never T
    st = _variety(7, {0: "AH 2H AD KD", 1: "TH 4H QD JD", 2: "3H 9D 3S 2S", 3: "QC AS KS QS"}, "TH 3H QC")
    r = reason(st, "2H", "AH", seat=0)
    assert r.startswith("2♥ lets West win this trick with 10♥; "), r
    texts.append(("ten", r))
    assert all(t for _w, t in texts)
    assert not findings(texts), findings(texts)
    assert not re.search(r"\bT[♠♥♦♣]|None|_|Card\(|\bseat \d", " ".join(t for _w, t in texts))


# ---- bad input: one clear line, before any search --------------------------------------------------

def test_bad_arguments_are_refused_in_one_line():
    st = _variety_lead_into_east()
    with pytest.raises(CardkitError, match="best 'K♥': expected a legal card"):
        reason(st, parse_card("KH"), "9D", seat=0)
    with pytest.raises(CardkitError, match="best 'KH': expected a legal card"):
        reason(st, "KH", "9D", seat=0)
    with pytest.raises(CardkitError, match="other 'XX': expected a legal card"):
        reason(st, "AD", "XX", seat=0)
    with pytest.raises(CardkitError, match="expected the seat to move"):
        reason(st, "AD", "9D", seat=2)
    with pytest.raises(CardkitError, match="seed"):
        hint_reason(st, parse_card("AD"), parse_card("9D"), seat=0, seed=-1)
    bidding = V.new_deal(seed=1)
    with pytest.raises(StateError):
        reason(bidding, 1, 2, seat=bidding.current_player)
    assert hint_reason(bidding, 1, 2, seat=bidding.current_player) is None
    with pytest.raises(StateError):
        review_reason(st, object())
    assert reason(st, "AD", "AD", seat=0) is None


def test_a_review_reason_with_all_cards_known_and_a_verdict_from_another_deal_refused():
    from cardkit.analysis import review
    st = _variety_lead_into_east()
    at = len(st.history)
    st.apply_action(parse_card("9D"))
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    v = next(x for x in review(st, 0, seed=1, samples=4) if x.index == at)
    assert v.exact_cost == 4 and v.exact_best in _cards("AD 3S 2S")   # three cards as good
    r = review_reason(st, v)
    assert r.endswith(f"your side takes 1 trick after {v.exact_best}, 0 tricks after 9♦ (2 points a trick)."), r
    with pytest.raises(CardkitError, match="expected a verdict of an action of this deal"):
        review_reason(st, type(v)(at + 1, 0, v.action, v.best, 1.0, 0.0, 4, v.exact_best, "exact", ""))


# ---- the play page: the Hint and How did I do? -------------------------------------------------------

def test_the_hint_and_the_review_item_say_why():
    t = _table_at_trick_12()
    t.table.press("hint_button")
    assert t.last_error is None, t.last_error
    assert t.hint_text.endswith(" Why: 2♥ lets West win this trick with K♥; A♥ wins it. From this trick on, "
                                "your side takes 0 tricks after 2♥, 2 tricks after A♥ (−2 points a trick)."), \
        t.hint_text
    _finish(t, "AH")
    t.table.press("review_button")
    item = t.table.state["controls"]["review_list"]["options"][0][0]
    assert item.startswith("Trick 12: A♥ cost ") and "; with all cards known, it cost 8 points" in item, item
    assert ". Why: 2♥ lets West win this trick with K♥; A♥ wins it. From this trick on," in item, item
    assert not findings([("hint", t.hint_text), ("review", item)])


def test_a_review_reason_without_the_all_cards_known_cost_comes_from_the_learner_s_view():
    """Where the all-cards-known analysis passed its limit (no exact cost), a listed
    decision's reason is drawn from worlds of the learner's view then: a card South could not
    see at that moment is named only in a condition."""
    import dataclasses

    from cardkit.analysis import review
    st = _variety_lead_into_east()
    at = len(st.history)
    before = st.clone()
    st.apply_action(parse_card("9D"))
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    v = next(x for x in review(st, 0, seed=1, samples=8) if x.index == at)
    v = dataclasses.replace(v, best=parse_card("AD"), cost=4.0, stderr=0.0, exact_cost=None, exact_best=None,
                            exact_limit=True)
    r = review_reason(st, v, seed=1)
    assert r is not None and "9♦" in r, r
    _check_hidden(before, 0, r)
    assert "If " in r and "K♦" in r, r   # East's K♦ was not seen then: said as a condition


# ---- early in a deal: the rule bots' lines (the judge's playouts) ----------------------------------

def _variety_first_trick():
    """Contract 7 (♠ trumps, −2 a club taken) at the deal's first trick, 13 cards each:
    West leads 9♥, North 3♥, East (no hearts) throws Q♣; South ducks with 2♥ (West takes
    Q♣) or wins with A♥ (and takes it)."""
    hands = {0: "AH 2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
             1: "9H 4H KH QH JH TH AC KC JC TC 9C 8C 7C",
             2: "3H 5H 6H 7H 8H 3D 2D 6C 5C 4C 3C 2C AS",
             3: "QC KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"}
    return _variety(7, hands, "9H 3H QC")


def test_early_in_a_deal_a_reason_comes_from_the_bots_lines():
    """Before, a reason was given only at most REASON_CARDS cards from the end: here, at the
    first trick (49 cards left), the Hint's reason for 2♥ over A♥ names the trick and Q♣."""
    from cardkit.analysis.reasons import REASON_BOT_WORLDS
    st = _variety_first_trick()
    assert cards_left(st) > REASON_CARDS["variety"] and st.current_player == 0
    r = reason(st, "2H", "AH", seat=0, lines="bots", seed=1)
    assert r is not None and r.startswith("2♥ lets West win this trick with 9♥; A♥ wins it."), r
    assert "Q♣" in r, r
    h = hint_reason(st, parse_card("2H"), parse_card("AH"), seat=0, seed=1)
    assert h is not None and h.startswith("2♥ lets West win this trick with 9♥; A♥ wins it."), h
    _check_hidden(st, 0, h)
    assert REASON_BOT_WORLDS >= 8
    # the other way round is no reason at all
    assert reason(st, "AH", "2H", seat=0, lines="bots", seed=1) is None
    with pytest.raises(CardkitError, match="lines="):
        reason(st, "2H", "AH", seat=0, lines="playouts")


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_early_hint_reasons_name_hidden_cards_only_in_a_condition_and_never_read_them(game):
    from cardkit.analysis import estimate
    from cardkit.analysis.worlds import sample_worlds
    texts = []
    for k, (st, seat) in enumerate(_positions(game, 4, early=True)):
        if k % 3 or len(texts) >= 4:
            continue
        est = estimate(st, samples=24, seed=k, method="playouts")
        ranked = sorted(est.values, key=lambda a: -est.values[a])
        r = hint_reason(st, ranked[0], ranked[-1], seat=seat, seed=7)
        if r is None:
            continue
        _check_hidden(st, seat, r)
        texts.append((f"{game} early reason", r))
        other = sample_worlds(st.observation(seat), 1, np.random.default_rng(3))[0]
        assert hint_reason(other, ranked[0], ranked[-1], seat=seat, seed=7) == r
    assert len(texts) >= 3, texts
    assert not findings(texts), findings(texts)


def test_early_in_a_deal_a_review_item_says_why():
    """A costly card at the deal's first trick (before, a review item's reason was given only
    at most REASON_CARDS cards from the end): A♥ takes West's trick and East's Q♣."""
    import dataclasses

    from cardkit.analysis import review
    st = _variety_first_trick()
    at = len(st.history)
    st.apply_action(parse_card("AH"))
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    v = next(x for x in review(st, 0, seed=1, samples=4) if x.index == at)
    v = dataclasses.replace(v, best=parse_card("2H"), cost=2.0, stderr=0.0, exact_cost=2, exact_best=parse_card("2H"))
    r = review_reason(st, v, seed=1)
    assert r is not None and r.startswith("2♥ lets West win this trick with 9♥; A♥ wins it."), r
    assert "Q♣" in r, r


def test_early_in_a_deal_the_play_page_s_hint_says_why():
    """Armenian Durak, deal 1, the learner's first choice of cards: K♣ or J♣ on the opponent's
    7♣, both win the trick; the Hint's reason says what each puts into it."""
    from test_widgets_hint import _to_the_play

    from cardkit_widgets import DurakTable
    t = DurakTable(seed=1)
    _to_the_play(t)
    assert cards_left(t.state) > REASON_CARDS["armenian_durak"]
    t.table.press("hint_button")
    assert t.last_error is None, t.last_error
    assert " Why: After K♣ as after J♣, you take this trick: with K♣, it is worth 4 points; with J♣, 2 points." \
        in t.hint_text, t.hint_text
    assert not findings([("hint", t.hint_text)])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_review_reason_about_the_all_cards_known_best_says_so(monkeypatch, lang):
    """A review item whose verdict names one card as better from the learner's view and
    another as best with all cards known: its reason is about the latter, and says so
    (the sixth stop's learner pass: "better: 10♦ … Why: Q♥ …" read as a contradiction)."""
    from types import SimpleNamespace

    import cardkit.analysis.reasons as R
    monkeypatch.setattr(R, "review_reason", lambda *a, **k: "REASON")
    t = VarietyTable(seed=3, lang=lang)
    st = t.state
    a, b = _cards("AS KS")
    known = {"en": ". Why, with all cards known: REASON", "ru": " Почему, при всех открытых картах: REASON"}[lang]
    plain = {"en": ". Why: REASON", "ru": " Почему: REASON"}[lang]
    v = SimpleNamespace(costly=True, exact_cost=4, exact_best=a, best=b)
    assert t.judge.verdict_reason(st, v) == known
    v = SimpleNamespace(costly=True, exact_cost=4, exact_best=a, best=a)
    assert t.judge.verdict_reason(st, v) == plain
    v = SimpleNamespace(costly=True, exact_cost=None, exact_best=None, best=b)
    assert t.judge.verdict_reason(st, v) == plain
