"""docs/z2jh-values.yaml and docs/z2jh-room.yaml, the Zero to JupyterHub setup (no ``helm`` or
cluster needed).

The values, merged with the chart's defaults, validate against the chart's own
``values.schema.yaml`` (what ``helm install`` checks), read from ``shared/z2jh/`` beside the
checkout (``../shared`` of a clone in CI; ``CARDKIT_Z2JH_SCHEMA_DIR`` names another folder):
skipped, saying so, when it is absent. ``hub.config`` names real JupyterHub traits, the
learners' Voila settings are those of ``cardkit-hub`` and ``cardkit-lessons``, the room service
and its roles are those ``cardkit-hub`` registers, and the room's Deployment and Service
(``docs/z2jh-room.yaml``) are Kubernetes objects that agree with the values and with what
``cardkit.room_service`` reads."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from urllib.parse import urlparse

import pytest

yaml = pytest.importorskip("yaml")

from cardkit.hub_cli import DEFAULT_URL, hub_config, singleuser_server_config  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
VALUES = REPO / "docs" / "z2jh-values.yaml"
ROOM = REPO / "docs" / "z2jh-room.yaml"
#: the chart's values.schema.yaml and values.yaml (see its README there)
CHART_DIR = Path(os.environ.get("CARDKIT_Z2JH_SCHEMA_DIR") or REPO.parent / "shared" / "z2jh")
ROOM_LABEL = {"app.kubernetes.io/name": "cardkit-room"}


def _values():
    return yaml.safe_load(VALUES.read_text())


def _room_objects() -> dict[str, dict]:
    """kind -> object of docs/z2jh-room.yaml (one of each)."""
    docs = [d for d in yaml.safe_load_all(ROOM.read_text()) if d is not None]
    kinds = [d["kind"] for d in docs]
    assert sorted(kinds) == ["Deployment", "Service"], kinds
    return {d["kind"]: d for d in docs}


def deep_merge(base, over):
    """Helm's merge of values files: dictionaries key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = deep_merge(base[key], value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(over)


@pytest.fixture(scope="module")
def schema_errors():
    """``schema_errors(values) -> list[str]``: the chart's schema's complaints about ``values``
    merged with the chart's defaults (empty: ``helm install`` accepts them)."""
    jsonschema = pytest.importorskip("jsonschema")
    schema_file, defaults_file = CHART_DIR / "values.schema.yaml", CHART_DIR / "values.yaml"
    if not (schema_file.is_file() and defaults_file.is_file()):
        pytest.skip(f"the Zero to JupyterHub chart's values.schema.yaml and values.yaml are not in {CHART_DIR} "
                    f"(the shared/ folder beside the checkout; CARDKIT_Z2JH_SCHEMA_DIR names another)")
    validator = jsonschema.Draft7Validator(yaml.safe_load(schema_file.read_text()))
    defaults = yaml.safe_load(defaults_file.read_text())

    def errors(values) -> list[str]:
        merged = deep_merge(defaults, values)
        return [f"{'.'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
                for e in sorted(validator.iter_errors(merged), key=lambda e: list(map(str, e.absolute_path)))]

    return errors


def test_the_values_validate_against_the_charts_schema(schema_errors):
    assert schema_errors(_values()) == []


def test_the_schema_check_sees_a_wrong_key(schema_errors):
    values = _values()
    values["singleuser"]["notebookDir"] = "/srv/cardkit/lessons"   # the key the file once had: not the chart's
    values["cull"]["timeOut"] = 1
    found = schema_errors(values)
    assert len(found) == 2, found
    assert any("notebookDir" in e and e.startswith("singleuser:") for e in found), found
    assert any("timeOut" in e and e.startswith("cull:") for e in found), found
    values = _values()
    values["singleuser"]["cpu"]["limit"] = "one"
    assert [e.split(":")[0] for e in schema_errors(values)] == ["singleuser.cpu.limit"]


def test_a_class_gets_the_dashboard_limits_and_culling():
    values = _values()
    single = values["singleuser"]
    assert single["defaultUrl"] == DEFAULT_URL == "/voila/render/index.ipynb"
    assert single["image"]["name"] and single["image"]["tag"]
    assert values["hub"]["config"]["Spawner"]["notebook_dir"].endswith("/lessons")
    assert single["memory"]["limit"] and single["memory"]["guarantee"]
    assert single["cpu"]["limit"] >= single["cpu"]["guarantee"] > 0
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    # the passwords are not in the repository's file, nor the room's token
    assert "SharedPasswordAuthenticator" not in values["hub"]["config"]
    assert "apiToken" not in values["hub"]["services"]["room"]
    assert "api_token" not in values["hub"]["services"]["room"]


