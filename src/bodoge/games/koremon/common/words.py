"""Words shared by the four Koremon games' events, action labels and results, in English and
Japanese: card names (cards.toml), pyramid slots, ranks, dice, seats.

The games' event catalogues (`events_<game>.toml`) use these kinds: `card` (a card key), `a_card`
(the same with an English article), `slot` (a slot label "5.3"), `rank`, `dice` ([6, 5]), `hand`
(card keys, counted), `end` (why a hunt ended), `outcome` (the Auction's winners, read with the
event's cards and bids) and `points` (one score per seat). The last two name seats, so they are
told with the viewer's "you" and the seats' names, which the engine passes to `event_word`.

Cards are named, and ranked, from a game's card list (`deck.Deck`, a state's `c`: a variant
renames species and changes ranks); without one, from bodoge's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bodoge.engine.events import default_seat_name
from bodoge.engine.text import signed
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import KEYS, MIMIC, RANK, card_name, parse_card

if TYPE_CHECKING:
    from bodoge.engine.events import Event
    from bodoge.engine.state import State
    from bodoge.games.koremon.common.deck import Deck

SeatWord = Callable[[int], str]
_VOWELS = "AEIOU"
END_WORDS = {
    "deck": ("the deck ran out", "山札が尽きた"),
    "full": ("a pyramid is full", "ピラミッドが完成した"),
    "dead": ("nobody can place any card of the ring", "リングのカードを誰も置けない"),
}


def is_ja(lang: str) -> bool:
    return lang == "ja"


def seat_name(
    seat: int, lang: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The viewer's "you", else the seat's display name, else "seat 2" / "席2"."""
    if viewer is not None and seat == viewer:
        return "あなた" if is_ja(lang) else "you"
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return default_seat_name(seat, lang)


def seat_namer(lang: str, names: Sequence[str] | None = None) -> SeatWord:
    """Seat words for a result (no viewer: the caller's names say who "you" is)."""
    return lambda seat: seat_name(seat, lang, None, names)


def joined(parts: Sequence[str], lang: str) -> str:
    return ("、" if is_ja(lang) else ", ").join(parts)


def deck_of(state: object) -> Deck | None:
    """The card list a game's state plays with (None: a state that carries none, bodoge's)."""
    return getattr(state, "c", None)


def card(code: int, lang: str, deck: Deck | None = None) -> str:
    """A card's name in `deck` (bodoge's list if None)."""
    if deck is None:
        return card_name(code, "ja" if is_ja(lang) else "en")
    return deck.names_ja[code] if is_ja(lang) else deck.names_en[code]


def rank_of(code: int, deck: Deck | None = None) -> int:
    """A card's rank in `deck` (bodoge's list if None); 0 for the Mimic."""
    return RANK[code] if deck is None else deck.rank[code]


def a_card(code: int, lang: str, deck: Deck | None = None) -> str:
    """With an article: "a Dragon", "an Orc"; in Japanese the name alone."""
    name = card(code, lang, deck)
    if is_ja(lang):
        return name
    return f"an {name}" if name[:1] in _VOWELS else f"a {name}"


def ranked_card(code: int, lang: str, deck: Deck | None = None) -> str:
    """With the rank: "Griffin (rank 2)" / "グリフォン（ランク2）"; a Mimic has no rank."""
    name = card(code, lang, deck)
    if code == MIMIC:
        return name
    if is_ja(lang):
        return f"{name}（ランク{rank_of(code, deck)}）"
    return f"{name} (rank {rank_of(code, deck)})"


def slot(label: str, lang: str) -> str:
    """A slot in words, "row 5, slot 3" / "5段目の左から3番目" for slot label "5.3"."""
    row, _, position = label.partition(".")
    if is_ja(lang):
        return f"{row}段目の左から{position}番目"
    return f"row {row}, slot {position}"


def slot_of(index: int, lang: str) -> str:
    return slot(P.SLOT_LABELS[index], lang)


def rank(value: int, lang: str) -> str:
    return f"ランク{value}" if is_ja(lang) else f"rank {value}"


def dice(values: Sequence[int], lang: str) -> str:
    """Two dice and their total, "6 and 5 (11)" / "6と5（合計11）"."""
    first, second = values
    if is_ja(lang):
        return f"{first}と{second}（合計{first + second}）"
    return f"{first} and {second} ({first + second})"


def hand(keys: Sequence[str], lang: str, deck: Deck | None = None) -> str:
    """Cards counted, strongest first, Mimics last: "Dragon ×2, Orc" / "ドラゴン ×2、オーク"."""
    counts = Counter(_code(key) for key in keys)
    parts = []
    for code in sorted(counts, key=lambda c: (rank_of(c, deck) or 6, c)):
        name = card(code, lang, deck)
        parts.append(name if counts[code] == 1 else f"{name} ×{counts[code]}")
    return joined(parts, lang) if parts else ("なし" if is_ja(lang) else "none")


