"""The game screen: the board, the log, the prompt; keys and clicks become moves.

The screen is the only place that changes the game, and only through the
game handle (``push``/``undo``/``redo``).  Widgets render a ``BoardView`` and
post ``Board.Picked`` when clicked.  The computer, and what other terminals change, come
from one driver (``tui/driver.py``): one worker thread that posts ``GameChanged``.  What
differs between games is asked of the handle (``turn_problem``, ``seat``, ``shared``...),
never of its type; a tutorial adds a ``Lesson`` (a move filter told of each change).

Each decision is tied to the view on screen when its key arrived (issue 24.4): a key
typed before a change from elsewhere was drawn decides nothing ("the game moved on").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar, Protocol

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ... import activity, words
from ...bots.registry import HINT_GIVER
from ...play import Done, NeedsConfirmation, Outcome, Play, said
from ...rules import cards_for, refusal
from ...rules.events import SKIPPED, VIKINGS_TURN, Event
from ...rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle, PlaceCitizen, PlaceDisc, TakeFrom
from ...rules.queries import at_turn_start, decision, preview, revealed_between
from ...rules.scoring import kingdom_score
from ...rules.session import Session
from ...rules.state import State
from ...storage import StorageError
from ...storage.daily import utc_today
from ...storage.dailyseed import daily_of
from ...storage.gamefile import Snapshot
from ...storage.handle import GameHandle
from ...words import play as say_play
from ...words.nouns import player_names
from ...words.play import UNDO_QUESTION
from ..computer import engine_spec
from ..driver import Driver
from ..hints import Announced, HintAnswer, TurnSoFar, ask, follow_plan, turn_so_far
from ..info import explain_key
from ..keys import GAME_BINDINGS
from ..messages import EngineNotice, GameChanged, HintFailed, HintReady
from ..targets import Key, Target, build_targets, first_legal, key_of, step
from ..text import card_facts, describe_card, plural, safe_text, short_name
from ..textual_private import get_time  # the clock of events.Key.time (a key is matched to a view by it)
from ..widgets.board import Board, BoardView
from ..widgets.layout import SparingCompositor, board_layout
from ..widgets.log import GameLog
from ..widgets.prompt import PromptLine, StatusLine
from .base import NorsewindScreen
from .dialogs import ConfirmScreen, LogScreen, NameScreen
from .end import EndScreen
from .help import HelpScreen
from .info import InfoScreen
from .vikings import VikingScreen

LOG_HISTORY = 300  # events replayed into the log when a game is opened or undone
ENGINE_NOTICE_S = 20.0  # seconds an outside engine's fault stays on screen
SHOWN = 8  # the views last drawn, with when: a key's decision is tied to the one it was typed on
# the notation in one line (at most 79 cells: one line of the log at 80 columns); ? has it all
LEGEND = "Key: h helmets, s shields, p prestige, c citizens, $ coins; RISK (h>s) is -7."


def digits(n: int) -> str:
    """The digit keys for ``n`` choices: "1" for one, "1-3" for three (never "1-1")."""
    return "1" if n == 1 else f"1-{n}"


class Lesson(Protocol):
    """What a tutorial adds to the game screen: a filter on the player's choices, told of each change."""

    def refuses(self, key: Key) -> bool:
        """Say why ``key`` is not the lesson's choice; True when it is refused."""
        ...

    def play_through(self, move: Move, apply: Callable[[Move], None]) -> None:
        """Make ``move`` with ``apply`` (the screen's), then move the lesson on."""
        ...

    def synced(self) -> None: ...

    def said(self) -> None: ...

    def undone(self) -> None: ...


class EndPage(Protocol):
    """What follows a finished game: a page made from the game (the score pad, the tutorial's last lesson)."""

    def __call__(self, game: GameHandle) -> Screen[None]: ...


def standin_marks(session: Session, made: frozenset[int]) -> dict[int, str]:
    """id(event) -> whose seat a computer played it in (the log's short name), for the log's marks."""
    marked: dict[int, str] = {}
    for index in made:
        seat = session.mover(index)
        who = short_name(session.state.players[seat].name)
        for event in session.events[index]:
            if event.player == seat:
                marked[id(event)] = who
    return marked


def new_events(old: Snapshot, new: Snapshot) -> list[Event] | None:
    """The events of the decisions ``new`` adds to ``old``; None when it is not an extension."""
    a, b = old.session, new.session
    if b.position < a.position or a.moves[: a.position] != b.moves[: a.position]:
        return None
    if old.state.players != new.session.states[a.position].players:
        return None  # renamed (someone joined): the log is written again with the new names
    return [e for batch in b.events[a.position : b.position] for e in batch]


