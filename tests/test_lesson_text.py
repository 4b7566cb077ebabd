"""What a learner reads in the lessons shows words (issue 10 §5, STYLE: learner-facing text).

Every lesson notebook (``lessons/**/*.ipynb``: the index and the rules page included) is
executed once per test session, in the current environment, with nbclient (as nbval does)
and the widget state stored (as Voila renders it). The learner's text is then:

* every markdown cell (link targets and HTML attributes left out: a link whose *text* is
  words may point at a file);
* every output: streams, ``text/html`` (tags, styles and scripts left out), ``text/markdown``,
  and ``text/plain`` where nothing richer is shown; errors too (there should be none);
* in the widget state: descriptions, tooltips, placeholders, option labels, accordion
  titles, the values of HTML / Text / Label widgets, and the learner-facing strings of the
  card table (captions, status, seat names; not its internal control names).

Code cells' sources are not learner text: Voila strips them (``voila.json``:
``strip_sources``; a test below keeps that so), and ``teacher-only`` cells are removed.

The scan fails on: Python identifiers used as words (``left_of_first_namer``, ``RuleBot``,
``Rules(``, ``lead=``), raw reprs (``[0:6♣ 1:A♣ 2:K♣]``, ``Totals [271, 209]``,
``<cardkit.``, ``Card(``, ``array(``), file names and paths (``RULES.md``, ``.py``,
``.json``, ``.ipynb`` shown as text, the sources' folder), issue numbers and commit hashes,
and a hyphen-minus used as a minus sign (``-4`` for "−4") or in a range of numbers
(``1-2`` for "1–2"). Deal codes (``V-4821``, ``W-17-P3``, ``D-5``), dates (2026-12-01),
web addresses and product names (JupyterLab) are words here.

Besides the executed text: lessons import only public names (no ``_private`` module or
name), and the Armenian Durak lessons never call the game a shedding game.

Run time: the lessons also run under nbval, cell by cell; when nbval has run a whole lesson
in this pytest run and every cell passed, the scan reads that execution (its outputs and
final widget state, written by the root conftest.py), so each lesson runs once (issue 13).
Otherwise (nbval failed on the lesson, has not run it yet, or is not run, as in
``pytest tests/test_lesson_text.py``) the lesson is executed here: so each check still
fails on its own. One execution of every lesson here took 56 s on this machine when quiet
(the fixture prints each lesson's time).
"""

from __future__ import annotations

import html
import json
import os
import re
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted(p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)

# ---------------------------------------------------------------------------------------
# Extracting what the learner reads
# ---------------------------------------------------------------------------------------

DEAL_CODE = re.compile(r"\b[VWD]-[A-Z0-9]+(?:-[A-Z0-9_]+)*\b")
# A web address is where a link goes (a teacher types it); names of products are words.
URL = re.compile(r"\bhttps?://\S+")
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")          # an ISO date (when a figure was measured)
PRODUCTS = re.compile(r"\b(?:JupyterLab|JupyterHub|GitHub|PyPI|BinderHub)\b")


def strip_html(s: str) -> str:
    """The text a browser shows for the HTML ``s``: styles, scripts, comments and tags
    (with their attributes: link targets, classes) left out, entities read."""
    s = re.sub(r"(?is)<(style|script)\b.*?</\1\s*>", " ", s)
    s = re.sub(r"(?s)<!--.*?-->", " ", s)
    s = re.sub(r"(?s)<[^>]*>", " ", s)
    return html.unescape(s)


def strip_markdown(s: str) -> str:
    """Markdown as read: a link's text stays, its target goes (inline and reference links)."""
    s = re.sub(r"\]\([^)]*\)", "] ", s)
    s = re.sub(r"(?m)^\s*\[[^\]]+\]:\s*\S+.*$", " ", s)
    return strip_html(s)


# Keys of the card table's state that hold no learner text (internal names, CSS, codes).
_SKIP_KEYS = {"kind", "id", "suit", "rank", "sym", "pos", "game", "classes", "_esm", "_css",
              "_anywidget_id", "layout", "size", "_dom_classes", "style", "tabbable",
              "mode", "stored", "keep"}   # the progress store's data (cardkit_widgets.progress), never drawn
_TEXT_TRAITS = ("description", "tooltip", "placeholder")
_VALUE_MODELS = {"HTMLModel", "HTMLMathModel", "LabelModel", "TextModel", "TextareaModel"}


