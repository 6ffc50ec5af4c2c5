"""The terminal game's leaving, saving and undo, played through games.terminal.play with typed lines."""

from __future__ import annotations

import io
import os

import pytest

from games import registry
from games.core import CHANCE, Seat
from games.match import Match
from games.terminal import play


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def typing(*lines):
    """A read() that answers with these lines, then ends the input."""
    queue = list(lines)

    def read(prompt):
        if not queue:
            raise EOFError
        return queue.pop(0)
    return read


def dk(seed=1):
    spec = registry.get("donkey_kong")
    return Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), seed)


def test_quit_with_moves_not_saved_asks_first():
    """'quit' ended a game with moves in it at once, with no warning and nothing saved."""
    out = io.StringIO()
    play(dk(), typing("1", "quit", "quit"), out)
    said = out.getvalue()
    assert "Your moves since the last save are not saved: type 'save FILE'" in said
    # the second 'quit' leaves, and says what became of the copy kept as the game went (a terminal audit: it
    # vanished without a word)
    assert said.rstrip().endswith("Left without saving, as asked: the copy kept as the game went is removed.")


def test_quit_after_a_save_or_before_any_move_leaves_at_once(tmp_path):
    out = io.StringIO()
    play(dk(), typing("quit"), out)
    assert "not saved" not in out.getvalue()
    out = io.StringIO()
    play(dk(), typing("1", f"save {tmp_path / 'g.json'}", "quit"), out)
    assert "not saved" not in out.getvalue() and (tmp_path / "g.json").exists()


def test_the_end_of_input_keeps_a_game_with_moves(home):
    """The end of the input ('Input closed; leaving the game.') lost the moves made."""
    out = io.StringIO()
    match = dk()
    play(match, typing("1"), out)
    kept = list((home / "saves").glob("donkey_kong-*.json"))
    assert len(kept) == 1 and f"your game is kept as {kept[0]}" in out.getvalue()
    assert Match.load(kept[0]).history == match.history


def test_a_save_to_a_missing_folder_says_so_in_one_line():
    """'save /nonexistent/dir/x.json' printed a raw "[Errno 2] No such file or directory: ..."."""
    out = io.StringIO()
    play(dk(), typing("save /nonexistent/dir/x.json", "quit"), out)
    said = out.getvalue()
    assert "Cannot save to /nonexistent/dir/x.json: the folder /nonexistent/dir does not exist." in said
    assert "Errno" not in said


def test_undo_at_the_start_of_monkey_dash_speaks_of_no_dice():
    """Monkey Dash has no dice, yet undo at the start said "decisions before the last dice roll or draw
    are final"."""
    spec = registry.get("monkey_dash")
    out = io.StringIO()
    play(Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), 0), typing("undo", "quit"), out)
    said = out.getvalue()
    assert "Nothing to undo yet: no move has been made." in said and "dice" not in said.split("undo")[-1]


def test_ctrl_c_keeps_a_game_with_moves_and_still_stops(home):
    """An audit (5 Dec, sixth session): Ctrl-C in the text game printed "python -m games: interrupted" and
    the moves were lost, though the module promises a game is never lost by leaving. Ctrl-C now keeps the
    game as the end of the input does, then stops the command all the same."""
    lines = ["1"]

    def read(prompt):
        if lines:
            return lines.pop(0)
        raise KeyboardInterrupt
    out = io.StringIO()
    match = dk()
    with pytest.raises(KeyboardInterrupt):
        play(match, read, out)
    kept = list((home / "saves").glob("donkey_kong-*.json"))
    assert len(kept) == 1 and f"Interrupted; your game is kept as {kept[0]}" in out.getvalue()
    assert Match.load(kept[0]).history == match.history


def test_ctrl_c_with_nothing_played_keeps_nothing(home):
    def read(prompt):
        raise KeyboardInterrupt
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play(dk(), read, out)
    assert not (home / "saves").exists() or not list((home / "saves").iterdir())
    assert "kept" not in out.getvalue()


