"""A table's chat for one terminal (issue 41.2): the talk controller, beside the play controller.

The app (its ``t`` key and chat box), the line mode (``say TEXT``, ``chat``) and the browser (through
the app) say a line and read the chat through ``Talk``, and only render what it answers, in the
words ``spoken`` gives (``words/chat.py``).  The store checks every line (``storage/chat.py``: safe
text, length, rate, room); ``Talk`` also stops a flood before the store: past ``RATE`` lines in
``WINDOW`` seconds a terminal gets *one* refusal, and the lines after it within the window get
nothing at all (``Quiet``), so 10,000 lines a second cost neither the store nor the screen.

Who reads what: a seated player reads the players' channel, a spectator the spectators'; once the
game is over both (the review and the export show both, each line marked).  A muted table (the
player's settings) keeps its lines and shows no new one nor an unread mark.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

import msgspec

from .storage.chat import CHANNELS, RATE, WINDOW, Channel, ChatBook, ChatLine, ChatProblem
from .storage.clock import Clock, system_clock
from .storage.errors import StorageError
from .storage.settings import SettingsStore
from .storage.tables import SharedTable
from .words import chat as say


@dataclass(frozen=True, slots=True)
class Said:
    """The line is kept (and wakes the others)."""

    line: ChatLine


@dataclass(frozen=True, slots=True)
class NotSaid:
    """Nothing was kept: why (``problem``), or the store's one line (``failed``)."""

    problem: ChatProblem | None = None
    failed: str = ""


@dataclass(frozen=True, slots=True)
class Quiet:
    """A flood's line after its one refusal: nothing kept, nothing to say."""


Spoken = Said | NotSaid | Quiet


def spoken(outcome: Spoken) -> str | None:
    """What to tell the player of ``outcome`` (None: nothing, for a line kept or a flood's rest)."""
    match outcome:
        case NotSaid(problem=ChatProblem() as p):
            return say.not_said(p.code, p.limit, p.window, p.char)
        case NotSaid(failed=failed):
            return say.not_said("failed", problem=failed)
    return None


def line_words(line: ChatLine) -> str:
    return say.line(line.who, line.seat < 0, line.text)


def marked_words(line: ChatLine) -> str:
    return say.marked(line.who, line.seat < 0, line.text, line.decision)


def chat_of(book: ChatBook, game: str) -> list[ChatLine]:
    """Both channels of a table, in the order said (the review, the export): never raises."""
    lines: list[ChatLine] = []
    for channel in CHANNELS:
        try:
            lines += book.lines(channel, game)
        except (OSError, StorageError):
            continue
    return sorted(lines, key=lambda line: line.at)


def review_chat(game: object) -> list[ChatLine]:
    """The chat a review of ``game`` shows: what its identity may read now (its own channel during play,
    both once the game is over; never raises); a game of one's own has none."""
    if not isinstance(game, SharedTable):
        return []
    return Talk(game).lines()


class Talk:
    """One terminal's part in a table's chat."""

    def __init__(self, table: SharedTable, settings: SettingsStore | None = None, clock: Clock = system_clock) -> None:
        self.table = table
        self.book = table.store.chat(table.name)
        self.settings = settings
        self.clock = clock
        self._said: deque[float] = deque()  # monotonic times of this terminal's lines kept, within WINDOW
        self._flood_said = False  # the refusal of the current flood was said
        self._read: dict[Channel, int] = {}  # lines of each channel already shown
        self.unread = 0
        self.trouble: str | None = None  # the last look failed: its one line

    @property
    def channel(self) -> Channel:
        """Where this terminal's lines go: the players' when it holds a seat, else the spectators'."""
        return "players" if self.table.seat is not None else "watchers"

    def channels(self) -> tuple[Channel, ...]:
        """What this terminal reads: its own channel during play; both once the game is over."""
        return CHANNELS if self.table.finished else (self.channel,)

    # ------------------------------------------------------------------ saying

    def say(self, text: str) -> Spoken:
        now = time.monotonic()
        while self._said and now - self._said[0] >= WINDOW:
            self._said.popleft()
        if not self._said:
            self._flood_said = False
        if len(self._said) >= RATE:
            return self._flood()
        view = self.table.view
        seat = self.table.seat
        line = ChatLine(
            view.meta.id, self.table.identity, -1 if seat is None else seat, view.session.position, self.clock(), text
        )
        try:
            problem = self.book.add(self.channel, line)
        except (OSError, StorageError) as exc:
            return NotSaid(failed=str(exc))
        if problem is not None:
            return self._flood() if problem.code == "flood" else NotSaid(problem)
        self._said.append(now)
        return Said(line)

    def _flood(self) -> Spoken:
        if self._flood_said:
            return Quiet()
        self._flood_said = True
        return NotSaid(ChatProblem("flood", limit=RATE, window=WINDOW))

    # ------------------------------------------------------------------ reading

    def lines(self) -> list[ChatLine]:
        """Every line this terminal may read now, in the order said (marks them read)."""
        out: list[ChatLine] = []
        for channel in self.channels():
            got = self._look(channel)
            self._read[channel] = len(got)
            out += got
        self.unread = 0
        return sorted(out, key=lambda line: line.at)

    def news(self) -> list[ChatLine]:
        """The lines by others said since the last look (none while the table is muted: they count
        as read, and stay in ``lines``).  The first look reads what was said before as read."""
        out: list[ChatLine] = []
        for channel in self.channels():
            got = self._look(channel)
            start = self._read.get(channel)
            self._read[channel] = len(got)
            if start is None:
                continue
            out += [line for line in got[start:] if line.who != self.table.identity]
        if self.muted:
            return []
        return sorted(out, key=lambda line: line.at)

    def _look(self, channel: Channel) -> list[ChatLine]:
        try:
            got = self.book.lines(channel, self.table.view.meta.id)
        except (OSError, StorageError) as exc:
            self.trouble = str(exc)
            return []
        self.trouble = None
        return got

    # ------------------------------------------------------------------ muting

    @property
    def muted(self) -> bool:
        if self.settings is None:
            return False
        try:
            settings, _ = self.settings.load(self.table.identity)
        except StorageError:
            return False
        return self.table.name in settings.muted

    def mute(self, on: bool) -> str:
        """Mute (or unmute) this table's chat for this player, in their settings; the line saying so."""
        if self.settings is None:
            return say.muted(self.table.name, on)
        try:
            settings, _ = self.settings.load(self.table.identity)
            names = tuple(n for n in settings.muted if n != self.table.name) + ((self.table.name,) if on else ())
            self.settings.save(self.table.identity, msgspec.structs.replace(settings, muted=names))
        except StorageError as exc:
            return say.not_said("failed", problem=str(exc))
        return say.muted(self.table.name, on)
