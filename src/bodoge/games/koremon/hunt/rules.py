"""Hunt the Monster (ハント・ザ・モンスター！): seed text 000 variant 2 and RULINGS §3.

Six face-up cards lie in a ring around the deck; the Winhart piece moves clockwise by a die roll
and the seat to move takes the card it lands on, placing it in its collection pyramid if it can.
A turn is two decisions: `roll`, then (when the card is placeable) `place:<slot>`.

The deck is a list whose end is the top. Ring positions are 0-5 clockwise, position 0 being the
first card turned (where the piece starts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from bodoge.engine import Event, GameInfo, IllegalAction, OptionSpec, Result, State
from bodoge.engine.dice import faces
from bodoge.engine.options import with_labels
from bodoge.engine.result import ranked_result
from bodoge.engine.rng import Rng
from bodoge.engine.shuffle import shuffle
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import KEYS, MIMIC, RANK, card_key, shuffled_deck
from bodoge.games.koremon.hunt import bot, state_json
from bodoge.games.koremon.hunt.codes import ENDS, OVER, PLACE, RING, ROLL, ROLL_ACTION

_FULL = (1 << P.SLOTS) - 1
# A card of each row (0: the Mimic) to stand for any: a pyramid's potential, its open slots and
# what fits it next depend only on which slots are filled and which of them hold Mimics. So one
# table serves every card list: a monster scores by its row (6 - rank, its rank its row), and
# these stand-ins are bodoge's list's, scored by its ranks (`P.BUILTIN`).
_STAND_IN = (MIMIC, *(min(c for c in range(MIMIC) if RANK[c] == r) for r in range(1, P.ROWS + 1)))


def _open_slots(filled: int, slots: Sequence[int]) -> list[int]:
    return [
        i for i in slots if not filled >> i & 1 and filled & P.SUPPORT_MASK[i] == P.SUPPORT_MASK[i]
    ]


@lru_cache(maxsize=1 << 15)
def _shape(pyramid: tuple[int, ...]) -> tuple[int, int, int]:
    """A pyramid as bit masks: its filled slots, the Mimics among them, the species it holds."""
    filled = mimics = held = 0
    for i, card in enumerate(pyramid):
        if card >= 0:
            filled |= 1 << i
            if card == MIMIC:
                mimics |= 1 << i
            else:
                held |= 1 << card
    return filled, mimics, held


@lru_cache(maxsize=1 << 16)
def _placements(filled: int, mimics: int, row: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """For the search's simulated games, which meet the same shapes of pyramid again and again:
    where a placeable card of `row` (0: a Mimic) may go in a pyramid whose filled slots are
    `filled` (the Mimics among them `mimics`), in the legal list's order; the index of the
    slot the rule of thumb picks (`playout_action`, which values pyramids by their shape); and
    the rows with an open slot (bit r) after each placement."""
    slots = _open_slots(filled, range(P.SLOTS) if row == 0 else P.ROW_SLOTS[row])
    pyramid = [
        P.EMPTY if not filled >> i & 1 else MIMIC if mimics >> i & 1 else _STAND_IN[P.ROW_OF[i]]
        for i in range(P.SLOTS)
    ]
    legal = [1 + slot for slot in slots]
    best = legal.index(bot.hunt_action(pyramid, _STAND_IN[row], legal))
    return tuple(slots), best, tuple(_open_rows(filled | 1 << slot) for slot in slots)


@lru_cache(maxsize=1 << 15)
def _open_rows(filled: int) -> int:
    """The rows (bit r) with an open slot in a pyramid whose filled slots are `filled`."""
    rows = 0
    for i in _open_slots(filled, range(P.SLOTS)):
        rows |= 1 << P.ROW_OF[i]
    return rows


INFO = GameInfo(
    id="koremon_hunt",
    title_en="Hunt the Monster!",
    title_ja="ハント・ザ・モンスター！",
    min_players=3,
    max_players=8,
    summary_en="Roll the die, move Winhart round the ring of monsters and take the one he lands "
    "on into your collection pyramid. Best pyramid wins.",
    summary_ja="ダイスを振ってウィンハルトを進め、止まったモンスターを手に入れてピラミッドに並べよう。"
    "得点の一番高いプレイヤーの勝ち。",
    options=(
        P.MIMICS_OPTION,
        *with_labels((
            OptionSpec(
                "dead_ring",
                "renew",
                "bodoge's ruling, not the publisher's (the published text is silent): when no "
                "player can place any ring card, the ring is discarded and six new cards are "
                "turned, or the game ends",
                "bodoge の裁定（原文に記述なし）：誰もリングのカードを置けなくなったとき、"
                "リングを捨て札にして新しく6枚めくるか、ゲームを終えるか",
                ("renew", "end"),
            ),
        ), "bodoge.games.koremon.hunt", "data/options.toml"),
        deck_mod.CONTENT_OPTION,
    ),
)  # fmt: skip


class HuntState(State):
    info = INFO
    __slots__ = (
        "c", "deck", "die", "discard", "end", "masks", "phase", "piece", "pyramids", "ring", "t",
        "turn",
    )  # fmt: skip

    c: deck_mod.Deck  # the card list (the `content` option)
    t: P.Tables  # its pyramid tables (each species' row)

    deck: list[int]
    discard: list[int]  # rings renewed after a dead ring, face up
    ring: list[int]  # card per ring position, -1 once a position cannot be refilled
    piece: int  # ring position of the Winhart piece
    pyramids: list[list[int]]
    turn: int  # the seat to move
    phase: int
    die: int  # the last roll, 0 before the first
    end: int  # index into ENDS
    masks: list[int]  # per seat, P.placeable_mask of its pyramid (derived, not stored)

    # ---- setup ---------------------------------------------------------------------------

    @property
    def mimics_ok(self) -> bool:
        return bool(self.options["mimics_placeable"] == "yes")

    def _check_options(self) -> None:
        self.c = deck_mod.deck_of(self.options)
        self.t = P.tables(self.c)

    def _setup(self) -> None:
        """Seed 1.: shuffle, turn six cards into a ring, the piece on the first one turned.
        §3: the start seat is random (the seed's youngest player)."""
        self.deck = self.c.full_deck()
        shuffled_deck(self.deck, self.rng)
        self.ring = [self.deck.pop() for _ in range(RING)]
        self.discard = []
        self.piece = 0
        self.pyramids = [P.empty() for _ in range(self.players)]
        self.turn = self.rng.below(self.players)
        self.phase = ROLL
        self.die = 0
        self.end = 0
        self._derive()
        self._check_dead()

    def _derive(self) -> None:
        ok, t = self.mimics_ok, self.t
        self.masks = [P.placeable_mask(pyramid, ok, t) for pyramid in self.pyramids]

    def clone(self) -> HuntState:
        other = HuntState.__new__(HuntState)
        self._copy_base_to(other)
        other.c = self.c
        other.t = self.t
        other.deck = self.deck[:]
        other.ring = self.ring[:]
        other.discard = self.discard[:]
        other.piece = self.piece
        other.pyramids = [pyramid[:] for pyramid in self.pyramids]
        other.turn = self.turn
        other.phase = self.phase
        other.die = self.die
        other.end = self.end
        other.masks = self.masks[:]
        return other

    def determinize(self, seat: int | None, rng: Rng) -> HuntState:
        """Only the deck order is hidden (from everyone), and the dice to come: the copy gets a
        generator drawn from `rng`, never the real one (which decides the future rolls)."""
        other = self.clone()
        other.deck.sort()  # a canonical order first, so the real order cannot leak through
        shuffle(other.deck, rng)
        other.rng = rng.spawn()
        return other

    def determinizer(self, seat: int | None) -> Callable[[Rng], HuntState]:
        """`determinize` with the deck sorted once."""
        deck = sorted(self.deck)

        def draw(rng: Rng) -> HuntState:
            other = self.clone()
            other.deck = cards = deck[:]
            shuffle(cards, rng)
            other.rng = rng.spawn()
            return other

        return draw

    # ---- protocol ------------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return 1 + P.SLOTS

    def pending(self) -> list[int]:
        return [] if self.phase == OVER else [self.turn]

    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == ROLL:
            return [ROLL_ACTION]
        card = self.ring[self.piece]
        return [
            1 + slot for slot in P.open_slots(self.pyramids[seat], card, self.mimics_ok, self.t)
        ]

    def _apply(self, seat: int, action: int) -> list[Event]:
        if action == ROLL_ACTION:
            return self._roll(seat)
        return self._place(seat, action - 1)

    def _roll(self, seat: int) -> list[Event]:
        """Seed 2.: roll, move the piece clockwise that many cards, take the card there; if it
        cannot be placed, leave it and the turn passes (「カードをそのままにして次の人の手番」)."""
        self.die = self.rng.randint(1, 6)
        self.piece = (self.piece + self.die) % RING
        card = self.ring[self.piece]
        events: list[Event] = [
            {"type": "roll", "seat": seat, "die": self.die, "position": self.piece + 1,
             "card": KEYS[card]},
        ]  # fmt: skip
        if self.masks[seat] >> card & 1:
            self.phase = PLACE
        else:
            # Nothing changed, so the ring cannot have become dead: no check needed.
            events.append({"type": "leave", "seat": seat, "card": KEYS[card]})
            self.turn = (self.turn + 1) % self.players
        return events

    def _place(self, seat: int, slot: int) -> list[Event]:
        """Seed 2.: place the taken card by the normal rules, refill its ring position from the
        deck. Seed 4.: at the refill, an empty deck or a full pyramid ends the game."""
        card = self.ring[self.piece]
        pyramid = self.pyramids[seat]
        P.place(pyramid, card, slot)
        self.masks[seat] = P.placeable_mask(pyramid, self.mimics_ok, self.t)
        events: list[Event] = [
            {"type": "place", "seat": seat, "card": card_key(card), "slot": P.SLOT_LABELS[slot]}
        ]
        if self.deck:
            self.ring[self.piece] = self.deck.pop()
            events.append(
                {
                    "type": "refill",
                    "position": self.piece + 1,
                    "card": card_key(self.ring[self.piece]),
                }
            )
        else:
            self.ring[self.piece] = -1
        if P.is_full(pyramid):
            self._finish(ENDS.index("full"), events)
        elif self.ring[self.piece] < 0:
            self._finish(ENDS.index("deck"), events)
        else:
            self.turn = (self.turn + 1) % self.players
            self.phase = ROLL
            self._check_dead(events)
        return events

    def _check_dead(self, events: list[Event] | None = None) -> None:
        """bodoge's ruling for a gap in the seed: when no seat can place any ring card, no card
        would ever be taken again and neither end condition could come. Option dead_ring: renew
        (default) discards the six cards face up and turns six new ones (an empty deck then ends
        the game, as a refill would); end ends the game at once."""
        while self._dead():
            if self.options["dead_ring"] == "end":
                self._finish(ENDS.index("dead"), events)
                return
            old = self.ring
            self.discard.extend(old)
            self.ring = [self.deck.pop() if self.deck else -1 for _ in range(RING)]
            if events is not None:
                events.append(
                    {"type": "renew", "discarded": [card_key(card) for card in old],
                     "ring": [card_key(card) if card >= 0 else None for card in self.ring]}
                )  # fmt: skip
            if -1 in self.ring:
                self._finish(ENDS.index("deck"), events)
                return

    def _dead(self) -> bool:
        """Whether no seat can place any ring card."""
        anyone = 0
        for mask in self.masks:
            anyone |= mask
        for card in self.ring:  # noqa: SIM110 (a loop: any() over a generator costs twice as much)
            if card >= 0 and anyone >> card & 1:
                return False
        return True

    def _finish(self, end: int, events: list[Event] | None) -> None:
        self.phase = OVER
        self.end = end
        if events is not None:
            events.append({"type": "end", "reason": ENDS[end]})

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        t = self.t
        return [P.score(pyramid, t) for pyramid in self.pyramids]

    def result(self) -> Result | None:
        """Seed 4.: normal-rules score, highest wins; §3 ties: more cards placed, then shared."""
        if self.phase != OVER:
            return None
        scores = self.scores()
        counts = [P.count(pyramid) for pyramid in self.pyramids]
        keys = list(zip(scores, counts, strict=True))
        return ranked_result(scores, keys, detail={"cards": counts, "end": ENDS[self.end]})

    # Search hooks stay on the state: the search calls them for every simulated move.
    def playout_action(self, seat: int, legal: list[int], rng: Rng) -> int:
        return bot.hunt_action(self.pyramids[seat], self.ring[self.piece], legal, self.t)

    # ---- the search's simulated games -------------------------------------------------

    # The simulated games' die comes twenty to a draw (`bodoge.engine.dice`).
    fast_chance = True

    def playout(self, rng: Rng, policy: bool = True, limit: int = 5_000) -> bool:
        """`State.playout` as one loop without events or legal lists: the rules' moves, the
        same placements (the rule of thumb's, or uniform draws from `rng`); the die from
        `self.rng`, as the rules roll it only with `fast_chance` False."""
        self._run(rng, policy, limit, False)
        return self.phase == OVER

    def skip_forced(self) -> None:
        """Roll, and place where only one slot is open, up to a real choice of slot."""
        self._run(None, False, 1 << 62, True)

    def _run(self, rng: Rng | None, policy: bool, limit: int, to_choice: bool) -> None:
        """Play `limit` decisions at most, as `apply` would, stopping at the end (or, with
        `to_choice`, at a placement with several slots, which `rng` or the rule of thumb makes
        otherwise). The die is `engine.dice.faces`, or with `fast_chance` False the rules'
        `self.rng.randint(1, 6)`; a pyramid is followed as bit masks (`_shape`) once a card is
        to be placed in it."""
        ok = self.mimics_ok
        rank_of, species_of_rows = self.t.rank, self.t.species_of_rows
        players, pyramids, masks, deck = self.players, self.pyramids, self.masks, self.deck
        ring, piece, turn, phase, die = self.ring, self.piece, self.turn, self.phase, self.die
        shapes: list[tuple[int, int, int] | None] = [None] * players  # worked out when needed
        start = ply = self.ply
        end = ply + limit
        fast = self.fast_chance
        roll = self.rng.randint  # the rules' die
        bag: list[int] = []  # faces drawn, not rolled yet
        while phase != OVER and ply < end:
            if phase == ROLL:
                if fast:
                    if not bag:
                        bag = faces(self.rng)
                    die = bag.pop()
                else:
                    die = roll(1, 6)
                ply += 1
                piece = (piece + die) % RING
                if masks[turn] >> ring[piece] & 1:
                    phase = PLACE
                else:
                    turn = (turn + 1) % players
                continue
            card = ring[piece]
            shape = shapes[turn]
            if shape is None:
                shape = _shape(tuple(pyramids[turn]))
            filled, mimics, held = shape
            slots, best, rows_after = _placements(filled, mimics, rank_of[card])
            if len(slots) == 1:
                choice = 0
            elif to_choice or rng is None:
                break
            else:
                choice = best if policy else rng.below(len(slots))
            ply += 1
            slot = slots[choice]
            pyramids[turn][slot] = card
            filled |= 1 << slot
            if card == MIMIC:
                mimics |= 1 << slot
            else:
                held |= 1 << card
            shapes[turn] = filled, mimics, held
            rows = rows_after[choice]
            masks[turn] = species_of_rows[rows] & ~held | (1 << MIMIC if ok and rows else 0)
            ring[piece] = deck.pop() if deck else -1
            if filled == _FULL:
                phase, self.end = OVER, ENDS.index("full")
            elif ring[piece] < 0:
                phase, self.end = OVER, ENDS.index("deck")
            else:
                turn = (turn + 1) % players
                phase = ROLL
                if self._dead():
                    self.piece, self.turn, self.phase = piece, turn, phase
                    self._check_dead()
                    ring, phase = self.ring, self.phase
        if ply != start:
            self._legal.clear()
            self.ply = ply
            self.piece, self.turn, self.phase, self.die = piece, turn, phase, die

    # ---- notation ------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        if action == ROLL_ACTION:
            return "roll"
        if 1 <= action <= P.SLOTS:
            return f"place:{P.SLOT_LABELS[action - 1]}"
        raise IllegalAction(f"action {action} is outside 0..{P.SLOTS}")

    def _parse_action(self, text: str) -> int:
        word = text
        if word == "roll":
            return ROLL_ACTION
        slot = P.parse_slot(word.removeprefix("place:"))
        if slot is None:
            raise IllegalAction(f"{text!r} is no action here: use roll or place:<row>.<n> (5.1)")
        return 1 + slot

    # ---- views and JSON ------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        return state_json.view(self, seat)

    def _write(self) -> dict[str, Any]:
        return state_json.write(self)

    def _read(self, data: dict[str, Any]) -> None:
        state_json.read(self, data)
