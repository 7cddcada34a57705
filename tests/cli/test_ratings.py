"""``norsewind ratings`` (issue 27): every person's rating beside the computer levels', in 80 columns."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from norsewind_tui.cli import main
from norsewind_tui.storage import ProfileStore
from norsewind_tui.storage.ratings import RatedGame, RatedSeat, Rating, shipped_anchors

LONG = "Bartholomew-Alexandrinus"  # 24 cells: the longest name the app's forms take


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_ratings_lists_people_and_computers_best_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profiles = ProfileStore(tmp_path / "profiles")
    when = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    game = RatedGame(
        os.urandom(16).hex(),
        when,
        (RatedSeat("person", LONG, 1), RatedSeat("computer", "greedy", 2), RatedSeat("person", "[red]bo[/red]", 3)),
    )
    assert profiles.rate(game)
    anchors = shipped_anchors()
    greedy = anchors.levels["greedy"]
    m = PlackettLuce()
    (long,), _, (bo,) = m.rate(
        [[m.rating()], [m.rating(mu=greedy.mu, sigma=greedy.sigma)], [m.rating()]], ranks=[1, 2, 3]
    )
    rows = [
        (LONG, "", Rating(long.mu, long.sigma), 1),
        ("[red]bo[/red]", "", Rating(bo.mu, bo.sigma), 1),
        *((name, "computer", r, anchors.games[name]) for name, r in anchors.levels.items()),
    ]
    rows.sort(key=lambda row: -row[2].ordinal)
    code, lines, err = run(capsys, "--saves", str(tmp_path), "ratings")
    assert (code, err) == (0, "")
    assert lines[:2] == [
        "Ratings: people and computers on one scale (the computers' fixed, version 2)",
        "  #  Player                              Rating      mu  sigma  Games",
    ]
    assert lines[2:-1] == [
        f"{i:>3}  {name:<24}  {kind:<8}  {r.display:>6}  {r.mu:>6.2f}  {r.sigma:>5.2f}  {games:>5}"
        for i, (name, kind, r, games) in enumerate(rows, 1)
    ]
    shown = round(1000 + 40 * (long.mu - 3 * long.sigma))
    assert any(line[5:].startswith(f"{LONG}            {shown:>6}  ") for line in lines)
    assert lines[-1] == "Rating: 1000 + 40 x (mu - 3 sigma); a newcomer has 1000 (mu 25, sigma 8.33)."
    assert all(len(line) <= 80 and "…" not in line for line in lines)


def test_ratings_of_an_empty_folder_and_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "--saves", str(tmp_path), "ratings")
    assert code == 0
    assert "No game counted yet: a table or hot-seat game with 2 rated players counts." in lines
    (tmp_path / "profiles").mkdir(mode=0o700, exist_ok=True)
    (tmp_path / "profiles" / ".ratings.json").write_bytes(b"[1, 2")
    code, lines, err = run(capsys, "--saves", str(tmp_path), "ratings")
    assert (code, err) == (0, "")
    assert (
        lines[-1]
        == (
            f"note: {tmp_path}/profiles/.ratings.json: not valid JSON: input data was truncated; it has no backup: "
            "the ratings cannot be read"
        )[:79]
        + "…"
    )


def test_progress_and_the_hall_of_fame_say_the_rating_once_there_is_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from daily_records import record

    profiles = ProfileStore(tmp_path / "profiles")
    profiles.record("ana", record(1, 12))
    code, lines, _ = run(capsys, "--saves", str(tmp_path), "progress", "--profile", "ana")
    assert code == 0 and not any(line.startswith("Rating") for line in lines)
    assert run(capsys, "--saves", str(tmp_path), "halloffame")[1][1] == (
        " #  Player                Margin  Medal       You  Vikings  Date"
    )
    when = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    carol = RatedGame(os.urandom(16).hex(), when, (RatedSeat("person", "carol", 1), RatedSeat("computer", "hard", 2)))
    assert profiles.rate(carol)  # carol is not in the hall: no column for her alone
    assert run(capsys, "--saves", str(tmp_path), "halloffame")[1][1].startswith(" #  Player                Margin")
    ana = RatedGame(os.urandom(16).hex(), when, (RatedSeat("person", "ana", 2), RatedSeat("computer", "hard", 1)))
    assert profiles.rate(ana)
    shown = profiles.ladder().standing("ana").rating.display
    code, lines, _ = run(capsys, "--saves", str(tmp_path), "progress", "--profile", "ana")
    assert f"Rating {shown} over 1 game (norsewind ratings: everyone's)." in lines
    hall = run(capsys, "--saves", str(tmp_path), "halloffame")[1]
    assert hall[1:3] == [
        " #  Player                   Rating  Margin  Medal     You   Vik  Date",
        f" 1  ana                      {shown:>6}     +12  silver     72    60  2026-11-30",
    ]
