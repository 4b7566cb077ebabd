"""A deal's link and its recipes agree (issue 22 §5): the projector recipe deals what the
class link deals (DealDashboard.from_code), and every lesson address in the docs names a
notebook that the server it is written for serves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardkit import CardkitError
from cardkit.codes import parse_deal_code
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("cls,code", [(VarietyTable, "V-4821"), (VarietyTable, "V-4821-L2"),
                                      (WarsawHeartsTable, "W-17-P3"), (DurakTable, "D-5-T2")])
def test_the_projector_deals_what_the_class_link_deals(cls, code):
    projector = cls.from_code(code, layout="projector")
    link = cls.from_query(f"deal={code}")
    for t in (projector, link):
        assert t.deal_code == code and t.state.dealer == parse_deal_code(code).dealer
    assert projector.state.to_json() == link.state.to_json()
    assert f"Deal code: {code}" in projector.code_banner.value


def test_the_seeded_table_names_its_own_dealer():
    # the same cards as V-4821, the dealer from the cut (RULES.md §1.1): its code says so
    t = VarietyTable(seed=4821, layout="projector")
    d = t.state.dealer
    assert d == t.first_dealer and t.deal_code == ("V-4821" if d == 4821 % 4 else f"V-4821-D{d}")


def test_from_code_refuses_what_a_link_would_turn_into_a_normal_deal():
    for bad, words in (("W-17", "is a Warsaw Hearts deal"), ("V-48X1", "deal code"), ("", "expected a code")):
        with pytest.raises(CardkitError, match=words):
            VarietyTable.from_code(bad)


def _texts() -> dict[str, str]:
    out = {p.name: p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}
    for p in sorted((ROOT / "lessons").rglob("*.ipynb")):
        nb = json.loads(p.read_text(encoding="utf-8"))
        out[str(p.relative_to(ROOT))] = "\n".join("".join(c["source"]) for c in nb["cells"])
    return out


def test_recipes_use_the_class_links_code():
    for name, text in _texts().items():
        assert not re.search(r"Table\(seed=\d+, layout=.projector.\)", text.replace('\\"', '"')), \
            f"{name}: a projector recipe from a seed deals another dealer than the link's code"


_ADDRESS = re.compile(r"(\S{0,60})voila/render/([\w/.\-]+?\.ipynb)")


def test_every_lesson_address_is_served_where_it_is_written():
    """cardkit-lessons, plain voila and cardkit-hub serve ``lessons/`` as the root
    (``/voila/render/variety/2_play.ipynb``); Binder the repository (``?urlpath=voila/render/
    lessons/…``); The Littlest JupyterHub a user's home holding ``~/lessons``."""
    seen = 0
    for name, text in _texts().items():
        for m in _ADDRESS.finditer(text):
            before, path = m.group(1), m.group(2)
            seen += 1
            if "urlpath=" in before:                           # Binder: the repository's root
                assert path.startswith("lessons/") and (ROOT / path).exists(), (name, m.group(0))
            elif "127.0.0.1:8866" in before or "http://<hub>" in before:   # cardkit-lessons, cardkit-hub
                assert not path.startswith("lessons/") and (ROOT / "lessons" / path).exists(), (name, m.group(0))
            elif path.startswith("lessons/"):                  # a home holding ~/lessons (TLJH)
                assert "https://<hub>/user/<name>/" in before and (ROOT / path).exists(), (name, m.group(0))
            else:
                assert (ROOT / "lessons" / path).exists(), (name, m.group(0))
    assert seen >= 10
