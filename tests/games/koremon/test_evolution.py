"""Monster Evolution: one scenario per rule of seed バリアント４ and RULINGS §3 "Monster Evolution".

Positions are hand-written state JSON. The dice come from the state's generator, so a scenario
that needs a roll writes the generator state (`rng`) that produces it (found by `rng_for`).
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import IllegalAction, InvalidState, Rng
from bodoge.games.koremon import EVOLUTION
from bodoge.games.koremon.common.cards import RANK, card_key, card_name, parse_card, species_of_rank
from bodoge.games.koremon.evolution.rules import EvolutionState

ALL = [card_key(code) for code in range(15)]


def rng_for(first: int, second: int) -> int:
    """A generator state whose next two dice are `first` and `second`."""
    for state in range(10_000):
        rng = Rng(state)
        if (rng.randint(1, 6), rng.randint(1, 6)) == (first, second):
            return state
    raise AssertionError("no generator state found")


def position(
    holds: list[str], dice: tuple[int, int], turn: int = 0, **extra: Any
) -> EvolutionState:
    """Seats hold `holds`; everything else is in the supply unless `supply` is given. The next
    roll is `dice`. Holds better than the rank-5 monsters dealt need rolls before: the previous
    seat then rolled last (a 6 + 5, which changes nothing), after the fewest rolls that gained
    those ranks."""
    data: dict[str, Any] = {
        "game": "koremon_evolution",
        "players": len(holds),
        "seed": 1,
        "rng": rng_for(*dice),
        "holds": holds,
        "supply": [key for key in ALL if key not in holds],
        "turn": turn,
    }
    gained = sum(5 - RANK[parse_card(key)] for key in holds)
    if gained:
        data.update(ply=gained, dice=[6, 5], last_roller=(turn - 1) % len(holds))
    data.update(extra)
    return EvolutionState.from_json(data)


def held(state: EvolutionState) -> list[str]:
    return [card_key(card) for card in state.holds]


def supply(state: EvolutionState) -> list[str]:
    return [key for code, key in enumerate(ALL) if state.supply[code]]


# ---- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_starts_with_a_different_rank_five_monster(players: int) -> None:
    """Seed 1 「モンスターカードは、各モンスターを１枚ずつ抜き出します。ミミックは使用しません。
    各プレイヤーは、ランク５のモンスターを１枚ずつ受け取ります。残りのカードは、テーブルの中央に」."""
    starters = set()
    for seed in range(30):
        state = EvolutionState.new(players, seed=seed)
        assert all(RANK[card] == 5 for card in state.holds)
        assert len(set(state.holds)) == players
        assert sorted(state.holds + [c for c in range(15) if state.supply[c]]) == list(range(15))
        starters.update(state.holds)
        assert state.pending() == [state.turn]
    assert starters == set(species_of_rank(5))


def test_start_seat_is_random() -> None:
    """Seed 2 「適当な方法でスタートプレイヤーを決めます」: a seeded random seat."""
    assert {EvolutionState.new(4, seed=seed).turn for seed in range(40)} == {0, 1, 2, 3}


# ---- rolling -----------------------------------------------------------------------------


def test_a_turn_is_one_roll_decision() -> None:
    """Seed 2 「手番になったら、ダイスを２個振ります」: the only decision is `roll`."""
    state = position(["slime", "goblin"], (6, 5))
    assert state.legal_texts(0) == ["roll"]
    events = state.apply_text(0, "roll")
    assert events == [{"type": "roll", "seat": 0, "dice": [6, 5]}]
    assert state.dice == [6, 5]


def test_a_roll_above_the_rank_changes_nothing() -> None:
    """Seed 2 「ダイスの目の合計が、持っているモンスターのランク数以下であれば」:
    4 + 2 = 6 > rank 5, so nothing happens and the turn passes clockwise."""
    state = position(["slime", "goblin", "bat"], (4, 2), turn=2)
    state.apply_text(2, "roll")
    assert held(state) == ["slime", "goblin", "bat"]
    assert state.pending() == [0]


def test_a_roll_equal_to_the_rank_evolves_with_a_choice_of_species() -> None:
    """Seed 2 「合計が、持っているモンスターのランク数以下であれば、１つ上のランクの
    モンスターカードを受け取ります。元のランクのモンスターカードは、テーブルの中央に
    戻します」; RULINGS §3 "take any supply monster of the next better rank": 3 + 2 = 5 at
    rank 5; four rank-4 monsters are free, so the seat chooses, takes the Harpy and returns
    its Slime."""
    state = position(["slime", "goblin"], (3, 2))
    state.apply_text(0, "roll")
    assert state.pending() == [0]
    assert state.legal_texts(0) == ["take:orc", "take:harpy", "take:lizardman", "take:werewolf"]
    events = state.apply_text(0, "take:harpy")
    assert events == [{"type": "evolve", "seat": 0, "from": "slime", "to": "harpy"}]
    assert held(state) == ["harpy", "goblin"]
    assert "slime" in supply(state) and "harpy" not in supply(state)
    assert state.pending() == [1]


def test_a_single_free_monster_of_the_next_rank_is_taken_at_once() -> None:
    """Seed 2 「１つ上のランクのモンスターカードを受け取ります」: rank 3 rolls 1 + 1;
    Griffin is held, only the Vampire is free, so it is taken without a question."""
    state = position(["golem", "griffin"], (1, 1))
    events = state.apply_text(0, "roll")
    assert events[1] == {"type": "evolve", "seat": 0, "from": "golem", "to": "vampire"}
    assert held(state) == ["vampire", "griffin"]
    assert state.pending() == [1]


def test_no_free_monster_of_the_next_rank_means_no_evolution() -> None:
    """Seed 2 「どちらの場合も、受け取るべきランクのモンスターカードが無いときは
    受け取れません」: rank 3 rolls 2 + 1 = 3 but both rank-2 monsters are held."""
    state = position(["golem", "griffin", "vampire"], (2, 1))
    events = state.apply_text(0, "roll")
    assert events[1] == {"type": "no_card", "seat": 0, "rank": 2}
    assert held(state) == ["golem", "griffin", "vampire"]
    assert state.pending() == [1]


def test_double_six_sets_the_monster_back_one_rank() -> None:
    """Seed 2 「６のゾロ目（合計値：１２）が出た場合は、モンスターのランクが１つ下がります」: rank 2
    Griffin rolls 6 + 6 and must take a rank-3 monster (here a choice of two: Golem is held)."""
    state = position(["griffin", "golem"], (6, 6))
    state.apply_text(0, "roll")
    assert state.legal_texts(0) == ["take:centaur", "take:mermaid"]
    events = state.apply_text(0, "take:mermaid")
    assert events == [{"type": "devolve", "seat": 0, "from": "griffin", "to": "mermaid"}]
    assert held(state) == ["mermaid", "golem"]


def test_double_six_at_rank_five_changes_nothing() -> None:
    """Seed 2 「ただし、ランクは５より下にはなりません」: rank 5 rolls 6 + 6."""
    state = position(["bat", "slime"], (6, 6))
    events = state.apply_text(0, "roll")
    assert events == [{"type": "roll", "seat": 0, "dice": [6, 6]}]
    assert held(state) == ["bat", "slime"]
    assert state.pending() == [1]


def test_no_free_rank_four_means_rank_five_stays() -> None:
    """Seed 2 「受け取るべきランクのモンスターカードが無いときは受け取れません」: five players, the
    other four hold all four rank-4 monsters; seat 0's Slime rolls 2 + 2 = 4 and stays."""
    state = position(["slime", "orc", "harpy", "lizardman", "werewolf"], (2, 2))
    events = state.apply_text(0, "roll")
    assert events[1] == {"type": "no_card", "seat": 0, "rank": 4}
    assert held(state)[0] == "slime" and state.pending() == [1]


