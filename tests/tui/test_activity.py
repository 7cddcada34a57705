"""What an app was doing when a key was slow (issue 28, "tail latency explained").

The recorder (``norsewind_tui.activity``) is off unless the host's operator names a folder; the
real app on a terminal then writes the keys it reads and its draws; ``explain`` splits a slow
key's time into the parts those spans show.  Nothing here is timed: the spans are made up, or
checked for their order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui import activity
from norsewind_tui.activity import (
    BEFORE,
    ELSEWHERE,
    UNANSWERED,
    UNRECORDED,
    Recorder,
    Span,
    explain,
    read,
    spans_by_player,
)
from norsewind_tui.ssh.launch import Served, served_environment

from .pty_app import app_on_pty


def test_the_recorder_keeps_keys_and_spans_of_5_ms_or_more_and_reads_them_back(tmp_path: Path) -> None:
    path = tmp_path / "ana.1.log"
    with path.open("a", encoding="utf-8") as out:
        ticks = iter([30.0, 2.0, 30.02, 2.015, 31.0, 3.0, 31.001, 3.001])  # clock, CPU: two collections
        recorder = Recorder(out, clock=lambda: next(ticks), cpu=lambda: next(ticks))
        recorder.write("draw", 10.0, 10.004, 0.004)  # under SHORTEST: not worth a line
        recorder.write("draw", 10.0, 10.25, 0.01)
        recorder.write("key", 11.0, 11.0, 0.0)  # a key is an instant, always kept
        recorder.write("loop", 12.0, 12.01, 0.01, "message pump\nGameScreen()")  # its task, on one line
        for _ in range(2):
            recorder.collected("start", {})
            recorder.collected("stop", {})  # 20 ms with 15 ms of CPU, then 1 ms: left out
    with path.open("a", encoding="utf-8") as out:
        out.write("12.0 12.5 0.1 dr")  # a line torn by a killed app
    assert read(path) == [
        Span(10.0, 10.25, 0.01, "draw"),
        Span(11.0, 11.0, 0.0, "key"),
        Span(12.0, 12.01, 0.01, "loop", "message pump GameScreen()"),
        Span(30.0, 30.02, 0.015, "gc"),
    ]
    assert spans_by_player(tmp_path) == {"ana": read(path)}


def test_with_no_folder_named_nothing_is_recorded(tmp_path: Path) -> None:
    assert not activity.start("ana", environ={})
    assert activity._recorder is None
    with activity.span("draw"):
        activity.mark("key")
    assert list(tmp_path.iterdir()) == []


def test_a_slow_key_is_split_into_the_time_before_its_app_read_it_and_the_apps_spans() -> None:
    # Written at 10.0, drawn at 11.0; read at 10.6 by a reader that waited behind a draw from 10.5
    # to 10.9 that had 50 ms of CPU in 400 ms: it waited for a processor.
    spans = [Span(10.6, 10.6, 0.0, "key"), Span(10.5, 10.9, 0.05, "draw"), Span(9.0, 9.5, 0.5, "gc")]
    e = explain(10.0, 1.0, spans)
    assert [(c.what, round(c.seconds, 6), c.starved) for c in e.parts] == [
        (BEFORE, 0.5, False),  # 0.6 before the read, 0.1 of it inside the draw
        ("draw", 0.4, True),
        (UNRECORDED, 0.1, False),  # 10.9 to 11.0: after the draw, in no span
    ]
    assert e.cause == e.parts[0] and e.cause.what == BEFORE  # the largest part is the cause


def test_a_loop_span_counts_without_the_draw_inside_it_and_is_named_after_its_task() -> None:
    pump = "message pump GameScreen()"
    spans = [Span(30.0, 30.0, 0.0, "key"), Span(30.0, 30.5, 0.5, "loop", pump), Span(30.1, 30.3, 0.2, "draw")]
    e = explain(30.0, 0.6, spans)
    assert [(c.what, round(c.seconds, 6), c.starved) for c in e.parts] == [
        (f"loop: {pump}", 0.3, False),
        ("draw", 0.2, False),
        (UNRECORDED, 0.1, False),  # 30.5 to 30.6: the loop idle, waiting
    ]


def test_a_key_answered_only_by_another_seats_move_is_not_the_apps_latency() -> None:
    # At a table, the player waiting presses a key that changes nothing; 2 s later the other
    # player's move arrives and is drawn: those are the bytes that came back.
    spans = [Span(40.0, 40.0, 0.0, "key"), Span(42.0, 42.0, 0.0, "moved"), Span(42.0, 42.1, 0.1, "draw")]
    e = explain(40.0, 2.1, spans)
    assert (e.cause.what, round(e.cause.seconds, 6)) == (ELSEWHERE, 0.1)
    drawn_first = explain(40.0, 2.1, [*spans, Span(40.0, 40.05, 0.05, "draw")])  # the key's own answer came first
    assert drawn_first.cause.what != ELSEWHERE


def test_a_key_that_drew_nothing_is_looked_at_over_ten_seconds() -> None:
    spans = [Span(20.01, 20.01, 0.0, "key"), Span(20.02, 27.02, 6.9, "think")]
    e = explain(20.0, None, spans)
    assert e.cause.what == "think" and not e.cause.starved
    assert e.cause.seconds == pytest.approx(7.0)
    assert [c.what for c in e.parts] == ["think", UNRECORDED, BEFORE]
    assert (e.read, e.drew) == (True, False)
    never = explain(20.0, None, [Span(19.0, 19.0, 0.0, "key")])  # the app's last key came before this one
    assert (never.read, never.cause.what, never.cause.seconds) == (False, BEFORE, UNANSWERED)


def test_a_served_app_gets_the_operators_activity_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    served = Served(tmp_path, tmp_path / "empty", None, "ssh")
    assert activity.VARIABLE not in served_environment(served, "ana", "xterm")
    monkeypatch.setenv(activity.VARIABLE, str(tmp_path / "spans"))
    assert served_environment(served, "ana", "xterm")[activity.VARIABLE] == str(tmp_path / "spans")


def test_the_app_on_a_terminal_records_the_keys_it_reads_and_the_draws_that_answer_them(saves: Path) -> None:
    folder = saves.parent / "activity"
    folder.mkdir()
    with app_on_pty(saves, "alice", **{activity.VARIABLE: str(folder)}) as app:
        app.read_until(b"Solo campaign")
        app.write(b"n")
        app.read_until(b"Solo level")
        app.write(b"\x03")
        app.ends_well()
    pid = app.pid
    assert [p.name for p in folder.iterdir()] == [f"alice.{pid}.log"]
    spans = read(folder / f"alice.{pid}.log")
    keys = [s.start for s in spans if s.what == "key"]
    work = [s for s in spans if s.what in ("loop", "draw")]
    assert len(keys) == 2  # n, then ctrl+c
    # the new-game form was built and drawn after n was read (tens of ms of the loop's work)
    assert any(w.end > keys[0] for w in work)
    assert all(0 <= w.cpu <= w.end - w.start + 0.01 for w in work)  # a thread's CPU within its span
