"""``cardkit-hub`` for real: a JupyterHub on 127.0.0.1, three learners in three Chromium
contexts, each playing a card on the Variety play page (lessons/variety/2_play.ipynb)
served by Voila inside the learner's own server.

Also: a wrong password is refused; learner A cannot open learner B's server nor the admin
page; the teacher (``--admin``) can; a learner's server lands on the lesson index
(default URL) and serves the page with the classroom settings (no code, no teacher-only
cell). At the end the hub is stopped (SIGTERM: it stops the learners' servers and the
proxy), and any process left in the test's temporary folder is killed.

Needs Chromium (``/usr/bin/chromium``), ``configurable-http-proxy`` (npm) and the
``hub`` extra; without them the test is skipped, saying why, unless
``CARDKIT_REQUIRE_BROWSER=1`` makes that a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from cardkit.hub_cli import system_user_name
from cardkit.serving_routes import REFUSED_MESSAGE

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parent.parent
REQUIRE_BROWSER = os.environ.get("CARDKIT_REQUIRE_BROWSER", "") == "1"
PASSWORD = "deal-me-in-42"  # the class password (>= 8 characters)
ADMIN_PASSWORD = "the-teachers-own-password-of-40-chars!!"  # >= 32 characters
LEARNERS = ("ann", "boris", "chloe")
#: learners of the later tests of the same hub: Compose a deal (issue 34, item 10) and a class
#: link for a server not running (item 16)
EDITOR_LEARNER, LINK_LEARNER, LOGIN_LINK_LEARNER = "dora", "pia", "quinn"
EVERY_LEARNER = (*LEARNERS, EDITOR_LEARNER, LINK_LEARNER, LOGIN_LINK_LEARNER)
TEACHER = "teacher"
PLAY = "variety/2_play.ipynb"
HUB_START_TIMEOUT_S = 60
SPAWN_TIMEOUT_MS = 120_000  # log-in to a rendered dashboard, three servers starting at once
EXPECT_TIMEOUT_MS = 45_000


# ------------------------------------------------- the dashboard's selectors
# Kept here, in one place, so a new card widget needs only these functions changed.


def status_line(page):
    """The play dashboard's status line (what happened, whose turn it is)."""
    return page.locator(".cardkit-status, .ckt-status").first


def enabled_bids(page):
    """The numbers the learner may bid now (Variety's bidding)."""
    return page.locator(".cardkit-auction button:enabled, .ckt-bid:enabled, "
                        "[role=group][aria-label='Bid a number'] button:enabled")


def legal_cards(page):
    """The learner's legal cards: enabled buttons in the hand, named by the card."""
    return page.locator(".cardkit-hand button:enabled, .ckt-hand [role=button].ckt-legal")


def play_a_card(page) -> str:
    """Bid (at most three times) until the play starts, then play the first legal card;
    returns the card's accessible name. Fails if the dashboard does not say it was played."""
    from playwright.sync_api import expect

    status = status_line(page)
    turn = re.compile(r"Your turn( to bid|: play a card)")
    for _ in range(4):
        expect(status).to_contain_text(turn)
        if "play a card" in status.inner_text():
            break
        bid = enabled_bids(page).first
        number = bid.inner_text().strip()
        assert re.fullmatch(r"[1-8]", number), number
        bid.click()
        expect(status).to_contain_text(f"You bid {number}")
    else:
        pytest.fail(f"the bidding did not end after three bids: {status.inner_text()!r}")
    card = legal_cards(page).first
    name = (card.get_attribute("aria-label") or card.inner_text()).strip()
    assert name, "a legal card without an accessible name"
    card.click()
    expect(status).to_contain_text("You played")
    expect(status).not_to_contain_text("⚠")
    return name


# ------------------------------------------------------------------ the hub


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _missing(reason: str):
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason}, and CARDKIT_REQUIRE_BROWSER=1 requires browser tests", pytrace=False)
    pytest.skip(f"hub browser test: {reason}; CARDKIT_REQUIRE_BROWSER=1 makes this a failure")


