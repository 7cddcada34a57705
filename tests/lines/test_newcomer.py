"""A newcomer's walkthrough as a screen reader's user (issue 39; issue 38.10): fixed menu numbers, the
menus' wording, a name typed with escapes, a resume after a computer's turn, the end of a game, and
lines broken between sentences.  Through a pty, reading only lines (the pty echoes what is typed)."""

from __future__ import annotations

import getpass
import io
import os
import re
import subprocess
from pathlib import Path
from typing import BinaryIO

from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.options import Options
from norsewind_tui.rules import Event
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.rules.session import Session
from norsewind_tui.rules.state import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.daily import start_daily, utc_today
from norsewind_tui.storage.dailyseed import daily_save_name
from norsewind_tui.storage.saves import SavedGame
from norsewind_tui.words import past
from norsewind_tui.words.nouns import player_names

from .pty_lines import APP, LinePty, line_env

MENU = [
    "What would you like to do?",
    "1. Learn to play: the tutorial, one decision at a time (resumed where you left it).",
    "2. A new game (1 to 4 players, computer seats, or solo against the Vikings).",
    "3. Resume a saved game (no unfinished game).",
    "4. The solo campaign: your levels and medals.",
    "5. Today's daily deal (one solo game a day, the same for every player).",
    "6. Shared tables (each player at their own terminal).",
    "7. Quit.",
    "8. Today's puzzle (find the better decision, the same for every player).",
    "9. Tournaments: join one, play your round's table, the standings.",
    "10. Norsewind TV: the most interesting table here, live, else the day's best games.",
    "Choose 1 to 10:",
]
LONG = "x" * 1000  # a pty's line discipline keeps 4095 characters of a line: the count said is exact here


def conversation_said(game: SavedGame, typed: bytes) -> list[str]:
    """The lines a conversation on ``game`` says to ``typed`` (read to its end), seed 7."""
    out = io.StringIO()
    r, w = os.pipe()
    os.write(w, typed)
    os.close(w)
    with os.fdopen(r, "rb", buffering=0) as inp:
        Conversation(game, LineIO(inp, out), Computer(7)).run()
    return out.getvalue().splitlines()


def reply(pty: LinePty, typed: str, until: str) -> list[str]:
    """Type ``typed``; the lines the mode says back, up to the one starting with ``until``."""
    pty.send(typed)
    echo = pty.expect(lambda line: line == typed, f"the echo of {typed!r}")
    end = pty.expect_text(until)
    return pty.lines[echo + 1 : end + 1]


def test_the_menu_numbers_stay_fixed_whether_or_not_a_game_is_unfinished(saves: Path) -> None:
    """39.5: "5. Quit" became "5. Shared tables" once a game was unfinished; now each keeps its number."""
    pty = LinePty([*APP, "play", "--lines"], line_env(saves, "ana"))
    try:
        start = pty.expect_text("What would you like to do?")
        end = pty.expect_text("Choose ")
        assert pty.lines[start : end + 1] == MENU
        assert reply(pty, "3", "Choose ") == ["There is no unfinished game to resume.", *MENU]
        pty.send("quit")
        assert pty.finish() == 0
    finally:
        pty.close()
    GameStore(saves).create(GameConfig(players=("Ana",)), 5, [SeatMeta("Ana")]).close()
    again = LinePty([*APP, "play", "--lines"], line_env(saves, "ana"))
    try:
        start = again.expect_text("What would you like to do?")
        end = again.expect_text("Choose ")
        unfinished = [line.replace("(no unfinished game)", "(1 unfinished game)") for line in MENU]
        assert again.lines[start : end + 1] == unfinished
        again.send("7")
        assert again.finish() == 0
    finally:
        again.close()


