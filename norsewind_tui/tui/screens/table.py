"""A shared table's game screen: the game screen, for one seat of a table several terminals share.

The handle is a ``storage.tables.SharedTable``; the game screen's driver (``tui/driver.py``)
follows it: woken when the table's file changes, it posts the newer view, so every decision
appears on every screen within milliseconds, and it plays the computer seats when it wins
the table's claim (so does every other process at the table: the first one decides, once).
Only the seat's own identity can choose; watchers (no seat) see everything, read-only.

What is this screen's own: its keys, where the others are (presence), and the stand-in lines.
Seats that never stall (issue 13): the driver also plays a person's seat on its turn while
that person is away for the table's stand-in minutes (``PresenceStore.away_since`` with the
screen's clock, a constructor parameter so tests move time); a timer wakes the driver, since
"away for 15 minutes" comes true with no file changing.  The log marks those decisions
("Computer for bob: ..."), the score pad counts them.  ``X`` leaves the table for good and
``R`` (the table's creator) removes a player who is away, each after a question.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from textual.binding import Binding, BindingType

from ...storage.clock import Clock, system_clock
from ...storage.errors import SaveError, StorageError
from ...storage.presence import NEVER_SEEN, clock_words
from ...storage.problems import SeatChange
from ...storage.standin import StandIn
from ...storage.tables import SharedTable, TableRefused
from ...talk import Talk, line_words
from ...words import clock as clock_say
from ...words import gamescreen as game_say
from ...words import table as say
from ...words.clock import span_words
from ...words.prompts import task
from ..chat import ChatFollower, ChatNews, ChatScreen
from ..keys import GAME_BINDINGS
from ..text import safe_text, short_name
from ..widgets.players import PlayersBar, PlayersPanel
from ..widgets.prompt import PromptLine
from .dialogs import ConfirmScreen
from .end import EndScreen, standin_lines
from .game import GameScreen, digits, turn_line

STANDIN_LOOK = 5.0  # seconds between two looks at whether a player away is now away long enough
TABLE_BINDINGS = [
    Binding("X", "leave_table", "Leave table", key_display="X", show=False, id="table-leave"),
    Binding("R", "remove_player", "Remove player", key_display="R", show=False, id="table-remove"),
    # the chat (issue 41.2): one of the two t keys is in the footer, the second when lines are unread
    Binding("t", "chat", "Chat", id="table-chat"),
    Binding("t", "chat_unread", "Chat (new)", id="table-chat-new"),
    Binding("T", "mute_chat", "Mute chat", key_display="T", show=False, id="table-mute"),
]
TABLE_KEYS = say.KEYS


def table_game_bindings() -> list[Binding]:
    """The game's keys at a table, with room in the footer for the chat's key at 80 columns: a decision
    after an undo shows "Enter Choose 1-5 Pick c Castles Esc Back u Undo h Hint ^y Redo ? Help q Quit"
    (76 cells) and "t Chat (new)" needs 13 more.  So at a table ctrl+y's "Redo" is left out of the
    footer, and "q Quit" while the decision is this player's (a second q, out of the footer, quits
    then): at most 74 cells.  Both keys work as ever and the table's help (?) lists them."""
    out: list[Binding] = []
    for b in GAME_BINDINGS:
        if b.id == "redo":
            out.append(dataclasses.replace(b, show=False))
        elif b.id == "quit":
            out += [b, Binding(b.key, "quit_asked", b.description, show=False, id="table-quit-asked")]
        else:
            out.append(b)
    return out


REMATCH_LOOK = 2.0  # seconds between two looks, on a score pad, for a rematch another player proposed


