"""The repository's copy of the rules matches the normative RULES.md, and the README's
example runs."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED.exists(), reason="no shared/RULES.md beside this checkout")
def test_docs_rules_is_the_normative_copy():
    assert (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8")


def test_every_cited_rules_section_exists():
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#+\s*(\d+\.\d+)\b", rules, flags=re.M)) | set(re.findall(r"^##\s*(\d+)\.", rules, flags=re.M))
    cited = set()
    for p in list((ROOT / "cardkit").rglob("*.py")) + list((ROOT / "widgets").rglob("*.py")):
        cited |= set(re.findall(r"RULES(?:\.md)?\s*§\s*(\d+(?:\.\d+)?)", p.read_text(encoding="utf-8")))
    missing = sorted(c for c in cited if c not in sections)
    assert not missing, f"docstrings cite RULES.md sections that do not exist: {missing}"


def test_readme_example_runs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## The engines in five lines\s+```python\n(.*?)```", text, flags=re.S).group(1)
    ns: dict = {}
    exec(compile(block.replace("print(", "_out = ("), "README", "exec"), ns)
    state = ns["state"]
    assert state.is_terminal() and state.contract is not None and len(state.returns()) == 4
