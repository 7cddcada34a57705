"""Issue 22 §3: what only the tests used is gone from the product; the tests that used it get the
same answers from the product's real paths (tests/computer_turns.py, tests/rules/builders.py)."""

from __future__ import annotations

import pytest

from norsewind_tui.lessons import Lessons
from norsewind_tui.rules.cards import CardDB
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.profiles import CampaignRow
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.tui import text

GONE = [
    (CardDB, "tile_index"),
    (CampaignRow, "best_medal"),
    (SharedTable, "play_computer"),
    (Lessons, "decisions_before"),
    (text, "tile_spaces"),
    (text, "holder_name"),
    (AppContext, "latest"),
]


@pytest.mark.parametrize(("owner", "name"), GONE, ids=[name for _, name in GONE])
def test_the_product_keeps_no_function_only_tests_used(owner: object, name: str) -> None:
    assert not hasattr(owner, name)
