"""A Monkey Dash keyboard audit (two people at one screen, keys only): a turn ended through the / finder left the
other player's Interrupt question with its first row, "decline to interrupt", chosen, where it is asked with none
chosen; and Enter in the finder did not play the one row it found there. Through the real App with SDL's dummy
driver and the real engine."""

from __future__ import annotations

import pygame

from games import registry
from games.core import Seat
from games.match import Match
from render.app import App

from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)


def _ticks(app, n=40):
    for _ in range(n):
        app.tick(0.05)


def _find(app, words):
    app.handle(key(pygame.K_SLASH, unicode="/"))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="/"))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.draw()


def _to_the_end_of_a_turn(seed=1141743303):
    """Ann and Bob at one screen; Ann's turn played to 0 AP, 'end the turn' left to do."""
    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bob")]), seed)
    app = App(match=match)
    screen = app.screen
    while not match.waiting_for_human():
        _ticks(app, 5)
    _ticks(app)
    if match.state.phase == "interrupt":
        screen.play("no interrupt")
        _ticks(app)
    while match.state.phase == "act" and match.state.ap > 0:
        screen.play(next(a for a in match.state.legal_actions()
                         if a not in ("pass", "end turn") and not a.startswith(("play", "buy"))))
        _ticks(app)
    app.draw()
    assert match.state.ap == 0 and "end turn" in screen.legal
    return app, screen, match


def test_a_turn_ended_through_the_finder_asks_the_interrupt_question_with_no_row_chosen():
    """'Whether to interrupt the other's turn is asked with no row chosen' (docs/render.md): ended with Enter on
    the list it was; ended through the finder the list was made twice and the second time chose its first row,
    so one Enter declined the card (seen five times in two games)."""
    app, screen, match = _to_the_end_of_a_turn()
    _find(app, "end the turn")
    assert screen.legal == ["end turn"]
    app.handle(key(pygame.K_RETURN))
    _ticks(app, 2)
    app.draw()
    assert match.state.phase == "interrupt" and not screen.filter
    assert screen.actions.selected == -1
    app.close()


def test_enter_in_the_finder_plays_the_row_it_found_at_the_interrupt_question():
    """'/: find a choice by typing part of its words (Enter plays it)': at the Interrupt question, asked with no row
    chosen, "Find: decline (1)" then Enter said to choose a row first."""
    app, screen, match = _to_the_end_of_a_turn()
    screen.play("end turn")
    _ticks(app)
    app.draw()
    assert match.state.phase == "interrupt" and screen.actions.selected == -1
    asked = match.current_player
    _find(app, "decline")
    assert screen.legal == ["no interrupt"]
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    assert len(match.history) == n + 1 and match.history[n].action == "no interrupt" and match.history[n].by == asked
    app.close()


def test_at_the_largest_text_the_hands_and_the_piles_fit_the_card_panel(home):
    """At the largest text, hands of three and three pushed the draw pile (where a click buys) and the discards out
    of the panel, and the card asked about ran past its foot. Cards that play nothing now are drawn by their title
    alone (a click on one says its words); the card that can be played keeps its words."""
    from render import text

    from tests.monkey_dash.test_rules import RED, position

    # the audit's position: Ann's turn about to begin, Bob asked whether to play Wet Floor against it
    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bob")]), 2)
    position(hands=(["tailwind", "tea_break", "safety_inspection"], ["overtime", "night_shift", "wet_floor"]),
             seat=RED, state=match.state)
    assert match.state.phase == "interrupt" and match.current_player == 1
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"text_size": "largest"}', encoding="utf-8")  # the app reads it at start
    shorts = 0
    try:
        for size in ((1280, 800), (1024, 640)):
            app = App(match=match, size=size)
            screen = app.screen
            assert text.size_name == "largest"
            app.draw()
            info = screen.rects["info"] if "info" in screen.rects else None
            piles = [box for box, what in screen.inert_boxes if what[0] == "pile"]
            plays = [box for box, action in screen.card_rects if action.startswith("play ")]
            assert piles and plays, size
            panel = info or screen.info_rect
            for box in piles + plays + [b for b, what in screen.inert_boxes if what[0] == "card"]:
                assert panel.contains(box), (size, box, panel)
            for cid in screen.short_cards:  # drawn short to make room: a click says its words
                shorts += 1
                card = match.state.card(cid)
                assert screen.inert_words(("card", 0 if cid in match.state.hands[0] else 1, cid)).startswith(
                    f"{card.name}: {card.text.rstrip('.')}. ")
            app.close()
        assert shorts  # (in the smaller window at least)
    finally:
        text.use_size("normal")


def test_the_other_players_arrows_are_numbered_from_1_when_a_card_came_first():
    """A keyboard audit: Bob's turn of Tailwind, then five board steps, was drawn with arrows 2 to 6 and no 1 (the
    card was counted, and has no arrow); a player looked for the arrow 1 that was not there."""
    from tests.monkey_dash.test_rules import RED, position

    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bob")]), 3)
    position(hands=(["tailwind", "overtime"], []), sups=("d7", "d1"), seat=RED, state=match.state)
    app = App(match=match)
    screen = app.screen
    app.draw()
    for action in ("play tailwind", "play overtime", "sup S", "sup S"):
        assert action in match.state.legal_actions(), (action, match.state.legal_actions())
        screen.play(action)
        _ticks(app, 10)
    while match.state.turn_player == RED:
        screen.play(next(a for a in match.state.legal_actions() if a.startswith("sup ")) if match.state.ap > 0
                    else "end turn")
        _ticks(app, 10)
    app.draw()
    numbers = [n for n, *_ in screen.recent_arrows]
    assert numbers and numbers == list(range(1, len(numbers) + 1)), numbers
    app.close()


def test_enter_in_the_finder_with_several_rows_found_and_none_chosen_plays_nothing():
    """A regression audit: at the Interrupt question, asked with no row chosen, '/o' found both rows ("no interrupt",
    "safety_inspection") and Enter declined the card; in Jenga '/stack' found three places and Enter stacked in the
    first. With several rows found and none chosen, Enter asks for one, as without the finder."""
    app, screen, match = _to_the_end_of_a_turn()
    screen.play("end turn")
    _ticks(app)
    app.draw()
    assert match.state.phase == "interrupt" and screen.actions.selected == -1
    _find(app, "o")
    assert len(screen.legal) == 2 and screen.actions.selected == -1
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    assert len(match.history) == n and screen.message.startswith("Choose a row of Choices first")
    app.close()


def test_the_short_cards_do_not_move_with_the_focus(home):
    """A regression audit: a card opened to its words when the pointer came on it, moving the others, and the click
    under the still pointer discarded the card that had come under it. Which cards go short follows the hands and
    what may be played, never the focus; the longest words go short first, so as few as make room do."""
    from tests.monkey_dash.test_rules import RED, position

    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"text_size": "largest"}', encoding="utf-8")
    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bob")]), 5)
    position(hands=(["springboard", "banana_bribe", "nap_time"], ["overtime", "night_shift", "wet_floor"]), seat=RED,
             state=match.state)
    match.play("no interrupt")
    match.play("buy")
    match.step()  # the draw: a fourth card, one to discard
    assert match.state.phase == "discard"
    app = App(match=match)
    screen = app.screen
    app.draw()
    boxes = {action: box.copy() for box, action in screen.card_rects}
    assert len(boxes) == 4 and screen.short_cards
    for action in boxes:
        screen.actions.selected = screen.legal.index(action)
        app.draw()
        assert {a: b for b, a in screen.card_rects} == boxes, action  # nothing moved
    app.close()
