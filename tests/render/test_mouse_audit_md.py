"""What a first-time player using the mouse alone found on the Monkey Dash screen (an audit), checked through the
app's own events with SDL's dummy video driver on the real engine: the other person's steps marked at a hot
seat, a click on a labelled square playing the step its label names, the words for hovering a crate, the clicks
on a card or pile that do nothing saying why, and the End turn button beside the action points.
"""

from __future__ import annotations

import pygame

from games import registry
from games.core import Seat
from games.match import Match
from games.monkey_dash import costs
from render import palette as P
from render.app import App
from render.screens.monkey_dash import MonkeyDashScreen

from tests.monkey_dash.test_rules import position

from .test_board_stumbles import click, point
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)

SPEC = registry.get("monkey_dash")
RED, BLUE = 0, 1
# The audit's position: a supervisor on d2 with crates on c3 and e3 beside it, so e2 is reached both by a
# step east and by turning crate e3, and d3 by a step north and by turning either crate.
AUDIT_CRATES = ("c3", "e3", "d5", "e5", "c4", "e4")


def table(seat=RED, variant="standard", crates=AUDIT_CRATES, sups=("d2", "d6"), monkeys=("a1", "g7"),
          hands=((), ()), people=2):
    """A match of Ann (red) and Bob (blue; a person at a hot seat, else a bot) in `seat`'s turn with 4 AP and
    the pieces where the test puts them."""
    bob = Seat("Bob") if people == 2 else Seat("Bob", "greedy")
    match = Match(SPEC.make_config([Seat("Ann"), bob], variant), 1)
    position(variant, crates, monkeys, sups, (), None, hands, seat, state=match.state)
    return match


def open_app(match):
    app = App(match=match)
    app.draw()
    assert isinstance(app.screen, MonkeyDashScreen) and match.waiting_for_human()
    return app, app.screen


def status(app) -> str:
    """The status line as drawn now (a message, or the words for what is under the pointer)."""
    app.draw()
    return " ".join(app.screen.status_lines)


def step_by_clicks(app, screen, action):
    """Click the piece a step starts from, then its target; the piece then stands where it went."""
    m = next(m for m in screen.moves() if m["action"] == action)
    n = len(screen.match.history)
    click(app, screen.square_rect(m["from"]).center)
    click(app, screen.square_rect(m["to"]).center)
    assert len(screen.match.history) == n + 1 and screen.match.history[-1].action == action
    screen.finish_animations()


def warning_on_grid(surface, screen) -> bool:
    grid = screen.grid
    return any(surface.get_at((x, y))[:3] == P.WARNING
               for x in range(grid.x, grid.right, 2) for y in range(grid.y, grid.bottom, 2))


def labels_on(screen, sq) -> list[str]:
    """The steps whose labels the board draws on a square (read after a frame is drawn)."""
    return [m["action"] for m in screen.targets() if m["to"] == sq]


# ---- 1. the hot seat's marks ------------------------------------------------------------------------------

def test_md_hot_seat_marks_the_turn_just_ended_for_the_other_person(tmp_path):
    """Before: at a hot seat (two people at one screen) no step was ever marked: the numbered arrows in the
    warning colour that the help promises were drawn only for a bot's steps, so Bob never saw what Ann had
    just done. Now when Ann's turn passes to Bob, her four steps are drawn for him as arrows numbered 1 to 4,
    each number on the square its step started from; they are not drawn while Ann still plays, and Bob's
    first step takes them away (his own steps are marked for Ann once his turn ends)."""
    match = table(crates=("b2", "c3", "e3", "c5", "e5", "f6"), sups=("d7", "d1"))
    app, screen = open_app(match)
    walked = ["d7", "d6", "d5", "d4"]
    for k, start in enumerate(walked):
        assert match.state.turn_player == RED and match.state.supervisor_squares()[RED] == start
        step_by_clicks(app, screen, "sup S")
        if k < 3:  # Ann's own steps are not drawn at her while she plays on
            assert not warning_on_grid(app.draw(), screen)
    assert match.state.turn_player == BLUE and match.waiting_for_human()
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "md-hot-seat-marks.png"))
    assert [n for n, *_ in screen.recent_arrows] == [1, 2, 3, 4]
    for start in walked:  # each step's number, in its orange badge, at the top left of the square it left
        corner = screen.square_rect(start).topleft
        assert surface.get_at((corner[0] + 8, corner[1] + 8))[:3] == P.WARNING, start
    # at once, a click is held a moment (the turn passed from one person to another at the screen: a click or
    # a key meant for Ann's last step must not play Bob's first), and said
    m = next(m for m in screen.moves() if m["action"] == "sup N")
    n = len(match.history)
    click(app, screen.square_rect(m["from"]).center)
    assert len(match.history) == n and "Bob's turn now" in screen.message
    screen.update(screen.turn_guard_s + 0.05)
    step_by_clicks(app, screen, "sup N")  # Bob's first step: Ann's marks have been seen
    assert match.state.turn_player == BLUE
    assert not warning_on_grid(app.draw(), screen)


