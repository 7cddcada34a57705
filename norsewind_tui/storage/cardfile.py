"""Card-set files (``--cards FILE``, ``cards check FILE``): read them as safely as saves.

The one place a card set is loaded from a file.  The bytes come through
``read_limited`` (size limit, non-blocking open: ``/dev/zero`` or a FIFO is
refused at once), then a cheap scan refuses what would make the TOML parser
recurse or crawl (``x = [[[...]]]`` 5,000 deep, a 200,000-part dotted header)
before ``tomllib`` sees it.  Every failure is a ``CardFileError`` whose
``str()`` is one line naming the file; ``problems`` lists the card set's
problems one by one when the file was read but is not a usable set.
"""

from __future__ import annotations

import re
from pathlib import Path

from .. import words
from ..rules.cards import CardDB, CardSetError, compile_card_set
from .atomic import read_limited
from .errors import FileTooBig, SaveError, StorageError
from .pathlen import NameTooLong, check_length

MAX_CARD_FILE = 1 << 20  # the shipped set is 17 KB: a megabyte leaves room for comments
MAX_DEPTH = 16  # brackets and braces open at once: a card file needs 2 ([[cards]], { ... })
MAX_DOTS = 32  # dots on one line outside strings: a dotted key of at most 33 parts

# Everything that opens or closes a string, a comment, a nesting level or a line, or a dotted key.
_TOKEN = re.compile(rb'"""|\'\'\'|["\'#\n\[\]{}.\\]')


class CardFileError(StorageError):
    """A card file that cannot be used; ``problems`` lists each problem of a readable file.

    ``unread``: there is no card file to check there (missing, not a regular file, not
    readable, a name the system cannot hold), as opposed to a bad card file.
    """

    def __init__(self, message: str, problems: list[str] | None = None, unread: bool = False) -> None:
        super().__init__(message)
        self.problems = problems or []
        self.unread = unread


def check_shape(data: bytes) -> str | None:
    """Why ``data`` is refused before parsing (too deep, too many key parts), or None.

    A tokenizer just good enough to skip strings and comments: it only bounds
    the work the real parser will do, which reports every other error.
    """
    depth = dots = 0
    line = 1
    state = b""  # b"" outside strings, else the token that opened the string or comment
    skip = -1  # the offset of a character escaped by a backslash
    for m in _TOKEN.finditer(data):
        tok = m.group()
        if tok == b"\n":
            line += 1
            dots = 0
            if state in (b'"', b"'", b"#"):
                state = b""
            continue
        if m.start() == skip:
            continue
        if state in (b'"', b'"""') and tok == b"\\":
            skip = m.end()
        elif state:
            if tok == state or (state == b'"' and tok == b'"""'):
                state = b""
        elif tok in (b'"', b"'", b'"""', b"'''", b"#"):
            state = tok
        elif tok in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                return f"line {line}: nested more than {MAX_DEPTH} levels deep"
        elif tok in (b"]", b"}"):
            depth = max(depth - 1, 0)
        elif tok == b".":
            dots += 1
            if dots > MAX_DOTS:
                return f"line {line}: a dotted key of more than {MAX_DOTS + 1} parts"
    return None


def load_card_file(path: str | Path) -> CardDB:
    """The card set in the TOML file ``path``, validated; ``CardFileError`` otherwise."""
    name = str(path)
    try:
        check_length(name)
        data = read_limited(Path(path), MAX_CARD_FILE, follow=True)
    except FileNotFoundError:
        raise CardFileError(f"{name}: no such file", unread=True) from None
    except NameTooLong as exc:
        raise CardFileError(exc.message, unread=True) from None
    except SaveError as exc:  # read_limited words its refusals for saves
        message = exc.message.replace("for a save", "for a card file")
        raise CardFileError(message, unread=not isinstance(exc, FileTooBig)) from None
    shape = check_shape(data)
    if shape is not None:
        raise CardFileError(f"{name}: {shape}", [shape])
    try:
        return compile_card_set(data, name)
    except CardSetError as exc:
        problems = words.card_problems(exc)
        raise CardFileError(f"{name}: {len(problems)} problem(s): " + "; ".join(problems), problems) from None
    except RecursionError:  # check_shape should have refused it first; never a traceback
        raise CardFileError(f"{name}: nested too deep", ["nested too deep"]) from None
