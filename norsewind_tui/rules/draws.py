"""The game's random draws (R22): the numbers ``random.Random`` gives, at a fraction of the cost.

Every draw of a game comes from a Mersenne Twister seeded with the string
``norsewind:{seed}:{counter}``.  With ``random.Random`` the Python-level parts (string seeding,
``shuffle``, ``sample``, ``randrange``) cost more than the twister itself: a new game spent most
of its 100-150 µs there.  So the twister is seeded in C with the very integer ``random.Random``
derives from the string (seed version 2: the UTF-8 bytes followed by their SHA-512), and the
helpers below are CPython's own algorithms over ``getrandbits``.  Same seed, same numbers, same
games: ``tests/rules/test_determinism.py`` checks them against ``random.Random`` and pins the
final states of fixed games.
"""

from __future__ import annotations

from _random import Random as Twister
from collections.abc import Sequence
from hashlib import sha512
from typing import TypeVar

__all__ = ["Twister", "below", "sample", "shuffle", "stream"]

T = TypeVar("T")


def stream(seed: int, counter: int) -> Twister:
    """The generator ``random.Random(f"norsewind:{seed}:{counter}")`` would be."""
    key = f"norsewind:{seed}:{counter}".encode()
    return Twister(int.from_bytes(key + sha512(key).digest(), "big"))


def below(r: Twister, n: int) -> int:
    """``random.Random.randrange(n)`` for n > 0 (``_randbelow_with_getrandbits``)."""
    getrandbits = r.getrandbits
    k = n.bit_length()
    x = getrandbits(k)
    while x >= n:
        x = getrandbits(k)
    return x


_BITS = tuple(n.bit_length() for n in range(257))


def shuffle(r: Twister, x: list[T]) -> None:
    """``random.Random.shuffle(x)``: the same swaps, in place."""
    getrandbits = r.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n] if n < 257 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(r: Twister, population: Sequence[T], k: int) -> list[T]:
    """``random.Random.sample(population, k)`` for the small populations of a setup (at most 21:
    CPython's pool method; it picks by a set of indices above that, which no setup needs)."""
    n = len(population)
    if not 0 <= k <= n <= 21:
        raise ValueError(f"sample of {k} from {n}: only small populations are drawn from")
    pool = list(population)
    result = []
    for i in range(k):
        j = below(r, n - i)
        result.append(pool[j])
        pool[j] = pool[n - i - 1]
    return result
