"""Where each Koremon game's rules page is: its own section of docs/games/koremon.md after the
sections the four share (and, for Auction and Hunt, the collection pyramid's)."""

from __future__ import annotations

from bodoge.engine.game import RulesPage

_SHARED_EN = ("English / Where the rules come from", "English / The card set [bodoge]")
_SHARED_JA = ("日本語 / ルールの出典", "日本語 / カード構成［bodoge］")
_PYRAMID_EN = ('English / The collection pyramid: the "normal rules" [bodoge]',)
_PYRAMID_JA = ("日本語 / コレクション・ピラミッド：「通常のルール」［bodoge］",)


def rules_page(en: str, ja: str, pyramid: bool) -> RulesPage:
    """A game's page of koremon.md: the shared sections (and the pyramid's), then its own."""
    extra_en, extra_ja = (_PYRAMID_EN, _PYRAMID_JA) if pyramid else ((), ())
    return RulesPage(
        "koremon.md",
        (*_SHARED_EN, *extra_en, f"English / {en}"),
        (*_SHARED_JA, *extra_ja, f"日本語 / {ja}"),
    )
