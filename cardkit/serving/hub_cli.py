"""``cardkit-hub``: a JupyterHub for a class on one machine, opening the lessons in Voila.

Usage::

    CARDKIT_HUB_PASSWORD=... cardkit-hub [--ip 127.0.0.1] [--port 8000] [--admin NAME]
        [--password-file FILE] [--admin-password-file FILE] [--data-dir DIR]
        [--max-servers N] [--mem-limit SIZE] [--cull-idle-timeout SECONDS]
        [--learners-file FILE] [--ssl-cert FILE --ssl-key FILE]

It runs a real JupyterHub (``pip install -e ".[hub]"`` and ``npm install -g
configurable-http-proxy``) in this process until Ctrl-C or SIGTERM, which stop the
proxy and every learner's server too. What the class gets:

* **Log-in**: JupyterHub's shared-password authenticator
  (``jupyterhub.authenticators.shared.SharedPasswordAuthenticator``, JupyterHub >= 5.3).
  A learner types a name (letters, digits, ``.``, ``-``, ``_``; at most 40 characters) and
  the class password. The teacher sets that password (at least 8 characters) in the
  environment variable ``CARDKIT_HUB_PASSWORD``, in a file (``--password-file``, first
  line), or types it at a prompt that does not echo; it is never an argument, so it never
  shows in ``ps`` or the shell history. Anyone with the password can log in under any
  learner's name (that authenticator's design): it keeps strangers out, not classmates
  apart. ``--learners-file`` (one name a line) limits the names that may log in.
* **The teacher is an admin** (``--admin NAME``, repeatable): admins log in with a
  separate admin password of at least 32 characters (the authenticator's rule), from
  ``CARDKIT_HUB_ADMIN_PASSWORD``, ``--admin-password-file``, or else generated once and
  kept in ``<data dir>/admin-password`` (readable by its owner only); the admin page is
  ``/hub/admin``.
* **One server per learner, as a system user of their own** (The Littlest JupyterHub's
  model; the hub runs as root only to start them): ``cardkit._hub_classes.LearnerSpawner``
  maps the learner ``ann`` to the system user ``ck-ann`` (``system_user_name``), made with
  ``useradd`` the first time, home ``<data dir>/homes/ck-ann`` (0700). Each server serves a
  read-only copy of the lessons (``install_lessons``: ``<data dir>/lessons``) through Voila
  only: it answers only the routes a lesson page uses (``cardkit.serving_routes``: the Voila
  pages and their static files, the page's kernel websocket, its close-time shutdown,
  JupyterHub's own calls; 404 for the rest: no REST API of sessions, kernels, contents or
  kernel specs, no ``/files/``, so no problem set's answer file), the file manager refuses
  writes, a page may send a kernel only the widgets' messages
  (no code runs through a kernel's websocket), no terminals, no JupyterLab, at most
  ``LEARNER_MAX_KERNELS`` kernels (``cardkit/serving/lesson_server.py``), and ``/voila/render/index.ipynb``
  as its default URL. The Voila classroom settings (sources stripped, no tracebacks,
  ``teacher-only`` cells removed before they run, ``iopub_timeout`` 120 s, kernel culling)
  go into the servers' config (``<data dir>/singleuser-config/``, see
  ``singleuser_server_config``). ``--shared-user`` runs them all as the hub's own user
  (``SimpleLocalProcessSpawner``), for a demonstration, with no isolation. Log-in names that
  mix alphabets or imitate an admin's or a listed learner's are refused
  (``check_learner_name``). Every numba kernel is compiled before the address is printed
  (``cardkit.prepare``), and each learner's server gets a copy of that cache.
* **Limits**: at most ``--max-servers`` learners' servers at once
  (``c.JupyterHub.active_server_limit``; the next learner is asked to try later);
  ``--mem-limit`` per learner (``c.Spawner.mem_limit``), enforced where the machine allows
  it: each learner's server, with its kernels, in a memory cgroup of its own with that limit
  (``cardkit.hub_cgroups``: cgroup v1's memory controller, else cgroup v2's; made before the
  server starts, removed when it stops); past it the kernel that allocated is killed, and no
  other learner's. Where no cgroup can be made (``--shared-user``, a read-only
  ``/sys/fs/cgroup``) the hub says so once at start and the limit is *advisory* (only passed
  to the server as ``MEM_LIMIT``).
* **Runtime folders**: each learner's Jupyter runtime folder (``/run/cardkit-hub/<uid>``) is
  made fresh and empty for each start of their server and removed when it stops, so nothing
  of a previous owner of the uid (a cookie secret, a server file with its token) is used.
* **Class links**: ``/hub/user-redirect/voila/render/<lesson>.ipynb?deal=CODE`` sends each
  learner who opens it (logging in first if need be) to that page in their own server; a
  server that is not running is started and the page opened (``implicit_spawn_seconds``),
  not left at JupyterHub's "Launch Server" page. The start banner prints that form and the
  teaching room's address (``/services/room/``).
* **Culling**: ``jupyterhub-idle-culler`` runs as a hub service and stops a learner's
  server after ``--cull-idle-timeout`` seconds without activity; inside each server,
  Voila's idle kernels (a closed tab keeps its kernel, voila issue 1458) are culled too.
* The hub listens on 127.0.0.1 unless ``--ip`` says otherwise (``--ip 0.0.0.0`` for the
  room's network; use ``--ssl-cert``/``--ssl-key`` there, or the password crosses the
  network in clear). Its database, cookie secret and the proxy's pid file live in the
  data folder (``./cardkit-hub-data`` unless ``--data-dir``); a ``jupyterhub_config.py``
  placed there is loaded last, to override any setting.

This module imports neither JupyterHub nor traitlets until the hub starts: importing
``cardkit`` loads no UI or server code.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit.core.errors import CardkitError, quote

from .lessons_cli import (
    CULL_IDLE_TIMEOUT as KERNEL_CULL_IDLE_TIMEOUT,
    CULL_INTERVAL as KERNEL_CULL_INTERVAL,
    IOPUB_TIMEOUT,
    KERNEL_MESSAGE_TYPES,
    LEARNER_MAX_KERNELS,
    PROGRESSIVE_RENDERING,
    REMOVED_CELL_TAGS,
    REPO_ROOT,
    OneLineErrorParser,
    find_lessons_dir,
    port_is_free,
    port_number,
)

HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_URL = "/voila/render/index.ipynb"  # relative to a learner's server
#: The class's language (``--lang``): where each learner lands, and the hub's own log-in page
#: (JupyterHub's page with its words in that language: ``cardkit/serving/hub_templates/<lang>/``).
HUB_LANGUAGES = ("en", "ru")
LANDING_URLS = {"en": DEFAULT_URL, "ru": "/voila/render/ru/index.ipynb"}
HUB_TEMPLATES = Path(__file__).resolve().parent / "hub_templates"
DEFAULT_DATA_DIR = "cardkit-hub-data"
DEFAULT_MAX_SERVERS = 40
DEFAULT_MEM_LIMIT = "1G"
DEFAULT_CULL_IDLE_TIMEOUT = 1800  # seconds without activity before a learner's server stops
DEFAULT_CULL_EVERY = 300  # seconds between two checks of the idle culler
#: A link into a learner's server whose server is not running (a class link after log-in, or after
#: the idle culler stopped it) starts the server after this many seconds and goes on to the page
#: (JupyterHub's "not running" page, HTTP 424, otherwise waits for "Launch Server").
IMPLICIT_SPAWN_SECONDS = 1.0
#: A class link's path: the hub sends each learner to their own server's page, starting it if need be.
CLASS_LINK_PATH = "/hub/user-redirect/voila/render/"
#: The teaching room's path on the hub's address (the hub service ``room``).
ROOM_PATH = "/services/room/"
PASSWORD_ENV = "CARDKIT_HUB_PASSWORD"
ADMIN_PASSWORD_ENV = "CARDKIT_HUB_ADMIN_PASSWORD"
MIN_PASSWORD_LENGTH = 8  # SharedPasswordAuthenticator.user_password's rule
MIN_ADMIN_PASSWORD_LENGTH = 32  # SharedPasswordAuthenticator.admin_password's rule
# The shared-password authenticator (JupyterHub >= 5.3), refusing lookalike names.
AUTHENTICATOR_CLASS = "cardkit._hub_classes.ClassAuthenticator"
SPAWNER_CLASS = "jupyterhub.spawner.SimpleLocalProcessSpawner"  # --shared-user: all as the hub's user
ISOLATED_SPAWNER_CLASS = "cardkit._hub_classes.LearnerSpawner"  # each learner a system user
# A learner's name: a letter or digit (any alphabet), then letters, digits, ".", "-", "_".
USERNAME_PATTERN = r"^\w[\w.-]{0,39}$"
#: names no learner may log in with: the teaching room shows a bot's seat as "bot"
#: (cardkit.table_session.RESERVED_NAMES; a look-alike such as "b0t" is refused too)
RESERVED_NAMES = ("bot",)
LOGIN_ANNOUNCEMENT = "Type your name (letters and digits) and the class password your teacher gave you."


class HubSetupError(CardkitError):
    """A setting ``cardkit-hub`` cannot start with (a missing or short password, a bad
    learner name, an unreadable file); the message is one line for the teacher and quotes
    at most 60 characters of the bad input."""


# ------------------------------------------------------------------- names

# Letters of other alphabets drawn like Latin ones (lower case, after NFKD without accents): a
# name written with them imitates a Latin name ("tеacher" with a Cyrillic е, "теасһег" all
# Cyrillic).
_LATIN_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "м": "m", "о": "o", "р": "p", "с": "c", "ѕ": "s", "т": "t", "у": "y", "х": "x", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ь": "b", "г": "r", "п": "n", "и": "u", "ш": "w", "л": "n", "ц": "u", "ԍ": "g",
    "ә": "e", "ѵ": "v", "ү": "y", "ҽ": "e", "ӡ": "3",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j", "σ": "o",
    # Latin letters of other shapes (IPA, small capitals without a plain letter in their name)
    "ɑ": "a", "ɡ": "g", "ɩ": "i", "ı": "i", "ȷ": "j", "ʀ": "r", "ɴ": "n", "ʜ": "h", "ʟ": "l", "ʏ": "y",
    "ſ": "f", "ß": "b", "ø": "o", "đ": "d", "ħ": "h", "ł": "l", "ŀ": "l",
    # digits and marks that pass for letters
    "0": "o", "1": "l", "|": "l", "3": "e", "5": "s",
})
# A letter whose Unicode name ends in a plain Latin letter ("LATIN LETTER SMALL CAPITAL T",
# "LATIN SMALL LETTER R WITH LINE BELOW" before NFKD, "LATIN SMALL LETTER SCRIPT G") is read as it.
_LETTER_NAME = re.compile(r"^LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |SCRIPT |DOTLESS |TURNED )?([A-Z])\b")
# Marks a name may hold that do not make it look different ("teacher.", "teacher_", "tea-cher").
_SEPARATORS = str.maketrans("", "", "._-")


def _script(char: str) -> str:
    """The alphabet of a letter, from its Unicode name ("LATIN", "CYRILLIC", ...)."""
    return unicodedata.name(char, "UNKNOWN").split(" ")[0]


def _plain_letter(char: str) -> str:
    if char.isascii():
        return char
    m = _LETTER_NAME.match(unicodedata.name(char, ""))
    return m.group(1).lower() if m else char


def name_skeleton(name: str) -> str:
    """What ``name`` looks like: accents dropped (NFKD without combining marks), lower case,
    lookalike letters of other alphabets and shapes (and 0, 1, 3, 5) read as the Latin letters
    they are drawn like, small capitals as their letters, ``.``, ``_`` and ``-`` left out,
    ``rn`` read as ``m``, ``vv`` as ``w`` and ``l`` as ``i``."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = "".join(_plain_letter(ch) for ch in text.translate(_LATIN_LOOKALIKES))
    text = text.translate(_LATIN_LOOKALIKES).translate(_SEPARATORS)
    return text.replace("rn", "m").replace("vv", "w").replace("l", "i")


