"""The tutorial says only what is true (issue 23 points 5-7): its words against the screen and the game."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from norsewind_tui import words
from norsewind_tui.lessons import load_lessons
from norsewind_tui.rules import apply_logged, cards_for, legal_moves, new_game
from norsewind_tui.rules.cards import KINGDOM_NAMES, CardDB
from norsewind_tui.rules.engine import building_problem
from norsewind_tui.rules.events import COINS_GAINED, VIKINGS_TURN
from norsewind_tui.rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle, PlaceCitizen, PlaceDisc, TakeFrom
from norsewind_tui.rules.queries import Space, kingdom_spaces
from norsewind_tui.rules.scoring import kingdom_score, viking_score
from norsewind_tui.rules.state import COLOUR_LETTERS, COLOUR_NAMES, DISCS, Player, State
from norsewind_tui.tui.screens.help import HelpScreen, keys_table
from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialScreen
from norsewind_tui.tui.text import TYPE_LONG, TYPE_SHORT, tile_summary
from norsewind_tui.tui.widgets.prompt import StatusLine
from norsewind_tui.words.lessons import FIELD
from norsewind_tui.words.tutorial import ask_for

from .helpers import aio, make_app, shown
from .screens import opened
from .test_lessons import decisions_before


@pytest.fixture(autouse=True)
def player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")


@aio
async def test_the_status_line_points_up_to_the_lesson_above_it(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        text = await shown(pilot)
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        lesson, status = screen.query_one(LessonPanel), screen.query_one(StatusLine)
        assert lesson.region.bottom <= status.region.y  # the lesson is above the status line
        assert "Read the lesson above; n goes on, ? explains every key, m leaves (it is saved)." in text
        assert "below" not in text
        await pilot.press("enter")
        assert "First read the lesson above: press n to go on." in await shown(pilot)


# --------------------------------------------------------------------------- issue 23.5: the words against the game

# The only numbers a lesson may write by hand: the rules' own (the rulebook), never the game's.
RULE_NUMBERS = (
    "5 buildings",  # the market's 5 slots (rulebook, setup; R1)
    "4 kingdoms",  # each player's 4 kingdom cards (rulebook, setup)
    "up to 4 buildings",  # at most 4 buildings in a kingdom (rulebook, action A)
    "-7",  # a kingdom with more helmets than shields scores -7 (rulebook, end of the game)
    "1 citizen",  # a citizen figure counts one citizen (rulebook, end of the game)
    "2 coins",  # a disc prestige side up costs 2 (R10)
    "4th building",  # the green tile that pays for a kingdom's 4th building (rulebook, green tiles)
    "only 2 buildings",  # the red tile "max 2 bldg" (rulebook, red tiles); the tile itself is a field
)


def positions() -> list[tuple[int, State, str]]:
    """Each worded step, the position it is shown at, and its words there."""
    lessons = load_lessons()
    state = new_game(lessons.config, lessons.seed)
    out = []
    for i, step in enumerate(lessons.step):
        if step.text:
            out.append((i, state, lessons.words(i, state)))
        if step.expect is not None:
            state, _ = apply_logged(state, step.expect)
    return out


def test_the_lesson_file_writes_no_slot_supply_kingdom_card_or_game_number_by_hand() -> None:
    lessons = load_lessons()
    db = cards_for(new_game(lessons.config, lessons.seed))
    names = {db.name(card) for card in range(len(db.type))} | set(KINGDOM_NAMES)
    for i, step in enumerate(lessons.step):
        raw = FIELD.sub("", step.text)  # the hand-written words
        found = [n for n in names if re.search(rf"\b{n}\b", raw)]
        assert not found, (i, found, step.text)
        assert not re.search(r"\b(slot|slots|row|supply|castle|deck)s? \d", raw), (i, step.text)
        for phrase in RULE_NUMBERS:
            raw = raw.replace(phrase, "")
        assert not re.search(r"\d", raw), (i, step.text)


def spaces_of(db: CardDB, player: Player, row: int) -> list[Space]:
    ks = kingdom_spaces(db, player, row)
    return [*ks.castle, *ks.tile, *(sp for b in ks.buildings for sp in b)]


def claims(state: State, move: Move | None, text: str) -> list[tuple[object, object]]:
    """Each fact ``text`` states, paired with what ``state`` has there (they must be equal)."""
    db = cards_for(state)
    me = state.players[state.current]
    checks: list[tuple[object, object]] = []
    took = move.slot if isinstance(move, PickBuilding) else state.slot
    for m in re.finditer(r"\bslot (\d)\b", text):
        checks.append((int(m[1]) - 1, took))
    for m in re.finditer(r"the (\w+) in slot (\d)", text):
        checks.append((m[1], db.name(state.market[int(m[2]) - 1])))
    for m in re.finditer(r"The ([A-Z]) supply, between slots (\d) and (\d), holds (\w+ \w+) \((\d+) left\)", text):
        supply = int(m[2]) % 5  # supply i lies between slots i and i+1 (R1; slots from 1 on screen)
        assert int(m[3]) == supply + 1 or (supply == 0 and m[3] == "1")
        kind = state.supply_kinds[supply]
        what = "upgrade discs" if kind == DISCS else f"{COLOUR_NAMES[kind]} citizens"
        letter = "D" if kind == DISCS else COLOUR_LETTERS[kind]
        checks += [(m[1], letter), (m[4], what), (int(m[5]), state.supplies[supply])]
        checks.append((supply in (state.slot, (state.slot + 1) % 5), True))  # next to the slot taken from
    for m in re.finditer(r"from the ([A-Z]) supply", text):
        assert isinstance(move, TakeFrom)
        checks.append(
            (m[1], "D" if state.supply_kinds[move.supply] == DISCS else COLOUR_LETTERS[state.supply_kinds[move.supply]])
        )
    for m in re.finditer(rf"(?:Put|put) (?:it|the \w+|this \w+)(?: \w+)*? (?:in|on) ({'|'.join(KINGDOM_NAMES)})", text):
        assert isinstance(move, ChooseKingdom | PlaceCitizen | PlaceDisc)
        checks.append((m[1], KINGDOM_NAMES[move.row]))
    for m in re.finditer(rf"space in ({'|'.join(KINGDOM_NAMES)})", text):
        assert isinstance(move, PlaceCitizen)
        checks.append((m[1], KINGDOM_NAMES[move.row]))
    for m in re.finditer(rf"({'|'.join(KINGDOM_NAMES)}) \(row (\d)\)", text):
        checks.append((int(m[2]) - 1, KINGDOM_NAMES.index(m[1])))
    for m in re.finditer(r"castle that costs (\d+)", text):
        assert isinstance(move, PickCastle)
        checks.append((int(m[1]), db.cost[state.display[move.index]]))
    for m in re.finditer(r"(\d+):\$(\d+) s(\d+)\{\d\} p(\d+)\{\d\} is castle (\d+)", text):
        castle = state.display[int(m[1]) - 1]
        checks += [(m[1], m[5]), (int(m[2]), db.cost[castle]), (int(m[3]), db.shields[castle])]
        checks.append((int(m[4]), db.prestige[castle]))
    rows = [kingdom_score(db, me, r) for r in range(4)]
    for m in re.finditer(
        r"\bh(\d+)>s(\d+) RISK: (\d+) helmets beat (\d+) shields(?:: -7 now, (\d+) if made safe)?", text
    ):
        risky = next(k for k in rows if (k.helmets, k.shields, k.safe) == (int(m[1]), int(m[2]), False))
        checks += [(m[1], m[3]), (m[2], m[4])]
        if m[5] is not None:  # what it would score if safe: prestige x citizens
            checks.append((int(m[5]), risky.prestige * risky.citizens))
    vik = viking_score(state).rows
    for m in re.finditer(r"Vik h(\d+)>s(\d+) \+(\d+): [^.]*: (\d+) per card they hold there \((\d+) now\)", text):
        r = next(v for v in vik if (v.helmets, v.your_shields) == (int(m[1]), int(m[2])))
        checks += [(int(m[3]), r.points), (int(m[4]), r.coins_per_card), (int(m[5]), r.cards)]
    for m in re.finditer(rf"They score in ({'|'.join(KINGDOM_NAMES)}) \(Vik h(\d+)>s(\d+) \+(\d+)\)", text):
        r = vik[KINGDOM_NAMES.index(m[1])]
        checks += [(r.scores, True), (int(m[4]), r.points), ((int(m[2]), int(m[3])), (r.helmets, r.your_shields))]
    k_names = "|".join(KINGDOM_NAMES)
    for m in re.finditer(rf"({k_names}) starts with one", text):
        checks.append(
            (KINGDOM_NAMES.index(m[1]), next(r for r, k in enumerate(me.kingdoms) if me.start_card in k.buildings))
        )
    for m in re.finditer(rf"({k_names})'s (green|red) tile \(([GR]) ([^)]*)\)", text):
        summary, green = tile_summary(db, me, KINGDOM_NAMES.index(m[1]))
        checks += [((m[2] == "green", m[3] == "G"), (green, green)), (m[4], summary)]
    for m in re.finditer(rf"({k_names}) has more helmets than shields: RISK", text):
        checks.append((rows[KINGDOM_NAMES.index(m[1])].safe, False))
    for m in re.finditer(
        rf"(\d+) shields and (\d+) prestige, more than ({k_names})'s \((\d+) shields, (\d+) prestige\)", text
    ):
        assert isinstance(move, PickCastle)
        new, old = state.display[move.index], me.kingdoms[KINGDOM_NAMES.index(m[3])].castle
        checks.append(
            (
                (int(m[1]), int(m[2]), int(m[4]), int(m[5])),
                (db.shields[new], db.prestige[new], db.shields[old], db.prestige[old]),
            )
        )
    for m in re.finditer(r"its castle \(cost (\d+)\) returns", text):
        assert isinstance(move, ChooseKingdom)
        checks.append((int(m[1]), db.cost[me.kingdoms[move.row].castle]))
    # the income as the rows write it, "Smith+1" (issue 39.19: no "inc " before it)
    for m in re.finditer(r"'(\w+)\+(\d)' under a name: building there pays (\d+) coins? per (\w+)", text):
        assert isinstance(move, ChooseKingdom)
        income = db.kingdoms[me.colour][move.row]
        checks += [
            (int(m[2]), income.income_value),
            (int(m[3]), income.income_value),
            (m[1], TYPE_SHORT[income.income]),
        ]
        checks.append((m[4], TYPE_LONG[income.income]))
    for m in re.finditer(r"\(\[(\w)\]: (\w+)\)|the \[(\w)\] space", text):
        assert isinstance(move, PlaceCitizen)
        letter, name = (m[1], m[2]) if m[1] else (m[3], None)
        space = next(sp for sp in spaces_of(db, me, move.row) if (sp.holder, sp.index) == (move.holder, move.space))
        assert space.colour is not None
        checks.append((letter, COLOUR_LETTERS[space.colour].lower()))
        if name is not None:
            checks.append((name, COLOUR_NAMES[state.taken]))
    for m in re.finditer(r"\{s(\d)\} shield side up \(free\) or \{p(\d)\} prestige side up", text):
        assert isinstance(move, PlaceDisc)
        card = me.kingdoms[move.row].castle if move.holder == -2 else me.kingdoms[move.row].buildings[move.holder]
        checks.append(((int(m[1]), int(m[2])), (db.shield_space[card], db.prestige_space[card])))
    for m in re.finditer(rf"({k_names}) has none yet", text):  # no empty disc space there
        row = KINGDOM_NAMES.index(m[1])
        checks.append((any(isinstance(d, PlaceDisc) and d.row == row for d in legal_moves(state)), False))
    for m in re.finditer(r"\(deck (\d+)\)", text):
        checks.append((int(m[1]), len(state.deck)))
    if move is not None:
        after, events = apply_logged(state, move)
        gained = sum(e.value for e in events if e.kind in COINS_GAINED and e.player == state.current)
        for m in re.finditer(r"pays (\d+) coins (?:now|for its 4th building)", text):
            checks.append(
                (int(m[1]), gained if "now" in m[0] else next(e.value for e in events if e.kind == "fourth_bonus"))
            )
        for m in re.finditer(r"p(\d+) x c(\d+) = (\d+) becomes p(\d+) x c(\d+) = (\d+)", text):
            assert isinstance(move, PlaceDisc)
            before, now = rows[move.row], kingdom_score(db, after.players[state.current], move.row)
            checks.append(
                (
                    tuple(int(m[i]) for i in range(1, 7)),
                    (before.prestige, before.citizens, before.points, now.prestige, now.citizens, now.points),
                )
            )
        for m in re.finditer(r"its (\d+) shields beat the row's (\d+) helmets", text):
            assert isinstance(move, ChooseKingdom)
            checks += [(int(m[1]), db.shields[state.held]), (int(m[2]), rows[move.row].helmets)]
            checks.append((int(m[1]) >= int(m[2]), True))
        for m in re.finditer(r": (\d+) more shields", text):
            assert isinstance(move, PlaceDisc)
            before_s, after_s = (
                rows[move.row].shields,
                kingdom_score(db, after.players[state.current], move.row).shields,
            )
            checks.append((int(m[1]), after_s - before_s))
        for m in re.finditer(rf"keep it safe, (\d+) shields against (\d+) helmets\. ({k_names}) stays at risk", text):
            assert isinstance(move, ChooseKingdom)
            now = kingdom_score(db, after.players[state.current], move.row)
            checks += [((int(m[1]), int(m[2]), now.safe), (now.shields, now.helmets, True))]
            checks.append((kingdom_score(db, after.players[state.current], KINGDOM_NAMES.index(m[3])).safe, False))
        for m in re.finditer(r"Press (\d) to see why", text):
            problem = building_problem(db, me, state.held, int(m[1]) - 1)
            checks.append(
                (problem is not None and words.refusal(problem, db), "Mercia has a red tile: at most 2 buildings")
            )
    return checks


def test_each_lesson_names_what_the_position_it_is_shown_at_has() -> None:
    lessons = load_lessons()
    moves = lessons.moves
    checked = 0
    for i, state, text in positions():
        move = moves[decisions_before(lessons, i)] if decisions_before(lessons, i) < len(moves) else None
        assert not FIELD.search(text), text  # every field filled
        for said, true in claims(state, move, text):
            assert said == true, (i, text)
            checked += 1
    assert checked == 75  # the slots, supplies, kingdoms and numbers of the 20 worded steps


def test_the_disc_lesson_names_the_slot_the_card_came_from() -> None:
    """The issue's case: after "Take the Ship from slot 5", the supply lesson said slot 4 and supply 5."""
    lessons = load_lessons()
    said = {text for _, _, text in positions()}
    assert (
        "The D supply, between slots 4 and 5, holds upgrade discs (24 left). You took from slot 5, so you may"
        " take from it: take an upgrade disc from the D supply; the next lesson places it."
    ) in said
    assert lessons.moves[decisions_before(lessons, 24) - 1] == PickBuilding(4)  # the Ship came from slot 5


