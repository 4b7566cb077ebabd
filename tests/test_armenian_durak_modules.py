"""Armenian Durak in modules of one job each (issue 13): the rules
(``armenian_durak_rules``), the dealing (``armenian_durak_deal``), the deal in play
(``armenian_durak``) and the game end (``armenian_durak_game``). Every name that was
importable from ``cardkit.games.armenian_durak`` before the split still is, as the very
object of its new home; the rules import nothing of the engine; saved deals, pickles and
game records read as before."""

from __future__ import annotations

import ast
import importlib
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.games import (
    armenian_durak as D,
    armenian_durak_deal as DD,
    armenian_durak_game as DG,
    armenian_durak_rules as DR,
)
from cardkit.records import game_record_from_json, game_record_to_json

GAMES_DIR = Path(__file__).resolve().parent.parent / "cardkit" / "games"

#: ``__all__`` of the module before the split (the contract: kept exactly, in this order).
ALL_BEFORE = [
    "Rules", "card_points", "deck_points", "trick_winner", "beats", "special_rank",
    "new_deal", "State", "Observation", "PickTrump", "Draw", "deal_layout", "dealing_steps",
    "first_dealer", "score_deal", "Game", "RandomBot", "RuleBot", "play_out",
    "PLAYERS", "STACKS", "SWEEP_BONUS", "POINTS", "MAX_TARGET", "MAX_DEALS", "sweep_bonus",
    "first_leader", "margin", "game_over",
]
#: Where each name defined in the old module lives now (the names other modules and tests
#: read through ``D.`` or ``from ... import``, underscore names included).
HOMES = {
    DR: ["Rules", "card_points", "deck_points", "trick_winner", "beats", "special_rank", "score_deal",
         "PLAYERS", "STACKS", "SWEEP_BONUS", "POINTS", "MAX_TARGET", "MAX_DEALS", "sweep_bonus", "first_leader",
         "_is_int", "_DEFAULT", "_check_rules", "_card_points", "_points_table", "_check_seat"],
    DD: ["dealing_steps", "deal_layout", "first_dealer", "_parse_layout"],
    DG: ["Game", "game_over", "margin", "_two_totals"],
    D: ["new_deal", "State", "Observation", "PickTrump", "Draw", "_whole_number", "_parse_suit", "_ASCII_DIGITS",
        "_sort_key"],
}
#: Names the old module imported from elsewhere; still importable from it.
IMPORTED_BEFORE = ["Card", "CardkitError", "ClassVar", "DealSeries", "IllegalActionError", "NotationError",
                   "Rank", "Sequence", "StateError", "Suit", "Trick", "TrickGameState", "TrickObservation",
                   "as_generator", "asdict", "check_deck", "check_rules", "dataclass", "deck", "format_cards",
                   "is_whole", "parse_card", "parse_cards", "parse_suit", "play_out", "RandomBot",
                   "rules_from_json", "seed_of", "shuffled", "sort_hand", "quote"]


def test_all_is_unchanged_and_every_name_is_reachable():
    assert D.__all__ == ALL_BEFORE + ["Seen"]  # Seen: an entry of Observation.history (issue 20), added after
    listed = dir(D)
    for name in ALL_BEFORE + IMPORTED_BEFORE + ["ExpertBot"]:
        assert name in listed, name
    namespace: dict = {}
    exec("from cardkit.games.armenian_durak import *", namespace)
    assert set(ALL_BEFORE) <= set(namespace)


@pytest.mark.parametrize("home", list(HOMES), ids=lambda m: m.__name__.rpartition(".")[2])
def test_each_name_is_the_object_of_its_home(home):
    for name in HOMES[home]:
        namespace: dict = {}
        exec(f"from cardkit.games.armenian_durak import {name} as x", namespace)
        assert getattr(D, name) is getattr(home, name) is namespace["x"], name
        obj = getattr(home, name)
        if isinstance(obj, type) or (callable(obj) and name != "_is_int"):   # _is_int is is_whole itself
            assert obj.__module__ == home.__name__, name   # defined there, not a copy