def _processes_in(root: Path) -> list[int]:
    """Processes (other than ours) whose working folder or command line is inside ``root``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if str(root) in cmdline or cwd == str(root) or cwd.startswith(str(root) + os.sep):
            found.append(int(entry.name))
    return found


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return "(no hub log)"
    return "\n".join(re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines()[-lines:])


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """``(base_url, log_path, data_dir)`` of a running ``cardkit-hub``; stopped at the end."""
    if shutil.which("configurable-http-proxy") is None:
        _missing("configurable-http-proxy not found (npm install -g configurable-http-proxy)")
    try:
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError as error:
        _missing(f"{error.name} not installed (pip install -e '.[hub]')")

    if os.geteuid() != 0 or shutil.which("useradd") is None:
        _missing("cardkit-hub gives each learner a system user, which needs root and useradd")
    from cardkit.hub_cli import REPO_ROOT as KIT_ROOT, HubSetupError, check_reachable_by_learners

    try:
        check_reachable_by_learners(Path(os.path.realpath(sys.executable)).parent, KIT_ROOT)
    except HubSetupError as error:
        _missing(str(error))
    # Not under pytest's own temporary folder (mode 0700): the learners' system users must
    # pass through the data folder's parents to reach their homes and the lessons.
    root = Path(tempfile.mkdtemp(prefix="cardkit-hub-test-"))
    os.chmod(root, 0o711)
    data_dir = root / "data"
    (root / "admin-password").write_text(ADMIN_PASSWORD + "\n")
    os.chmod(root / "admin-password", 0o600)
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(root / "jupyter-config"),
        JUPYTER_DATA_DIR=str(root / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(root / "jupyter-runtime"),
        IPYTHONDIR=str(root / "ipython"),
        PYTHONUNBUFFERED="1",
        CARDKIT_HUB_PASSWORD=PASSWORD,
    )
    env.pop("CARDKIT_HUB_ADMIN_PASSWORD", None)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = root / "hub.log"
    command = [
        sys.executable, "-m", "cardkit.hub_cli", "--port", str(port), "--data-dir", str(data_dir),
        "--admin", TEACHER, "--admin-password-file", str(root / "admin-password"),
        "--max-servers", "8", "--mem-limit", "1G",  # ann, boris, chloe, dora, pia, quinn and the teacher
    ]
    # Chloe's uid had an owner before (issue 32, item 8): their runtime folder is still there,
    # with a cookie secret and a server file holding a token. Her server must not use any of it.
    from cardkit._hub_classes import RUNTIME_ROOT, ensure_system_user

    secure = root / "data" / "homes"
    secure.mkdir(parents=True)
    os.chmod(root / "data", 0o711)
    os.chmod(secure, 0o711)
    chloe = ensure_system_user(system_user_name(LEARNERS[2]), secure / system_user_name(LEARNERS[2]))
    stale = Path(RUNTIME_ROOT) / str(chloe.pw_uid)
    stale.mkdir(parents=True, exist_ok=True)
    (stale / "jupyter_cookie_secret").write_bytes(STALE_SECRET)
    (stale / "jpserver-1.json").write_text('{"token": "the-previous-owners-token"}')
    uids = {}
    started = time.monotonic()
    test_finished = False
    with open(log_path, "wb") as log:
        # cwd = root: the proxy and the idle culler run there, so leftovers are found.
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=env, cwd=root)
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"cardkit-hub exited with {process.returncode}:\n{_log_tail(log_path)}", pytrace=False)
            if time.monotonic() - started > HUB_START_TIMEOUT_S:
                pytest.fail(f"the hub was not ready after {HUB_START_TIMEOUT_S} s:\n{_log_tail(log_path)}",
                            pytrace=False)
            try:
                with urllib.request.urlopen(f"{base}/hub/login", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        print(f"\n[hub] ready at {base} in {time.monotonic() - started:.1f} s (log {log_path})")
        yield base, log_path, data_dir
        test_finished = True
        uids = {}  # the learners this session logged in (a test that uses the hub may log in none)
        for name in EVERY_LEARNER:
            with contextlib.suppress(KeyError):
                uids[name] = pwd.getpwnam(system_user_name(name)).pw_uid
    finally:
        stopping = time.monotonic()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # the hub stops the servers, the culler and the proxy
            try:
                process.wait(timeout=45)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        left = _processes_in(root)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        print(f"[hub] stopped in {time.monotonic() - stopping:.1f} s; processes left and killed: {left}")
        log_text = log_path.read_text(errors="replace") if log_path.exists() else ""
        for name in (*EVERY_LEARNER, TEACHER):  # the system users the hub made for this test
            subprocess.run(["userdel", system_user_name(name)], capture_output=True, check=False)
        shutil.rmtree(root, ignore_errors=True)
        if test_finished:  # the hub itself must have stopped everything it started
            assert not left, f"the hub left processes running after SIGTERM: {left}"
            # ... and removed each learner's runtime folder and memory cgroup (issue 32, item 8)
            from cardkit._hub_classes import RUNTIME_ROOT

            planted = stale / "jupyter_cookie_secret"  # Chloe's server never started (a test run alone)
            if planted.exists() and planted.read_bytes() == STALE_SECRET:
                shutil.rmtree(stale, ignore_errors=True)
            kept = [uid for uid in uids.values() if os.path.lexists(Path(RUNTIME_ROOT) / str(uid))]
            assert not kept, f"runtime folders outlived their learners' servers: {kept}"
            # (the learners' own cgroups: the folder they are made in may hold another test's,
            # e.g. tests/test_hub_cgroups.py's on the other worker)
            cgroups = _memory_cgroups_folder(log_text)
            left_cgroups = [] if cgroups is None else [
                cgroups / system_user_name(n) for n in (*EVERY_LEARNER, TEACHER)
                if (cgroups / system_user_name(n)).exists()]
            assert not left_cgroups, f"memory cgroups left: {left_cgroups}"


STALE_SECRET = b"the previous owner's cookie secret"


def _memory_cgroups_folder(log: str) -> Path | None:
    """The folder of the learners' memory cgroups the hub said it uses (None: advisory)."""
    found = re.search(r"memory: \S+ per learner, enforced: .*\(cgroup v[12], (.+)\)\s*$", log, re.M)
    return Path(found.group(1)) if found else None


