"""The database as the store of the app and the commands (issue 25 §2, §3): chosen by --database,
one listening connection per host, one line when it cannot be reached, nothing lost when it restarts."""

from __future__ import annotations

import io
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from computer_turns import play_computer, seeded_bot
from pgserver import PgServer

from norsewind_tui.cli import main
from norsewind_tui.lines.io import LineIO
from norsewind_tui.lines.menu import Menu
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.errors import NOT_TAKEN, SaveError, StoreUnreachable
from norsewind_tui.storage.pg.games import DbPlace
from norsewind_tui.storage.pg.presence import DbPresenceStore
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.pg.url import shown_url
from norsewind_tui.storage.presence import NEVER_SEEN, PresenceHandle
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.summaries import summaries

from .tables_at import alice_and_bob, context, to_move

WAIT = 30.0  # seconds: the bound on every wait for an event (a loaded machine)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def connections(url: str) -> int:
    """This database's connections made by norsewind (its application_name), other than this count's own."""
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name LIKE 'norsewind %%' AND pid <> pg_backend_pid()"
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_the_commands_list_the_games_of_the_database_not_the_folder(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ctx = context(tmp_path, pg_url)
    config = GameConfig(players=("Ana",), level=2)  # this player's game (its profile: the app's)
    ctx.games.create(config, 3, [SeatMeta("Ana")], name="in-the-db", profile=ctx.profile_name).close()
    assert list((tmp_path / "saves").glob("*.json")) == []  # nothing in the folder
    code, out, err = run(capsys, "--saves", str(tmp_path / "saves"), "saves", "--database", pg_url)
    assert (code, err) == (0, "")
    assert "in-the-db" in out and "solo L2" in out
    code, out, _ = run(capsys, "--saves", str(tmp_path / "saves"), "saves")  # the folder alone: empty
    assert code == 0 and "in-the-db" not in out


@pytest.mark.parametrize("argv", [[], ["saves"], ["resume"], ["halloffame"]])
def test_an_unreachable_database_at_start_is_one_line_and_exit_2(
    tmp_path: Path,
    pg_server: PgServer,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = f"postgresql://ana:hunter2@/norsewind?host={pg_server.root}/nothing-here"
    monkeypatch.setenv("NORSEWIND_DATABASE", url)  # a password: never on the command line
    code, out, err = run(capsys, "--saves", str(tmp_path / "saves"), *argv)
    assert (code, out) == (2, "")
    assert err == (
        f"norsewind: cannot reach the database {shown_url(url)}: connection to server on socket "
        f'"{pg_server.root}/nothing-here/.s.PGSQL.5432" failed: No such file or directory\n'
    )
    assert "hunter2" not in err


def test_one_connection_per_process_once_idle_whatever_it_shows(tmp_path: Path, pg_url: str) -> None:
    """Stores, tables, watches and writes of one process hold, once idle, one connection: the host's
    listening one (issue 25: a host holds few connections; test_relay.py: shared by the host's apps)."""
    alice, bob = alice_and_bob(tmp_path, pg_url)
    watches = [alice.watch(), bob.watch(), context(tmp_path, pg_url).tables.open(alice.name, "carol").watch()]
    for _ in range(4):
        mover = to_move(alice, bob)
        mover.push(mover.legal_moves()[0])
    assert watches[0].wait() and watches[0].wait(), "woken by the decisions"
    deadline = time.monotonic() + WAIT
    while connections(pg_url) != 1:  # the writes' connection closes a moment after the last one
        assert time.monotonic() < deadline, f"{connections(pg_url)} connections"
        time.sleep(0.02)
    for w in watches:
        w.close()


def test_a_decision_while_the_database_is_down_is_refused_in_one_line(
    tmp_path: Path, pg_url: str, pg_server: PgServer
) -> None:
    """Issue 25, faults: the decision is refused ("... your decision was not taken"), the game stays
    as it was; once the database is back the same decision is taken, once."""
    alice, bob = alice_and_bob(tmp_path, pg_url)
    mover = to_move(alice, bob)
    move = mover.legal_moves()[0]
    before = (mover.generation, mover.session.position)
    pg_server.pg_ctl("stop")
    try:
        with pytest.raises(StoreUnreachable) as caught:
            mover.push(move)
        assert str(caught.value) == NOT_TAKEN
        assert (mover.generation, mover.session.position) == before
    finally:
        pg_server.pg_ctl("start")
    mover.push(move)
    other = bob if mover is alice else alice
    assert other.poll() and other.session.moves == mover.session.moves and other.session.position == before[1] + 1


def test_a_restart_mid_table_loses_nothing_and_doubles_nothing(
    tmp_path: Path, pg_url: str, pg_server: PgServer
) -> None:
    """``pg_ctl restart`` between decisions, while a follower waits: it is woken when the connection
    comes back, the game goes on, and the table replays to its digest with every decision once."""
    alice, bob = alice_and_bob(tmp_path, pg_url)
    taken = []
    for _ in range(6):
        mover = to_move(alice, bob)
        move = mover.legal_moves()[0]
        mover.push(move)
        taken.append(move)
    # the follower is carol, who watches and never looks meanwhile: a wake for a decision alice or bob
    # already holds (they look before each decision) would not wake their own watches
    carol = TableStore(tmp_path / "saves", place=alice.store.place).open(alice.name, "carol")
    watch = carol.watch()
    assert watch.wait()  # the first: at once
    woken, stop = threading.Event(), threading.Event()

    def wait() -> None:
        while not stop.is_set():  # False: its fallback period passed (the restart is slow)
            if watch.wait(stop.is_set):
                woken.set()
                return

    waiter = threading.Thread(target=wait, daemon=True)
    waiter.start()
    pg_server.pg_ctl("restart")
    for _ in range(6):
        for t in (alice, bob):  # the first look after the restart connects again
            try:
                t.poll()
            except StoreUnreachable:
                t.poll()
        mover = next(t for t in (alice, bob) if t.is_my_turn())
        move = mover.legal_moves()[0]
        mover.push(move)
        taken.append(move)
    assert woken.wait(WAIT), "the follower was woken"
    stop.set()
    watch.interrupt()
    waiter.join(WAIT)
    watch.close()
    final = TableStore(tmp_path / "saves", place=alice.store.place).open(alice.name, "x")
    assert list(final.session.moves) == taken and final.session.position == 12


def test_a_computer_stands_in_on_one_host_for_a_player_away_from_another(tmp_path: Path, pg_url: str) -> None:
    """Presence is in the database: bob, who left on host B, is seen away on host A, whose app plays
    his seat once he has been away the table's stand-in minutes (issue 13 rules, issue 25); when he
    is back (on any host), nobody plays for him."""
    clock = ManualClock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    host_a = AppContext(Options(saves=str(tmp_path / "a"), database=pg_url), clock)
    host_b = AppContext(Options(saves=str(tmp_path / "b"), database=pg_url), clock)
    alice = host_a.tables.create("alice", ["me", "open", "random"], seed=5, standin=5)
    bob = host_b.tables.open(alice.name, "bob")
    bob.join()
    bob_here = host_b.presence.enter("bob")
    standin = StandIn(host_a.own_presence().away_since, clock, NEVER_SEEN)

    def to_bob() -> None:
        for _ in range(30):
            alice.poll()
            seat = alice.state.current
            if alice.holder(seat) == "bob":
                return
            if alice.is_my_turn():
                alice.push(alice.legal_moves()[0])
            else:
                assert play_computer(alice, seeded_bot)
        raise AssertionError("bob never got the turn")

    to_bob()
    assert alice.computer_to_move(standin=standin) is None  # bob is in the app (host B)
    bob_here.leave()
    clock.advance(minutes=4)
    assert alice.computer_to_move(standin=standin) is None  # away, not yet 5 minutes
    clock.advance(minutes=1)
    position = alice.session.position
    assert play_computer(alice, seeded_bot, standin)
    assert alice.view.by_computer(1) == (position,)  # marked as the computer's, for bob's seat
    assert bob.poll() and bob.session.position == position + 1
    host_b.own_presence().enter("bob")  # bob is back
    to_bob()
    assert alice.computer_to_move(standin=standin) is None


def test_a_table_is_played_to_its_end_from_two_hosts_with_a_computer_standing_in_a_while(
    tmp_path: Path, pg_url: str
) -> None:
    """Issue 25's "done when": a table made on host A, played to its end from hosts A and B; bob,
    on host B, is away for a while (three of his decisions are the stand-in's, played on host A),
    then back.  Every decision is in the row once: it replays to its digest on a third store."""
    clock = ManualClock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    host_a = AppContext(Options(saves=str(tmp_path / "a"), database=pg_url), clock)
    host_b = AppContext(Options(saves=str(tmp_path / "b"), database=pg_url), clock)
    alice = host_a.tables.create("alice", ["me", "open"], seed=8, standin=5)
    bob = host_b.tables.open(alice.name, "bob")
    assert bob.join() == 1
    bob_here: PresenceHandle | None = host_b.presence.enter("bob")
    standin = StandIn(host_a.own_presence().away_since, clock, NEVER_SEEN)
    stood_in: list[int] = []
    bobs = 0  # bob's own decisions: he leaves after his 10th, and is back after three of the stand-in's
    while True:
        alice.poll()
        bob.poll()
        if alice.finished:
            break
        if alice.is_my_turn():
            alice.push(alice.legal_moves()[0])
        elif bob_here is not None and bobs == 10 and not stood_in:
            bob_here.leave()
            bob_here = None
            clock.advance(minutes=5)
        elif bob_here is None:
            position = alice.session.position
            assert play_computer(alice, seeded_bot, standin), "host A stands in for bob"
            stood_in.append(position)
            if len(stood_in) == 3:
                bob_here = host_b.presence.enter("bob")
                assert alice.computer_to_move(standin=standin) is None  # back: nobody plays for him
        else:
            bob.push(bob.legal_moves()[-1])
            bobs += 1
    assert bob.finished
    assert alice.view.by_computer(1) == tuple(stood_in) and len(stood_in) == 3
    third = TableStore(tmp_path / "c", place=alice.store.place).open(alice.name, "x")
    assert third.finished and list(third.session.moves) == list(alice.session.moves) == list(bob.session.moves)


def test_saves_verify_and_rm_a_game_of_the_database(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = context(tmp_path, pg_url).games
    games.create(GameConfig(players=("Ana",), level=1), 3, [SeatMeta("Ana")], name="row").close()
    saves = ["--saves", str(tmp_path / "saves"), "--database", pg_url]
    code, out, err = run(capsys, *saves, "saves", "verify", "row")
    assert (code, err) == (0, "")
    assert out.startswith("row: OK: solo level 1 (Ana), turn 1, 0 moves; replays to its digest with card set ")
    code, out, err = run(capsys, *saves, "saves", "rm", "row")
    assert (code, err, out) == (0, "", f"removed {shown_url(pg_url)} save row\n") and not games.exists("row")


def test_serve_with_an_unreachable_database_creates_nothing(
    tmp_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command-line mistake of serve is one line, exit 2, before the saves folder or the key is made."""
    url = f"postgresql://ana:hunter2@/norsewind?host={pg_server.root}/nothing-here"
    monkeypatch.setenv("NORSEWIND_DATABASE", url)
    saves = tmp_path / "saves"
    code, out, err = run(capsys, "serve", "--open", "--port", "0", "--saves", str(saves))
    assert (code, out) == (2, "")
    assert err.startswith(f"norsewind serve: cannot reach the database {shown_url(url)}: ") and err.count("\n") == 1
    assert not saves.exists()


def test_a_row_whose_generation_was_edited_by_hand_is_refused_in_one_line(tmp_path: Path, pg_url: str) -> None:
    """The row's generation is what a write checks: one that is not its document's is refused on load
    (else every later decision would be refused as a conflict), and nothing is written."""
    alice, _ = alice_and_bob(tmp_path, pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE games SET generation = 40 WHERE name = %s", (alice.name,))
    with pytest.raises(SaveError) as caught:
        context(tmp_path, pg_url).tables.open(alice.name, "carol")
    place = alice.store.place
    assert str(caught.value) == f"{place.files(alice.name).source}: the row's generation 40 is not its document's (2)"


@pytest.mark.parametrize("url", ["postgresql://ana:hunter2@db.example.org/n", "postgresql://ana@db/n?password=hunter2"])
@pytest.mark.parametrize("argv", [[], ["serve", "--open", "--port", "0"], ["web", "--port", "0"], ["db", "upgrade"]])
def test_a_password_on_the_command_line_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str, argv: list[str]
) -> None:
    """ps shows every user of the host a command line (issue 38.10): the password goes elsewhere."""
    saves = tmp_path / "saves"
    code, out, err = run(capsys, "--saves", str(saves), *argv, "--database", url)
    assert (code, out) == (2, "")
    assert err == (
        "norsewind: --database: a password there shows to every user of this host (ps); leave it out of the"
        " URL and put it in ~/.pgpass, or give the URL in $NORSEWIND_DATABASE (docs/SSH.md)\n"
    )
    assert not saves.exists()


def test_one_home_serves_every_store_of_a_context(tmp_path: Path, pg_url: str) -> None:
    """Issue 40.4: the context holds one database home (its URL, its connection policy) and hands
    it to every store: the saved games, the tables, the presence, the profiles and the hall."""
    ctx = AppContext(Options(saves=str(tmp_path / "saves"), database=pg_url))
    assert ctx.home is not None and ctx.database == pg_url == ctx.home.url
    places = [ctx.games.place, ctx.tables.place]
    assert all(isinstance(place, DbPlace) and place.home is ctx.home for place in places)
    profiles, presence = ctx.profiles, ctx.own_presence()
    assert isinstance(profiles, PgProfileStore) and profiles.home is ctx.home
    assert isinstance(presence, DbPresenceStore) and presence.home is ctx.home
    assert profiles.hall().home is ctx.home
    assert profiles.load("alice").games == ()


def test_each_player_resumes_their_own_games_of_a_database(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The saves of a database are every player's: "Resume a saved game", the line mode's resume and
    ``norsewind saves`` list this player's own (issue 38.10: they listed everyone's)."""
    for who in ("alice", "bob"):
        for name in ("NORSEWIND_PLAYER", "USER", "LOGNAME"):  # as serve sets them for each player
            monkeypatch.setenv(name, who)
        ctx = AppContext(Options(saves=str(tmp_path / who), database=pg_url))
        config = GameConfig(players=(who.title(),), level=1)
        ctx.games.create(config, 3, [SeatMeta(who.title())], name=f"{who}-solo", profile=ctx.profile_name).close()
    monkeypatch.setenv("NORSEWIND_DATABASE", pg_url)
    ctx = AppContext(Options(saves=str(tmp_path / "bob")))
    assert [s.name for s in summaries(ctx.own_games())] == ["bob-solo"]
    assert [s.name for s in Menu(ctx, LineIO(io.BytesIO(), io.StringIO()), None).resumable()] == ["bob-solo"]
    code, out, err = run(capsys, "--saves", str(tmp_path / "bob"), "saves")
    assert (code, err) == (0, "") and "bob-solo" in out and "alice-solo" not in out
