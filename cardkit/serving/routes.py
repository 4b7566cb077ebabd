"""The routes a learner's server under ``cardkit-hub`` answers: what a lesson page uses, no more.

A Jupyter Server extension (``ServerApp.jpserver_extensions``: ``{"cardkit.serving_routes":
true}``, set by ``hub_cli.singleuser_server_config``; also in ``docs/z2jh-values.yaml``)
loaded only by the learners' servers. It puts one rule before every other route of the
server: a request whose method and path (below the server's base URL, ``/user/<name>/``)
match none of :data:`ALLOWED_ROUTES` is answered ``404`` with one line of text, before any
other handler runs and before the request's body is kept (it is read and dropped). Paths are
checked after percent-decoding: a ``.`` or ``..`` segment, an empty segment, a backslash or a
control character anywhere (``voila/templates/..%2F..%2Fetc/passwd``) is refused too.

So the Jupyter REST API a page never calls is not served: ``api/sessions``, ``POST
api/kernels``, ``api/kernels`` listed, ``api/shutdown``, ``api/kernelspecs``,
``api/contents``, ``/files/`` (the problem sets' answer files among them), ``/nbconvert/``,
``api/config``, terminals, Voila's file tree and ``voila/files/``. The list was read off
Chromium's request log of a lesson index and a play page through ``cardkit-hub`` (a card
played, the tab closed) and JupyterHub's own calls (its ``GET api`` check and the OAuth
callback).

This module imports tornado only; it is loaded by the servers, never by ``import cardkit``.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from tornado import httputil, web
from tornado.routing import Matcher, Rule

_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

#: Every route a learner's server answers: ``(methods, path pattern below the base URL (a
#: full match of the percent-decoded path), who needs it)``. The one place to change.
ALLOWED_ROUTES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("GET",), r"", "the server's root: a redirect to the lesson index (JupyterHub's links)"),
    (("GET",), r"api", "JupyterHub's check that the server is up (reads its version header)"),
    (("GET",), r"oauth_callback", "JupyterHub's log-in coming back to the server"),
    (("GET",), r"logout", "the log-out link: a redirect to the hub's"),
    (("GET",), r"voila/render/(?:[^/]+/)*[^/]+\.ipynb", "a lesson page (Voila renders the notebook)"),
    (("GET",), r"voila/static/.+", "Voila's scripts"),
    (("GET",), r"voila/templates/[^/]+/static/.+", "the page template's styles, scripts and fonts"),
    (("GET",), r"voila/labextensions/.+", "the widgets' scripts"),
    (("GET",), r"static/.+", "the server's own static files (icons)"),
    (("GET",), rf"api/kernels/{_UUID}", "the page's check of its own kernel"),
    (("GET",), rf"api/kernels/{_UUID}/channels", "the page's kernel websocket"),
    (("GET",), rf"voila/execution/{_UUID}", "progressive rendering: each cell's output as it runs (websocket)"),
    (("POST",), rf"voila/api/shutdown/{_UUID}", "the closing tab's kernel shut down (navigator.sendBeacon)"),
)

_COMPILED = tuple((frozenset(methods), re.compile(pattern)) for methods, pattern, _why in ALLOWED_ROUTES)
_BAD_CHARS = re.compile(r"[\\\x00-\x1f\x7f]")

REFUSED_MESSAGE = "Not found: this lesson server answers only the lesson pages.\n"


def route_allowed(method: str, path: str, base_url: str = "/") -> bool:
    """Whether a learner's server answers ``method`` (``"GET"``, ...) on ``path`` (the
    request's raw path, percent-encoded, without the query) under ``base_url`` (the server's
    base URL, ``/user/<name>/``). True only for :data:`ALLOWED_ROUTES` and a path whose
    decoded segments are all non-empty, not ``.`` or ``..``, without backslashes or control
    characters. Never raises."""
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    if path == base.rstrip("/") and base != "/":
        rest = ""
    elif path.startswith(base):
        rest = path[len(base):]
    else:
        return False
    try:
        decoded = unquote(rest, errors="strict")
    except UnicodeDecodeError:
        return False
    if decoded and (_BAD_CHARS.search(decoded) or any(part in ("", ".", "..") for part in decoded.split("/"))):
        return False
    return any(method in methods and pattern.fullmatch(decoded) for methods, pattern in _COMPILED)


@web.stream_request_body
class RouteRefusedHandler(web.RequestHandler):
    """Answers a route a lesson page never uses: ``404`` and :data:`REFUSED_MESSAGE` (plain
    text, one line), whatever the method; a body sent with it is read and dropped, never kept."""

    SUPPORTED_METHODS = ("GET", "HEAD", "POST", "DELETE", "PATCH", "PUT", "OPTIONS")

    def check_xsrf_cookie(self) -> None:
        """No check: the request is refused whatever it carries (the same 404 for every method)."""

    def data_received(self, chunk: bytes) -> None:
        """Drop the body's pieces as they come."""

    def _refuse(self, *_args: Any, **_kwargs: Any) -> None:
        # Answered once the body is read to its end: answering before it closed the connection
        # while the hub's proxy was still sending, and the proxy answered 503 instead.
        self.send_error(404)

    get = head = post = delete = patch = put = options = _refuse

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(REFUSED_MESSAGE if status_code == 404 else f"{status_code}: {self._reason}\n")


class _Refused(Matcher):
    """Matches the requests :func:`route_allowed` refuses."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if route_allowed(str(request.method), str(request.path), self.base_url) else {}


def install_route_filter(app: web.Application, base_url: str = "/") -> None:
    """Put the refusal first among ``app``'s routes (a tornado Application, the Jupyter
    server's ``web_app``): every request :func:`route_allowed` refuses under ``base_url`` is
    answered by :class:`RouteRefusedHandler`; the others go to their handlers as before.
    Installing it twice adds nothing."""
    rules = app.default_router.rules
    if any(isinstance(rule.matcher, _Refused) for rule in rules):
        return
    rules.insert(0, app.default_router.process_rule(Rule(_Refused(base_url), RouteRefusedHandler)))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    install_route_filter(serverapp.web_app, serverapp.base_url)
    serverapp.log.info("cardkit: this server answers only the lesson pages' routes (%d kinds)",
                       len(ALLOWED_ROUTES))
