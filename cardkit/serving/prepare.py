"""Compile (or load) every numba kernel before a server says its address.

The solvers and the batched simulator are numba functions with explicit signatures and
``cache=True``: importing their module compiles them, or loads them from numba's cache
(``__pycache__`` beside the module, or ``$NUMBA_CACHE_DIR``). On a fresh install that
takes a minute or more on 2 cores (Variety 7 s, Warsaw Hearts 13 s, Durak 54 s seen on a
busy machine), which the first learner's first Hint would otherwise wait for.
``cardkit-lessons`` and ``cardkit-hub`` call :func:`prepare_kernels` first: it imports the
modules in a child process (so the server itself never holds numba's memory) and prints one
line saying it is preparing when the cache is not there yet, which is once per install.

``python -m cardkit.prepare`` does the same from a shell (``.ci/run`` does it once before
the tests).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from cardkit.core.errors import CardkitError
from cardkit.core.registry import KERNEL_MODULES

PACKAGE_DIR = Path(__file__).resolve().parents[1]   # the cardkit folder


# The child: with $NUMBA_CACHE_DIR set, first copy the kernels already compiled beside the
# modules (``__pycache__``, e.g. by ``.ci/run`` or an earlier cardkit-lessons) to where numba
# looks in that folder (numba's own locator says where), so a new hub data folder does not
# compile them again; numba checks each file's source stamp and recompiles what does not fit.
_CHILD = """
import importlib, importlib.util, os, shutil
from pathlib import Path
modules = %r
cache_dir = os.environ.get("NUMBA_CACHE_DIR")
if cache_dir:
    from numba.core.caching import UserProvidedCacheLocator
    for name in modules:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            continue  # the import below says what is wrong
        source = Path(spec.origin)
        target = Path(cache_dir) / UserProvidedCacheLocator.get_suitable_cache_subpath(str(source))
        for cached in (source.parent / "__pycache__").glob(source.stem + ".*.nb[ic]"):
            if not (target / cached.name).exists():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(cached, target / cached.name)
for name in modules:
    importlib.import_module(name)
"""


class PrepareError(CardkitError):
    """The numba kernels could not be compiled or loaded (the child's last line quoted)."""


def _module_file(module: str) -> Path:
    return PACKAGE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


def kernels_cached(environ: Mapping[str, str] | None = None) -> bool:
    """True when numba's cache holds an index for every kernel module, written after the
    module's source was last changed (an edited or updated module compiles again, minutes
    on 2 cores: said, not waited out in silence): in ``$NUMBA_CACHE_DIR`` (any folder below
    it) if that is set, else in ``__pycache__`` beside each module. Only says whether
    preparing will be quick; the import decides."""
    environ = os.environ if environ is None else environ
    cache_dir = environ.get("NUMBA_CACHE_DIR")
    for module in KERNEL_MODULES:
        source = _module_file(module)
        stem = source.stem
        if cache_dir:
            found = list(Path(cache_dir).rglob(f"{stem}.*.nbi"))
        else:
            found = list((source.parent / "__pycache__").glob(f"{stem}.*.nbi"))
        try:
            changed = source.stat().st_mtime
        except OSError:
            changed = 0.0
        if not found or max(f.stat().st_mtime for f in found) < changed:
            return False
    return True


def prepare_kernels(*, environ: Mapping[str, str] | None = None, say: Callable[[str], None] | None = print,
                    who: str = "cardkit") -> float:
    """Import every module of :data:`KERNEL_MODULES` in a child Python (``sys.executable``)
    with ``environ`` (default: this process's environment), so that numba compiles them into
    its cache or finds them there. Says (through ``say``, one line each, None for silence)
    that it is preparing when :func:`kernels_cached` is False, and how long it took.

    Returns the seconds taken. Raises :class:`PrepareError` if the child fails.
    """
    env = dict(os.environ if environ is None else environ)
    cached = kernels_cached(env)
    if not cached and say is not None:
        say(f"{who}: preparing the card solvers, once per install (a minute or two on a small machine)...")
    start = time.monotonic()
    code = _CHILD % (KERNEL_MODULES,)
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, check=False)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        lines = (result.stderr or result.stdout).strip().splitlines() or ["(no output)"]
        raise PrepareError(f"compiling the card solvers failed: {lines[-1][:200]}")
    if not cached and say is not None:
        say(f"{who}: the card solvers are ready ({seconds:.0f} s)")
    return seconds


def main() -> int:
    """``python -m cardkit.prepare``: prepare the kernels; exit status 1 with one line on failure."""
    try:
        prepare_kernels()
    except PrepareError as error:
        print(f"cardkit: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
