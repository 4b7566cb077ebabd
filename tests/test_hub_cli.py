"""``cardkit-hub`` without starting a hub (cardkit/hub_cli.py): its settings, as the
classes JupyterHub and Voila configure read them back, and its refusals (no password, a
short one, a missing proxy) — each one line, before anything starts."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from cardkit import hub_cli
from cardkit.hub_cli import (
    HubSetupError,
    hub_config,
    read_admin_password,
    read_learners,
    read_password,
    singleuser_server_config,
    write_singleuser_config,
)

REPO_ROOT = Path(__file__).resolve().parent.parent


def _config(tmp_path, **kw):
    args = dict(lessons_dir=REPO_ROOT / "lessons", data_dir=tmp_path, password="classpass",
                hub_port=18081, proxy_api_port=18082)
    args.update(kw)
    return hub_config(**args)


def _traitlets_config(settings):
    from traitlets.config import Config

    config = Config()
    for section, values in settings.items():
        for key, value in values.items():
            config[section][key] = value
    return config


def test_hub_config_for_a_class(tmp_path):
    c = _config(tmp_path, admins=["teacher"], admin_password="a" * 32, max_servers=12, mem_limit="512M")
    hub = c["JupyterHub"]
    assert hub["ip"] == "127.0.0.1" and hub["port"] == 8000  # local unless told otherwise
    assert hub["authenticator_class"] == "cardkit._hub_classes.ClassAuthenticator"
    assert hub["spawner_class"] == "cardkit._hub_classes.LearnerSpawner"  # each learner a system user
    assert _config(tmp_path, isolate=False)["JupyterHub"]["spawner_class"] == "jupyterhub.spawner.SimpleLocalProcessSpawner"
    assert c["LearnerSpawner"]["homes_dir"] == str(tmp_path.resolve() / "homes")

    assert hub["active_server_limit"] == 12
    assert hub["db_url"] == f"sqlite:///{tmp_path.resolve() / 'jupyterhub.sqlite'}"
    assert Path(hub["cookie_secret_file"]).parent == tmp_path.resolve()
    assert c["SharedPasswordAuthenticator"] == {"user_password": "classpass", "admin_password": "a" * 32}
    assert c["Authenticator"]["admin_users"] == {"teacher"}
    assert c["Authenticator"]["allow_all"] is True
    spawner = c["Spawner"]
    assert spawner["args"] == []  # never --ServerApp.allow_root for isolated learners
    assert spawner["default_url"] == "/voila/render/index.ipynb"
    assert spawner["notebook_dir"] == str((REPO_ROOT / "lessons").resolve())
    assert spawner["mem_limit"] == "512M"
    assert spawner["environment"]["JUPYTER_CONFIG_PATH"] == str(tmp_path.resolve() / "singleuser-config")
    assert c["SimpleLocalProcessSpawner"]["home_dir_template"] == str(tmp_path.resolve() / "homes" / "{username}")
    # the idle culler is a hub service with the scopes it needs, and the timeout given
    (service,) = hub["services"]
    assert service["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=1800" in service["command"]
    (role,) = hub["load_roles"]
    assert role["services"] == [service["name"]]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers"} <= set(role["scopes"])
    # no password in anything shown to the learners' servers
    assert "classpass" not in json.dumps(spawner)


def test_learners_file_replaces_allow_all(tmp_path):
    c = _config(tmp_path, learners=["ann", "boris"])
    assert c["Authenticator"]["allowed_users"] == {"ann", "boris"}
    assert "allow_all" not in c["Authenticator"]


def test_jupyterhub_reads_the_settings(tmp_path):
    pytest.importorskip("jupyterhub")
    from jupyterhub.app import JupyterHub
    from jupyterhub.spawner import SimpleLocalProcessSpawner

    from cardkit._hub_classes import ClassAuthenticator

    config = _traitlets_config(_config(tmp_path, admins=["teacher"], admin_password="b" * 40, max_servers=7,
                                       mem_limit="1G", learners=["ann"]))
    auth = ClassAuthenticator(config=config)
    assert auth.user_password == "classpass" and auth.admin_password == "b" * 40
    assert auth.allowed_users == {"ann"} and auth.reserved_names == ["ann"]
    assert auth.validate_username("ann") and auth.validate_username("анна")  # any alphabet
    assert not auth.validate_username("../etc") and not auth.validate_username("a b")
    # lookalikes of the teacher's name and mixed alphabets are refused (issue 19)
    assert not auth.validate_username("tеacher")  # a Cyrillic е
    assert not auth.validate_username("теасher")  # Cyrillic т е а с, Latin h e r
    assert not auth.validate_username("аnn")  # a Cyrillic а: mixed alphabets
    assert auth.normalize_username("ＴＥＡＣＨＥＲ") == "teacher"  # full width folds to the admin's own name
    assert JupyterHub.class_traits()["active_server_limit"]  # the trait exists under that name
    assert config.JupyterHub.active_server_limit == 7
    traits = SimpleLocalProcessSpawner.class_traits()
    for name in ("default_url", "notebook_dir", "mem_limit", "home_dir_template", "environment", "cmd"):
        assert name in traits, name
    assert traits["mem_limit"].validate(None, "1G") == 1024**3  # the form cardkit-hub passes


def test_shared_password_rules_are_checked_by_jupyterhub_too():
    """The limits cardkit-hub checks first (8 and 32 characters) are the authenticator's."""
    pytest.importorskip("jupyterhub")
    from traitlets import TraitError
    from jupyterhub.authenticators.shared import SharedPasswordAuthenticator

    with pytest.raises((TraitError, ValueError)):
        SharedPasswordAuthenticator(user_password="x" * (hub_cli.MIN_PASSWORD_LENGTH - 1))
    with pytest.raises((TraitError, ValueError)):
        SharedPasswordAuthenticator(admin_password="x" * (hub_cli.MIN_ADMIN_PASSWORD_LENGTH - 1))
    SharedPasswordAuthenticator(user_password="x" * hub_cli.MIN_PASSWORD_LENGTH,
                                admin_password="y" * hub_cli.MIN_ADMIN_PASSWORD_LENGTH)


