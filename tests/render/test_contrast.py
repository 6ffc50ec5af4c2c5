"""An accessibility audit (7 Dec): the letters on seat badges and on the spinners' sections were chosen black or
white by a weighted sum of the raw colour values, which put white on light colours where black reads twice as
well. Each is now the one of the two with the higher WCAG contrast ratio."""

from __future__ import annotations

import pytest

from render import palette as P


@pytest.fixture(autouse=True)
def standard_palette():
    yield
    P.use_palette("standard")


@pytest.mark.parametrize("name", ["standard", "colour-blind"])
def test_every_seat_badge_has_the_ink_of_higher_contrast(name):
    P.use_palette(name)
    for seat in range(4):
        colour = P.seat_colour(seat)
        ink = P.ink_on(colour)
        other = P.WHITE if ink == P.BLACK else P.BLACK
        assert P.contrast(colour, ink) >= P.contrast(colour, other), (name, seat, colour)
        assert P.contrast(colour, ink) >= 4.5, (name, seat, colour)  # WCAG AA for text


def test_the_colours_the_audit_measured_take_black():
    """Seat 1 of the colour-blind set (white 3.0:1, black 6.9:1), the standard set's vermillion (3.9:1, 5.4:1) and
    the spinner's bluish green (3.4:1, 6.1:1)."""
    for colour in ((254, 97, 0), P.VERMILLION, P.BLUISH_GREEN):
        assert P.ink_on(colour) == P.BLACK, colour
    assert P.ink_on(P.BACKGROUND) == P.WHITE and P.ink_on((20, 20, 60)) == P.WHITE
    assert round(P.contrast(P.BLACK, P.WHITE)) == 21