def test_each_job_has_one_module():
    """No name is defined in two of the modules (each rule in one place)."""
    defined = {}
    for path in sorted(GAMES_DIR.glob("armenian_durak*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
            for n in names:
                if n in ("__all__", "__getattr__", "__dir__", "_LAZY"):
                    continue
                assert n not in defined, f"{n} is defined in {defined[n]} and {path.name}"
                defined[n] = path.name
    assert defined["Rules"] == "armenian_durak_rules.py" and defined["State"] == "armenian_durak.py"
    assert defined["dealing_steps"] == "armenian_durak_deal.py" and defined["Game"] == "armenian_durak_game.py"


def _cardkit_imports(module) -> set[str]:
    """Modules of cardkit that ``module`` imports anywhere (functions included)."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = "cardkit" if node.level == 2 else "cardkit.games" if node.level == 1 else ""
            out.add(".".join(p for p in (base, node.module or "") if p))
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return {m for m in out if m.startswith("cardkit")}


def test_the_rules_and_the_dealing_import_nothing_higher():
    base = {f"cardkit.core.{m}" for m in ("_checks", "cards", "errors", "notation", "dealing")}   # issue 30: core
    assert _cardkit_imports(DR) <= base, _cardkit_imports(DR)
    assert _cardkit_imports(DD) <= base | {"cardkit.games.armenian_durak_rules"}, _cardkit_imports(DD)


def test_importing_the_engine_or_the_rules_loads_no_game_end_or_bot():
    child = ("import json, sys, cardkit.games.armenian_durak_rules as R; a = sorted(sys.modules); "
             "import cardkit.games.armenian_durak as D; b = sorted(sys.modules); D.Game; "
             "print(json.dumps([a, b, sorted(sys.modules)]))")
    rules_only, engine, after = json.loads(subprocess.run([sys.executable, "-c", child], capture_output=True,
                                                          text=True, check=True, timeout=120).stdout)
    assert "cardkit.games.armenian_durak" not in rules_only and "cardkit.core.series" not in rules_only
    for later in ("cardkit.games.armenian_durak_game", "cardkit.games.armenian_durak_bots", "cardkit.analysis"):
        assert later not in engine, later
    assert "cardkit.games.armenian_durak_game" in after     # reached on first use


def test_a_pickle_naming_the_old_home_of_rules_reads_back():
    """Pickles written before the split name ``cardkit.games.armenian_durak.Rules``."""
    rules = D.Rules(deck=52, trump_six_double=True, target=None, deals=3, draw_after="lead")
    new = pickle.dumps(rules, protocol=2)
    assert b"cardkit.games.armenian_durak_rules" in new
    old = new.replace(b"cardkit.games.armenian_durak_rules", b"cardkit.games.armenian_durak")
    assert b"armenian_durak_rules" not in old and pickle.loads(old) == rules
    state = D.new_deal(seed=3, rules=rules)
    state.apply_action("trump 2")
    data = pickle.dumps(state, protocol=2)
    assert data.count(b"armenian_durak_rules") == 1                  # the Rules inside the state
    back = pickle.loads(data.replace(b"armenian_durak_rules", b"armenian_durak"))
    assert back.to_json() == state.to_json() and type(back) is D.State
    assert D.State.__module__ == "cardkit.games.armenian_durak"       # saved deals name it so


def test_a_game_record_of_a_game_not_yet_dealt_names_the_game():
    """Records read a game's name from ``Game.game`` (``"armenian_durak"``), not from the
    module that defines the class (now ``armenian_durak_game``)."""
    game = D.Game([D.RandomBot(1), D.RandomBot(2)], seed=4)
    data = json.loads(game_record_to_json(game))
    assert data["game"] == "armenian_durak" and data["deals"] == []
    game.play_deal()
    record = game_record_from_json(game_record_to_json(game))
    assert record.game == "armenian_durak" and record.scores == game.scores
    assert type(record.to_game()) is DG.Game


def test_the_old_module_still_names_the_game_end_lazily():
    module = importlib.import_module("cardkit.games.armenian_durak")
    for name in ("Game", "game_over", "margin", "_two_totals"):
        assert module._LAZY[name] == ("cardkit.games.armenian_durak_game", name)
    assert D.game_over([250, 250], 7) is False and D.margin([198, 250]) == (1, 52)   # RULES.md §3.4
