"""The class server's safety pieces without a browser (issue 19): log-in names, the system
users' names, the read-only lessons copy, the data folder's modes, the kernel cap, the
read-only file API, the prelaunch hook, and the numba preparation's module list."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import nbformat
import pytest

from cardkit import hub_cli, lessons_cli, prepare
from cardkit.errors import CardkitError
from cardkit.hub_cli import HubSetupError, check_learner_name, system_user_name

REPO_ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------- names

@pytest.mark.parametrize("name, reserved, why", [
    ("tеacher", ["teacher"], "mixes alphabets"),  # Cyrillic е
    ("teacheг", [], "mixes alphabets"),
    ("теасhег", ["teacher"], "mixes alphabets"),
    ("теасне", ["teache"], "looks like"),  # all Cyrillic, drawn like a Latin name
    ("teacher1", ["teacherl"], "looks like"),
    # the attacker's list (issue 19): one alphabet each, drawn like "teacher"
    ("теасһег", ["teacher"], "looks like"),  # all Cyrillic, with һ and г
    ("teɑcher", ["teacher"], "looks like"),  # Latin alpha
    ("ᴛᴇᴀᴄʜᴇʀ", ["teacher"], "looks like"),  # small capitals
    ("teachér", ["teacher"], "looks like"),  # an accent
    ("teacheṟ", ["teacher"], "looks like"),  # a line below
    ("teacher_", ["teacher"], "looks like"),  # a trailing mark
    ("teacher.", ["teacher"], "looks like"),
    ("tea-cher", ["teacher"], "looks like"),
    ("ann_", ["ann"], "looks like"),
    ("../etc", [], "not allowed"),
    ("", [], "not allowed"),
    ("a" * 41, [], "not allowed"),
])
def test_lookalike_and_bad_names_are_refused(name, reserved, why):
    with pytest.raises(HubSetupError, match=why) as info:
        check_learner_name(name, reserved=reserved)
    assert isinstance(info.value, CardkitError)
    assert repr(name[:20])[1:-1][:10] in str(info.value) or name == ""


@pytest.mark.parametrize("name, normal", [
    ("Ann", "ann"), ("борис", "борис"), ("ＴＥＡＣＨＥＲ", "teacher"), ("teacher", "teacher"), ("chloe.b", "chloe.b"),
    ("zoë", "zoë"), ("анна", "анна"), ("teachers", "teachers"),
])
def test_good_names_are_returned_normalised(name, normal):
    assert check_learner_name(name, reserved=["teacher"]) == normal


def test_system_user_names_are_safe_and_distinct():
    assert system_user_name("ann") == "ck-ann"
    assert system_user_name("root") == "ck-root"  # never a system account's own name
    odd = [system_user_name(n) for n in ("борис", "chloe.b", "a" * 40, "x-" * 14)]
    assert all(n.startswith("ck_") and len(n) == 19 for n in odd[:3]), odd
    names = [system_user_name(n) for n in ("ann", "борис", "chloe.b", "chloe_b", "chloe-b")]
    assert len(set(names)) == len(names)
    import re
    assert all(re.fullmatch(r"[a-z_][a-z0-9_-]{0,31}", n) for n in names)  # what useradd takes


# ------------------------------------------------------------ the folders

def test_an_account_the_hub_did_not_make_is_never_handed_to_a_learner(tmp_path):
    pytest.importorskip("jupyterhub")
    from cardkit._hub_classes import ensure_system_user

    with pytest.raises(HubSetupError, match="not a cardkit learner"):
        ensure_system_user("root", tmp_path / "homes" / "root")
    with pytest.raises(HubSetupError, match="not a cardkit learner"):
        ensure_system_user("nobody", tmp_path / "homes" / "nobody")
    assert not (tmp_path / "homes").exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root (the hub runs as root)")
def test_the_numba_cache_is_copied_as_the_learner_and_a_planted_link_is_not_followed(learner_python):
    """The attacker's finding 1: with ``~/.cache`` a symbolic link to a folder of root's, the
    hub (as root) copied the cache through it and gave root's folder to the learner. Now the
    learner's own user copies, and removes the link."""
    import pwd
    import shutil
    import tempfile

    pytest.importorskip("jupyterhub")
    from cardkit._hub_classes import NUMBA_CACHE_IN_HOME, copy_as_learner

    nobody = pwd.getpwnam("nobody")
    top = Path(tempfile.mkdtemp(prefix="ck-copy-", dir="/tmp"))
    try:
        os.chmod(top, 0o711)
        source = top / "cache"
        (source / "sub").mkdir(parents=True)
        (source / "sub" / "kernel.nbi").write_text("index")
        for path in (source, source / "sub"):
            os.chmod(path, 0o755)
        os.chmod(source / "sub" / "kernel.nbi", 0o644)
        victim = top / "roots-folder"
        victim.mkdir()
        home = top / "home"
        home.mkdir()
        os.chown(home, nobody.pw_uid, nobody.pw_gid)
        os.chmod(home, 0o700)
        os.symlink(victim, home / ".cache")  # what the learner planted
        os.lchown(home / ".cache", nobody.pw_uid, nobody.pw_gid)
        target = home / NUMBA_CACHE_IN_HOME
        asyncio.run(copy_as_learner("nobody", str(source), home, target))
        assert os.stat(victim).st_uid == 0 and list(victim.iterdir()) == []  # root's folder untouched
        assert not (home / ".cache").is_symlink()
        assert (target / "sub" / "kernel.nbi").read_text() == "index"
        assert os.stat(target / "sub" / "kernel.nbi").st_uid == nobody.pw_uid  # the learner's own copy
        asyncio.run(copy_as_learner("nobody", str(source), home, target))  # again: replaced
        assert (target / "sub" / "kernel.nbi").read_text() == "index"
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_installed_lessons_are_a_read_only_copy(tmp_path):
    copy = hub_cli.install_lessons(REPO_ROOT / "lessons", tmp_path)
    assert (copy / "index.ipynb").read_bytes() == (REPO_ROOT / "lessons" / "index.ipynb").read_bytes()
    assert (copy / "variety" / "problems.json").is_file()
    for path in [copy, *copy.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
    (copy / "stale.ipynb").write_text("{}")
    hub_cli.install_lessons(REPO_ROOT / "lessons", tmp_path)  # a new start replaces the copy
    assert not (copy / "stale.ipynb").exists()


def test_data_folder_modes(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "jupyterhub.sqlite").write_text("")
    os.chmod(data / "jupyterhub.sqlite", 0o644)
    hub_cli.secure_data_dir(data, isolate=False)
    assert stat.S_IMODE(data.stat().st_mode) == 0o711
    assert stat.S_IMODE((data / "homes").stat().st_mode) == 0o711
    assert stat.S_IMODE((data / "jupyterhub.sqlite").stat().st_mode) == 0o600
    # pytest's temporary folders are private (0700): learners could not pass
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    os.chmod(private, 0o700)
    with pytest.raises(HubSetupError, match="does not let other users pass"):
        hub_cli.secure_data_dir(private / "data", isolate=True)


def test_an_admin_password_file_others_can_read_is_refused(tmp_path):
    f = tmp_path / "pw"
    f.write_text("t" * 40 + "\n")
    os.chmod(f, 0o644)
    with pytest.raises(HubSetupError, match="chmod 600"):
        hub_cli.read_admin_password(str(f), tmp_path, "classpass", environ={})
    os.chmod(f, 0o600)
    assert hub_cli.read_admin_password(str(f), tmp_path, "classpass", environ={})[0] == "t" * 40


def test_singleuser_config_files(tmp_path):
    from traitlets.config.loader import PyFileConfigLoader

    path = hub_cli.write_singleuser_config(tmp_path)
    py = path.with_suffix(".py")
    assert stat.S_IMODE(py.stat().st_mode) == 0o644 and stat.S_IMODE(path.stat().st_mode) == 0o644
    config = PyFileConfigLoader(py.name, path=str(py.parent)).load_config()
    from cardkit.serving import prelaunch_hook

    assert config.VoilaConfiguration.prelaunch_hook is prelaunch_hook
    settings = hub_cli.singleuser_server_config()
    assert settings["ServerApp"]["kernel_manager_class"] == "cardkit.serving.BoundedKernelManager"
    assert settings["ServerApp"]["contents_manager_class"] == "cardkit.serving.ReadOnlyContentsManager"
    assert "execute_request" not in settings["MappingKernelManager"]["allowed_message_types"]
    assert settings["ServerApp"]["jpserver_extensions"]["jupyterlab"] is False
    assert settings["BoundedKernelManager"]["max_kernels"] == lessons_cli.LEARNER_MAX_KERNELS


def test_voila_args_load_the_serving_config():
    args = lessons_cli.voila_args("lessons", 8866)
    (paths,) = [a for a in args if a.startswith("--Voila.config_file_paths=")]
    folder = Path(paths.split("=", 1)[1])
    assert (folder / "voila.py").is_file()
    from traitlets.config.loader import PyFileConfigLoader

    from cardkit.serving import prelaunch_hook

    config = PyFileConfigLoader("voila.py", path=str(folder)).load_config()
    assert config.VoilaConfiguration.prelaunch_hook is prelaunch_hook
    assert config.VoilaConfiguration.multi_kernel_manager_class == "cardkit.serving.BoundedKernelManager"
    # never a voila.py at the repository's root: it would hide the voila package from `import voila`
    assert not (REPO_ROOT / "voila.py").exists()


# ----------------------------------------------------- the serving pieces

def test_prelaunch_hook_removes_teacher_only_cells_before_they_run_and_sets_the_xsrf_cookie():
    from cardkit.serving import prelaunch_hook

    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title"),
        nbformat.v4.new_code_cell("answer = 42", metadata={"tags": ["teacher-only"]}),
        nbformat.v4.new_markdown_cell("note", metadata={"tags": ["teacher-only", "x"]}),
        nbformat.v4.new_code_cell("print(1)", metadata={"tags": ["other"]}),
    ])

    class Handler:
        read = 0

        @property
        def xsrf_token(self):
            Handler.read += 1
            return b"token"

    out = prelaunch_hook(Handler(), nb, "/")
    assert [c.source for c in out.cells] == ["# Title", "print(1)"]
    assert Handler.read == 1


