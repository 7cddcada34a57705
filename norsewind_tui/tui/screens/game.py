"""The game screen: the board, the log, the prompt; keys and clicks become moves.

The screen changes the game only through the play controller (``play.Play``: decide, undo, step
back, redo, hint), and renders its answers.  Widgets render a ``BoardView`` and post
``Board.Picked`` when clicked.  The computer, and what other terminals change, come from one driver
(``tui/driver.py``): one worker thread that posts ``GameChanged``.  What differs between games is
asked of the handle (``turn_problem``, ``seat``, ``shared``...), never of its type; a tutorial
passes in a ``Lesson`` (a move filter told of each change).

The view state (the cursor, the seat shown, the castle display) is Textual ``var``s: each change
redraws the one widget it concerns (``watch_*``); ``sync`` is for a change of the game itself.
The log is kept by ``PlayLog``, hints by the ``Hints`` widget, the views a key may have been typed
on by ``Shown``; the English is ``words.gamescreen``'s and ``words.play``'s.

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
from textual.reactive import var
from textual.screen import Screen

from ... import activity, words
from ...play import Done, NeedsConfirmation, Outcome, Play, Showing, said
from ...rules import cards_for
from ...rules.events import Event
from ...rules.moves import Move
from ...rules.queries import at_turn_start, decision
from ...storage import StorageError
from ...storage.gamefile import Snapshot
from ...storage.handle import GameHandle
from ...words import gamescreen as say
from ...words.gamescreen import digits
from ...words.nouns import player_names
from ...words.play import UNDO_QUESTION
from ..computer import engine_spec
from ..driver import Driver
from ..hints import Hints
from ..info import explain_key
from ..keys import GAME_BINDINGS
from ..messages import EngineNotice, GameChanged
from ..playlog import PlayLog, daily
from ..shown import Shown
from ..targets import Key, Target, build_targets, first_legal, key_of, step
from ..text import safe_text
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

ENGINE_NOTICE_S = 20.0  # seconds an outside engine's fault stays on screen


class Lesson(Protocol):
    """What a tutorial passes in to the game screen: a filter on the player's choices, told of each change."""

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


def new_events(old: Snapshot, new: Snapshot) -> list[Event] | None:
    """The events of the decisions ``new`` adds to ``old``; None when it is not an extension."""
    a, b = old.session, new.session
    if b.position < a.position or a.moves[: a.position] != b.moves[: a.position]:
        return None
    if old.state.players != new.session.states[a.position].players:
        return None  # renamed (someone joined): the log is written again with the new names
    return [e for batch in b.events[a.position : b.position] for e in batch]


def turn_line(game: GameHandle) -> str:
    """A change from elsewhere made it this terminal's turn ("Your turn, Ana. ..."), or why it waits."""
    seat = game.seat
    who = game.seats[seat].name if seat is not None else player_names(game.state)[game.state.current]
    return say.turn_line(game.turn_problem(), who)


# The keys that do nothing while someone else decides or the game is watched (issue 39: a watching
# tab offered "Enter Choose ... u Undo h Hint"): hidden from the footer then; pressed anyway, their
# action runs and says why it does nothing, as before.
WAITING_KEYS: dict[str, tuple[str, tuple[object, ...]]] = {
    "enter": ("choose", ()),
    "space": ("choose", ()),
    **{str(n): ("digit", (n,)) for n in range(1, 10)},
    "u": ("undo", ()),
    "ctrl+z": ("undo", ()),
    "h": ("hint", ()),
    "escape": ("back", ()),
}
WAITING_ACTIONS = ("choose", "digit", "undo", "hint", "back")
# the keys switched on and off with the decision (the footer is redrawn when they change), and the
# ones that say why when pressed off
SWITCHED: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("pick", ("decline",)),
    ("pick", ("refresh",)),
    ("pick", ("pass",)),
    ("castles", ()),
    ("redo", ()),
    ("choose", ()),
    ("digit", (1,)),
    ("digit", (1, "row")),
    ("undo", ()),
    ("hint", ()),
    ("back", ()),
)
SWITCHED_KEYS = {"d": "decline", "r": "refresh", "p": "pass", "c": "castles", "ctrl+y": "redo"}