# ---- 2. a click does what the board's label says -------------------------------------------------------------

def test_md_a_click_plays_the_step_the_board_labels_on_a_square_several_steps_reach(tmp_path):
    """Before: with the supervisor on d2 and crate e3 beside it, the selected row 'supervisor east to e2'
    labelled e2 'step 1 AP' on the board, yet a click on e2 was refused with '2 steps end on e2: click crate
    e3 or your supervisor first'. Now a click on a labelled square plays the step its label names; the
    status line said so on hover already."""
    app, screen = open_app(table())
    match = screen.match
    assert {m["action"] for m in screen.ends_on("e2")} == {"sup E", "rotate e3 e2"}
    app.handle(key(pygame.K_DOWN))  # the second row of Choices
    assert screen.legal[screen.actions.selected] == "sup E"
    point(app, screen.square_rect("e2").center)
    assert "supervisor east to e2 (1 AP)" in status(app)
    assert labels_on(screen, "e2") == ["sup E"]
    pygame.image.save(app.draw(), str(tmp_path / "md-labelled-e2.png"))
    click(app, screen.square_rect("e2").center)
    assert match.history[-1].action == "sup E" and match.state.supervisor_squares()[RED] == "e2"


def test_md_an_unlabelled_square_several_steps_reach_says_so_on_hover_and_click():
    """Before: the pointer on a square two steps end on, with no label there, left the status line on the
    selected row ('supervisor north to d3 (1 AP) (Enter plays it)'), and only the click said that two steps
    end there. Now the hover and the click say the same ('2 steps end on e2: click crate e3 or your supervisor
    first.'), nothing is played, and the selected row's square (d3, three steps end there) plays its label."""
    app, screen = open_app(table())
    match = screen.match
    assert screen.legal[screen.actions.selected] == "sup N"
    point(app, screen.square_rect("e2").center)
    words = "2 steps end on e2: click crate e3 or your supervisor first."
    assert status(app) == words and labels_on(screen, "e2") == []
    click(app, screen.square_rect("e2").center)
    assert match.history == [] and screen.message == words
    assert len(screen.ends_on("d3")) == 3
    point(app, screen.square_rect("d3").center)
    app.draw()
    assert labels_on(screen, "d3") == ["sup N"]
    click(app, screen.square_rect("d3").center)
    assert match.history[-1].action == "sup N" and match.state.supervisor_squares()[RED] == "d3"


def test_md_hovering_a_crate_says_a_click_picks_it_as_the_click_does():
    """Before: the pointer on crate e3 read 'rotate crate e3 to d3 (1 AP) (a click plays it)', but a click
    on the crate only picked it. Now the hover says a click picks the crate and how many steps are
    highlighted; the click picks it and plays nothing; on a highlighted square the words then name the step
    a click plays, and the click plays it."""
    app, screen = open_app(table())
    match = screen.match
    point(app, screen.square_rect("e3").center)
    words = status(app)
    assert words.startswith("Click to pick crate e3 (2 steps highlighted)") and "plays it" not in words
    click(app, screen.square_rect("e3").center)
    assert screen.selected == "e3" and match.history == []
    point(app, screen.square_rect("e2").center)
    assert status(app).startswith("rotate crate e3 to e2 (1 AP)")
    click(app, screen.square_rect("e2").center)
    assert match.history[-1].action == "rotate e3 e2" and "e2" in match.state.crate_squares()


# ---- 3. clicks that do nothing say why --------------------------------------------------------------------

HANDS = (("forklift", "roller_skates"), ("banana_bribe", "springboard"))


