"""The rules pages: `GET /api/games/{game}/rules` -> `{"en": HTML, "ja": HTML}`.

Rendered with markdown-it-py from the game's page in `docs/games/` (shipped inside the package as
`bodoge/server/rules_pages/`, a link to that folder, so a non-editable install has them too).
A game from elsewhere ships its page in its own package (`RulesPage.package`). A page holds more
than the rules (notation, state JSON, events, speed), so each language's rules page takes only the
sections its game's spec lists (`GameSpec.rules_page`), found by their headings: the English
rules, or the Japanese ones. Sections written in both languages (Monster Hex's option cards) are
split by paragraph: a paragraph that begins in Japanese goes to the Japanese page, any other (and
every table: their cells are English) to the English one. The four Collectable Monster
games share koremon.md: each game's page is its own section plus the shared ones (where the rules
come from, the card set, and for Auction and Hunt the collection pyramid), without the developers'
event tables. The title is the game's own. Raw HTML in the pages is escaped, not passed on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from markdown_it import MarkdownIt

from bodoge.engine import RulesPage, get_spec, specs

LANGS = ("en", "ja")
SKIPPED = ("Events",)  # subsections for developers inside a selected section
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
# A line break inside a Japanese paragraph: the browser would show it as a space between two
# characters, so the Japanese page joins such lines (the Markdown wraps them for its readers).
_CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_JAPANESE_BREAK = re.compile(f"(?<=[{_CJK}])\n[ \t]*(?=[{_CJK}*])")
_LEADING_MARKUP = re.compile(r"^[\s*_`>\-\[\](){}!#0-9.:]+")


def pages() -> dict[str, RulesPage]:
    """Every registered game's rules page (its spec's `rules_page`), by game id."""
    return {spec.id: spec.rules_page for spec in specs() if spec.rules_page is not None}


class RulesError(Exception):
    """A page lacks a section its spec names (a heading was renamed): a bug, caught by the tests."""


@dataclass(frozen=True)
class Section:
    level: int
    path: str  # the titles from the page's top section down, joined by " / "
    start: int  # the heading's line
    end: int  # the line after the section (its subsections included)


def read_page(page: RulesPage) -> str:
    """The page's Markdown: from bodoge's docs/games, or from the game's own package."""
    if page.package is not None:
        return resources.files(page.package).joinpath(page.file).read_text("utf-8")
    return resources.files("bodoge.server").joinpath("rules_pages", page.file).read_text("utf-8")


def sections(lines: list[str]) -> list[Section]:
    """Every heading below the page's title (code blocks are not read for headings)."""
    found: list[tuple[int, str, int]] = []
    fenced = False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading and len(heading.group(1)) > 1:
            found.append((len(heading.group(1)), heading.group(2), number))
    result = []
    trail: list[tuple[int, str]] = []
    for index, (level, title, start) in enumerate(found):
        trail = [(lvl, t) for lvl, t in trail if lvl < level] + [(level, title)]
        end = next((s for lvl, _, s in found[index + 1 :] if lvl <= level), len(lines))
        result.append(Section(level, " / ".join(t for _, t in trail), start, end))
    return result


def _find(all_sections: list[Section], path: str, file: str) -> Section:
    for section in all_sections:
        if section.path == path:
            return section
    raise RulesError(f"{file} has no section {path!r}")


def _section_text(lines: list[str], section: Section, all_sections: list[Section]) -> list[str]:
    """The section's lines without its skipped subsections, its headings raised so that it
    opens at level 2."""
    skipped = [
        s
        for s in all_sections
        if section.start < s.start < section.end and s.path.rsplit(" / ", 1)[-1] in SKIPPED
    ]
    kept = []
    fenced = False
    for number in range(section.start, section.end):
        if any(s.start <= number < s.end for s in skipped):
            continue
        line = lines[number]
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading:
            level = len(heading.group(1)) - section.level + 2
            line = f"{'#' * level} {heading.group(2)}"
        kept.append(line)
    return kept


def _blocks(lines: list[str]) -> list[list[str]]:
    """Paragraphs, lists and tables: runs of lines between blank lines (outside code blocks)."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append([])
        else:
            blocks[-1].append(line)
    return [block for block in blocks if block]


def _language_of(block: list[str]) -> str:
    """ "ja" for a paragraph that begins in Japanese; "en" for any other, and for a table (their
    cells are English, with the Japanese names beside)."""
    text = _LEADING_MARKUP.sub("", block[0])
    return "ja" if not block[0].startswith("|") and _JAPANESE.match(text) else "en"


def _mixed_text(lines: list[str], lang: str) -> list[str]:
    """A bilingual section's blocks of `lang`, under its heading in that language (the
    Japanese one is the part in brackets: "The ability option (能力カード)")."""
    heading, *rest = _blocks(lines)
    title = _HEADING.match(heading[0])
    assert title is not None
    words = title.group(2)
    inner = re.search(r"\(([^)]*)\)", words)
    if lang == "ja" and inner and _JAPANESE.search(inner.group(1)):
        words = inner.group(1)
    kept = [f"{title.group(1)} {words}", ""]
    for block in rest:
        if _language_of(block) == lang:
            kept.extend([*block, ""])
    return kept


def _intro(lines: list[str], all_sections: list[Section]) -> list[str]:
    end = all_sections[0].start if all_sections else len(lines)
    return [line for line in lines[:end] if not _HEADING.match(line)]


def markdown(game: str, lang: str) -> str:
    """The rules page of `game` in `lang`, as Markdown (titled with the game's own title)."""
    spec = get_spec(game)
    page = spec.rules_page
    if page is None:
        raise KeyError(game)
    lines = read_page(page).splitlines()
    all_sections = sections(lines)
    info = spec.info
    out = [f"# {info.title_ja if lang == 'ja' else info.title_en}", ""]
    if page.intro and lang == "en":
        out += [*_intro(lines, all_sections), ""]
    for path in page.en if lang == "en" else page.ja:
        out += [*_section_text(lines, _find(all_sections, path, page.file), all_sections), ""]
    for path in page.mixed:
        text = _section_text(lines, _find(all_sections, path, page.file), all_sections)
        out += [*_mixed_text(text, lang), ""]
    joined = "\n".join(out).rstrip() + "\n"
    return _JAPANESE_BREAK.sub("", joined) if lang == "ja" else joined


_RENDERER = MarkdownIt("commonmark", {"html": False}).enable("table")


@cache
def rules(game: str) -> dict[str, str]:
    """`{"en": HTML, "ja": HTML}` for a game with a page (KeyError for one without)."""
    return {lang: _RENDERER.render(markdown(game, lang)) for lang in LANGS}


def has_rules(game: str) -> bool:
    return game in pages()
