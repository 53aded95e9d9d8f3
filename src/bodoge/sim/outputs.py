"""Checks of the output paths of a batch, made before it starts: a batch may run for hours, and
an output it cannot write should be refused in its first second, not after its last game."""

from __future__ import annotations

import os
from pathlib import Path

from bodoge.engine import InvalidOptions

STDOUT = "-"


def _can_create_in(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)


def check_output_file(flag: str, target: str) -> None:
    """`target` (or "-", standard output) can be written as a file: an existing writable file, or
    a new one in an existing folder that takes new files."""
    if target == STDOUT:
        return
    path = Path(target)
    if path.is_dir():
        raise InvalidOptions(f"{flag} {target}: is a folder, not a file")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise InvalidOptions(f"{flag} {target}: the file is not writable")
        return
    folder = path.parent
    if not folder.exists():
        raise InvalidOptions(f"{flag} {target}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise InvalidOptions(f"{flag} {target}: {folder} is a file, not a folder")
    if not _can_create_in(folder):
        raise InvalidOptions(f"{flag} {target}: cannot create files in {folder}")


def check_output_folder(flag: str, target: str) -> None:
    """`target` is a folder that takes new files, or one that can be created (with its parents)."""
    path = Path(target)
    if path.exists():
        if not path.is_dir():
            raise InvalidOptions(f"{flag} {target}: is a file, not a folder")
        if not _can_create_in(path):
            raise InvalidOptions(f"{flag} {target}: cannot create files in this folder")
        return
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InvalidOptions(f"{flag} {target}: {ancestor} is a file, not a folder")
    if not _can_create_in(ancestor):
        raise InvalidOptions(f"{flag} {target}: cannot create folders in {ancestor}")


def check_outputs(json: str | None, csv: str | None, plot: str | None) -> None:
    """Every output path of `bodoge simulate` at once; raises InvalidOptions for the first that
    cannot be written."""
    if json == STDOUT and csv == STDOUT:
        raise InvalidOptions("--json and --csv cannot both go to standard output")
    if json and csv and json != STDOUT and Path(json).resolve() == Path(csv).resolve():
        raise InvalidOptions(f"--json and --csv name the same file {json}")
    if json:
        check_output_file("--json", json)
    if csv:
        check_output_file("--csv", csv)
    if plot:
        check_output_folder("--plot", plot)
