"""A person rolls the dice and spins the spinner. Donkey Kong: "On your turn, roll both dice." Donkey Kong
Jenga: "Spin the spinner to begin play"; Super Mario Jenga: "1. Spin. The spinner determines four things".
At a person's turn the screen waits for that person's hand (a click on the dice or the wheel, or on the
button that asks for it, Space or Enter); a bot rolls or spins by itself. When the person rolls or spins
does not change what the seeded outcome is. Real physics, SDL's dummy driver."""

from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core import CHANCE, Seat
from games.match import Match
from render.screens.jenga import JengaScreen
from render.screens import donkey_kong as donkey_kong_screen
from render.screens.registry import screen_for

from .conftest import lines_drawn  # noqa: F401  (the shared text.draw spy)
from render.screens.jenga.keyboard import NOTHING_TO_ENTER

from .test_tower_screen import DT, SIZE, run, send

pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


@pytest.fixture(autouse=True)
def _display():
    """pygame's display up for every test here: another module's App.close() on the same worker quits it, and a
    test that drew without the module's surface failed on the pointer's position after one (test order)."""
    pygame.display.init()


def screen_of(game: str, seed: int, seats: list[Seat]) -> JengaScreen:
    match = Match(registry.get(game).make_config(seats=seats), seed=seed)
    screen = screen_for(game)(match)
    screen.show_risk = False
    return screen


def to_the_spin(screen, surface) -> None:
    """Play the setup from the list (Marios or characters and pegs) until a person's spin is awaited."""
    for _ in range(12):
        assert run(screen, surface, lambda: screen.chance_waits() or
                   (screen.match.waiting_for_human() and screen.job is None and not screen.animating()), spin=False)
        if screen.chance_waits():
            # past the hot seat's guard: a key that spins just after another person's step is held a moment
            # (test_a_key_just_after_another_persons_turn_neither_chooses_nor_spins_for_the_next)
            run(screen, surface, lambda: False, frames=1, spin=False)  # a frame sees the spin awaited
            assert run(screen, surface, lambda: screen.hand_guard <= 0, spin=False)
            return
        screen.play(screen.legal[0])
    raise AssertionError("no spin was awaited")


def key(screen, k):
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


@pytest.mark.parametrize("game", ["jenga_dk", "jenga_mario"])
def test_the_match_waits_for_the_person_to_spin_and_a_click_on_the_wheel_spins(game, surface, lines_drawn):
    screen = screen_of(game, 3, [Seat("Ann"), Seat("Bob")])
    to_the_spin(screen, surface)
    match = screen.match
    steps = len(match.history)
    assert match.current_player == CHANCE and match.state.phase == "spin"
    run(screen, surface, lambda: False, frames=90, spin=False)  # three seconds: nothing is drawn by itself
    assert len(match.history) == steps and screen.chance_waits() and screen.job is None
    assert screen.decision_text() == "Ann, spin the spinner: click it, or press Space or Enter."
    lines_drawn.clear()
    screen.draw(surface)
    words = [w for w, _ in lines_drawn]
    assert "Click to spin" in words and "Ann's spin" in words and "Spin the spinner  [Space]" in words
    skip = next(b for b in screen.buttons if b.label == "Skip")
    assert not skip.enabled  # Skip skips bots, not a person's own spin
    screen.skip()
    assert not screen.skipping
    # a press on a block says to spin first and takes nothing
    block = next(b for b in range(len(screen._scene.poses)) if screen.view.pick(
        tuple(int(v) for v in screen.camera.project(screen._scene.poses[b][None, :3])[0][0])) == b)
    point = tuple(int(v) for v in screen.camera.project(screen._scene.poses[block][None, :3])[0][0])
    send(screen, pygame.MOUSEMOTION, point)
    send(screen, pygame.MOUSEBUTTONDOWN, point)
    send(screen, pygame.MOUSEBUTTONUP, point)
    assert "spins first" in screen.message and len(match.history) == steps and screen.live is None
    # the click on the wheel spins: the spin is drawn and the needle turns
    send(screen, pygame.MOUSEBUTTONDOWN, screen.spinner_rect.center)
    assert not screen.chance_waits()
    assert run(screen, surface, lambda: len(match.history) > steps, spin=False)
    assert match.history[steps].by == CHANCE and match.history[steps].action.startswith("spin ")
    assert screen.spinner.spinning


