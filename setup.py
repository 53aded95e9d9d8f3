"""The build of bodoge: pure Python by default, compiled with mypyc on request.

`pip install .` (and `pip install -e .`) installs the pure-Python package, the source of truth.
`BODOGE_COMPILE=1 pip install .` builds the same source with mypyc into C extensions for the hot
modules (the engine, the bots and the games below); the .py files ship beside them. The switch
also makes mypy a build requirement (build_backend/bodoge_build.py), so a plain install never
needs it. See docs/performance.md, "The compiled build".
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"



def game_packages() -> tuple[str, ...]:
    """The game packages whose specs ask for the compiled build (`GameSpec.compiled`), read from
    the source being built: adding a game is adding its folder."""
    sys.path.insert(0, str(SRC))
    try:
        from bodoge.engine.registry import compiled_packages

        return tuple(name.replace(".", "/") for name in compiled_packages())
    finally:
        sys.path.remove(str(SRC))


# Compiled: every module of these packages and the packages inside them (not their data
# folders), except those listed in PURE.
COMPILED_PACKAGES = ("bodoge/engine", "bodoge/ai", *game_packages())
PURE = {
    "bodoge/engine/native.py",  # gives mypyc_attr at run time (a no-op), so it stays Python
    # Match copies itself with Match.__new__ to skip __init__, which a native class cannot skip
    # (its __new__ runs __init__); it drives a match, not the playouts and searches.
    "bodoge/engine/match.py",
    # TerminalText subclasses str, which a native class cannot; it renders the terminal text.
    "bodoge/engine/text.py",
}


def compile_requested() -> bool:
    return os.environ.get("BODOGE_COMPILE", "") not in ("", "0")


def compiled_modules() -> list[str]:
    paths = []
    for package in COMPILED_PACKAGES:
        for path in sorted((SRC / package).rglob("*.py")):
            relative = path.relative_to(SRC).as_posix()
            if relative not in PURE and "data" not in path.relative_to(SRC / package).parts:
                paths.append(str(path.relative_to(HERE)))
    return paths


def ext_modules() -> list:
    if not compile_requested() or os.environ.get("BODOGE_SKIP_EXTENSIONS"):
        return []
    if "editable_wheel" in sys.argv:
        # An editable install imports from src/: extensions built there would shadow the
        # sources everyone edits.
        raise SystemExit("BODOGE_COMPILE=1 builds a wheel: use `pip install .`, not -e")
    from mypyc.build import mypycify

    os.chdir(HERE)  # mypy reads its settings from pyproject.toml here
    return mypycify(compiled_modules(), opt_level="3", group_name="bodoge")


def clear_built_packages() -> None:
    """A wheel is packed from build/lib*: the extensions an earlier compiled build left there
    would ship in this one, modules since made pure included (and a pure build with them)."""
    for built in HERE.glob("build/lib*"):
        shutil.rmtree(built)


clear_built_packages()
setup(ext_modules=ext_modules())
