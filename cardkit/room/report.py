"""A lesson's answers reported to the teaching room, under the hub only (issue 23 §4).

Under ``cardkit-hub`` a learner's lesson kernel runs in their own Jupyter server, whose
environment the hub fills: ``JUPYTERHUB_API_TOKEN`` (the server's token, which names the
learner and may use the room: ``access:services!service=room``),
``JUPYTERHUB_SERVICE_PREFIX`` (``/user/<name>/``) and, set by ``cardkit-hub``,
:data:`ROOM_URL_ENV` (the room service's own address inside the machine,
``http://127.0.0.1:<port>/services/room/``); Voila adds ``SCRIPT_NAME``, the page's path,
which names the lesson. :func:`report_answer` then sends one small JSON answer to the
room's ``api/answer`` (:class:`cardkit.room_service.AnswerHandler`) with the token in the
``Authorization`` header, in a background thread with a short timeout: the lesson never
waits for it, and a room that is down, slow or refusing changes nothing in the lesson
(the failure is logged at debug level, never raised).

Outside the hub (any of the three variables missing: a learner's own ``cardkit-lessons``,
Binder, a test) :func:`report_answer` sends nothing: no thread, no connection. In both
cases the answer is noted in the kernel's progress (:func:`cardkit.progress.note`), which
keeps it for the learner (issue 33: in her browser, or under the hub in the room).
The room's address comes from the hub's configuration only (never from a
page), and the token is sent to it only (no proxy from the environment, no redirect followed).

UI-free and standard library only: the widgets call it (``cardkit_widgets.lesson.Exercise``,
``cardkit_widgets.problems.ProblemSet``).
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping

from .link import OPENER, ROOM_URL_ENV, room_endpoint

__all__ = ["report_answer", "room_endpoint", "lesson_name", "rules_section", "flush", "ROOM_URL_ENV", "TIMEOUT",
           "MAX_PENDING", "RETRY_AFTER"]

log = logging.getLogger("cardkit.room_report")

#: seconds an answer may take to reach the room before it is given up
TIMEOUT = 3.0
#: seconds to wait before the one retry of an answer the room put off (429 or 503)
RETRY_AFTER = 1.0
#: answers waiting to be sent at most (a room that does not answer: later ones are dropped)
MAX_PENDING = 100

_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_QUEUE: queue.Queue = queue.Queue(MAX_PENDING)
_WORKER: list[threading.Thread] = []
_WORKER_LOCK = threading.Lock()


#: the opener of :mod:`cardkit.room_link` (a test may replace it here)
_OPENER = OPENER


def lesson_name(environ: Mapping[str, str] | None = None) -> str:
    """The lesson a kernel runs, from Voila's ``SCRIPT_NAME`` (the page's path):
    ``/user/ann/voila/render/variety/1_rules.ipynb`` -> ``"variety/1_rules"``; "" when
    unknown.

    >>> lesson_name({"SCRIPT_NAME": "/user/ann/voila/render/variety/1_rules.ipynb"})
    'variety/1_rules'
    >>> lesson_name({})
    ''
    """
    env = os.environ if environ is None else environ
    path = env.get("SCRIPT_NAME", "")
    _, found, rest = path.partition("/voila/render/")
    if not found:
        return ""
    return _clean(rest.removesuffix(".ipynb"), 100)


def rules_section(rule: str) -> str:
    """The rules section an exercise names: ``"the rules, §1.3"`` -> ``"1.3"``; "" for none.

    >>> rules_section("the rules, §3.1"), rules_section("")
    ('3.1', '')
    """
    m = _SECTION.search(str(rule or ""))
    return m.group(1)[:32] if m else ""


def _clean(text, most: int) -> str:
    return _CONTROL.sub(" ", str(text))[:most]


def report_answer(kind: str, *, item, right: bool, section: str = "", lesson: str | None = None,
                  points_lost: float | None = None, environ: Mapping[str, str] | None = None) -> bool:
    """Report one answer to the teaching room, under the hub only; never raises.

    :param kind: ``"exercise"`` or ``"problem"``.
    :param item: the exercise's title or the problem's number (cut to 100 characters).
    :param right: whether the answer was right.
    :param section: the rules section (``"1.3"``; :func:`rules_section`).
    :param lesson: the lesson (None: :func:`lesson_name` of the kernel's environment).
    :param points_lost: a problem's points lost against the best choice (0 when right).
    :param environ: the environment to read (None: the process's).
    :returns: True if the answer was queued for the background sender, False if nothing
        is sent (outside the hub, or too many answers waiting).
    """
    try:
        env = os.environ if environ is None else environ
        lesson = lesson_name(env) if lesson is None else _clean(lesson, 100)
        from cardkit.teaching.progress import note
        note(str(kind), lesson, _clean(item, 100) or "?", bool(right))   # kept for the learner (issue 33)
        where = room_endpoint(env)
        if where is None:
            return False
        body = {"kind": str(kind), "lesson": lesson,
                "section": _clean(section, 32), "item": _clean(item, 100) or "?", "right": bool(right)}
        if points_lost is not None:
            body["points_lost"] = round(float(points_lost), 3)
        data = json.dumps(body).encode("utf-8")
        try:
            _QUEUE.put_nowait((where[0], where[1], data))
        except queue.Full:
            log.debug("an answer not reported: %d waiting already", MAX_PENDING)
            return False
        _start_worker()
        return True
    except Exception as e:  # noqa: BLE001 - a report never breaks the lesson
        log.debug("an answer not reported: %s", e)
        return False


def _start_worker() -> None:
    with _WORKER_LOCK:
        if not _WORKER or not _WORKER[0].is_alive():
            _WORKER[:] = [threading.Thread(target=_send_forever, name="cardkit-room-report", daemon=True)]
            _WORKER[0].start()


def _send(url: str, token: str, data: bytes) -> None:
    """POST one answer; an answer the room puts off (429 too many at once, 503 the hub not
    reachable) is sent once more after :data:`RETRY_AFTER` seconds (twice that the second
    time would be a third try: no)."""
    for attempt in range(2):
        request = urllib.request.Request(url, data=data, method="POST", headers={
            "Authorization": f"token {token}", "Content-Type": "application/json"})
        try:
            with _OPENER.open(request, timeout=TIMEOUT) as reply:
                reply.read(1024)
            return
        except urllib.error.HTTPError as e:
            if e.code not in (429, 503) or attempt:
                raise
        time.sleep(RETRY_AFTER)


def _send_forever() -> None:
    while True:
        url, token, data = _QUEUE.get()
        try:
            _send(url, token, data)
        except Exception as e:  # noqa: BLE001 - the room down, slow or refusing: the lesson goes on
            log.debug("an answer not reported to %s: %s", url, e)
        finally:
            _QUEUE.task_done()


def flush(timeout: float = 5.0) -> bool:
    """Wait until every queued answer was sent (or given up), at most ``timeout`` seconds;
    True if none is left (for tests and a lesson's last cell)."""
    end = time.monotonic() + timeout
    while _QUEUE.unfinished_tasks:
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True
