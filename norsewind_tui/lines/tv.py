"""Norsewind TV in lines (issue 44.2): ``norsewind tv --lines`` says the channel's frames.

A caption when the channel shows another table (or goes from live to a replay), then a line per
decision with its words and, in a replay of an analysed game, its mark.  A line typed between
frames: ``f`` follows the table shown, ``b`` steps a replay back (held), Enter goes on, ``q``
(or the end of the input) leaves.
"""

from __future__ import annotations

from ..storage.context import AppContext
from ..tv import Channel, Frame, caption_of
from ..words import tv as say
from .io import LineIO

PACE = 2.0  # seconds between two looks: a replay's decision each


def say_frame(io: LineIO, frame: Frame, last: Frame | None) -> None:
    """What changed since ``last``: the caption for another table, the decision's words for a step."""
    if frame.kind == "nothing":
        if last is None or last.kind != "nothing":
            io.say(say.NOTHING)
        return
    if last is None or (last.kind, last.table) != (frame.kind, frame.table) or frame.position < last.position:
        io.say(caption_of(frame), "event")
    elif frame.position == last.position:
        if (frame.followed, frame.held) != (last.followed, last.held):
            io.say(caption_of(frame), "event")  # following, or held: said once, nothing new happened
        return
    for sentence in frame.said:
        io.say(sentence)
    if frame.costly is not None:
        io.say(say.costly(frame.costly))


def run_tv(context: AppContext, io: LineIO, pace: float = PACE) -> int:
    """The channel until ``q`` or the end of the input; 0."""
    channel = Channel(context.tables, context.profiles.ladder(), context.identity)
    io.say(say.LINE_KEYS)
    last: Frame | None = None
    try:
        frame = channel.look()
        while True:
            say_frame(io, frame, last)
            last = frame
            typed, line = io.read_within(pace)
            if not typed:
                frame = channel.look()
            elif line is None or line.lower() == "q":
                return 0
            elif line.lower() == "f":
                channel.follow()
                frame = channel.frame()
            elif line.lower() == "b":
                frame = channel.step_back()
            else:
                channel.resume()
                frame = channel.look()
    finally:
        channel.close()
