"""A play-tester's stumbles on the Monkey Dash screen and the launcher, checked through the app's own events
with SDL's dummy video driver, on the real engine: Enter at 0 AP ends the turn instead of giving a card or a
banana away; a refused click says what really stops the piece; the help says moves as the window shows them
(the typed forms apart, for the terminal) and speaks of no dice; a Dash says whether it earns a card; a Super
Slide is named; the opponent's numbered arrows keep every number readable; the launcher views a finished
autosave, shows the seats of the game just left and cuts a long name where a word ends.
"""

from __future__ import annotations

import json

import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import palette as P
from render.app import App
from render.launcher import LauncherScreen, fit_name
from render.screens.monkey_dash import MonkeyDashScreen, _along

from tests.monkey_dash.test_rules import position

from .test_board_stumbles import click, point
from .test_stumbles import home, key, person_faces  # noqa: F401 (home: the autouse scratch folder for saves)

SPEC = registry.get("monkey_dash")
RED, BLUE = 0, 1


# ---- helpers ------------------------------------------------------------------------------------------

def typed(app, words):
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=words))


def faces(variant, seed, want, bot="greedy"):
    """A seeded match (Ann, a person, against a bot) where Ann faces a position `want` accepts; until then the
    greedy bot plays Ann's steps too (the same seeded choices every run)."""
    return person_faces("monkey_dash", seed, want, [Seat("Ann"), Seat("Bob", bot)], variant=variant,
                        stand_in="greedy")


def arranged(variant="standard", crates=("b2", "c3", "e3", "c5", "e5", "f6"), monkeys=("a1", "g7"),
             sups=("d7", "d1"), bananas=(), stores=None, hands=((), ()), seat=RED, bot="greedy"):
    """A match of Ann (red, a person) against a bot, in `seat`'s turn with 4 AP and the pieces where the test
    puts them (the match's own state, arranged by tests/monkey_dash/test_rules.position)."""
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob", bot)], variant), 1)
    position(variant, crates, monkeys, sups, bananas, stores, hands, seat, state=match.state)
    return match


def open_app(match):
    app = App(match=match)
    app.draw()
    assert isinstance(app.screen, MonkeyDashScreen)
    return app, app.screen


def until_a_person_decides(app, match):
    for _ in range(400):
        if match.waiting_for_human() and not app.screen.animating():
            return
        app.tick(0.1)
        if app.screen.bot_thinking():
            app.screen._thinking.wait(2.0)
    pytest.fail("the automatic steps did not end")


def bot_plays(screen, match, *actions):
    """The bot's seat plays these steps through the match, reported to the screen as autoplay reports a bot's
    step (step_played, with the position before it); its pieces then stand where they went."""
    for action in actions:
        assert match.current_player in match.bots
        before = match.state.clone()
        match.play(action)
        screen.step_played(match.history[-1], before)
    screen.finish_animations()


# ---- 1. no AP left: Enter ends the turn ---------------------------------------------------------------

@pytest.mark.parametrize("variant, seed, free", [("standard", 4, "play a card"), ("bananas", 11, "drop a banana")])
def test_with_no_ap_left_end_the_turn_comes_first_and_enter_plays_it(variant, seed, free, tmp_path):
    """At 0 AP the engine lists the free steps first ('play Night Shift', 'drop a banana on f4') and 'end turn'
    last; the list showed them so and selected the first, so Enter gave a card or a banana away. Now 'end the
    turn' is the first row and selected; the engine's own order is unchanged; the prompt names the free steps
    this variant has, never a banana where there are none."""
    match = faces(variant, seed, lambda s: s.phase == "act" and s.ap == 0 and "end turn" in s.legal_actions()
                  and s.legal_actions()[0] != "end turn")
    engine_order = match.state.legal_actions()
    app, screen = open_app(match)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / f"no-ap-{variant}.png"))
    assert match.state.legal_actions() == engine_order and engine_order[-1] == "end turn"
    # (the turn's earlier steps keep their rows, which play nothing now, as in the window that played them)
    playable = [a for a in screen.legal if a not in screen._gone]
    assert screen.legal[0] == "end turn" and sorted(playable) == sorted(engine_order)
    assert screen.actions.selected == 0 and screen.focus_action == "end turn"
    assert screen.actions.items[0] == "end the turn (no AP left)"
    prompt = screen.decision_text()
    assert prompt.startswith("no action points left: end the turn, or before that, at no AP cost: ")
    assert free in prompt and ("banana" in prompt) == (variant == "bananas")
    assert ("card" in prompt) == any(a.startswith("play ") for a in engine_order)
    hands, store = [list(h) for h in match.state.hands], list(match.state.banana_store)
    n = len(match.history)
    app.handle(key(pygame.K_RETURN))
    assert match.history[n].action == "end turn"
    assert match.history[n].by == RED and store == match.state.banana_store
    assert match.state.hands[RED] == hands[RED]  # no card played
    app.close()


