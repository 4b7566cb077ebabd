"""Issue 29: the judge's verdicts (:func:`cardkit.analysis.judge.verdict_text`), how it valued a
decision (:func:`cardkit.analysis.judge.valuation_words`) and the reasons
(:func:`cardkit.analysis.reasons.reason`) in the table's language: each fact a whole sentence
of the catalog, points and tricks through ``ngettext`` (1 очко, 2 очка, 5 очков), cards in
Russian letters (Т К Д В, the ten 10), seats by name (Запад, Восток, соперник); English (no
``tr``) byte for byte as before."""

from __future__ import annotations

import re

import pytest
from test_reasons import _durak_problem, _hearts, _variety, _variety_lead_into_east

from cardkit.analysis import analyse
from cardkit.analysis.judge import Verdict, _verdict_text, valuation_words, verdict_text
from cardkit.analysis.reasons import reason
from cardkit.cards import Card
from cardkit.i18n import translation
from cardkit.notation import parse_card

RU = translation("ru")
QPS = translation("qps")
LATIN = re.compile(r"[A-Za-z]+")


def _v(cost=2.4, se=0.6, exact_cost=None, exact_best=None, exact_limit=False, valuation=None) -> Verdict:
    a, best = parse_card("JS"), parse_card("QS")
    text = _verdict_text(a, best, cost, se, exact_cost, exact_best, exact_limit=exact_limit, valuation=valuation)
    return Verdict(3, 0, a, best, cost, se, exact_cost, exact_best, "exact", text, exact_limit, valuation)


VERDICTS = [
    _v(), _v(cost=0.0, se=0.0), _v(cost=0.0, se=0.0, exact_cost=3), _v(cost=1.3, se=1.0),
    _v(cost=2.0, se=0.0, exact_cost=0), _v(exact_cost=1), _v(exact_cost=2, exact_best=parse_card("TS")),
    _v(exact_cost=5), _v(exact_limit=True), _v(valuation="from 24 deals solved exactly"),
    _v(valuation="from 16 deals played out by the rule bots"),
    _v(valuation="from 48 deals: 32 solved exactly, 16 played out by the rule bots (too long to solve)"),
]


@pytest.mark.parametrize("v", VERDICTS)
def test_a_verdict_in_english_is_the_review_s_sentence(v):
    assert verdict_text(v) == v.text


@pytest.mark.parametrize("v", VERDICTS)
def test_a_verdict_in_russian_reads_russian(v):
    text = verdict_text(v, tr=RU)
    assert not LATIN.findall(text), text
    assert text.endswith("."), text


@pytest.mark.parametrize("v", VERDICTS)
def test_a_verdict_in_the_pseudo_language_comes_through_the_catalog(v):
    text = verdict_text(v, tr=QPS)
    assert not re.findall(r"[A-Za-z]{2,}", text), text   # every word came through the catalog


def test_a_verdict_s_whole_points_in_russian_forms():
    assert "стоил 1 очко." in verdict_text(_v(exact_cost=1), tr=RU)
    assert "стоил 2 очка (лучше всего: 10♠)." in verdict_text(_v(exact_cost=2, exact_best=parse_card("TS")), tr=RU)
    assert "стоил 5 очков." in verdict_text(_v(exact_cost=5), tr=RU)
    assert verdict_text(_v(), tr=RU) == "В♠: потеря в среднем 2.4 ± 0.6 очка (лучше: Д♠)."


def test_how_the_judge_valued_a_decision_in_russian():
    assert valuation_words("from 21 deals solved exactly", RU, phrase=True) == "по 21 раскладке, решённой точно"
    assert valuation_words("from 24 deals solved exactly", RU) == (
        "Оценка по 24 раскладкам карт, которых вы не видели, каждая решена точно.")
    assert valuation_words("from 400 deals of the other hands", RU) == "Оценка по 400 раскладкам чужих карт."
    note = ("bid 3 repeats the bid of the player opposite you, so it ends the bidding: valued as contract 3 with "
            "that player as your partner")
    assert valuation_words(note, RU).startswith("Заявка 3 повторяет заявку игрока напротив вас")
    assert valuation_words("something else", RU) == "something else"


# ---- the reasons, on test_reasons.py's hand-built endings ------------------------------------------

def _positions():
    d3, d8 = _durak_problem(3), _durak_problem(8)
    return {
        "variety_lead": (_variety_lead_into_east(), "AD", "9D", 0),
        "variety_keep": (_variety(7, {0: "AH 2H AD KD", 1: "9H 4H QD JD", 2: "3H TD 3S 2S", 3: "QC AS KS QS"},
                                  "9H 3H QC"), "2H", "AH", 0),
        "variety_lowest": (_variety(6, {0: "2H QH AS KS", 1: "9H AD KD QD", 2: "KH JD TD 2C", 3: "8H QS JS TS"},
                                    "9H KH 8H"), "2H", "QH", 0),
        "variety_ruff": (_variety(2, {0: "2C 7C 6S JH", 1: "3S AH 5H 9H", 2: "3C KH 8S 8D", 3: "6C JC 2S AS"},
                                  winners=[1] * 8 + [0]), "6S", "7C", 0),
        "hearts_honour": (_hearts({0: "AS 6S TD", 1: "9S AD KD", 2: "8S 7S QD", 3: "QH JD AC"}, "9S 8S QH"),
                          "6S", "AS", 0),
        "hearts_bonus": (_hearts({0: "AS 6S TD", 1: "9S AD KD", 2: "8S 7S QD", 3: "7H JD AC"}, "9S 8S 7H",
                                 winners=[0]), "6S", "AS", 0),
        "durak_cards": (d3.state, "QH", "6H", d3.seat),
        "durak_trump": (d8.state, "KH", "AC", d8.seat),
        "durak_six": (d8.state, "KH", "AH", d8.seat),
    }


