"""Strategy lessons a learner who has never met a standard error can follow (issue 33).

The strategy lessons (every ``lessons/*/3_*.ipynb`` and Variety 5, playing the cards) open
each section (a ``##`` or ``###`` heading) with its answer in one plain sentence: one
sentence, no "±", no "standard error", no decimal figures, no percentages, short enough to
read at a glance. The statistics (standard errors, ±, how the figures were measured) are
inside a collapsed part the learner opens, ``<details><summary>How we know…</summary>``:
in the markdown, and in every output the lesson shows when it runs (tables, charts, the
sentences worked out from the figures). The interactive tools (Measure, Advise) are left
as they are: a learner who presses them asks for the figures.

Also here, the other leftovers a new learner met: the rules page's paragraphs are short
(its §1.8 was one paragraph of 192 words), and a list of contracts reads as words
("Contracts 3 and 5", not "Contract 3, 5", in Variety 1's section 8).

The outputs come from the ``executed`` fixture of ``test_lesson_text.py`` (this run's nbval
execution when there is one, else one nbclient run per lesson: about 5 s each here).
"""

from __future__ import annotations

import re

import nbformat
import pytest
from test_lesson_text import LESSONS, executed, findings, strip_html, strip_markdown  # noqa: F401

STRATEGY = sorted({p.relative_to(LESSONS).as_posix() for p in LESSONS.glob("*/3_*.ipynb")}
                  | {"variety/5_card_play.ipynb"})

DETAILS = re.compile(r"(?is)<details\b.*?</details\s*>")
SUMMARY = re.compile(r"(?is)<details\b[^>]*>\s*<summary>\s*How we know\b")
# What a plain sentence does not hold: the statistics, in signs, words or figures
# (a decimal figure, not a section number such as §1.5 or a hand such as AKJ96.5).
STATISTICS = [
    ("±", re.compile("±")),
    ("a standard error", re.compile(r"(?i)\bstandard errors?\b|\bs\.\s?e\.")),
    ("a statistics word", re.compile(r"(?i)\b(?:deviation|variance|significan\w*|confidence|samples?)\b")),
    ("a decimal figure", re.compile(r"(?<![\w.§–-])[+−-]?\d+\.\d+(?![\w.])")),
    ("a percentage", re.compile(r"\d\s?%")),
]
HEADING = re.compile(r"(?m)^(#{2,3}) +(.+)$")
SENTENCE_END = re.compile(r"(?<!\bfig)(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)")
MAX_WORDS = 40


def statistics_in(text: str) -> list[str]:
    """What of ``STATISTICS`` the plain text ``text`` holds, one line each."""
    return [f"{what} {m.group(0)!r} in “{' '.join(text[max(0, m.start() - 40):m.end() + 40].split())}”"
            for what, rx in STATISTICS for m in rx.finditer(text)]


def answers(source: str) -> list[tuple[str, str]]:
    """(heading, its first paragraph) for every ``##``/``###`` heading of a markdown cell."""
    out = []
    for m in HEADING.finditer(source):
        rest = source[m.end():].lstrip("\n")
        out.append((m.group(2).strip(), rest.split("\n\n")[0].strip() if rest.strip() else ""))
    return out


def plain_sentence_faults(paragraph: str) -> list[str]:
    """Why ``paragraph`` (markdown) is not one plain sentence; [] when it is."""
    if not paragraph:
        return ["no sentence under the heading"]
    if re.match(r"\s*(?:<|\||[-*] |\d+\. |```)", paragraph):
        return [f"it opens with a block (a list, a table, HTML), not a sentence: {paragraph[:60]!r}"]
    text = " ".join(strip_markdown(paragraph).split())
    faults = statistics_in(text)
    ends = SENTENCE_END.findall(text)
    if len(ends) != 1 or not SENTENCE_END.search(text[-1:] + " "):
        faults.append(f"{len(ends)} sentences (one is wanted, ending the paragraph): {text!r}")
    if len(text.split()) > MAX_WORDS:
        faults.append(f"{len(text.split())} words (at most {MAX_WORDS}): {text!r}")
    return faults


# ---- the checks can fail ------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "",
    "The ace gains +1.27 ± 0.19 points.",
    "Keep the six: it gains about 2.46 points.",
    "Duck: it was as good or better in 78 % of the positions.",
    "The gap is about nine standard errors, so keep the six.",
    "Keep the six. It takes the ace.",
    "- keep the six",
    "<details><summary>How we know</summary>",
    "Keep the six " + "and the ace " * 20 + "in hand.",
])
def test_the_plain_sentence_check_catches(bad):
    assert plain_sentence_faults(bad), bad


@pytest.mark.parametrize("good", [
    "Keep the six: spending it hands your opponent its 6 points at once.",
    "In contracts 2 and 3, draw trumps when your side holds seven or fewer (Rules §1.5).",
    "With strong players on both sides, these deals do not decide between fig. 52's two replies.",
    "Dump Q♥ here too, and keep the lone A♦: the +20 bonus needs a trick without hearts.",
])
def test_the_plain_sentence_check_passes_words(good):
    assert plain_sentence_faults(good) == []


