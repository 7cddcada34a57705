"""R24 came after games were saved (issue 23.19): a solo game saved with variant 2 still opens.

Before R24 the rules ignored variant 2 in solo (the level table fixes the tiles), so such a game
was played without it all along: it replays exactly without it, says so in one line, plays on to
the end, and is written without it from its next move (``v2-solo-variant2.json``: format 2, the
format of the days before R24, its digest as the rules then wrote it).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.rules.cards import compile_card_set
from norsewind_tui.storage import FORMAT_VERSION, GameStore, decode_save
from norsewind_tui.storage.verify import PRE_R24

from .conftest import FIXTURES

FIXTURE = "v2-solo-variant2.json"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    cards = compile_card_set((FIXTURES / "cards.toml").read_bytes(), "cards.toml")
    store = GameStore(tmp_path / "saves", cards=cards)
    store.dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / FIXTURE, store.dir / "variant2.json")
    return store


def test_the_fixture_is_a_solo_game_asking_for_variant_2() -> None:
    doc = msgspec.json.decode((FIXTURES / FIXTURE).read_bytes())
    assert doc["format"] == 2 and doc["config"]["players"] == ["Astrid"] and doc["config"]["random_tiles"] is True


def test_a_solo_save_with_variant_2_opens_says_why_in_one_line_and_plays_to_the_end(store: GameStore) -> None:
    path = store.dir / "variant2.json"
    old = msgspec.json.decode(path.read_bytes())
    game = store.open("variant2")
    assert game.notice == f"variant2.json: converted from save format 2; {PRE_R24} (rewritten on the next move)"
    assert PRE_R24 == "variant 2 never applied to solo (R24): it plays on without it, as before"
    assert "\n" not in game.notice
    assert game.session.position == old["position"] == 30
    assert game.state.config.solo and not game.state.config.random_tiles  # as it was played all along
    rng = random.Random(2)
    while not game.finished:
        game.push(rng.choice(game.legal_moves()))
    game.close()
    saved, migrated = decode_save(path.read_bytes(), "x")
    assert migrated is None and saved.format == FORMAT_VERSION and not saved.config.random_tiles  # converted for good
    again = store.open("variant2", read_only=True)
    assert again.finished and again.notice is None
    again.close()


def test_the_old_save_is_still_checked_by_its_own_digest(store: GameStore) -> None:
    path = store.dir / "variant2.json"
    doc = msgspec.json.decode(path.read_bytes())
    doc["moves"][29] = doc["moves"][28]  # a hand edit: the log no longer replays to the saved digest
    path.write_bytes(msgspec.json.encode(doc))
    with pytest.raises(Exception, match=r"does not replay to the saved state|illegal move"):
        store.open("variant2")
