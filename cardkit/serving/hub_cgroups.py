"""Per-learner memory under ``cardkit-hub``: each learner's server (and so its kernels) in a
memory cgroup of its own, as The Littlest JupyterHub's ``SystemdSpawner`` does.

* :func:`find_memory_cgroups` (run once by the hub at start, as root): where learners' memory
  cgroups can be made, or why not. cgroup v1's ``memory`` controller: ``<the hub's own memory
  cgroup>/cardkit-hub/``; else cgroup v2 with the ``memory`` controller:
  ``<cgroup2 mount>/cardkit-hub/``. It makes a probe cgroup there with a limit and removes it;
  any refusal (no controller, a read-only ``/sys/fs/cgroup``, not root) makes the limit
  advisory, and the reason is one line for the teacher.
* :class:`LearnerCgroup`: one learner's cgroup, ``<place>/<system user name>``, made by root
  before the learner's server starts (:meth:`LearnerCgroup.create`, the limit in bytes: v1
  ``memory.limit_in_bytes`` and, where the kernel counts swap, ``memory.memsw.limit_in_bytes``;
  v2 ``memory.max`` and ``memory.swap.max`` 0), the server's process moved in before it runs
  the server (:meth:`LearnerCgroup.join`, in the child, before it becomes the learner), and
  removed when the server stops (:meth:`LearnerCgroup.remove`: any process left in it, a
  stray kernel, is killed first). Past the limit the kernel's OOM killer ends a process of
  that learner's (the largest: the kernel that allocated), and no other learner's.

Pure standard library (no JupyterHub import); the file system root is a parameter, so the
tests run it on a fake folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

CGROUP_FOLDER = "cardkit-hub"


@dataclass(frozen=True)
class MemoryCgroups:
    """Where learners' memory cgroups are made: ``folder`` (a cgroup folder, root's) and the
    cgroup ``version`` (1 or 2)."""

    folder: Path
    version: int

    def learner(self, system_name: str) -> LearnerCgroup:
        """The cgroup of the learner whose system user is ``system_name`` (not made yet)."""
        if not system_name or "/" in system_name or system_name in (".", ".."):
            raise ValueError(f"not a system user name: {system_name[:60]!r}")
        return LearnerCgroup(self.folder / system_name, self.version)


@dataclass(frozen=True)
class LearnerCgroup:
    """One learner's memory cgroup (``path``, cgroup ``version`` 1 or 2)."""

    path: Path
    version: int

    def create(self, limit_bytes: int) -> None:
        """Make the cgroup (if missing) and set its memory limit to ``limit_bytes`` (> 0),
        swap included where the kernel counts it. Raises OSError if the system refuses."""
        if limit_bytes <= 0:
            raise ValueError(f"a memory limit must be positive, not {limit_bytes}")
        with contextlib.suppress(FileExistsError):
            self.path.mkdir()
        if self.version == 1:
            memsw = self.path / "memory.memsw.limit_in_bytes"
            try:
                _write(self.path / "memory.limit_in_bytes", limit_bytes)
            except OSError:  # a smaller swap limit left from before is in the way: raise it first
                if not memsw.exists():
                    raise
                _write(memsw, limit_bytes)
                _write(self.path / "memory.limit_in_bytes", limit_bytes)
            if memsw.exists():  # the limit holds for memory and swap together, not memory alone
                _write(memsw, limit_bytes)
        else:
            _write(self.path / "memory.max", limit_bytes)
            if (self.path / "memory.swap.max").exists():
                _write(self.path / "memory.swap.max", 0)

    def limit(self) -> int | None:
        """The memory limit in bytes (None: no limit, or the cgroup is gone)."""
        name = "memory.limit_in_bytes" if self.version == 1 else "memory.max"
        try:
            text = (self.path / name).read_text().strip()
        except OSError:
            return None
        return None if text == "max" else int(text)

    def join(self, pid: int | None = None) -> None:
        """Move process ``pid`` (default: this one) into the cgroup. Called in the learner's
        server's child process before it runs the server (a ``preexec_fn``, still root), so
        the server and every kernel it starts are in it. Raises OSError if refused."""
        _write(self.path / "cgroup.procs", os.getpid() if pid is None else pid)

    def processes(self) -> list[int]:
        """The ids of the processes in the cgroup ([] if it is gone)."""
        try:
            text = (self.path / "cgroup.procs").read_text()
        except OSError:
            return []
        return [int(word) for word in text.split()]

    async def remove(self, *, timeout: float = 10.0) -> bool:
        """Kill any process left in the cgroup (SIGKILL), wait until it is empty (``timeout``
        seconds at most) and remove it. True when it is gone (or was never made)."""
        if not self.path.is_dir():
            return True
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for pid in self.processes():
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            try:
                _remove_dir(self.path)
                return True
            except FileNotFoundError:
                return True
            except OSError:
                if asyncio.get_running_loop().time() > deadline:
                    return False
                await asyncio.sleep(0.1)


