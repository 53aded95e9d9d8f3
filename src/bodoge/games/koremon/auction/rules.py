"""Monster Auction (モンスター・オークション): seed text 000 variant 1 and RULINGS §3.

Each of 15 rounds turns six monsters face up. Every seat still in the game writes a sealed bid:
one whole amount per monster, entered as six decisions (`bid:25`, monster 1 first), the total
within its money. When every seat has bid, the bids are revealed: per monster the single highest
positive bid wins it, a tie for highest discards it. Winners place their cards in the order and
slots they choose (`place:goblin@5.3`); a seat whose won cards cannot all be placed in any order
is out of the game. After 15 rounds the collection pyramids are scored.

The deck is a list whose end is the top. Its bottom `loose` cards are not in any order yet: the
shuffle is done lazily, a card being drawn at random from them when the deck reaches them (the
same as shuffling first, and a random playout seldom turns more than a dozen cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine import Event, GameInfo, IllegalAction, OptionSpec, Result, State
from bodoge.engine.options import with_labels
from bodoge.engine.result import ranked_result
from bodoge.engine.rng import Rng
from bodoge.games.koremon.auction import bot, state_json
from bodoge.games.koremon.auction.codes import (
    BID,
    MONEY,
    OVER,
    PLACE,
    PLACE_BASE,
    ROUND_CARDS,
    ROUNDS,
)
from bodoge.games.koremon.common import deck as deck_mod
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import CARD_COUNT, KEYS, card_key, parse_card

BID_LISTS = tuple(list(range(limit + 1)) for limit in range(MONEY + 1))  # shared legal lists

INFO = GameInfo(
    id="koremon_auction",
    title_en="Monster Auction",
    title_ja="モンスター・オークション",
    min_players=3,
    max_players=6,
    summary_en="Fifteen rounds of sealed bids on six monsters with 100 money for the whole game; "
    "collect them in your pyramid. A monster you cannot place puts you out.",
    summary_ja="所持金100で、6枚のモンスターに毎ラウンド秘密の入札を15ラウンド。"
    "競り落としたモンスターをピラミッドに並べよう。置けないモンスターを落とすと脱落。",
    options=(
        *with_labels((
            OptionSpec(
                "payment",
                "all-pay",
                "every written amount is paid (as the published text deducts bids when they are "
                "written), or only the winning bids",
                "書いた金額をすべて支払う（原文どおり）か、競り落とした分だけ支払うか",
                ("all-pay", "winner-pays"),
            ),
        ), "bodoge.games.koremon.auction", "data/options.toml"),
        P.MIMICS_OPTION,
        deck_mod.CONTENT_OPTION,
    ),
)  # fmt: skip


class AuctionState(State):
    info = INFO
    __slots__ = (
        "bids", "c", "deck", "discard", "last", "loose", "money", "out", "phase", "pyramids",
        "round", "t", "table", "to_place", "waiting",
    )  # fmt: skip

    c: deck_mod.Deck  # the card list (the `content` option)
    t: P.Tables  # its pyramid tables (each species' row)

    deck: list[int]
    loose: int  # the bottom cards of the deck whose order is not fixed yet
    table: list[int]  # this round's monsters in bid order (empty once revealed)
    discard: list[int]  # face up: unwon cards and the cards of eliminated seats
    pyramids: list[list[int]]
    money: list[int]
    bids: list[list[int]]  # per seat, the amounts written so far this round (secret)
    out: list[int]  # per seat, the round in which it went out (0: still in)
    round: int
    phase: int
    to_place: list[list[int]]  # per seat, won cards still to be placed
    last: dict[str, Any]  # the last reveal, public: {"table", "bids", "winners"} as card codes
    waiting: list[int]  # pending seats (derived, kept current for speed)

    # ---- setup ---------------------------------------------------------------------------

    @property
    def mimics_ok(self) -> bool:
        return bool(self.options["mimics_placeable"] == "yes")

    def _check_options(self) -> None:
        self.c = deck_mod.deck_of(self.options)
        self.t = P.tables(self.c)

    def _setup(self) -> None:
        """Seed 1.: shuffle the 90 cards (the list's full deck) into a deck; every seat has 100
        money."""
        self.deck = self.c.full_deck()
        self.loose = len(self.deck)  # shuffled as it is drawn
        self.discard = []
        self.pyramids = [P.empty() for _ in range(self.players)]
        self.money = [MONEY] * self.players
        self.out = [0] * self.players
        self.to_place = [[] for _ in range(self.players)]
        self.last = {}
        self.round = 0
        self._next_round([])

    def clone(self) -> AuctionState:
        other = AuctionState.__new__(AuctionState)
        self._copy_base_to(other)
        other.c = self.c
        other.t = self.t
        other.deck = self.deck[:]
        other.loose = self.loose
        other.table = self.table[:]
        other.discard = self.discard[:]
        other.pyramids = [pyramid[:] for pyramid in self.pyramids]
        other.money = self.money[:]
        other.bids = [bid[:] for bid in self.bids]
        other.out = self.out[:]
        other.round = self.round
        other.phase = self.phase
        other.to_place = [cards[:] for cards in self.to_place]
        other.last = self.last  # replaced, never mutated
        other.waiting = self.waiting[:]
        return other

    def determinize(self, seat: int | None, rng: Rng) -> AuctionState:
        """The deck order is hidden from everyone, and so is the generator (it draws the cards
        to come): the copy gets one drawn from `rng`. Other seats' amounts are hidden until the
        reveal. How far each bidding seat has got is hidden too, but not the total: the public
        move counter (`ply`) counts every amount written, so the resampled progress keeps the
        real total and spreads it at random over the seats still bidding."""
        other = self.clone()
        # A canonical order, so the real order cannot leak through, and every card loose: the
        # copy draws each card at random from the loose ones (`_draw`) with its own generator,
        # which deals them as a shuffle would, without shuffling 90 cards per search iteration.
        other.deck.sort()
        other.loose = len(other.deck)
        other.rng = rng.spawn()
        if other.phase != BID:
            return other
        size = len(other.table)
        hidden = [s for s in range(other.players) if s != seat and not other.out[s]]
        bidding = [s for s in hidden if len(other.bids[s]) < size]
        written = dict.fromkeys(hidden, size)
        for each in bidding:
            written[each] = 0
        for _ in range(sum(len(other.bids[s]) for s in bidding)):
            room = [s for s in bidding if written[s] < size - 1]
            written[room[rng.below(len(room))]] += 1
        for each in hidden:
            # The amounts follow the search's model of a bidder (public facts only: table,
            # pyramid, money), not a uniform draw, which would guess half the money on one card.
            other.bids[each] = []
            for _ in range(written[each]):
                other.bids[each].append(bot.auction_bid(other, each, rng))
        return other

    # ---- protocol ------------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        return PLACE_BASE + CARD_COUNT * P.SLOTS

    def pending(self) -> list[int]:
        return self.waiting[:]  # a copy: views hand it out, and `waiting` is the state's

    def _find_waiting(self) -> list[int]:
        if self.phase == BID:
            size = len(self.table)
            return [s for s in range(self.players) if not self.out[s] and len(self.bids[s]) < size]
        if self.phase == PLACE:
            return [s for s in range(self.players) if self.to_place[s]]
        return []

    def _legal_actions(self, seat: int) -> list[int]:
        if self.phase == BID:
            return BID_LISTS[self.money[seat] - sum(self.bids[seat])]
        choices = P.placements_keeping_fit(
            self.pyramids[seat], self.to_place[seat], self.mimics_ok, self.t
        )
        return [PLACE_BASE + card * P.SLOTS + slot for card, slot in choices]

    def _apply(self, seat: int, action: int) -> list[Event]:
        """A bid (seed 2.「どのモンスターにいくら払うかをメモ用紙に書き込みます」: the amounts are
        secret until everyone has written; the sum never exceeds the seat's money,
        「持ち金は、０未満にはなりません」), or a placement."""
        if action >= PLACE_BASE:
            card, slot = divmod(action - PLACE_BASE, P.SLOTS)
            return self._place(seat, card, slot)
        bid = self.bids[seat]
        bid.append(action)
        monster = len(bid)
        events: list[Event] = [
            {"type": "bid", "seat": seat, "private": {"monster": monster, "amount": action},
             "visible_to": [seat]},
        ]  # fmt: skip
        if monster == ROUND_CARDS:  # the table's size while bidding
            self.waiting.remove(seat)
            events.append({"type": "sealed", "seat": seat})
            if not self.waiting:
                self._reveal(events)
                if not self.waiting:
                    self._next_round(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        """Seed 3.「全員が書き終わったら、メモを公開します。個々のモンスターで一番高値をつけた人が、
        そのモンスターを競り落とします。同点の場合は、誰もそのモンスターを得ることはできません」;
        §3: a bid must be positive to win; all-pay (default) or winner-pays; a seat that cannot
        place all its won cards in any order is out (「ペナルティとしてゲームから抜けます」)."""
        table, bids, money, out = self.table, self.bids, self.money, self.out
        bidders = [s for s in range(self.players) if not out[s]]
        winner_pays = self.options["payment"] == "winner-pays"
        winners = []
        won: list[list[int]] = [[] for _ in range(self.players)]
        # per monster, the bidders' amounts (an out seat bids nothing)
        for card, amounts in zip(table, zip(*[bids[s] for s in bidders], strict=True), strict=True):
            best = max(amounts)  # `state_json._single_highest`, written out
            if best > 0 and amounts.count(best) == 1:
                winner = bidders[amounts.index(best)]
                won[winner].append(card)
                if winner_pays:
                    money[winner] -= best
            else:
                winner = -1
                self.discard.append(card)
            winners.append(winner)
        if not winner_pays:  # all-pay
            for seat in bidders:
                money[seat] -= sum(bids[seat])
        self.last = {"table": table, "bids": bids, "winners": winners}  # out seats' bids: []
        events.append(
            {"type": "reveal", "round": self.round, "cards": list(map(KEYS.__getitem__, table)),
             "bids": [bid[:] for bid in bids], "winners": winners[:], "money": money[:]}
        )  # fmt: skip
        self.table = []
        self.bids = [[] for _ in range(self.players)]
        mimics_ok = self.mimics_ok
        waiting = []
        for seat in bidders:
            cards = won[seat]
            if not cards:
                continue
            if P.can_place_all(self.pyramids[seat], cards, mimics_ok, self.t):
                self.to_place[seat] = cards
                waiting.append(seat)
            else:
                out[seat] = self.round
                self.discard.extend(cards)
                events.append({"type": "out", "seat": seat, "cards": [KEYS[c] for c in cards]})
        self.phase = PLACE
        self.waiting = waiting  # `_find_waiting`: the seats with cards to place, in order

    def _place(self, seat: int, card: int, slot: int) -> list[Event]:
        """Seed 3.「競り落としたモンスターは、通常のルールにしたがって、自分の前に並べて置きます」;
        §3: in the order and slots the winner chooses (only choices that keep the rest placeable
        are offered)."""
        self.to_place[seat].remove(card)
        P.place(self.pyramids[seat], card, slot)
        events: list[Event] = [
            {"type": "place", "seat": seat, "card": card_key(card), "slot": P.SLOT_LABELS[slot]}
        ]
        if not self.to_place[seat]:
            self.waiting = [s for s in self.waiting if s != seat]
            if not self.waiting:
                self._next_round(events)
        return events

    def _next_round(self, events: list[Event]) -> None:
        """Seed 2./4.: six cards a round for 15 rounds. A seat with no money left can only bid 0,
        so its bid is written for it; once no seat still in has money, no card can be won any
        more and the game ends there (as it would after the remaining rounds, all discarded)."""
        out, money = self.out, self.money
        broke = not any([money[s] for s in range(self.players) if not out[s]])
        if self.round == ROUNDS or broke or len(self.deck) < ROUND_CARDS:
            self.phase = OVER
            self.table = []
            self.bids = [[] for _ in range(self.players)]
            self.waiting = []  # the engine adds the game_over event with the result
            return
        self.round += 1
        self.phase = BID
        self.table = table = self._draw_round()
        self.bids = [
            [0] * ROUND_CARDS if not out[s] and money[s] == 0 else [] for s in range(self.players)
        ]
        events.append(
            {"type": "round", "round": self.round, "cards": list(map(KEYS.__getitem__, table))}
        )
        self.waiting = [s for s in range(self.players) if not out[s] and money[s]]

    def _draw_round(self) -> list[int]:
        """The round's cards from the top of the deck; from its unordered bottom part, each a
        card at random (Fisher-Yates)."""
        deck, loose = self.deck, self.loose
        if len(deck) == loose >= ROUND_CARDS:  # the whole deck loose: its draws together
            cards = []
            for j in self.rng.belows(range(loose, loose - ROUND_CARDS, -1)):
                deck[j], deck[-1] = deck[-1], deck[j]
                cards.append(deck.pop())
            self.loose = loose - ROUND_CARDS
            return cards
        below = self.rng.below
        cards = []
        for _ in range(ROUND_CARDS):
            loose = self.loose
            if len(deck) == loose:
                j = below(loose)
                deck[j], deck[-1] = deck[-1], deck[j]
                self.loose = loose - 1
            cards.append(deck.pop())
        return cards

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        t = self.t
        return [P.score(pyramid, t) for pyramid in self.pyramids]

    def result(self) -> Result | None:
        """Seed 4.: the highest normal-rules score wins. §3: a seat that went out ranks last
        (bodoge: several out seats rank by how long they lasted); ties among the rest: more
        cards placed (normal rules), then more money left, then shared."""
        if self.phase != OVER:
            return None
        scores = self.scores()
        counts = [P.count(pyramid) for pyramid in self.pyramids]
        keys = [
            (0, self.out[s], 0, 0) if self.out[s] else (1, scores[s], counts[s], self.money[s])
            for s in range(self.players)
        ]
        return ranked_result(
            scores, keys, detail={"cards": counts, "money": self.money[:], "out": self.out[:]}
        )

    # Search hooks stay on the state: the search calls them for every simulated move.
    def playout_action(self, seat: int, legal: list[int], rng: Rng) -> int:
        return bot.auction_action(self, seat, legal, rng)

    def search_actions(self, seat: int) -> list[int]:
        if self.phase == BID:
            return bot.auction_bid_candidates(self, seat)
        return self.legal_actions(seat)

    # ---- words ---------------------------------------------------------------------------

    def seats_in_play(self) -> list[int]:
        """The seats not out (none once the game is over)."""
        return [] if self.is_over() else [s for s in range(self.players) if not self.out[s]]

    # ---- notation ------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        if 0 <= action < PLACE_BASE:
            return f"bid:{action}"
        if PLACE_BASE <= action < self.num_actions(self.players, self.options):
            card, slot = divmod(action - PLACE_BASE, P.SLOTS)
            return f"place:{card_key(card)}@{P.SLOT_LABELS[slot]}"
        raise IllegalAction(f"action {action} is outside 0..{PLACE_BASE + CARD_COUNT * 15 - 1}")

    def _parse_action(self, text: str) -> int:
        word = text
        if word.startswith("bid:"):
            amount = word[4:]
            if amount.isdigit() and int(amount) <= MONEY:
                return int(amount)
        elif word.startswith("place:"):
            name, _, label = word[6:].partition("@")
            card, slot = parse_card(name), P.parse_slot(label)
            if card is not None and slot is not None:
                return PLACE_BASE + card * P.SLOTS + slot
        raise IllegalAction(
            f"{text!r} is no action here: use bid:<0-{MONEY}> or place:<card>@<row>.<n> "
            "(place:goblin@5.3)"
        )

    # ---- views and JSON ------------------------------------------------------------------

    def _status(self, seat: int) -> str:
        if self.out[seat]:
            return "out"
        if self.phase != BID:
            return "placing" if self.to_place[seat] else "waiting"
        return "sealed" if len(self.bids[seat]) == len(self.table) else "bidding"

    def _view(self, seat: int | None) -> dict[str, Any]:
        return state_json.view(self, seat)

    def _write(self) -> dict[str, Any]:
        return state_json.write(self)

    def _read(self, data: dict[str, Any]) -> None:
        state_json.read(self, data)
