"""The review screen: a game watched again, read-only, at any point of its log.

The board is the game screen's widgets drawn from the ``Timeline``'s state at the
position shown (nothing clickable: no targets); the log shows what happened up to that
position, the current decision's lines marked; the prompt line gives the position and the
estimated final scores, the status line the last decision in words; ``t`` swaps the kingdoms for the
chart of projected scores over the turns (both show on a tall terminal).  The game file is
never written here: ``p`` plays on from the position shown as a new game.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.worker import get_current_worker

from ...storage.analysis import Analysis, Verdict, log_key, read_analysis, write_analysis
from ...storage.chat import ChatLine
from ...storage.errors import StorageError
from ...storage.handle import GameHandle
from ...talk import marked_words, review_chat
from ...words import review as say
from ...words.app import trouble
from ..analysis import analyse, verdict_words
from ..messages import AnalysisDone, AnalysisFailed, AnalysisProgress
from ..text import safe_text
from ..timeline import Timeline
from ..widgets.board import Board, BoardView
from ..widgets.chart import ChartData, ScoreChart
from ..widgets.layout import board_layout
from ..widgets.log import GameLog
from ..widgets.prompt import PromptLine, StatusLine
from .base import NorsewindScreen
from .dialogs import LogScreen, NameScreen

REVIEW_BINDINGS: list[Binding] = [
    Binding("left", "step(-1)", "Step", key_display="←→", id="review-prev"),
    Binding("right", "step(1)", "Next decision", show=False, id="review-next"),
    Binding("up,pageup", "turn(-1)", "Turn", key_display="↑↓", id="review-turn-back"),
    Binding("down,pagedown", "turn(1)", "Next turn", show=False, id="review-turn-next"),
    Binding("home", "start", "Start", show=False, id="review-home"),
    Binding("end", "end", "End", show=False, id="review-end"),
    Binding("g", "go_to_turn", "Turn N", id="review-goto"),
    Binding("v", "vikings", "Vikings", id="review-vikings"),
    Binding("t", "chart", "Chart", id="review-chart"),
    Binding("tab", "next_view", "Players", show=False, id="review-next-view", priority=True),
    Binding("p", "play_on", "Play on", id="review-play-on"),
    Binding("a", "analyse", "Analyse", id="review-analyse"),
    Binding("n", "next_costly", "Next costly", show=False, id="review-next-costly"),
    Binding("L", "show_log", "Log", key_display="L", show=False, id="review-log"),
    Binding("question_mark", "help", "Help", key_display="?", id="review-help"),
    Binding("escape", "back", "Back", key_display="Esc", show=False, id="review-back"),
    Binding("q", "quit_review", "Quit", id="review-quit"),
]


REVIEW_KEY_HELP = say.KEY_HELP


KEY_NAMES = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "tab": "Tab",
    "escape": "Esc",
    "question_mark": "?",
}


def review_keys() -> list[str]:
    """The review screen's keys in words (built from the bindings, so they always agree)."""
    lines = [say.KEYS_TITLE, ""]
    for b in REVIEW_BINDINGS:
        keys = " / ".join(KEY_NAMES.get(k, k) for k in b.key.split(","))
        lines.append(f"{keys:<14} {REVIEW_KEY_HELP.get(b.id or '', b.description)}")
    return lines


