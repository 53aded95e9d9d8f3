"""Trick the Monster: one scenario per rule of seed バリアント３ and RULINGS §3 "Trick the Monster".

Positions are hand-written state JSON. The cards a scenario does not care about must still be
somewhere (a state holds exactly the 60-card deck), so `position` puts them in the won pile of
seat `rest_to`; scenarios check what changes, or name every card where scores matter.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bodoge.engine import (
    IllegalAction,
    InvalidOptions,
    InvalidState,
    Rng,
    get_game,
    visible_events,
)
from bodoge.games.koremon import TRICK
from bodoge.games.koremon.common import deck
from bodoge.games.koremon.common.cards import card_key, card_name, parse_card, trick_deck
from bodoge.games.koremon.trick.rules import TrickState
from bodoge.games.koremon.trick.tricks import trick_winner

DECK = Counter(card_key(card) for card in trick_deck())


def position(
    hands: list[list[str]],
    *,
    leader: int = 0,
    dealer: int | None = None,
    trick: list[tuple[int, str, str]] = (),  # type: ignore[assignment]
    led: int = 0,
    face_up: list[int] | None = None,
    won: list[list[str]] | None = None,
    rest_to: int | None = None,
    mimic_lead: str = "only-mimics",
    mimic_only: list[int] = (),  # type: ignore[assignment]
) -> TrickState:
    """A hand-written game-1 position; the cards not named go to `rest_to`'s won pile."""
    players = len(hands)
    won = [list(pile) for pile in won] if won else [[] for _ in range(players)]
    face_up = list(face_up or [0] * players)
    named = Counter(card for hand in hands for card in hand)
    named.update(card for _, card, _ in trick)
    named.update(card for pile in won for card in pile)
    named["mimic"] += sum(face_up)
    rest = DECK - named
    if rest_to is not None:
        won[rest_to].extend(rest.elements())
    games = 2 if players == 3 else 1
    data: dict[str, Any] = {
        "game": "koremon_trick",
        "players": players,
        "options": {"mimic_lead": mimic_lead},
        "seed": 1,
        "rng": 1,
        "dealer": (leader - 1) % players if dealer is None else dealer,
        "game_number": 1,
        "leader": leader,
        "led_mimics": led,
        "hands": hands,
        "reserve": [],
        "trick": [{"seat": s, "card": c, "as": a} for s, c, a in trick],
        "won": [won] + [[[] for _ in range(players)]] * (games - 1),
        "face_up": [face_up] + [[0] * players] * (games - 1),
        "mimic_only": list(mimic_only),
        # one decision a card: the cards not in hand have been played
        "ply": sum(DECK.values()) // games - sum(len(hand) for hand in hands),
    }
    return TrickState.from_json(data)


