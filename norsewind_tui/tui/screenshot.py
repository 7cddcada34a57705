"""Make the README's screenshot: ``python -m norsewind_tui.tui.screenshot docs/screenshot.svg``.

A solo game (fixed seed and name) played a few turns by the greedy computer
player, stopped at a decision with its choices highlighted, saved by Textual as
an SVG.  Same inputs, same picture.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from ..rules import GameConfig, legal_moves
from ..storage.context import AppContext
from ..storage.format import SeatMeta
from .app import NorsewindApp

SEED = 2024
TURNS = 9


async def _shoot(path: Path, size: tuple[int, int]) -> None:
    from ..bots import make_bot

    with tempfile.TemporaryDirectory() as saves:
        context = AppContext.at(saves, profile="Astrid")
        game = context.new_game(GameConfig(players=("Astrid",), level=2), SEED, [SeatMeta("Astrid")], name="demo")
        bot = make_bot("greedy", seed=1)
        while game.state.turn < TURNS or game.state.phase not in ("citizen_space", "disc_space"):
            if game.state.is_over:  # pragma: no cover - the seed is chosen to last
                raise RuntimeError("the demo game ended too soon")
            move = bot.decide(game.state) if game.state.turn < TURNS else legal_moves(game.state)[0]
            game.push(move)
        app = NorsewindApp(context, game=game, computer_delay=0.0, theme="norsewind")
        async with app.run_test(size=size) as pilot:
            await pilot.press("right")
            await pilot.pause()
            app.save_screenshot(filename=path.name, path=str(path.parent))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0] if args else "docs/screenshot.svg")
    width, height = (int(n) for n in (args[1] if len(args) > 1 else "80x24").split("x"))
    path.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(_shoot(path, (width, height)))
    print(f"saved {path} ({width}x{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
