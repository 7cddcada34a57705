"""A table's chat in the review (issue 41.2): each line shown in the log after the decisions made when
it was said, marked by who said it and at which decision (the text export's words); a spectator's
line apart (its own mark and style) and never shown to a seated player while the game is played."""

from __future__ import annotations

from pathlib import Path

from computer_turns import finish_table
from tables.conftest import decide
from tui.helpers import aio, make_app

from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.talk import Said, Talk
from norsewind_tui.tui.screens.review import ReviewLog, ReviewScreen


def one_decision(table: SharedTable) -> None:
    if table.is_my_turn():
        table.push(table.legal_moves()[0])
    else:
        table.adopt(table.computer_step(decide) or table.view)


def chat_in(screen: ReviewScreen) -> list[tuple[str, str]]:
    return [(text, style) for text, style in screen.query_one(ReviewLog).lines if text.startswith("Chat, ")]


async def reviewed(saves: Path, table: SharedTable, position: int | None = None) -> list[list[tuple[str, str]]]:
    """The chat lines the review of ``table`` shows at the end, then at ``position`` (and the whole log's)."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(table)
        await app.push_screen(screen)
        await pilot.pause()
        at_end = chat_in(screen)
        log = screen.query_one(ReviewLog).plain_lines
        first = next(i for i, text in enumerate(log) if not text.startswith("Chat, "))
        order = [log[first - 1], log[first + 1]] if first else []  # the chat around the first decision
        screen.go(position if position is not None else screen.timeline.end)
        await pilot.pause()
        return [at_end, chat_in(screen), [(text, "") for text in order]]


@aio
async def test_the_review_shows_the_chat_marked_by_who_and_when_the_spectators_apart(saves: Path) -> None:
    tables = TableStore(saves)
    table = tables.create("alice", ["me", "greedy"], seed=5, name="evening")
    assert isinstance(Talk(table).say("good luck"), Said)
    one_decision(table)
    carol = tables.open("evening", "carol")
    assert isinstance(Talk(carol).say("watching you"), Said)
    one_decision(table)
    assert isinstance(Talk(table).say("nice start"), Said)
    # during play: alice reads the players' lines only, carol the spectators' only
    at_end, at_one, _ = await reviewed(saves, tables.open("evening", "alice"), position=1)
    assert at_end == [
        ("Chat, before the first decision: alice: good luck", "log--chat"),
        ("Chat, after decision 2: alice: nice start", "log--chat"),
    ]
    assert at_one == [("Chat, before the first decision: alice: good luck", "log--chat")]  # not yet said
    at_end, _, _ = await reviewed(saves, tables.open("evening", "carol"))
    assert at_end == [("Chat, after decision 1: carol (watching): watching you", "log--watching")]
    finish_table(table)
    assert isinstance(Talk(table).say("well played"), Said)
    # once the game is over, both, each after its decision, the spectator's in its own style
    end = table.session.position
    at_end, at_one, order = await reviewed(saves, tables.open("evening", "alice"), position=1)
    assert at_end == [
        ("Chat, before the first decision: alice: good luck", "log--chat"),
        ("Chat, after decision 1: carol (watching): watching you", "log--watching"),
        ("Chat, after decision 2: alice: nice start", "log--chat"),
        (f"Chat, after decision {end}: alice: well played", "log--chat"),
    ]
    assert at_one == at_end[:2]
    assert [text for text, _ in order] == [at_end[0][0], at_end[1][0]]  # around the first decision's line