def play(state: TrickState, *moves: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for text in moves:
        events += state.apply_text(state.pending()[0], text)
    return events


def trick_of(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The (last) trick-end event."""
    return [event for event in events if event["type"] == "trick"][-1]


def pile(state: TrickState, seat: int, game: int = 0) -> Counter[str]:
    return Counter(card_key(c) for c, n in enumerate(state.won[game][seat]) for _ in range(n))


# ---- dealing and leading -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(4, 15), (5, 12), (6, 10)])
def test_four_to_six_players_deal_all_sixty_cards(players: int, size: int) -> None:
    """Seed 1-2: 「ランク１〜５のすべてのモンスターを２枚ずつ抜き、カード枚数を６０枚に」;
    【４〜６人の場合】「各プレイヤーに１枚ずつすべてのカードを配り切ります」."""
    state = TrickState.new(players, seed=11)
    assert [sum(hand) for hand in state.hands] == [size] * players
    assert state.reserve == []
    total = Counter(
        card_key(c) for hand in state.hands for c, n in enumerate(hand) for _ in range(n)
    )
    assert total == DECK
    assert DECK["dragon"] == 3 and DECK["mimic"] == 15 and sum(DECK.values()) == 60


def test_three_players_deal_thirty_and_keep_the_other_half() -> None:
    """Seed 2 【３人の場合】「山を２つに分け、最初に…３０枚のカードを配り切ります」: 10 cards a
    seat; the other 30 wait face down for game 2 (RULINGS §3: two games of 30 cards)."""
    state = TrickState.new(3, seed=5)
    assert [sum(hand) for hand in state.hands] == [10, 10, 10]
    assert len(state.reserve) == 30
    view = state.view(0)
    assert view["reserve_size"] == 30 and "reserve" not in view
    assert view["games"] == 2 and view["game_number"] == 1


def test_dealer_is_random_and_the_seat_to_the_left_leads() -> None:
    """Seed 3 「ディーラーの左隣のプレイヤーが、最初のリードプレイヤーになります」; RULINGS §3
    "Dealer: random; the seat left of the dealer leads". The dealer comes from the seed."""
    dealers = set()
    for seed in range(40):
        state = TrickState.new(4, seed=seed)
        assert state.pending() == [(state.dealer + 1) % 4]
        assert TrickState.new(4, seed=seed).dealer == state.dealer
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}


def test_any_card_may_be_led_and_followed_without_obligation() -> None:
    """Seed 3 「２番目以降のプレイヤーは、どのカードを出しても構いません
    （マストフォローの義務無し）」."""
    state = position(
        [["dragon", "golem"], ["slime", "orc"], ["bat", "griffin"], ["harpy", "vampire"]],
        rest_to=0,
    )
    assert state.legal_texts(0) == ["play:dragon", "play:golem"]
    play(state, "play:golem")
    assert state.legal_texts(1) == ["play:orc", "play:slime"]
    play(state, "play:slime")  # not a Golem, not even rank 3: allowed
    assert [entry["card"] for entry in state.view(None)["trick"]] == ["golem", "slime"]


# ---- Mimics ------------------------------------------------------------------------------


def test_mimic_names_a_species_already_in_the_trick() -> None:
    """Seed 3 「ミミックをプレイする場合は、すでに場に出ているモンスターの種類を
    宣言して場に出します」:
    the Mimic choices are exactly the species in the trick, and naming another is illegal."""
    state = position([["golem"], ["dragon"], ["mimic"], ["slime"]], leader=0, rest_to=0)
    play(state, "play:golem", "play:dragon")
    assert state.legal_texts(2) == ["play:mimic=dragon", "play:mimic=golem"]
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply_text(2, "play:mimic=slime")
    with pytest.raises(IllegalAction):
        state.apply_text(2, "play:mimic")  # unnamed: only as a lead
    assert state.to_json() == before  # a refused action changes nothing


def test_mimic_counts_as_the_named_species_and_can_win() -> None:
    """Seed 3 「ミミックはこのトリックに限り、宣言したモンスターとして扱われ、
    ランクもそのモンスターのものになります」: Slime, Dragon, Mimic-as-Slime, Golem has two
    Slimes (rule ①), and the Mimic is the last of them, so its player wins, taking the Mimic
    as an ordinary card (-2)."""
    state = position([["slime"], ["dragon"], ["mimic"], ["golem"]], leader=0, rest_to=3)
    events = play(state, "play:slime", "play:dragon", "play:mimic=slime", "play:golem")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 1}
    assert pile(state, 2) == Counter({"slime": 1, "dragon": 1, "mimic": 1, "golem": 1})
    assert state.game_scores()[2] == 0 + 8 - 2 + 2


def test_mimic_takes_the_named_rank() -> None:
    """Seed 3 「ランクもそのモンスターのものになります」. Six players: Golem, Golem, Slime, Centaur,
    Mimic-as-Centaur, Bat ties Golem and Centaur at two (rule ① fails); rank 3 then has four
    cards counting the Mimic, whose player is the last of them (rule ②)."""
    state = position([["golem"], ["golem"], ["slime"], ["centaur"], ["mimic"], ["bat"]], rest_to=0)
    moves = ["golem", "golem", "slime", "centaur", "mimic=centaur", "bat"]
    events = play(state, *(f"play:{move}" for move in moves))
    assert trick_of(events) == {"type": "trick", "winner": 4, "rule": 2}


def test_mimic_rank_decides_rule_three() -> None:
    """Seed 3 「ランクもそのモンスターのものになります」 with seed 4 ③: Golem, Slime,
    Mimic-as-Golem, Slime ties species and ranks 2-2; the smallest rank is 3, last played by
    the Mimic."""
    state = position([["golem"], ["slime"], ["mimic"], ["slime"]], rest_to=0)
    events = play(state, "play:golem", "play:slime", "play:mimic=golem", "play:slime")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 3}


def test_a_mimic_may_not_be_led_while_the_hand_holds_a_monster() -> None:
    """Seed 3 「ミミックは、原則的にリードとして場に出すことができません」; RULINGS §3 "A Mimic may
    be led only if the leader holds nothing but Mimics" (option mimic_lead, default)."""
    state = position(
        [["mimic", "orc"], ["slime", "bat"], ["golem", "orc"], ["harpy", "kobold"]],
        rest_to=0,
    )
    assert state.legal_texts(0) == ["play:orc"]
    with pytest.raises(IllegalAction):
        state.apply_text(0, "play:mimic")


def test_led_mimic_is_taken_face_up_and_the_next_card_leads() -> None:
    """Seed 3 「リードとしてミミックが場に出された場合は、左隣のプレイヤーが出すカードが
    リードとなります。このとき、ミミックをリードしてしまったプレイヤーは、トリックの獲得が
    誰になるかに関係無く、このミミックを引き取ります。このミミックは、表を向けて自分の前に
    置いておきます」: seat 0 holds only Mimics and must lead one; it is face up at once (-10),
    seat 1's Golem is the lead, and the trick (Golem, Mimic-as-Golem, Slime) goes to seat 2
    without the led Mimic."""
    state = position(
        [["mimic", "mimic"], ["golem", "dragon"], ["mimic", "bat"], ["slime", "orc"]],
        rest_to=3,
    )
    assert state.legal_texts(0) == ["play:mimic"]
    events = play(state, "play:mimic")
    assert events == [{"type": "lead_mimic", "seat": 0}]
    assert state.face_up[0] == [1, 0, 0, 0]
    assert state.game_scores()[0] == -10
    assert state.view(None)["led_mimics"] == [0]
    assert state.pending() == [1]
    assert state.legal_texts(1) == ["play:dragon", "play:golem"]
    events = play(state, "play:golem", "play:mimic=golem", "play:slime")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 1}
    assert pile(state, 2) == Counter({"golem": 1, "mimic": 1, "slime": 1})
    assert state.face_up[0] == [1, 0, 0, 0]
    assert state.pending() == [2]  # the winner leads next


def test_the_next_seat_after_a_led_mimic_is_leading_too() -> None:
    """RULINGS §3 "A Mimic played when no non-Mimic card is in the trick counts as *led*": after
    seat 0's led Mimic, seat 1's card is the lead, so seat 1 may not lead its Mimic while it
    holds a monster (only-mimics), and when it holds only Mimics its Mimic is face up as well."""
    state = position(
        [["mimic", "mimic"], ["mimic", "bat"], ["golem", "orc"], ["slime", "orc"]], rest_to=3
    )
    play(state, "play:mimic")
    assert state.legal_texts(1) == ["play:bat"]
    both = position(
        [["mimic", "mimic"], ["mimic", "mimic"], ["golem", "orc"], ["slime", "orc"]], rest_to=3
    )
    play(both, "play:mimic", "play:mimic")
    assert both.face_up[0] == [1, 1, 0, 0]
    assert both.view(None)["led_mimics"] == [0, 1]
    assert both.pending() == [2]


def test_mimic_lead_any_time_lets_a_mimic_be_led_from_a_mixed_hand() -> None:
    """RULINGS §3 option `mimic_lead` = any-time: a Mimic may be led whatever else the hand holds
    (still taken face up, -10)."""
    state = position(
        [["mimic", "orc"], ["slime", "bat"], ["golem", "orc"], ["harpy", "kobold"]],
        rest_to=0,
        mimic_lead="any-time",
    )
    assert state.legal_texts(0) == ["play:orc", "play:mimic"]
    play(state, "play:mimic")
    assert state.face_up[0] == [1, 0, 0, 0]
    assert state.mimic_only == [False] * 4  # nothing is revealed about the rest of the hand


def test_a_trick_of_only_led_mimics_has_no_winner_and_the_leader_leads_again() -> None:
    """RULINGS §3 "A trick with no non-Mimic card has no winner; the same seat leads again"."""
    state = position([["mimic", "mimic"]] * 4, leader=1, rest_to=0)
    events = play(state, *["play:mimic"] * 4)
    assert trick_of(events) == {"type": "trick", "winner": None, "rule": None}
    assert state.face_up[0] == [1, 1, 1, 1]
    assert state.pending() == [1]
    assert [sum(h) for h in state.hands] == [1, 1, 1, 1]


def test_a_seat_that_led_a_mimic_is_known_to_hold_only_mimics() -> None:
    """Seed 3 (原則的にリードとして場に出すことができません): under only-mimics a led Mimic shows
    the hand held nothing else, so a determinization keeps that hand all Mimics."""
    state = position(
        [["golem", "orc"], ["mimic", "mimic"], ["slime", "bat"], ["harpy", "kobold"]],
        leader=1,
        rest_to=0,
    )
    play(state, "play:mimic")
    assert state.view(0)["mimic_only"] == [1]

    for seed in range(20):
        again = state.determinize(0, Rng(seed))
        assert again.hands[1][15] == 1 and sum(again.hands[1]) == 1


# ---- the winner of a trick ---------------------------------------------------------------


def test_rule_one_the_last_player_of_the_most_numerous_species_wins() -> None:
    """Seed 4 ①「場に出たカードの内、【最も枚数が多いモンスターカード】を一番最後に
    出したプレイヤーがトリックを獲得します」: Golem, Dragon, Golem, Slime → two Golems, the
    second by seat 2."""
    state = position([["golem"], ["dragon"], ["golem"], ["slime"]], rest_to=0)
    events = play(state, "play:golem", "play:dragon", "play:golem", "play:slime")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 1}
    assert pile(state, 2) == Counter({"golem": 2, "dragon": 1, "slime": 1})