def check_learner_name(name: str, *, reserved: Sequence[str] = ()) -> str:
    """Check a log-in name and return it in its normal form (NFKC, lower case).

    Refused with :class:`HubSetupError`, quoting the name: a name that does not match
    ``USERNAME_PATTERN``; a name whose letters come from more than one alphabet (``"tеacher"``
    with a Cyrillic е); a name that is not one of ``reserved`` (the admins' and listed
    learners' names) but looks like one (:func:`name_skeleton`); a name of
    :data:`RESERVED_NAMES` (``"bot"``, the teaching room's bots) or one that looks like it.
    """
    normal = unicodedata.normalize("NFKC", str(name)).lower()
    if not re.fullmatch(USERNAME_PATTERN, normal):
        raise HubSetupError(f"the name {str(name)[:60]!r} is not allowed: use letters, digits, '.', '-', '_' "
                            "(at most 40, starting with a letter or digit)")
    scripts = {_script(ch) for ch in normal if ch.isalpha()}
    if len(scripts) > 1:
        raise HubSetupError(f"the name {normal[:60]!r} mixes alphabets ({', '.join(sorted(scripts)).lower()}): "
                            "write it in one alphabet")
    for kept in RESERVED_NAMES:
        if normal == kept or name_skeleton(normal) == name_skeleton(kept):
            raise HubSetupError(f"the name {normal[:60]!r} is reserved for the teaching room's bots: "
                                "choose another name")
    for other in reserved:
        other_normal = unicodedata.normalize("NFKC", other).lower()
        if normal != other_normal and name_skeleton(normal) == name_skeleton(other_normal):
            raise HubSetupError(f"the name {normal[:60]!r} looks like {other_normal[:60]!r}: choose another name")
    return normal


