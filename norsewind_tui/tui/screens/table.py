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
from ..keys import GAME_BINDINGS
from ..text import safe_text, short_name
from ..widgets.players import PlayersBar, PlayersPanel
from ..widgets.prompt import PromptLine
from .dialogs import ConfirmScreen
from .end import EndScreen, standin_lines
from .game import GameScreen, digits

STANDIN_LOOK = 5.0  # seconds between two looks at whether a player away is now away long enough
TABLE_BINDINGS = [
    Binding("X", "leave_table", "Leave table", key_display="X", show=False, id="table-leave"),
    Binding("R", "remove_player", "Remove player", key_display="R", show=False, id="table-remove"),
]
TABLE_KEYS = (
    (
        "X",
        "leave this table for good (after a question): your seat goes to the computer, or opens "
        "again before the first decision",
    ),
    (
        "R",
        "the table's creator: remove a player who is away (as if they left); at a rematch, give the seat "
        "kept for a player who stays away to the computer",
    ),
)


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
        self.say(
            f"{rematch.view.meta.creator} proposes a rematch ({rematch.name}): n sits down, D declines "
            "(the computer takes your seat)."
        )

    def action_rematch(self) -> None:
        """n: sit down in the rematch kept for you, else propose one (you sit down in your seat)."""
        table = self.table
        if table.seat is None:
            self.say("You watched this table: only its players can ask for a rematch.")
            return
        seed = self.session.seed if self.session.seed is not None else random.SystemRandom().randrange(1, 2**31)
        if seed == table.session.seed:  # a new deal, also with a fixed seed (--seed)
            seed += 1
        try:
            rematch = table.store.invitation(table)
            if rematch is not None:
                rematch.join()
                notice = f"You sat down for the rematch {rematch.name}."
            else:
                rematch = table.store.rematch(table, seed)
                if rematch.seat is None:  # another player proposed it at the same moment
                    rematch.join()
                    notice = f"You sat down for the rematch {rematch.name}."
                else:
                    notice = (
                        f"Rematch {rematch.name}: the others sit down from their score pad (n) or the lobby; "
                        "R gives the seat of one who stays away to the computer."
                    )
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
                self.say("Nobody proposed a rematch with a seat kept for you (n proposes one).")
                return
            what = rematch.decline()
        except (TableRefused, SaveError) as exc:
            self.say(str(exc))
            return
        self.say(f"Rematch {rematch.name}: {what}.")

    def action_menu(self) -> None:
        self.norsewind.open_lobby(f"The table {self.game.name} is finished.")