@pytest.mark.parametrize("k", [pygame.K_SPACE, pygame.K_RETURN])
def test_space_or_enter_spins_and_the_outcome_is_the_seeds_whenever_it_is_spun(k, surface):
    """The same seed gives the same spin, however long the person waited before spinning."""
    spins = []
    for wait in (0, 45):
        screen = screen_of("jenga_mario", 8, [Seat("Ann"), Seat("Bob")])
        to_the_spin(screen, surface)
        run(screen, surface, lambda: False, frames=wait, spin=False)
        steps = len(screen.match.history)
        key(screen, k)
        assert run(screen, surface, lambda: len(screen.match.history) > steps, spin=False)
        spins.append(screen.match.history[steps].action)
    assert spins[0] == spins[1]
    headless = Match(registry.get("jenga_mario").make_config(seats=[Seat("Ann"), Seat("Bob")]), seed=8)
    while headless.state.phase != "spin":  # the same setup as to_the_spin: the first choice each time
        if headless.current_player == CHANCE:
            headless.roll()
        else:
            headless.play(headless.state.legal_actions()[0])
    assert headless.roll() == spins[0]  # the engine alone, with no screen and no wait, draws the same spin


def test_a_bots_spin_comes_by_itself(surface):
    """The bot plays first: its spin is drawn without anyone's hand (the person's Mario is placed from the
    list when asked)."""
    screen = screen_of("jenga_dk", 5, [Seat("Robo", bot="random"), Seat("Ann")])
    match = screen.match
    spun = lambda: any(s.action.startswith("spin ") for s in match.history)  # noqa: E731
    for _ in range(6):
        assert run(screen, surface, lambda: spun() or screen.chance_waits()
                   or (match.waiting_for_human() and screen.job is None and not screen.animating()), spin=False)
        if spun() or screen.chance_waits():
            break
        screen.play(screen.legal[0])
    assert spun(), "the bot's spin waited for a hand"
    assert not screen.chance_waits() and match.state.mover == 0  # Robo's turn, spun by itself


def test_the_risk_map_starts_while_the_person_is_yet_to_spin(surface):
    """A spin moves no block: the map of the blocks the turn may take is worked out while the person
    looks at the tower before spinning, and its figures are the ones shown once the spin is in."""
    screen = screen_of("jenga_mario", 3, [Seat("Ann"), Seat("Bob")])
    try:
        to_the_spin(screen, surface)
        screen.show_risk = True
        screen.update(1 / 30)
        assert screen.risk.busy and screen.risk._running == screen.position_key()
        got = screen.risk.wait(timeout=120, answers=3)  # three blocks' figures, still before the spin
        assert got is not None and got.key == screen.position_key() and screen.chance_waits()
        steps = len(screen.match.history)
        key(screen, pygame.K_SPACE)
        assert run(screen, surface, lambda: len(screen.match.history) > steps, spin=False)
        assert screen.position_key() == got.key  # the same map goes on: the spin changed no block...
        screen.update(1 / 30)
        latest = screen.risk.latest
        assert latest.key == got.key and set(got.by_block) <= set(latest.by_block)  # ...its figures kept
        assert screen.risk._running in (None, got.key)  # and not started again
    finally:
        screen.risk.close()


# ---- Donkey Kong's dice ------------------------------------------------------------------------------------
def dk_to_the_roll(seed, seats):
    """A match at the first turn's roll of a person; the people's rolls for who plays first are pressed for them
    on the way (they wait for the person's hand too)."""
    match = Match(registry.get("donkey_kong").make_config(seats=seats), seed=seed)
    screen = screen_for("donkey_kong")(match)
    for _ in range(3000):
        if screen.chance_waits() and match.state.stage == "order":
            screen.press_chance()
        elif screen.chance_waits():
            return match, screen
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        screen.update(1 / 30)
    raise AssertionError("no roll was awaited")


def test_donkey_kong_waits_for_the_persons_roll_and_the_button_rolls(surface, lines_drawn):
    match, screen = dk_to_the_roll(2, [Seat("Ann"), Seat("Bob")])
    steps = len(match.history)
    assert match.current_player == CHANCE and match.state.stage == "roll"
    for _ in range(90):  # three seconds: the dice are not rolled for her
        screen.update(1 / 30)
    assert len(match.history) == steps and screen.chance_waits()
    assert screen.decision_text() == "Ann, roll the dice: click them, or press Space or Enter."
    lines_drawn.clear()
    screen.draw(surface)
    words = [w for w, _ in lines_drawn]
    assert "Click to roll" in words and "Ann's roll" in words and "Roll the dice  [Space]" in words
    assert not next(b for b in screen.buttons if b.label == "Skip").enabled
    # a click on the board meanwhile says to roll first and plays nothing
    space = screen.board_square.center
    send(screen, pygame.MOUSEBUTTONDOWN, space)
    send(screen, pygame.MOUSEBUTTONUP, space)
    assert screen.message == "Ann rolls the dice first: click them, or press Space." and len(match.history) == steps
    # the button in the Choices panel rolls; its release says nothing more
    screen.say("")
    send(screen, pygame.MOUSEBUTTONDOWN, screen.chance_button.center)
    send(screen, pygame.MOUSEBUTTONUP, screen.chance_button.center)
    assert screen.message == "" and not screen.chance_waits()
    screen.update(1 / 30)
    assert len(match.history) == steps + 1 and match.history[-1].action.startswith("roll ")


