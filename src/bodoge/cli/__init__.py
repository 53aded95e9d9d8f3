"""The `bodoge` command line."""
