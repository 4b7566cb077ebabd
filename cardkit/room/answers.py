"""What each learner did in the lessons (issue 23 §4), stored in the room: an answer's fields
checked (:func:`checked`), stored (:func:`store`), summed for the teacher (:func:`summary`), read
back by the learner's lessons (:func:`own`) and exported (:func:`export_csv`). The room's
methods (:meth:`cardkit.room.rooms.Room.record_answer` and the others) call these; ``cardkit.room``
still gives the names below. Part of :mod:`cardkit.room.rooms` (issue 30 split it)."""

from __future__ import annotations

import re
import time

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from cardkit.core.errors import quote

from .errors import AnswerError
from .records import csv_text
from .storage import ANSWERS

__all__ = ["ANSWER_KINDS", "MAX_ANSWERS_PER_USER", "LESSON_NAMES", "RULES_SECTIONS", "MAX_POINTS_LOST", "PRINTABLE",
           "checked", "store", "summary", "own", "export_csv"]

#: the kinds of answer a lesson reports (:meth:`cardkit.room.rooms.Room.record_answer`)
ANSWER_KINDS = ("exercise", "problem")
#: at most this many answers are stored per learner (a class term is a few hundred)
MAX_ANSWERS_PER_USER = 20_000
#: the lessons that report answers, as :func:`cardkit.room_report.lesson_name` names them
#: (the notebooks of ``lessons/``, and of ``lessons/ru/``: the Russian lessons have the same file
#: names); an answer names one of them, or "" (unknown)
ENGLISH_LESSONS = (
    "index", "rules", "deal_editor",
    *(f"variety/{n}" for n in ("1_rules", "2_play", "3_choosing_a_contract", "4_problems", "5_card_play")),
    *(f"warsaw_hearts/{n}" for n in ("1_rules", "2_play", "3_strategy", "4_problems")),
    *(f"armenian_durak/{n}" for n in ("1_rules", "2_play", "3_strategy", "4_problems")),
)
LESSON_NAMES = frozenset({*ENGLISH_LESSONS, *(f"ru/{n}" for n in ENGLISH_LESSONS)})
#: the sections of the rules (RULES.md §1 Variety, §2 Warsaw Hearts, §3 Armenian Durak); an
#: answer names one of them, or "" (none); a game's lesson, a section of that game's rules
RULES_SECTIONS = frozenset({*(f"1.{k}" for k in range(1, 9)), *(f"2.{k}" for k in range(1, 4)),
                            *(f"3.{k}" for k in range(1, 5))})
LESSON_GAME = {"variety": "1", "warsaw_hearts": "2", "armenian_durak": "3"}
#: the longest lesson name, rules section and item id
ANSWER_LIMITS = {"lesson": 100, "section": 32, "item": 100}
#: the most points a problem's answer can lose (the largest swing of a deal is far less)
MAX_POINTS_LOST = 10_000.0
PRINTABLE = re.compile(r"[^\x00-\x1f\x7f]*")


def section_key(section: str) -> tuple:
    """Rules sections in book order: "1.2" before "1.10", "" (none given) last."""
    parts = section.split(".")
    return (not section, [(0, int(x), "") if x.isdigit() else (1, 0, x) for x in parts])


def checked(kind: str, *, lesson: str, section: str, item: str, right: bool, points_lost: float | None,
            at: float | None) -> dict:
    """An answer's fields checked (:meth:`cardkit.room.rooms.Room.record_answer`), as the columns
    :func:`store` writes.

    :param kind: ``"exercise"`` (of a rules lesson) or ``"problem"`` (of a problem set).
    :param lesson: the lesson, one of :data:`LESSON_NAMES`, e.g. ``"variety/1_rules"``
        ("" when unknown).
    :param section: the rules section the exercise practises, one of
        :data:`RULES_SECTIONS`, e.g. ``"1.3"`` (RULES.md §1.3; "" for none), of the
        lesson's game.
    :param item: the exercise's title or the problem's number (1 to 100 characters).
    :param right: whether the answer was right (the first answer to that example or
        problem: the one the lesson counts).
    :param points_lost: problems only: the points the answer loses against the best
        choice (0 when right; :func:`cardkit.problems.grade`'s ``cost``), a number
        ``0 .. 10,000``; None for an exercise.
    :param at: when, in seconds since 1970 (UTC); None: now.
    :raises AnswerError: for a kind not in :data:`ANSWER_KINDS`, a lesson, section or
        item that is not one line of text of its length, a lesson or section the kit does
        not have (or a section of another game than the lesson's), ``right`` not a bool, or points
        lost missing for a problem, given for an exercise or out of range.
    """
    if kind not in ANSWER_KINDS:
        raise AnswerError(f"kind {quote(kind)}: expected one of {', '.join(ANSWER_KINDS)}")
    fields = {"lesson": lesson, "section": section, "item": item}
    for name, value in fields.items():
        most = ANSWER_LIMITS[name]
        if not isinstance(value, str) or len(value) > most or not PRINTABLE.fullmatch(value) or (
                name == "item" and not value.strip()):
            least = 1 if name == "item" else 0
            raise AnswerError(f"{name} {quote(value)}: expected one line of text of {least} to {most} "
                              f"characters")
    if lesson and lesson not in LESSON_NAMES:
        raise AnswerError(f"lesson {quote(lesson)}: not one of the kit's lessons (such as 'variety/1_rules')")
    if section.strip() and section.strip() not in RULES_SECTIONS:
        raise AnswerError(f"section {quote(section)}: not a section of the rules (such as '1.3')")
    game = LESSON_GAME.get(lesson.removeprefix("ru/").partition("/")[0])
    if game and section.strip() and section.strip().split(".")[0] != game:
        raise AnswerError(f"section {quote(section)}: lesson {lesson!r} practises the rules of §{game}")
    if not isinstance(right, bool):
        raise AnswerError(f"right {quote(right)}: expected True or False")
    if kind == "exercise":
        if points_lost is not None:
            raise AnswerError(f"points_lost {quote(points_lost)}: an exercise loses no points (give None)")
    elif isinstance(points_lost, bool) or not isinstance(points_lost, (int, float)) or \
            not 0 <= points_lost <= MAX_POINTS_LOST:  # nan fails both comparisons
        raise AnswerError(f"points_lost {quote(points_lost)}: a problem's answer loses 0 to "
                          f"{MAX_POINTS_LOST:,.0f} points")
    if at is None:
        at = time.time()
    elif isinstance(at, bool) or not isinstance(at, (int, float)) or not 0 <= at < 1e11:
        raise AnswerError(f"at {quote(at)}: expected seconds since 1970")
    return {"kind": kind, "lesson": lesson, "section": section.strip(), "item": item, "right": right,
            "points_lost": None if points_lost is None else float(points_lost), "at": float(at)}


