"""Shared browser fixtures: a Voila server for ``lessons/`` and Playwright pages on it.

Only browser plumbing lives here; put other fixtures next to the tests that use them.

Fixtures
--------
``voila_server`` (session)
    Starts ``python -m voila lessons/`` on 127.0.0.1 and a free port, with the
    same settings as ``cardkit-lessons`` (``cardkit.lessons_cli.voila_args``:
    sources stripped, tracebacks hidden, ``teacher-only`` cells removed) but a
    short kernel culling time, and Jupyter's config/data/runtime folders in a
    temporary folder. Yields the base URL (``http://127.0.0.1:PORT``); at the
    end it stops Voila and any kernel it left behind. Voila's log is the file
    ``voila.log`` beside those folders; failures quote its tail.
``dashboard`` (function)
    ``dashboard("variety/lesson1.ipynb")`` opens ``/voila/render/<path>`` (path
    relative to ``lessons/``) in headless Chromium, waits until every cell
    output is rendered (widgets included), fails if the page shows an error
    (pass ``allow_errors=True`` to check errors yourself) and returns the
    Playwright ``Page``. Expect/locator timeouts are raised to 30 s.
    ``query="deal=V-4821"`` adds a query string (a teacher's link; a leading
    ``?`` is allowed; the path itself is quoted, the query is not), and
    ``page=context.new_page()`` opens the dashboard in another page (a second
    learner) with the same waits and checks.

Browser tests
-------------
A test using ``dashboard`` (or pytest-playwright's ``page``/``context``/
``browser``) is marked ``browser`` automatically. Chromium is Debian's
``/usr/bin/chromium`` (``CARDKIT_CHROMIUM`` overrides the path); never run
``playwright install``. Without it, browser tests are skipped, unless
``CARDKIT_REQUIRE_BROWSER=1`` (set by ``.ci/run``), which turns that into a
failure.

The room's database
------------------
The room's test files (``ROOM_DB_FILES``) run twice: on SQLite, as written, and on PostgreSQL
(ids ``[postgresql]``; a unittest class ``<Name>OnPostgreSQL``), when ``CARDKIT_ROOM_DB_URL``
names a PostgreSQL database (``postgresql://user@127.0.0.1:5432/room``; ``.ci/run`` starts one).
On PostgreSQL each SQLite database a test makes (``sqlite://``, ``sqlite:///path``; by
:func:`sqlalchemy.create_engine`, directly or through :class:`cardkit.room.Room`) is a fresh
schema of that database instead (one schema per path, so a test that opens a file twice opens
the same schema twice), dropped after the test. Without the variable the PostgreSQL runs are
skipped saying so, unless ``CARDKIT_REQUIRE_POSTGRES=1`` (set by ``.ci/run``), which makes
that a failure. A test anywhere that asks for ``room_db_url`` (a fresh database's URL) runs
on both the same way.

Every test that is not a browser test runs with no event loop marked running in its thread
(``_no_leaked_event_loop``): Playwright's sync API leaves its loop marked running in the
main thread, and a later test on the same pytest-xdist worker that runs asyncio
(``asyncio.run``, tornado's ``AsyncHTTPTestCase``) failed with "Cannot run the event loop
while another loop is running", so the outcome depended on which tests shared a worker.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from cardkit.lessons_cli import voila_args

REPO_ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = REPO_ROOT / "lessons"

CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
REQUIRE_BROWSER = os.environ.get("CARDKIT_REQUIRE_BROWSER", "") == "1"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
# Fixtures that need a browser: a test requesting one is marked ``browser``.
BROWSER_FIXTURES = frozenset({"dashboard", "page", "context", "new_context", "browser"})

EXPECT_TIMEOUT_MS = 30_000  # Playwright's 5 s default is too short for a cold Voila page
NAVIGATION_TIMEOUT_MS = 90_000  # the server runs the whole notebook before answering
SERVER_START_TIMEOUT_S = 60
TEST_CULL_IDLE_TIMEOUT_S = 60  # kernels of closed test pages go away during the run
TEST_CULL_INTERVAL_S = 15

# Rendered: Voila's frontend has replaced every rich-output placeholder the server
# sent, every cell has run (progressive rendering: no cell's loading skeleton is left),
# and every widget output (a Lumino panel) has its view attached.
_RENDERED_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  if (!cells || !document.getElementById('jp-main-content-panel')?.contains(cells)) return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"], .voila-skeleton-container')) return false;
  return [...cells.querySelectorAll('.jp-OutputArea-output.lm-Panel')].every(e => e.childElementCount > 0);
}"""
# What a student would see as an error. With show_tracebacks=False every cell
# error reads "There was an error when executing cell [N]. ..." (the traceback
# goes to Voila's log).
_ERROR_TEXTS = (
    "There was an error when executing cell",
    "Traceback (most recent call last)",
    "Javascript Error:",
    "Error displaying widget",
)
_ERRORS_JS = """(texts) => {
  const found = [...document.querySelectorAll('.voila-error')].map(e => e.innerText.trim());
  const body = document.body.innerText;
  for (const t of texts) if (body.includes(t)) found.push(t);
  return found;
}"""


