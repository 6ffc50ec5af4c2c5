"""The Jenga games' live push: the finger's path is the action, kept in the match file, replayed exactly."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from games import registry
from games.core import IllegalActionError
from games.jenga import physics
from games.jenga.push import PathError, make_push, parse_push
from games.match import Match

LOAD = """
import json, sys
from games.match import Match
m = Match.load(sys.argv[1])
print(json.dumps({"tower": m.state.tower, "verdict": m.state.last_verdict, "phase": m.state.phase}))
"""


def _ready(seed=4):
    match = Match(registry.get("jenga_classic").make_config(players=2), seed)
    match.roll()  # the build
    return match


def _drag(match, level, slot, end, rows):
    """A live push as the window plays it: the pointer's positions, one a frame, clamped and quantised
    by the session, the frame read after each; then finished. Returns (action, the live result)."""
    state = match.state
    live = physics.live_session(state.TOWER, state.tower, level, slot, end)
    for t, along in rows:
        s = live.sample_at(t, along)
        if s is not None:
            live.feed(s)
    return make_push(level, slot, end, live.path.to_text()), live.finish(follow_s=physics.FOLLOW_S)


@pytest.mark.physics
def test_a_live_push_is_the_action_and_the_saved_match_replays_it_bit_for_bit(tmp_path):
    match = _ready()
    rows = [(i / 60, min(0.08, 0.03 * i / 60)) for i in range(170)]  # 3 cm/s, steady, all the way out
    action, live = _drag(match, 7, 0, "+y", rows)
    match.play(action)
    state = match.state
    assert state.phase == "stack" and state.last_verdict["taken"] and state.last_verdict["op"] == "push"
    assert json.dumps(state.tower) == json.dumps(live.state)  # the engine's replay is the live push
    path = tmp_path / "live.json"
    match.save(path)
    assert action in path.read_text()  # the match file keeps the finger's path
    out = subprocess.run([sys.executable, "-c", LOAD, str(path)], capture_output=True, text=True, check=True)
    other = json.loads(out.stdout)
    assert other["tower"] == json.loads(json.dumps(state.tower))
    assert other["verdict"] == json.loads(json.dumps(state.last_verdict))


@pytest.mark.physics
def test_a_push_let_go_under_half_goes_back_and_is_a_touch():
    match = _ready()
    state = match.state
    touches = state.touches
    rows = [(i / 60, min(0.02, 0.03 * i / 60)) for i in range(60)]  # 20 mm out, then let go
    action, _ = _drag(match, 4, 1, "+x", rows)
    match.play(action)
    state = match.state
    assert state.phase == "take" and not state.last_verdict["taken"] and state.last_verdict["op"] == "touch"
    assert state.layout[4][1] is not None and state.touches == touches + 1
    assert state.last_probe["force_n"] > 0 and state.last_probe["live"]
    # said as the push it was (a move list that said "touch block" for a block pushed 44 % out and let go
    # puzzled the one who pushed it: an audit)
    assert state.action_to_string(action).startswith("push block 4:1 from the +x end by hand, the finger going 20 mm")
    touch = make_push(4, 1, "+x", physics.touch_path())  # the press held still is a touch in so many words
    assert state.action_to_string(touch).startswith("touch block 4:1 from the +x end, the finger pressing 2 mm in")
    state.check_action(action)  # touches have no limit: the same push may be played again


@pytest.mark.physics
def test_a_live_touch_of_a_loose_block_reads_loose_as_the_touch_test_does():
    """The window's touch is a push that goes back (a touch); it reads as sim's touch test does, by what
    the block took once under way, not by the finger's peak (which read every loose block as tight), and
    the verdict kept in the state is the push's own (the reading is the touch's)."""
    match = _ready(seed=0)
    state = match.state
    felt_by_probe = {}
    for level, slot in [(5, 0), (5, 1), (5, 2), (12, 0), (12, 1), (12, 2)]:
        felt_by_probe[level, slot] = physics.probe(state.TOWER, state.tower, level, slot, "+y" if level % 2 else "+x")
    loose = next(b for b, p in felt_by_probe.items() if p["moves"])
    tight = next(b for b, p in felt_by_probe.items() if not p["moves"])
    for level, slot in (loose, tight):
        probe = felt_by_probe[level, slot]
        action = make_push(level, slot, "+y" if level % 2 else "+x", physics.touch_path())
        match.play(action)
        state = match.state
        felt = state.last_probe
        assert felt["live"] and felt["where"] == [level, slot] and felt["moves"] == probe["moves"]
        assert abs(felt["force_n"] - probe["force_n"]) < 0.25 * probe["force_n"] + 0.01
        assert "give_n" not in state.last_verdict and not state.last_verdict["taken"]


def test_bad_paths_are_refused_with_a_named_error_and_change_nothing():
    match = _ready()
    before = json.dumps(match.state.to_json())
    for action, words in [("push 4:1 +x path=0/0/0,5/0", "t_ms/along/across"),
                          ("push 4:1 +x path=10/0/0", "starts at 0"),
                          # a save audit: cut to the press alone it was a push that took nothing, and the
                          # next action was refused in its place
                          ("push 4:1 +x path=0/0/0", "at least two samples, the press and where the finger went"),
                          ("push 4:1 +y path=0/0/0,100/100/0", "ends on +x and -x"),
                          ("push 4:1 +x path=0/0/0,100/100/999", "off the block's axis"),
                          ("push 4:1 +x path=0/0/0,100/100/+0", "canonical")]:
        with pytest.raises(IllegalActionError, match=re.escape(words)):
            match.play(action)
    assert json.dumps(match.state.to_json()) == before
    with pytest.raises(PathError):
        parse_push("push 4:1 +x path=0/0/0,0/1/0")


def test_render_reaches_the_simulator_only_through_the_jenga_physics_door():
    """Issue 18's "one door to the physics": render/ never imports sim; in games/ only physics.py does.
    sim.executor (batches of jobs: tournaments, sweeps) and sim.lifetime (workers die with their app)
    hold no physics and are not doors."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pattern = re.compile(r"^\s*(from sim(?!\.(executor|lifetime|arguments)\b)[\s.]|import sim\b)", re.M)
    offenders = [str(p.relative_to(root)) for p in sorted((root / "render").rglob("*.py")) + sorted((root / "games").rglob("*.py"))
                 if pattern.search(p.read_text()) and p.name != "physics.py"]
    assert offenders == []


@pytest.mark.physics
def test_a_fall_is_final_for_every_undo_not_only_the_windows():
    """The game's own rule (State.undo_barrier), so the terminal's undo and Match.undo refuse it too: a
    push tried and undone when it toppled the tower would take the risk out of Jenga."""
    from games.core import IllegalActionError, Seat

    spec = registry.get("jenga_classic")
    bots = Match(spec.make_config(seats=[Seat("Ann", "random"), Seat("Bo", "random")]), seed=2)
    bots.advance()
    assert bots.state.ended == "fall"
    match = Match(spec.make_config(seats=[Seat("Ann"), Seat("Bo", "random")]), seed=2, undo=True)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history])
    assert match.is_over() and not match.can_undo()
    with pytest.raises(IllegalActionError, match="a fall is final"):
        match.undo()
    assert match.is_over() and len(match.history) == len(bots.history)
