"""Load on `bodoge serve`: N tables of random bots and M websocket spectators.

    python benchmarks/server_load.py          # 200 tables, 800 sockets, 25 s: 1 worker on SQLite,
                                              # then 1, 2 and 4 workers on PostgreSQL
    python benchmarks/server_load.py --db sqlite --workers 1 --tables 20 --sockets 80 --seconds 5
    python benchmarks/server_load.py --db postgresql --workers 1,4
    python benchmarks/server_load.py --db postgresql --workers 1,4 --light-client  # a cheaper
                                              # client: reads each update's type, ply, status
    python benchmarks/server_load.py --db postgresql --workers 4 --rate 300 --light-client
                                              # open loop: 300 moves/s offered, not flat out
    python benchmarks/server_load.py --db postgresql --workers 1,4 --proxy nginx --light-client
                                              # 4 workers as 4 processes behind nginx
    python benchmarks/server_load.py --db postgresql --workers 1,4 --proxy nginx --light-client \
        --rate-per-worker 150                 # 150 moves/s offered per process: 150 to one,
                                              # 600 to four (CPU per move at one load each)
    python benchmarks/server_load.py --db sqlite --workers 1 --tables 20 --sockets 80 \
        --seconds 10 --balance-run          # the same load while a studio balance run plays
                                            # (2,000 Monster Hex games, greedy bots) throughout

Each run starts `bodoge serve` on a free loopback port with `--bot-delay 0` (flat out: every bot
moves as soon as the server runs it) or, with `--rate R` (open loop), `--bot-delay N/R`: each of
the N tables' bots waits N/R seconds before each move, so the moves are offered at R per second
whatever the server's speed (a table's next move waits for its last one, so the achieved rate
is below R by each move's own time: both are printed), and a fresh
database: a temporary --data (SQLite), or a new PostgreSQL database on 127.0.0.1:5432 (dropped
after; several workers also get `--redis` on 127.0.0.1:6379 with a channel of their own). It
creates N tables whose seats are all `random` bots (such a table starts at once), and opens M
websockets as spectators (`{"type": "watch", "last_ply": 0}`) spread evenly over the tables. A
table that ends is replaced by a new one and its watchers move there, so N tables stay in play.
After a warm-up it measures for a fixed time, then stops the server and reads its move log. The
runs' figures are printed as one table.

What it measures:
- moves/s: rows of the server's `moves` table whose `created` falls in the measured window,
  divided by its length (every one committed: the log is read after the server stopped).
- latency of a move: from its `moves.created` (the server's wall clock, taken when the match has
  applied the move and before the commit) to the moment the LAST of that table's watchers
  received an update whose ply includes it (this process's wall clock: the same machine's
  clock). It includes the commit, the wake-up of each socket's sender, building and sending the
  update, and this client's own event loop delay in reading it. Only moves made after all of the
  table's watchers had their first update count; a move some watcher had not received by the end
  (plus a grace second) is counted as "undelivered", not given a latency.
- a table's pace: the time between the arrival of ply p and of ply p-1 at the table's last
  watcher. A bot moves as soon as the server runs it, so this is the wait of a move in the
  server's queue, which the latency above (from `created`) does not include.
- the client's event-loop lag (how late a 10 ms sleep wakes), so a slow client shows.
- CPU seconds of the server process, of the PostgreSQL processes serving the run's database
  ("db CPU") and of this client, and the load average before and after (the machine may be
  shared); "server CPU/move": the server's (every worker's) CPU milliseconds per stored move,
  the figure that says how the server would scale on more cores.

Each table is made over a new HTTP connection, as by many browsers, so the kernel spreads them
over the workers. With `--workers N` (one port) the kernel also spreads the sockets, so most
of a table's sockets are on processes other than its owner: affinity's worst case, every update
crosses Redis. `--proxy nginx` runs the deployment of docs/deploy.md instead: N separate
`bodoge serve --workers 1` processes (a port each, one database and Redis channel) behind nginx
(Debian's; a config written for the run from deploy/nginx.conf, its routing rules unchanged)
routing by table id, the client talking to nginx; nginx's CPU is counted apart, and the
forwarded requests and the updates published over Redis per move are read from each process's
/metrics.

Everything is on 127.0.0.1; the run is bounded by --seconds plus setup and grace timeouts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shlex
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
START_TIMEOUT = 60.0
GRACE = 1.0  # seconds after the window for the last updates to arrive
SETUP_TIMEOUT = 180.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


PG_SERVER = "postgresql://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/0"


def start_server(
    data: Path,
    port: int,
    log: Any,
    db_url: str | None,
    workers: int,
    bot_delay: float = 0.0,
    channel: str | None = None,
) -> subprocess.Popen[bytes]:
    """`bodoge serve` on `port` (with `channel`: one of several processes sharing Redis)."""
    command = [sys.executable, "-m", "bodoge", "serve", "--host", HOST, "--port", str(port),
               "--data", str(data), "--bot-delay", f"{bot_delay:g}",
               "--workers", str(workers)]  # fmt: skip
    if db_url is not None:
        command += ["--db", db_url]
    if workers > 1 or channel is not None:
        command += ["--redis", REDIS, "--redis-channel", channel or f"load-{port}"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    server = subprocess.Popen(command, stdout=log, stderr=log, env=env, start_new_session=True)
    wait_for(f"http://{HOST}:{port}/api/health", server, "bodoge serve")
    return server


def wait_for(url: str, process: subprocess.Popen[bytes], name: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{name} exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{name} did not answer within {START_TIMEOUT:.0f} s")


# /metrics counters read per move behind a proxy: requests and socket moves forwarded to an
# owner, updates an owner published over Redis for another process's sockets
COUNTED = ("bodoge_forwarded_total", "bodoge_updates_published_total")
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


def nginx_config(port: int, servers: list[int], tmp: Path) -> str:
    """deploy/nginx.conf (the routing rules: one source) with this run's servers and port, run
    in the foreground with its files in `tmp` and no access log."""
    text = NGINX_CONF.read_text()
    lines = "".join(f"        server {HOST}:{each};\n" for each in servers)
    upstream = re.compile(r"((?:^\s*server bodoge-\d+:\d+;\n)+)", re.MULTILINE)
    if len(upstream.findall(text)) != 2 or "listen 8080;" not in text:
        raise SystemExit(f"{NGINX_CONF} no longer has the two upstreams and port this expects")
    text = upstream.sub(lambda _: lines, text).replace("listen 8080;", f"listen {HOST}:{port};")
    text = text.replace(
        "http {", f"http {{\n    access_log off;\n    client_body_temp_path {tmp};", 1
    )
    head = ["worker_processes 1;", "worker_rlimit_nofile 20000;", f"pid {tmp}/nginx.pid;",
            f"error_log {tmp}/nginx.error.log;"]  # fmt: skip
    return "\n".join([*head, text])


def start_nginx(port: int, servers: list[int], tmp: Path) -> subprocess.Popen[bytes]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("--proxy nginx needs nginx (Debian: apt-get install -y nginx)")
    conf = tmp / "nginx.conf"
    conf.write_text(nginx_config(port, servers, tmp))
    process = subprocess.Popen(
        [nginx, "-c", str(conf), "-p", str(tmp), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    wait_for(f"http://{HOST}:{port}/api/health", process, "nginx")
    return process


@dataclass
class Servers:
    """What serves a run: one `bodoge serve` (with its workers), or several behind nginx."""

    processes: list[subprocess.Popen[bytes]]
    port: int  # where the client goes
    proxy: subprocess.Popen[bytes] | None = None
    ports: list[int] = field(default_factory=list)  # the servers' own, behind the proxy

    def cpu(self) -> float:
        return sum(cpu_seconds(each.pid) for each in self.processes)

    def proxy_cpu(self) -> float:
        return cpu_seconds(self.proxy.pid) if self.proxy is not None else 0.0

    def counters(self) -> dict[str, float]:
        """The forwarding counters of /metrics, summed over the processes (each process's own:
        with `--workers N` one port reaches one worker at a time, so only behind a proxy)."""
        found: dict[str, float] = {}
        ports = self.ports if self.proxy is not None else []
        for port in ports:
            text = httpx.get(f"http://{HOST}:{port}/metrics", timeout=10).text
            for line in text.splitlines():
                name, _, value = line.rpartition(" ")
                for wanted in COUNTED:
                    if name.startswith(wanted):
                        found[wanted] = found.get(wanted, 0.0) + float(value)
        return found

    def stop(self) -> None:
        for each in self.processes:
            stop_server(each)
        if self.proxy is not None:
            stop_server(self.proxy)


def start_servers(
    args: argparse.Namespace, tmp: Path, log: Any, db_url: str | None, workers: int
) -> Servers:
    data = tmp / "data"
    rate = offered(args, workers)
    delay = args.tables / rate if rate else 0.0
    if args.proxy is None or workers == 1:
        port = free_port()
        return Servers([start_server(data, port, log, db_url, workers, delay)], port)
    ports = [free_port() for _ in range(workers)]
    channel = f"load-{ports[0]}"
    started: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:
            started.append(start_server(data, port, log, db_url, 1, delay, channel))
        proxy_port = free_port()
        return Servers(started, proxy_port, start_nginx(proxy_port, ports, tmp), ports)
    except BaseException:
        for each in started:
            stop_server(each)
        raise


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process and its live descendants (the workers), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(int(child)) for child in children)


def database_cpu_seconds(db_url: str | None) -> dict[int, float]:
    """utime + stime of each PostgreSQL server process serving the run's database, by pid
    (none on SQLite, which runs inside the server)."""
    if db_url is None:
        return {}
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/test", autocommit=True) as admin:
        pids = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (db_url.rsplit("/", 1)[1],)
        ).fetchall()
    found = {}
    for (pid,) in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def stop_server(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def new_database() -> tuple[str, str]:
    """A fresh PostgreSQL database for one run: its name and URL."""
    import psycopg

    name = f"bodoge_load_{os.getpid()}_{int(time.time() * 1000) % 10**8}"
    with psycopg.connect(f"{PG_SERVER}/test", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return name, f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/test", autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        admin.execute(f'DROP DATABASE "{name}"')


def stored_moves(data: Path, db_url: str | None) -> list[tuple[str, int, float]]:
    query = "SELECT table_id, ply, created FROM moves"
    if db_url is None:
        with sqlite3.connect(data / "bodoge.sqlite3") as db:
            return db.execute(query).fetchall()
    import psycopg

    with psycopg.connect(db_url.replace("+psycopg", "")) as db:
        return db.execute(query).fetchall()


@dataclass
class Slot:
    """One of the N tables in play; its table id changes when a game ends."""

    number: int
    watchers: int
    tables: list[str] = field(default_factory=list)
    # (table id, ply) -> the latest arrival of that ply over the table's watchers, and how many
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    ready: dict[str, float] = field(default_factory=dict)  # table id -> all watchers had an update
    games: int = 0


class Load:
    def __init__(self, base: str, ws_base: str, args: argparse.Namespace) -> None:
        self.base, self.ws_base, self.args = base, ws_base, args
        self.stop = asyncio.Event()
        self.lags: list[float] = []
        self.failures = 0

    async def run(self, headers: dict[str, str], slots: list[Slot]) -> None:
        """Play every slot until `stop` is set (then every socket is closed)."""
        # No keep-alive: each table is made over a new connection, as from many browsers, so
        # the tables (and the bots, run where a table was made) spread over the workers.
        no_keepalive = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(
            base_url=self.base, headers=headers, timeout=SETUP_TIMEOUT, limits=no_keepalive
        ) as http:
            self.http = http
            tasks = [asyncio.create_task(self.play(slot)) for slot in slots]
            lag = asyncio.create_task(self.measure_lag())
            await self.stop.wait()
            lag.cancel()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def new_table(self) -> str:
        seats = [{"kind": "bot", "level": "random"}] * self.args.players
        answer = await self.http.post(
            "/api/tables",
            json={"game": self.args.game, "players": self.args.players, "seats": seats},
        )
        answer.raise_for_status()
        return str(answer.json()["table"]["id"])

    async def play(self, slot: Slot) -> None:
        while not self.stop.is_set():
            table = await self.new_table()
            slot.tables.append(table)
            slot.games += 1
            firsts: list[float] = []
            watchers = [self.watch(slot, table, firsts) for _ in range(slot.watchers)]
            await asyncio.gather(*watchers)

    async def watch(self, slot: Slot, table: str, firsts: list[float]) -> None:
        """Follow one table until its game ends or the run stops, noting when each ply arrived."""
        url = f"{self.ws_base}/ws/tables/{table}"
        try:
            async with connect(url, max_size=2**24, open_timeout=SETUP_TIMEOUT) as sock:
                await sock.send(json.dumps({"type": "watch", "last_ply": 0}))
                await self.follow(sock, slot, table, firsts)
        except (ConnectionClosed, OSError):
            if not self.stop.is_set():
                self.failures += 1

    async def follow(
        self, sock: ClientConnection, slot: Slot, table: str, firsts: list[float]
    ) -> None:
        """Note each update's arrival until the game is over (the run's end cancels it)."""
        seen, first = 0, True
        light = self.args.light_client
        async for text in sock:
            arrived = time.time()
            update = read_head(text) if light else json.loads(text)
            if update.get("type") != "update":
                continue
            if first:
                first = False
                firsts.append(arrived)
                if len(firsts) == slot.watchers:
                    slot.ready[table] = arrived
            ply = int(update["ply"])
            for done_ply in range(seen + 1, ply + 1):
                entry = slot.arrivals.setdefault((table, done_ply), [0.0, 0])
                entry[0] = max(entry[0], arrived)
                entry[1] += 1
            seen = max(seen, ply)
            if update.get("status") == "over":
                return

    async def measure_lag(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            self.lags.append(time.perf_counter() - before - 0.01)


UPDATE_HEAD = '{"type": "update", "ply": '


def read_head(text: str | bytes) -> dict[str, Any]:
    """What `follow` needs of an update (its type, its ply, whether the game is over) without
    decoding the whole message (--light-client). The server writes `type` and `ply` first and
    `status` after the events and the prompt, with nothing named "status" after it; anything
    else is decoded in full."""
    if isinstance(text, bytes) or not text.startswith(UPDATE_HEAD):
        return dict(json.loads(text))
    start = len(UPDATE_HEAD)
    ply = text[start : text.index(",", start)]
    at = text.rfind('"status": "')
    status = text[at + 11 : text.index('"', at + 11)] if at >= 0 else None
    return {"type": "update", "ply": int(ply), "status": status}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(args: argparse.Namespace, db: str, workers: int) -> dict[str, Any]:
    database, db_url = new_database() if db == "postgresql" else (None, None)
    try:
        return measure_on(args, db_url, workers)
    finally:
        if database is not None:
            drop_database(database)


def measure_on(args: argparse.Namespace, db_url: str | None, workers: int) -> dict[str, Any]:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bodoge-load-") as tmp:
        data = Path(tmp) / "data"
        with open(Path(tmp) / "server.log", "wb") as log:
            servers = start_servers(args, Path(tmp), log, db_url, workers)
            port = servers.port
            try:
                token = httpx.post(
                    f"http://{HOST}:{port}/api/guests", json={"name": "load"}
                ).json()["token"]
                per_table, extra = divmod(args.sockets, args.tables)
                slots = [Slot(i, per_table + (i < extra)) for i in range(args.tables)]
                load = Load(f"http://{HOST}:{port}", f"ws://{HOST}:{port}", args)
                marks: dict[str, float] = {"began": time.time()}
                db_before: dict[int, float] = {}
                db_after: dict[int, float] = {}
                counted: dict[str, float] = {}

                async def main() -> None:
                    runner = asyncio.create_task(
                        load.run({"Authorization": f"Bearer {token}"}, slots)
                    )
                    setup_deadline = time.monotonic() + SETUP_TIMEOUT
                    while not all(slot.ready for slot in slots):  # every socket is watching
                        if time.monotonic() > setup_deadline or runner.done():
                            raise SystemExit("the tables and sockets were not set up in time")
                        await asyncio.sleep(0.05)
                    marks["setup"] = time.time()
                    if args.balance_run:  # a designer's run, in the server's worker process
                        marks["run"] = await start_balance_run(f"http://{HOST}:{port}")
                    await asyncio.sleep(args.warmup)
                    marks["start"] = time.time()
                    marks["server_cpu"] = servers.cpu()
                    marks["proxy_cpu"] = servers.proxy_cpu()
                    marks["client_cpu"] = sum(os.times()[:2])
                    # /metrics and pg_stat_activity are read in a thread: done on this loop
                    # they held back the arrivals of the window's first moves by ~200 ms
                    counted_before = await asyncio.to_thread(servers.counters)
                    db_before.update(await asyncio.to_thread(database_cpu_seconds, db_url))
                    marks["lags"] = len(load.lags)
                    await asyncio.sleep(args.seconds)
                    marks["end"] = time.time()
                    marks["server_cpu_end"] = servers.cpu()
                    marks["proxy_cpu_end"] = servers.proxy_cpu()
                    marks["client_cpu_end"] = sum(os.times()[:2])
                    counted_after = await asyncio.to_thread(servers.counters)
                    counted.update(
                        {k: v - counted_before.get(k, 0.0) for k, v in counted_after.items()}
                    )
                    db_after.update(await asyncio.to_thread(database_cpu_seconds, db_url))
                    marks["lags_end"] = len(load.lags)
                    if args.balance_run:
                        marks["run_games"] = await end_balance_run(
                            f"http://{HOST}:{port}", marks["run"]
                        )
                    await asyncio.sleep(GRACE)
                    load.stop.set()
                    await asyncio.wait_for(runner, timeout=30)

                run_loop(main())
            except BaseException:
                servers.stop()
                kept = Path(tempfile.gettempdir()) / f"bodoge-load-server-{port}.log"
                shutil.copy(Path(tmp) / "server.log", kept)
                print(f"the run failed; the server's log is kept in {kept}", file=sys.stderr)
                raise
            servers.stop()
        rows = stored_moves(data, db_url)
    load_after = os.getloadavg()
    window_start, window_end = marks["start"], marks["end"]
    in_window = [(t, p, c) for t, p, c in rows if window_start <= c < window_end]
    latencies: list[float] = []
    intervals: list[float] = []  # a table's pace: ply p's arrival after ply p-1's
    undelivered = 0
    by_table = {table: slot for slot in slots for table in slot.tables}
    for table, ply, created in in_window:
        slot = by_table[table]
        ready = slot.ready.get(table)
        if ready is None or created < ready:
            continue
        entry = slot.arrivals.get((table, ply))
        if entry is None or entry[1] < slot.watchers:
            undelivered += 1
        else:
            latencies.append(entry[0] - created)
            before = slot.arrivals.get((table, ply - 1))
            if ply > 1 and before is not None and before[1] == slot.watchers:
                intervals.append(entry[0] - before[0])
    lags = load.lags[marks["lags"] : marks["lags_end"]]
    window = window_end - window_start
    return {
        "setup": marks["setup"] - marks["began"],
        "moves": len(in_window),
        "moves_per_s": len(in_window) / window,
        "latencies": latencies,
        "intervals": intervals,
        "undelivered": undelivered,
        "games": sum(slot.games for slot in slots),
        "failures": load.failures,
        "server_cpu": (marks["server_cpu_end"] - marks["server_cpu"]) / window,
        "proxy_cpu": (marks["proxy_cpu_end"] - marks["proxy_cpu"]) / window,
        "proxied": servers.proxy is not None,
        "counted": counted,
        # a process that started in the window counts whole, one that ended in it not at all
        "db_cpu": sum(cpu - db_before.get(pid, 0.0) for pid, cpu in db_after.items()) / window,
        "client_cpu": (marks["client_cpu_end"] - marks["client_cpu"]) / window,
        "lag_p99": percentile(lags, 0.99) if lags else float("nan"),
        "load_before": load_before,
        "load_after": load_after,
        "balance_games": marks.get("run_games"),
    }


BALANCE_GAMES = 2_000  # the most a run may play: with greedy bots (random ones finish 2,000
BALANCE_BOTS = ["greedy"]  # Monster Hex games in about 20 s) it lasts the whole measured window


async def start_balance_run(base: str) -> tuple[str, str]:
    """A balance run of its own guest, as from the studio: (its id, the guest's token)."""
    async with httpx.AsyncClient(base_url=base, timeout=SETUP_TIMEOUT) as http:
        token = (await http.post("/api/guests", json={"name": "designer"})).json()["token"]
        body = {"game": "monster_hex", "players": 2, "bots": BALANCE_BOTS,
                "games": BALANCE_GAMES, "seed": 1}  # fmt: skip
        answer = await http.post(
            "/api/balance", json=body, headers={"Authorization": f"Bearer {token}"}
        )
        answer.raise_for_status()
        return str(answer.json()["id"]), token


async def end_balance_run(base: str, run: tuple[str, str]) -> int:
    """The games the run played by now (it must still be going: the load was measured with it
    running), then cancel it."""
    run_id, token = run
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base, timeout=SETUP_TIMEOUT, headers=headers) as http:
        found = (await http.get(f"/api/balance/{run_id}")).json()
        if found["status"] != "running":
            raise SystemExit(f"the balance run ended before the window did ({found['status']})")
        await http.post(f"/api/balance/{run_id}/cancel")
        return int(found["done"])


