"""One table, two faces (issue 30, "The proving test"): for each game of the registry, one script
of actions (an act, a refused act, an undo, the next board) drives a headless play dashboard and
a room table (``Room("sqlite://")``) on the same deals, the learner South at both; at every step
the card table's parts the dashboard pushes (``table.table.state``) equal what the room sends
that seat (:func:`cardkit.room.table.card_table_state` of :meth:`cardkit.room.Room.view`): the
hand with the legal cards and every refused card's reason (the engine's words:
:mod:`cardkit.table.card_view`), the seats' card counts, notes and whose turn, the trick (its
cards, winner, the trick just finished), and the trump. The page's own parts (title, status,
controls, the seats' and the trick's headings) are each face's own and not compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardkit.core.registry import GAMES
from cardkit.i18n import translation
from cardkit.room import Room
from cardkit.room.table import card_table_state

TEACHER = "ms_k"

#: the play dashboard of each game (the registry's name)
DASHBOARDS = {"variety": "VarietyTable", "warsaw_hearts": "WarsawHeartsTable", "armenian_durak": "DurakTable"}


def test_every_registry_game_has_a_dashboard():
    assert {e.name for e in GAMES.values()} == set(DASHBOARDS)


def _trick_cards(cards: list[dict]) -> list[tuple]:
    return [(c["seat"], c["pos"], c["card"]["id"], c["card"]["label"], c["led"]) for c in cards]


def table_parts(state: dict) -> dict:
    """The card table's parts both faces must agree on (the page parts left out)."""
    trick = state.get("trick") or {}
    prev = trick.get("previous")
    return {
        "hand": [{k: c[k] for k in ("id", "rank", "suit", "sym", "label", "name", "legal", "reason")}
                 for c in state["hand"]],
        "seats": [{k: s[k] for k in ("seat", "pos", "me", "count", "count_text", "notes", "turn", "tableau")}
                  for s in state["seats"]],
        "trick": {"cards": _trick_cards(trick.get("cards") or []), "winner": trick.get("winner"),
                  "previous": None if prev is None else (_trick_cards(prev["cards"]), prev["winner"])},
        "trump": state.get("trump"),
    }


class SameBot:
    """A game's rule bot made afresh with one seed for every choice, so that the same
    observation gets the same action at both faces (each face seeds its bots its own way)."""

    def __init__(self, make):
        self.make, self.inner = make, None

    def act(self, obs):
        self.inner = self.make()
        return self.inner.act(obs)

    def __getattr__(self, name):   # Variety's bidding remark asks the bot that chose
        return getattr(self.inner if self.inner is not None else self.make(), name)


@pytest.fixture(autouse=True)
def same_bots(monkeypatch):
    from cardkit.table.table_session import TableSession
    from cardkit_widgets._dashboard import DealDashboard

    def make_bot(cls, seed, seat):
        def make():
            try:
                return cls(np.random.default_rng(0))
            except TypeError:
                return cls(seed=np.random.default_rng(0))
        return SameBot(make)

    monkeypatch.setattr(DealDashboard, "_make_bot", staticmethod(make_bot))
    monkeypatch.setattr(TableSession, "bot", lambda self, seat: SameBot(
        lambda: self.entry.rule_bot(seed=np.random.default_rng(0))))


class TwoFaces:
    """A dashboard and a room table on the same deals, the learner South at both."""

    def __init__(self, game: str, lang: str = "en"):
        import cardkit_widgets

        self.dash = getattr(cardkit_widgets, DASHBOARDS[game])(lang=lang)
        self.codes = [self.dash.deal_code]
        self.dash.new_deal(7)
        self.codes.append(self.dash.deal_code)
        assert self.dash.load_code(self.codes[0])
        self.room = Room("sqlite://", teachers=[TEACHER])
        self.table = self.room.open_table(game, deals=self.codes)
        self.room.sit(self.table, "ann", "South")
        self.room.start(self.table)
        self.tr = translation(lang)

    def parts(self) -> tuple[dict, dict]:
        dash = table_parts(self.dash.table.state)
        room = table_parts(card_table_state(self.room.view(self.table, "ann"), self.tr))
        return dash, room

    def legal(self) -> list[str]:
        return self.room.legal(self.table, "ann")

    def act(self, action: str) -> bool:
        ok = self.dash.act(action)
        try:
            self.room.act(self.table, "ann", action)
        except Exception:   # noqa: BLE001 - refused: the room says so, nothing changes
            assert not ok, f"the dashboard took {action}, the room refused it"
            return False
        assert ok, f"the room took {action}, the dashboard refused it"
        return True

    def refused_card(self) -> str | None:
        """A card of the learner's hand the engine refuses now (None: every card is legal)."""
        legal = set(self.legal())
        hand = self.room.view(self.table, "ann")["hand"]
        return next((c for c in hand if c not in legal), None)

    def undo(self) -> None:
        self.dash.undo()
        self.room.undo(self.table, TEACHER)

    def next_board(self) -> None:
        assert self.dash.load_code(self.codes[1])
        self.room.next_board(self.table, TEACHER)


def _same(faces: TwoFaces, step: str) -> None:
    dash, room = faces.parts()
    for key in dash:
        assert dash[key] == room[key], f"{step}: {key} differs\n dashboard {dash[key]}\n room      {room[key]}"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(DASHBOARDS))
def test_one_script_two_faces_the_same_table(game, lang):
    faces = TwoFaces(game, lang)
    _same(faces, "dealt")
    refused = faces.refused_card()
    if refused is not None:
        assert not faces.act(refused)
        _same(faces, f"refused {refused}")
    for _ in range(3):   # a few acts, into the play where the engine refuses cards by their rule
        legal = faces.legal()
        assert legal, "the learner is to act"
        assert faces.act(legal[-1])
        _same(faces, f"act {legal[-1]}")
        refused = faces.refused_card()
        if refused is not None:
            assert not faces.act(refused)
            _same(faces, f"refused {refused}")
    faces.undo()
    _same(faces, "undo")
    faces.next_board()
    _same(faces, "next board")


def test_the_room_says_the_engines_reason_for_a_refused_card():
    """In the play of a trick, a card that does not follow suit is refused with the engine's
    words, the same at both faces (not the room's own "not playable now")."""
    faces = TwoFaces("warsaw_hearts")
    for _ in range(8):
        st = faces.dash.state
        if st.tricks and st.tricks[-1].winner is None and st.tricks[-1].cards and faces.refused_card():
            break
        faces.act(faces.legal()[-1])
    dash, room = faces.parts()
    reasons = [c["reason"] for c in room["hand"] if not c["legal"]]
    assert reasons and all(r.startswith("must follow ") for r in reasons), reasons
    assert dash["hand"] == room["hand"]


def test_a_view_carries_the_engines_reasons_for_the_viewers_own_cards_only():
    """``table_view``'s ``refusals`` name cards of the viewer's own hand only (nothing hidden
    leaks), and a teacher's view (every hand) carries none."""
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t, "ann", "South")
    room.start(t)
    view = room.view(t, "ann")
    assert view["refusals"] and set(view["refusals"]) <= set(view["hand"]) - set(view["legal"])
    assert room.view(t, TEACHER, everything=True)["refusals"] == {}
    room.act(t, "ann", view["legal"][0])   # the bots answer: her turn again, in the next trick
    view = room.view(t, "ann")
    assert set(view["refusals"]) <= set(view["hand"]) - set(view["legal"])
    assert room.view(t, TEACHER, everything=True)["refusals"] == {}

