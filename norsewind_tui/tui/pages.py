"""The pages opened by name (the title's menu, the palette, keys): a table of lazy factories.

Each factory imports its screen when the page is first shown, so the title is drawn
without them (issue 16).  ``OVER`` pages are pushed over the page shown (Esc comes back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

Page = Callable[[], Screen[Any]]


def _new_game() -> Screen[Any]:
    from .screens.new_game import NewGameScreen

    return NewGameScreen(players=1)


def _resume() -> Screen[Any]:
    from .screens.resume import ResumeScreen

    return ResumeScreen()


def _campaign(pick: bool) -> Page:
    def page() -> Screen[Any]:
        from .screens.campaign import CampaignScreen

        return CampaignScreen(pick=pick)

    return page


def _help() -> Screen[Any]:
    from .screens.help import HelpScreen

    return HelpScreen()


def _daily() -> Screen[Any]:
    from .screens.daily import DailyScreen

    return DailyScreen()


def _settings() -> Screen[Any]:
    from .screens.settings import SettingsScreen

    return SettingsScreen()


def _hall_of_fame() -> Screen[Any]:
    from .screens.halloffame import HallOfFameScreen

    return HallOfFameScreen()


def _tv() -> Screen[Any]:
    from .screens.tv import TvScreen

    return TvScreen()


def _puzzle() -> Screen[Any]:
    from .screens.puzzle import PuzzleScreen

    return PuzzleScreen()


def _tournaments() -> Screen[Any]:
    from .screens.tournaments import TournamentsScreen

    return TournamentsScreen()


PAGES: dict[str, Page] = {
    "puzzle": _puzzle,
    "new": _new_game,
    "resume": _resume,
    "campaign": _campaign(pick=True),
    "progress": _campaign(pick=False),
    "help": _help,
    "daily": _daily,
    "settings": _settings,
    "halloffame": _hall_of_fame,
    "tv": _tv,
    "tournaments": _tournaments,
}
OVER = frozenset({"help"})
