"""``import cardkit_widgets`` is cheap (issue 10 §6): the dashboards, anywidget and the game
modules load only when a public name is first used (PEP 562 ``__getattr__``), and every
public name still imports, from the package and from its own module."""

import json
import subprocess
import sys

import pytest

import cardkit_widgets

HEAVY = ("anywidget", "numba", "cardkit_widgets._dashboard", "cardkit_widgets.card_table",
         "cardkit_widgets.variety_table", "cardkit_widgets.warsaw_hearts", "cardkit_widgets.armenian_durak",
         "cardkit.analysis", "cardkit.games.variety")


def _loaded_after(code: str) -> dict:
    """The HEAVY modules loaded by ``code`` in a fresh interpreter."""
    probe = f"import sys, json\n{code}\nprint(json.dumps({{m: m in sys.modules for m in {list(HEAVY)!r}}}))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def test_import_loads_no_dashboard_nor_anywidget():
    loaded = _loaded_after("import cardkit_widgets\nimport cardkit_widgets.lesson")
    assert not any(loaded.values()), [m for m, v in loaded.items() if v]


def test_first_use_of_a_name_loads_its_module():
    loaded = _loaded_after("from cardkit_widgets import VarietyTable")
    assert loaded["cardkit_widgets.variety_table"] and loaded["anywidget"]
    assert not loaded["numba"], "a dashboard's import must compile nothing and load no numba"


@pytest.mark.parametrize("name", cardkit_widgets.__all__)
def test_every_public_name_imports_and_is_the_module_class(name):
    import importlib

    value = getattr(cardkit_widgets, name)
    assert isinstance(value, type) and value.__name__ == name
    assert getattr(importlib.import_module(value.__module__), name) is value
    assert name in dir(cardkit_widgets)


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'NoSuchTable'"):
        cardkit_widgets.NoSuchTable  # noqa: B018
    with pytest.raises(ImportError):
        from cardkit_widgets import NoSuchTable  # noqa: F401


def test_star_import_gives_all():
    namespace: dict = {}
    exec("from cardkit_widgets import *", namespace)
    assert set(cardkit_widgets.__all__) <= set(namespace)


def test_the_shared_lazy_loader_caches_a_used_name_in_the_package():
    """cardkit_widgets uses cardkit._lazy.lazy_exports with ``cache``: after first use the
    class sits in the package's globals (no second __getattr__), the same object the rules
    modules' uncached loader would return."""
    from cardkit._lazy import lazy_exports

    value = cardkit_widgets.HandTable
    assert vars(cardkit_widgets)["HandTable"] is value
    uncached = lazy_exports("probe", cardkit_widgets._LAZY)
    assert uncached("HandTable") is value and uncached("ScoreSheet") is cardkit_widgets.ScoreSheet
    namespace: dict = {}
    cached = lazy_exports("probe", cardkit_widgets._LAZY, cache=namespace)
    assert cached("TrickTable") is cardkit_widgets.TrickTable and set(namespace) == {"TrickTable"}