def test_a_row_chosen_at_no_ap_left_stays_chosen():
    """The person may still pick a free step: moving down the list keeps that row (the list is not put back
    to 'end the turn' every frame), and Enter plays it."""
    match = arranged("standard", hands=(("night_shift",), ()))
    for action in ("sup S", "sup S", "sup S", "sup N"):
        match.play(action)
    app, screen = open_app(match)
    assert match.state.ap == 0 and match.state.legal_actions() == ["play night_shift", "end turn"]
    assert screen.legal == ["end turn", "play night_shift"]
    app.handle(key(pygame.K_DOWN))
    for _ in range(3):
        app.tick(0.05)
        app.draw()
    assert screen.actions.selected == 1
    app.handle(key(pygame.K_RETURN))
    assert match.history[-1].action == "play night_shift"
    app.close()


# ---- 2. a refused click gives its real reason ---------------------------------------------------------

def test_a_refused_click_names_what_stops_that_piece(tmp_path):
    """Red's supervisor on d5 with crates on d4 and e5: clicking the crate on e4, which is next to it, said 'No
    step starts from e4. Click your supervisor, a crate next to it, or your monkey.' The real reason: both
    squares it could turn to are taken, and it is not straight beside the supervisor to be pushed. Clicking
    the monkey in its nest with no crate beside it said the same; the reason is the missing crate."""
    match = arranged("bananas", crates=("c3", "d3", "c4", "d4", "e4", "e5"), monkeys=("a1", "g7"),
                     sups=("d5", "d1"), stores=(3, 3))
    app, screen = open_app(match)
    assert not [m for m in screen.moves() if m["from"] in ("e4", "a1")]
    click(app, screen.square_rect("e4").center)
    said = screen.message
    assert said.startswith("Crate e4 cannot move: it cannot turn round your supervisor, as d4 holds a crate and e5 ")
    assert "d4 holds a crate" in said and "e5 holds a crate" in said
    assert "it is diagonal to your supervisor, so it cannot be pushed" in said
    assert "No step starts" not in said
    pygame.image.save(app.draw(), str(tmp_path / "crate-e4.png"))
    click(app, screen.square_rect("a1").center)
    said = screen.message
    assert said == ("Your monkey leaves its nest only by a hop onto a crate right next to it, and none of a2, b1 "
                    "and b2 holds one.")
    click(app, screen.square_rect("c3").center)  # a crate not next to the supervisor: says so
    assert screen.message.startswith("Crate c3 is not next to your supervisor on d5")
    click(app, screen.square_rect("d1").center)  # the other player's piece
    assert screen.message.startswith("That is the blue supervisor: you move only your own")
    click(app, screen.square_rect("b6").center)  # empty floor keeps the old advice, with the squares named
    assert screen.message.startswith("No step starts from b6") and "(d5)" in screen.message
    assert match.history == [] or all(s.by < 0 for s in match.history)  # nothing was played
    app.close()


def test_a_click_on_a_piece_with_no_ap_for_its_steps_says_so():
    """The supervisor at 0 AP (a card still to play): its steps cost 1 AP, and the click says that."""
    match = arranged("standard", hands=(("night_shift",), ()))
    for action in ("sup S", "sup S", "sup S", "sup N"):
        match.play(action)
    app, screen = open_app(match)
    sup = match.state.supervisor_squares()[RED]
    click(app, screen.square_rect(sup).center)
    assert screen.message == (f"Your supervisor on {sup} cannot step: a supervisor step costs 1 AP, and this turn "
                              "has only 0 AP left.")
    app.close()


# ---- 3. and 8. the help in the window's words, no dice ------------------------------------------------

@pytest.mark.parametrize("variant", ["standard", "bananas", "pure"])
def test_the_help_says_moves_as_the_window_shows_them_and_the_typed_forms_apart(variant):
    """The help taught terminal commands the window never shows ("'sup N/E/S/W'", "'rotate c3 d4'", "'end
    turn'", "'no interrupt'", "'play <card>'"). The rules now quote the window's words; the typed forms stand
    in one paragraph marked for the terminal (the same text is the terminal's 'rules'). The keys spoke of dice
    ("back to the last dice roll", "the bots' and dice's pauses") in a game without dice."""
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], variant), 5)
    app, screen = open_app(match)
    words = screen.help_text()
    rules, typed_part = words.split("TYPED IN THE TERMINAL.")
    typed_part = typed_part.split("\n")[0]
    for shown in ('"supervisor north to d6"', '"rotate crate c3 to d4"', '"Monkey Heave: crate c3 to d4"',
                  '"push crate c3 to c4"', '"monkey b2 to d4"', "'end the turn'" if variant != "pure" else "'pass'"):
        assert shown in rules, shown
    for typed_form in ("'sup N", "'rotate c3 d4'", "'heave c3 d4'", "'push c3 c4'", "'monkey b2-d4'",
                       "'end turn'", "'no interrupt'", "'play <card>'", "'buy'", "'drop c4'", "'pickup c4'",
                       "play tea_break"):
        assert typed_form not in rules, typed_form
    assert "python -m games play monkey_dash --terminal" in typed_part
    for form in ("sup N", "rotate c3 d4", "heave c3 d4", "push c3 c4", "monkey b2-d4"):
        assert form in typed_part, form
    assert ("drop c4" in typed_part) == (variant == "bananas") and ("buy" in typed_part) == (variant != "pure")
    if variant != "pure":
        assert '"decline to interrupt"' in rules and "Tea Break (Interrupt): your opponent" in rules
        assert "banana" in rules.split("TURNS.")[1].split("\n")[0] or variant != "bananas"
    else:
        assert "The turn ends as soon as its last AP is spent." in rules
        assert "Click a card" not in words and "draw pile" not in words.split("KEYS")[1]
    if variant == "standard":
        assert "dropping a banana" not in rules  # no bananas in this variant's turn
    keys = words.split("\nKEYS\n")[1].split("\n\n")[0]
    assert "dice" not in keys
    skip = next(line for line in keys.split("\n") if line.strip().startswith("Space:"))
    assert skip == ("  Space: skip the bots' and the card draws' pauses until you decide" if variant != "pure"
                    else "  Space: skip the bots' pauses until you decide")
    undo = next(line for line in keys.split("\n") if line.strip().startswith("Ctrl+Z"))
    assert ("Power Card drawn" in undo) == (variant != "pure") and "dice" not in undo
    app.close()


