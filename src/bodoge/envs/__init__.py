"""Research environments (extra `rl`): bodoge's games for PettingZoo, on the match engine.

`from bodoge.envs import koremon_evolution_v0; env = koremon_evolution_v0.env(players=3)`.
See docs/rl.md.
"""