# --------------------------------------------------------------------- marks


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") is None or os.access(CHROMIUM, os.X_OK):
        return
    reason = f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason}, and CARDKIT_REQUIRE_BROWSER=1 requires browser tests", pytrace=False)
    pytest.skip(f"browser test: {reason}; CARDKIT_REQUIRE_BROWSER=1 makes this a failure")


# ------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's launch options, pointed at Debian's Chromium."""
    if browser_name != "chromium":
        return browser_type_launch_args
    args = [a for a in CHROMIUM_ARGS if a != "--headless" or browser_type_launch_args.get("headless", True)]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture(scope="session")
def _shared_context(browser, browser_context_args):
    """One browser context for the tests that use pytest-playwright's ``context``/``page``
    (see :func:`context`)."""
    shared = browser.new_context(**browser_context_args)
    # the lessons keep a learner's first answers in the browser's storage (issue 33): every page
    # of the shared context starts without them (tests of the progress use a context of their own)
    shared.add_init_script("try { localStorage.removeItem('cardkit-progress-v1') } catch (e) {}")
    yield shared
    shared.close()


@pytest.fixture
def context(_shared_context):
    """pytest-playwright's ``context``, but one context shared by the tests, so they share
    its HTTP cache and compiled scripts: a dashboard page then costs Chromium about 1.2
    CPU-s less (measured 1.6–2.0 against 2.8–3.5 CPU-s for the Variety play page). Each
    test starts with no cookies and closes its pages; the progress the lessons keep in the
    browser's storage is removed as each page loads. A test that needs a cold browser (the first-screen timing) makes
    its own context with ``browser.new_context()``."""
    _shared_context.clear_cookies()
    yield _shared_context
    for p in list(_shared_context.pages):
        p.close()


# --------------------------------------------------------------------- voila


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _log_tail(log_path: Path, lines: int = 40) -> str:
    try:
        text = log_path.read_text(errors="replace")
    except OSError:
        return "(no Voila log)"
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)  # drop terminal colours
    return "\n".join(text.splitlines()[-lines:])


