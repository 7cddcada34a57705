"""Bounded listings of the folders other processes fill (presence records, profiles).

A folder others can add files to must neither hide the real files nor make each look slow
(issue 24.3): 2,100 junk names that sorted first used to fill a cap of 2,000 before any real
record was read, and 100,000 entries made each look cost 1.6 s.  So only the names ``wanted``
accepts count against the cap, and at most ``MAX_SCANNED`` entries are looked at (in the
folder's own order), with one notice when either bound is reached.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> for name in ("b.json", "a.json", "junk", ".a.json.1.tmp"):
...     (folder / name).touch()
>>> found = list_bounded(folder, lambda n: n.endswith(".json") and not n.startswith("."), 1, "profiles")
>>> [e.name for e in found.entries], found.notice == f"{folder}: 2 profiles; only the first 1 (by name) are read"
(['a.json'], True)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MAX_SCANNED = 20_000  # entries looked at in one listing: ~25 ms of CPU; real folders hold far fewer


@dataclass(frozen=True)
class Listing:
    entries: list[os.DirEntry[str]]  # the wanted ones, by name, at most the cap
    notice: str | None  # one line when a bound was reached


def list_bounded(
    folder: Path, wanted: Callable[[str], bool], cap: int, what: str, scanned: int = MAX_SCANNED
) -> Listing:
    """The entries of ``folder`` whose name is ``wanted``, by name: at most ``cap`` of them, from at
    most ``scanned`` entries.  ``OSError`` (``FileNotFoundError`` too) when it cannot be listed."""
    kept: list[os.DirEntry[str]] = []
    cut = False
    with os.scandir(folder) as entries:
        for n, entry in enumerate(entries):
            if n == scanned:
                cut = True
                break
            if wanted(entry.name):
                kept.append(entry)
    kept.sort(key=lambda e: e.name)
    notes = []
    if cut:
        notes.append(f"more than {scanned} entries, only {scanned} looked at")
    if len(kept) > cap:
        notes.append(f"{len(kept)} {what}; only the first {cap} (by name) are read")
        kept = kept[:cap]
    return Listing(kept, f"{folder}: {'; '.join(notes)}" if notes else None)


def list_noting(
    folder: Path,
    wanted: Callable[[str], bool],
    cap: int,
    what: str,
    notes: list[str],
    cannot: Callable[[OSError], str],
    scanned: int = MAX_SCANNED,
) -> Listing | None:
    """``list_bounded``, its notice added to ``notes``; ``None`` when ``folder`` is missing (no
    note) or cannot be listed (the line ``cannot`` makes of the error is added to ``notes``)."""
    try:
        listing = list_bounded(folder, wanted, cap, what, scanned)
    except FileNotFoundError:
        return None
    except OSError as exc:
        notes.append(cannot(exc))
        return None
    if listing.notice is not None:
        notes.append(listing.notice)
    return listing
