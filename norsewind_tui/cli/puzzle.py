"""``norsewind puzzle --collect`` and ``--share yes|no`` (issue 43): the host's book of puzzles."""

from __future__ import annotations

import sys

import msgspec

from ..options import Options
from ..safetext import safe_text
from ..storage import StorageError
from ..storage.context import AppContext


def cmd_puzzle_book(args: Options) -> int:
    from ..puzzles import collect

    try:
        context = AppContext(args)
        player = context.profile_name
        if args.share is not None:
            settings, _ = context.settings.load(context.identity)
            context.settings.save(context.identity, msgspec.structs.replace(settings, puzzles=args.share == "yes"))
            print(
                safe_text(
                    f"{player}: your analysed games {'may give' if args.share == 'yes' else 'give no'} puzzles here."
                )
            )
        if args.collect:

            def progress(done: int, total: int) -> None:
                print(f"checked {done} of {total} costly decisions by rollouts", flush=True)

            new = collect(context, player, progress=progress)
            print(f"{new} new puzzle{'s' if new != 1 else ''} in this host's book.")
    except StorageError as exc:
        print(safe_text(f"norsewind: {exc}"), file=sys.stderr)
        return 2
    return 0