def system_user_name(name: str) -> str:
    """The system user of the learner ``name`` under ``cardkit-hub``: ``ck-<name>`` for a
    plain ASCII name of at most 28 characters (letters, digits, ``_``, ``-``), else
    ``ck_`` and 16 hex digits of the name's SHA-256 (never the same as a ``ck-`` name)."""
    if re.fullmatch(r"[a-z0-9_][a-z0-9_-]{0,27}", name):
        return f"ck-{name}"
    return "ck_" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]


# ------------------------------------------------------------------ config


def singleuser_server_config(
    *,
    cull_idle_timeout: int = KERNEL_CULL_IDLE_TIMEOUT,
    cull_interval: int = KERNEL_CULL_INTERVAL,
    iopub_timeout: int = IOPUB_TIMEOUT,
    removed_cell_tags: Sequence[str] = REMOVED_CELL_TAGS,
    max_kernels: int = LEARNER_MAX_KERNELS,
    kernel_transport: str = "ipc",
) -> dict[str, dict[str, Any]]:
    """The learners' Jupyter server config (``jupyter_server_config.json`` contents).

    The classroom settings of ``cardkit-lessons`` (``lessons_cli.voila_args``) for Voila
    running as a server extension: sources stripped, tracebacks hidden, cells tagged
    ``removed_cell_tags`` removed (the list form), ``iopub_timeout`` (seconds) raised,
    progressive rendering (a lesson's text at once, each cell's output when it has run), and
    idle kernels culled after ``cull_idle_timeout`` seconds, checked every
    ``cull_interval`` seconds. And what keeps a learner's server to serving lessons
    (``cardkit/serving/lesson_server.py``): at most ``max_kernels`` kernels, the files read-only, kernel
    messages limited to the widgets' own (no code run through a kernel's websocket), no
    terminals, no JupyterLab or Notebook front end, kernels on Unix sockets in the learner's
    home (never on a TCP port another learner can reach), the front-end config read-only, and
    a page's kernel messages bounded in size, rate and the comms it may open
    (``serving.LessonKernelConnection``); and only the routes a lesson page uses answered (the
    extension ``cardkit.serving_routes``: no Jupyter REST API beyond the page's kernel, no
    ``/files/``, no answer files; 404 for the rest); ``kernel_transport`` ``"ipc"`` or ``"tcp"``. The one
    setting JSON cannot hold, Voila's
    prelaunch hook (teacher-only cells removed before they run, the closed page's kernel
    shut down), is in :data:`SINGLEUSER_CONFIG_PY`.
    """
    return {
        "VoilaConfiguration": {
            "strip_sources": True, "show_tracebacks": False, "progressive_rendering": PROGRESSIVE_RENDERING,
        },
        "VoilaExecutor": {"iopub_timeout": int(iopub_timeout)},
        "TagRemovePreprocessor": {"remove_cell_tags": list(removed_cell_tags)},
        "MappingKernelManager": {
            "cull_idle_timeout": int(cull_idle_timeout),
            "cull_interval": int(cull_interval),
            "cull_connected": False,
            "allowed_message_types": list(KERNEL_MESSAGE_TYPES),
        },
        "BoundedKernelManager": {"max_kernels": int(max_kernels)},
        # Kernels talk over Unix sockets in the learner's own runtime folder (home, mode 0700):
        # on TCP, any other learner could subscribe to a kernel's iopub port on 127.0.0.1 and
        # read every widget state it sends (the hands of a scored game among them).
        # (A Unix socket's path must be under 108 bytes: ``LearnerSpawner`` gives each learner
        # the short runtime folder /run/cardkit-hub/<uid>; ``kernel_transport="tcp"`` for
        # --shared-user, whose servers keep Jupyter's runtime folder in a home of any length.)
        "KernelManager": {"transport": kernel_transport},
        "ServerApp": {
            "terminals_enabled": False,
            "kernel_manager_class": "cardkit.serving.BoundedKernelManager",
            "contents_manager_class": "cardkit.serving.ReadOnlyContentsManager",
            "config_manager_class": "cardkit.serving.ReadOnlyConfigManager",
            "kernel_websocket_connection_class": "cardkit.serving.LessonKernelConnection",
            "jpserver_extensions": dict(SERVER_EXTENSIONS),
        },
    }


