"""A stumble of a person playing Monkey Dash in the window, checked through the app's own events with SDL's
dummy video driver, on the real engine.

The numbered Choices: the list came in the engine's order, in which a step's number moved with every step
before it that came or went, so a number key typed again played another kind of step; and the selection went
back to the first row after every step, so Enter did too. Now the list has a fixed order at the start of a
turn, and through the turn every row keeps its place (and the selection): a step not possible now stays as a
row that plays nothing.
"""

from __future__ import annotations

import pygame

from .test_board_audit4_md import arranged, open_app
from .test_stumbles import home, key  # noqa: F401 (home: the autouse scratch folder for saves)

RED = 0

# Red's supervisor on d4, the crate north of it (d5) and one north-east (e5): the supervisor cannot step north.
CRATES = ("b2", "c2", "f3", "d5", "e5", "f6")


def number(app, n):
    app.handle(key(pygame.K_0 + n))
    app.screen.finish_animations()


def test_a_number_key_typed_again_plays_the_same_kind_of_step_or_nothing():
    """2 is 'supervisor south'. Once it has stepped south to d3 the square north of it is free: the engine
    lists 'sup N' first, and 2 became 'supervisor east' (the old list). Now 2 steps south again; the step
    north that has become possible is added at the end of the list, so no row moves. And once south is not
    possible (d1 holds the blue supervisor), its row stays where it was and plays nothing: a later list
    filled the freed row with the way back, and 1 typed three times stepped east, east and west (an audit)."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        assert screen.legal[:3] == ["sup E", "sup S", "sup W"]
        first = len(screen.legal)
        number(app, 2)
        assert match.history[-1].action == "sup S"
        assert match.state.legal_actions()[:2] == ["sup N", "sup E"]  # the engine's own order is unchanged
        assert screen.legal[:3] == ["sup E", "sup S", "sup W"] and screen.legal.index("sup N") >= first
        assert screen.actions.items[1] == "supervisor south to d2 (1 AP)"
        number(app, 2)
        assert [s.action for s in match.history] == ["sup S", "sup S"]
        assert match.state.supervisor_squares()[RED] == "d2"
        # it says why, in the engine's words (it said only "not possible now": an audit)
        assert screen.actions.items[1] == "(supervisor south: d1 is blue's Loading Bay; a supervisor enters only its own)" and 1 in screen.faint_rows()
        assert screen.legal[0] == "sup E" and screen.legal.index("sup N") >= first  # the rest kept their numbers
        number(app, 2)  # plays nothing, and says so
        assert len(match.history) == 2 and screen.message.startswith("Nothing played: supervisor south")
        assert screen.choice_count() == len(match.state.legal_actions())
    finally:
        app.close()


def test_enter_again_plays_the_same_kind_of_step_the_selection_stays_on_it():
    """The row chosen with the arrow keys, 'supervisor south', was selected no more after the step (its words
    name another square, so the list went back to its first row) and the next Enter stepped north."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        app.handle(key(pygame.K_DOWN))
        assert screen.legal[screen.actions.selected] == "sup S"
        for _ in range(3):
            app.handle(key(pygame.K_RETURN))
            screen.finish_animations()
            app.tick(0.02)
            app.draw()
        # the third Enter: d1 holds the blue supervisor, south is not possible, its row stays chosen and
        # plays nothing (the line under the list says so)
        assert [s.action for s in match.history] == ["sup S", "sup S"]
        assert "sup S" not in screen.legal and screen.actions.selected == 1
        assert " ".join(screen.status_lines) == "Nothing played: supervisor south: d1 is blue's Loading Bay; a supervisor enters only its own."
        screen.message_time = 0  # once the message is gone, the line says what the chosen row does
        app.draw()
        assert "that row plays nothing now" in " ".join(screen.status_lines)
    finally:
        app.close()


