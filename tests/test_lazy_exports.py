"""Names a rules module keeps for older code but that live higher up (issue 13): each is
the very object of its home module, shown by dir(), and loaded only on first use."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest
from registry_games import NAMES as GAMES


@pytest.mark.parametrize("game", GAMES)
def test_each_lazy_name_is_its_home_object(game):
    module = importlib.import_module(f"cardkit.games.{game}")
    assert {"RuleBot", "ExpertBot"} <= set(module._LAZY)
    for name, (home, attr) in module._LAZY.items():
        assert getattr(module, name) is getattr(importlib.import_module(home), attr)
        assert name in dir(module)
    assert module.RuleBot.__module__ == f"cardkit.games.{game}_bots"
    with pytest.raises(AttributeError, match="no attribute 'NoSuchBot'"):
        module.NoSuchBot  # noqa: B018


def test_old_import_paths_keep_working():
    from cardkit.advisor import advise as home
    from cardkit.games.variety import RuleBot, advise, hand_evaluation
    from cardkit.games.variety_bots import RuleBot as VRuleBot, hand_evaluation as home_eval
    assert advise is home and RuleBot is VRuleBot and hand_evaluation is home_eval


_CHILD = """
import json, sys
import cardkit.games.variety, cardkit.games.warsaw_hearts, cardkit.games.armenian_durak
print(json.dumps(sorted(m for m in sys.modules if m.startswith("cardkit"))))
"""


def test_importing_the_rules_loads_no_bot_advisor_or_solver():
    loaded = json.loads(subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                                       check=True, timeout=120).stdout)
    assert "cardkit.games.variety" in loaded
    for home in ("cardkit.advisor", "cardkit.analysis", "cardkit.simulate", "cardkit.games.variety_bots",
                 "cardkit.games.warsaw_hearts_bots", "cardkit.games.armenian_durak_bots"):
        assert home not in loaded, home
