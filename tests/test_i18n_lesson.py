"""Issue 29: a lesson's exercise frame and its tally in Russian (``lang="ru"``): the heading,
Check / New example, right / not right, the counts; the question itself is the exercise
maker's (in English until ``cardkit_widgets.exercises`` takes a language)."""

from __future__ import annotations

import re

import pytest

from cardkit import CardkitError
from cardkit_widgets import exercises as X
from cardkit_widgets.lesson import Exercise, Tally


def text(widget) -> str:
    return re.sub(r"<[^>]+>", "", widget.value).replace("&nbsp;", " ")


def test_exercise_and_tally_in_russian():
    tally = Tally(lang="ru")
    assert text(tally) == "Пока в этом уроке: ещё нет ответов"
    ex = Exercise("Можно ли так заявить?", X.variety_may_bid, seed=3, rule="правила, §1.3", tally=tally, lang="ru")
    assert "Упражнение: Можно ли так заявить?" in text(ex.prompt)
    assert ex.new_button.description == "Новый пример"
    assert "верно 0 из 0" in text(ex.status) and "сдача номер 3" in text(ex.status)
    wrong = next(v for _, v in ex.question.choices if v != ex.question.answer)
    ex.answer(wrong)
    assert text(ex.feedback).startswith("✘ Неверно. Вы выбрали «"), text(ex.feedback)
    ex.answer(ex.question.answer)
    assert text(ex.feedback).startswith("✔ Верно.") and "в счёт идёт ваш первый ответ" in text(ex.feedback)
    assert text(tally) == "Пока в этом уроке: верно 0 из 1"
    number = Exercise("Подсчитайте сдачу", X.variety_score, seed=1, lang="ru")
    assert number.check_button.description == "Проверить" and "ваш ответ" in number.figure.html


def test_exercise_refuses_another_language():
    with pytest.raises(CardkitError, match=r"^lang 'de': expected 'en' \(English\) or 'ru' \(Russian\)$"):
        Exercise("x", X.variety_may_bid, lang="de")
    with pytest.raises(CardkitError, match=r"^lang"):
        Tally(lang="xx")


def test_bar_chart_in_russian():
    from cardkit_widgets.advisor import Bar, bar_chart_svg

    bars = [Bar("Д♥", 1.25, 0.3), Bar("7♣", -0.5, 0.2)]
    en = bar_chart_svg(bars)
    assert "<title>Expected values</title>" in en and "bar = mean; figures: mean ± one standard error" in en
    ru = bar_chart_svg(bars, axis="очки", lang="ru")
    assert "<title>Ожидаемые значения</title>" in ru
    assert "полоса — среднее; числа: среднее ± одна стандартная ошибка" in ru
    assert "усы: по две стандартные ошибки в каждую сторону" in ru and "standard" not in ru
    with pytest.raises(CardkitError, match=r"^lang"):
        bar_chart_svg(bars, lang="fr")


#: The exercises whose words all come through the catalog: every one of the three games'.
TRANSLATED_EXERCISES = list(X.__all__)


@pytest.mark.parametrize("name", TRANSLATED_EXERCISES)
def test_exercises_in_the_pseudo_language(name):
    """The rules lessons' exercises (prompt, choices, every answer's feedback, a number box's
    refusal) come whole through the catalog, over 25 examples each."""
    import test_i18n_tables as T

    ex = Exercise("t", getattr(X, name), seed=1, lang="qps")
    texts = []
    for _ in range(25):
        q = ex.question
        texts += [ex.prompt.value, ex.status.value, *(str(label) for label, _v in (q.choices or []))]
        for v in ([v for _l, v in q.choices] if q.choices else [q.answer, q.answer + 1, "x"]):
            ex.answer(v)
            texts.append(ex.feedback.value)
        ex.new_example()
    bad, _unused = T.not_through_catalog(texts, [])
    assert not bad, sorted(bad)


def test_a_durak_exercise_in_russian():
    ex = Exercise("Кто берёт взятку?", X.durak_trick_winner, seed=110, lang="ru")
    assert "Козыри" in text(ex.prompt) and "Кто берёт взятку?" in text(ex.prompt)
    assert [b.description.split(",")[0] for b in ex.buttons] == ["заход", "ответ"]
    ex.answer(ex.question.answer)
    assert text(ex.feedback).startswith("✔ Верно.") and "(правила, §3.1): берёт" in text(ex.feedback)
    assert not re.search(r"[A-Za-z]{2,}", text(ex.prompt) + text(ex.feedback))