def test_learners_servers_get_the_classroom_voila_settings(tmp_path):
    """The file the learners' servers read (JUPYTER_CONFIG_PATH) holds the settings of
    cardkit-lessons, and Voila / nbconvert / the kernel manager read them back."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from nbconvert.preprocessors import TagRemovePreprocessor
    from traitlets.config.loader import JSONFileConfigLoader
    from voila.configuration import VoilaConfiguration
    from voila.execute import VoilaExecutor

    from cardkit import lessons_cli

    path = write_singleuser_config(tmp_path)
    assert path == tmp_path / "singleuser-config" / "jupyter_server_config.json"
    config = JSONFileConfigLoader(path.name, path=str(path.parent)).load_config()
    voila = VoilaConfiguration(config=config)
    assert voila.strip_sources is True and voila.show_tracebacks is False
    assert list(TagRemovePreprocessor(config=config).remove_cell_tags) == ["teacher-only"]
    assert VoilaExecutor(nb=None, km=None, config=config).iopub_timeout == lessons_cli.IOPUB_TIMEOUT == 120
    kernels = MappingKernelManager(config=config)
    assert kernels.cull_idle_timeout == lessons_cli.CULL_IDLE_TIMEOUT
    assert kernels.cull_interval == lessons_cli.CULL_INTERVAL
    from jupyter_server.serverapp import ServerApp

    assert "terminals_enabled" in ServerApp.class_traits(config=True)
    assert config.ServerApp.terminals_enabled is False
    # the same settings as the repository's voila.json
    repo = json.loads((REPO_ROOT / "voila.json").read_text())
    mine = singleuser_server_config()
    for section in ("VoilaConfiguration", "VoilaExecutor", "TagRemovePreprocessor"):
        assert mine[section] == repo[section], section


# --------------------------------------------------------------- passwords


def test_setup_errors_are_the_projects_value_errors():
    from cardkit.errors import CardkitError

    assert issubclass(HubSetupError, CardkitError) and issubclass(HubSetupError, ValueError)


def test_password_from_the_environment_first(tmp_path):
    f = tmp_path / "pw"
    f.write_text("from-the-file\n")
    assert read_password(str(f), environ={hub_cli.PASSWORD_ENV: "from-the-env"}) == "from-the-env"
    assert read_password(str(f), environ={}) == "from-the-file"  # first line, newline dropped


def test_password_prompt_asks_twice():
    answers = iter(["typed-password", "typed-password"])
    assert read_password(None, environ={}, prompt=lambda _: next(answers)) == "typed-password"
    answers = iter(["typed-password", "typo-password"])
    with pytest.raises(HubSetupError, match="differ"):
        read_password(None, environ={}, prompt=lambda _: next(answers))


def test_no_or_short_password_is_refused(tmp_path):
    with pytest.raises(HubSetupError, match=hub_cli.PASSWORD_ENV):
        read_password(None, environ={})
    with pytest.raises(HubSetupError, match="7 characters; it needs at least 8"):
        read_password(None, environ={hub_cli.PASSWORD_ENV: "1234567"})
    with pytest.raises(HubSetupError, match="cannot read"):
        read_password(str(tmp_path / "missing"), environ={})


def test_admin_password_generated_once_and_private(tmp_path):
    value, source = read_admin_password(None, tmp_path, "classpass", environ={})
    path = tmp_path / "admin-password"
    assert source == str(path) and len(value) >= 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again, _ = read_admin_password(None, tmp_path, "classpass", environ={})
    assert again == value  # kept: the teacher's password does not change at each start


def test_admin_password_rules(tmp_path):
    with pytest.raises(HubSetupError, match="at least 32"):
        read_admin_password(None, tmp_path, "classpass", environ={hub_cli.ADMIN_PASSWORD_ENV: "short"})
    same = "s" * 40
    with pytest.raises(HubSetupError, match="differ"):
        read_admin_password(None, tmp_path, same, environ={hub_cli.ADMIN_PASSWORD_ENV: same})


def test_learners_file(tmp_path):
    f = tmp_path / "class.txt"
    f.write_text("Ann\n\n# absent today\nboris  # back row\n")
    assert read_learners(str(f)) == ["ann", "boris"]
    f.write_text("ann\nx/y\n")
    with pytest.raises(HubSetupError, match="x/y"):
        read_learners(str(f))


# --------------------------------------------------------------------- CLI


_PREPARED: list = []  # (NUMBA_CACHE_DIR, what was printed before) at each prepare_kernels call


def _run_main(monkeypatch, capsys, argv, env=None, which="/usr/bin/configurable-http-proxy", shared_user=True):
    """main(argv) with the proxy found, no terminal, the numba preparation stubbed, and (unless
    ``shared_user`` is False) ``--shared-user``: pytest's temporary folders are private (0700)."""
    from cardkit import prepare

    monkeypatch.setattr(prepare, "prepare_kernels", lambda **kw: _PREPARED.append(
        (os.environ.get("NUMBA_CACHE_DIR"), capsys.readouterr().out)))
    if shared_user:
        argv = [*argv, "--shared-user"]
    monkeypatch.delenv(hub_cli.PASSWORD_ENV, raising=False)
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(hub_cli.shutil, "which", lambda name: which)
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # not a terminal: no prompt
    code = hub_cli.main(argv)
    return code, capsys.readouterr()