def test_rule_two_the_last_player_of_the_most_numerous_rank_wins() -> None:
    """Seed 4 ②「①で決着がつかなかった場合、【最も枚数が多いランクのカード】を最後に
    出したプレイヤーがトリックを獲得します」: Golem, Centaur, Dragon, Slime ties the species
    1-1-1-1; rank 3 has two cards, the last (Centaur) by seat 1."""
    state = position([["golem"], ["centaur"], ["dragon"], ["slime"]], rest_to=0)
    events = play(state, "play:golem", "play:centaur", "play:dragon", "play:slime")
    assert trick_of(events) == {"type": "trick", "winner": 1, "rule": 2}


def test_rule_two_applies_when_two_species_tie_for_most() -> None:
    """Seed 4 ②: Orc, Orc, Slime, Slime, Harpy (5 players) ties Orc and Slime at two; rank 4
    has three cards, the last is seat 4's Harpy."""
    state = position([["orc"], ["orc"], ["slime"], ["slime"], ["harpy"]], rest_to=0)
    events = play(state, "play:orc", "play:orc", "play:slime", "play:slime", "play:harpy")
    assert trick_of(events) == {"type": "trick", "winner": 4, "rule": 2}


def test_rule_three_the_last_player_of_the_smallest_rank_number_wins() -> None:
    """Seed 4 ③「①でも②でも決着がつかなかった場合、【最もランクの数字が小さいカード】を最後に出した
    プレイヤーがトリックを獲得します」: Griffin, Vampire, Slime, Goblin ties species and ranks 2-2;
    rank 2 is smallest, its last card is seat 1's Vampire."""
    state = position([["griffin"], ["vampire"], ["slime"], ["goblin"]], rest_to=0)
    events = play(state, "play:griffin", "play:vampire", "play:slime", "play:goblin")
    assert trick_of(events) == {"type": "trick", "winner": 1, "rule": 3}


