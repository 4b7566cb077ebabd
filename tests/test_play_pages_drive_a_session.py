"""The play pages drive a table session (issue 30, "One table session, two faces"): every play
page plays its board through :class:`cardkit.table.table_session.TableSession` (``table.session``),
the class the room's tables use; and what a session needs for that: a board dealt elsewhere put in
play (:meth:`~TableSession.play`), the page's own bots (``bot_for``), the bots waiting while the page
shows the learner's card (``reply=False``, :meth:`~TableSession.settle`)."""

from __future__ import annotations

import pytest

#: the play dashboard of each game (the registry's name)
DASHBOARDS = {"variety": "VarietyTable", "warsaw_hearts": "WarsawHeartsTable", "armenian_durak": "DurakTable"}


def test_every_registry_game_has_a_play_page_here():
    from cardkit.core.registry import GAMES
    assert {e.name for e in GAMES.values()} == set(DASHBOARDS)


# ---- the play pages drive a table session (issue 30: "One table session, two faces") --------------

@pytest.mark.parametrize("game", sorted(DASHBOARDS))
def test_a_play_page_drives_a_table_session(game):
    """Every play page plays its board through :class:`~cardkit.table.table_session.TableSession`
    (``table.session``), the room's tables' class: the session holds the page's deal, its moves are
    the deal's actions (the learner's as the learner's, the rest the bots'), undo is the session's,
    and a try from How did I do? is put in play in it too."""
    import cardkit_widgets
    from cardkit.table.table_session import BOT, TableSession

    t = getattr(cardkit_widgets, DASHBOARDS[game])(seed=5)
    s = t.session
    assert isinstance(s, TableSession) and s.state is t.state and s.people == {t.seat: "you"}

    def moves_are_the_history():
        st = t.state
        assert [m.action for m in s.moves] == [st.action_to_str(a) for a in st.history]
        assert [m.seat for m in s.moves] == st.history_seats()
        assert all((m.by == "you") == (m.seat == t.seat) for m in s.moves)

    moves_are_the_history()
    for _ in range(3):
        assert t.act(t.state.legal_actions()[-1]), t.last_error
    moves_are_the_history()
    n = len(t.state.history)
    t.undo()
    assert len(s.moves) == len(t.state.history) < n and s.moves[-1].by == BOT if s.moves else True
    moves_are_the_history()
    t.new_deal()
    assert t.session is s and s.state is t.state and not s.can_undo
    while not t.state.is_terminal():
        assert t.act(t.state.legal_actions()[0]), t.last_error
    decision = t.judge.decisions(t.state)[-1]
    t.again.start(decision)
    assert s.state is t.again.state and len(s.moves) == decision and s.can_undo == any(
        m.by == "you" for m in s.moves)
    moves_are_the_history()


def test_a_session_plays_a_board_dealt_elsewhere_and_its_bots_wait_when_asked():
    from cardkit.core.bots import RandomBot
    from cardkit.core.errors import CardkitError
    from cardkit.games import variety, warsaw_hearts
    from cardkit.table.table_session import TableSession

    made = []

    def bot_for(seat):
        made.append(seat)
        return RandomBot(seat)

    s = TableSession("warsaw_hearts", bot_for=bot_for, seed=0)
    s.sit(0, "ann")
    with pytest.raises(CardkitError, match="expected a state of Warsaw Hearts"):
        s.play(variety.new_deal(seed=1))
    assert s.state is None and s.number == -1          # refused: nothing changed
    st = warsaw_hearts.new_deal(seed=4)
    s.play(st, code="W-4", reply=False)
    assert s.state is st and st.history == [] and s.code == "W-4"
    s.settle()
    assert st.current_player == 0 and len(st.history) == len(made) and set(made) <= {1, 2, 3}
    before = len(st.history)
    s.act(0, st.legal_actions()[0], "ann", reply=False)
    assert len(st.history) == before + 1 and st.current_player != 0      # the bots wait
    s.settle()
    assert st.current_player == 0 or st.is_terminal()
    assert s.can_undo and s.undo() == before and not s.can_undo


