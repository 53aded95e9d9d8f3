"""The kits' shared way from a variant to a game's options and back (`content_options`,
`installed_data_of`): the `content` option names the variant by its digest, the data comes back
from the game's installed content, and built-in content names none."""

from __future__ import annotations

import pytest

from bodoge.engine.variants import VARIANT_PREFIX, VariantError, VariantKit, digest
from bodoge.games.collect.variant import KIT as COLLECT
from bodoge.games.koremon.evolution.variant import KIT as EVOLUTION
from bodoge.games.koremon.trick.variant import KIT as TRICK
from bodoge.games.monster_hex.variant import KIT as MONSTER_HEX

KITS = {"collect": COLLECT, "monster_hex": MONSTER_HEX, "trick": TRICK, "evolution": EVOLUTION}


@pytest.mark.parametrize("name", list(KITS))
def test_a_variant_is_named_by_its_digest_and_its_data_comes_back(name: str) -> None:
    kit: VariantKit = KITS[name]
    data = kit.builtin()
    options = kit.options(data)
    assert options == {"content": VARIANT_PREFIX + digest(data)}
    assert kit.data_of(options) == data
    assert kit.data_of({}) is None and kit.data_of({"content": "default"}) is None
    assert kit.data_of({"content": VARIANT_PREFIX + "0" * 64}) is None  # not installed here


@pytest.mark.parametrize("name", ["collect", "trick", "evolution"])
def test_the_kits_that_check_refuse_before_installing(name: str) -> None:
    kit: VariantKit = KITS[name]
    with pytest.raises(VariantError):
        kit.options({"nonsense": 1})
    assert kit.data_of({"content": VARIANT_PREFIX + digest({"nonsense": 1})}) is None
