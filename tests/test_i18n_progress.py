"""Issue 29: the lesson index's progress (``ProgressIndex``) in Russian, and the Russian pages'
first answers kept.

The Russian pages report their answers under their own names (``ru/variety/4_problems``, as
:func:`cardkit.room_report.lesson_name` reads the page's path); the progress read back keeps
them, and the Russian index (``lessons/ru/index.ipynb``, ``ProgressIndex(lang="ru")``) lists
the Russian lessons, their problem sets read from the English lessons' files, with links to
the Russian pages, in Russian words; in the tests' pseudo-language every word comes through
the catalog.
"""

from __future__ import annotations

import html
import re

import pytest
from test_i18n_tables import TAG, plain_words
from test_lesson_text import LESSONS
from test_lesson_text_ru import ru_findings

from cardkit import progress as P
from cardkit.errors import CardkitError
from cardkit_widgets import progress as WP
from cardkit_widgets.lesson import Exercise


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(WP, "_STORE", [])
    monkeypatch.setattr(P, "_SESSION", P.Progress())
    monkeypatch.setattr(P, "_LISTENERS", [])
    for k in ("JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_TOKEN", "CARDKIT_ROOM_URL", "SCRIPT_NAME"):
        monkeypatch.delenv(k, raising=False)
    return monkeypatch


def _shown(text: str) -> str:
    return html.unescape(TAG.sub(" ", text)) + " " + " ".join(re.findall(r'title="([^"]*)"', text))


def _states(index) -> list[str]:
    """The index drawn while reading, with nothing kept, with some answers, with every
    answer, and under the hub (the teaching room's link)."""
    out = [index.html.value, index.show(P.Progress())]
    some, every = P.Progress(), P.Progress()
    for n, s in enumerate(index.steps):
        for j, item in enumerate(s.items):
            every.record(s.kind, s.lesson, item, True, at=100.0 + j)
            if n < 4 and j < 3:
                some.record(s.kind, s.lesson, item, j != 1, at=100.0 + j)
    out += [index.show(some), index.show(every)]
    index.room = "/hub/user-redirect/room/"
    out.append(index.show(some))
    return out


def test_a_russian_pages_answers_are_read_back():
    text = ('{"v": 1, "answers": {"problem|ru/variety/4_problems|3": [1, 5.0], '
            '"exercise|ru/warsaw_hearts/1_rules|Кто берёт взятку?": [0, 6.0]}}')
    found = P.read(text)
    assert found.first("problem", "ru/variety/4_problems", "3").right is True
    assert found.first("exercise", "ru/warsaw_hearts/1_rules", "Кто берёт взятку?").right is False
    assert len(P.read('{"v": 1, "answers": {"problem|x/y/z/4_problems|3": [1, 5.0]}}')) == 0


def test_the_russian_index_lists_the_russian_lessons_and_their_problem_sets(fresh):
    index = WP.ProgressIndex(LESSONS / "ru", environ={}, lang="ru")
    lessons = {s.lesson: s for s in index.steps}
    for game in ("variety", "warsaw_hearts", "armenian_durak"):
        step = lessons[f"ru/{game}/4_problems"]
        assert step.kind == "problem" and len(step.items) >= 12
        assert f"ru/{game}/1_rules" in lessons
    assert all(s.lesson.startswith("ru/") for s in index.steps)
    hrefs = set(re.findall(r'href="([^"]+\.ipynb)"', index.show(P.Progress())))
    assert hrefs and all((LESSONS / "ru" / h).is_file() for h in hrefs), hrefs
    assert "ваш рейтинг" in _states(index)[2]


def test_the_russian_index_reads_russian(fresh):
    index = WP.ProgressIndex(LESSONS / "ru", environ={}, lang="ru")
    found = sorted(set(ru_findings([("index", _shown(t)) for t in _states(index)])))
    assert found == [], "\n".join(found)


def test_the_index_in_qps_says_every_word_through_the_catalog(fresh):
    index = WP.ProgressIndex(LESSONS, environ={}, lang="qps")
    pages = " ".join([s.title for s in index.steps] + [i for s in index.steps for i in s.items])
    bad = sorted({w for t in _states(index) for w in plain_words(_shown(t).replace(".ipynb", " "))
                  if w not in pages})          # the lessons' titles and exercises: the pages' own words
    assert bad == [], bad


def test_the_english_index_is_the_default_and_another_language_is_refused(fresh):
    index = WP.ProgressIndex(LESSONS, environ={})
    assert index.prefix == "" and all(not s.lesson.startswith("ru/") for s in index.steps)
    assert "Your progress" in index.html.value
    with pytest.raises(CardkitError, match="lang 'de'"):
        WP.ProgressIndex(LESSONS, environ={}, lang="de")


def test_a_russian_exercise_says_its_earlier_answer_in_russian(fresh):
    from cardkit_widgets import exercises as X
    fresh.setenv("SCRIPT_NAME", "/voila/render/ru/variety/1_rules.ipynb")
    WP.store()._load(P.read('{"v": 1, "answers": {"exercise|ru/variety/1_rules|Проба": [1, 5.0]}}'))
    ex = Exercise("Проба", getattr(X, X.__all__[0]), seed=1, lang="ru")
    assert "ответ дан в прошлый раз" in ex.kept and "answered" not in ex.kept
