"""The example engine (``examples/engine.py``) replayed here, for tests of several packages: what one
program of it decides at a sequence of decisions (issue 29: an outside engine as a table's stand-in)."""

from __future__ import annotations

import importlib.util
import random
import shlex
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec

from norsewind_tui.bots.protocol import seat_view
from norsewind_tui.rules import legal_moves
from norsewind_tui.rules.cards import default_cards
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.session import Session

ROOT = Path(__file__).resolve().parents[1]
PY = shlex.quote(sys.executable)
EXAMPLE = f"{PY} {shlex.quote(str(ROOT / 'examples' / 'engine.py'))}"
BROKEN = f"{PY} {shlex.quote(str(ROOT / 'tests' / 'fixtures' / 'engines' / 'broken.py'))}"


def example_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("example_engine_program", ROOT / "examples" / "engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_moves(session: Session, decisions: list[int]) -> list[Move]:
    """What one example program decides at ``decisions`` (log indices, in order): its rule of thumb on
    the view as JSON, its own ``random.Random(0)`` drawn at each decision with a choice (a decision
    with one legal move is not asked: the host plays it)."""
    example = example_module()
    cards = msgspec.to_builtins(default_cards().card_set)["cards"]
    rng = random.Random(0)
    out = []
    for i in decisions:
        state = session.states[i]
        moves = legal_moves(state)
        if len(moves) == 1:
            out.append(moves[0])
            continue
        view: dict[str, Any] = msgspec.to_builtins(seat_view(state))
        scores = [example.score(msgspec.to_builtins(m), view, cards) for m in moves]
        out.append(moves[rng.choice([n for n, s in enumerate(scores) if s == max(scores)])])
    return out