def test_rule_three_with_all_ranks_different() -> None:
    """Seed 4 ③: Slime, Orc, Dragon, Golem → every species and rank once: the Dragon (rank 1)."""
    state = position([["slime"], ["orc"], ["dragon"], ["golem"]], leader=0, rest_to=0)
    events = play(state, "play:slime", "play:orc", "play:dragon", "play:golem")
    assert trick_of(events) == {"type": "trick", "winner": 2, "rule": 3}


def test_rule_one_comes_before_a_larger_rank_group() -> None:
    """Seed 4 「獲得条件は、番号が若いほど優先されます」: Golem, Slime, Golem, Bat, Kobold has three
    rank-5 cards but Golem is the only species with two, so rule ① decides (seat 2); a trick of
    one monster (the others led Mimics) goes to that monster's player by rule ①."""
    golem, slime, bat, kobold = (parse_card(k) for k in ("golem", "slime", "bat", "kobold"))
    trick = [(0, golem, golem), (1, slime, slime), (2, golem, golem), (3, bat, bat)]
    trick.append((4, kobold, kobold))
    assert trick_winner(trick, deck.load()) == (2, 1)
    assert trick_winner([(3, golem, golem)], deck.load()) == (3, 1)


def test_the_trick_winner_leads_the_next_trick() -> None:
    """Seed 5 「先のトリックを獲得したプレイヤーが、次のトリックのリードプレイヤーになります」."""
    state = position(
        [["golem", "orc"], ["dragon", "orc"], ["golem", "bat"], ["slime", "bat"]], rest_to=0
    )
    play(state, "play:golem", "play:dragon", "play:golem", "play:slime")
    assert state.pending() == [2]
    assert state.view(None)["leader"] == 2


# ---- scoring -----------------------------------------------------------------------------