def test_isolated_hub_needs_root_and_says_so(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    monkeypatch.setattr(hub_cli, "_running_as_root", lambda: False)
    code, out = _run_main(monkeypatch, capsys, ["--data-dir", str(tmp_path / "d"), "--port", str(hub_cli._free_port())],
                          env={hub_cli.PASSWORD_ENV: "secret-class-pw"}, shared_user=False)
    assert code == 1
    assert "needs root" in out.err and "--shared-user" in out.err and len(out.err.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists()  # refused before anything was made


def test_isolated_hub_refuses_a_data_folder_learners_cannot_reach(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    monkeypatch.setattr(hub_cli, "_running_as_root", lambda: True)
    os.chmod(tmp_path, 0o700)
    code, out = _run_main(monkeypatch, capsys, ["--data-dir", str(tmp_path / "d"), "--port", str(hub_cli._free_port())],
                          env={hub_cli.PASSWORD_ENV: "secret-class-pw"}, shared_user=False)
    assert code == 1 and "does not let other users pass" in out.err, out.err


def test_main_without_password_says_how_to_set_it(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    code, out = _run_main(monkeypatch, capsys, ["--data-dir", str(tmp_path / "d"), "--port", str(hub_cli._free_port())])
    assert code == 1
    assert out.err.strip() == (f"cardkit-hub: error: no class password: set {hub_cli.PASSWORD_ENV} "
                               "or pass --password-file FILE")
    assert out.out == ""


def test_main_without_proxy_says_how_to_install_it(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    code, out = _run_main(monkeypatch, capsys, ["--data-dir", str(tmp_path / "d")],
                          env={hub_cli.PASSWORD_ENV: "classpass"}, which=None)
    assert code == 1
    assert "npm install -g configurable-http-proxy" in out.err and len(out.err.strip().splitlines()) == 1


def test_password_is_not_an_option():
    """The password never goes on the command line (ps, shell history)."""
    parser = hub_cli.build_parser()
    options = {o for action in parser._actions for o in action.option_strings}
    assert "--password" not in options and "--admin-password" not in options
    assert {"--password-file", "--admin", "--ip", "--port", "--max-servers", "--mem-limit"} <= options


@pytest.mark.parametrize("argv, message", [
    (["--port", "0"], "invalid port 0"),
    (["--max-servers", "0"], "invalid number 0"),
    (["--mem-limit", "lots"], "invalid memory size 'lots'"),
])
def test_bad_options_one_line(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        hub_cli.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_console_script_declared():
    import tomllib

    data = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    assert data["project"]["scripts"]["cardkit-hub"] == "cardkit.hub_cli:main"
    extras = data["project"]["optional-dependencies"]
    names = lambda reqs: {r.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower() for r in reqs}  # noqa: E731
    assert {"jupyterhub", "jupyterhub-idle-culler"} <= names(extras["hub"])
    assert {"jupyterhub", "jupyterhub-idle-culler", "pyyaml"} <= names(extras["test"])
    assert "jupyterlab" in names(extras["lab"])


def test_index_tells_a_teacher_how_to_edit_the_lessons():
    import json as _json

    cells = _json.loads((REPO_ROOT / "lessons" / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert 'pip install -e ".[lab]"' in text and "jupyter lab" in text
    assert "teacher" in text and "edit the lessons" in text


def test_readme_names_the_server_for_one_person_and_for_a_class():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "cardkit-hub" in readme and "Zero to JupyterHub" in readme and "for one person" in readme
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line for block in quick.split("```bash")[1:] for line in block.split("```")[0].splitlines() if line.strip()]
    assert commands == ["pip install -e . && cardkit-lessons", 'pip install -e ".[test]" && pytest']


def test_main_starts_jupyterhub_with_the_settings_and_never_prints_the_password(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    from jupyterhub.app import JupyterHub

    seen = {}
    monkeypatch.setattr(JupyterHub, "instance", classmethod(lambda cls, **kw: seen.setdefault("config", kw["config"])))
    monkeypatch.setattr(JupyterHub, "launch_instance", classmethod(lambda cls, argv=None: seen.setdefault("argv", argv)))
    monkeypatch.setattr(hub_cli.signal, "signal", lambda *args: None)  # leave pytest's SIGINT alone
    data = tmp_path / "hubdata"
    port = hub_cli._free_port()
    code, out = _run_main(monkeypatch, capsys, ["--port", str(port), "--data-dir", str(data), "--admin", "Teacher"],
                          env={hub_cli.PASSWORD_ENV: "secret-class-pw"})
    assert code == 0, out.err
    config = seen["config"]
    assert config.SharedPasswordAuthenticator.user_password == "secret-class-pw"
    assert config.Authenticator.admin_users == {"teacher"}  # lower-cased, as JupyterHub's names
    assert config.JupyterHub.port == port and config.JupyterHub.ip == "127.0.0.1"
    assert config.ConfigurableHTTPProxy.command == ["/usr/bin/configurable-http-proxy"]
    # the teacher's override file is loaded last, and is valid Python
    assert seen["argv"] == ["--config", str(data / "jupyterhub_config.py")]
    compile((data / "jupyterhub_config.py").read_text(), "jupyterhub_config.py", "exec")
    assert (data / "singleuser-config" / "jupyter_server_config.json").is_file()
    admin_password = (data / "admin-password").read_text().strip()
    assert config.SharedPasswordAuthenticator.admin_password == admin_password
    # the passwords leave the environment (the proxy and the services copy it) and the screen
    assert hub_cli.PASSWORD_ENV not in os.environ
    assert "secret-class-pw" not in out.out + out.err and admin_password not in out.out + out.err
    assert f"http://127.0.0.1:{port}/" in out.out and str(data / "admin-password") in out.out
    # the banner gives the teaching room's address and the class link's form (issue 34, items 15, 16)
    assert f"teaching room: http://127.0.0.1:{port}/services/room/" in out.out
    assert f"http://127.0.0.1:{port}/hub/user-redirect/voila/render/<lesson>.ipynb?deal=CODE" in out.out
    # the numba kernels were prepared into the data folder's cache before the address was said
    # (issue 19: the first Hint does not wait), and the variable is not left to the services
    cache, before = _PREPARED[-1]
    assert cache == str(data.resolve() / "numba-cache") and f"127.0.0.1:{port}" not in before
    assert "NUMBA_CACHE_DIR" not in os.environ
    # the room compiles (if it must) into a copy of its own, never into the cache the learners copy
    # one solver thread per learner's kernel (they share the cores; each thread's table is memory)
    assert config.Spawner.environment["CARDKIT_SOLVER_THREADS"] == "1"
    (room,) = [s for s in config.JupyterHub.services if s["name"] == "room"]
    assert room["environment"]["NUMBA_CACHE_DIR"] == str(data.resolve() / hub_cli.ROOM_NUMBA_CACHE)
    assert (data / hub_cli.ROOM_NUMBA_CACHE).is_dir()


def test_the_room_gets_a_copy_of_the_prepared_cache_and_its_compiles_stay_there(tmp_path):
    """A teacher's pass: the room compiled a changed kernel into the shared cache with the hub's
    umask (0600), and every learner's server start then failed copying it."""
    prepared = tmp_path / "numba-cache" / "kit"
    prepared.mkdir(parents=True)
    (prepared / "k.nbi").write_bytes(b"index")
    room = hub_cli.seed_room_cache(tmp_path)
    assert room == tmp_path / hub_cli.ROOM_NUMBA_CACHE and (room / "kit" / "k.nbi").read_bytes() == b"index"
    (room / "kit" / "new.nbc").write_bytes(b"compiled by the room")
    os.chmod(room / "kit" / "new.nbc", 0o600)
    assert sorted(p.name for p in prepared.iterdir()) == ["k.nbi"]  # the learners' source is untouched
    again = hub_cli.seed_room_cache(tmp_path)  # each start: a fresh copy
    assert sorted(p.name for p in (again / "kit").iterdir()) == ["k.nbi"]


def test_ci_installs_the_proxy_for_the_hub_test():
    ci = (REPO_ROOT / ".ci" / "run").read_text()
    assert "npm install -g configurable-http-proxy" in ci
    assert ci.index("configurable-http-proxy") < ci.index('bash -c "$TEST_COMMAND"')  # before the tests run


def test_memory_cgroups_reach_the_learner_spawner(tmp_path):
    """Where the hub found a place for memory cgroups (hub_cgroups.find_memory_cgroups), each
    learner's server gets one limited to --mem-limit; without it (or with --shared-user) none."""
    c = _config(tmp_path, memory_cgroups=("/sys/fs/cgroup/memory/cardkit-hub", 1), mem_limit="2G")
    spawner = c["LearnerSpawner"]
    assert spawner["memory_cgroups_folder"] == "/sys/fs/cgroup/memory/cardkit-hub"
    assert spawner["memory_cgroups_version"] == 1 and c["Spawner"]["mem_limit"] == "2G"
    assert "memory_cgroups_folder" not in _config(tmp_path)["LearnerSpawner"]
    assert "memory_cgroups_folder" not in _config(tmp_path, memory_cgroups=("/x", 1), isolate=False)["LearnerSpawner"]


def test_a_shared_user_hub_says_the_memory_limit_is_advisory(monkeypatch, capsys, tmp_path):
    pytest.importorskip("jupyterhub")
    from jupyterhub.app import JupyterHub

    monkeypatch.setattr(JupyterHub, "instance", classmethod(lambda cls, **kw: None))
    monkeypatch.setattr(JupyterHub, "launch_instance", classmethod(lambda cls, argv=None: None))
    monkeypatch.setattr(hub_cli.signal, "signal", lambda *args: None)
    code, out = _run_main(monkeypatch, capsys, ["--port", str(hub_cli._free_port()), "--data-dir", str(tmp_path / "d")],
                          env={hub_cli.PASSWORD_ENV: "secret-class-pw"})
    assert code == 0, out.err
    line = next(line for line in out.out.splitlines() if "memory:" in line)
    assert "1G per learner is advisory, not enforced" in line


def test_a_link_to_a_stopped_server_starts_it(tmp_path):
    """A class link to a learner's server that is not running starts it and goes on to the
    page (issue 34, item 16), instead of JupyterHub's "Launch Server" page (HTTP 424)."""
    settings = _config(tmp_path)
    assert 0 < settings["JupyterHub"]["implicit_spawn_seconds"] <= 3
    assert hub_cli.CLASS_LINK_PATH == "/hub/user-redirect/voila/render/"


def test_variety_teachers_note_gives_the_hub_class_link():
    """Variety 2's teacher-only note gives the class link's hub form (each learner's own server)
    and installs JupyterLab through the kit's extra, not a bare ``pip install jupyterlab``
    (issue 34, item 15)."""
    import json as _json

    cells = _json.loads((REPO_ROOT / "lessons" / "variety" / "2_play.ipynb").read_text(encoding="utf-8"))["cells"]
    notes = ["".join(c["source"]) for c in cells if "teacher-only" in c["metadata"].get("tags", [])]
    assert notes, "no teacher-only note"
    text = "\n".join(notes)
    assert "/hub/user-redirect/voila/render/variety/2_play.ipynb?deal=" in text
    assert "pip install jupyterlab" not in text and 'pip install -e ".[lab]"' in text