def test_double_six_takes_the_only_free_rank_five() -> None:
    """Seed 2 「６のゾロ目…モンスターのランクが１つ下がります」: five players, seat 0 holds
    the Orc and the others four of the five rank-5 monsters, so the double six hands it the
    Bat at once.
    (With at most five players one rank-5 monster is always free for a double six.)"""
    holds = ["orc", "slime", "goblin", "kobold", "skeleton"]
    state = position(holds, (6, 6))
    events = state.apply_text(0, "roll")
    assert events[1] == {"type": "devolve", "seat": 0, "from": "orc", "to": "bat"}
    assert "orc" in supply(state)


def test_rolling_a_two_at_rank_two_takes_the_dragon_and_wins_at_once() -> None:
    """Seed 3 「一番早くドラゴンに進化させたプレイヤーの勝利となります」; RULINGS §3 "First seat to
    hold the Dragon wins at once": the Vampire rolls 1 + 1."""
    state = position(["slime", "vampire", "golem"], (1, 1), turn=1)
    events = state.apply_text(1, "roll")
    assert events[1:-1] == [
        {"type": "evolve", "seat": 1, "from": "vampire", "to": "dragon"},
        {"type": "win", "seat": 1},
    ]
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [1]
    assert state.is_over() and state.pending() == []
    result = state.result()
    assert result is not None
    assert result.winners == [1]
    assert result.scores == [1, 5, 3]  # bodoge places the others by rank: 6 - rank
    assert result.ranks == [3, 1, 2]
    with pytest.raises(IllegalAction, match="over"):
        state.apply_text(2, "roll")


