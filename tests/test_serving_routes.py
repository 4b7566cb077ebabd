"""The learners' servers answer only what a lesson page uses (cardkit/serving_routes.py; issue 32,
items 6, 7 and 9a).

Unit tests of the route filter on a plain tornado application (every path has a handler there,
so whatever is refused is refused by the filter), and one real Jupyter server with the learners'
config of ``cardkit-hub`` (``hub_cli.singleuser_server_config``), asked with its token what a
learner with devtools asked the class server (no browser: ``tests/test_browser_hub.py`` plays a
card through the hub with the filter on).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import ClassVar

import pytest
from tornado import web
from tornado.tcpclient import TCPClient
from tornado.testing import AsyncHTTPTestCase, gen_test

from cardkit.serving_routes import ALLOWED_ROUTES, REFUSED_MESSAGE, install_route_filter, route_allowed

BASE = "/user/ann/"
KERNEL = "0b6f0e3c-5d0a-4a5e-9d59-36b2a4e1f1a7"

ALLOWED = [
    ("GET", "/user/ann/"), ("GET", "/user/ann"), ("GET", "/user/ann/api"),
    ("GET", "/user/ann/oauth_callback"), ("GET", "/user/ann/logout"),
    ("GET", "/user/ann/voila/render/index.ipynb"), ("GET", "/user/ann/voila/render/variety/2_play.ipynb"),
    ("GET", "/user/ann/voila/static/voila.js"), ("GET", "/user/ann/voila/templates/lab/static/index.css"),
    ("GET", "/user/ann/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js"),
    ("GET", "/user/ann/static/favicons/favicon.ico"),
    ("GET", f"/user/ann/api/kernels/{KERNEL}"), ("GET", f"/user/ann/api/kernels/{KERNEL}/channels"),
    ("GET", f"/user/ann/voila/execution/{KERNEL}"), ("POST", f"/user/ann/voila/api/shutdown/{KERNEL}"),
]
REFUSED = [
    ("POST", "/user/ann/api/sessions"), ("GET", "/user/ann/api/sessions"),
    ("POST", "/user/ann/api/kernels"), ("GET", "/user/ann/api/kernels"),
    ("DELETE", f"/user/ann/api/kernels/{KERNEL}"), ("POST", f"/user/ann/api/kernels/{KERNEL}/restart"),
    ("POST", "/user/ann/api/shutdown"), ("GET", "/user/ann/nbconvert/html/index.ipynb"),
    ("GET", "/user/ann/api/kernelspecs"), ("GET", "/user/ann/kernelspecs/python3/logo-64x64.png"),
    ("GET", "/user/ann/api/contents"), ("GET", "/user/ann/api/contents/variety/problems.json"),
    ("PUT", "/user/ann/api/contents/index.ipynb"), ("GET", "/user/ann/files/variety/problems.json"),
    ("GET", "/user/ann/files/variety/card_play.json"), ("GET", "/user/ann/api/terminals"),
    ("GET", "/user/ann/terminals/websocket/1"), ("GET", "/user/ann/api/config/notebook"),
    ("PUT", "/user/ann/api/config/notebook"), ("GET", "/user/ann/api/status"), ("GET", "/user/ann/api/me"),
    ("GET", "/user/ann/voila"), ("GET", "/user/ann/voila/tree"), ("GET", "/user/ann/voila/api/contents"),
    ("GET", "/user/ann/voila/files/variety/problems.json"), ("GET", "/user/ann/voila/render/variety/problems.json"),
    ("GET", "/user/ann/voila/render/variety/"), ("GET", "/user/ann/voila/api/themes/x"),
    ("GET", "/user/ann/lab"), ("GET", "/user/ann/tree"), ("GET", "/user/ann/edit/index.ipynb"),
    ("POST", "/user/ann/voila/render/index.ipynb"), ("GET", f"/user/ann/voila/api/shutdown/{KERNEL}"),
    ("GET", "/user/boris/voila/render/index.ipynb"), ("GET", "/"), ("GET", "/hub/api"),
    # path tricks, on every static route
    ("GET", "/user/ann/voila/templates/..%2F..%2F..%2Fetc/passwd"),
    ("GET", "/user/ann/voila/templates/lab/static/..%2F..%2F..%2F..%2Fetc/passwd"),
    ("GET", "/user/ann/voila/templates/lab/static/%2e%2e/%2e%2e/x"),
    ("GET", "/user/ann/voila/templates/lab/x"),
    ("GET", "/user/ann/voila/static/..%2F..%2Fetc/passwd"), ("GET", "/user/ann/voila/static/../x"),
    ("GET", "/user/ann/voila/static/a%5C..%5C..%5Cx"), ("GET", "/user/ann/voila/static/a%00"),
    ("GET", "/user/ann/voila/static//etc/passwd"), ("GET", "/user/ann/static/./x"),
    ("GET", "/user/ann/voila/labextensions/..%2F..%2Fx"), ("GET", "/user/ann/voila/render/..%2Fx.ipynb"),
    ("GET", "/user/ann/voila/render/%ff.ipynb"),
    ("GET", "/user/ann/api/kernels/../api/sessions"), ("GET", "/user/ann/api/kernels/1234/channels"),
]


@pytest.mark.parametrize(("method", "path"), ALLOWED)
def test_a_lesson_pages_routes_are_allowed(method, path):
    assert route_allowed(method, path, BASE)


@pytest.mark.parametrize(("method", "path"), REFUSED)
def test_what_a_page_never_uses_is_refused(method, path):
    assert not route_allowed(method, path, BASE)


def test_the_list_says_who_needs_each_route_and_a_plain_base_url_works():
    assert all(methods and why for methods, _pattern, why in ALLOWED_ROUTES)
    assert route_allowed("GET", "/voila/render/index.ipynb", "/")
    assert not route_allowed("GET", "/api/sessions", "/")
    assert not route_allowed("GET", "/user/ann/voila/render/index.ipynb", "/user/ann2/")


class _Everything(web.RequestHandler):
    """Answers anything (the Jupyter server's own handlers, standing in), keeping what it is sent."""

    kept: ClassVar[list[bytes]] = []

    def get(self, *_args):
        self.write("served")

    def post(self, *_args):
        self.kept.append(self.request.body)
        self.set_status(201)
        self.write("kept")

    put = delete = patch = post


class RouteFilterOnTornado(AsyncHTTPTestCase):
    def get_app(self):
        app = web.Application([(r"/.*", _Everything)])
        install_route_filter(app, BASE)
        install_route_filter(app, BASE)  # twice adds nothing
        return app

    def test_filter(self):
        _Everything.kept.clear()
        assert sum(type(rule.matcher).__name__ == "_Refused" for rule in self._app.default_router.rules) == 1
        for method, path in ALLOWED:
            response = self.fetch(path, method=method, body=b"" if method == "POST" else None)
            assert response.code in (200, 201), (method, path, response.code)
        for method, path in REFUSED:
            body = json.dumps({"path": "x" * 50_000, "name": "y" * 50_000}) if method in ("POST", "PUT") else None
            response = self.fetch(path, method=method, body=body)
            assert response.code == 404, (method, path, response.code)
            assert response.body.decode() == REFUSED_MESSAGE  # one line of words, no page, no traceback
            assert response.headers["Content-Type"].startswith("text/plain")
        # a large body is read to its end and dropped (answering before it is read closed the connection
        # under the proxy's feet: the proxy answered 503 instead of the 404)
        for _ in range(3):
            response = self.fetch("/user/ann/api/sessions", method="POST", body=b"x" * 1_000_000)
            assert response.code == 404 and response.body.decode() == REFUSED_MESSAGE
        # an unusual method is refused as well, in one line
        response = self.fetch("/user/ann/api/sessions", method="OPTIONS")
        assert response.code == 404 and response.body.decode() == REFUSED_MESSAGE
        assert _Everything.kept == [b""] * 1  # only the allowed shutdown's empty body reached a handler

    @gen_test
    async def test_a_refused_body_is_read_to_its_end_and_the_connection_kept(self):
        """As the hub's proxy sends it: the body in pieces, then the next request on the same
        connection. Answering before the body was read closed the connection under the proxy,
        which answered 503 for the 404."""
        stream = await TCPClient().connect("127.0.0.1", self.get_http_port())
        body = b"x" * 2_000_000
        for _ in range(2):
            await stream.write(b"POST /user/ann/api/sessions HTTP/1.1\r\nHost: x\r\n"
                               b"Content-Length: %d\r\n\r\n" % len(body))
            for start in range(0, len(body), 65536):
                await stream.write(body[start:start + 65536])
            head = await stream.read_until(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 404"), head
            length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
            assert (await stream.read_bytes(length)).decode() == REFUSED_MESSAGE
        stream.close()


# --------------------------------------------------------------- a real learner's server

TOKEN = "route-filter-test-token-0123456789"


@pytest.fixture(scope="module")
def learner_server():
    """A Jupyter server with the learners' config (``singleuser_server_config``, Voila, the
    filter), token auth, the lessons folder: ``(base_url, log_path)``."""
    sys.path.insert(0, str(Path(__file__).parent))
    import servers

    from cardkit.hub_cli import singleuser_server_config, write_singleuser_config

    root = Path(tempfile.mkdtemp(prefix="ck-routes-"))
    write_singleuser_config(root, singleuser_server_config(kernel_transport="tcp"))
    env = servers.jupyter_env(root)
    env["JUPYTER_CONFIG_PATH"] = str(root / "singleuser-config")
    port = servers.free_port()
    lessons = Path(__file__).resolve().parent.parent / "lessons"
    command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               "--ServerApp.port_retries=0", f"--ServerApp.root_dir={lessons}", f"--IdentityProvider.token={TOKEN}",
               "--ServerApp.default_url=/voila/render/index.ipynb"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    served = servers.serve(command, folder=root, env=env, cwd=root, port=port)
    base = next(served)
    try:
        yield base, root / "server.log"
    finally:
        next(served, None)
        shutil.rmtree(root, ignore_errors=True)


def _ask(base: str, method: str, path: str, body: bytes | None = None) -> tuple[int, str]:
    request = urllib.request.Request(base + path, method=method, data=body,
                                     headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=60) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_a_learners_server_serves_no_rest_api_no_files_and_no_answer_keys(learner_server):
    base, _log = learner_server
    big = json.dumps({"path": "p" * 50_000, "name": "n" * 50_000, "type": "notebook",
                      "kernel": {"name": "python3"}}).encode()
    refused = [
        ("POST", "/api/sessions", big), ("GET", "/api/sessions", None), ("POST", "/api/kernels", b"{}"),
        ("GET", "/api/kernels", None), ("GET", "/api/kernelspecs", None), ("GET", "/nbconvert/html/index.ipynb", None),
        ("GET", "/api/contents", None), ("GET", "/api/contents/variety/problems.json", None),
        ("GET", "/api/terminals", None), ("GET", "/api/config/notebook", None), ("GET", "/voila/tree", None),
        ("GET", "/voila/api/contents", None), ("GET", "/voila/render/variety/problems.json", None),
    ]
    answer_files = ["variety/problems.json", "variety/card_play.json", "variety/double_dummy.json",
                    "warsaw_hearts/problems.json", "warsaw_hearts/keep_honours.json", "armenian_durak/problems.json"]
    for name in answer_files:
        assert (Path(__file__).resolve().parent.parent / "lessons" / name).exists(), name
        refused += [("GET", f"/files/{name}", None), ("GET", f"/voila/files/{name}", None)]
    for method, path, body in refused:
        status, text = _ask(base, method, path, body)
        assert status == 404, (method, path, status, text[:200])
        assert text == REFUSED_MESSAGE, (path, text[:200])
    # the server's own shutdown is refused: it still answers
    assert _ask(base, "POST", "/api/shutdown", b"")[0] == 404
    assert _ask(base, "GET", "/api")[0] == 200  # what JupyterHub asks
    status, _text = _ask(base, "GET", "/")
    assert status == 302
    assert _ask(base, "GET", "/voila/static/voila.js")[0] == 200
    assert _ask(base, "GET", "/voila/templates/lab/static/index.css")[0] == 200


def test_voila_template_path_tricks_are_404_without_a_traceback(learner_server):
    base, log_path = learner_server
    for path in ("/voila/templates/..%2F..%2F..%2Fetc/passwd", "/voila/templates/lab/static/..%2F..%2F..%2F..%2F..%2F"
                 "..%2F..%2F..%2F..%2F..%2Fetc/passwd", "/voila/templates/lab/passwd",
                 "/voila/static/..%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd",
                 "/voila/labextensions/..%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd"):
        status, text = _ask(base, "GET", path)
        assert status == 404, (path, status)
        assert "root:" not in text
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log and "AssertionError" not in log, log[-3000:]
    assert re.search(r"404 GET /voila/templates/\.\.%2F", log)  # refused, in one line of the log