def test_undo_back_to_the_start_of_a_turn_gives_its_first_list_again():
    """After an undo back to the turn's start the list kept the rows of the steps taken back (an audit)."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        first = list(screen.legal)
        number(app, 2)
        number(app, 2)
        assert screen.legal != first
        for _ in range(2):
            app.handle(key(pygame.K_z, pygame.KMOD_CTRL))
            app.tick(0.02)
        assert not match.history and screen.legal == first
    finally:
        app.close()


def test_a_turn_starts_with_the_choices_grouped_by_piece_clockwise_from_north():
    """The first list of a turn: the supervisor's steps (north, then clockwise), then each crate beside it
    from the north clockwise, each with its turn clockwise, anticlockwise, then its push; then the monkey's
    moves; cards last. The engine lists every turn of a crate before any push."""
    match = arranged(crates=CRATES, sups=("d4", "d1"), hands=(("night_shift",), ()))
    app, screen = open_app(match)
    try:
        assert screen.legal[:6] == ["sup E", "sup S", "sup W", "rotate d5 c5", "push d5 d6", "rotate e5 e4"]
        engine = match.state.legal_actions()
        assert engine.index("push d5 d6") > engine.index("rotate e5 e4")  # (the engine's order)
        assert sorted(screen.legal) == sorted(engine) and screen.legal[-1] == "play night_shift"
        kinds = {m["action"]: m["kind"] for m in match.state.moves()}
        rank = {"sup": 0, "rotate": 1, "push": 1, "heave": 1, "monkey": 2, "buy": 3, "play": 4}
        groups = [rank[kinds[a]] for a in screen.legal]
        assert groups == sorted(groups)
    finally:
        app.close()


def test_at_no_ap_left_end_the_turn_is_chosen_and_the_numbers_play_no_card():
    """At 0 AP 'end the turn' is the row chosen, so Enter never gives a card away; and the rows keep their
    numbers: the step's number typed again said nothing and played the card that had moved into it (an
    audit: Tailwind, wasted with the monkey still in its nest)."""
    match = arranged(crates=CRATES, sups=("d4", "d1"), hands=(("night_shift",), ()))
    app, screen = open_app(match)
    try:
        for action in ("sup S", "sup S", "sup N", "sup N"):
            screen.play(action)
            screen.finish_animations()
            app.tick(0.02)
        assert match.state.ap == 0 and screen.choice_count() == 2
        assert screen.legal[screen.actions.selected] == "end turn"
        assert "play night_shift" in screen.legal and screen.legal.index("play night_shift") > 2
        number(app, 2)  # a step's row: nothing is played
        assert match.history[-1].action == "sup N" and "this turn has only 0 AP left" in screen.message
        app.handle(key(pygame.K_RETURN))
        assert match.history[-1].action == "end turn" and match.state.hands[RED] == ["night_shift"]
    finally:
        app.close()


def test_an_interrupt_is_declined_first_so_a_quick_second_enter_spends_no_card():
    """The Interrupt prompt listed the cards before 'decline to interrupt': Enter pressed twice after ending a
    turn at a hot seat played the opponent's Interrupt card. Declining now comes first. And since a later
    family's audit saw a stray Enter decline a card that would have stopped the winning move, no row is
    chosen: Enter asks for one, and the row's number (or Up/Down, Enter) answers."""
    from games import registry
    from games.core import Seat
    from games.match import Match

    spec = registry.get("monkey_dash")
    bots = Match(spec.make_config([Seat("A", "greedy"), Seat("B", "greedy")], "standard"), 0)
    while not ("no interrupt" in (bots.state.legal_actions() if bots.current_player >= 0 else [])):
        bots.step()
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob")], "standard"), 0)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history])
    app, screen = open_app(match)
    try:
        assert match.state.phase == "interrupt" and len(screen.legal) > 1
        assert screen.legal[0] == "no interrupt" and screen.actions.selected == -1
        n = len(match.history)
        app.handle(key(pygame.K_RETURN))
        assert len(match.history) == n and screen.message.startswith("Choose a row of Choices first")
        app.handle(key(pygame.K_1, unicode="1"))
        assert match.history[-1].action == "no interrupt"
    finally:
        app.close()


