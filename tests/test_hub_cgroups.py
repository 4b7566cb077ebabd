"""Per-learner memory (cardkit/hub_cgroups.py; issue 32, item 0's "per-learner memory enforced
where the machine allows it"): the cgroup helper on fake file system roots, and, where this
machine lets root make memory cgroups, a real one: a process past its limit is killed, a
process of another cgroup goes on."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit import hub_cgroups
from cardkit.hub_cgroups import CGROUP_FOLDER, LearnerCgroup, MemoryCgroups, find_memory_cgroups

GIB = 1024**3


@pytest.fixture
def fake_rmdir(monkeypatch):
    """A fake cgroup folder holds plain files, which rmdir refuses; a real cgroup's do not."""
    monkeypatch.setattr(hub_cgroups, "_remove_dir", shutil.rmtree)


def _fake_v1(root: Path, *, memsw: bool = True) -> Path:
    (root / "proc/self").mkdir(parents=True)
    (root / "proc/self/mounts").write_text(
        "proc /proc proc rw 0 0\n"
        "cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0\n"
        "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0\n"
        "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0\n")
    (root / "proc/self/cgroup").write_text("9:name=systemd:/\n4:memory:/hubs/this-hub\n1:cpu:/\n0::/\n")
    own = root / "sys/fs/cgroup/memory/hubs/this-hub"
    own.mkdir(parents=True)
    (root / "sys/fs/cgroup/unified").mkdir(parents=True)
    (root / "sys/fs/cgroup/unified/cgroup.controllers").write_text("hugetlb\n")
    return own


def test_v1_memory_controller_under_the_hubs_own_cgroup(tmp_path, fake_rmdir):
    own = _fake_v1(tmp_path)
    place, note = find_memory_cgroups(tmp_path, probe_name="probe")
    assert place == MemoryCgroups(own / CGROUP_FOLDER, 1)
    assert "cgroup v1" in note and str(own / CGROUP_FOLDER) in note
    assert not (own / CGROUP_FOLDER / "probe").exists()  # the probe is removed

    cgroup = place.learner("ck-ann")
    cgroup.path.mkdir()  # as the cgroup file system makes it, with its swap limit (none)
    (cgroup.path / "memory.memsw.limit_in_bytes").write_text("9223372036854771712\n")
    cgroup.create(GIB)
    assert cgroup.limit() == GIB
    # swap counted with memory: the limit is a limit, not a point to start swapping at
    assert (cgroup.path / "memory.memsw.limit_in_bytes").read_text() == str(GIB)
    cgroup.join(4242)
    assert (cgroup.path / "cgroup.procs").read_text() == "4242"


def test_v1_without_swap_accounting(tmp_path, fake_rmdir):
    _fake_v1(tmp_path)
    place, _note = find_memory_cgroups(tmp_path, probe_name="probe")
    cgroup = place.learner("ck-boris")
    cgroup.create(512 * 1024**2)
    assert cgroup.limit() == 512 * 1024**2
    assert not (cgroup.path / "memory.memsw.limit_in_bytes").exists()


