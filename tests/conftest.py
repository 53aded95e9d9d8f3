"""Makes the shared checks (`protocol_checks`) importable from every test folder."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
