"""Lazy re-exports (PEP 562): a lower module names a few public objects that live in a
higher one (the rules module ``cardkit.games.variety`` keeps ``RuleBot``, ``ExpertBot``,
``advise`` for older code) without importing that module when it is itself imported, so
the import graph has no cycle and importing the rules loads no solver.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

__all__ = ["lazy_exports", "lazy_dir", "forward_to"]


def lazy_exports(module_name: str, table: Mapping[str, tuple[str, str]], *,
                 cache: MutableMapping[str, object] | None = None) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module_name`` that answers each name of ``table``
    (``name -> (module, attribute)``) by importing ``module`` on first use.

    ``cache``: the module's ``globals()`` to store each loaded object in, so that later
    uses find it there without calling ``__getattr__`` again; ``None`` (the default) stores
    nothing and imports (a dictionary look-up in ``sys.modules``) on every use.

    >>> getattr_ = lazy_exports("m", {"sqrt": ("math", "sqrt")})
    >>> getattr_("sqrt")(9.0)
    3.0
    >>> namespace: dict = {}
    >>> lazy_exports("m", {"sqrt": ("math", "sqrt")}, cache=namespace)("sqrt") is namespace["sqrt"]
    True

    :raises AttributeError: for a name not in ``table``, as for any missing attribute.
    """
    def __getattr__(name: str) -> Any:
        if name in table:
            module, attr = table[name]
            value = getattr(importlib.import_module(module), attr)
            if cache is not None:
                cache[name] = value
            return value
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
    __getattr__.__doc__ = ("Names loaded on first use from higher modules: "
                           + ", ".join(f"{n} ({m}.{a})" for n, (m, a) in table.items()) + ".")
    return __getattr__


def lazy_dir(module_globals: Mapping[str, object], table: Mapping[str, tuple[str, str]]) -> Callable[[], list[str]]:
    """A module ``__dir__`` that lists the lazy names of ``table`` beside the module's own
    (so ``dir(module)`` and a notebook's completion show ``RuleBot``)."""
    def __dir__() -> list[str]:
        return sorted(set(module_globals) | set(table))
    return __dir__


def forward_to(package: str, target: str) -> None:
    """Make the package ``package`` (already in :data:`sys.modules`) answer for the module
    ``target`` it used to be (issue 30: ``cardkit.room`` was one module and is now a folder
    whose ``Room`` lives in ``cardkit.room.rooms``).

    Reading a name the package does not hold imports ``target`` on first use and reads it
    there (``cardkit.room.Room``, ``from cardkit.room import RoomError``); setting a name
    ``target`` holds (as ``monkeypatch.setattr(cardkit.room, "MAX_ANSWERS_PER_USER", 3)`` does)
    sets it in ``target``, where its code reads it, and deleting it then (the monkeypatch's undo,
    which saw no such name in the package's own ``__dict__``) gives ``target`` its value back.
    The package's own submodules (``cardkit.room.link``) are never looked up in ``target``, so
    importing one does not import ``target``.

    :raises KeyError: when ``package`` is not imported yet.
    """
    module = sys.modules[package]
    folder = Path(module.__file__ or "").parent
    own = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
    originals: dict[str, Any] = {}     # a name set through the package -> the moved module's value before

    class Forwarding(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            if name in own or (name.startswith("__") and name != "__all__"):
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            return getattr(importlib.import_module(target), name)

        def __setattr__(self, name: str, value: Any) -> None:
            moved = sys.modules.get(target)
            if moved is not None and name not in own and name not in vars(self) and name in vars(moved):
                originals.setdefault(name, vars(moved)[name])
                setattr(moved, name, value)
            else:
                super().__setattr__(name, value)

        def __delattr__(self, name: str) -> None:
            moved = sys.modules.get(target)
            if name in vars(self):
                super().__delattr__(name)
            elif moved is not None and name in originals:     # undo: the moved module's own value again
                setattr(moved, name, originals[name])
            elif moved is None or name not in vars(moved):
                raise AttributeError(f"module {package!r} has no attribute {name!r}")

        def __dir__(self) -> list[str]:
            return sorted(set(vars(self)) | set(dir(importlib.import_module(target))))

    module.__class__ = Forwarding
