"""The servers: ``cardkit-lessons`` (:mod:`~cardkit.serving.lessons_cli`, Voila for one
computer), ``cardkit-hub`` (:mod:`~cardkit.serving.hub_cli`, JupyterHub for a class, with
:mod:`~cardkit.serving._hub_classes` and :mod:`~cardkit.serving.hub_cgroups`), the lesson
servers' safety settings (:mod:`~cardkit.serving.lesson_server`, its routes and its setup
for Binder), the kernels compiled ahead (:mod:`~cardkit.serving.prepare`), ``voila_config/``
and ``hub_templates/``. The top floor: imports everything below, nothing imports it.

``cardkit.serving`` was one module (the safety settings); it still answers for it:
``from cardkit.serving import prelaunch_hook`` reads :mod:`cardkit.serving.lesson_server`
(loaded on first use).
"""

from typing import TYPE_CHECKING

from cardkit.core._lazy import forward_to

if TYPE_CHECKING:
    from .lesson_server import *  # noqa: F403

forward_to(__name__, "cardkit.serving.lesson_server")
