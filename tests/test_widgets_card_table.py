"""CardTable (cardkit_widgets.card_table), headless: the one JSON state the page draws and
the actions it sends back, on its own and in the three play dashboards.

The legality shown must be the engine's: every check compares the state trait with
``state.legal_actions()`` and with what ``state.apply_action`` does, never with the
widget's own output."""

from __future__ import annotations

import json

import pytest

from cardkit import Card, parse_card
from cardkit.errors import CardkitError
from cardkit.wording import tens_as_10
from cardkit.games import armenian_durak as ad
from cardkit.games import variety
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets._controls import Control
from cardkit_widgets.card_table import CardTable, card_json

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]


def _widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def _to_the_play(t) -> None:
    st = t.state
    while st.current_player == t.seat and st.phase in ("bidding", "trump"):
        t.act(st.legal_actions()[0])


# ---- the widget on its own ----------------------------------------------------------------------

def test_card_json_names_the_card_in_words():
    assert card_json(parse_card("QH")) == {"id": "QH", "rank": "Q", "suit": "H", "sym": "♥", "label": "Q♥",
                                     "name": "queen of hearts"}
    ten = parse_card("TC")
    assert card_json(ten)["rank"] == "10" and card_json(ten)["name"] == "ten of clubs"
    assert card_json(parse_card("2S"))["name"] == "two of spades"


def test_actions_from_the_page_reach_the_callbacks_in_order():
    table = CardTable()
    got = []
    table.on_action(got.append)
    table._on_page_message(table, {"kind": "card", "card": "QH"}, [])  # as a comm message arrives
    table.bid(3)
    table.pick_trump(2)
    table.choose_draw(None)
    table.press("undo_button")
    table.press("seed_box", "12")
    table._on_page_message(table, {"kind": "nonsense"}, [])  # dropped
    table._on_page_message(table, ["not", "a", "dict"], [])  # dropped
    assert got == [{"kind": "card", "card": "QH"}, {"kind": "bid", "value": 3}, {"kind": "trump", "index": 2},
                   {"kind": "draw", "stack": None}, {"kind": "control", "name": "undo_button"},
                   {"kind": "control", "name": "seed_box", "value": "12"}]
    assert table.actions == got
    table.on_action(got.append, remove=True)
    table.click("AS")
    assert len(got) == 6 and table.actions[-1] == {"kind": "card", "card": "AS"}


def test_the_size_is_normal_or_large():
    assert CardTable().size == "normal" and CardTable(size="large").size == "large"
    with pytest.raises(CardkitError):
        CardTable(size="huge")
    t = CardTable()
    with pytest.raises(Exception):
        t.size = "huge"
    assert t.size == "normal"
    assert "export default" in CardTable._esm and ".ckt-card" in CardTable._css  # shipped, not fetched
    assert "http" not in CardTable._esm and "@import" not in CardTable._css


def test_a_control_behaves_like_the_widget_it_replaces():
    clicks = []
    b = Control("button", "go", description="Go")
    b.on_click(clicks.append)
    b.click()
    assert clicks == [b]
    t = Control("toggle", "t", description="T: off")
    t.click()
    assert t.value is True and t.to_json()["value"] is True
    c = Control("choice", "c", options=[("Three", 3), ("Four", 4)], value=4)
    assert c.to_json()["value"] == 1 and c.to_json()["options"] == [["Three", 0], ["Four", 1]]
    c.set_from_page(0)
    assert c.value == 3
    n = Control("int", "n", value=5)
    n.set_from_page(" 12 ")
    assert n.value == 12
    n.set_from_page("1e30")
    assert n.value == "1e30"  # kept as text: the dashboard refuses it in words
    n.layout.display = "none"
    assert n.to_json()["hidden"] is True
    with pytest.raises(ValueError):
        Control("slider", "s")


# ---- in the dashboards --------------------------------------------------------------------------

@pytest.mark.parametrize("cls", TABLES)
def test_a_play_page_is_a_handful_of_widgets(cls):
    n = _widgets()
    t = cls(seed=1)
    built = _widgets() - n
    assert built <= 60, built  # was about 560 (every card and control a widget of its own)
    assert t.children[0] is t.table and len(json.dumps(t.table.state)) < 40_000