# --------------------------------------------------------------------------- issue 23.7


def test_no_lesson_names_a_supply_by_a_number_the_screen_never_shows() -> None:
    """The market labels its supplies by letter only (B Y P R D): so do the lessons and the asked steps."""
    lessons = load_lessons()
    said = [text for _, _, text in positions()]
    state = new_game(lessons.config, lessons.seed)
    for step in lessons.step:
        if step.expect is not None:
            if not step.text:
                said.append(ask_for(state, step.expect))
            state, _ = apply_logged(state, step.expect)
    assert not [t for t in said if re.search(r"[Ss]upply \d", t)]
    assert "Take a yellow citizen from the Y supply (between slots 1 and 2)." in said
    assert "The P supply, between slots 2 and 3, holds purple citizens (4 left)." in " ".join(said)


def test_the_castle_lesson_says_you_play_again_and_the_vikings_do_not_move() -> None:
    """Rulebook, solo: "The Vikings only take a turn after each turn you choose action A ... if you
    choose action B (Acquire a Castle), you take another turn immediately"."""
    lessons = load_lessons()
    index = next(i for i, s in enumerate(lessons.step) if s.title == "Where the castle goes")
    state, text = next((st, t) for i, st, t in positions() if i == index)
    assert "After action B you play again: the Vikings move only after action A." in text
    move = lessons.step[index].expect
    assert move is not None
    after, events = apply_logged(state, move)
    assert after.current == state.current and after.ship == state.ship  # the same player, the ship still
    assert not [e for e in events if e.kind in VIKINGS_TURN]


def test_the_status_page_explains_the_vikings_plus_zero() -> None:
    text = next(t for i, _, t in positions() if load_lessons().step[i].title == "The status column")
    assert (
        "Vik h6>s0 +0: Viking helmets against your shields, their points: 6 per card they hold there (0 now)." in text
    )


@aio
async def test_help_in_the_tutorial_lists_its_own_keys(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        help_screen = await opened(pilot, "question_mark", HelpScreen)
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(keys_table(help_screen.extra))
        rows = [" ".join(line.split()) for line in console.export_text().splitlines()]
        assert "n the tutorial: go on to the next lesson once you have read it" in rows
        assert "R the tutorial: start it over from its first lesson" in rows
