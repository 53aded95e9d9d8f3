"""Research environments (extra `rl`): bodoge's games for PettingZoo and OpenSpiel, on the match
engine.

`from bodoge.envs import koremon_evolution_v0; env = koremon_evolution_v0.env(players=3)`;
`import bodoge.envs.openspiel` registers the games with OpenSpiel (`python_bodoge_<game id>`).
See docs/rl.md.
"""