def _login(context, base: str, name: str, password: str, next_path: str = ""):
    """Open the log-in page in a new page of ``context``, submit the form; returns the page
    (the navigation after the submit is not waited for)."""
    page = context.new_page()
    page.set_default_timeout(EXPECT_TIMEOUT_MS)
    page.set_default_navigation_timeout(SPAWN_TIMEOUT_MS)
    page.goto(f"{base}/hub/login" + (f"?next={next_path}" if next_path else ""))
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit", no_wait_after=True)
    return page


def test_three_learners_play_through_the_hub(hub, browser):
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    base, log_path, data_dir = hub
    t0 = time.monotonic()

    # A wrong password is refused: the log-in page again, with JupyterHub's message.
    stranger = browser.new_context()
    page = stranger.new_page()
    page.goto(f"{base}/hub/login")
    page.fill("#username_input", LEARNERS[0])
    page.fill("#password_input", PASSWORD + "x")
    with page.expect_response(lambda r: r.request.method == "POST" and "/hub/login" in r.url) as answer:
        page.click("#login_submit")
    assert answer.value.status == 403, answer.value.status
    expect(page.locator(".login_error")).to_contain_text("Invalid username or password")
    assert "/hub/login" in page.url
    # ... and so is the class password for the teacher's (admin) name.
    page.fill("#username_input", TEACHER)
    page.fill("#password_input", PASSWORD)
    with page.expect_response(lambda r: r.request.method == "POST" and "/hub/login" in r.url) as answer:
        page.click("#login_submit")
    assert answer.value.status == 403, answer.value.status
    stranger.close()

    # Three learners log in at once, straight to the play page (each server starts).
    contexts = [browser.new_context() for _ in LEARNERS]
    play_path = {name: f"/user/{name}/voila/render/{PLAY}" for name in LEARNERS}
    # /hub/spawn starts the server, then goes on to its own next page (a plain
    # /user/NAME/... link to a stopped server asks the learner to press "Launch Server").
    pages = {name: _login(ctx, base, name, PASSWORD, quote(f"/hub/spawn?next={quote(play_path[name])}"))
             for name, ctx in zip(LEARNERS, contexts)}
    try:
        for name, page in pages.items():
            page.wait_for_url(re.compile(re.escape(base + play_path[name]) + r"(\?.*)?$"), timeout=SPAWN_TIMEOUT_MS)
            expect(status_line(page)).to_contain_text("Deal code", timeout=SPAWN_TIMEOUT_MS)
            print(f"[hub] {name}: log-in to the play dashboard in {time.monotonic() - t0:.1f} s")
        for name, page in pages.items():
            body = page.inner_text("body")
            assert "There was an error" not in body and "Traceback" not in body, body[:300]
            # the classroom settings reached the learner's server: no code, no teacher's notes
            expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
            assert "Teacher's note" not in body
            card = play_a_card(page)
            print(f"[hub] {name} played {card!r} at {time.monotonic() - t0:.1f} s")

        ann, boris = LEARNERS[0], LEARNERS[1]
        ctx_ann = contexts[0]
        # The default URL of a learner's server is the lesson index in Voila.
        landing = ctx_ann.request.get(f"{base}/user/{ann}/", max_redirects=0)
        assert landing.status == 302, landing.status
        assert landing.headers["location"].split("?")[0] == f"/user/{ann}/voila/render/index.ipynb"

        # No terminals in a learner's server (a shell as the teacher's system user).
        assert ctx_ann.request.get(f"{base}/user/{ann}/api/terminals", max_redirects=0).status == 404

        # Ann cannot open Boris's server: the hub refuses her the access (403).
        other = pages[ann].context.new_page()
        response = other.goto(f"{base}{play_path[boris]}")
        assert response is not None
        # (his server sends her to the hub's authorization, which answers 403)
        assert response.status == 403, (response.status, other.url)
        assert "/hub/api/oauth2/authorize" in other.url, other.url
        assert "Deal code" not in other.inner_text("body")
        boris_kernel = pages[boris].evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        api = ctx_ann.request.get(f"{base}/user/{boris}/api/kernels/{boris_kernel}", max_redirects=0)
        assert api.status == 403, api.status
        # ... nor the admin page.
        assert ctx_ann.request.get(f"{base}/hub/admin", max_redirects=0).status == 403

        # The teacher is an admin (admin password) and sees the three learners.
        teacher = browser.new_context()
        tpage = _login(teacher, base, TEACHER, ADMIN_PASSWORD, "/hub/admin")
        tpage.wait_for_url(re.compile(re.escape(f"{base}/hub/admin")))
        for name in LEARNERS:
            expect(tpage.get_by_text(name, exact=True).first).to_be_visible()
        teacher.close()

        # The idle culler runs as a hub service, and its token may list the users' servers.
        log = log_path.read_text(errors="replace")
        assert re.search(r"200 GET /hub/api/users\S* \(idle-culler@", log), "the idle culler never listed the users"

        # Each learner's home folder is in the hub's data folder, their own system user's.
        homes = data_dir / "homes"
        assert sorted(p.name for p in homes.iterdir()) == sorted(system_user_name(n) for n in LEARNERS)
        for name in LEARNERS:
            home = homes / system_user_name(name)
            assert home.stat().st_uid == pwd.getpwnam(system_user_name(name)).pw_uid
            assert stat.S_IMODE(home.stat().st_mode) == 0o700

        _learners_kept_apart(base, data_dir, pages, contexts, log_path)
        _runtime_and_memory_apart(data_dir, log_path)
    except BaseException:
        print(f"[hub] log tail:\n{_log_tail(log_path)}")
        raise
    finally:
        for ctx in contexts:
            ctx.close()
    print(f"[hub] test body took {time.monotonic() - t0:.1f} s")