# Removing a cgroup is rmdir of a folder full of control files, which only a cgroup file system
# allows; the tests' fake folders replace it.
_remove_dir = os.rmdir


def _write(path: Path, value: int | str) -> None:
    with open(path, "w") as file:
        file.write(str(value))


def _mounts(root: Path) -> list[tuple[str, str, set[str]]]:
    """``(mount point, type, options)`` of the cgroup mounts in ``<root>/proc/self/mounts``."""
    found = []
    try:
        text = (root / "proc/self/mounts").read_text()
    except OSError:
        return []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[2] in ("cgroup", "cgroup2"):
            found.append((fields[1], fields[2], set(fields[3].split(","))))
    return found


def _own_cgroup(root: Path, controller: str | None) -> str | None:
    """This process's cgroup path for ``controller`` (v1), or its v2 path (``controller`` None)."""
    try:
        text = (root / "proc/self/cgroup").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        _number, controllers, path = (line.split(":", 2) + ["", ""])[:3]
        if (controller is None and controllers == "") or (controller and controller in controllers.split(",")):
            return path
    return None


def find_memory_cgroups(root: str | os.PathLike[str] = "/", *, probe_bytes: int = 64 * 1024 * 1024,
                        probe_name: str | None = None) -> tuple[MemoryCgroups | None, str]:
    """Where learners' memory cgroups can be made on this machine (``root``: the file system's
    root, a fake folder in tests), and a line saying so, or ``(None, why not)``.

    Tries cgroup v1's ``memory`` controller first (``<its mount><the hub's own memory
    cgroup>/cardkit-hub``), then cgroup v2 with ``memory`` among the root's controllers
    (``<its mount>/cardkit-hub``, the controller turned on for its children); each by making
    ``cardkit-hub`` (kept) and a probe cgroup in it with a ``probe_bytes`` limit (removed).
    Never raises.
    """
    base = Path(root)
    probe = probe_name or f"probe-{os.getpid()}"
    reasons = []
    mounts = _mounts(base)
    for mount, kind, options in mounts:
        if kind != "cgroup" or "memory" not in options:
            continue
        own = _own_cgroup(base, "memory") or "/"
        folder = base / mount.lstrip("/") / own.lstrip("/") / CGROUP_FOLDER
        place = MemoryCgroups(folder, 1)
        why = _probe(place, probe, probe_bytes)
        if why is None:
            return place, f"each learner's server in a memory cgroup of its own (cgroup v1, {folder})"
        reasons.append(f"cgroup v1 memory at {mount}: {why}")
    for mount, kind, _options in mounts:
        if kind != "cgroup2":
            continue
        top = base / mount.lstrip("/")
        try:
            controllers = (top / "cgroup.controllers").read_text().split()
        except OSError as error:
            reasons.append(f"cgroup v2 at {mount}: {error.strerror}")
            continue
        if "memory" not in controllers:
            reasons.append(f"cgroup v2 at {mount} has no memory controller")
            continue
        folder = top / CGROUP_FOLDER
        try:
            with contextlib.suppress(FileExistsError):
                folder.mkdir()
            if "memory" not in (top / "cgroup.subtree_control").read_text().split():
                _write(top / "cgroup.subtree_control", "+memory")
            if "memory" not in (folder / "cgroup.subtree_control").read_text().split():
                _write(folder / "cgroup.subtree_control", "+memory")
        except OSError as error:
            reasons.append(f"cgroup v2 at {mount}: {error.strerror or error}")
            continue
        place = MemoryCgroups(folder, 2)
        why = _probe(place, probe, probe_bytes)
        if why is None:
            return place, f"each learner's server in a memory cgroup of its own (cgroup v2, {folder})"
        reasons.append(f"cgroup v2 at {mount}: {why}")
    if not mounts:
        reasons.append("no cgroup file system is mounted")
    return None, "; ".join(reasons) or "no cgroup memory controller"


def _probe(place: MemoryCgroups, name: str, limit_bytes: int) -> str | None:
    """Make ``place``'s folder and a probe cgroup with a limit there, read it back, remove the
    probe; None if all went well, else why not (one line)."""
    try:
        with contextlib.suppress(FileExistsError):
            place.folder.mkdir()
        cgroup = place.learner(name)
        cgroup.create(limit_bytes)
        seen = cgroup.limit()
        _remove_dir(cgroup.path)
    except OSError as error:
        return f"{error.strerror or error} ({error.filename or place.folder})"
    if seen != limit_bytes:
        return f"a limit of {limit_bytes} bytes read back as {seen}"
    return None
