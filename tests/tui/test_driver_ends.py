"""However the app ends, every game screen's driver is stopped, so its worker's wait (a table's
watch waits up to its 30 s fallback, issue 28) is interrupted: without that, the end of the process
(and of each test) waited for the worker's thread for up to the fallback period."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.screens.table import TableScreen

from .helpers import aio, make_app
from .tables_at import mover_and_watcher
from .waits import until


@aio
async def test_a_table_screen_left_on_the_stack_has_its_driver_stopped_when_the_app_ends(saves: Path) -> None:
    _, waiting = mover_and_watcher(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = TableScreen(TableStore(saves).open(waiting.name, waiting.identity))
        await app.push_screen(screen)
        await until(pilot, lambda: screen.driver.following, "the driver's worker to wait on the table")
        assert not screen.driver.stopped
    assert screen.driver.stopped  # the app's end stopped it: its wait was interrupted