def _kill_processes_mentioning(marker: str) -> None:
    """Kill processes whose command line contains ``marker`` (our kernels' connection folder)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except OSError:
                pass


def _stop(process: subprocess.Popen, connection_dir: Path) -> None:
    if process.poll() is None:
        process.terminate()  # SIGTERM: Voila shuts its kernels down, then exits
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    _kill_processes_mentioning(str(connection_dir))  # kernels that outlived a killed Voila


_VOILA_LOG = pytest.StashKey[Path]()
_VOILA_CONNECTIONS = pytest.StashKey[Path]()
# The test server is one "person" opening far more pages than a learner: its kernel cap is
# high (tests/test_browser_kernels.py tests the cap on a server of its own).
TEST_MAX_KERNELS = 60


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory, pytestconfig):
    """Base URL of a Voila server serving ``lessons/``; stopped with its kernels at the end."""
    root = tmp_path_factory.mktemp("voila")
    connection_dir = root / "connections"
    connection_dir.mkdir()
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(root / "config"),
        JUPYTER_DATA_DIR=str(root / "data"),
        JUPYTER_RUNTIME_DIR=str(root / "runtime"),
        IPYTHONDIR=str(root / "ipython"),
        PYTHONUNBUFFERED="1",
    )
    log_path = root / "voila.log"
    pytestconfig.stash[_VOILA_LOG] = log_path
    pytestconfig.stash[_VOILA_CONNECTIONS] = connection_dir

    for attempt in range(3):  # another process may grab the free port before Voila does
        port = _free_port()
        base_url = f"http://127.0.0.1:{port}"
        command = [
            sys.executable,
            "-m",
            "voila",
            *voila_args(
                LESSONS_DIR,
                port,
                cull_idle_timeout=TEST_CULL_IDLE_TIMEOUT_S,
                cull_interval=TEST_CULL_INTERVAL_S,
                max_kernels=TEST_MAX_KERNELS,
            ),
            f"--Voila.connection_dir_root={connection_dir}",
        ]
        started = time.monotonic()
        with open(log_path, "ab") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env=env, cwd=REPO_ROOT,
            )
        try:
            while time.monotonic() - started < SERVER_START_TIMEOUT_S:
                if process.poll() is not None:
                    break
                try:
                    with urllib.request.urlopen(f"{base_url}/voila/static/voila.js", timeout=5) as response:
                        if response.status == 200:
                            break
                except (urllib.error.URLError, OSError):
                    pass
                time.sleep(0.1)
            else:
                raise RuntimeError(
                    f"Voila not ready after {SERVER_START_TIMEOUT_S} s; log {log_path}:\n{_log_tail(log_path)}"
                )
        except BaseException:
            _stop(process, connection_dir)
            raise
        if process.poll() is None:
            break
        if attempt == 2 or "no available port" not in _log_tail(log_path):
            raise RuntimeError(
                f"Voila exited with code {process.returncode}; log {log_path}:\n{_log_tail(log_path)}"
            )

    print(f"\n[voila_server] ready at {base_url} in {time.monotonic() - started:.2f} s (log {log_path})")
    try:
        yield base_url
    finally:
        _stop(process, connection_dir)


@pytest.fixture
def voila_kernels(voila_server, pytestconfig):
    """``voila_kernels() -> set[str]``: the ids of the test server's running kernels (their
    connection files, which a kernel's shutdown removes)."""
    folder = pytestconfig.stash[_VOILA_CONNECTIONS]

    def running() -> set[str]:
        return {p.stem.removeprefix("kernel-") for p in folder.rglob("kernel-*.json")}

    return running


@pytest.fixture
def dashboard(page, voila_server, pytestconfig):
    """Open a lesson dashboard: ``dashboard("index.ipynb", query="", allow_errors=False,
    page=page) -> Page``."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    page_errors: list[str] = []
    log_path = pytestconfig.stash[_VOILA_LOG]
    watched: list = []

    def open_dashboard(notebook: str, *, query: str = "", allow_errors: bool = False, page=page):
        page.set_default_timeout(EXPECT_TIMEOUT_MS)
        page.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
        if not any(p is page for p in watched):
            page.on("pageerror", lambda error: page_errors.append(str(error)))
            watched.append(page)
        query = query[1:] if query.startswith("?") else query
        url = f"{voila_server}/voila/render/{quote(notebook)}" + (f"?{query}" if query else "")
        started = time.monotonic()
        response = _goto_once_more_on_a_timeout(page, url, log_path)
        if response is None or not response.ok:
            status = response.status if response is not None else "no response"
            pytest.fail(f"GET {url} answered {status}: {page.inner_text('body')[:300]!r}", pytrace=False)
        page.wait_for_function(_RENDERED_JS)
        print(f"[dashboard] {notebook}{'?' + query if query else ''}: page to rendered outputs in {time.monotonic() - started:.2f} s")
        if not allow_errors:
            errors = page.evaluate(_ERRORS_JS, list(_ERROR_TEXTS))
            if errors:
                pytest.fail(
                    f"{notebook} shows errors {errors}; page JS errors {page_errors}; "
                    f"Voila log tail:\n{_log_tail(log_path)}",
                    pytrace=False,
                )
        return page

    return open_dashboard


def _busiest_processes(n: int = 6) -> str:
    """The processes that used the most CPU time, from ``ps`` (a diagnosis line; "" without ps)."""
    try:
        out = subprocess.run(["ps", "-eo", "pcpu,rss,etime,args", "--sort=-pcpu"], capture_output=True,
                             text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    return "\n".join(line[:160] for line in out.splitlines()[: n + 1])


def _goto_once_more_on_a_timeout(page, url: str, log_path: Path):
    """``page.goto(url)``, and once more if the first load passes the navigation timeout (as a
    learner would reload). A page that loads on the second try still leaves a warning in the
    run's summary with what the machine was doing (load, busiest processes, Voila's log tail):
    one such load (over 90 s, against about 2 s alone) failed a CI run on 2 cores while the
    other test worker ran; a page that never loads still fails."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        return page.goto(url)
    except PlaywrightTimeout as first:
        load = os.getloadavg() if hasattr(os, "getloadavg") else ()
        import warnings

        warnings.warn(
            f"{url}: no page after {NAVIGATION_TIMEOUT_MS / 1000:.0f} s ({str(first).splitlines()[0]}); "
            f"loading it once more. Load average {load}; busiest processes:\n{_busiest_processes()}\n"
            f"Voila log tail:\n{_log_tail(log_path, 25)}",
            pytest.PytestWarning, stacklevel=3,
        )
    return page.goto(url)


