"""A learner's progress, kept (issue 33): each exercise's and problem's first answer, the
lessons done, started or not started, and the next step.

**What is kept**: for each exercise (by its title) and each problem (by its number) of a
lesson, the learner's **first** answer, right or not, and when it came
(:class:`Progress`). Where it is kept:

- with ``cardkit-lessons`` (one learner, her own browser): in the page's browser storage
  (``localStorage`` of the lessons' address), written and read by the small widget
  :class:`cardkit_widgets.progress.ProgressStore`; the kernel receives the stored text once
  a page has loaded and reads it with :func:`read` (anything malformed, too long or out of
  range is dropped in one log line, never raised: the storage is the learner's own, and a
  learner who edits it changes only what her own pages show);
- under ``cardkit-hub``: in the teaching room's database, where each first answer goes
  anyway (:mod:`cardkit.room_report`); a lesson asks the room for **her own** answers
  (:func:`from_room`, ``GET api/answers/mine`` with the server's token: the room answers
  for the token's owner only). The browser storage is not used there: every learner of a
  hub shares its address, and so its storage, on a shared computer. (Another hub with no
  room, such as Binder's, keeps it in the browser, as ``cardkit-lessons`` does.)

:func:`note` is called by :func:`cardkit.room_report.report_answer` for every first answer
a lesson reports; the widgets :func:`listen` to it.

**The steps**: :func:`catalogue` reads the lessons folder: the lessons that keep answers
(the rules lessons' exercises, the problem sets, Variety 5's exercises), each with its
title in words (the notebook's first heading) and its items. :func:`status` says
``"done"`` (every item answered), ``"started"`` or ``"not started"``; :func:`next_step`
the first unfinished step, in words. UI-free; standard library only.
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

__all__ = ["Answer", "Progress", "Step", "read", "note", "listen", "session", "catalogue", "status",
           "next_step", "from_room", "room_page", "MAX_TEXT", "MAX_ANSWERS", "KINDS"]

log = logging.getLogger("cardkit.progress")

#: the kinds of item kept
KINDS = ("exercise", "problem")
#: the longest stored text read (characters); longer is ignored whole
MAX_TEXT = 1_000_000
#: the most answers read from one store (a learner of every lesson has about a hundred)
MAX_ANSWERS = 5_000
# a lesson as lesson_name gives it: "variety/1_rules", "index", and a translated page's
# "ru/variety/1_rules" (its language's folder first)
_LESSON = re.compile(r"(?:[a-z]{2}/)?(?:[a-z_]{1,30}/)?[0-9a-z_]{1,40}|")
_ITEM = re.compile(r"[^\x00-\x1f\x7f]{1,100}")


@dataclass(frozen=True)
class Answer:
    """A first answer: ``right`` (bool) and ``at`` (seconds since 1970, UTC)."""

    right: bool
    at: float


Key = tuple  # (kind, lesson, item)


@dataclass
class Progress:
    """First answers by ``(kind, lesson, item)``: ``kind`` one of :data:`KINDS`, ``lesson``
    as :func:`cardkit.room_report.lesson_name` names it (``"variety/1_rules"``), ``item``
    the exercise's title or the problem's number as text."""

    answers: dict = field(default_factory=dict)

    def record(self, kind: str, lesson: str, item: str, right: bool, at: float | None = None) -> bool:
        """Keep a first answer; True if it is the first for its item (else nothing
        changes: the first answer stays, or an earlier one replaces a later)."""
        key = (kind, lesson, str(item))
        answer = Answer(bool(right), time.time() if at is None else float(at))
        old = self.answers.get(key)
        if old is not None and old.at <= answer.at:
            return False
        self.answers[key] = answer
        return old is None

    def merge(self, other: Progress) -> None:
        """Add ``other``'s answers, keeping the earlier of two for one item."""
        for (kind, lesson, item), a in other.answers.items():
            self.record(kind, lesson, item, a.right, a.at)

    def first(self, kind: str, lesson: str, item) -> Answer | None:
        """The first answer to an item, or None."""
        return self.answers.get((kind, lesson, str(item)))

    def of(self, kind: str, lesson: str) -> dict[str, Answer]:
        """item -> first answer, for one lesson's items of one kind, in the order answered."""
        found = [(k[2], a) for k, a in self.answers.items() if k[0] == kind and k[1] == lesson]
        return dict(sorted(found, key=lambda x: x[1].at))

    def to_json(self) -> str:
        """The text kept in the browser: ``{"v": 1, "answers": {"kind|lesson|item": [right 0/1, at]}}``."""
        return json.dumps({"v": 1, "answers": {"|".join(k): [int(a.right), round(a.at, 3)]
                                               for k, a in self.answers.items()}},
                          ensure_ascii=False, separators=(",", ":"))

    def __len__(self) -> int:
        return len(self.answers)


