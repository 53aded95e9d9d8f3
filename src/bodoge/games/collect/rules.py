"""Collect! (コレクト！) rules as a state machine: seed text 002 and RULINGS.md §1.

Cards are animal codes 0-7. A deck is a list from bottom (index 0) to top (the end), and a deck
card carries `KNOWN` (+8) once it has been face up: it stays public until the next reshuffle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bodoge.engine import Event, GameInfo, InvalidOptions, OptionSpec, Result, State
from bodoge.engine.options import with_labels
from bodoge.engine.result import ranks_from_keys
from bodoge.engine.rng import Rng
from bodoge.engine.shuffle import shuffle
from bodoge.games.collect import actions as A
from bodoge.games.collect import content as content_mod
from bodoge.games.collect.alliance import alliance_kind
from bodoge.games.collect.animals import (
    CHAMELEON,
    CRAB,
    CROCODILE,
    HERMIT_CRAB,
    KEYS,
    KINDS,
    MONKEY,
    PARROT,
)
from bodoge.games.collect.bot import play_out
from bodoge.games.collect.phases import (
    ABILITY,
    CHAMELEON_DISCARD,
    CRAB_TO,
    CROC_DECK,
    DECK_NAMES,
    DRAW,
    HALF_CROWNS,
    KEEP,
    KNOWN,
    OVER,
    PARROT_RETURN,
    PARROT_REVEAL,
    PLACE,
)
from bodoge.games.collect.state_json import public_fields, read_state, write_state

TEAMS = [[0, 2], [1, 3]]

INFO = GameInfo(
    id="collect",
    title_en="Collect!",
    title_ja="コレクト！",
    min_players=2,
    max_players=4,
    summary_en="Draw animal cards into your row and use their abilities to form an alliance "
    "of four; two half crowns or the full crown win.",
    summary_ja="動物カードを列に並べ、能力を駆使して4枚の同盟を結成しよう。"
    "ハーフ王冠2つかフル王冠で勝利。",
    options=with_labels((
        OptionSpec(
            "team_mode", "off", "2 vs 2 teams (4 players; seats 1+3 against 2+4)",
            "2対2のチーム戦（4人、席1+3 対 席2+4）", ("off", "on"),
        ),
        OptionSpec(
            "known_cards", "shown", "show deck cards that have been face up, or make players "
            "remember them", "一度公開されたデッキのカードを表示するか、各自が覚えておくか",
            ("shown", "hidden"),
        ),
        OptionSpec(
            "next_round_start", "after_last_active", "who starts a new round: the seat after the "
            "last active seat, or the seat after the previous round's start seat",
            "新ラウンドの開始プレイヤー：最後の手番の次の席／前ラウンド開始席の次の席",
            ("after_last_active", "after_previous_start"),
        ),
        # quiet: the built-in games' views and records stay as they were before variants
        OptionSpec(
            "content", content_mod.DEFAULT, "default: bodoge's cards (8 of each animal); or "
            "a variant's counts, set by the server or `bodoge simulate --content`",
            "default: bodoge のカード（各動物8枚）／バリアントの枚数（サーバーか "
            "`bodoge simulate --content` が指定）", kind="text", quiet=True,
        ),
    ), "bodoge.games.collect.data"),
)  # fmt: skip


class CollectState(State):
    info = INFO
    __slots__ = (
        "_events",
        "active",
        "deck",
        "decks",
        "discard",
        "extra",
        "full",
        "half",
        "held",
        "history",
        "last_active",
        "last_win",
        "named",
        "phase",
        "placed",
        "round",
        "round_start",
        "rows",
        "target",
    )  # fmt: skip

    deck: content_mod.Deck  # the content: the cards per animal, every card of a round
    decks: list[list[int]]
    rows: list[list[int]]
    half: list[int]  # half crowns per seat
    full: int  # seat holding the full crown, or -1
    active: int
    round: int
    round_start: int
    last_active: int  # the seat whose turn ended last (-1 before the first turn ends)
    phase: int
    held: int  # the face-up card in play (revealed, to be placed, or the parrot's miss), or -1
    placed: int  # row index of the card whose ability is being used, or -1
    target: int  # seat * 64 + index of the card an ability chose, or -1
    named: int  # the parrot's named animal, or -1
    extra: bool  # a hermit crab granted another turn
    discard: int  # chameleons still to put on a deck bottom
    history: list[int]  # each finished round's winner, -1 for a drawn round
    # The last won round's (seat, alliance, row), public, kept until the next round's first move
    # so the winning row can still be shown after the reshuffle; None otherwise.
    last_win: tuple[int, str, tuple[int, ...]] | None
    _events: list[Event]

    # ---- setup ---------------------------------------------------------------------------

    def _check_options(self) -> None:
        if self.options["team_mode"] == "on" and self.players != 4:
            raise InvalidOptions("team_mode=on needs exactly 4 players")
        self.deck = content_mod.load(str(self.options["content"]))

    def _setup(self) -> None:
        self.half = [0] * self.players
        self.full = -1
        self.round = 0
        self.last_active = -1
        self.history = []
        self.last_win = None
        self._events = []
        self._start_round(self.rng.below(self.players))

    def _start_round(self, start: int) -> None:
        cards = list(self.deck.cards)
        self.rng.shuffle(cards)
        half = len(cards) // 2
        self.decks = [cards[:half], cards[half:]]
        self.rows = [[] for _ in range(self.players)]
        self.round += 1
        self.round_start = self.active = start
        self.phase = DRAW
        self.held = self.placed = self.target = self.named = -1
        self.extra = False
        self.discard = 0
        self._events.append({"type": "round", "number": self.round, "start": start})

    def clone(self) -> CollectState:
        other = CollectState.__new__(CollectState)
        self._copy_base_to(other)
        other.deck = self.deck  # a tuple: never mutated, so shared
        other.decks = [self.decks[0][:], self.decks[1][:]]
        other.rows = [row[:] for row in self.rows]
        other.half = self.half[:]
        other.full = self.full
        other.active = self.active
        other.round = self.round
        other.round_start = self.round_start
        other.last_active = self.last_active
        other.phase = self.phase
        other.held = self.held
        other.placed = self.placed
        other.target = self.target
        other.named = self.named
        other.extra = self.extra
        other.discard = self.discard
        other.history = self.history[:]
        other.last_win = self.last_win  # a tuple: never mutated, so shared
        other._events = []
        return other

    def determinize(self, seat: int | None, rng: Rng) -> CollectState:
        """Deal the never-seen deck cards anew among their places (no seat knows them), and give
        the copy a fresh generator: the real one would foretell the next round's shuffle."""
        other = self.clone()
        other.rng = rng.spawn()
        places = [(d, i) for d in (0, 1) for i, card in enumerate(other.decks[d]) if card < KNOWN]
        unseen = sorted(other.decks[d][i] for d, i in places)  # never the real, hidden order
        shuffle(unseen, rng)
        for (d, i), card in zip(places, unseen, strict=True):
            other.decks[d][i] = card
        return other

    def determinizer(self, seat: int | None) -> Callable[[Rng], CollectState]:
        """`determinize` with the never-seen places and their sorted cards worked out once."""
        places = [(d, i) for d in (0, 1) for i, card in enumerate(self.decks[d]) if card < KNOWN]
        unseen = sorted(self.decks[d][i] for d, i in places)

        def draw(rng: Rng) -> CollectState:
            other = self.clone()
            other.rng = rng.spawn()
            cards = unseen[:]
            shuffle(cards, rng)
            decks = other.decks
            for (d, i), card in zip(places, cards, strict=True):
                decks[d][i] = card
            return other

        return draw

    # ---- protocol ------------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return A.SIZE

    def pending(self) -> list[int]:
        return [] if self.phase == OVER else [self.active]

    def is_over(self) -> bool:
        return self.phase == OVER

    def teams(self) -> list[list[int]] | None:
        return [team[:] for team in TEAMS] if self.options["team_mode"] == "on" else None

    def action_text(self, action: int) -> str:
        return A.text(action)

    def _parse_action(self, text: str) -> int:
        return A.parse(text)

    def _legal_actions(self, seat: int) -> list[int]:
        phase = self.phase
        decks = self.decks
        if phase == DRAW:
            if decks[0] and decks[1]:  # the usual case, without building a list of candidates
                return [A.DRAW, A.DRAW + 1]
            return [A.DRAW + d for d in (0, 1) if decks[d]]
        if phase == KEEP:
            return self._keep_actions()
        if phase == PLACE:
            return [A.LEFT, A.RIGHT]
        if phase == ABILITY:
            return self._ability_actions()
        if phase in (CROC_DECK, CHAMELEON_DISCARD):
            return [A.BOTTOM, A.BOTTOM + 1]
        if phase == CRAB_TO:
            target_seat, index = divmod(self.target, A.MAX_ROW)
            return [A.TO + j for j in range(len(self.rows[target_seat])) if j != index]
        if phase == PARROT_REVEAL:
            return [A.REVEAL + d for d in (0, 1) if decks[d]]
        return [A.TOP, A.TOP + 1]  # PARROT_RETURN

    def _keep_actions(self) -> list[int]:
        # Returning to deck X means taking the top of the other deck, which must hold a card.
        legal = [A.KEEP]
        if self.decks[1]:
            legal.append(A.RETURN)
        if self.decks[0]:
            legal.append(A.RETURN + 1)
        return legal

    def _ability_actions(self) -> list[int]:
        row = self.rows[self.active]
        card = row[self.placed]
        legal = [A.PASS]
        if card in (CROCODILE, MONKEY):  # any card in any row but this one
            for seat, other_row in enumerate(self.rows):
                base = A.CARD + seat * A.MAX_ROW
                legal.extend(range(base, base + len(other_row)))
            legal.remove(A.card_action(self.active, self.placed))
        elif card == CRAB:  # any card that has somewhere else to go in its row
            for seat, other_row in enumerate(self.rows):
                if len(other_row) > 1:
                    base = A.CARD + seat * A.MAX_ROW
                    legal.extend(range(base, base + len(other_row)))
        elif card == HERMIT_CRAB:
            if CRAB in row or CHAMELEON in row:
                legal.append(A.USE)
        elif card == PARROT and (self.decks[0] or self.decks[1]):
            legal.extend(range(A.NAME, A.NAME + KINDS))
        return legal

    # ---- applying actions ------------------------------------------------------------------

    def _apply(self, seat: int, action: int) -> list[Event]:
        events: list[Event] = []
        self._events = events
        self.last_win = None  # shown until the next round's first move, which this is
        phase = self.phase
        if phase == DRAW:
            self._draw(action - A.DRAW)
        elif phase == KEEP:
            self._keep_or_return(action)
        elif phase == PLACE:
            self._place(action)
        elif phase == ABILITY:
            self._use_ability(action)
        elif phase == CROC_DECK:
            self._crocodile_to_bottom(action - A.BOTTOM)
        elif phase == CRAB_TO:
            self._crab_move(action - A.TO)
        elif phase == PARROT_REVEAL:
            self._parrot_reveal(action - A.REVEAL)
        elif phase == PARROT_RETURN:
            self._parrot_return(action - A.TOP)
        else:  # CHAMELEON_DISCARD
            self._chameleon_to_bottom(action - A.BOTTOM)
        return events

    def _draw(self, deck: int) -> None:
        card = self.decks[deck].pop() & 7
        self.held = card
        self._events.append(
            {"type": "draw", "seat": self.active, "deck": DECK_NAMES[deck], "card": KEYS[card]}
        )
        self._split()
        self.phase = KEEP
        if not self.decks[0] and not self.decks[1]:
            self._take(self.held)  # no deck to return to: the only choice is to keep it

    def _keep_or_return(self, action: int) -> None:
        if action == A.KEEP:
            self._events.append({"type": "keep", "seat": self.active, "card": KEYS[self.held]})
            self._take(self.held)
            return
        deck = action - A.RETURN
        other = 1 - deck
        self.decks[deck].append(self.held | KNOWN)
        card = self.decks[other].pop() & 7
        self._events.append(
            {"type": "return", "seat": self.active, "card": KEYS[self.held],
             "deck": DECK_NAMES[deck], "took": KEYS[card], "from": DECK_NAMES[other]}
        )  # fmt: skip
        self._split()
        self._take(card)

    def _take(self, card: int) -> None:
        """The card must be played: at once into an empty row, else choose an end."""
        self.held = card
        if self.rows[self.active]:
            self.phase = PLACE
        else:
            self._place(A.LEFT)

    def _place(self, side: int) -> None:
        row = self.rows[self.active]
        card = self.held
        if side == A.LEFT:
            row.insert(0, card)
            self.placed = 0
        else:
            row.append(card)
            self.placed = len(row) - 1
        self.held = -1
        self._events.append(
            {"type": "play", "seat": self.active, "card": KEYS[card],
             "side": "left" if side == A.LEFT else "right"}
        )  # fmt: skip
        if not self._chameleons_leave(self.active):
            self._offer_ability()

    def _offer_ability(self) -> None:
        self.phase = ABILITY
        legal = self._ability_actions()
        if len(legal) == 1:  # only `pass`: no use is possible, nothing to decide
            self._end_turn()
        else:
            self._legal[self.active] = legal  # the base class cache, valid for this new ply

    def _use_ability(self, action: int) -> None:
        if action == A.PASS:
            self._events.append({"type": "pass", "seat": self.active})
            self._end_turn()
            return
        card = self.rows[self.active][self.placed]
        if card == HERMIT_CRAB:
            self.extra = True
            self._events.append({"type": "extra_turn", "seat": self.active})
            self._end_turn()
        elif card == PARROT:
            self.placed = -1
            self.named = action - A.NAME
            self._events.append({"type": "name", "seat": self.active, "animal": KEYS[self.named]})
            self.phase = PARROT_REVEAL
        elif card == MONKEY:
            self._monkey_swap(action - A.CARD)
        else:  # crocodile or crab chose a card
            self.placed = -1
            self.target = action - A.CARD
            self.phase = CROC_DECK if card == CROCODILE else CRAB_TO

    def _crocodile_to_bottom(self, deck: int) -> None:
        seat, index = divmod(self.target, A.MAX_ROW)
        card = self.rows[seat].pop(index)
        self.decks[deck].insert(0, card | KNOWN)
        self._events.append(
            {"type": "crocodile", "seat": self.active, "target": [seat, index],
             "card": KEYS[card], "deck": DECK_NAMES[deck]}
        )  # fmt: skip
        self.target = -1
        self._split()
        self._end_turn()

    def _crab_move(self, position: int) -> None:
        seat, index = divmod(self.target, A.MAX_ROW)
        row = self.rows[seat]
        card = row.pop(index)
        row.insert(position, card)
        self._events.append(
            {"type": "crab", "seat": self.active, "target": [seat, index],
             "card": KEYS[card], "to": position}
        )  # fmt: skip
        self.target = -1
        self._end_turn()

    def _monkey_swap(self, target: int) -> None:
        seat, index = divmod(target, A.MAX_ROW)
        own = self.rows[self.active]
        other = self.rows[seat]
        own[self.placed], other[index] = other[index], own[self.placed]
        self._events.append(
            {"type": "monkey", "seat": self.active, "target": [seat, index],
             "card": KEYS[own[self.placed]]}
        )  # fmt: skip
        # The arriving card's ability does not trigger; only the chameleon rule can follow.
        if not self._chameleons_leave(self.active) and not self._chameleons_leave(seat):
            self._end_turn()

    def _parrot_reveal(self, deck: int) -> None:
        card = self.decks[deck].pop() & 7
        match = card == self.named or card == CHAMELEON
        self._events.append(
            {"type": "reveal", "seat": self.active, "deck": DECK_NAMES[deck],
             "card": KEYS[card], "match": match}
        )  # fmt: skip
        self.named = -1
        self._split()
        if match:
            self._take(card)  # must be played; its ability may chain
        else:
            self.held = card
            self.phase = PARROT_RETURN

    def _parrot_return(self, deck: int) -> None:
        self.decks[deck].append(self.held | KNOWN)
        self._events.append(
            {"type": "return_top", "seat": self.active, "card": KEYS[self.held],
             "deck": DECK_NAMES[deck]}
        )  # fmt: skip
        self.held = -1
        self._split()
        self._end_turn()

    def _chameleons_leave(self, seat: int) -> bool:
        """Two chameleons in a row both leave it at once; the active seat then picks their decks."""
        row = self.rows[seat]
        if row.count(CHAMELEON) < 2:
            return False
        row[:] = [card for card in row if card != CHAMELEON]
        self.discard = 2
        self.placed = -1
        self.phase = CHAMELEON_DISCARD
        self._events.append({"type": "chameleons", "row": seat})
        return True

    def _chameleon_to_bottom(self, deck: int) -> None:
        self.decks[deck].insert(0, CHAMELEON | KNOWN)
        self.discard -= 1
        self._events.append(
            {"type": "bottom", "seat": self.active, "card": "chameleon", "deck": DECK_NAMES[deck]}
        )
        self._split()
        if self.discard == 0:
            self._end_turn()

    def _split(self) -> None:
        """An empty deck takes the bottom half (rounded down) of the other, order kept."""
        for empty in (0, 1):
            source = self.decks[1 - empty]
            if not self.decks[empty] and len(source) >= 2:
                count = len(source) // 2
                self.decks[empty] = source[:count]
                del source[:count]
                self._events.append(
                    {"type": "split", "from": DECK_NAMES[1 - empty], "to": DECK_NAMES[empty],
                     "count": count}
                )  # fmt: skip
                return

    # ---- turn and round ends -------------------------------------------------------------

    def _end_turn(self) -> None:
        """Only the active seat's row is checked, and only now."""
        seat = self.active
        self.last_active = seat
        self.placed = -1
        kind = alliance_kind(self.rows[seat])
        if kind:
            self._events.append({"type": "alliance", "seat": seat, "kind": kind})
            self.last_win = (seat, kind, tuple(self.rows[seat]))
            self._win_round(seat)
            return
        if self.extra:
            self.extra = False
        else:
            self.active = (seat + 1) % self.players
        self._begin_turn()

    def _begin_turn(self) -> None:
        self.phase = DRAW
        limit = self.deck.plies
        if limit and self.ply >= limit:  # a variant's bound (content.VARIANT_PLIES)
            self._events.append({"type": "limit", "plies": limit})
            self.phase = OVER
            self.held = self.placed = self.target = self.named = -1
            self.extra = False
            return
        if not self.decks[0] and not self.decks[1]:
            self.history.append(-1)
            self._events.append({"type": "round_drawn", "number": self.round})
            self._next_round()

    def _win_round(self, seat: int) -> None:
        self.history.append(seat)
        if sum(self.half) < HALF_CROWNS:
            self.half[seat] += 1
            crown = "half"
        else:
            self.full = seat
            crown = "full"
        self._events.append({"type": "crown", "seat": seat, "crown": crown})
        if self.game_winner() >= 0:
            self.phase = OVER
            self.held = self.placed = self.target = self.named = -1
            self.extra = False  # the engine adds the game_over event with the result
        else:
            self._next_round()

    def _next_round(self) -> None:
        if self.options["next_round_start"] == "after_previous_start":
            start = (self.round_start + 1) % self.players
        else:
            start = (self.last_active + 1) % self.players
        self._start_round(start)

    def game_winner(self) -> int:
        """The seat whose crowns won the game (the full crown, or two half crowns), or -1."""
        if self.full >= 0:
            return self.full
        return next((seat for seat, count in enumerate(self.half) if count >= 2), -1)

    def crown_points(self, seat: int) -> int:
        return self.half[seat] + (2 if self.full == seat else 0)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        winner = self.game_winner()
        scores = [float(self.crown_points(seat)) for seat in range(self.players)]
        detail: dict[str, Any] = {
            "half_crowns": self.half[:],
            "full_crown": self.full,
            "rounds": self.round,
        }
        if winner < 0:  # a variant's game stopped at its limit: nobody won
            detail["no_winner"] = True
            teams = [t[:] for t in TEAMS] if self.options["team_mode"] == "on" else None
            return Result(scores, ranks_from_keys(scores), [], teams, None, detail)
        if self.options["team_mode"] == "on":
            team = winner % 2
            winners = TEAMS[team][:]
            keys = [(1 if seat % 2 == team else 0) for seat in range(self.players)]
            ranks = ranks_from_keys(keys)
            return Result(scores, ranks, winners, [t[:] for t in TEAMS], team, detail)
        keys2 = [(1 if seat == winner else 0, scores[seat]) for seat in range(self.players)]
        return Result(scores, ranks_from_keys(keys2), [winner], None, None, detail)

    def playout(self, rng: Rng, policy: bool = True, limit: int = 5_000) -> bool:
        """`State.playout` (uniformly random moves: Collect! has no rule of thumb) in a loop of
        its own without events (`collect/bot.py`): the same moves, draws and state."""
        play_out(self, rng, limit)
        return self.phase == OVER

    # ---- views and JSON -----------------------------------------------------------------

    def _deck_view(self, deck: list[int]) -> dict[str, Any]:
        shown = self.options["known_cards"] == "shown"
        cards = [KEYS[card & 7] if shown and card >= KNOWN else None for card in reversed(deck)]
        return {"count": len(deck), "cards": cards}

    def _view(self, seat: int | None) -> dict[str, Any]:
        decks = zip(DECK_NAMES, self.decks, strict=True)
        view = public_fields(self, {name: self._deck_view(deck) for name, deck in decks})
        view["crowns"]["half_left"] = HALF_CROWNS - sum(self.half)
        return view

    def _write(self) -> dict[str, Any]:
        return write_state(self)

    def _read(self, data: dict[str, Any]) -> None:
        read_state(self, data)


__all__ = ["CollectState", "alliance_kind"]