@pytest.mark.physics
def test_a_game_that_ends_on_a_persons_move_is_kept(home):
    """An audit: the push that toppled the tower ended the program, and the 'save FILE' typed after it was
    never read; the finished game was lost. It is kept among the saved matches, as the window keeps one."""
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "careful_easy")]), 11)
    out = io.StringIO()
    play(match, typing("push 5:1", "save never-read.json"), out)
    assert match.is_over() and match.state.toppler == 0  # Ann's push toppled it
    kept = list((home / "saves").glob("jenga_classic-*.json"))
    said = out.getvalue()
    assert len(kept) == 1 and f"Your finished game is kept as {kept[0]}" in said
    assert said.index("Game over.") < said.index("Your finished game is kept")
    assert Match.load(kept[0]).history == match.history


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="a system with /proc")
def test_a_save_where_no_file_can_be_made_names_that_not_a_missing_folder():
    """`save /proc/x` said "the folder /proc does not exist", though it does (an audit)."""
    out = io.StringIO()
    play(dk(), typing("1", "save /proc/x", "quit", "quit"), out)
    assert "Cannot save to /proc/x: files cannot be created in the folder /proc." in out.getvalue()


def test_a_full_disk_reads_the_same_in_the_terminal_and_the_window(tmp_path, monkeypatch):
    """One wording (games.words.write_fault) for a failed save wherever it is said."""
    import errno

    def full(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))

    monkeypatch.setattr(os, "replace", full)
    out = io.StringIO()
    where = tmp_path / "g.json"
    play(dk(), typing("1", f"save {where}", "quit", "quit"), out)
    assert f"Cannot save to {where}: the disk is full (free some space)." in out.getvalue()
    assert "Errno" not in out.getvalue()


@pytest.mark.physics
def test_the_terminals_result_says_who_toppled_the_tower_and_why_the_winner_won():
    """A Jenga audit: the terminal ended on "Game over. Scores: ... Winner: ..." alone, where the window
    says who toppled the tower and why the winner won. Classic rules: "The last player to stack a block
    without making the tower fall wins"; both now say it in the same words (games.outcome)."""
    from games.terminal import watch

    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann", "random"), Seat("Bob", "random"), Seat("Cy", "random")]), 5)
    out = io.StringIO()
    watch(match, out, every=1000)
    last = out.getvalue().rstrip().split("\n")[-1]
    state = match.state
    names = ["Ann", "Bob", "Cy"]
    assert state.toppler is not None and last.startswith(f"{names[state.toppler]} toppled the tower")
    if state.last_stacker is not None and state.last_stacker != state.toppler:
        assert f"{names[state.last_stacker]} stacked the last block before the fall and wins." in last
        assert state.winners() == [state.last_stacker]


def test_the_terminals_result_names_the_rescuer_and_a_drawn_dash():
    """Donkey Kong: the rescue's bonus is why a score is more than its cards ("Whoever reaches the Finish
    space first ... is awarded a 500 point bonus"); Monkey Dash: the table's turn limit (the help's
    decision; the rules have none) that drew the game is said, not only "Winner: nobody"."""
    from games.terminal import watch

    match = Match(registry.get("donkey_kong").make_config([Seat("Ann", "random"), Seat("Bob", "random")]), 5)
    out = io.StringIO()
    watch(match, out, every=100000)
    last = out.getvalue().rstrip().split("\n")[-1]
    finisher = match.state.finisher
    assert finisher >= 0 and last.startswith(f"{['Ann', 'Bob'][finisher]} rescued the Fair Maiden: 500 bonus points "
                                             "on top of the cards played")
    if finisher not in match.state.winners():  # and who won all the same (its own test, below)
        assert "won all the same, with more points" in last
    match = Match(registry.get("monkey_dash").make_config([Seat("Ann", "random"), Seat("Bob", "random")]), 5)
    out = io.StringIO()
    watch(match, out, every=100000)
    said = out.getvalue().rstrip().split("\n")
    assert said[-2].endswith("Winner: nobody.") and said[-1].startswith("No monkey reached its Loading Bay")