def test_score_table() -> None:
    """Seed 6 得点表: rank 1: 8, 2: 4, 3: 2, 4: 1, 5: 0; an ordinary Mimic -2; a face-up Mimic
    -10. Every card of this finished 4-player game is named."""
    monsters = [key for key in DECK if key != "mimic"]
    won = [
        ["dragon"] * 3 + ["mimic"] * 2,  # 24 - 4
        ["griffin"] * 3 + ["vampire"] * 3,  # 24
        ["golem"] * 3 + ["orc"] * 3 + ["slime"] * 3,  # 6 + 3 + 0
        [k for k in monsters if k not in ("dragon", "griffin", "vampire", "golem", "orc", "slime")]
        * 3
        + ["mimic"] * 10,
    ]
    state = position([[], [], [], []], won=won, face_up=[0, 1, 0, 2])
    # seat 3: centaur, mermaid (2 each), harpy, lizardman, werewolf (1 each), five rank 5 (0)
    seat3 = 3 * (2 + 2) + 3 * (1 + 1 + 1) - 2 * 10 - 20
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.scores == [20, 24 - 10, 9, seat3]
    assert result.winners == [0]


def test_three_players_play_two_games_and_sum_the_scores() -> None:
    """Seed 2 「１ゲーム終了後、もう１度カードを配り、２ゲーム目を行います」 and seed 6
    「３人の場合は、２ゲームを行って得点合計の１番多い人の勝ち」: the last trick of game 1
    ends it, the reserve is dealt one by one from the dealer's left, the dealer's left leads,
    and the scores so far are game 1's."""
    reserve = ["dragon"] * 3 + ["griffin"] * 3 + ["golem"] * 3 + ["mimic"] * 3 + ["slime"] * 3
    reserve += ["orc"] * 3 + ["harpy"] * 3 + ["bat"] * 3 + ["kobold"] * 3 + ["goblin"] * 3
    hands = [["vampire"], ["vampire"], ["mermaid"]]
    rest = DECK - Counter(reserve) - Counter(card for hand in hands for card in hand)
    first = list((rest - Counter({"mimic": 12})).elements())  # the other 12 Mimics: seat 2
    state = TrickState.from_json(
        {
            "game": "koremon_trick",
            "players": 3,
            "dealer": 2,
            "game_number": 1,
            "leader": 1,
            "hands": hands,
            "reserve": reserve,
            "trick": [],
            "won": [[first, [], ["mimic"] * 10], [[], [], []]],
            "face_up": [[0, 0, 2], [0, 0, 0]],
            "ply": 27,  # 30 cards dealt, three still in hand
        }
    )
    game1 = state.game_scores(0)
    events = play(state, "play:vampire", "play:mermaid", "play:vampire")
    assert trick_of(events) == {"type": "trick", "winner": 0, "rule": 1}
    assert events[4] == {"type": "game_end", "game": 1, "scores": [game1[0] + 10, *game1[1:]]}
    assert state.game == 1 and state.reserve == []
    # Card i of the reserve goes to seat (dealer + 1 + i) % 3: seat 0 gets cards 0, 3, 6, ...
    for seat in range(3):
        expected = Counter(reserve[seat::3])
        assert (
            Counter(card_key(c) for c, n in enumerate(state.hands[seat]) for _ in range(n))
            == expected
        )
    assert state.pending() == [0]
    private = [e for e in events if e["type"] == "hand"]
    assert [e["visible_to"] for e in private] == [[0], [1], [2]]
    # the others learn only how many cards each seat was dealt
    public = [e for e in visible_events(events, None) if e["type"] == "hand"]
    assert public == [{"type": "hand", "seat": s, "count": 10} for s in range(3)]
    totals_after_game1 = state.scores()
    assert totals_after_game1 == state.game_scores(0)


def test_three_player_result_is_the_sum_of_both_games() -> None:
    """Seed 6 「３人の場合は、２ゲームを行って得点合計の１番多い人の勝ちとなります」: game 1 scores
    -10, 22, -6; game 2 scores 32, 12, -10; seat 1 wins on the sum 34 although seat 0 won
    game 2."""
    rank5 = ["orc", "slime", "goblin", "kobold", "bat", "skeleton"]
    game1 = [
        ["mimic"] * 5,  # -10
        ["dragon"] * 2 + ["golem"] * 3,  # 16 + 6
        [k for k in rank5 for _ in range(3)] + ["harpy"],  # 3 + 1, and a face-up Mimic -10
    ]
    game2 = [
        ["dragon"] + ["griffin"] * 3 + ["vampire"] * 3,  # 8 + 24
        ["centaur"] * 3 + ["mermaid"] * 3,  # 12
        ["harpy"] * 2 + ["lizardman"] * 3 + ["werewolf"] * 3 + ["mimic"] * 9,  # 8 - 18
    ]
    data = {
        "game": "koremon_trick",
        "players": 3,
        "dealer": 0,
        "game_number": 2,
        "leader": 0,
        "hands": [[], [], []],
        "reserve": [],
        "trick": [],
        "won": [game1, game2],
        "face_up": [[0, 0, 1], [0, 0, 0]],
        "ply": 60,  # every card played
    }
    state = TrickState.from_json(data)
    result = state.result()
    assert result is not None
    assert result.detail == {"games": [[-10, 22, -6], [32, 12, -10]]}
    assert result.scores == [22, 34, -16]
    assert result.winners == [1]


