"""A tiny hidden-information game with simultaneous decisions, for testing bots and simulation.

Sealed Bids (a Goofspiel with secret hands): nine cards 1-9 are shuffled and three dealt to each
player; the rest stay face down. Three of the prize cards 1-4 are turned up one a round; every
player seals one hand card at the same time, then all are revealed and the single highest card
takes the prize (a tie for highest takes nothing). Most prize points after three rounds wins.
Registered only inside tests (see `registered` in conftest), or by its import path
`toy_game:GAME` (or `toy_game:SealedBids`, whose spec `GAME` is found beside it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine import (
    Event,
    EventCatalog,
    GameInfo,
    GameSpec,
    IllegalAction,
    InvalidState,
    Result,
    Rng,
    State,
    ranked_result,
)

CARDS = 9
HAND = 3
PRIZES = (1, 2, 3, 4)
EVENTS = """
[seal]
fields = { seat = "seat" }
en = "{seat} sealed a card"
ja = "{seat}がカードを伏せた"

[sealed_card]
fields = { seat = "seat" }
private = { card = "int" }
en = "{seat} sealed the {card}"
ja = "{seat}が{card}を伏せた"
public_en = "{seat} sealed a card"
public_ja = "{seat}がカードを伏せた"

[reveal]
fields = { cards = "int[]", winner = "seat?" }
reveals = true
en = "the cards are {cards}: {winner} takes the prize"
ja = "カードは{cards}：{winner}が賞品を取った"

[[reveal.cases]]
field = "winner"
value = "null"
en = "the cards are {cards}: a tie, nobody scores"
ja = "カードは{cards}：同点で誰も取らない"
"""


class SealedBids(State):
    info = GameInfo(
        id="toy_sealed_bids",
        title_en="Sealed Bids (test toy)",
        title_ja="封印入札（テスト用）",
        min_players=2,
        max_players=3,
    )
    __slots__ = ("deck", "hands", "history", "prize", "prizes", "round", "scores", "sealed")

    def _setup(self) -> None:
        deck = list(range(1, CARDS + 1))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(self.players)]
        self.deck = deck[self.players * HAND :]
        prizes = list(PRIZES)
        self.rng.shuffle(prizes)
        self.prize = prizes.pop()
        self.prizes = prizes
        self.sealed = [0] * self.players
        self.scores = [0] * self.players
        self.history: list[list[int]] = []
        self.round = 0

    def clone(self) -> SealedBids:
        new = SealedBids.__new__(SealedBids)
        self._copy_base_to(new)
        new.deck = self.deck[:]
        new.hands = [hand[:] for hand in self.hands]
        new.prizes = self.prizes[:]
        new.prize = self.prize
        new.sealed = self.sealed[:]
        new.scores = self.scores[:]
        new.history = [plays[:] for plays in self.history]
        new.round = self.round
        return new

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return CARDS

    def pending(self) -> list[int]:
        if self.is_over():
            return []
        return [seat for seat in range(self.players) if not self.sealed[seat]]

    def _legal_actions(self, seat: int) -> list[int]:
        return [card - 1 for card in self.hands[seat]]

    def _apply(self, seat: int, action: int) -> list[Event]:
        card = action + 1
        self.hands[seat].remove(card)
        self.sealed[seat] = card
        events: list[Event] = [
            {"type": "seal", "seat": seat},
            {"type": "sealed_card", "seat": seat, "private": {"card": card}, "visible_to": [seat]},
        ]
        if all(self.sealed):
            top = max(self.sealed)
            winners = [s for s, c in enumerate(self.sealed) if c == top]
            winner = winners[0] if len(winners) == 1 else None
            if winner is not None:
                self.scores[winner] += self.prize
            events.append({"type": "reveal", "cards": self.sealed[:], "winner": winner})
            self.history.append(self.sealed[:])
            self.sealed = [0] * self.players
            self.round += 1
            self.prize = self.prizes.pop() if self.round < HAND else 0
        return events

    def is_over(self) -> bool:
        return self.round >= HAND

    def result(self) -> Result | None:
        return ranked_result(self.scores) if self.is_over() else None

    def action_text(self, action: int) -> str:
        if not 0 <= action < CARDS:
            raise IllegalAction(f"no action {action}")
        return f"play:{action + 1}"

    def _parse_action(self, text: str) -> int:
        word, _, number = text.strip().partition(":")
        if word != "play" or not number.isdigit() or not 1 <= int(number) <= CARDS:
            raise IllegalAction(f"{text!r} is not play:1 to play:{CARDS}")
        return int(number) - 1

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": self.hands[seat] if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "sealed": [(card if seat == s else bool(card)) for s, card in enumerate(self.sealed)],
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "scores": self.scores,
            "history": self.history,
            "round": self.round,
        }

    def _write(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "hands": self.hands,
            "prizes": self.prizes,
            "prize": self.prize,
            "sealed": self.sealed,
            "scores": self.scores,
            "history": self.history,
            "round": self.round,
        }

    def _read(self, data: dict[str, Any]) -> None:
        self.deck = list(data["deck"])
        self.hands = [sorted(hand) for hand in data["hands"]]
        self.prizes = list(data["prizes"])
        self.prize = int(data["prize"])
        self.sealed = list(data["sealed"])
        self.scores = list(data["scores"])
        self.history = [list(plays) for plays in data["history"]]
        self.round = int(data["round"])
        if len(self.hands) != self.players or len(self.sealed) != self.players:
            raise InvalidState("hands and sealed need one entry per player")
        cards = self.deck + [c for h in self.hands for c in h] + [c for c in self.sealed if c]
        cards += [c for plays in self.history for c in plays]
        if sorted(cards) != list(range(1, CARDS + 1)):
            raise InvalidState("the cards 1-9 must each be somewhere exactly once")

    def determinize(self, seat: int | None, rng: Rng) -> SealedBids:
        world = self.clone()
        world.rng = rng.spawn()  # the real generator would foretell the deals to come
        others = [s for s in range(self.players) if s != seat]
        pool = world.deck + [c for s in others for c in world.hands[s]]
        pool += [world.sealed[s] for s in others if world.sealed[s]]
        # Sorted first, so the result depends only on what `seat` knows and on `rng`, not on
        # how the hidden cards happen to lie: otherwise a bot's choice could leak them.
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = len(world.hands[s])
            world.hands[s] = sorted(pool[:size])
            del pool[:size]
            if world.sealed[s]:
                world.sealed[s] = pool.pop()
        world.deck = pool
        world.prizes.sort()
        rng.shuffle(world.prizes)
        return world


def lead(state: SealedBids, seat: int) -> float:
    """The bots' judgement: lead in prize points, and a little for keeping high cards."""
    best_other = max(score for s, score in enumerate(state.scores) if s != seat)
    return state.scores[seat] - best_other + 0.02 * sum(state.hands[seat])


GAME = GameSpec(
    rules=SealedBids, event_catalog=EventCatalog.from_toml(EVENTS, "toy_game"), heuristic=lead
)


def card_invariant(state: State) -> None:
    """Conservation: every card 1-9 is in exactly one place."""
    assert isinstance(state, SealedBids)
    cards = state.deck + [c for h in state.hands for c in h] + [c for c in state.sealed if c]
    cards += [c for plays in state.history for c in plays]
    assert sorted(cards) == list(range(1, CARDS + 1))
