"""``norsewind export NAME`` and ``norsewind import FILE``: share a game.

``export --json`` writes the save's portable form (the save file without this computer's
campaign profile, generation 1); ``export --text`` a record a person reads, like a chess PGN:
the players, the seed, the card set, one line per decision in the log's words with its turn,
and the score pad.  ``import`` adds a JSON record to the saves folder after the checks of
loading a save (the card set must match, the log must replay to the recorded digest): a bad
file gets one line and nothing is written; an existing game is never overwritten, and no game is
imported under a daily deal's name (it would stand for that day's attempt) or the tutorial's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from ..options import Options
from ..rules.cards import KINGDOM_NAMES
from ..rules.scoring import final_result, score_breakdown, viking_score
from ..rules.session import Session
from ..safetext import safe_text
from ..storage.atomic import read_limited, write_exclusive
from ..storage.chat import ChatLine, FileChat
from ..storage.commands import typed
from ..storage.errors import SaveError, StorageError
from ..storage.format import SaveFile, encode_save
from ..storage.gamefile import GameFiles
from ..storage.paths import sanitise_name
from ..storage.tables import TABLES_DIR
from ..storage.verify import load_bytes
from ..talk import chat_of, marked_words
from . import UsageError
from .saves import _store

# names the app gives its own saves: a daily deal's is a player's one attempt of the day
# (storage/dailyseed.py), the tutorial's is removed when it is over (tui/screens/tutorial.py)
KEPT_NAMES = {"daily-": "the daily deal", "tutorial-": "the tutorial"}
RECORD_HEAD = "Norsewind game "  # the text record's first words (import tells it from JSON by them)


def add_share_commands(sub: Any) -> None:
    export = sub.add_parser("export", help="write a saved game as text (to read) or JSON (to import elsewhere)")
    export.add_argument("name", help="the saved game's name")
    kind = export.add_mutually_exclusive_group()
    kind.add_argument("--text", dest="form", action="store_const", const="text", help="a record to read (default)")
    kind.add_argument("--json", dest="form", action="store_const", const="json", help="the save's portable form")
    export.add_argument("--table", action="store_true", help="NAME is a shared table (its file in the tables folder)")
    export.add_argument("-o", dest="output", metavar="FILE", help="write to FILE (never overwritten) instead of stdout")
    export.set_defaults(handler=cmd_export, form="text")
    imp = sub.add_parser("import", help="add a game exported with --json to the saves folder (checked first)")
    imp.add_argument("file", help="the exported JSON file")
    imp.add_argument("--as", dest="as_name", metavar="NAME", help="the name to save it under (default: the file's)")
    imp.set_defaults(handler=cmd_import)


def portable(save: SaveFile) -> SaveFile:
    """The save as another computer should get it: no campaign profile of this one, generation 1."""
    meta = msgspec.structs.replace(save.meta, profile=None, recorded=False)
    return msgspec.structs.replace(save, generation=1, meta=meta)


def cmd_export(args: Options) -> int:
    store = _store(args)
    folder = store.dir / TABLES_DIR if args.table else store.dir
    files = GameFiles(folder, sanitise_name(args.name))
    gen = files.read(store.cards)
    if gen is None:
        raise SaveError(f"no {'shared table' if args.table else 'saved game'} named {files.name} in {folder}")
    save, session = gen.value.save, gen.value.session
    chat = table_chat(folder, files.name, save, session) if args.table else []
    data = encode_save(portable(save)) if args.form == "json" else text_record(files.name, save, session, chat).encode()
    if args.output is None:
        sys.stdout.write(data.decode())
        return 0
    out = Path(args.output)
    try:
        write_exclusive(out, data)  # no check before: a file made meanwhile is not overwritten either
    except FileExistsError:
        raise UsageError(f"{out} already exists: not overwriting it (choose another -o FILE)") from None
    except OSError as exc:
        raise UsageError(f"{out}: cannot write: {exc.strerror or exc}") from None
    print(safe_text(f"Exported {files.name} to {out}."))
    return 0


def cmd_import(args: Options) -> int:
    store = _store(args)
    path = Path(args.file)
    try:
        data = read_limited(path, follow=True)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    if data.startswith(RECORD_HEAD.encode()):  # the record to read, not JSON: say which file to make instead
        named = data.split(b"\n", 1)[0].decode("utf-8", "replace").removeprefix(RECORD_HEAD).strip() or "NAME"
        raise UsageError(
            f"{path} is the readable record of a game, not a file to import:"
            f" `{safe_text(typed(args, 'export', named, '--json', '-o', 'FILE'))}` makes one"
        )
    loaded = load_bytes(data, str(path), store.cards)  # SaveError: one line, nothing written
    stem = path.name.removesuffix(".json") if path.name.endswith(".json") else path.stem
    name = sanitise_name(args.as_name or stem)
    for prefix, owner in KEPT_NAMES.items():
        if name.lower().startswith(prefix):
            raise UsageError(f"{name}: a {prefix}… name is kept for {owner}: nothing imported (choose --as NAME)")
    if store.exists(name):
        raise UsageError(f"a game named {name} already exists in {store.dir}: nothing imported (choose --as NAME)")
    meta = msgspec.structs.replace(loaded.save.meta, profile=None, recorded=False)  # not this computer's campaign
    game = store.add(loaded.session, meta, name)
    game.close()
    print(safe_text(f"Imported {path} as {game.name}: {typed(args, 'review', game.name)}"))
    return 0


# --------------------------------------------------------------------------- the text record


def table_chat(folder: Path, name: str, save: SaveFile, session: Session) -> list[ChatLine]:
    """A table's chat for its record (issue 41.2): the players' lines, and the spectators' once the
    game is over (during play a spectator's line never reaches a player)."""
    book = FileChat(folder, name)
    if session.state.is_over:
        return chat_of(book, save.meta.id)
    try:
        return book.lines("players", save.meta.id)
    except StorageError:
        return []


def text_record(name: str, save: SaveFile, session: Session, chat: Sequence[ChatLine] = ()) -> str:
    """The game as a person reads it: who played, the seed, the card set, each decision (a table's chat
    between them, each line marked by who said it and after which decision), the score pad."""
    from ..tui.timeline import Timeline  # with the bots' words: imported when a command runs (issue 16)

    t = Timeline(session)
    state = t.state(t.end)
    seats = ", ".join(
        f"{safe_text(s.name)} ({'computer ' + safe_text(s.bot or '') if s.kind == 'computer' else 'human'})".replace(
            " )", ")"
        )
        for s in save.meta.seats
    )
    mode = f"solo, level {state.config.level}" if state.solo else f"{len(state.players)} players"
    made = f" ({safe_text(save.meta.cards_source)})" if save.meta.cards_source else ""
    lines = [
        f"{RECORD_HEAD}{safe_text(name)}",
        f"Players: {seats}",
        f"Mode: {mode}",
        f"Seed: {save.seed}",
        f"Card set: {save.cards}{made}",
        f"Decisions: {t.end}" + ("" if state.is_over else " (the game is not finished)"),
        "",
    ]
    said = sorted(chat, key=lambda line: line.decision)
    for d in range(t.end):
        lines += [f"          {marked_words(x)}" for x in said if x.decision == d]
        lines.append(f"Turn {t.state(d).turn:>2}  {d + 1:>3}. {t.decision_words(d)}")
    lines += [f"          {marked_words(x)}" for x in said if x.decision >= t.end]
    lines.append("")
    lines.extend(score_pad(session, save.meta.assisted))
    return "\n".join(lines) + "\n"


def score_pad(session: Session, assisted: bool = False) -> list[str]:
    """The score pad in plain text: a column per player (and the Vikings), a line per kingdom."""
    state = session.state
    names = [safe_text(p.name)[:12] for p in state.players]
    pads = [score_breakdown(state, i) for i in range(len(names))]
    vik = viking_score(state) if state.solo else None
    heads = [*names, *(["Vikings"] if vik else [])]
    rows = [["Coins", *(str(p.coins) for p in pads), *(["-"] if vik else [])]]
    for r in range(4):
        row = [KINGDOM_NAMES[r]]
        for p in pads:
            k = p.kingdoms[r]
            row.append(f"{k.prestige}x{k.citizens}={k.points}" if k.safe else f"h{k.helmets}>s{k.shields} {k.points}")
        if vik is not None:
            v = vik.rows[r]
            row.append(f"{v.coins_per_card}x{v.cards}={v.points}" if v.scores else "0")
        rows.append(row)
    rows.append(["Total", *(str(p.total) for p in pads), *([str(vik.total)] if vik else [])])
    widths = [max(len(row[c]) for row in [["Score pad", *heads], *rows]) for c in range(len(heads) + 1)]

    def line(cells: list[str]) -> str:
        return "  ".join(cells[0].ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))

    out = [
        "Score pad" + ("" if state.is_over else " (if the game ended now)"),
        line(["", *heads]),
        *(line(r) for r in rows),
    ]
    result = final_result(state)
    if state.is_over and result.margin is not None:
        medal = f"{result.medal} medal" if result.medal and not assisted else "no medal"
        out.append(f"Margin {result.margin:+d}: {medal}" + (" (assisted)" if assisted and result.medal else ""))
    elif state.is_over:
        out.append("Winner: " + " and ".join(names[i] for i in result.winners))
    return out
