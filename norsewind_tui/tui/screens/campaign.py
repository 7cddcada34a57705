"""The solo campaign: the level table with medals and locks (pick a level), and progress."""

from __future__ import annotations

import random
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from ...rules import GameConfig
from ...rules.engine import SOLO_LEVELS
from ...storage import CampaignRow, GameRecord, SeatMeta, StorageError
from ...storage.daily import utc_today
from ...storage.ratings import Ladder
from ...storage.trophies import current_streak
from ...words import campaign as say
from ...words.app import trouble
from ...words.trophies import trophy_line
from ..text import safe_text
from .base import NorsewindScreen
from .form import clean_name

MEDALS = ("bronze", "silver", "gold", "platinum")


def tiles_text(level: int) -> str:
    greens, reds, _ = SOLO_LEVELS[level]
    return f"{greens}G+{reds}R" if greens else "4R"


def vikings_text(level: int) -> str:
    reds = SOLO_LEVELS[level][2]
    return f"{4 - reds}G+{reds}R" if reds < 4 else "4R"


def campaign_cells(row: CampaignRow) -> list[Text]:
    cells = [Text(str(row.level)), Text(tiles_text(row.level)), Text(vikings_text(row.level))]
    for medal in MEDALS:
        cells.append(Text("x" if medal in row.medals else "-"))
    cells.append(Text("" if row.best_margin is None else f"{row.best_margin:+d}"))
    cells.append(Text(say.OPEN if row.unlocked else say.LOCKED))
    return cells


def record_line(g: GameRecord) -> str:
    medal = say.medal_word(g.medal, g.assisted)
    return say.record_line(g.date.strftime("%Y-%m-%d"), g.level, g.score, g.vikings, g.margin, medal, g.seed)


def best_games(games: list[GameRecord]) -> list[GameRecord]:
    """The two best unassisted games (by margin; the newer first on a tie)."""
    return sorted((g for g in reversed(games) if not g.assisted), key=lambda g: -g.margin)[:2]


def progress_lines(games: list[GameRecord], recent_count: int = 4, puzzles: str = "") -> list[str]:
    """Below the level table: the recent games, the daily deals and the best games (11 lines at most);
    the best games are numbered: 1 and 2 review them.  ``puzzles``: the puzzle standing, beside the
    daily deals' heading (no line of its own: the page fills 24 lines)."""
    newest = list(reversed(games))
    recent = [record_line(g) for g in newest[:recent_count]]
    daily = [
        say.daily_record(g.daily, g.level, g.margin, say.medal_word(g.medal, g.assisted))
        for g in newest
        if g.daily is not None
    ][:2]
    best = [f"{i} {record_line(g)}" for i, g in enumerate(best_games(games), 1)]
    return say.progress_lists(recent, daily, best, puzzles)


def rating_words(ladder: Ladder, name: str) -> str | None:
    """'rating 1234 over 5 games' once a game counted for ``name`` (None before)."""
    standing = ladder.standing(name)
    if not standing.games:
        return None
    return say.rating(standing.rating.display, standing.games)


class CampaignScreen(NorsewindScreen[None]):
    """``pick=True``: choose an unlocked level to play; else the progress page."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="campaign-back"),
        Binding("j", "cursor('down')", "Down", show=False, id="campaign-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="campaign-up"),
        Binding("1", "review_best(0)", "Review best", show=False, id="campaign-review-1"),
        Binding("2", "review_best(1)", "Review 2nd", show=False, id="campaign-review-2"),
    ]

    def __init__(self, pick: bool = True) -> None:
        super().__init__()
        self.pick = pick
        self.rows: list[CampaignRow] = []
        self.best: list[GameRecord] = []

    def compose(self) -> ComposeResult:
        self.rows, title, games, problem = self.context.campaign()
        self.best = best_games(games)
        heading = say.PICK_TITLE if self.pick else say.PROGRESS_TITLE
        rated = None if self.pick else rating_words(self.context.profiles.ladder(), self.context.profile_name)
        who = say.profile(safe_text(self.context.profile_name), rated)
        with Vertical(classes="page"):
            yield Static(Text(say.page_title(heading, who)), classes="page-title")
            if not self.pick:  # the title is a trophy (issue 44.3): one line for them all
                name = self.context.profile_name
                held = self.context.trophies([name], games=games).get(name, ())
                line = trophy_line(held, current_streak(games, utc_today()))
                yield Static(Text(line), classes="medal" if title else "", id="trophies")
            elif title:
                yield Static(Text(say.title(title)), classes="medal")
            yield DataTable(id="levels", cursor_type="row", zebra_stripes=False)
            hint = say.PICK_HINT if self.pick else say.MEDALS_HINT
            yield Static(Text(hint), classes="hint")
            if not self.pick:
                # 2 recent games at 24 lines (with a title and every list full, all fits), more when taller
                recent = max(2, min(4, self.app.size.height - 22))
                from ...puzzles import standing_words  # the bots' modules: only on this page

                puzzles = standing_words(self.context.saves_dir, self.context.profile_name, utc_today())
                yield Static(Text("\n".join(progress_lines(games, recent, puzzles))), id="recent")
            yield Static("", id="campaign-status", classes="" if self.pick else "tight")
            if problem is not None:
                yield Static(Text(safe_text(trouble("profile", problem))), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in say.LEVEL_COLUMNS:
            table.add_column(label)
        for row in self.rows:
            table.add_row(*campaign_cells(row), key=str(row.level))
        open_levels = [i for i, r in enumerate(self.rows) if r.unlocked]
        if open_levels:
            table.move_cursor(row=open_levels[-1])
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if not self.pick:
            return
        row = self.rows[event.cursor_row]
        if not row.unlocked:
            self.query_one("#campaign-status", Static).update(Text(say.locked(row.level)))
            return
        app = self.norsewind
        seed = self.session.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        name = clean_name(self.context.profile_name) or "Player"
        config = GameConfig(players=(name,), level=row.level)
        app.create_game(config, seed, [SeatMeta(name)], on_error=self.say)

    def say(self, message: str) -> None:
        self.query_one("#campaign-status", Static).update(Text(safe_text(message)))

    def action_review_best(self, index: int) -> None:
        """1, 2 on the progress page: review a best game, when its save is still that game."""
        if self.pick:
            self.say(say.BEST_ON_PROGRESS)
            return
        if index >= len(self.best):
            self.say(say.no_best(index))
            return
        record = self.best[index]
        if not record.save:
            self.say(say.NO_SAVE_NAME)
            return
        try:
            game = self.context.games.open(record.save, read_only=True)
        except StorageError as exc:
            self.say(trouble("review", exc))
            return
        if game.id != record.game:
            game.close()
            self.say(say.save_reused(record.save))
            return
        self.norsewind.open_review(game, self.say)

    def action_back(self) -> None:
        self.norsewind.goto_title()
