"""Saves: what a file holds, autosave, backup generations, locks and the version check."""

from __future__ import annotations

import os
import random
import select
import socket
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.rules import GameConfig, IllegalMove, PickBuilding
from norsewind_tui.rules.cards import compile_card_set
from norsewind_tui.storage import (
    GameLocked,
    GameStore,
    ReadOnlyGame,
    SaveConflict,
    SaveError,
    SeatMeta,
    decode_save,
    state_digest,
)
from norsewind_tui.storage.atomic import login_name

from .conftest import STORES, document, duo, either_store, play, saved_solo, solo

# a test of the files themselves (a backup, a broken or hand-written file, a failing disk): the folder's
FILES_ONLY = pytest.mark.parametrize("store", ["folder"], indirect=True)


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """Every test here against the saves folder and the database (issue 25)."""
    return either_store(request, tmp_path)


def test_file_holds_everything_the_issue_lists(store: GameStore) -> None:
    game = duo(store, seed=11, name="four")
    play(game, 25, random.Random(2))
    save, migrated = decode_save(document(store, game.name), "x")
    assert migrated is None
    # 5: issue 41's clock and watching (4: issue 29's stand-in engine; 3: issue 13's seat marks; 2: R23...)
    assert save.format == 5
    assert save.cards == store.cards.digest
    assert save.config == GameConfig(players=("Ana", "Bot"))
    assert save.seed == 11
    assert list(save.moves) == game.session.moves and len(save.moves) == 25
    assert save.position == 25
    assert save.digest == state_digest(game.state)
    meta = save.meta
    assert [s.kind for s in meta.seats] == ["human", "computer"]
    assert meta.mode == "multiplayer" and meta.level is None
    assert meta.turn == game.state.turn and meta.created <= meta.updated
    assert (meta.standin, meta.creator, meta.by_computer) == (0, None, ())  # a saved game: no table options
    assert meta.standin_engine is None
    game.close()


def test_every_decision_is_saved_and_reopens_identically(store: GameStore) -> None:
    game = solo(store, seed=4, level=3, name="s")
    rng = random.Random(9)
    for _ in range(30):
        game.push(rng.choice(game.legal_moves()))
        on_disk, _ = decode_save(document(store, game.name), "x")
        assert on_disk.position == game.session.position
        assert on_disk.digest == state_digest(game.state)
    state = game.state
    game.close()
    again = store.open("s")
    assert again.state == state
    assert again.session.moves == game.session.moves
    assert again.meta.level == 3
    again.close()


def test_undo_position_and_redo_stack_survive_a_restart(store: GameStore) -> None:
    game = solo(store, seed=8, name="u")
    play(game, 12, random.Random(1))
    while game.can_undo() and game.session.position > 6:
        game.undo(confirm=True)
    pos, moves = game.session.position, list(game.session.moves)
    game.close()
    again = store.open("u")
    assert again.session.position == pos and again.session.moves == moves
    assert again.can_redo()
    assert again.redo()
    assert again.session.position > pos
    again.close()


@FILES_ONLY
def test_backup_is_the_previous_generation(store: GameStore) -> None:
    game = solo(store, name="g")
    play(game, 5, random.Random(3))
    main, _ = decode_save(document(store, game.name), "m")
    bak, _ = decode_save((store.dir / "g.json.bak").read_bytes(), "b")
    assert bak.generation == main.generation - 1
    assert list(bak.moves) == list(main.moves)[:-1]
    game.close()


@FILES_ONLY
def test_broken_main_file_opens_the_backup_and_says_so(store: GameStore) -> None:
    game = solo(store, name="b")
    play(game, 6, random.Random(3))
    state_before = game.session.states[5]
    game.close()
    broken = document(store, game.name)[:-40]
    game.path.write_bytes(broken)
    again = store.open("b")
    assert again.notice is not None
    assert "b.json" in again.notice and "backup" in again.notice
    assert again.state == state_before
    assert document(store, game.name) == broken  # the failed load changed nothing
    again.push(again.legal_moves()[0])  # the damaged file is set aside, not lost
    assert (store.dir / "b.json.damaged").read_bytes() == broken
    assert decode_save((store.dir / "b.json.bak").read_bytes(), "x")[0].position == 5
    again.close()


