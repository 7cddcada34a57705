"""``python -m norsewind_tui.cli``: the same as the ``norsewind`` command."""

import sys

from . import main

sys.exit(main())