def run_loop(coroutine: Any) -> None:
    try:
        import uvloop

        uvloop.run(coroutine)
    except ImportError:
        asyncio.run(coroutine)


def offered(args: argparse.Namespace, workers: int) -> float | None:
    """The moves/s offered to a run of `workers` (None: flat out)."""
    if args.rate_per_worker:
        return float(args.rate_per_worker * workers)
    return float(args.rate) if args.rate else None


def per_move(result: dict[str, Any]) -> float:
    """Server CPU milliseconds per stored move."""
    rate = result["moves_per_s"]
    return result["server_cpu"] * 1000 / rate if rate else float("nan")


def report(args: argparse.Namespace, results: list[tuple[str, int, dict[str, Any]]]) -> None:
    command = shlex.join([Path(sys.executable).name, *sys.argv])
    print(f"command: {command}")
    print(f"{args.tables} tables of {args.players} random bots ({args.game}), "
          f"{args.sockets} spectator sockets, {args.warmup:g} s warm-up, {args.seconds:g} s "
          f"measured per run; several workers share PostgreSQL and Redis")  # fmt: skip
    if args.proxy:
        print("several workers: separate processes behind nginx (deploy/nginx.conf's routing)")
    if args.light_client:
        print("light client: reads each update's type, ply and status, not all of it")
    if args.rate:
        delay = args.tables / args.rate
        print(f"open loop: {args.rate:g} moves/s offered (bot delay {delay:.3f} s per table)")
    if args.rate_per_worker:
        print(f"open loop: {args.rate_per_worker:g} moves/s offered per worker (so each process "
              "meets the same load whatever their number)")  # fmt: skip
    print()
    columns = ("db", "workers", "moves/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "measured moves",
               "undelivered", "games", "server CPU", "server CPU/move ms", "db CPU", "client CPU",
               "nginx CPU", "client lag p99", "pace p50/p99 ms", "setup s",
               "load avg before → after")  # fmt: skip
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for db, workers, result in results:
        latencies = [value * 1000 for value in result["latencies"]]
        if latencies:
            p50, p90, p99 = (percentile(latencies, q) for q in (0.5, 0.9, 0.99))
            top = max(latencies)
        else:
            p50 = p90 = p99 = top = float("nan")
        intervals = [value * 1000 for value in result["intervals"]]
        pace = (
            f"{percentile(intervals, 0.5):.0f}/{percentile(intervals, 0.99):.0f}"
            if intervals
            else "-"
        )
        label = f"{workers} (nginx)" if result["proxied"] else str(workers)
        nginx = f"{result['proxy_cpu']:.2f}" if result["proxied"] else "-"
        print(f"| {db} | {label} | {result['moves_per_s']:.0f} | {p50:.1f} | {p90:.1f} | "
              f"{p99:.1f} | {top:.1f} | {len(latencies)} | {result['undelivered']} | "
              f"{result['games']} | {result['server_cpu']:.2f} | "
              f"{per_move(result):.2f} | {result['db_cpu']:.2f} | "
              f"{result['client_cpu']:.2f} | {nginx} | "
              f"{result['lag_p99'] * 1000:.1f} ms | {pace} | {result['setup']:.1f} | "
              f"{result['load_before'][0]:.2f} → {result['load_after'][0]:.2f} |")  # fmt: skip
    for db, workers, result in results:
        if result["balance_games"] is not None:
            print(f"\n{db}, {workers} workers: a balance run played {result['balance_games']} "
                  "Monster Hex games meanwhile (since the setup)")  # fmt: skip
        moves = result["moves"]
        if result["counted"] and moves:
            each = ", ".join(
                f"{name.removeprefix('bodoge_').removesuffix('_total')} "
                f"{result['counted'].get(name, 0.0) / moves:.3f}"
                for name in COUNTED
            )
            print(f"\n{db}, {workers} workers behind nginx, per stored move: {each}")
        if result["failures"]:
            print(f"\n{db}, {workers} workers: {result['failures']} websockets closed unexpectedly")