def card_boxes(seat) -> dict[str, pygame.Rect]:
    """Where the cards and the draw pile are drawn, by their actions, found in `seat`'s turn, when they can
    be clicked (the panel is laid out alike in either turn: same hands, 4 AP)."""
    app, screen = open_app(table(seat, hands=HANDS))
    boxes = {action: pygame.Rect(box) for box, action in screen.card_rects}
    app.close()
    return boxes


def test_md_a_click_on_the_opponents_card_or_a_pile_that_cannot_be_used_says_why(tmp_path):
    """Before: a click on the opponent's Power Card did nothing and the older message ('That is the blue
    supervisor...') stayed up, misleading; the draw pile with too few AP showed nothing on hover and said
    nothing on a click; the discard pile neither. Now each such hover and click gives one line saying why:
    whose card it is and when they play it, what a card costs against the AP left (the engine's cost), and
    that the discards are not drawn from."""
    bobs = card_boxes(BLUE)["play banana_bribe"]
    buy = card_boxes(RED)["buy"]
    app, screen = open_app(table(RED, hands=HANDS))
    match = screen.match
    click(app, screen.square_rect("d6").center)  # Bob's supervisor: a message of its own
    assert screen.message.startswith("That is the blue supervisor")
    click(app, bobs.center)
    assert screen.message == "Banana Bribe is Bob's card: only they can play it, in their own turn."
    assert match.history == []
    assert screen.play("sup N")
    # The card's line was about the position before the step: it goes with the step (it stayed up into the
    # next steps and the other player's turn: a later audit).
    assert screen.message_time <= 0
    for action in ("sup S", "sup N"):  # 3 of Ann's 4 AP: buying is out of reach
        assert screen.play(action)
    assert match.state.ap == 1 and "buy" not in screen.legal
    point(app, buy.center)
    words = f"No card can be bought now: buying a card costs {costs.BUY} AP, and this turn has only 1 AP left."
    assert status(app) == words
    pygame.image.save(app.draw(), str(tmp_path / "md-cannot-buy.png"))
    n = len(match.history)
    click(app, buy.center)
    assert screen.message == words and len(match.history) == n
    scale = screen.scale
    discards = pygame.Rect(buy.right + int(10 * scale), buy.y, buy.w, buy.h)
    click(app, discards.center)
    assert screen.message.startswith("The discards are not drawn from") and len(match.history) == n


# ---- 4. the End turn button ----------------------------------------------------------------------------

def test_md_the_end_turn_button_ends_the_turn_and_nothing_else():
    """Before: there was no End turn button: at 0 AP the turn ended only through the Choices row 'end the
    turn (no AP left)'. Now an 'End turn' button stands under the action points while ending the turn is
    legal for the person deciding: hovering it marks that row, and a click plays 'end turn' and nothing else
    (the card Ann could still play stays in her hand). With AP to spend there is no button, and a click where
    it stood plays nothing."""
    app, screen = open_app(table(RED, hands=(("forklift",), ())))
    match = screen.match
    assert screen.end_turn_button.rect.size == (0, 0)  # 4 AP to spend: no button
    for action in ("sup N", "sup S", "sup N", "sup S"):
        assert screen.play(action)
    screen.finish_animations()
    app.draw()
    assert match.state.ap == 0 and match.state.turn_player == RED and "end turn" in screen.legal
    button = pygame.Rect(screen.end_turn_button.rect)
    assert button.w > 0 and screen.info_rect.contains(button)
    assert button.top > max(y for _, y in screen.pip_centres)  # under the action point circles
    surface = app.draw()
    assert surface.get_at((button.x + 4, button.centery))[:3] == P.ACCENT and screen.end_turn_button.label == "End turn"
    point(app, button.center)
    assert screen.board_hover == ["end turn"]
    assert status(app).startswith("end the turn (no AP left)")
    n = len(match.history)
    click(app, button.center)
    assert [s.action for s in match.history[n:]] == ["end turn"]
    assert match.state.turn_player == BLUE and match.state.hands[RED] == ["forklift"]
    app.draw()
    assert screen.end_turn_button.rect.size == (0, 0)  # Bob has 4 AP to spend
    n = len(match.history)
    click(app, button.center)
    assert len(match.history) == n


