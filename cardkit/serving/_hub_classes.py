"""The JupyterHub classes of ``cardkit-hub`` (loaded by the hub process only: it imports
JupyterHub). The pure parts (names, the folders, the config) are in ``cardkit.hub_cli``.

* :class:`LearnerSpawner`: each learner's server runs as a system user of their own
  (``hub_cli.system_user_name``: ``ck-<name>``, made with ``useradd`` the first time, no
  password, no login shell), in a home of their own (``<data>/homes/<system name>``, mode
  0700), as The Littlest JupyterHub does; the hub stays root only to start them. The numba
  kernels prepared by the hub are copied into the learner's home *by the learner's own
  user* (:func:`copy_as_learner`), so no learner compiles them, no learner can change
  another's, and nothing a learner plants in their home (a symbolic link to a folder of the
  hub's, say) is ever followed by root.
* :class:`ClassAuthenticator`: the shared-password authenticator refusing names that mix
  alphabets or look like another reserved name (``hub_cli.check_learner_name``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Integer, List, Unicode

from .hub_cgroups import LearnerCgroup, MemoryCgroups
from .hub_cli import HubSetupError, check_learner_name, system_user_name

NUMBA_CACHE_IN_HOME = ".cache/cardkit-numba"
# The learners' Jupyter runtime folders (connection files and the kernels' Unix sockets: a
# socket's path must be under 108 bytes, so not in a home deep in the data folder): a folder
# of root's, mode 0711, with one folder per learner, the learner's own, mode 0700.
RUNTIME_ROOT = "/run/cardkit-hub"


LEARNER_COMMENT = "cardkit learner"

# Run as the learner (never as root): replace the learner's copy of the hub's numba cache.
_COPY_SCRIPT = """\
import os, shutil, sys
source, home, target = sys.argv[1], sys.argv[2], sys.argv[3]
# every folder from the home down to the target a real folder of the learner's own
# (a symbolic link the learner left there is removed, never followed)
path = home
for part in os.path.relpath(target, home).split(os.sep):
    path = os.path.join(path, part)
    if os.path.islink(path) or (os.path.exists(path) and not os.path.isdir(path)):
        os.unlink(path)
