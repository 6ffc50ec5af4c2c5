"""A play-tester's fourth pass over the Donkey Kong board screen, through the app with SDL's dummy video
driver on the real engine: pawns drawn on their own spaces (a rung's pawn on the rung, a girder's on the
girder, pieces sharing a space side by side), the wiki's move past a pawn read against the count, the
rescue bonus in the result, the banner waiting for the move to be drawn, "Redone." going once the game
moves on, whole sentences under the players, and rows of Choices that keep their ⚠ and their end space.
"""

from __future__ import annotations

import re

import pygame
import pytest

from games import registry
from games.core import Seat
from games.donkey_kong.board import BOARD
from games.match import Match
from render import palette as P
from render import text
from render.app import App
from render.screens.donkey_kong import DonkeyKongScreen, space_words, visible_names

from .test_stumbles import person_faces


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def new_match(seats, seed, variant="rulebook"):
    spec = registry.get("donkey_kong")
    return Match(spec.make_config(seats, variant), seed)


def to_person(app, limit=20000):
    """Tick the app (bots and dice at their pace) until the person must decide."""
    for _ in range(limit):
        if app.screen.match.waiting_for_human() or app.screen.match.is_over():
            return
        app.screen.press_chance()  # the person's own roll, when it is theirs to make
        app.tick(0.05)
    pytest.fail("the person never got a decision")


def pick(app, starts):
    """Play the person's choice whose words start with `starts`."""
    screen = app.screen
    to_person(app)
    app.draw()
    action = next(a for a in screen.legal if screen.action_label(a).startswith(starts))
    assert screen.play(action)
    return action


def cells(screen):
    """Every space's drawn box on the window (the Oil Can has none), by space index."""
    sq = screen.board_square
    return {i: screen.art.space_rect(i).move(sq.topleft) for i in range(BOARD.size) if BOARD.kind[i] != "oil_can"}


def assert_pawns_on_their_spaces(screen):
    """Each pawn's drawn rect is on its own space's box (its middle height within the box) and touches no
    other space's box."""
    boxes = cells(screen)
    assert len(screen.pawn_rects) == len(screen.match.state.pawns)
    for seat, rect in screen.pawn_rects:
        space = screen.match.state.pawns[seat]
        own = boxes[space]
        where = BOARD.names[space]
        assert rect.colliderect(own) and own.top <= rect.centery <= own.bottom, (seat, where, rect, own)
        others = [BOARD.names[i] for i, box in boxes.items() if i != space and rect.colliderect(box)]
        assert not others, f"pawn {seat + 1} on {where} is drawn over {others}"


# ---- 1. pawns on their own spaces ------------------------------------------------------------------

def test_dk_a_pawn_on_the_upper_rung_and_one_on_the_girder_above_are_drawn_each_on_its_own_space(tmp_path):
    """The play-tester's game: both pawns climb to the upper rung of the ladder at column 4, then Player 1
    steps up onto girder 2, column 4. Pawn 2 (on the rung) was drawn over the girder's box and pawn 1 floated
    above the girder: nobody could tell which pawn was on the ladder, which a barrel's slide depends on."""
    match = new_match([Seat("Player 1"), Seat("Greedy bot", "greedy")], 4)
    app = App(match=match)
    screen = app.screen
    assert isinstance(screen, DonkeyKongScreen)
    pick(app, "right 1, up 2 → ladder at column 4")
    pick(app, "up 1 → girder 2, column 4")
    assert match.state.pawn_spaces() == ["G2.3", "L1.2"]
    screen.finish_animations()  # the walk drawn to its end, as Space does
    pygame.image.save(app.draw(), str(tmp_path / "dk-rung-and-girder.png"))
    assert_pawns_on_their_spaces(screen)
    boxes = cells(screen)
    (_, girder_pawn), (_, rung_pawn) = screen.pawn_rects
    assert not girder_pawn.colliderect(boxes[BOARD.index["L1.2"]])
    assert not rung_pawn.colliderect(boxes[BOARD.index["G2.3"]])
    assert rung_pawn.centery > girder_pawn.bottom  # the rung's pawn below the girder's, not over it
    app.close()


