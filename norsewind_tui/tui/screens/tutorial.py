"""Learn to play (issue 14): a real solo game on a fixed deal, taught one decision at a time.

The tutorial is the game screen with a lesson panel where the log and the prompt were.  The
lesson file (``words/data/tutorial.toml``; its model, ``norsewind_tui.lessons``, is the line
mode's too) says, for each decision, what to point at, what to say and which decision to ask
for; the screen puts the cursor on that choice, refuses any other kindly (saying why) and, after
a lesson's decision, explains what happened with the numbers the rules report.  The game is an
ordinary save named ``tutorial`` (autosaved, resumable where it was left) whose result no
profile records: it earns no medal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer, Static

from ...lessons import Lessons, Point, Step, load_lessons, pointed_row, tutorial_game
from ...rules import refusal
from ...rules.moves import Move, PickBuilding, PickCastle, TakeFrom
from ...storage import StorageError
from ...storage.handle import GameHandle
from ...words import tutorial as say
from ...words.gamescreen import explain
from ...words.play import not_allowed
from ..targets import Key, key_of
from ..text import safe_text
from ..widgets.kingdoms import KingdomsView
from ..widgets.log import GameLog
from ..widgets.prompt import PromptLine, StatusLine
from .base import NorsewindScreen
from .dialogs import ConfirmScreen
from .game import GameScreen

# the parts of the screen a lesson points at, by widget id
POINTS: dict[Point, tuple[str, ...]] = {
    "none": (),
    "market": ("#market",),
    "supplies": ("#market",),
    "castles": ("#castles",),
    "kingdoms": ("#kingdoms",),
    "status": ("#kingdoms",),
    "vikings": ("#kingdoms", "#viking-panel"),
    # one kingdom row: the kingdoms widget draws the pointer on that row alone (lessons.pointed_row)
    "kingdoms:1": (),
    "kingdoms:2": (),
    "kingdoms:3": (),
    "kingdoms:4": (),
}
STATUS_LINES = 4  # at most (beside a one-line lesson): the two share the log's, prompt's and status's lines
HIGHLIGHT = "-lesson"  # reverse video: a highlight that needs no colour (NO_COLOR, SSH)


TUTORIAL_BINDINGS = [
    Binding("n", "next_lesson", "Next", id="lesson-next"),
    Binding("R", "restart", "Restart", key_display="R", show=False, id="lesson-restart"),
]


def tutorial_keys() -> list[tuple[str, str]]:
    """The tutorial's keys for the help screen, from its bindings (so the two always agree)."""
    return [(b.key_display or b.key, say.KEY_HELP[b.id or ""]) for b in TUTORIAL_BINDINGS]


