"""Trick the Monster (トリック・ザ・モンスター！): trick-taking with the 60-card Koremon deck.

Rules: seed バリアント３ and RULINGS.md §3 "Trick the Monster". A hand is 16 counts (one per card
code), since cards of one species are identical. Actions: 0-14 play that species, 15+s play a
Mimic naming species s (only a species already in the trick), 30 play a Mimic as the lead (it is
taken face up at once, -10, and the next card played becomes the lead).

Three players play two 30-card games: the shuffled 60 cards are cut into the top 30, dealt for
game 1, and the bottom 30, kept face down and dealt by the same dealer for game 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import add
from typing import Any, ClassVar

from bodoge.engine import (
    GameInfo,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    State,
    ranked_result,
)
from bodoge.engine.events import Event
from bodoge.engine.options import with_labels
from bodoge.engine.shuffle import shuffle
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common.cards import (
    CARD_COUNT,
    MIMIC,
    card_key,
)
from bodoge.games.koremon.trick import bot, state_json
from bodoge.games.koremon.trick.codes import (
    CARD_BY_NAME,
    KEYS,
    SPECIES_COUNT,
    held_species,
)
from bodoge.games.koremon.trick.inference import WeightedDeal, unlikely_cards
from bodoge.games.koremon.trick.tricks import (
    ACTIONS,
    FACE_UP_POINTS,
    LEAD_MIMIC,
    NAMED,
    winning_entry,
)

OPTIONS = (
    *with_labels(
        (
            OptionSpec(
                "mimic_lead",
                "only-mimics",
                "when a Mimic may be led: only from a hand of nothing but Mimics, or whenever "
                "its holder likes (it is still taken face up, −10)",
                "ミミックをリードできるとき：手札がミミックだけのときのみか、いつでもか"
                "（表向きで引き取り −10点）",
                choices=("only-mimics", "any-time"),
            ),
        ),
        "bodoge.games.koremon.trick",
        "data/options.toml",
    ),
    deck_mod.CONTENT_OPTION,
)


class TrickState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="koremon_trick",
        title_en="Trick the Monster!",
        title_ja="トリック・ザ・モンスター！",
        min_players=3,
        max_players=6,
        options=OPTIONS,
        summary_en="Trick-taking with the monster cards: the most common species in the trick "
        "wins it; Mimics copy a monster already played. Rank 1 cards score most.",
        summary_ja="コレモンでトリックテイキング。場で最も枚数が多いモンスターを最後に出した人が"
        "トリックを獲得。ミミックは場のモンスターに化ける。",
    )
    # The search leans on the heuristic here: with two 30-card deals, playouts alone are too
    # noisy to rank the moves in a few hundred iterations (docs/balance/README.md).
    search_settings: ClassVar[Mapping[str, float]] = {"prior_weight": 3.0}
    __slots__ = (
        "c",
        "dealer",
        "face_up",
        "game",
        "hands",
        "held",
        "last_step",
        "last_trick",
        "last_winner",
        "leader",
        "led",
        "left",
        "mimic_only",
        "mover",
        "plays",
        "points",
        "reserve",
        "trick",
        "trick_kinds",
        "won",
    )

    c: deck_mod.Deck  # the card list (the `content` option): ranks, points, counts
    hands: list[list[int]]  # per seat, count of each card code
    held: list[int]  # per seat, bit s set while its hand holds species s (derived, for speed)
    reserve: list[int]  # 3 players: the face-down half for game 2
    dealer: int
    game: int  # 0, or 1 for the second 30-card game of 3 players
    leader: int  # seat that led the current trick
    led: int  # Mimics played into this trick while it held no monster (taken face up)
    mover: int  # the seat to play: leader + led + len(trick), mod players (derived, for speed)
    trick: list[tuple[int, int, int]]  # (seat, card, counted-as species) in play order
    trick_kinds: int  # bit s set when the trick holds a card counted as s (derived, for speed)
    won: list[list[list[int]]]  # per game, per seat, count of each won card code
    points: list[list[int]]  # per game, per seat, the points of its won cards (derived)
    face_up: list[list[int]]  # per game, per seat, face-up Mimics
    left: int  # cards still in hands
    mimic_only: list[bool]  # seat led a Mimic under only-mimics: its hand is known all Mimics
    # (seat, action) of every card played in this deal, in order; None: not known (a position
    # written by hand without them), until the next deal
    plays: list[tuple[int, int]] | None
    last_trick: list[tuple[int, int, int]]  # never mutated once finished, so clones share it
    last_winner: int  # -1: no winner (or no trick yet)
    last_step: int  # winner rule of the last trick (0: none)

    # ---- setup ---------------------------------------------------------------------------

    @property
    def games(self) -> int:
        return 2 if self.players == 3 else 1

    def _check_options(self) -> None:
        self.c = deck_mod.deck_of(self.options)

    def _setup(self) -> None:
        deck = self.c.trick_deck()
        self.rng.shuffle(deck)
        self.dealer = self.rng.below(self.players)
        size = len(deck) // self.games
        self.reserve = deck[size:]
        self.won = [[[0] * CARD_COUNT for _ in range(self.players)] for _ in range(self.games)]
        self.points = [[0] * self.players for _ in range(self.games)]
        self.face_up = [[0] * self.players for _ in range(self.games)]
        self.last_trick = []
        self.last_winner = -1
        self.last_step = 0
        self.game = 0
        self._deal(deck[:size])

    def _deal(self, cards: list[int]) -> None:
        """Deal one card at a time clockwise from the dealer's left (seed 2)."""
        players = self.players
        self.hands = [[0] * CARD_COUNT for _ in range(players)]
        self.held = [0] * players
        for offset in range(players):  # the cards dealt to the seat `offset + 1` left of him
            seat = (self.dealer + 1 + offset) % players
            hand = self.hands[seat]
            for card in cards[offset::players]:
                hand[card] += 1
            self.held[seat] = held_species(hand)
        self.left = len(cards)
        self.leader = self.mover = (self.dealer + 1) % players
        self.led = 0
        self.trick = []
        self.trick_kinds = 0
        self.mimic_only = [False] * players
        self.plays = []

    def clone(self) -> TrickState:
        new = TrickState.__new__(TrickState)
        self._copy_base_to(new)
        new.c = self.c
        new.hands = [hand[:] for hand in self.hands]
        new.held = self.held[:]
        new.reserve = self.reserve[:]
        new.dealer = self.dealer
        new.game = self.game
        new.leader = self.leader
        new.led = self.led
        new.mover = self.mover
        new.trick = self.trick[:]
        new.trick_kinds = self.trick_kinds
        new.won = [[pile[:] for pile in game] for game in self.won]
        new.points = [row[:] for row in self.points]
        new.face_up = [row[:] for row in self.face_up]
        new.left = self.left
        new.mimic_only = self.mimic_only[:]
        new.plays = self.plays[:] if self.plays is not None else None
        new.last_trick = self.last_trick
        new.last_winner = self.last_winner
        new.last_step = self.last_step
        return new

    # ---- protocol ------------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return ACTIONS

    def to_move(self) -> int:
        return self.mover

    def pending(self) -> list[int]:
        return [self.mover] if self.left else []

    def is_over(self) -> bool:
        return self.left == 0

    def _legal_actions(self, seat: int) -> list[int]:
        """The species in hand; with a Mimic, a Mimic naming each species in the trick, or into
        a trick with no monster a led Mimic, if allowed. In action order, the lists of set bits
        of the species masks looked up a byte at a time."""
        held = self.held[seat]
        actions = _LOW_SPECIES[held & 0xFF] + _HIGH_SPECIES[held >> 8]
        if self.hands[seat][MIMIC]:
            kinds = self.trick_kinds
            if kinds:
                actions += _LOW_NAMED[kinds & 0xFF]
                actions += _HIGH_NAMED[kinds >> 8]
            elif not actions or self.options["mimic_lead"] == "any-time":
                actions.append(LEAD_MIMIC)
        return actions

    def _apply(self, seat: int, action: int) -> list[Event]:
        self.left -= 1
        if self.plays is not None:
            self.plays.append((seat, action))
        trick = self.trick
        if action < NAMED:
            hand = self.hands[seat]
            count = hand[action] - 1
            hand[action] = count
            if not count:
                self.held[seat] ^= 1 << action
            trick.append((seat, action, action))
            self.trick_kinds |= 1 << action
            events: list[Event] = [{"type": "play", "seat": seat, "card": KEYS[action]}]
        elif action < LEAD_MIMIC:
            self.hands[seat][MIMIC] -= 1
            trick.append((seat, MIMIC, action - NAMED))
            self.trick_kinds |= 1 << (action - NAMED)
            events = [{"type": "play_mimic", "seat": seat, "as": KEYS[action - NAMED]}]
        else:
            # RULINGS §3: a Mimic played with no monster in the trick counts as led: taken face
            # up at once (-10, whoever wins), and the next card played becomes the lead.
            self.hands[seat][MIMIC] -= 1
            self.face_up[self.game][seat] += 1
            self.led += 1
            if self.options["mimic_lead"] == "only-mimics":
                self.mimic_only[seat] = True
            events = [{"type": "lead_mimic", "seat": seat}]
        if self.led + len(trick) == self.players:
            self._finish_trick(events)
        else:  # the seat that played was the one to move
            self.mover = (seat + 1) % self.players
        return events

    def _finish_trick(self, events: list[Event]) -> None:
        trick = self.trick
        if trick:
            kinds = tuple([kind for _, _, kind in trick])
            index, step = winning_entry(kinds, self.c)
            winner = trick[index][0]
            pile = self.won[self.game][winner]
            points = 0
            card_points = self.c.points
            for _, card, _ in trick:
                pile[card] += 1
                points += card_points[card]
            self.points[self.game][winner] += points
            self.leader = winner
        else:  # only led Mimics: no winner, the same seat leads again
            winner, step = -1, 0
        self.mover = self.leader
        self.last_trick, self.last_winner, self.last_step = trick, winner, step
        self.trick = []
        self.trick_kinds = 0
        self.led = 0
        events.append(
            {"type": "trick", "winner": winner if winner >= 0 else None, "rule": step or None}
        )
        if self.left == 0:
            events.append({"type": "game_end", "game": self.game + 1, "scores": self.game_scores()})
            if self.game + 1 < self.games:
                self.game += 1
                cards, self.reserve = self.reserve, []
                self._deal(cards)
                events.append({"type": "deal", "game": self.game + 1, "dealer": self.dealer})
                events.extend(
                    {"type": "hand", "seat": seat, "count": sum(self.hands[seat]),
                     "private": {"hand": self._hand_keys(seat)}, "visible_to": [seat]}
                    for seat in range(self.players)
                )  # fmt: skip

    # ---- scores and result ---------------------------------------------------------------

    def game_scores(self, game: int | None = None) -> list[int]:
        """Scores of one game (default: the current one) by the seed's 得点表."""
        index = self.game if game is None else game
        return [
            points + FACE_UP_POINTS * face_up
            for points, face_up in zip(self.points[index], self.face_up[index], strict=True)
        ]

    def scores(self) -> list[int]:
        """Totals over the games played so far (3 players: both games summed)."""
        totals = [0] * self.players
        for game in range(self.game + 1):
            for seat, score in enumerate(self.game_scores(game)):
                totals[seat] += score
        return totals

    def result(self) -> Result | None:
        if self.left:
            return None
        per_game = [self.game_scores(game) for game in range(self.games)]
        totals = per_game[0] if len(per_game) == 1 else list(map(add, *per_game))
        return ranked_result(totals, detail={"games": per_game})

    # Search hooks stay on the state: the search calls them for every simulated move.
    def playout_action(self, seat: int, legal: list[int], rng: Rng) -> int:
        return bot.trick_action(self, seat, legal, rng)

    # ---- notation ------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        if not isinstance(action, int) or not 0 <= action < ACTIONS:
            raise IllegalAction(f"action {action!r} is outside 0..{ACTIONS - 1}")
        if action < NAMED:
            return f"play:{card_key(action)}"
        if action < LEAD_MIMIC:
            return f"play:mimic={card_key(action - NAMED)}"
        return "play:mimic"

    def _parse_action(self, text: str) -> int:
        body = text.removeprefix("play:")
        name, sep, named = body.partition("=")
        card = CARD_BY_NAME.get(name)
        if card is not None:
            if not sep:
                return LEAD_MIMIC if card == MIMIC else card
            kind = CARD_BY_NAME.get(named)
            if card == MIMIC and kind is not None and kind != MIMIC:
                return NAMED + kind
        raise IllegalAction(
            f"{text!r} is not an action of Trick the Monster! (examples: play:dragon, "
            "play:mimic=golem, play:mimic)"
        )

    # ---- views and JSON ------------------------------------------------------------------

    def _hand_keys(self, seat: int) -> list[str]:
        keys: list[str] = []
        for card, count in enumerate(self.hands[seat]):
            if count:
                keys += [KEYS[card]] * count
        return keys

    def _view(self, seat: int | None) -> dict[str, Any]:
        return state_json.view(self, seat)

    def _write(self) -> dict[str, Any]:
        return state_json.write(self)

    def _read(self, data: dict[str, Any]) -> None:
        state_json.read(self, data)

    def determinize(self, seat: int | None, rng: Rng) -> TrickState:
        """Deal the cards `seat` cannot see (other hands, the reserve) anew, keeping hand sizes,
        and dealing less often to a seat a card that its plays in this deal argue it does not
        hold (`inference.py`).

        A hand known to be all Mimics (its seat led a Mimic under only-mimics) stays as it is."""
        return self.determinizer(seat)(rng)

    def determinizer(self, seat: int | None) -> Callable[[Rng], TrickState]:
        hidden = [
            other for other in range(self.players) if other != seat and not self.mimic_only[other]
        ]
        # The pool is counted per card code, and dealt in card order, never in the order the
        # hidden cards really lie, so the world drawn depends only on what `seat` knows and on
        # `rng`.
        counts = [0] * CARD_COUNT
        for card in self.reserve:
            counts[card] += 1
        hands = self.hands
        for other in hidden:
            counts = list(map(add, counts, hands[other]))
        unlikely = unlikely_cards(self.players, tuple(self.plays or ()), self.c)
        deal = WeightedDeal(
            counts,
            [len(self.reserve), *[sum(hands[other]) for other in hidden]],
            (frozenset(), *[unlikely[other] for other in hidden]),
        )

        reserved = bool(self.reserve)

        def draw(rng: Rng) -> TrickState:
            new = self.clone()
            new.rng = rng.spawn()
            piles = deal(rng)
            if reserved:  # none with more than 3 players, nor in the second game of 3
                reserve: list[int] = []
                for card, count in enumerate(piles[0]):
                    if count:
                        reserve += [card] * count
                shuffle(reserve, rng)
                new.reserve = reserve
            for other, hand in zip(hidden, piles[1:], strict=True):
                new.hands[other] = hand
                new.held[other] = held_species(hand)
            return new

        return draw


# ---- legal actions ------------------------------------------------------------------------


def _bit_lists(base: int, first: int, bits: int) -> tuple[list[int], ...]:
    """Per value of a `bits`-bit field holding bits `first`... of a species mask, the actions
    `base` + species of its set bits, ascending."""
    return tuple(
        [base + first + bit for bit in range(bits) if value >> bit & 1]
        for value in range(1 << bits)
    )


_ALL_SPECIES = (1 << SPECIES_COUNT) - 1
# A species mask's actions, a byte at a time: the low byte (species 0-7), then the rest.
_LOW_SPECIES = _bit_lists(0, 0, 8)
_HIGH_SPECIES = _bit_lists(0, 8, SPECIES_COUNT - 8)
_LOW_NAMED = _bit_lists(NAMED, 0, 8)
_HIGH_NAMED = _bit_lists(NAMED, 8, SPECIES_COUNT - 8)


# ---- JSON helpers ------------------------------------------------------------------------
