"""The command line never writes a control character it did not mean (issue 17, issue 15 section 6).

Every subcommand runs with names, paths and file contents carrying terminal
payloads; the raw bytes it writes (file descriptors 1 and 2) must hold no
escape, C1, DEL or bidirectional control the program did not mean: none at all
without colour, only SGR colour codes with it.  Names longer than the system
allows get one line naming the limit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from norsewind_tui.cli import main
from norsewind_tui.rules import GameConfig
from norsewind_tui.ssh.lifecycle import log_to_stderr
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.tui.text import safe_text

PAYLOADS = {
    "osc-title": "bob\x1b]0;PWNED\x07",
    "osc52-clipboard": "\x1b]52;c;cHduZWQ=\x07",
    "clear-screen": "\x1b[2J\x1b[H",
    "csi-8bit": "\x9b2J",
    "dcs": "\x1bP+q\x1b\\",
    "bidi": "abc\u202egnp.exe",
    "raw-byte-9b": "\udc9b2J",  # the byte 0x9b as the kernel hands it to Python (not UTF-8)
}
# Controls a terminal acts on: C0 but tab and newline, DEL, C1, line separators, bidi marks and overrides.
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
SGR = re.compile("\x1b\\[[0-9;]*m")
SHIPPED = resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_bytes()
FIRST_CARD = b'id = "A-01"\ndeck = "1+"\ntype = "farm"\nhelmets = 1\n'


def assert_clean(raw: bytes, colour: bool) -> str:
    """``raw`` as text, after checking it holds only the controls the program means."""
    text = raw.decode("utf-8")  # strict: a lone 0x9b byte is an 8-bit CSI to a terminal
    if colour:
        text = SGR.sub("", text)
    bad = FORBIDDEN.search(text)
    assert bad is None, f"{bad.group()!r} in {text[max(bad.start() - 60, 0) : bad.start() + 20]!r}"
    assert "Traceback" not in text
    return text


def run(capfdbinary: pytest.CaptureFixture[bytes], argv: list[str]) -> tuple[int, bytes, bytes]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's errors
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capfdbinary.readouterr()
    return code, out, err


def in_file(payload: str) -> str:
    """The payload as a file's text can hold it: a raw byte 0x9b becomes the character U+009B."""
    return "".join(chr(ord(c) - 0xDC00) if 0xDC80 <= ord(c) <= 0xDCFF else c for c in payload)


