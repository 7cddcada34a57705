"""New game: 1-4 players, their names, who the computer plays, the variants, a seed."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Checkbox, Footer, Input, Label, Select, Static

from ...bots import STRENGTHS
from ...rules import GameConfig
from ...safetext import printable
from ...storage import SeatMeta
from ...words import forms as say
from ...words.app import computer
from ..computer import ENGINE, LABELS
from .form import MAX_NAME, FormScreen, clean_name, form_buttons, read_seed, seed_field, variant_ticks

CUT = say.name_cut(MAX_NAME)


class NameInput(Input):
    """A player's name: a paste keeps its printable characters in order (control characters dropped,
    an escape sequence is not replayed as keys), and a name cut to its maximum length says so."""

    def on_mount(self) -> None:
        self.cursor_blink = False  # steady: the focused field is in reverse video (and pictures repeat)

    class Cut(Message):
        """The name reached its maximum length: what was pasted or typed beyond it was left out."""

    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # not Input's own paste, which inserts the raw text or nothing when too long
        event.stop()
        lines = event.text.splitlines()
        text = " ".join(printable(lines[0]).split()) if lines else ""
        start, end = sorted(self.selection)
        room = MAX_NAME - (len(self.value) - (end - start))
        self.replace(text[: max(room, 0)], start, end)
        if len(text) > room:
            self.post_message(self.Cut())

    def restricted(self) -> None:
        super().restricted()
        if len(self.value) >= MAX_NAME:
            self.post_message(self.Cut())


def level_label(level: int) -> str:
    return say.level_label(level)


class NewGameScreen(FormScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", id="new-start"),
        Binding("escape", "back", "Back", key_display="Esc", id="new-back"),
    ]

    def __init__(self, players: int = 1, level: int | None = None) -> None:
        super().__init__()
        self.players = players
        self.level = level
        self.cut = False  # the status line says a name was cut

    def compose(self) -> ComposeResult:
        profile = clean_name(self.context.profile_name) or say.default_name(0)
        bots = [*STRENGTHS, ENGINE] if self.context.options.engine is not None else list(STRENGTHS)
        kinds: list[tuple[str, str]] = [(say.PERSON, "human")] + [(LABELS.get(b, computer(b)), b) for b in bots]
        rows = self.context.campaign().rows
        unlocked = [r.level for r in rows if r.unlocked] or [1]
        level = self.level if self.level in unlocked else max(unlocked)
        with Vertical(id="new-game", classes="page"):
            yield Static(Text(say.NEW_TITLE), classes="page-title")
            with Horizontal(classes="field"):
                yield Label(say.PLAYERS_LABEL, classes="field-label")
                yield Select(
                    [(say.SOLO_COUNT, 1), ("2", 2), ("3", 3), ("4", 4)],
                    value=self.players,
                    allow_blank=False,
                    compact=True,
                    id="player-count",
                )
            for seat in range(4):
                with Horizontal(classes="field seat", id=f"seat-{seat}"):
                    yield Label(say.default_name(seat), classes="field-label")
                    yield NameInput(
                        value=profile if seat == 0 else say.default_name(seat),
                        max_length=MAX_NAME,
                        compact=True,
                        id=f"name-{seat}",
                        classes="name",
                    )
                    yield Select(
                        kinds,
                        value="human",
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                        classes="kind",
                    )
            with Horizontal(classes="field", id="level-field"):
                yield Label(say.LEVEL_LABEL, classes="field-label")
                yield Select(
                    [(level_label(n), n) for n in unlocked], value=level, allow_blank=False, compact=True, id="level"
                )
            yield from variant_ticks()
            yield seed_field("seed")
            yield form_buttons(say.START, "start")
            yield Static("", id="new-status")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_seed()
        self.update_seats()
        self.query_one("#name-0", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "player-count" and isinstance(event.value, int):
            self.players = event.value
            self.update_seats()
        elif (event.select.id or "").startswith("kind-"):
            self.name_seat(int((event.select.id or "")[5:]), str(event.value))

    def name_seat(self, seat: int, kind: str) -> None:
        """A seat still under its default name is named after who plays it: "Player 2", "Hard bot 2"."""
        field = self.query_one(f"#name-{seat}", Input)
        defaults = {say.default_name(seat)} | {say.default_name(seat, b) for b in LABELS}
        if field.value in defaults:
            field.value = say.default_name(seat, None if kind == "human" else kind)

    def update_seats(self) -> None:
        for seat in range(4):
            self.query_one(f"#seat-{seat}").display = seat < self.players
        solo = self.players == 1
        self.query_one("#level-field").display = solo
        self.query_one("#random-tiles").display = not solo  # R24: variant 2 is not for solo
        self.query_one("#kind-0", Select).display = not solo  # solo: a person against the Vikings

    def on_name_input_cut(self, event: NameInput.Cut) -> None:
        self.say(CUT)

    def on_input_changed(self, event: Input.Changed) -> None:
        # the cut notice is about the name that was cut: gone once every name is short again (issue 23.16)
        if self.cut and all(len(field.value) < MAX_NAME for field in self.query(NameInput)):
            self.cut = False
            self.say("")

    def say(self, message: str) -> None:
        self.cut = message == CUT
        super().say(message)

    def action_back(self) -> None:
        self.norsewind.goto_title()

    def action_start(self) -> None:
        names = []
        seats: list[SeatMeta] = []
        for seat in range(self.players):
            name = clean_name(self.query_one(f"#name-{seat}", Input).value) or say.default_name(seat)
            kind_value = self.query_one(f"#kind-{seat}", Select).value
            person = kind_value == "human" or self.players == 1
            names.append(name)
            seats.append(SeatMeta(name) if person else SeatMeta(name, "computer", str(kind_value)))
        if len({n.casefold() for n in names}) != len(names):
            self.say(say.SAME_NAMES)
            return
        if all(s.kind == "computer" for s in seats):
            self.say(say.NO_PERSON)
            return
        seed = read_seed(self.query_one("#seed", Input).value)
        if isinstance(seed, str):
            self.say(seed)
            return
        level_value = self.query_one("#level", Select).value
        level = int(level_value) if self.players == 1 and isinstance(level_value, int) else 1
        config = GameConfig(
            players=tuple(names),
            level=level,
            start_choice=self.query_one("#start-choice", Checkbox).value,
            random_tiles=self.players > 1 and self.query_one("#random-tiles", Checkbox).value,  # R24
        )
        self.norsewind.create_game(config, seed, seats, on_error=self.say)