def test_an_output_that_breaks_after_the_input_closed_keeps_the_game_once(home):
    """A regression audit: the output went away just as "Input closed; your game is kept as ..." was written;
    the game had been kept, and was kept a second time by the lost output's own keeping (two files, the
    message naming only the second)."""

    class Breaks(io.StringIO):
        def write(self, text):
            if "Input closed" in text:
                raise BrokenPipeError("the reader went away")
            return super().write(text)

    with pytest.raises(BrokenPipeError):
        play(dk(), typing("1"), Breaks())
    assert len(list((home / "saves").glob("donkey_kong-*.json"))) == 1


@pytest.mark.physics
def test_a_super_mario_game_opened_after_the_fall_says_what_the_toppler_paid():
    """A save audit: the window that watched the fall said "Bob toppled the tower and paid 10 coins", the same
    game loaded said "paid 10 coins (or all they had)". The position before the fall is kept in a match with
    a person in it: what was paid is read from it, in the window and the terminal alike."""
    from games.outcome import result_reason
    from games.words import counted
    from tests.conftest import played_out

    spec = registry.get("jenga_mario")
    config = spec.make_config([Seat("Ann"), Seat("Bot", "random")])
    match = played_out(Match(config, 4), 4)
    state = match.state
    assert state.ended == "fall"
    again = Match(config, 4)  # the position before the fall, played again without the last step
    for step in match.history[:-1]:
        again.play(step.action) if step.by >= 0 else again.step()
    paid = again.state.coins()[state.toppler] - state.coins()[state.toppler]
    words = result_reason(match)
    assert f"toppled the tower and paid {counted(paid, 'coin')}" in words and "(or all they had)" not in words, words


@pytest.mark.physics
def test_a_super_mario_game_of_bots_opened_after_the_fall_says_what_the_toppler_paid(tmp_path):
    """A rules audit loaded a finished game of four bots: "careful_easy 4 toppled the tower and paid 10 coins (or
    all they had)", where that bot held 7 and paid 7 ("must return 10 coins to the pile"). A match of bots keeps
    no position before its last step; loaded, it keeps each step's coins (Match.replayed_coins), and what was
    paid is read from them."""
    import numpy as np

    from games.outcome import result_reason
    from games.words import counted

    spec = registry.get("jenga_mario")
    config = spec.make_config([Seat("Bot 1", "random"), Seat("Bot 2", "random")])
    match = Match(config, 4)
    coins = [match.state.coins()]
    while not match.is_over():
        match.step()
        coins.append(match.state.coins())
    state = match.state
    assert state.ended == "fall" and match.previous_state() is None
    paid = coins[-2][state.toppler] - coins[-1][state.toppler]
    # played here, the bots' match tells too: it keeps each seat's coins before its last step (a regression audit:
    # the terminal said "(or all they had)")
    assert f"toppled the tower and paid {counted(paid, 'coin')}" in result_reason(match)
    path = tmp_path / "bots.json"
    match.save(path)
    loaded = Match.load(path)
    words = result_reason(loaded)
    assert f"toppled the tower and paid {counted(paid, 'coin')}" in words and "(or all they had)" not in words, words


def test_the_game_is_kept_as_it_goes_so_a_hard_kill_loses_no_move(home):
    """A reliability audit: the terminal wrote nothing until it was left, and kill -9 (which leaves no time
    for that) lost every move. After each decision the game is on disk among the saved matches; leaving keeps
    it in that same file."""
    match = dk()
    seen = []

    def read(prompt):
        files = sorted((home / "saves").glob("donkey_kong-*.json")) if (home / "saves").exists() else []
        seen.append([Match.load(f).history for f in files])
        if len(seen) == 1:
            return "1"
        if len(seen) == 2:
            assert seen[1] == [match.history]  # what a kill now would leave: the game as it stands
            return "2"
        raise EOFError
    out = io.StringIO()
    play(match, read, out)
    assert seen[0] == []  # nothing decided yet: nothing written
    assert seen[2] == [match.history]
    kept = list((home / "saves").glob("donkey_kong-*.json"))
    assert len(kept) == 1 and f"your game is kept as {kept[0]}" in out.getvalue()


