"""``norsewind cards check FILE`` end to end on good and broken files (the command as its own process)."""

from __future__ import annotations

import os
import subprocess
from importlib import resources
from pathlib import Path

from cli_runs import norsewind

from norsewind_tui.rules.cards import default_cards
from norsewind_tui.storage.cardfile import MAX_CARD_FILE, MAX_DEPTH

ROOT = Path(__file__).resolve().parents[1]


def shipped() -> str:
    return resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_text(encoding="utf-8")


def check(tmp_path: Path, path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return norsewind(tmp_path, "cards", "check", str(path), env=env, timeout=120)


def edited(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_the_shipped_set_is_ok(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(shipped(), encoding="utf-8")
    done = check(tmp_path, path)
    assert (done.returncode, done.stderr) == (0, "")
    digest = default_cards().digest  # comments and layout aside, the same set: the same id
    assert done.stdout == f"{path}: OK: 73 cards, 4 colours, 4 Viking cards (a reconstruction); id {digest}\n"


def test_a_broken_file_lists_each_problem_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    text = edited(shipped(), 'id = "A-02"', 'id = "A-01"')  # an id twice
    text = edited(
        text,
        'id = "A-12"\ndeck = "1+"\ntype = "inn"\nhelmets = 3\ncost = 3\n',
        'id = "A-12"\ndeck = "1+"\ntype = "inn"\nhelmets = 3\n',
    )
    path.write_text(text, encoding="utf-8")
    done = check(tmp_path, path)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [
        f"{path}: $.cards: id 'A-01' appears 2 times",
        f"{path}: $.cards[11] (A-12).cost: an inn needs a cost",
        "2 problem(s) found",
    ]


def test_a_file_that_does_not_decode_is_one_problem(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(edited(shipped(), 'id = "A-03"', 'id = "A-03"\nshiedls = 1'), encoding="utf-8")
    done = check(tmp_path, path)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [
        f"{path}: Object contains unknown field `shiedls` - at `$.cards[2]`",
        "1 problem(s) found",
    ]


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    done = check(tmp_path, path)
    # worded like a missing save (storage/saves.py): the path and "no such file"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{path}: no such file\n")


def test_every_bad_card_file_exits_1_and_says_why_on_stdout(tmp_path: Path) -> None:
    """One status for a bad card file, whatever is wrong with it (issue 24 point 11, docs/CARDS.md)."""
    big, deep, syntax = tmp_path / "big.toml", tmp_path / "deep.toml", tmp_path / "syntax.toml"
    big.write_bytes(b"#" * (MAX_CARD_FILE + 1))
    deep.write_bytes(b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n")
    syntax.write_text("x = = 1\n", encoding="utf-8")
    said = {
        big: f"{big}: {MAX_CARD_FILE + 1} bytes is too big for a card file (limit {MAX_CARD_FILE})",
        deep: f"{deep}: line 1: nested more than {MAX_DEPTH} levels deep",
        syntax: f"{syntax}: not valid TOML: Invalid value (at line 1, column 5)",
    }
    for path, line in said.items():
        done = check(tmp_path, path)
        assert (done.returncode, done.stderr) == (1, ""), path
        assert done.stdout.splitlines() == [line, "1 problem(s) found"]


def test_no_card_file_to_check_is_exit_2(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    done = check(tmp_path, folder)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{folder}: not a regular file\n")