def _anywidget_texts(x, where: str, out: list) -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            if k in _SKIP_KEYS or k.startswith(("bar_", "_model", "_view")):
                continue
            # internal names: the control, the button Enter presses, the list drawn beside it
            if k in ("name", "enter", "again") and "kind" in x:
                continue
            _anywidget_texts(v, f"{where}.{k}", out)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _anywidget_texts(v, f"{where}[{i}]", out)
    elif isinstance(x, str) and x:
        out.append((where, strip_html(x)))


def widget_texts(nb) -> list[tuple[str, str]]:
    """(where, text) for every learner-facing string in the notebook's stored widget state."""
    out: list[tuple[str, str]] = []
    state = (nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
             .get("state", {}))
    for model in state.values():
        name, s = model["model_name"], model["state"]
        if name == "AnyModel":
            _anywidget_texts(s, "card table", out)
            continue
        if name.endswith("StyleModel") or name == "LayoutModel":
            continue
        for t in _TEXT_TRAITS:
            if isinstance(s.get(t), str) and s[t]:
                out.append((f"{name} {t}", strip_html(s[t])))
        for t in ("_options_labels", "titles", "tooltips"):
            for v in s.get(t) or ():
                if isinstance(v, str) and v:
                    out.append((f"{name} {t}", strip_html(v)))
        v = s.get("value")
        if isinstance(v, str) and v and name in _VALUE_MODELS:
            out.append((f"{name} value", strip_html(v)))
    return out


def learner_texts(nb) -> list[tuple[str, str]]:
    """(where, text) for everything a learner reads in an executed notebook."""
    out: list[tuple[str, str]] = []
    for i, cell in enumerate(nb.cells):
        if "teacher-only" in (cell.metadata.get("tags") or ()):
            continue
        if cell.cell_type == "markdown":
            out.append((f"cell {i} (markdown)", strip_markdown(cell.source)))
        elif cell.cell_type == "code":
            for o in cell.get("outputs", ()):
                if o.output_type == "stream":
                    out.append((f"cell {i} ({o.name})", o.text))
                elif o.output_type in ("display_data", "execute_result"):
                    d = o.get("data", {})
                    if "text/html" in d:
                        out.append((f"cell {i} (html)", strip_html(d["text/html"])))
                    elif "text/markdown" in d:
                        out.append((f"cell {i} (markdown output)", strip_markdown(d["text/markdown"])))
                    elif "text/plain" in d and "application/vnd.jupyter.widget-view+json" not in d:
                        out.append((f"cell {i} (text)", d["text/plain"]))
                elif o.output_type == "error":
                    out.append((f"cell {i} (error)", f"{o.ename}: {o.evalue}"))
    return out + widget_texts(nb)


# ---------------------------------------------------------------------------------------
# What must not be there
# ---------------------------------------------------------------------------------------

