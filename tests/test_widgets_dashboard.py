"""What the three play dashboards share (cardkit_widgets._dashboard.DealDashboard), headless:
deal codes (the code box, the status line, ``?deal=`` links), the replay pane, the
projector layout, scored games without undo, and the ``show_all_hands`` trait.

Every learner action goes through the card table as the page sends it (a card, a bid, a
control's click or value), or a control's ``click()``/value set."""

from __future__ import annotations

import pytest
import traitlets

from cardkit.errors import CardkitError
from cardkit.codes import deal_code, deal_from_code, parse_deal_code
from cardkit.games import armenian_durak as ad
from cardkit.games import variety
from cardkit.games import warsaw_hearts as wh
from cardkit.replay import ALL, Replay
from cardkit_widgets import DealDashboard, DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets._dashboard import plain_text
from cardkit_widgets.card_table import card_json

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]


def _start(state):
    """The deal at its start (before any action), as JSON: what a code names."""
    return Replay(state).state_at(0).to_json()


def _learner_action(t):
    """One of the learner's legal actions, taken from what the card table enables."""
    st = t.state
    ct = t.table
    if isinstance(t, VarietyTable) and st.phase == "bidding":
        return ct.enabled_bids[-1]
    if isinstance(t, DurakTable):
        if ct.enabled_trump_picks:
            return ad.PickTrump(ct.enabled_trump_picks[0])
        if ct.enabled_draws:
            return ad.Draw(ct.enabled_draws[0])
    return ct.legal_cards[0]


def _click(t, action) -> None:
    """The learner's action as the page sends it."""
    if isinstance(action, int):
        t.table.bid(action)
    elif isinstance(action, ad.PickTrump):
        t.table.pick_trump(action.index)
    elif isinstance(action, ad.Draw):
        t.table.choose_draw(action.stack)
    else:
        t.table.click(action)
    assert t.last_error is None, t.last_error


def _others_shown(t) -> dict:
    """seat -> the card ids the table shows of another seat's hand (all hands shown)."""
    return {s["seat"]: [c["id"] for c in s["hand"]] for s in t.table.state["seats"] if s["hand"]}


def _play_to_the_end(t) -> None:
    steps = 0
    while not t.state.is_terminal():
        _click(t, _learner_action(t))
        steps += 1
        assert steps < 80


# ---- deal codes ------------------------------------------------------------------------------

@pytest.mark.parametrize("cls, seed", [(VarietyTable, 21), (WarsawHeartsTable, 4), (DurakTable, 7)])
def test_a_seeded_deal_shows_its_short_code_and_the_code_gives_the_same_deal(cls, seed):
    t = cls(seed=seed)
    code = t.deal_code
    letter = {VarietyTable: "V", WarsawHeartsTable: "W", DurakTable: "D"}[cls]
    assert code.startswith(f"{letter}-{seed}")  # the seed form, not the long cards form
    assert code == deal_code(t.GAME, seed=seed, dealer=t.state.dealer, rules=t.rules)
    assert _start(deal_from_code(code)) == _start(t.state)
    assert f"Deal code {code}." in t.status_text
    t.new_deal(seed=seed + 5)  # the code follows the deal
    assert t.deal_code.startswith(f"{letter}-{seed + 5}")
    assert _start(deal_from_code(t.deal_code)) == _start(t.state)


def test_a_variety_seed_with_its_default_dealer_is_just_letter_and_seed():
    t = VarietyTable(seed=4821, first_dealer=4821 % 4)
    assert t.deal_code == "V-4821"


def test_deal_code_is_a_read_only_trait():
    t = VarietyTable(seed=1)
    assert isinstance(VarietyTable.class_traits()["deal_code"], traitlets.Unicode)
    with pytest.raises(traitlets.TraitError):
        t.deal_code = "V-1"


