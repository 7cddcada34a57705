"""The examples in docs/SAVES.md and in the storage docstrings that hold some run as written."""

from __future__ import annotations

import doctest
import importlib
import random
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.storage import GameStore, SaveError

from .conftest import play, solo

DOC = Path(__file__).resolve().parents[2] / "docs" / "SAVES.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_saves_md_examples() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=FLAGS, verbose=False)
    assert result.attempted >= 10 and result.failed == 0


# the storage modules whose docstrings hold examples (the other packages' examples are collected
# by pytest itself: testpaths and --doctest-modules in pyproject.toml)
MODULES = [
    "paths",
    "clock",
    "presence",
    "identity",
    "standin",
    "engines",
    "settings",
    "listing",
    "trust",
    "pg.url",
    "ratings",
]


@pytest.mark.parametrize("module", MODULES)
def test_module_docstring_examples(module: str) -> None:
    mod = importlib.import_module(f"norsewind_tui.storage.{module}")
    result = doctest.testmod(mod, optionflags=FLAGS, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_error_examples_in_the_doc_are_real(tmp_path: Path) -> None:
    """Error lines of the doc's example list are produced by the loader as shown."""
    store = GameStore(tmp_path)
    game = solo(store, name="g", seed=3)
    play(game, 20, random.Random(3))
    game.close()
    (tmp_path / "g.json.bak").unlink()  # no backup to fall back on: the error itself is wanted
    doc = msgspec.json.decode(game.path.read_bytes())
    moves = doc["moves"]
    cases = {
        "$.seed: expected `int` <= 9223372036854775807": {**doc, "seed": 2**64},
        "$.moves[3][0]: invalid value 'teleport'": {**doc, "moves": [*moves[:3], ["teleport"], *moves[4:]]},
        "$.meta.turn: says 1 but the log replays to turn": {**doc, "meta": {**doc["meta"], "turn": 1}},
    }
    text = DOC.read_text()
    for expected, edited in cases.items():
        assert expected.split(" but")[0] in text
        game.path.write_bytes(msgspec.json.encode(edited))
        with pytest.raises(SaveError) as info:
            store.open("g")
        assert expected in str(info.value)
