"""The match driver: chance from the seed, undo/redo limits, and save files that refuse damage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from games import registry
from games.core import CHANCE, ConfigError, IllegalActionError, Seat
from games.match import Match, MatchFileError
from tests import toy_race

registry.register(toy_race.SPEC)


def _match(seed=5, seats=None):
    seats = seats or [Seat("Ann"), Seat("Bob")]
    return Match(toy_race.SPEC.make_config(seats), seed)


def _play_some(match, decisions):
    for _ in range(decisions):
        if match.current_player == CHANCE:
            match.roll()
        match.play(match.state.legal_actions()[0])


def test_same_seed_gives_same_rolls_and_other_seeds_differ():
    rolls = []
    for seed in (1, 1, 2):
        m = _match(seed)
        _play_some(m, 6)
        rolls.append([s.action for s in m.history if s.by == CHANCE])
    assert rolls[0] == rolls[1]
    assert rolls[0] != rolls[2]


def test_illegal_decision_is_refused_and_changes_nothing():
    m = _match()
    m.roll()
    before = (m.state.to_json_text(), list(m.history))
    with pytest.raises(IllegalActionError, match="legal: walk"):
        m.play("walk 99")
    assert (m.state.to_json_text(), m.history) == before


def test_undo_and_redo_stop_at_the_last_chance_outcome():
    m = _match()
    m.roll()
    m.play("pass")  # Ann passes; now Bob must roll
    assert m.current_player == CHANCE
    m.undo()  # the pass can be taken back: no chance outcome since
    assert m.current_player == 0 and m.can_redo()
    m.redo()
    m.roll()  # the roll is final: nobody re-rolls by undoing
    assert not m.can_undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        m.undo()


def test_the_previous_state_is_the_position_before_the_last_decision_and_none_after_chance():
    m = _match()
    assert m.previous_state() is None  # nothing played
    m.roll()
    assert m.previous_state() is None  # a chance outcome: no position kept before it
    before = m.state.to_json_text()
    m.play("pass")
    assert m.previous_state() is not None and m.previous_state().to_json_text() == before
    assert m.state.to_json_text() != before
    m.undo()
    assert m.previous_state() is None and m.state.to_json_text() == before
    bots = _match(seats=[Seat("A", "random"), Seat("B", "random")])
    bots.advance(limit=4)
    assert bots.previous_state() is None  # bots only: no snapshots are kept


def test_a_new_decision_clears_redo():
    m = _match()
    roll = m.roll()
    first = m.state.legal_actions()[0]
    m.play(first)
    m.undo()
    m.play("pass")
    assert not m.can_redo()
    assert roll.startswith("roll")


def test_save_and_load_round_trip(tmp_path):
    m = _match()
    _play_some(m, 7)
    path = tmp_path / "game.json"
    m.save(path)
    back = Match.load(path)
    assert back.state == m.state and back.history == m.history and back.seed == m.seed
    # the loaded match continues exactly as the original would
    for match in (m, back):
        while match.current_player != CHANCE:
            match.play("pass")
        match.roll()
    assert back.state == m.state


@pytest.mark.parametrize("damage, message", [
    (lambda t: t[: len(t) // 2], "cut short|not valid JSON"),
    (lambda t: "", "the file is empty"),
    (lambda t: "{]", "not valid JSON|cut short"),
    (lambda t: t.replace('"seed": 5', '"seed": 6'), "checksum"),
    (lambda t: t.replace('"version": 1', '"version": 99'), "version 99"),
    (lambda t: json.dumps([1, 2]), "not a Kong Tabletop match file"),
])
def test_damaged_files_are_refused_with_a_clear_message(tmp_path, damage, message):
    m = _match()
    _play_some(m, 4)
    path = tmp_path / "game.json"
    m.save(path)
    path.write_text(damage(path.read_text()))
    with pytest.raises(MatchFileError, match=message):
        Match.load(path)


def _edited_save(path, edit):
    """A match of four steps saved to `path` after `edit(data)` changed its JSON, with the checksum
    made valid again (an edit that the checksum alone cannot catch)."""
    from games.match import _checksum

    m = _match()
    _play_some(m, 4)
    data = m.to_json()
    edit(data)
    data.pop("checksum")
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))
    return path


def test_edited_file_with_valid_checksum_but_illegal_action_is_refused(tmp_path):
    path = _edited_save(tmp_path / "edited.json", lambda data: data["actions"][1].update(action="walk 9"))
    with pytest.raises(MatchFileError, match="action 2 is not legal"):
        Match.load(path)


def test_a_file_whose_replay_ends_elsewhere_says_it_may_come_from_another_version(tmp_path):
    """What an old save meets after the rules or the physics changed: its actions replay, but to
    another position than the one it recorded."""
    path = _edited_save(tmp_path / "older.json", lambda data: data.update(state_digest="0" * 64))
    with pytest.raises(MatchFileError, match="does not reach the saved position .*earlier version"):
        Match.load(path)


def test_a_file_keeps_its_outcome_and_one_that_says_another_is_refused(tmp_path):
    """The file keeps whether the game is over and who won (what the launcher shows of a Jenga match
    without replaying its physics); a file whose outcome was edited, even with the checksum made valid
    again, is refused as one whose replay ends elsewhere. A file from before outcomes were kept loads."""
    m = _match()
    _play_some(m, 4)
    assert m.to_json()["outcome"] == {"over": False, "winners": []}
    path = _edited_save(tmp_path / "claims.json", lambda data: data.update(outcome={"over": True, "winners": [0]}))
    with pytest.raises(MatchFileError, match="does not reach the saved position"):
        Match.load(path)
    older = _edited_save(tmp_path / "older.json", lambda data: data.pop("outcome"))
    assert Match.load(older).history == m.history


def test_missing_file_and_bad_config(tmp_path):
    with pytest.raises(MatchFileError, match="no such file"):
        Match.load(tmp_path / "nope.json")
    with pytest.raises(ConfigError, match="played by 2 to 4 players, not 5"):
        toy_race.SPEC.make_config([Seat(str(i)) for i in range(5)])
    with pytest.raises(ConfigError, match="unknown variant"):
        toy_race.SPEC.make_config(variant="turbo")
    with pytest.raises(ConfigError, match="unknown bot"):
        toy_race.SPEC.make_config([Seat("a", "genius"), Seat("b")])


def test_save_never_leaves_a_half_written_file(tmp_path, monkeypatch):
    m = _match()
    path = tmp_path / "game.json"
    m.save(path)
    good = path.read_text()
    _play_some(m, 3)

    import os

    def failing_replace(src, dst):  # the disk fills up just as the new save would take over
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", failing_replace)
        with pytest.raises(OSError):
            m.save(path)
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10), min_size=1, max_size=60))
def test_any_decision_sequence_replays_from_its_save(seed, choices):
    m = _match(seed)
    for c in choices:
        if m.is_over():
            break
        if m.current_player == CHANCE:
            m.roll()
            continue
        legal = m.state.legal_actions()
        m.play(legal[c % len(legal)])
    back = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back.state == m.state and back.history == m.history


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=1e-6, max_value=1.0), min_size=1, max_size=12), st.integers(0, 2**32 - 1))
def test_chance_sampling_draws_what_numpys_cumsum_and_searchsorted_would(weights, seed):
    """sample_outcome adds the probabilities left to right in plain Python (cheaper per draw); the
    outcome of a given draw must be the one the numpy formulation picks, so seeds replay as before."""
    import numpy as np

    from games.bots import sample_outcome

    outcomes = [(f"o{i}", w) for i, w in enumerate(weights)]
    cum = np.cumsum(np.array(weights, dtype=float))
    u = np.random.default_rng(seed).random() * cum[-1]
    expected = outcomes[min(int(np.searchsorted(cum, u, side="right")), len(outcomes) - 1)][0]
    assert sample_outcome(outcomes, np.random.default_rng(seed)) == expected


@pytest.mark.physics
def test_a_jenga_match_saved_before_the_tower_physics_changed_is_refused_with_the_version_hint():
    """A classic Jenga match saved by the code before issue 12's physics (re-seated towers, the rest test
    that waits out a sway): its actions no longer replay the same way, and loading it says why."""
    path = Path(__file__).parents[1] / "saved" / "classic_saved_before_issue_12.json"
    with pytest.raises(MatchFileError, match="earlier version of the rules or the physics"):
        Match.load(path)


# ---- the driver: a step prepared, run on a worker thread and committed ------------------------------
def _bots_match(game, seed=3, players=None):
    spec = registry.get(game)
    return Match(spec.make_config(players=players), seed)


def _drive_in_background(match, steps):
    """What a window does: prepare the step, run it on a thread, commit it on this one."""
    for _ in range(steps):
        if match.is_over():
            break
        before = (match.state.to_json_text(), len(match.history))
        job = match.prepare().start()
        assert job.wait(30)
        assert (match.state.to_json_text(), len(match.history)) == before  # untouched until commit
        match.commit(job)


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_a_step_run_on_a_worker_thread_is_the_step_the_match_plays_itself(game):
    direct, background = _bots_match(game), _bots_match(game)
    for _ in range(60):
        if direct.is_over():
            break
        direct.step()
    _drive_in_background(background, len(direct.history))
    assert background.history == direct.history and background.state == direct.state
    # and the two go on identically, whichever way each next step is taken
    direct.advance(40)
    _drive_in_background(background, 40)
    assert background.history == direct.history


def test_a_person_action_prepared_elsewhere_is_checked_at_once_and_played_on_commit():
    m = _match()
    m.roll()
    with pytest.raises(IllegalActionError, match="legal: walk"):
        m.prepare("walk 99")
    job = m.prepare("pass").start()
    job.wait(5)
    step = m.commit(job)
    assert step.by == 0 and step.action == "pass" and m.history[-1] == step
    m.undo()  # a person's decision committed this way is taken back like one played directly
    assert m.current_player == 0 and m.can_redo()


def test_a_step_prepared_before_an_undo_is_refused_and_changes_nothing():
    from games.match import StaleStepError

    m = _match()
    m.roll()
    m.play("pass")
    job = m.prepare().run()  # Bob's roll, computed
    m.undo()
    before = (m.state.to_json_text(), list(m.history))
    with pytest.raises(StaleStepError, match="changed since this step was prepared"):
        m.commit(job)
    assert (m.state.to_json_text(), m.history) == before


def test_a_bot_that_fails_on_the_worker_thread_raises_on_commit_and_the_match_is_unchanged():
    from games.bots import Bot

    class Broken(Bot):
        def choose(self, state, rng):
            state.pos[0] = 99  # what it did to its copy must not reach the match
            raise RuntimeError("the bot broke")

    m = Match(toy_race.SPEC.make_config([Seat("Ann", "random"), Seat("Bob")]), 5, bots={0: Broken()})
    m.roll()
    before = (m.state.to_json_text(), list(m.history))
    job = m.prepare().start()
    job.wait(5)
    with pytest.raises(RuntimeError, match="the bot broke"):
        m.commit(job)
    assert (m.state.to_json_text(), m.history) == before


def test_bots_only_matches_keep_no_undo_snapshots_and_mixed_ones_do():
    bots = _bots_match("donkey_kong")
    bots.advance(30)
    assert not bots.keeps_undo and not bots.can_undo()
    spec = registry.get("donkey_kong")
    mixed = Match(spec.make_config([Seat("Ann"), Seat("bot", "random")]), 3)
    assert mixed.keeps_undo
    assert Match(spec.make_config(players=2), 3, undo=True).keeps_undo


@pytest.mark.physics
def test_a_jenga_push_run_on_a_worker_thread_is_the_push_the_match_plays_itself():
    """The Jenga screen's use: the physics runs on the worker thread, on the step's own copy, with the
    animation frames asked for; the committed result is the one step() gives."""
    direct, background = _bots_match("jenga_classic", seed=2), _bots_match("jenga_classic", seed=2)
    framed = []
    while len(direct.history) < 6 and not direct.is_over():
        direct.step()
        job = background.prepare()
        job.state.record_trajectories = True
        job.start().wait(120)
        step = background.commit(job)
        if step.action.split()[0] in ("stack", "tremor"):
            framed.append(background.state.last_trajectory() is not None)
    assert background.history == direct.history and background.state == direct.state
    assert framed and all(framed)


def test_renamed_state_fields_keep_the_json_keys_earlier_saves_were_digested_with():
    """A save records a digest of its final state's JSON: the board game's obstacle in motion (now
    `in_motion`) and the tower's spec name in the Jenga tower state are saved under their old keys, so
    saves made before the renames still load."""
    dk = registry.get("donkey_kong")
    state = dk.new_state(dk.make_config(players=2))
    assert "mover" in state.to_json() and "in_motion" not in state.to_json()
    assert dk.state_from_json(state.config, state.to_json()) == state
    jenga = registry.get("jenga_classic")
    tower = jenga.new_state(jenga.make_config(players=2))
    tower.apply_action("build 0")  # the tower is built without stepping the physics
    assert tower.tower["variant"] == "classic"
