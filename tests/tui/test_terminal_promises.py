"""Terminal promises kept (issue 11 section 7): NO_COLOR on the raw bytes, no emoji, pasted names."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
from pathlib import Path

import pytest

from norsewind_tui.tui.screens.form import clean_name
from norsewind_tui.tui.screens.new_game import NameInput

from .helpers import aio, make_app, screen_text
from .waits import until

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
WAIT = 30.0


def colour_codes(data: bytes) -> list[str]:
    """Every SGR parameter that sets a colour (30-38, 40-48, 90-97, 100-107; 39/49 only reset)."""
    found = []
    for match in SGR.finditer(data):
        params = [p for p in re.split(rb"[;:]", match.group(1)) if p]
        for p in params:
            n = int(p)
            if 30 <= n <= 38 or 40 <= n <= 48 or 90 <= n <= 97 or 100 <= n <= 107:
                found.append(match.group(0).decode())
                break
    return found


def read_until(fd: int, needle: bytes, out: bytearray) -> bool:
    """Read the pty into ``out`` until ``needle`` appears (True), or EOF/timeout (False)."""
    while needle not in out:
        ready, _, _ = select.select([fd], [], [], WAIT)
        if not ready:
            return False
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        out += chunk
    return True


def test_no_color_writes_no_colour_code(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLORTERM", "TEXTUAL")}
    env.update(NO_COLOR="1", TERM="xterm-256color", PYTHONPATH=str(Path(__file__).parents[2]))
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app, as a player starts it
        os.execvpe(sys.executable, [sys.executable, "-m", "norsewind_tui.cli", "--saves", str(tmp_path)], env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        out = bytearray()
        assert read_until(fd, b"Progress", out), bytes(out[-400:])  # the title screen's menu is drawn
        os.write(fd, b"n")  # the new-game form: inputs, a select, checkboxes, buttons
        assert read_until(fd, b"Start", out), bytes(out[-400:])
        assert not colour_codes(bytes(out)), sorted(set(colour_codes(bytes(out))))[:10]
        assert SGR.search(bytes(out))  # it does write styles (bold, reverse): only no colours
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


@aio
async def test_the_command_palette_has_no_emoji(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        text = screen_text(app)
        assert "Search for commands..." in text
        assert not [ch for ch in text if ord(ch) >= 0x2190 and ch not in "─│╭╮╰╯▏▔▁▃▄█▌"], text


def test_a_pasted_name_keeps_its_printable_characters_in_order() -> None:
    assert clean_name("AB\x1bCD") == "ABCD"
    assert clean_name("A\x00B\x07C\u202eD\tE") == "ABCDE"


@aio
async def test_a_paste_into_a_name_field(saves: Path) -> None:
    """AB<ESC>CD pasted is ABCD; a paste beyond 24 characters is cut there, and the form says so."""
    from textual import events

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        field = app.screen.query_one("#name-0")
        assert isinstance(field, NameInput)
        field.focus()
        field.value = ""
        field.post_message(events.Paste("AB\x1bCD"))
        await pilot.pause()
        assert field.value == "ABCD"
        assert "at most" not in screen_text(app)
        field.value = "Ana "
        field.cursor_position = 4
        field.post_message(events.Paste("Bartholomew-Alexandrinus-the-Long\x07"))
        await pilot.pause()
        assert field.value == "Ana Bartholomew-Alexandr"
        assert len(field.value) == 24
        assert "A name is at most 24 characters: it was cut there." in screen_text(app)


@aio
async def test_form_focus_is_reverse_video_in_every_theme(saves: Path) -> None:
    from norsewind_tui.tui.theme import THEMES

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        for theme in THEMES:
            app.theme = theme.name
            for wid in ("#name-0", "#start-choice", "#start", "#seed"):
                field = app.screen.query_one(wid)
                field.focus()
                await pilot.pause()
                assert field.rich_style.reverse, (theme.name, wid)
            select = app.screen.query_one("#player-count")
            select.focus()
            await pilot.pause()
            assert all(part.rich_style.reverse for part in select.query("SelectCurrent")), theme.name
        app.screen.query_one("#name-0").blur()
        await pilot.pause()
        assert not app.screen.query_one("#name-0").rich_style.reverse  # only the focused field


@aio
async def test_the_proposed_table_name_is_a_value_kept_with_enter(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Input

    from norsewind_tui.storage.tables import TableStore
    from norsewind_tui.tui.screens.lobby import NewTableScreen

    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    TableStore(saves).create("alice", ["me", "open"], seed=1).close()  # alice-table is taken
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(NewTableScreen())
        await pilot.pause()
        field = app.screen.query_one("#table-name", Input)
        assert field.value == "alice-table-2" and not field.placeholder
        field.focus()
        await pilot.press("enter")  # kept: on to the next field (issue 39: Enter in a field no longer starts)
        await pilot.pause()
        assert field.value == "alice-table-2" and app.focused is not field
        await pilot.press("ctrl+s")
        await until(pilot, lambda: TableStore(saves).exists("alice-table-2"), "the table written")
        assert TableStore(saves).exists("alice-table-2")