def test_the_strategy_lessons_are_found():
    assert STRATEGY == ["armenian_durak/3_strategy.ipynb", "variety/3_choosing_a_contract.ipynb",
                        "variety/5_card_play.ipynb", "warsaw_hearts/3_strategy.ipynb"]


# ---- the lessons ---------------------------------------------------------------------------

@pytest.mark.parametrize("rel", STRATEGY)
def test_each_section_opens_with_its_answer_in_one_plain_sentence(rel):
    nb = nbformat.read(LESSONS / rel, as_version=4)
    sections = [(h, p) for c in nb.cells if c.cell_type == "markdown" for h, p in answers(c.source)]
    assert len(sections) >= 4, sections
    faults = [f"§ {h!r}: {f}" for h, p in sections for f in plain_sentence_faults(p)]
    assert not faults, f"{rel}:\n" + "\n".join(faults)


@pytest.mark.parametrize("rel", STRATEGY)
def test_the_markdown_keeps_its_statistics_in_how_we_know(rel):
    nb = nbformat.read(LESSONS / rel, as_version=4)
    text = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    blocks = DETAILS.findall(text)
    assert blocks, f"{rel}: no collapsed part"
    assert all(SUMMARY.match(b) for b in blocks), [b[:80] for b in blocks if not SUMMARY.match(b)]
    assert text.count("<details") == len(blocks) == text.count("</details>"), f"{rel}: an unclosed <details>"
    shown = strip_markdown(DETAILS.sub(" ", text))
    faults = statistics_in(shown)
    assert not faults, f"{rel}: statistics outside “How we know”:\n" + "\n".join(faults)


def _shown_outputs(nb) -> list[tuple[str, str]]:
    """(where, HTML or text) of every output of an executed notebook (widgets left out)."""
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", ()):
            if o.output_type == "stream":
                out.append((f"cell {i} ({o.name})", o.text))
            elif o.output_type == "error":
                out.append((f"cell {i} (error)", f"{o.ename}: {o.evalue}"))
            elif o.output_type in ("display_data", "execute_result"):
                d = o.get("data", {})
                if "text/html" in d:
                    out.append((f"cell {i} (html)", d["text/html"]))
                elif "text/plain" in d and "application/vnd.jupyter.widget-view+json" not in d:
                    out.append((f"cell {i} (text)", d["text/plain"]))
    return out


@pytest.mark.parametrize("rel", STRATEGY)
def test_the_figures_a_lesson_works_out_are_in_how_we_know(executed, rel):  # noqa: F811
    """Tables, charts and the sentences worked out from the figures, as the lesson shows them."""
    nb = executed(rel)
    outputs = _shown_outputs(nb)
    assert outputs, rel
    faults, collapsed = [], 0
    for where, shown in outputs:
        blocks = DETAILS.findall(shown)
        collapsed += len(blocks)
        faults += [f"{where}: a collapsed part not called “How we know”" for b in blocks if not SUMMARY.match(b)]
        faults += [f"{where}: {f}" for f in statistics_in(strip_html(DETAILS.sub(" ", shown)))]
    assert collapsed >= 3, f"{rel}: {collapsed} collapsed parts in the outputs"
    assert not faults, f"{rel}: statistics outside “How we know”:\n" + "\n".join(faults[:20])


# ---- the other leftovers --------------------------------------------------------------------

def test_the_rules_page_has_short_paragraphs():
    """The rules page's §1.8 was one 192-word paragraph: each paragraph or list item is now
    at most 80 words (the page's longest elsewhere is 79)."""
    nb = nbformat.read(LESSONS / "rules.ipynb", as_version=4)
    long = []
    for c in nb.cells:
        for block in re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) |\|)", c.source):
            words = len(strip_markdown(block).split())
            if words > 80:
                long.append(f"{words} words: {' '.join(block.split())[:100]}…")
    assert not long, "\n".join(long)


def test_a_list_of_contracts_reads_as_words():
    """Variety 1, section 8 said "Contract 3, 5 came up more than once"; the lesson writes
    "contracts 2 and 3" everywhere else."""
    assert findings([("example", "Contract 3, 5 came up more than once")])
    assert not findings([("example", "Contracts 3 and 5 came up more than once; contracts 2, 3 and 5 pay.")])


def test_variety_1_names_the_contracts_that_came_up_twice(executed):  # noqa: F811
    nb = executed("variety/1_rules.ipynb")
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    said = [m["state"]["value"] for m in state.values()
            if isinstance(m["state"].get("value"), str) and "came up" in m["state"]["value"]]
    assert said, "the game's line is missing"
    assert all(not re.search(r"\bContract \d+, \d", s) for s in said), said
    assert any(re.search(r"\bContracts? \d+(?: and \d+)? came up more than once", s) for s in said), said
