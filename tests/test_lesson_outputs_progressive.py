"""Lesson cells show nothing after a widget (Voila progressive rendering, issue 10 §6).

``cardkit-lessons`` serves the lessons with ``VoilaConfiguration.progressive_rendering``
(each cell's output appears when the cell has run). Voila 0.5.13's page then drops every
output of a cell that comes after a widget whose model the page has not registered yet
(a race it loses under load: in Variety 1 one of the two §1.1 exercises of a
``display(ex_a, ex_b)`` cell was missing). So a lesson cell that shows a widget shows it
last: several widgets go in one box (``display(W.VBox([a, b]))``), text comes before the
widget or inside it.

The check reads every lesson's code cells (no kernel): the outputs a cell makes are its
``display(...)`` arguments and ``print(...)`` calls in source order (twice inside a loop;
not inside functions: those run later, in callbacks) and its last expression. An argument
built by IPython's ``HTML``/``Markdown``/``SVG``/``Image``/``Latex``/``Math``/``JSON`` (a
bare name) is not a widget; anything else, ``W.HTML(...)`` included, may be one. After a
possible widget, no further output is allowed.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOT_WIDGETS = {"HTML", "Markdown", "SVG", "Image", "Latex", "Math", "JSON", "Pretty"}


def _calls_in_order(tree: ast.AST) -> list[ast.Call]:
    """display/print calls outside function bodies, in source order; a call inside a loop
    twice (the loop's second pass follows its first)."""
    found: list[tuple[int, int, int, ast.Call]] = []

    def visit(node: ast.AST, in_loop: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("display", "print"):
            found.append((node.lineno, node.col_offset, 0, node))
            if in_loop:
                found.append((node.lineno, node.col_offset, 1, node))
        loop = in_loop or isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.comprehension))
        for child in ast.iter_child_nodes(node):
            visit(child, loop)

    visit(tree, False)
    return [call for *_, call in sorted(found, key=lambda f: f[:3])]


def _may_be_widget(arg: ast.expr) -> bool:
    if isinstance(arg, ast.Call):
        return not (isinstance(arg.func, ast.Name) and arg.func.id in NOT_WIDGETS)
    return not isinstance(arg, ast.Constant)


def outputs_after_a_widget(source: str) -> list[str]:
    """The outputs a cell makes after one that may be a widget, as short descriptions."""
    tree = ast.parse(source)
    outputs: list[tuple[bool, str]] = []  # (may be a widget, description)
    for call in _calls_in_order(tree):
        if call.func.id == "print":
            outputs.append((False, f"print at line {call.lineno}"))
        else:
            outputs += [(_may_be_widget(a), f"display argument {ast.unparse(a)[:40]!r} at line {call.lineno}")
                        for a in call.args if not isinstance(a, ast.Starred)]
    last = tree.body[-1] if tree.body else None
    shown_call = (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
                  and isinstance(last.value.func, ast.Name) and last.value.func.id in ("display", "print"))
    if isinstance(last, ast.Expr) and not shown_call and not isinstance(last.value, ast.Constant):
        outputs.append((_may_be_widget(last.value), f"last expression {ast.unparse(last.value)[:40]!r}"))
    bad, seen_widget = [], None
    for may_be_widget, what in outputs:
        if seen_widget:
            bad.append(f"{what} after {seen_widget}")
        if may_be_widget and seen_widget is None:
            seen_widget = what
    return bad


def _code_cells(path: Path):
    nb = json.loads(path.read_text())
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            # IPython magics and shell lines are not Python
            yield i, "\n".join("pass" if line.lstrip().startswith(("%", "!")) else line
                               for line in source.splitlines())


@pytest.mark.parametrize("path", sorted(LESSONS.rglob("*.ipynb")), ids=lambda p: str(p.relative_to(LESSONS)))
def test_no_output_after_a_widget_in_a_lesson_cell(path):
    if ".ipynb_checkpoints" in path.parts:
        pytest.skip("checkpoint")
    problems = [f"cell {i}: {p}" for i, source in _code_cells(path) for p in outputs_after_a_widget(source)]
    assert not problems, problems


@pytest.mark.parametrize("source, bad", [
    ("display(ex_a, ex_b)", 1),                       # the Variety 1 §1.1 case
    ("display(W.VBox([ex_a, ex_b]))", 0),
    ("display(t)\nprint('refused')", 1),
    ("print('refused')\ndisplay(t)", 0),
    ("display(HTML('a'))\ndisplay(HTML('b'))\nt", 0),
    ("t\n", 0),
    ("display(t)\ndef f():\n    print('later, in a callback')", 0),
    ("display(W.HTML('a'))\ndisplay(W.HTML('b'))", 1),  # ipywidgets' HTML is a widget
    ("for x in xs:\n    display(W.HTML(x))", 1),  # the loop's second pass
    ("for x in xs:\n    display(HTML(x))", 0),
])
def test_the_check_itself(source, bad):
    assert len(outputs_after_a_widget(source)) == bad


@pytest.mark.parametrize("path", sorted(LESSONS.rglob("*.ipynb")), ids=lambda p: str(p.relative_to(LESSONS)))
def test_teacher_only_cells_come_after_the_last_code_cell(path):
    """With progressive rendering Voila 0.5.13 numbers the page's cells after removing the
    ``teacher-only`` cells but sends each cell's output by its index in the whole notebook:
    a code cell after a removed cell would show its output in the next cell's place."""
    if ".ipynb_checkpoints" in path.parts:
        pytest.skip("checkpoint")
    cells = json.loads(path.read_text())["cells"]
    removed = [i for i, c in enumerate(cells) if "teacher-only" in c.get("metadata", {}).get("tags", [])]
    code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
    assert not removed or not code or min(removed) > max(code), (
        f"teacher-only cells {removed} come before code cell {max(code)}: put them at the end")