def test_a_warsaw_hearts_exercise_in_russian():
    ex = Exercise("Какой штраф?", X.hearts_penalty, seed=310, lang="ru")
    assert "Игрок взял в сдаче такие взятки" in text(ex.prompt)
    ex.answer(ex.question.answer)
    assert text(ex.feedback).startswith("✔ Верно.") and "(правила, §2.2" in text(ex.feedback)
    assert not re.search(r"[A-Za-z]{2,}", text(ex.prompt) + text(ex.feedback))
    assert not re.search(r"(?<![A-Za-z])[AKQJT](?=[♠♥♦♣])", text(ex.prompt) + text(ex.feedback))


def test_a_variety_exercise_in_russian():
    ex = Exercise("Можно ли так заявить?", X.variety_may_bid, seed=310, lang="ru")
    assert "Торговля до сих пор (А сидит слева от сдающего" in text(ex.prompt)
    assert {b.description for b in ex.buttons} >= {"Торговля заканчивается", "Торговля продолжается"}
    ex.answer(ex.question.answer)
    assert text(ex.feedback).startswith("✔ Верно.") and "(правила, §1.3" in text(ex.feedback)
    assert not re.search(r"[A-Za-z]{2,}", text(ex.prompt) + text(ex.feedback))


def test_the_advisor_in_the_pseudo_language_and_russian():
    """The Variety advisor's panel, hand editor, table and chart in qps: every word through the
    catalog but the notation's answer to bad text (it quotes it) and the hands in PBN."""
    import test_i18n_tables as T

    from cardkit.advisor import ContractAdvice
    from cardkit.games import variety
    from cardkit_widgets.advisor import AdvisorPanel, HandEditor, advice_chart_svg, advice_table_html

    adv = [ContractAdvice(c, (4.5 - c) * 1.3, 0.4 + c / 10, 1000, 0.1 * c, c - 3.3, str(variety.contracts()[c]))
           for c in (3, 1, 6, 2, 8, 4, 5, 7)]
    texts = [advice_table_html(adv, book=3, lang="qps"), advice_chart_svg(adv, "3 or 6", lang="qps")]
    e = HandEditor("KQ7.AJ5.KQ84.A92", seed=1, lang="qps")
    texts += [e.caption.value, e.text.placeholder, e.text.description]
    texts += [b.tooltip for b in e.buttons.values()]
    e.toggle(next(iter(e.buttons)))
    texts.append(e.error.value)
    p = AdvisorPanel(lang="qps")
    texts += [p.status.value, p.samples.description, p.seed.tooltip, p.button.description, p.button.tooltip]
    p.run()
    texts.append(p.status.value)
    bad, _unused = T.not_through_catalog(texts, [])
    assert not bad, sorted(bad)
    ru = advice_table_html(adv, book=3, lang="ru")
    assert "разница" in ru and "← по книге" in ru and "3: козыри ♥; +2 за каждую взятую ♠" in ru
    assert "Ожидаемая разница по контрактам" in advice_chart_svg(adv, lang="ru")
    assert AdvisorPanel(lang="ru").button.description == "Совет"


def test_lesson_helpers_in_russian():
    from cardkit import Suit, parse_card
    from cardkit_widgets._common import recolour_html
    from cardkit_widgets.lesson import card_html, cards_html, seat_name, suit_html

    assert ">Д♥<" in card_html(parse_card("QH"), lang="ru") and ">Q♥<" in card_html(parse_card("QH"))
    assert re.sub(r"<[^>]+>", "", cards_html([parse_card("TS"), parse_card("AC")], lang="ru")) == "10♠ Т♣"
    assert [seat_name(s, lang="ru") for s in range(4)] == ["Юг", "Запад", "Север", "Восток"]
    assert seat_name(1, 2, lang="ru") == "Соперник"
    ru = suit_html(Suit.DIAMONDS, lang="ru")
    assert 'title="бубны"' in ru and "#1565c0" in recolour_html(ru, True)   # the four-colour deck still applies
