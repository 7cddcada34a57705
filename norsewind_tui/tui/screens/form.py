"""The parts the new-game and the new-table forms share: the variant ticks, the seed field and
its reading, the buttons (issue 22: the two forms had them written twice), and a typed name."""

from __future__ import annotations

import random

from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from ...safetext import printable, safe_text
from ...words import forms as say
from .base import NorsewindScreen

MAX_SEED = 2**63  # a seed is a signed 64-bit number in the save
MAX_NAME = 24  # a player's name (80x24: the longest every page shows whole)


def clean_name(raw: str) -> str:
    """A typed name without control characters (shown literally everywhere anyway)."""
    return " ".join(printable(raw).split())[:MAX_NAME]


class Tick(Checkbox):
    """A checkbox that shows its state without colour: [X] on, [ ] off."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "X" if self.value else " "


def variant_ticks(prefix: str = "") -> list[Widget]:
    """The two variants (ids ``{prefix}start-choice`` and ``{prefix}random-tiles``)."""
    return [
        Tick(say.START_CHOICE, id=f"{prefix}start-choice", compact=True),
        Tick(say.RANDOM_TILES, id=f"{prefix}random-tiles", compact=True),
    ]


def seed_field(field_id: str) -> Horizontal:
    """The seed: empty for a random deal, a number replays the same deal."""
    entry = Input(placeholder=say.SEED_PLACEHOLDER, type="integer", compact=True, id=field_id, max_length=12)
    return Horizontal(Label(say.SEED_LABEL, classes="field-label"), entry, classes="field")


def form_buttons(start: str, start_id: str) -> Horizontal:
    """The form's start button (``start``, with ctrl+s) and Back (Esc)."""
    return Horizontal(
        Button(say.start_button(start), id=start_id, variant="primary", compact=True),
        Button(say.BACK, id="back", compact=True),
        classes="buttons",
    )


def read_seed(raw: str) -> int | str:
    """The seed typed (a random one when empty), or why it cannot be one (a line for the form)."""
    raw = raw.strip()
    try:
        seed = int(raw) if raw else random.SystemRandom().randrange(1, 2**31)
    except ValueError:
        return say.SEED_NOT_A_NUMBER
    if not 0 <= seed < MAX_SEED:
        return say.seed_out_of_range(MAX_SEED - 1)
    return seed


class FormScreen(NorsewindScreen[None]):
    """A form: its start button (id ``START``) or ctrl+s starts, the other button goes back; Enter
    in a text field goes to the next field; ``say`` writes one line in its ``STATUS`` widget."""

    START = "start"
    STATUS = "new-status"
    SEED = "seed"

    def fill_seed(self) -> None:
        """The app's fixed seed (tests, screenshots), if it has one, is the seed field's value."""
        if (seed := self.session.seed) is not None:
            self.query_one(f"#{self.SEED}", Input).value = str(seed)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        (self.action_start if event.button.id == self.START else self.action_back)()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field goes to the next field, as Tab does: it started the game at once
        from the first name (issue 39), while Enter on a list field opens the list. The start
        button (after the seed) or ctrl+s starts."""
        event.stop()
        self.focus_next()

    def say(self, message: str) -> None:
        self.query_one(f"#{self.STATUS}", Static).update(Text(safe_text(message)))

    def action_start(self) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        raise NotImplementedError
