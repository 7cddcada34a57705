"""The line mode's menu (``norsewind play --lines``): a new game, resume a saved one, then play it.

The games are the saves folder's (or the database's), made and opened through the context's
``GameStore`` as the app makes and opens them, so a game started here resumes in the app and back.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from datetime import date, datetime

from ..bots.registry import STRENGTHS
from ..computer import ENGINE, Computer, engine_spec
from ..lessons import LessonError, is_tutorial, tutorial_game
from ..options import Options
from ..rules.refusals import ConfigError
from ..rules.state import GameConfig
from ..safetext import printable
from ..storage.commands import typed
from ..storage.context import AppContext
from ..storage.daily import start_daily, utc_today
from ..storage.dailyseed import daily_of, daily_save_name
from ..storage.errors import GameLocked, StorageError
from ..storage.format import SeatKind, SeatMeta
from ..storage.handle import GameHandle
from ..storage.presence import clock_words
from ..storage.saves import SaveSummary
from ..storage.tables import SharedTable
from ..talk import Talk
from ..words import config_problem
from ..words import lines as say
from ..words import puzzles as puzzle_words
from ..words import tournaments as tournament_say
from ..words.tutorial import MENU_LEARN
from .conversation import Conversation
from .io import HangUp, LineIO, on_hang_up, stdio
from .learn import teach
from .puzzle import ask_puzzle
from .tables import Heartbeat, Lobby, clock_line, my_clock, my_turns, presence_lines, standin_line, standin_of
from .tournaments import TournamentMenu
from .tv import run_tv

MAX_NAME = 24  # as the app's new-game form
# The main menu's numbers: each entry keeps its own, whatever else is listed (a screen reader's user
# learns them, issue 39.5).  1 is "Learn to play"'s, first in the app's title for a newcomer.
LEARN, NEW, RESUME, CAMPAIGN, DAILY, TABLES, QUIT = 1, 2, 3, 4, 5, 6, 7
PUZZLE = 8  # issue 43: after Quit, so every other entry keeps its number
TOURNAMENTS, TV = 9, 10  # issue 44: after those
MAX_SEED = 2**31


def in_use(name: str, locked: GameLocked, now: datetime, options: Options) -> str:
    """The refusal of a game another session holds, its time as the clock says it ("23:01"), and the
    command that watches it, with the options the player gave."""
    try:
        since = clock_words(datetime.fromisoformat(locked.since), True, now) if locked.since else None
    except ValueError:
        since = None
    return say.in_use(name, locked.user, since, typed(options, "resume", name, "--watch", "--lines"))


def name_ok(name: str) -> bool:
    """The table name rule (letters, digits, ``.``, ``_``, ``-``) for each word of a player's name,
    the words one space apart ("Player 2"), at most ``MAX_NAME`` characters."""
    return len(name) <= MAX_NAME and all(ch.isalnum() or ch in "._-" for ch in name.replace(" ", ""))


class Ended(Exception):
    """The input ended (or the player quit) in the menu."""


class Menu:
    """The questions before a game, one line each; a bad answer is one line, and asked again."""

    def __init__(self, context: AppContext, io: LineIO, seed: int | None = None) -> None:
        self.context = context
        self.io = io
        self.seed = seed

    def read(self) -> str:
        line = self.io.read()
        if line is None:
            raise Ended
        if line.strip().lower() in ("quit", "exit"):
            raise Ended
        return line.strip()

    def pick(self, question: str, options: list[str], default: int | None = None) -> int:
        """A question numbered 1, 2, ...; the index (0-based) of the option chosen."""
        return self.ask(question, list(enumerate(options, 1)), default) - 1

    def ask(self, question: str, entries: list[tuple[int, str]], default: int | None = None) -> int:
        """A numbered question (each entry with its own number); the number chosen.  An empty line
        takes the default, or asks again as a decision does; ``help`` says how to answer."""
        numbers = [n for n, _ in entries]
        self.io.say(question, "ask")
        self.say_entries(entries)
        while True:
            self.io.say(say.menu_ask(numbers, default), "ask")
            answer = self.read()
            if not answer:
                if default is not None:
                    return default
                continue
            if answer.lower() in ("help", "?"):
                self.io.say(say.menu_help(default))
                self.say_entries(entries)
                continue
            number = answer.rstrip(".")
            if number.isdigit() and int(number) in numbers:
                return int(number)
            self.io.say(say.menu_refusal(answer, numbers), "error")

    def say_entries(self, entries: list[tuple[int, str]]) -> None:
        for n, text in entries:
            self.io.say(say.numbered(n, text), "choice")

    def text(self, question: str, default: str) -> str:
        """A player's name (Enter: ``default``): a typed one that breaks the name rule is refused
        in one line and asked again, never kept as typed (an escape sequence's leftovers)."""
        while True:
            self.io.say(say.text_question(question, default), "ask")
            answer = " ".join(printable(self.read()).split())
            if not answer:
                return default
            if name_ok(answer):
                return answer
            self.io.say(say.bad_name(answer, MAX_NAME), "error")

    # ------------------------------------------------------------------ the choices

    def main(self) -> GameHandle | None:
        turns = my_turns(self.context)
        if turns:
            self.io.say(say.your_turns(turns))
        while True:
            games = self.resumable()
            entries = [
                (LEARN, MENU_LEARN),  # the tutorial (issue 39.8): first, as on the app's title screen
                (NEW, say.MENU_NEW),
                (RESUME, say.menu_resume(len(games))),
                (CAMPAIGN, say.MENU_CAMPAIGN),
                (DAILY, say.MENU_DAILY),
                (TABLES, say.MENU_TABLES),
                (QUIT, say.MENU_QUIT),
                (PUZZLE, puzzle_words.MENU),
                (TOURNAMENTS, tournament_say.MENU_ENTRY),
                (TV, tournament_say.MENU_TV),
            ]
            chosen = self.ask(say.MENU_TITLE, entries)
            if chosen == QUIT:
                return None
            if chosen == TABLES:
                game: GameHandle | None = Lobby(self.context, self.io, self.pick, self.seed).choose()
            elif chosen == TOURNAMENTS:
                game = TournamentMenu(self.context, self.io, self.pick, self.read).choose()
            elif chosen == TV:
                run_tv(self.context, self.io)
                game = None
            elif chosen == NEW:
                game = self.new_game()
            elif chosen == CAMPAIGN:
                game = self.campaign()
            elif chosen == DAILY:
                game = self.daily()
            elif chosen == PUZZLE:
                self.puzzle()
                game = None

            elif chosen == LEARN:
                game = self.learn()
            elif games:
                game = self.resume(games)
            else:
                self.io.say(say.NO_RESUME, "error")
                game = None
            if game is not None:
                return game

    def resumable(self) -> list[SaveSummary]:
        """The unfinished games of the saves list, newest first (a broken file is not offered)."""
        try:
            return [s for s in self.context.own_games() if s.error is None and not s.finished]
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return []

    def resume(self, games: list[SaveSummary]) -> GameHandle | None:
        options = [say.saved_game(s.name, s.mode, s.players, s.turn) for s in games] + [say.MENU_BACK]
        index = self.pick(say.RESUME_TITLE, options)
        if index == len(games):
            return None
        try:
            return self.context.games.open(games[index].name)
        except GameLocked as exc:
            self.io.say(in_use(games[index].name, exc, self.context.clock(), self.context.options), "error")
            return None
        except StorageError as exc:  # unreadable: one line
            self.io.say(say.cannot(str(exc)), "error")
            return None

    def learn(self) -> GameHandle | None:
        """The tutorial's save (the app's too): resumed where it was left, else started afresh."""
        try:
            return tutorial_game(self.context.games, self.context.identity)
        except (StorageError, LessonError) as exc:  # held by another app, a full disk: one line
            self.io.say(say.cannot(str(exc)), "error")
            return None

    def unlocked(self) -> list[int]:
        try:
            rows = self.context.profiles.load(self.context.profile_name).campaign()
        except StorageError as exc:
            self.io.say(say.notice_line(str(exc)))
            return [1]
        return [r.level for r in rows if r.unlocked] or [1]

    def campaign(self) -> GameHandle | None:
        """The campaign table, then a solo game on an unlocked level (or back)."""
        profile = self.context.profile_name
        try:
            loaded = self.context.profiles.load(profile)
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        rows = loaded.campaign()
        self.io.say(say.campaign_head(profile, loaded.title))
        for row in rows:
            self.io.say(say.campaign_row(row.level, row.unlocked, row.medals, row.best_margin, row.played))
        levels = [row.level for row in rows if row.unlocked] or [1]
        options = [say.play_level(n) for n in levels] + [say.MENU_BACK]
        index = self.pick(say.CAMPAIGN_TITLE, options, len(levels))
        if index == len(levels):
            return None
        return self.new_game(solo_level=levels[index])

    def puzzle(self, today: Callable[[], date] = utc_today) -> None:
        """The host's puzzle of the day: the position, the choices, one try, the answer."""
        ask_puzzle(self.context, self.io, self.pick, today())

    def daily(self, today: Callable[[], date] = utc_today) -> GameHandle | None:
        """Today's deal on a level of the player's choice: their one attempt, or what they made of it."""
        levels = self.unlocked()
        level = levels[self.pick(say.DAILY_LEVEL, [say.level_label(n) for n in levels], 1)]
        player = self.context.profile_name
        day = today()
        try:
            start = start_daily(self.context.games, player, level, today=lambda: day)
        except GameLocked as exc:  # the attempt is open in another tab or terminal
            self.io.say(
                in_use(daily_save_name(day, level, player), exc, self.context.clock(), self.context.options), "error"
            )
            return None
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        if start.game is not None:
            return start.game
        done = start.done
        result = say.DAILY_LOST if done is None else say.daily_result(done.margin, done.medal, done.assisted)
        self.io.say_all(say.daily_done(player, day.isoformat(), level, result))
        return None

    def new_game(self, solo_level: int | None = None) -> GameHandle | None:
        players = 1 if solo_level is not None else self.pick(say.PLAYERS_QUESTION, say.PLAYER_COUNTS) + 1
        level = solo_level or 1
        if players == 1 and solo_level is None:
            levels = self.unlocked()
            level = levels[self.pick(say.LEVEL_QUESTION, [say.level_label(n) for n in levels], default=len(levels))]
        names: list[str] = []
        seats: list[SeatMeta] = []
        bots = [*STRENGTHS, ENGINE] if self.context.options.engine is not None else list(STRENGTHS)
        kinds = [say.PERSON, *(say.ENGINE_SEAT if b == ENGINE else say.computer_label(b) for b in bots)]
        for seat in range(players):
            default = self.context.profile_name[:MAX_NAME] if seat == 0 else f"Player {seat + 1}"
            kind: SeatKind = "human"
            bot: str | None = None
            if seat > 0:
                picked = self.pick(say.seat_question(seat), kinds, default=1)
                if picked > 0:
                    kind, bot = "computer", bots[picked - 1]
                    default = f"{bot.capitalize()} bot {seat + 1}"
            name = self.text(say.name_question(seat), default)
            while name.casefold() in {n.casefold() for n in names}:
                self.io.say(say.SAME_NAME, "error")
                name = self.text(say.name_question(seat), f"{default} ({seat + 1})")
            names.append(name)
            seats.append(SeatMeta(name=name, kind=kind, bot=bot))
        config = GameConfig(players=tuple(names), level=level)
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, MAX_SEED)
        profile = self.context.profile_name if config.solo else None
        try:
            return self.context.games.create(config, seed, seats, profile=profile)
        except ConfigError as exc:
            self.io.say(say.cannot(config_problem(exc.problem)), "error")
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
        return None


