"""The learner's progress in the page (issue 33): kept in the browser, shown in the lessons.

:class:`ProgressStore` is one small `anywidget <https://anywidget.dev>`_ model per kernel
(:func:`store`). With ``cardkit-lessons`` its page code reads the browser's storage
(``localStorage``, key :data:`STORAGE_KEY`) when the page loads and sends the text to the
kernel once (the ``stored`` traitlet), and merges the first answers the kernel sends
(``keep``: this kernel's first answers, :func:`cardkit.progress.session`) into the
storage, an earlier answer to an item staying first. The kernel reads the text with
:func:`cardkit.progress.read` (malformed or tampered text: dropped in one log line).
Under ``cardkit-hub`` (:func:`cardkit.room_report.room_endpoint`: the hub's token and
prefix and the room's address set) the storage is not used: the progress is read from the
teaching room (:func:`cardkit.progress.from_room`) when the store is made.

:func:`when_loaded` calls a function with the progress kept from before once it is known;
:func:`follow_exercise` marks an exercise answered in an earlier visit;
:class:`ProgressIndex` is the index's table of lessons (done, started, not started), the
next step and, under the hub, the teaching room's link.
"""

from __future__ import annotations

import html
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

import anywidget
import ipywidgets as W
import traitlets

from cardkit import progress as P
from cardkit.i18n import check_lang, translation
from cardkit.room_report import lesson_name, room_endpoint

__all__ = ["ProgressStore", "store", "when_loaded", "before", "follow_exercise", "ProgressIndex", "STORAGE_KEY"]

log = logging.getLogger("cardkit.progress")

#: the browser storage's key (one per lessons' address)
STORAGE_KEY = "cardkit-progress-v1"

_ESM = r"""
const KEY = "cardkit-progress-v1";
const MAX = 1000000;
function readStored() {
  try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
}
function parse(text) {
  try {
    const d = JSON.parse(text);
    if (d && typeof d === "object" && d.answers && typeof d.answers === "object" && !Array.isArray(d.answers)) {
      return d;
    }
  } catch (e) { /* not JSON: start afresh */ }
  return { v: 1, answers: {} };
}
function keep(model) {
  const mine = parse(model.get("keep") || "");
  const have = parse(readStored());
  let changed = false;
  for (const [k, v] of Object.entries(mine.answers)) {
    const old = have.answers[k];
    if (!Array.isArray(old) || typeof old[1] !== "number" || !(old[1] <= v[1])) {
      have.answers[k] = v;
      changed = true;
    }
  }
  if (changed) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify({ v: 1, answers: have.answers }));
    } catch (e) { /* the storage full or refused: the page goes on */ }
  }
}
function initialize({ model }) {
  if (model.get("mode") !== "browser") return;
  const text = readStored();
  model.set("stored", text.length > MAX ? "{\"too long\": " + text.length + "}" : (text || "{}"));
  model.save_changes();
  model.on("change:keep", () => keep(model));
  if (model.get("keep")) keep(model);
}
function render({ el }) {
  el.style.display = "none";
}
export default { initialize, render };
"""


class ProgressStore(anywidget.AnyWidget):
    """The page's side of the progress (see the module's docstring); draws nothing.

    :ivar mode: ``"browser"`` (the page keeps it) or ``"room"`` (under the hub: the page
        does not touch its storage).
    :ivar stored: the text the page found in its storage (page → kernel; the first one
        counts, later ones are ignored: a page sends it once).
    :ivar keep: this kernel's first answers (kernel → page), :meth:`Progress.to_json`.
    """

    _esm = _ESM
    mode = traitlets.Unicode("browser").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    keep = traitlets.Unicode("").tag(sync=True)

    def __init__(self, environ=None) -> None:
        env = os.environ if environ is None else environ
        under_hub = room_endpoint(env) is not None     # cardkit-hub: the room keeps it
        super().__init__(mode="room" if under_hub else "browser")
        self.before = P.Progress()
        self.loaded = False
        self._waiting: list[Callable[[P.Progress], object]] = []
        self.observe(self._stored, names="stored")
        P.listen(self._noted)
        if under_hub:
            found = P.from_room(env)
            self._load(found if found is not None else P.Progress())

    def _stored(self, change) -> None:
        if self.loaded or self.mode != "browser":
            log.info("progress from the page ignored: %s", "sent once already" if self.loaded else "under the hub")
            return
        self._load(P.read(change["new"]))

    def _load(self, found: P.Progress) -> None:
        self.before = found
        self.loaded = True
        waiting, self._waiting = self._waiting, []
        for fn in waiting:
            _call(fn, found)

    def _noted(self, kind, lesson, item, right) -> None:
        if self.mode == "browser":
            self.keep = P.session().to_json()

    def when_loaded(self, fn: Callable[[P.Progress], object]) -> None:
        """Call ``fn(progress kept from before)`` now if it is known, else when it comes."""
        if self.loaded:
            _call(fn, self.before)
        else:
            self._waiting.append(fn)


