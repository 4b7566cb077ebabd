"""``cardkit-hub --lang ru`` (issue 29): the class's language. Each learner lands on the
Russian lesson index, and the hub's log-in page is JupyterHub's own with its words in Russian
(rendered here with the loaders JupyterHub uses: our folder first, its own pages under
``templates/``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")

from cardkit import hub_cli  # noqa: E402
from cardkit.hub_cli import HUB_TEMPLATES, LANDING_URLS, HubSetupError, hub_config  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _config(tmp_path, **kw):
    return hub_config(lessons_dir=REPO / "lessons", data_dir=tmp_path, password="classpass", hub_port=18081,
                      proxy_api_port=18082, **kw)


def test_english_is_the_default_and_russian_lands_on_the_russian_index(tmp_path):
    en = _config(tmp_path)
    assert en["Spawner"]["default_url"] == "/voila/render/index.ipynb"
    assert "template_paths" not in en["JupyterHub"]
    ru = _config(tmp_path, lang="ru")
    assert ru["Spawner"]["default_url"] == LANDING_URLS["ru"] == "/voila/render/ru/index.ipynb"
    assert ru["JupyterHub"]["template_paths"] == [str(HUB_TEMPLATES / "ru")]
    # the page it lands on is there
    assert (REPO / "lessons" / "ru" / "index.ipynb").is_file()


def test_a_language_the_kit_does_not_speak_is_refused_in_one_line(tmp_path):
    with pytest.raises(HubSetupError, match=r"^lang 'de': expected en \(English\) or ru \(Russian\)$"):
        _config(tmp_path, lang="de")
    args = hub_cli.build_parser().parse_args(["--lang", "ru"])
    assert args.lang == "ru"
    assert hub_cli.build_parser().parse_args([]).lang == "en"
    with pytest.raises(SystemExit):
        hub_cli.build_parser().parse_args(["--lang", "de"])


def _render_login(template_paths, **extra) -> str:
    """login.html as JupyterHub renders it (jupyterhub/app.py: a ChoiceLoader of its own pages
    under the prefix ``templates/`` and the template folders, its own folder last)."""
    import jupyterhub
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
    from jupyterhub.app import JupyterHub
    base = JupyterHub()._template_paths_default()[0]
    env = Environment(loader=ChoiceLoader([PrefixLoader({"templates": FileSystemLoader([base])}, "/"),
                                           FileSystemLoader([*template_paths, base])]), autoescape=True)
    values = dict(authenticator_login_url="/hub/login", xsrf="x", username="", login_error=None,
                  announcement_login="Type your name", static_url=lambda *a, **k: "/static/x", base_url="/",
                  prefix="/", user=None, login_url="/hub/login", logout_url="/hub/logout", services=[],
                  version_hash="", authenticator=type("A", (), {"request_otp": False})(), no_spawner_check=True,
                  parsed_scopes=set(), jupyterhub_version=jupyterhub.__version__)
    values.update(extra)
    return env.get_template("login.html").render(**values)


def _visible_text(page: str) -> str:
    body = page.split("<body", 1)[1]
    body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_russian_log_in_page_speaks_russian_and_keeps_the_form():
    page = _render_login([str(HUB_TEMPLATES / "ru")])
    text = _visible_text(page)
    for word in ("Вход", "Имя:", "Пароль:", "пароль класса"):
        assert word in text, text
    assert 'value="Войти"' in page
    for english in ("Sign in", "Username", "Password", "Type your name"):
        assert english not in text and english not in page.split("<body", 1)[1].split("<script")[0], english
    # the form is JupyterHub's: the same fields and the xsrf value
    for field in ('name="username"', 'name="password"', 'name="_xsrf"', 'action="/hub/login"'):
        assert field in page, field
    assert "Неверное имя или пароль." in _visible_text(_render_login([str(HUB_TEMPLATES / "ru")],
                                                                     login_error="Invalid username or password."))


def test_the_english_log_in_page_is_jupyterhub_s_own():
    text = _visible_text(_render_login([]))
    assert "Sign in" in text and "Username:" in text and "Type your name" in text
