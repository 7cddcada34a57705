"""What a seat may see of a state, and determinisation.

A player sees everything on the table, but not the order of the draw deck and
the reserve deck (their *composition* is public: it follows from the decks in
play and the cards already seen).  The game seed is not for players either: it
would let a program recompute the shuffles.

Bots never read ``State.deck``/``State.reserve`` in order and never use
``State.seed``.  They work on:

- ``info_key(state)``: bytes naming the information set (decks and box
  sorted, seed blanked).  Two states that differ only in the unseen order share a key.
- ``decision_rng(bot_seed, state)``: a ``random.Random`` derived from the bot's
  own seed and ``info_key``, so a bot's decision is a pure function of what it
  may see and its seed (a game with bots replays exactly, and resuming a save
  mid-turn gives the same decisions).
- ``determinise(state, rng)``: one sample of the unseen order: both decks'
  contents sorted, then shuffled with ``rng``; the seed replaced by a draw from
  ``rng``.  The result never depends on the real order.
"""

from __future__ import annotations

import hashlib
import random

import msgspec

from ..rules.state import State

_replace = msgspec.structs.replace
_encoder = msgspec.msgpack.Encoder()


def public_state(state: State) -> State:
    """The state with the unseen order removed: decks sorted, seed 0.

    The box is sorted too: what is in it is known (unused decks, the starting cards
    nobody was dealt, discarded castles), the order the setup put it in is not.
    """
    return _replace(
        state,
        deck=tuple(sorted(state.deck)),
        reserve=tuple(sorted(state.reserve)),
        box=tuple(sorted(state.box)),
        seed=0,
    )


def info_key(state: State) -> bytes:
    """A digest of everything the players may see (not the decks' order, not the seed)."""
    return hashlib.blake2b(_encoder.encode(public_state(state)), digest_size=16).digest()


def decision_rng(bot_seed: int, state: State) -> random.Random:
    """The random stream for one decision: from the bot's seed and the information set."""
    digest = hashlib.blake2b(info_key(state), digest_size=16, key=str(bot_seed).encode()[:64]).digest()
    return random.Random(int.from_bytes(digest, "big"))


def determinise(state: State, rng: random.Random) -> State:
    """A state with a sampled order of the unseen decks (their contents are public)."""
    deck = sorted(state.deck)
    rng.shuffle(deck)
    reserve = sorted(state.reserve)
    rng.shuffle(reserve)
    return _replace(state, deck=tuple(deck), reserve=tuple(reserve), seed=rng.getrandbits(32))
