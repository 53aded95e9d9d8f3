"""What the four Collectable Monster games share: the 90-card monster deck (`cards`, its
`data/cards.toml`), the collection pyramid, and the words, terminal drawing, observation and
public-content pieces more than one game uses."""
