"""One game as a conversation of lines, over its ``GameHandle`` (a game of this terminal or a table).

At each decision of this terminal: the turn, whose decision and what is asked, the legal choices
numbered in words; a number takes one, a word asks about the game (``words.lines.WORDS``).  What
happened since the last line (the computers', the Vikings', other players' decisions, and this
player's own) is told once, one sentence an event.  The game is saved at every decision by its
handle; the end of the input leaves it saved and ends the conversation.

A game others may change (a table) is followed as the app's driver follows it: its ``watch``
wakes the conversation when another terminal writes, and a line typed meanwhile wakes it too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from .. import words
from ..bots.registry import HINT_GIVER
from ..computer import Computer
from ..play import (
    Done,
    HintAnswer,
    HintQuestion,
    NeedsConfirmation,
    Outcome,
    Play,
    Showing,
    answer_hint,
    hint_said,
    said,
)
from ..rules import moves as m
from ..rules.cards import CardDB
from ..rules.engine import cards_for, refusal
from ..rules.refusals import IllegalMove
from ..rules.scoring import final_result
from ..rules.session import Session
from ..rules.state import State
from ..storage.errors import StorageError
from ..storage.gamefile import Snapshot
from ..storage.handle import GameHandle
from ..storage.standin import StandIn
from ..storage.tables import OPEN
from ..storage.watch import FALLBACK, Watch
from ..talk import Said, Talk, line_words, spoken
from ..words import board
from ..words import chat as chat_words
from ..words import lines as say
from ..words.clock import NO_CLOCK, NOT_A_TABLE, your_clock
from ..words.result import verdict
from .io import LineIO


@dataclass(frozen=True)
class Told:
    """How far the game was told: the decisions made up to then (a copy: a game of this terminal
    changes its one session in place)."""

    moves: tuple[m.Move, ...]

    @classmethod
    def of(cls, session: Session) -> Told:
        return cls(tuple(session.moves[: session.position]))


@dataclass
class Asked:
    """The decision whose choices were said last: its state and its legal moves, in their order."""

    state: State
    moves: list[m.Move]


class Conversation(Showing):
    """Plays ``game`` with the player at ``io`` until it ends, they quit, or the input ends."""

    def __init__(
        self,
        game: GameHandle,
        io: LineIO,
        computer: Computer,
        pause: float = 0.0,
        standin: Callable[[], StandIn | None] | None = None,
        who: Callable[[], list[str]] | None = None,
        standin_line: Callable[[], str | None] | None = None,
        come_back: str | None = None,
        recap: bool = False,
        typed: Callable[..., str] | None = None,
        hint_giver: str = HINT_GIVER,
        clock: Callable[[], int | None] | None = None,
        clock_line: Callable[[], str | None] | None = None,
        talk: Talk | None = None,
    ) -> None:
        self.game = game
        self.talk = talk  # a table's chat (issue 41.2): say TEXT, chat, mute; others' lines told as they come
        self._talking = threading.Lock()  # the chat's follower and the player's words take turns with it
        self.hint_giver = hint_giver  # who gives the hints: the player's setting
        self.io = io
        self.computer = computer
        self.pause = pause  # seconds a computer's decision takes at least (0: at once)
        self.standin = standin or (lambda: None)  # who is away, at a table
        self.who = who  # a table's: where the other players are
        self.standin_line = standin_line or (lambda: None)  # a table's: the computer stands in for ...
        self.standin_said: str | None = None
        self.clock = clock or (lambda: None)  # a table's: seconds left to the person to move (None: no clock)
        self.clock_line = clock_line  # a table's: the clock in words (None: not a table)
        self.told = Told.of(game.session)  # what was told so far
        self.recap: str | None = None  # a resumed game: the line before what happened since
        if recap:
            start = self.recap_start()
            self.told = Told(tuple(game.session.moves[:start]))
            yours = game.session.mover(start) in self.mine_seats()
            self.recap = say.recap_head(game.session.states[start].turn, yours)
        self.seated = self.seating()  # who holds each seat, as told so far (a table's change hands)
        self.asked: Asked | None = None
        self.seen: Snapshot = game.view  # the generation whose choices were said (a decision's ``seen``)
        self.waiting_for: str | None = None  # the wait line said last (said again only when it changes)
        self.in_trouble = False  # a look failed (the store is unreachable): said once, until a look works
        self.quit = False
        self.come_back = come_back  # how the player comes back (a login's: "log in again to continue")
        self.typed = typed  # the norsewind command of some words, with the player's options

    # ------------------------------------------------------------------ the game's words

    @property
    def db(self) -> CardDB:
        return cards_for(self.state)

    def mine(self) -> bool:
        return not self.state.is_over and self.game.turn_problem() is None

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Until the game is over (its verdict said), ``quit`` or the end of the input."""
        watch = self.game.watch()
        if watch is not None:
            self.io.on_line = watch.interrupt
        stop = threading.Event()
        chat = self.start_chat(stop)
        try:
            self.loop(watch)
        finally:
            self.io.on_line = None
            stop.set()
            if chat is not None:
                chat.interrupt()
            if watch is not None:
                watch.close()
            self.computer.close()

    # ------------------------------------------------------------------ the chat (a table's)

    def start_chat(self, stop: threading.Event) -> Watch | None:
        """Follow the table's chat in a thread: another player's line is told the moment it is kept
        (the chat's own watch: inotify, or NOTIFY through the host's relay), whatever the game does."""
        talk = self.talk
        if talk is None:
            return None
        try:
            watch = talk.book.watch(talk.channel, FALLBACK)
        except (OSError, StorageError):
            return None  # no chat followed: ``chat`` still reads it
        talk.news()  # the first look: what was said before this terminal came is read (``chat`` tells it)

        def follow() -> None:
            with watch:
                while not stop.is_set():
                    if watch.wait(stop.is_set) and not stop.is_set():
                        self.tell_chat()

        threading.Thread(target=follow, name="lines-chat", daemon=True).start()
        return watch

    def tell_chat(self) -> None:
        assert self.talk is not None
        with self._talking:
            for line in self.talk.news():
                self.io.say(line_words(line), "event")

    def loop(self, watch: Watch | None) -> None:
        while not self.quit:
            self.tell()
            if self.state.is_over:
                self.finish()
                return
            if self.mine():
                self.waiting_for = None
                self.ask()
                if watch is not None and self.clock() is not None and not self.io.pending():
                    watch.wait(self.io.pending)  # a line typed, a change, or a look at the clock
                    if not self.io.pending():
                        self.follow()  # the clock ran out: the stand-in decides (issue 41)
                        continue
                line = self.io.read()
                if line is None:
                    self.cmd_quit("")  # the end of the input: the game stays saved
                    return
                self.command(line)
                continue
            if self.follow():
                continue
            self.wait(watch)

    def follow(self) -> bool:
        """The computer's decision, or what others wrote: True when the game changed."""
        changed = False
        try:
            for change in self.game.changes(self.game.view, self.decide, self.pause, self.standin()):
                if change.move is not None and change.base is self.state:
                    self.game.push(change.move)
                    changed = True
                elif change.view is not None:
                    changed = self.game.adopt(change.view) is not None or changed
            self.in_trouble = False
        except IllegalMove as exc:
            self.io.say(say.trouble(words.refusal(exc.refusal, self.db)), "error")
        except StorageError as exc:  # the next look (a change, the watch's period) tries again
            if not self.in_trouble:
                self.io.say(say.trouble(str(exc)), "error")
            self.in_trouble = True
        finally:
            for line in self.computer.notices():  # an outside engine failed: greedy played on
                self.io.say(say.notice_line(line), "error")
        return changed

    def decide(self, seat: int, bot: str, state: State) -> m.Move:
        return self.computer.decide(seat, bot, state)

    def wait(self, watch: Watch | None) -> None:
        """Not this terminal's decision: say so once, then wait for a change or a line typed."""
        problem = str(self.game.turn_problem() or "")
        if problem != self.waiting_for:
            self.waiting_for = problem
            self.standin_said = None
            self.io.say(say.waiting(problem), "info")
        away = self.standin_line()
        if (away is None) != (self.standin_said is None):  # said when the person to move goes away, once
            self.standin_said = away
            if away is not None:
                self.io.say(away)
        if watch is not None and not self.io.pending():
            watch.wait(self.io.pending)  # a write elsewhere, the fallback period, or a line typed
            if not self.io.pending():
                return  # the loop looks again: what changed, the computer, who is away
        line = self.io.read()
        if line is None:
            self.cmd_quit("")
            return
        self.command(line)

    # ------------------------------------------------------------------ telling

    def seating(self) -> tuple[tuple[str, str], ...]:
        return tuple((meta.kind, meta.name) for meta in self.game.seats)

    def tell_seats(self) -> None:
        """A table's seat taken, or left to the computer, since the last line told."""
        old, self.seated = self.seated, self.seating()
        if old == self.seated or len(old) != len(self.seated):
            return
        for seat, ((was_kind, was), (kind, name)) in enumerate(zip(old, self.seated, strict=True)):
            if (was_kind, was) == (kind, name):
                continue
            if kind == "human" and name != OPEN:
                self.io.say(say.sits(name, seat), "event")
            elif kind == "computer" and was_kind == "human" and was != OPEN:
                self.io.say(say.left_seat(was, seat), "event")

    def recap_start(self) -> int:
        """Where a resumed game's telling starts: the first decision of the last turn a person of this
        terminal played (their own decisions, made here or in the app, and all since; issue 39.3).
        None of theirs yet (a seat just taken at a table): the last turn played, not the whole game."""
        session = self.game.session
        if session.position == 0:
            return 0
        mine = self.mine_seats()
        last = session.position - 1
        index = next((i for i in range(last, -1, -1) if session.mover(i) in mine), last)
        seat, turn = session.mover(index), session.states[index].turn
        while index > 0 and session.mover(index - 1) == seat and session.states[index - 1].turn == turn:
            index -= 1
        return index

    def mine_seats(self) -> set[int]:
        """The seats this terminal plays: a table's one, else every person's."""
        if self.game.seat is not None:
            return {self.game.seat}
        return {seat for seat, meta in enumerate(self.game.seats) if meta.kind == "human"}

    def tell(self) -> None:
        """What happened since the last line told, once: one sentence an event."""
        self.tell_seats()
        session = self.game.session
        old, self.told = self.told, Told.of(session)
        if old == self.told:
            return
        start = len(old.moves)
        if session.position < start or tuple(session.moves[:start]) != old.moves:
            self.io.say(say.undone_elsewhere(self.state))
            return
        made = self.game.computer_made()
        names = self.names
        if self.recap is not None and start < session.position:
            self.io.say(self.recap)
        self.recap = None
        for index in range(start, session.position):
            seat = session.mover(index)
            for event in session.events[index]:
                text = words.past(event, names, self.db)
                if index in made and event.player == seat:
                    text = say.standin_text(text, names[seat])
                self.io.say(text, "event")

    def ask(self) -> None:
        """The decision: said once for each position (``choices`` says it again)."""
        state = self.state
        if self.asked is not None and self.asked.state is state:
            if self.clock() is None:  # a clock's wait comes back here without a line typed: said once
                self.io.say(say.ask_line(len(self.asked.moves)), "ask")
            return
        moves = list(self.game.session.legal_moves())
        self.asked = Asked(state, moves)
        self.seen = self.game.view
        self.say_choices()

    def say_choices(self) -> None:
        assert self.asked is not None
        state, db = self.asked.state, self.db
        self.io.say(say.decision_line(state, words.prompt(state, self.names)), "ask")
        for n, move in enumerate(self.asked.moves, 1):
            self.io.say(say.numbered(n, say.choice(state, move, db)), "choice")
        left = self.clock()
        self.io.say(say.ask_line(len(self.asked.moves), None if left is None else your_clock(left)), "ask")

    def finish(self) -> None:
        state = self.state
        self.io.say(say.game_over(), "ask")
        result = final_result(state)
        self.io.say_all([text for text, _kind in verdict(state, result, self.game.assisted, self.game.branch_of)])
        self.io.say_all(say.score_lines(state, self.names))
        self.io.say(say.after_the_end(self.game.name, self.game.shared))

    # ------------------------------------------------------------------ what the player types

    def command(self, line: str) -> None:
        text = line.strip()
        if not text:
            return
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word.rstrip(".").isdigit():
            self.choose(int(word.rstrip(".")))
            return
        handler = COMMANDS.get(word)
        if handler is None:
            self.io.say(say.unknown_word(text), "error")
            return
        handler(self, rest)

    def legal(self) -> list[m.Move] | None:
        """The choices of the decision this terminal is asked now (None: it is not asked one)."""
        if not self.mine():
            return None
        if self.asked is None or self.asked.state is not self.state:
            self.asked = Asked(self.state, list(self.game.session.legal_moves()))
        return self.asked.moves

    def choose(self, number: int) -> None:
        moves = self.legal()
        if moves is None:
            self.answer(self.play.not_asked())
            return
        if not 1 <= number <= len(moves):
            self.io.say(say.no_such_choice(number, len(moves)), "error")
            return
        outcome = self.play.decide(moves[number - 1], seen=self.seen)
        if isinstance(outcome, Done) and outcome.warning:
            self.io.say(say.notice_line(outcome.warning), "error")
        self.answer(outcome)

    @property
    def play(self) -> Play:
        """The play controller of this game (issue 40): decisions, undo, redo, as the app's."""
        return Play(self.game)

    def answer(self, outcome: Outcome) -> None:
        """The controller's answer, in its words (``words.play``)."""
        if isinstance(outcome, Done) and outcome.act == "decide":
            return  # a decision is told by its events, as they come
        told = said(outcome, self.db, "lines")
        if told is not None:
            self.io.say(told[0], told[1])

    # each word's answer

    def cmd_help(self, rest: str) -> None:
        self.io.say_all(say.help_lines())

    def cmd_choices(self, rest: str) -> None:
        if self.legal() is None:
            self.answer(self.play.not_asked())
            return
        self.say_choices()

    def cmd_market(self, rest: str) -> None:
        state, db = self.state, self.db
        moves = self.legal() or []
        for slot in range(len(state.market)):
            facts = board.market_card(state, db, slot)
            self.io.say(self.status(facts, m.PickBuilding(slot), moves))
        for supply in range(len(state.supplies)):
            self.io.say(board.supply(state, supply))

    def cmd_castles(self, rest: str) -> None:
        state, db = self.state, self.db
        moves = self.legal() or []
        if not state.display:
            self.io.say(say.no_castles())
        for index in range(len(state.display)):
            self.io.say(self.status(board.castle(state, db, index), m.PickCastle(index), moves))

    def status(self, facts: str, move: m.Move, moves: list[m.Move]) -> str:
        """A slot's or a castle's facts, and whether it is a choice now (or why not, at an action)."""
        if move in moves:
            return say.with_choice(facts, moves.index(move) + 1)
        if self.state.phase == "action" and moves:
            why = refusal(self.state, move)
            if why is not None:
                return say.with_reason(facts, words.refusal(why, self.db, plain=True))
        return facts

    def cmd_kingdom(self, rest: str) -> None:
        parts = rest.split()
        state = self.state
        if not parts or not parts[0].isdigit() or not 1 <= int(parts[0]) <= 4:
            self.io.say(say.kingdom_usage(), "error")
            return
        row = int(parts[0]) - 1
        reader = self.game.seat if self.game.seat is not None else state.current
        seat = reader
        if len(parts) > 1:
            if not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(state.players):
                self.io.say(say.no_player(parts[1][:20], len(state.players)), "error")
                return
            seat = int(parts[1]) - 1
        self.io.say(say.kingdom_contents(state, self.db, seat, row, self.names))
        owner = None if seat == reader else self.names[seat]  # "alice's other kingdoms", not "your"
        self.io.say(board.kingdom_row(state, self.db, seat, row, owner))

    def cmd_score(self, rest: str) -> None:
        self.io.say_all(say.score_lines(self.state, self.names))

    def cmd_vikings(self, rest: str) -> None:
        if not self.state.solo:
            self.io.say(say.no_vikings(), "error")
            return
        self.io.say_all(board.viking_lines(self.state, self.db))

    def cmd_log(self, rest: str) -> None:
        count = int(rest) if rest.isdigit() else 5
        session = self.game.session
        events = [e for batch in session.events[: session.position] for e in batch]
        if not events:
            self.io.say(say.log_empty())
            return
        for event in events[-max(count, 1) :]:
            self.io.say(words.past(event, self.names, self.db))

    def cmd_why(self, rest: str) -> None:
        parts = rest.lower().split()
        state, db = self.state, self.db
        moves = self.legal() or []
        if len(parts) == 1 and parts[0].isdigit():
            number = int(parts[0])
            if not moves:
                self.answer(self.play.not_asked())
            elif 1 <= number <= len(moves):
                self.io.say_all(say.why_allowed(number, state, moves[number - 1], self.names, db))
            else:
                self.io.say(say.no_such_choice(number, len(moves)), "error")
            return
        if len(parts) == 2 and parts[0] in ("slot", "castle") and parts[1].isdigit():
            index = int(parts[1]) - 1
            size = len(state.market) if parts[0] == "slot" else len(state.display)
            if not 0 <= index < size:
                self.io.say(say.no_such(f"{parts[0]} {parts[1]}"), "error")
                return
            move: m.Move = m.PickBuilding(index) if parts[0] == "slot" else m.PickCastle(index)
            what = f"{parts[0]} {index + 1}"
            if move in moves:
                self.io.say(say.allowed_now(what, moves.index(move) + 1))
                return
            why = refusal(state, move)
            reason = words.refusal(why, db, plain=True) if why is not None else ""
            self.io.say(say.why_not(what, reason or say.NOT_ASKED))
            return
        self.io.say(say.why_usage(), "error")

    def cmd_hint(self, rest: str) -> None:
        outcome = self.play.hint(self.hint_giver)  # the player's setting (issue 39): the expert by default
        if isinstance(outcome, HintQuestion):  # said while the computer player thinks
            self.io.say(hint_said(outcome)[0])
            outcome = answer_hint(outcome)
        moves = self.legal() or []
        choice = moves.index(outcome.move) + 1 if isinstance(outcome, HintAnswer) and outcome.move in moves else None
        text, kind = hint_said(outcome, choice)
        self.io.say(text, "error" if kind == "error" else "info")

    def cmd_undo(self, rest: str) -> None:
        outcome = self.play.undo()
        if isinstance(outcome, NeedsConfirmation):
            self.io.say(say.UNDO_QUESTION, "ask")
            answer = self.io.read()
            if answer is None:
                self.quit = True
                return
            outcome = self.play.undo(confirmed=answer.strip().lower() in say.YES)
        self.answer(outcome)
        if isinstance(outcome, Done):
            self.told = Told.of(self.game.session)  # told here, not as a change from elsewhere
            self.io.say(say.undone_to(self.state))

    def cmd_redo(self, rest: str) -> None:
        self.answer(self.play.redo())  # the decisions made again are told as they are

    def cmd_save(self, rest: str) -> None:
        if not rest:
            self.io.say(say.saved_line(self.game.name))
            return
        try:
            self.game = self.game.save_as(rest)
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return
        self.seen = self.game.view
        self.io.say(say.saved_as(self.game.name))

    def cmd_who(self, rest: str) -> None:
        if self.who is None:
            self.io.say(say.NOT_A_TABLE, "error")
            return
        self.io.say_all(self.who())

    def cmd_clock(self, rest: str) -> None:
        if self.clock_line is None:
            self.io.say(NOT_A_TABLE, "error")
            return
        self.io.say(self.clock_line() or NO_CLOCK)

    def cmd_say(self, rest: str) -> None:
        if self.talk is None:
            self.io.say(chat_words.NO_TABLE, "error")
            return
        with self._talking:
            outcome = self.talk.say(rest)
        if isinstance(outcome, Said):
            self.io.say(line_words(outcome.line))
        elif (told := spoken(outcome)) is not None:
            self.io.say(told, "error")

    def cmd_chat(self, rest: str) -> None:
        if self.talk is None:
            self.io.say(chat_words.NO_TABLE, "error")
            return
        with self._talking:
            lines = self.talk.lines()
            trouble = self.talk.trouble
        if trouble is not None:
            self.io.say(say.trouble(trouble), "error")
        if self.talk.channel == "watchers" and not self.state.is_over:
            self.io.say(chat_words.SPECTATOR_NOTE)
        if not lines:
            self.io.say(chat_words.EMPTY)
        for line in lines[-(int(rest) if rest.isdigit() else 20) :]:
            self.io.say(line_words(line))

    def cmd_mute(self, rest: str) -> None:
        if self.talk is None:
            self.io.say(chat_words.NO_TABLE, "error")
            return
        self.io.say(self.talk.mute(True))

    def cmd_unmute(self, rest: str) -> None:
        if self.talk is None:
            self.io.say(chat_words.NO_TABLE, "error")
            return
        self.io.say(self.talk.mute(False))

    def cmd_quit(self, rest: str) -> None:
        self.quit = True
        come_back = self.come_back
        if come_back is None and self.typed is not None:  # to the game as it is named now (save NAME)
            come_back = say.come_back(self.game.name, self.game.shared, self.typed)
        parting = self.game.parting()
        if parting is not None:
            self.io.say(parting.said(come_back))


COMMANDS: dict[str, Callable[[Conversation, str], None]] = {
    "help": Conversation.cmd_help,
    "?": Conversation.cmd_help,
    "choices": Conversation.cmd_choices,
    "market": Conversation.cmd_market,
    "castles": Conversation.cmd_castles,
    "kingdom": Conversation.cmd_kingdom,
    "score": Conversation.cmd_score,
    "vikings": Conversation.cmd_vikings,
    "log": Conversation.cmd_log,
    "why": Conversation.cmd_why,
    "hint": Conversation.cmd_hint,
    "undo": Conversation.cmd_undo,
    "redo": Conversation.cmd_redo,
    "save": Conversation.cmd_save,
    "who": Conversation.cmd_who,
    "clock": Conversation.cmd_clock,
    "say": Conversation.cmd_say,
    "chat": Conversation.cmd_chat,
    "mute": Conversation.cmd_mute,
    "unmute": Conversation.cmd_unmute,
    "quit": Conversation.cmd_quit,
    "exit": Conversation.cmd_quit,
}