def test_v2_when_v1_has_no_memory_controller(tmp_path, fake_rmdir):
    (tmp_path / "proc/self").mkdir(parents=True)
    (tmp_path / "proc/self/mounts").write_text("cgroup2 /sys/fs/cgroup cgroup2 rw,nsdelegate 0 0\n")
    (tmp_path / "proc/self/cgroup").write_text("0::/system.slice/cardkit-hub.service\n")
    top = tmp_path / "sys/fs/cgroup"
    top.mkdir(parents=True)
    (top / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (top / "cgroup.subtree_control").write_text("cpu memory\n")
    (top / CGROUP_FOLDER).mkdir()
    (top / CGROUP_FOLDER / "cgroup.subtree_control").write_text("\n")
    place, note = find_memory_cgroups(tmp_path, probe_name="probe")
    assert place == MemoryCgroups(top / CGROUP_FOLDER, 2) and "cgroup v2" in note
    # the memory controller turned on for the learners' cgroups
    assert (top / CGROUP_FOLDER / "cgroup.subtree_control").read_text() == "+memory"
    cgroup = place.learner("ck-ann")
    cgroup.create(GIB)
    assert (cgroup.path / "memory.max").read_text() == str(GIB) and cgroup.limit() == GIB


def test_advisory_without_a_memory_controller_says_why(tmp_path):
    (tmp_path / "proc/self").mkdir(parents=True)
    (tmp_path / "proc/self/mounts").write_text("cgroup2 /sys/fs/cgroup/unified cgroup2 rw 0 0\n")
    (tmp_path / "sys/fs/cgroup/unified").mkdir(parents=True)
    (tmp_path / "sys/fs/cgroup/unified/cgroup.controllers").write_text("hugetlb pids\n")
    place, why = find_memory_cgroups(tmp_path)
    assert place is None and "no memory controller" in why and "\n" not in why
    (tmp_path / "proc/self/mounts").write_text("proc /proc proc rw 0 0\n")
    assert find_memory_cgroups(tmp_path) == (None, "no cgroup file system is mounted")
    assert find_memory_cgroups(tmp_path / "nowhere")[0] is None


def test_advisory_when_no_cgroup_can_be_made(tmp_path):
    own = _fake_v1(tmp_path)
    (own / CGROUP_FOLDER).write_text("")  # not a folder: nothing can be made in it (as a read-only one)
    place, why = find_memory_cgroups(tmp_path)
    assert place is None and "cgroup v1 memory at /sys/fs/cgroup/memory: Not a directory" in why
    assert "cgroup v2 at /sys/fs/cgroup/unified has no memory controller" in why and "\n" not in why


def test_a_learner_cgroup_name_is_one_folder():
    place = MemoryCgroups(Path("/x"), 1)
    for bad in ("", "..", "a/b", "."):
        with pytest.raises(ValueError):
            place.learner(bad)
    with pytest.raises(ValueError):
        place.learner("ck-ann").create(0)


def test_remove_kills_what_is_left_and_removes_the_folder(tmp_path, fake_rmdir, monkeypatch):
    cgroup = LearnerCgroup(tmp_path / "ck-ann", 1)
    cgroup.path.mkdir()
    (cgroup.path / "cgroup.procs").write_text("111\n222\n")
    killed = []
    monkeypatch.setattr(hub_cgroups.os, "kill", lambda pid, sig: killed.append((pid, sig)))
    assert asyncio.run(cgroup.remove()) is True
    assert killed == [(111, signal.SIGKILL), (222, signal.SIGKILL)] and not cgroup.path.exists()
    assert asyncio.run(cgroup.remove()) is True  # gone already: nothing to do


# ------------------------------------------------------------- on this machine, for real

_ALLOCATE = """
import sys
chunks = []
for _ in range(int(sys.argv[1])):
    chunks.append(b"x" * (16 * 1024 * 1024))  # written, so really in memory
print("allocated", len(chunks) * 16, "MB", flush=True)
"""


def _real_place() -> MemoryCgroups:
    if os.geteuid() != 0:
        pytest.skip("making memory cgroups needs root (cardkit-hub runs as root)")
    place, why = find_memory_cgroups(probe_name=f"probe-test-{os.getpid()}")
    if place is None:
        pytest.skip(f"no writable memory cgroup on this machine: {why}")
    return place


def test_a_learner_past_the_limit_is_killed_and_another_goes_on():
    place = _real_place()
    small = place.learner(f"ck-test-small-{os.getpid()}")
    other = place.learner(f"ck-test-other-{os.getpid()}")
    try:
        small.create(64 * 1024**2)
        other.create(512 * 1024**2)
        assert small.limit() == 64 * 1024**2
        # 256 MB past a 64 MB limit: killed by the kernel's OOM killer (SIGKILL), not swapped
        greedy = subprocess.run([sys.executable, "-c", _ALLOCATE, "16"], preexec_fn=small.join,
                                capture_output=True, text=True, timeout=120)
        assert greedy.returncode == -signal.SIGKILL, (greedy.returncode, greedy.stdout, greedy.stderr[-500:])
        assert "allocated" not in greedy.stdout
        # the other learner's 128 MB, under its own limit, goes on
        fine = subprocess.run([sys.executable, "-c", _ALLOCATE, "8"], preexec_fn=other.join,
                              capture_output=True, text=True, timeout=120)
        assert fine.returncode == 0 and "allocated 128 MB" in fine.stdout, fine.stderr[-500:]
        # a process left in a cgroup is killed when it is removed, and the cgroup goes
        sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], preexec_fn=other.join)
        assert other.processes() == [sleeper.pid]
        assert asyncio.run(other.remove()) is True
        assert sleeper.wait(timeout=30) == -signal.SIGKILL
        assert not other.path.exists()
    finally:
        for cgroup in (small, other):
            asyncio.run(cgroup.remove())
        with contextlib.suppress(OSError):
            os.rmdir(place.folder)  # empty unless a hub is running here
