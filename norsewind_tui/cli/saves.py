"""The storage subcommands of ``norsewind``: saves, saves verify, saves rm, resume, progress.

``add_storage_commands(sub)`` registers them on the main parser's subparsers;
the global ``--saves DIR`` option (in ``cli/__init__.py``) says where the saves are.
Every failure is one line on stderr and a non-zero exit status.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..options import Options
from ..rules.engine import SOLO_LEVELS
from ..safetext import safe_text, short_name
from ..storage.commands import typed
from ..storage.context import AppContext, names_database
from ..storage.errors import GameLocked, StorageError
from ..storage.format import SeatMeta
from ..storage.paths import ENV_VAR, default_saves_dir
from ..storage.profiles import MEDAL_ORDER, GameRecord, Profile
from ..storage.saves import GameStore, SaveSummary
from ..tui.fitting import to_type
from .output import error_lines

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

Handler = Callable[[Options], int]
MEDAL_RANGES = {"bronze": "+1–8", "silver": "+9–16", "gold": "+17–24", "platinum": "+25"}


def add_storage_commands(sub: Any) -> None:
    """Register ``saves`` (list, verify, rm), ``resume`` and ``progress`` on ``sub``."""
    saves = sub.add_parser("saves", help="list the saved games (verify or remove one)")
    saves.set_defaults(handler=_guard(cmd_saves_list))
    saves_sub = saves.add_subparsers(dest="saves_command", metavar="ACTION")
    verify = saves_sub.add_parser("verify", help="check that a save file loads and replays to its digest")
    verify.add_argument("file", help="a save file, or the name of a game in the saves folder")
    verify.set_defaults(handler=_guard(cmd_saves_verify))
    rm = saves_sub.add_parser("rm", help="delete a saved game (with its backup)")
    rm.add_argument("name")
    rm.set_defaults(handler=_guard(cmd_saves_rm))
    resume = sub.add_parser("resume", help="continue a saved game (the latest unfinished one when no NAME)")
    resume.add_argument("name", nargs="?")
    resume.add_argument("--watch", action="store_true", help="open read-only (to watch a game another session holds)")
    resume.add_argument("--lines", action="store_true", help="in the line mode (docs/LINES.md)")
    resume.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    resume.set_defaults(handler=_guard(cmd_resume))
    progress = sub.add_parser("progress", help="the solo campaign: medals per level and recent games")
    progress.add_argument(
        "--profile", metavar="NAME", help="whose campaign (default: $NORSEWIND_PLAYER, else the login name)"
    )
    progress.add_argument("--games", type=int, default=10, metavar="N", help="how many recent games to show")
    progress.set_defaults(handler=_guard(cmd_progress))


def _guard(handler: Handler) -> Handler:
    def run(args: Options) -> int:
        try:
            return handler(args)
        except StorageError as exc:
            print(error_lines(str(exc)), file=sys.stderr)  # on a terminal, wrapped at words (issue 39)
            return 2

    run.__doc__ = handler.__doc__
    return run


def _store(args: Options) -> GameStore:
    """The saved games of ``--saves`` with the card set of ``--cards`` (the shipped one when None)."""
    return AppContext(args).games


def _console() -> Console:
    from rich.console import Console  # rich is imported when a command runs, not for --help

    return Console(highlight=False)


def _local(stamp: datetime | None) -> str:
    return stamp.astimezone().strftime("%Y-%m-%d %H:%M") if stamp else ""


def _player(seat: SeatMeta, short: bool) -> str:
    name = short_name(seat.name, 12) if short else safe_text(seat.name)  # 12: what the column holds at 80
    return f"{name} (computer)" if seat.kind == "computer" else name


PLAYERS_ROOM = 62  # the saves table's other columns at their widest (#, name, mode, turn, updated, state)


def _mode(s: SaveSummary) -> str:
    if s.mode == "solo":
        return f"solo L{s.level}" if s.level else "solo"
    return f"{len(s.players)} players" if s.players else s.mode


# --------------------------------------------------------------------------- saves


def _row(number: int, s: SaveSummary, short: bool) -> tuple[str, Text, Text, Text, str, str, str]:
    """A game's line of the list: number, name, mode, players, turn, updated, state."""
    from rich.text import Text

    seats = s.seats or tuple(SeatMeta(n) for n in s.players)
    players = ", ".join(_player(seat, short) for seat in seats)
    state = "finished" if s.finished else "playing"
    if s.assisted:
        state += ", assisted"
    name, mode = Text(safe_text(s.name)), Text(safe_text(_mode(s)))
    return str(number), name, mode, Text(safe_text(players)), str(s.turn), _local(s.updated), state