@pytest.mark.parametrize("cls, code", [
    (VarietyTable, "V-4821"),
    (VarietyTable, "v 4821 d3"),                       # any case, spaces for dashes
    (VarietyTable, deal_code(variety.new_deal(seed=77, dealer=2), form="cards")),  # the cards form
    (WarsawHeartsTable, "W-17"),
    (WarsawHeartsTable, deal_code(wh.new_deal(seed=5, dealer=3), form="cards")),
    (DurakTable, "D-5"),
    (DurakTable, "D-5-T2-D0"),                          # hearts trumps given
    (DurakTable, deal_code(ad.new_deal(seed=9, dealer=1), form="cards")),
])
def test_the_code_box_loads_the_same_deal_as_deal_from_code(cls, code):
    t = cls(seed=1)
    t.code_box.value = code
    t.load_button.click()
    assert t.last_error is None, t.last_error
    expected = deal_from_code(code)
    assert t.state.dealer == expected.dealer
    assert _start(t.state) == _start(expected)
    # the bots acted up to the learner's turn, from the code's deal
    assert t.state.current_player == t.seat and not t.state.is_terminal()
    assert t.deal_code == parse_deal_code(code).code  # the canonical form of the code
    assert deal_from_code(t.deal_code).to_json() == expected.to_json()
    assert f"Deal code {t.deal_code}." in t.status_text


def test_two_tables_given_the_same_code_play_the_same_way():
    a, b = VarietyTable(seed=1), VarietyTable(seed=99)
    for t in (a, b):
        t.load_code(deal_code(variety.new_deal(seed=3, dealer=0)))
    for _ in range(4):  # the same clicks: the same bots' answers
        for t in (a, b):
            _click(t, _learner_action(t))
    assert a.state.to_json() == b.state.to_json()


@pytest.mark.parametrize("bad, words", [
    ("V-48X1", "'V-48X1'"),                              # not a seed, not X + cards
    ("V-XAYUXXVYINJOVWLKVFNSUT", "check"),               # a mistyped cards form
    ("W-17", "Warsaw Hearts deal"),                      # another game
    ("V-4821-L2", "is for first lead: the dealer's left, but this table plays first lead: left of the first to "
                   "name the contract"),  # other rules, in words
    ("", "expected"),
])
def test_a_bad_code_keeps_the_deal_and_says_why_in_one_line(bad, words):
    t = VarietyTable(seed=4)
    _click(t, _learner_action(t))
    st = t.state
    before, code = st.to_json(), t.deal_code
    t.code_box.value = bad
    t.load_button.click()
    assert t.state is st and st.to_json() == before and t.deal_code == code
    assert words in t.last_error and "\n" not in t.last_error
    assert t.status_text.startswith("⚠ Deal code not loaded:") and "\n" not in t.status_text
    assert "Traceback" not in t.status.value
    assert t.load_code(bad) is False


def test_a_bad_code_on_durak_and_hearts_tables_too():
    for t, bad in ((DurakTable(seed=3), "D-3-K7"), (WarsawHeartsTable(seed=3), "W-3-P3")):
        before = t.state.to_json()
        assert t.load_code(bad) is False
        assert t.state.to_json() == before and bad in t.last_error


def test_a_loaded_hearts_deal_is_scored_in_the_game():
    t = WarsawHeartsTable(seed=2)
    _click(t, _learner_action(t))
    assert t.load_code("W-17")  # the unfinished deal is dropped, not scored
    assert len(t.game.deals) == 1 and t.game.state is t.state
    _play_to_the_end(t)
    assert t.game.scores == [t.state.returns()]
    assert t.penalty_sheet.rows == [list(t.state.penalties())]   # penalty points as counted (issue 21)


# ---- ?deal= links ------------------------------------------------------------------------------

@pytest.mark.parametrize("cls, query, code", [
    (VarietyTable, "deal=V-4821", "V-4821"),
    (VarietyTable, "?foo=1&deal=V-4821-D3", "V-4821-D3"),
    (WarsawHeartsTable, "deal=W-17", "W-17"),
    (DurakTable, "deal=D-5", "D-5"),
])
def test_a_teachers_link_gives_the_codes_deal(cls, query, code):
    t = cls.from_query(query, seed=1)
    assert t.query_code == code and t.query_problem is None and t.last_error is None
    assert _start(t.state) == _start(deal_from_code(code))
    assert t.deal_code == code