def test_dk_pawns_sharing_a_space_stand_side_by_side_on_it_through_a_whole_game():
    """Four pawns start on one space, and later pawns meet on girders and rungs, with barrels and
    fireballs too: each pawn on its own space, none drawn over another space, and a barrel or fireball on a
    pawn's space drawn beside it, not hidden under it."""
    seats = [Seat(f"P{i + 1}", "random") for i in range(4)]
    match = new_match(seats, 7)
    app = App(match=match)
    screen = app.screen
    shared = sharing_an_obstacle = 0
    for _ in range(4000):
        if match.is_over():
            break
        app.draw()
        assert_pawns_on_their_spaces(screen)
        pawns = match.state.pawns
        places = screen.shared_places()
        for space in set(pawns):
            seats_here = [s for s, at in enumerate(pawns) if at == space]
            if len(seats_here) > 1:
                shared += 1
                xs = [dict(screen.pawn_rects)[s].centerx for s in seats_here]
                assert len(set(xs)) == len(xs), "pawns on one space drawn on top of each other"
            here = [("barrel", c) for c, at in enumerate(match.state.barrels) if at == space]
            here += [("fireball", c) for c, at in enumerate(match.state.fireballs) if at == space]
            for piece in here:
                sharing_an_obstacle += 1
                assert all(abs(places[piece] - places[("pawn", s)]) >= 10 * screen.art.scale() for s in seats_here)
        match.step()
    assert shared > 5 and sharing_an_obstacle > 0
    app.close()


# ---- 2. the wiki's move past a pawn -----------------------------------------------------------------

def ends_past_a_pawn(state):
    shown = state.dice_shown()
    return bool(shown) and not state.contacts and any(len(a.split()) - 1 > shown[0] for a in state.legal_actions())


def test_dk_wiki_a_move_that_carries_on_past_a_pawn_says_why_it_is_one_space_longer(tmp_path):
    """Wiki: a move ending on another pawn carries on to the next space free of pawns. The banner said
    "Ann moves Mario 5 spaces." beside a choice of 6 spaces; the choice now says the space more is the
    one past the other pawn."""
    spec = registry.get("donkey_kong")
    stand_in = spec.bots["random"]()
    match = new_match([Seat("Ann"), Seat("Bob", "random")], 0, "wiki")
    for _ in range(3000):  # as person_faces, in the wiki variant
        if match.waiting_for_human():
            if ends_past_a_pawn(match.state):
                break
            match.bots[0] = stand_in
            match.play(match.bot_action())
            del match.bots[0]
        else:
            match.step() if match.current_player < 0 else match.play(match.bot_action())
    else:
        pytest.fail("no move past a pawn in this seeded game")
    app = App(match=match)
    screen = app.screen
    pygame.image.save(app.draw(), str(tmp_path / "dk-wiki-past-a-pawn.png"))
    count = match.state.dice_shown()[0]
    assert f"moves Mario {count} spaces" in screen.decision_text()
    longer = [a for a in screen.legal if len(a.split()) - 1 > count]
    assert longer
    for action in longer:
        label = screen.action_label(action)
        walked = sum(int(n) for n in re.findall(r"(?:left|right|up|down) (\d+)", label.split(" → ")[0]))
        extra = walked - count
        assert walked == len(action.split()) - 1
        more = "one more" if extra == 1 else f"{extra} more"
        assert f"({more}: past Bob's pawn)" in label, label
        assert f"({more}: past Bob's pawn)" in screen.actions.items[screen.legal.index(action)]
    for action in set(screen.legal) - set(longer):
        assert "past" not in screen.action_label(action)
    app.close()


# ---- 3. the rescue bonus in the result ---------------------------------------------------------------

