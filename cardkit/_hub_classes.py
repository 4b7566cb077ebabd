"""The JupyterHub classes of ``cardkit-hub`` (loaded by the hub process only: it imports
JupyterHub). The pure parts (names, the folders, the config) are in ``cardkit.hub_cli``.

* :class:`LearnerSpawner`: each learner's server runs as a system user of their own
  (``hub_cli.system_user_name``: ``ck-<name>``, made with ``useradd`` the first time, no
  password, no login shell), in a home of their own (``<data>/homes/<system name>``, mode
  0700), as The Littlest JupyterHub does; the hub stays root only to start them. The numba
  kernels prepared by the hub are copied into the learner's home, so no learner compiles
  them and no learner can change another's.
* :class:`ClassAuthenticator`: the shared-password authenticator refusing names that mix
  alphabets or look like another reserved name (``hub_cli.check_learner_name``).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import List, Unicode

from cardkit.hub_cli import HubSetupError, check_learner_name, system_user_name

NUMBA_CACHE_IN_HOME = ".cache/cardkit-numba"


def ensure_system_user(name: str, home: Path) -> pwd.struct_passwd:
    """The system user ``name`` (made with ``useradd`` when missing: no password, shell
    ``/usr/sbin/nologin``, home ``home``), with ``home`` made and given to it, mode 0700."""
    try:
        user = pwd.getpwnam(name)
    except KeyError:
        shell = "/usr/sbin/nologin" if os.path.exists("/usr/sbin/nologin") else "/bin/false"
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", str(home),
                        "--shell", shell, "--comment", "cardkit learner", name],
                       check=True, capture_output=True, text=True)
        user = pwd.getpwnam(name)
    home.mkdir(parents=True, exist_ok=True)
    os.chown(home, user.pw_uid, user.pw_gid)
    os.chmod(home, 0o700)
    return user


def _give(path: Path, user: pwd.struct_passwd) -> None:
    for folder, dirs, files in os.walk(path):
        os.chown(folder, user.pw_uid, user.pw_gid)
        for name in (*dirs, *files):
            os.chown(os.path.join(folder, name), user.pw_uid, user.pw_gid, follow_symlinks=False)


class LearnerSpawner(LocalProcessSpawner):
    """``LocalProcessSpawner`` for learners who have no system account of their own: the
    hub name is mapped to ``ck-<name>`` (``hub_cli.system_user_name``), made on first start."""

    homes_dir = Unicode(config=True, help="folder of the learners' homes (mode 0711, the hub's)")
    numba_cache_dir = Unicode("", config=True, help="the numba cache the hub prepared, copied to each home")

    @property
    def system_name(self) -> str:
        return system_user_name(self.user.name)

    @property
    def learner_home(self) -> Path:
        return Path(self.homes_dir) / self.system_name

    async def start(self) -> Any:
        user = ensure_system_user(self.system_name, self.learner_home)
        if self.numba_cache_dir and os.path.isdir(self.numba_cache_dir):
            target = self.learner_home / NUMBA_CACHE_IN_HOME
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(self.numba_cache_dir, target)
            _give(self.learner_home / ".cache", user)
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        return set_user_setuid(self.system_name)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env["USER"] = self.system_name
        env["HOME"] = str(self.learner_home)
        env["SHELL"] = "/usr/sbin/nologin"
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