def world(tmp_path: Path, payload: str) -> tuple[Path, Path, Path]:
    """A saves folder, a save with the payload in seat names, a broken save and a card file, all named after it."""
    saves = tmp_path / f"saves-{payload}"
    store = GameStore(saves)
    seats = [SeatMeta("SEAT1"), SeatMeta("SEAT2", "computer", "random")]
    game = store.create(GameConfig(players=("SEAT1", "SEAT2")), 5, seats, name="g")
    game.close()  # the store refuses such names: the seats' metadata was written by another program
    data = game.path.read_bytes()
    for seat in (b"SEAT1", b"SEAT2"):
        data = data.replace(
            b'"name":"' + seat + b'"', b'"name":' + json.dumps(in_file(payload) + seat.decode()[-1]).encode()
        )
    game.path.write_bytes(data)
    os.close(os.open(saves / f"{payload}.json", os.O_CREAT | os.O_WRONLY, 0o600))
    cards = tmp_path / f"cards-{payload}.toml"
    card_id = json.dumps(in_file(payload)).encode()  # TOML basic strings take the same \\u escapes
    cards.write_bytes(
        SHIPPED.replace(FIRST_CARD, b"id = " + card_id + b'\ndeck = "1+"\ntype = "farm"\nhelmets = 1000\n')
    )
    return saves, game.path, cards


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("payload", list(PAYLOADS.values()), ids=list(PAYLOADS))
def test_every_subcommand_escapes_what_it_did_not_write(
    tmp_path: Path,
    capfdbinary: pytest.CaptureFixture[bytes],
    monkeypatch: pytest.MonkeyPatch,
    payload: str,
    colour: bool,
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the table keeps each name on one line
    if colour:  # rich then writes colour codes: they are meant, nothing else is
        monkeypatch.setenv("FORCE_COLOR", "1")
        monkeypatch.setenv("TERM", "xterm-256color")
    saves, game_path, cards = world(tmp_path, payload)
    commands = [
        ["progress", "--profile", payload],
        ["saves"],
        ["saves", "verify", str(game_path)],
        ["saves", "verify", payload],
        ["saves", "rm", payload],
        ["resume", payload],
        ["cards", "check", str(cards)],
        ["cards", "check", payload],
        ["--cards", payload, "simulate", "--games", "1"],
        ["--cards", str(cards), "simulate", "--games", "1"],
        ["--cards", payload],  # play: the app must not start
        ["--cards", str(cards)],
        ["simulate", "--games", "1", "--bots", payload],
        ["simulate", "--games", payload],
        ["serve", "--port", "0", "--open", "--host", payload],
        ["serve", "--port", "0", "--authorized-keys", payload],
        ["saves", "verify", "x", payload],  # argparse: unrecognized arguments
        [payload],  # argparse: invalid choice
    ]
    shown, shown_in_file = safe_text(payload), safe_text(in_file(payload))
    for argv in commands:
        code, out, err = run(capfdbinary, ["--saves", str(saves), *argv])
        text = assert_clean(out, colour) + assert_clean(err, colour)
        assert shown in text or "\\x" in text, (argv, text)
        if argv[0] == "progress":
            assert code == 0 and f"Solo campaign of {shown}" in text
        elif argv == ["saves"]:
            assert code == 0 and f"{shown_in_file}1" in text and f"{shown}.json: not a valid save name" in text
        elif argv[:2] == ["saves", "verify"] and argv[2] == str(game_path):
            assert code == 1 and "g.json: $.meta.seats[0].name: the name contains the control character U+" in text
        elif argv[:2] == ["cards", "check"] and argv[2] == str(cards):
            assert code == 1 and f"$.cards[0] ({shown_in_file}).helmets: 1000 is outside" in text
        else:
            assert code in (1, 2), (argv, text)


def test_serve_log_lines_escape_what_clients_send(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    for payload in PAYLOADS.values():  # a login name comes from the network
        log_to_stderr(f"{payload}@127.0.0.1: not let in (no accepted key for this name)")
        out, err = capfdbinary.readouterr()
        assert out == b"" and err.endswith(
            f"{safe_text(payload)}@127.0.0.1: not let in".encode() + b" (no accepted key for this name)\n"
        )
        assert_clean(err, colour=False)


@pytest.mark.parametrize("name", ["a" * 10_000, "é" * 10_000], ids=["ascii", "accented"])
def test_a_name_longer_than_the_system_allows_is_one_line(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes], name: str
) -> None:
    limit = f"is longer than this system allows ({os.pathconf(tmp_path, 'PC_NAME_MAX')} bytes per file name)"
    saves = str(tmp_path / "saves")
    for argv in (
        ["saves", "verify", name],
        ["saves", "verify", f"x/{name}"],
        ["cards", "check", name],
        ["--cards", name, "simulate", "--games", "1"],
        ["--cards", name],  # the app would start: it must not
        ["serve", "--port", "0", "--authorized-keys", name],
        ["serve", "--port", "0", "--open", "--saves", name],
    ):
        code, out, err = run(capfdbinary, ["--saves", saves, *argv])
        assert code == 2 and out == b"", argv
        lines = assert_clean(err, colour=False).splitlines()
        assert len(lines) == 1 and lines[0].startswith("norsewind: ") and lines[0].endswith(limit), argv
    code, out, err = run(capfdbinary, ["--saves", name, "saves"])
    assert code == 2 and err.decode().endswith(f"{limit}\n")
    for argv in (["saves", "rm", name], ["resume", name]):  # a game name, not a path: no such game
        code, out, err = run(capfdbinary, ["--saves", saves, *argv])
        assert code == 2 and out == b"" and len(assert_clean(err, colour=False).splitlines()) == 1, argv


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_a_raw_8bit_csi_byte_in_an_argument_is_shown_escaped(tmp_path: Path, locale: str) -> None:
    # The kernel hands Python the byte 0x9b undecoded; it used to reach the terminal as an 8-bit CSI.
    env = {**os.environ, "LC_ALL": locale, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    for name in ("PYTHONIOENCODING", "PYTHONUTF8", "FORCE_COLOR"):
        env.pop(name, None)
    argv = [b"--saves", os.fsencode(tmp_path), b"progress", b"--profile", b"bob\x9b2J"]
    done = subprocess.run([sys.executable, "-m", "norsewind_tui.cli", *argv], capture_output=True, env=env, check=False)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.splitlines()[0].rstrip() == b"Solo campaign of bob\\udc9b2J"
    assert_clean(done.stdout, colour=False)