def store(conn: Connection, user: str, answer: dict, most: int) -> None:
    """Store ``answer`` (:func:`checked`) of ``user`` in ``conn``'s transaction.

    :raises AnswerError: when ``user`` has ``most`` answers stored already; nothing is stored.
    """
    stored = conn.execute(select(func.count()).select_from(ANSWERS)
                          .where(ANSWERS.c.user_name == user)).scalar() or 0
    if stored >= most:
        raise AnswerError(f"{user!r} has {stored:,} answers stored, the most the room keeps per learner")
    conn.execute(insert(ANSWERS).values(user_name=user, **answer))


def summary(conn: Connection) -> dict[str, dict]:
    """What each learner did, as :meth:`cardkit.room.rooms.Room.answers_summary` gives it."""
    c = ANSWERS.c
    q = (select(c.user_name, c.kind, c.lesson, c.section, c.right, func.count().label("n"),
                func.sum(c.points_lost).label("lost"), func.max(c.at).label("last"))
         .group_by(c.user_name, c.kind, c.lesson, c.section, c.right))
    rows = conn.execute(q).all()
    out: dict[str, dict] = {}
    for r in sorted(rows, key=lambda r: r.user_name):
        who = out.setdefault(r.user_name, {"exercises": {}, "problems": {}, "answers": 0, "last": 0.0})
        who["answers"] += r.n
        who["last"] = max(who["last"], float(r.last))
        if r.kind == "exercise":
            cell = who["exercises"].setdefault(r.section, {"right": 0, "wrong": 0})
            cell["right" if r.right else "wrong"] += r.n
        else:
            cell = who["problems"].setdefault(r.lesson, {"answered": 0, "solved": 0, "points_lost": 0.0})
            cell["answered"] += r.n
            cell["solved"] += r.n if r.right else 0
            cell["points_lost"] += float(r.lost or 0.0)
    for who in out.values():
        who["exercises"] = dict(sorted(who["exercises"].items(), key=lambda kv: section_key(kv[0])))
        who["problems"] = dict(sorted(who["problems"].items()))
    return out


def own(conn: Connection, user: str) -> list[dict]:
    """``user``'s own first answers, as :meth:`cardkit.room.rooms.Room.own_answers` gives them."""
    c = ANSWERS.c
    q = select(c.kind, c.lesson, c.item, c.right, c.at).where(c.user_name == user).order_by(c.at, c.id)
    out, seen = [], set()
    for r in conn.execute(q):
        if (r.kind, r.lesson, r.item) in seen:
            continue
        seen.add((r.kind, r.lesson, r.item))
        out.append({"kind": r.kind, "lesson": r.lesson, "item": r.item, "right": bool(r.right),
                    "at": float(r.at)})
    return out


def export_csv(conn: Connection) -> str:
    """Every answer stored, as :meth:`cardkit.room.rooms.Room.export_answers_csv` gives them."""
    c = ANSWERS.c
    q = select(ANSWERS).order_by(c.user_name, c.at, c.id)
    rows = conn.execute(q).all()
    return csv_text(["learner", "kind", "lesson", "section", "item", "right", "points lost", "at"],
                    ([r.user_name, r.kind, r.lesson, r.section, r.item, bool(r.right), r.points_lost,
                      time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(r.at))] for r in rows))
