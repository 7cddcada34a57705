"""Save format versions: a fixture of each version loads (older ones through the migration chain)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.rules import GameConfig, Session, legal_moves
from norsewind_tui.rules.cards import CardDB, compile_card_set
from norsewind_tui.storage import FORMAT_VERSION, GameStore, SaveError, decode_save, state_digest
from norsewind_tui.storage.format import MIGRATIONS, SaveFile, session_digest, v1_state_digest
from norsewind_tui.storage.tables import TableStore

from .conftest import FIXTURES


def fixture_cards() -> CardDB:
    """The fixtures keep the card set they were made with (``cards.toml``), so edits of the shipped
    card data do not turn them into "another card set"."""
    return compile_card_set((FIXTURES / "cards.toml").read_bytes(), "cards.toml")


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "saves", cards=fixture_cards())


def old_table(tmp_path: Path, fixture: str) -> tuple[TableStore, Path, bytes]:
    """The table of an older format in ``fixture``, copied in as "friday": its store, file and bytes."""
    tables = TableStore(tmp_path / "saves", fixture_cards())
    path = tables.dir / "friday.json"
    shutil.copy(FIXTURES / fixture, path)
    return tables, path, path.read_bytes()


def _install(store: GameStore, version: int) -> Path:
    target = store.dir / f"v{version}.json"
    shutil.copy(FIXTURES / f"v{version}.json", target)
    return target


def test_a_fixture_and_a_migration_for_every_version() -> None:
    for version in range(FORMAT_VERSION + 1):
        assert (FIXTURES / f"v{version}.json").is_file(), f"no fixture for save format {version}"
        assert msgspec.json.decode((FIXTURES / f"v{version}.json").read_bytes())["format"] == version
    assert sorted(MIGRATIONS) == list(range(FORMAT_VERSION))


def test_current_fixture_loads_with_its_redo_stack(store: GameStore) -> None:
    path = _install(store, FORMAT_VERSION)
    data = path.read_bytes()
    save, migrated = decode_save(data, f"v{FORMAT_VERSION}")
    assert migrated is None
    game = store.open(f"v{FORMAT_VERSION}")
    assert session_digest(game.session) == save.digest
    assert state_digest(game.state) != save.digest  # format 2: the digest covers the redo moves too
    assert game.session.position == save.position < len(save.moves)  # it has moves to redo
    assert [s.kind for s in game.seats] == ["human", "computer"]
    assert game.assisted == save.meta.assisted
    assert game.notice is None
    assert path.read_bytes() == data  # opening writes nothing
    game.close()


def test_version_0_is_migrated_and_rewritten_on_the_next_move(store: GameStore) -> None:
    path = _install(store, 0)
    original = path.read_bytes()
    doc = msgspec.json.decode(original)
    game = store.open("v0")
    assert game.notice is not None and "converted from save format 0" in game.notice
    assert path.read_bytes() == original  # converting in memory only
    config = GameConfig(players=tuple(doc["players"]), level=doc["level"])
    assert len(game.session.moves) == len(doc["log"])
    position = len(doc["log"]) - doc["undo"]
    expected = Session.replay(config, doc["seed"], game.session.moves[:position], cards=store.cards)
    assert game.session.position == position and game.state == expected.state
    assert game.meta.mode == "solo" and game.meta.level == 2 and game.meta.profile == "Sigrid"
    assert game.meta.turn == game.state.turn  # filled in by the replay
    assert msgspec.to_builtins(game.session.moves) == doc["log"]
    game.redo()
    saved, migrated = decode_save(path.read_bytes(), "x")
    assert migrated is None and saved.format == FORMAT_VERSION and saved.digest == session_digest(game.session)
    assert (store.dir / "v0.json.bak").read_bytes() == original  # the old file is the backup generation
    game.close()


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        ({"players": "Sigrid"}, r"format 0 save: \$\.players: expected a list of names"),
        ({"undo": 99}, r"format 0 save: \$\.undo: expected 0\.\.25"),
        ({"log": None}, r"format 0 save: \$\.log: expected a list of moves"),
        ({"seed": "x"}, r"format 0 save: \$\.seed: expected `int`, got `str`"),
    ],
)
def test_broken_version_0_files(store: GameStore, change: dict[str, object], pattern: str) -> None:
    doc = msgspec.json.decode((FIXTURES / "v0.json").read_bytes())
    doc.update(change)
    (store.dir / "old.json").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError, match=r"old\.json: " + pattern):
        store.open("old")


def test_version_0_without_a_field(store: GameStore) -> None:
    doc = msgspec.json.decode((FIXTURES / "v0.json").read_bytes())
    del doc["log"]
    (store.dir / "old.json").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError, match=r"old\.json: \$\.log: missing \(format 0 save\)"):
        store.open("old")


# --------------------------------------------------------------------------- format 1 (before R23)


def _install_as(store: GameStore, fixture: str, name: str) -> Path:
    target = store.dir / f"{name}.json"
    shutil.copy(FIXTURES / fixture, target)
    return target


def test_version_1_is_migrated_checked_by_its_own_digest_and_rewritten_on_the_next_move(store: GameStore) -> None:
    """The format written before R23 (two players, a redo stack): it replays under R23, its digest
    is checked as format 1 wrote it (the state at the position, without ``returned``), and the next
    write makes it a format-2 save with the new digest."""
    path = _install(store, 1)
    original = path.read_bytes()
    old, migrated = decode_save(original, "v1")
    assert migrated == 1 and old.format == FORMAT_VERSION
    game = store.open("v1")
    assert game.notice is not None and "converted from save format 1" in game.notice
    assert v1_state_digest(game.state) == old.digest != state_digest(game.state)
    assert game.session.position == old.position < len(old.moves) and game.assisted == old.meta.assisted
    assert path.read_bytes() == original
    assert game.redo()
    saved, migrated = decode_save(path.read_bytes(), "x")
    assert migrated is None and saved.format == FORMAT_VERSION and saved.digest == session_digest(game.session)
    game.close()
    again = store.open("v1")
    assert again.notice is None and again.session.position == old.position + 1
    again.close()


def test_a_hand_edited_version_1_digest_is_still_caught(store: GameStore) -> None:
    doc = msgspec.json.decode((FIXTURES / "v1.json").read_bytes())
    doc["digest"] = "0" * 64
    (store.dir / "old.json").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError, match=r"old\.json: \$\.digest: the log does not replay to the saved state"):
        store.open("old")


def test_r23_a_solo_save_made_before_r23_with_castle_swaps_loads_and_keeps_playing(store: GameStore) -> None:
    """R23: a format-1 solo game with castle replacements (none bought back before a refill)
    replays under R23: the replay marks the castles it returns, and play goes on to the end."""
    path = _install_as(store, "v1-castles.json", "castles")
    old = msgspec.json.decode(path.read_bytes())
    game = store.open("castles")
    assert game.notice is not None and "converted from save format 1" in game.notice
    assert v1_state_digest(game.state) == old["digest"]
    assert sum(bool(s.returned) for s in game.session.states) > 0  # R23 marked the castles swapped out
    assert game.session.position == old["position"] < len(old["moves"])
    rng = random.Random(1)
    while not game.finished:
        game.push(rng.choice(game.legal_moves()))
    saved, migrated = decode_save(path.read_bytes(), "x")
    assert migrated is None and saved.format == FORMAT_VERSION and saved.meta.finished
    game.close()
    assert store.open("castles", read_only=True).finished


def test_r23_a_save_made_before_r23_that_buys_a_castle_back_is_refused_in_one_line(store: GameStore) -> None:
    """R23: a format-1 log that buys back a castle just returned (allowed before R23) does not fit the
    rules any more.  Loading names the move and the reason in one line and leaves the file alone."""
    path = _install_as(store, "v1-pump.json", "pump")
    original = path.read_bytes()
    moves = msgspec.json.decode(original)["moves"]
    with pytest.raises(SaveError) as info:
        store.open("pump")
    message = str(info.value)
    index = int(message.split("$.moves[")[1].split("]")[0])
    assert moves[index][0] == "castle"
    assert message.endswith(
        "that castle was just returned to the display: it can be bought again after the market is next refilled"
    )
    assert "\n" not in message and path.read_bytes() == original


# --------------------------------------------------------------------------- issue 18: the redo tail


def test_a_redo_move_changed_to_another_legal_one_is_refused(store: GameStore) -> None:
    """Issue 18: the digest covers the redo moves, so a redo move changed in the file to another move
    that is still legal (format 1 accepted it: its digest covered only the current position) is
    refused on load; the file is left as it is."""
    path = _install(store, FORMAT_VERSION)
    doc = msgspec.json.decode(path.read_bytes())
    save, _ = decode_save(path.read_bytes(), "x")
    session = Session.replay(save.config, save.seed, list(save.moves), cards=store.cards)
    before_last = session.states[-2]
    other = next(m for m in legal_moves(before_last) if m != save.moves[-1])
    doc["moves"][-1] = msgspec.to_builtins(other)
    data = msgspec.json.encode(doc)
    (store.dir / "edited.json").write_bytes(data)
    assert doc["position"] < len(doc["moves"]) - 1  # the edit is in the redo tail
    with pytest.raises(SaveError, match=r"edited\.json: \$\.digest: the log does not replay to the saved state"):
        store.open("edited")
    assert (store.dir / "edited.json").read_bytes() == data
    # the unchanged file loads, and the edited move really was legal there
    Session.replay(save.config, save.seed, [*save.moves[:-1], other], cards=store.cards)
    store.open(f"v{FORMAT_VERSION}").close()


# --------------------------------------------------------------------------- format 2 (before issue 13's seats)


def test_a_format_2_table_is_migrated_with_no_standin_and_its_opener_as_creator(tmp_path: Path) -> None:
    """Issue 13: a table saved as format 2 (alice, bob and a greedy computer, 22 decisions) loads with
    the stand-in off, alice (seat 1, who opened it) as its creator and no decision marked as a
    computer's; opening writes nothing, and the next decision writes it as format 3 with those values."""
    tables, path, original = old_table(tmp_path, "v2-table.json")
    old, migrated = decode_save(original, "v2-table")
    assert migrated == 2 and old.format == FORMAT_VERSION
    assert (old.meta.standin, old.meta.creator, old.meta.by_computer) == (0, "alice", ())
    bob = tables.open("friday", "bob")
    assert path.read_bytes() == original
    assert bob.session.position == 22 and bob.view.standin == 0 and bob.view.assisted_seats == ()
    assert [s.text for s in tables.list()[0].seats] == ["alice", "bob", "Greedy bot 3"]
    assert tables.list()[0].creator == "alice"
    assert bob.is_my_turn()
    bob.push(bob.legal_moves()[0])
    doc = msgspec.json.decode(path.read_bytes())
    assert doc["format"] == FORMAT_VERSION == 5 and doc["position"] == 23
    assert (doc["meta"]["standin"], doc["meta"]["creator"], doc["meta"]["by_computer"]) == (0, "alice", [])


