"""The line mode's sentences (``norsewind play --lines``): the game as lines to be read aloud once.

Each decision is said as whose it is and what is asked (``prompt``), then the legal choices as a
numbered list (``choice``: "Take the Ship from slot 2: 1 helmet, gives 5 coins").  The words a
player may type (``market``, ``score``, ``why 3`` ...) are answered by the sentences here and by
``board`` (the same facts the app's ``i`` page gives).  ``lines/`` holds no English of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import moves as m
from ..rules.cards import KINGDOM_NAMES, CardDB
from ..rules.engine import SOLO_LEVELS
from ..rules.events import COINS_GAINED
from ..rules.queries import holder_place, kingdom_spaces, preview
from ..rules.scoring import KingdomScore, kingdom_score, score_breakdown, viking_score
from ..rules.state import CASTLE, COLOUR_NAMES, SIDE_NAMES, TILE, State
from . import play
from .board import TYPE_LONG, card_facts
from .events import future
from .moves import move_words
from .nouns import kingdom, plural, supply_item, supply_letter
from .storage import table_come_back

LONGEST = 200  # no line of the line mode is longer (a braille display, a slow link)

WORDS = (
    ("a number", "takes that choice"),
    ("choices", "says the choices again"),
    ("market", "the market: each slot's building and the supplies beside it"),
    ("castles", "the castle display"),
    ("kingdom N", "your kingdom N (1-4); kingdom N P: player P's"),
    ("score", "everyone's score if the game ended now"),
    ("vikings", "the Viking display (solo)"),
    ("log N", "the last N things that happened (5 without N)"),
    ("why N", "why choice N is allowed and what it does; why slot N, why castle N: why one is not a choice"),
    ("hint", "what the expert computer player would do (it marks nothing; settings: or hard)"),
    ("who", "where the other players of a shared table are"),
    ("clock", "the time left on a shared table's clock"),
    ("say TEXT", "says TEXT to the other players of a shared table (a spectator: to the other spectators)"),
    ("chat N", "the table's last N chat lines (20 without N); mute, unmute: new lines told or not"),
    ("undo", "takes back your last decision; redo makes it again"),
    ("save", "where the game is saved (every decision is saved); save NAME: go on under a new name"),
    ("help", "these words"),
    ("quit", "leave (the game stays saved)"),
)


def help_lines() -> list[str]:
    return ["Type a number to choose, or one of these words:", *(f"{w}: {what}." for w, what in WORDS)]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


Move = m.Move


def kingdom_after(ks: KingdomScore) -> str:
    """A kingdom's score after a choice, plainly: "Mercia then 6 points, safe (2 helmets, 3 shields)"."""
    state = "safe" if ks.safe else "at risk"
    return (
        f"{ks.name} then {plural(ks.points, 'point')}, {state} "
        f"({plural(ks.helmets, 'helmet')}, {plural(ks.shields, 'shield')})"
    )


def _effects(state: State, move: Move, db: CardDB) -> list[str]:
    """What a kingdom or space choice pays, gains and leaves the kingdom at."""
    result = preview(state, move)
    if result is None:
        return []
    after, events = result
    mover = state.current
    out = []
    for e in events:
        if e.player != mover:
            continue
        if e.kind in ("placed", "disc") and e.value:
            out.append(f"pays {plural(e.value, 'coin')}")
        elif e.kind in COINS_GAINED:
            out.append(future(e, (), db, mover).removeprefix("you ").rstrip("."))
    row = getattr(move, "row", -1)
    if 0 <= row < len(KINGDOM_NAMES):
        out.append(kingdom_after(kingdom_score(db, after.players[mover], row)))
    return out


def _which_space(state: State, move: m.PlaceCitizen, db: CardDB) -> str:
    """Which of a card's citizen spaces, when it has more than one: ", its blue space", ", its space 2"."""
    spaces = kingdom_spaces(db, state.players[state.current], move.row)
    group = {CASTLE: spaces.castle, TILE: spaces.tile}.get(move.holder)
    if group is None:
        group = spaces.buildings[move.holder] if 0 <= move.holder < len(spaces.buildings) else ()
    citizen = [s for s in group if s.kind == "citizen"]
    if len(citizen) < 2:
        return ""
    this = next((s for s in citizen if s.index == move.space), None)
    if this is None:
        return ""
    colours = [s.colour for s in citizen]
    if this.colour is not None and colours.count(this.colour) == 1:
        return f", its {COLOUR_NAMES[this.colour]} space"
    return f", its space {move.space + 1}"