@pytest.mark.parametrize("cls", TABLES)
def test_the_state_shows_the_engines_legal_cards_and_reasons(cls):
    for seed in range(30):
        t = cls(seed=seed)
        _to_the_play(t)
        st = t.state
        if st.phase != "play" or st.current_player != t.seat:
            continue
        legal = {a for a in st.legal_actions() if isinstance(a, Card)}
        assert set(t.table.legal_cards) == legal
        hand = t.table.state["hand"]
        assert [c["id"] for c in hand] == [card_json(c)["id"] for c in t.table.hand_cards]
        refused = [c for c in st.hands[t.seat] if c not in legal]
        if not refused:
            continue
        for card in refused:
            before = st.to_json()
            with pytest.raises(CardkitError) as e:
                st.apply_action(card)
            assert st.to_json() == before
            # the engine's own words, the rules named for a learner ("Rules §3.3", not the file),
            # the ten as 10 (issue 21)
            assert t.table.reason(card) == tens_as_10(str(e.value).splitlines()[0].replace("RULES.md §", "Rules §"))
        # the hand is sorted by suit (♠ ♥ ♣ ♦, each from the ace down), the seats placed
        order = [(("S", "H", "C", "D").index(c.suit.letter), -int(c.rank)) for c in t.table.hand_cards]
        assert order == sorted(order)
        me = t.table.seat(t.seat)
        assert me["me"] and me["pos"] == "bottom" and me["turn"] == "to play"
        assert [s["count"] for s in t.table.state["seats"]] == [len(h) for h in st.hands]
        break
    else:  # pragma: no cover
        pytest.fail("no position with a refused card in 30 deals")


@pytest.mark.parametrize("cls", TABLES)
def test_a_click_from_the_page_plays_and_an_illegal_one_says_why(cls):
    for seed in range(30):
        t = cls(seed=seed)
        _to_the_play(t)
        st = t.state
        refused = [c for c in st.hands[t.seat] if c not in st.legal_actions()]
        if st.phase == "play" and refused:
            break
    else:  # pragma: no cover
        pytest.fail("no position with a refused card in 30 deals")
    before, status = st.to_json(), t.table.state["status"]
    t.table._on_page_message(t.table, {"kind": "card", "card": card_json(refused[0])["id"]}, [])
    assert st.to_json() == before
    assert t.table.state["error"] is True and t.table.state["status"] != status
    assert t.table.reason(refused[0]) in t.status_text and "⚠ Not allowed" in t.status_text
    card = t.table.legal_cards[0]
    n = len(st.history)
    t.table._on_page_message(t.table, {"kind": "card", "card": card_json(card)["id"]}, [])
    assert st.history[n] == card and t.last_error is None and t.table.state["error"] is False
    assert f"You played {card}" in t.status_text
    # a card id the page could never send: one line, nothing changes
    before = st.to_json()
    t.table.send_action({"kind": "card", "card": "ZZ"})
    assert st.to_json() == before and t.last_error and "\n" not in t.status_text


def test_controls_from_the_page():
    t = VarietyTable(seed=4)
    page = t.table.state
    assert page["bar_main"][:3] == ["new_deal_button", "undo_button", "last_trick"]
    assert page["controls"]["undo_button"]["disabled"] is True  # nothing to undo yet
    assert page["controls"]["undo_button"]["description"] == "Undo"
    _to_the_play(t)
    t.table.click(t.table.legal_cards[0])
    assert t.table.state["controls"]["undo_button"]["disabled"] is False
    t.table.press("last_trick", True)
    assert t.last_trick.value is True and t.table.state["controls"]["last_trick"]["description"] == "Last trick: on"
    t.table.press("seed_box", "77")
    t.table.press("new_deal_button")
    assert t.deal_seed == 77 and t.table.state["controls"]["seed_box"]["value"] == 78
    t.table.press("code_box", "V-4821")
    t.table.press("load_button")
    assert t.deal_code == "V-4821"
    t.table.press("replay_button", True)
    assert t.replay is not None and t.table.state["controls"]["replay_pane"]["hidden"] is False
    t.table.press("no_such_control")  # ignored
    t.table.press("undo_button")  # a disabled control: the page never sends it; ignored
    assert t.last_error is None


