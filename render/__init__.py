"""The pygame desktop app: the only package that imports pygame. It reads game state and hands back actions."""

import os

# pygame prints a greeting line on import; it would land in the middle of `--json` output and of the
# terminal's game log. A person who wants it back sets the variable to 0.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
