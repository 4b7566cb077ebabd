"""docs/architecture.md stays true: every file or folder it names exists, and every function or
method it names as ``module.name`` or ``Class.method`` is found in the code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
CODE = "\n".join(p.read_text(encoding="utf-8") for folder in ("cardkit", "widgets")
                 for p in (ROOT / folder).rglob("*.py"))


def test_every_path_it_names_exists():
    paths = set(re.findall(r"`([\w./*-]+/[\w.*-]*|[\w-]+\.(?:py|js|md|ipynb))`", DOC))
    assert len(paths) > 20
    missing = []
    for p in sorted(paths):
        if "*" in p:
            if not list(ROOT.glob(p)):
                missing.append(p)
            continue
        if "/" in p:
            found = (ROOT / p).exists()
        else:   # a file named in its folder's row: somewhere in the project's folders
            found = any(list((ROOT / d).rglob(p)) for d in ("cardkit", "widgets", "lessons", "tests", "docs"))
        if not found:
            missing.append(p)
    assert not missing, missing


def test_every_function_it_names_is_defined():
    names = set(re.findall(r"`(?:[\w.]+\.)?([A-Za-z_]\w*)\.([a-z_]\w*)`", DOC))
    assert names
    missing = [f"{a}.{b}" for a, b in sorted(names)
               if not re.search(rf"def {re.escape(b)}\b|^{re.escape(b)}\s*=", CODE, flags=re.M)
               and not b.endswith(("py", "js", "md", "ipynb"))]
    assert not missing, missing
