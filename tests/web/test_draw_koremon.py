"""The Collectable Monster drawings, prompt by prompt, in headless Chromium: every action of a
prompt is reachable by clicking (or pressing Enter on) the thing it names inside `.board`, in at
most one step more (a won card to place, the Mimic to name); nothing but the prompt's actions is
offered; spectators get nothing to click; new events animate, and nothing does under reduced
motion.

The prompts come from random games played in Python (fixed seeds), one or more of every distinct
notation pattern and situation: a bid, placing one or several won cards, a roll, a slot, a card,
a led Mimic, a Mimic naming a species, taking a monster of a rank.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from webkit import console_errors

from bodoge.engine.match import Match
from bodoge.engine.registry import get_spec

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "bodoge" / "server" / "web" / "games"
ORIGIN = "http://koremon.test"  # no server: Playwright answers for this origin
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"></head><body><main></main>
<script type="module">
window.chosen = [];
window.drawPrompt = async (prompt, content, options) => {
  const game = await import(`/games/${prompt.game}.js`);
  const root = document.createElement("div");  // a fresh board: no memory of the last one
  root.className = "board";
  document.querySelector("main").replaceChildren(root);
  window.chosen = [];
  game.draw(root, prompt, {
    lang: options.lang, content, names: options.names, seat: prompt.seat,
    events: options.events || [], t: (key) => key,
    interactive: prompt.seat !== null && prompt.actions.length > 0,
    reducedMotion: !!options.reducedMotion,
    choose(action) {
      if (!prompt.actions.includes(action)) throw new Error("not an element of prompt.actions");
      window.chosen.push(action.notation);
    },
  });
};
window.drawReady = true;
</script></body></html>"""
ANIMATIONS = ".koremon-pop, .koremon-flip, .koremon-roll, .koremon-glow"


def situation(game: str, prompt: dict[str, Any]) -> str | None:
    """What kind of decision a prompt is (one sample of each is drawn), None for no decision."""
    notations = [a["notation"] for a in prompt["actions"]]
    if not notations:
        return None
    if game == "koremon_auction":
        if notations[0].startswith("bid:"):
            return "bid"
        cards = {n.split(":")[1].split("@")[0] for n in notations}
        return "place one card" if len(cards) == 1 else "place several cards"
    if game == "koremon_trick":
        naming = sum("=" in n for n in notations)
        if naming:
            return "name a Mimic" if naming > 1 else "name the one species"
        return "lead a Mimic" if "play:mimic" in notations else "play"
    return re.sub(r":.*", "", notations[0])  # Hunt: roll, place; Evolution: roll, take


SITUATIONS = {
    "koremon_auction": {"bid", "place one card", "place several cards"},
    "koremon_hunt": {"roll", "place"},
    "koremon_trick": {"play", "lead a Mimic", "name a Mimic", "name the one species"},
    "koremon_evolution": {"roll", "take"},
}
PLAYERS = {"koremon_auction": 4, "koremon_hunt": 3, "koremon_trick": 4, "koremon_evolution": 3}
OPTIONS = {"koremon_trick": {"mimic_lead": "any-time"}}  # so a Mimic may be led early


