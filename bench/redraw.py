"""What one decision redraws: widgets refreshed and rendered, layouts, bytes to the terminal.

    python bench/redraw.py [--decisions 50] [--seed 7] [--size 80x24] [--mode hotseat|table]
    python bench/redraw.py --baseline COMMIT [...]   # that commit's app too, in the same run

Plays ``--decisions`` decisions of a seeded two-player game in the app, headless (Textual's
``run_test``), each one by a key (Enter on the first legal choice, where the cursor starts), and
counts, per decision, from the key to the moment nothing more is drawn:

- widgets refreshed: the widgets that asked to be painted again (``Widget.refresh``), how many
  of those calls asked for a layout (``layout=True``), and the recomposes (``Widget.recompose``:
  a widget's children removed and mounted anew, as Textual's footer does when the keys change);
- widgets rendered: the widgets whose content was rendered again (``render()`` called), and the
  lines and segments the screen's compositor took from the widgets;
- layouts: the screen's layouts (``Screen._refresh_layout``: every widget placed again), the
  widgets mounted (the footer's keys, when the keys change) and the style recomputations
  (``Stylesheet.apply``, one per widget restyled);
- bytes: what the app would write to an 80x24 xterm for the decision (the compositor's updates
  rendered as the terminal driver renders them: truecolor), median and worst;
- CPU and wall time per decision, bonus figures only (the counting's own work is in them, the
  app's pauses between frames too, and the machine's load moves the wall time; the counts do not).

``--mode hotseat`` (default): two people at one terminal, Ana and Bo; the screen follows the
player to move.  ``--mode table``: a shared table of alice and bob, alice's app; alice decides by
her key, bob's decisions are written to the table from outside (another process, as far as
alice's app knows: it is woken by the table's file) and counted apart.

``--baseline COMMIT`` runs the same decisions with that commit's ``norsewind_tui`` (``git
archive`` into a temporary folder, this script in a child process) and prints both.

Figures, not pass/fail: nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("TERM", "xterm-256color")
os.environ["COLORTERM"] = "truecolor"  # the app's console renders as a truecolor terminal's would
os.environ.pop("NO_COLOR", None)

from rich.control import Control
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widget import Widget
from tui import checkout  # bench/tui.py: a commit's norsewind_tui in a temporary folder

SYNC = "\x1b[?2026h\x1b[?2026l"  # the synchronized-output markers around each update


class Counts:
    """What the app did since the last ``take``."""

    def __init__(self) -> None:
        self.refreshed: Counter[str] = Counter()  # widget -> refresh() calls (repaint)
        self.layout_asked: Counter[str] = Counter()  # widget -> refresh(layout=True) calls
        self.recomposed: Counter[str] = Counter()  # widget -> recompose() calls (its children mounted anew)
        self.rendered: Counter[str] = Counter()  # widget -> render() calls (its content made again)
        self.lines = 0  # lines the compositor took from widgets
        self.segments = 0
        self.layouts = 0  # Screen._refresh_layout
        self.mounted = 0
        self.styled = 0  # Stylesheet.apply: nodes restyled
        self.bytes = 0
        self.frames = 0  # updates written to the terminal
        self.cpu = 0.0  # CPU seconds of the process (the counting's own included)

    def total(self) -> int:
        return sum(self.refreshed.values()) + sum(self.rendered.values()) + self.layouts + self.bytes + self.styled


COUNTS = Counts()


def name_of(widget: Any) -> str:
    ident = getattr(widget, "id", None)
    return f"{type(widget).__name__}#{ident}" if ident else type(widget).__name__


def instrument() -> None:
    """Wrap Textual's methods (class-wide) to count; nothing of the app is changed."""
    refresh = Widget.refresh

    def counted_refresh(
        self: Widget, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Any:
        if self.is_mounted and not isinstance(self, Screen):
            who = name_of(self)
            if repaint or layout or recompose:
                COUNTS.refreshed[who] += 1
            if layout:
                COUNTS.layout_asked[who] += 1
        return refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    Widget.refresh = counted_refresh  # type: ignore[method-assign]

    render_content = Widget._render_content

    def counted_render_content(self: Widget) -> None:
        COUNTS.rendered[name_of(self)] += 1
        render_content(self)

    Widget._render_content = counted_render_content  # type: ignore[method-assign]

    render_lines = Widget.render_lines

    def counted_render_lines(self: Widget, crop: Any) -> Any:
        strips = render_lines(self, crop)
        COUNTS.lines += len(strips)
        COUNTS.segments += sum(len(list(strip)) for strip in strips)
        return strips

    Widget.render_lines = counted_render_lines  # type: ignore[method-assign]

    refresh_layout = Screen._refresh_layout

    def counted_layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        COUNTS.layouts += 1
        refresh_layout(self, *args, **kwargs)

    Screen._refresh_layout = counted_layout  # type: ignore[method-assign]

    recompose_of = Widget.recompose

    async def counted_recompose(self: Widget) -> None:
        COUNTS.recomposed[name_of(self)] += 1
        await recompose_of(self)

    Widget.recompose = counted_recompose  # type: ignore[method-assign]

    post_mount = Widget._post_mount

    def counted_mount(self: Any) -> None:
        COUNTS.mounted += 1
        post_mount(self)  # type: ignore[no-untyped-call]

    Widget._post_mount = counted_mount  # type: ignore[method-assign]

    apply = Stylesheet.apply

    def counted_apply(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> None:
        COUNTS.styled += 1
        apply(self, node, *args, **kwargs)

    Stylesheet.apply = counted_apply  # type: ignore[method-assign]

    display = App._display

    def counted_display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        # what the terminal driver writes (App._display skips it when headless): the update's text
        # and the cursor's move, between the synchronized-output markers
        if isinstance(renderable, CompositorUpdate) and not self._batch_count:
            text = renderable.render_segments(self.console) + Control.move_to(*self.cursor_position).segment.text
            COUNTS.bytes += len(SYNC.encode()) + len(text.encode("utf-8"))
            COUNTS.frames += 1
        display(self, screen, renderable)

    App._display = counted_display  # type: ignore[method-assign]


def take(cpu: float | None = None) -> Counts:
    """The counts since the last take (and start again); ``cpu``: the process time at the start."""
    global COUNTS
    counts, COUNTS = COUNTS, Counts()
    if cpu is not None:
        counts.cpu = time.process_time() - cpu
    return counts


async def settle(pilot: Any, done: Callable[[], bool]) -> None:
    """Until ``done()`` and nothing more is drawn: two pauses in a row that changed no count."""
    quiet = 0
    for _ in range(2000):
        before = COUNTS.total()
        await pilot.pause()
        if done() and COUNTS.total() == before:
            quiet += 1
            if quiet >= 2:
                return
        else:
            quiet = 0
    raise SystemExit("bench/redraw.py: the app never went quiet after a decision")


def screen_game(app: Any) -> Any:
    return getattr(app.screen, "game", None)


def moved_on(app: Any, position: int) -> bool:
    """The decision is on screen: the game shown is past ``position`` (or gone: its end)."""
    game = screen_game(app)
    return game is None or game.session.position > position


async def measured(
    pilot: Any, app: Any, decisions: int, decide: Callable[[Any], Awaitable[str]]
) -> list[tuple[str, Counts, float]]:
    """Up to ``decisions`` decisions, each made by ``decide`` (given the game; it says whose it was)
    and measured until it is on screen, until the game ends."""
    take()
    out: list[tuple[str, Counts, float]] = []
    for _ in range(decisions):
        g = screen_game(app)
        if g is None or g.state.is_over:
            break
        position = g.session.position
        start, cpu = time.perf_counter(), time.process_time()
        who = await decide(g)
        await settle(pilot, partial(moved_on, app, position))
        out.append((who, take(cpu), time.perf_counter() - start))
    return out


async def hotseat(decisions: int, seed: int, size: tuple[int, int], saves: Path) -> list[tuple[str, Counts, float]]:
    from norsewind_tui.rules import GameConfig
    from norsewind_tui.storage.context import AppContext
    from norsewind_tui.storage.format import SeatMeta
    from norsewind_tui.tui.app import NorsewindApp

    library = AppContext.at(str(saves), profile="bench")
    names = ("Ana", "Bo")
    game = library.new_game(GameConfig(players=names, level=1), seed, [SeatMeta(n) for n in names])
    app = NorsewindApp(library, game=game, seed=seed, computer_delay=0.0, theme="norsewind")
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: screen_game(app) is not None)

        async def enter(g: Any) -> str:
            mover = g.state.current  # before the key: it moves the turn on
            await pilot.press("enter")
            return f"seat {mover}"

        return await measured(pilot, app, decisions, enter)


async def table(decisions: int, seed: int, size: tuple[int, int], saves: Path) -> list[tuple[str, Counts, float]]:
    from norsewind_tui.storage.context import AppContext
    from norsewind_tui.storage.tables import TableStore
    from norsewind_tui.tui.app import NorsewindApp

    os.environ["NORSEWIND_PLAYER"] = "alice"
    store = TableStore(saves)
    a = store.create("alice", ["me", "open"], seed=seed, name="bench-table")
    b = store.open(a.name, "bob")
    b.join()
    library = AppContext.at(str(saves), profile="bench")
    app = NorsewindApp(library, seed=seed, computer_delay=0.0, theme="norsewind")
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: True)
        app.open_table(app.context.tables.open(a.name, "alice"))
        await settle(pilot, lambda: screen_game(app) is not None)

        async def decide(g: Any) -> str:
            if g.holder(g.state.current) == "alice":
                await pilot.press("enter")
                return "alice (own key)"
            b.poll()
            b.push(b.legal_moves()[0])
            return "bob (from elsewhere)"

        return await measured(pilot, app, decisions, decide)


