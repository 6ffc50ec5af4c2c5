"""A first-time player's mouse-only audit of the Donkey Kong board screen, checked through the app's own
events with SDL's dummy video driver on the real engine: the card panel's prompt when a bot or another
person must play a card, a line in the status bar for each click that plays nothing (a die, the deck, a
card that cannot be played, the board while a card is owed or a bot moves), a second barrel met in the same
turn told from the first, and a played card lost to chance said with its points.
"""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import CHANCE, Seat
from games.match import Match
from render import palette as P
from render import text
from render.app import App
from render.screens.donkey_kong import DonkeyKongScreen

from .test_board_stumbles import click, person_faces
from .test_stumbles import home, passes_a_barrel_without_cards, passes_one_barrel  # noqa: F401 (home: the autouse scratch folder)
from .test_stumbles import person_faces as faces

BOT = [Seat("Player 1"), Seat("Greedy bot", "greedy")]


@pytest.fixture
def drawn(monkeypatch):
    """Every line render.text.draw draws, as (words, rect, colour), in the order drawn."""
    lines: list[tuple[str, pygame.Rect, tuple]] = []
    real = text.draw

    def draw(surface, words, pos, size, colour, bold=False, mono=False, anchor="topleft"):
        rect = real(surface, words, pos, size, colour, bold, mono, anchor)
        if words.strip():
            lines.append((words, rect, tuple(colour)[:3]))
        return rect

    monkeypatch.setattr(text, "draw", draw)
    return lines


def reach(seed, seats, want, limit=3000):
    """A match at the first position `want(state)` accepts, whoever decides there; until then a seeded random
    stand-in plays the people's seats (the same choices every run) and the bots and dice play their own."""
    spec = registry.get("donkey_kong")
    match = Match(spec.make_config(seats, "rulebook"), seed)
    stand_in = spec.bots["random"]()
    for _ in range(limit):
        if match.is_over():
            break
        if want(match.state):
            return match
        seat = match.current_player
        if seat == CHANCE:
            match.step()
        elif seat in match.bots:
            match.play(match.bot_action())
        else:
            match.bots[seat] = stand_in
            match.play(match.bot_action())
            del match.bots[seat]
    pytest.fail("no such position in this seeded game")


def opened(match):
    app = App(match=match)
    assert isinstance(app.screen, DonkeyKongScreen)
    app.draw()
    return app, app.screen


def in_box(drawn, box) -> list[tuple[str, tuple]]:
    """The words drawn inside a player's box, with their colours."""
    return [(words, colour) for words, rect, colour in drawn if box.contains(rect)]


def a_card_of(screen, seat) -> pygame.Rect:
    return next(r for s, r in screen.hand_rects if s == seat)


def a_space_nobody_can_end_on(screen) -> int:
    ends = {path[-1] for path in screen.paths().values() if path}
    board = screen.board
    return next(i for i in range(board.size) if board.kind[i] == "girder" and i not in ends
                and i not in screen.match.state.pawns and board.names[i].startswith(("G1.", "G2.")))  # not the deck


def tick_until(app, done, limit=600):
    for _ in range(limit):
        if done():
            return
        app.tick(0.05)
        if app.screen.bot_thinking():
            app.screen._thinking.wait(2.0)
    pytest.fail("it never happened")


# ---- 1. whose card panel asks for a click ------------------------------------------------------

def test_dk_a_bot_meeting_an_obstacle_is_said_to_choose_its_card_and_its_cards_say_wait(drawn):
    """Before: when a barrel met the bot's Mario, the bot's box said in the yellow prompt ink "meets an
    obstacle: click a card to play!", which read as an order to the person, and a click on the bot's card did
    nothing at all. Now the box says "Greedy bot is choosing a card…" in plain ink, with no click prompt on
    the screen, and a click on the bot's card says to wait for it."""
    match = reach(0, BOT, lambda s: bool(s.contacts) and s.current_player() == 1)
    app, screen = opened(match)
    drawn.clear()
    app.draw()
    words = in_box(drawn, screen.player_boxes[1])
    assert ("Greedy bot is choosing a card…", P.TEXT) in words
    assert not any("click" in w for w, _ in words + in_box(drawn, screen.player_boxes[0]))
    n = len(match.history)
    click(app, a_card_of(screen, 1).center)
    assert len(match.history) == n
    assert screen.message == "Wait: Greedy bot is choosing a card to play."
    app.close()