CHECKS = [
    ("a Python identifier (snake_case)",
     re.compile(r"(?<![\w.?&/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("a Python class name (CamelCase)", re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b")),
    ("a Python constant (UPPER_CASE)", re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")),
    ("a string literal shown as code", re.compile(r"`[\"'][^`]*[\"']`")),
    ("a Python keyword shown as code", re.compile(
        r"`(?:assert|import|from|def|class|lambda|return|True|False|print|self)\b[^`]*`")),
    ("a call or a keyword argument", re.compile(r"(?<![?&\w])[A-Za-z_]\w*(?:\(|=(?!=))")),
    ("a raw repr", re.compile(
        r"<cardkit\.|\b(?:Card|array|dtype|np|Suit|Rank)\b[.(]|\[\d+:"
        r"|\[\s*[−-]?\d+(?:\.\d+)?(?:\s*,\s*[−-]?\d+(?:\.\d+)?)+\s*\]|\{'\w+'|\bNone\b")),
    ("a file name or path", re.compile(
        r"\b[\w/.-]+\.(?:py|json|ipynb|md|csv|npz|npy|txt|toml|yaml|css|js)\b"
        r"|\bseeds?/|(?i:\bseeds? folder)|\bRULES\b")),
    ("an issue number", re.compile(r"(?i)\bissue\s*#?\d+|(?<![&\w])#\d+\b")),
    ("a commit or file hash", re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")),
    ("a hyphen-minus as a minus sign (use −)", re.compile(r"(?:^|(?<=[\s(\[=:,;/]))-(?=\d)")),
    ("a hyphen-minus in a range of numbers (use –)", re.compile(r"(?<=\d)-(?=\d)")),
    # issue 21: what a learner reads
    ("the ten as T (a learner reads 10)", re.compile(
        r"\bT(?=[♠♥♦♣])|[♠♥♦♣][AKQJ98765432]*T(?![a-z])|(?<=[♠♥♦♣] )(?:[AKQJ98765432] )*T\b"
        r"|(?<=[♠♥♦♣] )[AKQJ98765432]*T[AKQJ98765432]*\b"
        r"|\b[AKQJT98765432]*T[AKQJT98765432]*(?=\.[AKQJT98765432.]*\b)"
        r"|(?<=\.)[AKQJ98765432]*T[AKQJT98765432]*\b(?<=[\w.][\w.])")),
    ("the word seed (a learner reads deal number)", re.compile(r"(?i)\bseed(?:s|ed|ing)?\b")),
    ("a seat by number (South, West, North, East; you, your opponent)", re.compile(
        r"(?i)\bseats?\s*(?:#|no\.\s*)?\d|\bplayers?\s+\d|\bseats?\s*\(\s*[a-z\d]"
        r"|\bdealer \d(?=[;,.)]|$)|\b(?:declarers|defenders) \d (?:\+|and) \d\b")),
    ("notebook words (the cell below, prints)", re.compile(r"(?i)\bcells?\b|\bprint(?:s|ed|ing)?\b")),
    ("an action by number", re.compile(r"(?i)\bactions?\s+\d+(?:\s+of\s+\d+)?")),
    ("a source by number (the book, the dictionary)", re.compile(r"(?i)\bsources?\s+\d+")),
    ("quoted notation", re.compile(
        r"['\"`‘“]\s*(?:(?:10|[2-9TJQKA])[SHDC]\b|(?:trump|draw)\s+(?:N|none|\d)\b)"
        r"|(?<![\w’'])'[^'\n]{1,40}'(?![\w’'])")),
    ("a Python literal", re.compile(
        r"\b(?:True|False)\b|\(\s*[−-]?\d+(?:\s*,\s*[−-]?\d+)+\s*,?\s*\)|\b\d+(?:\.\d+)?e[−+-]?\d+\b")),
    # issue 33, item 11: developers' words, a seat named twice, help only a pointer shows,
    # a rule variant's setting read out as words ("halved 2 7" for contracts 2 and 7 at half value)
    ("developers' words (the kit's tests, an invariant, the lesson checks)", re.compile(
        r"(?i)\bthe kit's (?:tests?|engines?)\b|\b(?:by|recomputed by) the tests\b|\binvariants?\b"
        r"|\bthe lesson checks\b|\bmust hold, so\b")),
    ("a seat named twice (You, your cards)", re.compile(r"(?i)\byou \(your cards\)|\byour cards:\s*you\b")),
    ("help that only a mouse pointer shows (a phone has none)", re.compile(r"(?i)\btooltips?\b|\bbuttons' titles\b")),
    ("a rule variant's setting read out (say it in words)", re.compile(
        r"\bleft of (?:first namer|first bidder|dealer)\b|\bhalved 2 (?:and )?7\b"
        r"|(?i:\btrump six double\b|\bdouble honour trick\b)|^(?:declarers lose|no bonus|only plus|max|additive)$")),
    # issue 33: a new learner read "Contract 3, 5 came up more than once" (Variety 1, section 8)
    ("a list of contracts by number (write Contracts 3 and 5)", re.compile(r"\b[Cc]ontract \d+, \d")),
]


def findings(texts) -> list[str]:
    """One line per thing a learner should not see: where, what, and the text around it."""
    out = []
    for where, text in texts:
        t = PRODUCTS.sub("PRODUCT", DATE.sub("DATE", URL.sub("ADDRESS", DEAL_CODE.sub("DEAL-CODE", text))))
        for what, rx in CHECKS:
            for m in rx.finditer(t):
                around = " ".join(t[max(0, m.start() - 40):m.end() + 40].split())
                out.append(f"{where}: {what} {m.group(0)!r} in “{around}”")
    return out


# ---------------------------------------------------------------------------------------
# The checks can fail: each kind of finding is caught, and words pass
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "The lead: left_of_first_namer", "Two RuleBots play", "Rules(tie='no_bonus')", "lead=",
    "trick 5: [0:6♣ 1:A♣ 2:K♣] won by 1", "Totals [271, 209]: seat 0 wins",
    "<cardkit.games.variety.State object>", "Card('AS')", "array([1, 2])",
    "see RULES.md §1.4", "the rules (RULES §1.4)", "in seeds/000.txt", "the seed folder",
    "lesson.ipynb", "fixed in issue 10", "see #12", "commit 3f55784",
    "Your score: -4", "penalties (-3, +2)", "rounds 1-2", "kept as data (PENALTY_SCHEDULE)",
    'Seat 0 plays `"rule"` or `"weakest"`',
    "15-41 s", "the examples are `assert`ed", "`import cardkit`",
    # issue 21
    "T♦ (ten of diamonds)", "+5 per J♠ J♣ T♠ T♣", "♠ K T 9 2", "♠KT92", "K85.A63.7.JT8432", "♦ T72  ♣ 976",
    "Durak (seed 1; rule bots)", "example 1 (seed 110)", "Next deal's seed", "the cards seed",
    "Seat 0..3", "you are seat 0", "-D2 says that seat 2 deals", "seat (s + 1) % n", "player 2 leads",
    "dealer 3; contract 5; declarers 3 + 1; won",
    "The cell below prints the table", "it printed", "Replay: action 19 of 56",
    "as in source 003", "sources 000/001",
    "action '7H 9H': expected a card such as 'QH', 'trump N', 'draw N' or 'draw none'",
    "the variants 'max' and 'additive'", "rules True", "the order (0, 1, 2)", "1e-05",
    # issue 33, item 11
    "the kit's tests solve every position again", "recomputed by the tests too", "an invariant every test may use",
    "These facts must hold, so the lesson checks them:", "Your cards: You (your cards)", "You (your cards) ♠ A K",
    "how each scores is in the bid buttons' titles", "see the tooltip", "halved 2 7", "halved 2 and 7",
    "left of first namer", "lead: left of dealer", "only plus", "Trump six double:", "declarers lose", "no bonus",
    "Contract 3, 5 came up more than once",
])
def test_the_scan_catches(bad):
    assert findings([("example", bad)]), bad


