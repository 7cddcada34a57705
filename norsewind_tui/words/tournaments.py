"""Tournaments in words (issue 44.1): the one line a refused act gets, and the pages' lines."""

from __future__ import annotations

from typing import Literal

# The one line a refused act gets: ``{name}`` is the tournament's (or the name refused), ``{detail}``
# the identity, creator, problem or number of players the line carries (``refusal`` fills them).
Refusal = Literal[
    "bad-name",
    "limits",
    "taken",
    "started",
    "already-in",
    "full",
    "only-creator",
    "started-already",
    "too-few",
    "not-in",
    "left-already",
    "unknown",
    "busy",
    "decided",
]
REFUSALS: dict[Refusal, str] = {
    "bad-name": "{name!r} would be its name: a tournament's name is letters, digits, - and _",
    "limits": "{name}: {detail}",
    "taken": "{name}: there is a tournament of that name already",
    "started": "{name} has started: it takes no more players",
    "already-in": "you ({detail}) are in {name} already",
    "full": "{name} is full ({detail} players)",
    "only-creator": "only {detail}, who made {name}, starts it",
    "started-already": "{name} has started already",
    "too-few": "{name} needs 2 players or more to start",
    "not-in": "you ({detail}) are not in {name}",
    "left-already": "you ({detail}) left {name} already",
    "unknown": "no tournament is called {name}",
    "busy": "{name} is changing too fast here: try again",
    "decided": "{name}: the round is decided already",
}


def refusal(kind: Refusal, name: str, detail: str | int = "") -> str:
    return REFUSALS[kind].format(name=name, detail=detail)


# ---------------------------------------------------------------------- the pages (show, the app, the lines)

WIDTH = 76  # every line of a tournament's page fits an 80-column terminal, the app's scroll bar beside it
NAME_WIDTH = 24  # a name's column: a 24-character name whole, a longer one cut ("…")
STANDINGS_HEAD = f"  #  {'Player':<{NAME_WIDTH}}  Points  Buchholz  Margin  Played"
TIE_BREAKS = "Ties: Buchholz (the points of those met), then the margin over the mean."
NO_TOURNAMENT = "No tournament here yet: norsewind tournament create NAME makes one."
LEFT = "left"


def name_cell(name: str, width: int = NAME_WIDTH) -> str:
    """``name`` in a column of ``width``: cut with "…" when longer (names are escaped before)."""
    return (name if len(name) <= width else name[: width - 1] + "…").ljust(width)


def fit(line: str) -> str:
    return line if len(line) <= WIDTH else line[: WIDTH - 1] + "…"


def figure(points: float) -> str:
    """Points as said: 1, 0.5, 0.33."""
    return f"{points:.2f}".rstrip("0").rstrip(".")


def points_words(points: float) -> str:
    return f"{figure(points)} point" + ("" if points == 1 else "s")


def heading(name: str, creator: str) -> str:
    return fit(f"Tournament {name}, made by {creator}")


def rules_line(pairing: str, seats: int, rounds: int, round_hours: int) -> str:
    kind = "Round-robin" if pairing == "round-robin" else "Swiss"
    return f"{kind}, {seats} players a table, {rounds} round{'s' if rounds != 1 else ''} of {round_hours} h at most"


def clock_line(clock: str) -> str:
    return f"Its tables' clock: {clock}"


def state_line(started: bool, over: bool, made: int, rounds: int, players: int, creator: str, first: str) -> str:
    """Where it stands; ``first``: who leads (who won, when it is over)."""
    if not started:
        return fit(f"Open: {players} player{'s' if players != 1 else ''} in; {creator} starts it.")
    if over:
        return fit(f"Over after {made} round{'s' if made != 1 else ''}: {first} won.")
    if made == 0:
        return "Started: the first round is made at the next look."
    return f"Round {made} of {rounds} is being played."


def standing_line(place: int, name: str, points: float, buchholz: float, margin: float, played: int, left: bool) -> str:
    mark = f"  {LEFT}" if left else ""
    return f"{place:>3}  {name_cell(name)}  {points:>6.2f}  {buchholz:>8.2f}  {margin:>+6.1f}  {played:>6}{mark}"