def summary(rows: list[tuple[str, Counts, float]]) -> dict[str, Any]:
    """Per kind of decision: medians and worsts of each figure, and the widgets refreshed and rendered."""
    kinds: dict[str, list[tuple[Counts, float]]] = {}
    for who, counts, wall in rows:
        kinds.setdefault("all", []).append((counts, wall))
        if who.startswith(("alice", "bob")):
            kinds.setdefault(who, []).append((counts, wall))
    out: dict[str, Any] = {}
    for kind, entries in kinds.items():
        figures: dict[str, list[float]] = {
            "widgets refreshed": [len(c.refreshed) for c, _ in entries],
            "refresh calls": [sum(c.refreshed.values()) for c, _ in entries],
            "layout refreshes asked": [sum(c.layout_asked.values()) for c, _ in entries],
            "recomposes": [sum(c.recomposed.values()) for c, _ in entries],
            "widgets rendered": [len(c.rendered) for c, _ in entries],
            "renders": [sum(c.rendered.values()) for c, _ in entries],
            "lines composed": [c.lines for c, _ in entries],
            "segments composed": [c.segments for c, _ in entries],
            "layouts": [c.layouts for c, _ in entries],
            "widgets mounted": [c.mounted for c, _ in entries],
            "styles applied": [c.styled for c, _ in entries],
            "frames written": [c.frames for c, _ in entries],
            "bytes written": [c.bytes for c, _ in entries],
            "CPU ms (with counting)": [c.cpu * 1000 for c, _ in entries],
            "wall ms": [wall * 1000 for _, wall in entries],
        }
        refreshed: Counter[str] = Counter()
        rendered: Counter[str] = Counter()
        for c, _ in entries:
            refreshed.update(set(c.refreshed))
            rendered.update(set(c.rendered))
        out[kind] = {
            "decisions": len(entries),
            "figures": {k: [statistics.median(v), max(v), sum(v)] for k, v in figures.items()},
            "refreshed": dict(refreshed.most_common()),
            "rendered": dict(rendered.most_common()),
        }
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    instrument()
    size = tuple(int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        saves.mkdir()
        os.environ["NORSEWIND_SAVES"] = str(saves)
        os.environ["HOME"] = tmp
        play = hotseat if args.mode == "hotseat" else table
        rows = asyncio.run(play(args.decisions, args.seed, (size[0], size[1]), saves))
    return summary(rows)


def child(tree: str, argv: list[str]) -> dict[str, Any]:
    """This script with ``tree``'s ``norsewind_tui``, in a process of its own; its --json."""
    env = dict(os.environ, PYTHONPATH=tree)
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *argv, "--json"],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"bench/redraw.py: the run at {tree} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def report(label: str, result: dict[str, Any]) -> None:
    for kind, part in result.items():
        print(f"{label}, {kind} ({part['decisions']} decisions): median / worst / total per decision")
        for name, (med, worst, total) in part["figures"].items():
            print(f"  {name:<24} {med:>9,.1f} {worst:>9,.0f} {total:>11,.0f}")
        print("  refreshed in how many decisions: " + ", ".join(f"{k} {v}" for k, v in part["refreshed"].items()))
        print("  rendered in how many decisions:  " + ", ".join(f"{k} {v}" for k, v in part["rendered"].items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--decisions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--mode", choices=("hotseat", "table"), default="hotseat")
    parser.add_argument("--baseline", metavar="COMMIT", help="also that commit's app, in the same run")
    parser.add_argument("--json", action="store_true", help="the figures as JSON (no baseline)")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(run(args)))
        return 0
    argv = ["--decisions", str(args.decisions), "--seed", str(args.seed), "--size", args.size, "--mode", args.mode]
    print(f"{args.decisions} decisions of a seeded two-player game ({args.mode}, seed {args.seed}) at {args.size}")
    here = str(Path(__file__).resolve().parent.parent)
    if args.baseline:
        with checkout(args.baseline) as tree:
            report(f"baseline {args.baseline}", child(tree, argv))
    report("working tree", child(here, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
