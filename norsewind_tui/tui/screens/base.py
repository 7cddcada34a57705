"""The base of the app's screens: the app, typed, in one place.

Textual types ``Screen.app`` as any ``App``; screens reach Norsewind's own
methods (``goto_title``, ``library``...) through ``norsewind`` instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from textual.screen import Screen

if TYPE_CHECKING:  # the app imports the screens: at run time this would be a loop
    from ..app import NorsewindApp

ResultType = TypeVar("ResultType")


class NorsewindScreen(Screen[ResultType]):
    """A screen of the Norsewind app."""

    @property
    def norsewind(self) -> NorsewindApp:
        return cast("NorsewindApp", self.app)