#: The learners' servers' extensions: Voila, and the route filter that keeps the server to what a lesson
#: page uses (``cardkit.serving_routes``); the others are off if installed.
SERVER_EXTENSIONS = {
    "voila": True, "cardkit.serving_routes": True, "jupyterlab": False, "notebook": False, "nbclassic": False,
    "jupyter_server_terminals": False, "jupyter_lsp": False, "jupyter_collaboration": False,
}

#: ``jupyter_server_config.py`` beside the JSON file: the prelaunch hook (a function).
SINGLEUSER_CONFIG_PY = """\
# Written by cardkit-hub (cardkit/serving/hub_cli.py): Voila's prelaunch hook, which a JSON file cannot
# hold: teacher-only cells removed before they run; the closed page's kernel shut down at once;
# the page asks no CDN (Font Awesome, MathJax).
from cardkit.serving import page_config_hook, prelaunch_hook

get_config().VoilaConfiguration.prelaunch_hook = prelaunch_hook  # noqa: F821
get_config().VoilaConfiguration.page_config_hook = page_config_hook  # noqa: F821
"""


def hub_config(
    *,
    lessons_dir: str | os.PathLike[str],
    data_dir: str | os.PathLike[str],
    password: str,
    ip: str = HOST,
    port: int = DEFAULT_PORT,
    hub_port: int,
    proxy_api_port: int,
    admins: Sequence[str] = (),
    admin_password: str | None = None,
    learners: Sequence[str] = (),
    max_servers: int = DEFAULT_MAX_SERVERS,
    mem_limit: str = DEFAULT_MEM_LIMIT,
    cull_idle_timeout: int = DEFAULT_CULL_IDLE_TIMEOUT,
    cull_every: int = DEFAULT_CULL_EVERY,
    proxy_command: str = "configurable-http-proxy",
    ssl_cert: str | None = None,
    ssl_key: str | None = None,
    isolate: bool = True,
    room_port: int | None = None,
    memory_cgroups: tuple[str, int] | None = None,
    lang: str = "en",
) -> dict[str, dict[str, Any]]:
    """The hub's settings as ``{class name: {trait: value}}`` (a traitlets config's shape).

    Pure: reads and writes no file. ``data_dir`` holds the database
    (``jupyterhub.sqlite``), the cookie secret, the proxy's pid file, the learners' home
    folders (``homes/<name>``) and the learners' server config folder
    (``singleuser-config``, written by ``write_singleuser_config``). ``hub_port`` and
    ``proxy_api_port`` are the hub's and the proxy's internal ports on 127.0.0.1.
    ``cull_idle_timeout`` and ``cull_every`` are seconds. ``isolate`` (the default; the hub
    must run as root): each learner's server runs as a system user of their own
    (``cardkit._hub_classes.LearnerSpawner``, ``system_user_name``); False: every server runs
    as the hub's own user (``SimpleLocalProcessSpawner``), for a demonstration on one's own
    computer, with learners not kept apart. ``lessons_dir`` is the folder the learners'
    servers serve (``install_lessons`` makes a read-only copy for them). ``room_port``: the
    teaching room runs as the hub service ``room`` (``/services/room/``,
    ``cardkit.room_service``, on 127.0.0.1 at that port; the admins are its teachers; its
    database ``<data dir>/room.sqlite``), and every user may open it; the learners' server
    tokens may use it too and ``CARDKIT_ROOM_URL`` tells their lessons where it is (each
    answer reported, :mod:`cardkit.room_report`); None leaves it out. ``memory_cgroups``:
    ``(folder, cgroup version)`` where ``LearnerSpawner`` puts each learner's server in a memory
    cgroup limited to ``mem_limit`` (``hub_cgroups.find_memory_cgroups``); None: advisory.
    ``lang`` (:data:`HUB_LANGUAGES`): the class's language: each learner lands on that
    language's lesson index (:data:`LANDING_URLS`) and, for Russian, the hub's log-in page is
    JupyterHub's own with its words in Russian (``cardkit/serving/hub_templates/ru/login.html``).

    :raises HubSetupError: for a ``lang`` the kit does not speak.
    """
    if lang not in HUB_LANGUAGES:
        raise HubSetupError(f"lang {quote(lang)}: expected en (English) or ru (Russian)")
    data = Path(data_dir).resolve()
    lessons = Path(lessons_dir).resolve()
    shared_password: dict[str, Any] = {"user_password": password}
    if admin_password:
        shared_password["admin_password"] = admin_password
    authenticator: dict[str, Any] = {"username_pattern": USERNAME_PATTERN, "admin_users": set(admins)}
    class_authenticator: dict[str, Any] = {"reserved_names": list(learners)}
    if learners:
        authenticator["allowed_users"] = set(learners)
    else:
        authenticator["allow_all"] = True
    jupyterhub: dict[str, Any] = {
        "ip": ip,
        "port": int(port),
        "hub_ip": "127.0.0.1",
        "hub_port": int(hub_port),
        "authenticator_class": AUTHENTICATOR_CLASS,
        "spawner_class": ISOLATED_SPAWNER_CLASS if isolate else SPAWNER_CLASS,
        "db_url": f"sqlite:///{data / 'jupyterhub.sqlite'}",
        "cookie_secret_file": str(data / "jupyterhub_cookie_secret"),
        "active_server_limit": int(max_servers),
        # a class link (/hub/user-redirect/voila/render/...?deal=..., or a learner's own /user/NAME/...)
        # to a server that is not running starts it and goes on to the page (issue 34, item 16)
        "implicit_spawn_seconds": IMPLICIT_SPAWN_SECONDS,
        "template_vars": {"announcement_login": LOGIN_ANNOUNCEMENT},
        **({"template_paths": [str(HUB_TEMPLATES / lang)]} if lang != "en" else {}),
        "services": [
            {
                "name": "idle-culler",
                "command": [
                    sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={int(cull_idle_timeout)}",
                    f"--cull-every={int(cull_every)}",
                ],
            }
        ],
        "load_roles": [
            {
                "name": "idle-culler",
                "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
                "services": ["idle-culler"],
            }
        ],
    }
    if room_port is not None:  # the teaching room (cardkit/room/service.py), logged in with the hub's OAuth
        jupyterhub["services"].append({
            "name": "room", "url": f"http://127.0.0.1:{int(room_port)}", "display": True, "oauth_no_confirm": True,
            "command": [sys.executable, "-m", "cardkit.room_service", f"--data-dir={data}",
                        *(f"--teacher={name}" for name in admins), *([f"--lang={lang}"] if lang != "en" else [])],
            # a copy of the prepared cache of its own (:func:`seed_room_cache`): what the room compiles
            # afresh is written with the hub's umask (0077), which the learners' copies could not read
            "environment": {"NUMBA_CACHE_DIR": str(data / ROOM_NUMBA_CACHE)},
        })
        # JupyterHub 5 and 6 give users only "self": learners need access to the room
        jupyterhub["load_roles"].append({"name": "user", "scopes": ["self", "access:services!service=room"]})
        # ... and so does their server's token (JUPYTERHUB_API_TOKEN, which Voila hands on to every lesson
        # kernel): the lessons report each answer with it (cardkit/room_report.py; issue 23 §4). The hub's
        # own "server" role plus the room; the hub gives the token the part of it its user holds.
        jupyterhub["load_roles"].append({"name": "server", "scopes": [
            "users:activity!user", "access:servers!server", "access:services!service=room"]})
    # one solver thread per learner's kernel: the learners share the cores, and each thread's
    # search table may grow to about 280 MB under the server's memory limit
    environment = {"JUPYTER_CONFIG_PATH": str(data / "singleuser-config"), "CARDKIT_SOLVER_THREADS": "1"}
    if room_port is not None:  # where the lessons send answers: the room itself, not through the proxy
        environment["CARDKIT_ROOM_URL"] = f"http://127.0.0.1:{int(room_port)}/services/room/"
    if not isolate:  # one user: the hub's prepared numba cache serves every server as it is
        environment["NUMBA_CACHE_DIR"] = str(data / "numba-cache")
    if ssl_cert or ssl_key:
        jupyterhub["ssl_cert"] = ssl_cert
        jupyterhub["ssl_key"] = ssl_key
    return {
        "JupyterHub": jupyterhub,
        "Authenticator": authenticator,
        "SharedPasswordAuthenticator": shared_password,
        "ConfigurableHTTPProxy": {
            "api_url": f"http://127.0.0.1:{int(proxy_api_port)}",
            "command": [proxy_command],
            "pid_file": str(data / "jupyterhub-proxy.pid"),
        },
        "Spawner": {
            "cmd": [sys.executable, "-m", "jupyterhub.singleuser"],
            "notebook_dir": str(lessons),
            "default_url": LANDING_URLS[lang],
            "mem_limit": mem_limit,
            "start_timeout": 120,  # a busy classroom machine starts servers slowly
            "http_timeout": 90,
            "environment": environment,
            # Shared user only: the servers run as the hub's user; Jupyter refuses root unless told.
            "args": ["--ServerApp.allow_root=True"] if not isolate and _running_as_root() else [],
        },
        "SimpleLocalProcessSpawner": {"home_dir_template": str(data / "homes" / "{username}")},
        "LearnerSpawner": {
            "homes_dir": str(data / "homes"), "numba_cache_dir": str(data / "numba-cache"),
            **({"memory_cgroups_folder": str(memory_cgroups[0]), "memory_cgroups_version": int(memory_cgroups[1])}
               if memory_cgroups is not None and isolate else {}),
        },
        "ClassAuthenticator": class_authenticator,
    }