# ------------------------------------------------ one learner against another (issue 19)

ATTACK_MARK = "cardkit-attack-mark"
_PROBE = """
import sys
for path in sys.argv[1:]:
    try:
        if path.endswith('/'):
            import os; os.listdir(path)
        elif path.startswith('write:'):
            open(path[6:], 'a').close()
        else:
            open(path, 'rb').read()
        print('OPEN', path)
    except OSError as error:
        print('DENIED', path, type(error).__name__)
"""


def _pids_of(uid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _as_user(system_name: str, paths: list[str]) -> dict[str, str]:
    """What code run as that system user (a learner's own kernel) can open: path -> OPEN/DENIED."""
    user = pwd.getpwnam(system_name)

    def demote():
        os.setgid(user.pw_gid)
        os.setgroups([])
        os.setuid(user.pw_uid)

    result = subprocess.run([sys.executable, "-c", _PROBE, *paths], preexec_fn=demote, capture_output=True,
                            text=True, timeout=60, cwd="/", env={"PATH": os.environ.get("PATH", ""), "HOME": "/"})
    seen = {}
    for line in result.stdout.splitlines():
        verdict, path = line.split(" ")[:2]
        seen[path] = verdict
    assert len(seen) == len(paths), result.stderr[-2000:]
    return seen


def _listening_tcp_ports(uid: int) -> dict[int, str]:
    """The TCP ports (IPv4 and IPv6) on which sockets of user ``uid``'s processes listen, each
    with the command line of the process holding it (/proc/net/tcp*, /proc/<pid>/fd)."""
    inodes = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in list(f)[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[7]) == uid:  # 0A: LISTEN
                    inodes[fields[9]] = int(fields[1].rsplit(":", 1)[1], 16)
    holders = {}
    for pid in _pids_of(uid):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        for fd in fds:
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    holders[inodes[target[8:-1]]] = cmdline
    return holders


def _learners_kept_apart(base, data_dir, pages, contexts, log_path):
    """Ann attacks: she writes the lessons through the file API, runs code through her
    kernel's websocket, and (as her own system user, what any code of hers would be) reads
    Boris's server's environment (his API token), his home, and the hub's secrets. All fail,
    and Boris's index page is unchanged."""
    from playwright.sync_api import expect

    ann, boris = LEARNERS[0], LEARNERS[1]
    ctx = contexts[0]
    xsrf = next((c["value"] for c in ctx.cookies() if c["name"] == "_xsrf"), "")
    assert xsrf, "the learner's page set no _xsrf cookie (its close-time shutdown call would be refused)"
    headers = {"X-XSRFToken": xsrf, "Content-Type": "application/json"}
    index = data_dir / "lessons" / "index.ipynb"
    before = index.read_bytes()
    notebook = json.loads(before)
    notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": f"{ATTACK_MARK} <img src=x "
                                 "onerror=alert(1)>"})
    contents = f"{base}/user/{ann}/api/contents"
    attempts = [
        ("PUT", f"{contents}/index.ipynb", {"type": "notebook", "format": "json", "content": notebook}),
        ("POST", contents, {"type": "notebook"}),
        ("PATCH", f"{contents}/index.ipynb", {"path": "renamed.ipynb"}),
        ("DELETE", f"{contents}/index.ipynb", None),
        ("POST", f"{contents}/index.ipynb/checkpoints", None),
    ]
    for method, url, body in attempts:
        answer = ctx.request.fetch(url, method=method, headers=headers, max_redirects=0,
                                   data=json.dumps(body) if body is not None else None)
        # no file API at all in a learner's server (cardkit.serving_routes; read-only behind it)
        assert answer.status == 404, (method, url, answer.status, answer.text()[:300])
        assert answer.text() == REFUSED_MESSAGE, (method, answer.text()[:300])
    assert index.read_bytes() == before

    # Code through the play page's kernel websocket: refused (only the widgets' messages pass).
    marker = Path(tempfile.gettempdir()) / f"{ATTACK_MARK}-{os.getpid()}"
    marker.unlink(missing_ok=True)
    sent = pages[ann].evaluate("""async (code) => {
        const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
        const url = location.origin.replace('http', 'ws') + config.baseUrl + 'api/kernels/' + config.kernelId
                    + '/channels?session_id=attack';
        const ws = new WebSocket(url);
        await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
        const id = 'attack-' + Date.now();
        ws.send(JSON.stringify({header: {msg_id: id, username: 'ann', session: 'attack', msg_type: 'execute_request',
                                         version: '5.3', date: new Date().toISOString()},
                                parent_header: {}, metadata: {}, channel: 'shell', buffers: [],
                                content: {code: code, silent: false, store_history: false, user_expressions: {},
                                          allow_stdin: false, stop_on_error: true}}));
        const replies = [];
        ws.onmessage = (m) => { try { replies.push(JSON.parse(m.data).msg_type); } catch (e) {} };
        await new Promise((ok) => setTimeout(ok, 4000));
        ws.close();
        return replies;
    }""", f"open({str(marker)!r}, 'w').write('ran')")
    assert "execute_reply" not in sent, sent
    assert not marker.exists(), "code sent through the kernel's websocket ran"

    # Widget models of her own (comm_open for "jupyter.widget", which filled a kernel with 380 MB)
    # never reach the kernel: no message of the kernel's answers it; a comm_info_request does pass.
    answered = pages[ann].evaluate("""async () => {
        const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
        const url = location.origin.replace('http', 'ws') + config.baseUrl + 'api/kernels/' + config.kernelId
                    + '/channels?session_id=attack2';
        const ws = new WebSocket(url);
        await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
        const parents = [];
        ws.onmessage = (m) => { try { parents.push(JSON.parse(m.data).parent_header.msg_id); } catch (e) {} };
        const send = (id, type, content) => ws.send(JSON.stringify({
            header: {msg_id: id, username: 'ann', session: 'attack2', msg_type: type, version: '5.3',
                     date: new Date().toISOString()},
            parent_header: {}, metadata: {}, channel: 'shell', buffers: [], content: content}));
        for (let i = 0; i < 5; i++)
            send('open-' + i, 'comm_open', {comm_id: 'attack-' + i, target_name: 'jupyter.widget',
                 data: {state: {_model_name: 'TextModel', _model_module: '@jupyter-widgets/controls',
                                value: 'x'.repeat(1000)}, buffer_paths: []}});
        send('info', 'comm_info_request', {});
        await new Promise((ok) => setTimeout(ok, 3000));
        ws.close();
        return parents;
    }""")
    assert "info" in answered, f"the kernel's websocket passed nothing: {answered}"
    assert not [p for p in answered if str(p).startswith("open-")], answered

    # The page's settings API writes nothing (a page could fill her home without bound).
    answer = ctx.request.fetch(f"{base}/user/{ann}/api/config/notebook", method="PUT", headers=headers,
                               data=json.dumps({"x": "y" * 1000}), max_redirects=0)
    assert answer.status == 404, (answer.status, answer.text()[:200])

    _only_lesson_routes(base, ctx, headers, log_path)

    # Kernels listen on no TCP port another learner could reach (with TCP, each of Boris's
    # kernels listened on five ports of 127.0.0.1, and any learner could read its iopub).
    boris_uid = pwd.getpwnam(system_user_name(boris)).pw_uid
    listening = _listening_tcp_ports(boris_uid)
    assert listening, "boris's server listens on no TCP port: the check sees nothing"
    kernels = {port: cmd for port, cmd in listening.items() if "ipykernel" in cmd}
    # Each kernel keeps one: ipykernel's inbound-only pipe for forked children's output (a PULL
    # socket that drops any message without the kernel's random key; it sends nothing).
    per_kernel = [cmd for cmd in kernels.values()]
    assert len(per_kernel) == len(set(per_kernel)), f"a kernel of boris's listens on several TCP ports: {kernels}"
    for cmd in set(per_kernel):
        connection = json.loads(Path(cmd.split(" -f ", 1)[1].split()[0]).read_text())
        assert connection["transport"] == "ipc", connection["transport"]
        assert os.stat(Path(cmd.split(" -f ", 1)[1].split()[0]).parent).st_mode & 0o777 == 0o700

    # As her own system user: nothing of Boris's, nothing of the hub's.
    ann_user, boris_user = (pwd.getpwnam(system_user_name(n)) for n in (ann, boris))
    boris_pids = _pids_of(boris_user.pw_uid)
    ann_pids = _pids_of(ann_user.pw_uid)
    assert boris_pids and ann_pids, "the learners' servers do not run as their own system users"
    secrets = [str(data_dir / name) for name in ("jupyterhub.sqlite", "jupyterhub_cookie_secret")]
    secrets.append(str(data_dir.parent / "admin-password"))
    theirs = [f"/proc/{pid}/environ" for pid in boris_pids] + [f"/proc/{os.getpid()}/environ"]
    probes = [*secrets, *theirs, str(data_dir / "homes" / boris_user.pw_name) + "/", f"write:{index}",
              f"write:{data_dir / 'singleuser-config' / 'jupyter_server_config.py'}"]
    seen = _as_user(ann_user.pw_name, [*probes, f"/proc/{ann_pids[0]}/environ", str(index)])
    assert seen[f"/proc/{ann_pids[0]}/environ"] == "OPEN" and seen[str(index)] == "OPEN"  # her own; the lessons
    opened = [p for p in probes if seen[p] != "DENIED"]
    assert not opened, f"ann could open {opened}"

    # Boris's index page is the teacher's, untouched.
    page = contexts[1].new_page()
    page.goto(f"{base}/user/{boris}/voila/render/index.ipynb")
    expect(page.get_by_text("Variety").first).to_be_visible()
    assert ATTACK_MARK not in page.content()
    page.close(run_before_unload=True)


