"""Our bots as outside engines: the engine protocol's other side (``norsewind engine``).

``speak(bot, source, sink)`` reads the host's lines from ``source`` and answers on ``sink``: ``ready``
to the hello (after checking its card set), the index of the bot's move to each decide (the bot
decides on ``state_of(view)``: what the seat sees, so it makes the move it makes in-process; a
search stops within the clock's limit), and it ends at ``bye`` or at the end of the input.  A line
that is not the protocol's is ``Unspoken``.
"""

from __future__ import annotations

import dataclasses
from typing import BinaryIO

import msgspec

from ..rules.cards import CardDB, card_set_digest, validate
from ..rules.engine import register_cards
from .base import Bot
from .mcts import MCTSBot
from .protocol import PROTOCOL, Answer, Bye, Decide, Hello, Ready, decode_host, encode, state_of


class Unspoken(Exception):
    """The host wrote something this engine cannot answer (the reason, as data in ``args``)."""


def speak(bot: Bot, source: BinaryIO, sink: BinaryIO) -> int:
    """Answer the host until it says bye; the number of decisions answered."""
    answered = 0
    for raw in source:
        if not raw.strip():
            continue
        try:
            message = decode_host(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise Unspoken("not a line of the protocol", str(exc)) from None
        if isinstance(message, Bye):
            break
        if isinstance(message, Hello):
            _learn_cards(message)
            reply: Ready | Answer = Ready(PROTOCOL, bot.name)
        else:
            reply = Answer(message.id, _index(bot, message))
            answered += 1
        sink.write(encode(reply))
        sink.flush()
    return answered


def _learn_cards(hello: Hello) -> None:
    if validate(hello.card_set) or card_set_digest(hello.card_set) != hello.digest:
        raise Unspoken("a card set that does not check", hello.digest)
    register_cards(CardDB(hello.card_set, hello.digest, "<host>"))


CLOCK_SHARE = 0.6  # of an answer's time limit, at most, for a search (the rest: pipes, a loaded host)


def _index(bot: Bot, decide: Decide) -> int:
    if isinstance(bot, MCTSBot):  # a wall-clock cap within the host's limit (its budget decides)
        cap = max(decide.clock.move_ms / 1000 * CLOCK_SHARE, 0.05)
        own = bot.config.time_cap
        bot.config = dataclasses.replace(bot.config, time_cap=cap if own is None else min(own, cap))
    move = bot.decide(state_of(decide.view))
    try:
        return decide.moves.index(move)
    except ValueError:
        raise Unspoken("the moves offered are not the view's legal moves", decide.id) from None