def test_menus_answer_help_an_empty_line_and_a_long_line_as_decisions_do(saves: Path) -> None:
    """39.6: "Choose 1 to 1", "the players are 1 to 1", '' for an empty line, help refused, and a
    long line said back cut with no mark."""
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], line_env(saves, "ana"))
    try:
        pty.expect_text("Choose 1 to 10:")
        assert reply(pty, "", "Choose ") == ["Choose 1 to 10:"]  # the question again, as at a decision
        help_said = reply(pty, "help", "Choose ")
        assert help_said == ["Type the number of a choice, then Enter. quit leaves. The choices:", *MENU[1:]]
        assert reply(pty, LONG, "Choose ") == [
            "'" + "x" * 40 + "'... (its first 40 of 1000 characters) is not one of the choices: type 1 to 10.",
            "Choose 1 to 10:",
        ]
        reply(pty, "2", "Choose 1 to 4:")
        said = reply(pty, "1", "Choose ")
        assert said[-2:] == ["1. Level 1: 2 green and 2 red tiles, 0 red Viking cards.", "Choose 1 (Enter: 1):"]
        reply(pty, "", "Player 1's name")
        pty.send("Ana")
        pty.ask()
        assert reply(pty, "", "Choose ") == ["Choose 1 to 5, or type a word (help lists them):"]
        assert reply(pty, "kingdom 1 2", "Choose ")[0] == "There is no player 2: the only player is 1."
        assert reply(pty, LONG, "Choose ")[0] == (
            "'" + "x" * 40 + "'... (its first 40 of 1000 characters) is not a word of the game: "
            "type a number to choose, or help for the words."
        )
        pty.send("quit")
        assert pty.finish() == 0
    finally:
        pty.close()


def test_a_name_typed_with_escapes_is_refused_and_asked_again(saves: Path) -> None:
    """38.10: the name kept "]0;OWNED[2J[31m"; now the table name rule, one line, asked again."""
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], line_env(saves, "ana"))
    try:
        for question, answer in (("Choose 1 to 10:", "2"), ("Choose 1 to 4:", "1"), ("Choose 1 (Enter: 1)", "")):
            pty.expect_text(question)
            pty.send(answer)
        pty.expect_text("Player 1's name (Enter: ")
        pty.send("\x1b]0;OWNED\x07\x1b[2J\x1b[31m")
        refused = pty.expect_text("']0;OWNED")
        assert pty.lines[refused] == (
            "']0;OWNED[2J[31m' is not a name here: letters, digits, '.', '_' or '-', words one space apart, "
            "at most 24 characters."
        )
        assert pty.expect_text("Player 1's name (Enter: ") == refused + 1  # asked again
        pty.send("Ana-2 Lund")
        pty.expect_text("Solo game, level 1: score more than the Vikings. Ana-2 Lund begins.")
        pty.ask()
        pty.send("quit")
        assert pty.finish() == 0
    finally:
        pty.close()
    (summary,) = GameStore(saves).list()
    assert summary.players == ("Ana-2 Lund",)


def _half_a_computer_turn(saves: Path) -> str:
    """Ana's first turn (as the app would make it), then the first of the easy computer's decisions."""
    seats = [SeatMeta("Ana"), SeatMeta("Easy bot 2", "computer", "easy")]
    game = GameStore(saves).create(GameConfig(players=("Ana", "Easy bot 2")), 7, seats)
    while game.state.current == 0:
        game.push(game.session.legal_moves()[0])
    game.push(game.session.legal_moves()[0])
    name = game.name
    game.close()
    return name


def test_resuming_tells_everything_since_the_player_last_played(saves: Path) -> None:
    """39.3: resuming told only the rest of the computer's turn ("Expert bot 2 took a yellow citizen
    from the Y supply."), not its start nor the player's own decisions made in the app."""
    name = _half_a_computer_turn(saves)
    pty = LinePty([*APP, "resume", name, "--lines"], line_env(saves, "ana"))
    try:
        start = pty.expect_text(f"Resuming {name} at turn 1.")
        end = pty.expect_text("Turn 2. Ana: ")
        pty.end_input()
        assert pty.finish() == 0
    finally:
        pty.close()
    with GameStore(saves).open(name, read_only=True) as game:
        session = game.session
        names, db = player_names(game.state), cards_for(game.state)
        told = [past(e, names, db) for batch in session.events[: session.position] for e in batch]
    assert pty.lines[start + 1 : end] == ["What happened since your turn 1 began:", *told]
    assert any(line.startswith("Ana took the ") for line in told)
    assert sum(line.startswith("Easy bot 2 ") for line in told) >= 3  # the computer's whole turn