def test_the_window_names_steps_as_the_help_quotes_them():
    """The forms the help quotes are the window's: the screen describes the steps in those words."""
    match = arranged("standard", crates=("c3", "d3", "d4", "e4", "b5", "f6"), monkeys=("d4", "g7"),
                     sups=("d5", "d1"))
    app, screen = open_app(match)
    labels = {screen.action_label(a) for a in screen.legal}
    assert "supervisor north to d6 (1 AP)" in labels
    assert "Monkey Heave: crate d4 to c4 (4 AP)" in labels
    assert "rotate crate e4 to e5 (1 AP)" in labels and "push crate d4 to d3 (2 AP)" not in labels
    app.close()


# ---- 4. a second Dash says it earns no card ------------------------------------------------------------

def test_a_dash_says_whether_it_earns_a_card(tmp_path):
    """After 'monkey b2 to b5: MONKEY DASH' earned a card, Choices still offered 'monkey b5 to b2: MONKEY DASH'
    and the board 'DASH! 1 AP', as if it paid again; the rules: one new Power Card a turn. The words and the
    board now say it: 'earns a card', then 'no card: one a turn'. Read from the state, which is not changed."""
    match = arranged("standard", crates=("b2", "b3", "b4", "b5", "e5", "f6"), monkeys=("b2", "g7"))
    app, screen = open_app(match)
    saved = json.dumps(match.state.to_json(), sort_keys=True)
    assert screen.action_label("monkey b2-b5") == "monkey b2 to b5: MONKEY DASH, earns a card (1 AP)"
    dash = next(m for m in screen.moves() if m["action"] == "monkey b2-b5")
    assert screen.target_words(dash) == ["DASH!", "+ card", "1 AP"]
    assert json.dumps(match.state.to_json(), sort_keys=True) == saved
    click(app, screen.square_rect("b2").center)
    click(app, screen.square_rect("b5").center)
    assert match.history[-1].action == "monkey b2-b5"
    until_a_person_decides(app, match)  # the card the Dash earned is drawn
    assert match.state.gained and match.state.hands[RED]
    back = next(m for m in screen.moves() if m["action"] == "monkey b5-b2")
    assert screen.action_label("monkey b5-b2") == "monkey b5 to b2: MONKEY DASH, no card: one a turn (1 AP)"
    assert screen.target_words(back) == ["dash", "no card", "1 AP"]
    click(app, screen.square_rect("b5").center)
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "second-dash.png"))
    inner = screen.square_rect("b2").inflate(-screen.cell // 6, -screen.cell // 6)
    frame = [surface.get_at((x, inner.y + 1))[:3] for x in range(inner.x + 10, inner.right - 10)]
    assert P.HIGHLIGHT not in frame  # not framed as the paying Dash is
    app.close()


@pytest.mark.parametrize("variant, hand, words", [
    ("pure", (), "no card in Pure Strategy"),
    ("standard", ("overtime", "forklift", "tailwind"), "earns a card, then discard one"),
])
def test_a_dash_in_pure_strategy_or_with_a_full_hand_says_what_it_brings(variant, hand, words):
    match = arranged(variant, crates=("b2", "b3", "b4", "b5", "e5", "f6"), monkeys=("b2", "g7"), hands=(hand, ()))
    app, screen = open_app(match)
    assert screen.action_label("monkey b2-b5") == f"monkey b2 to b5: MONKEY DASH, {words} (1 AP)"
    app.close()


# ---- 5. a Super Slide is named ------------------------------------------------------------------------

def test_a_super_slide_is_named_in_choices_on_the_board_and_after_it(tmp_path):
    """Supervisor on b5, a banana on c5: the choice read 'supervisor east to d5 (1 AP)' and the board 'step
    1 AP' on d5; nothing said the banana would be used up."""
    match = arranged("bananas", crates=("b2", "b3", "c3", "e3", "e5", "f6"), monkeys=("b2", "g7"),
                     sups=("b5", "d1"), bananas=("c5",), stores=(2, 3))
    app, screen = open_app(match)
    slide = next(m for m in screen.moves() if m["action"] == "sup E")
    assert slide["to"] == "d5"
    assert screen.action_label("sup E") == "Super Slide east to d5 over the banana on c5, using it up (1 AP)"
    assert screen.target_words(slide) == ["slide", "1 AP"]
    plain = next(m for m in screen.moves() if m["action"] == "sup N")
    assert screen.action_label("sup N") == "supervisor north to b6 (1 AP)" and screen.target_words(plain)[0] == "step"
    click(app, screen.square_rect("b5").center)
    pygame.image.save(app.draw(), str(tmp_path / "slide.png"))
    click(app, screen.square_rect("d5").center)
    assert match.history[-1].action == "sup E" and match.state.banana_squares() == []
    assert screen.message == ("Super Slide: your supervisor slid to d5; the banana on c5 is used up, gone for the "
                              "game.")
    assert screen.log_labels[-1] == "Ann: Super Slide east to d5 over the banana on c5, using it up (1 AP)"
    app.close()


def test_a_step_onto_a_banana_that_cannot_slide_says_it_stops_there():
    match = arranged("bananas", crates=("b2", "b3", "c3", "d5", "e5", "f6"), monkeys=("b2", "g7"),
                     sups=("b5", "d1"), bananas=("c5",), stores=(2, 3))
    app, screen = open_app(match)
    assert screen.action_label("sup E") == ("supervisor east to c5, stopping on its banana (no slide: the banana "
                                            "stays) (1 AP)")
    app.close()


# ---- 6. every number of the opponent's arrows stays readable ------------------------------------------

@pytest.mark.parametrize("name, crates, sups, steps", [
    # a step, a crate turned from the square it will step to, on twice (mu_03: number 2 was covered by 4)
    ("mu_03", ("c3", "d3", "c4", "e4", "d5", "e5"), ("d7", "d1"), ("sup N", "rotate d3 e3", "sup N", "sup N")),
    # two crates turned on in one column (md_15: the arrows ran together into one long arrow)
    ("md_15", ("b2", "b3", "b4", "b5", "e4", "e5"), ("c3", "f5"), ("rotate e5 e6", "rotate e4 e5", "sup N", "sup S")),
    # there and back, twice
    ("back", ("c3", "d3", "c4", "e4", "d5", "e5"), ("d7", "d1"), ("sup N", "sup S", "sup N", "sup S")),
])
def test_the_opponents_step_numbers_are_each_drawn_at_a_place_of_their_own(name, crates, sups, steps, tmp_path):
    """The numbers of the bot's arrows sat at the top left of the square each step started from: two steps
    from one square put one number over the other, and arrows in a line ran into one. Each number now has its
    own place, arrows in a line stay apart and an arrow over another runs beside it."""
    match = arranged("pure", crates=crates, monkeys=("a1", "g7"), sups=sups, seat=BLUE)
    app, screen = open_app(match)
    bot_plays(screen, match, *steps)
    assert match.waiting_for_human()
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / f"arrows-{name}.png"))
    badges = screen.recent_badges
    assert [n for n, _ in badges] == [1, 2, 3, 4]
    for i, (n, box) in enumerate(badges):
        assert screen.grid.contains(box), n
        assert box.collidelist([b for _, b in badges[:i]]) < 0, f"number {n} is drawn over an earlier one"
        assert surface.get_at((box.x + 3, box.centery))[:3] == P.WARNING, n  # its orange badge, on top
        inside = {surface.get_at((x, y))[:3] for x in range(box.x + 6, box.right - 6) for y in range(box.y + 4,
                                                                                                    box.bottom - 4)}
        assert P.BLACK in inside, n  # and its number
    first = screen.marked()[0]
    assert badges[0][1].topleft == (screen.square_rect(first[1]).x + 3, screen.square_rect(first[1]).y + 3)
    arrows = screen.recent_arrows
    assert len(arrows) == 4
    for i, (_, a0, a1) in enumerate(arrows):
        for _, b0, b1 in arrows[:i]:
            assert not _along((a0, a1), (b0, b1)), "an arrow drawn along another"
            assert min(abs(a0[0] - b1[0]) + abs(a0[1] - b1[1]), abs(a1[0] - b0[0]) + abs(a1[1] - b0[1])) > 4
    app.close()