def test_donkey_kong_a_click_on_the_dice_or_space_rolls_the_seeds_roll():
    """Also a click inside the "Click to roll" ring between the two dice (an audit: it did nothing), and on the
    upper half of the words "Click to roll" themselves, which stand on the ring's edge (a review)."""
    rolls = []
    for how in ("dice", "between", "words", "space"):
        match, screen = dk_to_the_roll(5, [Seat("Ann"), Seat("Bob")])
        screen.draw(pygame.Surface(SIZE))
        steps = len(match.history)
        if how == "dice":
            send(screen, pygame.MOUSEBUTTONDOWN, screen.dice_rects[1].center)
        elif how == "between":
            a, b = screen.dice_rects
            between = ((a.right + b.left) // 2, a.centery)
            assert not a.collidepoint(between) and not b.collidepoint(between)
            send(screen, pygame.MOUSEBUTTONDOWN, between)
        elif how == "words":
            plate, ring = screen.dice_plate, screen.dice_ring
            on_words = (plate.centerx, plate.y + 2)
            assert plate.collidepoint(on_words) and not ring.collidepoint(on_words)
            send(screen, pygame.MOUSEBUTTONDOWN, on_words)
        else:
            key(screen, pygame.K_SPACE)
        screen.update(1 / 30)
        assert len(match.history) == steps + 1
        rolls.append(match.history[-1].action)
    alone = Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann"), Seat("Bob")]), seed=5)
    while not (alone.current_player == CHANCE and alone.state.stage == "roll"):
        alone.roll()  # the roll-off for the start and the first hands: chance only
    assert rolls[0] == rolls[1] == rolls[2] == rolls[3] == alone.roll()


def test_donkey_kong_a_bots_roll_comes_by_itself():
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Robo", "random"), Seat("Bot", "random")]),
                  seed=1)
    screen = screen_for("donkey_kong")(match)
    for _ in range(600):
        assert not screen.chance_waits()
        if sum(s.action.startswith("roll ") and len(s.action.split()) == 3 for s in match.history) >= 2:
            break
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        screen.update(1 / 30)
    assert sum(s.action.startswith("roll ") and len(s.action.split()) == 3 for s in match.history) >= 2


def test_a_double_click_on_roll_or_enter_twice_does_not_play_a_choice_unseen(surface):
    """An audit: the second click of a double click on Roll landed on the choice that took the button's
    place, and a second Enter played the first choice, both before the dice had shown what they gave."""
    for second in ("click", "enter"):
        match, screen = dk_to_the_roll(5, [Seat("Ann"), Seat("Bob")])
        screen.draw(surface)
        button = screen.chance_button.center
        send(screen, pygame.MOUSEBUTTONDOWN, button)
        send(screen, pygame.MOUSEBUTTONUP, button)
        screen.update(0.05)
        screen.draw(surface)
        steps = len(match.history)
        assert match.waiting_for_human() and match.history[-1].action.startswith("roll ")
        if second == "click":  # 0.1 s later, on whatever row now stands where the button was
            screen.update(0.05)
            send(screen, pygame.MOUSEBUTTONDOWN, button)
            send(screen, pygame.MOUSEBUTTONUP, button)
        else:
            key(screen, pygame.K_RETURN)
        assert len(match.history) == steps, match.history[-1].action
        for _ in range(30):  # a second later Enter plays the chosen row as ever
            screen.update(1 / 30)
        key(screen, pygame.K_RETURN)
        assert len(match.history) > steps and match.history[steps].by >= 0  # the person's move