# The keys that do nothing while someone else decides or the game is watched (issue 39: a watching
# tab offered "Enter Choose ... u Undo h Hint"): hidden from the footer then; pressed anyway, their
# action runs and says why it does nothing, as before.
WAITING_KEYS: dict[str, tuple[str] | tuple[str, int]] = {
    "enter": ("choose",),
    "space": ("choose",),
    **{str(n): ("digit", n) for n in range(1, 10)},
    "u": ("undo",),
    "ctrl+z": ("undo",),
    "h": ("hint",),
    "escape": ("back",),
}
WAITING_ACTIONS = ("choose", "digit", "row_digit", "undo", "hint", "back")


class GameScreen(NorsewindScreen[None]):
    """Play one game."""

    BINDINGS: ClassVar[list[BindingType]] = [*GAME_BINDINGS]
    EXTRA_KEYS: ClassVar[Sequence[tuple[str, str]]] = ()  # this kind of game's own keys, for the help page
    END_SCREEN: ClassVar[EndPage] = EndScreen
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012 (Textual reads it per instance)
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    def __init__(self, game: GameHandle, notice: str = "") -> None:
        super().__init__()
        self._compositor = SparingCompositor()  # a layout paints only what it changed (issue 28)
        self.game = game
        self.end_page: EndPage = self.END_SCREEN  # a kind of game screen may make it from what it knows
        self.set_class(game.state.solo, "-solo", update=False)  # styled once, when mounted
        self.db = cards_for(game.state)
        self.cursor: Key | None = None
        self.view_seat: int | None = None  # None: follow the player to move
        self.castle_mode = False
        self.targets: list[Target] = []
        self.tmap: dict[Key, Target] = {}
        self.ended = False
        self.notice = notice
        self.late_events: list[Event] = []
        self.switches: tuple[bool | None, ...] = ()
        self.driver = Driver(
            self, game, lambda: self.session.computer_delay, engine_spec(self.context.options), self.context.engines
        )
        self.lesson: Lesson | None = None  # a tutorial's
        self.standin_events: dict[int, str] = {}  # id(event) -> whose seat a computer played it in
        self.shown: list[tuple[float, Snapshot]] = []  # (when drawn, the view): the last SHOWN
        self.click_time: float | None = None  # when the click being handled arrived (a key's: the app's)
        self.computer_events: list[Event] = []  # the computers' decisions since a person last decided
        self.hint_for: State | None = None  # the position a hint is being worked out for
        self.announced: Announced | None = None  # the plan the last hint announced (hints within a turn follow it)
        self.hint_changed = ""  # why the hint being worked out is not the announced plan's next step

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from board_layout(GameLog(id="log"))

    def on_mount(self) -> None:
        self.session.active_game = self.game
        self.query_one(GameLog).standin_for = lambda event: self.standin_events.get(id(event))
        self.mark_standins()
        self.rebuild_log()
        self.sync()
        self.driver.start()  # the computer, and what is changed elsewhere (a watched game, a table)
        self.session.drivers.add(self.driver)
        if self.notice:
            self.say(self.notice)
        elif self.daily and not self.game.state.is_over:
            self.query_one(StatusLine).say_fitting(
                [f"{self.daily}. Enter chooses, ? explains every key.", self.daily + "."]
            )
        elif self.game.read_only and not self.game.state.is_over:  # no Enter, no hint: say what is
            self.say("Watching, read-only: the board follows the game; tab shows the other players, ? the keys.")
        elif self.game.session.position and self.is_human_turn():
            self.describe_cursor()  # a game resumed (a reloaded tab): the line it showed, not the first tip
        elif not self.game.state.is_over:
            tab = ", tab shows the other players" if len(self.game.state.players) > 1 else ", tab the Vikings"
            self.say(f"Arrows move, Enter chooses, h gives a hint{tab}, ? explains every key.")

    def on_unmount(self) -> None:
        self.driver.stop()

    def on_screen_resume(self) -> None:
        self.sync()

    # ------------------------------------------------------------------ state -> widgets

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def names(self) -> tuple[str, ...]:
        return player_names(self.state)

    def is_computer(self, seat: int) -> bool:
        seats = self.game.seats
        return 0 <= seat < len(seats) and seats[seat].kind == "computer"

    def is_human_turn(self) -> bool:
        return self.controller.asked()

    def wait_line(self) -> str:
        """Why this terminal waits, in one line ("Wait: it is bob's turn, not yours ...")."""
        return say_play.not_yours(str(self.controller.not_asked().problem or ""))

    def sync(self) -> None:
        """Redraw everything from the game; start the computer if it is to move."""
        state = self.state
        if self.hint_for is not None and self.hint_for is not state:
            self.drop_hint()  # the position changed: the hint being worked out is for another one
        self.targets = build_targets(state) if self.is_human_turn() else []
        self.tmap = {t.key: t for t in self.targets}
        if self.cursor not in self.tmap:
            self.cursor = first_legal(self.targets)
        me = -1 if state.is_over else state.current
        seat = self.view_seat if self.view_seat is not None else self.home_seat(me)
        view = BoardView(state, self.db, self.names, self.tmap, self.cursor, seat, me)
        for board in self.query(Board):
            board.show(view)
        self.query_one(PromptLine).set_prompt(self.prompt_text(seat))
        switched = ("decline", "refresh_market", "pass_turn", "castles", "redo", *WAITING_ACTIONS)
        switches = tuple(self.check_action(action, (1,) if "digit" in action else ()) for action in switched)
        if switches != self.switches:  # the footer is redrawn only when its keys change
            self.switches = switches
            self.refresh_bindings()
        self.call_after_refresh(self.mark_shown)
        if state.is_over:
            self.finish()
        else:
            self.driver.wake()  # the computer may be to move
        if self.lesson is not None:
            self.lesson.synced()

    def mark_shown(self, at: float | None = None) -> None:
        """The view is drawn (``at``: since then): a key arriving from then on decides on it.

        A change from elsewhere counts once drawn; this screen's own decision from when its key
        arrived (a key typed after it is meant for what it leads to)."""
        view = self.game.view
        if not any(seen is view for _, seen in self.shown):
            self.shown = [*self.shown[-(SHOWN - 1) :], (get_time() if at is None else at, view)]

    def arrived(self) -> float | None:
        """When the click, else the key, being handled arrived (the app notes each key's)."""
        when, self.click_time = self.click_time, None
        return when if when is not None else self.session.key_time

    def seen_view(self, when: float | None) -> Snapshot | None:
        """The view on screen at ``when`` (None: not known, the current one).

        A key that arrived before every view kept was marked drawn (a loaded machine may draw a
        new screen late) is matched to the oldest: never to a later one it could not have seen."""
        if when is None or not self.shown:
            return None
        shown = [(at, view) for at, view in self.shown if at <= when] or self.shown[:1]
        return max(shown, key=lambda entry: entry[0])[1]

    def redraw(self) -> None:
        """Only the cursor moved: redraw the boards, not the prompt."""
        state = self.state
        me = -1 if state.is_over else state.current
        seat = self.view_seat if self.view_seat is not None else self.home_seat(me)
        view = BoardView(state, self.db, self.names, self.tmap, self.cursor, seat, me)
        for board in self.query(Board):
            board.show(view)

    def decision_prompt(self) -> str:
        """The decision awaited, the name in it as written everywhere else in the game (long ones abbreviated)."""
        return words.prompt(self.state, self.names)

    def home_seat(self, me: int) -> int:
        """Whose kingdoms are shown unless another player's were asked for: this terminal's seat
        (a table's), else the player to move."""
        mine = self.game.seat
        return mine if mine is not None else max(me, 0)

    def prompt_text(self, seat: int) -> str:
        state = self.state
        if state.is_over:
            return "Final scores: the score pad follows."  # the log's last line already says the game is over
        text = self.decision_prompt()
        if self.game.read_only:
            text = "Watching (read-only): " + text
        elif self.is_computer(state.current):
            text = f"{self.names[state.current]} (computer) is thinking..."
        if self.castle_mode:
            text = f"Castle display: press {digits(len(state.display))} or move and Enter (Esc: back to the market)."
        if seat != state.current and 0 <= seat < len(state.players):
            text = f"[Viewing {self.names[seat]}'s kingdoms; tab] " + text
        return text

    def say(self, message: str, kind: str = "info") -> None:
        self.query_one(StatusLine).say(message, kind)
        if self.lesson is not None:
            self.lesson.said()

    def log_events(self, events: list[Event]) -> None:
        """Add events to the log; the Vikings' turn arrives step by step, a beat apart."""
        log = self.query_one(GameLog)
        self.flush_log()
        beat = self.session.computer_delay / 2
        first = next((i for i, e in enumerate(events) if e.kind in VIKINGS_TURN), None)
        if first is None or beat <= 0:
            log.add_events(events, self.names, self.db)
            return
        log.add_events(events[:first], self.names, self.db)
        self.late_events = list(events[first:])
        for beats in range(1, len(self.late_events) + 1):
            self.set_timer(beat * beats, self._late_event)

    def _late_event(self) -> None:
        if self.late_events:
            self.query_one(GameLog).add_events([self.late_events.pop(0)], self.names, self.db)

    def flush_log(self) -> None:
        """Whatever is still to come of the Vikings' turn, now (before anything newer)."""
        if self.late_events:
            events, self.late_events = self.late_events, []
            self.query_one(GameLog).add_events(events, self.names, self.db)

    def rebuild_log(self) -> None:
        self.late_events = []
        log = self.query_one(GameLog)
        log.clear()
        s = self.game.session
        events: list[Event] = [e for batch in s.events[: s.position] for e in batch]
        if len(events) > LOG_HISTORY:
            log.add_line(f"({len(events) - LOG_HISTORY} earlier events not shown)", "log--turn")
            events = events[-LOG_HISTORY:]
        if not events:
            log.add_line(self.opening_line(), "log--turn")
            log.add_line(LEGEND, "log--turn")
        log.add_events(events, self.names, self.db)

    @property
    def daily(self) -> str:
        """ "The daily deal of 2026-12-01: your one attempt today" for that game, else "" (issue 23.14)."""
        game = self.game  # a branch of a daily deal is a game of its own (R25), not the attempt
        day = daily_of(game.name, game.session.seed, self.state.config.level) if not game.branch_of else None
        if day is None or not self.state.solo:
            return ""
        return f"The daily deal of {day}: your one attempt" + (" today" if day == utc_today().isoformat() else "")

    def opening_line(self) -> str:
        state = self.state
        if self.daily:
            return f"{self.daily}; score more than the Vikings. {self.names[0]} begins."
        if state.solo:
            return f"Solo game, level {state.config.level}: score more than the Vikings. {self.names[0]} begins."
        first = self.names[state.start_player]
        return f"{len(state.players)} players; {first} has the lowest starting card and begins."

    # ------------------------------------------------------------------ hover information

    def describe_cursor(self) -> None:
        """Say in the status line what the cursor points at (and why it is not allowed)."""
        target = self.tmap.get(self.cursor) if self.cursor is not None else None
        if target is None:
            return
        if not target.legal:
            self.say("Not allowed: " + self.why_not(target.move), "error")
            return
        self.say(self.explain(target.move), "preview")

    def why_not(self, move: Move) -> str:
        """Why ``move`` is refused, plainly (a card refused only for its price: you cannot pay)."""
        why = refusal(self.state, move)
        return words.refusal(why, self.db, plain=True) if why is not None else ""

    def explain(self, move: Move) -> str:
        state, db = self.state, self.db
        if isinstance(move, PickBuilding):
            return f"Slot {move.slot + 1}: " + describe_card(db, state.market[move.slot])
        if isinstance(move, PickCastle):
            return f"Castle {move.index + 1}: " + card_facts(db, state.display[move.index])
        if isinstance(move, TakeFrom):
            what = words.supply_item(state.supply_kinds[move.supply])
            return f"Take {what} ({state.supplies[move.supply]} left)."
        result = preview(state, move)
        if result is None:
            return ""
        after, events = result
        said = [words.future(e, self.names, db, state.current) for e in events if e.kind != "placed" or e.value]
        if said:  # what choosing it would do (nothing has happened yet), one sentence each
            said = ["Enter: " + said[0], *(w[:1].upper() + w[1:] for w in said[1:])]
        if isinstance(move, (ChooseKingdom, PlaceCitizen, PlaceDisc)):
            said.append(words.kingdom_then(kingdom_score(db, after.players[state.current], move.row)))
        text = " ".join(w for w in said if w)
        return text or "Press Enter to choose."

    # ------------------------------------------------------------------ choosing

    def choose_key(self, key: Key) -> None:
        if not self.is_human_turn():
            self.tell(self.controller.not_asked())
            return
        if self.lesson is not None and self.lesson.refuses(key):
            return
        target = self.tmap.get(key)
        if target is None:
            self.say("That is not a choice for this decision.", "error")
            return
        self.cursor = key
        if not target.legal:
            self.redraw()
            self.say("Not allowed: " + self.why_not(target.move), "error")
            self.app.bell()
            return
        self.play(target.move)

    def play(self, move: Move) -> None:
        if self.lesson is not None:
            self.lesson.play_through(move, self.apply)
        else:
            self.apply(move)

    def apply(self, move: Move) -> None:
        mover = self.state.current
        by_computer = self.is_computer(mover)
        when = None if by_computer else self.arrived()
        seen = self.seen_view(when)
        with activity.span("save"):  # the rules and the write: issue 28's slow keys
            outcome = self.controller.decide(move, seen)
        if not isinstance(outcome, Done):
            self.tell(outcome)
            return
        events = list(outcome.events)
        if not by_computer:
            self.mark_shown(when)
        self.log_events(events)
        self.castle_mode = False
        self.view_seat = None
        self.cursor = self.next_hinted()
        self.computer_events = [*self.computer_events, *events] if by_computer else []
        self.sync()
        if self.say_warning():
            return
        if not self.state.is_over:
            summaries = [self.vikings_summary(events), "The Vikings took their cards (L shows the log)."]
            if self.is_human_turn() and self.computer_events:  # what the computers did, in a few words
                summaries = words.computers_summary(self.computer_events, self.names, self.db)
                self.computer_events = []
            skipped = self.skipped_step(events, mover)
            if skipped:  # a step the rules skipped for want of a space: said before the rest
                summaries = [f"{skipped} {m}".strip() for m in summaries] + [skipped]
            if summaries[0]:
                self.query_one(StatusLine).say_fitting(summaries)
            elif self.is_human_turn():
                self.describe_cursor()
            else:  # a computer (or someone at another terminal) decides: the log shows it
                self.say("")

    def say_warning(self) -> bool:
        """Saved, but the disk failed right after: say so (True when there was something to say)."""
        warning = self.game.warning
        if warning:
            self.say(str(warning), "error")
        return bool(warning)

    def next_hinted(self) -> Key | None:
        """After a hinted step was followed: the plan's next step, for the cursor (None otherwise)."""
        announced, s = self.announced, self.game.session
        if announced is None or s.position <= announced.position:
            return None
        played = s.moves[announced.position : s.position]
        steps = len(played)
        if tuple(played) != announced.plan[:steps] or steps >= len(announced.plan):
            return None
        return key_of(announced.plan[steps])

    def skipped_step(self, events: list[Event], mover: int) -> str:
        """The steps the rules skipped for ``mover`` (no citizen or disc to place, no neutral citizen)."""
        return " ".join(words.past(e, self.names, self.db) for e in events if e.kind in SKIPPED and e.player == mover)

    def vikings_summary(self, events: list[Event]) -> str:
        """The Vikings' turn in one line (the log has it step by step)."""
        steps = [words.past(e, self.names, self.db) for e in events if e.kind in VIKINGS_TURN]
        return safe_text(" ".join(steps))

    def on_board_picked(self, message: Board.Picked) -> None:
        key = message.key
        if key[0] == "seat":
            seat = key[1]
            assert isinstance(seat, int)  # the players bar's keys are ("seat", index)
            self.view_seat = None if seat == self.home_seat(self.state.current) else seat
            self.sync()
            return
        if self.view_seat is not None and key[0] in ("row", "space", "disc"):
            self.view_seat = None
        self.click_time = message.time
        self.choose_key(key)

    # ------------------------------------------------------------------ the computer, and changes made elsewhere

    def on_game_changed(self, message: GameChanged) -> None:
        change = message.change
        if change is None:
            self.say(message.trouble, "error")
        elif change.move is not None:  # the computer decided here, for a game of this terminal
            if change.base is not self.state:
                self.sync()  # the game changed meanwhile (undo): think again
                return
            self.play(change.move)
        elif change.view is not None:
            self.adopt(change.view)

    def on_engine_notice(self, message: EngineNotice) -> None:
        """A notification, not the status line: the engine's next move (greedy's) is said there at once."""
        self.notify(safe_text(message.line), severity="warning", markup=False, timeout=ENGINE_NOTICE_S)

    def adopt(self, view: Snapshot) -> None:
        """A newer generation, written elsewhere (or by this process's computer): show it."""
        was_mine = self.is_human_turn()
        old = self.game.adopt(view)
        if old is None:
            return
        self.mark_standins()
        events = new_events(old, view)
        if events is None:
            self.rebuild_log()
        elif events:
            self.log_events(events)
        self.castle_mode = False
        self.sync()
        if self.state.is_over:
            return
        if view.notice:  # the file was broken: its backup is used
            self.say(view.notice, "error")
        elif view.warning:  # a computer's decision was saved, but the disk failed after
            self.say(view.warning, "error")
        elif self.is_human_turn() and not was_mine:
            self.say(self.turn_line())
        elif events is None and old.session.position > view.session.position:
            self.say("A decision was undone.")
        else:  # someone decided: what the status said (an undo refused...) is about an older position
            self.say("")

    def mark_standins(self) -> None:
        """Which events of the log the log marks as a stand-in's (before they are logged)."""
        self.standin_events = standin_marks(self.game.session, self.game.computer_made())

    def turn_line(self) -> str:
        problem = self.game.turn_problem()
        if problem is None:
            seat = self.game.seat
            who = self.game.seats[seat].name if seat is not None else self.names[self.state.current]
            return f"Your turn, {who}. Arrows move, Enter chooses, ? explains every key."
        said = str(problem)
        return said[:1].upper() + said[1:] + "."

    def around_changed(self) -> None:
        """Someone came or went: the players bar and the prompt again (the app looks every 2 s)."""
        if self.is_mounted and not self.ended:
            self.sync()

    def stop_computer(self) -> None:
        self.driver.stop()

    # ------------------------------------------------------------------ hints

    def hint_refusal(self) -> str:
        """Why no hint can be given now ("" when one can)."""
        state = self.state
        if state.is_over:
            return "The game is over: no hint."
        if self.game.read_only:
            return "No hint while watching: hints are for the player to move."
        if self.is_computer(state.current):
            return f"No hint: it is {self.names[state.current]}'s turn (a computer player)."
        if not self.is_human_turn():
            return "No hint: it is not your decision."
        return ""

    def action_hint(self) -> None:
        refusal = self.hint_refusal()
        if refusal:
            self.say(refusal, "error")
            return
        state = self.state
        if self.hint_for is state:
            self.say("Still thinking of a hint...", "hint")
            return
        followed = self.follow_announced()
        if isinstance(followed, HintAnswer):  # the plan announced this turn goes on: no new search
            self.show_hint(followed)
            return
        self.hint_changed = followed
        self.hint_for = state
        giver = self.session.settings.hints  # the player's setting: the expert unless they chose hard
        self.say(f"Thinking of a hint (what the {giver} computer player would do)...", "hint")
        # no plan announced in this turn (a resume, or h first pressed mid-turn): the turn's own plan
        self.find_hint(state, state.current, None if followed else turn_so_far(self.game.session), giver)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, state: State, seat: int, turn: TurnSoFar | None = None, giver: str = HINT_GIVER) -> None:
        try:
            answer = ask(state, seat, turn, giver)
        except Exception as exc:  # a failing bot must not take the game down
            self.post_message(HintFailed(state, f"No hint: the computer player failed ({exc})."))
        else:
            self.post_message(HintReady(state, answer))

    def follow_announced(self) -> HintAnswer | str:
        """The announced plan's next step, else why it no longer holds ("" for a new turn)."""
        announced, s = self.announced, self.game.session
        if announced is None or s.position < announced.position:
            return ""
        played = s.moves[announced.position : s.position]
        revealed = bool(revealed_between(s.events[announced.position : s.position]))
        return follow_plan(announced, self.state, played, revealed)

    def on_hint_ready(self, message: HintReady) -> None:
        if message.state is not self.hint_for or message.state is not self.state or not self.is_human_turn():
            return  # the position changed meanwhile: the hint is for another one
        self.hint_for = None
        self.show_hint(dataclasses.replace(message.answer, changed=self.hint_changed))

    def show_hint(self, answer: HintAnswer) -> None:
        """Point at the hinted choice (nothing is played) and say it; remember its plan for this turn."""
        state = self.state
        self.announced = Announced(self.game.session.position, state.current, state.turn, answer.plan)
        key = key_of(answer.move)
        if key in self.tmap:  # point at the hinted choice; nothing is played
            self.view_seat = None
            if self.castle_mode and key[0] != "castle":
                self.castle_mode = False
            self.cursor = key
            self.query_one(PromptLine).set_prompt(self.prompt_text(self.state.current))
            self.redraw()
        self.say(answer.text, "hint")

    def on_hint_failed(self, message: HintFailed) -> None:
        if message.state is not self.hint_for:
            return
        self.hint_for = None
        self.say(message.reason, "error")

    def drop_hint(self) -> None:
        """Forget the hint being worked out (its answer will be ignored)."""
        self.workers.cancel_group(self, "hint")
        self.hint_for = None

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        if self.ended or self.app.screen is not self:
            return
        self.ended = True
        self.driver.stop()  # nothing is left to decide: an outside engine is told bye (on_unmount may not come)
        self.app.switch_screen(self.end_page(self.game))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in WAITING_ACTIONS and not self.is_human_turn():  # watching, or waiting (issue 39)
            return self.waiting_key(action)
        if action == "decline":
            return ("decline",) in self.tmap
        if action == "refresh_market":
            return ("refresh",) in self.tmap
        if action == "pass_turn":
            return ("pass",) in self.tmap
        if action == "castles":
            return decision(self.state) == "action" and bool(self.state.display) and self.is_human_turn()
        if action == "redo":
            return bool(self.game.can_redo())
        if action in ("digit", "row_digit") and parameters == (1,):  # one of the two "1" keys is in the footer
            rows = decision(self.state) in ("kingdom", "space") and self.is_human_turn()
            return rows == (action == "row_digit")
        if action == "prev_view":
            return len(self.state.players) > 1
        return True

    def waiting_key(self, action: str) -> bool:
        """While someone else decides (or the game is watched): does ``action`` do anything? Undo
        does when this terminal's last decision may be taken back; Esc when another player's
        kingdoms are shown (back to one's own)."""
        if action == "undo":
            return not self.game.read_only and not self.state.is_over and self.game.undo_problem() is None
        if action == "back":
            return self.view_seat is not None
        return False

    def on_key(self, event: events.Key) -> None:
        """A key whose binding is off now (hidden from the footer) says why it does nothing."""
        held = WAITING_KEYS.get(event.key)
        if held is not None and not self.check_action(held[0], ()):
            event.stop()
            getattr(self, f"action_{held[0]}")(*held[1:])  # hidden while waiting: it says why it does nothing
            return
        refusal = self.key_refusal(event.key)
        if refusal:
            event.stop()
            self.say(refusal, "error")

    def key_refusal(self, key: str) -> str:
        """Why ``key`` does nothing now ("" when it does something or is not one of the switched keys)."""
        actions = {"d": "decline", "r": "refresh_market", "p": "pass_turn", "c": "castles", "ctrl+y": "redo"}
        action = actions.get(key)
        if action is None or self.check_action(action, ()):
            return ""
        state = self.state
        if state.is_over:
            return "The game is over."
        if action == "redo":
            return "Nothing to redo."
        if not self.is_human_turn():
            return "Wait: it is not your decision."
        if action == "castles":
            if decision(state) != "action":
                return (
                    "c: a castle is bought instead of a building, at the start of a turn; finish this decision first."
                )
            return "c: the castle display is empty."
        if action == "refresh_market":
            return "r: the market can be refreshed only when you can afford no building in it (R12)."
        if action == "pass_turn":
            return "p: you can pass only when no action is possible (R13)."
        if decision(state) == "action":
            return "d: there is nothing to decline now; take a building or a castle first."
        return "d: this decision cannot be declined."

    def action_move(self, direction: str) -> None:
        if not self.targets:
            return
        if self.view_seat is not None and self.view_seat != self.state.current:
            self.view_seat = None
        self.cursor = step(self.targets, self.cursor, direction)
        if self.castle_mode and (self.cursor is None or self.cursor[0] != "castle"):
            self.castle_mode = False
            self.query_one(PromptLine).set_prompt(self.prompt_text(self.state.current))
        self.redraw()
        self.describe_cursor()

    def action_choose(self) -> None:
        if not self.state.is_over and not self.is_human_turn():
            self.say(self.wait_line(), "error")
            return
        if self.cursor is None:
            self.say("Nothing to choose now." if not self.is_human_turn() else "Nothing to choose.", "error")
            return
        self.choose_key(self.cursor)

    def action_digit(self, n: int) -> None:
        state = self.state
        choice = decision(state)
        if not self.is_human_turn():
            self.say(self.wait_line(), "error")
            return
        if choice == "action":
            if self.castle_mode:
                self.castle_mode = False
                if n > len(state.display):
                    self.say(f"The castle display has {plural(len(state.display), 'castle')}.", "error")
                    self.sync()
                    return
                self.choose_key(("castle", n - 1))
                return
            if n > 5:
                self.say("The market has slots 1-5; press c, then a number, for a castle.", "error")
                return
            self.choose_key(("slot", n - 1))
        elif choice == "kingdom":
            if n > 4:
                self.say("There are 4 kingdoms: 1-4.", "error")
                return
            self.view_seat = None
            self.choose_key(("row", n - 1))
        elif choice == "space":
            row = n - 1
            found = [t for t in self.targets if len(t.key) > 1 and t.key[1] == row and t.key[0] in ("space", "disc")]
            if not found:
                name = words.kingdom(row) or f"row {n}"
                self.say(f"No space for it in {name}.", "error")
                return
            self.view_seat = None
            self.cursor = found[0].key
            self.redraw()
            self.describe_cursor()
        elif choice == "supply":
            self.say("Choose a supply with the arrows and Enter, or press d to take nothing.", "error")

    def action_row_digit(self, n: int) -> None:
        self.action_digit(n)

    def action_castles(self) -> None:
        if not self.state.display:
            self.say("The castle display is empty.", "error")
            return
        self.castle_mode = True
        self.cursor = ("castle", 0)
        self.query_one(PromptLine).set_prompt(self.prompt_text(self.state.current))
        self.redraw()
        self.describe_cursor()

    def action_decline(self) -> None:
        self.choose_key(("decline",))

    def action_refresh_market(self) -> None:
        self.choose_key(("refresh",))

    def action_pass_turn(self) -> None:
        self.choose_key(("pass",))

    def action_back(self) -> None:
        if self.castle_mode:
            self.castle_mode = False
            self.cursor = None
            self.sync()
            self.say("Back to the market.")
            return
        if self.view_seat is not None:
            self.view_seat = None
            self.sync()
            return
        state = self.state
        s = self.game.session
        if (
            not self.is_human_turn()
            or at_turn_start(state)
            or s.position == 0
            or s.states[s.position - 1].current != state.current
        ):
            self.say("Esc steps back within your turn; nothing chosen yet (u undoes the last decision).")
            return
        self.after_undo(self.controller.step_back())

    def action_undo(self) -> None:
        outcome = self.controller.undo()
        if isinstance(outcome, NeedsConfirmation):
            self.app.push_screen(ConfirmScreen(UNDO_QUESTION, yes="Undo", no="Keep playing"), self.confirmed_undo)
            return
        self.after_undo(outcome)

    def confirmed_undo(self, yes: bool | None) -> None:
        self.after_undo(self.controller.undo(confirmed=bool(yes)))

    def action_redo(self) -> None:
        self.after_undo(self.controller.redo())

    @property
    def controller(self) -> Play:
        """The play controller of the game shown (issue 40): decisions, undo, redo."""
        return Play(self.game)

    def tell(self, outcome: Outcome) -> None:
        """The controller's answer on the status line (its words: ``words.play``)."""
        told = said(outcome, self.db, "app")
        if told is not None:
            self.say(*told)

    def after_undo(self, outcome: Outcome) -> None:
        """An undo, a step back or a redo answered: redrawn, and said."""
        if isinstance(outcome, Done):
            if self.lesson is not None:
                self.lesson.undone()
            self.mark_shown(self.arrived())  # this screen's own change
            self.computer_events = []
            self.castle_mode = False
            self.cursor = None
            self.view_seat = None
            self.rebuild_log()
        self.sync()
        self.tell(outcome)

    def action_next_view(self) -> None:
        self.cycle_view(1)

    def action_prev_view(self) -> None:
        self.cycle_view(-1)

    def cycle_view(self, delta: int) -> None:
        n = len(self.state.players)
        if n == 1:  # solo: Tab shows the Vikings
            self.action_vikings()
            return
        home = self.home_seat(self.state.current)
        current = self.view_seat if self.view_seat is not None else home
        seat = (current + delta) % n
        self.view_seat = None if seat == home else seat
        self.sync()
        self.say(
            f"Showing {self.whose(seat)} kingdoms." + (" (tab: next player)" if self.view_seat is not None else "")
        )

    def whose(self, seat: int) -> str:
        """Whose kingdoms, in words: "Ana's" (at a shared table, "your" for your own)."""
        return "your" if seat == self.game.seat else f"{self.names[seat]}'s"

    def action_vikings(self) -> None:
        if not self.state.solo:
            self.say("v: the Viking display is in the solo game only; tab shows the other players.", "error")
            return
        self.app.push_screen(VikingScreen(self.state, self.db))

    def action_save_as(self) -> None:
        self.app.push_screen(NameScreen("Save the game as (letters, digits, - and _):", self.game.name), self.saved_as)

    def saved_as(self, name: str | None) -> None:
        if not name:
            return
        try:
            self.game = self.game.save_as(name)
        except StorageError as exc:
            self.say(str(exc), "error")
            return
        self.session.active_game = self.game
        self.say(f"Saved as {self.game.name}; play continues in it.")

    def on_game_log_opened(self, message: GameLog.Opened) -> None:
        self.action_show_log()

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen(self.query_one(GameLog).plain_lines))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.EXTRA_KEYS))

    def action_info(self) -> None:
        """i: the thing under the cursor in words (issue 14)."""
        if self.cursor is None:
            self.say("Nothing under the cursor: move it onto a card, a supply or a kingdom, then press i.", "error")
            return
        seat = self.view_seat if self.view_seat is not None else max(self.state.current, 0)
        self.app.push_screen(InfoScreen("What is this?", explain_key(self.state, self.db, self.cursor, seat)))

    def action_menu(self) -> None:
        self.stop_computer()
        self.game.close()
        if self.game.shared:  # back where tables are chosen
            self.norsewind.open_lobby(f"You left the table {self.game.name}; it is saved.")
        else:
            self.norsewind.goto_title(f"Game {self.game.name} saved.")

    def action_quit_game(self) -> None:
        self.stop_computer()
        self.norsewind.quit_with_game(self.game)

    # command palette
    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        out: list[tuple[str, str, Callable[[], object]]] = []
        for b in GAME_BINDINGS:
            if b.id in ("left", "right", "up", "down", "kingdom-1") or (b.id or "").startswith("pick-"):
                continue
            action = b.action
            # the key as the footer names it (issue 23.10: not Textual's "question_mark")
            shown = self.app.get_key_display(dataclasses.replace(b, key=b.key.split(",")[0]))
            out.append((b.description, f"key {shown}", partial(self.run_action, action)))
        return out


__all__ = ["Binding", "GameScreen"]
