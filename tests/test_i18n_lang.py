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
    forms = {n: ru.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2, 5, 11, 21, 22, 25, 112)}
    assert forms == {1: "1 взятка", 2: "2 взятки", 5: "5 взяток", 11: "11 взяток", 21: "21 взятка",
                     22: "22 взятки", 25: "25 взяток", 112: "112 взяток"}
    en = translation("en")
    assert en.ngettext("{n} trick", "{n} tricks", 1) == "{n} trick"
    assert en.gettext("New deal") == "New deal" and en.pgettext("button", "New deal") == "New deal"
    assert translation("qps").gettext("New deal") == "⟦New deal⟧"
    assert translation("ru") is translation("ru")  # compiled once per process