def test_a_link_with_other_rules_builds_a_table_with_those_rules():
    t = VarietyTable.from_query("deal=V-4821-L2", seed=1, rules=variety.Rules(deals=2))
    assert t.rules == variety.Rules(lead="left_of_dealer", deals=2)  # the game's length is kept
    assert deal_code(Replay(t.state).state_at(0)) == deal_code(deal_from_code("V-4821-L2"))
    h = WarsawHeartsTable.from_query("deal=W-17-P3", seed=1, players=4)
    assert h.rules.players == 3 and len(h.state.hands) == 3
    assert _start(h.state) == _start(deal_from_code("W-17-P3"))
    d = DurakTable.from_query("deal=D-5-K1", seed=1)
    assert d.rules.deck == 52
    assert sorted(map(str, d.table.hand_cards)) == sorted(map(str, d.state.observation(d.seat).hand))


@pytest.mark.parametrize("query", ["deal=V-48X1", "deal=W-17", "deal=V-1234567890123"])
def test_a_bad_link_gives_a_normal_deal_and_one_line(query):
    t = VarietyTable.from_query(query, seed=1)
    normal = VarietyTable(seed=1)
    assert _start(t.state) == _start(normal.state)
    assert t.query_code is None and t.query_problem and "\n" not in t.query_problem
    assert t.status_text.startswith("⚠ The link's deal code could not be used:")
    assert "here is a normal deal" in t.status_text and "\n" not in t.status_text


def test_no_code_in_the_link_and_the_environment_default(monkeypatch):
    t = VarietyTable.from_query("x=1", seed=1)
    assert t.query_code is None and t.query_problem is None and t.last_error is None
    assert _start(t.state) == _start(VarietyTable(seed=1).state)
    monkeypatch.setenv("QUERY_STRING", "deal=D-8")
    assert DurakTable.from_query(seed=1).deal_code == "D-8"


# ---- the replay ---------------------------------------------------------------------------------

def test_the_replay_opens_at_the_end_of_a_deal_and_steps_with_the_engines_commentary():
    t = VarietyTable(seed=9)
    assert t.replay is None and t.replay_pane.layout.display == "none"
    _play_to_the_end(t)
    st = t.state
    ref = Replay(st, names=t.names)
    n = len(ref)
    assert t.replay is not None and t.replay.position == n
    assert t.replay_pane.layout.display is None and t.replay_button.description == "Replay: on"
    assert t.replay_lines == ref.lines[n - 1] and t.replay_forward.disabled
    t.replay_back.click()
    assert t.replay.position == n - 1 and t.replay_lines == ref.lines[n - 2]
    for line in ref.lines[n - 2]:
        assert line in t.replay_commentary.value.replace("&#x27;", "'")
    # ◀◀: back to the end of the previous trick, as Replay.back_trick
    ref.seek(n - 1)
    ref.back_trick()
    t.replay_back_trick.click()
    assert t.replay.position == ref.position
    # the table shows that position: the last trick complete, the learner's cards back
    at = ref.state
    last = at.completed_tricks[-1]
    assert t.table.trick_cards == dict(zip(last.seats, last.cards))
    assert sorted(map(str, t.table.hand_cards)) == sorted(str(c) for c in at.hands[0])
    assert all("replay" in t.table.reason(c) for c in at.hands[0])
    assert t.table.legal_cards == []  # nothing to click in a replay
    # one card forward from a trick's end: a lead, alone on the table
    t.replay_forward.click()
    ref.forward()
    assert t.replay_lines == ref.lines[ref.position - 1] and "leads" in t.replay_lines[0]
    assert t.table.trick_cards == {ref.state.trick.leader: ref.state.trick.cards[0]}
    t.replay_forward_trick.click()
    ref.forward_trick()
    assert t.replay.position == ref.position
    # the live deal is untouched; turning the replay off shows it again
    assert st.to_json() == t.state.to_json() and t.state.is_terminal()
    t.replay_button.value = False
    assert t.replay is None and t.replay_pane.layout.display == "none"
    assert t.table.trick_cards == dict(zip(st.completed_tricks[-1].seats, st.completed_tricks[-1].cards))