def _call(fn, found) -> None:
    try:
        fn(found)
    except Exception as e:  # noqa: BLE001 - progress never breaks a lesson
        log.warning("progress not shown: %s", e)


_STORE: list[ProgressStore] = []


def store() -> ProgressStore:
    """This kernel's :class:`ProgressStore` (made at the first call)."""
    if not _STORE:
        _STORE.append(ProgressStore())
    return _STORE[0]


def when_loaded(fn: Callable[[P.Progress], object]) -> None:
    """:meth:`ProgressStore.when_loaded` of :func:`store`."""
    store().when_loaded(fn)


def before() -> P.Progress:
    """The progress kept from before this page (empty until the page or room sent it)."""
    return store().before


def lesson_key(default: str = "") -> str:
    """The lesson this kernel runs (:func:`cardkit.room_report.lesson_name`), or ``default``."""
    return lesson_name() or default


def follow_exercise(exercise) -> None:
    """Show on ``exercise`` (a :class:`cardkit_widgets.lesson.Exercise`) its first answer
    of an earlier visit, once the progress is known: its attribute ``kept`` (HTML, "" for
    none) is set and its status redrawn. Nothing happens outside a lesson page."""
    lesson = lesson_name()
    if not lesson:
        return

    def show(found: P.Progress) -> None:
        first = found.first("exercise", lesson, exercise.title)
        if first is None or P.session().first("exercise", lesson, exercise.title) is not None:
            return
        tr = getattr(exercise, "i18n", None) or translation("en")
        words = (tr.gettext("answered on an earlier visit: right the first time") if first.right
                 else tr.gettext("answered on an earlier visit: not right the first time"))
        exercise.kept = f' · <span class="ck-kept">{words}</span>'
        exercise._show_status()
    when_loaded(show)


#: A link's look in the progress table: the widget's HTML draws links in the text's colour,
#: not underlined, so a learner could not tell them from text (seen on the index).
LINK = ' style="color:#0b5cad;text-decoration:underline"'