def test_read_only_contents_manager_refuses_every_write(tmp_path):
    from tornado import web

    from cardkit.serving import ReadOnlyContentsManager

    (tmp_path / "a.ipynb").write_text(nbformat.writes(nbformat.v4.new_notebook()))
    manager = ReadOnlyContentsManager(root_dir=str(tmp_path))

    async def run():
        assert (await manager.get("a.ipynb"))["type"] == "notebook"  # reading works
        model = {"type": "notebook", "format": "json", "content": nbformat.v4.new_notebook()}
        for call in (lambda: manager.save(model, "a.ipynb"), lambda: manager.new_untitled(type="notebook"),
                     lambda: manager.delete("a.ipynb"), lambda: manager.rename("a.ipynb", "b.ipynb"),
                     lambda: manager.copy("a.ipynb"), lambda: manager.create_checkpoint("a.ipynb"),
                     lambda: manager.new(model, "c.ipynb")):
            with pytest.raises(web.HTTPError) as info:
                await call()
            assert info.value.status_code == 403
    asyncio.run(run())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ipynb"]


def test_kernel_cap_makes_room_from_pages_gone_and_refuses_when_all_are_in_use():
    from tornado import web

    from cardkit.serving import FULL_MESSAGE, BoundedKernelManager

    manager = BoundedKernelManager(max_kernels=2, evict_after=0.0)
    started, stopped = [], []

    async def fake_start(self, *args, **kwargs):  # the real start, without a kernel process
        kid = f"k{len(started)}"
        started.append(kid)
        self._kernel_connections[kid] = 0
        self._kernels[kid] = object()
        return kid

    async def fake_stop(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        self._kernels.pop(kernel_id)
        self._kernel_connections.pop(kernel_id)

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    async def run():
        orig_start, orig_stop = AsyncMappingKernelManager.start_kernel, AsyncMappingKernelManager.shutdown_kernel
        AsyncMappingKernelManager.start_kernel, AsyncMappingKernelManager.shutdown_kernel = fake_start, fake_stop
        try:
            a = await manager.start_kernel()
            manager.notify_connect(a)
            b = await manager.start_kernel()
            c = await manager.start_kernel()  # b has no page: it makes room
            assert stopped == [b] and set(manager.list_kernel_ids()) == {a, c}
            manager.notify_connect(c)
            with pytest.raises(web.HTTPError) as info:
                await manager.start_kernel()
            assert info.value.status_code == 503
            assert info.value.log_message == FULL_MESSAGE.format(n=2)
            assert set(manager.list_kernel_ids()) == {a, c}  # nothing started, nothing stopped
            manager.notify_disconnect(a)  # a's tab closed without saying so
            d = await manager.start_kernel()
            assert stopped == [b, a] and set(manager.list_kernel_ids()) == {c, d}
        finally:
            AsyncMappingKernelManager.start_kernel, AsyncMappingKernelManager.shutdown_kernel = orig_start, orig_stop
    asyncio.run(run())


def test_pages_asked_for_at_once_cannot_pass_the_cap():
    """The attacker's 12 requests in parallel each saw room (a starting kernel is not listed
    until it is up): starts are taken one at a time, so at most max_kernels run."""
    from tornado import web

    from cardkit.serving import BoundedKernelManager

    manager = BoundedKernelManager(max_kernels=3)
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    async def slow_start(self, *args, **kwargs):  # listed only once it is up, as the real one
        await asyncio.sleep(0.05)
        kid = f"k{len(self._kernels)}"
        self._kernel_connections[kid] = 1
        self._kernels[kid] = object()
        return kid

    async def run():
        orig = AsyncMappingKernelManager.start_kernel
        AsyncMappingKernelManager.start_kernel = slow_start
        try:
            return await asyncio.gather(*(manager.start_kernel() for _ in range(12)), return_exceptions=True)
        finally:
            AsyncMappingKernelManager.start_kernel = orig
    outcomes = asyncio.run(run())
    assert len(manager.list_kernel_ids()) == 3
    refused = [o for o in outcomes if isinstance(o, web.HTTPError)]
    assert len(refused) == 9 and all(o.status_code == 503 for o in refused)


def test_reading_a_notebook_leaves_out_its_teacher_only_cells_in_every_form(tmp_path):
    """api/contents, /files/ and /nbconvert/ read through the manager: the teacher's cells
    never reach a learner, as a notebook, as text or as base64."""
    import base64

    from jupyter_server.files.handlers import FilesHandler

    from cardkit.serving import NoCheckpoints, ReadOnlyContentsManager

    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Lesson"),
        nbformat.v4.new_code_cell("answer = 42", metadata={"tags": ["teacher-only"]}),
        nbformat.v4.new_markdown_cell("The answer is 42.", metadata={"tags": ["teacher-only"]}),
    ])
    (tmp_path / "a.ipynb").write_text(nbformat.writes(nb))
    (tmp_path / "notes.txt").write_text("answer = 42")
    manager = ReadOnlyContentsManager(root_dir=str(tmp_path))
    assert manager.files_handler_class is FilesHandler  # /files/ goes through get(), not the disk
    assert isinstance(manager.checkpoints, NoCheckpoints)

    async def run():
        as_notebook = await manager.get("a.ipynb")
        assert [c.source for c in as_notebook["content"].cells] == ["# Lesson"]
        as_text = await manager.get("a.ipynb", type="file", format="text")
        # (not "42" alone: a random cell id may hold it, 1 run in 30)
        assert "answer = 42" not in as_text["content"] and "# Lesson" in as_text["content"]
        nbformat.reads(as_text["content"], as_version=4)  # still a notebook
        as_b64 = await manager.get("a.ipynb", type="file", format="base64")
        assert "answer = 42" not in base64.b64decode(as_b64["content"]).decode()
        assert (await manager.get("notes.txt"))["content"] == "answer = 42"  # other files as they are
        assert await manager.checkpoints.list_checkpoints("a.ipynb") == []
    asyncio.run(run())
    assert "42" in (tmp_path / "a.ipynb").read_text()  # the file itself is unchanged


