"""Research environments (extra `rl`): bodoge's games for PettingZoo and OpenSpiel, on the match
engine.

`from bodoge.envs import koremon_evolution_v0; env = koremon_evolution_v0.env(players=3)`;
`import bodoge.envs.openspiel` registers the games with OpenSpiel (`python_bodoge_<game id>`).
See docs/rl.md.

The `<game id>_v0` modules are made on import for every registered game (a finder on
`sys.meta_path`), so a game added to the registry has its environment with no file here.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_loader
from types import ModuleType

SUFFIX = "_v0"


def _game_of(fullname: str) -> str | None:
    """The game id of `bodoge.envs.<id>_v0`, for a registered game; else None."""
    from bodoge.engine.registry import game_ids

    head, _, name = fullname.rpartition(".")
    if head != __name__ or not name.endswith(SUFFIX):
        return None
    game_id = name.removesuffix(SUFFIX)
    return game_id if game_id in game_ids() else None


class _EnvironmentFinder(MetaPathFinder, Loader):
    """Makes `bodoge.envs.<id>_v0`: the game's PettingZoo `env` and `raw_env`."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if _game_of(fullname) is None:
            return None
        return spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        from bodoge.envs.aec import make_env

        game_id = _game_of(module.__name__)
        assert game_id is not None  # found by find_spec
        module.__doc__ = f"{game_id} as a PettingZoo AEC environment (see bodoge.envs.aec)."
        module.env, module.raw_env = make_env(game_id)  # type: ignore[attr-defined]


if not any(isinstance(finder, _EnvironmentFinder) for finder in sys.meta_path):
    sys.meta_path.append(_EnvironmentFinder())