def test_dk_the_result_shows_the_rescuers_cards_plus_the_bonus(tmp_path):
    """The result said "Greedy bot wins! ... 3100 pts" while the played cards came to 2600: the 500 for the
    rescue was nowhere. The rescuer's line now adds it up, and a sentence under the title says why."""
    match = new_match([Seat("Ann", "greedy"), Seat("Greedy bot", "greedy")], 4)
    app = App(match=match)
    screen = app.screen
    for _ in range(20000):
        if screen.show_result:
            break
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        app.tick(0.05)
    assert screen.show_result
    pygame.image.save(app.draw(), str(tmp_path / "dk-result.png"))
    state = match.state
    finisher = state.finisher
    assert finisher >= 0, "this seeded game ends with a rescue"
    for seat in range(2):
        cards = sum(int(name[1:]) for name in state.played_cards(seat))
        total = state.scores()[seat]
        if seat == finisher:
            assert total == cards + 500
            assert screen.result_score(seat) == f"{cards} + 500 bonus = {total} pts"
        else:
            assert screen.result_score(seat) == f"{total} pts" and total == cards
    reason = screen.result_reason()
    assert reason.startswith(f"{state.seat_name(finisher)} rescued the Fair Maiden: 500 bonus points")
    # The score column has room for the sum beside the longest name.
    width = text.font(screen.font_size(20), bold=True).size(screen.result_score(finisher))[0]
    assert width < app.window.get_width() * 0.56 * 0.5
    app.close()


# ---- 4. the banner, "Redone.", the sentences under the players ----------------------------------------

def test_dk_the_banner_names_the_turn_being_drawn_until_its_walk_and_slides_end(tmp_path):
    """A move that ends the turn is applied at once, so the banner said "Greedy bot's turn (bot) — Greedy
    bot rolls both dice" while Player 1's Mario still walked and the barrels still slid. It keeps naming
    Player 1's turn until the animation ends, and the bot waits for it as before."""
    match = new_match([Seat("Player 1"), Seat("Greedy bot", "greedy")], 4)
    app = App(match=match)
    screen = app.screen
    for _ in range(30):
        to_person(app)
        app.draw()
        quiet = [a for a in screen.legal if a.startswith("move ") and not screen.obstacles_met(a, match.state)
                 and not BOARD.red_dot[BOARD.index[a.split()[-1]]]]
        if not quiet:
            screen.play(screen.legal[0])
            continue
        screen.play(quiet[0])
        if match.state.turn_owner() == 1 and screen.slides:
            break
    else:
        pytest.fail("no move of Player 1 ended the turn with obstacles moving")
    assert screen.animating()
    app.tick(0.01)
    pygame.image.save(app.draw(), str(tmp_path / "dk-banner-held.png"))
    assert screen.banner_seat() == 0
    assert screen.banner_title() == "Player 1's turn"
    assert screen.decision_text() == "Mario walks his path, then the barrels and fireballs move."
    steps = len(match.history)
    for _ in range(200):
        if not screen.animating():
            break
        app.tick(0.05)
        assert len(match.history) == steps  # nothing is rolled while the move is drawn
    assert not screen.animating()
    assert screen.banner_title() == "Greedy bot's turn (bot)"
    assert screen.decision_text() == "Greedy bot rolls both dice."
    app.close()


def test_dk_redone_goes_once_the_game_moves_on():
    """"Redone." stayed in the status bar while the bot rolled and moved after it: the message goes as soon
    as a later step is played."""
    match = new_match([Seat("Player 1"), Seat("Greedy bot", "greedy")], 4)
    app = App(match=match)
    screen = app.screen
    to_person(app)
    screen.play(screen.legal[0])
    screen.undo()
    assert screen.message == "Undone."
    screen.redo()
    app.draw()
    assert screen.message == "Redone." and screen.status_lines == ("Redone.",)
    steps = len(match.history)
    for _ in range(400):
        if len(match.history) > steps:
            break
        app.tick(0.02)
    assert len(match.history) > steps
    app.draw()
    assert "Redone." not in " ".join(screen.status_lines)
    app.close()


