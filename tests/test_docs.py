"""The docs pages match the code: generated tables, JSON examples that parse, links that land.

JSON examples come in the conventions the pages use:

- a fenced ```json block holds one JSON value, or several one after another (a websocket's
  messages, one a line); a block that shows an HTTP request starts with its request line
  (`POST /api/...`) and headers, and its JSON follows the first blank line;
- a fenced ```json fragment block elides on purpose: it must show its elisions as `...` and is
  not parsed;
- an inline code span is an example when it is written in JSON's own tokens only (`{"kind":
  "none"}`); a span that names its fields without values (`{"seat", "credential"}`) or holds
  other words (`{"en": HTML}`, `[...]`) sketches a shape and is not parsed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bodoge.engine.docs import render_page, stale_pages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]

_FENCE = re.compile(r"^([ \t]*)```([^\n`]*)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`([^`\n]+)`")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_WORDS = re.compile(r"true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_REQUEST_LINE = re.compile(r"^(GET|POST|PUT|PATCH|DELETE) /")


@dataclass(frozen=True)
class Example:
    page: Path
    line: int
    text: str
    kind: str  # "block", "fragment" or "inline"

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def json_examples(page: Path) -> list[Example]:
    text = page.read_text()
    examples: list[Example] = []
    fenced: list[tuple[int, int]] = []
    for found in _FENCE.finditer(text):
        fenced.append(found.span())
        info = found.group(2).split()
        if info[:1] != ["json"]:
            continue
        kind = "fragment" if info[1:] == ["fragment"] else "block"
        examples.append(Example(page, _line_of(text, found.start()), found.group(3), kind))
    for found in _SPAN.finditer(text):
        if any(start <= found.start() < end for start, end in fenced):
            continue
        span = found.group(1)
        if span[:1] in "{[" and '"' in span and _is_written_in_json_tokens(span):
            examples.append(Example(page, _line_of(text, found.start()), span, "inline"))
    return examples


def _is_written_in_json_tokens(span: str) -> bool:
    """Whether a code span uses only JSON's tokens, with a value for every key (so it is meant
    as JSON rather than a sketch of a shape)."""
    rest = _JSON_WORDS.sub(" ", _STRING.sub('""', span))
    if re.search(r"[^\s{}\[\],:\"]", rest):
        return False
    return ":" in rest or "{" not in rest


def json_values(text: str) -> list[object]:
    """Every JSON value of a block: after an HTTP request's line and headers, one or more values
    separated by white space."""
    lines = text.split("\n")
    if _REQUEST_LINE.match(lines[0]):
        blank = lines.index("") if "" in lines else len(lines)
        text = "\n".join(lines[blank + 1 :])
    decoder = json.JSONDecoder()
    values: list[object] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position == len(text):
            return values
        value, position = decoder.raw_decode(text, position)
        values.append(value)


EXAMPLES = [example for page in PAGES for example in json_examples(page)]


def test_generated_sections_are_up_to_date() -> None:
    assert stale_pages(DOCS) == [], "run: python -m bodoge.engine.docs"


def test_a_section_is_rewritten_from_the_code() -> None:
    page = "x\n<!-- generated:events:collect -->\nSTALE TEXT\n<!-- /generated -->\ny\n"
    rendered = render_page(page)
    assert "STALE TEXT" not in rendered and "| `game_over`" in rendered
    assert rendered.endswith("y\n")


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind != "fragment"], ids=str)
def test_every_json_example_parses(example: Example) -> None:
    try:
        values = json_values(example.text)
    except json.JSONDecodeError as error:
        pytest.fail(f"{example}: not JSON ({error}):\n{example.text}")
    assert values, f"{example}: a JSON block with nothing in it"


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "fragment"], ids=str)
def test_a_fragment_shows_what_it_leaves_out(example: Example) -> None:
    assert "..." in example.text, f"{example}: marked a fragment but elides nothing: mark it json"


def test_the_examples_are_found_in_every_convention(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        'Clocks: `{"kind": "none"}`, fields `{"seat", "ply"}`, a shape `{"en": HTML}`.\n\n'
        '```json\nPOST /api/x\nX-Seat-Credential: C\n\n{"a": 1}\n```\n\n'
        '```json\n{"type": "auth"}\n{"type": "watch"}\n```\n\n'
        '```json fragment\n{"a": [...]}\n```\n\n'
        '```sh\necho \'{"not": "an example"\'\n```\n'
    )
    found = json_examples(page)
    assert [(e.kind, e.line) for e in found] == [
        ("block", 3),
        ("block", 10),
        ("fragment", 15),
        ("inline", 1),
    ]
    assert json_values(found[0].text) == [{"a": 1}]
    assert json_values(found[1].text) == [{"type": "auth"}, {"type": "watch"}]
    with pytest.raises(json.JSONDecodeError):
        json_values('{"type": "update", "events": [1],\n{"type": "update"}')


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text())
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE):
        base = _anchor(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def test_the_anchor_of_a_heading() -> None:
    assert _anchor("The compiled build (mypyc)") == "the-compiled-build-mypyc"
    assert _anchor("`normal` against `normal`") == "normal-against-normal"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_to_a_page_lands(page: Path) -> None:
    text = _FENCE.sub("", page.read_text())
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.relative_to(ROOT)}: {target}: no such file"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked), f"{page.relative_to(ROOT)}: {target}: no such heading"