def test_front_end_config_cannot_be_written(tmp_path):
    from tornado import web

    from cardkit.serving import ReadOnlyConfigManager

    manager = ReadOnlyConfigManager(read_config_path=[str(tmp_path)], write_config_dir=str(tmp_path / "w"))
    assert manager.get("notebook") == {}
    for call in (lambda: manager.set("notebook", {"x": "y" * 10**6}), lambda: manager.update("notebook", {"x": 1})):
        with pytest.raises(web.HTTPError) as info:
            call()
        assert info.value.status_code == 403
    assert not (tmp_path / "w").exists()


def test_a_page_may_open_only_the_widgets_control_comm_and_send_small_messages_at_a_bounded_rate(monkeypatch):
    """The attacker's page opened jupyter.widget comms to build widget models without bound
    (380 MB): comm_open for any other target, oversized messages and floods are dropped."""
    import json as _json

    from jupyter_client.session import Session

    from cardkit import serving

    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})

    class Conn(serving.LessonKernelConnection):
        subprotocol = None
        session = Session(key=b"")
        kernel_id = "k"  # type: ignore[assignment]

        def __init__(self, kernel="k"):  # no websocket, no kernel: only the checks
            self._comm_opens, self._dropped = 0, 0
            self.kernel_id = kernel

    def msg(msg_type, content=None, pad=0, metadata=None):
        return _json.dumps({"channel": "shell", "header": {"msg_type": msg_type, "msg_id": "1"},
                            "parent_header": {}, "metadata": metadata or {}, "content": content or {},
                            "pad": "x" * pad})

    control = {"target_name": "jupyter.widget.control", "comm_id": "c", "data": {}}
    version = {"version": "1.0.0"}
    conn = Conn()
    assert conn._refusal(msg("comm_open", control, metadata=version)) is None
    assert "comm_open" in conn._refusal(msg("comm_open", dict(control, target_name="jupyter.widget"),
                                            metadata=version))
    assert conn._refusal(msg("comm_msg", {"comm_id": "c", "data": {"method": "request_states"}})) is None
    assert "bytes" in conn._refusal(msg("comm_msg", pad=serving.MAX_PAGE_MESSAGE_BYTES))
    assert conn._refusal("not json") == "not a kernel message"
    for _ in range(serving.MAX_PAGE_COMM_OPENS - 1):
        assert conn._refusal(msg("comm_open", control, metadata=version)) is None
    assert "more than" in conn._refusal(msg("comm_open", control, metadata=version))
    flood = Conn("k2")
    small = msg("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {}}})
    outcomes = [flood._refusal(small) for _ in range(serving.PAGE_BURST + 200)]
    assert outcomes[: serving.PAGE_BURST - 5].count(None) == serving.PAGE_BURST - 5
    assert sum(1 for o in outcomes if o and "a second" in o) >= 150
    # the message budget is the kernel's: another connection to it finds it spent
    assert "a second" in Conn("k2")._refusal(small)


def test_learners_kernels_use_unix_sockets_and_the_page_checks():
    settings = hub_cli.singleuser_server_config()
    assert settings["KernelManager"]["transport"] == "ipc"
    assert settings["ServerApp"]["config_manager_class"] == "cardkit.serving.ReadOnlyConfigManager"
    assert settings["ServerApp"]["kernel_websocket_connection_class"] == "cardkit.serving.LessonKernelConnection"
    from traitlets.config import Config

    from cardkit.serving import LessonKernelConnection, configure_voila

    c = Config()
    configure_voila(c)
    assert c.Voila.kernel_websocket_connection_class == "cardkit.serving.LessonKernelConnection"
    assert "execute_request" not in c.BoundedKernelManager.allowed_message_types
    assert LessonKernelConnection.__name__ in settings["ServerApp"]["kernel_websocket_connection_class"]


def test_a_kernel_still_loading_its_page_is_not_evicted():
    from tornado import web

    from cardkit.serving import BoundedKernelManager

    manager = BoundedKernelManager(max_kernels=1)  # evict_after 20 s by default
    manager._kernel_connections["k0"] = 0
    manager._kernels["k0"] = object()
    manager._idle_since("k0")
    with pytest.raises(web.HTTPError):
        asyncio.run(manager._make_room())
    assert manager.list_kernel_ids() == ["k0"]


# ------------------------------------------------------------- prepare

def test_prepare_lists_every_module_with_numba_kernels():
    found = sorted(
        ".".join(p.relative_to(REPO_ROOT).with_suffix("").parts)
        for p in (REPO_ROOT / "cardkit").rglob("*.py") if "@njit(" in p.read_text(encoding="utf-8")
    )
    assert sorted(prepare.KERNEL_MODULES) == found


def test_prepare_reports_once_and_fails_in_one_line(tmp_path, monkeypatch):
    lines = []
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "empty-cache"))
    assert not prepare.kernels_cached(env)
    monkeypatch.setattr(prepare, "KERNEL_MODULES", ("cardkit.no_such_kernels",))
    with pytest.raises(prepare.PrepareError, match="No module named") as info:
        prepare.prepare_kernels(environ=env, say=lines.append)
    assert isinstance(info.value, CardkitError)
    assert lines == ["cardkit: preparing the card solvers, once per install (a minute or two on a small machine)..."]