def test_three_player_games_hold_thirty_cards_each() -> None:
    """Seed 2 【３人の場合】「山を２つに分け」: in game 2 the finished game 1 holds exactly 30."""
    data = TrickState.new(3, seed=4).to_json()
    data["game_number"] = 2
    data["won"][0][0] = data["reserve"][:27]
    data["won"][1][0] = data["reserve"][27:]
    data["reserve"] = []
    with pytest.raises(InvalidState, match="30 cards"):
        TrickState.from_json(data)


# ---- views, notation, bad input ----------------------------------------------------------


def test_hands_and_the_reserve_are_private() -> None:
    """Issue 7 "hands, deck order … are private": a seat sees its own hand, only sizes of the
    others; a spectator sees no hand; the reserve of 3 players is a count."""
    state = TrickState.new(3, seed=3)
    view = state.view(1)
    assert view["hand"] == state._hand_keys(1)
    assert view["hand_sizes"] == [10, 10, 10]
    assert "hands" not in view and "reserve" not in view
    assert state.view(None)["hand"] is None
    assert "Your hand" in TRICK.render(state, 1, "en") and "Your hand" not in TRICK.render(
        state, None, "en"
    )
    again = state.determinize(1, Rng(4))
    assert again.hands[1] == state.hands[1]
    assert [sum(hand) for hand in again.hands] == [10, 10, 10] and len(again.reserve) == 30
    assert again.hands[0] != state.hands[0] or again.reserve != state.reserve


def test_notation_accepts_keys_english_and_japanese_names() -> None:
    """Issue 5 notation: `play:<species>`, `play:mimic=<species>`, `play:mimic`; the terminal
    player may type names in either language."""
    state = TrickState.new(4, seed=2)
    assert state.parse_action("play:dragon") == 0
    assert state.parse_action("Play:Mimic=Golem") == state.parse_action("play:mimic=golem")
    assert state.parse_action("ミミック=ゴーレム") == state.parse_action("play:mimic=golem")
    assert state.parse_action("play:mimic") == 30
    for action in range(TrickState.num_actions(4, {})):
        assert state.parse_action(state.action_text(action)) == action
    for bad in ("play:", "play:wyvern", "play:mimic=mimic", "play:dragon=golem", "pass"):
        with pytest.raises(IllegalAction, match="not an action of Trick the Monster!"):
            state.parse_action(bad)


def into_trick(data: dict[str, Any], card: str, kind: str) -> None:
    """Move a `card` from a hand into the trick, counted as `kind` (every card stays counted)."""
    holder = next(seat for seat, hand in enumerate(data["hands"]) if card in hand)
    data["hands"][holder].remove(card)
    data["trick"].append({"seat": holder, "card": card, "as": kind})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][0].append("dragon"), "cards do not add up: 1 Dragon too many"),
        (lambda d: d["hands"][2].pop(), "cards do not add up: 1 .* missing"),
        (lambda d: d["hands"][0].__setitem__(0, "wyvern"), "not a card"),
        (lambda d: d.__setitem__("leader", 7), "leader must be a seat"),
        (lambda d: into_trick(d, "mimic", "bat"), "Mimic must"),
        (lambda d: into_trick(d, "orc", "bat"), "only as itself"),
        (lambda d: d.__setitem__("game_number", 2), "game_number"),
        (lambda d: d.__setitem__("mimic_only", [0]), "holds monsters"),
        (lambda d: d.__setitem__("last_winner", 2), "last_winner and last_rule"),
        (lambda d: d.__setitem__("last_rule", 1), "last_winner and last_rule"),
    ],
)
def test_inconsistent_states_are_refused(change: Any, message: str) -> None:
    """A state JSON that breaks the rules raises InvalidState with one clear message."""
    data = TrickState.new(4, seed=8).to_json()
    change(data)
    with pytest.raises(InvalidState, match=message):
        TrickState.from_json(data)


