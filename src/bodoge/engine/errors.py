"""The errors a user can cause. Each carries one clear line for the command line and the server,
a stable `code` for programs, and a message in Japanese as well as English.

Raise sites give the English line and, where they can say it better than the kind's own Japanese
line, a Japanese one (`ja=`); otherwise the Japanese message is the kind's line followed by the
English detail, so a Japanese reader always gets a sentence in Japanese.
"""

from __future__ import annotations

from typing import ClassVar


class BodogeError(Exception):
    """Base of every error that is the caller's doing (bad game, options, state or action)."""

    code: ClassVar[str] = "error"
    kind_ja: ClassVar[str] = "入力に誤りがあります"

    def __init__(self, message: str = "", ja: str | None = None) -> None:
        super().__init__(message)
        self.ja = ja

    def message(self, lang: str = "en") -> str:
        if lang != "ja":
            return str(self)
        return self.ja or f"{self.kind_ja}（{self}）"

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": {"en": self.message("en"), "ja": self.message("ja")}}


class UnknownGame(BodogeError):
    code = "unknown_game"
    kind_ja = "そのゲームはありません"


class InvalidOptions(BodogeError):
    code = "invalid_options"
    kind_ja = "オプションが正しくありません"


class InvalidState(BodogeError):
    """A state JSON (or game record) that is malformed or inconsistent."""

    code = "invalid_state"
    kind_ja = "状態のデータが正しくありません"


class IllegalAction(BodogeError):
    code = "illegal_action"
    kind_ja = "その手は今は選べません"


class WrongSeat(IllegalAction):
    """A seat tried to act while it is not pending."""

    code = "not_your_turn"
    kind_ja = "今はその席の手番ではありません"


class GameOver(IllegalAction):
    """A decision sent to a game that has ended."""

    code = "game_over"
    kind_ja = "ゲームは終了しています"


class StaleMove(IllegalAction):
    """A decision sent for a ply the game has already passed (someone moved first)."""

    code = "stale"
    kind_ja = "局面が進んでいます。最新の局面から選び直してください"


class UndoRefused(IllegalAction):
    """An undo the policy does not allow now."""

    code = "undo_refused"
    kind_ja = "今は取り消せません"


class ContentError(BodogeError):
    """A content data file (tiles, boards, cards) that fails its schema check."""

    code = "invalid_content"
    kind_ja = "コンテンツのデータが正しくありません"