@pytest.fixture(autouse=True)
def _no_leaked_event_loop(request):
    """Hide, for a test that is not a browser test, an event loop left marked running in this
    thread by Playwright's sync API (see the module docstring); put it back afterwards."""
    loop = asyncio._get_running_loop()
    if loop is None or request.node.get_closest_marker("browser") is not None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


# ------------------------------------------------------------------ the room's database

ROOM_DB_URL = os.environ.get("CARDKIT_ROOM_DB_URL", "")
REQUIRE_POSTGRES = os.environ.get("CARDKIT_REQUIRE_POSTGRES", "") == "1"
#: the test files that run on SQLite and on PostgreSQL (see the module docstring)
ROOM_DB_FILES = frozenset({
    "test_room.py",
    "test_room_answers.py",
    "test_room_attacks_a.py",
    "test_room_duplicate.py",
    "test_room_editor_sets.py",
    "test_room_exports.py",
    "test_room_held_push.py",
    "test_room_own_answers.py",
    "test_room_pace.py",
    "test_room_seats_teacher.py",
    "test_room_security.py",
    "test_room_service.py",
    "test_room_service_seats_and_boards.py",
})
#: tests of SQLite itself, run on SQLite only
SQLITE_ONLY = frozenset({"test_a_sqlite_file_is_written_ahead"})
_ROOM_DBS = ("sqlite", "postgresql")
_ON_POSTGRES = "_cardkit_room_db"  # the class attribute of a unittest class's PostgreSQL copy


def _room_db_file(path) -> bool:
    return Path(str(path)).name in ROOM_DB_FILES


def pytest_generate_tests(metafunc):
    if "room_db" in metafunc.fixturenames and (_room_db_file(metafunc.definition.path)
                                                or "room_db_url" in metafunc.fixturenames):
        metafunc.parametrize("room_db", _ROOM_DBS, indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector, name, obj):
    """A unittest class of a room test file: the class (SQLite) and ``<name>OnPostgreSQL``."""
    import unittest

    if not (isinstance(obj, type) and issubclass(obj, unittest.TestCase) and getattr(obj, "__test__", True)
            and _room_db_file(collector.path) and obj.__module__ == getattr(collector.obj, "__name__", "")):
        return None
    from _pytest.unittest import UnitTestCase

    copy = type(f"{name}OnPostgreSQL", (obj,), {_ON_POSTGRES: "postgresql", "__module__": obj.__module__,
                                                 "__qualname__": f"{name}OnPostgreSQL"})
    setattr(collector.obj, copy.__name__, copy)  # pytest finds a class by its name in the module
    return [UnitTestCase.from_parent(collector, name=name, obj=obj),
            UnitTestCase.from_parent(collector, name=copy.__name__, obj=copy)]


