"""The help page "How to read the board": every abbreviation and mark of the game screen, drawn.

The examples are drawn as the game screen draws them at 80 columns; each line is at most 76
cells so the page fits 80x24 inside the help screen's margins (a test checks the width).
"""

from __future__ import annotations

BOARD_GUIDE = """\
The top line:
  Turn 3  Level 1  >Ana 7$ 12pt (kingdoms below)  Vikings 5pt   deck 20
  >Ana: the player to move, 7 coins, 12 points if the game ended now;
  (kingdoms below): the rows below are Ana's (tab shows another player's);
  deck/reserve: cards left; neutral: white citizens left on the castle tile.

The market (5 slots; the supplies sit between them, in a ring):
      1              2 SHIP
   B  Smith   h2  Y  Ship    h1  P      B Y P R: citizen supplies (colour),
   4  c1 s2       4  +2$ c1      4      D: upgrade discs; 4: how many left.
      [y]            [b]                A slot takes from the supplies on
                                        both sides. SHIP: the Viking ship.
  h2 helmets   s2 shields   p1 prestige   c1 printed citizens
  $3 a cost in coins   +2$ coins a ship gives   [y] an empty yellow space

The castle display:
  Castles 1:$9 s9{2} p2{1}    castle 1 costs 9, has 9 shields, a shield
                              space worth 2, 2 prestige, a prestige space
                              worth 1.
  In a kingdom: {s2} an empty shield space, {S2} with a disc on it; {p1},
  {P1} the same for prestige; [y] an empty yellow space, [Y] a citizen.

A kingdom row (three lines):
  2           East Anglia   Smith  h1 Ship  h1     h3>s2 RISK
    no castle G cit: +1$    c1 s2     +2$ c1       -7 (safe: 0)
              inc Ship+2    [p]       [b]          Vik h6>s2 +0
  2: press 2 to choose it.  "no castle" or the castle's values.
  G/R: green or red tile and its effect (cit: +1$ a coin per citizen placed;
  4th: +5$; +1 citizen; p1 space; s4 sp. 1$; max 2 bldg; diff types;
  diff colour: one citizen per colour scores; h3+: +1$; castle $7+).
  inc Ship+2: building here pays 2 coins per ship in your OTHER kingdoms
  (written Ship+2 in every row when a row's tile spaces leave no room).
  Status: h3>s2 RISK = 3 helmets beat 2 shields: -7 at the end; (safe: 0)
  what it would score when safe. h2<=s4 safe and p1 x c2 = 2: its points.
  Vik h6>s2 +0: the Vikings' row of this kingdom has 6 helmets against your
  2 shields, so it scores for them (+0 now: they have no card there yet).

Marks: > the cursor; reverse video: what you can choose, or the lesson's
  pointer in the tutorial; i explains the thing under the cursor in words.
"""
