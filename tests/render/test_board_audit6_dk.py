"""A Donkey Kong board-game audit (8 Dec) against the rules and the window: two players' thefts from one player
are said apart, the log says the fireball a barrel lets out of the Oil Can, a number key with no row says so, and
the help says the board's ladders are all whole."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import CHANCE, Seat

from .test_board_audit5_dk import _bot_steps
from .test_mouse_audit_dk import opened
from .test_stumbles import home, key, person_faces  # noqa: F401 (home: the autouse scratch folder for saves)


def test_a_theft_by_the_next_player_is_not_told_as_the_first_thiefs():
    """Rule: a player without a face-up card whose pawn an obstacle meets in another player's turn gives a
    played card to that player. The audit (four seats): Greedy bot 3 took Player 1's Hammer 200, then in its
    own turn Random bot 4 took the Jump 200, and the line read "Random bot 4 takes Player 1's played Hammer 200
    and Jump 200: -400 points"."""
    thefts = []
    for screen, before, step, _ in _bot_steps("rulebook", ["greedy", "random", "greedy", "random"], [0], chance=True):
        if step.by == CHANCE and before.contacts and step.action.startswith("steal"):
            screen.note_loss(step, before)  # the status line as each theft comes, the last one still showing
            thefts.append((before.contacts[0][0], before.turn_owner(), step.action.split()[1], screen.message))
            if len(thefts) >= 2 and thefts[-2][0] == thefts[-1][0] and thefts[-2][1] != thefts[-1][1]:
                break
    else:
        pytest.fail("no two thefts from one player by two players in this seeded game")
    victim, taker, card, said = thefts[-1]
    names = [s.name for s in screen.match.config.seats]
    assert said.startswith(f"⚠ {names[taker]} takes {names[victim]}'s played {screen.card_words(card)}: ")
    assert " and " not in said.split(":")[0]  # one card: the other went to the other player
    assert said.endswith(f"-{screen.card_kind(card)[1]} points for {names[victim]}.")


@pytest.mark.parametrize("variant", ["rulebook", "wiki"])
def test_the_log_says_each_fireball_a_barrel_lets_out_of_the_oil_can(variant):
    """Rule: a barrel that reaches the Oil Can lets a fireball out (in the wiki reading, one passing over it). The
    engine notes it among the six short lines that scroll away; the move log had "then a fireball climbs" with none
    come out before (the audit, seed 7). Over whole bot games the log's words count every fireball let out."""
    from render.screens.donkey_kong import new_events

    told = 0
    for screen, before, step, after in _bot_steps(variant, ["greedy", "random", "greedy"], range(3)):
        notes = new_events(before.events, after.events)
        out = sum(1 for line in notes if "reaches the Oil Can and a fireball comes out" in line)
        words = screen.obstacle_words(before, step.action)
        if out == 1:
            assert "a barrel rolls into the Oil Can and a fireball comes out" in words, (words, notes)
        elif out > 1:
            assert f"{out} barrels roll into the Oil Can and {out} fireballs come out" in words, (words, notes)
        else:
            assert "fireball comes out" not in words and "fireballs come out" not in words, (words, notes)
        told += out
    assert told >= 3  # the games had some


def test_a_number_key_with_no_row_says_how_many_rows_there_are():
    def few_choices(state):
        return state.current_player() == 0 and 1 < len(state.legal_actions()) <= 4

    match = person_faces("donkey_kong", 3, few_choices)
    app, screen = opened(match)
    try:
        screen._refresh_actions(force=True)
        count = len(screen.legal)
        history = len(match.history)
        app.handle(key(pygame.K_9))
        assert len(match.history) == history  # nothing played
        assert screen.message == f"There is no choice 9: the Choices list numbers 1 to {count}."
    finally:
        app.close()


def test_the_help_says_every_ladder_is_whole():
    """The rules texts have no broken ladders; the arcade stage the board follows has some: the help decides."""
    for variant in ("rulebook", "wiki"):
        help_text = " ".join(registry.get("donkey_kong").help_text(variant).split())
        assert ("Broken ladders: the arcade stage has some; neither text has any, and every ladder on this board "
                "is whole") in help_text


def test_at_a_hot_seat_the_last_persons_resting_pointer_plays_nothing_for_the_next():
    """A regression audit (two people, seed 4): Player 1 clicked a space and left the pointer there; Player 2
    rolled and pressed Enter, and the path to that space, now costing two face-up cards, was played for them."""
    from games.core import Seat as S

    from .test_board_stumbles import point

    match = person_faces("donkey_kong", 4, lambda state: state.current_player() == 0
                         and any(a.startswith("move ") for a in state.legal_actions()),
                         seats=[S("Ann"), S("Bob")])
    app, screen = opened(match)
    try:
        for action in screen.legal:  # the pointer rests on a space some path of this list ends on
            point(app, screen.space_xy(screen.paths()[action][-1]))
            break
        assert screen.board_choice() is None  # pointed at, not chosen: Enter does not play it
        if screen.actions.selected < 0:
            n = len(match.history)
            app.handle(key(pygame.K_RETURN))
            assert len(match.history) == n
    finally:
        app.close()
