"""Starting the room service: its command line (:func:`build_parser`), the expert bots'
solver kernels loaded before the first table (:func:`warm_expert_bots`) and the cookie secret
kept in the data folder (:func:`cookie_secret`). :func:`cardkit.room.service.main` runs them;
that module gives every name too (issue 30 split it)."""

from __future__ import annotations

import argparse
import os
import secrets
import time
from pathlib import Path

from cardkit.core.codes import GAMES, deal_from_code
from cardkit.i18n import LANGUAGES


def warm_expert_bots() -> dict[str, float]:
    """Load the solver kernels the expert bots use into this process (numba's kernels, every
    module of :data:`cardkit.core.registry.KERNEL_MODULES`: compiled, or read from numba's cache),
    then let each game's expert bot make one decision on its deal number 1, so that the first
    expert-bot table does not wait for them (its first bot card took 3-11 s before).
    :func:`main` calls it before the room listens. Returns seconds spent,
    ``{"kernels": 1.7, "V": 0.1, "W": 0.1, "D": 0.0}``."""
    import importlib

    from cardkit.core.registry import KERNEL_MODULES

    started = time.perf_counter()
    for module in KERNEL_MODULES:
        importlib.import_module(module)
    spent = {"kernels": time.perf_counter() - started}
    for letter, entry in GAMES.items():
        started = time.perf_counter()
        state = deal_from_code(f"{letter}-1")
        entry.expert_bot(seed=0).act(state.observation(state.current_player))
        spent[letter] = time.perf_counter() - started
    return spent


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardkit.room_service",
                                     description="The teaching room as a JupyterHub service.")
    parser.add_argument("--data-dir", default=".", help="folder of room.sqlite and the cookie secret")
    parser.add_argument("--db-url", default=os.environ.get("CARDKIT_ROOM_DB_URL"),
                        help="SQLAlchemy URL of the room's database (default sqlite in the data folder; "
                             "$CARDKIT_ROOM_DB_URL)")
    parser.add_argument("--teacher", action="append", default=[], metavar="NAME",
                        help="a teacher's hub name (repeat for more): the hub's admins")
    parser.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                        help="where to listen (default $JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the class's language: a page's language when neither its address (?lang=), its "
                             "cookie nor the browser's Accept-Language names en or ru (cardkit-hub --lang passes it)")
    parser.add_argument("--trust-proxy-headers", action="store_true",
                        help="read a client's address from X-Real-IP / X-Forwarded-For (only behind a proxy that "
                             "sets them itself; off by default: anyone can send them, and the address is only "
                             "logged)")
    return parser


def cookie_secret(data_dir: Path) -> bytes:
    """``<data dir>/room-cookie-secret`` (made once, 0600): log-ins survive a restart."""
    path = data_dir / "room-cookie-secret"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip().encode()