@pytest.mark.parametrize("game", sorted(DASHBOARDS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_double_click_plays_the_card_once_and_says_nothing_more(game, lang):
    """The second click of a double-click reaches the kernel after the bots replied: the card was
    played already, so the click is let go (it once replaced "You played Q♥" with "Q♥ is not in
    seat 0's hand"); a card of another hand is refused naming the learner's hand, not a seat."""
    import cardkit_widgets
    t = getattr(cardkit_widgets, DASHBOARDS[game])(seed=4, lang=lang)
    for _ in range(40):   # to the first card the learner plays
        st = t.state
        cards = [a for a in st.legal_actions() if type(a).__name__ == "Card"]
        if cards:
            break
        assert t.act(st.legal_actions()[0]), t.last_error
    card = cards[0]
    t.table.click(card)
    played, status = list(t.state.history), t.status_text
    assert card in played
    t.table.click(card)
    assert t.state.history == played and t.status_text == status and t.last_error is None
    st = t.state
    if st.current_player == t.seat and st.phase == "play":
        other = next(c for s in range(st.players) if s != t.seat for c in st.hands[s])
        t.table.click(other)
        assert t.state.history == played and t.last_error is not None
        assert ("seat" not in t.last_error and "is not in" not in t.last_error) or lang == "en"
        assert ("your hand" in t.last_error) if lang == "en" else ("руке" in t.last_error)


def test_undo_in_a_try_past_its_decision_names_where_the_try_now_starts():
    from cardkit_widgets import VarietyTable
    t = VarietyTable(seed=2)
    while not t.state.is_terminal():
        assert t.act(t.state.legal_actions()[0]), t.last_error
    t.again.start(t.judge.decisions(t.state)[-1])
    first = t.again.where
    t.undo()
    t.undo()
    assert t.again.where != first and f"trying again from {t.again.where}" in t.status_text
    while not t.state.is_terminal():
        assert t.act(t.state.legal_actions()[-1]), t.last_error
    assert f"Tried again from {t.again.where}" in t.status_text


def test_the_card_tables_words_are_one_list_and_the_page_uses_them_for_every_card_title():
    """The card table's own words come from one list (``cardkit.table.card_view.CARD_TABLE_WORDS``)
    for the play pages and the room; the page's tooltips and its local refusal line read them (a
    Russian page showed "legal, click or Enter to play" and "cannot be played" in English)."""
    import re
    from pathlib import Path

    from cardkit.i18n import translation
    from cardkit.table.card_view import CARD_TABLE_WORDS, card_table_words
    from cardkit_widgets import WarsawHeartsTable

    js = (Path(__file__).resolve().parent.parent / "widgets" / "card_table.js").read_text(encoding="utf-8")
    used = set(re.findall(r"""\btw\(\s*["'](\w+)["']""", js))
    assert used <= set(CARD_TABLE_WORDS) | {"again_title"}, used - set(CARD_TABLE_WORDS)
    assert {"legal_title", "refused", "exact"} <= used
    assert "legal, click or Enter to play`" not in js and "cannot be played: ${" not in js
    ru = WarsawHeartsTable(seed=1, lang="ru").table.state["words"]
    assert {k: ru[k] for k in CARD_TABLE_WORDS} == card_table_words(translation("ru"))
    assert "нельзя" in ru["refused"] and "можно сыграть" in ru["legal_title"] and "legal" not in ru["legal_title"]


@pytest.mark.parametrize("game", sorted(DASHBOARDS))
def test_each_undo_says_where_it_went_back_to(game):
    """Every undo said the same "Undone: your turn again.", so a second undo looked like nothing."""
    import cardkit_widgets
    t = getattr(cardkit_widgets, DASHBOARDS[game])(seed=3)
    for _ in range(12):
        if t.state.is_terminal():
            break
        assert t.act(t.state.legal_actions()[0]), t.last_error
    said = []
    for _ in range(2):
        t.undo()
        said.append(t.status_text.split(" · ")[0])
    assert said[0] != said[1] and all(s.startswith("Undone: back to ") for s in said), said
    assert t.again.place(t.state) in said[1]