# ---- 7. the launcher ---------------------------------------------------------------------------------

def finished_match():
    match = Match(SPEC.make_config([Seat("Greedy bot 1", "greedy"), Seat("Search bot 2", "search")], "pure"), 3)
    match.advance()
    assert match.is_over()
    return match


def test_a_finished_autosave_is_viewed_not_resumed(home):
    """After closing a finished game the launcher offered 'Resume autosave' and said 'Your game is autosaved:
    Resume autosave continues it.', though there is nothing to continue: opening it shows the result."""
    app = App(match=finished_match())
    app.draw()
    app.leave()
    launcher = app.screen
    assert isinstance(launcher, LauncherScreen)
    app.draw()
    assert launcher.resume_button.label == "View the finished game" and launcher.resume_button.enabled
    assert "continues it" not in launcher.message and "View the finished game" in launcher.message
    assert "finished" in launcher.autosave_note
    click(app, launcher.resume_button.rect.center)
    assert isinstance(app.screen, MonkeyDashScreen) and app.screen.match.is_over() and app.screen.show_result
    app.close()


def test_an_unfinished_autosave_is_still_resumed(home):
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3))
    until_a_person_decides(app, app.screen.match)
    app.screen.play(app.screen.legal[0])
    app.leave()
    assert app.screen.resume_button.label == "Resume autosave"
    # a keyboard audit: this line stood where the launcher's keys were, and Enter's doing was nowhere said
    assert app.screen.message == ("Your game is autosaved: Enter (Resume autosave) continues it · F1: help and the "
                                  "launcher's keys")
    assert app.screen.resume_button.focused
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert not hasattr(app.screen, "resume_button") and len(app.screen.match.history) > 0  # Enter resumed it
    app.close()