def test_the_bidding_panel_enables_the_engines_bids_only():
    for seed in range(40):
        t = VarietyTable(seed=seed, first_dealer=1)
        if t.state.phase == "bidding":
            break
    st = t.state
    panel = t.table.state["panel"]
    assert panel["kind"] == "bidding" and panel["active"] is True
    assert [b["n"] for b in panel["numbers"] if b["legal"]] == st.legal_actions()
    assert t.table.legal_cards == [] and all(t.table.reason(c) for c in st.hands[t.seat])
    n = t.table.enabled_bids[0]
    t.table.bid(n)
    assert st.bids[(t.seat - st.first_bidder) % 4] == n  # the learner's first bid


def test_durak_panels_the_tableau_and_the_face_down_cards():
    t = DurakTable(seed=11, first_dealer=1)
    st = t.state
    assert t.table.state["panel"]["kind"] == "trump" and t.table.enabled_trump_picks == list(range(6))
    assert t.table.state["trump"] is None
    t.table.pick_trump(2)
    assert st.trump_card == st.fan[2] and t.table.state["trump"]["suit"] == st.trump.letter
    mine = t.table.seat(t.seat)["tableau"]
    assert [s["up"]["id"] for s in mine] == [card_json(c)["id"] for c in st.up[t.seat]]
    assert all(s["down"] == 1 and s["down_card"] is None for s in mine)  # backs, never named
    theirs = t.table.seat(1 - t.seat)["tableau"]
    assert all(s["down_card"] is None for s in theirs) and all(not s["legal"] for s in theirs)
    text = json.dumps(t.table.state)
    for c in st.down[1 - t.seat] + st.hands[1 - t.seat]:  # the opponent's hidden cards are not sent
        if c is not None:
            assert f'"id": "{card_json(c)["id"]}"' not in text, c
    card = next(c for c in t.table.legal_cards if c in st.hands[t.seat])
    t.table.click(card)
    assert t.table.enabled_draws == sorted(a.stack for a in st.legal_actions() if a.stack is not None) + [None]
    t.table.choose_draw(None)
    assert t.last_error is None and not t.table.enabled_draws


@pytest.mark.parametrize("cls", TABLES)
def test_bots_rule_or_expert(cls):
    t = cls(seed=2, bots="expert")
    assert t.bot_level == "expert" and t.bots_choice.value == "expert"
    assert "not ready" not in t.status_text   # every game of the registry has an expert bot
    t.table.press("bots_choice", 0)  # the page's "Rule bots" ("Rule bot" against one opponent)
    assert t.bot_level == "rule" and f"{t.BOT_WORDS[0]} from now on" in t.status_text
    assert t.BOT_WORDS[0] == ("Rule bot" if cls is DurakTable else "Rule bots")
    assert "not ready" not in t.status_text
    with pytest.raises(CardkitError):
        cls(seed=2, bots="clever")
    with pytest.raises(CardkitError):
        t.set_bots("clever")


def test_the_projector_size_from_the_page_and_from_a_link():
    t = VarietyTable(seed=1)
    t.table.size = "large"  # the page read ?size=large
    assert t.size_toggle.value is True and t.size_toggle.description == "Large cards: on"
    assert VarietyTable.from_query("size=large&deal=V-4821", seed=1).table.size == "large"
    assert VarietyTable.from_query("deal=V-4821", seed=1).table.size == "normal"


def test_expert_bots_come_from_the_games_registry_entry(monkeypatch):
    """With ``bots="expert"`` the table seats the expert bot its registry entry names
    (``cardkit.analysis.judge:ExpertBot``, seeded from the deal and the seat), and says
    nothing about a fallback."""
    from cardkit.analysis import judge
    made = []

    class FakeExpert(variety.RuleBot):
        def __init__(self, rng):
            super().__init__(rng)
            made.append(self)

    monkeypatch.setattr(judge, "ExpertBot", FakeExpert)
    t = VarietyTable(seed=3, bots="expert")
    assert len(made) == 3 and all(isinstance(b, FakeExpert) for b in t.bots.values())
    assert "not ready" not in t.status_text
    t.table.press("bots_choice", 0)  # rule bots at once, for the rest of the deal
    assert not any(isinstance(b, FakeExpert) for b in t.bots.values())
    assert all(type(b) is variety.RuleBot for b in t.bots.values())
    d = DurakTable(seed=3, bot=ad.RuleBot(0))  # a table given its own bot: no choice
    assert d.bots_choice.disabled and d.table.state["controls"]["bots_choice"]["disabled"] is True
