"""The work that happens by itself, in the one process that holds a table's lease: the bots
(bots.py), the timeouts of the clocks (timeouts.py) and the leases (leases.py)."""
