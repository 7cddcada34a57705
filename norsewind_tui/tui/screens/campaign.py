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
from ...storage import CampaignRow, GameRecord, StorageError
from ...storage.daily import utc_today
from ...storage.ratings import Ladder
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
    cells.append(Text("open" if row.unlocked else "locked"))
    return cells


def record_line(g: GameRecord) -> str:
    date = g.date.strftime("%Y-%m-%d")
    medal = g.medal or ("assisted" if g.assisted else "no medal")
    return f"{date}  L{g.level}  you {g.score} - Vik {g.vikings}  margin {g.margin:+d}  {medal}  seed {g.seed}"


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
        f"{g.daily}  level {g.level}  margin {g.margin:+d}  {g.medal or ('assisted' if g.assisted else 'no medal')}"
        for g in newest
        if g.daily is not None
    ][:2]
    best = [f"{i} {record_line(g)}" for i, g in enumerate(best_games(games), 1)]
    lines = []
    for heading, found in (("Recent games", recent), ("Daily deals", daily), ("Best games", best)):
        if heading == "Best games" and found:
            heading += " (1, 2: review)"
        if heading == "Daily deals" and puzzles:
            heading += f" ({puzzles})"
        lines += [f"{heading}:", *found] if found else [f"{heading}: none yet"]
    return lines


def rating_words(ladder: Ladder, name: str) -> str | None:
    """'rating 1234 over 5 games' once a game counted for ``name`` (None before)."""
    standing = ladder.standing(name)
    if not standing.games:
        return None
    return f"rating {standing.rating.display} over {standing.games} game{'s' if standing.games != 1 else ''}"


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
        library = self.session.library
        self.rows, title, games = library.campaign()
        self.best = best_games(games)
        heading = "Solo campaign: choose a level" if self.pick else "Progress"
        who = f"profile {safe_text(self.context.profile_name)}"
        if not self.pick and (rated := rating_words(self.context.profiles.ladder(), self.context.profile_name)):
            who += f"; {rated}"
        with Vertical(classes="page"):
            yield Static(Text(f"{heading} ({who})"), classes="page-title")
            if title:
                yield Static(Text(f"Title: {title}"), classes="medal")
            yield DataTable(id="levels", cursor_type="row", zebra_stripes=False)
            if self.pick:
                hint = "Enter plays the level. Platinum (+25 over the Vikings) on a level unlocks the next."
            else:
                hint = "Medals: bronze +1..8, silver +9..16, gold +17..24, platinum +25 (R21)."
            yield Static(Text(hint), classes="hint")
            if not self.pick:
                # 2 recent games at 24 lines (with a title and every list full, all fits), more when taller
                recent = max(2, min(4, self.app.size.height - 22))
                from ...puzzles import standing_words  # the bots' modules: only on this page

                puzzles = standing_words(self.context.saves_dir, self.context.profile_name, utc_today())
                yield Static(Text("\n".join(progress_lines(games, recent, puzzles))), id="recent")
            yield Static("", id="campaign-status", classes="" if self.pick else "tight")
            if library.problem:
                yield Static(Text(safe_text(library.problem)), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in ("Level", "Tiles", "Vikings", "Bronze", "Silver", "Gold", "Platinum", "Best", ""):
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
            self.query_one("#campaign-status", Static).update(
                Text(f"Level {row.level} is locked: win platinum on level {row.level - 1} first.")
            )
            return
        app = self.norsewind
        library = self.session.library
        seed = self.session.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        name = clean_name(self.context.profile_name) or "Player"
        config = GameConfig(players=(name,), level=row.level)
        app.create_game(config, seed, [library.seat(name)], on_error=self.say)

    def say(self, message: str) -> None:
        self.query_one("#campaign-status", Static).update(Text(safe_text(message)))

    def action_review_best(self, index: int) -> None:
        """1, 2 on the progress page: review a best game, when its save is still that game."""
        if self.pick:
            self.say("1 and 2 review your best games on the Progress page (p on the title screen).")
            return
        if index >= len(self.best):
            self.say(f"There is no best game {index + 1} yet: finish a solo game without undoing over a card.")
            return
        record = self.best[index]
        if not record.save:
            self.say("That game was recorded without its save's name: it cannot be reviewed.")
            return
        try:
            game = self.session.library.open(record.save, read_only=True)
        except StorageError as exc:
            self.say(f"That game cannot be reviewed: {exc}")
            return
        if game.id != record.game:
            game.close()
            self.say(f"The save {record.save} now holds another game: the recorded one is gone.")
            return
        self.norsewind.open_review(game, self.say)

    def action_back(self) -> None:
        self.norsewind.goto_title()
