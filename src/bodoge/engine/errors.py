"""The errors a user can cause. Each carries one clear line for the command line and the server."""


class BodogeError(Exception):
    """Base of every error that is the caller's doing (bad game, options, state or action)."""


class UnknownGame(BodogeError):
    pass


class InvalidOptions(BodogeError):
    pass


class InvalidState(BodogeError):
    """A state JSON that is malformed or inconsistent."""


class IllegalAction(BodogeError):
    pass


class WrongSeat(IllegalAction):
    """A seat tried to act while it is not pending."""


class ContentError(BodogeError):
    """A content data file (tiles, boards, cards) that fails its schema check."""
