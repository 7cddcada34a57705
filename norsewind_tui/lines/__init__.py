"""Line mode (``norsewind play --lines``): the game as plain lines, for screen readers and slow links.

No cursor movement, no colour unless asked (``--colour``), nothing redrawn: every line is meant to
be read aloud once.  A game is driven through its ``GameHandle`` as the app drives it (the same
saves, the same undo policy), so a game started here resumes in the full-screen app and back.
All its sentences are ``words``' (``words/lines.py``); this package imports nothing of the tui.
"""