def test_the_roll_is_asked_for_once_the_bots_move_has_been_drawn(surface, monkeypatch):
    """An audit: while the bot's barrels still moved (the header naming the bot's turn), the panel already
    asked the person to roll, and the dice showed the bot's roll under "Click to roll". The roll is asked
    for once the bot's move has been drawn, and the dice wait blank."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Robo", "random"), Seat("Ann")]), seed=7)
    screen = screen_for("donkey_kong")(match)
    seen_animating_roll = False
    for _ in range(6000):
        if screen.chance_waits() and match.state.stage == "order":
            screen.press_chance()  # Ann's roll for who plays first
        if match.current_player == CHANCE and match.state.stage == "roll" and match.state.turn_owner() == 1:
            if screen.animating():
                seen_animating_roll = True  # Robo's move is still being drawn
                assert not screen.chance_waits()
            elif seen_animating_roll:
                break
            else:
                screen.press_chance()  # Ann's first turn, before any of Robo's
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        if match.waiting_for_human() and screen.hand_guard <= 0:
            screen.play(screen.legal[0])
        screen.update(1 / 30)
    assert seen_animating_roll and screen.chance_waits()
    assert match.state.dice_shown() is not None  # Robo's roll is in the state...
    faces = []
    real = donkey_kong_screen.art.die
    monkeypatch.setattr(donkey_kong_screen.art, "die", lambda surf, at, size, face, *a: (faces.append(face),
                                                                                        real(surf, at, size, face, *a)))
    screen.draw(surface)
    assert faces == ["-", "-"]  # ...but the dice wait blank for Ann's roll


def test_a_bots_roll_is_waited_for_by_the_bots_name(surface, lines_drawn):
    """An audit: while the bot's dice were due, the Choices panel read "Waiting for Chance…"."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Robo", "random"), Seat("Ann")]), seed=7)
    screen = screen_for("donkey_kong")(match)
    for _ in range(3000):
        state = match.state
        if match.current_player == CHANCE and state.stage == "roll" and state.turn_owner() == 0:
            break
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        screen.press_chance()
        if match.waiting_for_human() and screen.hand_guard <= 0:
            screen.play(screen.legal[0])
        screen.update(1 / 30)
    assert match.current_player == CHANCE and match.state.turn_owner() == 0
    # while Ann's move still plays, the panel names her, as the banner does (a bots audit read the banner's
    # "Greedy bot 2's turn" over "Waiting for Strong bot 1…"); then Robo, whose roll is due
    if screen.holding():
        lines_drawn.clear()
        screen.draw(surface)
        assert "Waiting for Ann…" in [w for w, _ in lines_drawn] and screen.banner_title().startswith("Ann")
    for _ in range(300):
        if not screen.holding():
            break
        screen.update(1 / 30)
    assert not screen.holding() and match.current_player == CHANCE and match.state.turn_owner() == 0
    lines_drawn.clear()
    screen.draw(surface)
    words = [w for w, _ in lines_drawn]
    assert "Waiting for Robo…" in words and "Waiting for Chance…" not in words


def test_the_help_says_how_a_person_rolls_or_spins():
    """The help's keys and its how-to-play say the roll and the spin are the person's own."""
    dk = screen_for("donkey_kong")(Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann"), Seat("Bob")]),
                                         seed=1))
    words = dk.help_text()
    assert "Space: at the start of your turn, roll the dice (Enter too, or a click on them)" in words
    assert "Each turn starts with your roll (click the dice or press Space)" in words
    jenga = screen_of("jenga_mario", 1, [Seat("Ann"), Seat("Bob")])
    try:
        words = jenga.help_text()
        assert "Space or Enter (or a click on the wheel) spins the spinner" in words
        assert "Each turn starts with your spin (click the wheel or press Space; the game's seed decides where it " \
               "stops, not how you spin)" in words
    finally:
        jenga.close()


def hot_seat_to_a_roll_after_the_other_persons_move(seed=0):
    """Donkey Kong, Ann and Bob at one screen, playing their first choices, until one's roll is awaited
    right after the other's decision."""
    match, screen = dk_to_the_roll(seed, [Seat("Ann"), Seat("Bob")])
    rolled = 0
    for _ in range(6000):
        if screen.chance_waits():
            last = next((s for s in reversed(match.history) if s.by >= 0), None)
            if rolled and last is not None and last.by != match.state.turn_owner():
                return match, screen
            screen.press_chance()
            rolled += 1
        if match.waiting_for_human() and screen.hand_guard <= 0 and not screen.animating():
            screen.play(screen.legal[0])
        screen.update(1 / 30)
    raise AssertionError("no roll came right after the other person's decision")


def test_undo_while_a_roll_is_awaited_asks_before_taking_back_the_other_persons_move():
    """The review of this change: while Ann's roll was awaited (the match at a chance step), one Undo took
    back Bob's move with no second press, which a hot seat asks for before taking back another person's
    move. It asks now, and the second press takes it back."""
    match, screen = hot_seat_to_a_roll_after_the_other_persons_move()
    waiting = match.state.turn_owner()
    last = next(s for s in reversed(match.history) if s.by >= 0)
    assert screen.chance_waits() and last.by != waiting  # the other person moved last
    steps = len(match.history)
    screen.undo()
    assert len(match.history) == steps and "again" in screen.message
    screen.undo()
    assert len(match.history) < steps and match.current_player == last.by


def test_the_app_idles_while_a_roll_is_awaited():
    """The review: the window drew at its full rate for as long as a person took to roll."""
    match, screen = dk_to_the_roll(2, [Seat("Ann"), Seat("Bob")])
    for _ in range(30):
        screen.update(1 / 30)
    assert screen.chance_waits() and screen.quiet()


def test_the_guard_after_a_roll_leaves_the_bar_and_the_help_alone(surface):
    """The review: in the 0.6 s after a roll every left click was dropped, Help and Menu included."""
    match, screen = dk_to_the_roll(2, [Seat("Ann"), Seat("Bob")])
    screen.draw(surface)
    key(screen, pygame.K_SPACE)
    screen.update(1 / 30)
    screen.draw(surface)
    assert screen.hand_guard > 0
    help_button = next(b for b in screen.buttons if b.label == "Help")
    send(screen, pygame.MOUSEBUTTONDOWN, help_button.rect.center)
    send(screen, pygame.MOUSEBUTTONUP, help_button.rect.center)
    assert screen.show_help