def test_leaving_without_keeping_or_saving_elsewhere_leaves_no_copy_among_the_saved_matches(home, tmp_path):
    out = io.StringIO()
    play(dk(), typing("1", "quit", "quit"), out)  # "or 'quit' again to leave without it"
    assert not list((home / "saves").glob("*.json"))
    out = io.StringIO()
    play(dk(), typing("1", f"save {tmp_path / 'mine.json'}", "quit"), out)
    assert (tmp_path / "mine.json").exists() and not list((home / "saves").glob("*.json"))


def md(seed=5):
    spec = registry.get("monkey_dash")
    return Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), seed)


def test_a_move_made_in_place_of_one_undone_after_a_save_is_kept(home, tmp_path):
    """A regression audit: after 'save FILE', 'undo' and another move, leaving neither kept the new move nor
    warned (the unsaved moves were counted from the save's length)."""
    out = io.StringIO()
    match = md()
    play(match, typing("1", f"save {tmp_path / 'own.json'}", "undo", "2"), out)
    kept = list((home / "saves").glob("monkey_dash-*.json"))
    assert len(kept) == 1 and f"your game is kept as {kept[0]}" in out.getvalue()
    assert Match.load(kept[0]).history == match.history != Match.load(tmp_path / "own.json").history


def test_moves_undone_leave_no_copy_among_the_saved_matches(home):
    """A regression audit: '1' then 'undo' and the end of the input left a saved match holding the undone move."""
    out = io.StringIO()
    play(md(), typing("1", "undo"), out)
    assert "leaving the game" in out.getvalue()
    assert not list((home / "saves").glob("*.json"))


def test_a_heave_that_wins_for_the_other_player_is_said_and_played_when_typed_again(home):
    """Rules: "To win the game, you must be the first to get your Monkey, on a Banana Crate, into your Loading
    Bay"; a Heave of the other monkey into its own bay wins for the other player (the help's decision). The
    window asks twice; the terminal played it at once, unmarked in its list (a regression audit)."""
    from tests.monkey_dash.test_rules import position

    match = md()
    position("standard", crates=["b2", "c3", "d4", "e5", "d2", "g1"], monkeys=["b2", "d2"], sups=["c1", "e1"],
             state=match.state)
    out = io.StringIO()
    play(match, typing("help", "heave d2 d1", "heave d2 d1"), out)
    said = out.getvalue()
    listed = next(line for line in said.splitlines() if "heave d2 d1" in line)
    assert "(⚠ this Heave carries Bot's monkey, on its crate, into Bot's own Loading Bay, and Bot wins the game)" \
        in listed
    assert "This Heave carries Bot's monkey, on its crate, into Bot's own Loading Bay, and Bot wins the game: " \
           "type it again to play it anyway." in said
    assert match.is_over() and match.state.winner == 1


@pytest.mark.physics
def test_a_typed_touch_says_whether_the_block_gives():
    """A terminal audit: 'touch 5:1' printed only "Player 1 touches 5:1: 1.65 N", though the rules say a touch
    reports the force and how far the rest of the tower moved, and nothing told a person whether 1.65 N was
    loose or tight (a loose block reads about 0.04 N). Each touch says both figures and what they mean."""
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "careful")]), 5)
    out = io.StringIO()
    play(match, typing("touch 5:1", "touch 16:1", "quit", "quit"), out)
    said = [line for line in out.getvalue().splitlines() if "The touch: " in line]
    assert len(said) == 2, said
    assert "it is held" in said[0] and "the rest of the tower moved" in said[0]
    assert "it gives, a loose block" in said[1]


@pytest.mark.physics
def test_a_typed_push_let_go_before_half_out_is_said_as_a_push_not_a_gentle_touch():
    """A regression audit typed seed 3's push of 8:0 from +x, the finger 32 mm in at 5 cm/s, and let go: the
    terminal said "The touch: 1.14 N, the rest of the tower moved 5.3 mm: it did not give under the gentle touch:
    it is held", where the window says it was pushed 32 mm and where the block sits. The terminal says the same."""
    from games.jenga.push import OUT_OF_LINE_MM

    spec = registry.get("jenga_classic")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bob")]), 3)
    path = ",".join(f"{int(i * 1000 / 60)}/{min(320, int(500 * i / 60))}/0" for i in range(44))
    out = io.StringIO()
    play(match, typing("push 8:0 +x path=" + path, "quit", "quit"), out)
    said = [line for line in out.getvalue().splitlines() if "The push: " in line or "The touch: " in line]
    assert len(said) == 1 and said[0].startswith("The push: the finger 32 mm in, let go before half"), said
    assert "gentle touch" not in said[0] and "under way" in said[0]
    off = match.state.out_of_line_mm(8, 0)
    assert off >= OUT_OF_LINE_MM and f"it stays {off:.0f} mm out of line with its level" in said[0], (off, said)
    assert "last: push let go before half out, max move" in out.getvalue()     # the board under it says so too


