"""`bodoge serve` serves the browser client's static files at `/`, after every API route."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from bodoge.engine.registry import game_ids
from bodoge.server.app import WEB_DIR


def test_the_page_and_its_modules_are_served_at_the_root(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="app.js">' in page.text
    for path in sorted(WEB_DIR.rglob("*.js")):
        answer = client.get("/" + path.relative_to(WEB_DIR).as_posix())
        assert answer.status_code == 200, path
        assert "javascript" in answer.headers["content-type"]


def test_the_api_routes_come_before_the_files(client: TestClient) -> None:
    assert client.get("/api/health").json()["status"] == "ok"
    assert client.get("/openapi.json").status_code == 200
    missing = client.get("/api/no-such-route")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_every_module_the_page_imports_is_in_the_folder() -> None:
    imports = re.compile(r'from "(\.\.?/[\w/.]+\.js)"')
    for module in WEB_DIR.rglob("*.js"):
        for name in imports.findall(module.read_text(encoding="utf-8")):
            target = (module.parent / name).resolve()
            assert target.is_file() and WEB_DIR in target.parents, f"{module.name} imports {name}"
    assert (WEB_DIR / "games" / "kit.js").is_file()
    assert Path(WEB_DIR / "index.html").is_file()


def test_each_game_has_its_drawing_words_and_style_in_its_folder() -> None:
    """games/<id>/draw.js for every game the server offers (the page imports it by the game's
    id), with the styles it links and the words it imports beside it."""
    for game in game_ids():
        folder = WEB_DIR / "games" / game
        assert (folder / "draw.js").is_file(), game
        text = (folder / "draw.js").read_text(encoding="utf-8")
        assert "export function draw(" in text and "ready" in text, game
    for family in ("collect", "monster_hex", "koremon"):
        assert (WEB_DIR / "games" / family / "style.css").is_file()
        assert (WEB_DIR / "games" / family / "words.js").is_file()