def test_dk_the_sentences_under_the_players_are_shown_whole():
    """The engine's last sentences are written under the players, newest at the foot; the oldest one shown
    lost its first lines, leaving a lone "Player 1" at the top that read as a heading. Only whole sentences
    are shown now."""
    seats = [Seat("Player 1", "random"), Seat("Bartholomew the Third", "random"), Seat("Strong bot", "random"),
             Seat("Expert bot", "random")]
    match = new_match(seats, 4)
    app = App(match=match)
    screen = app.screen
    size = screen.font_size(12)
    crowded = 0
    for _ in range(600):
        if match.is_over():
            break
        app.draw()
        lines = screen.event_lines
        sentences = [text.wrap(visible_names(BOARD, e), size, screen.info_rect.w - 12) for e in match.state.events[-4:]]
        if sum(len(s) for s in sentences) > 5:
            crowded += 1  # more lines than there is room for: some sentence must be left out
        whole: list[str] = []  # the newest sentences, each with all its lines, as many as were drawn
        for part in reversed(sentences):
            if len(whole) + len(part) > len(lines):
                break
            whole[:0] = part
        assert lines == whole, (lines, match.state.events[-4:])
        assert 0 < len(lines) <= 5 or not sentences
        match.step()
    assert crowded > 3
    app.close()


# ---- 5. rows of Choices -------------------------------------------------------------------------------

def many_warned_choices(state):
    return (not state.contacts and len(state.legal_actions()) > 4 and state.current_player() == 0
            and sum(1 for a in state.legal_actions()
                    if any(BOARD.index[n] in state.barrels for n in a.split()[1:])) >= 2)


def test_dk_a_row_of_choices_leads_with_its_warning_and_shows_its_whole_move(tmp_path):
    """Rows were cut to one line, the ⚠ tag itself too ("right 6 → girder 2, column 10 ⚠ m…") and the end
    space of longer moves ("girder 3, colu…"). A row now takes two lines, a move meeting an obstacle starts
    with its ⚠ and what it meets, in the warning ink, and the whole sentence with the cost stays the status
    line's when the row is selected."""
    match = person_faces("donkey_kong", 4, many_warned_choices, [Seat("Player 1"), Seat("Greedy bot", "greedy")])
    app = App(match=match)
    screen = app.screen
    surface = app.draw()
    pygame.image.save(surface, str(tmp_path / "dk-choice-rows.png"))
    rows = screen.actions.items
    warned = [i for i, a in enumerate(screen.legal) if screen.obstacles_met(a, match.state)
              or screen.met_after_walk(a, match.state)]  # (an obstacle that moves onto Mario after the walk too)
    assert len(warned) >= 2
    for i, action in enumerate(screen.legal):
        row, label = rows[i], screen.action_label(action)
        end = label.split(" → ")[1].split(" ⚠")[0]
        assert end in row  # the end space, whole (and the notes after it)
        if i in warned:
            assert row.startswith("⚠ ") and ("costs " in row or "may cost " in row)
            # the whole sentence, with its cost, for the status line
            assert "⚠ meets a " in label or "onto Mario with the obstacles' roll" in label
        else:
            assert "⚠" not in row
    assert not screen.actions.cut_rows, [rows[i] for i in screen.actions.cut_rows]
    # Each row is drawn on at most two lines inside its own row box, the warned ones in the warning ink.
    view = screen.actions
    for k in range(min(len(rows), view.visible_rows())):
        box = view.row_rect(view.top + k)
        if box is None:
            break
        assert box.h >= text.block_height(2, screen.font_size(15))  # a move's row takes two lines at least
        warning = P.WARNING_SELECTED if view.top + k == view.selected else P.WARNING  # lighter on the selected row
        ink = sum(1 for x in range(box.x + 10, box.right - 8) for y in range(box.y + 2, box.bottom - 2)
                  if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], warning)) < 60)
        assert (ink > 40) == (view.top + k in warned), (ink, rows[view.top + k])
    # Selecting a warned row puts its whole sentence, cost included, in the status line.
    screen.actions.selected = warned[0]
    app.draw()
    said = " ".join(screen.status_lines)
    assert screen.action_label(screen.legal[warned[0]]) in said.replace("\n", " ")
    app.close()