def test_the_end_of_a_game_says_what_to_do_next(saves: Path) -> None:
    """39.4: the last line was "The Vikings: 28 points (vikings tells their rows)." and the mode ended."""
    config = GameConfig(players=("Ana",))
    rehearsal = Session.start(config, 3)
    while not rehearsal.state.is_over:
        rehearsal.push(rehearsal.legal_moves()[0])
    game = GameStore(saves).create(config, 3, [SeatMeta("Ana")])
    for move in rehearsal.moves[: rehearsal.position - 1]:
        game.push(move)
    name = game.name
    game.close()
    pty = LinePty([*APP, "resume", name, "--lines"], line_env(saves, "ana"))
    try:
        pty.ask()
        pty.send("1")
        over = pty.expect_text("Final scores:")
        assert pty.finish() == 0
    finally:
        pty.close()
    end = pty.lines[over + 1 :]
    assert re.fullmatch(r"The Vikings: \d+ points\.", end[-2])
    assert end[-1] == f"The game is saved as {name}. To go over it again: norsewind review {name}"


def told(lines: list[str], start: str, count: int) -> list[str]:
    """The ``count`` lines from the first that starts with ``start``."""
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    return lines[first : first + count]


def test_a_long_answer_is_broken_between_sentences(tmp_path: Path) -> None:
    """39.7: a line over 200 characters was broken in the middle of a phrase ("kingdom 1")."""
    game = GameStore(tmp_path).create(GameConfig(players=("Ana",)), 7, [SeatMeta("Ana")])
    lines = conversation_said(game, b"kingdom 1\nkingdom 3\n")
    assert told(lines, "Northumbria: ", 2) == [
        "Northumbria: 2 helmets against 1 shield: at risk, scores -7 now; 1 more shield makes it safe. "
        "Building here pays 1 coin per blacksmith in your other kingdoms.",
        "1/4 buildings; red tile, 1 helmet: a castle here must cost at least 7. Free: 1 empty citizen space. "
        "Vikings: 6 helmets beat your 1 shield: they score 6 per card in their row, 0 cards now = 0.",
    ]
    assert told(lines, "Mercia: ", 3) == [
        "Mercia: 2 helmets against 0 shields: at risk, scores -7 now; 2 more shields make it safe. "
        "Building here pays 1 coin per inn in your other kingdoms.",
        "0/4 buildings; green tile, 2 helmets: a shield space worth 4; a disc there costs 1 coin. "
        "Free: shield spaces worth 4.",
        "Vikings: 6 helmets beat your 0 shields: they score 7 per card in their row, 0 cards now = 0.",
    ]
    game.close()


def test_another_players_kingdom_pays_in_their_other_kingdoms(tmp_path: Path) -> None:
    """39.9: asking about another player's kingdom said it pays "in your other kingdoms" (theirs)."""
    game = GameStore(tmp_path).create(GameConfig(players=("Ana", "Bo")), 7, [SeatMeta("Ana"), SeatMeta("Bo")])
    pays = [line for line in conversation_said(game, b"kingdom 1 2\nkingdom 1 1\n") if "other kingdoms" in line]
    assert [line.split("Building here ")[1] for line in pays] == [
        "pays 1 coin per blacksmith in Bo's other kingdoms.",
        "pays 1 coin per blacksmith in your other kingdoms.",
    ]
    game.close()


def in_another_session(name: str) -> str:
    """The pattern of the one line that refuses the game ``name`` open in another session of this user."""
    return (
        rf"The game {name} is open in another session \({getpass.getuser()}'s, since \d\d:\d\d\)\. "
        rf"To watch it: norsewind resume {name} --watch --lines"
    )


def the_refusal(env: dict[str, str], *steps: tuple[str, str], back_at_menu: bool = False) -> str:
    """The line mode's refusal of a game open elsewhere, reached from its menu by ``steps`` (prompts and
    answers); then (``back_at_menu``: once the menu is asked again) "quit", and a clean end."""
    with LinePty([*APP, "play", "--lines"], env) as pty:
        pty.talk(*steps)
        at = pty.expect_text("The game ")
        if back_at_menu:
            pty.expect_text("Choose 1 to 10:")
        pty.send("quit")
        assert pty.finish() == 0
    return pty.lines[at]


def test_a_game_held_by_another_session_is_refused_in_plain_words(saves: Path) -> None:
    """39.9: the second tab's refusal showed a pid, a host name and an ISO time."""
    held = GameStore(saves).create(GameConfig(players=("Ana",)), 5, [SeatMeta("Ana")])
    try:
        refused = the_refusal(line_env(saves, "ana"), ("Choose 1 to 10:", "3"), ("Choose 1 to 2:", "1"))
    finally:
        held.close()
    assert re.fullmatch(in_another_session(held.name), refused)