class TableScreen(GameScreen):
    """Play (or watch) one seat of a shared table."""

    BINDINGS: ClassVar[list[BindingType]] = [*GAME_BINDINGS, *TABLE_BINDINGS]
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
        if self.table.view.standin > 0:
            self.set_interval(STANDIN_LOOK, self.wake_worker)
        self.call_later(self.greet)

    def wake_worker(self) -> None:
        """Time passed: a player away may now be away long enough for the computer to stand in."""
        self.driver.wake()
        state = self.state
        if not state.is_over and not self.is_human_turn():  # "the computer plays in N min" moves on
            me = state.current
            seat = self.view_seat if self.view_seat is not None else self.home_seat(me)
            self.query_one(PromptLine).set_prompt(self.prompt_text(seat))

    def greet(self) -> None:
        """After the game screen's own greeting: whose turn it is (unless there is a notice)."""
        if not self.notice and not self.table.read_only and not self.state.is_over:
            self.say(self.turn_line())

    # ------------------------------------------------------------------ who is to decide, in words

    def prompt_text(self, seat: int) -> str:
        state = self.state
        if state.is_over:
            return "Final scores: the score pad follows."  # the log's last line already says the game is over
        if self.castle_mode:
            return f"Castle display: press {digits(len(state.display))} or move and Enter (Esc: back to the market)."
        text = self.decision_prompt()
        table = self.table
        current = state.current
        if table.read_only:
            text = "Watching (read-only): " + text
        elif table.seats[current].kind == "computer":
            text = f"{self.names[current]} (computer) is thinking..."
        elif (invited := table.view.invited(current)) is not None:
            text = f"Waiting for {short_name(invited)} to sit down for the rematch (seat {current + 1} is kept)."
            if table.identity == table.view.meta.creator:
                text += " R: the computer takes it."
        elif table.holder(current) is None:
            text = f"Seat {current + 1} is open: waiting for a player to join this table (from the lobby)."
        elif (wait := self.standin_wait()) is not None:
            text = wait  # their decision is left out: it is not this player's, and the two lines are full
        elif not table.is_my_turn():
            waiting = self.waiting_for(table.holder(current) or "")
            own = f"{self.names[current]}: "
            if waiting.endswith(":") and text.startswith(own):  # "bob is away since 10:42: take a ..."
                text = f"{waiting} {text[len(own) :]}"
            else:
                waiting = waiting.rstrip(":")
                text = f"{waiting}{'' if waiting.endswith('.') else '.'} {text}"
        if seat != current and 0 <= seat < len(state.players):
            text = f"[Viewing {self.whose(seat)} kingdoms; tab] " + text
        return text

    def waiting_for(self, holder: str) -> str:
        """'Waiting for bob', or 'bob is away since 10:42:' when bob's terminal went away (issue 11)."""
        name = short_name(holder)
        around = self.session.around
        presence = around.of(holder) if around is not None else None
        if presence is None or presence.present or presence.since is None:
            return f"Waiting for {name}"  # here, or never seen in this saves folder: nothing known
        assert around is not None
        return f"{name} is {presence.words(around.now, local=True)}:"

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
                words[seat] = "cannot tell (the look failed)"
                continue
            presence = around.of(holder)
            if presence.where == "table" and presence.table == table.name:
                words[seat] = "at the table"
            elif presence.present:
                tags[seat] = "(app)"
                words[seat] = "in the app" if presence.where == "app" else "at another table"
            else:
                tags[seat] = "(away)"
                words[seat] = presence.words(around.now, local=True) if presence.since is not None else "away"
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
        name = short_name(holder)
        away = (
            f"{name} is away"
            if since == NEVER_SEEN
            else f"{name} is away since {clock_words(since, True, self.clock())}"
        )
        if left <= 0:
            return f"{away}; the computer plays for {name}{'' if name.endswith('.') else '.'}"
        return f"{away}; the computer plays for {name} in {max(1, round(left / 60))} min."

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
            self.mark_standins()
            self.rebuild_log()
            self.sync()
            self.say(what[:1].upper() + what[1:] + ".")

        self.app.push_screen(ConfirmScreen(question, yes, no), answer)

    def action_leave_table(self) -> None:
        """X: leave the table for good, after a question."""
        table = self.table
        if table.seat is None:
            self.say("You are watching: you hold no seat to leave (m goes back to the lobby).", "error")
            return
        if table.finished:
            self.say("The game is over: its result stands.", "error")
            return
        seat = table.seat
        after = "it opens again for another player" if not table.session.moves else "the computer plays it"
        question = f"Leave the table {safe_text(table.name)} for good? Seat {seat + 1}: {after}."

        def answer(yes: bool | None) -> None:
            if not yes:
                self.say("You stay at the table.")
                return
            try:
                what = table.leave()
            except (TableRefused, SaveError) as exc:
                self.say(str(exc), "error")
                return
            self.stop_computer()
            self.norsewind.open_lobby(f"You left the table {table.name} for good ({what}).")

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
                self.say(f"Nobody replaced: {why}.", "error")
                return
            who = safe_text(view.invited(seat) or "")
            question = f"{who} has not sat down for the rematch: the computer takes seat {seat + 1}?"
            self.ask_change(question, "Computer", "Wait", lambda: table.give_to_computer(seat))
            return
        holders = [h for i in range(len(view.seats)) if (h := view.holder(i)) is not None and h != table.identity]
        current = view.holder(view.state.current) if not view.state.is_over else None
        if current in holders:
            holders.remove(current)
            holders.insert(0, current)
        problem = "nobody else holds a seat here" if not holders else None
        target = None
        for who in holders:
            problem = table.remove_problem(who, self.standin)
            if problem is None:
                target = who
                break
        if target is None:
            self.say(f"Nobody removed: {problem}.", "error")
            return
        question = (
            f"Remove {safe_text(target)}, who is away, from {safe_text(table.name)}? "
            "Their seat goes to the computer (before the first decision: it opens again)."
        )
        self.ask_change(question, "Remove", "Keep", lambda: table.remove(target, self.standin))