class PostgresSchemas:
    """Fresh schemas of the PostgreSQL database ``base`` (a SQLAlchemy URL), each an engine
    or a URL whose connections see only it (``search_path``); :meth:`drop` drops them all."""

    def __init__(self, base: str, create_engine) -> None:
        from sqlalchemy.engine import make_url

        self.base = make_url(base)
        self._create_engine = create_engine  # SQLAlchemy's own
        self._admin = create_engine(self.base)
        self._by_path: dict[str, str] = {}
        self._names: list[str] = []
        self._engines: list = []

    def fresh(self) -> str:
        """A new empty schema's name."""
        import uuid

        name = f"cardkit_test_{uuid.uuid4().hex[:16]}"
        with self._admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {name}")
        self._names.append(name)
        return name

    def url(self, schema: str | None = None) -> str:
        """A URL whose connections use ``schema`` (default: a fresh one)."""
        schema = schema or self.fresh()
        return self.base.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)

    def create_engine(self, url, *args, **kwargs):
        """:func:`sqlalchemy.create_engine`, but a SQLite database is a schema here: the same
        file the same schema, ``sqlite://`` (in memory) a fresh one. Other URLs as given."""
        from sqlalchemy.engine import make_url

        u = make_url(url)
        if u.get_backend_name() != "sqlite":
            return self._create_engine(url, *args, **kwargs)
        path = u.database or ""
        if path in ("", ":memory:"):
            schema = self.fresh()
        else:
            schema = self._by_path.get(path) or self._by_path.setdefault(path, self.fresh())
        engine = self._create_engine(self.url(schema))
        self._engines.append(engine)
        return engine

    def drop(self) -> None:
        for engine in self._engines:
            engine.dispose()
        with self._admin.begin() as conn:
            for name in self._names:
                conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        self._admin.dispose()


def _require_postgres() -> None:
    if ROOM_DB_URL:
        return
    reason = "PostgreSQL run: CARDKIT_ROOM_DB_URL is not set (a postgresql:// URL of an empty database)"
    if REQUIRE_POSTGRES:
        pytest.fail(f"{reason}, and CARDKIT_REQUIRE_POSTGRES=1 requires the PostgreSQL runs", pytrace=False)
    pytest.skip(f"{reason}; .ci/run starts one")


@pytest.fixture(autouse=True)
def room_db(request, monkeypatch):
    """``"sqlite"`` or ``"postgresql"`` in a room test file (see the module docstring), else
    None. On PostgreSQL, :func:`sqlalchemy.create_engine` (and the names it was imported as
    in :mod:`cardkit.room` and the test module) makes schemas of ``CARDKIT_ROOM_DB_URL``
    instead of SQLite databases; yields the :class:`PostgresSchemas` then."""
    kind = getattr(request, "param", None)
    if kind is None and request.cls is not None and _room_db_file(request.node.path):
        kind = getattr(request.cls, _ON_POSTGRES, "sqlite")
    if kind != "postgresql":
        yield kind
        return
    if getattr(request.node, "originalname", request.node.name) in SQLITE_ONLY:
        pytest.skip("a test of SQLite itself (write-ahead logging)")
    _require_postgres()
    import sqlalchemy

    import cardkit.room

    real = sqlalchemy.create_engine
    schemas = PostgresSchemas(ROOM_DB_URL, real)
    monkeypatch.setattr(sqlalchemy, "create_engine", schemas.create_engine)
    for module in (cardkit.room, request.module):
        if getattr(module, "create_engine", None) is real:
            monkeypatch.setattr(module, "create_engine", schemas.create_engine)
    try:
        yield schemas
    finally:
        monkeypatch.undo()
        schemas.drop()


@pytest.fixture
def room_db_url(room_db, tmp_path):
    """A fresh, empty database's SQLAlchemy URL: a SQLite file in ``tmp_path``, or a fresh
    schema of ``CARDKIT_ROOM_DB_URL`` (``?options=-csearch_path%3D...``) on PostgreSQL."""
    if isinstance(room_db, PostgresSchemas):
        return room_db.url()
    return f"sqlite:///{tmp_path / 'room.sqlite'}"


# ------------------------------------------------------------------ learners' system users

def learners_cannot_run_python() -> str | None:
    """Why a learner's system user (``nobody`` in the tests) cannot run this Python, or None
    if it can: every folder above the interpreter as this run names it (a venv inside a
    private checkout, mode 0700), the file it links to (pyenv's Python under ``/root``) and
    the standard library must let other users pass (``cardkit.hub_cli.check_reachable_by_learners``)."""
    from cardkit.hub_cli import HubSetupError, check_reachable_by_learners

    paths = {Path(sys.executable).parent, Path(os.path.realpath(sys.executable)).parent,
             Path(os.path.realpath(sys.base_prefix))}
    try:
        check_reachable_by_learners(*sorted(paths))
    except HubSetupError as error:
        return str(error)
    return None


@pytest.fixture
def learner_python():
    """Skips the test, saying why, when a learner's system user cannot run this Python (see
    :func:`learners_cannot_run_python`): the hub's own tests skip for the same reason."""
    reason = learners_cannot_run_python()
    if reason is not None:
        pytest.skip(f"runs this Python as another user: {reason}")
