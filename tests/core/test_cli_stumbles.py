"""`python -m games` stumbles found by a QA pass: each bad input gives one clear line (exit 2), never a
traceback, and loses nothing; Ctrl-C, a closed pipe and a full disk end the command cleanly."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import cli, registry
from games.core import MAX_SEED, Seat
from games.match import Match, _checksum
from tests.conftest import as_from_a_terminal, interrupt_when, one_line
from tests import toy_race

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", KONG_TABLETOP_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def run(tmp_path, *args, stdin=None, cwd=ROOT, stdout=None):
    return subprocess.run([sys.executable, "-m", "games", *args], cwd=cwd, env=_env(tmp_path), text=True,
                          input=stdin, timeout=300, stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE)


# ---- item 3: a Ray address where nothing answers ------------------------------------------------

def test_tournament_on_an_unreachable_ray_cluster_fails_at_once(tmp_path):
    pytest.importorskip("ray", reason="the [ray] extra (make test installs it)")
    # before the fix Ray waited minutes for the cluster (run()'s own timeout then fails the test)
    out = run(tmp_path, "tournament", "donkey_kong", "--bots", "random,greedy", "--games", "2",
              "--executor", "ray", "--address", "127.0.0.1:1")
    one_line(out, "cannot reach the Ray cluster at 127.0.0.1:1")


# ---- item 2: Ctrl-C stops a tournament at once -------------------------------------------------

@pytest.mark.parametrize("workers", ["257", "100000"])
def test_a_tournament_takes_at_most_256_workers_as_the_sim_commands_do(tmp_path, workers):
    """An audit (5 Dec, sixth session): --workers 100000 was taken, and a pool of one process a game would
    have started a thousand processes on a two-core machine."""
    out = run(tmp_path, "tournament", "donkey_kong", "--games", "2", "--workers", workers)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == (f"python -m games tournament: error: argument --workers: expected a whole number "
                                  f"of processes from 1 to 256, not '{workers}' (see --help)")


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the pool's workers through /proc")
def test_ctrl_c_stops_a_tournament_promptly(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "games", "tournament", "donkey_kong", "--bots",
                             "greedy,strong,expert", "--games", "40", "--workers", "2"], cwd=ROOT,
                            env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=as_from_a_terminal)
    # once the pool's workers are up; before the fix the games ran on for minutes (communicate timed out)
    out, err = interrupt_when(proc, lambda: len(_children(proc.pid)) >= 2, wait_s=60)
    assert proc.returncode == 130
    assert err.strip() == "python -m games: interrupted"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # no worker is left running
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the pool's workers outlived the interrupted tournament")


# ---- item 4: --plot ---------------------------------------------------------------------------

@pytest.mark.parametrize("plot, words", [("/proc/x.png", ["cannot be written"]),
                                         ("x.txt", ["does not end in .png, .svg or .pdf"]),
                                         ("", ["expected a file path, not an empty string"])])
def test_a_bad_plot_path_is_refused_before_any_game(tmp_path, plot, words):
    path = str(tmp_path / plot) if plot == "x.txt" else plot
    out = run(tmp_path, "tournament", "donkey_kong", "--bots", "greedy,strong,expert", "--games", "200",
              "--plot", path)
    one_line(out, "argument --plot:", *words)
    assert out.stdout == ""  # refused up front: no game played, no result printed


@pytest.mark.parametrize("plot", ["TMP/x.txt", "TMP/x", "TMP/missing/x.png", "TMP/folder.png",
                                  "TMP/" + "a" * 300 + ".pdf", "/proc/x.png", "/etc/passwd/x.svg", ""])
def test_both_command_lines_refuse_a_bad_plot_path_in_the_same_words(tmp_path, plot):
    """python -m games tournament and python -m sim bench each checked --plot in their own code and words
    ('the file name must end in ...' beside '... does not end in ...'; sim bench took a folder that did
    not exist); now sim.arguments.picture_problem is the one check, so both refuse a path before any
    work, in one wording."""
    (tmp_path / "folder.png").mkdir()
    path = plot.replace("TMP", str(tmp_path), 1)
    games = one_line(run(tmp_path, "tournament", "donkey_kong", "--bots", "random,greedy", "--games", "2",
                         "--plot", path), "argument --plot: ")
    sim = one_line(subprocess.run([sys.executable, "-m", "sim", "bench", "--quick", "--plot", path], cwd=ROOT,
                                  env=_env(tmp_path), text=True, capture_output=True, timeout=300),
                   "argument --plot: ")
    why = games.split("argument --plot: ", 1)[1].removesuffix(" (see --help)")
    assert why == sim.split("argument --plot: ", 1)[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.png"]  # nothing written, no folder made


def test_the_results_are_printed_even_when_the_plot_then_fails(tmp_path):
    # The folder is writable when checked up front, and gone when the picture is saved.
    folder = tmp_path / "pictures"
    folder.mkdir()
    shim = tmp_path / "shim.py"
    shim.write_text(
        "import shutil, sys\n"
        "from games import cli, tournament\n"
        "run = tournament.run\n"
        "def run_then_remove(*args, **kwargs):\n"
        "    summary = run(*args, **kwargs)\n"
        f"    shutil.rmtree({str(folder)!r})\n"
        "    return summary\n"
        "tournament.run = run_then_remove\n"
        "sys.exit(cli.main(sys.argv[1:]))\n")
    out = subprocess.run([sys.executable, str(shim), "tournament", "donkey_kong", "--bots", "random,greedy",
                          "--games", "2", "--executor", "serial", "--plot", str(folder / "r.png")], cwd=ROOT,
                         env=dict(_env(tmp_path), PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=300)
    one_line(out, "the results are above, but the plot could not be written")
    assert "round robin of random, greedy" in out.stdout and "digest" in out.stdout


# ---- item 5: the terminal game ----------------------------------------------------------------

@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000])
def test_terminal_play_takes_any_digits_as_a_name_it_does_not_know(tmp_path, typed):
    out = run(tmp_path, "play", "donkey_kong", "--seats", "human,random", "--seed", "1", "--terminal",
              stdin=f"{typed}\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and out.stderr == ""
    said = [line for line in out.stdout.splitlines() if "names no action available" in line]
    assert len(said) == 1 and len(said[0]) < 300


def test_terminal_play_still_takes_an_action_by_its_number(tmp_path):
    out = run(tmp_path, "play", "donkey_kong", "--seats", "human,random", "--seed", "1", "--terminal",
              stdin="1\nquit\nquit\n")
    assert out.returncode == 0 and "names no action" not in out.stdout
    # the move was made and the game went on; the first quit said the move was not saved
    assert out.stdout.count("Player 1 (type an action") == 3 and "not saved" in out.stdout


# ---- item 6: damaged data files a game reads mid-game -------------------------------------------

@pytest.fixture(scope="module")
def project_copy(tmp_path_factory):
    """The packages `python -m games` runs from, copied, so their data files can be damaged."""
    where = tmp_path_factory.mktemp("project")
    for package in ("assets", "games", "sim"):
        shutil.copytree(ROOT / package, where / package, ignore=shutil.ignore_patterns("__pycache__"))
    return where


@pytest.mark.parametrize("game, damaged", [("jenga_dk", "dk_spinner.json"), ("jenga_mario", "mario_items.json"),
                                           ("jenga_mario", "mario_spinner.json"),
                                           ("jenga_mario", "mario_characters.json")])
@pytest.mark.parametrize("command", ["selfplay", "tournament", "play"])
def test_a_damaged_data_file_is_refused_before_the_first_game(tmp_path, project_copy, game, damaged, command):
    path = project_copy / "assets" / "jenga" / damaged
    good = path.read_bytes()
    path.write_text('{"sections": [')
    try:
        args = {"selfplay": ["selfplay", game, "--games", "1", "--bot", "careful_easy"],
                "tournament": ["tournament", game, "--bots", "careful_easy,careful", "--games", "1",
                               "--executor", "serial"],
                "play": ["play", game, "--seats", "careful_easy,careful_easy", "--terminal"]}[command]
        out = run(tmp_path, *args, cwd=project_copy)
    finally:
        path.write_bytes(good)
    one_line(out, damaged, "not valid JSON")
    assert out.stdout == ""


@pytest.mark.parametrize("game, tower", [("jenga_classic", "classic"), ("jenga_dk", "dk"), ("jenga_mario", "mario")])
def test_a_damaged_tower_file_keeps_its_game_out_of_the_list_with_the_files_whole_path(tmp_path, project_copy, game,
                                                                                      tower):
    """A reliability audit: with "mass_g": "heavy" in assets/towers/classic.json, `play jenga_classic` opened a
    game that failed on its first step ("The simulator failed on 'build 7'"), became the autosave, and selfplay
    and tournament exited 0 after every game failed. The tower file is read with the game's other data: `list`
    names the game as one that cannot be played, with the file's whole path, and every command refuses it in
    one line before a game starts."""
    path = project_copy / "assets" / "towers" / f"{tower}.json"
    good = path.read_text()
    path.write_text(json.dumps(dict(json.loads(good), mass_g="heavy")))
    try:
        listed = run(tmp_path, "list", cwd=project_copy)
        outs = [run(tmp_path, *args, cwd=project_copy) for args in (
            ["selfplay", game, "--games", "1"], ["play", game, "--seats", "random,random", "--terminal"],
            ["tournament", game, "--bots", "random,careful", "--games", "1", "--executor", "serial"])]
    finally:
        path.write_text(good)
    assert listed.returncode == 2
    (line,) = [row for row in listed.stdout.splitlines() if row.startswith(game)]
    assert f"cannot be played: {path}: field 'mass_g' must be a number, got 'heavy'" in line, line
    for out in outs:
        one_line(out, str(path), "'mass_g' must be a number")
        assert out.stdout == ""
    assert not (tmp_path / "home" / "autosave.json").exists()


def test_selfplay_and_a_tournament_whose_every_game_failed_exit_1(faulty_always, capsys):
    """A reliability audit: every game ended in an error, and both commands exited 0 beside a summary of errors
    (a script took it for success). They still print the summary, and exit 1 with one line on stderr; a run where
    some games were played exits 0 (a tournament's failed games are reported, not scored)."""
    assert cli.main(["selfplay", "toy_broken", "--games", "3", "--bot", "faulty"]) == 1
    out = capsys.readouterr()
    assert "errors 3" in out.out and out.err.count("\n") == 1 and "every game ended in an error" in out.err
    assert "the faulty bot always fails" in out.err
    assert cli.main(["tournament", "toy_broken", "--bots", "faulty,faulty2", "--games", "2", "--executor",
                     "serial"]) == 1
    out = capsys.readouterr()
    assert "errors 2" in out.out and "every game ended in an error" in out.err
    assert cli.main(["selfplay", "toy_broken", "--games", "2", "--bot", "random"]) == 0


class AlwaysFaultyBot(toy_race.RandomBot):
    def choose(self, state, rng):
        raise RuntimeError("the faulty bot always fails")


@pytest.fixture
def faulty_always():
    spec = dataclasses.replace(toy_race.SPEC, name="toy_broken",
                               bots={"random": toy_race.RandomBot, "faulty": AlwaysFaultyBot,
                                     "faulty2": AlwaysFaultyBot})
    registry.register(spec)
    yield spec
    registry.unregister(spec.name)


# ---- item 6: a game that ends in an error is not a draw -------------------------------------------

class FaultyBot(toy_race.RandomBot):
    """Plays like the random bot, but fails whenever the die shows 6."""

    name = "faulty"

    def choose(self, state, rng):
        if state.roll == 6:
            raise RuntimeError("the faulty bot cannot count to six")
        return super().choose(state, rng)


@pytest.fixture
def faulty_game():
    spec = dataclasses.replace(toy_race.SPEC, name="toy_faulty",
                               bots={"random": toy_race.RandomBot, "faulty": FaultyBot})
    registry.register(spec)
    yield spec
    registry.unregister(spec.name)


def test_a_tournament_game_that_failed_is_reported_not_scored_as_a_draw(faulty_game, capsys):
    code = cli.main(["tournament", "toy_faulty", "--bots", "random,faulty", "--games", "30", "--executor",
                     "serial", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    errors = summary["errors"]
    assert 0 < errors < 30
    assert any("the faulty bot cannot count to six" in m for m in summary["error_messages"])
    (pair,) = summary["pairs"]
    assert pair["games"] == 30 - errors and pair["errors"] == errors
    assert sum(pair["score"]) == 30 - errors  # a race has a winner: no half points for the failed games
    assert all(row["games"] == 30 - errors for row in summary["standings"])

    cli.main(["tournament", "toy_faulty", "--bots", "random,faulty", "--games", "30", "--executor", "serial"])
    text = capsys.readouterr().out
    assert f"{errors} ended in an error, not counted" in text and "(not rated or scored)" in text


# ---- item 7: --load with the arguments of a new game ----------------------------------------------

@pytest.fixture
def saved_game(tmp_path):
    from games.donkey_kong import SPEC

    match = Match(SPEC.make_config([Seat("a", "random"), Seat("b", "random")]), 4)
    for _ in range(6):
        match.step()
    path = tmp_path / "saved.json"
    match.save(path)
    return path


@pytest.mark.parametrize("extra, named", [
    (["monkey_dash"], "the game name 'monkey_dash' (the file holds a donkey_kong match)"),
    (["--seats", "human,human"], "--seats"), (["--seed", "9"], "--seed"), (["--variant", "pure"], "--variant"),
    (["donkey_kong", "--seed", "9", "--variant", "wiki"], "with --seed or --variant"),
])
def test_load_cannot_be_combined_with_a_new_game_s_arguments(tmp_path, saved_game, extra, named):
    before = saved_game.read_bytes()
    out = run(tmp_path, "play", *extra, "--load", str(saved_game), "--terminal")
    one_line(out, "--load", "cannot be combined with", named)
    assert saved_game.read_bytes() == before


def test_load_may_name_the_game_the_file_holds(tmp_path, saved_game):
    out = run(tmp_path, "play", "donkey_kong", "--load", str(saved_game), "--terminal", stdin="quit\n")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("Donkey Kong (donkey_kong, variant rulebook), seed 4.")


# ---- item 8: seeds, pipes, full disks, empty names ------------------------------------------------

@pytest.mark.parametrize("command", [["selfplay", "donkey_kong"],
                                     ["tournament", "donkey_kong", "--bots", "random,greedy"]])
def test_the_last_game_s_seed_is_checked_up_front(tmp_path, command):
    out = run(tmp_path, *command, "--seed", str(MAX_SEED), "--games", "2")
    one_line(out, f"the last game's seed would be {MAX_SEED + 1}")
    assert out.stdout == ""
    ok = run(tmp_path, "selfplay", "donkey_kong", "--seed", str(MAX_SEED - 1), "--games", "2", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["errors"] == 0


@pytest.mark.parametrize("args", [["play", "donkey_kong", "--seats", "random,random", "--terminal"], []])
def test_a_closed_pipe_ends_quietly(tmp_path, args):
    read, write = os.pipe()
    os.close(read)  # the reader has gone, as `| head -1` goes after its line
    try:
        out = subprocess.run([sys.executable, "-m", "games", *args], cwd=ROOT, env=_env(tmp_path), stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert out.stderr == "" and out.returncode == 141


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line(tmp_path):
    with open("/dev/full", "w") as full:
        out = run(tmp_path, "selfplay", "donkey_kong", "--games", "2", "--json", stdout=full)
    one_line(out, "cannot write the output", "No space left on device")


@pytest.mark.parametrize("flag, words", [("--variant", "expected a name, not an empty string"),
                                         ("--plot", "expected a file path, not an empty string"),
                                         ("--address", "expected a name, not an empty string")])
def test_tournament_refuses_an_empty_name(tmp_path, flag, words):
    out = run(tmp_path, "tournament", "donkey_kong", "--bots", "random,greedy", "--games", "2", flag, "")
    one_line(out, flag, words)


# ---- item 9: a malformed action is not blamed on an earlier version ----------------------------------

def test_a_malformed_action_gets_no_earlier_version_hint(tmp_path, saved_game):
    data = json.loads(saved_game.read_text())
    data["actions"][2] = {"by": "first", "action": 7}
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    saved_game.write_text(json.dumps(data))
    out = run(tmp_path, "play", "--load", str(saved_game), "--terminal")
    line = one_line(out, "action 3 is malformed (expected")
    assert "earlier version" not in line


def test_selfplay_says_how_many_finished_games_were_cut_short(tmp_path):
    """Random Monkey Dash games all reach the game's turn limit: 'finished 3' alone read as three games
    played to an end by the rules."""
    out = run(tmp_path, "selfplay", "monkey_dash", "--bot", "random", "--games", "3")
    assert out.returncode == 0
    assert "finished 3 (3 of them cut short by the game's limit)" in out.stdout


@pytest.mark.physics
def test_jenga_in_the_terminal_takes_a_typed_finger_path_and_lists_choices_briefly(tmp_path):
    """The messages suggest typing 'push 5:1 +y path=0/0/0,500/400/0'; the terminal refused it (only the
    listed straight pushes matched) and answered with one line of 13,000 characters of finger paths."""
    out = run(tmp_path, "play", "jenga_classic", "--seats", "human,careful", "--seed", "3", "--terminal",
              stdin="foo\npush 5:1 +y path=0/0/0,500/400/0\nquit\n")
    assert out.returncode == 0, out.stderr
    refused = next(line for line in out.stdout.splitlines() if "'foo' names no action" in line)
    assert len(refused) < 1000
    assert "must stack the block in hand" in out.stdout        # the typed push took block 5:1 out


def test_a_save_written_over_a_file_keeps_its_permissions_and_writes_through_a_link(tmp_path):
    """Saving over a file replaced a 0644 file by a 0600 one and a symlink by a plain file, and a failed
    save named its temporary file ('/nonexistent/.x.json.y245n10u.tmp')."""
    from games.match import write_atomic

    real = tmp_path / "real.json"
    real.write_text("{}")
    real.chmod(0o644)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o644
    with pytest.raises(OSError) as caught:
        write_atomic(tmp_path / "missing" / "x.json", "z")
    assert str(tmp_path / "missing" / "x.json") in str(caught.value) and ".tmp" not in str(caught.value)


def test_a_replay_error_names_seats_and_chance_in_words(tmp_path):
    """'action 2 ('roll 4') is by 5, but -1 was to act' spoke the file's internal numbers."""
    from games.match import MatchFileError

    match = Match(registry.get("donkey_kong").make_config(players=2), 3)
    match.advance(limit=3)
    path = tmp_path / "m.json"
    match.save(path)
    data = json.loads(path.read_text())
    chance = next(i for i, a in enumerate(data["actions"]) if a["by"] == -1)
    data["actions"][chance]["by"] = 5
    body = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = _checksum(body)
    path.write_text(json.dumps(data))
    with pytest.raises(MatchFileError) as caught:
        Match.load(path)
    words = str(caught.value).split("m.json: ", 1)[1]        # the message, without the folder's name
    assert "is by seat 6" in words and "but chance" in words and "-1" not in words, words


def test_an_unknown_seat_says_a_seat_is_human_or_a_bot(tmp_path):
    """'unknown bot 'HUMAN' ... choose one of: random, ...' never said that 'human' is a seat too."""
    out = run(tmp_path, "play", "donkey_kong", "--seats", "Robot,random", "--terminal", stdin="")
    one_line(out, "'Robot'", "'human' or a bot")
    out = run(tmp_path, "play", "donkey_kong", "--seats", "HUMAN,random", "--seed", "1", "--terminal",
              stdin="quit\n")
    assert out.returncode == 0 and "Player 1" in out.stdout, out.stderr


@pytest.mark.physics
def test_jenga_names_a_block_the_tower_cannot_have_as_such(tmp_path):
    """'extract 99:0 +x' was answered 'a block of level 99 has its ends on +y and -y, not +x'."""
    out = run(tmp_path, "play", "jenga_classic", "--seats", "human,careful", "--seed", "3", "--terminal",
              stdin="extract 99:0 +x speed=0.02 steady=0.9\nprobe 5:7 +y\npush 99:0 +x path=0/0/0,500/400/0\nquit\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("there is no block at 99:0: the tower has levels 0 to 17") == 2
    assert "there is no block at 5:7" in out.stdout and "has its ends on" not in out.stdout


def test_a_tournament_too_large_to_schedule_is_refused_before_it_starts(tmp_path):
    """Every game is scheduled before the first starts: 1,000,000 games for each of 10 pairings took
    about 4 GB before anything ran."""
    out = run(tmp_path, "tournament", "donkey_kong", "--bots", "random,greedy,patient,strong,expert",
              "--games", "1000000")
    one_line(out, "10000000 games", "at most 1000000")


def test_openspiel_monkey_dash_answers_every_observation_type_as_a_perfect_information_game():
    """Asked for a public view or a perfect-recall information state, the Monkey Dash observer returned
    its one view, silently. The Power Cards are dealt and drawn face up ("Deal two Power Cards, face up, to
    each player"), so the game is of perfect information: the public view is the whole observation, and
    the perfect-recall information state is the history, as in OpenSpiel's own perfect-information games."""
    pyspiel = pytest.importorskip("pyspiel")
    import games.spiel  # noqa: F401 (registers the games)
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("kong_monkey_dash")
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seen = make_observation(game, public)
    seen.set_from(state, 0)
    assert len(seen.tensor) == len(state.observation_tensor(0)) > 0
    assert list(seen.tensor) == list(state.observation_tensor(0))
    assert state.information_state_string(0) == state.history_str()


def test_a_variant_is_read_in_any_case_as_game_and_bot_names_are(tmp_path):
    """An audit: `--seats human,Random` and `Jenga-Mario` were taken, `--variant WIKI` refused. A variant is
    now read in any case and with - for _; an unknown one is still refused with the list."""
    out = run(tmp_path, "selfplay", "Jenga-DK", "--variant", "Corner-Climb", "--bots", "random,random",
              "--games", "1")
    assert out.returncode == 0, out.stderr
    out = run(tmp_path, "play", "donkey_kong", "--variant", "WIKI", "--seats", "random,random", "--seed", "1",
              "--terminal", stdin="")
    assert out.returncode == 0 and "Game over" in out.stdout, out.stderr
    out = run(tmp_path, "selfplay", "donkey_kong", "--variant", "wikis", "--games", "1")
    one_line(out, "unknown variant 'wikis' for donkey_kong; choose one of: rulebook, wiki")


def test_selfplay_with_too_few_bots_names_the_bots_not_a_player_count(tmp_path):
    """A research audit: `selfplay monkey_dash --bots greedy` said "monkey_dash is played by 2 players, not 1",
    though no player count was given. The line speaks of the bots named."""
    out = run(tmp_path, "selfplay", "monkey_dash", "--bots", "greedy")
    one_line(out, "--bots names 1 bot, one a seat, and monkey_dash is played by 2 players: name 2 bots "
                  "(e.g. --bots greedy,greedy)")


def test_the_pettingzoo_env_reads_a_game_named_as_the_command_line_reads_it():
    """A research audit: petting.env("Monkey Dash") said "'Monkey Dash' is not a game", though the registry and
    the command line take the title and "md"."""
    pytest.importorskip("pettingzoo")
    from games import petting

    for name in ("Monkey Dash", "md", "monkey-dash"):
        env = petting.env(name)
        env.reset(seed=1)
        assert env.unwrapped.spec.name == "monkey_dash" and env.unwrapped.metadata["name"] == "kong_monkey_dash_v0"
    with pytest.raises(Exception, match="'jenga_classic' has no PettingZoo environment"):
        petting.env("Jenga")


@pytest.mark.parametrize("main, argv, option", [
    ("sim", ["census", "--seed", "-4"], "--seed"),
    ("sim", ["riskmap", "--sample", "3"], "--sample"),
    ("games", ["selfplay", "monkey_dash", "--game", "2"], "--game"),
    ("games", ["play", "monkey_dash", "--seat", "human,random"], "--seat"),
])
def test_an_option_is_taken_only_as_written_in_full(capsys, main, argv, option):
    """`python -m sim census --seed -4` was read as --seeds (argparse's abbreviations) and refused in words
    about --seeds (an audit): every parser of both command lines takes an option only in full."""
    if main == "sim":
        from sim.cli import main as run
        code = run(argv)
    else:  # (leftovers are said by the command's own name since 7 Dec: main returns 2 rather than argparse exiting)
        from games.cli import main as run
        code = run(argv)
    err = capsys.readouterr().err
    assert code == 2 and f"unrecognized arguments: {option}" in err and len(err.strip().splitlines()) == 1, err


def test_the_interrupted_message_starts_its_own_line_on_a_terminal():
    """A terminal audit: Ctrl+C printed "^Cpython -m games: interrupted", the message run on after the
    terminal's echoed '^C'. On a terminal it starts a line of its own; in a file or a pipe nothing is added."""
    import io
    import pty

    from games.words import after_echo

    leader, follower = pty.openpty()
    try:
        with os.fdopen(follower, "w", closefd=False) as tty:
            assert after_echo(tty) == "\n"
    finally:
        os.close(leader)
        os.close(follower)
    assert after_echo(io.StringIO()) == ""


def test_a_plot_replaces_an_earlier_plot_but_no_other_file(tmp_path):
    """A terminal audit: 'tournament ... --plot thesis.pdf' overwrote a file of the user's with the plot, without
    a word, where every other output of the project refuses a file it did not write. --plot refuses an
    existing file that is not a picture matplotlib drew, and replaces one that is."""
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    thesis = tmp_path / "thesis.pdf"
    thesis.write_text("my thesis about matplotlib", encoding="utf-8")
    figure = tmp_path / "figure.png"  # a figure of the user's own, drawn with matplotlib (a regression audit)
    fig, ax = plt.subplots()
    ax.plot([1, 2])
    fig.savefig(figure)
    plt.close(fig)
    mine = figure.read_bytes()
    (tmp_path / "link.png").symlink_to(figure)
    for path, words in ((thesis, "exists and carries no Kong Tabletop plot mark"),
                        (figure, "exists and carries no Kong Tabletop plot mark"),
                        (tmp_path / "link.png", "is a link")):
        out = run(tmp_path, "tournament", "monkey_dash", "--bots", "random,greedy", "--games", "2", "--executor",
                  "serial", "--plot", str(path))
        one_line(out, "argument --plot: ", words)
    assert thesis.read_text(encoding="utf-8") == "my thesis about matplotlib" and figure.read_bytes() == mine
    plot = tmp_path / "plot.png"
    for _ in range(2):  # made, then replaced
        out = run(tmp_path, "tournament", "monkey_dash", "--bots", "random,greedy", "--games", "2", "--executor",
                  "serial", "--plot", str(plot))
        assert out.returncode == 0, out.stderr
        assert plot.read_bytes().startswith(b"\x89PNG")


def test_a_tournament_whose_every_game_failed_plots_nothing(faulty_always, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "ratings.png"
    assert cli.main(["tournament", "toy_broken", "--bots", "faulty,faulty2", "--games", "2", "--executor",
                     "serial", "--plot", str(picture)]) == 1
    assert not picture.exists() and "every game ended in an error" in capsys.readouterr().err


def test_every_error_of_a_command_names_that_command(tmp_path):
    """An audit: argparse's refusals of `play` began "python -m games play: error:", the project's own
    ("unknown game", "unknown seat") "python -m games: error:", so one command spoke with two names. And
    `selfplay --bots zz` suggested "--bots zz,zz", repeating a bot the game does not have."""
    for args, command in ((["play", "nosuch"], "play"), (["play", "donkey_kong", "--seats", "foo,bar"], "play"),
                          (["play", "donkey_kong", "--seed", "x"], "play"),
                          (["selfplay", "donkey_kong", "--bots", "greedy,nosuch"], "selfplay"),
                          (["tournament", "donkey_kong", "--bots", "nosuch,greedy"], "tournament")):
        line = one_line(run(tmp_path, *args, stdin=""))
        assert line.startswith(f"python -m games {command}: error: "), line
    line = one_line(run(tmp_path, "selfplay", "donkey_kong", "--bots", "zz"), "name 2 to 4 bots")
    assert "zz,zz" not in line and "(e.g. --bots random,random)" in line
    assert one_line(run(tmp_path, "nosuch")).startswith("python -m games: error: ")
    # argparse's leftovers were said by the program's parser (a regression audit)
    for args, command in ((["play", "donkey_kong", "extra"], "play"), (["list", "x"], "list"),
                          (["selfplay", "donkey_kong", "--bots", "random,random", "--games", "1", "extra"], "selfplay")):
        line = one_line(run(tmp_path, *args, stdin=""))
        assert line == f"python -m games {command}: error: unrecognized arguments: {args[-1]} (see --help)", line
    # an option before the command is the program's: "python -m games --bogus selfplay ..." blamed selfplay (a
    # regression audit)
    line = one_line(run(tmp_path, "--bogus", "selfplay", "donkey_kong", stdin=""))
    assert line == "python -m games: error: unrecognized arguments: --bogus (see --help)", line
