"""The one undo policy (``storage.undo``) of saved games and shared tables, as a pure function."""

from __future__ import annotations

import random
from collections.abc import Callable

from norsewind_tui.rules import GameConfig, Session, new_game
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.problems import UndoProblem, Who
from norsewind_tui.storage.undo import Seat, UndoStep, redo_step, undo_step
from norsewind_tui.words.storage import FINISHED

HUMANS = (SeatMeta("Ana"), SeatMeta("Bo"))
WITH_COMPUTER = (SeatMeta("Ana"), SeatMeta("Bot", "computer", "random"))


def start(seed: int = 6) -> Session:
    return Session.start(GameConfig(players=("Ana", "Bo")), seed)


def play_until(s: Session, rng: random.Random, done: Callable[[Session], bool], limit: int = 400) -> None:
    for _ in range(limit):
        if done(s):
            return
        s.push(rng.choice(s.legal_moves()))
    raise AssertionError("the position was not reached")


def finished(seed: int = 2) -> Session:
    s = start(seed)
    play_until(s, random.Random(seed), lambda s: s.state.is_over, limit=2000)
    return s


def test_computer_moves_are_undone_with_the_human_decision_before_them() -> None:
    s = start()
    rng = random.Random(1)
    play(s, rng, 30)

    def after_the_computer(s: Session) -> bool:
        return s.state.current == 0 and s.position > 1 and s.mover(s.position - 1) == 1

    play_until(s, rng, after_the_computer)
    p = s.position
    last_human = max(i for i in range(p) if s.mover(i) == 0)
    step = undo_step(s, WITH_COMPUTER)
    assert step.allowed and step.target == last_human and last_human < p - 1
    assert undo_step(s, HUMANS).target == p - 1  # had both seats been people: one decision
    s.go_to(step.target)
    assert redo_step(s, WITH_COMPUTER) == UndoStep(p)  # the computer's moves come back with the redo


def test_two_people_at_one_terminal_undo_one_decision_at_a_time() -> None:
    s = start()
    play(s, random.Random(1), 12)
    step = undo_step(s, HUMANS)
    assert step.target == 11 and step.confirm == (s.states[11].revealed < s.state.revealed)
    assert str(redo_step(s, HUMANS).refused) == "nothing to redo"


def test_a_step_over_a_revealed_card_needs_confirmation_a_step_inside_a_turn_does_not() -> None:
    s = start()
    s.push(s.legal_moves()[0])
    first = undo_step(s, HUMANS)
    assert first == UndoStep(0) and not first.confirm
    rng = random.Random(4)
    play_until(s, rng, lambda s: s.states[s.position - 1].revealed < s.state.revealed)
    step = undo_step(s, HUMANS)
    assert step.allowed and step.target == s.position - 1 and step.confirm


def test_nothing_to_undo_when_only_the_computer_moved_and_one_move_at_a_time_between_computers() -> None:
    config = GameConfig(players=("Bot", "Ana"))
    seed = next(n for n in range(100) if new_game(config, n).start_player == 0)  # the computer starts
    s = Session.start(config, seed)
    seats = (SeatMeta("Bot", "computer", "random"), SeatMeta("Ana"))
    play_until(s, random.Random(3), lambda s: s.state.current == 1)
    assert s.position > 0
    assert undo_step(s, seats) == UndoStep(refused=UndoProblem("nothing"))
    assert str(UndoProblem("nothing")) == "nothing to undo"
    computers = (seats[0], SeatMeta("Bot 2", "computer", "random"))
    assert undo_step(s, computers).target == s.position - 1


def test_at_a_table_a_player_undoes_only_their_own_last_decision_until_someone_else_decides() -> None:
    s = start()
    rng = random.Random(7)
    first = s.state.current
    other = 1 - first
    s.push(rng.choice(s.legal_moves()))
    assert undo_step(s, HUMANS, Seat(first, "ana")) == UndoStep(0)
    never = undo_step(s, HUMANS, Seat(other, "bo"))
    assert str(never.refused) == "nothing of yours to undo: you may undo only your own decisions"
    play_until(
        s, rng, lambda s: s.mover(s.position - 1) == other and s.states[s.position - 1].revealed == s.state.revealed
    )
    since = undo_step(s, HUMANS, Seat(first, "ana"), who=lambda seat: Who(("Ana", "Bo")[seat], seat))
    assert (
        str(since.refused)
        == f"{('Ana', 'Bo')[other]} has decided since your last decision: you may undo only until then"
    )
    assert undo_step(s, HUMANS, Seat(other, "bo")) == UndoStep(s.position - 1)
    watcher = undo_step(s, HUMANS, Seat(None, "carol"))
    assert str(watcher.refused) == "you (carol) are watching this table: nothing of yours to undo"


def test_at_a_table_a_revealed_card_is_never_taken_back() -> None:
    s = start()
    play_until(s, random.Random(4), lambda s: s.position > 0 and s.states[s.position - 1].revealed < s.state.revealed)
    mine = s.mover(s.position - 1)
    step = undo_step(s, HUMANS, Seat(mine, "ana"))
    assert str(step.refused) == "your last decision revealed a card to everyone: it cannot be undone at a shared table"


def test_at_a_table_only_your_own_undone_decision_is_redone() -> None:
    s = start()
    rng = random.Random(5)
    s.push(rng.choice(s.legal_moves()))
    mine = s.mover(0)
    s.go_to(0)
    assert redo_step(s, HUMANS, Seat(mine, "ana")) == UndoStep(1)
    assert str(redo_step(s, HUMANS, Seat(1 - mine, "bo")).refused) == "the next undone decision is not yours"
    assert str(redo_step(s, HUMANS, Seat(None, "carol")).refused) == "the next undone decision is not yours"


def test_a_finished_game_is_final_everywhere() -> None:
    """R25: no undo and no redo on a finished game, at one terminal or at a table, whoever asks."""
    s = finished()
    assert s.state.is_over
    refused = UndoStep(refused=UndoProblem("finished"))
    assert str(refused.refused) == FINISHED == "the game is finished and its result recorded"
    for seats in (HUMANS, WITH_COMPUTER):
        assert undo_step(s, seats) == refused and redo_step(s, seats) == refused
    for seat in (0, 1, None):
        assert undo_step(s, HUMANS, Seat(seat, "x")) == refused
        assert redo_step(s, HUMANS, Seat(seat, "x")) == refused


def play(s: Session, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        s.push(rng.choice(s.legal_moves()))
