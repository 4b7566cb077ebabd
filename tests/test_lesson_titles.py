"""The index's link to a lesson reads as the lesson's own title begins (issue 33: the index
said "Armenian Durak 1: the rules" and the page it opened "Armenian Durak with trumps 1: the
rules", so a learner could not be sure she was where she had clicked)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LINK = re.compile(r"\[([^\]]+)\]\(([\w/]+\d_\w+\.ipynb)\)")


def _links(index: Path) -> list[tuple[str, str]]:
    nb = json.loads(index.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return LINK.findall(text)


def _title(page: Path) -> str:
    nb = json.loads(page.read_text(encoding="utf-8"))
    first = "".join(nb["cells"][0]["source"]).splitlines()[0]
    assert first.startswith("# "), (page, first)
    return first[2:].strip()


def test_the_index_links_lessons():
    assert len(_links(LESSONS / "index.ipynb")) >= 13


@pytest.mark.parametrize("text, target", _links(LESSONS / "index.ipynb"))
def test_a_lesson_link_reads_as_its_page_title_begins(text, target):
    title = _title(LESSONS / target)
    assert title.lower().startswith(text.lower()), f"the index says {text!r}, the page {title!r}"