shutil.rmtree(target, ignore_errors=True)
os.makedirs(os.path.dirname(target), exist_ok=True)
shutil.copytree(source, target, symlinks=True)
"""


def ensure_system_user(name: str, home: Path) -> pwd.struct_passwd:
    """The system user ``name`` (made with ``useradd`` when missing: no password, shell
    ``/usr/sbin/nologin``, home ``home``), with ``home`` made and given to it, mode 0700.

    :raises HubSetupError: when ``name`` exists but is not a learner's user made here (its
        home is not ``home`` or its comment is not :data:`LEARNER_COMMENT`), or ``home`` is
        a symbolic link or not a folder: the hub never hands an account or a folder it did
        not make to a learner.
    """
    try:
        user = pwd.getpwnam(name)
    except KeyError:
        shell = "/usr/sbin/nologin" if os.path.exists("/usr/sbin/nologin") else "/bin/false"
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", str(home),
                        "--shell", shell, "--comment", LEARNER_COMMENT, name],
                       check=True, capture_output=True, text=True)
        user = pwd.getpwnam(name)
    if user.pw_dir != str(home) or user.pw_gecos.split(",")[0] != LEARNER_COMMENT or user.pw_uid == 0:
        raise HubSetupError(f"the system user {name!r} exists and is not a cardkit learner's "
                            f"(home {user.pw_dir[:60]!r}): remove it or choose another learner name")
    with contextlib.suppress(FileExistsError):
        home.mkdir(parents=True)
    info = os.lstat(home)
    if not stat.S_ISDIR(info.st_mode):
        raise HubSetupError(f"the learner's home {str(home)[:60]!r} is not a folder: remove it")
    os.chown(home, user.pw_uid, user.pw_gid, follow_symlinks=False)
    os.chmod(home, 0o700, follow_symlinks=False)
    return user


def learner_runtime_dir(user: pwd.struct_passwd, root: str = RUNTIME_ROOT) -> Path:
    """The Jupyter runtime folder of ``user`` (``<root>/<uid>``), made fresh for each start of
    the learner's server: whatever is there (a folder left by the previous owner of the uid,
    with its cookie secret and its server file holding a token; a file; a link) is removed
    first, never followed (:func:`remove_learner_runtime_dir`), then the folder is made by
    root in a folder of root's (mode 0711, so no learner can make or link another's), empty,
    given to the user, mode 0700.

    :raises HubSetupError: when what is there cannot be removed.
    """
    top = Path(root)
    top.mkdir(parents=True, exist_ok=True)
    os.chown(top, 0, 0, follow_symlinks=False)
    os.chmod(top, 0o711, follow_symlinks=False)
    folder = remove_learner_runtime_dir(user.pw_uid, root)
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:  # made again between the removal and now: not by this hub
        raise HubSetupError(f"the learner's runtime folder {str(folder)[:60]!r} reappeared: remove it") from None
    os.chown(folder, user.pw_uid, user.pw_gid, follow_symlinks=False)
    os.chmod(folder, 0o700, follow_symlinks=False)
    return folder


def remove_learner_runtime_dir(uid: int, root: str = RUNTIME_ROOT) -> Path:
    """Remove ``<root>/<uid>`` and everything in it (a link or a file is unlinked, never
    followed; the folder's tree is removed without following the links in it); return its path.
    Nothing there is no error.

    :raises HubSetupError: when it cannot be removed.
    """
    folder = Path(root) / str(int(uid))
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return folder
    try:
        if stat.S_ISDIR(info.st_mode):
            shutil.rmtree(folder)  # the descriptor-based walk: a link in it is removed, not followed
        else:
            folder.unlink()
    except OSError as error:
        raise HubSetupError(f"cannot remove the learner's runtime folder {str(folder)[:60]!r}: "
                            f"{error.strerror or error}") from None
    return folder


async def copy_as_learner(system_name: str, source: str, home: Path, target: Path, *,
                          timeout: float = 120.0) -> None:
    """Replace ``target`` (a folder under the learner's ``home``) with a copy of ``source`` (a
    folder every user may read), copied by a child process running as the learner
    ``system_name``: root neither follows nor changes anything the learner made (a symbolic
    link the learner planted on the way is removed, as the learner).

    :raises HubSetupError: if the copy fails or takes over ``timeout`` seconds.
    """
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-I", "-c", _COPY_SCRIPT, source, str(home), str(target),
        preexec_fn=set_user_setuid(system_name), cwd="/", env={"HOME": str(home), "PATH": os.defpath},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        _out, err = await asyncio.wait_for(child.communicate(), timeout)
    except asyncio.TimeoutError:
        child.kill()
        raise HubSetupError(f"copying the prepared card solvers for {system_name!r} "
                            f"took over {timeout:.0f} s") from None
    if child.returncode != 0:
        last = (err or b"").decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
        raise HubSetupError(f"copying the prepared card solvers for {system_name!r} failed: {last[0][:120]}")


class LearnerSpawner(LocalProcessSpawner):
    """``LocalProcessSpawner`` for learners who have no system account of their own: the
    hub name is mapped to ``ck-<name>`` (``hub_cli.system_user_name``), made on first start."""

    homes_dir = Unicode(config=True, help="folder of the learners' homes (mode 0711, the hub's)")
    runtime_root = Unicode(RUNTIME_ROOT, config=True,
                           help="folder of the learners' Jupyter runtime folders (short: it holds Unix sockets)")
    numba_cache_dir = Unicode("", config=True, help="the numba cache the hub prepared, copied to each home")
    memory_cgroups_folder = Unicode("", config=True,
                                    help="where each learner's memory cgroup is made "
                                         "(hub_cgroups.find_memory_cgroups); empty: mem_limit is advisory")
    memory_cgroups_version = Integer(1, config=True, help="that folder's cgroup version, 1 or 2")

    @property
    def system_name(self) -> str:
        return system_user_name(self.user.name)

    @property
    def learner_home(self) -> Path:
        return Path(self.homes_dir) / self.system_name

    @property
    def memory_cgroup(self) -> LearnerCgroup | None:
        """The learner's memory cgroup (None when the limit is advisory)."""
        if not self.memory_cgroups_folder or not self.mem_limit:
            return None
        return MemoryCgroups(Path(self.memory_cgroups_folder), self.memory_cgroups_version).learner(self.system_name)

    async def start(self) -> Any:
        user = ensure_system_user(self.system_name, self.learner_home)
        self._runtime_dir = learner_runtime_dir(user, self.runtime_root)
        self._cgroup = self.memory_cgroup
        if self._cgroup is not None:
            try:
                self._cgroup.create(int(self.mem_limit))
            except OSError as error:
                raise HubSetupError(f"cannot limit the memory of {self.system_name!r}'s server: "
                                    f"{error.strerror or error}") from None
        if self.numba_cache_dir and os.path.isdir(self.numba_cache_dir):
            await copy_as_learner(self.system_name, self.numba_cache_dir, self.learner_home,
                                  self.learner_home / NUMBA_CACHE_IN_HOME)
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        become_learner = set_user_setuid(self.system_name)
        cgroup = getattr(self, "_cgroup", None)

        def preexec() -> None:  # in the server's child process, before it runs the server
            if cgroup is not None:
                cgroup.join()  # still root: into the learner's memory cgroup, with every kernel it starts
            become_learner()

        return preexec

    async def run_post_stop_hook(self) -> Any:
        """After the learner's server stopped (its ``stop``, a failed start, the hub's own
        shutdown): its memory cgroup removed (a process left in it killed) and its runtime folder
        removed, so nothing of it is left for the next owner of the uid."""
        cgroup = self.memory_cgroup
        if cgroup is not None and not await cgroup.remove():
            self.log.warning("cardkit-hub: the memory cgroup %s still holds processes", cgroup.path)
        try:
            uid = pwd.getpwnam(self.system_name).pw_uid
        except KeyError:
            uid = None
        if uid is not None:
            try:
                remove_learner_runtime_dir(uid, self.runtime_root)
            except HubSetupError as error:
                self.log.warning("cardkit-hub: %s", error)
        result = super().run_post_stop_hook()
        if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
            result = await result
        return result

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env["USER"] = self.system_name
        env["HOME"] = str(self.learner_home)
        env["SHELL"] = "/usr/sbin/nologin"
        runtime = getattr(self, "_runtime_dir", None)
        if runtime is not None:  # kernels' connection files and Unix sockets: the learner's own folder
            env["JUPYTER_RUNTIME_DIR"] = str(runtime)
        if self.numba_cache_dir:
            env["NUMBA_CACHE_DIR"] = str(self.learner_home / NUMBA_CACHE_IN_HOME)
        return env


class ClassAuthenticator(SharedPasswordAuthenticator):
    """The class password's authenticator; a name is refused (the log says why) when
    ``hub_cli.check_learner_name`` refuses it against the admins' and listed learners' names."""

    reserved_names = List(Unicode(), config=True, help="names a lookalike may not imitate")

    def normalize_username(self, username: str) -> str:
        # Full-width and other compatibility forms fold to their plain letters first
        # ("ｔｅａｃｈｅｒ" is "teacher", who must give the admin password).
        return str(super().normalize_username(unicodedata.normalize("NFKC", username)))

    def validate_username(self, username: str) -> bool:
        if not super().validate_username(username):
            return False
        try:
            check_learner_name(username, reserved=(*self.admin_users, *self.reserved_names))
        except HubSetupError as error:
            self.log.warning("cardkit-hub: refused the log-in name: %s", error)
            return False
        return True
