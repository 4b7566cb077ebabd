"""How many widgets "Compose a deal" makes (issue 34, item 10).

Every widget is a message its kernel sends the page when it is made. The lesson made an
editor of each game (some 1,200 widgets) in one cell, more than a learner's server under
``cardkit-hub`` relays from a kernel on its Unix sockets: Voila waited for the cell's end
until "Timeout waiting for IOPub output" and the page stayed grey. The lesson now makes one
editor, and an editor it replaces is closed with every widget it made.
"""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as W

from cardkit_widgets import DealEditor

LESSON = Path(__file__).resolve().parent.parent / "lessons" / "deal_editor.ipynb"
#: widgets the lesson's page may make at once (one editor is some 340; four were 1,200)
MAX_PAGE_WIDGETS = 500


def _open_widgets() -> int:
    return len(W.Widget._active_widgets) if hasattr(W.Widget, "_active_widgets") else len(W.Widget.widgets)


def _lesson_code() -> str:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def test_the_lesson_page_makes_one_editor(monkeypatch):
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: None)
    before = _open_widgets()
    namespace: dict = {}
    exec(compile(_lesson_code(), str(LESSON), "exec"), namespace)
    made = _open_widgets() - before
    assert 0 < made <= MAX_PAGE_WIDGETS, f"the lesson's page makes {made} widgets at once"
    # choosing another game replaces the editor and closes the old one's widgets
    namespace["game_choice"].value = "armenian_durak"
    namespace["game_choice"].value = "variety"
    assert _open_widgets() - before <= MAX_PAGE_WIDGETS
    assert [type(e) for e in namespace["editor_box"].children] == [DealEditor]


def test_close_closes_every_widget_of_the_editor():
    before = _open_widgets()
    editor = DealEditor("variety")
    editor.deal_rest()
    editor.play()
    assert _open_widgets() - before > 300
    editor.close()
    assert _open_widgets() == before