class TableEndScreen(EndScreen):
    """The score pad of a finished table (final, R25: no one at the table can undo it).

    ``n`` proposes a rematch (the same seats and options, a new deal), or sits down in the one
    another player proposed; ``D`` declines it (the computer takes the seat kept for you)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,m", "menu", "Lobby", key_display="Esc", id="end-menu"),  # a table's score pad goes back there
        Binding("n", "rematch", "Rematch", id="end-rematch"),
        Binding("D", "decline", "Decline", key_display="D", show=False, id="end-decline"),
    ]

    def __init__(self, table: SharedTable) -> None:
        self.table = table  # a table's score pad: the rematch is asked of the table itself
        super().__init__(table)
        self.table_shown = table.name
        self.offered: str | None = None  # the rematch said on the status line

    def pad_notes(self) -> tuple[str, ...]:
        lines = list(standin_lines(self.game))
        if self.table.rating_problem:
            lines.append(self.table.rating_problem)
        return tuple(lines)

    def on_mount(self) -> None:
        super().on_mount()
        if self.table.seat is not None:
            self.look_for_rematch()
            self.set_interval(REMATCH_LOOK, self.look_for_rematch)

    def look_for_rematch(self) -> None:
        """Another player proposed a rematch with a seat kept for this one: say so, once."""
        table = self.table
        try:
            rematch = table.store.invitation(table)
        except SaveError:
            return
        if rematch is None or rematch.name == self.offered:
            return
        self.offered = rematch.name
        self.say(say.said("rematch-proposed", rematch.name, rematch.view.meta.creator))

    def action_rematch(self) -> None:
        """n: sit down in the rematch kept for you, else propose one (you sit down in your seat)."""
        table = self.table
        if table.seat is None:
            self.say(say.WATCHER_NO_REMATCH)
            return
        seed = self.session.seed if self.session.seed is not None else random.SystemRandom().randrange(1, 2**31)
        if seed == table.session.seed:  # a new deal, also with a fixed seed (--seed)
            seed += 1
        try:
            rematch = table.store.invitation(table)
            if rematch is not None:
                rematch.join()
                notice = say.said("sat-down", rematch.name)
            else:
                rematch = table.store.rematch(table, seed)
                if rematch.seat is None:  # another player proposed it at the same moment
                    rematch.join()
                    notice = say.said("sat-down", rematch.name)
                else:
                    notice = say.said("rematch-opened", rematch.name)
        except (TableRefused, SaveError) as exc:
            self.say(str(exc))
            return
        self.norsewind.open_table(rematch, notice)

    def action_decline(self) -> None:
        """D: decline the rematch another player proposed (the computer takes the seat kept for you)."""
        table = self.table
        try:
            rematch = table.store.invitation(table)
            if rematch is None:
                self.say(say.NO_REMATCH_KEPT)
                return
            what = rematch.decline()
        except (TableRefused, SaveError) as exc:
            self.say(str(exc))
            return
        self.say(say.said("rematch-declined", rematch.name, str(what)))

    def action_menu(self) -> None:
        self.norsewind.open_lobby(say.said("finished", self.game.name))


class TableScreen(GameScreen):
    """Play (or watch) one seat of a shared table."""

    BINDINGS: ClassVar[list[BindingType]] = [*table_game_bindings(), *TABLE_BINDINGS]
    EXTRA_KEYS = TABLE_KEYS

    def __init__(self, table: SharedTable, notice: str = "", clock: Clock = system_clock) -> None:
        super().__init__(table, notice or table.notice or "")  # e.g. the table's backup was used
        self.table = table
        self.end_page = lambda game: TableEndScreen(table)  # the score pad asks the table of its rematch
        self.table_shown = table.name
        self.clock = clock
        self.presence_store = table.store.presence(clock)
        self.standin = StandIn(self.away_since, clock, NEVER_SEEN)
        self.driver.standin = self.standin
        self.chat = ChatFollower(Talk(table, None, clock), self.post_message)
        self.unread = 0  # chat lines by others not read yet (the footer's "Chat (new)")
        self.unsealed_said = -1  # the generation whose clock was said not to be believed
        # one q at a time (the footer has no room for q while the decision is this player's: quit_asked)
        self.own_actions.update(
            chat=lambda _: self.unread == 0,
            chat_unread=lambda _: self.unread > 0,
            quit_asked=lambda _: self.controller.asked(),
            leave=lambda parameters: not self.controller.asked() if parameters == ("quit",) else None,
        )
        self.beside.append(self.chat.stop)  # (the game screen's unmount stops the game's driver, then it)

    def away_since(self, identity: str) -> datetime | None:
        """When ``identity`` went away (None: here), for the computer that stands in (the driver's
        thread asks at every look).  A person the app's last look saw here is here: the look follows
        every arrival and departure, and while everyone plays no record is read after each decision
        (those reads held the app's thread up as it drew the decision, issue 28).  A person it saw
        away is read again, so that no computer ever plays for one who came back."""
        around = self.session.around
        if around is not None and around.of(identity).present:
            return None
        return self.presence_store.away_since(identity)

    def on_mount(self) -> None:
        # Textual also runs GameScreen.on_mount (after this one): it must not be called here too
        self.chat.talk.settings = self.context.settings  # muting is the player's setting
        self.run_worker(self.chat.run, thread=True, group="chat", name="chat")
        self.session.drivers.add(self.chat)  # stopped when the app ends, as the game's driver is
        if self.table.view.standin > 0:
            self.set_interval(STANDIN_LOOK, self.wake_worker)
        if (spec := self.table.view.meta.clock) is not None:  # issue 41: the time shown, a clock run out played
            self.set_interval(1.0 if spec.kind == "live" else 30.0, self.tick_clock)
        self.call_later(self.greet)

    # ------------------------------------------------------------------ the chat (issue 41.2)

    def on_chat_news(self, message: ChatNews) -> None:
        """Lines by others: into the chat box when it is open, else the status line and the unread mark."""
        top = self.app.screen
        if isinstance(top, ChatScreen):
            top.add(message.lines)
            return
        self.unread += len(message.lines)
        self.say(line_words(message.lines[-1]))
        self.refresh_bindings()

    def action_quit_asked(self) -> None:
        """q while the decision is this player's (the footer has no room to show it then)."""
        self.action_leave("quit")

    def action_chat(self) -> None:
        """t: the chat box."""
        self.unread = 0
        self.refresh_bindings()
        self.app.push_screen(ChatScreen(self.chat))

    def action_chat_unread(self) -> None:
        self.action_chat()

    def action_mute_chat(self) -> None:
        """T: mute the table's chat, or show it again."""
        talk = self.chat.talk
        line = talk.mute(not talk.muted)
        if talk.muted:
            self.unread = 0
            self.refresh_bindings()
        self.say(line)

    def wake_worker(self) -> None:
        """Time passed: a player away may now be away long enough for the computer to stand in."""
        self.driver.wake()
        state = self.state
        if not state.is_over and not self.controller.asked():  # "the computer plays in N min" moves on
            me = state.current
            seat = self.view_seat if self.view_seat is not None else self.home_seat(me)
            self.query_one(PromptLine).set_prompt(self.prompt_text(seat))

    def tick_clock(self) -> None:
        """The clock's time moved on: show it, and let the worker play a seat whose time ran out."""
        self.show_presence()
        self.driver.wake()

    def greet(self) -> None:
        """After the game screen's own greeting: whose turn it is (unless there is a notice)."""
        if not self.notice and not self.table.read_only and not self.state.is_over:
            self.say(turn_line(self.game))

    # ------------------------------------------------------------------ who is to decide, in words

    def prompt_text(self, seat: int) -> str:
        state = self.state
        if state.is_over:
            return game_say.FINAL
        if self.castle_mode:
            return game_say.castle_prompt(digits(len(state.display)))
        table = self.table
        current = state.current
        if table.read_only:
            text = game_say.watching(self.decision_prompt())
        elif table.seats[current].kind == "computer":
            text = game_say.thinking(self.names[current])
        elif (invited := table.view.invited(current)) is not None:
            text = say.invited_wait(short_name(invited), current, table.identity == table.view.meta.creator)
        elif table.holder(current) is None:
            text = say.said("open-seat", seat=current)
        elif (wait := self.standin_wait()) is not None:
            text = wait  # their decision is left out: it is not this player's, and the two lines are full
        elif not table.is_my_turn():
            holder = table.holder(current) or ""
            text = say.waiting(short_name(holder), self.away_since_words(holder), self.names[current], task(state))
        else:
            text = self.decision_prompt()
        if seat != current and 0 <= seat < len(state.players):
            text = game_say.viewing(self.whose(seat), text)
        return text

    def away_since_words(self, holder: str) -> str | None:
        """When ``holder``'s terminal went away, in the clock's words ("10:42"; issue 11), None when
        they are here or were never seen in this saves folder (nothing known)."""
        around = self.session.around
        presence = around.of(holder) if around is not None else None
        if around is None or presence is None or presence.present or presence.since is None:
            return None
        return clock_words(presence.since, True, around.now)

    # ------------------------------------------------------------------ presence (issue 13)

    def sync(self) -> None:
        self.show_presence()
        super().sync()

    def show_presence(self) -> None:
        """Where each other person at the table is, for the players bar and panel."""
        around = self.session.around
        table = self.table
        tags: dict[int, str] = {}
        words: dict[int, str] = {}
        for seat in range(len(table.seats)):
            holder = table.holder(seat)
            if around is None or holder is None or holder == table.identity:
                continue  # an open seat, a computer, or this very player (here)
            if around.blind:  # not "away": the look failed (issue 38.2)
                tags[seat] = "(?)"
                words[seat] = say.LOOK_FAILED
                continue
            presence = around.of(holder)
            if presence.where == "table" and presence.table == table.name:
                words[seat] = say.HERE
            elif presence.present:
                tags[seat] = "(app)"
                words[seat] = say.IN_APP if presence.where == "app" else say.ELSEWHERE
            else:
                tags[seat] = "(away)"
                since = presence.since
                when = clock_words(since, True, around.now) if since is not None else None
                words[seat] = say.AWAY if when is None else say.said("away-since", text=when)
        current = self.state.current
        try:
            left = None if self.state.is_over else table.clock_left()
        except (OSError, StorageError):  # not known now: the driver says Trouble
            left = None
        if left is not None and table.view.generation != self.unsealed_said and table.clock_unsealed():
            self.unsealed_said = table.view.generation  # a forged clock: one line, once for each write
            self.say(clock_say.UNSEALED, "error")
        if left is not None:  # the players bar and panel carry the running clock (issue 41)
            tags[current] = f"{tags.get(current, '')} {span_words(left)}".strip()
            words[current] = say.on_the_clock(words.get(current), span_words(left))
        for bar in self.query(PlayersBar):
            bar.tags = tags
        for panel in self.query(PlayersPanel):
            panel.words = words

    def standin_wait(self) -> str | None:
        """When the person to move (not this player) is away: since when, and when the computer plays
        for them ("bob is away since 10:42; the computer plays for bob in 5 min.")."""
        table = self.table
        holder = table.holder(self.state.current)
        if holder is None or holder == table.identity or table.view.standin <= 0:
            return None
        try:  # ``away_since``: the app's last look first, the records only for a person seen away
            left = table.standin_in(self.standin)
            since = self.standin.away_since(holder)
        except (OSError, StorageError):  # not known now (the database is down): the driver says Trouble
            return None
        if left is None or since is None:
            return None
        when = None if since == NEVER_SEEN else clock_words(since, True, self.clock())
        return say.standin_wait(short_name(holder), when, left)

    # ------------------------------------------------------------------ leaving and removing

    def ask_change(self, question: str, yes: str, no: str, change: Callable[[], SeatChange]) -> None:
        """Ask ``question``; on ``yes``, make the table's ``change`` (it says what it did) and show it."""

        def answer(ok: bool | None) -> None:
            if not ok:
                return
            try:
                what = str(change())
            except (TableRefused, SaveError) as exc:
                self.say(str(exc), "error")
                return
            self.game_log.mark_standins()
            self.game_log.rebuild()
            self.sync()
            self.say(say.done(what))

        self.app.push_screen(ConfirmScreen(question, yes, no), answer)

    def action_leave_table(self) -> None:
        """X: leave the table for good, after a question."""
        table = self.table
        if table.seat is None:
            self.say(say.WATCHER_CANNOT_LEAVE, "error")
            return
        if table.finished:
            self.say(say.RESULT_STANDS, "error")
            return
        seat = table.seat
        question = say.leave_question(safe_text(table.name), seat, bool(table.session.moves))

        def answer(yes: bool | None) -> None:
            if not yes:
                self.say(say.STAY)
                return
            try:
                what = table.leave()
            except (TableRefused, SaveError) as exc:
                self.say(str(exc), "error")
                return
            self.driver.stop()
            self.norsewind.open_lobby(say.said("left", table.name, str(what)))

        self.app.push_screen(ConfirmScreen(question, "Leave", "Stay"), answer)

    def action_remove_player(self) -> None:
        """R: the creator removes a player who is away (the one to move first, else the first in seat order);
        at a rematch, first a seat kept for a player who has not sat down (it goes to the computer)."""
        table = self.table
        view = table.view
        kept = [i for i in range(len(view.seats)) if view.invited(i) is not None]
        if kept:
            seat = view.state.current if view.state.current in kept else kept[0]
            if (why := table.invited_problem(seat)) is not None:
                self.say(say.said("nobody-replaced", text=why), "error")
                return
            who = safe_text(view.invited(seat) or "")
            question = say.said("give-kept-question", text=who, seat=seat)
            self.ask_change(question, "Computer", "Wait", lambda: table.give_to_computer(seat))
            return
        holders = [h for i in range(len(view.seats)) if (h := view.holder(i)) is not None and h != table.identity]
        current = view.holder(view.state.current) if not view.state.is_over else None
        if current in holders:
            holders.remove(current)
            holders.insert(0, current)
        problem = say.NOBODY_ELSE if not holders else None
        target = None
        for who in holders:
            problem = table.remove_problem(who, self.standin)
            if problem is None:
                target = who
                break
        if target is None:
            self.say(say.said("nobody-removed", text=problem), "error")
            return
        question = say.said("remove-question", safe_text(table.name), safe_text(target))
        self.ask_change(question, "Remove", "Keep", lambda: table.remove(target, self.standin))
