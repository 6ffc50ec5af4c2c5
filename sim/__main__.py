"""`python -m sim`: check removals, print a risk map, run the benchmark."""

import sys

from .cli import main

sys.exit(main())