def test_the_trick_tables_note_says_why_a_finished_trick_is_shown():
    t = WarsawHeartsTable(seed=2)
    while len(t.state.completed_tricks) < 3 or t.state.trick is None or not t.state.trick.cards:
        _click(t, _learner_action(t))
    st = t.state
    trick = lambda: t.table.state["trick"]  # noqa: E731
    assert trick()["note"] == "" and trick()["last"] is False  # the open trick, no note
    t.last_trick.value = True  # live: the learner asked for it
    assert trick()["note"] == "(last trick, shown on request)" and trick()["last"] is True
    t.last_trick.value = False
    t.replay_button.value = True
    t.replay_back_trick.click()  # a replay position just after a trick: shown by itself
    assert trick()["last"] is True
    assert trick()["note"] == "(the trick just finished)"
    t.replay_forward.click()  # a lead: the open trick, no note
    assert trick()["last"] is False and trick()["note"] == ""
    t.last_trick.value = True  # the toggle in a replay: the last trick at that point
    assert trick()["last"] is True
    assert trick()["note"] == "(the last trick finished by this point of the replay)"
    assert t.table.trick_cards == dict(zip(t.replay.state.completed_tricks[-1].seats,
                                           t.replay.state.completed_tricks[-1].cards))
    assert st.to_json() == t.state.to_json()


def test_the_replay_goes_back_to_the_start_and_into_the_bidding():
    t = VarietyTable(seed=9)
    _play_to_the_end(t)
    while not t.replay_back_trick.disabled:
        t.replay_back_trick.click()
    assert t.replay.position == 0 and t.replay_lines == []
    assert "start of the deal" in t.replay_commentary.value
    assert t.replay_back.disabled and not t.replay_forward.disabled
    t.replay_forward.click()
    assert t.replay_lines == Replay(t.state, names=t.names).lines[0] and " bid" in t.replay_lines[0]
    assert t.table.enabled_bids == []  # no bidding in a replay
    t.replay_back.click()
    with pytest.raises(ValueError):
        t.replay_step("back")
    t.replay_back.click()  # a click at the start: one line, no exception
    assert "start of the deal" in t.last_error


def test_a_replay_mid_deal_covers_the_finished_part_and_the_next_action_closes_it():
    t = WarsawHeartsTable(seed=2)
    for _ in range(3):
        _click(t, _learner_action(t))
    st = t.state
    t.replay_button.value = True
    assert t.replay.position == len(st.history) == len(t.replay)
    t.replay_back_trick.click()
    assert t.table.legal_cards == []
    assert _others_shown(t) == {}  # the others' cards stay hidden mid-deal
    t.show_all_hands = True
    assert set(_others_shown(t)) == {1, 2, 3}
    n = len(st.history)
    assert t.act(st.legal_actions()[0])
    assert len(st.history) > n and t.replay is None and t.replay_button.value is False
    assert t.table.legal_cards or st.is_terminal()


#: Words of the full commentary that read a seat's hand (cardkit/replay.py): a learner
#: must not read them about another seat while the deal is not over.
PRIVATE = ("only legal card", "holds no trump", "void in", "instead of following", "must play a trump")


def _shown_commentary(t) -> list[str]:
    """The replay pane's commentary lines, as the learner reads them."""
    return [plain_text(x) for x in t.replay_commentary.value.split("<br>")]


def _private_lines_about_others(t, lines) -> list[str]:
    others = tuple(f"{who} " for s in range(t.state.players) if s != t.seat for who in (f"seat {s}", t.names[s]))
    return [x for x in lines if x.startswith(others) and any(p in x for p in PRIVATE)]


def _every_position(t) -> list[str]:
    """Step the open replay from the start to the end by clicks; every line shown."""
    while not t.replay_back_trick.disabled:
        t.replay_back_trick.click()
    seen = []
    while not t.replay_forward.disabled:
        t.replay_forward.click()
        seen += _shown_commentary(t)
    assert t.last_error is None, t.last_error
    return seen


@pytest.mark.parametrize("cls, kwargs", [(VarietyTable, {}), (WarsawHeartsTable, {}),
                                         (WarsawHeartsTable, {"seat": 2}), (DurakTable, {})])
