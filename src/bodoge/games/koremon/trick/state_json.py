"""Trick the Monster's state as JSON: the views, the full state written and read back, and the
checks that a state read fits together (seed バリアント３, RULINGS §3)."""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING, Any

from bodoge.engine import IllegalAction, InvalidState
from bodoge.games.koremon.common.cards import CARD_COUNT, MIMIC, card_key, check_cards, read_seat
from bodoge.games.koremon.trick.codes import (
    CARD_BY_NAME,
    SPECIES_COUNT,
    held_species,
    species_mask,
)
from bodoge.games.koremon.trick.tricks import LEAD_MIMIC, NAMED, trick_entry, trick_winner

if TYPE_CHECKING:
    from bodoge.games.koremon.trick.rules import TrickState


def _entries(trick: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    return [
        {"seat": seat, "card": card_key(card), "as": card_key(kind)} for seat, card, kind in trick
    ]


def _public(state: TrickState) -> dict[str, Any]:
    return {
        "game_number": state.game + 1,
        "games": state.games,
        "dealer": state.dealer,
        "leader": state.leader,
        "to_move": state.to_move() if state.left else None,
        "led_mimics": [(state.leader + i) % state.players for i in range(state.led)],
        "trick": _entries(state.trick),
        "hand_sizes": [sum(hand) for hand in state.hands],
        "reserve_size": len(state.reserve),
        "won": [[_pile_keys(pile) for pile in state.won[game]] for game in range(state.games)],
        "face_up": [row[:] for row in state.face_up],
        "scores": state.scores(),
        "last_trick": _entries(state.last_trick),
        "last_winner": state.last_winner if state.last_winner >= 0 else None,
        "last_rule": state.last_step or None,
        "mimic_only": [seat for seat, known in enumerate(state.mimic_only) if known],
        "plays": _play_entries(state),
    }


def _play_entries(state: TrickState) -> list[dict[str, Any]] | None:
    """The cards played in this deal, in order (public: everyone saw them played)."""
    if state.plays is None:
        return None
    return [{"seat": seat, "play": state.action_text(action)} for seat, action in state.plays]


def _pile_keys(pile: list[int]) -> list[str]:
    return [card_key(c) for c in range(CARD_COUNT) for _ in range(pile[c])]


def view(state: TrickState, seat: int | None) -> dict[str, Any]:
    data = _public(state)
    data["hand"] = state._hand_keys(seat) if seat is not None else None
    return data


def write(state: TrickState) -> dict[str, Any]:
    return {
        "dealer": state.dealer,
        "game_number": state.game + 1,
        "leader": state.leader,
        "led_mimics": state.led,
        "hands": [state._hand_keys(seat) for seat in range(state.players)],
        "reserve": [card_key(card) for card in state.reserve],
        "trick": _entries(state.trick),
        "won": [[_pile_keys(pile) for pile in game] for game in state.won],
        "face_up": [row[:] for row in state.face_up],
        "mimic_only": [seat for seat, known in enumerate(state.mimic_only) if known],
        "last_trick": _entries(state.last_trick),
        "last_winner": state.last_winner if state.last_winner >= 0 else None,
        "last_rule": state.last_step or None,
        "plays": _play_entries(state),
    }


def read(state: TrickState, data: dict[str, Any]) -> None:
    players, games = state.players, state.games
    state.dealer = read_seat(data.get("dealer"), players, "dealer")
    state.leader = read_seat(data.get("leader"), players, "leader")
    number = data.get("game_number", 1)
    if number not in range(1, games + 1):
        raise InvalidState(f"game_number must be 1-{games} with {players} players")
    state.game = number - 1
    state.led = data.get("led_mimics", 0)
    if not isinstance(state.led, int) or not 0 <= state.led < players:
        raise InvalidState(f"led_mimics must be 0-{players - 1}")
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise InvalidState(f"hands must be a list of {players} card lists")
    state.hands = [_counts(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
    state.held = [held_species(hand) for hand in state.hands]
    reserve = _list(data.get("reserve", []), "reserve")
    state.reserve = [_card(text, "reserve") for text in reserve]
    state.trick = _read_entries(data.get("trick", []), "trick", players)
    state.trick_kinds = species_mask(kind for _, _, kind in state.trick)
    state.mover = (state.leader + state.led + len(state.trick)) % players
    won = data.get("won")
    if not isinstance(won, list) or len(won) != games:
        raise InvalidState(f"won must hold {games} game(s) of {players} piles")
    state.won = []
    for game, piles in enumerate(won):
        if not isinstance(piles, list) or len(piles) != players:
            raise InvalidState(f"won[{game}] must hold {players} piles")
        state.won.append([_counts(pile, f"won[{game}][{s}]") for s, pile in enumerate(piles)])
    state.points = [[sum(map(mul, pile, state.c.points)) for pile in game] for game in state.won]
    face_up = data.get("face_up")
    if (
        not isinstance(face_up, list)
        or len(face_up) != games
        or any(not isinstance(row, list) or len(row) != players for row in face_up)
        or any(not isinstance(n, int) or n < 0 for row in face_up for n in row)
    ):
        raise InvalidState(f"face_up must hold {games} list(s) of {players} counts")
    state.face_up = [row[:] for row in face_up]
    only = _list(data.get("mimic_only", []), "mimic_only")
    state.mimic_only = [False] * players
    for seat in only:
        state.mimic_only[read_seat(seat, players, "mimic_only")] = True
    state.last_trick = _read_entries(data.get("last_trick", []), "last_trick", players)
    _check_trick(state.last_trick, "last_trick")
    last = data.get("last_winner")
    state.last_winner = -1 if last is None else read_seat(last, players, "last_winner")
    step = data.get("last_rule")
    state.last_step = 0 if step is None else step
    if state.last_step not in (0, 1, 2, 3):
        raise InvalidState("last_rule must be 1, 2, 3 or null")
    # Seed 4: the last trick's winner and deciding rule follow from its cards (none when it
    # held only led Mimics, or before the first trick).
    expected = trick_winner(state.last_trick, state.c) if state.last_trick else (-1, 0)
    if (state.last_winner, state.last_step) != expected:
        raise InvalidState(
            "last_winner and last_rule must be those of last_trick by the seed's rules ①②③ "
            f"(seat {expected[0]}, rule {expected[1]}), or null when it has no monster"
        )
    state.left = sum(sum(hand) for hand in state.hands)
    state.plays = _read_plays(state, data.get("plays"))
    _check_consistency(state)
    if state.plays is not None:
        _check_plays(state, state.plays)


def _read_plays(state: TrickState, entries: Any) -> list[tuple[int, int]] | None:
    if entries is None:
        return None
    plays = []
    for entry in _list(entries, "plays"):
        if not isinstance(entry, dict):
            raise InvalidState("plays: each entry must be an object")
        seat = read_seat(entry.get("seat"), state.players, "plays seat")
        try:
            action = state.parse_action(entry.get("play"))
        except IllegalAction as error:
            raise InvalidState(f"plays: {error}") from None
        plays.append((seat, action))
    return plays


def _check_plays(state: TrickState, plays: list[tuple[int, int]]) -> None:
    """The plays of this deal (optional: a position written by hand may leave them out) must
    be the ones that led here: replayed from the deal, they give every trick's seats in
    turn, the cards won and face up in this game, the leader and the trick in progress."""
    players = state.players
    if len(plays) != len(state.c.trick_deck()) // state.games - state.left:
        raise InvalidState("plays must list every card played in this deal, or be left out")
    won = [[0] * CARD_COUNT for _ in range(players)]
    face_up = [0] * players
    leader = (state.dealer + 1) % players
    trick: list[tuple[int, int, int]] = []
    led = 0
    for seat, action in plays:
        if seat != (leader + led + len(trick)) % players:
            raise InvalidState("plays: cards must be played clockwise from each leader")
        if action == LEAD_MIMIC:
            if trick:
                raise InvalidState("plays: play:mimic only into a trick with no monster")
            face_up[seat] += 1
            led += 1
        elif action >= NAMED and action - NAMED not in {kind for _, _, kind in trick}:
            raise InvalidState("plays: a Mimic must name a species already in the trick")
        else:
            trick.append(trick_entry(seat, action))
        if led + len(trick) == players:
            if trick:
                leader, _ = trick_winner(trick, state.c)
                for _, card, _ in trick:
                    won[leader][card] += 1
            trick, led = [], 0
    if (
        won != state.won[state.game]
        or face_up != state.face_up[state.game]
        or leader != state.leader
        or trick != state.trick
        or led != state.led
    ):
        raise InvalidState(
            "plays do not lead to this position (won cards, face-up Mimics, leader or trick)"
        )


def _check_consistency(state: TrickState) -> None:
    players = state.players
    # Seed 1: the deck (60 cards: two of each species left in the box) is all somewhere.
    totals = [0] * CARD_COUNT
    for pile in [*state.hands, *(p for game in state.won for p in game)]:
        for card in range(CARD_COUNT):
            totals[card] += pile[card]
    for card in state.reserve:
        totals[card] += 1
    for _, card, _ in state.trick:
        totals[card] += 1
    totals[MIMIC] += sum(sum(row) for row in state.face_up)
    deck = state.c.trick_deck()
    check_cards(totals, [deck.count(card) for card in range(CARD_COUNT)])
    _check_trick(state.trick, "trick")
    dealt = len(deck) // state.games
    if state.games == 2 and len(state.reserve) != (dealt if state.game == 0 else 0):
        raise InvalidState(f"with 3 players the reserve holds {dealt} cards until game 2")
    if state.game == 1 and sum(map(sum, state.won[0])) + sum(state.face_up[0]) != dealt:
        raise InvalidState(f"with 3 players game 1 holds {dealt} cards")
    if state.games == 1 and state.reserve:
        raise InvalidState("only a 3-player game keeps a reserve")
    later = state.won[state.game + 1 :]
    if any(any(pile) for game in later for pile in game) or any(
        any(row) for row in state.face_up[state.game + 1 :]
    ):
        raise InvalidState("cards are won in a game not yet played")
    # Seats that played in this trick hold one card fewer than those still to play.
    played = state.led + len(state.trick)
    if played and (not state.left or played >= players):
        raise InvalidState("a trick in progress needs cards in hand and a seat to play")
    size = (state.left + played) // players
    for seat, hand in enumerate(state.hands):
        expected = size - 1 if (seat - state.leader) % players < played else size
        if sum(hand) != expected:
            raise InvalidState(f"seat {seat} holds {sum(hand)} cards, expected {expected}")
    for offset, (seat, _, _) in enumerate(state.trick):
        if seat != (state.leader + state.led + offset) % players:
            raise InvalidState("trick cards must be played clockwise from the leader")
    # One decision a card: the move counter is the number of cards played so far.
    played_now = dealt - state.left
    if state.ply != state.game * dealt + played_now:
        raise InvalidState(
            f"ply {state.ply} must be {state.game * dealt + played_now}, the cards played "
            "so far (one decision each)"
        )
    _check_last_trick(state, played_now - played)
    for seat, known in enumerate(state.mimic_only):
        if known and any(state.hands[seat][:SPECIES_COUNT]):
            raise InvalidState(f"seat {seat} led a Mimic yet holds monsters")
    if state.options["mimic_lead"] == "only-mimics":
        # RULINGS §3: a Mimic may be led only from a hand of nothing but Mimics, so every seat
        # that led one in this trick is known to hold only Mimics.
        for offset in range(state.led):
            seat = (state.leader + offset) % players
            if not state.mimic_only[seat]:
                raise InvalidState(
                    f"seat {seat} led a Mimic under mimic_lead=only-mimics, so it must be "
                    "listed in mimic_only"
                )


def _check_last_trick(state: TrickState, finished: int) -> None:
    """The last trick is the one most recently finished (in game 1 still, while game 2 has
    finished none): none before the first, and its winner keeps its cards and leads next
    (seed 3「トリックを獲得したプレイヤーが、次のリードプレイヤーになります」); before any
    trick of a deal the dealer's left leads."""
    first_leader = (state.dealer + 1) % state.players
    if not finished and state.leader != first_leader:
        raise InvalidState(
            f"no trick of this deal is finished, so seat {first_leader}, left of the dealer, leads"
        )
    if not finished and not state.game:
        if state.last_trick:
            raise InvalidState("no trick has been finished yet, so last_trick is empty")
        return
    if state.last_winner < 0:
        return
    if finished and state.leader != state.last_winner:
        raise InvalidState(f"seat {state.last_winner} won the last trick, so it leads")
    game = state.game if finished else state.game - 1
    pile = state.won[game][state.last_winner]
    counts = [0] * CARD_COUNT
    for _, card, _ in state.last_trick:
        counts[card] += 1
    if any(count > kept for count, kept in zip(counts, pile, strict=True)):
        raise InvalidState(
            f"last_trick: seat {state.last_winner} won it, so its cards are among that "
            f"seat's won cards of game {game + 1}"
        )


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidState(f"{field} must be a list")
    return value


def _card(text: Any, field: str) -> int:
    card = CARD_BY_NAME.get(text) if isinstance(text, str) else None
    if card is None:
        raise InvalidState(f"{field}: {text!r} is not a card")
    return card


def _counts(cards: Any, field: str) -> list[int]:
    counts = [0] * CARD_COUNT
    for text in _list(cards, field):
        counts[_card(text, field)] += 1
    return counts


def _read_entries(entries: Any, field: str, players: int) -> list[tuple[int, int, int]]:
    """Trick entries (seat, card, counted-as species); `_check_trick` checks their rules."""
    trick: list[tuple[int, int, int]] = []
    for entry in _list(entries, field):
        if not isinstance(entry, dict):
            raise InvalidState(f"{field}: each entry must be an object")
        seat = read_seat(entry.get("seat"), players, f"{field} seat")
        card = _card(entry.get("card"), field)
        kind = _card(entry.get("as", entry.get("card")), field)
        trick.append((seat, card, kind))
    if len(trick) > players:
        raise InvalidState(f"{field}: more cards than players")
    return trick


def _check_trick(trick: list[tuple[int, int, int]], field: str) -> None:
    """A monster counts as itself; a Mimic names a species already in the trick; the first
    entry is a monster (led Mimics are not trick entries)."""
    seen: set[int] = set()
    for _, card, kind in trick:
        if card != MIMIC and kind != card:
            raise InvalidState(f"{field}: a {card_key(card)} counts only as itself")
        if card == MIMIC and kind not in seen:
            raise InvalidState(f"{field}: a Mimic must name a species already in the trick")
        seen.add(kind)