def test_a_roll_of_three_at_rank_two_does_not_evolve() -> None:
    """Seed 2 「ランク数以下であれば」: rank 2 needs a total of 2; 2 + 1 = 3 is too much."""
    state = position(["griffin", "slime"], (2, 1))
    state.apply_text(0, "roll")
    assert held(state) == ["griffin", "slime"] and not state.is_over()


# ---- views, notation, bad input ----------------------------------------------------------


def test_everything_is_public_but_the_future_dice() -> None:
    """Issue 7: nothing in Monster Evolution is private; a determinization only draws new dice."""
    state = position(["slime", "goblin"], (3, 2))
    assert state.view(0) | {"seat": None} == state.view(None)
    again = state.determinize(1, Rng(9))
    assert again.view(1) == state.view(1)
    assert again.rng.state != state.rng.state


def test_notation() -> None:
    """`roll` and `take:<species>` (key, English or Japanese name)."""
    state = position(["slime", "goblin"], (3, 2))
    assert state.parse_action("roll") == 0
    assert state.parse_action("take:Harpy") == state.parse_action("take:ハーピー")
    for action in range(EvolutionState.num_actions(2, {})):
        assert state.parse_action(state.action_text(action)) == action
    for bad in ("take:mimic", "take:", "jump"):
        with pytest.raises(IllegalAction, match="not a Monster Evolution action"):
            state.parse_action(bad)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply_text(0, "take:harpy")  # no choice pending
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["holds"].__setitem__(1, "slime"), "cards do not add up: .*Slime too many"),
        (lambda d: d["supply"].append("mimic"), "not a monster"),
        (lambda d: d.__setitem__("turn", 4), "turn must be a seat"),
        (lambda d: d.__setitem__("winner", 0), "holding the Dragon"),
        (lambda d: d.__setitem__("choosing_rank", 2), "choosing_rank"),
        (lambda d: d.__setitem__("choosing_rank", 4.0), "choosing_rank must be a rank 1-5"),
        (lambda d: d.__setitem__("choosing_rank", "4"), "choosing_rank must be a rank 1-5"),
        (lambda d: d.__setitem__("dice", [7, 1]), "dice"),
    ],
)
def test_inconsistent_states_are_refused(change: Any, message: str) -> None:
    """A state JSON that breaks the rules raises InvalidState with one clear message."""
    data = EvolutionState.new(3, seed=2).to_json()
    change(data)
    with pytest.raises(InvalidState, match=message):
        EvolutionState.from_json(data)


