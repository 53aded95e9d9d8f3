"""What reaches clients and processes as it happens: the websockets (hub.py) and the notices
between server processes (notices.py)."""