def test_a_click_on_a_piece_chooses_its_first_row_so_enter_plays_one_of_its_steps():
    """A click on a crate marked its steps in the list while the row chosen stayed on 'supervisor east', and
    Enter played that (an audit)."""
    from .test_board_stumbles import click

    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        app.draw()
        assert screen.legal[screen.actions.selected] == "sup E"
        click(app, tuple(int(v) for v in screen.centre("d5")))
        chosen = screen.legal[screen.actions.selected]
        assert chosen == "rotate d5 c5", chosen
        app.handle(key(pygame.K_RETURN))
        screen.finish_animations()
        assert match.history[-1].action == "rotate d5 c5"
    finally:
        app.close()


def test_a_number_pressed_twice_in_the_interrupt_prompt_plays_one_card():
    """Playing one Interrupt card moved the next card into its number, so a double press played two (an
    audit). The played card's row stays, and plays nothing."""
    from games import registry
    from games.core import Seat
    from games.match import Match

    spec = registry.get("monkey_dash")
    bots = Match(spec.make_config([Seat("A", "greedy"), Seat("B", "greedy")], "standard"), 0)
    while not (bots.current_player >= 0 and bots.state.phase == "interrupt"
               and sum(a.startswith("play ") for a in bots.state.legal_actions()) >= 2):
        bots.step()
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob")], "standard"), 0)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history])
    app, screen = open_app(match)
    try:
        assert screen.legal[0] == "no interrupt" and screen.legal[1].startswith("play ")
        first = screen.legal[1]
        number(app, 2)
        number(app, 2)
        played = [s.action for s in match.history[len(bots.history):]]
        assert played == [first], played
        assert screen.message.startswith("Nothing played: play ")
    finally:
        app.close()


def test_through_whole_games_the_list_offers_every_legal_step_once_and_rows_keep_their_places():
    """Three games of two people played at the window by its own list (the first row that plays something),
    every variant: after every step the rows that play something are exactly the engine's legal actions,
    each once, and within a turn no row that was shown before moves."""
    from games import registry
    from games.core import Seat
    from games.match import Match

    spec = registry.get("monkey_dash")
    for variant, seed in (("standard", 3), ("bananas", 11), ("pure", 5)):
        match = Match(spec.make_config([Seat("Ann"), Seat("Bob")], variant), seed)
        app, screen = open_app(match)
        try:
            rows_then, decision_then = None, None
            for _ in range(160):
                if match.is_over():
                    break
                if not match.waiting_for_human():
                    match.step()
                    screen._refresh_actions(force=True)
                    continue
                app.draw()
                live = [a for i, a in enumerate(screen.legal) if i not in screen.faint_rows()]
                assert sorted(live) == sorted(match.state.legal_actions()), (variant, seed, len(match.history))
                decision = screen._turn_rows[0]
                if decision == decision_then and rows_then is not None:
                    # no row shown before has moved, but for 'end the turn' taking the first row at 0 AP
                    now = [r for r in screen._row_steps if r != (11, "end turn")]
                    then = [r for r in rows_then if r != (11, "end turn")]
                    if screen._row_steps and screen._row_steps[0] == (11, "end turn") != rows_then[0]:
                        then = then[1:]
                    assert now[:len(then)] == then, (variant, seed, len(match.history))
                rows_then, decision_then = list(screen._row_steps), decision
                screen.play(live[min(len(live) - 1, len(match.history) % 3)])
                screen.finish_animations()
        finally:
            app.close()


