"""The prompt line (what decision is awaited, with its buttons) and the status line."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from ..keys import button_label
from ..text import fit, safe_text
from .board import Board, Cell

# one key, one name: the footer's (keys.GAME_BINDINGS)
BUTTONS: dict[tuple[object, ...], str] = {
    key: button_label(str(key[0])) for key in (("refresh",), ("pass",), ("decline",))
}


class PromptLine(Board):
    """The awaited decision in words, then buttons such as ``[d Decline]``."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.prompt = ""

    def set_prompt(self, prompt: str) -> None:
        prompt = safe_text(prompt)
        if prompt == self.prompt:
            return
        self.prompt = prompt
        if self.view is not None:
            self.show(self.view)
        else:
            self.refresh()

    def button_label(self, key: tuple[object, ...]) -> str:
        return BUTTONS.get(key, "")

    def draw(self, width: int) -> list[Text]:
        buttons: list[Cell] = []
        v = self.view
        if v is not None:
            for key in BUTTONS:
                if key in v.targets:
                    text = f"[{self.button_label(key)}]"
                    buttons.append(Cell(len(text) + 1, 1, key, self.style_for(key)).put(0, text))
        room = width - sum(c.width for c in buttons)
        if cell_len(self.prompt) <= room - 1 or room <= 1:
            prompt = Cell(max(room, 0), 1).put(0, fit(self.prompt, room - 1) if room > 1 else "")
            return self.join([prompt, *buttons])
        # too long for one line: wrap it at words over two lines, the buttons after the second
        lines = wrap_words(self.prompt, [width - 1, room - 1])
        first = self.join([Cell(width, 1).put(0, lines[0])])
        rest = Cell(max(room, 0), 1).put(0, fit(" ".join(lines[1:]), room - 1))
        return first + self.join([rest, *buttons], 1)

    def _draw_lines(self, width: int) -> list[Text]:
        self._regions = []
        return self.draw(width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(len(self.draw(width)), 1)


def wrap_words(text: str, widths: list[int]) -> list[str]:
    """``text`` broken at spaces into lines of the given widths (the last width repeats)."""
    lines: list[str] = [""]
    for word in text.split(" "):
        limit = widths[min(len(lines) - 1, len(widths) - 1)]
        joined = f"{lines[-1]} {word}" if lines[-1] else word
        if cell_len(joined) <= limit or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


class StatusLine(Widget):
    """One line of feedback: why a choice is not allowed, a preview, a notice."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.message = ""

    def say(self, message: str, kind: str = "info") -> None:
        """Show ``message``; ``kind`` is info, error, preview or hint (a CSS class)."""
        message = safe_text(message)
        self.set_class(kind == "error", "-error")
        self.set_class(kind == "preview", "-preview")
        self.set_class(kind == "hint", "-hint")
        if message != self.message:
            self.message = message
            self.refresh()

    def fits(self, message: str) -> bool:
        """Does ``message`` fit in the lines this status line has (at its width now)?"""
        width, height = self.size.width, self.size.height
        if not width or not height:
            return True
        return len(Text(safe_text(message)).wrap(self.app.console, width)) <= height

    def say_fitting(self, messages: list[str], kind: str = "info") -> None:
        """Say the first of ``messages`` (the longest first) that fits, else the last."""
        fitting = next((m for m in messages if self.fits(m)), messages[-1])
        self.say(fitting, kind)

    def render(self) -> Text:
        return Text(self.message, overflow="ellipsis")
