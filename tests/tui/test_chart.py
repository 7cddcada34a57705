"""The projected-score chart of the review screen: box and block characters, within its width."""

from __future__ import annotations

from norsewind_tui.tui.widgets.chart import ChartData, chart_lines


def test_a_small_chart_drawn_exactly() -> None:
    data = ChartData(
        ("Ana", "Vikings"), ["1", "2", "3", "end"], [(0, 10), (10, 10), (30, 20), (40, 25)], 2, (30, 20), vikings=True
    )
    lines = chart_lines(data, 30, 9)
    assert [text.rstrip() for text, _ in lines] == [
        " 40┤                  █",
        "   ┤            █─────",
        "   ┤            │     ╳",
        " 16┤            ╳─────",
        "   ┤╳─────█─────",
        "  0┤█─────",
        "   └────────────┼─────────────",
        "    1     2     3     end",
        "█ Ana 30  ╳ Vikings 20",
    ]
    text, owners = lines[4]
    assert owners[text.index("╳")] == 4 and owners[text.index("█")] == 0  # the Vikings' colour, Ana's colour


def test_four_players_over_twenty_turns_fit_80_columns() -> None:
    values = [tuple(t * (s + 1) - 7 for s in range(4)) for t in range(21)]
    data = ChartData(
        ("Astrid", "Bjorn", "Cnut", "Dagny"), [str(t + 1) for t in range(20)] + ["end"], values, 20, values[-1]
    )
    lines = chart_lines(data, 80, 11)
    assert len(lines) == 11 and all(len(text) <= 80 and len(owners) == len(text) for text, owners in lines)
    assert lines[-1][0] == "█ Astrid 13  ▓ Bjorn 33  ▒ Cnut 53  ░ Dagny 73"
    assert lines[0][0].startswith(" 73┤") and "┼" in lines[-3][0]
    assert all(ord(ch) < 0x2600 for text, _ in lines for ch in text)  # box drawing and blocks, no emoji
