"""What a new player tripped over in the app (issue 15), checked through the app's own events with SDL's
dummy video driver and real files in a temporary data folder: the Donkey Kong choices and warnings, the
Monkey Dash bot turn and result, the help, the saved-matches list, the display options.
"""

from __future__ import annotations

import math
import re

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import palette as P
from render.app import App
from render.screens.donkey_kong import DonkeyKongScreen, space_words


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def person_faces(game, seed, want, seats=None):
    """A match where seat 0 (a person) faces a decision `want` accepts; until then a random bot plays
    seat 0 too (the same seeded choices every run)."""
    spec = registry.get(game)
    match = Match(spec.make_config(seats or [Seat("Ann"), Seat("Bot", "random")]), seed)
    stand_in = spec.bots["random"]()
    for _ in range(3000):
        if match.is_over():
            break
        if match.waiting_for_human():
            if want(match.state):
                return match
            match.bots[0] = stand_in
            match.play(match.bot_action())
            del match.bots[0]
        else:
            match.step() if match.current_player < 0 else match.play(match.bot_action())
    pytest.fail("no such position in this seeded game")


SPACE_ID = re.compile(r"\b(?:G\d+\.\d+|L\d+\.\d+|P\.\d+)\b")


def passes_a_barrel_without_cards(state):
    from games.donkey_kong.board import BOARD
    if state.contacts or state.face_up(0) or not state.played_cards(0):
        return False
    return any(any(BOARD.index[n] in state.barrels for n in a.split()[1:-1]) for a in state.legal_actions())


def test_a_donkey_kong_move_through_a_barrel_is_flagged_with_its_cost_before_it_is_played(tmp_path):
    """The engine makes a contact on every space the pawn steps on that holds an obstacle, not only the
    last; with no face-up card, a played card goes back to the deck. The choice says so, and the board
    rings the barrel on the selected path."""
    from games.donkey_kong.board import BOARD
    match = None
    for seed in range(40):
        try:
            match = person_faces("donkey_kong", seed, passes_a_barrel_without_cards)
            break
        except pytest.fail.Exception:
            continue
    assert match is not None
    app = App(match=match)
    screen = app.screen
    assert isinstance(screen, DonkeyKongScreen)
    app.draw()
    through = next(a for a in screen.legal if any(BOARD.index[n] in match.state.barrels for n in a.split()[1:-1]))
    label = screen.action_label(through)
    assert "⚠ meets a barrel on girder" in label
    assert "no face-up card, so one of your played cards goes back to the deck" in label
    clear = [a for a in screen.legal if not screen.obstacles_met(a, match.state)]
    assert all("⚠" not in screen.action_label(a) for a in clear)
    screen.actions.selected = screen.legal.index(through)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-barrel-warning.png"))
    barrel = next(BOARD.index[n] for n in through.split()[1:-1] if BOARD.index[n] in match.state.barrels)
    x, y = screen.space_xy(barrel)
    ring = int(70 * screen.art.scale() * 0.62)

    edge = [surface.get_at((int(x + (ring - 1) * math.cos(t / 8 * math.tau)), int(y + (ring - 1) * math.sin(t / 8 * math.tau))))[:3]
            for t in range(8)]
    assert edge.count(P.WARNING) >= 4  # the orange ring around the barrel on the path
    # Playing it costs what was said: the barrel's contact takes a played card back to the deck.
    played = len(match.state.played_cards(0))
    met = screen.obstacles_met(through, match.state)
    app.handle(key(pygame.K_RETURN))
    assert match.history[-1].action == through
    assert [c[2] for c in match.state.contacts] == [space for _, space in met]  # a contact on each, before any roll
    match.step()  # chance: which played card goes back
    assert len(match.state.played_cards(0)) == played - 1
    app.close()


def test_donkey_kong_words_name_spaces_by_the_labels_drawn_on_the_board(tmp_path):
    """Choices, the banner and the log name spaces as the board shows them (girder numbers at the right
    end, column numbers along the foot), never by the board file's ids."""
    from games.donkey_kong.board import BOARD
    match = person_faces("donkey_kong", 3, lambda s: len(s.legal_actions()) > 2)
    app = App(match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-labels.png"))
    words = screen.actions.items + screen.log_labels + [screen.decision_text()]
    assert words and not [w for w in words if SPACE_ID.search(w)]
    assert space_words(BOARD, "G2.5") == "girder 2, column 6"
    assert space_words(BOARD, "L11.2") == "ladder at column 6, girder 6 to the Finish platform, upper rung"
    # The labels really are on the board: a girder's number in white right of its last space.
    ends = screen.art.girder_ends()
    (gx, gy), _ = ends[2]
    sq = screen.board_square
    spot = pygame.Rect(sq.x + gx - 8, sq.y + gy - 8, 16, 16)
    assert any(surface.get_at((x, y))[:3] == P.WHITE for x in range(spot.x, spot.right) for y in range(spot.y, spot.bottom))
    app.close()