def test_a_quick_click_on_the_wheel_does_not_eat_the_next_release(surface):
    """The review: the spin's job could start between the press on the wheel and its release; the release
    then went the job's way and the next release anywhere (a bar button, the end of a push) was eaten."""
    screen = screen_of("jenga_dk", 3, [Seat("Ann"), Seat("Bob")])
    try:
        to_the_spin(screen, surface)
        screen.draw(surface)
        send(screen, pygame.MOUSEBUTTONDOWN, screen.spinner_rect.center)
        screen.update(1 / 60)  # the spin's job starts
        assert screen.job is not None
        send(screen, pygame.MOUSEBUTTONUP, screen.spinner_rect.center)
        assert run(screen, surface, lambda: screen.match.waiting_for_human() and not screen.animating(), spin=False)
        help_button = next(b for b in screen.buttons if b.label == "Help")
        send(screen, pygame.MOUSEBUTTONDOWN, help_button.rect.center)
        send(screen, pygame.MOUSEBUTTONUP, help_button.rect.center)
        assert screen.show_help
    finally:
        screen.close()


def test_no_tint_when_the_spun_turn_may_take_no_block(surface):
    """An audit: after a spin of no girders to take out ("take out 0 girders, climb 2") the blocks stayed
    tinted and the legend counted pulls still running, though its grey means "not to be taken now". With
    no block to take, the person's turn shows no tint (before the spin the map of the turn's blocks shows)."""
    from games.jenga.risk_worker import RiskMap

    for seed in range(20):
        screen = screen_of("jenga_dk", seed, [Seat("Ann"), Seat("Bob")])
        try:
            to_the_spin(screen, surface)
            state = screen.match.state
            blocks = [tuple(b) for b in state.extractable()]
            screen.show_risk = True
            screen._risk_key = screen.position_key()
            # the map of the turn's blocks, in while the spin is awaited: it tints them
            screen.risk.latest = RiskMap(screen._risk_key, {b: (0.5, 0.3) for b in blocks}, total=len(blocks))
            screen.risk.cancel()
            screen.update(1 / 30)
            assert screen._risk_array(state, len(state.tower["poses"])) is not None
            key(screen, pygame.K_SPACE)
            assert run(screen, surface, lambda: screen.match.waiting_for_human() and not screen.animating(),
                       spin=False)
            if screen._legal_blocks():
                continue  # this spin takes girders out: another seed
            state = screen.match.state  # the same map, no block to take now: no tint
            assert screen._risk_array(state, len(state.tower["poses"])) is None
            return
        finally:
            screen.close()
    raise AssertionError("no seed of 0 to 19 spun a turn with no girder to take out")


def test_skipping_a_bots_turn_says_what_it_played(surface):
    """An audit: Space pressed a moment early (it rolls your own dice too) skipped the bot's whole turn, its
    roll, move and card seen only in the move log. Skipping stops at the person's roll and the status line
    says what it played."""
    match = Match(registry.get("donkey_kong").make_config(seats=[Seat("Robo", "random"), Seat("Ann")]), seed=7)
    screen = screen_for("donkey_kong")(match)
    for _ in range(3000):  # to the bot's turn, Ann rolling and moving when it is hers
        if match.current_player == CHANCE and match.state.stage == "roll" and match.state.turn_owner() == 0 \
                and not screen.animating():
            break
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        screen.press_chance()
        if match.waiting_for_human() and screen.hand_guard <= 0 and not screen.animating():
            screen.play(screen.legal[0])
        screen.update(1 / 30)
    start = len(match.history)
    key(screen, pygame.K_SPACE)  # the bot's turn: Space skips it
    assert screen.skipping
    for _ in range(600):
        if screen.chance_waits() or match.waiting_for_human():
            break
        if screen._thinking is not None:
            screen._thinking.wait(30.0)
        screen.update(1 / 30)
    assert not screen.skipping and len(match.history) > start
    played = screen.log_labels[start:]
    assert screen.message.startswith("Skipped ahead: ") and played[-1][:80] in screen.message