def cmd_saves_list(args: Options) -> int:
    """``norsewind saves``: a table of the games (name, mode, players, turn, updated)."""
    from rich import box
    from rich.cells import cell_len
    from rich.measure import Measurement
    from rich.table import Table
    from rich.text import Text

    context = AppContext(args)
    store = context.games
    games = context.own_games()  # of a database: this player's (issue 38.10)
    console = _console()
    if not games:
        console.print(Text(safe_text(f"No saved games {store.place.where}.")))
        return 0
    good = [s for s in games if s.error is None]
    # a name the Players column cannot hold on one line is abbreviated as the game writes it (Bartholomew.)
    longest = max((cell_len(_player(seat, False)) for s in good for seat in s.seats), default=0)
    short = longest > console.width - PLAYERS_ROOM
    rows = [_row(number, s, short) for number, s in enumerate(good, 1)]
    # the folder's, or the database's: a line of its own, wrapped at words within the terminal's width
    # (a path or a URL longer than a line goes whole on a line of its own)
    title = Text(safe_text(f"Saved games {store.place.where}"))
    table = Table(box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
    # the name (what `resume` takes, as is the number) is never wrapped; the players wrap at words
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Name", no_wrap=True)
    table.add_column("Mode", no_wrap=True)
    table.add_column("Players", overflow="fold", min_width=12)
    table.add_column("Turn", justify="right", no_wrap=True)
    table.add_column("Updated", no_wrap=True)
    table.add_column("State", min_width=8)
    for row in rows:
        table.add_row(*row)
    if good and Measurement.get(console, console.options.update_width(999), table).maximum <= console.width:
        console.print(title)
        console.print(table)
    elif good:  # too wide for one line a game (a daily deal's or a branch's name): two (issue 23.2)
        console.print(title)
        for number, name, mode, players, turn, updated, state in rows:
            console.print(Text(f"{number:>3}  ") + name, no_wrap=True, crop=False)
            said = Text(f"{mode}, turn {turn}, {updated}, {state}: ") + players
            for line in said.wrap(console, console.width - 5):
                console.print(Text("     ") + line, no_wrap=True, crop=False)
    for s in games:
        if s.error is not None:
            console.print(Text(safe_text(f"broken: {s.error}"), style="red"), soft_wrap=True)
    return 0


def cmd_saves_verify(args: Options) -> int:
    """``norsewind saves verify FILE``: load, replay and check the digest; one line either way."""
    path = Path(args.file)
    store = _store(args)
    # A name is looked up in the saves folder, where (as in the listing and resume) a symbolic link
    # is not followed; a path the player typed is theirs to point anywhere.
    by_name = "/" not in args.file and not path.exists() and os.path.lexists(store.path(args.file))
    if by_name:
        path = store.path(args.file)
    try:
        if "/" not in args.file and not path.exists() and store.exists(args.file):  # a row of the database
            game = store.open(args.file, read_only=True)  # replayed and checked as a file is
            path = Path(args.file)
        else:
            game = store.verify_file(path, follow=not by_name)
    except StorageError as exc:
        print(safe_text(str(exc)))
        return 1
    s = game.session
    seats = ", ".join(safe_text(seat.name) + (" (computer)" if seat.kind == "computer" else "") for seat in game.seats)
    mode = f"solo level {s.config.level}" if s.config.solo else f"{len(s.config.players)} players"
    redo = len(s.moves) - s.position
    extra = ", finished" if game.finished else ""
    extra += ", assisted" if game.assisted else ""
    extra += f" ({game.notice})" if game.notice else ""
    print(
        safe_text(
            f"{path}: OK: {mode} ({seats}), turn {game.state.turn}, {s.position} moves"
            + (f" ({redo} to redo)" if redo else "")
            + f"{extra}; replays to its digest with card set {game.store.cards.digest}"
        )
    )
    return 0


def cmd_saves_rm(args: Options) -> int:
    """``norsewind saves rm NAME``."""
    store = _store(args)
    source = store.files(args.name).source  # the file, or the database and the row
    store.remove(args.name)
    print(safe_text(f"removed {source}"))
    return 0


# --------------------------------------------------------------------------- resume


def _named_saves_dir(args: Options) -> Path:
    """The saves folder resolve_saves_dir would use, without creating it."""
    value = args.saves or os.environ.get(ENV_VAR) or None
    return Path(value).expanduser().absolute() if value else default_saves_dir().absolute()


def by_number(context: AppContext, name: str | None) -> str | None:
    """The game numbered ``name`` in `norsewind saves` (and on the Resume screen), unless a game has that name."""
    if not name or not name.isdigit() or context.games.exists(name):
        return None
    good = [s for s in context.own_games() if s.error is None]
    number = int(name)
    return good[number - 1].name if 1 <= number <= len(good) else None


def cmd_resume(args: Options) -> int:
    """``norsewind resume [NAME]``: open the game (the latest when no NAME) in the app."""
    folder = _named_saves_dir(args)
    if not args.name and not folder.is_dir() and not names_database(args):  # nothing to resume: create nothing
        print(safe_text(f"norsewind: no unfinished game to resume in {folder}"), file=sys.stderr)
        return 2
    context = AppContext(args)
    store = context.games
    latest = next((s.name for s in context.own_games() if s.error is None and not s.finished), None)
    name = by_number(context, args.name) or args.name or latest
    if name is None:
        print(safe_text(f"norsewind: no unfinished game to resume {store.place.where}"), file=sys.stderr)
        return 2
    try:
        game = store.open(name, read_only=args.watch)
    except GameLocked as exc:
        from . import lines_asked

        if lines_asked(args):  # one line for a screen reader: who and since when, no pid, host or ISO time
            from ..lines.menu import in_use

            print(safe_text(in_use(name, exc, datetime.now().astimezone(), args)), file=sys.stderr)
            return 2
        watch = typed(args, "resume", "--watch", name)
        for line in to_type(f"norsewind: {exc}; to watch it", watch).splitlines():
            print(safe_text(line), file=sys.stderr)
        return 2
    try:
        if game.notice:
            print(safe_text(f"norsewind: {game.notice}"), file=sys.stderr)
        from . import lines_asked

        if lines_asked(args):
            from ..lines.menu import run_lines

            return run_lines(args, game=game)
        from ..tui.app import run_app  # the app is imported when a command runs, not for --help

        return run_app(args, game=game)
    finally:
        game.close()


# --------------------------------------------------------------------------- progress


def _level_setup(level: int) -> tuple[str, str]:
    """The level table's kingdom tiles and Viking cards, as the pad prints them (g green, r red)."""
    greens, reds, red_vikings = SOLO_LEVELS[level]
    tiles = " ".join(f"{n}{c}" for n, c in ((greens, "g"), (reds, "r")) if n)
    vikings = " ".join(f"{n}{c}" for n, c in ((4 - red_vikings, "g"), (red_vikings, "r")) if n)
    return tiles, vikings


def campaign_table(profile: Profile) -> Table:
    """The solo score pad: one row per level, a check under each reward earned (R21)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(safe_text(f"Solo campaign of {profile.name}")), box=box.SIMPLE_HEAVY, title_justify="left")
    table.add_column("Level", justify="center")
    table.add_column("Tiles", no_wrap=True)
    table.add_column("Vikings", no_wrap=True)
    for medal in MEDAL_ORDER:
        table.add_column(f"{medal.capitalize()}\n{MEDAL_RANGES[medal]}", justify="center", no_wrap=True)
    table.add_column("Best", justify="right")
    table.add_column("Games", justify="right")
    for row in profile.campaign():
        tiles, vikings = _level_setup(row.level)
        if row.unlocked:
            marks = [Text("✓", style="bold") if m in row.medals else Text("·", style="dim") for m in MEDAL_ORDER]
        else:
            marks = [Text("locked", style="dim")] + [Text("") for _ in MEDAL_ORDER[1:]]
        best = "" if row.best_margin is None else f"{row.best_margin:+d}"
        table.add_row(str(row.level), tiles, vikings, *marks, best, str(row.played) if row.played else "")
    table.caption = Text("Tiles and Vikings: g green, r red. Platinum on a level unlocks the next (R21).")
    table.caption_justify = "left"
    return table


def recent_table(games: list[GameRecord]) -> Table:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text("Recent games"), box=box.SIMPLE_HEAD, title_justify="left")
    # at most 80 columns with every figure whole: an assisted game (no medal) says so in the Medal column
    table.pad_edge = False
    for column in ("Date", "Level", "You", "Vikings", "Margin", "Medal", "Seed"):
        table.add_column(
            column, justify="right" if column in ("You", "Vikings", "Margin", "Seed") else "left", no_wrap=True
        )
    for g in games:
        if g.assisted:
            table.caption = Text("An assisted game (undone over a revealed card) earns no medal.")
            table.caption_justify = "left"
        table.add_row(
            _local(g.date),
            str(g.level),
            str(g.score),
            str(g.vikings),
            f"{g.margin:+d}",
            "assisted" if g.assisted else (g.medal or ""),
            str(g.seed),
        )
    return table


def cmd_progress(args: Options) -> int:
    """``norsewind progress [--profile NAME]``: the campaign table, then the recent games."""
    from rich.text import Text

    from ..storage.daily import utc_today
    from ..words.trophies import trophy_lines

    context = AppContext(args)
    profile = context.profiles.load(context.profile_name)
    console = _console()
    if profile.notice:
        console.print(Text(safe_text(f"note: {profile.notice}"), style="yellow"))
    console.print(campaign_table(profile))
    if profile.title:
        console.print(Text(safe_text(f"{profile.name} is the {profile.title}!"), style="bold"))
    standing = context.profiles.ladder().standing(context.profile_name)
    if standing.games:  # once a table or hot-seat game counted (issue 27)
        games = f"{standing.games} game{'s' if standing.games != 1 else ''}"
        console.print(Text(f"Rating {standing.rating.display} over {games} (norsewind ratings: everyone's)."))
    held = context.trophies([profile.name], games=profile.games).get(profile.name, ())
    for line in trophy_lines(held, profile.streak(utc_today())):
        console.print(Text(line))
    from ..puzzles import standing_words

    if puzzles := standing_words(context.saves_dir, context.profile_name, utc_today()):
        console.print(Text(f"{puzzles[0].upper()}{puzzles[1:]} (norsewind puzzle: today's)."))
    if profile.games:
        console.print(recent_table(profile.recent(max(args.games, 0))))
    else:
        where = context.games.place.where
        console.print(Text(safe_text(f"No solo games recorded for {profile.name} yet ({where}).")))
    return 0
