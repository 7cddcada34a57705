"""Learn to play in lines (issue 39.8): ``norsewind learn --lines`` teaches the app's lessons on the
app's deal to a script that reads only lines, through a real pty; left in the middle, it resumes
at the lesson it was left at, from the command and from the line mode's menu."""

from __future__ import annotations

import re
from pathlib import Path

from norsewind_tui.lessons import load_lessons
from norsewind_tui.options import Options
from norsewind_tui.rules.engine import apply, new_game
from norsewind_tui.storage.context import AppContext

from .pty_lines import APP, ASK, LinePty, line_env
from .test_pty import _clean

PAGE = "Type n (or just Enter) to go on"
ASKED = re.compile(r"^The lesson asks for choice (\d+)\.$")
LESSON = re.compile(r"^Lesson (\d+) of 20(, [^:]+)?:")
OVER = "Final scores:"


def _learn(saves: Path, *argv: str) -> LinePty:
    return LinePty([*APP, *(argv or ("learn", "--lines"))], line_env(saves, "ana", USER="ana", LOGNAME="ana"))


def _next(pty: LinePty) -> str:
    """The next question of the tutorial: "page", "decision" or "over" (the line is read)."""
    index = pty.expect(lambda line: line.startswith(PAGE) or bool(ASK.match(line)) or line == OVER, "a question")
    line = pty.lines[index]
    return "over" if line == OVER else "page" if line.startswith(PAGE) else "decision"


def _asked(pty: LinePty) -> int:
    """The choice the lesson asks for: its line, said just before the decision's question."""
    for line in reversed(pty.lines[: pty.read_to]):  # the latest: a refusal says the question again
        found = ASKED.match(line)
        if found is not None:
            return int(found.group(1))
    raise AssertionError(f"no choice asked for: {pty.lines[-8:]}")


def _lessons_said(pty: LinePty, start: int = 0) -> list[int]:
    return [int(m.group(1)) for line in pty.lines[start:] if (m := LESSON.match(line))]


def _until_lesson(pty: LinePty, lesson: int) -> None:
    """Go through the lessons as told (n on a page, the asked number at a decision) until ``lesson``
    is said and asks its question."""
    while True:
        kind = _next(pty)
        said = _lessons_said(pty)
        if said and said[-1] == lesson:
            return
        pty.send("n" if kind == "page" else str(_asked(pty)))


def test_a_whole_tutorial_through_a_pty_reading_only_lines(saves: Path) -> None:
    pty = _learn(saves)
    lessons = load_lessons()
    decisions = pages = 0
    try:
        pty.expect_text("Learn to play: a solo game against the Vikings (level 1) on a fixed deal, taught in lessons.")
        kind = _next(pty)
        assert kind == "page"
        pty.send("2")  # a number on a page: the lesson first
        pty.expect_text("First the lesson: type n to go on.")
        assert _next(pty) == "page"  # asked again
        while kind != "over":
            if kind == "page":
                pty.send("n")
                pages += 1
            else:
                wanted = _asked(pty)
                if decisions == 0:  # another choice is refused, in one line
                    pty.send("1")
                    pty.expect_text("Not this one for now: the lesson asks for choice 2.")
                    assert _next(pty) == "decision"  # asked again
                pty.send(str(wanted))
                decisions += 1
            kind = _next(pty)
        assert pty.finish() == 0
        end = pty.lines.index("The scoring, kingdom by kingdom")
        assert pty.lines[end:] == [
            "The scoring, kingdom by kingdom",
            "Your coins: 16, 1 point each.",
            "Northumbria: 12 shields >= 8 helmets, safe: 5 prestige x 8 citizens = 40.",
            "East Anglia: 12 shields >= 8 helmets, safe: 6 prestige x 7 citizens = 42.",
            "Mercia: 10 shields >= 4 helmets, safe: 2 prestige x 2 citizens = 4.",
            "Wessex: 2 shields < 9 helmets, at risk: -7.",
            "Your total: 95 points.",
            "Vikings in Northumbria: 10 helmets <= your 12 shields: 0.",
            "Vikings in East Anglia: 11 helmets <= your 12 shields: 0.",
            "Vikings in Mercia: 10 helmets <= your 10 shields: 0.",
            "Vikings in Wessex: 12 helmets > your 2 shields: 7 per card x 4 cards = 28.",
            "The Vikings' total: 28 points.",
            "You win by 67. The tutorial earns no medal: it is not recorded in the campaign.",
            "Next: the solo campaign, level 1 (norsewind play --lines, then The solo campaign).",
        ]
    finally:
        pty.close()
    _clean(pty)
    assert decisions == len(lessons.moves) == 56
    assert pages == sum(1 for s in lessons.step if s.expect is None) == 2
    assert _lessons_said(pty) == list(range(1, 21))  # every lesson said once, in order
    context = AppContext(Options(saves=str(saves), profile="ana"))
    with context.games.open("tutorial-ana", read_only=True) as game:
        assert game.state.is_over and tuple(game.session.log) == lessons.moves  # the app's tutorial, played