def test_a_row_that_plays_nothing_takes_one_line_and_a_scroll_changes_no_number():
    """An audit: rows kept for steps not possible now wrapped onto two or three lines each and pushed the
    steps that play something out of view, and the digits counted from the rows in view, so End changed
    every number ('3. supervisor west' became '2.', and 3 then played nothing). A row that plays nothing now
    takes one line; every row keeps its number through a scroll, and a digit plays the row of that number."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        number(app, 2)  # south to d3
        number(app, 2)  # south to d2: south is not possible now (d1), its row stays and plays nothing
        app.draw()
        rows = screen.actions
        gone = 1
        assert gone in screen.faint_rows() and gone in rows.compact
        assert len(rows.lines_of(gone)) == 1 and rows.height_of(gone) == rows.one_h
        assert rows.absolute_numbers
        # a short list view: the list scrolls, and the numbers stay those of the rows' places in the list
        j = next(i for i in range(2, 9) if i not in screen.faint_rows())  # a row that plays a step
        rows.rect.h = rows.one_h * 3
        rows._scroll(j)
        assert rows.top == j
        assert rows.row_lines(j, 0, True)[0].startswith(f"{j + 1}. ")  # drawn first, still numbered j + 1
        want = screen.legal[j]
        steps = len(match.history)
        number(app, j + 1)
        assert len(match.history) == steps + 1 and match.history[-1].action == want
    finally:
        app.close()


def test_the_prompt_offers_a_card_only_when_one_may_be_played():
    """'3 action points left: click your supervisor, a crate beside it, your monkey, or a card' with no card
    in hand (and in Pure Strategy, which has none): the card is offered only when one may be played."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        assert not any(a.startswith("play ") for a in match.state.legal_actions())
        assert screen.decision_text().endswith(": click your supervisor, a crate beside it, or your monkey (or pick a row of Choices).")
        assert "card" not in screen.short_decision_text()
    finally:
        app.close()
    match = arranged(crates=CRATES, sups=("d4", "d1"), hands=(("tailwind",), ()))
    app, screen = open_app(match)
    try:
        assert any(a.startswith("play ") for a in match.state.legal_actions())
        assert screen.decision_text().endswith(": click your supervisor, a crate beside it, your monkey, or a card (or pick a row of "
                                                  "Choices).")
    finally:
        app.close()


def test_the_log_says_for_whom_a_card_is_drawn_and_a_cards_row_names_its_title():
    """The deal read "Chance: draws Tea Break ... Chance: draws Overtime" with nobody named (an audit): each
    draw now says for whom, as the hands show. Seed 4: blue starts, and the cards go blue, red, blue, red."""
    from games import registry
    from games.core import Seat
    from games.match import Match

    from .test_board_audit4_md import open_app as opened_md

    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bob", "greedy")]), 4)
    for _ in range(5):
        match.step()
    app, screen = opened_md(match)
    try:
        draws = [label for label in screen.log_labels if label.startswith("Chance: draws ")]
        assert draws == ["Chance: draws Tea Break for Bob", "Chance: draws Nap Time for Ann",
                         "Chance: draws Banana Bribe for Bob", "Chance: draws Overtime for Ann"]
        assert sorted(match.state.hands[0]) == ["nap_time", "overtime"]
        # a row of a card, kept while it plays nothing, names the card by its title ("play overtime" before)
        from render.screens.monkey_dash import CHOICE_GROUPS

        assert screen._row_words((CHOICE_GROUPS["play"], "play overtime")) == "play Overtime"
    finally:
        app.close()


def test_a_step_made_free_by_a_card_says_so():
    """Tailwind makes a monkey move free: its row and its log line showed no cost at all ("monkey a2 to b3",
    an audit), as if moves were free. It reads "(free)"; the supervisor's steps still cost 1 AP."""
    match = arranged(crates=CRATES, sups=("d4", "d1"), hands=(("tailwind",), ()))
    app, screen = open_app(match)
    try:
        assert screen.action_label("monkey a1-b2") == "monkey a1 to b2 (1 AP)"
        screen.play("play tailwind")
        app.tick(0.1)
        assert screen.action_label("monkey a1-b2") == "monkey a1 to b2 (free)"
        assert screen.action_label("sup E").endswith("(1 AP)")
        screen.play("monkey a1-b2")
        app.tick(0.1)
        assert screen.log_labels[-1].endswith("monkey a1 to b2 (free)")
    finally:
        app.close()


