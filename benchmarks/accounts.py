"""Accounts: what a password costs (argon2id with pwdlib's defaults) and a sign-in round trip.

    python benchmarks/accounts.py              # 10 hashes, 10 verifications, 10 sign-ins (SQLite)
    python benchmarks/accounts.py --rounds 20

A sign-in is one argon2 verification (also for a name that does not exist: a dummy hash), so its
time is about one verification plus the database: the figure that bounds how many sign-ins a
core can answer, and the work an attacker pays per guess.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.services.passwords import Passwords


def timed(work: object, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    hasher = Passwords().hasher
    stored = hasher.hash("correct horse battery")
    rows = [
        ("argon2id hash", timed(lambda: hasher.hash("correct horse battery"), args.rounds)),
        ("argon2id verify", timed(lambda: hasher.verify("wrong", stored), args.rounds)),
    ]
    with tempfile.TemporaryDirectory() as data:
        settings = Settings(data_dir=Path(data), signin_burst=10_000)
        with TestClient(create_app(settings)) as client:
            body = {"name": "aki", "password": "correct horse battery"}
            client.post("/api/account/signup", json=body)
            rows.append(
                (
                    "sign-in (HTTP, SQLite)",
                    timed(lambda: client.post("/api/account/signin", json=body), args.rounds),
                )
            )
            wrong = {"name": "nobody", "password": "correct horse battery"}
            rows.append(
                (
                    "sign-in, unknown name",
                    timed(lambda: client.post("/api/account/signin", json=wrong), args.rounds),
                )
            )
    print(f"{'what':28} {'median ms':>10} {'max ms':>8}   ({args.rounds} rounds)")
    for what, times in rows:
        print(f"{what:28} {statistics.median(times):10.1f} {max(times):8.1f}")


if __name__ == "__main__":
    main()