@FILES_ONLY
def test_missing_main_file_opens_the_backup(store: GameStore) -> None:
    game = saved_solo(store, "m", 3, random.Random(3))
    game.path.unlink()
    again = store.open("m")
    assert again.notice is not None and "missing" in again.notice
    assert again.session.position == 2
    again.close()


@FILES_ONLY
def test_both_broken_is_refused_with_both_reasons(store: GameStore) -> None:
    game = saved_solo(store, "x", 3, random.Random(3))
    game.path.write_bytes(b"{")
    (store.dir / "x.json.bak").write_bytes(b"")
    with pytest.raises(SaveError) as info:
        store.open("x")
    msg = str(info.value)
    assert "x.json:" in msg and "backup is broken too" in msg and "empty" in msg


def test_second_opener_is_told_who_holds_the_game(store: GameStore) -> None:
    game = solo(store, name="held")
    with pytest.raises(GameLocked) as info:
        store.open("held")
    err = info.value
    assert err.user == login_name() and err.pid == os.getpid() and err.host == socket.gethostname()
    assert f"pid {os.getpid()}" in str(err) and "read-only" in str(err)
    watcher = store.open("held", read_only=True)
    assert watcher.read_only and watcher.state == game.state
    with pytest.raises(ReadOnlyGame):
        watcher.push(watcher.legal_moves()[0])
    assert not watcher.can_undo()
    game.push(game.legal_moves()[0])
    assert watcher.reload()
    assert watcher.state == game.state
    assert not watcher.reload()
    game.close()
    store.open("held").close()  # free again once closed


def test_lock_is_released_when_the_holder_dies(store: GameStore) -> None:
    # The fork comes before this process uses the store: a database store keeps a thread renewing
    # its leases, and a child forked while that thread held the store's lock waited for it for ever
    # (seen under load, issue 22).  The child makes the game, takes its lock and dies holding it.
    pid = os.fork()
    if pid == 0:
        try:
            solo(store, name="dies").close()
            store.open("dies")
            os.kill(os.getpid(), 9)
        finally:
            os._exit(1)
    ended = os.pidfd_open(pid)
    try:
        hung = not select.select([ended], [], [], 300)[0]  # a safety net: the child's end is the event
        if hung:
            os.kill(pid, 9)
    finally:
        os.close(ended)
    _, status = os.waitpid(pid, 0)
    assert not hung, "the child did not end"
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == 9  # killed by itself, holding the lock
    store.open("dies").close()


@FILES_ONLY
def test_version_check_refuses_to_clobber_a_newer_file(store: GameStore) -> None:
    game = solo(store, name="v")
    play(game, 4, random.Random(5))
    # Another program (a copy of Norsewind that ignored the lock, a sync tool) writes a newer generation.
    intruder = store.dir / "v.json"
    save, _ = decode_save(intruder.read_bytes(), "x")
    newer = msgspec.structs.replace(save, generation=save.generation + 7)
    from norsewind_tui.storage import encode_save

    os.replace(_write_tmp(store.dir, encode_save(newer)), intruder)
    before = intruder.read_bytes()
    pos = game.session.position
    with pytest.raises(SaveConflict, match="changed by another program"):
        game.push(game.legal_moves()[0])
    assert intruder.read_bytes() == before
    assert game.session.position == pos  # the move was taken back: memory never runs ahead of the file
    game.close()


def _write_tmp(folder: Path, data: bytes) -> Path:
    p = folder / ".intruder.tmp"
    p.write_bytes(data)
    return p