def test_the_log_says_what_the_obstacles_did_in_the_rules_order():
    """A family-table audit: the log told the dice and each walk, but the barrels and fireballs moved on the
    board unsaid. The rulebook: "After you move your 'Mario' pawn, you must move all the obstacles...the
    fireballs first, then the barrels", and "at the end of your turn, after you have moved all the
    obstacles, press down Donkey Kong's left arm and a new barrel will be released". Each row now ends
    with what its step moved, in that order. A regression audit found the first version counting a barrel
    dropped into the place of a hammered one as a roll: the rows it checked by hand are pinned here."""
    match = new_match([Seat("Ann", "greedy"), Seat("Bob", "greedy")], 1)
    before = []
    for _ in range(45):
        before.append(match.state.clone())
        match.step()
    app = App(match=match)
    try:
        rows = app.screen.log_labels
        assert rows[15].endswith("; then 7 of the barrels roll, Donkey Kong drops a barrel on girder 6, column 2")  # 1 hammered
        assert rows[23].endswith("play Hammer 200; then Donkey Kong drops a barrel on girder 6, column 3")  # no roll
        # three barrels gone at 30: one into the Oil Can, letting out a fireball (said in the log too since a
        # board-game audit: only the engine's short note had said it), which burnt two on its way up; and two
        # burnt at 37 (said since a wiki audit: the log had been silent on them)
        assert rows[30].endswith("; then 9 of the barrels roll, a barrel rolls into the Oil Can and a fireball comes "
                                 "out, 2 barrels meet fireballs and burn, Donkey Kong drops a barrel on girder 6, "
                                 "column 2")
        assert rows[37].endswith("; then a fireball climbs, 5 of the barrels roll, 2 barrels meet fireballs and burn, "
                                 "Donkey Kong drops a barrel on girder 6, column 2")
        told = {"rolls": 0, "drops": 0}
        for row, step, was in zip(rows, match.history, before):
            after = was.clone()
            after.apply_action(step.action)
            said = row.split("; then ", 1)[1] if "; then " in row else ""
            moved = sum(1 for a, b in zip(was.barrels + was.fireballs, after.barrels + after.fireballs) if a != b)
            assert bool(said) <= bool(moved), row
            if "drops a barrel" in said:  # only as a turn ends, and last
                assert after.turn_owner() != was.turn_owner() or after.is_terminal(), row
                assert said.split(", ")[-2].startswith("Donkey Kong drops"), row  # "... on girder 6, column N"
                told["drops"] += 1
            if "climb" in said and "roll" in said:
                assert said.index("climb") < said.index("roll"), row  # the fireballs first
            told["rolls"] += "roll" in said
        assert told["rolls"] >= 5 and told["drops"] >= 5  # the game's turns, not a rare case
    finally:
        app.close()


def arranged(variant="rulebook", pawns=("G2.2", "G5.0"), barrels=("G2.1",), hands=(("H300",), ("J100",)),
             played=(("J200",), ()), dice=(2, 3)):
    """A Donkey Kong match of Ann (a person) and a bot, Ann to move after rolling `dice`, the pieces and cards
    where the test puts them (as tests/donkey_kong/test_rules.table arranges a state)."""
    from games.donkey_kong.cards import CARD_INDEX

    match = new_match([Seat("Ann"), Seat("Bot", "random")], 1, variant)
    st = match.state
    st.stage, st.turn, st.first, st.deal_left = "roll", 0, 0, 0
    st.pawns = [BOARD.index[s] for s in pawns]
    st.barrels = [BOARD.index[s] for s in barrels] + [-1] * (12 - len(barrels))
    st.fireballs = [-1] * 4
    st.hands = [[CARD_INDEX[c] for c in h] for h in hands]
    st.played = [[CARD_INDEX[c] for c in p] for p in played]
    for pile in st.hands + st.played:
        for k in pile:
            st.deck[k] -= 1
    st.apply_action(f"roll {dice[0]} {dice[1]}")
    assert st.invariant_violations() == [] and match.waiting_for_human()
    return match