def test_dk_in_hot_seat_the_prompt_names_the_person_who_must_click_a_card_in_the_others_turn(drawn):
    """Before: when a barrel met Ben's Mario in Ann's turn, Ben's box said only "meets an obstacle: click a
    card to play!", while the turn and the highlighted box were Ann's: either person could take it as theirs.
    Now the prompt names Ben; a click on Ann's card says Ben must play one of his own first, and a click on
    Ben's card plays it."""
    people = [Seat("Ann"), Seat("Ben")]
    match = reach(0, people, lambda s: bool(s.contacts) and s.current_player() == 1 and s.turn_owner() == 0
                  and bool(s.face_up(0)))
    app, screen = opened(match)
    drawn.clear()
    app.draw()
    assert ("Ben: click a card to play!", P.HIGHLIGHT) in in_box(drawn, screen.player_boxes[1])
    assert not any("click" in w for w, _ in in_box(drawn, screen.player_boxes[0]))
    n = len(match.history)
    click(app, a_card_of(screen, 0).center)
    assert len(match.history) == n
    assert screen.message == "Ben: play one of your face-up cards first (click one in your framed box)."
    click(app, a_card_of(screen, 1).center)
    assert len(match.history) == n + 1 and match.history[-1].action.startswith("play ")
    app.close()


# ---- 2. a line for every click that does nothing -------------------------------------------------

def test_dk_clicks_on_the_dice_the_deck_and_a_card_with_no_obstacle_say_why_nothing_happens(drawn):
    """Before: a click on a die, on the deck or on one's own face-up card while choosing a move did nothing
    and the status bar stayed as it was. Now each says why in a line: each player rolls the dice at the start
    of their turn (the roll is behind this person already), the deck's count and when a card is drawn, and
    that cards are played only when a barrel or fireball meets one's Mario. Nothing is played."""
    match = person_faces("donkey_kong", 0, lambda m: bool(m.state.face_up(0)) and bool(m.state.face_up(1)), BOT)
    assert not match.state.contacts
    app, screen = opened(match)
    n = len(match.history)
    label = next(rect for words, rect, _ in drawn if words == "Mario (white)")  # under the white die
    click(app, (label.centerx, label.top - int(20 * screen.scale)))
    assert screen.message == ("Each player rolls the dice at the start of their turn (a bot's roll comes by itself): "
                              "the white die is how far Mario walks, the red one how far the barrels and fireballs "
                              "move.")
    click(app, screen.label_rects["deck"].midtop)  # the deck's count, under the deck
    assert screen.message.startswith("The deck holds")
    click(app, (screen.label_rects["deck"].centerx, screen.label_rects["deck"].top - int(15 * screen.scale)))
    assert screen.message.startswith(f"The deck holds {match.state.deck_count()} cards: Mario draws one by "
                                     "stopping on a red dot")
    click(app, a_card_of(screen, 0).center)
    assert screen.message.startswith("Cards are played only when a barrel or fireball meets your Mario")
    click(app, a_card_of(screen, 1).center)
    assert screen.message.startswith("That card is Greedy bot's: it is played only when")
    assert len(match.history) == n and screen.message_time > 0
    app.draw()
    assert screen.status_lines and " ".join(screen.status_lines).startswith("That card is Greedy bot's")
    app.close()


