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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

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
    # GameSpec is a generic frozen dataclass, which a native class cannot be (compiled, its module
    # fails on import: "attribute '__dict__' of 'type' objects is not writable"); it is read
    # once a decision, not in the playouts.
    "bodoge/engine/game.py",
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
    # multi_file: one C file per module instead of one big file, so that the C compiler can
    # work on several at once (ParallelBuildExt); measured no slower at run time
    # (docs/performance.md, "The compiled build").
    return mypycify(compiled_modules(), opt_level="3", group_name="bodoge", multi_file=True)


class ParallelBuildExt(build_ext):
    """build_ext compiling an extension's C files on every core: mypyc puts all the compiled
    modules in one extension (their shared library), which setuptools compiles one file at a
    time (its `--parallel` runs whole extensions side by side, and that one is most of the work).
    """

    def build_extension(self, ext: Any) -> None:
        serial = self.compiler.compile

        def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                return serial(sources, *args, **kwargs)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                # the largest files first, so that no big one starts last
                started = {
                    source: pool.submit(serial, [source], *args, **kwargs)
                    for source in sorted(sources, key=os.path.getsize, reverse=True)
                }
                return [obj for source in sources for obj in started[source].result()]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile  # the compiler's own method again


def clear_built_packages() -> None:
    """A wheel is packed from build/lib*: the extensions an earlier compiled build left there
    would ship in this one, modules since made pure included (and a pure build with them)."""
    for built in HERE.glob("build/lib*"):
        shutil.rmtree(built)


clear_built_packages()
setup(ext_modules=ext_modules(), cmdclass={"build_ext": ParallelBuildExt})