def test_a_state_missing_a_monster_is_refused_naming_it() -> None:
    """Issue 12: seed 1「モンスターカードは、各モンスターを１枚ずつ抜き出します」: the 15 monsters
    are held or in the supply; one taken from the supply is named, a seat without its monster
    is a hold missing."""
    data = EvolutionState.new(3, seed=2).to_json()
    taken = data["supply"].pop(3)
    with pytest.raises(
        InvalidState, match=f"cards do not add up: 1 {card_name(parse_card(taken))} missing"
    ):
        EvolutionState.from_json(data)
    data = EvolutionState.new(3, seed=2).to_json()
    data["supply"].append(data["holds"].pop())
    with pytest.raises(InvalidState, match="holds must list one monster for each of the 3 seats"):
        EvolutionState.from_json(data)


def rolled_to_a_choice() -> dict[str, Any]:
    """Seat 0 rolled 3 + 2 at rank 5 and chooses a rank-4 monster (ply 1)."""
    state = position(["slime", "goblin"], (3, 2))
    state.apply_text(0, "roll")
    return state.to_json()


def golem_after_one_roll(data: dict[str, Any]) -> None:
    """Seat 0 holds a rank-3 Golem one roll into the game, and seat 1 is to move."""
    data.update(holds=["golem", "goblin"], choosing_rank=None, turn=1)
    data["supply"] = [key for key in ALL if key not in data["holds"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("ply", 0), "empty exactly until the first roll"),
        (lambda d: d.update(dice=[4, 2]), "roll 4 \\+ 2 does not lead to choosing a rank-4"),
        (lambda d: d.update(last_roller=1), "the seat that rolled last is still to move"),
        (lambda d: d.update(choosing_rank=None), "seat 0 rolled last, so seat 1 is to move"),
        (golem_after_one_roll, "ply 1 is too few: 2 ranks gained take at least 2 rolls"),
    ],
)
def test_the_turn_the_roll_and_the_counter_agree(change: Any, message: str) -> None:
    """Issue 12: the seat to move, the last roll, a pending choice and the move counter follow
    from each other (seed 2: one roll a turn, clockwise; a rank gained takes a roll)."""
    data = rolled_to_a_choice()
    EvolutionState.from_json(data)  # as it stands, the position loads
    change(data)
    with pytest.raises(InvalidState, match=message):
        EvolutionState.from_json(data)


def test_before_the_first_roll_every_seat_holds_rank_five() -> None:
    """Seed 1「各プレイヤーは、ランク５のモンスターを１枚ずつ受け取ります」: at ply 0 nobody has
    rolled, so no seat can hold better than rank 5."""
    data = EvolutionState.new(2, seed=1).to_json()
    data["supply"].append(data["holds"][0])
    data["holds"][0] = "golem"
    data["supply"].remove("golem")
    with pytest.raises(InvalidState, match="before the first roll every seat holds its rank-5"):
        EvolutionState.from_json(data)


def test_a_pending_choice_survives_json_and_blocks_rolling() -> None:
    """RULINGS §3 "take any supply monster of the next better rank": the choice is the same
    seat's next decision; it is saved in the state JSON and no roll is possible meanwhile."""
    state = position(["slime", "goblin"], (3, 2))
    state.apply_text(0, "roll")
    again = EvolutionState.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.legal_texts(0) == state.legal_texts(0)
    with pytest.raises(IllegalAction):
        again.apply_text(0, "roll")
    screen = EVOLUTION.render(again, 0, "en")
    assert "Seat 1: choose a rank 4 monster to take" in screen  # seats counted from 1
    assert "Last roll: seat 1 rolled 3 + 2" in screen
    assert "seat 1 (you): Slime スライム (rank 5)" in screen