def test_format_2_migration_through_the_chain_matches_the_direct_one() -> None:
    """``_migrate_2`` (the chain from older formats) gives what decoding a format-2 file directly does."""
    doc = msgspec.json.decode((FIXTURES / "v2-table.json").read_bytes())
    chained = msgspec.convert(MIGRATIONS[4](MIGRATIONS[3](MIGRATIONS[2](doc))), SaveFile)
    direct, _ = decode_save((FIXTURES / "v2-table.json").read_bytes(), "x")
    assert chained == direct
    solo_doc = msgspec.json.decode((FIXTURES / "v1-castles.json").read_bytes())
    assert MIGRATIONS[2](MIGRATIONS[1](solo_doc))["meta"]["creator"] is None  # a solo game has no creator


# --------------------------------------------------------------------------- format 3 (before issue 29)


def test_a_format_3_table_is_migrated_with_the_computer_as_its_standin(tmp_path: Path) -> None:
    """Issue 29: a table saved as format 3 (alice, bob and carol, stand-in after 15 minutes, 40
    decisions, ten of them the computer's for bob, bob to move) loads with every issue-13 field as it
    was and the computer of old as its stand-in (no engine named); opening writes nothing, and bob's
    next decision writes it as format 4 with ``standin_engine`` null."""
    tables, path, original = old_table(tmp_path, "v3-table.json")
    old, migrated = decode_save(original, "v3-table")
    assert migrated == 3 and old.format == FORMAT_VERSION
    marks = ((), (14, 15, 16, 17, 26, 27, 28, 29, 38, 39), ())
    assert (old.meta.standin, old.meta.creator, old.meta.by_computer) == (15, "alice", marks)
    assert old.meta.standin_engine is None
    bob = tables.open("friday", "bob")
    assert path.read_bytes() == original
    assert bob.session.position == 40 and bob.view.standin == 15 and bob.view.assisted_seats == (1,)
    assert bob.view.standin_engine is None
    assert (tables.list()[0].creator, tables.list()[0].standin_engine) == ("alice", None)
    assert bob.is_my_turn()
    bob.push(bob.legal_moves()[0])
    doc = msgspec.json.decode(path.read_bytes())
    assert doc["format"] == FORMAT_VERSION == 5 and doc["position"] == 41
    assert (doc["meta"]["standin"], doc["meta"]["by_computer"]) == (15, [list(m) for m in marks])
    assert doc["meta"]["standin_engine"] is None