def test_back_from_a_game_the_launcher_shows_and_remembers_its_seats(home):
    """After a game started from the command line, the launcher showed its game and variant with the seats
    of an older setup. It now shows the seats of the game just left, and remembers game, variant and seats
    together: a new start of the app shows the same."""
    settings = {"game": "monkey_dash", "variants": {"monkey_dash": "standard"},
                "seats": {"monkey_dash": [{"kind": "human", "name": "Player 1"}, {"kind": "deep", "name": ""}]}}
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(settings))
    seats = [Seat("Zoë"), Seat("Greedy bot", "greedy")]
    app = App(match=Match(SPEC.make_config(seats, "bananas"), 4))
    app.draw()
    app.leave()
    launcher = app.screen
    shown = [(r.kind, r.name.value if r.kind == "human" else "") for r in launcher.seats]
    assert launcher.game == "monkey_dash" and launcher.variant() == "bananas"
    assert shown == [("human", "Zoë"), ("greedy", "")]
    kept = json.loads((home / "settings.json").read_text())
    assert kept["game"] == "monkey_dash" and kept["variants"]["monkey_dash"] == "bananas"
    assert [s["kind"] for s in kept["seats"]["monkey_dash"]] == ["human", "greedy"]
    assert kept["seats"]["monkey_dash"][0]["name"] == "Zoë"
    app.close()
    again = App()
    assert [r.kind for r in again.screen.seats] == ["human", "greedy"] and again.screen.variant() == "bananas"
    assert again.screen.seats[0].name.value == "Zoë"
    again.close()


def test_back_from_a_game_the_pointer_resting_on_a_button_is_not_drawn_as_the_focus(home):
    """Back from a game the pointer rested where it had been on the board, over 'Super Mario Jenga', whose
    yellow ring (the pointer's, drawn as the keyboard focus is) sat there while Monkey Dash was chosen. The
    pointer's ring shows once the pointer moves on the launcher."""
    app = App()
    app.draw()
    rest = pygame.mouse.get_pos()  # put back at the end: the pointer is the display's, not this test's
    target = next(b for b, n in zip(app.screen.game_buttons, app.screen.names) if n == "jenga_mario")
    spot = target.rect.center
    try:
        pointer_rests_on_a_game_button(app, spot)
    finally:
        pygame.mouse.set_pos(rest)
        app.close()


def pointer_rests_on_a_game_button(app, spot):
    app.start_match(Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 4))
    app.draw()
    pygame.mouse.set_pos(spot)
    assert pygame.mouse.get_pos() == spot
    app.leave()
    launcher = app.screen
    surface = app.draw()
    button = next(b for b, n in zip(launcher.game_buttons, launcher.names) if n == "jenga_mario")
    assert button.rect.collidepoint(spot) and launcher.game == "monkey_dash" and launcher.focused_widget() in (None, launcher.resume_button)
    edge = surface.get_at((button.rect.centerx, button.rect.y))[:3]
    assert edge != P.HIGHLIGHT and surface.get_at((button.rect.x + 6, button.rect.centery))[:3] == P.SELECTED_ROW
    point(app, (spot[0] + 1, spot[1]))  # the pointer moves: its ring shows again (in the text's colour: 6 Dec)
    pygame.mouse.set_pos((spot[0] + 1, spot[1]))
    surface = app.draw()
    assert surface.get_at((button.rect.centerx, button.rect.y))[:3] == P.TEXT


def test_a_long_name_is_cut_where_a_word_ends_and_the_cut_is_said(home):
    """'Bartholomew the Magnificent' was kept as 'Bartholomew the' with only 'At most 16 characters: the rest
    was not taken.'; 'Alexandria Ocasio-Cortez' as 'Alexandria Ocasi'. A name is cut where its last whole
    word ends, and the line says what was kept and what was left out."""
    app = App()
    launcher = app.screen
    app.draw()
    field = launcher.seats[0].name
    click(app, field.rect.center)  # 'Player 1' is selected: typing replaces it
    for ch in "Bartholomew the Magnificent":  # a key at a time, as people type
        typed(app, ch)
    assert field.value == "Bartholomew the"
    assert launcher.message == ("A name holds at most 16 characters: kept 'Bartholomew the', left out 'Magnificent' "
                                "(Backspace edits the name).")
    app.handle(key(pygame.K_a, pygame.KMOD_CTRL))
    typed(app, "Alexandria Ocasio-Cortez")  # pasted at once
    assert field.value == "Alexandria" and "left out 'Ocasio-Cortez'" in launcher.message
    app.handle(key(pygame.K_BACKSPACE))
    typed(app, "s")
    assert field.value == "Alexandris"  # Backspace edits the kept name again


