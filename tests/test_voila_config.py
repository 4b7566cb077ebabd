"""The classroom Voila config (voila.json at the repository root, read by Voila from the
folder it is started in, standalone and as a server extension): it parses, and the
classes Voila configures read the settings back as a class needs them."""

from __future__ import annotations

import json
from pathlib import Path

from traitlets.config.loader import JSONFileConfigLoader

from cardkit import lessons_cli

ROOT = Path(__file__).resolve().parent.parent


def _config():
    return JSONFileConfigLoader("voila.json", path=str(ROOT)).load_config()


def test_voila_json_parses_and_holds_the_classroom_settings():
    data = json.loads((ROOT / "voila.json").read_text())
    assert data["VoilaConfiguration"] == {"strip_sources": True, "show_tracebacks": False,
                                          "progressive_rendering": True}
    assert data["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert data["MappingKernelManager"]["cull_interval"] > 0
    tags = data["TagRemovePreprocessor"]["remove_cell_tags"]
    assert isinstance(tags, list) and "teacher-only" in tags  # the list form; a set string is ignored


def test_voila_and_nbconvert_read_the_settings():
    from nbconvert.preprocessors import TagRemovePreprocessor
    from voila.configuration import VoilaConfiguration
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    cfg = _config()
    vc = VoilaConfiguration(config=cfg)
    assert vc.strip_sources is True and vc.show_tracebacks is False
    assert "teacher-only" in TagRemovePreprocessor(config=cfg).remove_cell_tags
    mkm = MappingKernelManager.class_traits()
    assert cfg.MappingKernelManager.cull_idle_timeout == 600
    assert "cull_idle_timeout" in mkm and "cull_interval" in mkm


def test_voila_json_agrees_with_cardkit_lessons():
    # cardkit-lessons passes the same settings on the command line (lessons_cli.voila_args)
    cfg = _config()
    assert cfg.MappingKernelManager.cull_idle_timeout == lessons_cli.CULL_IDLE_TIMEOUT
    assert cfg.MappingKernelManager.cull_interval == lessons_cli.CULL_INTERVAL
    assert list(cfg.TagRemovePreprocessor.remove_cell_tags) == list(lessons_cli.REMOVED_CELL_TAGS)
    args = lessons_cli.voila_args("lessons", 8866)
    assert "--VoilaConfiguration.strip_sources=True" in args
    assert "--VoilaConfiguration.show_tracebacks=False" in args
    assert "--VoilaConfiguration.progressive_rendering=True" in args
    from voila.configuration import VoilaConfiguration

    assert VoilaConfiguration(config=cfg).progressive_rendering is lessons_cli.PROGRESSIVE_RENDERING is True


def test_voila_waits_long_enough_for_dashboard_output_on_a_busy_server():
    """Voila's default iopub_timeout (4 s) dropped every dashboard's output with 20 pages
    opening at once on 2 cores; the classroom settings raise it, in both places."""
    import json
    import pathlib

    from cardkit.lessons_cli import voila_args

    cfg = json.loads((pathlib.Path(__file__).resolve().parents[1] / "voila.json").read_text())
    assert cfg["VoilaExecutor"]["iopub_timeout"] >= 60
    assert f"--VoilaExecutor.iopub_timeout={cfg['VoilaExecutor']['iopub_timeout']}" in voila_args("lessons", 8866)
