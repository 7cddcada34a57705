"""Save format versions: a fixture of each version loads (older ones through the migration chain)."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.rules import GameConfig, Session
from norsewind_tui.rules.cards import compile_card_set
from norsewind_tui.storage import FORMAT_VERSION, GameStore, SaveError, decode_save, state_digest
from norsewind_tui.storage.format import MIGRATIONS

from .conftest import FIXTURES


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    """The fixtures keep the card set they were made with (``cards.toml``), so edits of the shipped
    card data do not turn them into "another card set"."""
    cards = compile_card_set((FIXTURES / "cards.toml").read_bytes(), "cards.toml")
    return GameStore(tmp_path / "saves", cards=cards)


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
    save, migrated = decode_save(data, "v1")
    assert migrated is None
    game = store.open(f"v{FORMAT_VERSION}")
    assert state_digest(game.state) == save.digest
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
    assert migrated is None and saved.format == FORMAT_VERSION and saved.digest == state_digest(game.state)
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
