"""The distribution ships every package folder, and maps widgets/ to cardkit_widgets only."""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _config():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(_config()["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "cardkit").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found <= listed, f"package folders missing from pyproject packages: {sorted(found - listed)}"


def test_widgets_folder_installs_as_cardkit_widgets_not_widgets():
    cfg = _config()
    assert cfg["package-dir"]["cardkit_widgets"] == "widgets"
    assert "widgets" not in cfg["packages"]
    import cardkit_widgets
    assert pathlib.Path(cardkit_widgets.__file__).parent == ROOT / "widgets"
