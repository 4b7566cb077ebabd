"""Issue 29: the tables and the deal editor take their language, ``lang="en"`` (default) or
``"ru"``; anything else is one clear CardkitError naming the argument, before anything is
built. The language machinery (cardkit.i18n): Russian's three plural forms, the pseudo
language of the tests."""

from __future__ import annotations

import pytest

from cardkit import CardkitError
from cardkit.i18n import LANGUAGES, check_lang, translation
from cardkit_widgets import DealEditor, DurakTable, VarietyTable, WarsawHeartsTable

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_tables_keep_their_language(cls):
    assert cls(deal=False).lang == "en"
    t = cls(deal=False, lang="ru")
    assert t.lang == "ru"
    assert t.i18n is translation("ru")


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("bad", ["de", "RU", "", None, 7, ["ru"]])
def test_tables_refuse_other_languages(cls, bad):
    with pytest.raises(CardkitError, match=r"^lang .*expected 'en' \(English\) or 'ru' \(Russian\)$"):
        cls(deal=False, lang=bad)


def test_from_code_passes_the_language():
    t = VarietyTable.from_code("V-4821", lang="ru")
    assert t.lang == "ru" and t.deal_code.startswith("V-4821")


def test_deal_editor_language_and_its_play_table():
    assert DealEditor().lang == "en"
    e = DealEditor("armenian_durak", lang="ru")
    assert e.lang == "ru"
    e.random_button.click()
    assert e.last_error is None
    table = e.play()
    assert table.lang == "ru"
    with pytest.raises(CardkitError, match=r"^lang 'fr': expected"):
        DealEditor(lang="fr")


def test_languages_and_plurals():
    assert LANGUAGES == ("en", "ru")
    assert check_lang("ru") == "ru"
    ru = translation("ru")
    forms = {n: ru.ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
             for n in (1, 2, 5, 11, 21, 22, 25, 112)}
    assert forms == {1: "1 карта в руке", 2: "2 карты в руке", 5: "5 карт в руке", 11: "11 карт в руке",
                     21: "21 карта в руке", 22: "22 карты в руке", 25: "25 карт в руке", 112: "112 карт в руке"}
    won = "The game is over: you won by {n} points."
    assert [ru.ngettext(won, won, n).format(n=n).rsplit(" ", 1)[1] for n in (1, 3, 5)] == ["очко.", "очка.", "очков."]
    en = translation("en")
    assert en.ngettext("{n} card in hand", "{n} cards in hand", 1) == "{n} card in hand"
    assert en.gettext("New deal") == "New deal" and en.pgettext("button", "New deal") == "New deal"
    qps = translation("qps")
    assert qps.gettext("New deal") == "⟦Ńéŵ ďéáĺ⟧"
    assert qps.gettext("<b>{seat}</b> says: “{words}”") == "⟦<b>{seat}</b> śáýś: “{words}”⟧"
    assert qps.ngettext("{n} card", "{n} cards", 2) == "⟦{n} çáŕďś⟧"
    assert translation("ru") is translation("ru")  # compiled once per process