@FILES_ONLY
def test_a_failed_write_takes_the_move_back(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = solo(store, name="full")
    play(game, 3, random.Random(5))
    before = document(store, game.name)
    state = game.state

    def disk_full(*args: object, **kw: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("norsewind_tui.storage.gamefile.atomic_write", disk_full)
    with pytest.raises(SaveError, match="No space left on device") as info:
        game.push(game.legal_moves()[0])
    assert "full.json" in str(info.value)
    assert game.state == state and document(store, game.name) == before
    monkeypatch.undo()
    game.push(game.legal_moves()[0])
    assert game.session.position == 4
    game.close()


def test_illegal_move_is_raised_untouched_and_nothing_is_written(store: GameStore) -> None:
    game = solo(store, name="i")
    before = document(store, game.name)
    with pytest.raises(IllegalMove):
        game.push(PickBuilding(9))
    assert document(store, game.name) == before
    game.close()


@FILES_ONLY
def test_card_set_mismatch_is_refused_saying_so(store: GameStore, tmp_path: Path) -> None:
    game = saved_solo(store, "c", 3, random.Random(5))
    data = (Path(__file__).resolve().parents[2] / "norsewind_tui/rules/data/reconstructed.toml").read_bytes()
    other = compile_card_set(data.replace(b"helmets = 1", b"helmets = 2", 1), "mine.toml")  # one value differs
    before = document(store, game.name)
    with pytest.raises(SaveError, match=r"c\.json: \$\.cards: made with the card set .* --cards"):
        GameStore(store.dir, cards=other).open("c")
    assert document(store, game.name) == before
    assert not (store.dir / "c.json.damaged").exists()


def test_names_are_chosen_free_and_taken_names_refused(store: GameStore) -> None:
    a = solo(store)
    b = solo(store)
    assert a.name != b.name and b.name.startswith(a.name)
    with pytest.raises(SaveError, match="already exists"):
        solo(store, name=a.name)
    a.close()
    b.close()


@FILES_ONLY
def test_list_latest_remove(store: GameStore) -> None:
    a = solo(store, name="alpha", seed=1)
    play(a, 4, random.Random(1))
    b = duo(store, name="beta", seed=2)
    play(b, 2, random.Random(1))
    (store.dir / "broken.json").write_bytes(b'{"format": 1}')
    (store.dir / "bad name.json").write_bytes(b"{}")
    listing = {s.name: s for s in store.list()}
    assert set(listing) == {"alpha", "beta", "broken", "bad name"}
    assert listing["alpha"].mode == "solo" and listing["alpha"].players == ("Ana",)
    assert listing["beta"].players == ("Ana", "Bot") and listing["beta"].turn == b.state.turn
    assert listing["broken"].error is not None and "broken.json" in listing["broken"].error
    assert "not a valid save name" in (listing["bad name"].error or "")
    assert store.latest() == "beta"
    with pytest.raises(GameLocked):
        store.remove("beta")
    b.close()
    store.remove("beta")
    assert not any(p.name.startswith("beta") for p in store.dir.iterdir())
    assert store.latest() == "alpha"
    with pytest.raises(SaveError, match="no saved game named beta"):
        store.open("beta")
    assert not (store.dir / "beta.json.lock").exists()
    a.close()


def test_save_as_continues_under_the_new_name(store: GameStore) -> None:
    game = solo(store, name="first")
    play(game, 4, random.Random(1))
    copy = game.save_as("second")
    assert copy.name == "second" and copy.state == game.state and copy.id == game.id
    assert game.read_only  # the old handle is closed, its file kept
    copy.push(copy.legal_moves()[0])
    assert store.open("first", read_only=True).session.position == 4
    store.open("first").close()  # its lock was released
    copy.close()


def test_create_refuses_escape_sequences_in_player_names(store: GameStore) -> None:
    with pytest.raises(SaveError, match="control character"):
        store.create(GameConfig(players=("Ana\x1b[31m",)), 1, [SeatMeta("Ana\x1b[31m")])
    with pytest.raises(SaveError, match="2 seats for 1 players"):
        store.create(GameConfig(players=("Ana",)), 1, [SeatMeta("Ana"), SeatMeta("Bo")])
