"""The research interfaces (issue 19): OpenSpiel games, PettingZoo environments, tournaments, sweeps.

Everything here runs the real libraries (OpenSpiel's random_sim_test, PettingZoo's api_test and
seed_test, a local process pool, a local Ray instance) on the project's real engines.
"""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (make test installs it)")

import games.spiel  # noqa: E402,F401  registers the games
from games import petting, registry, tournament  # noqa: E402
from sim import sweep  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name,params", [("kong_donkey_kong", {}), ("kong_donkey_kong", {"players": 3, "variant": "wiki"}),
                                         ("kong_monkey_dash", {}), ("kong_monkey_dash", {"variant": "bananas"})])
def test_openspiel_random_sim_test_with_serialisation(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_actions_name_the_engine_actions_and_tensors_read_the_board():
    game = pyspiel.load_game("kong_donkey_kong")
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    while state.is_chance_node():
        ids, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(ids, p=probs)))
    engine_legal = state.engine.legal_actions()
    assert state.legal_actions() == list(range(len(engine_legal)))
    assert [state.action_to_string(state.current_player(), a) for a in state.legal_actions()] == \
        [state.engine.action_to_string(a) for a in engine_legal]
    obs = np.array(state.observation_tensor(0))
    assert obs.shape == tuple(game.observation_tensor_shape())
    # One pawn plane per seat, with a 1 on the space the pawn stands on.
    from games.donkey_kong.board import BOARD

    n = len(BOARD.names)
    pawns = obs[:4 * n].reshape(4, n)
    assert [int(np.argmax(pawns[s])) for s in range(2)] == state.engine.pawns and pawns.sum() == 2.0
    assert pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1].history() \
        == state.history()


def test_monkey_dash_observation_shows_both_hands_face_up():
    """Rules: "Deal two Power Cards, face up, to each player"; a card gained is placed "face up, on the
    table". Both hands are in every player's observation, as on the table."""
    game = pyspiel.load_game("kong_monkey_dash")
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node() or not state.engine.hands[1]:
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    titles = {c.id: c.name for c in state.engine.deck}  # the cards' titles, as the window shows them
    hands = [[titles[c] for c in hand] for hand in state.engine.hands]
    for player in (0, 1):
        lines = state.observation_string(player).splitlines()
        assert f"red hand: {', '.join(hands[0])}" in lines and f"blue hand: {', '.join(hands[1])}" in lines
        tensor = np.array(state.observation_tensor(player))
        assert tensor.shape == tuple(game.observation_tensor_shape())


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_pettingzoo_api_and_seed_tests(game):
    from pettingzoo.test import api_test, seed_test

    api_test(petting.env(game), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: petting.env(game), num_cycles=300)