def entrants_line(names: list[str]) -> str:
    return fit("Players: " + ", ".join(names))


def round_head(number: int, rounds: int, deadline: str) -> str:
    return f"Round {number} of {rounds}, to be played by {deadline} UTC"


def table_head(name: str, finished: bool, forfeited: str | None, yours: bool) -> str:
    how = "finished" if finished else "playing"
    if forfeited is not None:
        how = f"{forfeited} lost it at the deadline"
    return fit(f"  Table {name}: {how}" + (" (your seat)" if yours and not finished else ""))


def seat_line(name: str, points: float | None) -> str:
    return f"    {name_cell(name)}  {points_words(points)}" if points is not None else f"    {name}"


def bye_line(name: str) -> str:
    return fit(f"  Bye: {name} (1 point)")


def list_line(name: str, pairing: str, players: int, state: str) -> str:
    kind = "round-robin" if pairing == "round-robin" else "Swiss"
    return fit(f"{name_cell(name, 36)} {kind:<11} {players:>2} players  {state}")


def list_state(started: bool, over: bool, made: int, rounds: int) -> str:
    if not started:
        return "open"
    if over:
        return "over"
    return f"round {max(made, 1)} of {rounds}"


def created(name: str) -> str:
    return f"{name} is made: players join it (norsewind tournament join {name}), then you start it."


def joined(name: str) -> str:
    return f"You are in {name}: its creator starts it."


def begun(name: str) -> str:
    return f"{name} has started: its first round's tables are made."


def gone(name: str, started: bool) -> str:
    if started:
        return f"You left {name}: a table you sit at goes on, and you are paired no more."
    return f"You left {name}."


def bad_computer(level: str, levels: str) -> str:
    return f"--computer {level[:40]!r} is no computer level: choose from {levels}"


def bad_number(what: str, low: int, high: int) -> str:
    return f"{what} must be {low} to {high}"


# ---------------------------------------------------------------------- the app's page and the line mode's menu

MENU_ENTRY = "Tournaments: join one, play your round's table, the standings"
MENU_TV = "Norsewind TV: the most interesting table here, live, else the day's best games"
LIST_TITLE = "Tournaments here:"
CREATE = "Make a tournament"
BACK = "Back"
ACT_TITLE = "What now?"
JOIN = "Join it"
START = "Start it (no more players join; its first round's tables are made)"
LEAVE = "Leave it (a table you sit at goes on; you are paired no more)"
AGAIN = "Look again"
NAME_QUESTION = "Its name (letters, digits, - and _; Enter alone: back):"
PAIRING_QUESTION = "How are players paired?"
PAIRINGS = ["Round-robin: everyone meets everyone", "Swiss: by rating, then by points"]
PAIRING_VALUES: list[Literal["round-robin", "swiss"]] = ["round-robin", "swiss"]
SEATS_QUESTION = "How many players a table?"
SEAT_CHOICES = ["2 players", "3 players", "4 players"]
ROUNDS_QUESTION = "How many rounds?"
ROUND_CHOICES = ["As many as it takes (round-robin at 2: everyone meets everyone)", "2", "3", "4", "5", "6"]
ROUND_VALUES: list[int | None] = [None, 2, 3, 4, 5, 6]
HOURS_QUESTION = "How long may a round take?"
HOUR_CHOICES = ["1 day", "2 days", "3 days", "1 week"]
HOUR_VALUES = [24, 48, 72, 168]
COMPUTER_QUESTION = "Enter a computer level too?"
NO_MORE = "No (more) computers"
APP_KEYS = "Enter: open your table  j: join  s: start  l: leave  r: look again  Esc: back"
LIST_KEYS = "Enter: open  n: make a tournament  Esc: back"
LOOKING = "Looking at the tournament (its computers may be playing)..."
FORM_TITLE = "A new tournament"
FORM_NAME = "Name"
FORM_COMPUTERS = "Computer levels (space apart)"
FORM_MAKE = "Make it"


def sit(table: str) -> str:
    return fit(f"Sit at your table {table}")


def not_yours(table: str) -> str:
    return f"{table} is not your table: watch it from Shared tables."


def computer_entered(level: str) -> str:
    return f"{level} (computer) enters."
