"""A lesson's browser tab reads as its heading (issue 33, a new learner's pass): Voila names the
tab from the notebook's ``metadata.title``; Armenian Durak 1 and 2 had none, so the tab read
``1_rules`` / ``2_play`` (a file name), and the two strategy lessons' tabs had lost the
"strategy" their index link and heading begin with."""

import json
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _heading(nb: dict) -> str:
    first = "".join(nb["cells"][0]["source"]).splitlines()[0]
    assert first.startswith("# "), first
    return first[2:].strip()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_a_lessons_tab_title_is_its_heading(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"].get("title") == _heading(nb)