def _running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def write_singleuser_config(data_dir: str | os.PathLike[str], config: dict | None = None) -> Path:
    """Write ``<data_dir>/singleuser-config/jupyter_server_config.json`` (``config``, default
    :func:`singleuser_server_config`) and ``jupyter_server_config.py``
    (:data:`SINGLEUSER_CONFIG_PY`), readable by the learners, writable by the hub's user
    only; return the JSON file's path."""
    folder = Path(data_dir) / "singleuser-config"
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o755)
    path = folder / "jupyter_server_config.json"
    path.write_text(json.dumps(config if config is not None else singleuser_server_config(), indent=2) + "\n")
    (folder / "jupyter_server_config.py").write_text(SINGLEUSER_CONFIG_PY)
    for file in (path, folder / "jupyter_server_config.py"):
        os.chmod(file, 0o644)
    return path


def check_reachable_by_learners(*paths: Path) -> None:
    """Raise :class:`HubSetupError` unless every folder of ``paths`` and above them lets other
    users pass (``o+x``): the learners' system users run this Python and this package. A
    Python under a private home (pyenv in ``/root``, mode 0700) cannot serve them: build the
    virtual environment from a system Python (``/usr/bin/python3 -m venv``)."""
    for path in paths:
        for folder in (path, *path.parents):
            if not os.stat(folder).st_mode & stat.S_IXOTH:
                raise HubSetupError(f"the learners' system users cannot reach {str(path)[:60]!r}: "
                                    f"{str(folder)[:60]!r} does not let other users pass (use a Python and a "
                                    "checkout outside private folders, e.g. a venv made by /usr/bin/python3)")