class ReviewLog(GameLog):
    """The game log up to the position shown; the current decision's lines marked with ▶."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {*GameLog.COMPONENT_CLASSES, "log--current", "log--chat", "log--watching"}


class ReviewScreen(NorsewindScreen[None]):
    """Review one game (read-only)."""

    BINDINGS: ClassVar[list[BindingType]] = [*REVIEW_BINDINGS]
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-short"), (40, "-tall")]  # noqa: RUF012
    SCOPED_CSS = False  # the rules name the screen and its parts themselves
    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; }
    ReviewScreen #body { height: 1fr; }
    ReviewScreen #main { height: 1fr; }
    ReviewScreen.-narrow #body { layout: vertical; }
    ReviewScreen.-narrow #side { display: none; }
    ReviewScreen.-wide #body { layout: horizontal; }
    ReviewScreen.-wide #main { width: 1fr; }
    ReviewScreen.-wide #side { width: 36; height: 100%; border-left: vkey $panel-lighten-2; padding-left: 1; }
    ReviewScreen.-wide #players { display: none; }
    ReviewScreen #chart { height: 12; display: none; }
    ReviewScreen.-chart #chart { display: block; }
    ReviewScreen.-chart.-short #kingdoms { display: none; }
    ReviewScreen.-tall #chart { display: block; }
    ReviewLog > .log--current { text-style: bold; color: $text; background: $panel; }
    ReviewLog > .log--chat { color: $accent; }
    ReviewLog > .log--watching { color: $text-muted; text-style: italic; }
    """

    def __init__(self, game: GameHandle, position: int | None = None) -> None:
        super().__init__()
        self.game = game  # read-only: its name, seats and metadata; never pushed to
        self.timeline = Timeline(game.session)
        self.position = self.timeline.end if position is None else max(0, min(position, self.timeline.end))
        self.viking_step = 0
        self.view_seat: int | None = None
        self.verdicts: dict[int, Verdict] = {}  # decision -> the analysis' verdict, once it ran
        self.analysed: Analysis | None = None
        self.analysing = False
        # the table's chat (issue 41.2), read once: what this identity may read (its own channel during
        # play, both once the game is over), each line shown after the decisions made when it was said
        self.chat: list[ChatLine] = review_chat(game)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from board_layout(ReviewLog(id="log"), chart=ScoreChart(id="chart"))

    def on_mount(self) -> None:
        self.set_class(self.timeline.solo, "-solo")
        self.sync()

    # ------------------------------------------------------------------ drawing

    def sync(self) -> None:
        """Draw the position shown: board, log, chart, prompt and status."""
        t, p = self.timeline, self.position
        state = t.state(p, self.viking_step)  # a step of the Vikings' turn: the board as it stood then
        me = -1 if state.is_over else state.current
        seat = self.view_seat if self.view_seat is not None else max(me, 0)
        view = BoardView(state, t.db, t.names, {}, None, seat, me)
        for board in self.query(Board):
            if not isinstance(board, PromptLine):
                board.show(view)
        self.query_one(PromptLine).set_prompt(self.prompt_text(seat))
        self.draw_log()
        self.draw_chart()
        words = t.status(p, self.viking_step)
        verdict = self.verdicts.get(p - 1) if p and not self.viking_step else None
        if verdict is not None and verdict.costly:  # the analysis marks it: say what it cost, in words
            self.query_one(StatusLine).say(say.costly(verdict_words(verdict)), "hint")
            return
        self.query_one(StatusLine).say(words)

    def prompt_text(self, seat: int) -> str:
        t, p = self.timeline, self.position
        scores = list(zip(t.labels, t.projected(p), strict=True))
        # the turn and the points now are the top line's; this line the estimate of the end, said as
        # one (issue 39: "Turn 14 ... 125pt", "projected root 126", "turn 13" at once, unexplained)
        text = say.position(p, t.end, t.state(p).is_over, scores)
        if self.view_seat is not None:
            text = say.kingdoms_of(t.names[seat], text)
        return text

    def log_lines(self, mark: bool = True) -> list[tuple[str, str]]:
        """The log up to the position shown, the current decision's lines marked with ▶, and the chat
        said up to then, each line after the decision it followed (a spectator's in its own style)."""
        shown, current = self.timeline.lines_to(self.position, self.viking_step)
        end = self.timeline.end
        said = [x for x in self.chat if min(x.decision, end) <= self.position]
        said.sort(key=lambda x: min(x.decision, end))  # stable: in the order said within a decision
        out: list[tuple[str, str]] = []

        def chat_until(decisions: int) -> None:
            while said and min(said[0].decision, end) <= decisions:
                line = said.pop(0)
                out.append((safe_text(marked_words(line)), "log--watching" if line.seat < 0 else "log--chat"))

        for i, line in enumerate(shown):
            chat_until(line.decision)  # what was said before this decision was made
            style = "log--vikings" if line.vikings else ("log--notable" if line.notable else "")
            text = line.text
            if mark and i >= len(shown) - current:
                text, style = "▶ " + text.lstrip(), "log--current"
            out.append((text, style))
        chat_until(self.position)
        return out

    def draw_log(self) -> None:
        log = self.query_one(ReviewLog)
        log.lines = []
        if not self.timeline.lines_to(self.position, self.viking_step)[0]:
            log.add_line(say.BEGINS, "log--turn")
        log.lines += self.log_lines()
        log.refresh()

    def chart_data(self) -> ChartData:
        t = self.timeline
        series = t.series
        turn = t.turn_of(self.position)
        current = max((i for i, (x, _) in enumerate(series) if x <= turn), default=0)
        if self.position == t.end:
            current = len(series) - 1
        xs = [str(x) for x, _ in series]
        if t.state(t.end).is_over:
            xs[-1] = "end"
        now = t.projected(self.position)
        return ChartData(t.labels, xs, [v for _, v in series], current, now, vikings=t.solo)

    def draw_chart(self) -> None:
        self.query_one(ScoreChart).show(self.chart_data())

    # ------------------------------------------------------------------ moving

    def go(self, position: int, message: str | None = None) -> None:
        self.position = max(0, min(position, self.timeline.end))
        self.viking_step = 0
        self.sync()
        if message:
            self.query_one(StatusLine).say(message)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "vikings":
            return self.timeline.solo  # no Vikings to step through in a game of 2-4
        if action == "next_view":
            return len(self.timeline.names) > 1
        return True

    def action_step(self, delta: int) -> None:
        if self.viking_step:
            self.viking_step = 0
            if delta < 0:
                self.sync()
                return
        self.go(self.position + delta)

    def action_turn(self, delta: int) -> None:
        t = self.timeline
        self.go(t.next_turn(self.position) if delta > 0 else t.previous_turn(self.position))

    def action_start(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(self.timeline.end)

    def action_go_to_turn(self) -> None:
        last = self.timeline.last_turn()
        self.app.push_screen(NameScreen(say.go_to_turn(last), "", enter=say.GOES_TO_TURN), self.went_to_turn)

    def went_to_turn(self, answer: str | None) -> None:
        if answer is None:
            return
        last = self.timeline.last_turn()
        if not answer.isdigit() or not 1 <= int(answer) <= last:
            said = say.no_turn(safe_text(answer)[:12], last)
            self.query_one(StatusLine).say(said, "error")
            return
        self.go(self.timeline.start_of_turn(int(answer)))

    def action_vikings(self) -> None:
        """Solo: step through the Vikings' turn the decision shown set off, then on to the next one."""
        t = self.timeline
        if not t.solo:
            self.query_one(StatusLine).say(say.NO_VIKINGS, "error")
            return
        steps = t.viking_steps(self.position)
        if steps and self.viking_step < steps:
            self.viking_step += 1
            self.sync()
            return
        nxt = t.next_vikings(self.position)
        if nxt is None:
            self.query_one(StatusLine).say(say.NO_MORE_VIKINGS, "error")
            return
        self.position, self.viking_step = nxt, 1
        self.sync()

    def action_chart(self) -> None:
        self.toggle_class("-chart")

    def action_next_view(self) -> None:
        t = self.timeline
        n = len(t.names)
        if n == 1:
            self.query_one(StatusLine).say(say.SOLO_VIEW)
            return
        state = t.state(self.position)
        current = self.view_seat if self.view_seat is not None else max(state.current, 0)
        seat = (current + 1) % n
        self.view_seat = None if seat == state.current else seat
        self.sync()

    # ------------------------------------------------------------------ elsewhere

    def action_play_on(self) -> None:
        """Play on from the position shown as a new game (asks its name; R25: no medal)."""
        if self.timeline.state(self.position).is_over:
            self.query_one(StatusLine).say(say.OVER_HERE, "error")
            return
        if self.game.shared and not self.game.finished:  # its deal would show the cards to come
            self.query_one(StatusLine).say(say.STILL_PLAYED, "error")
            return
        turn = self.timeline.turn_of(self.position)
        question = say.play_on_question(self.position)
        self.app.push_screen(NameScreen(question, f"{self.game.name}-from-turn-{turn}"), self.named_branch)

    def named_branch(self, name: str | None) -> None:
        if not name:
            return
        self.norsewind.play_on(self.game, self.position, name, on_error=self.failed)

    def failed(self, message: str) -> None:
        self.query_one(StatusLine).say(message, "error")

    def folder(self) -> Path:
        """Where the game's file is (a shared table's is in the tables folder): its analysis goes beside it."""
        return self.game.path.parent

    def analysed_seat(self) -> int:
        """Whose decisions ``a`` analyses: the kingdoms shown (tab), else the first person's seat."""
        if self.view_seat is not None:
            return self.view_seat
        seats = self.game.seats
        return next((i for i, s in enumerate(seats) if s.kind == "human"), 0)

    def action_analyse(self) -> None:
        """Where did I lose it? The hard player looks at each decision of the seat (in a worker)."""
        status = self.query_one(StatusLine)
        if self.analysing:
            status.say(say.RUNNING, "hint")
            return
        seat = self.analysed_seat()
        key = log_key(self.game.session, self.context.games.cards.digest)
        stored = read_analysis(self.folder(), self.game.name, key, seat)
        if stored is not None:
            self.show_analysis(stored)
            return
        self.analysing = True
        status.say(say.analysing(self.timeline.names[seat]), "hint")
        self.run_analysis(seat, self.context.games.cards.digest)

    @work(thread=True, exclusive=True, group="analysis")
    def run_analysis(self, seat: int, digest: str) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(AnalysisProgress(done, total))

        try:
            found = analyse(
                self.game.session,
                seat,
                digest,
                progress=progress,
                should_stop=lambda: worker.is_cancelled,
            )
        except Exception as exc:  # a failing bot must not take the review down
            self.post_message(AnalysisFailed(trouble("analysis", exc)))
            return
        if found is not None:
            self.post_message(AnalysisDone(found))

    def on_analysis_progress(self, message: AnalysisProgress) -> None:
        self.query_one(StatusLine).say(say.progress(message.done, message.total), "hint")

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        self.analysing = False
        self.query_one(StatusLine).say(message.reason, "error")

    def on_analysis_done(self, message: AnalysisDone) -> None:
        self.analysing = False
        note = ""
        try:
            write_analysis(self.folder(), self.game.name, message.analysis)
        except StorageError as exc:
            note = say.not_kept(exc)
        self.show_analysis(message.analysis, note)

    def show_analysis(self, analysis: Analysis, note: str = "") -> None:
        self.analysed = analysis
        self.verdicts = {v.decision: v for v in analysis.verdicts}
        who = self.timeline.names[analysis.seat]
        self.query_one(StatusLine).say(say.analysed(who, analysis.summary(), bool(analysis.costly), note), "hint")

    def action_next_costly(self) -> None:
        if self.analysed is None:
            self.query_one(StatusLine).say(say.NO_ANALYSIS, "error")
            return
        costly = [v.decision + 1 for v in self.analysed.costly]
        nxt = next((p for p in costly if p > self.position), costly[0] if costly else None)
        if nxt is None:
            self.query_one(StatusLine).say(say.NO_COSTLY, "hint")
            return
        self.go(nxt)

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen([text for text, _ in self.log_lines(mark=False)]))

    def action_help(self) -> None:
        self.app.push_screen(LogScreen(review_keys()))

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "analysis")

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.norsewind.goto_title()

    def action_quit_review(self) -> None:
        self.norsewind.quit_with_game(None)
