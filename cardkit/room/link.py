"""Where a learner's kernel finds the teaching room, under the hub only: the room's
address (:data:`ROOM_URL_ENV`, set by ``cardkit-hub``), the server's token, and an opener
that sends the token to that address alone (no proxy from the environment, no redirect).

Read by :mod:`cardkit.room_report` (answers sent), :mod:`cardkit.room_send` and
:mod:`cardkit.progress` (the learner's own answers read back). Standard library only.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Mapping
from urllib.parse import urlparse

__all__ = ["ROOM_URL_ENV", "OPENER", "NoRedirect", "room_endpoint"]

#: the room service's address inside the machine, set by ``cardkit-hub`` for the learners' servers
ROOM_URL_ENV = "CARDKIT_ROOM_URL"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed (the token would go along to wherever it points)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


#: no proxy from the environment (``http_proxy``: the token would pass through it), no redirects
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect())


def room_endpoint(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """Where answers go and with which token: ``(url of api/answer, token)`` when running
    under the hub (``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_SERVICE_PREFIX`` and
    :data:`ROOM_URL_ENV`, an ``http(s)`` address, all set), else None.

    >>> room_endpoint({})
    >>> room_endpoint({"JUPYTERHUB_API_TOKEN": "abc", "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
    ...                "CARDKIT_ROOM_URL": "http://127.0.0.1:10101/services/room/"})
    ('http://127.0.0.1:10101/services/room/api/answer', 'abc')
    """
    env = os.environ if environ is None else environ
    token, prefix, room = (env.get(k, "") for k in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX",
                                                     ROOM_URL_ENV))
    if not (token and prefix and room):
        return None
    where = urlparse(room)
    if where.scheme not in ("http", "https") or not where.netloc:
        return None
    return room.rstrip("/") + "/api/answer", token
