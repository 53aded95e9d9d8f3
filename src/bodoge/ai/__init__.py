"""Bots that play any registered game through the protocol alone."""