@pytest.mark.parametrize("good", [
    "The player on the left of the first to name it leads (Rules §1.4).",
    "Your score: −4; deals 1–2; deal code V-4821, W-17-P3 or D-5-T2.",
    "A♠ − 7♥ = +0.8 ± 3.2 points; 2,000 deals; deal number 52; fig. 52",
    "10♦ (ten of diamonds); ♠ K 10 9 2; +5 per J♠ J♣ 10♠ 10♣; South (you), West, North, East",
    "the dealer's left, the players' hands; 'Tis; a T-shirt; Trick 5; Right. You end with −2.",
    "the book and the dictionary; play one card at a time; 3 players, 36 cards (0.15 s)",
    "Face-up cards, a four-colour deck, the dealer's left; 18 tricks (26 with 52).",
    "Open http://127.0.0.1:8866/voila/render/index.ipynb in JupyterLab.",
    "Measured on 2026-12-01 by the benchmark.",
    "the declarers lose: each defender gets +10; a tie gives no bonus; South (your cards); Your cards",
    "First lead: the dealer's left; contracts 2 and 7 at half value; the left of the first bidder leads",
    "a quick test of reason 2; the six of trumps: counts 12",
])
def test_the_scan_passes_words(good):
    assert findings([("example", good)]) == []


def test_markdown_link_targets_and_html_attributes_are_not_text():
    md = "[the rules, §1.4](../rules.ipynb) and <a href='seeds/000.txt' class='rule_link'>the book</a>"
    assert findings([("md", strip_markdown(md))]) == []
    assert findings([("md", strip_markdown("`RULES.md §1.4`"))])


# ---------------------------------------------------------------------------------------
# The lessons, executed once each
# ---------------------------------------------------------------------------------------

def test_voila_hides_code_sources():
    """Code cells' sources are not scanned because Voila strips them."""
    cfg = json.loads((ROOT / "voila.json").read_text())
    assert cfg["VoilaConfiguration"]["strip_sources"] is True
    assert cfg["TagRemovePreprocessor"]["remove_cell_tags"] == ["teacher-only"]
    from cardkit.lessons_cli import voila_args
    assert "--VoilaConfiguration.strip_sources=True" in voila_args(LESSONS, 8866)   # cardkit-lessons too


