"""The host's engines file (issue 29, ``storage/engines.py``): names to commands, believed only when it
is the running account's own and no other account may write it; any problem is one line, no engine."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from norsewind_tui.storage.engines import ENGINES_FILE, HostEngine, HostEngines, load_engines

GOOD = """\
# the engines this host names for its tables' stand-ins
[engines.example]
command = "python3 /opt/norsewind/examples/engine.py"

[engines.deep-2]
command = "/usr/local/bin/deep --level 2"
time = 2.5
"""


BAD_TOML = "[engines.example\n"


def toml_problem(text: str) -> str:
    """tomllib's own words for ``text`` (they differ between Python versions)."""
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return str(exc)
    raise AssertionError(f"{text!r} is TOML")


def engines_file(saves: Path, text: str, mode: int = 0o600) -> Path:
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / ENGINES_FILE
    path.write_text(text, encoding="utf-8")
    os.chmod(path, mode)
    return path


def test_no_file_names_no_engine_and_says_nothing(tmp_path: Path) -> None:
    assert load_engines(tmp_path) == HostEngines({}, None)


def test_the_file_names_each_engine_with_its_command_and_time(tmp_path: Path) -> None:
    engines_file(tmp_path, GOOD)
    host = load_engines(tmp_path)
    assert host.problem is None and host.names() == ("deep-2", "example")
    assert host.engines == {
        "example": HostEngine("example", "python3 /opt/norsewind/examples/engine.py", 5.0),
        "deep-2": HostEngine("deep-2", "/usr/local/bin/deep --level 2", 2.5),
    }


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (BAD_TOML, f"not TOML: {toml_problem(BAD_TOML)}"),
        (
            '[engines.Deep]\ncommand = "x"\n',
            "engines.Deep: a name is a lower-case letter, then up to 31 of a-z, 0-9, - and _",
        ),
        ('[engines.a]\ncommand = ""\n', "engines.a.command: expected the command line, 1 to 1024 characters"),
        ("[engines.a]\ntime = 3\n", "engines.a.command: expected the command line, 1 to 1024 characters"),
        ('[engines.a]\ncommand = "x"\ntime = 600\n', "engines.a.time: expected seconds from 0.1 to 60"),
        ('[engines.a]\ncommand = "x"\nshell = true\n', "engines.a.shell: unknown (an engine has a command and a time)"),
        ('[engines.a]\ncommand = "x\\ny"\n', "engines.a.command: one line, no control characters"),
        ('engines = "x"\n', "engines: expected tables [engines.NAME]"),
        ('[engine.a]\ncommand = "x"\n', "'engine': unknown (the file has one table, [engines.NAME])"),
    ],
)
def test_a_bad_file_is_one_line_and_names_no_engine(tmp_path: Path, text: str, problem: str) -> None:
    path = engines_file(tmp_path, text)
    host = load_engines(tmp_path)
    assert host == HostEngines({}, f"{path}: {problem}: this host names no outside engine")


def test_a_file_other_accounts_may_write_is_not_believed(tmp_path: Path) -> None:
    path = engines_file(tmp_path, GOOD, mode=0o620)
    assert load_engines(tmp_path) == HostEngines(
        {}, f"{path}: mode 0620: other accounts may write it (chmod 600 it): this host names no outside engine"
    )


def test_another_accounts_file_is_not_believed(tmp_path: Path) -> None:
    """Its commands would run as this account: refused whoever wrote it (the tests run as root, so the
    file is given to another uid)."""
    if os.geteuid() != 0:
        pytest.fail("this test gives a file to another account (chown): run it as root, as CI does")
    path = engines_file(tmp_path, GOOD)
    os.chown(path, 4242, -1)
    host = load_engines(tmp_path)
    assert host.engines == {}
    refused = f"{path}: belongs to another account, uid 4242: not believed"
    assert host.problem == f"{refused}: this host names no outside engine"


def test_a_symbolic_link_is_never_followed(tmp_path: Path) -> None:
    real = engines_file(tmp_path / "elsewhere", GOOD)
    (tmp_path / ENGINES_FILE).symlink_to(real)
    host = load_engines(tmp_path)
    assert host == HostEngines(
        {}, f"{tmp_path / ENGINES_FILE}: is a symbolic link; refusing to follow it: this host names no outside engine"
    )
