"""`bodoge serve` serves the browser client's static files at `/`, after every API route."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

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
    assert client.get("/api/health").json() == {"status": "ok"}
    assert client.get("/openapi.json").status_code == 200
    missing = client.get("/api/no-such-route")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_every_module_the_page_imports_is_in_the_folder() -> None:
    imports = re.compile(r'from "\./([\w/]+\.js)"')
    for module in WEB_DIR.rglob("*.js"):
        for name in imports.findall(module.read_text(encoding="utf-8")):
            assert (module.parent / name).is_file(), f"{module.name} imports {name}"
    assert (WEB_DIR / "games" / "svg.js").is_file()
    assert Path(WEB_DIR / "index.html").is_file()
