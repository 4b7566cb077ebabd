"""No import cycle in ``cardkit`` (issue 13): every module imports alone in a fresh
interpreter, and the graph of the modules' top-level imports has no cycle.

A cycle held together by imports inside functions works only in the order the tests
happen to use; importing each module first, on its own, is what finds it (python -c
"import cardkit.games.variety" must work as well as "import cardkit.advisor"). The static
check finds a new cycle even before it breaks an import. Higher modules are re-exported
from lower ones only lazily (a module ``__getattr__``, PEP 562), which the top-level graph
does not see, by design.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardkit"


def module_files(package: Path = PACKAGE) -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package ``__init__``)."""
    out = {}
    for p in sorted(package.rglob("*.py")):
        if "voila_config" in p.parts:  # a Voila config file (voila.py), run by Voila, not a module
            continue
        parts = list(p.relative_to(package.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_pkg else parts)] = (p, is_pkg)
    return out


def import_graph(modules: dict[str, tuple[Path, bool]], *, top_level: bool = True) -> dict[str, set[str]]:
    """module -> the package's modules it imports (``top_level``: only statements at the
    module's top level, not in functions, classes or ``if`` blocks). Importing ``a.b.c``
    also runs the packages ``a.b`` (unless the importer is inside it already), so an edge
    goes to each."""
    graph = {}
    for name, (path, is_pkg) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        here = name if is_pkg else name.rpartition(".")[0]
        nodes = tree.body if top_level else list(ast.walk(tree))
        edges: set[str] = set()

        def add(target: str, name: str = name, edges: set[str] = edges) -> None:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                t = ".".join(parts[:i])
                if t in modules and t != name and not name.startswith(t + "."):
                    edges.add(t)

        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[:len(here.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                add(target)
                for alias in node.names:
                    add(f"{target}.{alias.name}")
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of nodes (first == last), or None."""
    colour = dict.fromkeys(graph, 0)          # 0 unseen, 1 on the path, 2 done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        colour[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if colour.get(w, 2) == 1:
                return path[path.index(w):] + [w]
            if colour.get(w) == 0:
                found = visit(w)
                if found:
                    return found
        path.pop()
        colour[v] = 2
        return None

    for v in sorted(graph):
        if colour[v] == 0:
            found = visit(v)
            if found:
                return found
    return None


MODULES = module_files()


def test_every_module_is_seen():
    """The walk finds the modules this test is about (so an empty list cannot pass)."""
    for name in ("cardkit", "cardkit.games.variety", "cardkit.advisor", "cardkit.simulate.variety",
                 "cardkit.analysis.judge", "cardkit.analysis._variety_kernel", "cardkit.bots", "cardkit.codes",
                 "cardkit.games.armenian_durak_rules", "cardkit.games.armenian_durak_deal",
                 "cardkit.games.armenian_durak_game"):
        assert name in MODULES
    assert len(MODULES) >= 35


def test_top_level_imports_have_no_cycle():
    cycle = find_cycle(import_graph(MODULES))
    assert cycle is None, "import cycle among cardkit's top-level imports: " + " → ".join(cycle)


def test_the_rules_modules_import_no_higher_module_even_inside_functions():
    """The cycle of issue 13 (games.variety → advisor → simulate.variety → games.variety)
    ran through an import inside a function. The rules (``cardkit.games.*``) import
    nothing of the advisor, the simulators or the solver anywhere; what they re-export
    from there is named in their lazy table (``_LAZY``, a module ``__getattr__``)."""
    graph = import_graph(MODULES, top_level=False)
    higher = ("cardkit.advisor", "cardkit.simulate", "cardkit.analysis", "cardkit.widgets", "cardkit.records",
              "cardkit.replay", "cardkit.problems")
    for name in MODULES:
        if name.startswith("cardkit.games."):
            bad = sorted(t for t in graph[name] if t.startswith(higher))
            assert bad == [], f"{name} imports {bad}"


def test_the_checks_find_a_cycle():
    """The graph and cycle finder see a cycle through ``from . import x`` and a relative
    import of a sibling package (so the two tests above can fail)."""
    graph = {"p": set(), "p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert find_cycle(graph) == ["p.a", "p.b", "p.c", "p.a"]
    assert find_cycle({"p": set(), "p.a": {"p.b"}, "p.b": set()}) is None


def test_the_graph_reads_a_cycle_from_source(tmp_path):
    pkg = tmp_path / "cyc"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n\ndef f():\n    from . import c\n")
    (pkg / "sub" / "b.py").write_text("from ..a import f\n")
    (pkg / "c.py").write_text("")
    mods = module_files(pkg)
    graph = import_graph(mods)
    assert graph["cyc.a"] == {"cyc.sub", "cyc.sub.b"}             # c only inside a function
    assert find_cycle(graph) in (["cyc.a", "cyc.sub.b", "cyc.a"], ["cyc.sub.b", "cyc.a", "cyc.sub.b"])
    assert "cyc.c" in import_graph(mods, top_level=False)["cyc.a"]


# A parent interpreter that has imported numpy (and, for the modules that compile kernels,
# numba) and nothing of cardkit forks one child per module (three at a time): each child
# starts with no cardkit module loaded, as a fresh interpreter would, at a fraction of the
# cost of starting ~40 interpreters.
_FORKER = textwrap.dedent("""
    import importlib, json, os, sys, traceback
    for name in os.environ["PRELOAD"].split():
        importlib.import_module(name)
    names, running, results = sys.argv[1:], {}, {}
    assert not [m for m in sys.modules if m.split(".")[0] == "cardkit"]
    def reap():
        pid, status = os.wait()
        name, path = running.pop(pid)
        with open(path) as f:
            results[name] = json.loads(f.read() or '{"error": "the child died"}')
    for i, name in enumerate(names):
        while len(running) >= 3:
            reap()
        path = os.path.join(os.environ["OUT_DIR"], str(i))
        pid = os.fork()
        if pid == 0:
            try:
                __import__(name)
                watched = os.environ.get("WATCH", "numba").split()
                out = {"numba": "numba" in sys.modules, "loaded": [m for m in watched if m in sys.modules],
                       "error": None}
            except BaseException:
                out = {"error": traceback.format_exc()[-2000:]}
            with open(path, "w") as f:
                f.write(json.dumps(out))
            os._exit(0)
        running[pid] = (name, path)
    while running:
        reap()
    print(json.dumps(results))
""")


def import_each_alone(groups: dict[tuple[str, ...], list[str]], cwd: Path = ROOT,
                      watch: str = "numba") -> dict[str, dict]:
    """name -> ``{"error": traceback or None, "numba": loaded}``: for each group
    ``preloaded modules -> names`` (the groups run at once), each module imported in a
    child with no module of the package loaded before it."""
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as out_dir:
        runs = [subprocess.Popen([sys.executable, "-c", _FORKER, *names], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=cwd,
                                 env={**os.environ, "OUT_DIR": os.path.join(out_dir, str(i)),
                                      "PRELOAD": " ".join(preload), "WATCH": watch})
                for i, (preload, names) in enumerate(groups.items()) if names and not os.makedirs(
                    os.path.join(out_dir, str(i)))]
        results: dict[str, dict] = {}
        for run in runs:
            out, err = run.communicate(timeout=300)
            assert run.returncode == 0, err[-3000:]
            results.update(json.loads(out.strip().splitlines()[-1]))
    return results


def _compiles_kernels(name: str) -> bool:
    """Does the module import numba at its top (so importing it compiles or loads kernels)?"""
    tree = ast.parse(MODULES[name][0].read_text(encoding="utf-8"))
    return any(isinstance(n, (ast.Import, ast.ImportFrom))
               and any((getattr(n, "module", None) or a.name).split(".")[0] == "numba" for a in n.names)
               for n in tree.body)


def test_each_module_imports_alone():
    """Every module first, on its own: a cycle held together only by the order of imports
    fails here, whichever module of it is imported first."""
    kernels = sorted(m for m in MODULES if _compiles_kernels(m))
    assert "cardkit.analysis._variety_kernel" in kernels and "cardkit.games.variety" not in kernels
    # numba preloaded for the kernel modules only: it costs ~2 s an interpreter here
    results = import_each_alone({("numpy",): sorted(set(MODULES) - set(kernels)), ("numpy", "numba"): kernels})
    assert sorted(results) == sorted(MODULES)
    failed = {name: r["error"] for name, r in results.items() if r["error"]}
    assert failed == {}, "\n\n".join(f"import {name} alone failed:\n{err}" for name, err in failed.items())
    # importing cardkit, or its analysis package, compiles nothing (common.md, numba)
    for name in ("cardkit", "cardkit.analysis", "cardkit.games.variety", "cardkit.advisor", "cardkit.codes",
                 "cardkit.games.armenian_durak_rules", "cardkit.games.armenian_durak_game"):
        assert results[name]["numba"] is False, f"import {name} loaded numba"


def test_a_cycle_held_by_import_order_fails_alone(tmp_path):
    """The check itself: a package whose modules import each other's names at the top
    fails whichever is imported first; a sound module next to them passes."""
    pkg = tmp_path / "cyc2"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import B\nA = 1\n")
    (pkg / "b.py").write_text("from .a import A\nB = 2\n")
    (pkg / "c.py").write_text("import email.message\nC = 3\n")
    (pkg / "d.py").write_text("D = 4\n")
    results = import_each_alone({("numpy",): ["cyc2.a", "cyc2.b", "cyc2.c", "cyc2.d"]}, cwd=tmp_path,
                                watch="numba email.message")
    assert "ImportError" in results["cyc2.a"]["error"] and "ImportError" in results["cyc2.b"]["error"]
    assert results["cyc2.c"]["error"] is None
    # a module loaded by a child is seen (as numba would be), and only in that child
    assert results["cyc2.c"]["loaded"] == ["email.message"] and results["cyc2.d"]["loaded"] == []