def read(text, where: str = "the browser's storage") -> Progress:
    """The progress in ``text`` (:meth:`Progress.to_json`'s form); never raises.

    Text that is not such JSON, or longer than :data:`MAX_TEXT`, gives an empty progress;
    an entry that is not a first answer (an unknown kind, a lesson or item that is not a
    short line of text, ``right`` not 0/1/true/false, a time that is not a number of
    seconds from 1970 to 5138) is dropped; past :data:`MAX_ANSWERS` entries the rest are
    dropped. Anything dropped is logged in **one** line (how many, and the first reason).
    """
    out = Progress()
    if text is None or text == "":
        return out
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        size = len(text) if isinstance(text, str) else 0
        log.warning("progress from %s ignored: %s", where,
                    f"{size:,} characters, the most read is {MAX_TEXT:,}" if size else "not text")
        return out
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        log.warning("progress from %s ignored: not JSON", where)
        return out
    answers = data.get("answers") if isinstance(data, dict) else None
    if not isinstance(answers, dict):
        log.warning("progress from %s ignored: not an object with answers", where)
        return out
    dropped, reason = 0, ""
    for i, (key, value) in enumerate(answers.items()):
        why = "" if i < MAX_ANSWERS else f"more than {MAX_ANSWERS:,} answers"
        if not why:
            why = _bad_entry(key, value)
        if why:
            dropped += 1
            reason = reason or why
            continue
        kind, lesson, item = key.split("|", 2)
        out.record(kind, lesson, item, bool(value[0]), float(value[1]))
    if dropped:
        log.warning("progress from %s: %d entr%s dropped (%s)", where, dropped, "y" if dropped == 1 else "ies",
                    reason)
    return out


def _bad_entry(key, value) -> str:
    if not isinstance(key, str) or key.count("|") < 2 or len(key) > 250:
        return "a key that is not kind|lesson|item"
    kind, lesson, item = key.split("|", 2)
    if kind not in KINDS:
        return f"an unknown kind {kind[:20]!r}"
    if not _LESSON.fullmatch(lesson) or not _ITEM.fullmatch(item) or not item.strip():
        return "a lesson or item that is not a short line of text"
    if not isinstance(value, list) or len(value) != 2:
        return "a value that is not [right, time]"
    right, at = value
    if right not in (0, 1) or (not isinstance(right, (bool, int))):
        return "right that is not 0 or 1"
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or not 0 <= at < 1e11:
        return "a time that is not seconds since 1970"
    return ""


# ---- the answers of this kernel ----------------------------------------------------------

_SESSION = Progress()
_LISTENERS: list[Callable[[str, str, str, bool], None]] = []
_LOCK = threading.Lock()


def session() -> Progress:
    """The first answers given in this kernel (every lesson page has its own kernel)."""
    return _SESSION


def listen(fn: Callable[[str, str, str, bool], None]) -> None:
    """Call ``fn(kind, lesson, item, right)`` after each new first answer :func:`note`
    keeps (once per function)."""
    with _LOCK:
        if fn not in _LISTENERS:
            _LISTENERS.append(fn)