def test_typing_after_a_pause_goes_into_a_cut_name_where_it_fits(home):
    """An audit typed 'Bartholomew Fitzgerald' (kept 'Bartholomew'), then ' Fitz', which fits the 16
    characters: it was refused, and the line said 'left out 'Fitzgerald Fitz''. Typing that comes a moment
    after the cut is new typing; typing that goes straight on is still the rest of the long name."""
    app = App()
    launcher = app.screen
    app.draw()
    field = launcher.seats[0].name
    click(app, field.rect.center)
    for ch in "Bartholomew Fitzgerald":
        typed(app, ch)
    assert field.value == "Bartholomew" and "left out 'Fitzgerald'" in launcher.message
    typed(app, "X")  # straight on: still the long name's rest
    assert field.value == "Bartholomew" and "left out 'FitzgeraldX'" in launcher.message
    app.tick(1.5)  # a pause, reading the line
    for ch in " Fitz":
        typed(app, ch)
    assert field.value == "Bartholomew Fitz"
    app.close()
    assert fit_name("Bartholomew the Magnificent") == "Bartholomew the"
    assert fit_name("Wolfeschlegelsteinhausen") == "Wolfeschlegelste"  # one word longer than the field
    assert fit_name("Ann") == "Ann"


def test_the_keyboard_focus_and_the_pointer_ring_look_different():
    """The pointer's ring and the keyboard focus were one and the same yellow edge, so a pointer resting on
    one button and the focus (where Enter goes) on another showed two equal rings. The focus is now a ring
    of its own just outside its button; the pointer lights the button and rings its edge, in the text's colour
    since 6 Dec (its yellow edge still read as a second focus beside the focus ring: a regression audit)."""
    from render.widgets import FOCUS_GAP, Button

    class Pointed(Button):  # where the pointer is (Button.pointed_at is the hook the launcher uses too)
        def __init__(self, label, here):
            super().__init__(label, lambda: None)
            self.here = here

        def pointed_at(self) -> bool:
            return self.here

    surface = pygame.Surface((300, 200))
    surface.fill(P.PANEL)
    focus, under_pointer = Pointed("Donkey Kong", False), Pointed("Monkey Dash", True)
    focus.rect, under_pointer.rect = pygame.Rect(20, 20, 200, 40), pygame.Rect(20, 100, 200, 40)
    focus.focused = True
    for button in (focus, under_pointer):
        button.draw(surface, 16)
    top = lambda b, dy=0: surface.get_at((b.rect.centerx, b.rect.y + dy))[:3]  # noqa: E731
    assert top(focus, -FOCUS_GAP) == P.HIGHLIGHT           # the focus: a ring outside its button
    assert top(focus) != P.HIGHLIGHT                       # whose own edge is not lit
    assert top(under_pointer) == P.TEXT                    # the pointer's button: its edge is lit, not yellow
    assert top(under_pointer, -FOCUS_GAP) != P.HIGHLIGHT   # and nothing rings it outside


def test_a_power_card_drawn_into_a_persons_hand_is_said():
    """An audit: a card bought with the last AP passed the turn at once, and the card drawn was only in the
    move log. The status line says which card came into whose hand."""
    match = person_faces("monkey_dash", 1, lambda s: "buy" in s.legal_actions())
    app, screen = open_app(match)
    held = list(match.state.hands[0])
    assert screen.play("buy")
    for _ in range(200):
        if len(match.state.hands[0]) > len(held) or match.state.hands[0] != held:
            break
        app.tick(0.05)
    new = [c for c in match.state.hands[0] if c not in held]
    assert new, "no card was drawn"
    name = match.state.card(new[0]).name
    assert screen.message == f"Ann draws {name}: it is in Ann's hand now."
    app.close()


def test_two_steps_on_one_square_the_first_click_chooses_the_wheel_changes_a_second_click_plays():
    """An audit (Better with Bananas): a square held both the supervisor's step onto a banana and the banana's
    pick-up, and a click there always played the step; the pick-up was only in the Choices list. Now the
    first click chooses (and says what a second click plays), the wheel chooses the other, a second click
    plays the one chosen."""
    match = arranged("bananas", sups=("d4", "d1"), bananas=("d5",), stores=(2, 3),
                     crates=("b2", "c3", "e3", "d6", "e5", "f6"))
    app, screen = open_app(match)
    assert {m["action"] for m in screen.moves() if m["to"] == "d5"} == {"sup N", "pickup d5"}
    click(app, screen.centre("d4"))  # the supervisor
    assert screen.selected == "d4"
    steps = len(match.history)
    target = screen.centre("d5")
    click(app, target)
    assert len(match.history) == steps and screen.square_pick == ("d5", 0)
    first = screen.board_hover[0]
    assert screen.message.startswith("2 steps end on d5. Chosen: ") and "Click d5 again to play it" in screen.message
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    second = screen.board_hover[0]
    assert second != first and screen.square_pick == ("d5", 1)
    click(app, target)
    assert len(match.history) == steps + 1 and match.history[-1].action == second
    app.close()


def test_an_autosave_damaged_while_the_launcher_shows_it_is_named_damaged_after_the_failed_resume(home):
    """An audit cut the autosave short while the launcher was up and pressed Resume: the error was clear, but
    the line under the button still described the match ('turn 4, saved ...') and Resume stayed offered.
    The failed load reads the files again: the line now says the autosave cannot be resumed."""
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3))
    until_a_person_decides(app, app.screen.match)
    app.screen.play(app.screen.legal[0])
    app.leave()
    app.autosaver.flush()
    launcher = app.screen
    app.draw()
    assert launcher.resume_button.enabled and "turn" in launcher.autosave_note
    from render import storage
    path = storage.autosave_path()
    path.write_text(path.read_text()[:300])
    click(app, launcher.resume_button.rect.center)
    assert isinstance(app.screen, LauncherScreen)
    assert launcher.message.startswith("Cannot load: ") and "it looks cut short" in launcher.message
    app.draw()
    assert launcher.autosave_note.startswith("The autosave cannot be resumed: ")
    assert not launcher.resume_button.enabled
    app.close()