# ----------------------------------- only what a lesson page uses (issue 32, items 6, 7, 8, 9a)

ANSWER_FILES = ("variety/problems.json", "variety/card_play.json", "variety/double_dummy.json",
                "warsaw_hearts/problems.json", "warsaw_hearts/keep_honours.json", "armenian_durak/problems.json")


def _only_lesson_routes(base, ctx, headers, log_path):
    """Ann's own server answers 404, in one line, to the Jupyter API a lesson page never uses
    (sessions of 50 KB names kept by the hundred, REST kernel starts, the server's shutdown,
    nbconvert, kernel specs, files), serves no answer key, and a template path trick is a
    404 without a traceback in the log."""
    ann = LEARNERS[0]
    server = f"{base}/user/{ann}"
    big = json.dumps({"path": "p" * 50_000, "name": "n" * 50_000, "type": "notebook", "kernel": {"name": "python3"}})
    for _ in range(20):
        answer = ctx.request.post(f"{server}/api/sessions", headers=headers, data=big, max_redirects=0)
        assert answer.status == 404 and answer.text() == REFUSED_MESSAGE, (answer.status, answer.text()[:200])
    refused = [("GET", "/api/sessions"), ("POST", "/api/kernels"), ("GET", "/api/kernels"), ("POST", "/api/shutdown"),
               ("GET", "/nbconvert/html/index.ipynb"), ("GET", "/api/kernelspecs"), ("GET", "/api/contents"),
               ("GET", "/api/contents/variety/2_play.ipynb"), ("GET", "/files/variety/2_play.ipynb"),
               ("GET", "/voila/tree"), ("GET", "/voila/api/contents/variety"), ("GET", "/api/config/notebook")]
    refused += [("GET", f"/files/{name}") for name in ANSWER_FILES]
    refused += [("GET", f"/voila/files/{name}") for name in ANSWER_FILES]
    refused += [("GET", f"/api/contents/{name}") for name in ANSWER_FILES]
    for method, path in refused:
        answer = ctx.request.fetch(server + path, method=method, headers=headers, max_redirects=0,
                                   data="{}" if method == "POST" else None)
        assert answer.status == 404, (method, path, answer.status, answer.text()[:200])
        assert '"best"' not in answer.text() and "Teacher's note" not in answer.text()
    # the server is still there after its refused shutdown, and still serves the lesson pages
    assert ctx.request.get(f"{server}/voila/static/voila.js").status == 200
    for path in ("/voila/templates/..%2F..%2F..%2Fetc/passwd", "/voila/templates/lab/static/..%2F..%2F..%2F..%2F"
                 "..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd", "/voila/static/..%2F..%2F..%2F..%2F..%2F..%2Fetc/passwd"):
        answer = ctx.request.get(server + path, max_redirects=0)
        assert answer.status == 404 and "root:" not in answer.text(), (path, answer.status)
    log = log_path.read_text(errors="replace")
    assert "AssertionError" not in log, "a template path trick reached Voila's handler"