def test_md_the_end_turn_button_gives_up_ap_nothing_can_spend():
    """Before: no button. Now, in Pure Strategy with the supervisor boxed in by crates and the monkey in its
    nest with no crate beside it, the only legal choice is 'pass': the button reads 'End turn (give up 4 AP)'
    and a click plays 'pass'."""
    match = table(RED, "pure", crates=("b7", "a6", "b6", "c7", "a5", "f3"), sups=("a7", "d1"))
    app, screen = open_app(match)
    assert screen.legal == ["pass"]
    assert screen.end_turn_button.label == "End turn (give up 4 AP)"
    click(app, screen.end_turn_button.rect.center)
    assert [s.action for s in match.history] == ["pass"] and match.state.turn_player == BLUE


def test_the_label_follows_the_row_selected_under_a_still_pointer_and_the_click_plays_the_label():
    """Found by a review: with the pointer resting on e2, moving the Choices selection by keyboard to
    another step that ends there left the label on the old step ("supervisor east to e2 (a click plays
    it)") while the click played the new one (rotate e3 e2). The label is read again when the selection
    moves, and the click plays what the label says."""
    app, screen = open_app(table())
    match = screen.match
    try:
        app.handle(key(pygame.K_DOWN))
        assert screen.legal[screen.actions.selected] == "sup E"
        point(app, screen.square_rect("e2").center)
        app.draw()
        target = screen.legal.index("rotate e3 e2")
        while screen.actions.selected < target:
            app.handle(key(pygame.K_DOWN))
        app.tick(0.02)
        app.draw()
        assert labels_on(screen, "e2") == ["rotate e3 e2"]
        click(app, screen.square_rect("e2").center)
        assert match.history[-1].action == "rotate e3 e2"
    finally:
        app.close()


def test_md_a_hint_about_the_position_goes_once_a_step_is_played_from_it():
    """A board-game audit: after a click on a square two steps end on ("2 steps end on e2: click crate e3
    or your supervisor first."), a step played by keyboard left that hint in the status bar, where it no
    longer applied. A line said in a position goes once a step is played from it."""
    app, screen = open_app(table())
    match = screen.match
    words = "2 steps end on e2: click crate e3 or your supervisor first."
    click(app, screen.square_rect("e2").center)
    assert match.history == [] and screen.message == words and screen.message_time > 0
    assert screen.legal[screen.actions.selected] == "sup N"
    app.handle(key(pygame.K_RETURN))  # the selected row, played by keyboard
    screen.finish_animations()
    assert match.history[-1].action == "sup N"
    assert words not in status(app)


def test_md_a_step_undone_and_played_again_is_marked_once_and_the_next_persons_list_starts_at_its_top(tmp_path):
    """A hot-seat audit: Ann's last step undone and played again was drawn twice for Bob (badges 1 to 3 over
    two steps, two arrows side by side), and a step undone and replaced by another stayed among the marks;
    and Bob's list opened on the row Ann had moved to, so an Enter from Bob played a step nobody chose for him.
    The marks are those of the steps that stand, and another person's question starts with no row chosen."""
    match = table(crates=("b2", "c3", "e3", "c5", "e5", "f6"), sups=("d7", "d1"))
    app, screen = open_app(match)
    for _ in range(3):
        step_by_clicks(app, screen, "sup S")
    app.handle(key(pygame.K_DOWN))  # Ann's list: a row further down chosen
    assert screen.actions.selected > 0
    step_by_clicks(app, screen, "sup S")  # her fourth step ends her turn
    assert match.state.turn_player == BLUE and match.waiting_for_human()
    app.draw()
    assert screen.actions.selected == -1  # Bob's list with no row chosen: his Enter asks for one (base)
    assert [n for n, *_ in screen.recent_arrows] == [1, 2, 3, 4]
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    while match.state.turn_player == BLUE:  # Bob takes Ann's last step back for her (it asks first)
        app.handle(ctrl_z)
        app.draw()
    screen.update(screen.turn_guard_s + 0.05)
    step_by_clicks(app, screen, "sup S")  # Ann plays it again
    app.draw()
    arrows = [(n, f, t) for n, f, t, *_ in screen.recent_arrows]
    assert [n for n, _, _ in arrows] == [1, 2, 3, 4], arrows
    assert len({(f, t) for _, f, t in arrows}) == 4