def play(game: GameHandle, io: LineIO, options: Options, context: AppContext, come_back: str | None = None) -> None:
    """Tell the game's beginning (or where it stands), then the conversation until it ends."""
    if is_tutorial(game):  # the tutorial's save, however it was opened: taught, lesson by lesson
        notice = getattr(game, "notice", None)  # saved under another name, a damaged save set aside
        teach(game, io, Computer(game.session.seed, None, context.engines), notice if isinstance(notice, str) else "")
        return
    state = game.state
    names = tuple(p.name for p in state.players)
    day = daily_of(game.name, game.session.seed, state.config.level) if state.solo and not game.branch_of else None
    daily = say.daily_line(day, day == utc_today().isoformat()) if day is not None else ""
    resumed = game.session.position > 0
    if not resumed:
        io.say(say.opening(state, names, daily))
    else:
        io.say(say.resumed(game.name, state))
        if daily:
            io.say(say.sentence(daily))
    notice = getattr(game, "notice", None)
    if isinstance(notice, str) and notice:
        io.say(say.notice_line(notice))
    computer = Computer(game.session.seed, engine_spec(options), context.engines)  # engines: a table's stand-in
    giver = context.settings.hint_giver(context.identity)  # the hints' giver: the player's setting
    if not isinstance(game, SharedTable):
        Conversation(
            game, io, computer, come_back=come_back, recap=resumed, typed=context.command, hint_giver=giver
        ).run()
        return
    table = game
    io.say(say.at_table(table.name, table.view.seat_of(table.identity)))
    presence = context.tables.presence(context.clock)
    beat = Heartbeat(presence, table.identity, table.name)
    standin = standin_of(table, context.clock)

    def who() -> list[str]:
        return presence_lines(table, presence, context.clock()) or [say.WHO_NOBODY]

    try:
        io.say_all(presence_lines(table, presence, context.clock()))
        Conversation(
            table,
            io,
            computer,
            standin=lambda: standin,
            who=who,
            standin_line=lambda: standin_line(table, standin),
            come_back=come_back,
            recap=resumed,
            typed=context.command,
            hint_giver=giver,
            clock=lambda: my_clock(table),
            clock_line=lambda: clock_line(table),
            talk=Talk(table, context.settings, context.clock),
        ).run()
    finally:
        beat.leave()


def run_lines(options: Options, game: GameHandle | None = None, come_back: str | None = None) -> int:
    """``norsewind play --lines``: the menu, then the game (``game``: this one, open: ``resume --lines``;
    ``options.page`` "learn": the tutorial, ``learn --lines``); 0 when it ends (a quit, the end of the
    input).  ``come_back``: how a login's player comes back."""
    try:
        context = AppContext(options)
    except StorageError as exc:
        print(f"norsewind: {exc}", file=sys.stderr)
        return 2
    inp, out = stdio()
    io = LineIO(inp, out, colour=options.colour)
    on_hang_up()
    given = game
    try:
        io.say(say.WELCOME)
        menu = Menu(context, io, options.seed)
        if given is None and options.page == "puzzle":
            menu.puzzle()
            return 0
        game = given if given is not None else menu.learn() if options.page == "learn" else menu.main()
        if game is not None:
            play(game, io, options, context, come_back)
    except StorageError as exc:
        io.say(say.cannot(str(exc)), "error")
        return 2
    except (Ended, HangUp, KeyboardInterrupt):
        pass
    finally:
        if game is not None and game is not given:  # the caller closes its own
            game.close()
    return 0
