"""Figures for ``norsewind web`` against ``norsewind serve``: memory and CPU per session at the same
pace, and key-to-screen latency, over the websocket and in a real browser.

    python bench/web.py [--sessions 10,50] [--rounds 20] [--pace 2.0] [--no-browser] [--screenshot FILE]

Starts ``norsewind web`` and ``norsewind serve --open`` on free loopback ports in processes of their
own, each with a temporary saves folder. For each count N of ``--sessions``, first over the web, then
over SSH:

- N clients open a session (a websocket speaking textual-serve's protocol, or an asyncssh channel
  with a pty), wait for the title screen, and start a solo game (n, Ctrl+S);
- then ``--rounds`` rounds at ``--pace`` seconds a key for each session (the sessions spread over the
  pace): a cursor key on the game screen (right, left, ...); the time from sending it to the first
  bytes of the redrawn screen (median and worst over every key of every session);
- the app processes' CPU over those rounds (utime + stime from /proc, as a share of one core), and
  their memory at the end (RSS and PSS, medians) with the server process's growth per session.

Then, with Chromium (Debian's, ``/usr/bin/chromium``, through Playwright), one page plays beside
N - 1 web sessions at the same pace (a run of its own: Chromium's drawing, software WebGL here, loads
the machine); its key-to-screen time is measured inside the page, from the key's ``keydown`` to the
next animation frame after the first websocket message that followed it (xterm.js
draws it in that frame). ``--screenshot FILE`` saves that page at 80x24.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh
import ssh  # bench/ssh.py: a screen, a server started, its app processes, their memory
from ssh import children, memory, start

TITLE = "Resume a saved game"
GAME = "Enter Choose"
KEYS = ("\x1b[C", "\x1b[D")  # right, left: the game screen's cursor moves, the screen is redrawn
COLS, ROWS = 100, 32
CHROMIUM = "/usr/bin/chromium"
TICKS = os.sysconf("SC_CLK_TCK")


# --------------------------------------------------------------------------- the two kinds of client


class Screen(ssh.Screen):
    """What a client has received, drawn by pyte, and how many times it received something."""

    WAIT = 120.0

    def __init__(self) -> None:
        super().__init__(COLS, ROWS)
        self.arrivals = 0

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.arrivals += 1
        self.changed.set()

    async def next_arrival(self, after: int, timeout: float = 30) -> None:
        while self.arrivals <= after:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout)


class WebClient(Screen):
    def __init__(self, http: aiohttp.ClientSession) -> None:
        super().__init__()
        self.http = http
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self, port: int) -> None:
        self.ws = await self.http.ws_connect(f"http://127.0.0.1:{port}/ws?width={COLS}&height={ROWS}", max_msg_size=0)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.feed(message.data)

    async def press(self, keys: str) -> None:
        assert self.ws is not None
        await self.ws.send_json(["stdin", keys])

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class SshClient(Screen, asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        Screen.__init__(self)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.feed(data)

    async def open(self, port: int, name: str) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=name, known_hosts=None, client_keys=None, agent_path=None, config=None
        )
        self.chan, _ = await self.conn.create_session(
            lambda: self, term_type="xterm-256color", term_size=(COLS, ROWS), encoding=None
        )

    async def press(self, keys: str) -> None:
        assert self.chan is not None
        self.chan.write(keys.encode())

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


# --------------------------------------------------------------------------- processes


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def ms(values: list[float]) -> str:
    if not values:
        return "nothing measured"
    return f"median {statistics.median(values) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms ({len(values)} keys)"


# --------------------------------------------------------------------------- one run


async def paced(clients: list[Any], rounds: int, pace: float) -> list[float]:
    """Each client presses a cursor key every ``pace`` seconds (spread over the pace); the time from
    each key to the first bytes that came back."""
    delays: list[float] = []

    async def one(i: int, client: Any) -> None:
        await asyncio.sleep(pace * i / len(clients))
        for r in range(rounds):
            began = time.monotonic()
            before = client.arrivals
            await client.press(KEYS[r % 2])
            await client.next_arrival(before)
            delays.append(time.monotonic() - began)
            await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))

    await asyncio.gather(*(one(i, c) for i, c in enumerate(clients)))
    return delays


async def into_a_game(client: Any) -> None:
    await client.wait_for(TITLE)
    await client.press("n")
    await client.wait_for("Solo level")
    await client.press("\x13")
    await client.wait_for(GAME)


async def measure(
    label: str,
    server_pid: int,
    sessions: int,
    rounds: int,
    pace: float,
    opener: Callable[[int], Awaitable[Any]],
    beside: Callable[[], Awaitable[list[float]]] | None = None,
) -> None:
    base_rss, base_pss = memory(server_pid)
    clients = [await opener(i) for i in range(sessions)]
    await asyncio.gather(*(into_a_game(c) for c in clients))
    apps = children(server_pid)
    cpu_before = {p: cpu_seconds(p) for p in apps}
    began = time.monotonic()
    page: list[float] = []
    if beside is None:
        delays = await paced(clients, rounds, pace)
    else:
        delays, page = await asyncio.gather(paced(clients, rounds, pace), beside())
    elapsed = time.monotonic() - began
    shares = [(cpu_seconds(p) - cpu_before[p]) / elapsed for p in apps if p in cpu_before]
    per_app = [memory(p) for p in apps]
    rss, pss = memory(server_pid)
    print(f"{label}, {sessions} sessions, a key every {pace:g} s each, load {load()}:")
    print(f"  key to the first bytes back: {ms(delays)}")
    if page:
        print(f"  in Chromium (keydown to the frame drawn after the first message): {ms(page)}")
    print(
        f"  app CPU: median {statistics.median(shares) * 100:.1f}% of a core, worst {max(shares) * 100:.1f}%; "
        f"app RSS median {statistics.median(r for r, _ in per_app) / 1024:.1f} MiB, "
        f"PSS median {statistics.median(p for _, p in per_app) / 1024:.1f} MiB"
    )
    print(
        f"  server process: RSS {base_rss / 1024:.1f} -> {rss / 1024:.1f} MiB "
        f"({(rss - base_rss) / sessions:+.0f} KiB a session, PSS {(pss - base_pss) / sessions:+.0f} KiB)"
    )
    for client in clients:
        await client.close()
    deadline = time.monotonic() + 30
    while children(server_pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)


# --------------------------------------------------------------------------- the browser

MEASURE = """
(() => {
  const keys = [], firsts = [];
  window.__norsewind = { keys, firsts, delays: [] };
  document.addEventListener("keydown", () => keys.push(performance.now()), true);
  const Real = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const ws = new Real(url, protocols);
    ws.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const got = performance.now();
      const key = keys.length ? keys[keys.length - 1] : null;
      if (key !== null && firsts.length < keys.length) {
        firsts.push(got);
        requestAnimationFrame(() => window.__norsewind.delays.push(performance.now() - key));
      }
    });
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
})();
"""


async def browser_player(port: int, rounds: int, pace: float, screenshot: str | None) -> list[float]:
    from playwright.async_api import WebSocket, async_playwright

    seen = Screen()  # what the page's websocket receives, drawn by pyte (xterm.js draws on a canvas)

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: seen.feed(payload) if isinstance(payload, bytes) else None)

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = await browser.new_page(viewport={"width": 728, "height": 444})  # 80x24 cells of 9x18 px
            page.on("websocket", on_socket)
            await page.add_init_script(MEASURE)
            await page.goto(f"http://127.0.0.1:{port}/")
            await seen.wait_for(TITLE)
            await page.focus("textarea.xterm-helper-textarea")
            await page.keyboard.press("n")
            await seen.wait_for("Solo level")
            await page.keyboard.press("Control+s")
            await seen.wait_for("Choose")
            await page.evaluate("() => { const m = window.__norsewind; m.keys.length = m.firsts.length = 0; }")
            await page.evaluate("() => { window.__norsewind.delays.length = 0; }")
            for r in range(rounds):
                began = time.monotonic()
                before = seen.arrivals
                await page.keyboard.press("ArrowRight" if r % 2 == 0 else "ArrowLeft")
                await seen.next_arrival(before)
                await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))
            if screenshot:
                await page.screenshot(path=screenshot)
            delays = await page.evaluate("() => window.__norsewind.delays")
            return [float(d) / 1000 for d in delays]
        finally:
            await browser.close()


# --------------------------------------------------------------------------- main


async def run(args: argparse.Namespace, web: tuple[int, int], ssh: tuple[int, int]) -> None:
    (web_pid, web_port), (ssh_pid, ssh_port) = web, ssh
    counts = [int(n) for n in args.sessions.split(",")]
    async with aiohttp.ClientSession() as http:
        for n in counts:

            async def open_web(i: int) -> WebClient:
                client = WebClient(http)
                await client.open(web_port)
                return client

            async def open_ssh(i: int) -> SshClient:
                client = SshClient()
                await client.open(ssh_port, f"bench{i}")
                return client

            await measure("web", web_pid, n, args.rounds, args.pace, open_web)
            await measure("ssh", ssh_pid, n, args.rounds, args.pace, open_ssh)
            if not args.no_browser:  # apart: Chromium's own drawing (software WebGL here) loads the machine

                async def beside_page() -> list[float]:
                    return await browser_player(web_port, args.rounds, args.pace, args.screenshot)

                await measure("web with Chromium", web_pid, n - 1, args.rounds, args.pace, open_web, beside_page)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", default="10,50", help="session counts, comma-separated (default 10,50)")
    parser.add_argument("--rounds", type=int, default=20, help="keys each session presses (default 20)")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a session's keys (default 2)")
    parser.add_argument("--no-browser", action="store_true", help="no Chromium page beside the web sessions")
    parser.add_argument("--screenshot", metavar="FILE", help="save the Chromium page (80x24) as a PNG")
    args = parser.parse_args()
    counts = [int(n) for n in args.sessions.split(",") if n.strip().isdigit()]
    least = 1 if args.no_browser else 2  # the Chromium run: one page beside N - 1 websockets
    if len(counts) != len(args.sessions.split(",")) or min(counts) < least:
        parser.error(f"--sessions takes whole numbers of {least} or more, comma-separated, not {args.sessions!r}")
    most = max(counts) + 2
    with tempfile.TemporaryDirectory() as tmp:
        web_saves, ssh_saves = Path(tmp) / "web", Path(tmp) / "ssh"
        python = [sys.executable, "-m", "norsewind_tui.cli"]
        limits = ["--max-sessions", str(most), "--max-startups", str(most), "--per-source-max-startups", str(most)]
        limits += ["--login-grace-time", "120"]
        web = start(
            [*python, "web", "--port", "0", "--saves", str(web_saves), *limits],
            r"open http://[^:]+:(\d+)/",
        )
        ssh = start(
            [*python, "serve", "--open", "--port", "0", "--saves", str(ssh_saves), *limits],
            r"listening on [^:]+:(\d+)",
        )
        try:
            asyncio.run(run(args, (web[0].pid, web[1]), (ssh[0].pid, ssh[1])))
        finally:
            for proc, _ in (web, ssh):
                proc.terminate()
                proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
