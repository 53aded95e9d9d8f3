"""Monster Evolution (モンスター・エボリューション): roll two dice to evolve up to the Dragon.

Rules: seed バリアント４ and RULINGS.md §3 "Monster Evolution". Everything is public; the only
chance is the dice, rolled inside `apply` from `self.rng` after a seat's `roll` decision.
Actions: 0 `roll`; 1+c `take:<species c>` when several supply cards of the target rank exist.

The seed names only the winner; bodoge ranks the others by how far they evolved (score 6 - rank).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bodoge.engine import (
    GameInfo,
    IllegalAction,
    Result,
    Rng,
    State,
    ranked_result,
)
from bodoge.engine.dice import faces
from bodoge.engine.events import Event
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.cards import card_key
from bodoge.games.koremon.evolution import state_json
from bodoge.games.koremon.evolution.codes import (
    ACTIONS,
    CARD_BY_NAME,
    ROLL,
    SPECIES_COUNT,
    TAKE,
)

OPTIONS = (deck_mod.CONTENT_OPTION,)


class EvolutionState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="koremon_evolution",
        title_en="Monster Evolution",
        title_ja="モンスター・エボリューション",
        min_players=2,
        max_players=5,
        options=OPTIONS,
        summary_en="Roll two dice: at or under your monster's rank, it evolves one rank up. "
        "Double six sets it back. First to the Dragon wins.",
        summary_ja="ダイス２個の合計が持っているモンスターのランク以下なら１つ上のランクに進化。"
        "６のゾロ目で退化。一番早くドラゴンに進化させた人の勝ち。",
    )
    __slots__ = ("c", "choosing", "dice", "holds", "last", "supply", "turn", "winner")

    c: deck_mod.Deck  # the card list (the `content` option): each species' rank
    holds: list[int]  # species each seat holds
    supply: list[int]  # 1 if that species is in the middle of the table
    turn: int  # seat to move
    choosing: int  # target rank the seat to move is choosing a species of (0: none)
    dice: list[int]  # the last roll ([] before the first)
    last: int  # seat that rolled last (-1: nobody yet)
    winner: int  # -1 while nobody holds the Dragon

    def _check_options(self) -> None:
        self.c = deck_mod.deck_of(self.options)

    def _setup(self) -> None:
        starters = list(self.c.by_rank[5])
        self.rng.shuffle(starters)
        self.holds = starters[: self.players]
        self.supply = [1] * SPECIES_COUNT
        for card in self.holds:
            self.supply[card] = 0
        self.turn = self.rng.below(self.players)  # seed: 適当な方法でスタートプレイヤーを決めます
        self.choosing = 0
        self.dice = []
        self.last = -1
        self.winner = -1

    def clone(self) -> EvolutionState:
        new = EvolutionState.__new__(EvolutionState)
        self._copy_base_to(new)
        new.c = self.c
        new.holds = self.holds[:]
        new.supply = self.supply[:]
        new.turn = self.turn
        new.choosing = self.choosing
        new.dice = self.dice  # replaced, never mutated
        new.last = self.last
        new.winner = self.winner
        return new

    # ---- protocol ------------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return ACTIONS

    def pending(self) -> list[int]:
        return [] if self.winner >= 0 else [self.turn]

    def is_over(self) -> bool:
        return self.winner >= 0

    def _legal_actions(self, seat: int) -> list[int]:
        if self.choosing:
            return [TAKE + card for card in self.c.by_rank[self.choosing] if self.supply[card]]
        return [ROLL]

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action != ROLL:
            return self._evolve(seat, action - TAKE)
        first, second = self.rng.randint(1, 6), self.rng.randint(1, 6)
        self.dice = [first, second]
        self.last = seat
        events: list[Event] = [{"type": "roll", "seat": seat, "dice": [first, second]}]
        rank = self.c.rank[self.holds[seat]]
        total = first + second
        if total <= rank:
            target = rank - 1
        elif total == 12 and rank < 5:  # 6のゾロ目: one rank down, never below rank 5
            target = rank + 1
        else:
            self._next_turn()
            return events
        choices = [card for card in self.c.by_rank[target] if self.supply[card]]
        if len(choices) == 1:
            events.extend(self._evolve(seat, choices[0]))
        elif choices:
            self.choosing = target  # the seat picks the species: one more decision
        else:  # 受け取るべきランクのモンスターカードが無いときは受け取れません
            events.append({"type": "no_card", "seat": seat, "rank": target})
            self._next_turn()
        return events

    def _evolve(self, seat: int, card: int) -> list[Event]:
        old = self.holds[seat]
        self.supply[old] = 1
        self.supply[card] = 0
        self.holds[seat] = card
        self.choosing = 0
        rank_of = self.c.rank
        kind = "evolve" if rank_of[card] < rank_of[old] else "devolve"
        events: list[Event] = [
            {"type": kind, "seat": seat, "from": card_key(old), "to": card_key(card)}
        ]
        if rank_of[card] == 1:  # 一番早くドラゴンに進化させたプレイヤーの勝利
            self.winner = seat
            events.append({"type": "win", "seat": seat})
        else:
            self._next_turn()
        return events

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players

    # ---- the search's simulated games -------------------------------------------------

    # The simulated games' dice come twenty to a draw (`bodoge.engine.dice`): Monster Evolution
    # is dice, and two SplitMix64 steps were most of a simulated roll.
    fast_chance = True

    def playout(self, rng: Rng, policy: bool = True, limit: int = 5_000) -> bool:
        """`State.playout` as one loop without events: the rules' moves, the same uniform
        species picks from `rng` (the game has no rule of thumb); the dice from `self.rng`,
        as the rules roll them only with `fast_chance` False."""
        self._run(rng, limit, False)
        return self.winner >= 0

    def skip_forced(self) -> None:
        """Roll (the only forced step) until a seat chooses a species or wins."""
        self._run(None, 1 << 62, True)

    def _run(self, rng: Rng | None, limit: int, to_choice: bool) -> None:
        """Play `limit` decisions at most, as `apply` would, stopping at the end (or, with
        `to_choice`, at a choice of species, which `rng` makes otherwise). The dice are
        `engine.dice.faces`, or with `fast_chance` False the rules' `self.rng.randint(1, 6)`
        twice."""
        holds, supply, players = self.holds, self.supply, self.players
        turn, choosing, winner, last = self.turn, self.choosing, self.winner, self.last
        start = ply = self.ply
        end = ply + limit
        first = second = 0
        fast = self.fast_chance
        roll = self.rng.randint  # the rules' dice
        bag: list[int] = []  # faces drawn, not rolled yet
        rank_of, by_rank = self.c.rank, self.c.by_rank
        while winner < 0 and ply < end:
            if choosing:
                if to_choice or rng is None:
                    break
                choices = [card for card in by_rank[choosing] if supply[card]]
                card = choices[rng.below(len(choices))]
                seat = turn
                ply += 1
            elif fast:
                if len(bag) < 2:
                    bag += faces(self.rng)
                first = bag.pop()
                second = bag.pop()
            else:
                first = roll(1, 6)
                second = roll(1, 6)
            if not choosing:
                ply += 1
                seat = last = turn
                rank = rank_of[holds[seat]]
                total = first + second
                if total <= rank:
                    target = rank - 1
                elif total == 12 and rank < 5:
                    target = rank + 1
                else:
                    turn = (turn + 1) % players
                    continue
                choices = [card for card in by_rank[target] if supply[card]]
                if len(choices) != 1:
                    if choices:
                        choosing = target
                    else:
                        turn = (turn + 1) % players
                    continue
                card = choices[0]  # the roll's own decision evolves the monster
            supply[holds[seat]] = 1
            supply[card] = 0
            holds[seat] = card
            choosing = 0
            if rank_of[card] == 1:
                winner = seat
            else:
                turn = (turn + 1) % players
        if ply != start:
            self._legal.clear()
            self.ply = ply
            self.turn, self.choosing, self.winner, self.last = turn, choosing, winner, last
            if first:
                self.dice = [first, second]

    def scores(self) -> list[int]:
        rank_of = self.c.rank
        return [6 - rank_of[card] for card in self.holds]

    def result(self) -> Result | None:
        if self.winner < 0:
            return None
        return ranked_result(self.scores(), detail={"holds": [card_key(c) for c in self.holds]})

    # ---- notation ------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        if not isinstance(action, int) or not 0 <= action < ACTIONS:
            raise IllegalAction(f"action {action!r} is outside 0..{ACTIONS - 1}")
        return "roll" if action == ROLL else f"take:{card_key(action - TAKE)}"

    def _parse_action(self, text: str) -> int:
        words = text
        if words == "roll":
            return ROLL
        verb, _, name = words.partition(":")
        card = CARD_BY_NAME.get(name) if verb == "take" else CARD_BY_NAME.get(words)
        if card is None:
            raise IllegalAction(
                f"{text!r} is not a Monster Evolution action (examples: roll, take:griffin)"
            )
        return TAKE + card

    # ---- views and JSON ------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        return state_json.view(self, seat)

    def _write(self) -> dict[str, Any]:
        return state_json.write(self)

    def _read(self, data: dict[str, Any]) -> None:
        state_json.read(self, data)

    def determinize(self, seat: int | None, rng: Rng) -> EvolutionState:
        """Nothing is hidden but the future dice, which a fresh generator resamples."""
        new = self.clone()
        new.rng = rng.spawn()
        return new