def install_lessons(lessons_dir: str | os.PathLike[str], data_dir: str | os.PathLike[str]) -> Path:
    """Copy the lessons (notebooks and their data files; no checkpoints, no caches) to
    ``<data_dir>/lessons``, replacing an earlier copy: folders 0755, files 0644, owned by the
    hub's user, so learners read them and cannot change them. Returns the copy's path."""
    target = Path(data_dir) / "lessons"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(lessons_dir, target,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", ".*"))
    for folder, _dirs, files in os.walk(target):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    return target


def share_read_only(folder: Path) -> None:
    """Let every user read ``folder`` (the hub's own numba cache, made by root, holding
    nothing secret): folders 0755, files 0644; symbolic links are left alone."""
    for path, _dirs, files in os.walk(folder):
        os.chmod(path, 0o755)
        for name in files:
            full = os.path.join(path, name)
            if not os.path.islink(full):
                os.chmod(full, 0o644)


#: the teaching room's own numba cache in the data folder (see :func:`seed_room_cache`)
ROOM_NUMBA_CACHE = "room-numba-cache"


def seed_room_cache(data_dir: Path) -> Path:
    """Give the teaching room a fresh copy of the hub's prepared numba cache
    (``<data>/numba-cache`` → ``<data>/room-numba-cache``), so that a kernel the room compiles
    on first use (a kit upgraded under an old data folder) lands in its own folder and never
    leaves a root-only file in the cache every learner's server copies at its start.
    Returns the copy's path."""
    target = data_dir / ROOM_NUMBA_CACHE
    shutil.rmtree(target, ignore_errors=True)
    source = data_dir / "numba-cache"
    if source.is_dir():
        shutil.copytree(source, target, symlinks=True)
    else:
        target.mkdir(parents=True, exist_ok=True)
    return target


def secure_data_dir(data_dir: Path, *, isolate: bool) -> None:
    """Make the data folder safe for a class: the folder itself 0711 (learners may pass
    through it to their homes, the lessons and the servers' config, and list nothing), its
    ``homes`` folder 0711, and the hub's secrets (database, cookie secret, admin password,
    proxy pid) 0600 where they exist. With ``isolate``, every folder above it must let other
    users pass (``o+x``), or the learners' servers could not reach their homes: a
    :class:`HubSetupError` names the first that does not."""
    data_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(data_dir, 0o711)
    (data_dir / "homes").mkdir(exist_ok=True)
    os.chmod(data_dir / "homes", 0o711)
    for name in ("jupyterhub.sqlite", "jupyterhub_cookie_secret", "admin-password", "jupyterhub-proxy.pid"):
        if (data_dir / name).exists():
            os.chmod(data_dir / name, 0o600)
    if isolate:
        for folder in data_dir.resolve().parents:
            if not os.stat(folder).st_mode & stat.S_IXOTH:
                raise HubSetupError(f"the learners cannot reach the data folder: {str(folder)[:60]!r} does not let "
                                    "other users pass (chmod o+x it, or choose another --data-dir)")


# --------------------------------------------------------------- passwords


def _read_first_line(path: str, what: str) -> str:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise HubSetupError(f"cannot read the {what} file {path[:60]!r}: {error.strerror}") from None
    lines = text.splitlines()
    return lines[0] if lines else ""


def read_password(password_file: str | None, *, environ=os.environ, prompt=None) -> str:
    """The class password: ``CARDKIT_HUB_PASSWORD``, else the file's first line, else a
    prompt without echo (``prompt`` is ``getpass.getpass``-like; None when not interactive).

    Raises HubSetupError when there is none or it is shorter than 8 characters.
    """
    if environ.get(PASSWORD_ENV):
        password, source = environ[PASSWORD_ENV], f"${PASSWORD_ENV}"
    elif password_file:
        password, source = _read_first_line(password_file, "password"), password_file
    elif prompt is not None:
        password, source = prompt("Class password (not shown): "), "the prompt"
        if password and prompt("The same again: ") != password:
            raise HubSetupError("the two passwords typed differ")
    else:
        raise HubSetupError(
            f"no class password: set {PASSWORD_ENV} or pass --password-file FILE"
        )
    if len(password) < MIN_PASSWORD_LENGTH:
        raise HubSetupError(
            f"the class password from {source} has {len(password)} characters; "
            f"it needs at least {MIN_PASSWORD_LENGTH}"
        )
    return password


def read_admin_password(admin_password_file: str | None, data_dir: Path, password: str,
                        *, environ=os.environ) -> tuple[str, str]:
    """The admins' password and where it came from: ``CARDKIT_HUB_ADMIN_PASSWORD``, the
    file's first line, or ``<data_dir>/admin-password`` (made with a random password of
    43 characters, mode 0600, when missing).

    Raises HubSetupError if it is shorter than 32 characters or equals the class password.
    """
    if environ.get(ADMIN_PASSWORD_ENV):
        value, source = environ[ADMIN_PASSWORD_ENV], f"${ADMIN_PASSWORD_ENV}"
    elif admin_password_file:
        if os.stat(admin_password_file).st_mode & 0o077:
            raise HubSetupError(f"the admin password file {admin_password_file[:60]!r} can be read by other users "
                                "(learners among them): chmod 600 it")
        value, source = _read_first_line(admin_password_file, "admin password"), admin_password_file
    else:
        path = data_dir / "admin-password"
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as file:
                file.write(secrets.token_urlsafe(32) + "\n")
        value, source = _read_first_line(str(path), "admin password"), str(path)
    if len(value) < MIN_ADMIN_PASSWORD_LENGTH:
        raise HubSetupError(
            f"the admin password from {source} has {len(value)} characters; "
            f"it needs at least {MIN_ADMIN_PASSWORD_LENGTH}"
        )
    if value == password:
        raise HubSetupError("the admin password must differ from the class password")
    return value, source


def read_learners(path: str) -> list[str]:
    """Names from a file, one a line (blank lines and ``#`` comments skipped), lower-cased
    as JupyterHub does; raises HubSetupError for a name a learner could not log in with."""
    names = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip().lower()
        if not name:
            continue
        if not re.fullmatch(USERNAME_PATTERN, name):
            raise HubSetupError(f"learner name {name[:60]!r} in {path}: use letters, digits, '.', '-', '_'")
        names.append(name)
    return names


EXTRA_CONFIG_TEXT = """\
# Extra JupyterHub settings for cardkit-hub, loaded after its own ones (cardkit/serving/hub_cli.py).
# For instance:  c.Spawner.mem_limit = "2G"
c = get_config()  # noqa
"""


def _extra_config_file(data_dir: Path) -> Path:
    path = data_dir / "jupyterhub_config.py"
    if not path.exists():
        path.write_text(EXTRA_CONFIG_TEXT)
    return path


# --------------------------------------------------------------------- CLI


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number {text[:60]!r}: not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"invalid number {value}: must be at least 1")
    return value


