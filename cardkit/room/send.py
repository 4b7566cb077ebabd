"""The deal editor's *Send to the room*: a teacher's set of boards opens a table in the
teaching room, under the hub only (issue 34, item 13).

Under ``cardkit-hub`` the teacher's kernel has the hub's environment that
:func:`cardkit.room_link.room_endpoint` reads (her server's token, which may use the
room, and the room's address inside the machine). :func:`send_set` posts the set to the
room's ``api/table`` (:class:`cardkit.room_service.TableApiHandler`), which opens a table
with it for a teacher and refuses anyone else in one line. Outside the hub
:func:`room_available` is False and the editor shows no button.

Standard library only; the token goes to the room's configured address only (no proxy,
no redirect: :mod:`cardkit.room_report`'s opener).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence

from cardkit.core.errors import CardkitError

from .link import OPENER, room_endpoint

__all__ = ["room_available", "send_set", "TIMEOUT"]

#: seconds the room may take to open the table (it checks every code)
TIMEOUT = 15.0


def _table_url(environ: Mapping[str, str] | None) -> tuple[str, str] | None:
    where = room_endpoint(environ)
    if where is None:
        return None
    return where[0].removesuffix("api/answer") + "api/table", where[1]


def room_available(environ: Mapping[str, str] | None = None) -> bool:
    """Whether a teaching room can be reached from this kernel (under the hub).

    >>> room_available({})
    False
    """
    return _table_url(environ) is not None


def send_set(game: str, codes: Sequence[str], *, bots: str = "rule",
             environ: Mapping[str, str] | None = None) -> dict:
    """Open a table in the teaching room with the set ``codes`` (each board's deal code,
    its dealer in it), as the token's owner.

    :param game: ``"variety"``, ``"warsaw_hearts"`` or ``"armenian_durak"``.
    :param codes: the boards' deal codes, in order.
    :param bots: ``"rule"``, ``"expert"`` or ``"none"``.
    :param environ: the environment to read (None: the process's).
    :returns: the room's answer: ``{"table": "T3", "boards": n, "teacher_page": ...,
        "message": ...}``.
    :raises CardkitError: in one line: outside the hub, the room's refusal (a learner:
        "only a teacher may open a table in the room; ..."; a code the table cannot play),
        or the room not reachable.
    """
    where = _table_url(environ)
    if where is None:
        raise CardkitError("no teaching room here: Send to the room works in the class's hub only")
    url, token = where
    data = json.dumps({"game": str(game), "deals": list(codes), "bots": str(bots)}).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with OPENER.open(request, timeout=TIMEOUT) as reply:
            return json.loads(reply.read(65536).decode("utf-8"))
    except urllib.error.HTTPError as e:
        try:
            message = str(json.loads(e.read(4096).decode("utf-8")).get("error") or "")
        except (ValueError, AttributeError, UnicodeDecodeError):
            message = ""
        raise CardkitError(f"the room refused the set: {message or f'HTTP {e.code}'}") from None
    except (OSError, ValueError) as e:
        why = (str(e).splitlines() or [type(e).__name__])[0][:160]
        raise CardkitError(f"the room could not be reached: {why}") from None
