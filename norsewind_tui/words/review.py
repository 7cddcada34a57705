"""The app's review screen in words: what each key does, the position, the analysis' messages."""

from __future__ import annotations

from collections.abc import Sequence

# What ? says of each key of the review screen (by binding id)
KEY_HELP = {
    "review-prev": "one decision back (→ one forward)",
    "review-next": "one decision forward",
    "review-turn-back": "to the start of this turn, or the one before (PgUp too; ↓ / PgDn: the next turn)",
    "review-turn-next": "to the start of the next turn",
    "review-home": "the start of the game",
    "review-end": "the end of the log",
    "review-goto": "go to turn N (asks the number)",
    "review-vikings": "solo: the Vikings' turn step by step (then on to their next turn)",
    "review-chart": "the chart of estimated final scores over the turns (in place of the kingdoms at 80x24)",
    "review-next-view": "show the next player's kingdoms (and analyse that seat)",
    "review-play-on": "play on from this position as a new game (no medal, the original is kept as it is)",
    "review-analyse": "where did I lose it? the hard computer player looks at each decision (kept beside the game)",
    "review-next-costly": "after the analysis: the next costly decision",
    "review-log": "the whole log up to this position",
    "review-help": "this list",
    "review-back": "back to where the review was opened",
    "review-quit": "quit Norsewind",
}
KEYS_TITLE = "The review screen (read-only: nothing here changes the game)"
BEGINS = "The game begins."
GOES_TO_TURN = "goes to that turn"
NO_VIKINGS = "The Vikings play only in solo games."
NO_MORE_VIKINGS = "The Vikings play no more turns after this point."
SOLO_VIEW = "Solo: the Viking column beside your rows shows the Vikings."
OVER_HERE = "The game is over here: step back (←) to play on from earlier."
STILL_PLAYED = "The table is still being played: play on from it once it is over."
RUNNING = "The analysis is running..."
NO_ANALYSIS = "No analysis yet: a analyses the decisions."
NO_COSTLY = "No costly decisions."


def position(shown: int, end: int, over: bool, scores: Sequence[tuple[str, int]]) -> str:
    """The prompt line: the position and the estimate of the end, said as one (issue 39)."""
    listed = ", ".join(f"{name} {v}" for name, v in scores)
    return f"Review {shown}/{end}: " + ("final score " if over else "estimated final score ") + listed


def kingdoms_of(name: str, text: str) -> str:
    """The prompt while another player's kingdoms are shown."""
    return f"[{name}'s kingdoms] {text}"


def costly(verdict: str) -> str:
    return f"Costly: {verdict}"


def go_to_turn(last: int) -> str:
    return f"Go to turn (1-{last}):"


def no_turn(answer: str, last: int) -> str:
    return f"No turn {answer}: the game has turns 1 to {last}."


def play_on_question(position: int) -> str:
    return f"Play on from decision {position} as a new game (no medal), named:"


def analysing(name: str) -> str:
    return f"Analysing {name}'s decisions with the hard computer player..."


def progress(done: int, total: int) -> str:
    return f"Analysing: decision {done} of {total}..."


def not_kept(why: object) -> str:
    """An analysis that could not be written beside the game (shown all the same)."""
    return f" (not kept: {why})"


def analysed(who: str, summary: str, costly: bool, note: str) -> str:
    more = ": n goes to the next one" if costly else ""
    return f"{who}: {summary}{more}.{note}"


# The analysis's verdicts (tui/analysis.py, and the puzzles that quote it): lichess's words, with
# thresholds in expected points.  Below the first a different choice is a matter of taste.
INACCURACY = 3.0
MISTAKE = 6.0
BLUNDER = 12.0


def verdict_kind(loss: float, threshold: float = INACCURACY) -> str:
    """lichess's word for a loss in expected points: "" (fine), inaccuracy, mistake or blunder."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "inaccuracy" if loss >= threshold else ""


def costly_words(loss: float, best: str, threshold: float = INACCURACY) -> str:
    """ "a mistake; to take the Inn in slot 2 was worth about +6" """
    kind = verdict_kind(loss, threshold) or "costly"
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{article} {kind}; to {best} was worth about +{round(loss)}"


def verdict_words(turn: int, made: str, best: str, loss: float, costly: bool) -> str:
    """ "Turn 7: Astrid took the Farm from slot 4: a mistake; to take the Inn in slot 2 into Mercia was
    worth about +6."."""
    made = made.rstrip(".")
    if not best:
        return f"Turn {turn}: {made}; the hard player agrees."
    if not costly:
        return f"Turn {turn}: {made}; the hard player would {best} (about the same)."
    return f"Turn {turn}: {made}: {costly_words(loss, best)}."
