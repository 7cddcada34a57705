"""The ruling ranges the README and the docs name match the rulings docs/RULES.md lists (issue 23.20)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RANGE = re.compile(r"\bR(\d+)\s*(?:–|-|to)\s*R(\d+)\b")


def listed_rulings() -> list[int]:
    """The rulings docs/RULES.md has a table row for (``| R7 | ...``), in order."""
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    return [int(n) for n in re.findall(r"^\| R(\d+) \|", text, flags=re.MULTILINE)]


def test_rules_md_lists_every_ruling_once_in_order() -> None:
    rulings = listed_rulings()
    assert rulings == list(range(1, len(rulings) + 1))
    assert len(rulings) == 25


def test_every_ruling_range_in_the_readme_and_the_docs_matches_rules_md() -> None:
    last = max(listed_rulings())
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    ranges = []
    for path in files:
        for match in RANGE.finditer(path.read_text(encoding="utf-8")):
            first, end = int(match[1]), int(match[2])
            ranges.append((path.name, first, end))
            # a range from R1 names them all; a later range (the ones added since) ends at the last too
            assert end == last, f"{path.name} names {match[0]}; docs/RULES.md lists R1–R{last}"
            assert 1 <= first < end, f"{path.name}: {match[0]}"
    assert ("README.md", 1, last) in ranges