def test_dk_a_move_warns_of_an_obstacle_that_rolls_onto_mario_after_the_walk(tmp_path):
    """Rulebook: "On your turn, roll both dice" and "if your pawn comes in contact with an obstacle and you don't
    have any faceup cards, randomly pick one of your facedown cards and return it": the obstacles' count is
    known before the move is chosen. A rules audit chose a row that warned of one barrel on the walk; then a
    barrel rolled onto Mario by the shown count and took a played card, with no word before. Here Ann walks
    right 2 to girder 2, column 4 and the barrel on column 1 rolls 3 onto her: the row, its sentence and the
    board say so, and what it costs; the move down the ladder, out of its way, is not marked."""
    match = arranged()
    app = App(match=match)
    try:
        screen = app.screen
        app.draw()
        onto = next(a for a in screen.legal if a.split()[-1] == "G2.4")
        away = next(a for a in screen.legal if a.split()[-1] == "L1.2")
        assert screen.met_after_walk(onto, match.state) == [("barrel", BOARD.index["G2.4"], True)]
        label = screen.action_label(onto)
        assert "⚠ a barrel then moves onto Mario with the obstacles' roll: play a face-up card" in label, label
        row = screen.actions.items[screen.legal.index(onto)]
        assert row.startswith("⚠ barrel hits: ") and row.endswith("· costs a face-up card"), row
        assert "⚠" not in screen.actions.items[screen.legal.index(away)] and "⚠" not in screen.action_label(away)
        # with no face-up card the same barrel takes a played card: said before the choice
        match.state.hands[0] = []
        screen._later_cache = None
        assert "one of your played cards goes back to the deck" in screen.action_label(onto)
        # the board rings the end of the path in focus and writes the cost there
        screen.actions.selected = screen.legal.index(onto)
        surface = app.draw()
        x, y = screen.space_xy(BOARD.index["G2.4"])
        assert any(sum(abs(a - b) for a, b in zip(surface.get_at((int(x + dx), int(y))) [:3], P.WARNING)) < 60
                   for dx in range(-40, 41)), "no warning ring at the end of the path"
        # played out, the barrel does what the row said: Ann's played card goes back to the deck
        assert [len(match.state.played_cards(0)), len(match.state.face_up(0))] == [1, 0]
        assert screen.play(onto)
        for _ in range(50):
            if match.state.turn_owner() != 0:
                break
            match.step()
        assert match.state.played_cards(0) == []
    finally:
        app.close()


def test_dk_the_how_to_play_says_what_a_jump_does_to_the_obstacle_in_each_reading():
    """Rulebook: "if the obstacle landed on you by exact count and you 'jumped' it, move the obstacle one
    gamespace ahead"; the article: "Jump cards: Move one extra space". A rules audit: the how-to-play said only
    "a Jump passes it", and a Jump sent a barrel on, onto another pawn, unsaid."""
    from render.help import how_to_play

    rulebook = " ".join(how_to_play("donkey_kong", "rulebook"))
    wiki = " ".join(how_to_play("donkey_kong", "wiki"))
    assert "one that landed on Mario by the exact count goes on a space" in rulebook
    # (and one Mario's own walk met stays: a wiki audit)
    assert "a Jump passes it and, when the obstacle moved onto or past Mario, sends it on a space" in wiki
    assert "one that Mario's own walk met stays where it stands" in wiki
    assert " ".join(how_to_play("donkey_kong")) == rulebook  # the default reading
    decisions = registry.get("donkey_kong").help_text("wiki")
    assert "A fireball that passes over a barrel destroys it, as one that lands on it does" in decisions


def _every_way(state, action, mover):
    """The mover's contacts after `action` on every way the rest of the turn can go (the screen's search with
    no budget to speak of: the test's oracle for what met_after_walk makes of its budgeted one)."""
    from render.screens.donkey_kong import turn_ways

    ways, whole = turn_ways(state, action, mover, budget=200_000)
    assert whole
    return ways