@pytest.mark.parametrize("game", ["jenga_dk", "jenga_mario"])
def test_a_second_enter_during_the_spin_does_not_say_to_pick_a_block_with_the_arrows(game, surface):
    """A regression audit pressed Enter to spin and Enter again as the needle turned: the status line said "Enter has
    nothing to play: pick a block with the arrow keys", over the spin and after it, when the Choices list had
    rows and the arrows moved in it. While the spin is awaited or its guard runs, that Enter says nothing of
    blocks; the spinner's own word answers it."""
    screen = screen_of(game, 3, [Seat("Ann"), Seat("Bob")])
    to_the_spin(screen, surface)
    match = screen.match
    steps = len(match.history)
    key(screen, pygame.K_RETURN)
    assert not screen.chance_waits()  # spinning
    for _ in range(90):  # until the guard after the spin is over, the needle still turning
        screen.update(1 / 30)
        screen.draw(surface)
        if len(match.history) > steps and screen.hand_guard <= 0:
            break
    assert len(match.history) == steps + 1 and match.history[-1].action.startswith("spin ")
    assert screen.spinner.spinning
    key(screen, pygame.K_RETURN)
    assert not screen.message.startswith("Enter has nothing to play"), screen.message
    assert run(screen, surface, lambda: screen.job is None and not screen.animating(), spin=False)
    assert not screen.message.startswith("Enter has nothing to play"), screen.message
    # said while the list was empty, the words go once it has rows (where the plain arrows move in the list)
    screen.say(NOTHING_TO_ENTER, 6.0)
    screen.legal = ["climb 1:0+x", "climb 1:2-x"]
    screen.forget_nothing_to_enter()
    assert screen.message_time <= 0


@pytest.mark.parametrize("size_name", ["normal", "largest"])
def test_donkey_kong_at_the_largest_text_the_roll_plate_cards_and_marks_read_whole(size_name):
    """An accessibility audit at the largest text: "Click to roll" on the dice's ring had its letters cut by
    the panel's top; the face-up cards stayed their normal size, with "JUMP" in 3 px letters; and the seat
    marks beside the players' names stayed 9 px. The plate now stands inside the panel, and cards and marks
    grow with the text size as far as there is room. (A regression audit then found the ring's foot under
    the first player's box, and the dice's words touching its sides.)"""
    from render import text

    old = text.size_name
    try:
        text.use_size(size_name)
        match, screen = dk_to_the_roll(5, [Seat("Ann"), Seat("Bob"), Seat("Cy", "random"), Seat("Di", "random")])
        surface = pygame.Surface(SIZE)
        cards = []
        real_card = donkey_kong_screen.art.card
        donkey_kong_screen.art.card = lambda s, r, *a, **k: (k.get("face_up", True) and cards.append(pygame.Rect(r)),
                                                             real_card(s, r, *a, **k))
        marks = []
        real_mark = donkey_kong_screen.draw_seat_mark
        donkey_kong_screen.draw_seat_mark = lambda s, seat, c, r, **k: (marks.append(r), real_mark(s, seat, c, r, **k))
        try:
            screen.draw(surface)
        finally:
            donkey_kong_screen.art.card, donkey_kong_screen.draw_seat_mark = real_card, real_mark
        assert screen.dice_plate is not None and screen.dice_plate.top >= screen.info_rect.top + 2
        # the ring round the dice clears its words at the sides and the first player's box below it
        ring, words = screen.dice_ring, screen.dice_rects[0].union(screen.dice_rects[1])
        assert ring.left + 4 <= words.left and words.right <= ring.right - 4 and screen.info_rect.contains(ring)
        assert ring.bottom <= min(c.top for c in cards) - screen.box_head()
        assert cards and marks
        grow = text.SCALE if text.SCALE > 1 else 1.0
        assert min(c.w for c in cards) >= int(36 * screen.scale * 0.7 * grow)  # never under 70 % of the size's own
        assert max(marks) >= int(10 * screen.scale * grow)
    finally:
        text.use_size(old)


def test_the_coins_a_spin_collects_are_told_and_counted_once_the_needle_stops(surface):
    """A play-tester read "Careful bot 2 gets 2 coins (4 → 6)" in the status line, and 6 coins beside the
    seat, while the needle still turned: the outcome given away before the wheel showed it, as the header
    already keeps it ("the needle is still turning…"). The coins are told and counted once it stops."""
    from games.jenga import data

    sections = data.mario_spinner()["sections"]
    for seed in range(40):  # the first seed whose first spin collects coins ("$" on the wheel)
        screen = screen_of("jenga_mario", seed, [Seat("Ann"), Seat("Bob")])
        to_the_spin(screen, surface)
        match = screen.match
        steps = len(match.history)
        key(screen, pygame.K_SPACE)
        assert run(screen, surface, lambda: len(match.history) > steps, spin=False)
        if sections[int(match.history[steps].action.split()[1])]["coins"]:
            break
    else:
        raise AssertionError("no first spin collected coins")
    assert screen.spinner.spinning and screen.spin_untold()
    before, after = screen.told_at_stop[0].coins()[0], match.state.coins()[0]
    assert after > before
    screen.draw(surface)
    assert "coin" not in screen.message and f"Ann (Mario): layer 1, {before} coins" in " ".join(screen.piece_lines())
    assert run(screen, surface, lambda: not screen.spinner.spinning, spin=False)
    screen.update(1 / 30)
    assert f"Ann gets {after - before} coins ({before} → {after})" in screen.message
    assert f"{after} coins" in " ".join(screen.piece_lines())


