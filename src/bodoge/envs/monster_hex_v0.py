"""Monster Hex as a PettingZoo AEC environment (see bodoge.envs.aec)."""

from bodoge.envs.aec import make_env

env, raw_env = make_env("monster_hex")