def _mem(text: str) -> str:
    if not re.fullmatch(r"[1-9][0-9]{0,5}[KMGT]", text):
        raise argparse.ArgumentTypeError(f"invalid memory size {text[:60]!r}: write e.g. 512M or 1G")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="cardkit-hub",
        description=(
            "Run a JupyterHub for a class on this machine: learners log in with the class password "
            f"(${PASSWORD_ENV} or --password-file) and each gets a server opening the lessons in Voila."
        ),
    )
    parser.add_argument("--lang", choices=HUB_LANGUAGES, default="en",
                        help="the class's language: the lesson index each learner lands on and the log-in page "
                             "(en English, the default; ru Russian)")
    parser.add_argument("--ip", default=HOST, help=f"address to listen on (default {HOST}; 0.0.0.0 for the network)")
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--password-file", help=f"file whose first line is the class password (else ${PASSWORD_ENV})")
    parser.add_argument("--admin", action="append", default=[], metavar="NAME",
                        help="the teacher's login name, an admin (repeat for more)")
    parser.add_argument("--admin-password-file",
                        help=f"file whose first line is the admins' password, 32+ characters "
                             f"(else ${ADMIN_PASSWORD_ENV}, "
                             "else one generated in the data folder)")
    parser.add_argument("--learners-file", help="only these names may log in (one a line)")
    parser.add_argument("--data-dir", default=DEFAULT_DATA_DIR,
                        help=f"folder for the hub's database, cookie secret and learners' homes "
                             f"(default ./{DEFAULT_DATA_DIR})")
    parser.add_argument("--max-servers", type=_positive, default=DEFAULT_MAX_SERVERS,
                        help=f"learners' servers running at once, at most (default {DEFAULT_MAX_SERVERS})")
    parser.add_argument("--mem-limit", type=_mem, default=DEFAULT_MEM_LIMIT,
                        help=f"memory per learner, enforced with a memory cgroup where the machine allows "
                             f"(default {DEFAULT_MEM_LIMIT})")
    parser.add_argument("--cull-idle-timeout", type=_positive, default=DEFAULT_CULL_IDLE_TIMEOUT,
                        help=f"seconds without activity before a learner's server stops "
                             f"(default {DEFAULT_CULL_IDLE_TIMEOUT})")
    parser.add_argument("--cull-every", type=_positive, default=DEFAULT_CULL_EVERY, help=argparse.SUPPRESS)
    parser.add_argument("--ssl-cert", help="HTTPS certificate file (with --ssl-key)")
    parser.add_argument("--ssl-key", help="HTTPS key file (with --ssl-cert)")
    parser.add_argument("--shared-user", action="store_true",
                        help="run every learner's server as your own user (no root needed; learners are NOT kept "
                             "apart: for a demonstration on your own computer, never for a class)")
    return parser