def every_place_holds_cards() -> dict[str, Any]:
    """A 4-player position whose hands, won piles, trick and face-up Mimics all hold cards:
    seat 0 led a Mimic (face up) and seat 1 played a Golem."""
    state = position(
        [["golem"], ["golem", "orc"], ["slime", "bat"], ["harpy", "kobold"]],
        led=1, face_up=[1, 0, 0, 0], rest_to=3, mimic_lead="any-time",
    )  # fmt: skip
    play(state, "play:golem")
    return state.to_json()


def take_one(data: dict[str, Any], place: str) -> str:
    """Take one card out of `place`; the name of the card taken."""
    if place == "hand":
        key = data["hands"][2].pop()
    elif place == "won":
        key = data["won"][0][3].pop()
    elif place == "trick":
        key = data["trick"].pop()["card"]
    elif place == "face_up":
        data["face_up"][0][0] -= 1
        key = "mimic"
    else:
        data.update(TrickState.new(3, seed=6).to_json())
        key = data["reserve"].pop()
    return card_name(parse_card(key))


@pytest.mark.parametrize("place", ["hand", "won", "trick", "face_up", "reserve"])
def test_a_state_missing_a_card_is_refused_naming_it(place: str) -> None:
    """Issue 12: seed 1「ランク１〜５のすべてのモンスターを２枚ずつ抜き、カード枚数を６０枚に」:
    the 60 cards are all in hands, won piles, the trick, face up or (3 players) the reserve;
    one taken out of any of them is refused by name."""
    data = every_place_holds_cards()
    TrickState.from_json(data)  # as it stands, the position loads
    name = take_one(data, place)
    with pytest.raises(InvalidState, match=f"cards do not add up: 1 {name} missing"):
        TrickState.from_json(data)


def test_the_move_counter_is_the_cards_played() -> None:
    """One decision a card (seed 3「時計回りに手札を１枚ずつ出していきます」): the move counter is
    the number of cards no longer in a hand, 60 minus those held with four players."""
    data = every_place_holds_cards()
    played = 60 - sum(len(hand) for hand in data["hands"])
    assert data["ply"] == played
    data["ply"] = played - 1
    with pytest.raises(InvalidState, match=f"ply {played - 1} must be {played}"):
        TrickState.from_json(data)


def test_no_last_trick_before_the_first_is_finished() -> None:
    """A new game has finished no trick, so it shows no last trick (seed 4 decides one only
    when everyone has played)."""
    data = TrickState.new(4, seed=3).to_json()
    data["last_trick"] = [
        {"seat": seat, "card": card} for seat, card in enumerate(["golem", "orc", "golem", "bat"])
    ]
    data["last_winner"], data["last_rule"] = 2, 1
    with pytest.raises(InvalidState, match="no trick has been finished yet"):
        TrickState.from_json(data)


def test_the_last_tricks_winner_keeps_its_cards() -> None:
    """Seed 4「獲得したカードは…自分の前に裏向きで置いておきます」: the winner of the last trick
    has its cards among its won cards; here they all lie with seat 0, not the winner seat 2."""
    data = position([["orc"], ["orc"], ["bat"], ["bat"]], leader=2, rest_to=0).to_json()
    data["last_trick"] = [
        {"seat": seat, "card": card}
        for seat, card in enumerate(["golem", "dragon", "golem", "slime"])
    ]
    data["last_winner"], data["last_rule"] = 2, 1
    with pytest.raises(InvalidState, match="last_trick: seat 2 won it, so its cards are among"):
        TrickState.from_json(data)


def test_the_leader_follows_from_the_deal_and_the_last_trick() -> None:
    """Seed 3「ディーラーの左隣のプレイヤーが、最初のリードプレイヤーになります」and「トリックを
    獲得したプレイヤーが、次のリードプレイヤーになります」: a new deal led by another seat, or a
    trick led by someone other than the last trick's winner, is refused."""
    data = TrickState.new(4, seed=3).to_json()
    data["leader"] = (data["dealer"] + 2) % 4
    with pytest.raises(InvalidState, match="left of the dealer, leads"):
        TrickState.from_json(data)
    state = position(
        [["orc", "bat"], ["golem", "orc"], ["golem", "slime"], ["kobold", "slime"]], rest_to=0
    )
    play(state, "play:orc", "play:orc", "play:golem", "play:kobold")  # the Orcs: seat 1
    data = state.to_json()
    assert data["leader"] == 1 and data["last_winner"] == 1
    data["leader"] = 2
    with pytest.raises(InvalidState, match="seat 1 won the last trick, so it leads"):
        TrickState.from_json(data)


