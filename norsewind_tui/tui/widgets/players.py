"""The players: a one-line bar (turn order, coins, projected score) and a wider panel."""

from __future__ import annotations

from rich.text import Text

from ...rules.scoring import score_breakdown, viking_score
from ...rules.state import State
from ...words import panels as say
from ..text import NAME_W, plural, short_name
from .board import Board, Cell
from .castles import counts_fit


def turn_order(n: int, start: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


SHOWN = say.SHOWN
SHOWN_WIDE = say.SHOWN_WIDE


def turn_words(state: State) -> str:
    """``Turn 7  Level 1``: what the bar begins with and the wide panel (which replaces it) too."""
    return f"Turn {state.turn}" + (f"  Level {state.config.level}" if state.solo else "")


class PlayersBar(Board):
    """``Turn 7  >Ana 5$ 12pt  Bo 3$ 8pt   deck 23 reserve 5`` in turn order; the shown seat marked.

    At a shared table ``tags`` marks the people not at it: ``Bo(away) 3$ 8pt``, ``Cy(app)`` (issue 13),
    when they fit with names of at least 7 cells; the prompt and the wide panel say it in words.
    """

    tags: dict[int, str] = {}  # noqa: RUF012 (replaced, never changed in place) seat -> "(away)" / "(app)"

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state = v.state
        n = len(state.players)
        head = turn_words(state) + "  "
        order = turn_order(n, state.start_player)
        scores = {seat: score_breakdown(state, seat).total for seat in order}
        tail = f"Vikings {viking_score(state).total}pt" if state.solo else ""
        counts_options: tuple[str, ...] = (
            f"deck {len(state.deck)}  reserve {len(state.reserve)}  neutral {state.neutral}",
            f"deck {len(state.deck)} res {len(state.reserve)}",
            f"deck {len(state.deck)}",
            "",
        )
        if counts_fit(v, width):
            counts_options = ("",)  # the castle line shows them

        tagged = True

        grown: dict[int, int] = {}  # seat -> a wider name than the others' where the line has room

        def entry(seat: int, name_w: int) -> str:
            p = state.players[seat]
            mark = ">" if seat == state.current and not state.is_over else " "
            tag = self.tags.get(seat, "") if tagged else ""
            return f"{mark}{short_name(v.names[seat], grown.get(seat, name_w))}{tag} {p.coins}$ {scores[seat]}pt"

        def needed(name_w: int, counts: str) -> int:
            used = len(head) + sum(len(entry(s, name_w)) + 2 for s in order) + (len(tail) + 2 if tail else 0)
            return used + (len(counts) + 1 if counts else 0)

        longest = max(len(name) for name in v.names)
        widths = (min(longest, NAME_W), min(longest, 10), min(longest, 7), 5)  # NAME_W: as in the prompt and log
        tagged = bool(self.tags) and needed(widths[2], "") <= width  # presence before counts, not before names
        # names are abbreviated before a count is dropped (the neutral count is no less needed than a name's tail)
        full = counts_options[:1]
        name_w, counts = next(
            ((w, c) for c in full for w in widths if needed(w, c) <= width),
            (4, ""),
        )
        if not counts and counts_options != ("",):
            for w in widths:
                found = next((c for c in counts_options if needed(w, c) <= width), None)
                if found is not None and (found or w <= 7):
                    name_w, counts = w, found
                    break
        growing = True  # the room left widens names one cell at a time, in turn order (N.bot 2, not N. 2)
        while growing:
            growing = False
            for seat in order:
                wider = grown.get(seat, name_w) + 1
                if wider <= min(len(v.names[seat]), NAME_W):
                    grown[seat] = wider
                    if needed(name_w, counts) <= width:
                        growing = True
                    else:
                        grown[seat] = wider - 1
        # whose kingdoms the rows below are, in words, where the line has room (issue 23.18)
        below = SHOWN if needed(name_w, counts) + len(SHOWN) <= width else ""
        cells: list[Cell] = [Cell(len(head), 1).put(0, head, "board--label")]
        for seat in order:
            text = entry(seat, name_w) + (below if seat == v.seat else "")
            style = "board--current" if seat == v.seat else ""
            cell = Cell(len(text) + 2, 1, ("seat", seat), style).put(0, text)
            if seat == v.seat and seat != v.me and v.me >= 0:
                cell.put(0, "*", "board--label")
            cells.append(cell)
        if tail:
            cells.append(Cell(len(tail) + 2, 1).put(0, tail, "board--vikings"))
        used = sum(c.width for c in cells)
        rest = max(width - used, 0)
        cells.append(Cell(rest, 1).put(0, counts.rjust(rest) if counts else "", "board--dim"))
        return self.join(cells)


class PlayersPanel(Board):
    """A line per player with coins, projected score and kingdoms at risk (wide layout); at a shared
    table, where each other person is (``words``: "away since 10:42") after the name when it fits."""

    words: dict[int, str] = {}  # noqa: RUF012 (replaced, never changed in place) seat -> presence in words

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state = v.state
        n = len(state.players)
        # the bar is hidden beside this panel: the turn and the level are said here (issue 23.3)
        lines = self.join([Cell(width, 1).put(0, turn_words(state), "board--label")])
        lines += self.join([Cell(width, 1).put(0, say.PLAYERS_TITLE, "board--label")], len(lines))
        for seat in turn_order(n, state.start_player):
            p = state.players[seat]
            sb = score_breakdown(state, seat)
            risk = sum(1 for k in sb.kingdoms if not k.safe)
            mark = ">" if seat == state.current and not state.is_over else " "
            style = "board--current" if seat == v.seat else ""
            name = f"{mark}{short_name(v.names[seat], width - 1)}"
            where = self.words.get(seat, "")
            if where and len(name) + 2 + len(where) <= width:
                name += f"  {where}"
            if seat == v.seat and len(name) + len(SHOWN_WIDE) <= width:
                name += SHOWN_WIDE
            top = Cell(width, 1, ("seat", seat), style).put(0, name)
            lines += self.join([top], len(lines))
            detail = say.player_detail(p.coins, sb.total, risk)
            lines += self.join([Cell(width, 1, ("seat", seat)).put(0, detail)], len(lines))
        if state.solo:
            vikings = f" Vikings {plural(viking_score(state).total, 'point')}"
            lines += self.join([Cell(width, 1).put(0, vikings, "board--vikings")], len(lines))
        counts = f"deck {len(state.deck)}, reserve {len(state.reserve)}, neutral {state.neutral}"
        lines += self.join([Cell(width, 1).put(0, counts, "board--dim")], len(lines))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.view is None:
            return 1
        return 3 + 2 * len(self.view.state.players) + (1 if self.view.state.solo else 0)
