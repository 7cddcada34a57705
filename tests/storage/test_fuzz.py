"""Fuzzing the loader with thousands of small mutations of a real save.

Every mutated file either loads (and then replays to its digest) or is refused
with a one-line ``SaveError`` naming the file; nothing else escapes, and the
file is never modified by a failed load.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from norsewind_tui.storage import GameStore, SaveError, state_digest

from .conftest import play, solo

EXAMPLES = 600  # per hypothesis test; the seeded loop below adds 2000 more


class Target:
    def __init__(self, folder: Path, data: bytes) -> None:
        self.store = GameStore(folder)
        self.data = data
        self.doc = msgspec.json.decode(data)
        self.path = folder / "fuzz.json"
        self.loaded = 0
        self.refused = 0

    def check(self, data: bytes) -> None:
        self.path.write_bytes(data)
        try:
            game = self.store.open("fuzz")
        except SaveError as exc:
            msg = str(exc)
            assert "\n" not in msg and "\x1b" not in msg, msg
            assert msg.startswith(str(self.path)), msg
            assert self.path.read_bytes() == data
            self.refused += 1
            return
        try:
            saved = msgspec.json.decode(data)
            assert saved.get("digest") == state_digest(game.state)
            assert self.path.read_bytes() == data
            self.loaded += 1
        finally:
            game.close()


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Target:
    folder = tmp_path_factory.mktemp("fuzz")
    game = solo(GameStore(folder / "src"), name="src", seed=17)
    play(game, 30, random.Random(17))
    game.close()
    return Target(folder / "saves", game.path.read_bytes())


hostile = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=8),
    st.text(max_size=12),
    st.sampled_from(["\x1b[2J", "../../etc/passwd", "building", "pass", "kingdom", "\u202e", ""]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.lists(st.integers(min_value=-2, max_value=5), max_size=4),
    st.recursive(st.integers(-1, 4), lambda x: st.lists(x, max_size=3), max_leaves=6),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(doc, dict):
        return {**doc, head: _replace(doc[head], tuple(rest), value)}
    copy = list(doc)
    copy[head] = _replace(doc[head], tuple(rest), value)
    return copy


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=hostile)
def test_json_value_mutations(target: Target, data: st.DataObject, value: Any) -> None:
    paths = _paths(target.doc)
    path = data.draw(st.sampled_from(paths))
    mutated = _replace(target.doc, path, value)
    target.check(msgspec.json.encode(mutated))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    op=st.sampled_from(["truncate", "flip", "insert", "delete", "dup_move", "swap_moves", "drop_key"]),
    where=st.floats(min_value=0, max_value=1, exclude_max=True),
    blob=st.binary(min_size=1, max_size=8),
    n=st.integers(min_value=0, max_value=1000),
)
def test_byte_and_structure_mutations(target: Target, op: str, where: float, blob: bytes, n: int) -> None:
    data = target.data
    i = int(where * len(data))
    doc = target.doc
    moves = doc["moves"]
    if op == "truncate":
        out = data[:i]
    elif op == "flip":
        out = data[:i] + bytes([data[i] ^ (1 << (n % 8))]) + data[i + 1 :]
    elif op == "insert":
        out = data[:i] + blob + data[i:]
    elif op == "delete":
        out = data[:i] + data[i + 1 + n % 16 :]
    elif op == "dup_move":
        k = n % len(moves)
        out = msgspec.json.encode({**doc, "moves": [*moves[:k], moves[k], *moves[k:]]})
    elif op == "swap_moves":
        a, b = n % len(moves), (n // 7) % len(moves)
        swapped = list(moves)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        out = msgspec.json.encode({**doc, "moves": swapped})
    else:
        keys = sorted(doc)
        out = msgspec.json.encode({k: v for k, v in doc.items() if k != keys[n % len(keys)]})
    target.check(out)


def test_two_thousand_seeded_byte_mutations(target: Target) -> None:
    rng = random.Random(2024)
    data = target.data
    before = target.refused + target.loaded
    for _ in range(2000):
        out = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(out))
            kind = rng.random()
            if kind < 0.5:
                out[i] = rng.randrange(256)
            elif kind < 0.75:
                del out[i : i + rng.randint(1, 20)]
            else:
                out[i:i] = bytes(rng.choice(b'0123456789[]{}",:-e.') for _ in range(rng.randint(1, 5)))
        target.check(bytes(out))
    assert target.refused + target.loaded - before == 2000
    assert target.refused > 1300  # most random damage is caught (some mutations are harmless: whitespace)


def test_one_thousand_mutations_of_a_version_0_save(tmp_path: Path) -> None:
    """The migration path meets damaged input too: only one-line ``SaveError``s come out."""
    from norsewind_tui.rules.cards import compile_card_set

    from .conftest import FIXTURES

    cards = compile_card_set((FIXTURES / "cards.toml").read_bytes(), "cards.toml")
    store = GameStore(tmp_path, cards=cards)
    data = (FIXTURES / "v0.json").read_bytes()
    doc = msgspec.json.decode(data)
    path = tmp_path / "old.json"
    rng = random.Random(0)
    outcomes = {"loaded": 0, "refused": 0}
    keys = sorted(doc)
    values: list[Any] = [None, -1, 2**70, "x", [], {}, [[[]]], True, 1.5, ["Sigrid", "Bo"], "\x1b[2J"]
    for i in range(1000):
        if i % 2:
            out = bytearray(data)
            pos = rng.randrange(len(out))
            out[pos : pos + rng.randint(1, 4)] = bytes(rng.randrange(256) for _ in range(rng.randint(0, 3)))
            blob = bytes(out)
        else:
            edited = dict(doc)
            edited[rng.choice(keys)] = rng.choice(values)
            blob = msgspec.json.encode(edited)
        path.write_bytes(blob)
        try:
            store.open("old", read_only=True)
            outcomes["loaded"] += 1
        except SaveError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path)), str(exc)
            assert path.read_bytes() == blob
            outcomes["refused"] += 1
    assert outcomes["refused"] > 700
