"""What the Koremon variant tests share: the card list edited species by species, a hand-set
position played with a variant list, and a kit's refusals."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from bodoge.engine import Rng, State
from bodoge.engine.registry import get_spec
from bodoge.engine.variants import VariantError, VariantKit
from bodoge.games.koremon.common import variant as common_variant

S = TypeVar("S", bound=State)


def edited(**changes: dict[str, Any]) -> dict[str, Any]:
    """The built-in list with some species' fields changed: edited(orc={"rank": 5})."""
    data = common_variant.builtin()
    for item in data["species"]:
        item.update(changes.get(item["key"], {}))
    data["mimic"].update(changes.get("mimic", {}))
    return data


def with_variant(state: S, data: dict[str, Any]) -> S:
    """The same hand-set position, played with the variant `data`'s card list."""
    kit = get_spec(state.info.id).variants
    assert kit is not None
    written = state.to_json()
    written["options"] = {**written["options"], **kit.options(data)}
    return type(state).from_json(written)


def refusals(kit: VariantKit, data: Any) -> list[tuple[str, str, str]]:
    """The kit's problems with `data` (it must refuse it), each as (field, en, ja), each said in
    both languages."""
    with pytest.raises(VariantError) as caught:
        kit.check(data)
    problems = caught.value.problems
    assert all(p.en and p.ja and p.en != p.ja for p in problems)
    return [(p.field, p.en, p.ja) for p in problems]


def play_alike(builtin: State, variant: State, seed: int = 11) -> None:
    """Play the two games with the same random moves to the end: the same legal moves, events,
    result and state (but the options) at every step, as a game of bodoge's own list and one of
    the identical list given as a variant must be."""
    picker = Rng(seed)
    while not builtin.is_over():
        seat = builtin.pending()[0]
        legal = builtin.legal_actions(seat)
        assert variant.legal_actions(seat) == legal
        action = legal[picker.below(len(legal))]
        assert builtin.apply(seat, action) == variant.apply(seat, action)
    assert variant.is_over() and builtin.result() == variant.result()
    assert builtin.scores() == variant.scores()
    drop = {"options"}
    assert {k: v for k, v in builtin.to_json().items() if k not in drop} == {
        k: v for k, v in variant.to_json().items() if k not in drop
    }
