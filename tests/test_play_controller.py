"""The play controller (issue 40): a decision, undo, step back and redo answer in data, the same
for the app and the line mode, and ``said`` words each answer once."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.play import Done, NeedsConfirmation, NotDone, NotYours, Play, Refused, said
from norsewind_tui.rules.cards import default_cards
from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.rules.moves import ChooseKingdom
from norsewind_tui.rules.state import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.storage.problems import UndoProblem
from norsewind_tui.storage.saves import SavedGame

DB = default_cards()


def duo(saves: Path) -> SavedGame:
    return GameStore(saves).create(GameConfig(players=("Ana", "Bo")), 3, [SeatMeta("Ana"), SeatMeta("Bo")], name="duo")


def test_a_decision_undo_and_redo_answer_in_data(saves: Path) -> None:
    game = duo(saves)
    play = Play(game)
    assert play.undo() == NotDone("undo", "nothing", UndoProblem("nothing"))
    assert said(play.undo(), DB, "lines") == ("Not undone: nothing to undo.", "error")
    assert said(play.undo(), DB, "app") == ("Not undone: nothing to undo.", "error")
    assert play.redo() == NotDone("redo", "nothing")
    outcome = play.decide(legal_moves(game.state)[0], seen=game.view)
    assert isinstance(outcome, Done) and outcome.act == "decide" and outcome.events
    assert said(outcome, DB, "lines") is None  # each front end tells a decision by its events
    assert game.session.position == 1
    assert play.undo() == Done("undo")
    assert said(Done("undo"), DB, "lines") == ("Undone.", "info")
    assert play.redo() == Done("redo")
    assert game.session.position == 1


def test_the_rules_refusal_is_data_worded_once(saves: Path) -> None:
    game = duo(saves)
    illegal = ChooseKingdom(0)  # the game asks for an action first
    assert illegal not in legal_moves(game.state)
    outcome = Play(game).decide(illegal, seen=game.view)
    assert isinstance(outcome, Refused)
    text, kind = said(outcome, DB, "app") or ("", "")
    assert text.startswith("Not allowed: ") and text.endswith(".") and kind == "error"
    assert said(outcome, DB, "app") == said(outcome, DB, "lines")  # the same words in both front ends
    assert game.session.position == 0


def test_an_undo_over_a_revealed_card_asks_first(saves: Path) -> None:
    """A step back over a card revealed from the deck needs the player's yes and marks the game
    assisted (R22's undo policy); no answers "Nothing undone." and changes nothing."""
    game = duo(saves)
    play = Play(game)
    while not game.undo_needs_confirmation():  # the first decision after which a card is revealed
        game.push(legal_moves(game.state)[0])
    position = game.session.position
    assert play.undo() == NeedsConfirmation("undo")
    assert play.step_back() == NotDone("step back", "revealed")
    assert play.undo(confirmed=False) == NotDone("undo", "declined")
    assert said(NotDone("undo", "declined"), DB, "app") == ("Nothing undone.", "error")
    assert game.session.position == position and not game.meta.assisted
    assert play.undo(confirmed=True) == Done("undo", assisted=True)
    assert said(Done("undo", assisted=True), DB, "app") == ("Undone (the game is now marked assisted).", "info")
    assert game.meta.assisted


def test_a_finished_game_refuses_undo_and_redo_with_each_front_ends_way_back(saves: Path) -> None:
    game = duo(saves)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    play = Play(game)
    assert play.undo() == NotDone("undo", "finished")
    assert play.redo() == NotDone("redo", "finished")
    assert play.not_asked() == NotYours(None, over=True)
    assert said(play.undo(), DB, "app") == (
        "Not undone: the game is finished and its result recorded. L shows the game log.",
        "error",
    )
    assert said(play.redo(), DB, "lines") == (
        "Not redone: the game is finished and its result recorded. log 20 tells the end of the game.",
        "error",
    )
