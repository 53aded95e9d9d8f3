"""Player counts and dice of the four Koremon games (seed text 000 「○人数」「○用意するもの」).

Each game accepts exactly the player counts its seed section names, both when a game is started
and when a hand-written state JSON is read."""

from __future__ import annotations

from collections import Counter

import pytest

from bodoge.engine import InvalidOptions, InvalidState, Rng, get_game

# (game id, the seed's 「○人数」 line, fewest, most)
COUNTS = [
    ("koremon_auction", "バリアント１「モンスター・オークション」○人数：３〜６人", 3, 6),
    ("koremon_hunt", "バリアント２「ハント・ザ・モンスター！」○人数：３〜８人", 3, 8),
    ("koremon_trick", "バリアント３「トリック・ザ・モンスター！」○人数：３〜６人", 3, 6),
    ("koremon_evolution", "バリアント４「モンスター・エボリューション」○人数：２〜５人", 2, 5),
]


@pytest.mark.parametrize(("game_id", "line", "fewest", "most"), COUNTS)
def test_player_counts_are_the_seeds(game_id: str, line: str, fewest: int, most: int) -> None:
    """Seed 「○人数」 for each variant (the line is the test's `line` parameter): the fewest and
    the most players start a game; one fewer or one more is refused, at start and in state
    JSON."""
    game = get_game(game_id)
    for players in (fewest, most):
        assert game.new(players, seed=1).players == players
    for players in (fewest - 1, most + 1):
        with pytest.raises(InvalidOptions, match=f"{fewest}-{most} players"):
            game.new(players, seed=1)
        data = game.new(fewest, seed=1).to_json()
        data["players"] = players
        with pytest.raises(InvalidState, match=f"players must be {fewest}-{most}"):
            game.from_json(data)


def test_hunt_rolls_one_six_sided_die() -> None:
    """Hunt 「○用意するもの…ダイス（６面） １個」「ダイスを振って出目の分だけ時計回りに駒を
    進め」: each roll is one die 1-6, and the piece moves exactly that many positions."""
    game = get_game("koremon_hunt")
    faces: Counter[int] = Counter()
    for seed in range(300):
        state = game.new(3, seed=seed)
        before = state.piece
        state.apply(state.pending()[0], 0)
        faces[state.die] += 1
        assert state.piece == (before + state.die) % 6
    assert sorted(faces) == [1, 2, 3, 4, 5, 6] and min(faces.values()) > 25


def test_evolution_rolls_two_six_sided_dice() -> None:
    """Evolution 「○用意するもの…ダイス（６面） ２個」「手番になったら、ダイスを２個振ります」:
    each roll is two dice 1-6, every pair possible (a double six among them)."""
    game = get_game("koremon_evolution")
    pairs = set()
    for seed in range(600):
        state = game.new(2, seed=seed)
        state.rng = Rng(seed)
        state.apply(state.pending()[0], 0)
        pairs.add(tuple(state.dice))
    assert pairs == {(a, b) for a in range(1, 7) for b in range(1, 7)}