def test_opening_the_file_just_saved_does_not_say_the_game_before_it_is_kept_as_that_file(home):
    """An audit saved with Ctrl+S, went back to the menu and opened that save: "Your unfinished game before
    this one (... turn 6) is kept in the saved matches as jenga_dk-....json", the file it had just opened.
    The autosave being the very match opened, nothing is said of it; a different game set aside still is."""
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3))
    until_a_person_decides(app, app.screen.match)
    app.screen.play(app.screen.legal[0])
    app.screen.save()
    from render import storage
    files = storage.saved_matches()
    assert len(files) == 1
    saved = files[0]
    app.leave()
    app.autosaver.flush()
    launcher = app.screen
    launcher.load(saved)
    assert isinstance(app.screen, MonkeyDashScreen)
    assert "kept in the saved matches" not in app.screen.message, app.screen.message
    assert storage.saved_matches() == [saved]  # no copy of it made either
    # another game played in the autosave slot, then that file opened again: the other game is kept, and said
    app.leave()
    app.screen.start()
    other = app.screen.match
    until_a_person_decides(app, other)
    app.screen.play(app.screen.legal[0])
    app.leave()
    app.autosaver.flush()
    app.screen.load(saved)
    assert "Your unfinished game before this one" in app.screen.message and saved.name not in app.screen.message
    app.close()


def test_the_bots_marked_steps_come_back_when_an_undo_returns_to_the_start_of_the_turn(home):
    """F1: "The opponent's last steps stay marked with numbered arrows ... until you make your first step."
    An audit stepped, then undid back to the start of the turn: the arrows were gone for good. They are hidden
    while a step of the person's stands, and shown again once the undo has taken it back."""
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3))
    screen, match = app.screen, app.screen.match
    for _ in range(40):  # Ann plays her first legal steps until the bot has had a turn with steps to mark
        until_a_person_decides(app, match)
        if screen.shown_marks():
            break
        screen.play(match.state.legal_actions()[0])
    marks = screen.shown_marks()
    assert marks and all(r[4] == 1 for r in marks)
    start = len(match.history)
    step = next(a for a in match.state.legal_actions() if a.startswith(("sup ", "monkey ")))
    screen.play(step)
    until_a_person_decides(app, match)
    assert len(match.history) > start and screen.shown_marks() == []
    while len(match.history) > start:
        screen.undo()
        if len(match.history) > start:
            screen.undo()  # a second press, where the undo asks for one
    assert screen.shown_marks() == marks
    app.close()


def test_a_reopened_match_shows_the_bots_marked_steps_as_they_were(home, tmp_path):
    """F1: "The opponent's last steps stay marked with numbered arrows ... until you make your first step." A
    board-games audit saved a game after the bot's turn and opened it again: the arrows were gone. Opened, the
    board marks the same steps, with the same numbers and arrows, as the window that played them."""
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3))
    screen, match = app.screen, app.screen.match
    for _ in range(60):  # Ann plays until the bot's second turn with steps to mark has been played
        until_a_person_decides(app, match)
        if screen.shown_marks() and match.state.turn_count() >= 4:
            break
        screen.play(match.state.legal_actions()[0])
    marks = screen.shown_marks()
    assert marks and all(r[4] == 1 for r in marks)
    app.draw()
    arrows = list(screen.recent_arrows)
    assert arrows
    saved = tmp_path / "md.json"
    match.save(saved)
    app.close()
    again = App(match=Match.load(saved))
    assert again.screen.shown_marks() == marks
    again.draw()
    assert again.screen.recent_arrows == arrows
    again.close()


def test_the_interrupt_question_starts_with_no_row_chosen_and_a_chosen_row_never_plays_nothing(home):
    """A family's audit, two people at one screen: at the start of a turn where the other held an Interrupt
    card, 'decline to interrupt' stood chosen, and one Enter (meant for the turn before) declined the card that
    would have stopped the winning move. The question now starts with no row chosen and Enter asks for one.
    (A row kept chosen after its step became impossible stays chosen, on purpose: Enter then plays nothing
    and says why, rather than another kind of step: test_md_choices.)"""
    app = App(match=Match(SPEC.make_config([Seat("Ann"), Seat("Bob")]), 4))
    screen, match = app.screen, app.screen.match
    asked = False
    for _ in range(300):
        until_a_person_decides(app, match)
        if match.is_over():
            break
        if match.state.phase == "interrupt":
            asked = True
            assert screen.actions.selected == -1
            n = len(match.history)
            app.handle(key(pygame.K_RETURN))
            assert len(match.history) == n and screen.message.startswith("Choose a row of Choices first")
            app.handle(key(pygame.K_DOWN))
            assert screen.actions.selected == 0
        screen.play(match.state.legal_actions()[0])
    assert asked, "no interrupt question in this game"
    app.close()