def test_a_viking_ship_that_does_not_move_stays() -> None:
    """39.9: "The Viking ship moves 0 to slot 4."."""
    db = cards_for(Session.start(GameConfig(players=("Ana",)), 1).state)
    assert past(Event("ship_moved", -1, value=0, slot=3), ("Ana",), db) == "The Viking ship stays at slot 4."
    assert past(Event("ship_moved", -1, value=2, slot=3), ("Ana",), db) == "The Viking ship moves 2 to slot 4."


def test_a_seat_that_has_not_played_yet_is_told_the_last_turn_not_the_whole_game(
    tmp_path: Path, no_input: BinaryIO
) -> None:
    """39.3: a resume tells from this terminal's last turn; with no turn of its own yet (a seat just
    taken at a table), from the last turn played, not from the game's first decision."""
    seats = [SeatMeta("Easy bot 1", "computer", "easy"), SeatMeta("Easy bot 2", "computer", "easy"), SeatMeta("Ana")]
    game = GameStore(tmp_path).create(GameConfig(players=("Easy bot 1", "Easy bot 2", "Ana")), 3, seats)
    while game.state.current != 2:  # the two computers' first turns
        game.push(game.session.legal_moves()[0])
    session = game.session
    second = next(i for i in range(session.position) if session.mover(i) == 1)
    out = io.StringIO()
    Conversation(game, LineIO(no_input, out), Computer(3), recap=True).run()
    names, db = player_names(game.state), cards_for(game.state)
    told = [past(e, names, db) for batch in session.events[second : session.position] for e in batch]
    lines = out.getvalue().splitlines()
    assert lines[: len(told) + 1] == ["What happened since turn 1 began:", *told]
    game.close()


def test_todays_deal_held_by_another_session_is_refused_in_plain_words(saves: Path) -> None:
    """39.9, the daily deal: its attempt open in another tab said the lock's pid, host and ISO time."""
    context = AppContext(Options(saves=str(saves), profile="ana"))
    today = utc_today()
    held = start_daily(context.games, "ana", 1, today=lambda: today).game
    assert held is not None
    try:
        env = line_env(saves, "ana", USER="ana", LOGNAME="ana")
        steps = [("Choose 1 to 10:", "5"), ("Choose 1 (Enter: 1):", "")]
        refused = the_refusal(env, *steps, back_at_menu=True)
    finally:
        held.close()
    assert re.fullmatch(in_another_session(daily_save_name(today, 1, "ana")), refused)


def test_resume_lines_of_a_held_game_is_refused_in_plain_words(saves: Path) -> None:
    """39.9, ``norsewind resume NAME --lines``: it printed "norsewind: the game ... is in use by ...
    (pid ..., on HOST, since 2026-...Z)", from a lowercase letter."""
    held = GameStore(saves).create(GameConfig(players=("Ana",)), 5, [SeatMeta("Ana")])
    try:
        argv = [*APP, "resume", held.name, "--lines"]
        done = subprocess.run(argv, env=line_env(saves, "ana"), input=b"", capture_output=True, timeout=120)
    finally:
        held.close()
    assert done.returncode == 2
    assert re.fullmatch(in_another_session(held.name) + "\n", done.stderr.decode())


def test_the_watch_command_of_a_held_game_carries_the_saves_folder_given(saves: Path) -> None:
    """39.9 with 39.10: the command that watches a held game runs as printed: it names the saves
    folder the player typed (quoted for a shell)."""
    folder = saves.parent / "my saves"
    folder.mkdir(mode=0o700)
    held = GameStore(folder).create(GameConfig(players=("Ana",)), 5, [SeatMeta("Ana")])
    try:
        argv = [*APP, "resume", held.name, "--lines", "--saves", str(folder)]
        done = subprocess.run(argv, env=line_env(saves, "ana"), input=b"", capture_output=True, timeout=120)
    finally:
        held.close()
    assert done.returncode == 2
    said = done.stderr.decode()
    assert said.endswith(f"To watch it: norsewind --saves '{folder}' resume {held.name} --watch --lines\n"), said
