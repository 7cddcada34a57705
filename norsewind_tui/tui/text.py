"""Presentation helpers: how cards, tiles and names are written on the board.

Nothing here decides a rule: it only turns card data and the rules' results
into short strings.  Every glyph is single-width ASCII, so the board lines up
in any terminal; citizen colours are always written as a letter (P/Y/B/R/N).

Notation (the help screen explains it to players):

- ``h3`` helmets, ``s2`` shields, ``p1`` prestige, ``c2`` printed citizens,
  ``$3`` a cost, ``+3$`` a ship's coins;
- ``[y]`` an empty yellow citizen space, ``[Y]`` a yellow citizen on it
  (``[N]`` a neutral one);
- ``{s2}`` an empty shield space worth 2, ``{S2}`` with a disc on it;
  ``{p1}`` / ``{P1}`` the same for prestige.
"""

from __future__ import annotations

from ..safetext import NAME_W as NAME_W  # the app's screens name them here
from ..safetext import safe_text as safe_text
from ..safetext import short_name as short_name
from ..words.board import TILE_HELP as TILE_HELP  # the board in words, where the widgets have always found it
from ..words.board import TYPE_LONG as TYPE_LONG
from ..words.board import card_facts as card_facts
from ..words.board import describe_card as describe_card
from ..words.board import tile_help as tile_help
from ..words.notation import TILE_SHORT as TILE_SHORT  # the board's notation, made in words (the lessons quote it)
from ..words.notation import TYPE_SHORT as TYPE_SHORT
from ..words.notation import card_title as card_title
from ..words.notation import card_values as card_values
from ..words.notation import castle_line as castle_line
from ..words.notation import castle_values as castle_values
from ..words.notation import income_text as income_text
from ..words.notation import tile_summary as tile_summary
from ..words.nouns import plural as plural  # the one plural, re-exported for the board's texts
from .fitting import fit as fit  # the one way of fitting text, where the widgets have always found it
