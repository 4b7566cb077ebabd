"""Issue 29: the deal editor's refusal of wishes no deal can meet (``compose_deal``'s
feasibility check) in the page's language: Russian words on ``DealEditor(lang="ru")``, the
English text as before on an English one."""

from __future__ import annotations

import pytest
from test_i18n_notation import _russian

# (points, suit lengths, holding) for South, and the English refusal's start
CASES = [
    ("38+", "", "2♠ 3♠ 4♠", "South: at most 32 points can be there (0 in the cards given), fewer than the 38 wished"),
    ("0-10", "", "A♠ A♥ A♦ A♣ K♠", "South: the cards given hold 19 points already, more than the 10 wished"),
    ("", "♠0-1", "A♠ K♠", "South: the cards given hold 2 ♠ already, more than the 1 wished"),
    ("", "♠5+", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥", "South: at most 3 ♠ can be there, fewer than the 5 wished"),
    ("", "♠5+ ♥5+ ♦5+", "", "South: the suit lengths wished add up to at least 15 cards, but it holds 13"),
    ("", "♠0-2 ♥0-2 ♦0-2 ♣0-2", "", "South: the suit lengths wished add up to at most 8 cards, but it holds 13"),
]


@pytest.mark.parametrize("points, lengths, holding, english", CASES)
def test_a_wish_no_deal_can_meet_is_refused_in_the_page_s_language(points, lengths, holding, english):
    from cardkit_widgets import DealEditor

    for lang in ("en", "ru"):
        e = DealEditor("variety", lang=lang)
        e.set_wish(0, points=points, lengths=lengths, holding=holding)
        e._safely(e.deal_rest)
        if lang == "en":
            assert e.last_error == english
        else:
            assert e.last_error is not None and e.last_error.startswith("Юг: "), e.last_error
            assert not _russian(e.last_error), e.last_error


def test_wishes_no_random_deal_met_are_refused_in_the_page_s_language():
    """Wishes each possible but met by no deal drawn: the refusal names them in Russian
    (failed before: 'no deal met the wishes (South 37+ points, ♠ 5+, holding A♠) …')."""
    from cardkit.composing import HandWish
    from cardkit_widgets import DealEditor

    for lang in ("en", "ru"):
        e = DealEditor("variety", lang=lang)
        e.set_wish(0, points="37+", lengths="♠5+", holding="A♠")
        e._safely(e.deal_rest)
        if lang == "en":
            assert e.last_error.startswith("no deal met the wishes (South 37+ points, ♠ 5+, holding A♠) in "), \
                e.last_error
        else:
            assert "Юг" in e.last_error and "Т♠" in e.last_error, e.last_error
            assert not _russian(e.last_error), e.last_error
    w = HandWish(points=(12, 14), lengths=((5, 52), (0, 1), (0, 52), (0, 52)))
    assert str(w.said()) == w.words()


@pytest.mark.parametrize("english", [
    "South should hold A♠, but West has it",
    "South should hold 2♠, 3♠, 4♠, 5♠, 6♠, 7♠, 8♠, 9♠, 10♠, J♠, Q♠, K♠, A♠, 2♥: more than the 13 cards it holds "
    "with those given",
])
def test_a_holding_wish_against_the_cards_placed_is_refused_in_the_page_s_language(english):
    """A wish to hold a card another place has, or more cards than the place holds (failed
    before: the English sentence on a Russian page)."""
    from cardkit_widgets import DealEditor

    for lang in ("en", "ru"):
        e = DealEditor("variety", lang=lang)
        if "West has it" in english:
            e.place_boxes[1].value = "A♠"
            e.set_wish(0, holding="A♠")
        else:
            e.set_wish(0, holding="2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♥")
        e._safely(e.deal_rest)
        if lang == "en":
            assert e.last_error == english
        else:
            assert e.last_error is not None and not _russian(e.last_error), e.last_error