def test_the_result_says_why_the_winner_won_when_the_rescuer_did_not():
    """"Whoever reaches the Finish space first ... is awarded a 500 point bonus", and the most points win. A
    terminal audit: "Winner: Random bot 1." was followed by "Random bot 2 rescued the Fair Maiden: 500 bonus
    points on top of the cards played.", which explains the loser's score and not the winner's. When the
    rescuer did not win, the sentence says who won all the same, with the points."""
    from games.outcome import result_reason
    from games.terminal import watch

    match = Match(registry.get("donkey_kong").make_config([Seat("Ann", "random"), Seat("Bob", "random")]),
                  9223372036854775807)
    watch(match, io.StringIO(), every=100000)
    state = match.state
    finisher, (winner,) = state.finisher, state.winners()
    assert finisher >= 0 and finisher != winner  # the case the audit met
    names = ["Ann", "Bob"]
    scores = state.scores()
    assert result_reason(match) == (f"{names[finisher]} rescued the Fair Maiden: 500 bonus points on top of the cards "
                                    f"played; {names[winner]} won all the same, with more points ({scores[winner]:g} "
                                    f"against {scores[finisher]:g}).")


@pytest.mark.physics
def test_a_bots_spin_is_said_in_the_terminal():
    """A terminal audit (Donkey Kong Jenga, seed 2): the bot's turn printed two climbs and two pulls and no
    spin, the board's few log lines having let it scroll away, so nobody could tell why it took two blocks.
    Every spin is said as it comes, before the steps it orders."""
    spec = registry.get("jenga_dk")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "careful")]), 2)
    out = io.StringIO()
    play(match, typing("mario 0:1+x", "1", "quit", "quit"), out)
    lines = out.getvalue().splitlines()
    spins = [k for k, line in enumerate(lines) if "Chance: the spinner stops on section " in line]
    bot = [k for k, line in enumerate(lines) if line.startswith("Bot: climb")]
    assert len(spins) >= 2 and bot, lines
    assert any(s < bot[0] for s in spins[1:]) and "take out 2 girders, climb 2" in lines[spins[1]]


def test_save_to_a_path_under_the_home_folder(tmp_path, monkeypatch):
    """A terminal audit: 'save ~/dk_tilde.json' said "the folder /tmp/.../~ does not exist": '~' is the home
    folder, as a shell reads it."""
    monkeypatch.setenv("HOME", str(tmp_path))
    out = io.StringIO()
    play(dk(), typing("1", "save ~/kept.json", "quit"), out)
    assert (tmp_path / "kept.json").is_file() and "saved to" in out.getvalue()
    assert Match.load(tmp_path / "kept.json").history


@pytest.mark.physics
def test_the_jenga_help_says_the_short_form_before_its_long_list():
    """A terminal audit: 'help' listed 306 numbered pushes and touches, the short form ('push 5:1', 'touch
    5:1') only at the very end, after the list had scrolled everything else away. The short form comes
    first."""
    match = Match(registry.get("jenga_classic").make_config([Seat("Ann"), Seat("Bot", "careful")]), 5)
    out = io.StringIO()
    play(match, typing("help", "quit"), out)
    lines = out.getvalue().splitlines()
    hint = next(k for k, line in enumerate(lines) if "a push or a touch short: 'push " in line)
    first = next(k for k, line in enumerate(lines) if line.startswith("  1. "))
    assert hint < first and lines[hint].rstrip().endswith("below.")