def _runtime_and_memory_apart(data_dir, log_path):
    """Each learner's runtime folder is new and their own (Chloe's uid had a previous owner whose
    cookie secret was left there), and each learner's server with its kernels runs in a memory
    cgroup of its own limited to --mem-limit (where the hub said it enforces it)."""
    from cardkit._hub_classes import RUNTIME_ROOT

    for name in LEARNERS:
        user = pwd.getpwnam(system_user_name(name))
        folder = Path(RUNTIME_ROOT) / str(user.pw_uid)
        info = os.lstat(folder)
        # (Jupyter adds the sticky bit to its runtime folder)
        assert stat.S_ISDIR(info.st_mode) and info.st_uid == user.pw_uid and info.st_mode & 0o777 == 0o700
        files = sorted(p.name for p in folder.iterdir())
        assert "jpserver-1.json" not in files, files
        secret = folder / "jupyter_cookie_secret"
        assert not secret.exists() or secret.read_bytes() != STALE_SECRET, f"{name}'s server kept an old cookie secret"
    cgroups = _memory_cgroups_folder(log_path.read_text(errors="replace"))
    if cgroups is None:
        print("[hub] memory limit advisory here (no writable cgroup): not checked")
        return
    for name in LEARNERS:
        user = pwd.getpwnam(system_user_name(name))
        cgroup = cgroups / user.pw_name
        members = set(map(int, (cgroup / "cgroup.procs").read_text().split()))
        theirs = set(_pids_of(user.pw_uid))
        assert theirs and theirs <= members, (name, theirs, members)  # the server and every kernel of it
        limit = cgroup / ("memory.limit_in_bytes" if (cgroup / "memory.limit_in_bytes").exists() else "memory.max")
        assert int(limit.read_text()) == 1024**3  # --mem-limit 1G