def choice(state: State, move: Move, db: CardDB) -> str:
    """One legal choice in words, for the numbered list (without its number)."""
    if isinstance(move, m.PickBuilding):
        card = state.market[move.slot]
        ship = "; the Viking ship is above it" if state.solo and state.ship == move.slot else ""
        kind = TYPE_LONG[db.type[card]].lower()
        return f"Take the {db.name(card)} from slot {move.slot + 1}: {kind}, {card_facts(db, card)}{ship}"
    if isinstance(move, m.PickCastle):
        return f"Buy castle {move.index + 1}: {card_facts(db, state.display[move.index])}"
    if isinstance(move, m.Refresh):
        return "Refresh the market (you can afford no building in it)"
    if isinstance(move, m.Pass):
        return "Pass (no action is possible)"
    if isinstance(move, m.TakeFrom):
        left = state.supplies[move.supply]
        item = supply_item(state.supply_kinds[move.supply])
        return f"Take {item} from the {supply_letter(state.supply_kinds[move.supply])} supply ({left} left)"
    if isinstance(move, m.Decline):
        if state.phase == "reuse_disc":
            return "Return the old castle's disc to the supply"
        return "Take nothing from the supplies"
    head = capital(move_words(state, move, (), db))
    if isinstance(move, m.PlaceCitizen):
        head += _which_space(state, move, db)
    effects = _effects(state, move, db)
    return f"{head}: {'; '.join(effects)}" if effects else head


def numbered(index: int, text: str) -> str:
    return f"{index}. {text}."


def decision_line(state: State, prompt: str) -> str:
    """The decision's first line: the turn, then whose decision it is and what is asked."""
    return f"Turn {state.turn}. {prompt}"


def ask_line(count: int, clock: str | None = None) -> str:
    """The prompt line that waits for the player (the last line before they type); ``clock``: the
    table's clock's words (``words.clock.your_clock``)."""
    choose = "Choose 1" if count == 1 else f"Choose 1 to {count}"
    if clock is not None:
        choose += f" ({clock})"
    return f"{choose}, or type a word (help lists them):"