def test_a_key_just_after_another_persons_turn_neither_chooses_nor_spins_for_the_next(surface):
    """A hot-seat audit (Super Mario Jenga, three people): Player 2 chose Peach with '2' and Enter, and the
    Enter chose Luigi for Player 3, who had touched nothing; a climb chosen with '1' and Enter had the Enter
    spin the next person's spinner, a spin that cannot be taken back. When one person's question or spin
    follows another person's step, the keys that choose or spin wait a moment, and that is said; a click on
    the wheel is aimed, and spins."""
    screen = screen_of("jenga_mario", 11, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and not screen.animating(), spin=False)
    key(screen, pygame.K_1)  # Ann takes her character
    assert len([s for s in match.history if s.by >= 0]) == 1
    run(screen, surface, lambda: False, frames=int(screen.turn_guard_s / DT) + 2, spin=False)  # Bob reads
    key(screen, pygame.K_2)  # Bob's choice, then at once an Enter, as many people press
    key(screen, pygame.K_RETURN)
    people = [s.by for s in match.history if s.by >= 0]
    assert people == [0, 1], people  # Cy has chosen nothing
    assert screen.message.startswith("Cy's turn now: look at the board first")
    # the spin: Bob places the last peg by hand at a two-person table, then Ann's spin is awaited
    spun = screen_of("jenga_dk", 5, [Seat("Ann"), Seat("Bob")])
    for _ in range(12):
        assert run(spun, surface, lambda: spun.chance_waits() or
                   (spun.match.waiting_for_human() and spun.job is None and not spun.animating()), spin=False)
        if spun.chance_waits():
            break
        spun.play(spun.legal[0])
    assert [s.by for s in spun.match.history if s.by >= 0][-1] == 1  # Bob's step, Ann's spin
    steps = len(spun.match.history)
    key(spun, pygame.K_RETURN)
    assert len(spun.match.history) == steps and spun.message.startswith("Ann's turn now: look at the board first")
    assert spun.hand_guard > 0
    send(spun, pygame.MOUSEBUTTONDOWN, spun.spinner_rect.center)  # the click on the wheel is aimed: it spins
    assert not spun.chance_waits()
    assert run(spun, surface, lambda: len(spun.match.history) > steps, spin=False)
    assert spun.match.history[steps].action.startswith("spin ")


@pytest.mark.parametrize("variant", ["standard", "beaten_stacks"])
def test_a_spin_that_battles_bowser_says_what_wins_the_battle(variant, surface, lines_drawn):
    """A Super Mario family audit: a player on Bowser's layer was asked to spin in the ordinary words ("The spin says
    what this turn asks: how many blocks to take and stack, how far to climb"), nothing saying that only the climb
    counts and a climb of 3 or 4 beats him. Rule: "To defeat Bowser, you must spin 'Climb 3' or 'Climb 4'; you can't
    move above Bowser or stack any more blocks until you've done this." """
    match = Match(registry.get("jenga_mario").make_config(seats=[Seat("Ann"), Seat("Ben")], variant=variant), seed=11)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    to_the_spin(screen, surface)
    plain = screen.chance_prompt()
    assert plain.endswith("spin the spinner: click it, or press Space or Enter.")
    state = match.state
    state.battling[state.mover] = True  # the mover stands on Bowser's layer (as after a climb that would pass him)
    assert screen.chance_prompt() == (f"{screen.hand_owner()}, spin to battle Bowser (a climb of 3 or more beats him): "
                                      "click the spinner, or press Space or Enter.")
    hint = screen.chance_hint()
    # its coins still count (a regression audit: "only the spin's climb counts" said otherwise); "Did you spin a
    # coin or REVERSE PLAY while battling Bowser? You can still collect coins, and play will switch direction"
    assert hint.startswith("A battle with Bowser: the spin's climb decides it (its coins are still collected, and a "
                           "reverse still turns play). A climb of 3 or more beats him")
    assert ("that spin's blocks are then taken and stacked too" in hint) == (variant == "beaten_stacks")
    assert "beaten_stacks" not in hint  # no rule variant's code name in a player's words
    lines_drawn.clear()
    screen.draw(surface)
    assert "battle Bowser" in " ".join(w for w, _ in lines_drawn)


def _a_lost_battle(surface, second: Seat):
    """(screen, match): Super Mario Jenga, seed 1, Ann (a person) and `second`: Ann, battling Bowser, has spun by
    hand and lost (the turn is the second seat's), the needle still turning."""
    match = Match(registry.get("jenga_mario").make_config(seats=[Seat("Ann"), second]), seed=1)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    to_the_spin(screen, surface)
    assert match.state.mover == 0
    match.state.battling[0] = True  # Ann stands on Bowser's layer
    steps = len(match.history)
    key(screen, pygame.K_SPACE)
    assert run(screen, surface, lambda: len(match.history) > steps, spin=False)
    assert match.state.turn_owner() == 1
    return screen, match