@pytest.mark.physics
@pytest.mark.parametrize("way", ["watch", "play"])
def test_a_steal_or_a_move_down_is_worded_in_the_position_it_was_chosen_in(way):
    """A regression audit (Super Mario Jenga, three careful_easy bots, seed 2, --terminal): the bots' steals and
    moves down printed "target 2 (Careful easy bot 2)", and Luigi's star "steal 1 coin from ..." twice, then
    "target 1 (...)": each step was worded in the position after it, where the item's effect had moved on. Rules:
    "Star: Steal 3 coins from any combo of players"; "Mushroom: Move a player down 3"."""
    from games.terminal import watch

    spec = registry.get("jenga_mario")
    match = Match(spec.make_config([Seat(f"B{i}", "careful_easy") for i in range(3)]), 2)
    out = io.StringIO()
    if way == "watch":
        watch(match, out=out)
    else:
        play(match, read=typing(), out=out)
    said = [line for line in out.getvalue().splitlines() if line.startswith("B") and ": " in line]
    chosen = [line for line in said if "steal " in line.split(": ", 1)[1][:8] or "peg down" in line
              or ": target " in line]
    assert len(chosen) >= 5, said
    assert not any(": target " in line for line in chosen), chosen


@pytest.mark.physics
@pytest.mark.parametrize("way", ["watch", "play"])
def test_a_peg_put_back_is_named_as_the_seat_whose_peg_it_is(way):
    """A regression audit (Super Mario Jenga, three random bots, seed 3, --terminal): a push knocked out two pegs,
    and the terminal printed "put Random bot 3's peg in ..." for Random bot 2's, then "put the peg in ..." for
    Random bot 3's; the pegs moved down by a mushroom read "put the peg" too. Rule: "You may knock an opponent's character
    peg out of a hole while you're removing and stacking a different block. If you do, move their peg down a layer
    to any vacant hole and steal 1 coin from them!" Each step is worded in the position it was chosen in, as the window's log words it."""
    from games.terminal import watch

    spec = registry.get("jenga_mario")
    match = Match(spec.make_config([Seat(f"R{i}", "random") for i in range(3)]), 3)
    out = io.StringIO()
    if way == "watch":
        watch(match, out=out)
    else:
        play(match, read=typing(), out=out)
    put = [line.split(": ", 1)[1] for line in out.getvalue().splitlines()
           if line.startswith("R") and ": put " in line]
    # the drops after the set-up, each with the seat whose peg was moving before it, from the game's own record
    replay = Match(spec.make_config([Seat(f"R{i}", "random") for i in range(3)]), 3)
    moving = []
    for step in match.history:
        if step.action.startswith("drop ") and replay.state.moving:
            moving.append(replay.state.seat_name(replay.state.moving[0][0]))
        if replay.current_player == CHANCE:
            assert replay.roll() == step.action
        else:
            replay.play(step.action)
    assert len(moving) >= 3, moving
    named = [w.split("'s peg", 1)[0].removeprefix("put ") for w in put if "'s peg" in w]
    assert named[-len(moving):] == moving, (put, moving)


def test_a_game_of_bots_in_the_terminal_says_each_roll_of_the_dice():
    """A bots audit (Donkey Kong, strong and greedy, seed 7, --terminal): the moves and cards were printed and the
    dice never, so nobody could tell why a bot went back or moved one space. Rule: "On your turn, roll both dice. Then
    ... Move your "Mario" pawn the number of spaces indicated by the white die." Each roll is said, with whose it is."""
    spec = registry.get("donkey_kong")
    match = Match(spec.make_config([Seat("S", "strong"), Seat("G", "greedy")]), 7)
    out = io.StringIO()
    play(match, read=typing(), out=out)
    rolls = [line for line in out.getvalue().splitlines() if line.startswith("Chance: ") and "'s dice: Mario " in line]
    turns = sum(1 for step in match.history if step.by == CHANCE and step.action.startswith("roll ")
                and " " in step.action[5:])
    assert rolls and len(rolls) == turns, (len(rolls), turns)
    assert all(line.split("Chance: ", 1)[1].split("'s dice")[0] in ("S", "G") for line in rolls)