def test_a_heave_that_hands_the_other_player_the_win_is_marked_and_asked_twice():
    """Rules: "You can rotate a Crate with either Monkey on it (this is called a Monkey Heave)" and "To win the
    game, you must be the first to get your Monkey, on a Banana Crate, into your Loading Bay": so a Heave of
    the other monkey into its own bay wins for the other player (our help's decision). A rules audit chose such
    a Heave from a row that looked like any other and lost at once. Its row and its target say it, and it is
    played only when chosen a second time."""
    from render.screens.monkey_dash import target_lines

    match = arranged("pure", crates=("b2", "c3", "d4", "e5", "d2", "g1"), monkeys=("b2", "d2"), sups=("c1", "e1"))
    app, screen = open_app(match)
    try:
        heave = next(m for m in match.state.moves() if m["action"] == "heave d2 d1")
        assert heave["loses"] and not heave["wins"]
        assert target_lines(heave, match.state) == ["LOSES!", "4 AP"]
        assert not any(m["loses"] for m in match.state.moves() if m["action"] != "heave d2 d1")
        row = screen.describe("heave d2 d1", match.state)
        assert row == "Monkey Heave: crate d2 to d1, into Bob's Loading Bay with Bob's monkey: Bob wins (4 AP)"
        assert not screen.play("heave d2 d1")
        assert not match.is_over() and "choose it again to play it anyway" in screen.message
        assert screen.message.startswith("This Heave carries Bob's monkey, on its crate, into Bob's own Loading Bay")
        # a regression audit: the second click of a double click played it, the words never seen
        assert not screen.play("heave d2 d1") and not match.is_over()
        screen.update(0.6)
        assert screen.play("heave d2 d1")
        assert match.is_over() and match.state.winner == 1
    finally:
        app.close()


def test_the_choices_title_counts_the_greyed_rows_apart(lines_drawn):
    """A newcomer's audit: "Choices (7)" stood over eight numbered rows, one greyed; the title counts the rows
    that play now and the greyed ones apart, so the numbers on the rows add up."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        number(app, 2)
        number(app, 2)
        faint = len(screen.faint_rows())
        assert faint >= 1
        lines_drawn.clear()
        app.draw()
        title = f"Choices ({screen.choice_count()}; {faint} greyed)"
        assert any(words == title for words, _ in lines_drawn), title
        assert screen.choice_count() + faint == len(screen.actions.items)
    finally:
        app.close()


def test_no_rows_no_row_keys_in_the_status_line():
    """A newcomer's audit: while the first cards were dealt (Donkey Kong, nothing to choose), the status line
    said "arrows and Enter, a click or 1-9: play a row · /: find"; it says Space skips ahead."""
    from games import registry
    from games.core import Seat
    from games.match import Match
    from render.app import App

    match = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bot", "patient")]), 3)
    app = App(match=match)
    try:
        seen = []
        for _ in range(200):
            app.tick(0.05)
            app.draw()
            screen = app.screen
            if not screen.legal and not match.waiting_for_human() and not screen.chance_waits() \
                    and screen.message_time <= 0:
                seen.append(" ".join(screen.status_lines))
            if match.waiting_for_human() and screen.legal:
                break
            if screen.chance_waits():
                app.handle(key(pygame.K_SPACE))  # Ann's roll for who plays first
        assert seen and all("play a row" not in line for line in seen), seen
        assert any("Space: skip ahead to the next decision" in line for line in seen), seen
    finally:
        app.close()


def test_the_draw_piles_buy_words_fit_beside_it_at_every_text_size(home, lines_drawn):  # noqa: F811
    """A window-size audit at the largest text (1280x800): under the Draw pile "click: buy, 4 A" was cut off at the
    panel's edge with no ellipsis. The words beside the pile are the ones that fit there."""
    import json

    from render import text
    from render.app import App

    for size in ("normal", "large", "largest"):
        home.mkdir(parents=True, exist_ok=True)
        (home / "settings.json").write_text(json.dumps({"text_size": size}))
        app = App(match=arranged(crates=CRATES, sups=("d4", "d1")))
        try:
            screen = app.screen
            assert "buy" in screen.legal
            lines_drawn.clear()
            app.draw()
            (words, drawn), = [(w, r) for w, r in lines_drawn if "buy" in w and "AP" in w and len(w) < 20]
            (pile,) = [box for box, action in screen.card_rects if action == "buy"]
            assert drawn.right <= pile.right + 1, (size, words, drawn, pile)
        finally:
            app.close()
            text.use_size("normal")
            pygame.init()


