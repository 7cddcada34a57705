"""A failed write never wedges the game (issue 15, section 2).

Each errno a full or failing disk gives (ENOSPC, EIO, EDQUOT, EINVAL) is injected at each
step of a write (the temporary file's write and fsync, the backup's link and rename, the
rename over the save, the folder's fsync) by replacing the ``os`` call that step makes, for a
saved game and for a shared table.  While the disk fails, every decision either stands in
memory and in the file, or in neither, and the player gets one line; once the disk is back
the next decisions save normally, and the reopened file, its backup and the game in memory
agree: nothing the player was told is saved is lost.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from computer_turns import play_computer

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules import GameConfig
from norsewind_tui.rules.cards import CardDB
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage import GameStore, SaveError, SeatMeta
from norsewind_tui.storage.atomic import read_limited
from norsewind_tui.storage.gamefile import GameFiles, OpenGame
from norsewind_tui.storage.saves import SavedGame
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.storage.verify import Loaded, load_bytes

ERRNOS = {"ENOSPC": errno.ENOSPC, "EIO": errno.EIO, "EDQUOT": errno.EDQUOT, "EINVAL": errno.EINVAL}
STEPS = ("write", "fsync", "link", "backup rename", "rename", "dir fsync")
KINDS = ("saved game", "shared table")
LANDS = {"dir fsync"}  # the only step after the new generation is under the save's name


class Disk:
    """The ``os`` calls of one file's writes, failing with ``err`` at ``step`` while ``down``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, main: Path, step: str, err: int) -> None:
        self.main, self.step, self.err = str(main), step, err
        self.backup = self.main + ".bak"
        self.backup_link = f"{main.parent}/.{main.name}.bak.{os.getpid()}.tmp"
        self.damaged = self.main + ".damaged"
        self.folder = str(main.parent)
        self.temp = f"{main.parent}/.{main.name}.{os.getpid()}.tmp"
        self.down = False
        self.failed = 0  # calls made to fail
        self._paths: dict[int, str] = {}
        real_open, real_close = os.open, os.close
        real_write, real_fsync, real_link, real_replace, real_rename = (
            os.write,
            os.fsync,
            os.link,
            os.replace,
            os.rename,
        )

        def open_(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
            fd = real_open(path, flags, mode, dir_fd=dir_fd)
            self._paths[fd] = os.fspath(path)
            return fd

        def close(fd: int) -> None:
            self._paths.pop(fd, None)
            real_close(fd)

        def write(fd: int, data: Any) -> int:
            self._fail("write", self._paths.get(fd) == self.temp)
            return real_write(fd, data)

        def fsync(fd: Any) -> None:
            path = self._paths.get(fd) if isinstance(fd, int) else None
            self._fail("fsync", path == self.temp)
            self._fail("dir fsync", path == self.folder)
            real_fsync(fd)

        def link(src: Any, dst: Any, **kw: Any) -> None:
            if os.path.lexists(src):  # else the call fails anyway, as it should
                self._fail("link", os.fspath(dst) == self.backup_link)
                self._fail("set aside", os.fspath(dst).startswith(self.damaged))
            real_link(src, dst, **kw)

        def replace(src: Any, dst: Any, **kw: Any) -> None:
            self._fail("backup rename", os.fspath(dst) == self.backup)
            self._fail("rename", os.fspath(src) == self.temp and os.fspath(dst) == self.main)
            self._fail("set aside", os.fspath(dst).startswith(self.damaged))
            real_replace(src, dst, **kw)

        def rename(src: Any, dst: Any, **kw: Any) -> None:
            self._fail("set aside", os.fspath(dst).startswith(self.damaged))
            real_rename(src, dst, **kw)

        for name, fake in (
            ("open", open_),
            ("close", close),
            ("write", write),
            ("fsync", fsync),
            ("link", link),
            ("replace", replace),
            ("rename", rename),
        ):
            monkeypatch.setattr(os, name, fake)

    def _fail(self, step: str, matches: bool) -> None:
        if self.down and matches and step == self.step:
            self.failed += 1
            raise OSError(self.err, os.strerror(self.err))


def _decide(seat: int, bot: str, state: State) -> Move:
    return make_bot(bot, seed=seat).decide(state)


@dataclass
class Game:
    """One kind of game under test: how to open it, make a decision, take one back."""

    handle: OpenGame
    reopen: Callable[[], OpenGame]
    cards: CardDB
    seen: dict[int, tuple[int, tuple[Any, ...]]] = field(default_factory=dict)  # generation -> what memory had

    def remember(self) -> None:
        s = self.handle.session
        self.seen[self.handle.generation] = (s.position, tuple(s.moves))

    def decide(self) -> None:
        handle = self.handle
        if isinstance(handle, SharedTable) and handle.computer_to_move() is not None:
            assert play_computer(handle, _decide)
            return
        assert isinstance(handle, SavedGame | SharedTable)
        handle.push(handle.legal_moves()[0])

    def take_back(self) -> None:
        handle = self.handle
        if isinstance(handle, SavedGame):
            assert handle.undo(confirm=True)
        else:
            self.decide()  # at a table the computer's decision follows: undo would be refused


@pytest.fixture(params=KINDS)
def game(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Game]:
    saves = tmp_path / "saves"
    if request.param == "saved game":
        store = GameStore(saves)
        saved = store.create(GameConfig(players=("Ana",), level=1), 3, [SeatMeta("Ana")], name="g")

        def reopen_game() -> OpenGame:
            assert isinstance(made.handle, SavedGame)
            made.handle.close()  # the one this process has open now
            return store.open("g")

        made = Game(saved, reopen_game, store.cards)
    else:
        tables = TableStore(saves)
        table = tables.create("alice", ["me", "random"], seed=5, name="t")
        made = Game(table, lambda: tables.open("t", "alice"), tables.cards)
    made.remember()
    yield made
    if isinstance(made.handle, SavedGame):
        made.handle.close()


def _load(path: Path, game: Game) -> Loaded:
    return load_bytes(read_limited(path), str(path), game.cards)


def _agree(game: Game, settled: bool, main_ok: bool = True, gaps: tuple[int, ...] = (1,)) -> None:
    """Memory and the file hold the same generation; the backup is one the player saw before it.

    ``settled``: the last write went through, so the backup is the generation before (``gaps``
    back: a write after the backup was used numbers its generation past the broken file's).
    ``main_ok``: the save itself must load (else a broken or missing one may give way to its backup).
    """
    handle = game.handle
    read = GameFiles(handle.path.parent, handle.name).read(game.cards)
    assert read is not None
    assert main_ok or read.from_backup, "the broken file was replaced by a generation the game does not have"
    on_disk, s = read.value, handle.session
    assert (on_disk.save.generation, on_disk.session.position, tuple(on_disk.session.moves)) == (
        handle.generation,
        s.position,
        tuple(s.moves),
    ), "the file and the game in memory disagree"
    if read.from_backup:
        assert not main_ok, read.notice
        return  # the backup is the game, as memory has it
    backup = _load(handle.path.with_name(handle.path.name + ".bak"), game)
    gen = backup.save.generation
    assert on_disk.save.generation - gen in gaps or (not settled and gen == on_disk.save.generation)
    assert game.seen[gen] == (backup.session.position, tuple(backup.session.moves))


def _attempt(game: Game, action: Callable[[], None], disk: Disk, main_ok: bool = True) -> bool:
    """Try ``action`` on the failing disk: True when it stands (and the player was warned)."""
    handle = game.handle
    before = (handle.generation, handle.session.position, tuple(handle.session.moves))
    try:
        action()
    except SaveError as exc:
        line = str(exc)
        assert "\n" not in line and handle.path.name in line and os.strerror(disk.err) in line, line
        assert (handle.generation, handle.session.position, tuple(handle.session.moves)) == before
        _agree(game, settled=False, main_ok=main_ok)
        return False
    assert handle.generation in (before[0] + 1, before[0] + 2)
    warning = handle.warning
    assert warning is not None and "\n" not in warning and handle.path.name in warning, warning
    assert os.strerror(disk.err) in warning, warning
    game.remember()
    _agree(game, settled=False, gaps=(1, 2))
    return True


@pytest.mark.parametrize("err", ERRNOS)
@pytest.mark.parametrize("step", STEPS)
def test_a_failed_write_never_wedges_the_game(game: Game, step: str, err: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for _ in range(3):  # so that there is a backup to keep
        game.decide()
        game.remember()
    _agree(game, settled=True)
    disk = Disk(monkeypatch, game.handle.path, step, ERRNOS[err])

    disk.down = True
    stood = [_attempt(game, game.decide, disk), _attempt(game, game.take_back, disk)]
    disk.down = False
    assert disk.failed >= 2, "the fault was not injected"
    assert stood == [step in LANDS] * 2

    for _ in range(4):  # the disk is back: every decision saves, with a clean backup
        game.decide()
        assert game.handle.warning is None
        game.remember()
        _agree(game, settled=True)

    expected = (game.handle.generation, game.handle.session.position, tuple(game.handle.session.moves))
    game.handle = game.reopen()
    assert isinstance(game.handle, SavedGame | SharedTable)
    assert game.handle.notice is None  # the save itself loads, not its backup
    got = (game.handle.generation, game.handle.session.position, tuple(game.handle.session.moves))
    assert got == expected
    _agree(game, settled=True)
    game.decide()  # and the reopened game plays on
    game.remember()
    _agree(game, settled=True)
    left = [p.name for p in game.handle.path.parent.iterdir() if p.name.endswith(".tmp")]
    assert not left, left


@pytest.mark.parametrize("err", ERRNOS)
@pytest.mark.parametrize("step", ("set aside", "write", "fsync", "rename", "dir fsync"))
def test_a_failed_write_after_the_backup_was_used(
    game: Game, step: str, err: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save was broken, its backup opened: a write sets the broken file aside first (one more step)."""
    for _ in range(3):
        game.decide()
        game.remember()
    game.handle.path.write_bytes(b'{"format": 1, "generation": 4, "ca')  # cut short by a crash
    game.handle = game.reopen()
    assert isinstance(game.handle, SavedGame | SharedTable)
    assert "opened the backup" in (game.handle.notice or "")
    _agree(game, settled=False, main_ok=False)
    disk = Disk(monkeypatch, game.handle.path, step, ERRNOS[err])

    disk.down = True
    stood = [_attempt(game, game.decide, disk, main_ok=False), _attempt(game, game.take_back, disk, main_ok=False)]
    disk.down = False
    assert disk.failed >= 2, "the fault was not injected"
    assert stood == [step in LANDS] * 2

    game.decide()
    game.remember()
    _agree(game, settled=True, gaps=(1, 2))
    for _ in range(3):
        game.decide()
        game.remember()
        _agree(game, settled=True)
    expected = (game.handle.generation, game.handle.session.position, tuple(game.handle.session.moves))
    game.handle = game.reopen()
    assert isinstance(game.handle, SavedGame | SharedTable)
    assert game.handle.notice is None
    assert (game.handle.generation, game.handle.session.position, tuple(game.handle.session.moves)) == expected
    assert any(p.name.startswith(game.handle.path.name + ".damaged") for p in game.handle.path.parent.iterdir())


@pytest.mark.parametrize("err", ERRNOS)
@pytest.mark.parametrize("step", ("write", "fsync", "rename", "dir fsync"))
@pytest.mark.parametrize("kind", KINDS)
def test_a_failed_first_write_leaves_a_game_or_nothing(
    kind: str, step: str, err: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Creating a game on a failing disk: the game and its file, or one line and no file (the name stays free)."""
    saves = tmp_path / "saves"
    store, tables = GameStore(saves), TableStore(saves)
    main = (store.dir if kind == "saved game" else tables.dir) / "n.json"
    disk = Disk(monkeypatch, main, step, ERRNOS[err])

    def create() -> OpenGame:
        if kind == "saved game":
            return store.create(GameConfig(players=("Ana",), level=1), 3, [SeatMeta("Ana")], name="n")
        return tables.create("alice", ["me", "random"], seed=5, name="n")

    disk.down = True
    try:
        made: OpenGame | None = create()
    except SaveError as exc:
        assert "\n" not in str(exc) and "n.json" in str(exc) and os.strerror(disk.err) in str(exc), str(exc)
        assert not main.exists() and step not in LANDS
        made = None
    disk.down = False
    assert disk.failed == 1
    if made is None:
        made = create()  # the disk is back: the name is free
    else:
        assert step in LANDS
        said = f"saved n.json, but the disk failed after: {os.strerror(disk.err)} (a power cut may lose it)"
        # a table is read again once created (nobody holds it): its view comes from the file
        assert made.generation == 1 and made.warning == (said if kind == "saved game" else None)
    loaded = load_bytes(read_limited(main), str(main), store.cards)
    assert (loaded.save.generation, loaded.save.meta.id) == (made.generation, made.id)
    if isinstance(made, SavedGame):
        made.close()
