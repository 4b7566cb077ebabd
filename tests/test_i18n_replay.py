"""Issue 29: the replay's commentary (``cardkit.replay.Replay``) in Russian and in the tests'
pseudo-language ``qps``.

A whole deal of each game (Variety, Warsaw Hearts at three and four, Armenian Durak) is
played and replayed with ``lang="ru"`` and ``lang="qps"``, stepped from the first action to
the last (and back by tricks), for a spectator, a seat and every hand, while the deal is
being played (public lines) and once it is over, with the tables' seat names and without:

* ``qps``: every word came through the catalog (no run of plain ASCII letters:
  :func:`test_i18n_tables.plain_words`);
* ``ru``: no Latin word, no seat by number (:func:`test_lesson_text_ru.ru_findings`), the
  book's words (взятка, ход, козыри, ренонс), the three plural forms of очко, the seats Юг
  (вы), Запад, Север, Восток (Durak: Вы, Соперник) with their verbs agreeing.

English stays as it was: ``tests/test_replay.py``'s golden transcript, and here the
learner's "You" with its verb ("You play", "to you").
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from registry_games import every_game
from test_i18n_tables import TAG, plain_words
from test_lesson_text_ru import ru_findings

from cardkit import CardkitError
from cardkit.games import armenian_durak as ad, variety, warsaw_hearts as wh
from cardkit.i18n import translation
from cardkit.replay import ALL, Replay, commentary, explain_trick_winner

DEALS = [("variety", lambda seed: variety.new_deal(seed=seed, dealer=seed % 4)),
         ("warsaw_hearts 3", lambda seed: wh.new_deal(seed=seed, players=3)),
         ("warsaw_hearts 4", lambda seed: wh.new_deal(seed=seed, players=4, dealer=1)),
         ("armenian_durak", lambda seed: ad.new_deal(seed=seed, dealer=seed % 2))]
every_game({g.split()[0] for g, _m in DEALS}, "DEALS")


def _names(players: int, lang: str) -> list[str]:
    """The tables' names seen from seat 0 (``cardkit_widgets._common.seat_names``)."""
    tr = translation(lang)
    you = tr.gettext("You") if players == 2 else tr.pgettext("seat of 3 or 4", "You")
    around = {2: [you, tr.gettext("Your opponent")], 3: [you, tr.gettext("West"), tr.gettext("East")],
              4: [you, tr.gettext("West"), tr.gettext("North"), tr.gettext("East")]}
    return around[players]


def _played(make, seed: int):
    """The deal played at random to its end, and a copy after its first 17 actions."""
    st = make(seed)
    rng = np.random.default_rng(seed)
    half = None
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[int(rng.integers(len(legal)))])
        if len(st.history) == 17:
            half = st.clone()
    return st, half


class _Verdict:
    def __init__(self, index: int, text: str) -> None:
        self.index, self.text = index, text


def _replay_texts(lang: str, seeds=(1, 2)) -> dict[str, list[str]]:
    """Every line the replay writes, by game: stepped forward action by action from the
    start to the end, back trick by trick, for each viewer; and the transcripts."""
    tr = translation(lang)
    out: dict[str, list[str]] = {}
    for game, make in DEALS:
        texts = out.setdefault(game, [])
        for seed in seeds:
            for st in _played(make, seed):
                for names in (None, _names(st.players, lang)):
                    for viewer in (None, 0, 1, ALL):
                        r = Replay(st, viewer=viewer, names=names, lang=lang)
                        r.add_verdicts([_Verdict(len(r) - 1, tr.gettext("New deal"))])
                        while r.position < len(r):
                            texts += r.forward()
                        while r.position > 0:
                            texts += r.back_trick()
                        texts.append(r.transcript())
    return out


@pytest.fixture(scope="module")
def pseudo_texts():
    return _replay_texts("qps")


@pytest.fixture(scope="module")
def russian_texts():
    return _replay_texts("ru")


@pytest.mark.parametrize("game", [g for g, _m in DEALS])
def test_every_word_of_the_commentary_comes_through_the_catalog(pseudo_texts, game):
    texts = pseudo_texts[game]
    assert len(texts) > 200
    bad = sorted({w for t in texts for w in plain_words(t)})
    assert not bad, f"words that did not come through the catalog: {bad}"


def _ru_plural(n: int) -> int:
    n = abs(n)
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.mark.parametrize("game", [g for g, _m in DEALS])
def test_the_commentary_in_russian(russian_texts, game):
    texts = russian_texts[game]
    findings = ru_findings([(game, t) for t in texts])
    assert not findings, "\n".join(findings[:20])
    text = "\n".join(texts)
    assert "Взятку 1 [" in text and " ходит " in text and "Сдача окончена. " in text and "Оценка: Новая сдача" in text
    assert "RULES" not in text and "правила, §" in text
    assert not re.search(r"(?<![\d+−-])T[♠♥♦♣]|[AKQJ][♠♥♦♣]", text)    # Т К Д В and 10, never T♥
    for m in re.finditer(r"([+−-]?\d+) (очко|очка|очков)\b", text):
        assert ("очко", "очка", "очков").index(m[2]) == _ru_plural(int(m[1].lstrip("+−-"))), m[0]
    if game == "armenian_durak":
        assert "Вы ходите " in text and "Соперник ходит " in text and " берёте вы:" in text
        assert " берёт соперник:" in text and "Вы: " in text and "сдаёт" in text
        assert "веера сдающего" in text and "закрытую карту" in text
        assert "Юг" not in text
    else:
        assert not re.search(r"(?<![(])(?:вы|Вы) ход", text) and "Соперник" not in text
    if game == "variety":
        assert re.search(r"Юг \(вы, (?:разыгрывающий|вистующий)\) ходит ", text)
        assert re.search(r"Запад \((?:разыгрывающий|вистующий)\) ходит ", text)
        assert "Юг (вы): заявка " in text and "Юг (вы) (" not in text
        assert "торговля окончена (правила, §1.3); контракт " in text and "разыгрывающие " in text
        assert "вистующим " in text and "заявка " in text
    if game.startswith("warsaw_hearts"):
        assert "Юг (вы) ходит " in text and "Запад ходит " in text and "Восток ходит " in text
        assert "штрафные очки пока: " in text and "Штрафные очки: " in text and "плюсовые очки: " in text
    assert "нет " in text and "в масть (" in text


