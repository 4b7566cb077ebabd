"""The engines never import UI code (STYLE.md rule 1): importing every ``cardkit`` module
in a fresh interpreter loads no ipywidgets, IPython, Voila, Jupyter kernel or widget code."""

from __future__ import annotations

import json
import subprocess
import sys

UI_ROOTS = ("ipywidgets", "IPython", "voila", "ipykernel", "jupyter_client", "widgetsnbextension",
            "cardkit_widgets", "traitlets", "comm", "matplotlib", "playwright")

_CHILD = """
import importlib, json, pkgutil, sys
import cardkit, cardkit.games
names = ["cardkit"]
for pkg in (cardkit, cardkit.games):
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        names.append(m.name)
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "loaded": sorted(sys.modules)}))
"""


def test_importing_cardkit_loads_no_ui_module():
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=120,
                         check=True).stdout
    data = json.loads(out)
    assert "cardkit.games.variety" in data["imported"]       # every engine module was imported
    ui = [m for m in data["loaded"] if m.split(".")[0] in UI_ROOTS]
    assert ui == [], f"cardkit imported UI modules: {ui}"


def test_the_check_itself_sees_a_ui_import():
    """The same check run on ipywidgets finds it, so the test above can fail."""
    out = subprocess.run([sys.executable, "-c", "import sys, ipywidgets; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, timeout=120, check=True).stdout.split()
    assert [m for m in out if m.split(".")[0] in UI_ROOTS]