def _from_nbval(rel: str, folder: str | None = None):
    """The lesson ``rel`` as this run's nbval executed it, every cell passing: its outputs
    cell by cell and its final widget state, which the root conftest.py writes to
    ``$CARDKIT_EXECUTED_LESSONS`` (issue 13: each lesson executed once a run); None when
    there is no such file (nbval failed there, has not run it yet, or is not run)."""
    folder = folder or os.environ.get("CARDKIT_EXECUTED_LESSONS")
    path = Path(folder) / (rel.replace("/", "__") + ".json") if folder else None
    if path is None or not path.is_file():
        return None
    run = json.loads(path.read_text())
    nb = nbformat.read(LESSONS / rel, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == len(run["outputs"]), f"{rel}: nbval's run has {len(run['outputs'])} code cells"
    for cell, outputs in zip(code, run["outputs"]):
        cell.outputs = [nbformat.from_dict(o) for o in outputs]
    nb.metadata.widgets = {"application/vnd.jupyter.widget-state+json": {"state": {
        mid: {"model_name": st.get("_model_name"), "model_module": st.get("_model_module"),
              "model_module_version": st.get("_model_module_version"), "state": st}
        for mid, st in run["widgets"].items() if "_model_name" in st}}}
    return nb


@pytest.fixture(scope="module")
def executed():
    """``executed(path)``: the lesson ``path`` (relative to ``lessons/``) run top to bottom
    with its widget state: this run's nbval execution when it passed (``_from_nbval``),
    else run here in a fresh kernel with nbclient (``store_widget_state``); each lesson is
    run at most once per module."""
    from nbclient import NotebookClient

    cache: dict[str, object] = {}
    times: dict[str, float] = {}
    reused: list[str] = []

    def run(rel: str):
        if rel not in cache:
            nb = _from_nbval(rel)
            if nb is not None:
                reused.append(rel)
            else:
                path = LESSONS / rel
                nb = nbformat.read(path, as_version=4)
                t0 = time.perf_counter()
                NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                               store_widget_state=True,
                               resources={"metadata": {"path": str(path.parent)}}).execute()
                times[rel] = time.perf_counter() - t0
            cache[rel] = nb
        return cache[rel]

    yield run
    if times or reused:
        print(f"\nlessons read from this run's nbval: {len(reused)}; executed for the text scan: "
              + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(times.items(), key=lambda kv: -kv[1]))
              + f"; total {sum(times.values()):.1f} s")


def test_nbval_run_reads_as_a_nbclient_run(tmp_path):
    """The scan's two sources agree: a lesson with widgets as this run's nbval executed it
    (``_from_nbval``; when nbval has not run it yet, it is run here in a child pytest with
    the root conftest.py's hook) gives the same learner texts as a nbclient execution with
    the widget state stored."""
    import collections
    import subprocess
    import sys

    from nbclient import NotebookClient

    rel = "warsaw_hearts/4_problems.ipynb"
    nb = _from_nbval(rel)
    if nb is None:
        env = dict(os.environ, CARDKIT_EXECUTED_LESSONS=str(tmp_path))
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:randomly",
                        f"lessons/{rel}"], cwd=ROOT, env=env, check=True, capture_output=True, timeout=300)
        nb = _from_nbval(rel, str(tmp_path))
    assert nb is not None, "nbval's run of the lesson left no file"
    ref = nbformat.read(LESSONS / rel, as_version=4)
    NotebookClient(ref, timeout=600, kernel_name="python3", allow_errors=True, store_widget_state=True,
                   resources={"metadata": {"path": str((LESSONS / rel).parent)}}).execute()
    ours = collections.Counter(text for _, text in learner_texts(nb))
    theirs = collections.Counter(text for _, text in learner_texts(ref))
    assert ours == theirs
    assert any(where.startswith(("AnyModel", "card table", "HTML", "Button")) for where, _ in learner_texts(nb))


@pytest.mark.parametrize("rel", NOTEBOOKS)
def test_lesson_text_shows_words(executed, rel):
    nb = executed(rel)
    errors = [f"cell {i}: {o.ename}: {o.evalue}" for i, c in enumerate(nb.cells) if c.cell_type == "code"
              for o in c.get("outputs", ()) if o.output_type == "error"]
    assert not errors, f"{rel} raised: {errors[:3]}"
    texts = learner_texts(nb)
    assert texts, f"{rel}: nothing read"
    found = sorted(set(findings(texts)))
    assert not found, f"{rel}: {len(found)} finding(s):\n" + "\n".join(found[:60])


_PRIVATE_IMPORT = re.compile(
    r"^\s*(?:from\s+([\w.]+)\s+import\s+\(?([^)\n]*)|import\s+([\w.]+))", re.M)


