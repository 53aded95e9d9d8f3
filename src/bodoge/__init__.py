"""bodoge (ボドゲ): Japanese tabletop games with their complete rules."""

__version__ = "0.1.0"


def build_kind() -> str:
    """Which build is running: "compiled" when the engine is the C extensions of the optional
    mypyc build (`BODOGE_COMPILE=1 pip install .`), else "pure" (plain Python, the default)."""
    from bodoge.engine import state

    return "pure" if state.__file__.endswith(".py") else "compiled"
