"""The docs pages' generated tables (events, observations) match the code."""

from __future__ import annotations

from pathlib import Path

from bodoge.engine.docs import render_page, stale_pages

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_generated_sections_are_up_to_date() -> None:
    assert stale_pages(DOCS) == [], "run: python -m bodoge.engine.docs"


def test_a_section_is_rewritten_from_the_code() -> None:
    page = "x\n<!-- generated:events:collect -->\nSTALE TEXT\n<!-- /generated -->\ny\n"
    rendered = render_page(page)
    assert "STALE TEXT" not in rendered and "| `game_over`" in rendered
    assert rendered.endswith("y\n")