def _error(message: str) -> int:
    print(f"cardkit-hub: error: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``cardkit-hub``; returns the exit status (runs until Ctrl-C/SIGTERM)."""
    args = build_parser().parse_args(argv)
    lessons_dir = find_lessons_dir()
    if lessons_dir is None:
        return _error(f"no lessons/ folder found in {Path.cwd()} nor in {REPO_ROOT}; run from the cardkit checkout")
    if bool(args.ssl_cert) != bool(args.ssl_key):
        return _error("give both --ssl-cert and --ssl-key, or neither")
    try:
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError as error:
        return _error(f"{error.name} is not installed: pip install -e \".[hub]\"")
    try:
        from jupyterhub.authenticators.shared import SharedPasswordAuthenticator  # noqa: F401
    except ImportError:
        return _error("this JupyterHub has no shared-password authenticator (5.3 or newer needed): "
                      "pip install -U \"jupyterhub>=5.3\"")
    proxy = shutil.which("configurable-http-proxy")
    if proxy is None:
        return _error("configurable-http-proxy not found: npm install -g configurable-http-proxy "
                      "(Debian: apt-get install -y nodejs npm first)")
    if not port_is_free(args.port, args.ip):
        return _error(f"port {args.port} on {args.ip} is already in use; choose another with --port N")

    isolate = not args.shared_user
    if isolate and not _running_as_root():
        return _error("each learner gets a system user of their own, which needs root: run it with sudo "
                      "(or --shared-user for a demonstration on your own computer, where learners are not kept apart)")
    if isolate and shutil.which("useradd") is None:
        return _error("useradd not found: it makes each learner's system user (Debian: apt-get install -y passwd)")

    data_dir = Path(args.data_dir).resolve()
    try:
        os.umask(0o077)  # the hub's database, cookie secret and logs: its user's only
        secure_data_dir(data_dir, isolate=isolate)
        if isolate:
            check_reachable_by_learners(Path(os.path.realpath(sys.executable)).parent, REPO_ROOT)
        prompt = None
        if sys.stdin.isatty() and not os.environ.get(PASSWORD_ENV) and not args.password_file:
            import getpass

            prompt = getpass.getpass
        password = read_password(args.password_file, prompt=prompt)
        admins = [check_learner_name(name.strip()) for name in args.admin]
        admin_password = admin_source = None
        if admins:
            admin_password, admin_source = read_admin_password(args.admin_password_file, data_dir, password)
        learners = read_learners(args.learners_file) if args.learners_file else []
        for name in learners:
            check_learner_name(name, reserved=(*admins, *learners))
        served_lessons = install_lessons(lessons_dir, data_dir)
    except HubSetupError as error:
        return _error(str(error))
    except OSError as error:
        return _error(f"{error.filename}: {error.strerror}")
    # The passwords stay in this process's memory: the proxy and the services it starts
    # copy this process's environment.
    os.environ.pop(PASSWORD_ENV, None)
    os.environ.pop(ADMIN_PASSWORD_ENV, None)

    # Every numba kernel compiled before the address is said (the hub's own cache, which
    # each learner's server gets a copy of): the first Hint does not wait for numba.
    from .prepare import PrepareError, prepare_kernels

    os.environ["NUMBA_CACHE_DIR"] = str(data_dir / "numba-cache")
    try:
        prepare_kernels(say=lambda line: print(line, flush=True), who="cardkit hub")
    except PrepareError as error:
        return _error(str(error))
    os.environ.pop("NUMBA_CACHE_DIR")
    if isolate:  # each learner's user copies it into their home (as themselves: _hub_classes.copy_as_learner)
        share_read_only(data_dir / "numba-cache")
    seed_room_cache(data_dir)

    # Per-learner memory: a memory cgroup for each learner's server where this machine allows it.
    memory_cgroups, memory_note = None, "the learners' servers run as your own user"
    if isolate:
        from .hub_cgroups import find_memory_cgroups

        place, memory_note = find_memory_cgroups()
        memory_cgroups = (str(place.folder), place.version) if place is not None else None

    settings = hub_config(
        lessons_dir=served_lessons, data_dir=data_dir, password=password, ip=args.ip, port=args.port,
        hub_port=_free_port(), proxy_api_port=_free_port(), admins=admins, admin_password=admin_password,
        learners=learners, max_servers=args.max_servers, mem_limit=args.mem_limit,
        cull_idle_timeout=args.cull_idle_timeout, cull_every=args.cull_every, proxy_command=proxy,
        ssl_cert=args.ssl_cert, ssl_key=args.ssl_key, isolate=isolate, room_port=_free_port(),
        memory_cgroups=memory_cgroups, lang=args.lang,
    )
    write_singleuser_config(data_dir, singleuser_server_config(kernel_transport="ipc" if isolate else "tcp"))

    scheme = "https" if args.ssl_cert else "http"
    shown_ip = socket.gethostname() if args.ip in ("", "0.0.0.0") else args.ip
    print(f"cardkit hub: learners open {scheme}://{shown_ip}:{args.port}/ and log in with a name and "
          f"the class password", flush=True)
    print(f"  lessons {lessons_dir}; data {data_dir}; at most {args.max_servers} servers, "
          f"{args.mem_limit} each; idle servers stop after {args.cull_idle_timeout} s; Ctrl-C stops all", flush=True)
    if memory_cgroups is not None:
        print(f"  memory: {args.mem_limit} per learner, enforced: {memory_note}", flush=True)
    else:
        print(f"  memory: {args.mem_limit} per learner is advisory, not enforced ({memory_note})", flush=True)
    address = f"{scheme}://{shown_ip}:{args.port}"
    print(f"  teaching room: {address}{ROOM_PATH} (the admins are its teachers)", flush=True)
    print(f"  a class link: {address}{CLASS_LINK_PATH}<lesson>.ipynb?deal=CODE (each learner's own server, "
          "started if need be)", flush=True)
    if admins:
        print(f"  admin(s) {', '.join(admins)}: log in with the admin password from {admin_source}; "
              f"admin page /hub/admin", flush=True)
    if isolate:
        print("  each learner's server runs as a system user of their own (ck-<name>), home "
              f"{data_dir / 'homes'}; the lessons are a read-only copy", flush=True)
    else:
        print("  warning: --shared-user: every learner's server runs as you; learners are NOT kept apart", flush=True)
    if args.ip == HOST:
        print("  listening on 127.0.0.1: only this computer can connect (--ip 0.0.0.0 for the room)", flush=True)
    elif not args.ssl_cert:
        print("  warning: plain HTTP on the network: passwords cross it unencrypted (--ssl-cert/--ssl-key)", flush=True)

    # A shell starts background jobs with SIGINT ignored, and the servers, the proxy and
    # the idle culler would inherit that: they would then ignore the hub's polite stop and
    # each take the hub's full timeouts to end.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    from jupyterhub.app import JupyterHub
    from traitlets.config import Config  # imported late, with JupyterHub

    config = Config()
    for section, values in settings.items():
        for key, value in values.items():
            config[section][key] = value
    JupyterHub.instance(config=config)
    # The data folder's jupyterhub_config.py is loaded after these settings: the teacher's overrides.
    try:
        JupyterHub.launch_instance(argv=["--config", str(_extra_config_file(data_dir))])
    finally:
        if memory_cgroups is not None:  # every learner's cgroup went with their server: the folder goes too
            with contextlib.suppress(OSError):
                os.rmdir(memory_cgroups[0])
    return 0


if __name__ == "__main__":  # python -m cardkit.hub_cli
    sys.exit(main())