def test_dk_at_most_is_the_worst_single_way_the_turn_can_go():
    """A regression audit: the 'may' warning added up barrels that land on Mario on different ways the turn can
    go ("⚠ barrel (+2 may land) ... may cost 3 face-up cards" where no way brings more than one after the walk).
    In the audit's game (four players, rulebook, seed 0, its random driver), no row warns of more hits after the
    walk than one way brings, and every hit said to be sure comes on every way."""
    import random

    from games.core import CHANCE, TERMINAL

    def sample(rng, outcomes):
        r, acc = rng.random(), 0.0
        for a, p in outcomes:
            acc += p
            if r <= acc:
                break
        return a

    match = new_match([Seat(f"P{i}") for i in range(4)], 0, "rulebook")
    app = App(match=match)
    try:
        screen, st, rng = app.screen, match.state, random.Random(4)
        checked = over = 0
        for _ in range(160):
            if st.current_player() == TERMINAL:
                break
            mover = st.current_player()
            if mover == CHANCE:
                st.apply_action(sample(rng, st.chance_outcomes()))
                continue
            legal = st.legal_actions()
            for action in (a for a in legal if a.startswith("move ")):
                screen._later_cache = None
                later = screen.met_after_walk(action, st)
                walk = len(screen.obstacles_met(action, st))
                ways = [way[walk:] for way in _every_way(st, action, mover)]
                over += len(later) > max(len(w) for w in ways)
                sure = [(kind, space) for kind, space, certain in later if certain]
                assert all(len(w) >= len(sure) for w in ways), (action, later)
                checked += 1
            action = rng.choice(legal)
            st.apply_action(action)
            while st.turn_owner() == mover and st.current_player() != TERMINAL and (st.contacts or st.stage != "roll"):
                st.apply_action(sample(rng, st.chance_outcomes()) if st.current_player() == CHANCE
                                else rng.choice(st.legal_actions()))
        assert checked > 100 and over == 0
    finally:
        app.close()


SAVED = __import__("pathlib").Path(__file__).resolve().parents[1] / "saved"


@pytest.mark.parametrize("size", [(1024, 640), (1240, 710)])
def test_dk_a_may_row_keeps_its_cost_and_the_board_box_is_drawn_over_the_pieces(size, home):
    """A regression audit at the largest text: a row warning of barrels that may land lost its cost to the cut
    ("⚠ 2 barrels (+1 may land): right 1, up 3, right 2 → girder 2, column 6 ·…"); the board's box by the path's
    end was drawn under the barrel of girder 4, column 1 ("⚠ At [barrel]st: ..."), and "at most no face-up card"
    read as a count. Rows take four lines when they need them, the box is drawn over the pieces, and an
    uncertain cost is said "at worst"."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"text_size": "largest"}', encoding="utf-8")  # the app reads it at start
    try:
        for name in ("donkey_kong_4p_seed0_may_land_under_a_barrel.json", "donkey_kong_3p_seed5_may_land_row.json"):
            match = Match.load(SAVED / name)
            app = App(size=size, match=match)
            try:
                assert text.size_name == "largest"
                screen = app.screen
                surface = app.draw()
                assert not screen.actions.cut_rows, [screen.actions.items[i] for i in screen.actions.cut_rows]
                assert any("may" in row for row in screen.actions.items)
                for i, action in enumerate(screen.legal):
                    if "may" in screen.actions.items[i]:
                        assert "at worst: " in screen.action_label(action) and "at most" not in screen.action_label(action)
                        screen.actions.selected = i
                        surface = app.draw()
                        box, lines, _ = screen._hazard_box
                        assert lines[0].startswith("⚠ At worst:")
                        edge = [tuple(surface.get_at((x, box.y))[:3]) for x in range(box.x + 6, box.right - 6)]
                        assert all(c == tuple(P.WARNING) for c in edge), "the box's top edge is covered"
            finally:
                app.close()
    finally:
        text.use_size("normal")


def test_dk_a_sure_hit_after_the_walk_is_said_as_sure_beside_one_that_may_come(tmp_path):
    """A regression audit (seed 5, Ann with the greedy and strong bots, her first roll): the row said
    '2 barrels (+1 may land)', one met on the walk, one sure to land and one that may, and its sentence said
    '2 barrels may move onto Mario': the sure one was said as uncertain."""
    match = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("G", "greedy"), Seat("S", "strong")]), 5)
    while not match.waiting_for_human():
        match.step()
    app = App(match=match)
    try:
        screen = app.screen
        app.draw()
        rows = [(a, screen.actions.items[screen.legal.index(a)]) for a in screen.legal]
        action = next(a for a, row in rows if "2 barrels, maybe 1 more later:" in row)  # words, not
        # "(+1 may land)", a riddle to a family audit
        label = screen.action_label(action)
        assert ("then a barrel moves onto Mario with the obstacles' roll, and perhaps another barrel too; "
                "at worst:") in label, label
        assert "barrels may move" not in label
    finally:
        app.close()
