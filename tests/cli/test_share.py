"""Sharing a game (issue 12): export as text or JSON, import with the checks of loading a save.

The round trip export -> import -> review must give the same position, byte for byte, after
every decision: the imported file replays its log exactly like the original.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import msgspec
import pytest
from computer_turns import finish_table

from norsewind_tui.bots import make_bot
from norsewind_tui.cli import main
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SavedGame, SeatMeta
from norsewind_tui.tui.timeline import Timeline


def played(saves: Path, names: tuple[str, ...], seed: int, name: str, stop: int | None = None) -> SavedGame:
    """A game the greedy player plays for every seat (to the end, or ``stop`` decisions), closed."""
    store = GameStore(saves)
    game = store.create(GameConfig(players=names), seed, [SeatMeta(n) for n in names], name=name, profile=None)
    bot = make_bot("greedy", 1)
    while not game.state.is_over and (stop is None or game.session.position < stop):
        game.push(bot.decide(game.state))
    game.close()
    return game


def run(saves: Path, *argv: str) -> int:
    return main(["--saves", str(saves), *argv])


def positions(saves: Path, name: str) -> list[bytes]:
    """Every position of the game as the review screen rebuilds it, encoded."""
    with GameStore(saves).open(name, read_only=True) as game:
        t = Timeline(game.session)
        return [msgspec.json.encode(t.state(p)) for p in range(t.end + 1)]


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.mark.parametrize(
    ("names", "seed", "stop"),
    [(("Astrid",), 7, None), (("Astrid", "Bjorn"), 8, None), (("Ana", "Bo", "Cy", "Di"), 9, 120)],
    ids=["solo", "two-players", "four-players"],
)
def test_export_import_review_round_trip(
    saves: Path, tmp_path: Path, names: tuple[str, ...], seed: int, stop: int | None
) -> None:
    game = played(saves, names, seed, "original", stop)
    before = game.path.read_bytes()
    out = tmp_path / "shared.json"
    assert run(saves, "export", "original", "--json", "-o", str(out)) == 0
    assert run(saves, "import", str(out), "--as", "copy") == 0
    original, copy = positions(saves, "original"), positions(saves, "copy")
    assert len(original) == game.session.position + 1
    assert copy == original  # byte-identical at every step
    assert game.path.read_bytes() == before
    doc = json.loads(out.read_bytes())
    assert doc["generation"] == 1 and doc["meta"]["profile"] is None and len(doc["moves"]) == len(original) - 1


def test_export_text_reads_like_a_record(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played(saves, ("Astrid",), 7, "solo")
    assert run(saves, "export", "solo", "--text") == 0
    text = capsys.readouterr().out.splitlines()
    assert text[:6] == [
        "Norsewind game solo",
        "Players: Astrid (human)",
        "Mode: solo, level 1",
        "Seed: 7",
        f"Card set: {game.store.cards.digest} (reconstructed.toml)",
        "Decisions: 56",
    ]
    decisions = [line for line in text if line.startswith("Turn ")]
    assert len(decisions) == 56
    assert decisions[0] == "Turn  1    1. Astrid took the Ship from slot 5."
    assert decisions[-1] == "Turn 15   56. Astrid put a disc prestige side up on the castle in East Anglia, paid 2."
    assert text[-4:-2] == ["Mercia         0x3=0   7x4=28", "Wessex         3x0=0        0"]
    assert text[-2:] == ["Total            113       42", "Margin +71: platinum medal"]


def test_import_refuses_bad_files_in_one_line_and_writes_nothing(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played(saves, ("Astrid",), 7, "solo")
    good = tmp_path / "good.json"
    assert run(saves, "export", "solo", "--json", "-o", str(good)) == 0
    doc = json.loads(good.read_bytes())
    cases = {
        "digest": {**doc, "digest": "0" * 64},  # the log does not replay to the recorded state
        "cards": {**doc, "cards": "abcdef0123456789"},  # another card set
        "move": {**doc, "moves": [*doc["moves"][:3], [9, 0], *doc["moves"][4:]]},
    }
    capsys.readouterr()
    listing = sorted(p.name for p in saves.iterdir())
    for label, bad in cases.items():
        path = tmp_path / f"{label}.json"
        path.write_text(json.dumps(bad))
        assert run(saves, "import", str(path)) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"norsewind: {path}: $."), err
        assert sorted(p.name for p in saves.iterdir()) == listing  # nothing written
    text = tmp_path / "record.txt"
    assert run(saves, "export", "solo", "-o", str(text)) == 0
    capsys.readouterr()
    assert run(saves, "import", str(text)) == 2
    assert capsys.readouterr().err == (  # issue 23.15: which file it is, and how to make one to import
        f"norsewind: {text} is the readable record of a game, not a file to import:"
        f" `norsewind --saves {saves} export solo --json -o FILE` makes one\n"
    )
    assert sorted(p.name for p in saves.iterdir()) == listing


def test_import_and_export_never_overwrite(saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played(saves, ("Astrid",), 7, "solo")
    other = played(saves, ("Astrid",), 11, "other", stop=6)
    out = tmp_path / "solo.json"
    assert run(saves, "export", "solo", "--json", "-o", str(out)) == 0
    before = out.read_bytes()
    assert run(saves, "export", "other", "--json", "-o", str(out)) == 2
    assert out.read_bytes() == before
    kept = other.path.read_bytes()
    capsys.readouterr()
    assert run(saves, "import", str(out), "--as", "other") == 2
    assert "a game named other already exists" in capsys.readouterr().err
    assert other.path.read_bytes() == kept
    assert run(saves, "import", str(out)) == 2  # "solo" is the original itself
    assert game.path.read_bytes() != b""
    assert run(saves, "import", str(out), "--as", "solo-copy") == 0


def test_a_finished_shared_table_round_trips(saves: Path, tmp_path: Path) -> None:
    from norsewind_tui.storage.tables import TableStore

    tables = TableStore(saves)
    table = tables.create("alice", ["me", "greedy"], seed=5, name="evening")
    finish_table(table)
    out = tmp_path / "evening.json"
    assert run(saves, "export", "evening", "--json", "-o", str(out)) == 2  # not a saved game
    assert run(saves, "export", "evening", "--table", "--json", "-o", str(out)) == 0
    assert run(saves, "import", str(out)) == 0
    with GameStore(saves / "tables").open("evening", read_only=True) as original:
        t = Timeline(original.session)
        expected = [msgspec.json.encode(t.state(p)) for p in range(t.end + 1)]
    assert positions(saves, "evening") == expected and len(expected) > 50
    with GameStore(saves).open("evening", read_only=True) as imported:
        assert imported.finished and imported.meta.profile is None


def test_export_to_a_name_too_long_for_the_system_is_one_line(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played(saves, ("Astrid",), 11, "solo", stop=6)
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    out = tmp_path / ("a" * 10_000)
    assert run(saves, "export", "solo", "-o", str(out)) == 2
    err = capsys.readouterr().err
    assert err.startswith("norsewind: ") and err.count("\n") == 1
    assert err.endswith(f"a name of 10000 bytes is longer than this system allows ({limit} bytes per file name)\n")
    longest = tmp_path / ("b" * limit)  # the longest name there is: its temporary name is too long
    assert run(saves, "export", "solo", "-o", str(longest)) == 0
    assert longest.read_text(encoding="utf-8").startswith("Norsewind game solo\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["saves", longest.name])


def test_export_never_overwrites_a_file_made_after_it_looked(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played(saves, ("Astrid",), 11, "solo", stop=6)
    out = tmp_path / "solo.json"
    real_fsync = os.fsync

    def someone_writes_it_now(fd: int) -> None:  # while the export's data is flushed, out appears
        if not out.exists():
            out.write_bytes(b"theirs")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", someone_writes_it_now)
    assert run(saves, "export", "solo", "--json", "-o", str(out)) == 2
    assert capsys.readouterr().err == f"norsewind: {out} already exists: not overwriting it (choose another -o FILE)\n"
    assert out.read_bytes() == b"theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves", "solo.json"]  # no temporary file left