def test_hand_sizes_must_fit_the_trick_in_progress() -> None:
    """Seed 3 「時計回りに手札を１枚ずつ出していきます」: seats that played hold one card fewer."""
    state = position([["golem"], ["dragon"], ["golem"], ["slime"]], rest_to=0)
    play(state, "play:golem")
    data = state.to_json()
    data["hands"][0], data["hands"][1] = ["dragon"], []
    with pytest.raises(InvalidState, match="seat 0 holds 1 cards"):
        TrickState.from_json(data)


def test_mimic_lead_option_is_checked() -> None:
    """RULINGS §3 option `mimic_lead` (only-mimics | any-time)."""
    with pytest.raises(InvalidOptions):
        get_game("koremon_trick").new(4, {"mimic_lead": "never"})
    assert TrickState.new(4).options == {"mimic_lead": "only-mimics", "content": "default"}


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    """Bots must be blind to hidden cards (docs/ai.md): two worlds with the same view of seat 0
    give the same determinization from the same generator."""
    state = TrickState.new(3, seed=12)
    for seat in (0, None):
        other = state.determinize(seat, Rng(1))
        assert other.view(seat) == state.view(seat)
        assert other.hands != state.hands or other.reserve != state.reserve
        first, second = state.determinize(seat, Rng(5)), other.determinize(seat, Rng(5))
        assert first.hands == second.hands and first.reserve == second.reserve


def test_render_shows_the_table_the_last_trick_and_the_hand() -> None:
    """The terminal screen (issue 8): points, the trick in progress, the last trick with its led
    Mimic and deciding rule, and only the viewer's own hand, with English and Japanese names."""
    state = position(
        [["mimic", "mimic"], ["golem", "dragon"], ["mimic", "bat"], ["slime", "orc"]],
        rest_to=3,
    )
    play(state, "play:mimic", "play:golem", "play:mimic=golem", "play:slime", "play:bat")
    screen = TRICK.render(state, 1, "en")
    assert "seat 1: -10 points" in screen  # seats counted from 1
    assert (
        "Last trick: seat 1 Mimic (led), seat 2 Golem ゴーレム, seat 3 Mimic ミミック as Golem "
        "ゴーレム, seat 4 Slime スライム - won by seat 3 (rule 1: most cards of one species"
    ) in screen
    assert "Trick led by seat 3: seat 3 Bat バット; seat 4 to play" in screen
    assert "Your hand: Dragon ドラゴン (rank 1) x1" in screen
    assert "Your hand" not in TRICK.render(state, None, "en")


def test_the_last_trick_must_agree_with_its_winner_and_rule() -> None:
    """Seed 4 ①「【最も枚数が多いモンスターカード】を一番最後に出したプレイヤーがトリックを獲得」:
    a state whose last trick (Golem, Dragon, Golem, Slime) names seat 0 as its winner is refused
    (seat 2 won it by rule ①); with seat 2 and rule 1 it is read and shown."""
    state = position([["orc"], ["orc"], ["bat"], ["bat"]], leader=2, rest_to=2)
    data = state.to_json()
    data["last_trick"] = [
        {"seat": 0, "card": "golem", "as": "golem"},
        {"seat": 1, "card": "dragon", "as": "dragon"},
        {"seat": 2, "card": "golem", "as": "golem"},
        {"seat": 3, "card": "slime", "as": "slime"},
    ]
    data["last_winner"], data["last_rule"] = 0, 1
    with pytest.raises(InvalidState, match=r"last_trick by the seed's rules ①②③ \(seat 2, rule 1"):
        TrickState.from_json(data)
    data["last_winner"] = 2
    assert "won by seat 3 (rule 1" in TRICK.render(TrickState.from_json(data), 0, "en")  # seat 2


def test_a_seat_that_led_a_mimic_must_be_known_to_hold_only_mimics() -> None:
    """RULINGS §3 "A Mimic may be led only if the leader holds nothing but Mimics": a state whose
    trick starts with seat 0's led Mimic must list seat 0 in mimic_only (else a determinization
    would deal it monsters); with it listed, the position is read and seat 1 leads."""
    hands = [["mimic"], ["golem", "orc"], ["slime", "bat"], ["harpy", "kobold"]]
    with pytest.raises(InvalidState, match="seat 0 led a Mimic under mimic_lead=only-mimics"):
        position(hands, led=1, face_up=[1, 0, 0, 0], rest_to=0)
    state = position(hands, led=1, face_up=[1, 0, 0, 0], rest_to=0, mimic_only=[0])
    assert state.pending() == [1] and state.legal_texts(1) == ["play:golem", "play:orc"]
    again = position(hands, led=1, face_up=[1, 0, 0, 0], rest_to=0, mimic_lead="any-time")
    assert again.pending() == [1]