def test_the_game_over_heading_is_never_cut_at_the_largest_text(home, lines_drawn):  # noqa: F811
    """A Monkey Dash audit at the largest text (1280x800, and 1024x640): the Choices panel's heading over the
    final board read "Game over: Deep bot w…". It says the whole result, or the result alone, or "Game over"."""
    import json

    from render import text
    from render.app import App

    from .test_board_audit4_md import finished_match

    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"text_size": "largest"}))
    for size in ((1280, 800), (1024, 640)):
        app = App(match=finished_match(), size=size)
        try:
            screen = app.screen
            for _ in range(80):  # the last moves play, then the result shows; V views the board
                app.tick(0.1)
                if not screen.animating():
                    break
            screen.show_result = False
            lines_drawn.clear()
            app.draw()
            words = screen.result_words()
            heading = [w for w, r in lines_drawn if r.colliderect(screen.rects["choices"]) and
                       (w.startswith("Game over") or w == words)]
            assert heading, (size, words, [w for w, _ in lines_drawn][:12])
            assert heading[0] in (f"Game over: {words}", words, "Game over"), heading
        finally:
            app.close()
            text.use_size("normal")
            pygame.init()


def test_the_last_ten_turns_are_counted_beside_the_action_points(lines_drawn):
    """An audit: a game at its turn limit ended drawn ("No monkey reached its Loading Bay within the game's 120
    turns") with nothing on screen to say the end was near. Project rule (the help): 'after 120 turns without a
    winner the game is a draw'; in the last ten turns the panel of action points counts them."""
    from games.monkey_dash.actions import TURN_LIMIT

    for done, told in ((TURN_LIMIT - 11, None), (TURN_LIMIT - 6, f"Turn {TURN_LIMIT - 5} of {TURN_LIMIT}"),
                       (TURN_LIMIT - 1, f"Turn {TURN_LIMIT} of {TURN_LIMIT}, the last")):
        match = arranged(crates=CRATES, sups=("d4", "d1"))
        match.state.turns_done = done
        app, screen = open_app(match)
        try:
            lines_drawn.clear()
            app.draw()
            drawn = " ".join(w for w, _ in lines_drawn)
            if told is None:
                assert " of 120" not in drawn, drawn
            else:
                assert told in drawn and "drawn" in drawn, (told, drawn)
        finally:
            app.close()
    # at the largest text the line is never cut: the shorter words, whole (a regression audit read "..., the game
    # is" with "drawn." gone)
    from render import text
    from render.app import App

    text.use_size("largest")
    try:
        for done in (TURN_LIMIT - 9, TURN_LIMIT - 1):
            match = arranged(crates=CRATES, sups=("d4", "d1"))
            match.state.turns_done = done
            app = App(match=match)
            try:
                text.use_size("largest")
                lines_drawn.clear()
                app.draw()
                screen = app.screen
                said = [w for w, _ in lines_drawn if w.startswith("Turn ") or "draw" in w]
                whole = screen.last_turns_words(short=True)
                long_ = screen.last_turns_words()
                joined = " ".join(said)
                assert long_ in joined or whole in joined, (said, whole)
            finally:
                app.close()
    finally:
        text.use_size("normal")
        pygame.init()


def test_the_banner_names_the_player_once():
    """A keyboard audit (Super Mario Jenga): the banner read "Player 1: The POW block: Player 1 must choose a
    player (steal 2)". A decision line that names the player already is not given their name in front again;
    one that does not name them is."""
    match = arranged(crates=CRATES, sups=("d4", "d1"))
    app, screen = open_app(match)
    try:
        name = screen.seat_name(match.state.current_player())
        screen.decision_text = lambda: f"The POW block: {name} must choose a player (steal 2)"
        app.draw()
        assert screen.banner_said.startswith("The POW block: "), screen.banner_said
        screen.decision_text = lambda: "must choose a player (steal 2)"
        app.draw()
        assert screen.banner_said.startswith(f"{name}: must choose"), screen.banner_said
    finally:
        app.close()