def test_dk_a_click_on_the_board_or_the_bots_card_while_a_card_is_owed_says_to_play_a_card_first():
    """Before: while a barrel met Player 1's Mario, a click on a board space or on the bot's card did
    nothing and said nothing. Now it says to play one of the framed face-up cards first."""
    match = reach(1, BOT, lambda s: bool(s.contacts) and s.current_player() == 0 and bool(s.face_up(1)))
    app, screen = opened(match)
    n = len(match.history)
    owed = "Player 1: play one of your face-up cards first (click one in your framed box)."
    click(app, screen.space_xy(a_space_nobody_can_end_on(screen)))
    assert screen.message == owed
    screen.say("")
    click(app, a_card_of(screen, 1).center)
    assert screen.message == owed and len(match.history) == n
    app.close()


def test_dk_a_click_on_the_board_in_the_bots_turn_says_whose_turn_it_is():
    """Before: a click on the board while the bot was to move did nothing visible. Now the status bar says
    to wait, and for whom."""
    match = reach(0, BOT, lambda s: s.current_player() == 1 and not s.contacts and s.stage == "move")
    app, screen = opened(match)
    n = len(match.history)
    click(app, screen.space_xy(match.state.pawns[0]))
    assert screen.message == "Wait: it is Greedy bot's turn."
    assert len(match.history) == n
    app.close()


# ---- 3. a second contact in the same turn ---------------------------------------------------------

def another_contact_follows(state, action) -> bool:
    """Whether, once Player 1 has played `action` on a contact, another obstacle meets their Mario at once."""
    after = state.clone()
    after.apply_action(action)
    return bool(after.contacts) and after.contacts[0][0] == 0 and after.current_player() == 0


def leads_to_another_contact(match) -> bool:
    """A card Player 1 must play now, after which another obstacle meets their Mario at once."""
    state = match.state
    return bool(state.contacts) and state.current_player() == 0 and \
        any(another_contact_follows(state, a) for a in state.legal_actions())


def test_dk_a_second_obstacle_in_the_same_turn_is_announced_as_another_not_in_the_same_words():
    """Before: after Player 1 played a card on a barrel, the next contact was announced word for word as the
    first ("Player 1 meets a barrel on girder 2, column 6 and must play a face-up card"), so nobody could tell
    a second barrel had come. Now it says "another" and which one it is this turn; an undo back to the first
    contact gives the first words back."""
    match = person_faces("donkey_kong", 0, leads_to_another_contact, BOT)
    app, screen = opened(match)
    first = screen.decision_text()
    assert first.startswith("Player 1 meets a ") and "another" not in first
    action = next(a for a in screen.legal if another_contact_follows(match.state, a))
    rect = next(r for r, a in screen.card_rects if a == action)
    click(app, rect.center)
    assert match.history[-1].action == action and match.state.contacts[0][0] == 0
    second = screen.decision_text()
    assert second != first
    assert second.startswith("Player 1 meets another ") and "(the 2nd this turn)" in second, second
    app.draw()
    screen.finish_animations()
    screen.undo()
    assert screen.decision_text() == first
    app.close()


# ---- 4. a played card lost to chance ----------------------------------------------------------------