class ProgressIndex(W.VBox):
    """The index's progress: each lesson that keeps answers with its state (done, started,
    not started), the next step in words with its link, and under the hub the teaching
    room's link.

    :param root: the lessons folder (:func:`cardkit.progress.catalogue`): the index's own
        folder, ``lessons`` or ``lessons/ru``.
    :param environ: the environment (None: the kernel's), read for the hub.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :param prefix: what the lessons' names begin with, as its pages report them (None: ``"ru/"``
        for ``lang="ru"``, the Russian index beside the Russian pages; else ``""``).
    :raises CardkitError: for another ``lang``.
    :ivar steps: the lessons that keep answers.
    :ivar html: the HTML shown (``.value``).
    """

    def __init__(self, root: Path | str = ".", environ=None, lang: str = "en", prefix: str | None = None) -> None:
        env = os.environ if environ is None else environ
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        self.prefix = ("ru/" if self.lang == "ru" else "") if prefix is None else prefix
        self.steps = P.catalogue(root, self.prefix)
        self.root = Path(root)
        self.room = P.room_page(env)
        self.html = W.HTML()
        self.html.add_class("ck-progress")
        self._ratings = _ratings(self.root, self.steps)
        self.show(P.Progress(), known=False)
        super().__init__([self.html, store()])
        when_loaded(self.show)

    def _href(self, lesson: str) -> str:
        """A lesson's page, relative to the index: ``variety/1_rules.ipynb``."""
        return html.escape(lesson.removeprefix(self.prefix)) + ".ipynb"

    def show(self, found: P.Progress, known: bool = True) -> str:
        """Draw the lessons' states from ``found``; returns the HTML."""
        tr = self.i18n
        _ = tr.gettext
        marks = {"done": _("✔ done"), "started": _("◐ started"), "not started": _("○ not started")}
        rows = []
        for s in self.steps:
            state = P.status(found, s)
            answered = sum(found.first(s.kind, s.lesson, i) is not None for i in s.items)
            total = len(s.items)
            rating = None
            if s.kind == "problem" and answered and s.lesson in self._ratings:
                from cardkit.rating import replay
                learner, _r = replay(((k, a.right) for k, a in found.of("problem", s.lesson).items()),
                                     self._ratings[s.lesson])
                rating = f"{learner.rating:.0f}"
            if s.kind == "exercise":
                count = tr.ngettext("({answered} of {total} exercise answered)", "({answered} of {total} exercises "
                                    "answered)", total)
            elif rating is None:
                count = tr.ngettext("({answered} of {total} problem answered)", "({answered} of {total} problems "
                                    "answered)", total)
            else:
                count = tr.ngettext("({answered} of {total} problem answered; your rating {rating})",
                                    "({answered} of {total} problems answered; your rating {rating})", total)
            count = count.format(answered=answered, total=total, rating=rating)
            rows.append(f'<li><a href="{self._href(s.lesson)}"{LINK}>{html.escape(s.title)}</a>: '
                        f'<b>{marks[state]}</b> <span style="color:#555">{count}</span></li>')
        nxt = P.next_step(found, self.steps, self._ratings)
        if not known:
            head = _("<b>Your progress</b> (reading what you did before…)")
        elif nxt is None:
            head = _("<b>Your progress:</b> every exercise and problem answered. Well done.")
        else:
            step, item = nxt
            link = f'<a href="{self._href(step.lesson)}"{LINK}>{html.escape(step.title)}</a>'
            head = (_("<b>Next:</b> {lesson}, the exercise «{exercise}».") if step.kind == "exercise"
                    else _("<b>Next:</b> {lesson}, problem {problem}.")).format(
                        lesson=link, exercise=html.escape(item), problem=html.escape(item))
        where = (_("Your first answer to each exercise and problem is kept by the teaching room.") if self.room else
                 _("Your first answer to each exercise and problem is kept in this browser: another browser or "
                   "computer starts afresh."))
        room = ""
        if self.room:
            words = _("Teaching room")
            link = f'<a href="{html.escape(self.room)}" target="_blank" rel="noopener"{LINK}><b>{words}</b></a>'
            room = ("<p>" + _("{room}: play at a table with the class, as your teacher sets it up.").format(room=link)
                    + "</p>")
        self.html.value = (f"{room}<p>{head}</p><ul style='margin:2px 0'>{''.join(rows)}</ul>"
                           f'<p style="color:#555">{where}</p>')
        return self.html.value


def _ratings(root: Path, steps) -> dict[str, dict[str, float]]:
    """lesson -> {problem number: seeded rating} for the problem sets of ``steps``."""
    from cardkit.rating import seed_rating
    out: dict[str, dict[str, float]] = {}
    for s in steps:
        if s.kind != "problem":
            continue
        try:
            source = Path(s.source) if s.source else (root / s.lesson).parent / "problems.json"
            data = json.loads(source.read_text(encoding="utf-8"))
            out[s.lesson] = {str(p.get("number", i + 1)): float(p.get("rating") or seed_rating(p))
                             for i, p in enumerate(data["problems"])}
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("problem ratings of %s not read: %s", s.lesson, e)
    return out
