"""Install the lesson servers' settings into a Jupyter config folder: plain ``voila`` and Binder.

Usage::

    python -m cardkit.serving_setup [--binder] [--config-dir DIR]

``cardkit-lessons`` and ``cardkit-hub`` load the kit's serving settings themselves
(``lessons_cli.voila_args``, ``hub_cli.write_singleuser_config``). Two ways of serving the
lessons do not run either command, so their settings must be in a folder that Voila or the
Jupyter server searches (the environment's ``<sys.prefix>/etc/jupyter`` unless
``--config-dir``; it is on ``jupyter --paths``' config list):

* **plain** ``voila lessons/`` **from the repository folder**: Voila reads ``voila.json``
  from the folder it is started in (the strip, traceback, timeout, culling and tag
  settings) and ``voila.py`` from the Jupyter config path. This command writes that
  ``voila.py``, a copy of ``cardkit/serving/voila_config/voila.py``: the prelaunch hook
  (``cardkit.serving.prelaunch_hook``: teacher-only cells removed *before* they run, the
  ``_xsrf`` cookie, no Font Awesome from the CDN) and the kernel cap. Run it once per
  environment: ``pip install -e .`` cannot do it, since setuptools' editable installs skip
  ``data-files``.
* **Binder** (``--binder``, run by ``binder/postBuild``): Voila runs there as a Jupyter
  Server extension, which takes from ``voila.json``/``voila.py`` only the
  ``VoilaConfiguration`` section; the executor's timeout, the tag removal and the culling are
  read from the server's own config. So ``--binder`` also writes
  ``jupyter_server_config.json``: :func:`binder_server_config`, the learners'
  server config of ``cardkit-hub`` (one source, ``hub_cli.singleuser_server_config``)
  without what only keeps learners apart on a shared machine.

Each file written names this module at its top; a ``voila.py`` or ``cardkit.json`` already
there that this command did not write is left alone (:class:`ServingSetupError`).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit.core.errors import QUOTE_LIMIT, CardkitError

from .hub_cli import singleuser_server_config
from .lessons_cli import VOILA_CONFIG_DIR

#: Near the top of every file this module writes: a file without it is not replaced.
MARK = "cardkit.serving_setup"
VOILA_PY = "voila.py"
SERVER_JSON = "jupyter_server_config.json"

# What cardkit-hub's learners' servers have and Binder does not: the Binder container is one
# person's, who may open JupyterLab or a terminal there anyway (repo2docker installs both) and
# read every notebook, so read-only files and settings, widget-only kernel messages (no code
# run in JupyterLab; no comms of JupyterLab's own), no terminals, Voila as the only
# extension and the route filter (``cardkit.serving_routes``: only a lesson page's routes,
# no REST API, no files) would keep nobody out of anything and would break JupyterLab on Binder.
_NOT_ON_BINDER = {
    "ServerApp": ("contents_manager_class", "terminals_enabled", "jpserver_extensions", "config_manager_class",
                  "kernel_websocket_connection_class"),
    "MappingKernelManager": ("allowed_message_types",),
    # Unix sockets in Jupyter's runtime folder, whose path may be too long for one (108 bytes);
    # Binder's container is one person's, with no other learner to keep off a TCP port.
    "KernelManager": ("transport",),
}


class ServingSetupError(CardkitError):
    """A config file cannot be written: one this command did not write is in the way, or
    the folder cannot be written. The message quotes the path (its last 60 characters at most)."""


def environment_config_dir() -> Path:
    """``<sys.prefix>/etc/jupyter``: the running environment's own Jupyter config folder."""
    return Path(sys.prefix) / "etc" / "jupyter"


def binder_server_config() -> dict[str, dict[str, Any]]:
    """The Jupyter server settings for Binder (``jupyter_server_config.json``).

    ``hub_cli.singleuser_server_config()``: sources stripped, tracebacks hidden, cells tagged
    ``teacher-only`` removed from the page, ``VoilaExecutor.iopub_timeout`` 120 s, progressive
    rendering, idle kernels culled after 600 s, at most ``lessons_cli.LEARNER_MAX_KERNELS``
    kernels (``cardkit.serving.BoundedKernelManager``). Without the settings in
    ``_NOT_ON_BINDER`` (read-only files, kernel message types, terminals, extensions).
    """
    settings = copy.deepcopy(singleuser_server_config())
    for section, keys in _NOT_ON_BINDER.items():
        for key in keys:
            settings[section].pop(key, None)
    return settings


def _ours(path: Path) -> bool:
    try:
        with open(path, encoding="utf-8") as file:
            return MARK in file.read(200)
    except (OSError, UnicodeDecodeError):
        return False


def _path(path: Path) -> str:
    """A path for a message: its last 60 characters at most (the file's name is at the end)."""
    text = str(path)
    return repr(text) if len(text) <= QUOTE_LIMIT else repr("…" + text[-(QUOTE_LIMIT - 1):])


def _check_free(path: Path) -> None:
    if path.exists() and not _ours(path):
        raise ServingSetupError(f"{_path(path)} is there already and was not written by {MARK}: "
                                "move it away, or merge its settings by hand")


def _write(path: Path, text: str) -> Path:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ServingSetupError(f"cannot write {_path(path)}: {error.strerror}") from None
    return path


def voila_py_text() -> str:
    """The ``voila.py`` written: ``cardkit/serving/voila_config/voila.py`` under a first line naming this module."""
    source = (VOILA_CONFIG_DIR / VOILA_PY).read_text(encoding="utf-8")
    return f"# Written by {MARK} (python -m {MARK}); run it again after updating cardkit.\n{source}"


def server_json_text() -> str:
    """The ``jupyter_server_config.json`` written: :func:`binder_server_config`
    under a ``"written_by"`` key naming this module (JSON has no comments; a key in lower case
    names no class, and the server ignores it)."""
    return json.dumps({"written_by": f"{MARK} --binder", **binder_server_config()}, indent=2) + "\n"


def install(config_dir: str | os.PathLike[str] | None = None, *, binder: bool = False) -> list[Path]:
    """Write ``voila.py`` (and, with ``binder``, ``jupyter_server_config.json``)
    into ``config_dir`` (default :func:`environment_config_dir`); return the paths written.

    Raises :class:`ServingSetupError` if a file of the same name that this module did not
    write is there (nothing is written then), or the folder cannot be written.
    """
    folder = Path(config_dir) if config_dir is not None else environment_config_dir()
    files = {folder / VOILA_PY: voila_py_text()}
    if binder:
        files[folder / SERVER_JSON] = server_json_text()
    for path in files:  # every file checked before any is written
        _check_free(path)
    return [_write(path, text) for path, text in files.items()]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardkit.serving_setup``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog=f"python -m {MARK}",
        description="Write the lesson servers' settings (voila.py; with --binder, the Jupyter server's too) "
                    "into a Jupyter config folder, for plain `voila lessons/` and for Binder.",
    )
    parser.add_argument("--binder", action="store_true",
                        help="also the Jupyter server settings (Voila as a server extension, as on Binder)")
    parser.add_argument("--config-dir", help=f"folder to write into (default {environment_config_dir()})")
    args = parser.parse_args(argv)
    try:
        written = install(args.config_dir, binder=args.binder)
    except ServingSetupError as error:
        print(f"{MARK}: error: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"{MARK}: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
