"""What the help screen says of each key of the game screen (by binding id), when the key's own
label (its ``Binding``'s description, beside the key in ``tui/keys.py``) is not enough."""

from __future__ import annotations

KEY_HELP = {
    "left": "move the cursor (vim users: j/k/l move, h is the hint)",
    "right": "move the cursor",
    "up": "move the cursor",
    "down": "move the cursor",
    "choose": "choose what the cursor is on; an illegal choice says why",
    "pick-1": "1-5 take the building in that market slot; 1-4 choose that kingdom row; "
    "in a space choice, jump to that row",
    "castles": "go to the castle display; then 1-9 picks a castle",
    "decline": "take no citizen or disc (step 3 is optional), or return an old castle's disc",
    "refresh": "refresh the market (only when you can afford no building, R12)",
    "pass": "pass (only when no action is possible, R13)",
    "back": "step back one decision within your turn",
    "undo": "undo your last decision; over a revealed card only after you confirm",
    "redo": "redo what you undid",
    "info": "explain the thing under the cursor in words: a card, a supply, a castle, a kingdom's status",
    "hint": "hint: the expert computer player's choice for this decision and why (Settings: or hard's); "
    "the cursor goes to it, nothing is played (a solo game stays unassisted)",
    "next-view": "show the next player's kingdoms (shift+tab: the previous one)",
    "vikings": "solo: the Viking display (each Viking card: its row, helmets, coins per card, the cards it took; "
    "Tab too)",
    "save-as": "save the game under a new name (every decision is saved anyway)",
    "log": "the whole game log",
    "help": "this help",
    "menu": "back to the title screen (the game stays saved)",
    "quit": "quit; the game is saved and can be resumed",
}
