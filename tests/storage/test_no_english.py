"""Issue 40 §3: storage speaks data; ``words`` words what a player reads in play.

Whose turn it is, why an undo takes nothing, what became of a seat left, what a game left says, who
is at a table and since when, a table's refusals: storage answers them as data
(``storage/problems.py``) or asks ``words`` (``words/storage.py``) for the sentence, so every front
end says the same words and a second language has one place to go.

The scan is the rules' and the line mode's (``tests/english.py``: a string constant of two words
or more, outside docstrings, is a sentence), over every module of ``storage/``, with one
allow-list: storage's own problems with files and the database, the one line a player or an
operator gets when a disk, a file or the database fails, which names what it is about:

- the message of a raised file or database error (``FILE_ERRORS``: ``SaveError``,
  ``GameLocked``, ``SchemaProblem``...; never ``TableRefused``, ``TableMoved``, ``GameFinished``
  or ``ReadOnlyGame``, which refuse a player's act);
- an f-string that names a path, a file error or the database (a value named ``path``,
  ``folder``, ``main``, ``backup``, ``exc``, ``url``...: ``FILE_NAMED``);
- a file's label in a message about it (a lock's, a claim's, a listing's: ``FILE_LABELS``) and the
  check of a save's field said after the field's path (``FILE_CHECKS``);
- SQL (a string that opens with a keyword in capitals);
- and, as for the rules, a programming error's message (``raise ValueError(...)``).

The modules that are the file and database layer (``FILE_MODULES``: the atomic writes, the save
format and its checks, profiles and ratings files, listings, trust, watching, and ``pg/``) speak of
nothing else: every sentence there is about a file, a record or the database.
"""

from __future__ import annotations

from pathlib import Path

from english import sentences

import norsewind_tui.storage as storage

STORAGE = Path(storage.__file__).parent
FILE_MODULES = {
    *("atomic.py", "cardfile.py", "format.py", "gamefile.py", "halloffame.py", "listing.py", "profiles.py"),
    *("ratings.py", "records.py", "trust.py", "verify.py", "watch.py"),
}
# the daily deal's, a tournament round's and the daily puzzle's picks are digests of these texts: keys
NAMES = ("norsewind daily ", "norsewind tournament ", "norsewind puzzle ")


def in_play(path: Path) -> bool:
    return path.parent.name != "pg" and path.name not in FILE_MODULES


def storage_sentences(path: Path) -> list[str]:
    return sentences(path, NAMES, programming_errors=True, file_problems=True)


def test_storage_leaves_the_words_of_play_to_words() -> None:
    modules = [path for path in sorted(STORAGE.rglob("*.py")) if in_play(path)]
    assert len(modules) >= 20
    assert [s for path in modules for s in storage_sentences(path)] == []


def test_the_scan_finds_the_turn_words_storage_had() -> None:
    """Before issue 40 §3 storage said whose turn it was, and the scan finds it; a file's problem it passes."""
    old = Path(__file__).parent / "storage_before.py.txt"
    assert sorted(storage_sentences(old)) == [
        "storage_before.py.txt:13: 'Your game is saved as '",
        "storage_before.py.txt:7: 'the game is over'",
        "storage_before.py.txt:8: 'it is not your decision'",
    ]
