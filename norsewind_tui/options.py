"""What the command line said, typed, read once (issue 22 §3).

``cli.main`` parses the arguments into one frozen ``Options``; the app (``run_app``),
``serve`` and every subcommand take it.  A field belongs to one subcommand or a few; the
others keep their defaults.  This module is the lowest of the package (it imports nothing
of ours), so every layer may take an ``Options`` without depending on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date
from typing import Any


@dataclass(frozen=True)
class Options:
    """Every option of ``norsewind`` and its subcommands (argparse's ``dest`` names)."""

    command: str | None = None  # the subcommand (None: the app itself)
    # the app, and every command that reads the saves folder
    cards: str | None = None  # --cards FILE
    saves: str | None = None  # --saves DIR
    database: str | None = None  # --database URL (None: $NORSEWIND_DATABASE, else the saves folder)
    seed: int | None = None  # the app's fixed seed (tests, screenshots); simulate's first (0 by default)
    no_mouse: bool = False
    page: str | None = None  # the page the app opens on ("learn")
    lines: bool = False  # play --lines: the game as plain lines (norsewind_tui/lines), not the full-screen app
    colour: bool = False  # play --lines --colour: colours in the lines (no escape sequence without it)
    profile: str | None = None  # the campaign profile (daily, progress)
    collect: bool = False  # puzzle --collect: puzzles from the analysed games here (issue 43)
    share: str | None = None  # puzzle --share yes|no: may this player's games give the host's puzzles
    # simulate
    players: int = 2
    games: int = 100  # simulate's games, progress's recent games
    level: int | None = None  # simulate's and halloffame's (None: all); daily's (1 by default)
    json: bool = False
    random_tiles: bool = False
    bots: str | None = None
    jobs: int = 1
    engine: str | None = None  # simulate --engine CMD: the outside engine named "engine" in --bots
    engine_time: float = 5.0  # seconds for each of its answers
    bot: str = "greedy"  # engine --bot NAME: the player that speaks the protocol
    # the saves commands, export, import, review, cards check
    cards_command: str | None = None
    db_command: str | None = None  # db upgrade (import, export)
    saves_command: str | None = None
    file: str = ""  # the file named (cards check, saves verify, import)
    name: str = ""  # the game named ("" for resume: the latest)
    watch: bool = False
    form: str = "text"
    table: bool = False
    output: str | None = None
    as_name: str | None = None
    again: bool = False
    analyse: bool = False
    seat: int | None = None
    # daily, halloffame
    daily: date | None = None
    today: date | None = None
    # tournament (issue 44.1)
    tournament_command: str | None = None  # create, join, start, leave, show, list
    swiss: bool = False
    seats: int = 2
    rounds: int | None = None
    round_hours: int = 24
    computers: tuple[str, ...] = ()  # --computer LEVEL, each
    clock: str | None = None  # tableclock.parse_clock's spec
    # serve (its defaults are these: ssh/server.py's ServeConfig takes them from here)
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: str | None = None
    open: bool = False
    idle_timeout: float = 1800.0
    max_sessions: int = 16
    login_grace_time: float = 20.0  # OpenSSH's LoginGraceTime is 120 s; a key login takes well under 1 s
    max_startups: int = 32  # connections logging in at once (OpenSSH: MaxStartups)
    per_source_max_startups: int = 8  # the same from one address (OpenSSH: PerSourceMaxStartups)
    serve_saves: str | None = None  # serve's own --saves (after the subcommand); web's too
    # web (and serve's host, limits and saves above)
    web_port: int = 8000
    public_url: str | None = None
    password_file: str | None = None
    trust_header: str | None = None
    trust_proxy: str | None = None  # comma-separated addresses (None: loopback)

    @classmethod
    def of(cls, parsed: dict[str, Any]) -> Options:
        """The options of ``vars(namespace)``: argparse's values under their ``dest`` names
        (a name that is not an option, such as the handler, is left out)."""
        # None from argparse for an option with a value by default (resume's NAME): that value
        defaults = {f.name: f.default for f in fields(cls)}
        given: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v  # an option given again and again (--computer): a tuple
            for k, v in parsed.items()
            if k in defaults and (v is not None or defaults[k] is None)
        }
        return cls(**given)

    def paths(self) -> tuple[str, ...]:
        """The file and folder names given (checked for length before anything is touched)."""
        given = (
            self.cards,
            self.saves,
            self.file,
            self.serve_saves,
            self.authorized_keys,
            self.output,
            self.password_file,
        )
        return tuple(p for p in given if p)