RUSSIAN = {
    "variety_lead": "Т♦ берёт эту взятку. После 9♦ эту взятку берёт Восток картой К♦. Затем Восток берёт ещё 3 взятки "
                    "(♠ Т К и 2♣). Это 8 очков стороне Востока. С этой взятки до конца сдачи ваша сторона берёт 1 "
                    "взятку после Т♦. После 9♦ — 0 взяток. В этом контракте каждая взятка приносит 2 очка.",
    "variety_keep": "После 2♥ эту взятку берёт Запад картой 9♥. Т♥ берёт эту взятку. 2♥ не даёт Д♣ попасть во взятки "
                    "вашей стороны. После Т♥ её берёт ваша сторона: −2 очка.",
    "variety_lowest": "2♥ берёт эту взятку. В этом контракте взятку берёт самая младшая карта. После Д♥ эту взятку "
                      "берёт Восток картой 8♥. Это 4 очка стороне Востока.",
    "hearts_honour": "После 6♠ эту взятку берёт Запад картой 9♠. Т♠ берёт эту взятку. 6♠ не даёт Д♥ попасть в ваши "
                     "взятки. После Т♠ она достаётся вам: это штраф.",
    "hearts_bonus": "После 6♠ эту взятку берёт Запад картой 9♠. Т♠ берёт эту взятку. 6♠ не пускает ни одной червы в "
                    "ваши взятки — ради премии +20. После Т♠ вы берёте 7♥.",
    "durak_cards": "После Д♥ вы берёте ♥ Т 6: 11 очков. После 6♥ их забирает соперник.",
    "durak_trump": "К♥ берёт эту взятку. После Т♣ эту взятку берёт соперник картой 6♥. 6♥ — козырь. Это 11 очков "
                   "сопернику.",
    "durak_six": "К♥ берёт эту взятку. После Т♥ эту взятку берёт соперник картой 6♥. Шестёрка бьёт туза. Это 11 очков "
                 "сопернику.",
}


@pytest.fixture(scope="module")
def positions():
    return _positions()


@pytest.mark.parametrize("name", sorted(RUSSIAN) + ["variety_ruff"])
def test_a_reason_in_russian(positions, name):
    st, best, other, seat = positions[name]
    english = reason(st, best, other, seat=seat)
    text = reason(st, best, other, seat=seat, tr=RU)
    assert english is not None and text is not None
    assert not LATIN.findall(text), text
    if name in RUSSIAN:
        assert text == RUSSIAN[name]
    else:   # the void made: the trump's card varies with the solver's line
        assert re.fullmatch(r"После 6♠ у вас не остаётся карт масти ♠, и позже вы бьёте козырем [72]♣ карту \S+♠ "
                            r"Востока\. .*", text), text
    pseudo = reason(st, best, other, seat=seat, tr=QPS)
    assert not re.findall(r"[A-Za-z]{2,}", pseudo), pseudo


_LETTERS = str.maketrans({"A": "Т", "K": "К", "Q": "Д", "J": "В"})


def _ru_card(c: Card) -> str:
    return ("10" if c.rank.label in ("T", "10") else c.rank.label.translate(_LETTERS)) + c.suit.symbol


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_a_hidden_card_is_named_first_in_a_sentence_of_its_own(game):
    """A Hint's reason in Russian names a card the learner cannot see first in a sentence
    «Допустим, …» (the English "If East holds K♦, …")."""
    from test_reasons import _positions as positions_of

    from cardkit.analysis.reasons import _visible, hint_reason
    said, supposed = 0, 0
    for st, seat in positions_of(game, 3):
        v = analyse(st)
        ranked = sorted(v, key=lambda a: -v[a])
        text = hint_reason(st, ranked[0], ranked[-1], seat=seat, seed=7, tr=RU)
        if text is None:
            continue
        said += 1
        assert not LATIN.findall(text), text
        seen = {_ru_card(c) for c in _visible(st, seat)}
        sentences = re.split(r"(?<=\.) ", text)
        for card in {_ru_card(c) for c in st.hands[0] + [c for h in st.hands for c in h]} - seen:
            first = next((x for x in sentences if re.search(rf"(?<![0-9]){re.escape(card)}", x)), None)
            if first is not None:
                supposed += 1
                assert first.startswith("Допустим, "), (card, text)
    assert said >= 3 and supposed >= 1