def test_hub_config_names_real_jupyterhub_traits():
    pytest.importorskip("jupyterhub")
    from jupyterhub.app import JupyterHub
    from jupyterhub.auth import Authenticator
    from jupyterhub.spawner import Spawner

    classes = {"JupyterHub": JupyterHub, "Authenticator": Authenticator, "Spawner": Spawner}
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
    assert extra["data"]["ServerApp"]["jpserver_extensions"]["cardkit.serving_routes"] is True


def _cardkit_hub_room(tmp_path) -> tuple[dict, dict]:
    """(the room service, {role name: scopes}) as cardkit-hub registers them."""
    pytest.importorskip("jupyterhub")
    c = hub_config(lessons_dir=REPO / "lessons", data_dir=tmp_path, password="classpass", hub_port=18081,
                   proxy_api_port=18082, admins=["teacher"], room_port=10101)
    hub = c["JupyterHub"]
    room = next(s for s in hub["services"] if s["name"] == "room")
    return room, {r["name"]: r["scopes"] for r in hub["load_roles"]}


def test_the_room_service_and_its_roles_are_cardkit_hubs(tmp_path):
    from jupyterhub.services.service import Service

    values = _values()
    room = values["hub"]["services"]["room"]
    assert set(room) <= set(Service.class_trait_names()), set(room) - set(Service.class_trait_names())
    ours, roles = _cardkit_hub_room(tmp_path)
    fields = ("display", "oauth_no_confirm")
    assert {k: room[k] for k in fields} == {k: ours[k] for k in fields}
    loaded = values["hub"]["loadRoles"]
    assert {name: loaded[name]["scopes"] for name in ("user", "server")} == {n: roles[n] for n in ("user", "server")}
    # the learners' lessons report to the room's Service, which the learners' pods may reach
    url = urlparse(room["url"])
    assert values["singleuser"]["extraEnv"]["CARDKIT_ROOM_URL"] == f"{room['url']}/services/room/"
    for rules in (values["singleuser"]["networkPolicy"]["egress"], values["proxy"]["chp"]["networkPolicy"]["egress"]):
        assert any(to.get("podSelector", {}).get("matchLabels") == ROOM_LABEL and
                   [p["port"] for p in rule["ports"]] == [url.port]
                   for rule in rules for to in rule["to"]), rules


def test_the_room_pod_and_its_service_match_the_values():
    from cardkit.room_service import build_parser

    objects = _room_objects()
    dep, svc = objects["Deployment"], objects["Service"]
    assert (dep["apiVersion"], svc["apiVersion"]) == ("apps/v1", "v1")
    values = _values()
    room_url = urlparse(values["hub"]["services"]["room"]["url"])
    # the Service: the name and port the values use, selecting the pod
    assert svc["metadata"]["name"] == room_url.hostname == dep["metadata"]["name"]
    assert [p["port"] for p in svc["spec"]["ports"]] == [room_url.port]
    pod = dep["spec"]["template"]
    assert dep["spec"]["replicas"] == 1 and dep["spec"]["strategy"]["type"] == "Recreate"
    assert dep["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    assert svc["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    assert ROOM_LABEL.items() <= pod["metadata"]["labels"].items()
    assert pod["metadata"]["labels"]["hub.jupyter.org/network-access-hub"] == "true"   # may call the hub's API
    (container,) = pod["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert all(ports[p["targetPort"]] == room_url.port for p in svc["spec"]["ports"])
    # the command: cardkit.room_service, listening on every address at that port, the hub's admins as teachers
    command = container["command"]
    assert command[:3] == ["python", "-m", "cardkit.room_service"]
    args = build_parser().parse_args(command[3:])
    assert urlparse(args.url).port == room_url.port and urlparse(args.url).hostname == "0.0.0.0"
    assert args.teacher and set(args.teacher) <= set(values["hub"]["config"]["Authenticator"]["admin_users"])
    assert not any(a.startswith("--db-url") for a in command)   # from the Secret, not on the command line
    assert any(m["mountPath"] == args.data_dir for m in container["volumeMounts"])
    # the environment a hub gives its service "room", the token from the chart's Secret, the database's URL
    env = {e["name"]: e for e in container["env"]}
    name = "room"
    assert name in values["hub"]["services"]
    assert env["JUPYTERHUB_SERVICE_NAME"]["value"] == name
    assert env["JUPYTERHUB_CLIENT_ID"]["value"] == f"service-{name}"
    assert env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == f"/services/{name}/"
    assert urlparse(env["JUPYTERHUB_API_URL"]["value"]).path == "/hub/api"
    assert env["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"] == {"name": "hub",
                                                                        "key": f"hub.services.{name}.apiToken"}
    assert env["CARDKIT_ROOM_DB_URL"]["valueFrom"]["secretKeyRef"]["name"] == "cardkit-room"
    assert "value" not in env["CARDKIT_ROOM_DB_URL"] and "value" not in env["JUPYTERHUB_API_TOKEN"]
    assert pod["spec"]["automountServiceAccountToken"] is False
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
