"""Every key of the game screen: one ``Binding`` each, with an id and a description.

The footer, the help screen and the command palette are all built from this
list, so they always agree.
"""

from __future__ import annotations

from textual.binding import Binding

from ..words import keys as say

MOVE = Binding.Group("Move", compact=True)

GAME_BINDINGS: list[Binding] = [
    # h is the hint (issue 5), not vim's left: the arrows move, and j/k/l as in vim
    Binding("left", "move('left')", "Move left", show=False, id="left", group=MOVE),
    Binding("right,l", "move('right')", "Move right", show=False, id="right", group=MOVE),
    Binding("up,k", "move('up')", "Move up", show=False, id="up", group=MOVE),
    Binding("down,j", "move('down')", "Move down", show=False, id="down", group=MOVE),
    Binding("enter,space", "choose", "Choose", key_display="Enter", id="choose"),
    Binding("1", "digit(1)", "Pick", key_display="1-5", id="pick-1"),
    # the same key while a kingdom (or a row of spaces) is chosen: the footer says 1-4 then, not 1-5
    Binding("1", "digit(1, 'row')", "Kingdom", key_display="1-4", id="kingdom-1"),
    *(Binding(str(n), f"digit({n})", f"Pick {n}", show=False, id=f"pick-{n}") for n in range(2, 10)),
    Binding("c", "castles", "Castles", id="castles"),
    Binding("d", "pick('decline')", "Decline", id="decline"),
    Binding("r", "pick('refresh')", "Refresh market", id="refresh"),
    Binding("p", "pick('pass')", "Pass", id="pass"),
    Binding("escape", "back", "Back", key_display="Esc", id="back"),
    Binding("u,ctrl+z", "undo", "Undo", id="undo"),
    Binding("h", "hint", "Hint", id="hint"),
    Binding("i", "page('info')", "Info", show=False, id="info"),
    Binding("ctrl+y", "redo", "Redo", id="redo"),
    Binding("tab", "view(1)", "Players", show=False, id="next-view", priority=True),
    Binding("shift+tab", "view(-1)", "Previous player", show=False, id="prev-view", priority=True),
    Binding("v", "page('vikings')", "Vikings", show=False, id="vikings"),
    Binding("s", "save_as", "Save as", show=False, id="save-as"),
    Binding("L", "page('log')", "Log", key_display="L", show=False, id="log"),
    Binding("question_mark", "page('help')", "Help", key_display="?", id="help"),
    Binding("m", "leave('menu')", "Menu", show=False, id="menu"),
    Binding("q", "leave('quit')", "Quit", id="quit"),
]

KEY_HELP = say.KEY_HELP  # the help screen's words for each binding id


def button_label(binding_id: str) -> str:
    """A decision's button (``d Decline``): its key and name as the footer shows them (issue 23.10)."""
    binding = next(b for b in GAME_BINDINGS if b.id == binding_id)
    return f"{binding.key_display or binding.key.split(',')[0]} {binding.description}"


def key_label(binding: Binding) -> str:
    keys = binding.key.replace("question_mark", "?").replace("escape", "Esc").replace("enter", "Enter")
    return keys.replace(",", " / ")
