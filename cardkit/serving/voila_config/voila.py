# Voila settings that a command line cannot give (a function): loaded by cardkit-lessons
# (voila_args adds this folder to Voila's config_file_paths). See cardkit/serving/lesson_server.py.
# Never put a voila.py at the repository's root: it would hide the voila package.
from cardkit.serving import configure_voila

configure_voila(get_config())  # noqa: F821 - traitlets defines get_config in config files
