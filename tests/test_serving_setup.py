"""``python -m cardkit.serving_setup``: the settings plain ``voila lessons/`` and Binder read
from a Jupyter config folder (issue 22), and the serving pieces that keep a page from asking a
CDN. The pages themselves: ``tests/test_browser_teacher_only.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from traitlets.config.loader import JSONFileConfigLoader, PyFileConfigLoader

from cardkit import hub_cli, lessons_cli, serving_setup
from cardkit.errors import CardkitError
from cardkit.serving_setup import ServingSetupError, binder_server_config, install

REPO_ROOT = Path(__file__).resolve().parent.parent


def test_binder_settings_are_the_hubs_less_what_only_keeps_learners_apart():
    hub, binder = hub_cli.singleuser_server_config(), binder_server_config()
    assert binder["ServerApp"] == {"kernel_manager_class": "cardkit.serving.BoundedKernelManager"}
    # the route filter is the hub's (JupyterLab on Binder needs the REST API and files)
    assert hub["ServerApp"]["jpserver_extensions"]["cardkit.serving_routes"] is True
    assert "allowed_message_types" not in binder["MappingKernelManager"]  # JupyterLab runs code on Binder
    for section, values in hub.items():
        for key, value in values.items():
            if key not in serving_setup._NOT_ON_BINDER.get(section, ()):
                assert binder[section][key] == value, (section, key)
    assert binder["BoundedKernelManager"]["max_kernels"] == lessons_cli.LEARNER_MAX_KERNELS


def test_binder_settings_agree_with_voila_json():
    repo = json.loads((REPO_ROOT / "voila.json").read_text())
    binder = binder_server_config()
    for section, values in repo.items():
        for key, value in values.items():
            assert binder[section][key] == value, (section, key)


def test_install_writes_what_voila_and_the_server_read(tmp_path):
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from nbconvert.preprocessors import TagRemovePreprocessor
    from voila.configuration import VoilaConfiguration
    from voila.execute import VoilaExecutor

    from cardkit.serving import page_config_hook, prelaunch_hook

    written = install(tmp_path, binder=True)
    assert written == [tmp_path / "voila.py", tmp_path / "jupyter_server_config.json"]
    voila = PyFileConfigLoader("voila.py", path=str(tmp_path)).load_config()
    assert voila.VoilaConfiguration.prelaunch_hook is prelaunch_hook
    assert voila.VoilaConfiguration.page_config_hook is page_config_hook
    assert voila.VoilaConfiguration.multi_kernel_manager_class == "cardkit.serving.BoundedKernelManager"
    server = JSONFileConfigLoader("jupyter_server_config.json", path=str(tmp_path)).load_config()
    assert list(TagRemovePreprocessor(config=server).remove_cell_tags) == ["teacher-only"]
    assert VoilaExecutor(nb=None, km=None, config=server).iopub_timeout == lessons_cli.IOPUB_TIMEOUT
    assert MappingKernelManager(config=server).cull_idle_timeout == lessons_cli.CULL_IDLE_TIMEOUT
    assert VoilaConfiguration(config=server).progressive_rendering is True
    assert server.ServerApp.kernel_manager_class == "cardkit.serving.BoundedKernelManager"
    # once more (after updating cardkit): the files this command wrote are replaced
    assert install(tmp_path, binder=True) == written
    # without --binder: voila.py only (plain `voila lessons/` reads voila.json from the folder)
    assert install(tmp_path / "plain") == [tmp_path / "plain" / "voila.py"]


def test_a_file_it_did_not_write_is_left_alone(tmp_path, capsys):
    own = '{"ServerApp": {"port": 9999}}\n'
    (tmp_path / "jupyter_server_config.json").write_text(own)
    with pytest.raises(ServingSetupError, match=r"was not written by cardkit\.serving_setup") as info:
        install(tmp_path, binder=True)
    assert isinstance(info.value, CardkitError) and "jupyter_server_config.json" in str(info.value)
    assert (tmp_path / "jupyter_server_config.json").read_text() == own
    assert not (tmp_path / "voila.py").exists()  # nothing written
    assert serving_setup.main(["--binder", "--config-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
    assert serving_setup.main(["--config-dir", str(tmp_path)]) == 0  # voila.py alone is free
    assert "wrote" in capsys.readouterr().out


def test_postbuild_installs_the_binder_settings():
    lines = [line.strip() for line in (REPO_ROOT / "binder" / "postBuild").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines.index("python -m cardkit.serving_setup --binder") > lines.index("pip install --no-cache-dir -e .")


def test_no_voila_py_at_the_repository_root():
    assert not (REPO_ROOT / "voila.py").exists()  # it would hide the voila package from `python -m voila`


# ------------------------------------------------------------- no CDN


def test_pages_are_written_without_links_to_the_cdn():
    from cardkit.serving import drop_cdn_links

    class Handler:
        def __init__(self):
            self.out = []

        def write(self, chunk):
            self.out.append(chunk)

    handler = Handler()
    drop_cdn_links(handler)
    template = (
        '  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css"'
        ' type="text/css" />\n'
        "  <link rel='stylesheet' href='https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css'>\n"
        '  <link rel="stylesheet" href="/voila/static/index.css">\n'
    )
    handler.write(template)
    handler.write(template.encode())
    handler.write("<p>cdn.jsdelivr.net is a CDN</p>")
    assert handler.out[0] == '  <link rel="stylesheet" href="/voila/static/index.css">\n'
    assert handler.out[1] == handler.out[0].encode()
    assert handler.out[2] == "<p>cdn.jsdelivr.net is a CDN</p>"  # only link tags go


def test_the_page_config_names_no_mathjax_on_a_cdn():
    from cardkit.serving import page_config_hook

    config = {"fullMathjaxUrl": "https://cdnjs.cloudflare.com/ajax/libs/mathjax/3.2.2/es5/latest.min.js",
              "mathjaxConfig": "TeX-AMS_CHTML-full,Safe", "baseUrl": "/"}
    assert page_config_hook(config, base_url="/", notebook_path="a.ipynb") == {
        "fullMathjaxUrl": None, "mathjaxConfig": None, "baseUrl": "/"}
