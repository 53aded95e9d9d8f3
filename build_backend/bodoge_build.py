"""setuptools' build backend, with mypy added to the build requirements only when
BODOGE_COMPILE asks for the compiled build (setup.py). A plain install needs nothing but
setuptools, as before."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the hooks this module does not change)

COMPILE_REQUIRES = ["mypy>=1.18"]  # mypyc ships with mypy


def _compile_requested() -> bool:
    return os.environ.get("BODOGE_COMPILE", "") not in ("", "0")


@contextmanager
def _without_extensions() -> Iterator[None]:
    """setuptools runs setup.py to list requirements and to write metadata; neither needs the
    extensions, and the first runs before mypy is installed: this tells setup.py to leave the
    mypyc step out (it takes minutes) for those runs."""
    os.environ["BODOGE_SKIP_EXTENSIONS"] = "1"
    try:
        yield
    finally:
        del os.environ["BODOGE_SKIP_EXTENSIONS"]


def _quick(hook: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        with _without_extensions():
            return hook(*args, **kwargs)

    return run


prepare_metadata_for_build_wheel = _quick(_setuptools.prepare_metadata_for_build_wheel)
get_requires_for_build_sdist = _quick(_setuptools.get_requires_for_build_sdist)
build_sdist = _quick(_setuptools.build_sdist)  # an sdist carries the sources only


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    with _without_extensions():
        requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return requires + (COMPILE_REQUIRES if _compile_requested() else [])


def _pure_only(hook: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        if _compile_requested():
            # An editable install imports from src/: extensions built there would shadow the
            # sources everyone edits.
            raise SystemExit("BODOGE_COMPILE=1 builds a wheel: use `pip install .`, not -e")
        return hook(*args, **kwargs)

    return run


get_requires_for_build_editable = _pure_only(_setuptools.get_requires_for_build_editable)
prepare_metadata_for_build_editable = _pure_only(_setuptools.prepare_metadata_for_build_editable)
build_editable = _pure_only(_setuptools.build_editable)