def outcome(event: Event, lang: str, who: SeatWord, deck: Deck | None = None) -> str:
    """What the Auction's reveal did with each card: "the Dragon to seat 2 for 40; the Orc
    discarded (a tie at 20); the Slime discarded (no bid)"."""
    parts = []
    bids = [bid for bid in event["bids"] if bid]
    for i, (key, winner) in enumerate(zip(event["cards"], event["winners"], strict=True)):
        name = card(_code(key), lang, deck)
        best = max((bid[i] for bid in bids), default=0)
        if winner is not None and winner >= 0:
            parts.append(
                f"{name}は{who(winner)}が{best}で落札"
                if is_ja(lang)
                else f"the {name} to {who(winner)} for {best}"
            )
        elif best > 0:
            parts.append(
                f"{name}は{best}の同額で捨て札"
                if is_ja(lang)
                else f"the {name} discarded (a tie at {best})"
            )
        else:
            parts.append(
                f"{name}は入札なしで捨て札" if is_ja(lang) else f"the {name} discarded (no bid)"
            )
    return ("、" if is_ja(lang) else "; ").join(parts)


def points(scores: Sequence[int], lang: str, who: SeatWord) -> str:
    """One score per seat: "seat 0 scored 12, you scored −3" / "席0 12点、あなた −3点"."""
    form = "{who} {n}点" if is_ja(lang) else "{who} scored {n}"
    parts = [form.format(who=who(seat), n=signed(score)) for seat, score in enumerate(scores)]
    return joined(parts, lang)


def event_word(
    state: State, kind: str, value: Any, lang: str, event: Event,
    viewer: int | None = None, names: list[str] | None = None,
) -> str | None:  # fmt: skip
    """The words for a value of one of the Koremon kinds as `viewer` reads them (kinds that name
    seats get "you" and the seats' names); None for a kind they do not have."""

    def who(seat: int) -> str:
        return seat_name(seat, lang, viewer, names)

    deck = deck_of(state)
    if kind == "card":
        return card(_code(value), lang, deck)
    if kind == "a_card":
        return a_card(_code(value), lang, deck)
    if kind == "slot":
        return slot(str(value), lang)
    if kind == "rank":
        return rank(int(value), lang)
    if kind == "dice":
        return dice(value, lang)
    if kind == "hand":
        return hand(value, lang, deck)
    if kind == "end":
        en, ja = END_WORDS[value]
        return ja if is_ja(lang) else en
    if kind == "outcome":
        return outcome(event, lang, who, deck)
    if kind == "points":
        return points(value, lang, who)
    return None


def pyramid_summary(pyramid: Sequence[int], lang: str, t: P.Tables = P.BUILTIN) -> str:
    """A pyramid's score and what made it: "23 points: 14 cards, 1 Mimic (−2)" or with "full
    pyramid +5"."""
    total = P.score(pyramid, t)
    cards = P.count(pyramid)
    mimics = sum(1 for code in pyramid if code == MIMIC)
    full = P.is_full(pyramid)
    if is_ja(lang):
        parts = [f"{cards}枚"]
        if mimics:
            parts.append(f"ミミック{mimics}枚（{signed(P.MIMIC_SCORE * mimics)}）")
        if full:
            parts.append(f"ピラミッド完成 +{P.FULL_BONUS}")
        return f"{point_count(total, lang)}（{'、'.join(parts)}）"
    parts = [f"{cards} card{'s' if cards != 1 else ''}"]
    if mimics:
        parts.append(
            f"{mimics} Mimic{'s' if mimics != 1 else ''} ({signed(P.MIMIC_SCORE * mimics)})"
        )
    if full:
        parts.append(f"full pyramid +{P.FULL_BONUS}")
    return f"{point_count(total, lang)} ({', '.join(parts)})"


def winners_line(winners: Sequence[int], lang: str, who: SeatWord) -> str:
    """The winners, "Winner: seat 1" / "Winners (shared): seat 0, seat 2" / "勝者：席1"."""
    listed = joined([who(seat) for seat in winners], lang)
    if is_ja(lang):
        return f"勝者：{listed}" + ("（同点で分け合い）" if len(winners) > 1 else "")
    if len(winners) > 1:
        return f"Winners (shared): {listed}"
    return f"Winner: {listed}"


def point_count(value: int, lang: str) -> str:
    """ "1 point", "−3 points" / "1点"."""
    if is_ja(lang):
        return f"{signed(value)}点"
    return f"{signed(value)} point{'' if value in (1, -1) else 's'}"


def _code(key: str) -> int:
    code = parse_card(key)
    if code is None:
        raise ValueError(f"{key!r} is no card")
    return code


def both(en: str, ja: str) -> dict[str, str]:
    """A word in both languages, as clients read it."""
    return {"en": en, "ja": ja}


def card_words(deck: Deck | None = None) -> dict[str, dict[str, str]]:
    """Every card key with its names in `deck` (bodoge's list if None), for values of a result's
    breakdown that are cards."""
    return {
        key: both(card(code, "en", deck), card(code, "ja", deck)) for code, key in enumerate(KEYS)
    }
