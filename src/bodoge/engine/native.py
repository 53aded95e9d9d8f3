"""`mypyc_attr`, the class settings of the optional compiled build (setup.py, BODOGE_COMPILE=1).

mypyc reads the decorator from the source; the type checker sees mypy's own. At run time this
pure module gives a decorator that changes nothing, so the pure-Python package never needs
mypy_extensions and classes behave alike in both builds. setup.py keeps this module pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*_flags, **_settings):
        return lambda cls: cls