# ------------------------------------------- Compose a deal under the hub (issue 34, item 10)


def test_compose_a_deal_through_the_hub(hub, browser):
    """A learner opens "Compose a deal" (lessons/deal_editor.ipynb) through the hub and sees
    its controls: under cardkit-hub the page stayed a grey placeholder until Voila's
    "Timeout waiting for IOPub output"."""
    from playwright.sync_api import expect

    base, log_path, _data_dir = hub
    t0 = time.monotonic()
    ctx = browser.new_context()
    path = f"/user/{EDITOR_LEARNER}/voila/render/deal_editor.ipynb"
    try:
        page = _login(ctx, base, EDITOR_LEARNER, PASSWORD, quote(f"/hub/spawn?next={quote(path)}"))
        page.wait_for_url(re.compile(re.escape(base + path) + r"(\?.*)?$"), timeout=SPAWN_TIMEOUT_MS)
        expect(page.get_by_role("button", name="Deal the rest at random")).to_be_visible(timeout=SPAWN_TIMEOUT_MS)
        expect(page.get_by_role("button", name="Add to the set")).to_be_visible()
        print(f"[hub] {EDITOR_LEARNER}: log-in to Compose a deal's controls in {time.monotonic() - t0:.1f} s")
        body = page.inner_text("body")
        assert "There was an error" not in body and "Traceback" not in body, body[:300]
        assert "Timeout waiting for IOPub" not in log_path.read_text(errors="replace")
    except BaseException:
        print(f"[hub] log tail:\n{_log_tail(log_path)}")
        raise
    finally:
        ctx.close()