def test_dk_a_played_card_going_back_to_the_deck_is_said_with_its_points_and_the_game_waits(drawn):
    """Before: a barrel meeting Player 1 with no face-up card sent a played card back to the deck (its points
    lost) with only a small grey line under the players, and the dice rolled on at once. Now the status bar
    says which card and how many points, for several seconds, the score shows the loss in the warning ink,
    and the dice wait a moment longer before the next roll."""
    match = None
    for seed in range(40):
        try:
            match = faces("donkey_kong", seed, passes_a_barrel_without_cards, BOT)
            break
        except pytest.fail.Exception:
            continue
    assert match is not None
    app, screen = opened(match)
    board = screen.board
    move = next(a for a in screen.legal if passes_one_barrel(match.state, a))
    assert screen.play(move)
    moved = len(match.history)  # a card lost earlier in the game is not this one
    tick_until(app, lambda: any(s.action.startswith("lose ") for s in match.history[moved:]))
    lost = next(s.action for s in match.history[moved:] if s.action.startswith("lose "))
    card = screen.card_words(lost.split()[1])
    points = screen.card_kind(lost.split()[1])[1]
    at = len(match.history)
    assert not match.waiting_for_human()  # the dice or the bot come next, at the screen's pace
    assert screen.message.startswith(f"⚠ Player 1's played {card} goes back to the deck: -{points}"), screen.message
    assert screen.message_time > 5
    drawn.clear()
    app.draw()
    # beside the score as "(lost N)": "-200 600 pts" read as two scores (a later audit)
    assert (f"(lost {points})", P.WARNING) in [(w, c) for w, c in in_box(drawn, screen.player_boxes[0])]
    # at 1024x640 and the large text the name stays whole beside a shorter mark ("Playe… (lost 100)": an audit)
    text.use_size("large")
    try:
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
        drawn.clear()
        app.draw()
        said = [w for w, c in in_box(drawn, screen.player_boxes[0])]
        assert screen.seat_name(0) in said, said
        assert f"(lost {points})" in said or f"(−{points})" in said, said
    finally:
        text.use_size("normal")
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    for _ in range(12):  # 1.2 s: before, the obstacles' slides (0.45 s) and the dice's pause (0.45 s) were over
        app.tick(0.1)
    assert len(match.history) == at
    tick_until(app, lambda: len(match.history) > at)  # and then the game goes on by itself
    app.close()


def test_dk_a_played_card_taken_by_the_bot_is_said_with_its_points():
    """Before: in the bot's turn a barrel met Player 1, who had no face-up card, and the bot took one of
    Player 1's played cards: a loss of hundreds of points shown only in the small grey lines. Now the status
    bar names the card, who took it and the points lost; a click on the played cards left says their worth."""
    match = reach(0, BOT, lambda s: bool(s.contacts) and s.contacts[0][0] == 0 and s.turn_owner() == 1
                  and s.current_player() == CHANCE)
    app, screen = opened(match)
    tick_until(app, lambda: match.history and match.history[-1].action.startswith("steal "))
    name = match.history[-1].action.split()[1]
    card, points = screen.card_words(name), screen.card_kind(name)[1]
    assert screen.message == f"⚠ Greedy bot takes Player 1's played {card}: -{points} points for Player 1."
    assert screen.message_time > 5 and screen.animating()
    # The played cards left, face down, say what they are worth when clicked (before: nothing).
    app.draw()
    left = match.state.played_cards(0)
    stack = next(r for seat, r in screen.stack_rects if seat == 0)
    click(app, stack.center)
    worth = sum(screen.card_kind(n)[1] for n in left)
    cards = f"{len(left)} card{'s' * (len(left) != 1)}"
    assert screen.message == f"Player 1's played cards, face down: {cards}, {worth} points."
    app.close()


def test_dk_a_line_said_before_the_roll_goes_with_it():
    """A board-game audit: after loading a saved match, "Your unfinished game before this one (Donkey Kong,
    turn 34) is kept ..." stayed in the status bar over the next turn, through the roll. A line said in a
    position goes once a step is played from it, a roll by chance or a bot's move as a person's."""
    from .test_stumbles import key

    match = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bob")]), 3)
    app = App(match=match)
    app.draw()
    screen = app.screen
    tick_until(app, screen.chance_waits)
    while match.state.stage == "order":  # the people's rolls for who plays first, by hand too
        screen.press_chance()
        tick_until(app, screen.chance_waits)
    assert screen.hand_chance() == ("roll", "the dice")
    screen.say("Your unfinished game before this one (Donkey Kong, turn 34) is kept in the saved matches as "
               "x.json.", 12.0)
    steps = len(match.history)
    app.handle(key(pygame.K_SPACE, unicode=" "))
    app.tick(1 / 30)
    assert len(match.history) == steps + 1 and match.history[-1].by == CHANCE
    assert screen.message_time == 0.0
