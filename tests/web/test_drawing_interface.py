"""The table page and a game's drawing module (`games/<game>/draw.js`, `draw(root, prompt, ctx)`):
the module gets the prompt and the context the contract names, its `ctx.choose` plays the
move, and a module that throws leaves the generic view. The module here is served by the test
(through Playwright's routing) in place of the game's own, so the page's side is what is
checked, whichever drawings this tree has."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Route, expect
from webkit import console_errors, new_table, wait_for_ply

PROBE = """
export function draw(root, prompt, ctx) {
  window.drawCalls = (window.drawCalls || 0) + 1;
  window.lastCtx = {
    keys: Object.keys(ctx).sort(), title: ctx.title, lang: ctx.lang, seat: ctx.seat,
    names: ctx.names, interactive: ctx.interactive, events: ctx.events, content: ctx.content,
    reducedMotion: ctx.reducedMotion, word: ctx.t("your_turn"), rootClass: root.className,
    empty: root.childElementCount === 0, ply: prompt.ply,
  };
  for (const action of prompt.actions) {
    const button = document.createElement("button");
    button.dataset.action = action.notation;
    button.textContent = action.label[ctx.lang];
    button.addEventListener("click", () => ctx.choose(action));
    root.append(button);
  }
}
"""
THROWS = "export function draw() { throw new Error('a drawing that breaks'); }"


def serve_module(route: Route, body: str) -> None:
    route.fulfill(status=200, content_type="text/javascript", body=body)


def test_the_drawing_gets_the_contracts_context_and_plays_through_choose(
    web_server: str, browser: Browser
) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.route("**/games/koremon_evolution/draw.js", lambda route: serve_module(route, PROBE))
    errors = console_errors(page)
    new_table(page, web_server, "koremon_evolution", 2, ["me", "bot:random"])
    page.wait_for_selector(".turn.mine")
    ctx = page.evaluate("() => window.lastCtx")
    assert ctx["keys"] == sorted(
        [
            "lang",
            "t",
            "content",
            "names",
            "seat",
            "choose",
            "interactive",
            "events",
            "reducedMotion",
            "title",
        ]
    )
    assert ctx["lang"] == "ja" and ctx["word"] == "あなたの番です"
    assert ctx["title"] == "モンスター・エボリューション"
    assert ctx["seat"] == 0 and ctx["interactive"] is True
    assert ctx["names"] == ["あなた", "ボット2（ランダム）"]
    assert ctx["rootClass"] == "board" and ctx["empty"] is True
    assert isinstance(ctx["content"], dict) and ctx["reducedMotion"] is False
    json.dumps(ctx["events"])  # entries, as sent
    assert not page.locator(".board.generic").count()
    assert page.eval_on_selector(".all-moves", "d => d.open") is False  # folded under a drawing

    ply = ctx["ply"]
    page.locator(".board [data-action]").first.click()
    wait_for_ply(page, ply + 1)
    assert page.evaluate("() => window.drawCalls") >= 2
    assert page.locator(".log li.fresh").count() >= 1  # what just happened is highlighted
    assert errors == []
    context.close()


def test_a_drawing_that_throws_leaves_the_generic_view(web_server: str, browser: Browser) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.route("**/games/koremon_evolution/draw.js", lambda route: serve_module(route, THROWS))
    new_table(page, web_server, "koremon_evolution", 2, ["me", "bot:random"])
    wait_for_ply(page, 0)
    expect(page.locator(".board.generic")).to_be_visible()
    expect(page.locator(".board.generic")).to_contain_text("supply")
    context.close()
