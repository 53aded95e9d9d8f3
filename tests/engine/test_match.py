"""The match engine (issue 13): apply with expected plies, prompts, events per seat, undo by
Board Game Arena's policy, and game records. Played on the tests' Sealed Bids toy (simultaneous,
private and revealing events) and on Collect!."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import (
    Event,
    EventCatalog,
    GameInfo,
    GameOver,
    GameSpec,
    IllegalAction,
    InvalidState,
    Match,
    Result,
    StaleMove,
    State,
    UndoRefused,
    WrongSeat,
    ranked_result,
    registry,
)
from toy_game import SealedBids


def toy(seed: int = 3) -> Match:
    return Match(SealedBids, 2, seed=seed, names=["Aiko", "Ben"])


def test_apply_takes_a_number_or_a_notation_and_counts_plies() -> None:
    match = toy()
    first, second = match.state.hands[0][0], match.state.hands[1][0]
    match.apply(0, first - 1)
    match.apply(1, f"play:{second}", expected_ply=1)
    assert match.ply == 2 and [entry.seat for entry in match.log] == [0, 1]


def test_a_stale_ply_is_refused_with_its_own_kind_and_changes_nothing() -> None:
    match = toy()
    card = match.state.hands[0][0]
    before = match.state.to_json()
    with pytest.raises(StaleMove) as refused:
        match.apply(0, card - 1, expected_ply=5)
    assert refused.value.code == "stale" and "ply 0" in str(refused.value)
    assert "局面" in refused.value.message("ja")
    assert match.state.to_json() == before and match.log == []


def test_wrong_seat_illegal_action_and_game_over_have_their_codes() -> None:
    match = Match("collect", 2, seed=1)
    seat = match.pending()[0]
    with pytest.raises(WrongSeat) as wrong:
        match.apply(1 - seat, "draw:A")
    assert wrong.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as illegal:
        match.apply(seat, "keep")
    assert illegal.value.code == "illegal_action" and illegal.value.message("ja")
    match.play_out(lambda state, s: state.legal_actions(s)[0])
    with pytest.raises(GameOver) as over:
        match.apply(seat, "draw:A")
    assert over.value.code == "game_over"


def test_events_reach_each_seat_as_it_may_know_them() -> None:
    """A sealed card is private to its seat; the others get the public shape, not nothing."""
    match = toy()
    card = match.state.hands[0][0]
    match.apply(0, card - 1)
    (mine,) = match.events_for(0, 0)
    (theirs,) = match.events_for(1, 0)
    assert mine["events"][1] == {"type": "sealed_card", "seat": 0, "card": card}
    assert theirs["events"][1] == {"type": "sealed_card", "seat": 0}
    assert match.events_for(None, 0)[0]["events"] == theirs["events"]
    assert match.events_for(1, 1) == []
    words = [match.describe(event, "en", 1) for event in theirs["events"]]
    assert words == ["Aiko sealed a card", "Aiko sealed a card"]
    assert match.describe(mine["events"][1], "ja", 0) == f"あなたが{card}を伏せた"


def test_entries_carry_texts_worded_from_what_each_seat_may_know() -> None:
    match = toy()
    card = match.state.hands[0][0]
    match.apply(0, card - 1)
    (mine,) = match.events_for(0, 0, texts=True)
    (theirs,) = match.events_for(1, 0, texts=True)
    assert theirs["text"]["en"] == ["Aiko sealed a card", "Aiko sealed a card"]
    assert mine["text"]["ja"][1] == f"あなたが{card}を伏せた"
    assert str(card) not in " ".join(theirs["text"]["en"] + theirs["text"]["ja"])
    names = {"en": ["Ann", "Bo"], "ja": ["アン", "ボー"]}
    (spectator,) = match.events_for(None, 0, texts=True, names=names)
    assert spectator["text"]["en"][1] == "Ann sealed a card"
    assert spectator["text"]["ja"][1].startswith("アン")
    assert "text" not in match.events_for(1, 0)[0]


def test_the_prompt_lists_every_legal_action_with_words() -> None:
    match = toy()
    prompt = match.prompt(0)
    hand = match.state.hands[0]
    assert prompt["ply"] == 0 and prompt["pending"] == [0, 1] and not prompt["can_undo"]
    assert [a["notation"] for a in prompt["actions"]] == [f"play:{c}" for c in hand]
    assert [a["index"] for a in prompt["actions"]] == list(range(len(hand)))
    assert all(a["label"]["en"] and a["label"]["ja"] for a in prompt["actions"])
    assert prompt["view"]["hand"] == hand and match.prompt(None)["view"]["hand"] is None
    assert match.prompt(None)["actions"] == []


class Steps(State):
    """Two seats; a turn is `mark` any number of times, then `roll` (chance) or `pass`."""

    info = GameInfo(id="toy_steps", title_en="Steps", title_ja="ステップ", min_players=2,
                    max_players=2)  # fmt: skip
    __slots__ = ("marks", "turn", "turns")
    WORDS = ("mark", "roll", "pass")

    def _setup(self) -> None:
        self.marks, self.turn, self.turns = [0, 0], 0, 0

    def clone(self) -> Steps:
        other = Steps.__new__(Steps)
        self._copy_base_to(other)
        other.marks, other.turn, other.turns = self.marks[:], self.turn, self.turns
        return other

    @classmethod
    def num_actions(cls, players: int, options: Any) -> int:
        return 3

    def pending(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def _legal_actions(self, seat: int) -> list[int]:
        return [0, 1, 2]

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action == 0:
            self.marks[seat] += 1
            return [{"type": "mark", "seat": seat}]
        if action == 1:
            self.marks[seat] += self.rng.below(3)
        self.turn, self.turns = 1 - seat, self.turns + 1
        return [{"type": "end", "seat": seat}]

    def is_over(self) -> bool:
        return self.turns >= 4

    def result(self) -> Result | None:
        return ranked_result(self.marks) if self.is_over() else None

    def action_text(self, action: int) -> str:
        return self.WORDS[action]

    def _parse_action(self, text: str) -> int:
        if text not in self.WORDS:
            raise IllegalAction(f"no {text}")
        return self.WORDS.index(text)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"marks": self.marks[:]}

    def _write(self) -> dict[str, Any]:
        return {"marks": self.marks[:], "turn": self.turn, "turns": self.turns}

    def _read(self, data: dict[str, Any]) -> None:
        self.marks, self.turn, self.turns = list(data["marks"]), data["turn"], data["turns"]


STEPS = GameSpec(
    rules=Steps,
    event_catalog=EventCatalog.from_toml(
        '[mark]\nfields = { seat = "seat" }\nen = "{seat} marks"\nja = "{seat}が印をつけた"\n'
        '[end]\nfields = { seat = "seat" }\nen = "{seat} ends"\nja = "{seat}が終えた"\n'
    ),
)


def test_undo_takes_back_a_seats_own_decisions_of_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """BGA's policy: seat 0 marks twice and takes both back, one at a time; the state is as it
    was, and the ply still grows (a client's ply from before the undo is stale)."""
    match = Match(STEPS, 2, seed=1)
    before = match.state.to_json()
    match.apply(0, "mark")
    match.apply(0, "mark")
    assert match.can_undo(0) and not match.can_undo(1) and match.prompt(0)["can_undo"]
    assert match.undo(0) == [{"type": "undo", "seat": 0, "undone": 2}]
    assert match.undo(0, expected_ply=3) == [{"type": "undo", "seat": 0, "undone": 1}]
    assert match.state.to_json() == before and match.ply == 4
    assert not match.can_undo(0)
    with pytest.raises(UndoRefused):
        match.undo(0)
    with pytest.raises(StaleMove):
        match.apply(0, "mark", expected_ply=0)
    assert [match.notation(entry) for entry in match.log] == ["mark", "mark", "undo", "undo"]
    monkeypatch.setitem(registry._all(), "toy_steps", STEPS)  # records name registered games
    again = Match.from_record(match.record())
    assert again.state.to_json() == match.state.to_json() and again.ply == 4


def test_no_undo_across_chance_or_the_end_of_a_turn() -> None:
    match = Match(STEPS, 2, seed=1)
    match.apply(0, "mark")
    match.apply(0, "roll")  # chance was drawn, and the turn passed
    assert not match.can_undo(0)
    match.apply(1, "mark")
    assert match.can_undo(1)
    match.apply(1, "pass")  # the turn passed
    assert not match.can_undo(1) and not match.can_undo(0)


def test_undo_ends_when_another_seat_decides_or_something_is_revealed() -> None:
    match = toy()
    hand0, hand1 = match.state.hands[0], match.state.hands[1]
    match.apply(0, hand0[0] - 1)
    assert match.can_undo(0) is False  # its turn ended: seat 0 is no longer pending
    match.apply(1, hand1[0] - 1)  # the reveal
    with pytest.raises(UndoRefused) as refused:
        match.undo(1)
    assert refused.value.code == "undo_refused" and "取り消せません" in refused.value.message("ja")


def test_the_record_round_trips_and_replays_identically() -> None:
    match = Match("collect", 3, {"known_cards": "hidden"}, seed=11, names=["A", "B \"Bee\"", "C"],
                  tags={"Event": "club night"})  # fmt: skip
    match.play_out(lambda state, seat: state.legal_actions(seat)[-1], by=lambda seat: "bot:x")
    text = match.record()
    assert '[Option "known_cards=hidden"]' in text and '[Seat1 "B \\"Bee\\""]' in text
    again = Match.from_record(text)
    assert again.state.to_json() == match.state.to_json() and again.record() == text
    assert again.names == ["A", 'B "Bee"', "C"] and again.tags == {"Event": "club night"}


def test_a_record_from_a_position_carries_the_state() -> None:
    start = Match("collect", 2, seed=4)
    start.apply(start.pending()[0], "draw:B")
    match = Match.from_state(start.state.clone())
    match.apply(match.pending()[0], "keep")
    again = Match.from_record(match.record())
    assert again.state.to_json() == match.state.to_json() and again.start_ply == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Bodoge "1"]\n', ""), "starts with"),
        (lambda t: t.replace("\n1 ", "\n7 "), "ply 7 where 1 comes next"),
        (lambda t: t.replace('[Winners "', '[Winners "9 '), "the record says winners"),
        (lambda t: t + "x y z\n", "not a tag"),
        (lambda t: t.replace('[Game "collect"]', '[Game "chess"]'), "unknown game"),
        (lambda t: t.replace('[Seed "', '[Seed "x'), "Seed tag must be a whole number"),
    ],
)
def test_a_broken_record_is_refused_with_a_reason(change: object, message: str) -> None:
    match = Match("collect", 2, seed=5)
    match.play_out(lambda state, seat: state.legal_actions(seat)[0])
    text = match.record()
    with pytest.raises(Exception, match=message) as refused:
        Match.from_record(change(text))  # type: ignore[operator]
    assert refused.type.__name__ in ("InvalidState", "UnknownGame")


def test_an_illegal_entry_in_a_record_names_its_line() -> None:
    text = '[Bodoge "1"]\n[Game "collect"]\n[Players "2"]\n[Seed "3"]\n\n1 0 keep\n'
    with pytest.raises(InvalidState, match="record line 6"):
        Match.from_record(text)


def test_play_out_is_the_one_loop() -> None:
    match = Match("koremon_evolution", 3, seed=2)
    steps: list[int] = []
    count = match.play_out(lambda state, seat: state.legal_actions(seat)[0],
                           on_step=lambda seat, action, events: steps.append(seat))  # fmt: skip
    assert match.is_over() and count == len(steps) == len(match.log)
    assert match.log[-1].events[-1]["type"] == "game_over"


def test_the_engines_own_events_match_their_catalogue() -> None:
    match = Match(STEPS, 2, seed=1)
    match.apply(0, "mark")
    (undo,) = match.undo(0)
    assert STEPS.event_catalog.check(undo) == []
    assert STEPS.event_catalog.describe(undo, "en", None) == "Seat 1 took back a move"