class LessonPanel(Widget):
    """The lesson: its title, two or three sentences, and the key to press."""

    DEFAULT_CSS = """
    LessonPanel { height: 3; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = Text("")

    def show_lesson(self, title: str, text: str, key: str) -> None:
        body = Text()
        if title:
            body.append(f"[{title}] ", style="reverse")
        body.append(text)
        body.append(f" {key}", style="reverse")
        self.lines = body
        self.refresh()

    @property
    def plain(self) -> str:
        return self.lines.plain

    def needed(self, width: int) -> int:
        """The lines the lesson takes at ``width`` columns."""
        return len(self.lines.wrap(self.app.console, max(width, 20)))

    def render(self) -> Text:
        return self.lines


class TutorialLesson:
    """The lesson (the game screen's ``Lesson``): a filter on the player's choices, told of each change.

    It reads the game from the screen it teaches on and draws on that screen's lesson panel; the
    screen calls it (``refuses``, ``play_through``, ``synced``, ``said``, ``undone``) and nothing of
    the screen is replaced."""

    def __init__(self, screen: GameScreen, lessons: Lessons) -> None:
        self.screen = screen
        self.lessons = lessons
        self.index = lessons.index_at(screen.game.session.position)
        self.after = ""  # what the last lesson's decision did, shown until n
        self.playing = False  # a decision is being played: the lesson moves on after it
        self.status_said = ""  # the status line's last message, whole (fit_bottom may show less of it)
        self.status_shown = ""

    def lesson_side(self) -> str:
        """Where the lesson is from the status line that points to it, as laid out (issue 23.6)."""
        panel, status = self.screen.query_one(LessonPanel), self.screen.query_one(StatusLine)
        return "above" if panel.region.y <= status.region.y else "below"

    @property
    def step(self) -> Step | None:
        return self.lessons.step[self.index] if self.index < len(self.lessons.step) else None

    @property
    def expected(self) -> Move | None:
        step = self.step
        if self.after or step is None:
            return None
        return step.expect

    def synced(self) -> None:
        if self.screen.is_mounted and not self.playing and not self.screen.state.is_over:
            self.show_lesson()

    def show_lesson(self) -> None:
        screen = self.screen
        state = screen.state
        panel = screen.query_one(LessonPanel)
        step = self.step
        point: Point = "none"
        if self.after:
            panel.show_lesson(say.WHAT_HAPPENED, self.after, say.PRESS_N)
        elif step is None:
            panel.show_lesson("", say.COMPLETE, "")
        elif step.expect is None:
            point = step.point
            panel.show_lesson(step.title, self.lessons.words(self.index, state), say.PRESS_N)
        else:
            point = step.point
            text = self.lessons.words(self.index, state)  # its facts as this position has them
            title = step.title or say.PLAY_ON
            if not text:  # an unworded step: what to do, and what it will do (the game's own preview)
                text = say.ask_for(state, step.expect)
                preview = (
                    explain(state, screen.db, screen.names, step.expect) if screen.tmap.get(key_of(step.expect)) else ""
                )
                if preview and not isinstance(step.expect, (PickBuilding, PickCastle, TakeFrom)):
                    panel.show_lesson(title, f"{text} {preview}", say.PRESS_ENTER)
                    if panel.needed(self.width()) < self.bottom_lines():  # else the status line says it
                        text += " " + preview  # "Enter: you ..." (the game screen's own words)
            panel.show_lesson(title, text, say.PRESS_ENTER)
            key = key_of(step.expect)
            if key in screen.tmap and screen.cursor != key:
                if key[0] == "castle":
                    screen.castle_mode = True
                screen.cursor = key
                status = screen.query_one(StatusLine)
                if status.has_class("-preview") and status.message:  # the preview was of the old cursor
                    screen.describe_cursor()
        self.fit_bottom()
        screen.query_one(KingdomsView).point_at(pointed_row(point))
        wanted = POINTS[point]
        for ident in ("#market", "#castles", "#kingdoms", "#viking-panel"):
            for widget in screen.query(ident):
                if widget.has_class(HIGHLIGHT) == (ident in wanted):
                    continue
                widget.set_class(ident in wanted, HIGHLIGHT)
                if ident in wanted:
                    widget.styles.text_style = "reverse"
                else:  # back to what the stylesheet says
                    widget.styles.clear_rule("text_style")
                widget.refresh()  # every line: the board repaints only the lines whose text changed

    def width(self) -> int:
        return self.screen.size.width or self.screen.app.size.width

    def bottom_lines(self) -> int:
        """The lines the board leaves to the lesson and the status line (5 at 80x24; 4 when the
        castle display takes two lines): the screen less the footer and what the board needs."""
        screen, width = self.screen, self.width()
        board = 0
        for widget in screen.query_one("#main").children:
            if not widget.display or isinstance(widget, GameLog):
                continue
            height = widget.styles.height
            if height is not None and height.is_cells:
                lines = int(height.value)
            else:  # as tall as its content (the castle display: one line, or two)
                lines = widget.get_content_height(Size(width, 0), screen.app.size, width)
            board += lines + widget.styles.margin.top + widget.styles.margin.bottom
        footer = 1
        return max((screen.size.height or screen.app.size.height) - footer - board, 2)

    def fit_bottom(self) -> None:
        """The lesson gets the lines it needs; the status line the rest, and says only what fits there
        and what the lesson does not say already (nothing cut off, nothing said twice)."""
        screen = self.screen
        panel, status = screen.query_one(LessonPanel), screen.query_one(StatusLine)
        width, room = self.width(), self.bottom_lines()
        lines = min(max(panel.needed(width), 1), room - 1)
        rest = min(room - lines, STATUS_LINES)
        panel.styles.height = lines
        status.styles.height = rest
        if status.message != self.status_shown:  # said since the last fit: the whole message to fit
            self.status_said = status.message
        message = self.status_said
        if message and message in panel.plain:
            message = ""  # the lesson says it (the preview of the asked choice, what the Vikings did)
        else:
            message = fitting(message, lambda m: len(Text(m).wrap(screen.app.console, width)) <= rest)
        self.status_shown = message
        if message != status.message:
            kind = next((k for k in ("error", "preview", "hint") if status.has_class(f"-{k}")), "info")
            status.say(message, kind)

    def said(self) -> None:
        if self.screen.is_mounted and self.screen.query(LessonPanel):
            self.fit_bottom()

    def refuses(self, key: Key) -> bool:
        """The move filter: only the lesson's choice, once its text is read."""
        screen = self.screen
        if self.after or (self.step is not None and self.step.expect is None):
            screen.say(say.first_read(self.lesson_side()), "error")
            return True
        expected = self.expected
        if expected is not None and key != key_of(expected):
            target = screen.tmap.get(key)
            why = refusal(screen.state, target.move) if target is not None else None
            if why is not None:  # not legal: the rules' reason, in one line
                screen.say(not_allowed(why, screen.db), "error")
            else:
                screen.say(say.NOT_THIS_ONE, "error")
            screen.cursor = key_of(expected)
            return True
        return False

    def play_through(self, move: Move, apply: Callable[[Move], None]) -> None:
        screen = self.screen
        before = screen.game.session.position
        step = self.step
        self.playing = True
        try:
            apply(move)
        finally:
            self.playing = False
        s = screen.game.session
        if s.position != before + 1 or step is None:
            self.show_lesson()
            return
        if step.text:  # a lesson's decision: say what it did, with the board's numbers
            self.after = say.happened(s.events[before], screen.names, screen.state)
            if self.after:
                screen.say("")  # the lesson tells it all, the Vikings' turn too
        self.index = self.lessons.index_at(s.position)
        if not screen.state.is_over:
            self.show_lesson()

    def next_lesson(self) -> None:
        """n: on to the next lesson once this one is read."""
        screen = self.screen
        if self.after:
            self.after = ""
        elif self.step is not None and self.step.expect is None:
            self.index += 1
        else:
            screen.say(say.ASKS_A_DECISION, "error")
            return
        screen.say("")
        self.show_lesson()
        step = self.step
        if self.expected is not None and step is not None and step.text:  # an unworded step's panel says it
            screen.describe_cursor()  # what the asked choice will do, as after any decision

    def undone(self) -> None:
        self.index = self.lessons.index_at(self.screen.game.session.position)
        self.after = ""


class TutorialScreen(GameScreen):
    """The game screen, taught: a lesson panel, and a ``TutorialLesson`` passed in."""

    BINDINGS: ClassVar[list[BindingType]] = [*TUTORIAL_BINDINGS]
    EXTRA_KEYS: ClassVar[Sequence[tuple[str, str]]] = tutorial_keys()  # n, R on the help page (issue 23.7)

    def __init__(self, game: GameHandle, notice: str = "", lessons: Lessons | None = None) -> None:
        super().__init__(game, notice)
        self.tutorial = TutorialLesson(self, lessons or load_lessons())
        self.lesson = self.tutorial

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield LessonPanel(id="lesson")

    def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount after this one (handlers run for each class)
        panel = self.query_one(LessonPanel)
        self.move_child(panel, before=self.query_one(PromptLine))
        self.query_one(GameLog).display = False
        self.query_one(PromptLine).display = False
        self.call_after_refresh(self.greet)

    def greet(self) -> None:
        if self.notice:
            return
        if self.game.session.position:
            self.say(say.RESUMED)
        else:
            self.say(say.greeting(self.tutorial.lesson_side()))

    def on_resize(self) -> None:
        self.tutorial.fit_bottom()

    def action_next_lesson(self) -> None:
        self.tutorial.next_lesson()

    def action_restart(self) -> None:
        yes, no = say.RESTART_ANSWERS
        self.app.push_screen(ConfirmScreen(say.RESTART_QUESTION, yes=yes, no=no), self.restart)

    def restart(self, yes: bool | None) -> None:
        if not yes:
            return
        self.driver.stop()
        self.game.close()
        name = self.state.players[0].name
        try:
            game = tutorial_game(self.context.games, name, restart=True)
        except StorageError as exc:
            self.say(str(exc), "error")
            return
        self.session.active_game = game
        self.app.switch_screen(TutorialScreen(game, say.RESTARTED))


def fitting(text: str, fits: Callable[[str], bool]) -> str:
    """``text``, or as many of its first sentences as fit (empty when not even the first does)."""
    if fits(text):
        return text
    sentences = text.split(". ")
    for n in range(len(sentences) - 1, 0, -1):
        shorter = ". ".join(sentences[:n]) + "."
        if fits(shorter):
            return shorter
    return ""


class TutorialEndScreen(NorsewindScreen[None]):
    """The tutorial's last lesson: the scoring explained, and where to go next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,m", "menu", "Title screen", key_display="Esc", id="tutorial-end-menu"),
        Binding("c", "campaign", "Campaign", id="tutorial-end-campaign"),
        Binding("q", "quit_game", "Quit", id="tutorial-end-quit"),
    ]

    def __init__(self, game: GameHandle) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = "\n".join([say.SCORING_TITLE, *self.lines()])
        with VerticalScroll(classes="page"):
            yield Static(Text(safe_text(text, newlines=True)), id="tutorial-scoring")
        yield Footer()

    def lines(self) -> list[str]:
        return [*say.scoring_lines(self.game.state), say.APP_NEXT]

    @property
    def plain(self) -> str:
        return "\n".join(self.lines())

    def action_menu(self) -> None:
        self.game.close()
        self.norsewind.goto_title(say.FINISHED)

    def action_campaign(self) -> None:
        self.game.close()
        self.norsewind.open_page("campaign")

    def action_quit_game(self) -> None:
        self.norsewind.quit_with_game(self.game)


TutorialScreen.END_SCREEN = TutorialEndScreen  # defined below the screen that ends in it