def test_format_3_migration_through_the_chain_matches_the_direct_one() -> None:
    doc = msgspec.json.decode((FIXTURES / "v3-table.json").read_bytes())
    chained = msgspec.convert(MIGRATIONS[4](MIGRATIONS[3](doc)), SaveFile)
    direct, _ = decode_save((FIXTURES / "v3-table.json").read_bytes(), "x")
    assert chained == direct
    assert chained.meta.creator == "alice"  # the format-3 creator is kept, never guessed again


def test_a_format_4_table_has_no_clock_and_anyone_may_watch_it(tmp_path: Path) -> None:
    """Issue 41: format 5 adds the clock and watching; a table of before has neither, and its next
    write is format 5 (opening writes nothing)."""
    tables, path, original = old_table(tmp_path, "v4-table.json")
    old, migrated = decode_save(original, "v4-table")
    assert migrated == 4 and old.format == FORMAT_VERSION == 5
    assert (old.meta.clock, old.meta.clock_left, old.meta.clock_since, old.meta.watching) == (None, (), None, "anyone")
    carol = tables.open("friday", "carol")  # never at the table: she may watch it
    assert carol.read_only and carol.clock_left() is None
    assert path.read_bytes() == original
    alice, bob = tables.open("friday", "alice"), tables.open("friday", "bob")
    mover = alice if alice.is_my_turn() else bob
    mover.push(mover.legal_moves()[0])
    written = msgspec.json.decode(path.read_bytes())
    assert written["format"] == 5 and written["meta"]["clock"] is None and written["meta"]["watching"] == "anyone"


def test_format_4_migration_through_the_chain_matches_the_direct_one() -> None:
    doc = msgspec.json.decode((FIXTURES / "v4-table.json").read_bytes())
    chained = msgspec.convert(MIGRATIONS[4](doc), SaveFile)
    direct, _ = decode_save((FIXTURES / "v4-table.json").read_bytes(), "x")
    assert chained == direct