def test_md_the_marks_of_the_other_persons_turn_follow_undo_and_redo_at_a_hot_seat(tmp_path):
    """An audit (hot seat, seed 5): Ann played three steps and ended her turn, and Bob's board marked them 1 to
    3; Bob played a step and undid it: the marks were gone; undoing Ann's end of turn and redoing it brought none
    back; and a step of Ann's undone and replaced was marked alone, as '1'. The marks are made again from the
    steps that stand after every undo and redo, as play made them."""
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bob")]), 5)
    app, screen = None, None
    for _ in range(200):  # the dice and the deal, then Bob is asked whether to interrupt: no
        if match.waiting_for_human():
            break
        match.step()
    match.play("no interrupt")
    for _ in range(200):
        if match.waiting_for_human():
            break
        match.step()
    app = App(match=match)
    app.draw()
    screen = app.screen
    ann = []
    for _ in range(3):  # Ann's three steps on the board, then the end of her turn
        step = next(a for a in screen.legal if a.startswith(("sup ", "rotate ", "push ")))
        screen.play(step)
        ann.append(step)
        screen.finish_animations()
        app.draw()
    screen.play("end turn")
    screen.finish_animations()
    app.draw()
    assert match.state.turn_player == 1 and match.waiting_for_human()
    marks = lambda: [(r[0], r[8]) for r in screen.shown_marks()]  # noqa: E731 (number, action) drawn for Bob
    ended = ann + ["end turn"]
    assert [a for _, a in marks()] == ended and [n for n, _ in marks()] == [1, 2, 3, 4]
    screen.update(screen.turn_guard_s + 0.05)
    screen.play(next(a for a in screen.legal if a.startswith(("sup ", "rotate ", "push "))))  # Bob's step
    screen.finish_animations()
    screen.undo()  # his own: Ann's marks again
    app.draw()
    assert [a for _, a in marks()] == ended
    while match.history[-1].action != "end turn" or match.state.turn_player != 1:
        screen.undo()
    screen.undo()  # it asks: Ann's end of turn
    screen.undo()
    assert match.state.turn_player == 0
    screen.redo()
    app.draw()
    assert [a for _, a in marks()] == ended  # redone: her marks are back
    screen.undo()
    screen.undo()
    screen.undo()  # and her third step
    assert len([s for s in match.history if s.action in ann]) == 2
    other = next(a for a in screen.legal if a.startswith(("sup ", "rotate ", "push ")) and a != ann[2])
    screen.play(other)
    screen.finish_animations()
    screen.play("end turn")
    screen.finish_animations()
    app.draw()
    assert [a for _, a in marks()] == ann[:2] + [other, "end turn"] and [n for n, _ in marks()] == [1, 2, 3, 4]


def test_md_a_turn_resumed_midway_keeps_its_rows_and_their_numbers(tmp_path):
    """A replay audit (seed 9, a person and a greedy bot): a step into the turn, 5 stood for 'play Forklift'; after a
    kill and Resume the same position listed 'north to f7' first and the Forklift seventh, so the number seen
    before played a rotation. A match opened midway through a person's turn lists the rows as the turn had them."""
    match = Match(SPEC.make_config([Seat("Ann"), Seat("Bot", "greedy")]), 9)
    app = App(match=match)
    screen = app.screen
    for _ in range(400):                         # to Ann's decision, the bot's turns and the dice played out
        if match.waiting_for_human() and match.state.phase == "act" and match.state.ap >= 3:
            break
        if match.waiting_for_human():
            screen.play(screen.legal[0])
        else:
            match.step()
            screen._refresh_actions(force=True)
    app.draw()
    for _ in range(2):                           # two steps into her turn, by the number of a row further down
        app.handle(key(pygame.K_3, unicode="3"))
        app.draw()
    assert match.waiting_for_human() and len(screen.legal) > 3
    rows = list(screen.actions.items)
    assert screen.faint_rows(), "the test wants a row that plays nothing now"
    path = tmp_path / "midway.json"
    match.save(path)
    app.close()
    again = App(match=Match.load(path))
    try:
        again.draw()
        assert list(again.screen.actions.items) == rows
        # and an undo back into the turn finds the rows as they were (3 rows had stood where 8 had: an audit)
        again.handle(key(pygame.K_3, unicode="3"))
        again.draw()
        assert again.screen.match.waiting_for_human() and list(again.screen.actions.items) != rows
        again.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
        again.draw()
        assert len(again.screen.match.history) == len(match.history)
        assert list(again.screen.actions.items) == rows
    finally:
        again.close()
