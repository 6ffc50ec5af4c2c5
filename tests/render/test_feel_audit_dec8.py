"""A Jenga feel audit (8 Dec), the window's words: the info line says whose tilt it gives. (Its other findings'
tests: the touch force in the tooltip, tests/render/test_tower_sim.py; a drag well off a block's line,
tests/render/test_live_push.py.)"""

from __future__ import annotations

from games import registry
from games.core import Seat
from games.match import Match


def test_the_jenga_info_line_says_whose_tilt_it_gives():
    """A feel audit: "the rest of the tower moved 0.2 mm, tilt 0.2°" after a touch read as the tower leaning; the
    figure is the most any one block tilted."""
    from render.screens.registry import screen_for

    match = Match(registry.get("jenga_classic").make_config([Seat("Ann"), Seat("Bob")]), 3)
    screen = screen_for("jenga_classic")(match)
    try:
        line = screen.verdict_line({"op": "touch", "where": [5, 2], "collapsed": False, "tower_motion_mm": 0.2,
                                    "max_tilt_deg": 0.21, "max_displacement_mm": 0.3})
        assert "the rest of the tower moved 0.2 mm, blocks tilted up to 0.2°" in line and "tilt 0.2" not in line
    finally:
        screen.close()