@pytest.mark.parametrize("rel", NOTEBOOKS)
def test_lessons_import_only_public_names(rel):
    nb = nbformat.read(LESSONS / rel, as_version=4)
    bad = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for m in _PRIVATE_IMPORT.finditer(cell.source):
            module = m.group(1) or m.group(3)
            names = [n.strip().split(" as ")[0] for n in (m.group(2) or "").split(",")]
            if any(part.startswith("_") for part in module.split(".")) or \
                    any(n.startswith("_") for n in names if n):
                bad.append(m.group(0).strip())
    assert not bad, f"{rel} imports private names: {bad}"


@pytest.mark.parametrize("rel", [n for n in NOTEBOOKS if n.startswith("armenian_durak/")])
def test_durak_is_not_called_a_shedding_game(rel):
    """Simple Armenian Durak is not described in the book; the lessons must not imply that it
    (or this game) is played to get rid of one's cards."""
    nb = nbformat.read(LESSONS / rel, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text = strip_markdown(cell.source).lower()
            assert not re.search(r"shedding|get(?:ting)? rid of (?:your|one's|their) cards", text), \
                f"{rel}: {' '.join(cell.source.split())[:200]}"


# ---------------------------------------------------------------------------------------
# What the play dashboards say during a whole deal (status lines, scores, the replay)
# ---------------------------------------------------------------------------------------

def _widget_tree_texts(widget, out: list, where: str = "dashboard") -> None:
    """Descriptions, tooltips, option labels and HTML values of ``widget`` and its children."""
    import ipywidgets as W

    if isinstance(widget, W.Widget):
        for t in _TEXT_TRAITS:
            v = getattr(widget, t, None)
            if isinstance(v, str) and v:
                out.append((f"{where} {t}", strip_html(v)))
        if isinstance(widget, (W.HTML, W.HTMLMath, W.Label, W.Text, W.Textarea)) and widget.value:
            out.append((f"{where} value", strip_html(widget.value)))
        for t in ("_options_labels", "titles"):
            for v in getattr(widget, t, None) or ():
                if isinstance(v, str) and v:
                    out.append((f"{where} {t}", strip_html(v)))
        if isinstance(getattr(widget, "state", None), dict):
            _anywidget_texts(widget.state, "card table", out)
        for child in getattr(widget, "children", ()) or ():
            _widget_tree_texts(child, out, where)


@pytest.mark.parametrize("name, seed", [("VarietyTable", 4), ("WarsawHeartsTable", 5), ("DurakTable", 6)])
def test_a_whole_deal_on_a_play_dashboard_shows_words(name, seed):
    """The learner plays a whole deal (the first card or bid the table enables), pressing
    Hint at the first decisions; after every decision, through the replay, after How did I
    do? and on the decisions it lists, every text on the dashboard is scanned: the status
    line and scores (a deal's result of −4 shows "−4"), the hints, the replay's commentary
    and the judge's verdicts, the sheets, the controls' labels and tooltips."""
    import cardkit_widgets
    from cardkit.games import armenian_durak as ad

    t = getattr(cardkit_widgets, name)(seed=seed)
    texts: list = []
    steps = hints = 0
    _widget_tree_texts(t, texts)
    while not t.state.is_terminal():
        ct, st = t.table, t.state
        if hints < 3 and not t.hint_button.disabled:      # Hint, as a learner presses it
            t.hint_button.click()
            hints += 1
            _widget_tree_texts(t, texts)
        if name == "VarietyTable" and st.phase == "bidding":
            action = ct.enabled_bids[-1]
        elif name == "DurakTable" and ct.enabled_trump_picks:
            action = ad.PickTrump(ct.enabled_trump_picks[0])
        elif name == "DurakTable" and ct.enabled_draws:
            action = ad.Draw(ct.enabled_draws[0])
        else:
            action = ct.legal_cards[0]
        t.act(action)
        _widget_tree_texts(t, texts)
        steps += 1
        assert steps < 100
    t.open_replay(0)
    for _ in range(len(t.replay)):
        t.replay_step("forward")
        _widget_tree_texts(t, texts)
    t.review_button.click()                                # How did I do?, then each listed decision
    _widget_tree_texts(t, texts)
    for _label, index in list(t.review_list.options)[:3]:
        t.review_jump(index)
        _widget_tree_texts(t, texts)
    assert hints and t.hint_text and t.review_verdicts is not None, (hints, t.status_text)
    assert any("Deal over" in x or "deal is over" in x.lower() or "Replay" in x for _, x in texts)
    found = sorted(set(findings(texts)))
    assert not found, f"{name}: {len(found)} finding(s):\n" + "\n".join(found[:40])


# ---------------------------------------------------------------------------------------
# Durak fig. 52: one reconstruction, the measured one, in lessons 1 and 3
# ---------------------------------------------------------------------------------------

def test_durak_lessons_use_the_one_measured_fig52_reconstruction():
    """Lessons 1 and 3 take the position from ``cardkit.problems`` (no layout of their own);
    it is the layout ``benchmarks/strong_play.py`` measured under expert play (lesson 3 quotes
    those figures), and it is the book's trick: hearts trumps, J♠ led, A♠ 7♥ 9♥ may answer."""
    import ast

    from cardkit import parse_cards
    from cardkit.problems import FIG52_RECONSTRUCTION, fig52_position

    for rel in ("armenian_durak/1_rules.ipynb", "armenian_durak/3_strategy.ipynb"):
        nb = nbformat.read(LESSONS / rel, as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        assert "FIG52_RECONSTRUCTION" in code or "fig52_position" in code, rel
        # neither a copy of the reconstruction (its replier's face-down row) nor the other one
        # lesson 1 used to show (a hand of A♠ 7♥ 9♥ K♦ 8♣ 9♣)
        assert "QD JD 6C AC KC 6S" not in code and "AS 7H 9H KD 8C 9C" not in code, rel
        text = " ".join(strip_markdown(c.source) for c in nb.cells if c.cell_type == "markdown")
        assert "reconstruct" in text, f"{rel} does not call fig. 52 a reconstruction"
    bench = ast.parse((ROOT / "benchmarks" / "strong_play.py").read_text(encoding="utf-8"))
    measured = next(ast.literal_eval(node.value) for node in bench.body if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "FIG52" for t in node.targets))
    assert [dict(s) for s in FIG52_RECONSTRUCTION] == measured
    st = fig52_position()
    assert st.current_player == 1 and [str(c) for c in st.observation(1).trick] == ["J♠"]
    assert set(st.legal_actions()) == set(parse_cards("AS 7H 9H"))     # follow with A♠ or trump
    assert fig52_position(trump="S").legal_actions() == parse_cards("AS")  # a trump lead: trump


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_problem_sets_answers_and_explanations_show_words(game):
    """Every problem of a game's problem set answered wrong, then right, then explained: the
    grades (the cost of the choice, in points with −), the best line and the figures read as
    words."""
    from cardkit_widgets.problems import ProblemSet

    ps = ProblemSet(str(LESSONS / game / "problems.json"))
    texts: list = []
    for i in range(len(ps.problems)):
        ps.show(i)
        p = ps.problem
        wrong = next((a for a in p.state.legal_actions() if a != p.state.parse_action(p.best)), None)
        if wrong is not None:
            ps.answer_with(wrong)
            _widget_tree_texts(ps, texts, f"problem {i + 1}")
        ps.answer_with(p.best)
        ps.show_answer()
        _widget_tree_texts(ps, texts, f"problem {i + 1}")
    assert len(texts) > len(ps.problems)
    found = sorted(set(findings(texts)))
    assert not found, f"{game}: {len(found)} finding(s):\n" + "\n".join(found[:40])


def test_the_index_links_every_lesson():
    """A learner reaches every lesson page from the index (the deal editor's page too)."""
    index = (LESSONS / "index.ipynb").read_text(encoding="utf-8")
    # the Russian pages (lessons/ru/) are linked from the Russian index, which this one links
    missing = [rel for rel in NOTEBOOKS if rel != "index.ipynb" and f"]({rel})" not in index
               and not (rel.startswith("ru/") and rel != "ru/index.ipynb")]
    assert missing == [], missing


def test_the_index_speaks_to_learners_not_developers():
    """Issue 33, item 3: the first page a learner sees showed `pip install -e . &&
    cardkit-lessons`, `pytest`, "headless Chromium", "Jupyter kernel" and "open this page in
    JupyterLab to see the three lines of code". What a learner sees (every cell but the
    teacher's) has none of it, and a lesson link comes before the games' descriptions (a
    phone's first screen)."""
    cells = json.loads((LESSONS / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    shown = [c for c in cells if c["cell_type"] == "markdown" and "teacher-only" not in c["metadata"].get("tags", ())]
    text = "\n".join("".join(c["source"]) for c in shown)
    for word in ("pip install", "pytest", "Chromium", "kernel", "JupyterLab", "jupyter lab", "code", "repository",
                 "README", "cardkit-lessons"):
        assert word not in text, word
    first = "".join(shown[0]["source"])
    assert "](variety/1_rules.ipynb)" in first and first.index("](variety/1_rules.ipynb)") < 600


# ---------------------------------------------------------------------------------------
# Issue 33, items 3 and 11: the rules page written for learners, the words of the lists
# ---------------------------------------------------------------------------------------

RULES_MD = ROOT / "docs" / "RULES.md"


def _rules_sections() -> list[str]:
    """The section numbers of docs/RULES.md: "1", "1.1", ..., "3.4" (its ## and ### headings)."""
    return re.findall(r"(?m)^#{2,3} (\d+(?:\.\d+)?)\.? ", RULES_MD.read_text(encoding="utf-8"))


def _rules_quotes() -> list[str]:
    """The sources' Russian words that RULES.md quotes («…» or "…"), whitespace made single."""
    text = RULES_MD.read_text(encoding="utf-8")
    quoted = re.findall(r"«([^»]+)»", text) + re.findall(r'"([^"]+)"', text)
    return [" ".join(q.split()) for q in quoted if re.search("[А-Яа-яЁё]", q)]


def test_the_rules_page_is_written_for_learners(executed):
    """Issue 33, item 3: the rules page showed docs/RULES.md as written for developers ("Seats
    are numbered 0..n-1", "PBN style", "Where this file fixes…", "the kit's engines", ranks
    "A K Q J T 9 8 7 6", "an invariant every test may use"). What it shows now: every section
    of RULES.md under its number (§1.6, with an anchor to link), every Russian quote of the
    sources, each variant named in words, and none of those words."""
    nb = executed("rules.ipynb")
    shown = " ".join(" ".join(text.split()) for _, text in learner_texts(nb))
    sections = _rules_sections()
    assert len(sections) == 18, sections                     # 1, 1.1..1.8, 2, 2.1..2.3, 3, 3.1..3.4
    missing = [n for n in sections if not re.search(rf"§{re.escape(n)}(?![\d.]\d)", shown)]
    assert not missing, f"sections not on the rules page: {missing}"
    raw = (LESSONS / "rules.ipynb").read_text(encoding="utf-8")
    assert [n for n in sections if f'<a id=\\"s{n.replace(".", "-")}\\"></a>' not in raw] == []
    quotes = _rules_quotes()
    assert len(quotes) >= 12, quotes
    assert [q for q in quotes if q not in shown] == [], "a quote of the sources is missing"
    for words in ("the dealer's left leads", "the left of the first bidder leads", "the left of the first to name",
                  "contracts 2 and 7 at half value", "a tie gives no bonus", "a tie is the declarers' loss",
                  "honours in one trick and apart add up", "the bonus without a trick",
                  "a bonus paid only with no penalty", "the 52-card deck", "the six of trumps counted double",
                  "the draw only after a lead", "three rounds", "South", "West", "North", "East", "your opponent",
                  "the book", "the dictionary", "♠ A 10 4"):
        assert words in shown, words
    for bad in (r"0\.\.n", r"\bPBN\b", r"(?i)\bengines?\b", r"(?i)\binvariants?\b", r"Where this file",
                r"(?i)\btests?\b", r"(?i)\bnotebooks?\b", r"(?i)\bcells?\b", r"\bJSON\b", r"(?<!\S)T(?!\S)",
                r"left_of_", r"\w_\w", r"(?i)\bseats? (?:are )?numbered\b", r"(?i)\bseeds?\b", r"`"):
        m = re.search(bad, shown)
        assert m is None, f"{bad}: …{shown[max(0, m.start() - 60):m.end() + 60]}…"
    assert sum(c.cell_type == "code" for c in nb.cells) == 0, "the rules page is text: nothing to run"


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_compose_a_deal_lists_name_the_variants_in_words(game):
    """Issue 33, item 11: Compose a deal's lists read the rules' settings ("halved 2 7",
    "left of first namer", "declarers lose", "no bonus", "Trump six double: on"); each list
    now names its setting and each choice in words (cardkit.wording.VARIANT_WORDS)."""
    from cardkit_widgets import DealEditor

    e = DealEditor(game)
    texts = [(f"{field} list", t) for field, dd in e.variant_choices.items()
             for t in (dd.description, *dd._options_labels)]
    assert len(texts) > 6
    found = findings(texts)
    bare = [t for _, t in texts if t in ("on", "off", "36", "52") or "_" in t]
    assert not found and not bare, (found, bare)