def test_a_replay_mid_deal_tells_the_learner_nothing_private_about_other_seats(cls, kwargs):
    for seed in range(20):
        t = cls(seed=seed, **kwargs)
        while not t.state.is_terminal() and len(t.state.completed_tricks) < 6:
            _click(t, _learner_action(t))
        if t.state.is_terminal():
            continue
        # a deal where the full commentary does say something private about another seat
        if _private_lines_about_others(t, [x for ls in Replay(t.state, viewer=ALL).lines for x in ls]):
            break
    else:  # pragma: no cover
        pytest.fail("no unfinished deal with a private fact about another seat in 20 seeds")
    t.replay_button.value = True
    assert t.replay.viewer == t.seat
    seen = _every_position(t)
    assert len(seen) >= len(t.state.history)
    assert _private_lines_about_others(t, seen) == []
    assert any("does not follow" in x or "follows suit" in x for x in seen)  # public words instead
    # the teacher shows all hands: the commentary is written for someone who sees them all
    t.show_all_hands = True
    assert t.replay.viewer == ALL
    assert _private_lines_about_others(t, _every_position(t))
    t.show_hands.value = False  # the learner's toggle: back to the learner's eyes
    assert t.replay.viewer == t.seat
    assert _private_lines_about_others(t, _every_position(t)) == []
    # a replay opened while all hands are shown starts with every hand's commentary
    t.replay_button.value = False
    t.show_all_hands = True
    t.replay_button.value = True
    assert t.replay.viewer == ALL


def test_the_replay_at_the_end_of_a_deal_is_the_learners_and_complete():
    t = WarsawHeartsTable(seed=3, seat=1)
    _play_to_the_end(t)
    assert t.replay is not None and t.replay.viewer == 1
    # the deal is over: every hand is known, so the commentary is the full one
    assert t.replay.lines == Replay(t.state, viewer=ALL, names=t.names).lines
    assert not any("seat " in x for ls in t.replay.lines for x in ls)  # the table's seat names instead


def test_the_durak_replay_and_new_deal_closes_it():
    t = DurakTable(seed=5)
    _play_to_the_end(t)
    ref = Replay(t.state)
    assert t.replay.position == len(ref)
    t.replay_back_trick.click()
    ref.seek(len(ref))
    ref.back_trick()
    assert t.replay.position == ref.position
    assert t.table.enabled_draws == [] and t.table.enabled_trump_picks == [] and t.table.legal_cards == []
    t.new_deal_button.click()
    assert t.replay is None and t.replay_pane.layout.display == "none"


# ---- the teacher's options ----------------------------------------------------------------------

@pytest.mark.parametrize("cls", TABLES)
def test_practice_false_turns_undo_off_with_a_reason(cls):
    t = cls(seed=3, practice=False)
    assert t.practice is False
    assert t.undo_button.disabled and "scored game" in t.undo_button.tooltip
    assert t.show_hands.disabled
    _click(t, _learner_action(t))
    assert t.undo_button.disabled  # even after a decision
    st = t.state
    before = st.to_json()
    t.undo_button.click()
    assert st.to_json() == before
    assert "undo is off in a scored game" in t.last_error and "\n" not in t.status_text
    practice = cls(seed=3)
    _click(practice, _learner_action(practice))
    assert not practice.undo_button.disabled
    practice.practice = False  # a trait: the button follows
    assert practice.undo_button.disabled


@pytest.mark.parametrize("cls", TABLES)
def test_the_projector_layout_builds(cls):
    t = cls(seed=6, layout="projector")
    assert t.layout_mode == "projector" and "cardkit-projector" in t._dom_classes
    for w in (t.seed_box, t.code_box, t.load_button):
        assert w.layout.display == "none"
    assert t.new_deal_button.layout.display != "none"
    assert t.code_banner.layout.display is None and t.deal_code in t.code_banner.value
    assert t.deal_code in t.table.state["banner"] and "font-size:1.6em" in t.table.state["banner"]
    controls = t.table.state["controls"]
    assert all(controls[n]["hidden"] for n in ("seed_box", "code_box", "load_button"))
    assert not controls["new_deal_button"]["hidden"]
    # large cards and buttons: the card table's projector size, said by its toggle
    assert t.table.size == "large" and t.size_toggle.value is True
    assert controls["size_toggle"]["description"] == "Large cards: on"
    _click(t, _learner_action(t))  # it plays as usual
    normal = cls(seed=6)
    assert normal.code_banner.layout.display == "none" and normal.seed_box.layout.display is None
    assert normal.table.size == "normal" and normal.table.state["banner"] == ""
    normal.size_toggle.click()  # the page's toggle: the projector size without code
    assert normal.table.size == "large" and normal.size_toggle.description == "Large cards: on"
    with pytest.raises(ValueError):
        cls(seed=6, layout="huge")


