"""The engines never import UI code (STYLE.md rule 1): importing every ``cardkit`` module
in a fresh interpreter loads no ipywidgets, IPython, Voila, Jupyter kernel or widget code."""

from __future__ import annotations

import json
import subprocess
import sys

UI_ROOTS = ("ipywidgets", "IPython", "voila", "ipykernel", "jupyter_client", "widgetsnbextension",
            "cardkit_widgets", "traitlets", "comm", "matplotlib", "playwright")

# What the lesson servers load (cardkit/serving/lesson_server.py: Jupyter Server's kernel and file
# managers subclassed; cardkit/serving/_hub_classes.py: JupyterHub's spawner and authenticator; the
# room's tornado service, with its HTTP handlers and websocket, which subclass the hub's OAuth
# classes): server glue, imported by Voila, Jupyter Server or the hub, never by another cardkit
# module (checked below).
SERVER_MODULES = ("cardkit.serving.lesson_server", "cardkit.serving._hub_classes", "cardkit.room.service",
                  "cardkit.room.handlers", "cardkit.room.sockets")
#: their older paths (issue 30): ``cardkit.serving`` (the folder) answers for the lesson server's
#: names, the two others are the very modules
OLD_PATHS = ("cardkit.serving", "cardkit._hub_classes", "cardkit.room_service")

_CHILD = """
import importlib, json, pkgutil, sys
import cardkit, cardkit.games
names = ["cardkit"]
for pkg in (cardkit, cardkit.games):
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        if m.name not in %r:
            names.append(m.name)
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "loaded": sorted(sys.modules)}))
"""


def test_importing_cardkit_loads_no_ui_module():
    out = subprocess.run([sys.executable, "-c", _CHILD % (SERVER_MODULES + OLD_PATHS[1:],)], capture_output=True, text=True, timeout=120,
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


def test_the_server_modules_are_imported_by_no_other_cardkit_module():
    """Only the servers load the server glue (a Voila/Jupyter config names it by text)."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "cardkit"
    for path in package.rglob("*.py"):
        if "voila_config" in path.parts:
            continue
        name = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        if name in SERVER_MODULES + OLD_PATHS or name == "cardkit.serving.__init__":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "cardkit.serving":  # its folder's own modules are fine
                names_only = not all((package / "serving" / f"{a.name}.py").exists() for a in node.names)
                targets = [t for t in targets if t != "cardkit.serving"] + ["cardkit.serving"] * names_only
            assert not any(t in SERVER_MODULES + OLD_PATHS for t in targets), f"{name} imports a server module"