class GameScreen(Showing, NorsewindScreen[None]):
    """Play one game."""

    BINDINGS: ClassVar[list[BindingType]] = [*GAME_BINDINGS]
    EXTRA_KEYS: ClassVar[Sequence[tuple[str, str]]] = ()  # this kind of game's own keys, for the help page
    END_SCREEN: ClassVar[EndPage] = EndScreen
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012 (Textual reads it per instance)
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    cursor: var[Key | None] = var(None, init=False)  # the choice under the cursor
    view_seat: var[int | None] = var(None, init=False)  # whose kingdoms are shown (None: the home seat's)
    castle_mode = var(False, init=False)  # the castle display is being chosen from

    def __init__(self, game: GameHandle, notice: str = "", lesson: Lesson | None = None) -> None:
        super().__init__()
        self._compositor = SparingCompositor()  # a layout paints only what it changed (issue 28)
        self.game = game
        self.controller = Play(game)  # the play controller of the game shown (issue 40)
        self.end_page: EndPage = self.END_SCREEN  # a kind of game screen may make it from what it knows
        self.set_class(game.state.solo, "-solo", update=False)  # styled once, when mounted
        self.db = cards_for(game.state)
        self.targets: list[Target] = []
        self.tmap: dict[Key, Target] = {}
        self.ended = False
        self.notice = notice
        self.switches: tuple[bool | None, ...] = ()
        self.driver = Driver(
            self, game, lambda: self.session.computer_delay, engine_spec(self.context.options), self.context.engines
        )
        self.lesson = lesson  # a tutorial's
        # a kind of game screen adds to these rather than overriding the screen's methods (issue 22 §1):
        # its own keys, each on or off now given the action's parameters (None: the game screen decides)
        self.own_actions: dict[str, Callable[[tuple[object, ...]], bool | None]] = {}
        self.beside: list[Callable[[], None]] = []  # what runs beside the game (a table's chat): stopped with it
        self.shown = Shown()  # the views last drawn: a key's decision is tied to the one it was typed on
        self.computer_events: list[Event] = []  # the computers' decisions since a person last decided
        self.hints = Hints(lambda: self.controller)
        self.game_log = PlayLog(GameLog(id="log"), lambda: self.game, self.db, lambda: self.session.computer_delay / 2)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from board_layout(self.game_log.log)
        yield self.hints

    def on_mount(self) -> None:
        self.session.active_game = self.game
        self.game_log.mark_standins()
        self.game_log.rebuild()
        self.sync()
        self.driver.start()  # the computer, and what is changed elsewhere (a watched game, a table)
        self.session.drivers.add(self.driver)
        today = daily(self.game)
        if self.notice:
            self.say(self.notice)
        elif today and not self.game.state.is_over:
            self.query_one(StatusLine).say_fitting(say.daily_greeting(today))
        elif self.game.read_only and not self.game.state.is_over:  # no Enter, no hint: say what is
            self.say(say.WATCHING)
        elif self.game.session.position and self.controller.asked():
            self.describe_cursor()  # a game resumed (a reloaded tab): the line it showed, not the first tip
        elif not self.game.state.is_over:
            self.say(say.greeting(len(self.game.state.players)))

    def on_unmount(self) -> None:
        self.driver.stop()
        for stop in self.beside:
            stop()

    def on_screen_resume(self) -> None:
        self.sync()

    # ------------------------------------------------------------------ state -> widgets

    def sync(self) -> None:
        """The game changed: its choices again, every widget redrawn; start the computer if it is to move."""
        state = self.state
        self.hints.forget(state)  # the position changed: a hint being worked out is for another one
        self.targets = build_targets(state) if self.controller.asked() else []
        self.tmap = {t.key: t for t in self.targets}
        if self.cursor not in self.tmap:
            self.set_reactive(GameScreen.cursor, first_legal(self.targets))
        self.watch_view_seat()  # the boards, the prompt, the footer's keys
        self.call_after_refresh(lambda: self.shown.mark(self.game.view, get_time()))
        if state.is_over:
            self.finish()
        else:
            self.driver.wake()  # the computer may be to move
        if self.lesson is not None:
            self.lesson.synced()

    def watch_cursor(self) -> None:
        """The cursor moved (or the seat shown): the boards again."""
        state = self.state
        me = -1 if state.is_over else state.current
        seat = self.view_seat if self.view_seat is not None else self.home_seat(me)
        view = BoardView(state, self.db, self.names, self.tmap, self.cursor, seat, me)
        for board in self.query(Board):
            board.show(view)

    def watch_castle_mode(self) -> None:
        """Into or out of the castle display (or another seat shown): the prompt says which."""
        state = self.state
        seat = self.view_seat if self.view_seat is not None else self.home_seat(-1 if state.is_over else state.current)
        self.query_one(PromptLine).set_prompt(self.prompt_text(seat))

    def watch_view_seat(self) -> None:
        """Another player's kingdoms shown, or one's own again: the boards, the prompt, and the footer's
        keys (while waiting, Esc is one when another's kingdoms are shown)."""
        self.watch_cursor()
        self.watch_castle_mode()
        switches = tuple(self.check_action(action, parameters) for action, parameters in SWITCHED)
        if switches != self.switches:  # the footer is redrawn only when its keys change
            self.switches = switches
            self.refresh_bindings()

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
            return say.FINAL
        text = self.decision_prompt()
        seats = self.game.seats
        if self.game.read_only:
            text = say.watching(text)
        elif 0 <= state.current < len(seats) and seats[state.current].kind == "computer":
            text = say.thinking(self.names[state.current])
        if self.castle_mode:
            text = say.castle_prompt(digits(len(state.display)))
        if seat != state.current and 0 <= seat < len(state.players):
            text = say.viewing(say.whose(self.names[seat], False), text)
        return text

    def say(self, message: str, kind: str = "info") -> None:
        self.query_one(StatusLine).say(message, kind)
        if self.lesson is not None:
            self.lesson.said()

    def tell(self, outcome: Outcome) -> None:
        """The controller's answer on the status line (its words: ``words.play``)."""
        told = said(outcome, self.db, "app")
        if told is not None:
            self.say(*told)

    def describe_cursor(self) -> None:
        """Say in the status line what the cursor points at (and why it is not allowed)."""
        target = self.tmap.get(self.cursor) if self.cursor is not None else None
        if target is None:
            return
        if not target.legal:
            self.say(say.not_allowed(say.why_not(self.state, self.db, target.move)), "error")
            return
        self.say(say.explain(self.state, self.db, self.names, target.move), "preview")

    def whose(self, seat: int) -> str:
        """Whose kingdoms, in words: "Ana's" (at a shared table, "your" for your own)."""
        return say.whose(self.names[seat], seat == self.game.seat)

    # ------------------------------------------------------------------ choosing

    def choose_key(self, key: Key) -> None:
        if not self.controller.asked():
            self.tell(self.controller.not_asked())
            return
        if self.lesson is not None and self.lesson.refuses(key):
            return
        target = self.tmap.get(key)
        if target is None:
            self.say(say.NOT_A_CHOICE, "error")
            return
        self.cursor = key
        if not target.legal:
            self.say(say.not_allowed(say.why_not(self.state, self.db, target.move)), "error")
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
        seats = self.game.seats
        by_computer = 0 <= mover < len(seats) and seats[mover].kind == "computer"
        when = None if by_computer else self.shown.arrived(self.session.key_time)
        with activity.span("save"):  # the rules and the write: issue 28's slow keys
            outcome = self.controller.decide(move, self.shown.seen(when))
        if not isinstance(outcome, Done):
            self.tell(outcome)
            return
        events = list(outcome.events)
        if not by_computer:
            self.shown.mark(self.game.view, get_time() if when is None else when)
        self.game_log.add(events)
        self.set_reactive(GameScreen.castle_mode, False)
        self.set_reactive(GameScreen.view_seat, None)
        planned = self.hints.next_step()  # a hinted step followed: the cursor on the plan's next one
        self.set_reactive(GameScreen.cursor, key_of(planned) if planned is not None else None)
        self.computer_events = [*self.computer_events, *events] if by_computer else []
        self.sync()
        if self.game.warning:  # saved, but the disk failed right after
            self.say(str(self.game.warning), "error")
        elif not self.state.is_over:
            summaries = [say.vikings_summary(events, self.names, self.db), say.VIKINGS_TOOK]
            if self.controller.asked() and self.computer_events:  # what the computers did, in a few words
                summaries = words.computers_summary(self.computer_events, self.names, self.db)
                self.computer_events = []
            skipped = say.skipped_steps(events, mover, self.names, self.db)
            if skipped:  # a step the rules skipped for want of a space: said before the rest
                summaries = [f"{skipped} {m}".strip() for m in summaries] + [skipped]
            if summaries[0]:
                self.query_one(StatusLine).say_fitting(summaries)
            elif self.controller.asked():
                self.describe_cursor()
            else:  # a computer (or someone at another terminal) decides: the log shows it
                self.say("")

    def on_board_picked(self, message: Board.Picked) -> None:
        key = message.key
        if key[0] == "seat":
            seat = key[1]
            assert isinstance(seat, int)  # the players bar's keys are ("seat", index)
            self.view_seat = None if seat == self.home_seat(self.state.current) else seat
            return
        if self.view_seat is not None and key[0] in ("row", "space", "disc"):
            self.view_seat = None
        self.shown.click_time = message.time
        self.choose_key(key)

    # ------------------------------------------------------------------ the computer, and changes made elsewhere

    def on_game_changed(self, message: GameChanged) -> None:
        change = message.change
        if change is None:
            self.say(message.trouble, "error")
            return
        if change.move is not None:  # the computer decided here, for a game of this terminal
            if change.base is not self.state:
                self.sync()  # the game changed meanwhile (undo): think again
            else:
                self.play(change.move)
            return
        view = change.view  # a newer generation, written elsewhere (or by this process's computer)
        was_mine = self.controller.asked()
        old = self.game.adopt(view) if view is not None else None
        if view is None or old is None:
            return
        self.game_log.mark_standins()
        events = new_events(old, view)
        if events is None:
            self.game_log.rebuild()
        elif events:
            self.game_log.add(events)
        self.set_reactive(GameScreen.castle_mode, False)
        self.sync()
        if self.state.is_over:
            return
        if view.notice or view.warning:  # the file was broken (its backup is used); a save failed after
            self.say(view.notice or view.warning or "", "error")
        elif self.controller.asked() and not was_mine:
            self.say(turn_line(self.game))
        elif events is None and old.session.position > view.session.position:
            self.say(say.UNDONE_ELSEWHERE)
        else:  # someone decided: what the status said (an undo refused...) is about an older position
            self.say("")

    def on_engine_notice(self, message: EngineNotice) -> None:
        """A notification, not the status line: the engine's next move (greedy's) is said there at once."""
        self.notify(safe_text(message.line), severity="warning", markup=False, timeout=ENGINE_NOTICE_S)

    def around_changed(self) -> None:
        """Someone came or went: the players bar and the prompt again (the app looks every 2 s)."""
        if self.is_mounted and not self.ended:
            self.sync()

    # ------------------------------------------------------------------ hints

    def action_hint(self) -> None:
        self.hints.ask(self.session.settings.hints)  # the player's setting: the expert unless they chose hard

    def on_hints_show(self, message: Hints.Show) -> None:
        """A hint said, its choice pointed at (nothing is played)."""
        key = key_of(message.move) if message.move is not None else None
        if key is not None and key in self.tmap:
            self.view_seat = None
            if self.castle_mode and key[0] != "castle":
                self.castle_mode = False
            self.cursor = key
        self.say(message.text, message.kind)

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        if self.ended or self.app.screen is not self:
            return
        self.ended = True
        self.driver.stop()  # nothing is left to decide: an outside engine is told bye (on_unmount may not come)
        self.app.switch_screen(self.end_page(self.game))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        own = self.own_actions.get(action)
        if own is not None and (said := own(parameters)) is not None:
            return said
        asked = self.controller.asked()
        if action in WAITING_ACTIONS and not asked:  # watching, or waiting (issue 39)
            if action == "undo":  # this terminal's last decision may be taken back
                return not self.game.read_only and not self.state.is_over and self.game.undo_problem() is None
            return action == "back" and self.view_seat is not None  # Esc: back to one's own kingdoms
        if action == "pick":
            return parameters[:1] in self.tmap
        if action == "castles":
            return decision(self.state) == "action" and bool(self.state.display) and asked
        if action == "redo":
            return bool(self.game.can_redo())
        if action == "digit" and parameters[:1] == (1,):  # one of the two "1" keys is in the footer
            rows = decision(self.state) in ("kingdom", "space") and asked
            return rows == (len(parameters) > 1)
        if action == "view" and parameters == (-1,):
            return len(self.state.players) > 1
        return True

    def on_key(self, event: events.Key) -> None:
        """A key whose binding is off now (hidden from the footer) says why it does nothing."""
        held = WAITING_KEYS.get(event.key)
        if held is not None and not self.check_action(held[0], ()):
            event.stop()
            getattr(self, f"action_{held[0]}")(*held[1])  # hidden while waiting: it says why it does nothing
            return
        what = SWITCHED_KEYS.get(event.key)
        action = ("pick", (what,)) if what in ("decline", "refresh", "pass") else (what or "", ())
        if what is not None and not self.check_action(*action):
            event.stop()
            self.say(say.key_refusal(what, self.state, self.controller.asked()), "error")

    def action_move(self, direction: str) -> None:
        if not self.targets:
            return
        if self.view_seat is not None and self.view_seat != self.state.current:
            self.view_seat = None
        cursor = step(self.targets, self.cursor, direction)
        if self.castle_mode and (cursor is None or cursor[0] != "castle"):
            self.castle_mode = False
        self.cursor = cursor
        self.describe_cursor()

    def action_choose(self) -> None:
        if not self.state.is_over and not self.controller.asked():
            self.tell(self.controller.not_asked())
            return
        if self.cursor is None:
            self.say(say.nothing_to_choose(self.controller.asked()), "error")
            return
        self.choose_key(self.cursor)

    def action_digit(self, n: int, _row: str = "") -> None:
        """1-9: a market slot or a castle, a kingdom row, or (a space to choose) the row's first space."""
        state = self.state
        choice = decision(state)
        if not self.controller.asked():
            self.tell(self.controller.not_asked())
            return
        if choice == "action":
            if self.castle_mode:
                self.castle_mode = False
                if n > len(state.display):
                    self.say(say.castle_count(len(state.display)), "error")
                    self.sync()
                    return
                self.choose_key(("castle", n - 1))
                return
            if n > 5:
                self.say(say.MARKET_SLOTS, "error")
                return
            self.choose_key(("slot", n - 1))
        elif choice == "kingdom":
            if n > 4:
                self.say(say.FOUR_KINGDOMS, "error")
                return
            self.view_seat = None
            self.choose_key(("row", n - 1))
        elif choice == "space":
            row = n - 1
            found = [t for t in self.targets if len(t.key) > 1 and t.key[1] == row and t.key[0] in ("space", "disc")]
            if not found:
                self.say(say.no_space(row), "error")
                return
            self.view_seat = None
            self.cursor = found[0].key
            self.describe_cursor()
        elif choice == "supply":
            self.say(say.CHOOSE_A_SUPPLY, "error")

    def action_castles(self) -> None:
        if not self.state.display:
            self.say(say.NO_CASTLES, "error")
            return
        self.castle_mode = True
        self.cursor = ("castle", 0)
        self.describe_cursor()

    def action_pick(self, what: str) -> None:
        """d, r, p: decline, refresh the market, pass (each a choice of the decision when it is allowed)."""
        self.choose_key((what,))

    def action_back(self) -> None:
        if self.castle_mode:
            self.castle_mode = False
            self.cursor = None
            self.sync()
            self.say(say.BACK_TO_MARKET)
            return
        if self.view_seat is not None:
            self.view_seat = None
            return
        state = self.state
        s = self.game.session
        if (
            not self.controller.asked()
            or at_turn_start(state)
            or s.position == 0
            or s.states[s.position - 1].current != state.current
        ):
            self.say(say.NO_STEP_BACK)
            return
        self.after_undo(self.controller.step_back())

    def action_undo(self) -> None:
        outcome = self.controller.undo()
        if isinstance(outcome, NeedsConfirmation):
            yes, no = say.UNDO_ANSWERS
            question = ConfirmScreen(UNDO_QUESTION, yes=yes, no=no)
            self.app.push_screen(question, lambda yes: self.after_undo(self.controller.undo(confirmed=bool(yes))))
            return
        self.after_undo(outcome)

    def action_redo(self) -> None:
        self.after_undo(self.controller.redo())

    def after_undo(self, outcome: Outcome) -> None:
        """An undo, a step back or a redo answered: redrawn, and said."""
        if isinstance(outcome, Done):
            if self.lesson is not None:
                self.lesson.undone()
            when = self.shown.arrived(self.session.key_time)  # this screen's own change
            self.shown.mark(self.game.view, get_time() if when is None else when)
            self.computer_events = []
            self.set_reactive(GameScreen.castle_mode, False)
            self.set_reactive(GameScreen.cursor, None)
            self.set_reactive(GameScreen.view_seat, None)
            self.game_log.rebuild()
        self.sync()
        self.tell(outcome)

    def action_view(self, delta: int) -> None:
        """tab, shift+tab: the next (previous) player's kingdoms; solo, the Vikings."""
        n = len(self.state.players)
        if n == 1:  # solo: Tab shows the Vikings
            self.action_page("vikings")
            return
        home = self.home_seat(self.state.current)
        current = self.view_seat if self.view_seat is not None else home
        seat = (current + delta) % n
        self.view_seat = None if seat == home else seat
        self.say(say.showing(self.whose(seat), self.view_seat is not None))

    def action_page(self, page: str) -> None:
        """A page over the game: the Vikings (v), the whole log (L), the keys (?), the cursor's thing (i)."""
        if page == "vikings" and not self.state.solo:
            self.say(say.VIKINGS_SOLO_ONLY, "error")
        elif page == "vikings":
            self.app.push_screen(VikingScreen(self.state, self.db))
        elif page == "log":
            self.app.push_screen(LogScreen(self.game_log.log.plain_lines))
        elif page == "help":
            self.app.push_screen(HelpScreen(self.EXTRA_KEYS))
        elif self.cursor is None:  # i: the thing under the cursor in words (issue 14)
            self.say(say.NOTHING_UNDER_CURSOR, "error")
        else:
            seat = self.view_seat if self.view_seat is not None else max(self.state.current, 0)
            self.app.push_screen(InfoScreen(say.INFO_TITLE, explain_key(self.state, self.db, self.cursor, seat)))

    @work
    async def action_save_as(self) -> None:
        question = NameScreen(say.SAVE_AS_QUESTION, self.game.name)
        name = await self.app.push_screen_wait(question)
        if not name:
            return
        try:
            self.game = self.game.save_as(name)
        except StorageError as exc:
            self.say(str(exc), "error")
            return
        self.controller = Play(self.game)
        self.session.active_game = self.game
        self.say(say.saved_as(self.game.name))

    def on_game_log_opened(self, message: GameLog.Opened) -> None:
        self.action_page("log")

    def action_leave(self, how: str) -> None:
        """m: back to the title (a table's: the lobby); q: quit. The game is saved either way."""
        self.driver.stop()
        if how == "quit":
            self.norsewind.quit_with_game(self.game)
            return
        self.game.close()
        if self.game.shared:  # back where tables are chosen
            self.norsewind.open_lobby(say.left_table(self.game.name))
        else:
            self.norsewind.goto_title(say.game_saved(self.game.name))

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


__all__ = ["Binding", "GameScreen", "digits", "turn_line"]