@pytest.mark.parametrize("cls", [VarietyTable, WarsawHeartsTable])
def test_show_all_hands_is_a_trait_synced_with_the_toggle(cls):
    t = cls(seed=4)
    assert isinstance(cls.class_traits()["show_all_hands"], traitlets.Bool)
    assert _others_shown(t) == {}
    t.show_all_hands = True
    assert t.show_hands.value is True and t.show_hands.description == "Show all hands: on"
    others = [s for s in range(len(t.state.hands)) if s != t.seat]
    assert set(_others_shown(t)) == set(others)
    for s in others:
        assert sorted(_others_shown(t)[s]) == sorted(card_json(c)["id"] for c in t.state.hands[s])
    t.table.press("show_hands", False)  # the page's toggle
    assert t.show_all_hands is False and _others_shown(t) == {}


def test_durak_show_all_hands_shows_the_opponents_hand_and_the_face_down_cards():
    t = DurakTable(seed=11, first_dealer=1)
    st = t.state

    def face_down_shown(seat):
        return [s["down_card"]["id"] for s in t.table.seat(seat)["tableau"] if s["down_card"]]

    down = [card_json(c)["id"] for c in st.down[1] if c is not None]
    assert down and face_down_shown(1) == [] and face_down_shown(0) == []
    assert t.table.seat(1)["count"] == len(st.hands[1]) and t.table.seat(1)["hand"] is None
    t.show_hands.value = True
    assert t.show_all_hands is True
    assert face_down_shown(1) == down
    assert face_down_shown(0) == [card_json(c)["id"] for c in st.down[0] if c is not None]
    assert set(_others_shown(t)) == {1}
    assert sorted(_others_shown(t)[1]) == sorted(card_json(c)["id"] for c in st.hands[1])


def test_the_plumbing_lives_once_in_the_base_class():
    for cls in TABLES:
        assert issubclass(cls, DealDashboard)
        for name in ("load_code", "from_query", "undo", "refresh", "status_text", "_safely", "_error",
                     "_run_bots", "replay_step"):
            assert name not in cls.__dict__, (cls, name)


@pytest.mark.parametrize("cls", TABLES)
def test_four_colour_reaches_the_card_table(cls):
    t = cls(seed=2, four_colour=True)
    assert t.four_colour is True and t.table.four_colour is True
    t.four_colour = False
    assert t.table.four_colour is False


@pytest.mark.parametrize("cls", TABLES)
def test_a_visible_four_colour_toggle_says_its_state_and_switches_the_card_table(cls):
    t = cls(seed=2)
    toggle = t.four_colour_toggle
    page = t.table.state
    assert "four_colour_toggle" in page["bar_main"] + page["bar_more"]  # on the page, in a controls row
    assert page["controls"]["four_colour_toggle"]["hidden"] is False
    assert toggle.description == "Four colours: off" and toggle.value is False
    t.table.press("four_colour_toggle", True)  # the learner's click
    assert t.four_colour is True and t.table.four_colour is True
    assert t.table.state["controls"]["four_colour_toggle"]["description"] == "Four colours: on"
    # the cards written in the lines under the table take the four-colour deck's colours too
    spans = [x for x in (t.table.state["caption"], t.table.state["status"]) if "font-weight:bold" in x]
    assert all("ck-four-colour" in x for x in spans)
    t.four_colour = False  # from code: the toggle follows
    assert toggle.value is False and toggle.description == "Four colours: off" and t.table.four_colour is False
    assert "ck-four-colour" not in t.table.state["caption"]
    on = cls(seed=2, four_colour=True)  # the constructor's option shows in the toggle
    assert on.four_colour_toggle.value is True and on.four_colour_toggle.description == "Four colours: on"
    assert on.table.four_colour is True


@pytest.mark.parametrize("how", ["bogus", "open_replay", "__init__", None, 3])
def test_replay_step_refuses_anything_but_the_four_steps(how):
    t = VarietyTable(seed=4)
    before = t.state.to_json()
    with pytest.raises(CardkitError, match="replay step"):
        t.replay_step(how)
    assert t.state.to_json() == before