# ------------------------------- a class link for a learner whose server is not running (item 16)

CLASS_DEAL = "V-4821"


def _south_hand(page) -> list[str]:
    """The cards of the learner's hand on the Variety play page, as notation ("QH")."""
    from playwright.sync_api import expect

    hand = page.locator(".ckt-hand [role=button]")
    expect(hand).to_have_count(13)
    return sorted(hand.evaluate_all("es => es.map(e => e.dataset.card)"))


def test_a_class_link_starts_a_stopped_server(hub, browser):
    """The teacher's class link, in its two forms, for learners whose servers are not running:
    ``/hub/user-redirect/voila/render/...?deal=`` (opened before logging in) and
    ``/hub/login?next=/user/<name>/voila/render/...?deal=``. Each logs in and lands on the
    lesson with the link's cards (JupyterHub's "Launch Server" page, HTTP 424, before)."""
    from playwright.sync_api import expect

    from cardkit.codes import deal_from_code

    base, log_path, _data_dir = hub
    expected = sorted(c.rank.char + c.suit.letter for c in deal_from_code(CLASS_DEAL).hands[0])
    contexts = []
    try:
        # 1. the user-redirect form, opened by a learner not logged in: the log-in page, then the lesson
        ctx = browser.new_context()
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_navigation_timeout(SPAWN_TIMEOUT_MS)
        page.goto(f"{base}/hub/user-redirect/voila/render/{PLAY}?deal={CLASS_DEAL}")
        assert "/hub/login" in page.url, page.url
        page.fill("#username_input", LINK_LEARNER)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit", no_wait_after=True)

        def lands(name, p):
            target = re.compile(re.escape(f"{base}/user/{name}/voila/render/{PLAY}?deal={CLASS_DEAL}") + "(&.*)?$")
            try:
                p.wait_for_url(target, timeout=SPAWN_TIMEOUT_MS, wait_until="domcontentloaded")
            except Exception as e:  # say where the learner is instead
                raise AssertionError(f"{name} is at {p.url!r} ({p.title()!r}), not the lesson: {e}") from None
            expect(status_line(p)).to_contain_text(f"Deal code {CLASS_DEAL}.", timeout=SPAWN_TIMEOUT_MS)
            assert _south_hand(p) == expected, name

        lands(LINK_LEARNER, page)
        # 2. the /user/<name>/ form through the log-in page, for another learner (one server
        # starting at a time, as a class's learners arrive)
        ctx2 = browser.new_context()
        contexts.append(ctx2)
        path = f"/user/{LOGIN_LINK_LEARNER}/voila/render/{PLAY}?deal={CLASS_DEAL}"
        page2 = _login(ctx2, base, LOGIN_LINK_LEARNER, PASSWORD, quote(path, safe="/"))
        lands(LOGIN_LINK_LEARNER, page2)
    except BaseException:
        print(f"[hub] log tail:\n{_log_tail(log_path)}")
        raise
    finally:
        for ctx in contexts:
            ctx.close()