def note(kind: str, lesson: str, item, right: bool) -> bool:
    """A first answer given now (called by :func:`cardkit.room_report.report_answer`): kept
    in :func:`session` and told to the listeners; True if it was new. Never raises (a
    listener's failure is logged)."""
    if kind not in KINDS:
        return False
    item = str(item)[:100]
    with _LOCK:
        new = _SESSION.record(kind, str(lesson)[:100], item, bool(right))
        listeners = list(_LISTENERS)
    if new:
        for fn in listeners:
            try:
                fn(kind, lesson, item, bool(right))
            except Exception as e:  # noqa: BLE001 - progress never breaks a lesson
                log.warning("progress not shown: %s", e)
    return new


# ---- the lessons' steps ------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """A lesson that keeps answers: ``lesson`` (``"variety/1_rules"``; a Russian page's
    ``"ru/variety/1_rules"``), ``title`` in words (``"Variety 1: the rules"``), ``kind``
    (``"exercise"`` or ``"problem"``), ``items`` (the exercises' titles, or the problems'
    numbers as text, in the lesson's order) and, for a problem set, ``source``: the path of
    its ``problems.json`` ("" for none)."""

    lesson: str
    title: str
    kind: str
    items: tuple[str, ...]
    source: str = ""


GAMES = ("variety", "warsaw_hearts", "armenian_durak")
_EXERCISE = re.compile(r"""\b(?:Exercise|card_exercise)\(\s*(?:"[^"\n]*",\s*)?"([^"\n]+)\"""")
_PROBLEM_SET = re.compile(r"""\bProblemSet\(\s*["']([^"'\n]{1,200}\.json)["']""")


def _problem_source(nb: Path, code: str) -> Path | None:
    """The problem set a page reads: the JSON file its ``ProblemSet("…")`` names (relative to
    the page, as a Russian page reads the English lesson's ``../../variety/problems.json``),
    else ``problems.json`` beside it; None when there is none."""
    m = _PROBLEM_SET.search(code)
    for path in ((nb.parent / m[1]) if m else None, nb.parent / "problems.json"):
        if path is not None and path.is_file():
            return path
    return None


def catalogue(root: Path | str, prefix: str = "") -> list[Step]:
    """The lessons under ``root`` (the ``lessons`` folder, or a language's folder such as
    ``lessons/ru``) that keep answers, in the index's order (Variety, Warsaw Hearts,
    Armenian Durak; each by its number): a lesson whose code makes exercises
    (``Exercise("title", …)``) or that shows a problem set (``ProblemSet("…json")``, or
    ``problems.json`` beside ``4_problems``). A notebook that cannot be read is left out
    (logged).

    :param prefix: what the lessons' names begin with, as the pages report them
        (:func:`cardkit.room_report.lesson_name`): ``""`` for the English pages, ``"ru/"``
        for the Russian ones (``"ru/variety/1_rules"``).
    """
    root = Path(root)
    steps: list[Step] = []
    for game in GAMES:
        for nb in sorted((root / game).glob("[0-9]_*.ipynb")):
            lesson = f"{prefix}{game}/{nb.stem}"
            try:
                cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
                title = _heading(cells) or lesson
                code = "\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code")
                source = _problem_source(nb, code) if "ProblemSet(" in code else None
                if source is not None:
                    data = json.loads(source.read_text(encoding="utf-8"))
                    items = tuple(str(p.get("number", i + 1)) for i, p in enumerate(data["problems"]))
                    steps.append(Step(lesson, title, "problem", items, str(source)))
                    continue
                titles = tuple(dict.fromkeys(_EXERCISE.findall(code)))
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
                log.warning("lesson %s left out of the progress: %s", lesson, e)
                continue
            if titles:
                steps.append(Step(lesson, title, "exercise", titles))
    return steps


def _heading(cells) -> str:
    for c in cells:
        if c.get("cell_type") == "markdown":
            m = re.search(r"^#\s+(.+)$", "".join(c.get("source", "")), re.M)
            if m:
                return m.group(1).strip()
    return ""


def status(progress: Progress, step: Step) -> str:
    """``"done"`` (every item has a first answer), ``"started"`` or ``"not started"``."""
    done = sum(progress.first(step.kind, step.lesson, i) is not None for i in step.items)
    return "done" if done == len(step.items) else "started" if done else "not started"


def next_step(progress: Progress, steps: Iterable[Step],
              ratings: Mapping[str, Mapping[str, float]] | None = None) -> tuple[Step, str] | None:
    """The first unfinished step and its next item: a lesson already started comes before
    one not started; in the index's order otherwise. Returns ``(step, item)`` (an
    exercise's title; for a problem set, the problem :func:`cardkit.rating.pick_next`
    picks for the learner's rating when ``ratings`` gives the set's problems' ratings,
    else the first unanswered), or None when every step is done."""
    steps = list(steps)
    open_ = [s for s in steps if status(progress, s) != "done"]
    if not open_:
        return None
    step = next((s for s in open_ if status(progress, s) == "started"), open_[0])
    left = [i for i in step.items if progress.first(step.kind, step.lesson, i) is None]
    item = left[0]
    if step.kind == "problem" and ratings and step.lesson in ratings:
        from .rating import pick_next, replay
        seeded = {k: float(v) for k, v in ratings[step.lesson].items() if k in step.items}
        answered = progress.of("problem", step.lesson)
        learner, rated = replay(((k, a.right) for k, a in answered.items()), seeded)
        picked = pick_next(learner, rated, solved=set(answered), order=step.items)
        item = str(picked) if picked is not None else item
    return step, item


# ---- under the hub: the room keeps them ---------------------------------------------------

def room_page(environ: Mapping[str, str]) -> str | None:
    """The teaching room's page on the hub (``<hub prefix>services/room/``) when this kernel
    runs under ``cardkit-hub`` (``JUPYTERHUB_SERVICE_PREFIX`` and the room's address,
    :data:`cardkit.room_link.ROOM_URL_ENV`, set: another hub, such as Binder's, has no
    room), else None.

    >>> room_page({"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/", "JUPYTERHUB_BASE_URL": "/",
    ...            "CARDKIT_ROOM_URL": "http://127.0.0.1:10101/services/room/"})
    '/services/room/'
    >>> room_page({"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/"}) is None
    True
    """
    from cardkit.room.link import ROOM_URL_ENV
    if not (environ.get("JUPYTERHUB_SERVICE_PREFIX") and environ.get(ROOM_URL_ENV)):
        return None
    base = environ.get("JUPYTERHUB_BASE_URL") or "/"
    if not base.startswith("/") or "//" in base or any(ch in base for ch in "\"'<> \\?#"):
        base = "/"
    return base.rstrip("/") + "/services/room/"


#: seconds a lesson waits for the room's answer when it loads
ROOM_TIMEOUT = 2.0
#: the most bytes of the room's answer read
ROOM_MAX_BYTES = 2_000_000


def from_room(environ: Mapping[str, str]) -> Progress | None:
    """The learner's own first answers as the room keeps them, under the hub (None
    outside it, or when the room does not answer within :data:`ROOM_TIMEOUT` seconds:
    logged in one line). Asks ``GET <room>api/answers/mine`` with the server's hub token;
    the room answers for the token's owner only. Never raises."""
    from cardkit.room.link import OPENER, ROOM_URL_ENV, room_endpoint
    where = room_endpoint(environ)
    if where is None:
        return None
    url = str(environ.get(ROOM_URL_ENV, "")).rstrip("/") + "/api/answers/mine"
    if urlparse(url).scheme not in ("http", "https"):
        return None
    request = urllib.request.Request(url, method="GET", headers={"Authorization": f"token {where[1]}"})
    try:
        with OPENER.open(request, timeout=ROOM_TIMEOUT) as reply:
            body = reply.read(ROOM_MAX_BYTES + 1)
        if len(body) > ROOM_MAX_BYTES:
            raise ValueError(f"more than {ROOM_MAX_BYTES:,} bytes")
        rows = json.loads(body.decode("utf-8"))["answers"]
        text = json.dumps({"answers": {f"{r['kind']}|{r['lesson']}|{r['item']}": [int(bool(r["right"])), r["at"]]
                                       for r in rows}})
    except Exception as e:  # noqa: BLE001 - the room down, slow or refusing: the lesson goes on
        log.warning("progress not read from the room: %s", str(e)[:200])
        return None
    return read(text, "the room")
