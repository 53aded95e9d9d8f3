"""One package per game (or family of games). Each lists its state classes in `GAMES`."""
