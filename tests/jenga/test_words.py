"""The Jenga games' actions read as words in the move list and the log, and typed words map back."""

from games import registry
from games.jenga import physics
from games.match import Match


PHYSICS = ("extract", "probe", "stack", "push")  # the decisions the simulator plays: read, never taken here


def _built(game, seed=2):
    """The game just after its build chance outcome, the tower as built (full layers of three, block
    ids counted from the bottom, as sim numbers them) written by hand. The words read the layout and
    the pieces, never the simulated world, so no PyBullet world is built for them."""
    spec = registry.get(game)
    state = spec.new_state(spec.make_config(players=2))
    levels = physics.tower_spec(state.TOWER).levels
    state.layout = [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(levels)]
    state.after_build(seed)
    return state


def _first_decisions(game, seed=2, steps=12):
    """The words of every action met in the first steps of a game, taking only decisions and chance
    outcomes that leave the tower alone; stops when only a push, touch or stack is left."""
    state = _built(game, seed)
    seen = {}
    for _ in range(steps):
        if state.current_player() < 0:
            outcomes = [a for a, _ in state.chance_outcomes() if a.split()[0] not in PHYSICS]
            if not outcomes:
                break
            outcome = outcomes[seed % len(outcomes)]
            seen.setdefault(outcome.split()[0], (outcome, state.action_to_string(outcome)))
            state.apply_action(outcome)
            continue
        for action in state.legal_actions():
            kind = action.split()[0]
            if kind not in seen:  # the first of each kind, typed back (each reading costs a list's worth)
                text = state.action_to_string(action)
                seen[kind] = (action, text)
                assert state.string_to_action(text) == action
        calm = [a for a in state.legal_actions() if a.split()[0] not in PHYSICS]
        if not calm:
            break
        state.apply_action(calm[0])
    return seen


def test_pushes_stacks_and_chance_read_as_words():
    seen = _first_decisions("jenga_classic")
    action, text = seen["push"]  # the representative pushes are finger paths (issue 13)
    assert text.startswith("push block ") and "the finger going 77 mm in" in text
    state = Match(registry.get("jenga_classic").make_config(players=2), 2).state
    assert state.chance_outcomes()[2][0] == "build 2"
    assert state.action_to_string("build 2") == "the tower is built (block tolerances no. 2)"
    typed = "extract 5:1 +y speed=0.020 steady=0.90"  # the older form still reads as words
    assert state.action_to_string(typed) == "push block 5:1 out from the +y end, 2.0 cm/s, 90% steady"
    assert seen["probe"][1].startswith("touch block ")
    assert state.action_to_string("stack 2") == "stack the block on top, right place"
    assert state.action_to_string("tremor 7") == "the hand trembles (tremor no. 7)"


def test_spinners_and_pieces_read_as_words():
    dk = _first_decisions("jenga_dk")
    assert dk["mario"][1].startswith("stand Mario in the ")
    assert "girder, climb" in dk["spin"][1] or "girders, climb" in dk["spin"][1]
    mario = _first_decisions("jenga_mario")
    assert mario["character"][1].startswith("take ") and "'s card (mushroom " in mario["character"][1]
    # the card's cells with its name (a family audit: chosen blind, the effects only in the help)
    from games.jenga import data
    from games.jenga.super_mario_help import card_text
    spec = registry.get("jenga_mario")
    state = spec.new_state(spec.make_config(players=2))
    assert state.action_to_string("character toad") == f"take Toad's card ({card_text('toad', True)})"
    assert card_text("toad", True).startswith("mushroom climb 4; star climb 2 + collect 1; POW steal 2; ")
    assert "mushroom: climb 4" in card_text("toad") and data.characters()["toad"]["mushroom"] == [["climb", 4]]
    assert mario["peg"][1].startswith("put the peg in the ")
    assert mario["spin"][1].startswith("the spinner stops on section ")


def test_a_push_is_written_to_the_steps_of_play_json(monkeypatch):
    """assets/jenga/play.json gives the step of a push's speed and steadiness: the action text is
    quantised to it and written with as many decimals as it has; a value between two steps is refused."""
    import copy

    import pytest

    from games.core import ActionSyntaxError
    from games.jenga import data, push

    assert push.make_extract(4, 1, "+x", 0.0123, 0.876) == "extract 4:1 +x speed=0.012 steady=0.88"
    coarse = copy.deepcopy(data.play())
    coarse["speed_m_s"]["step"], coarse["steadiness"]["step"] = 0.005, 0.1
    monkeypatch.setattr(data, "play", lambda: coarse)
    assert push.make_extract(4, 1, "+x", 0.0123, 0.876) == "extract 4:1 +x speed=0.010 steady=0.9"
    assert push.parse_extract("extract 4:1 +x speed=0.015 steady=0.9").speed == 0.015
    with pytest.raises(ActionSyntaxError, match="not in canonical form; write 'extract 4:1 \\+x speed=0.010"):
        push.parse_extract("extract 4:1 +x speed=0.012 steady=0.9")


def test_the_board_tells_a_fall_by_the_blocks_that_fell_not_by_the_shift_of_those_left_standing():
    """An audit read "careful 1: push 10:0, moved 0.8 mm, the tower falls!" with 27 blocks down: the shift and
    the tilt a verdict reports are those of the blocks left standing, and beside a fall they read as its size.
    The board now says how many blocks fell and shows the note without the shift; the note itself, part of the
    saved state, is unchanged."""
    from games.jenga.common import shown_note

    state = registry.get("jenga_classic").new_state(registry.get("jenga_classic").make_config(players=2))
    state.apply_action("build 2")
    state.log = ["Player 1: push 10:0, moved 0.8 mm, the tower falls!"]
    state.last_verdict = {"op": "push", "collapsed": True, "fallen": [[10, k % 3] for k in range(27)],
                          "max_displacement_mm": 0.8, "max_tilt_deg": 0.4}
    lines = "\n".join(state.board_lines())
    assert "last: push, COLLAPSED: 27 blocks fell" in lines and "0.8 mm" not in lines
    assert "  Player 1: push 10:0, the tower falls!" in lines
    assert state.log == ["Player 1: push 10:0, moved 0.8 mm, the tower falls!"]
    assert shown_note("Player 1: push 10:0, moved 0.8 mm") == "Player 1: push 10:0, moved 0.8 mm"
