"""The texts of the help screen: the board's notation, a rules summary, the rulings."""

from __future__ import annotations

NOTATION = """\
h3  helmets (Viking raids)   s2  shields (defence)   p1  prestige
c2  printed citizens         $3  a cost in coins     +3$ coins a ship gives
[y] an empty yellow citizen space; [Y] a yellow citizen on it
    ([N] a neutral one). Colours are letters too: P purple, Y yellow,
    B blue, R red, N neutral.
{s2} an empty shield space worth 2; {S2} with a disc on it.
{p1} an empty prestige space worth 1; {P1} with a disc on it.
The market: the supplies sit between the 5 slots (P Y B R citizens with
how many are left, D upgrade discs); a slot takes from the supplies on
both its sides, and the strip closes into a ring. SHIP marks the Viking
ship (solo).
A kingdom row: its number (1-4 choose it) | castle ("no castle" yet) |
kingdom (G green or R red tile; its income "Smith+1": 1 coin per blacksmith
in your OTHER kingdoms when you build here) | up to 4 buildings | status
now: "h2<=s4 safe" and "p1 x c2 = 2" points, or "h3>s1 RISK" and
"-7 (safe: 2)"; in solo, "Vik h6>s1 +4": the Viking row's helmets
beat your shields there and would score 4 for the Vikings.
"""

RULES = """\
Goal: the most points. You score 1 point per coin, and per kingdom
either prestige x citizens (when its shields >= its helmets) or -7 (when
it has more helmets than shields).

On your turn do ONE action:
A) Take a building from a market slot and build it in one of your kingdoms
   (inns cost coins; at most 4 buildings per kingdom; red tiles restrict).
   Then gain income: a ship's coins, plus the income of that kingdom's card
   for each matching building in your OTHER kingdoms.
   Then you may take a citizen or an upgrade disc from one of the two
   supplies next to the slot and put it on a matching empty space: a
   citizen on a space of its colour, a disc shield side up (free; the green
   tile's 4-shield space costs 1) or prestige side up (2 coins).
   The slot is refilled from the deck (castles go to the castle display).
B) Buy a castle from the castle display and put it in a kingdom (pay its
   cost; a castle there already goes back to the display, its discs may move
   to the new one). Gain that kingdom's income. A kingdom's first castle
   brings a neutral citizen (wild colour) to any empty citizen space.

The end: when the deck cannot refill the market, the end is triggered; the
round is finished so that everybody had the same number of turns (the
reserve deck refills meanwhile). Ties: most coins; still tied, shared.

Solo: after each action A the Vikings move their ship by the helmets of the
card that refilled the market and take the card under it into their row of
that type (churches: the topmost row with the fewest cards). At the end each
Viking row whose helmets exceed your shields in that kingdom scores its
coins per card x its cards. Beat the Vikings' score: +1..8 bronze, +9..16
silver, +17..24 gold, +25 platinum; platinum unlocks the next level (1-7).
"""

GREEN_TILES = """\
Green tiles (2 helmets each):
  +1 citizen   1 printed citizen and a citizen space of your colour
  4th: +5$     gain 5 coins when you build your 4th building there
  cit: +1$     gain 1 coin each time you place a citizen figure there
  p1 space     a prestige space worth 1 (a disc costs 2, as always)
  s4 sp. 1$    a shield space worth 4; a disc there costs 1 coin
"""

RED_TILES = """\
Red tiles (1 helmet each):
  diff types   every building there must be of a different type
  max 2 bldg   at most 2 buildings there (the starting card counts)
  h3+: +1$     pay 1 coin to build a card with 3+ helmets there
  castle $7+   a castle there must cost at least 7
  diff colour  only one citizen figure per colour counts (neutral is one)
"""

RULINGS = """\
Rulings of this edition (where the rulebook is silent):
R1  The market is a ring: supply 1, slot 1, supply 2, ... slot 5, supply 1.
    A slot touches the supplies on both of its sides.
R2  Citizens per supply: solo 4, 2p 8, 3p 10, 4p 12; neutral 4 per player;
    24 discs; coins unlimited.
R3  The ship moves clockwise: to higher slot numbers, wrapping.
R4  Helmets: every building's printed helmets + the tile (green 2, red 1).
R5  Shields and prestige: printed values + discs on their spaces.
R6  Citizens: printed + figures; under "diff colour" one figure per
    colour counts.
R7  The starting card is a building of its type for every rule.
R8  A turn is a series of single decisions; everything else is automatic.
R9  Taking a citizen or disc is optional; offered only where it fits and
    you can pay.
R10 A prestige disc costs 2; a shield disc is free, except 1 on the green
    tile's 4-shield space.
R11 The red tile's 1-coin charge is paid when the card is placed (an inn
    there costs its price + 1).
R12 Refresh the market only when you can afford no building in it in any
    kingdom; the old cards are shuffled back into the deck.
R13 With no legal action at all you pass; the game never gets stuck.
R14 A replaced castle returns to the display; each of its discs may move to
    an empty space of the new castle, either side up, or returns.
R15 The end is triggered when the deck cannot refill the market after a
    building; the round is completed, refilling from the reserve deck.
R16 Solo: the game ends with the Vikings' turn after the trigger.
R17 Ties: most coins wins; still tied, the victory is shared.
R18 The ship moves by the helmets of the card your refill revealed; churches
    go to the topmost Viking row with the fewest cards.
R19 Solo: at most 4 castles in the display; a 5th pushes out the leftmost.
R20 The level fixes how many green/red tiles and red Viking cards; which
    ones is drawn from the seed.
R21 Medals: bronze +1..8, silver +9..16, gold +17..24, platinum +25;
    platinum on level N unlocks N+1; platinum on 7: "King of all Kings".
R22 Every random draw comes from the game's seed: same seed, same game.
"""
