"""Small modal screens: a yes/no question, a name to type, the whole game log."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ...words import menus as say
from ..text import safe_text


class ConfirmScreen(ModalScreen[bool]):
    """A question with two answers; y/Enter for yes, n/Esc for no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm-no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(Text(self.question), id="question")
            with Horizontal(classes="buttons"):
                yield Button(say.button(self.yes, "y"), id="yes", variant="warning", compact=True)
                yield Button(say.button(self.no, "n"), id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NameScreen(ModalScreen[str | None]):
    """Type a name; Enter accepts, Esc cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="name-cancel")]

    def __init__(self, question: str, value: str = "", enter: str = "saves") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.enter = enter  # what Enter does here, in words ("saves", "goes to that turn")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(self.question))
            yield Input(value=self.value, id="name", max_length=60, compact=True)
            yield Label(Text(say.answer_keys(self.enter)), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The whole game log, scrollable."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,L", "close", "Close", id="log-close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-scroll", classes="page"):
            yield Static(Text("\n".join(safe_text(line) for line in self.lines) or say.NOTHING_YET))

    def on_mount(self) -> None:
        self.query_one("#log-scroll").scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