DEFAULT_RUNS = [("sqlite", 1), ("postgresql", 1), ("postgresql", 2), ("postgresql", 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables in play (200)")
    parser.add_argument("--sockets", type=int, default=800, help="spectator websockets (800)")
    parser.add_argument("--seconds", type=float, default=25, help="measured seconds (25)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before measuring (5)")
    parser.add_argument("--game", default="koremon_evolution", help="game (koremon_evolution)")
    parser.add_argument("--players", type=int, default=2, help="bots per table (2)")
    parser.add_argument(
        "--db", choices=("sqlite", "postgresql"), help="only this database (default: both)"
    )
    parser.add_argument(
        "--workers", help="worker counts, e.g. 1,2,4 (default: 1 on SQLite, 1,2,4 on PostgreSQL)"
    )
    parser.add_argument(
        "--light-client",
        action="store_true",
        help="read only each update's type, ply and status instead of decoding it whole (the "
        "client runs on the same cores as the server)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        help="open loop: offer this many moves/s in all (each table's bots wait tables/rate "
        "seconds before a move) instead of bots moving flat out",
    )
    parser.add_argument(
        "--rate-per-worker",
        type=float,
        help="open loop, this many moves/s offered per worker: N workers get N times the load "
        "of one, so CPU per move compares processes at one load each (not one process flat out "
        "against four sharing the cores)",
    )
    parser.add_argument(
        "--proxy",
        choices=("nginx",),
        help="several workers as separate `bodoge serve` processes (a port each, one database "
        "and Redis) behind nginx routing by table id with deploy/nginx.conf's rules",
    )
    parser.add_argument(
        "--balance-run",
        action="store_true",
        help="a studio balance run (greedy bots, Monster Hex) plays throughout the measured time",
    )
    args = parser.parse_args()
    if args.rate is not None and args.rate <= 0:
        parser.error("--rate must be positive")
    if args.rate_per_worker is not None and (args.rate_per_worker <= 0 or args.rate):
        parser.error("--rate-per-worker must be positive, and not given with --rate")
    if args.tables < 1 or args.sockets < args.tables or args.seconds <= 0:
        parser.error("need at least one table, a socket per table and a positive --seconds")
    runs = DEFAULT_RUNS
    if args.db is not None or args.workers is not None:
        counts = [int(n) for n in (args.workers or "1").split(",")]
        dbs = [args.db] if args.db else ["sqlite", "postgresql"]
        runs = [(db, n) for db in dbs for n in counts if db == "postgresql" or n == 1]
    results, failed = [], []
    for db, workers in runs:
        try:
            results.append((db, workers, measure(args, db, workers)))
        except SystemExit as error:  # this run failed (its log is kept): the others go on
            failed.append(f"{db}, {workers} workers: {error}")
        time.sleep(2)  # let the machine settle between runs
    report(args, results)
    for line in failed:
        print(f"\nfailed: {line}")


if __name__ == "__main__":
    main()
