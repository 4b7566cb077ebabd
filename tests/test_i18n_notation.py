"""Typed cards and deal codes, and their refusals, in Russian (issue 29).

The parsers read the Russian books' letters (ranks Т К Д В, suits П Ч Б Т); a refusal a
learner can provoke (a bad card, hand, deal code, bid, Durak action, number box) keeps its
catalog words (:meth:`cardkit.errors.CardkitError.in_language`), so a Russian page says it
in Russian, quoting what was typed as it was typed; ``str(e)`` stays the English text for
developers, byte for byte.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_lesson_text_ru import ru_findings

from cardkit import Card, NotationError, Rank, deck, format_hand, parse_card, parse_cards, parse_hand
from cardkit.codes import parse_deal_code
from cardkit.games import armenian_durak as ad, variety
from cardkit.i18n import translation

RU_RANKS = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
RU_SUITS = {"S": "П", "H": "Ч", "D": "Б", "C": "Т"}
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
# a deal code's own notation: an option (D2, L1, P5), a game letter (V), X before the cards, ?deal=
CODE_NOTATION = re.compile(r"\?deal=|\b[A-Z][0-9]*\b")
CYRILLIC = re.compile("[а-яА-ЯёЁ]")

BAD_CARDS = ["XX", "Q", "QX", "1H", "ZZ", "Ё♥", 5]
BAD_HANDS = ["AK73.AQ5.KJ4", "AK73.AQ5.KJ4.AQ9.1", "AKX3.AQ5.KJ4.AQ9", "AA.-.-.-", "QH QH", "QH ZZ"]
BAD_CODES = ["", "V", "V-", "X-1", "V-1-Q1", "V-1-D", "V-1-D9", "V-1-L7", "V-1-L1-L1", "V-XAAAA",
             "V-XABCDEFGHIJKLMNOPQRST", "V-XABCDEFGHIJKLMNOPQRSTU", "V-1234567890123", "V-²", "V-1-D1234567",
             "W-1-P5", "D-1-T9", "D-1-P3", "V-abc", 5]


def _russian(text: str, *, code: bool = False) -> list[str]:
    """What a Russian page must not show in ``text``, its quoted input taken out (and a deal
    code's notation, for a deal code's refusal)."""
    clean = QUOTED.sub(" ", text)
    if code:
        clean = CODE_NOTATION.sub(" ", clean)
    found = ru_findings([("refusal", clean)])
    if not CYRILLIC.search(clean):
        found.append(f"refusal: no Russian in {text!r}")
    return found


def _refusal(f, *args) -> NotationError:
    with pytest.raises(NotationError) as info:
        f(*args)
    return info.value


# ---- reading the Russian letters ------------------------------------------------------------

def _ru_card(c: Card, symbol: bool = False) -> str:
    return RU_RANKS.get(c.rank.char, c.rank.char) + (c.suit.symbol if symbol else RU_SUITS[c.code[-1]])


def test_every_card_in_russian_letters_round_trips():
    for c in deck(52):
        for text in (_ru_card(c), _ru_card(c).lower(), _ru_card(c, symbol=True), " " + _ru_card(c) + " "):
            assert parse_card(text) == c, text
    # the Cyrillic Т is the ace (and clubs in the suit's place); the Latin T stays the ten
    assert parse_card("ТТ").code == "AC" and parse_card("TТ").code == "TC" and parse_card("TH").rank == Rank.TEN
    assert parse_cards("ТП КП 7П, 10♥ дч") == parse_cards("AS KS 7S TH QH")


def test_hands_in_russian_letters_round_trip():
    rng = np.random.default_rng(29)
    for _ in range(200):
        cards = [deck(52)[i] for i in rng.permutation(52)[:13]]
        pbn = format_hand(cards)
        ru = "".join(RU_RANKS.get(ch, ch) for ch in pbn)
        assert parse_hand(ru) == parse_hand(pbn) == parse_hand(ru.lower()), ru
    assert parse_hand("ТК73.ТД5.КВ4.ТД9") == parse_hand("AK73.AQ5.KJ4.AQ9")


# ---- the English text stays as it was ---------------------------------------------------------

ENGLISH = [
    (parse_card, "XX", "card 'XX': unknown rank; expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
                       "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'"),
    (parse_card, "QX", "card 'QX': unknown suit; expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
                       "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'"),
    (parse_cards, "QH, 1H", "in cards 'QH, 1H', item 2: card '1H': unknown rank; expected a rank (A K Q J T 9 8 7 6 "
                            "5 4 3 2, or 10) then a suit (S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'"),
    (parse_hand, "AK73.AQ5.KJ4", "hand 'AK73.AQ5.KJ4': expected four suits separated by dots, "
                                 "spades.hearts.diamonds.clubs, such as 'AK73.AQ5.KJ4.AQ9' ('-' or nothing for a "
                                 "void); found 3 field(s)"),
    (parse_hand, "AKX3.AQ5.KJ4.AQ9", "hand 'AKX3.AQ5.KJ4.AQ9': 'X' in the ♠ field 'AKX3' is not a rank "
                                     "(A K Q J T 9 8 7 6 5 4 3 2)"),
    (parse_hand, "ATT.-.-.-", "hand 'ATT.-.-.-': T♠ is named twice"),
    (parse_deal_code, "Q-1", "deal code 'Q-1': 'Q' is not a game letter; expected V (Variety), W (Warsaw Hearts), "
                             "D (Armenian Durak)"),
    (parse_deal_code, "V-1-L9", "deal code 'V-1-L9': L9 is out of range for lead; expected L0 (left of the first "
                                "to name the contract), L1 (left of the first bidder), L2 (the dealer's left)"),
    (parse_deal_code, "D-1-T9", "deal code 'D-1-T9': T9 is out of range for trump; expected T0 (none), T1 (S), "
                                "T2 (H), T3 (D), T4 (C)"),
    (parse_deal_code, "V-1-D9", "deal code 'V-1-D9': D9 names no dealer; a 4-player deal has the dealers D0 South, "
                                "D1 West, D2 North, D3 East"),
    (parse_deal_code, "V-1-Q1", "deal code 'V-1-Q1': Variety has no option 'Q'; expected D (dealer), L (lead), "
                                "C (contract values), T (tie)"),
    (parse_deal_code, "W-1-P5", "deal code 'W-1-P5': Warsaw Hearts is for 4 or 3 players, not P5"),
    (parse_deal_code, "V-XAAAA", "deal code 'V-XAAAA': after 'V-' expected a deal number (digits, such as 4821) or "
                                 "X and the 21 characters of the cards, found 'XAAAA'"),
]


@pytest.mark.parametrize(("f", "text", "english"), ENGLISH, ids=[str(t) for _f, t, _e in ENGLISH])
def test_english_text_unchanged_and_the_same_in_english(f, text, english):
    e = _refusal(f, text)
    if english is not None:
        assert str(e) == english
    assert e.words is not None and e.in_language(None) == str(e)
    if f is not parse_deal_code:   # through the catalog's originals: the same words (a card's ten as 10)
        assert e.in_language(translation("en")) == str(e).replace("T♠", "10♠")


# ---- the refusals in Russian --------------------------------------------------------------------

@pytest.mark.parametrize("text", BAD_CARDS, ids=repr)
def test_a_bad_card_in_russian(text):
    said = _refusal(parse_card, text).in_language(translation("ru"))
    assert said.startswith("карта ") and "Т К Д В 10" in said
    assert not _russian(said), _russian(said)


@pytest.mark.parametrize("text", BAD_HANDS)
def test_a_bad_hand_in_russian(text):
    said = _refusal(parse_hand, text).in_language(translation("ru"))
    assert not _russian(said), _russian(said)


def test_a_card_named_twice_in_the_books_letters():
    said = _refusal(parse_hand, "ATT.-.-.-").in_language(translation("ru"))
    assert said.endswith(": 10♠ названа дважды"), said
    assert _refusal(parse_hand, "AA.-.-.-").in_language(translation("ru")).endswith("Т♠ названа дважды")


@pytest.mark.parametrize("code", BAD_CODES, ids=repr)
def test_a_bad_deal_code_in_russian(code):
    said = _refusal(parse_deal_code, code).in_language(translation("ru"))
    assert said.startswith("код сдачи ")
    assert not _russian(said, code=True), _russian(said, code=True)


def test_bids_and_durak_actions_in_russian():
    ru = translation("ru")
    st = variety.new_deal(seed=1)
    for bid in ("XX", "99999999999", 2.5):
        said = _refusal(st.parse_action, bid).in_language(ru)
        assert said.startswith("заявка ") and not _russian(said), said
    st = ad.new_deal(seed=1, dealer=0)
    for action in ("XX", "trump x", "draw x", "7H 9H", 5, "trump"):
        said = _refusal(st.parse_action, action).in_language(ru)
        assert said.startswith("ход ") and not _russian(said), said


# ---- the pages ------------------------------------------------------------------------------

TABLE_CODES = ["V-XAAA", "W-3", "V-1-L9", "D-1-K1", "Q-1", "V-1-L2", "V-", "W-1-P3", "V-1-D9", "D-1-T9", "V-²"]


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_russian_tables_answer_bad_input_in_russian(game):
    from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

    cls = {"variety": VarietyTable, "warsaw_hearts": WarsawHeartsTable, "armenian_durak": DurakTable}[game]
    t = cls(3, lang="ru")
    typed = ["XX", "QX", "Ё♥"] + (["trump x", "7H 9H"] if game == "armenian_durak" else [])
    for action in typed:                              # a typed or forged action
        assert t.act(action) is False
        assert not _russian(t.last_error), (action, t.last_error)
        assert "⚠ Нельзя:" in t.status_text
    t._safely(t._page_action, {"kind": "card", "card": "ZZ"})    # a forged card message
    assert t.last_error.startswith("карта 'ZZ'") and not _russian(t.last_error), t.last_error
    for bad in TABLE_CODES:                           # the deal-code box
        before = t.deal_code
        if not t.load_code(bad):
            assert t.deal_code == before and "Код сдачи не загружен" in t.status_text
            assert not _russian(t.last_error, code=True), (bad, t.last_error)
    t.seed_box.value = "abc"                          # the number box
    t.new_deal_button.click()
    assert not _russian(t.last_error), t.last_error
    # English tables: the same refusals in English
    en = cls(3)
    en.act("XX")
    assert not CYRILLIC.search(en.status_text)


def test_a_link_with_a_bad_code_in_russian():
    from cardkit_widgets import VarietyTable

    t = VarietyTable.from_query("deal=V-1-L9", lang="ru")
    assert t.query_problem is not None and not _russian(t.query_problem, code=True), t.query_problem


@pytest.mark.parametrize("game", ["variety", "armenian_durak"])
def test_the_deal_editor_in_russian_letters(game):
    from cardkit_widgets import DealEditor

    e = DealEditor(game, lang="ru")
    for box in (e.place_boxes[0], e.holding_boxes[0]):
        assert not _russian(box.placeholder), box.placeholder
    for text in ["XX", "AK73.AQ5.KJ4", "AS KS ZZ", "AKX3.AQ5.KJ4.AQ9", "AA.-.-.-", "Ё♥"]:
        e.place_boxes[0].value = text
        if text == "AK73.AQ5.KJ4" and game == "armenian_durak":
            continue
        assert e.last_error is not None and not _russian(e.last_error), (text, e.last_error)
    e.holding_boxes[1].value = "QX"
    assert not _russian(e.last_error), e.last_error
    for code in ["V-XAAA", "W-3", "Q-1", "V-1-D9"]:
        e._safely(e.load_code, code)
        assert not _russian(e.last_error, code=True), (code, e.last_error)
    e.seed_box.value = "x"
    e.random_button.click()
    assert not _russian(e.last_error), e.last_error
    # Russian letters typed are read; the box shows the book's letters back
    e.place_boxes[0].value = "тп кп 10П"
    assert e.last_error is None, e.last_error
    assert e.fixed[0] == parse_cards("AS KS TS") or sorted(e.fixed[0]) == sorted(parse_cards("AS KS TS"))
    assert e.place_boxes[0].value == "Т♠ К♠ 10♠"
    if game == "variety":
        e.place_boxes[1].value = "ТК73.ТД5.КВ4.ТД9"     # ace of spades is South's: refused
        assert e.last_error is not None and not _russian(e.last_error), e.last_error
        e.place_boxes[1].value = "Д.ТД5.КВ4.ТД9"
        assert e.last_error is None and len(e.fixed[1]) == 10


def test_the_advisor_hand_box_in_russian_letters():
    from cardkit_widgets.advisor import HandEditor

    h = HandEditor("K85.A63.7.JT8432", lang="ru")
    assert h.text.value == "К85.Т63.7.В108432"
    assert not _russian(h.text.placeholder), h.text.placeholder
    h.text.value = "тк73.тд5.кв4.тд9"
    assert h.value == tuple(parse_hand("AK73.AQ5.KJ4.AQ9")) and h.text.value == "ТК73.ТД5.КВ4.ТД9"
    for text in ["XX", "AK73.AQ5.KJ4", "AKX3.AQ5.KJ4.AQ9", "AKQJT98765432.A.-.-", "AA.-.-.-"]:
        h.text.value = text
        said = re.sub(r"<[^>]*>", " ", h.error.value).replace("&#x27;", "'")
        assert said.strip() and not _russian(said), (text, said)
        assert h.value == tuple(parse_hand("AK73.AQ5.KJ4.AQ9"))     # unchanged
    en = HandEditor("K85.A63.7.JT8432")
    assert en.text.value == "K85.A63.7.J108432"


@pytest.mark.parametrize(("box", "text"), [("points", "abc"), ("points", "30-10"), ("lengths", "♠x"),
                                           ("lengths", "Z5"), ("lengths", "♠5 ♠6"), ("lengths", "♠"),
                                           ("lengths", "♥10-2")])
def test_the_deal_editors_number_boxes_in_russian(box, text):
    """The wishes' number boxes (points, suit lengths): their refusals in Russian, the
    place named as the page names it, the text quoted as typed; nothing changes."""
    from cardkit_widgets import DealEditor

    e = DealEditor("variety", lang="ru")
    boxes = e.points_boxes if box == "points" else e.lengths_boxes
    boxes[0].value = text
    assert e.last_error is not None and e.last_error.startswith("Юг: "), e.last_error
    assert not _russian(e.last_error), e.last_error
    assert 0 not in e.wishes
    en = DealEditor("variety")
    (en.points_boxes if box == "points" else en.lengths_boxes)[0].value = text
    assert en.last_error.startswith("South: ") and not CYRILLIC.search(en.last_error)