def numbers_words(numbers: Sequence[int]) -> str:
    """The numbers a list offers, as said: "1", "1 to 6", "2 to 7", "2, 3 or 5" (a number left free)."""
    if len(numbers) == 1:
        return str(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    return ", ".join(str(n) for n in numbers[:-1]) + f" or {numbers[-1]}"


def no_such_choice(number: int, count: int) -> str:
    return f"There is no choice {number}: choose {numbers_words(range(1, count + 1))}."


SHOWN = 40  # characters of a typed line said back in a refusal


def quoted(text: str) -> str:
    """A typed line said back: whole when short, else its start and a mark that it was cut."""
    if len(text) <= SHOWN:
        return repr(text)
    return f"{text[:SHOWN]!r}... (its first {SHOWN} of {len(text)} characters)"


def unknown_word(word: str) -> str:
    return f"{quoted(word)} is not a word of the game: type a number to choose, or help for the words."


def why_allowed(number: int, state: State, move: Move, names: tuple[str, ...], db: CardDB) -> list[str]:
    """``why N`` for a legal choice: it is allowed, and what it would do (nothing hidden)."""
    lines = [f"Choice {number} is allowed: {choice(state, move, db)}."]
    result = preview(state, move)
    if result is not None:
        said = [future(e, names, db, state.current) for e in result[1] if e.kind != "placed" or e.value]
        lines += [capital(s) for s in said if s]
    return lines


def why_not(what: str, reason: str) -> str:
    """``why slot 3`` for something that is not a choice now."""
    return f"{capital(what)} is not a choice now: {reason}."


def allowed_now(what: str, number: int) -> str:
    return f"{capital(what)} is choice {number} now."


def no_such(what: str) -> str:
    return f"There is no {what}."


def score_lines(state: State, names: tuple[str, ...]) -> list[str]:
    """Everyone's score (as if the game ended now, while it runs), kingdom by kingdom; the Vikings' in solo."""
    out = []
    for seat in range(len(state.players)):
        sb = score_breakdown(state, seat)
        rows = ", ".join(f"{k.name} {k.points}{'' if k.safe else ' (at risk)'}" for k in sb.kingdoms)
        out.append(f"{names[seat]}: {plural(sb.total, 'point')}: {plural(sb.coins, 'coin')}; {rows}.")
    if state.solo:
        rows = "" if state.is_over else " (vikings tells their rows)"  # over, the mode ends: no word is read
        out.append(f"The Vikings: {plural(viking_score(state).total, 'point')}{rows}.")
    if not state.is_over:
        out[0] = "If the game ended now: " + out[0]
    return out


def kingdom_contents(state: State, db: CardDB, seat: int, row: int, names: tuple[str, ...]) -> str:
    """What stands in a kingdom: its buildings, its castle, the figures and discs on them."""
    player = state.players[seat]
    k = player.kingdoms[row]
    built = [db.name(b) for b in k.buildings]
    parts = [f"{names[seat]}'s {kingdom(row)}: " + (", ".join(built) if built else "no buildings")]
    parts.append(f"castle (cost {db.cost[k.castle]})" if k.castle >= 0 else "no castle")

    def on(holder: int) -> str:
        place = holder_place(holder)
        if place == "castle":
            return "the castle"
        if place == "tile":
            return "the tile"
        return f"the {db.name(k.buildings[holder])}" if 0 <= holder < len(k.buildings) else "a building"

    figures = [f"{COLOUR_NAMES[c]} on {on(h)}" for h, _s, c in k.figures]
    discs = [f"{SIDE_NAMES[s]} on {on(h)}" for h, s in k.discs]
    if figures:
        parts.append("citizens: " + ", ".join(figures))
    if discs:
        parts.append("discs: " + ", ".join(discs))
    return "; ".join(parts) + "."


def kingdom_usage() -> str:
    return "kingdom needs a number 1 to 4 (and a player's number after it): for example kingdom 2."


def no_player(number: str, count: int) -> str:
    if count == 1:
        return f"There is no player {number}: the only player is 1."
    return f"There is no player {number}: the players are 1 to {count}."


def no_vikings() -> str:
    return "There are no Vikings in this game: they play only in solo."


def log_empty() -> str:
    return "Nothing has happened yet."


def saved_line(name: str) -> str:
    return f"The game is saved as {name} (every decision is saved the moment it is made)."


def saved_as(name: str) -> str:
    return f"The game goes on saved as {name}."


UNDO_QUESTION = f"{play.UNDO_QUESTION} Type yes or no:"
YES = ("y", "yes")


def undone_to(state: State) -> str:
    return f"Now at turn {state.turn}."


def game_over() -> str:
    """After the log's own "The game is over.": the verdict and the scores follow."""
    return "Final scores:"


def opening(state: State, names: tuple[str, ...], daily: str) -> str:
    """The first line of a game told from its start."""
    if daily:
        return f"{daily}; score more than the Vikings. {names[0]} begins."
    if state.solo:
        return f"Solo game, level {state.config.level}: score more than the Vikings. {names[0]} begins."
    first = names[state.start_player]
    return f"{len(state.players)} players; {first} has the lowest starting card and begins."


def after_the_end(name: str, shared: bool) -> str:
    """The last line of a finished game: what the player can do next (the mode ends there)."""
    if shared:
        return f"The table {name} is finished. norsewind play --lines starts another game."
    return f"The game is saved as {name}. To go over it again: norsewind review {name}"


def resumed(name: str, state: State) -> str:
    return f"Resuming {name} at turn {state.turn}."


def recap_head(turn: int, yours: bool) -> str:
    """Before what happened since the player last played, when a game is resumed."""
    return f"What happened since {'your turn' if yours else 'turn'} {turn} began:"


def notice_line(text: str) -> str:
    return f"Note: {text}"


def cannot(text: str) -> str:
    """A decision, an undo or a save that could not be made: the storage's or the rules' one line."""
    return f"Not done: {text}"


def trouble(text: str) -> str:
    return f"Trouble: {text} (the game goes on; quit leaves it saved)."


def waiting(problem: str) -> str:
    """Why this terminal waits (a table: another player's turn, a seat still open)."""
    return f"Waiting: {problem or 'it is not your decision'}. Words still answer (help lists them)."


def undone_elsewhere(state: State) -> str:
    return f"A decision was undone. Now at turn {state.turn}."


def standin_text(text: str, person: str) -> str:
    """A stand-in's sentence: "bob took the Farm." -> "Computer for bob: took the Farm."."""
    rest = text[len(person) + 1 :] if text.startswith(person + " ") else text
    return f"Computer for {person}: {rest}"


def no_castles() -> str:
    return "The castle display is empty."


def with_choice(facts: str, number: int) -> str:
    return f"{facts} Choice {number}."


def with_reason(facts: str, reason: str) -> str:
    return f"{facts} Not a choice now: {reason}."


NOT_ASKED = "it is not what is asked now"


def why_usage() -> str:
    return "why needs a choice's number (why 2), or a slot or castle (why slot 3, why castle 1)."


# ---------------------------------------------------------------------- the menu

WELCOME = "Norsewind, in lines. Type quit to leave at any question; every decision is saved."
MENU_TITLE = "What would you like to do?"
MENU_NEW = "A new game (1 to 4 players, computer seats, or solo against the Vikings)"
MENU_QUIT = "Quit"
MENU_BACK = "Back"
RESUME_TITLE = "Which game? (newest first)"
PLAYERS_QUESTION = "How many players?"
PLAYER_COUNTS = ["1 player: solo against the Vikings", "2 players", "3 players", "4 players"]
LEVEL_QUESTION = "Which solo level? (the levels your campaign has unlocked)"
PERSON = "A person (at this terminal, in turn)"
ENGINE_SEAT = "The outside engine this was started with (--engine)"
SAME_NAME = "Two players have the same name: give each a different one."


NO_RESUME = "There is no unfinished game to resume."


def menu_resume(count: int) -> str:
    return f"Resume a saved game ({plural(count, 'unfinished game') if count else 'no unfinished game'})"


def menu_ask(numbers: Sequence[int], default: int | None) -> str:
    enter = f" (Enter: {default})" if default is not None else ""
    return f"Choose {numbers_words(numbers)}{enter}:"


def menu_refusal(answer: str, numbers: Sequence[int]) -> str:
    return f"{quoted(answer)} is not one of the choices: type {numbers_words(numbers)}."


def menu_help(default: int | None) -> str:
    """``help`` at a menu's question: how to answer it (the choices follow again)."""
    enter = f"; Enter alone takes {default}" if default is not None else ""
    return f"Type the number of a choice, then Enter{enter}. quit leaves. The choices:"


def text_question(question: str, default: str) -> str:
    return f"{question} (Enter: {default}):"


def bad_name(name: str, longest: int) -> str:
    return (
        f"{quoted(name)} is not a name here: letters, digits, '.', '_' or '-', words one space apart, "
        f"at most {longest} characters."
    )


def in_use(name: str, user: str, since: str | None, watch: str) -> str:
    """A game another session holds (another tab, another terminal): who, since when, and how to
    watch it (``watch``: the command, as typed), without the lock's pid, host and ISO time (issue 39.9)."""
    who = f"{user}'s" if user and user != "?" else "another player's"
    when = f", since {since}" if since else ""
    held = f"The game {name} is open in another session ({who}{when})."
    return f"{held} To watch it: {watch}"


def saved_game(name: str, mode: str, players: tuple[str, ...] | list[str], turn: int) -> str:
    return f"{name}: {mode}, {', '.join(players)}, turn {turn}"


def level_label(level: int, joiner: str = "and") -> str:
    """A solo level: its kingdom tiles and red Viking cards (the app's form joins the tiles with "+")."""
    greens, reds, red_vikings = SOLO_LEVELS[level]
    tiles = f"{greens} green {joiner} {reds} red tiles" if greens else "4 red tiles"
    return f"Level {level}: {tiles}, {plural(red_vikings, 'red Viking card')}"


def computer_label(bot: str) -> str:
    return f"A computer player ({bot})"


def seat_question(seat: int) -> str:
    return f"Who plays seat {seat + 1}?"


def name_question(seat: int) -> str:
    return f"Player {seat + 1}'s name"


# ---------------------------------------------------------------------- shared tables

MENU_TABLES = "Shared tables (each player at their own terminal)"
TABLES_TITLE = "Which table? (most recently changed first)"
TABLE_NEW = "Open a new table"
JOIN_TITLE = "Take a seat, or watch?"
WATCH = "Watch (play no seat)"
WATCHING = "Every seat is taken: you watch this table."
SEATS_QUESTION = "How many seats?"
SEAT_COUNTS = ["2 seats", "3 seats", "4 seats"]
OPEN_SEAT = "Open, for a person to join"


def table_line(name: str, seats: list[str], whose: str) -> str:
    return (
        f"{name}: {', '.join(seats)}; {whose} to play" if whose != "you" else f"{name}: {', '.join(seats)}; your turn"
    )


def join_seat(seat: int) -> str:
    return f"Join seat {seat + 1}"


def joined(seat: int) -> str:
    return f"You sit at seat {seat + 1}."


def table_opened(name: str) -> str:
    return f"The table {name} is open: others join it from their lobby (norsewind play --lines, or the app)."


def at_table(name: str, seat: int | None) -> str:
    if seat is None:
        return f"Watching the table {name}."
    return f"At the table {name}, seat {seat + 1}."


def presence_line(seat: int, holder: str, where: str, here: bool) -> str:
    """Where another person at the table is."""
    return f"Seat {seat + 1}, {holder}: {'at this table' if here else where}."


def standin_wait(holder: str, since: str | None, left: float) -> str:
    """The person to move is away (``since``: the clock's words, "10:42"), and when the computer plays for them."""
    away = f"{holder} is away" if since is None else f"{holder} is away since {since}"
    if left <= 0:
        return f"{away}; the computer plays for {holder}."
    return f"{away}; the computer plays for {holder} in {plural(max(1, round(left / 60)), 'minute')}."


WHO_NOBODY = "Nobody else holds a seat at this table."
NO_DATABASE = "the database cannot be reached"


def cannot_tell(why: str) -> str:
    """``who`` when the presence records cannot be read (the seats are held all the same)."""
    return f"Cannot tell where the others are: {why}."


NOT_A_TABLE = "who is for shared tables: this game is played at this terminal only."

LOG_IN_AGAIN = "log in again to continue"  # how a login's player comes back (serve, the forced command)


# ---------------------------------------------------------------------- the campaign and the daily deal

MENU_CAMPAIGN = "The solo campaign: your levels and medals"
MENU_DAILY = "Today's daily deal (one solo game a day, the same for every player)"
CAMPAIGN_TITLE = "Play which level?"
DAILY_LEVEL = "The daily deal on which level?"


def campaign_row(level: int, unlocked: bool, medals: Sequence[str], best: int | None, played: int) -> str:
    """One level of the campaign: locked or not, the medals won, the best margin, the games."""
    if not unlocked:
        return f"Level {level}: locked (platinum on level {level - 1} unlocks it)."
    won = ", ".join(medals) if medals else "no medal yet"
    margin = f"; best margin {best:+d}" if best is not None else ""
    return f"Level {level}: {won}{margin}; {plural(played, 'game')} played."


def campaign_head(profile: str, title: str | None) -> str:
    crown = f", {title}" if title else ""
    return f"The campaign of {profile}{crown}:"


def play_level(level: int) -> str:
    return f"Play level {level}"


def daily_done(player: str, day: str, level: int, result: str) -> list[str]:
    return [f"{player}: daily deal of {day}, level {level}: {result}.", "One attempt a day: come back tomorrow."]


def daily_result(margin: int, medal: str | None, assisted: bool) -> str:
    return f"margin {margin:+d}, {medal or ('assisted, no medal' if assisted else 'no medal')}"


DAILY_LOST = "finished (its result is not in your profile)"


def daily_line(day: str, today: bool) -> str:
    """A daily deal's game, as its opening says it."""
    return f"The daily deal of {day}: your one attempt" + (" today" if today else "")


def come_back(name: str, shared: bool, command: Callable[..., str]) -> str:
    """How a player of the line mode comes back to the game left (locally); ``command``: the
    ``norsewind`` command of some words as the player types it (quoted, with their options)."""
    if shared:
        return table_come_back(command("play", "--lines"))
    return command("resume", name, "--lines")


def sits(name: str, seat: int) -> str:
    return f"{name} sits at seat {seat + 1}."


def left_seat(name: str, seat: int) -> str:
    return f"{name} left seat {seat + 1}: the computer plays it now."


def sentence(text: str) -> str:
    return text if text.endswith(".") else f"{text}."


def your_turns(tables: Sequence[str]) -> str:
    """Said before the menu: "Your turn at 2 tables: friday, alice-table." (Shared tables has them)."""
    shown = ", ".join(tables[:3]) + (f" and {len(tables) - 3} more" if len(tables) > 3 else "")
    return f"Your turn at {plural(len(tables), 'table')}: {shown}."
