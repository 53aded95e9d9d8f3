"""The rules pages: every game's, in English and Japanese, from its docs page; only the rules
sections, each language's own; the package's pages are the docs' files themselves."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_lobby import assert_error

from bodoge.engine import game_ids, get_game
from bodoge.server import rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def paragraphs(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", p) for p in re.findall(r"<p>(.*?)</p>", page, re.DOTALL)]


@pytest.mark.parametrize("game", game_ids())
def test_every_game_has_its_rules_in_both_languages(client: TestClient, game: str) -> None:
    answer = client.get(f"/api/games/{game}/rules")
    assert answer.status_code == 200, answer.text
    page = answer.json()
    info = get_game(game).info
    assert page["en"].startswith(f"<h1>{info.title_en}</h1>")
    assert page["ja"].startswith(f"<h1>{info.title_ja}</h1>")
    # Each language's own paragraphs: the Japanese page in Japanese, the English one not.
    assert paragraphs(page["ja"]) and all(JAPANESE.search(p) for p in paragraphs(page["ja"]))
    english = paragraphs(page["en"])
    assert english and not any(JAPANESE.match(p.lstrip("*[ ")) for p in english)
    assert len(page["ja"]) > 1000 and len(page["en"]) > 1000
    for lang in ("en", "ja"):  # the developers' parts stay in the docs
        assert "State JSON" not in page[lang] and "状態JSON" not in page[lang]
        assert "<h3>Events</h3>" not in page[lang] and "<!--" not in page[lang]


DEVELOPERS = re.compile(
    r"RULINGS|§|src/|\.py\b|\.toml\b|seeds/|benchmarks|seed text|JSON|"
    r"<code>[a-z_]+=[a-z_-]+</code>"  # an option as typed on the command line
)
CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"


@pytest.mark.parametrize("game", game_ids())
def test_the_rules_are_written_for_players(game: str) -> None:
    """No file paths, no references to the rulings file or its sections, no option typed as a
    key: the pages name options as the lobby does. The Japanese page has no stray space
    between two Japanese characters (a wrapped line, or one put before a bold mark)."""
    page = rules.rules(game)
    for lang in ("en", "ja"):
        found = DEVELOPERS.findall(page[lang])
        assert not found, (game, lang, found)
    text = re.sub(r"[*`]", "", rules.markdown(game, "ja"))  # marks show no space
    spaced = re.findall(f"[{CJK}](?: |\n[ \t]*)[{CJK}]", text)
    assert not spaced, (game, spaced)


def test_the_koremon_games_share_their_common_sections(client: TestClient) -> None:
    auction = client.get("/api/games/koremon_auction/rules").json()
    trick = client.get("/api/games/koremon_trick/rules").json()
    for page in (auction, trick):
        assert "The card set" in page["en"] and "カード構成" in page["ja"]
    assert "collection pyramid" in auction["en"] and "ピラミッド" in auction["ja"]
    assert "collection pyramid" not in trick["en"]
    assert "<h2>Hunt the Monster" not in auction["en"] and "Monster Auction" not in trick["en"]


def test_monster_hex_splits_its_bilingual_option_sections(client: TestClient) -> None:
    page = client.get("/api/games/monster_hex/rules").json()
    assert "<h2>能力カード</h2>" in page["ja"] and "<h2>目標カード</h2>" in page["ja"]
    assert "The ability option" in page["en"] and "Enchant" in page["en"]
    assert "能力カード（オプション「能力カード」ありのとき）" not in page["en"]
    assert "With the option <em>Ability cards</em> on" in page["en"]
    assert "With the option <em>Ability cards</em> on" not in page["ja"]


def test_an_unknown_game_has_no_rules(client: TestClient) -> None:
    assert_error(client.get("/api/games/chess/rules"), 400, "unknown_game")


def test_raw_html_in_a_page_is_escaped() -> None:
    rendered = rules._RENDERER.render("<script>alert(1)</script> *x*")
    assert "<script>" not in rendered and "&lt;script&gt;" in rendered


def test_the_packaged_pages_are_the_docs_pages() -> None:
    """bodoge/server/rules_pages links to docs/games: one copy, shipped as package data."""
    for page in {page.file for page in rules.pages().values()}:
        packaged = resources.files("bodoge.server").joinpath("rules_pages", page)
        assert packaged.read_text("utf-8") == (DOCS / page).read_text("utf-8")
    pyproject = (DOCS.parents[1] / "pyproject.toml").read_text("utf-8")
    assert '"rules_pages/*.md"' in pyproject


def test_a_renamed_heading_is_caught() -> None:
    with pytest.raises(rules.RulesError):
        rules._find(rules.sections(["# T", "## Other"]), "Rules (English)", "x.md")