def samples(game: str) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(situation, prompt, the entries that led to it) for every situation, from random games;
    then a spectator's prompt mid-game and the final prompt."""
    found: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    extra: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
    for seed in range(60):
        match = Match(game, PLAYERS[game], OPTIONS.get(game, {}), seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.pending()[0]
            prompt = match.prompt(seat)
            kind = situation(game, prompt)
            if kind is not None and kind not in found:
                found[kind] = (prompt, match.events_for(seat, max(0, match.ply - 3)))
            if seed == 0 and match.ply == 20:
                extra.append(("spectator", match.prompt(None), match.events_for(None, 17)))
            match.apply(seat, rng.choice(prompt["actions"])["id"])
        if seed == 0:
            extra.append(("over", match.prompt(0), match.events_for(0, match.ply - 2)))
        if set(found) >= SITUATIONS[game]:
            break
    assert set(found) == SITUATIONS[game], (
        f"random games never reached {SITUATIONS[game] - set(found)}"
    )
    return [(kind, prompt, entries) for kind, (prompt, entries) in found.items()] + extra


def serve_drawings(page: Page) -> None:
    """The test page at ORIGIN/draw and the drawing modules at ORIGIN/games/..., from the
    source tree."""

    def fulfil(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?", 1)[0]
        if path == "/draw":
            route.fulfill(body=PAGE, content_type="text/html")
            return
        file = (GAMES_DIR / path.removeprefix("/games/")).resolve()
        if not path.startswith("/games/") or GAMES_DIR not in file.parents or not file.is_file():
            route.fulfill(status=404, body="not found")
            return
        kind = "text/css" if file.suffix == ".css" else "text/javascript"
        route.fulfill(body=file.read_text("utf-8"), content_type=kind)

    page.route(f"{ORIGIN}/**", fulfil)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    errors = console_errors(opened)
    serve_drawings(opened)
    opened.goto(f"{ORIGIN}/draw")
    opened.wait_for_function("window.drawReady === true")
    yield opened
    context.close()
    assert not errors, errors


def draw(page: Page, prompt: dict[str, Any], lang: str, **options: Any) -> None:
    content = get_spec(prompt["game"]).public_content(
        prompt["view"]["players"], prompt["view"]["options"]
    )
    names = [
        "You" if seat == prompt["seat"] else f"Bot {seat}"
        for seat in range(prompt["view"]["players"])
    ]
    page.evaluate(
        "([prompt, content, options]) => window.drawPrompt(prompt, content, options)",
        [prompt, content, {"lang": lang, "names": names, **options}],
    )


def drawn_actions(page: Any) -> list[str]:
    return [str(n) for n in page.eval_on_selector_all(
        ".board [data-action]", "nodes => nodes.map(n => n.getAttribute('data-action'))"
    )]  # fmt: skip


def chosen(page: Any) -> list[str]:
    return [str(n) for n in page.evaluate("window.chosen")]


def check_controls(page: Page, prompt: dict[str, Any], lang: str) -> None:
    """Every element that sends an action is a keyboard-reachable button named by the action's
    label, and names one of the prompt's actions."""
    labels = {a["notation"]: a["label"][lang] for a in prompt["actions"]}
    for item in page.eval_on_selector_all(
        ".board [data-action]",
        "nodes => nodes.map(n => [n.getAttribute('data-action'), n.getAttribute('aria-label'),"
        " n.getAttribute('tabindex'), n.getAttribute('role'), n.tagName.toLowerCase()])",
    ):
        action, label, tabindex, role, tag = item
        assert action in labels, action
        assert label == labels[action]
        assert tag == "button" or (role == "button" and tabindex == "0"), item


def reach(page: Page, prompt: dict[str, Any], notation: str, lang: str, keyboard: bool) -> None:
    """Send `notation` through the drawing: its element directly, else after one selection
    (or, for a bid, by typing the amount into the bid form)."""
    draw(page, prompt, lang)
    if notation.startswith("bid:"):
        form = page.locator(".board form.koremon-bid")
        form.locator("input[type=number]").fill(notation.split(":")[1])
        button = form.locator("button[type=submit]")
        assert button.get_attribute("data-action") == notation
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        assert chosen(page) == [notation]
        return
    selector = f'.board [data-action="{notation}"]'
    steps = page.locator(".board .koremon-select").count()
    for step in range(-1, steps):
        if step >= 0:
            draw(page, prompt, lang)
            page.locator(".board .koremon-select").nth(step).click()
            assert set(drawn_actions(page)) <= {a["notation"] for a in prompt["actions"]}
            assert drawn_actions(page), "a selection that leads to no action"
        if page.locator(selector).count():
            target = page.locator(selector).first
            if keyboard:
                target.focus()
                page.keyboard.press("Enter" if step % 2 else " ")
            else:
                target.click()
            assert chosen(page) == [notation]
            return
    raise AssertionError(f"{notation} cannot be reached in the drawing")


@pytest.mark.parametrize("game", sorted(SITUATIONS))
def test_every_action_is_reachable(page: Page, game: str) -> None:
    rng = random.Random(7)
    for number, (kind, prompt, _) in enumerate(samples(game)):
        lang = ("en", "ja")[number % 2]
        draw(page, prompt, lang)
        legal = {a["notation"] for a in prompt["actions"]}
        assert set(drawn_actions(page)) <= legal, kind
        check_controls(page, prompt, lang)
        if kind in ("spectator", "over"):
            assert not drawn_actions(page) and not page.locator(".board .koremon-select").count()
            assert not page.locator(".board form").count()
            continue
        notations = [a["notation"] for a in prompt["actions"]]
        if kind == "bid":  # 0, 1, half, all: and an amount over the money is brought back
            top = max(int(n.split(":")[1]) for n in notations)
            notations = sorted({f"bid:{v}" for v in (0, 1, top // 2, top) if f"bid:{v}" in legal})
            form = page.locator(".board form.koremon-bid")
            form.locator("input[type=number]").fill(str(top + 50))
            assert form.locator("button[type=submit]").get_attribute("data-action") == f"bid:{top}"
        elif len(notations) > 24:
            notations = rng.sample(notations, 24)
        for k, notation in enumerate(notations):
            reach(page, prompt, notation, lang, keyboard=k % 3 == 1)


@pytest.mark.parametrize("game", sorted(SITUATIONS))
def test_new_events_animate_unless_reduced_motion(page: Page, game: str) -> None:
    animated = 0
    for _, prompt, entries in samples(game):
        draw(page, prompt, "en", events=entries)
        moving = page.locator(f".board :is({ANIMATIONS})").count()
        animated += moving
        draw(page, prompt, "en", events=entries, reducedMotion=True)
        assert page.locator(f".board :is({ANIMATIONS})").count() == 0
        draw(page, prompt, "en", events=[])
        assert page.locator(f".board :is({ANIMATIONS})").count() == 0
    assert animated > 0


def test_drawings_use_the_content_words_in_japanese(page: Any) -> None:
    _, prompt, _ = next(s for s in samples("koremon_trick") if s[0] == "play")
    draw(page, prompt, "ja")
    words = page.inner_text(".board")
    hand = prompt["view"]["hand"]
    names = {
        f["key"]: f["name"]["ja"] for f in get_spec("koremon_trick").public_content(4, {})["cards"]
    }
    assert all(names[key] in words for key in hand)
    assert "Your hand" not in words and "手札" in words


@pytest.mark.parametrize(
    ("lang", "heading", "hint"),
    [("en", "Your hand", "click a card to play it"), ("ja", "手札", "クリックで出す")],
)
def test_the_hand_heading_offers_clicks_only_when_interactive(
    page: Page, lang: str, heading: str, hint: str
) -> None:
    _, prompt, _ = next(s for s in samples("koremon_trick") if s[0] == "play")
    draw(page, prompt, lang)
    assert hint in page.inner_text(".board")
    draw(page, {**prompt, "actions": []}, lang)  # as a replay draws it: ctx.interactive false
    words = page.inner_text(".board")
    assert heading in words and hint not in words


def focused(page: Page) -> str | None:
    """What the focused element in the board sends or is ("input", "select"), None outside."""
    return page.evaluate(  # type: ignore[no-any-return]
        """() => { const a = document.activeElement;
          if (!a || !document.querySelector('.board')?.contains(a)) return null;
          return a.getAttribute('data-action') || a.tagName.toLowerCase(); }"""
    )


def test_the_keyboard_keeps_its_place_across_redraws(page: Page) -> None:
    """After a move made with a key the next drawing (the board is drawn anew) puts the focus
    back in the board: on the bid amount after a bid, on what a selection opened; after a
    pointer click it does not."""
    hunt = {kind: prompt for kind, prompt, _ in samples("koremon_hunt")}
    draw(page, hunt["roll"], "en")
    page.focus('.board [data-action="roll"]')
    page.keyboard.press("Enter")
    draw(page, hunt["place"], "en")
    assert (focused(page) or "").startswith("place:")
    page.locator(".board [data-action^='place:']").first.click()
    draw(page, hunt["roll"], "en")
    assert focused(page) is None

    auction = {kind: prompt for kind, prompt, _ in samples("koremon_auction")}
    draw(page, auction["bid"], "en")
    page.fill(".board form.koremon-bid input[type=number]", "3")
    page.focus(".board form.koremon-bid input[type=number]")
    page.keyboard.press("Enter")
    assert chosen(page) == ["bid:3"]
    draw(page, auction["bid"], "en")
    assert focused(page) == "input"

    trick = {kind: prompt for kind, prompt, _ in samples("koremon_trick")}
    draw(page, trick["name a Mimic"], "en")
    page.focus('.board [data-hand="mimic"]')
    page.keyboard.press(" ")
    assert (focused(page) or "").startswith("play:mimic=")
    page.keyboard.press("Enter")
    assert len(chosen(page)) == 1 and chosen(page)[0].startswith("play:mimic=")


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "holds only Mimics"), ("ja", "手札はミミックだけ")]
)
def test_holding_only_mimics_is_said_only_of_a_hand_with_cards(
    page: Page, lang: str, words: str
) -> None:
    """A seat that led a Mimic is known to hold only Mimics; once its hand is empty (the deal
    is over) there is nothing left to say."""
    _, prompt, _ = next(s for s in samples("koremon_trick") if s[0] == "play")
    view = prompt["view"]
    other = (prompt["seat"] + 1) % view["players"]
    sizes = list(view["hand_sizes"])
    sizes[other] = 2
    draw(page, {**prompt, "view": {**view, "mimic_only": [other], "hand_sizes": sizes}}, lang)
    assert words in page.inner_text(".board")
    sizes[other] = 0
    over = {**view, "mimic_only": [other], "hand_sizes": sizes, "over": True}
    draw(page, {**prompt, "actions": [], "view": over}, lang)
    assert words not in page.inner_text(".board")


def test_counts_take_their_nouns_in_english(page: Page) -> None:
    """ "1 pt", "1 face-up Mimic"; two of them plural; Japanese counts take no plural."""
    _, prompt, _ = next(s for s in samples("koremon_trick") if s[0] == "play")
    view = prompt["view"]
    game = view["game_number"] - 1
    face_up = [row[:] for row in view["face_up"]]
    face_up[game][0], face_up[game][1] = 1, 2
    scores = list(view["scores"])
    scores[0], scores[1] = 1, 2
    drawn = {**view, "face_up": face_up, "scores": scores}
    texts = "els => els.map(e => e.textContent)"
    draw(page, {**prompt, "view": drawn}, "en")
    words = page.eval_on_selector_all(".board text", texts)
    assert "1 face-up Mimic" in words and "2 face-up Mimics" in words
    assert any(w.startswith("1 pt") and not w.startswith("1 pts") for w in words)
    assert any(w.startswith("2 pts") for w in words)
    draw(page, {**prompt, "view": drawn}, "ja")
    assert "表向きのミミック1枚" in page.eval_on_selector_all(".board text", texts)


BOT_NAMES = {
    "en": ["Aki", "Bot 2 (Random)", "Bot 3 (Normal)", "Bot 4 (Hard)"],
    "ja": ["Aki", "ボット2（ランダム）", "ボット3（ふつう）", "ボット4（つよい）"],
}


def with_reveal() -> dict[str, Any]:
    """Seat 0's prompt just after an Auction reveal in which every seat still bid."""
    for seed in range(40):
        match = Match("koremon_auction", 4, {}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            prompt = match.prompt(0)
            reveal = prompt["view"]["last_reveal"]
            if reveal and all(reveal["bids"]) and any(w >= 0 for w in reveal["winners"]):
                return prompt
            seat = match.pending()[0]
            actions = match.prompt(seat)["actions"]
            match.apply(seat, rng.choice(actions[:6])["id"])  # small bids: nobody goes out
    raise AssertionError("no reveal with every seat bidding in 40 seeds")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_auction_reveal_names_every_bidder_in_full(page: Page, lang: str) -> None:
    """The reveal's grid: each seat's whole name once per line of cards (not "Bot 2 (R…"), its
    amount under every card, the winner's amount in bold; "discarded" under a card nobody won."""
    prompt = with_reveal()
    reveal = prompt["view"]["last_reveal"]
    content = get_spec("koremon_auction").public_content(4, prompt["view"]["options"])
    names = BOT_NAMES[lang]
    page.evaluate(
        "([prompt, content, options]) => window.drawPrompt(prompt, content, options)",
        [prompt, content, {"lang": lang, "names": names}],
    )
    shown = page.eval_on_selector_all(
        ".board [data-reveal-seat]", "nodes => nodes.map(n => n.textContent)"
    )
    assert shown == names  # six cards make one line on a desktop
    for i, winner in enumerate(reveal["winners"]):
        for seat, amounts in enumerate(reveal["bids"]):
            cell = page.locator(f'.board [data-reveal-bid="{i}:{seat}"]')
            assert cell.text_content() == str(amounts[i])
            assert ("koremon-strong" in (cell.get_attribute("class") or "")) == (seat == winner)
    discarded = sum(w < 0 for w in reveal["winners"])
    word = {"en": "discarded", "ja": "捨て札"}[lang]
    texts = page.eval_on_selector_all(".board svg text", "nodes => nodes.map(n => n.textContent)")
    assert texts.count(word) == discarded


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_names_under_the_trick_wrap_rather_than_being_cut(page: Page, lang: str) -> None:
    """A bot's name under its card in the trick and the last trick is in two lines ("Bot 2"
    over "(Random)"), whole."""
    _, prompt, _ = next(s for s in samples("koremon_trick") if s[0] == "play")
    content = get_spec("koremon_trick").public_content(4, prompt["view"]["options"])
    names = BOT_NAMES[lang]
    page.evaluate(
        "([prompt, content, options]) => window.drawPrompt(prompt, content, options)",
        [prompt, content, {"lang": lang, "names": names}],
    )
    texts = page.eval_on_selector_all(".board svg text", "nodes => nodes.map(n => n.textContent)")
    assert not any("…" in words for words in texts)
    view = prompt["view"]
    seats = {entry["seat"] for entry in view["trick"] + view["last_trick"]} - {0}
    assert seats, "a trick with another seat's card"
    for seat in seats:
        head, _, tail = names[seat].partition(" (" if lang == "en" else "（")
        assert head in texts and (f"({tail}" if lang == "en" else f"（{tail}") in texts