def test_left_in_the_middle_it_resumes_at_the_same_lesson(saves: Path) -> None:
    pty = _learn(saves)
    try:
        _until_lesson(pty, 6)  # three decisions made, at the green tile's lesson
        left = pty.lines[pty.read_to - 6 : pty.read_to]  # the lesson (two lines), the choice, the question
        pty.end_input()  # Ctrl+D: the end of the input
        pty.expect_text("Your game is saved as tutorial-ana: norsewind learn --lines (or Learn to play")
        assert pty.finish() == 0
    finally:
        pty.close()
    again = _learn(saves)
    try:
        start = again.expect_text("The tutorial goes on where you left it: 3 of its 56 decisions made.")
        assert again.expect_text("Lesson ") == start + 1
        assert again.lines[start + 1].startswith("Lesson 6 of 20, A green tile bonus: A citizen goes on")
        assert _next(again) == "decision"
        assert again.lines[again.read_to - 6 : again.read_to] == left  # the same lesson, choice and question
        again.send(str(_asked(again)))
        _until_lesson(again, 7)
        again.send("quit")  # on a decision: quit leaves, saved
        again.expect_text("Your game is saved as tutorial-ana")
        assert again.finish() == 0
    finally:
        again.close()


def test_the_line_menu_learns_to_play_and_resumes_a_page(saves: Path) -> None:
    pty = _learn(saves)
    try:
        _until_lesson(pty, 4)  # a page to read (the status of a kingdom)
        pty.send("quit")
        pty.expect_text("Your game is saved as tutorial-ana")
        assert pty.finish() == 0
    finally:
        pty.close()
    menu = _learn(saves, "play", "--lines")
    try:
        entry = menu.expect_text("1. Learn to play: the tutorial, one decision at a time")
        assert menu.expect_text("7. Quit.") == entry + 6
        menu.expect_text("Choose 1 to 10")
        menu.send("1")
        menu.expect_text("The tutorial goes on where you left it: 2 of its 56 decisions made.")
        assert _next(menu) == "page"
        assert _lessons_said(menu, entry) == [4]
        menu.end_input()
        assert menu.finish() == 0
    finally:
        menu.close()


def test_every_lesson_is_worded_for_a_listener() -> None:
    """The line mode's words of each lesson name no key and no part of the screen (the app's do)."""
    lessons = load_lessons()
    state = new_game(lessons.config, lessons.seed)
    said = []
    for index, step in enumerate(lessons.step):
        if step.said:
            said.append(lessons.words(index, state, spoken=True))
        if step.expect is not None:
            state = apply(state, step.expect)
    assert len(said) == 20
    screen = re.compile(r"\b(Enter|[Pp]ress|cursor|screen|column|under a name|[qmR])\b|<|>|\{")
    assert [text for text in said if screen.search(text)] == []
    assert "Enter makes it" in lessons.words(0, new_game(lessons.config, lessons.seed))  # the app's words do
