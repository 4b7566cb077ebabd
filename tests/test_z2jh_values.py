"""docs/z2jh-values.yaml: valid YAML whose every key is one the Zero to JupyterHub chart
documents (no ``helm`` needed), whose ``hub.config`` names real JupyterHub traits, and whose
Voila settings are those of ``cardkit-hub`` and ``cardkit-lessons``."""

from __future__ import annotations

from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

from cardkit.hub_cli import DEFAULT_URL, singleuser_server_config  # noqa: E402

VALUES = Path(__file__).resolve().parent.parent / "docs" / "z2jh-values.yaml"

# Key paths this file may use, as documented in the chart's configuration reference:
# https://z2jh.jupyter.org/en/stable/resources/reference.html (sections hub.config,
# singleuser.image, singleuser.defaultUrl, singleuser.notebookDir, singleuser.memory,
# singleuser.cpu, singleuser.extraFiles, cull, proxy.https). A small hand-copied set:
# extend it from the reference when the values file needs a new key.
DOCUMENTED = {
    "singleuser.image.name",
    "singleuser.image.tag",
    "singleuser.image.pullPolicy",
    "singleuser.defaultUrl",
    "singleuser.notebookDir",
    "singleuser.memory.limit",
    "singleuser.memory.guarantee",
    "singleuser.cpu.limit",
    "singleuser.cpu.guarantee",
    "cull.enabled",
    "cull.timeout",
    "cull.every",
    "cull.maxAge",
    "cull.users",
    "proxy.https.enabled",
    "proxy.https.hosts",
    "proxy.https.letsencrypt.contactEmail",
}
# singleuser.extraFiles.<any name>.<one of these> (``data`` is free-form: the file's content)
EXTRA_FILE_FIELDS = {"mountPath", "data", "stringData", "binaryData", "mode"}


def _values():
    return yaml.safe_load(VALUES.read_text())


def _leaves(node, prefix=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, prefix + (str(key),))
    else:
        yield prefix, node


def _undocumented(values) -> list[str]:
    bad = []
    for path, _ in _leaves(values):
        dotted = ".".join(path)
        if path[:2] == ("hub", "config") and len(path) >= 4:
            continue  # JupyterHub's own config: checked against its classes below
        if path[:2] == ("singleuser", "extraFiles") and len(path) >= 4 and path[3] in EXTRA_FILE_FIELDS:
            continue
        if dotted not in DOCUMENTED:
            bad.append(dotted)
    return bad


def test_values_parse_and_use_only_documented_keys():
    values = _values()
    assert isinstance(values, dict)
    assert _undocumented(values) == []


def test_the_check_sees_a_misspelt_key():
    values = _values()
    values["singleuser"]["defaultURL"] = values["singleuser"].pop("defaultUrl")
    values["cull"]["timeOut"] = 1
    assert _undocumented(values) == ["singleuser.defaultURL", "cull.timeOut"]


def test_a_class_gets_the_dashboard_limits_and_culling():
    values = _values()
    single = values["singleuser"]
    assert single["defaultUrl"] == DEFAULT_URL == "/voila/render/index.ipynb"
    assert single["image"]["name"] and single["image"]["tag"]
    assert single["notebookDir"].endswith("/lessons")
    assert single["memory"]["limit"] and single["memory"]["guarantee"]
    assert single["cpu"]["limit"] >= single["cpu"]["guarantee"] > 0
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    # the passwords are not in the repository's file
    assert "SharedPasswordAuthenticator" not in values["hub"]["config"]


def test_hub_config_names_real_jupyterhub_traits():
    pytest.importorskip("jupyterhub")
    from jupyterhub.app import JupyterHub
    from jupyterhub.auth import Authenticator

    classes = {"JupyterHub": JupyterHub, "Authenticator": Authenticator}
    config = _values()["hub"]["config"]
    for section, traits in config.items():
        assert section in classes, section
        for name in traits:
            assert name in classes[section].class_traits(config=True), f"{section}.{name}"
    # "shared-password" is the entry point name of SharedPasswordAuthenticator
    from importlib.metadata import entry_points

    names = {e.name: e.value for e in entry_points(group="jupyterhub.authenticators")}
    assert config["JupyterHub"]["authenticator_class"] in names
    assert names["shared-password"].endswith("SharedPasswordAuthenticator")


def test_learners_servers_get_the_classroom_voila_settings():
    files = _values()["singleuser"]["extraFiles"]
    extra = files["cardkit-classroom"]
    hook = files["cardkit-hook"]
    assert hook["mountPath"].endswith("/jupyter_server_config.py")
    # the hook file is cardkit-hub's own, to the letter
    from cardkit.hub_cli import SINGLEUSER_CONFIG_PY

    assert hook["stringData"].strip() == SINGLEUSER_CONFIG_PY.strip()
    # a config folder's own file: Jupyter Server reads only extension switches from .d folders
    assert extra["mountPath"] == "/usr/local/etc/jupyter/jupyter_server_config.json"
    assert Path(hook["mountPath"]).parent == Path(extra["mountPath"]).parent
    assert extra["mountPath"].endswith(".json")  # the chart writes ``data`` as JSON then
    assert extra["data"] == singleuser_server_config()
