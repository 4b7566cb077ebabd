"""Issue 30 moved cardkit's top floor into folders; every path used before keeps working: the
older module names are the moved modules themselves, ``cardkit.room`` and ``cardkit.serving``
(once modules, now folders) answer for ``cardkit.room.rooms`` and ``cardkit.serving.lesson_server``,
and the ``python -m`` lines still run."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

MOVED = {
    "cardkit.codes": "cardkit.core.codes", "cardkit.state": "cardkit.core.state",
    "cardkit.registry": "cardkit.core.registry", "cardkit.series": "cardkit.core.series",
    "cardkit.controller": "cardkit.core.bots", "cardkit.table_session": "cardkit.table.table_session",
    "cardkit.advisor": "cardkit.analysis.advisor", "cardkit.progress": "cardkit.teaching.progress",
    "cardkit.room_service": "cardkit.room.service", "cardkit.room_link": "cardkit.room.link",
    "cardkit.hub_cli": "cardkit.serving.hub_cli", "cardkit._hub_classes": "cardkit.serving._hub_classes",
    "cardkit.prepare": "cardkit.serving.prepare", "cardkit.serving_routes": "cardkit.serving.routes",
}


@pytest.mark.parametrize("old, new", sorted(MOVED.items()))
def test_an_older_path_is_the_moved_module(old, new):
    assert importlib.import_module(old) is importlib.import_module(new)


def test_the_room_and_the_servers_answer_for_the_modules_they_were(monkeypatch):
    import cardkit.room
    import cardkit.serving
    from cardkit.room import _SEATS, Room, RoomError, rooms  # noqa: F401  (a private name too)
    from cardkit.serving import lesson_server
    assert Room is rooms.Room and cardkit.room.RoomError is rooms.RoomError
    assert cardkit.serving.prelaunch_hook is lesson_server.prelaunch_hook
    before = rooms.MAX_ANSWERS_PER_USER
    monkeypatch.setattr(cardkit.room, "MAX_ANSWERS_PER_USER", 3)
    monkeypatch.setattr(cardkit.room, "MAX_ANSWERS_PER_USER", 4)
    monkeypatch.setattr(cardkit.serving, "MAX_KERNEL_BUDGETS", 8)
    assert rooms.MAX_ANSWERS_PER_USER == 4 and lesson_server.MAX_KERNEL_BUDGETS == 8   # where the code reads them
    monkeypatch.undo()
    assert rooms.MAX_ANSWERS_PER_USER == cardkit.room.MAX_ANSWERS_PER_USER == before
    assert "MAX_ANSWERS_PER_USER" not in vars(cardkit.room)
    with pytest.raises(AttributeError):
        cardkit.room.no_such_name  # noqa: B018


def test_a_lessons_kernel_reaching_the_room_loads_no_database_code():
    code = ("import sys, cardkit.room.link, cardkit.room.report, cardkit.teaching.progress; "
            "print(sorted(m for m in sys.modules\n"
            "             if m.startswith(('sqlalchemy', 'cardkit.room.rooms', 'jupyter_server'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         timeout=120).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize("module", ["cardkit.room_service", "cardkit.room.service", "cardkit.hub_cli",
                                    "cardkit.lessons_cli", "cardkit.serving_setup", "cardkit.serving.setup"])
def test_the_python_m_lines_still_run(module):
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-m", module, "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("usage:"), done.stderr


def test_the_data_files_moved_with_their_folders():
    from cardkit.room import service
    from cardkit.serving import hub_cli, lessons_cli

    assert (service.STATIC_DIR / "room.js").is_file()
    assert (lessons_cli.VOILA_CONFIG_DIR / "voila.py").is_file()
    assert any(hub_cli.HUB_TEMPLATES.rglob("*.html"))
    assert (lessons_cli.REPO_ROOT / "lessons").is_dir()