def test_a_lost_battle_keeps_the_spinner_named_while_the_needle_turns_and_is_held_to_be_read(surface):
    """A rules audit (Super Mario Jenga, a person battling Bowser, a bot next): while the needle still turned the
    banner already said "careful 3's turn (bot)" and the panel "Waiting for careful 3…", the status line "You (P2)
    spins: the needle is still turning…"; and once it stopped, the bot's spin wrote over "You (P2) spun: battle
    with Bowser: ...; Bowser is not beaten" within 0.6 s. Rule: "To defeat Bowser, you must spin 'Climb 3' or
    'Climb 4'". The banner names the spinner until the needle stops, and what was spun stays SPIN_READ_S."""
    from render.screens.jenga.screen import SPIN_READ_S

    from .test_tower_screen import DT

    screen, match = _a_lost_battle(surface, Seat("Ben", "careful"))
    try:
        assert match.state.battling[0]  # not beaten: the turn went to Ben
        assert screen.spin_untold()
        screen.draw(surface)
        assert screen.banner_title() == "Ann's turn" and screen.waited_for() == "Ann's spin"
        assert run(screen, surface, lambda: not screen.spin_untold(), spin=False)
        stopped = len(match.history)
        assert screen.spin_linger > 0 and screen.animating()
        # what was spun, said as such while it is held (not "the spinner is spinning" over a wheel at rest: a
        # regression audit)
        said = screen.decision_text()
        assert said.startswith("Ann spun: ") and said.endswith("; Ben's turn next"), said
        assert screen.banner_title() == "Ann's turn"
        held = 0.0
        while screen.spin_linger > 0:
            assert len(match.history) == stopped, "the bot moved while the spin was still held"
            screen.update(DT)
            held += DT
        assert held >= SPIN_READ_S - 2 * DT
        assert run(screen, surface, lambda: len(match.history) > stopped, spin=False)  # then Ben plays
    finally:
        screen.close()


def test_a_lost_battle_with_a_person_next_is_not_held(surface):
    """A regression audit: the hold after a lost battle came with a person next too, whose own spin prompt then
    waited 1.5 s under "the spinner is spinning"; a person spins by hand and sees the last spin on the wheel."""
    screen, match = _a_lost_battle(surface, Seat("Bea"))
    try:
        assert run(screen, surface, lambda: not screen.spin_untold(), spin=False)
        assert screen.spin_linger == 0
        assert run(screen, surface, lambda: screen.chance_waits(), frames=5, spin=False)
        # and Ann's next Space does not spin Bea's spinner: the hot-seat guard holds, her spin by hand counted as
        # the last seat's act (the lost battle was a turn of that spin alone: a regression audit)
        run(screen, surface, lambda: False, frames=1, spin=False)
        assert screen.hand_guard > 0
        spun = len(match.history)
        key(screen, pygame.K_SPACE)
        screen.update(DT)
        assert len(match.history) == spun and not screen.spinner.spinning
    finally:
        screen.close()


@pytest.mark.physics
def test_after_a_reverse_the_order_of_turns_is_shown_in_the_window_and_the_terminal(surface):
    """A Super Mario audit: after a spin's "R" nothing on the screen said which way play now went, at three seats.
    Rules: the spinner shows "If play continues in the opposite direction after your turn", and "Did you spin a
    coin or REVERSE PLAY while battling Bowser? ... play will switch direction as normal at the end of your turn!" Ann, battling Bowser, spins stack 2,
    climb 0, reverse: the battle is lost, the turn ends, and play goes back to Cid, then Bob."""
    match = Match(registry.get("jenga_mario").make_config(seats=[Seat("Ann"), Seat("Bob"), Seat("Cid")]), seed=1)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    try:
        to_the_spin(screen, surface)
        assert match.state.mover == 0
        match.state.battling[0] = True  # Ann stands on Bowser's layer
        assert screen.order_line() is None and "backwards" not in str(match.state)
        from games.jenga import data
        assert data.mario_spinner()["sections"][10] == {"stack": 2, "coins": False, "climb": 0, "reverse": True}
        match.state.apply_action("spin 10")  # the chance outcome: stack 2, climb 0, reverse
        assert match.state.direction == -1 and match.state.turn_owner() == 2
        assert run(screen, surface, lambda: not screen.animating(), spin=False)
        screen.draw(surface)
        assert screen.order_line() == "Turns go backwards now: Cid, Bob, Ann"
        assert len(screen.piece_rects) == 4  # the three seats' lines and the order under them
        assert "turns go backwards now: Cid, Bob, Ann" in str(match.state).splitlines()
    finally:
        screen.close()
