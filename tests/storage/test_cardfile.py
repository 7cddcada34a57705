"""Card-set files are read like saves: size limit, non-blocking open, bounded nesting (issues 15, 18)."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import pytest

from norsewind_tui.rules.cards import default_cards
from norsewind_tui.storage.cardfile import MAX_CARD_FILE, MAX_DEPTH, MAX_DOTS, CardFileError, load_card_file

SHIPPED = resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_bytes()


def refused(path: Path | str) -> CardFileError:
    with pytest.raises(CardFileError) as info:
        load_card_file(path)
    assert "\n" not in str(info.value)
    return info.value


def test_the_shipped_set_loads_with_the_same_identity(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(SHIPPED)
    db = load_card_file(path)
    assert db.digest == default_cards().digest and db.source == str(path) and len(db.cards) == 73


def test_dev_zero_and_a_fifo_are_refused_at_once(tmp_path: Path) -> None:
    assert str(refused("/dev/zero")) == "/dev/zero: not a regular file"
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)  # nobody writes to it: a blocking open would never return
    assert str(refused(fifo)) == f"{fifo}: not a regular file"


def test_missing_and_too_big(tmp_path: Path) -> None:
    assert str(refused(tmp_path / "nope.toml")) == f"{tmp_path / 'nope.toml'}: no such file"
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_CARD_FILE + 1))
    error = refused(big)
    assert str(error) == f"{big}: {MAX_CARD_FILE + 1} bytes is too big for a card file (limit {MAX_CARD_FILE})"
    assert error.problems == []


@pytest.mark.parametrize("name", ["a" * 10_000, "é" * 10_000], ids=["ascii", "accented"])
def test_a_name_longer_than_the_system_allows(tmp_path: Path, name: str) -> None:
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    message = str(refused(tmp_path / name))
    assert message.endswith(
        f"a name of {len(name.encode())} bytes is longer than this system allows ({limit} bytes per file name)"
    )
    assert len(message) < 200


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_bytes(b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n")
    error = refused(path)
    assert error.problems == [f"line 1: nested more than {MAX_DEPTH} levels deep"]
    inline = tmp_path / "inline.toml"
    inline.write_bytes(b"\n\nx = " + b"{a = " * 5000 + b"1" + b"}" * 5000 + b"\n")
    assert refused(inline).problems == [f"line 3: nested more than {MAX_DEPTH} levels deep"]


def test_a_dotted_header_of_200000_parts_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "dotted.toml"
    path.write_bytes(b"[" + b".".join([b"a"] * 200_000) + b"]\nx = 1\n")
    error = refused(path)
    assert error.problems == [f"line 1: a dotted key of more than {MAX_DOTS + 1} parts"]
    assert str(error) == f"{path}: line 1: a dotted key of more than {MAX_DOTS + 1} parts"


def test_brackets_dots_and_quotes_inside_strings_and_comments_do_not_count(tmp_path: Path) -> None:
    noise = "[{." * 40
    extra = (
        f'# {noise} "\n'
        f"[extra]\n"
        f'basic = "{noise} \\" \' {noise}"\n'
        f"literal = '{noise} \" {noise}'\n"
        f'multi = """\n{noise}\n" \'\'\' {noise}\n"""\n'
        f"lit_multi = '''\n{noise} \"\"\" \n'''\n"
    )
    path = tmp_path / "noisy.toml"
    path.write_bytes(SHIPPED + b"\n" + extra.encode())
    error = refused(path)  # scanned as harmless, so the parser and the schema see it
    assert error.problems == ["Object contains unknown field `extra`"]


def test_a_card_set_with_problems_lists_each(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_bytes(
        SHIPPED.replace(
            b'id = "A-12"\ndeck = "1+"\ntype = "inn"\nhelmets = 3\ncost = 3',
            b'id = "A-12"\ndeck = "1+"\ntype = "inn"\nhelmets = 3',
            1,
        )
    )
    error = refused(path)
    assert error.problems == ["$.cards[11] (A-12).cost: an inn needs a cost"]
    assert str(error) == f"{path}: 1 problem(s): $.cards[11] (A-12).cost: an inn needs a cost"


def test_cards_check_and_cards_option_give_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``cards check /dev/zero`` was a MemoryError traceback, a FIFO hung it (issue 15 section 6)."""
    from norsewind_tui.cli import main

    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        assert main(["cards", "check", path]) == 2
        assert capsys.readouterr() == ("", f"{path}: not a regular file\n")
        for argv in (["--cards", path, "simulate", "--games", "1"], ["--cards", path]):  # the app does not start
            assert main(argv) == 2
            assert capsys.readouterr() == ("", f"norsewind: {path}: not a regular file\n")


def test_cards_check_names_the_card_the_field_and_the_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from norsewind_tui.cli import main

    path = tmp_path / "mine.toml"
    vikings = SHIPPED.index(b"[[vikings]]")
    path.write_bytes(SHIPPED[:vikings] + SHIPPED[vikings:].replace(b"coins = 6", b"coins = 1000000000000000000", 1))
    assert main(["cards", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == (
        f"{path}: $.vikings[0] (Northumbria).green.coins: 1000000000000000000 is outside 1..20\n1 problem(s) found\n",
        "",
    )