@pytest.mark.parametrize("seed, how", [(3, "'s monkey stepped onto the crate in the "),
                                        (4, " heaved their monkey, on its crate, into the ")])
def test_the_result_says_how_the_game_was_won(home, seed, how):
    """A family's audit: Monkey Dash's result said only "won" and "lost", where the other games say why. It
    names whose monkey reached their Loading Bay on a crate, and how: "To win the game, you must be the first
    to get your Monkey, on a Banana Crate, into your Loading Bay" (the rulebook), by a Heave with the monkey
    on top or by moving the monkey onto a crate there. A board-games audit: it said "rode a crate into" of a
    monkey that stepped onto a crate already in the bay (seed 3's last step; seed 4's is a Heave)."""
    match = Match(SPEC.make_config([Seat("Greedy bot 1", "greedy"), Seat("Search bot 2", "search")], "pure"), seed)
    match.advance()
    app = App(match=match)
    screen = app.screen
    winner = match.state.winner
    assert winner is not None and match.state.monkey_squares()[winner] == match.state.board.name_of(
        match.state.board.bays[winner])
    assert match.history[-1].by == winner
    assert match.history[-1].action.startswith("monkey " if seed == 3 else "heave ")
    reason = screen.result_reason()
    assert reason.startswith(f"{screen.seat_name(winner)}{how}") and "Loading Bay" in reason
    assert reason.endswith("which wins the game.")
    app.draw()
    app.close()


@pytest.mark.parametrize("size_name", ["large", "largest"])
def test_the_bar_keeps_its_size_when_the_game_ends(home, size_name):
    """A regression audit: the bar's buttons are drawn at one size (the smallest any of them needs), and Skip's
    place, sized for "Skip", reads "Result" once the game is over, which fits there only shrunk: the whole bar
    shrank when the game ended (at large text in 1024x640 from 12 to 9 points, under the normal size's 10).
    The place is sized for the longer of the two words."""
    from render import storage, text
    from render.widgets import Button

    storage.save_settings({"text_size": size_name})
    try:
        sizes = []
        for match in (Match(SPEC.make_config([Seat("Ann"), Seat("Bob", "greedy")], "pure"), 3), finished_match()):
            app = App(size=(1024, 640), match=match)
            app.draw()
            screen = app.screen
            assert screen.buttons[6].label == ("Result" if match.is_over() else "Skip")
            sizes.append(Button.row_size(screen.buttons, screen.font_size(13)))
            app.close()
        assert sizes[0] == sizes[1], sizes
    finally:
        storage.save_settings({})
        text.use_size("normal")


def test_a_card_to_decide_on_shows_its_whole_title_at_the_largest_text_in_a_small_window(home, lines_drawn):
    """A window-size audit, at the largest text in an 800x600 window: the card Player 1 had to decide on read
    "Safety Inspection (Interrup…", its kind and what a click does cut off. A card's title takes a second
    line when one will not hold it."""
    from render import storage, text

    storage.save_settings({"text_size": "largest"})
    try:
        match = Match(SPEC.make_config([Seat("Player 1"), Seat("Deep bot 2", "deep")]), 2)
        match.advance()
        assert any(a.startswith("play ") for a in match.state.legal_actions()) and match.waiting_for_human()
        app = App(size=(800, 600), match=match)
        lines_drawn.clear()
        app.draw()
        card = match.state.card(next(a for a in match.state.legal_actions() if a.startswith("play ")).split()[1])
        heads = [words for words, _ in lines_drawn if words.startswith(card.name)]
        assert heads and not any(words.endswith("…") for words, _ in lines_drawn if card.name in words), heads
        assert any("(Interrupt)" in words for words, _ in lines_drawn) and \
            any(words.endswith("click to play") for words, _ in lines_drawn)
        app.close()
    finally:
        storage.save_settings({})
        text.use_size("normal")


def test_a_banana_under_a_supervisor_stays_in_sight_on_the_board_and_in_the_text_board():
    """An audit (Better with Bananas): a supervisor stepped onto a banana it could not slide on ("the banana
    stays") and the window drew the supervisor over it, so the banana, which still blocks crates ("Bananas block
    the movement of Crates") and waits to be picked up, vanished until the supervisor left; the text board
    printed only "<R>". It is drawn again, small, in the square's lower left corner, and the text board prints
    "<R)"."""
    from render import art

    def yellow_in_corner(screen, sq):
        inner = screen.square_rect(sq).inflate(-screen.cell // 6, -screen.cell // 6)
        corner = pygame.Rect(inner.x, inner.bottom - screen.cell // 3, screen.cell // 3, screen.cell // 3)
        shot = screen_surface.subsurface(corner)
        return sum(1 for x in range(corner.w) for y in range(corner.h) if shot.get_at((x, y))[:3] == art.BANANA)

    counts = {}
    for bananas in ((), ("d6",)):
        match = arranged("bananas", sups=("d6", "d1"), bananas=bananas, stores=(3, 3 - len(bananas)))
        app, screen = open_app(match)
        screen_surface = app.window
        counts[bananas] = yellow_in_corner(screen, "d6")
        if bananas:
            assert "<R)" in str(match.state) and "<R)/<B) supervisor on a banana" in str(match.state)
        app.close()
    assert counts[()] == 0 and counts[("d6",)] > 10, counts
