"""Norsewind TV's channel (issue 44.2): the analysis's marks in a replay, only the day's games replayed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tv_tables import table

from norsewind_tui.options import Options
from norsewind_tui.rules.engine import cards_for, legal_moves
from norsewind_tui.storage.analysis import ANALYSIS_FORMAT, Analysis, Verdict, log_key, write_analysis
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.daily import utc_today
from norsewind_tui.tv import Channel, caption_of


def channel(saves: Path, days_later: int = 0) -> Channel:
    context = AppContext(Options(saves=str(saves)))
    return Channel(context.tables, context.profiles.ladder(), "carol", lambda: utc_today() + timedelta(days_later))


def test_a_replay_marks_the_decisions_its_analysis_found_costly(saves: Path) -> None:
    table(saves, "duel", "alice", "bob", None)
    tv = channel(saves)
    opened = tv.tables.open("duel", "carol")
    session = opened.session
    verdict = Verdict(decision=4, turn=1, made="took the Inn", best="took the Farm", loss=9.4, costly=True)
    fine = Verdict(decision=2, turn=1, made="took the Farm", best="", loss=0.0, costly=False)
    key = log_key(session, cards_for(session.states[0]).digest)
    write_analysis(opened.path.parent, "duel", Analysis(ANALYSIS_FORMAT, key, 1, "hard", 3.0, (fine, verdict)))
    opened.close()
    frames = [tv.look() for _ in range(6)]  # decisions 0 to 5
    assert [f.position for f in frames] == [0, 1, 2, 3, 4, 5]
    assert [f.costly for f in frames] == [None, None, None, None, None, 9.4]  # the decision that led to 5
    assert caption_of(frames[5]).endswith("[a costly decision: 9 points]")
    tv.close()


def test_only_the_days_finished_games_are_replayed(saves: Path) -> None:
    table(saves, "duel", "alice", "bob", None)
    tv = channel(saves, days_later=1)
    assert tv.look().kind == "nothing"  # finished yesterday, as tomorrow sees it
    tv.close()
    assert channel(saves).look().kind == "replay"


def test_a_table_closed_to_watchers_is_never_on_the_channel(saves: Path) -> None:
    """Issue 41.3's rule holds on TV: the store refuses the watcher, so the channel passes it over."""
    table(saves, "open-one", "alice", "bob", 1)
    store = channel(saves).tables
    ann = store.create("ann", ["me", "open"], seed=1, name="a-private", watching="nobody")
    eve = store.open("a-private", "eve")
    eve.join()
    ann.reload()
    ann.push(legal_moves(ann.state)[0])  # the same deal and decision: as interesting, and first by name
    ann.close()
    eve.close()
    assert {s.name: s.decisions for s in store.list()} == {"open-one": 1, "a-private": 1}
    tv = channel(saves)
    frame = tv.look()
    assert (frame.kind, frame.table) == ("live", "open-one")
    tv.close()
