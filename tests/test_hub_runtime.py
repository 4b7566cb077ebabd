"""A learner's runtime folder and memory cgroup under ``cardkit-hub`` (cardkit/_hub_classes.py;
issue 32, item 8 and per-learner memory): made fresh for each start, so nothing of a previous
owner of the uid survives, and removed when the server stops."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyterhub")

from cardkit import _hub_classes, hub_cgroups
from cardkit._hub_classes import LearnerSpawner, learner_runtime_dir, remove_learner_runtime_dir

ME = pwd.getpwuid(os.getuid())


def _stale(folder: Path, outside: Path) -> None:
    """What the previous owner of the uid left: the server's cookie secret and its server file
    (with its token), and a link to a file of someone else's."""
    folder.mkdir(parents=True)
    (folder / "jupyter_cookie_secret").write_text("the previous learner's secret")
    (folder / "jpserver-123.json").write_text('{"token": "previous-token"}')
    (folder / "kernels").mkdir()
    (folder / "kernels" / "kernel-1.json").write_text("{}")
    os.symlink(outside, folder / "link-out")


def test_a_stale_runtime_folder_is_replaced_by_an_empty_one(tmp_path):
    outside = tmp_path / "not-theirs.txt"
    outside.write_text("keep me")
    root = tmp_path / "run"
    _stale(root / str(ME.pw_uid), outside)
    folder = learner_runtime_dir(ME, str(root))
    assert folder == root / str(ME.pw_uid)
    assert list(folder.iterdir()) == []  # nothing of the previous owner's
    info = os.lstat(folder)
    assert stat.S_ISDIR(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o700 and info.st_uid == ME.pw_uid
    assert stat.S_IMODE(os.stat(root).st_mode) == 0o711
    assert outside.read_text() == "keep me"  # the link was removed, not followed


def test_a_link_in_place_of_the_folder_is_removed_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious").write_text("x")
    root = tmp_path / "run"
    root.mkdir()
    os.symlink(elsewhere, root / str(ME.pw_uid))
    folder = learner_runtime_dir(ME, str(root))
    assert not folder.is_symlink() and folder.is_dir() and list(folder.iterdir()) == []
    assert (elsewhere / "precious").read_text() == "x"


def test_remove_learner_runtime_dir(tmp_path):
    root = tmp_path / "run"
    _stale(root / "4242", tmp_path / "nothing")
    assert remove_learner_runtime_dir(4242, str(root)) == root / "4242"
    assert not (root / "4242").exists() and not (root / "4242").is_symlink()
    remove_learner_runtime_dir(4242, str(root))  # nothing there: no error
    (root / "4243").write_text("a file")
    remove_learner_runtime_dir(4243, str(root))
    assert not (root / "4243").exists()


def _spawner(tmp_path: Path, **config) -> LearnerSpawner:
    user = SimpleNamespace(name="ann", url="/user/ann/", escaped_name="ann", server=None, spawners={})
    return LearnerSpawner(user=user, homes_dir=str(tmp_path / "homes"), runtime_root=str(tmp_path / "run"),
                          **config)


def test_stopping_removes_the_runtime_folder_and_the_memory_cgroup(tmp_path, monkeypatch):
    monkeypatch.setattr(hub_cgroups, "_remove_dir", shutil.rmtree)  # a fake cgroup folder of plain files
    monkeypatch.setattr(_hub_classes.pwd, "getpwnam", lambda name: SimpleNamespace(pw_uid=4321))
    cgroups = tmp_path / "cgroups"
    spawner = _spawner(tmp_path, memory_cgroups_folder=str(cgroups), mem_limit="1G")
    cgroup = spawner.memory_cgroup
    assert cgroup is not None and cgroup.path == cgroups / "ck-ann"
    cgroups.mkdir()
    cgroup.create(2**30)
    _stale(tmp_path / "run" / "4321", tmp_path / "x")
    asyncio.run(spawner.run_post_stop_hook())
    assert not (tmp_path / "run" / "4321").exists()
    assert not cgroup.path.exists()


def test_no_cgroup_without_a_place_or_a_limit(tmp_path):
    assert _spawner(tmp_path).memory_cgroup is None  # advisory: none found at the hub's start
    assert _spawner(tmp_path, memory_cgroups_folder=str(tmp_path)).memory_cgroup is None  # no mem_limit


def test_the_server_joins_its_cgroup_before_it_becomes_the_learner(tmp_path, monkeypatch):
    order = []
    monkeypatch.setattr(_hub_classes, "set_user_setuid", lambda name: lambda: order.append(("setuid", name)))
    spawner = _spawner(tmp_path, memory_cgroups_folder=str(tmp_path), mem_limit="1G")
    spawner._cgroup = SimpleNamespace(join=lambda: order.append(("join",)))
    spawner.make_preexec_fn("ann")()
    assert order == [("join",), ("setuid", "ck-ann")]