def test_a_spectator_reads_only_public_facts_in_russian():
    """While the deal is on, another seat's card is described from public facts only."""
    full: list[str] = []
    public: list[str] = []
    for seed in range(6):
        _st, half = _played(DEALS[1][1], seed)
        f = [x for ls in Replay(half, viewer=ALL, lang="ru").lines for x in ls]
        p = [x for ls in Replay(half, lang="ru").lines for x in ls]
        assert len(f) == len(p)
        full += f
        public += p
    assert not any("единственная карта, которой можно ходить" in x or "ренонс" in x for x in public)
    assert any("можно любую карту" in x for x in full) and any("единственная карта, которой" in x for x in full)
    assert any("не в масть (" in x for x in public)


def test_explain_trick_winner_and_commentary_take_the_language():
    st, _half = _played(DEALS[0][1], 1)
    trick = st.completed_tricks[0]
    en, ru = explain_trick_winner(st, trick), explain_trick_winner(st, trick, lang="ru")
    assert en.split()[0] == str(trick.cards[st._trick_winner_index(trick)])
    assert re.search("старше|младше|только|бьёт", ru) and not re.search(r"[A-Za-z]", ru)
    r = Replay(st)
    lines = commentary(r.state_at(0), r.state_at(1), st.history[0], lang="ru")
    assert lines == [f"Восток: заявка {st.history[0]}"] or re.fullmatch(r"(Юг|Запад|Север|Восток): заявка \d", lines[0])
    with pytest.raises(CardkitError, match=r"^lang 'xx'"):
        Replay(st, lang="xx")
    with pytest.raises(CardkitError, match=r"^lang"):
        explain_trick_winner(st, trick, lang="de")


def test_english_keeps_the_learners_you_with_its_verb():
    st, _half = _played(DEALS[3][1], 1)
    lines = [x for ls in Replay(st, names=["You", "Your opponent"]).lines for x in ls]
    assert any(x.startswith("You play ") for x in lines) and any(x.startswith("Your opponent plays ") for x in lines)
    assert any(" to you: " in x for x in lines) and any(" to your opponent: " in x for x in lines)
    assert not any("seat" in x for x in lines)
    st4, _half = _played(DEALS[0][1], 2)
    lines = [x for ls in Replay(st4, names=["You", "West", "North", "East"]).lines for x in ls]
    assert any(re.match(r"You \((?:declarer|defender)\) play ", x) for x in lines)
    assert any(x.startswith("You bid ") for x in lines) or any(x.startswith("West bids ") for x in lines)


@pytest.mark.parametrize("cls_name", ["VarietyTable", "WarsawHeartsTable", "DurakTable"])
def test_a_russian_table_shows_the_replay_in_russian(cls_name):
    """A Russian table's replay pane, from the end of a deal back to its start: Russian
    words only (the commentary through the catalog, not renamed on the page)."""
    import cardkit_widgets

    t = getattr(cardkit_widgets, cls_name)(5, lang="ru")
    for _ in range(300):
        st = t.state
        if st.is_terminal():
            break
        t.act(st.legal_actions()[0])
    assert t.replay is not None
    shown = []
    while t.replay.position > 0:
        shown.append(TAG.sub(" ", t.table.state["controls"]["replay_commentary"]["value"]))
        t.replay_step("back")
    assert len(shown) > 10
    findings = ru_findings([(cls_name, x) for x in shown])
    assert not findings, "\n".join(findings[:10])
    assert any("Взятку" in x for x in shown) and any("Сдача окончена." in x for x in shown)
    assert t.replay.lang == "ru"


@pytest.mark.parametrize(("cls_name", "kw"), [("VarietyTable", {}), ("DurakTable", {"first_dealer": 0})])
def test_the_guide_says_why_a_trick_was_won_in_russian(cls_name, kw):
    """The guide's "trick won" step gives the replay's reason in the table's language (it
    gave none on a Russian page)."""
    import cardkit_widgets

    t = getattr(cardkit_widgets, cls_name)(seed=1, guide=True, lang="ru", **kw)
    g = t.guide
    won = []
    for _ in range(400):
        st = t.state
        if st.is_terminal():
            break
        if "Взятка достаётся:" in g.box.value:
            won.append(TAG.sub(" ", g.box.value))
        if g.ok.layout.display is None:
            g.ok.click()
        t.act(st.legal_actions()[0])
    assert won
    assert all(re.search(r"Взятка достаётся: .+ — .*(?:старше|младше|только|бьёт|козыр).*; пока: ", x)
               for x in won), won[:2]
    assert not ru_findings([(cls_name, x) for x in won])