@pytest.mark.parametrize("game", ["donkey_kong", "monkey_dash"])
def test_pettingzoo_render_and_state_keep_the_api_contract(game, capsys):
    """An audit: render() in "human" mode returned the board, so PettingZoo's own render_test failed; and
    the engine's state at env.state hid AECEnv.state(), so a tool asking for the global state got "object
    is not callable". Human mode prints and returns None, "ansi" returns the text, no mode warns and
    returns None; state() says there is no global state, and the engine is env.unwrapped.engine."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: petting.env(game, render_mode=render_mode))
    env = petting.env(game, render_mode="human")
    env.reset(seed=2)
    capsys.readouterr()
    assert env.render() is None and str(env.unwrapped.engine) in capsys.readouterr().out
    ansi = petting.env(game, render_mode="ansi")
    ansi.reset(seed=2)
    assert ansi.render() == str(ansi.unwrapped.engine)
    with pytest.warns(UserWarning, match="no render_mode"):
        quiet = petting.raw_env(game)
        quiet.reset(seed=2)
        assert quiet.render() is None
    with pytest.raises(NotImplementedError, match="env.unwrapped.engine"):
        env.state()
    assert env.unwrapped.engine.legal_actions() == env.unwrapped.legal()


def test_pettingzoo_games_play_to_the_end_with_returns_as_rewards():
    env = petting.env("monkey_dash")
    env.reset(seed=5)
    bot, rng = registry.get("monkey_dash").bots["greedy"](), np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
        else:
            choice = env.unwrapped.action_index(bot.choose(env.unwrapped.engine, rng))
            assert obs["action_mask"][choice] == 1
            env.step(choice)
    winner = env.unwrapped.engine.winner
    assert total == {f"player_{winner}": 1.0, f"player_{1 - winner}": -1.0}


def test_readme_example_evaluates_an_agent_against_a_bot():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = text.split("<!-- pettingzoo example -->")[1].split("```python")[1].split("```")[0]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "won" in out.stdout


def test_schedule_rotates_seats_and_fixes_seeds():
    jobs = tournament.schedule("monkey_dash", ["random", "greedy", "search"], 4, 10, None)
    assert len(jobs) == 3 * 4
    assert [j["bots"] for j in jobs[:2]] == [["random", "greedy"], ["greedy", "random"]]
    assert [j["seed"] for j in jobs] == list(range(10, 22))


def test_ratings_order_the_bots_and_intervals_hold_the_rate():
    ratings = tournament.bradley_terry([[0, 8, 9], [2, 0, 7], [1, 3, 0]], [[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings) / 3 - 1500) < 0.5
    lo, hi = tournament.wilson(7, 10)
    assert lo < 0.7 < hi and 0 <= lo and hi <= 1


def test_a_game_ended_by_its_turn_limit_is_counted_apart():
    """A research audit: a game the game's own safety limit ended (Monkey Dash's turn limit: a draw) was scored
    as an ordinary result with nothing in the summary saying so, where selfplay leaves such games out. It is
    still scored as the game scores it, and `reached_limit` counts it (the text summary says so too). Two
    random bots on seed 0 play Monkey Dash to its turn limit."""
    jobs = [{"game": "monkey_dash", "variant": "standard", "entrants": [0, 1], "bots": ["random", "random"],
             "seed": 0}]
    results = [tournament.play_job(job) for job in jobs]
    assert results[0]["reached_limit"] and results[0]["winners"] == [] and results[0]["error"] is None
    s = tournament.summarise("monkey_dash", "standard", ["random", "random again"], 1, 0, jobs, results)
    assert s["reached_limit"] == 1 and s["pairs"][0]["score"] == [0.5, 0.5]
    assert "1 game ended at the game's turn or round limit" in tournament.summary_text(s)
    played = tournament.run("monkey_dash", ["random", "greedy"], games=2, seed=0, executor="serial", progress=False)
    assert played["reached_limit"] == 0


def test_same_digest_serial_and_process_pool():
    a = tournament.run("monkey_dash", ["random", "greedy"], games=4, seed=3, executor="serial", progress=False)
    b = tournament.run("monkey_dash", ["random", "greedy"], games=4, seed=3, executor="process", workers=2,
                       progress=False)
    assert tournament.to_json(a) == tournament.to_json(b)
    assert a["standings"][0]["bot"] == "greedy"


def test_same_digest_on_a_local_ray_instance():
    pytest.importorskip("ray", reason="the [ray] extra (make test installs it)")
    a = tournament.run("donkey_kong", ["random", "greedy"], games=2, seed=1, executor="process", workers=2,
                       progress=False)
    b = tournament.run("donkey_kong", ["random", "greedy"], games=2, seed=1, executor="ray", workers=2,
                       progress=False)
    assert tournament.to_json(a) == tournament.to_json(b)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_tournament_command_json_and_plot(tmp_path):
    png = tmp_path / "ratings.png"
    out = _cli("tournament", "monkey_dash", "--bots", "random,greedy", "--games", "2", "--executor", "serial",
               "--json", "--plot", str(png))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 2 and len(summary["digest"]) == 64
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args", [["--bots", "random"], ["--bots", "random,"], ["--bots", "random,nobody"],
                                  ["--bots", "random,greedy", "--executor", "spark"],
                                  ["--bots", "random,greedy", "--plot", "/no/such/folder/x.png"],
                                  ["--bots", "random,greedy", "--games", "0"]])
def test_tournament_command_bad_arguments_one_line_exit_2(args):
    out = _cli("tournament", "monkey_dash", *args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


@pytest.mark.physics
def test_sweep_resumes_after_an_interruption(tmp_path):
    jobs = sweep.grid("riskmap", ["classic"], [0, 1], [("levels", [5])], samples=1)
    whole = tmp_path / "whole.jsonl"
    sweep.sweep(jobs, whole, executor="serial")
    rows = [json.loads(line) for line in whole.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [0, 1] and all(r["result"]["blocks"] for r in rows)
    # the rows riskmap --json prints, in_play included (an audit: a program reading both met none in the sweep's)
    from sim.tower import Tower

    blocks = rows[0]["result"]["blocks"]
    in_play = set(Tower(sweep.spec_with("classic", {"levels": 5}), seed=0).removable())
    assert all(b["in_play"] == ((b["level"], b["pos"]) in in_play) for b in blocks), blocks
    assert any(b["in_play"] for b in blocks)
    assert not any(p.name.endswith(".lock") for p in tmp_path.iterdir())  # the claim let go

    cut = tmp_path / "cut.jsonl"
    first = whole.read_text().splitlines(keepends=True)[0]
    cut.write_text(first + '{"task": "riskmap", "var')  # killed while writing the second tower
    counts = sweep.sweep(jobs, cut, executor="serial")
    assert counts == {"towers": 2, "skipped": 1, "ran": 1, "out": str(cut)}
    again = [json.loads(line) for line in cut.read_text().splitlines()]
    strip = lambda r: {k: v for k, v in r.items() if k != "cpu_s"}  # noqa: E731
    assert [strip(r) for r in again] == [strip(r) for r in rows]


@pytest.mark.parametrize("args", [["--seeds", "9-1"], ["--seeds", "x"], ["--set", "nosuch=1"],
                                  ["--set", "levels"], ["--samples", "0"], ["--workers", "-1"]])
def test_sweep_command_bad_arguments_one_line_exit_2(args, tmp_path):
    out = subprocess.run([sys.executable, "-m", "sim", "sweep", "--out", str(tmp_path / "o.jsonl"), *args],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_second_sweep_into_a_file_being_written_is_refused(tmp_path):
    """An audit started the same sweep twice, half a second apart, into one file: both ran every tower and the
    file held each row twice, said nowhere. While one sweep holds the file another is refused in one line, and
    the file is left as it was; once the first has ended the next runs."""
    out = tmp_path / "rows.jsonl"
    out.write_text("")
    claim = sweep._claim(out)  # a sweep writing the file now (the lock a running sweep holds)
    try:
        ran = subprocess.run([sys.executable, "-m", "sim", "sweep", "--task", "census", "--seeds", "0",
                              "--workers", "1", "--out", str(out)], capture_output=True, text=True, cwd=ROOT,
                             timeout=120)
        assert ran.returncode == 2, ran
        assert len(ran.stderr.strip().splitlines()) == 1 and "another sweep is writing" in ran.stderr, ran.stderr
        assert str(out) in ran.stderr and out.read_text() == ""
        link = tmp_path / "link.jsonl"  # the same file by another name: held all the same
        link.symlink_to(out)
        with pytest.raises(sweep.SweepError, match="another sweep is writing"):
            sweep._let_go(sweep._claim(link))
    finally:
        sweep._let_go(claim)
    assert not (tmp_path / ".rows.jsonl.lock").exists()
    again = sweep._claim(out)  # let go: the next sweep may claim it
    sweep._let_go(again)


def test_file_messages_quote_the_whole_path(tmp_path):
    """An audit: "there is no folder '/tmp/audit_w4/m/results_folde...)" named a folder that existed (the missing
    one was cut off), and "'/tmp/.../results_folde... does not end in .png" hid the ending it complained of."""
    from sim import arguments

    deep = tmp_path / "a_results_folder_with_a_long_name" / "nonexist" / "rows.jsonl"
    said = arguments.file_problem(str(deep))
    assert said is not None and repr(str(deep.parent)) in said, said
    picture = tmp_path / "a_results_folder_with_a_long_name_too" / "ratings.gif"
    said = arguments.picture_problem(str(picture))
    assert said is not None and said.startswith(repr(str(picture))), said
    huge = "/" + "x" * 600 + "/ratings.gif"
    said = arguments.path_shown(huge)
    assert said.endswith(f"ratings.gif' ({len(huge)} characters)") and len(said) < 340, said
