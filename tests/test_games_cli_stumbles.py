"""`python -m games` stumbles of a second audit: an argument that would be silently ignored is refused;
and of a third: the play command's help and `list` say what can be chosen, seat names are taken in any
case, and the terminal's save never replaces a file that is not a match."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games import cli, registry, tournament

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("executor", ["serial", "process", None])
def test_tournament_refuses_an_address_without_ray(executor, capsys, monkeypatch):
    """'--executor serial --address foo:1' played the games here and never said --address was unused."""
    played = []
    monkeypatch.setattr(tournament, "run", lambda *a, **k: played.append(True))
    code = cli.main(["tournament", "donkey_kong", "--bots", "random,greedy", "--games", "1",
                     *(["--executor", executor] if executor else []), "--address", "foo:1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not played
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "--address" in lines[0] and "--executor ray" in lines[0], err


def test_tournament_refuses_workers_for_the_serial_executor(capsys):
    """A research audit: '--executor serial --workers 2' played every game in one process and never said
    --workers was unused (python -m sim sweep refuses the same pair). One line, exit 2, nothing played."""
    code = cli.main(["tournament", "donkey_kong", "--bots", "random,greedy", "--games", "1", "--executor", "serial",
                     "--workers", "2", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "--workers" in lines[0] and "--executor serial" in lines[0], err


# ---- a third audit: the command line's comforts, and a save that never replaces other files ---------


def _run(tmp_path, *args, stdin=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", KONG_TABLETOP_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "games", *args], cwd=ROOT, env=env, text=True, input=stdin,
                          capture_output=True, timeout=300)


def test_play_help_names_the_games_and_says_what_variant_and_seed_do(capsys):
    """'play --help' showed the game positional and --variant/--seed with no help text at all."""
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "the game: donkey_kong, monkey_dash, jenga_classic, jenga_dk, jenga_mario" in text
    assert "--variant VARIANT rule variant (default: the game's default; see list)" in text
    assert "--seed SEED 0 to 9223372036854775807: the same seed and moves give the same dice, cards and bot " \
           "choices (default: a random one, printed at the start)" in text


def test_list_shows_each_game_s_variants_and_bots_on_its_line(tmp_path):
    """'list' gave a title and a summary, and no word of the variants or bots that --variant and --seats take."""
    out = _run(tmp_path, "list")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    table = {name: spec for name, spec in registry.games().items() if name != "toy_race"}  # a test's own game
    assert [line.split()[0] for line in lines] == list(table)
    assert lines[0].endswith("[variants: rulebook (default), wiki; bots: random, greedy, patient, strong, expert]")
    for line, spec in zip(lines, table.values()):
        assert f"[variants: {spec.default_variant} (default)" in line
        assert all(v in line for v in spec.variants) and all(b in line for b in spec.bots)


def test_seat_and_bot_names_are_taken_in_any_case(tmp_path):
    """'--seats Human,random' worked but '--seats human,RANDOM' was an unknown seat."""
    out = _run(tmp_path, "play", "donkey_kong", "--seats", "HUMAN,RANDOM", "--seed", "7", "--terminal",
               stdin="quit\n")
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert "Random bot 2" in out.stdout
    out = _run(tmp_path, "selfplay", "donkey_kong", "--bots", "Random,GREEDY", "--games", "1", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["bots"] == ["random", "greedy"]
    out = _run(tmp_path, "tournament", "monkey_dash", "--bots", "RANDOM,Greedy", "--games", "2",
               "--executor", "serial", "--json")
    assert out.returncode == 0, out.stderr
    assert sorted(row["bot"] for row in json.loads(out.stdout)["standings"]) == ["greedy", "random"]


def test_the_terminal_s_save_leaves_a_file_that_is_not_a_match_alone(tmp_path):
    """The audit's own steps: 'save notes.txt' printed "saved to notes.txt" and the notes were gone."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my precious notes\n")
    out = _run(tmp_path, "play", "donkey_kong", "--terminal", "--seed", "7", "--seats", "human,random",
               stdin=f"save {notes}\nquit\n")
    assert out.returncode == 0, out.stderr
    assert notes.read_text() == "my precious notes\n"
    assert f"Not saved: {notes} is a file but not a Kong Tabletop match" in out.stdout
    assert "saved to" not in out.stdout


def test_a_match_file_with_a_byte_order_mark_loads_from_the_command_line(tmp_path):
    game = tmp_path / "g.json"
    out = _run(tmp_path, "play", "donkey_kong", "--terminal", "--seed", "7", "--seats", "human,random",
               stdin=f"1\nsave {game}\nquit\n")
    assert out.returncode == 0 and game.exists(), out.stderr
    game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
    out = _run(tmp_path, "play", "--load", str(game), "--terminal", stdin="quit\n")
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.startswith("Donkey Kong (donkey_kong, variant rulebook), seed 7.")


def test_a_person_is_named_by_their_seat_as_a_bot_is():
    """Before: `--seats expert,human` named the person "Player 1" (counted among the people) while their badge
    and seat were 2. A person is now named by the seat, as a bot is."""
    from games import registry
    from games.cli import _seats_from

    seats = _seats_from("expert,human,human", registry.get("donkey_kong"))
    assert [s.name for s in seats] == ["Expert bot 1", "Player 2", "Player 3"]
    assert [s.name for s in _seats_from("human,random", registry.get("monkey_dash"))] == ["Player 1", "Random bot 2"]


def test_play_load_counts_the_replayed_moves_on_a_terminal(tmp_path):
    """`play --load` of a long Jenga match replayed every push through the physics for seconds with nothing
    said. On a terminal the moves replayed are now counted on one line, rewritten in place and ended after
    the last; a pseudo-terminal stands for the person's, and the game then starts as before."""
    import pty

    from games.core import Seat
    from games.match import Match

    saved = Match(registry.get("donkey_kong").make_config(seats=[Seat("Ann"), Seat("Bob", "random")]), seed=7)
    for _ in range(60):  # Ann's moves: her first choice each time
        if saved.waiting_for_human():
            saved.play(saved.state.legal_actions()[0])
        else:
            saved.step()
    path = tmp_path / "game.json"
    saved.save(path)
    total = len(saved.history)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", KONG_TABLETOP_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    main, child = pty.openpty()
    proc = subprocess.run([sys.executable, "-m", "games", "play", "--load", str(path), "--terminal"], cwd=ROOT,
                          env=env, input="quit\n", stdout=subprocess.PIPE, stderr=child, text=True, timeout=120)
    os.close(child)
    err = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the pseudo-terminal is closed once it is read dry
            break
        if not chunk:
            break
        err += chunk
    os.close(main)
    err = err.decode()
    assert proc.returncode == 0, (proc.stdout, err)
    assert f"\rOpening {path}: replaying move 10 of {total}" in err
    assert f"\rOpening {path}: replaying move {total} of {total}\r\n" in err  # the terminal's own line end
    assert "Type 'help' for the moves." in proc.stdout


def test_the_terminal_says_why_the_rules_refuse_an_action_typed_in_full(tmp_path):
    """A rules audit: typed in the terminal, every refused action read "'...' names no action available now",
    so the engine's reasons ("another player has that card", "blocks of level 1 have their ends on +y and
    -y") never reached a player. An action written as the game writes one is now refused with the rule it
    breaks; text that names no action at all keeps the old line."""
    out = _run(tmp_path, "play", "jenga_mario", "--terminal", "--seed", "3", "--seats", "human,human",
               stdin="character mario\ncharacter mario\ncharacter luigi\npeg 1:0+x\nfoo bar\nquit\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "'character mario': another player has that card; choose character luigi" in out.stdout
    assert "'peg 1:0+x' is not allowed: blocks of level 1 have their ends on +y and -y" in out.stdout
    assert "'foo bar' names no action available now" in out.stdout


def test_a_damaged_asset_met_while_the_game_is_named_is_one_line_not_a_traceback(monkeypatch, capsys):
    """A robustness audit: with "builds": 0 in assets/jenga/play.json, `selfplay jenga_classic` printed a
    42-line traceback (exit 1), since the game's name is read, and its data first loaded, before the
    commands' own handling of a damaged asset. It is one line now, exit 2, as `list` said it."""
    import json as _json
    from games.jenga import data as jenga_data

    good = _json.loads((Path(jenga_data.ASSETS) / "play.json").read_text())

    def damaged(name, table=None):  # the real check on the file's data with one value broken
        jenga_data.check_play(dict(good, builds=0))
        return name

    monkeypatch.setattr(registry, "canonical", damaged)
    for argv in (["selfplay", "jenga_classic", "--games", "1"], ["play", "jenga_classic", "--terminal"],
                 ["tournament", "jenga_classic", "--bots", "random,careful", "--games", "1"]):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "builds: expected a whole number from 1 to 10000, got 0" in err, err


def test_the_terminal_s_save_names_a_pipe_or_a_broken_link_for_what_it_is(tmp_path):
    """A robustness audit: `save` to a FIFO or to a link that leads nowhere said "... is a file but not a Kong
    Tabletop match". Neither is a file; the line says what it is, and nothing is written."""
    pipe, loop = tmp_path / "fifo.json", tmp_path / "loop.json"
    os.mkfifo(pipe)
    loop.symlink_to(loop)
    out = _run(tmp_path, "play", "donkey_kong", "--terminal", "--seed", "7", "--seats", "human,random",
               stdin=f"save {pipe}\nsave {loop}\nquit\n")
    assert out.returncode == 0, out.stderr
    assert f"Not saved: {pipe} is not a regular file" in out.stdout
    assert f"Not saved: {loop} is a link that leads to no file" in out.stdout
    assert "is a file but not" not in out.stdout and loop.is_symlink()


def test_a_game_whose_asset_is_damaged_is_left_out_and_the_others_still_play(tmp_path, monkeypatch, capsys):
    """A regression audit: with assets/donkey_kong/board.json damaged, every command stopped on that file,
    `selfplay monkey_dash` and `list` included, since loading the list of games loads every game. A game
    whose data file is damaged is now left out of the list, with its fault: naming it gives that fault in
    one line, `list` shows it as one that cannot be played (exit 2), and the other games play."""
    from assets.reader import AssetError

    from .conftest import damaged_game

    damaged_game(tmp_path, monkeypatch, "kt_damaged_game", "assets/damaged/board.json: not valid JSON, it looks cut short")
    try:
        assert "damaged_game" not in registry.games() and "monkey_dash" in registry.games()
        assert list(registry.broken()) == ["damaged_game"]
        for name in ("damaged_game", "Damaged Game", "damaged"):
            with pytest.raises(AssetError, match="board.json: not valid JSON"):
                registry.canonical(name)
        assert registry.canonical("monkey") == "monkey_dash"
        assert cli.main(["list"]) == 2
        out = capsys.readouterr().out
        assert "monkey_dash" in out and "damaged_game   cannot be played: assets/damaged/board.json" in out
        assert cli.main(["selfplay", "damaged_game", "--games", "1"]) == 2
        assert capsys.readouterr().err.count("\n") == 1
        assert cli.main(["selfplay", "monkey_dash", "--games", "1"]) == 0
    finally:
        registry._cache = None


# ---- a bad-input audit (6 Dec): leaving a terminal game by closing it, a lost output, a NUL, closed streams --


def _env(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", KONG_TABLETOP_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def _kept(tmp_path) -> list[Path]:
    return sorted((tmp_path / "home" / "saves").glob("donkey_kong-*.json"))


@pytest.mark.parametrize("signame", ["SIGHUP", "SIGTERM"])
def test_closing_the_terminal_keeps_a_terminal_game_as_ctrl_c_does(tmp_path, signame):
    """Closing the terminal window (SIGHUP) or a kill (SIGTERM) ended the program with the moves typed lost;
    the end of the input and Ctrl-C kept them. Now the game is kept among the saved matches, the command
    says it stopped, and exits 128 plus the signal's number."""
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "games", "play", "donkey_kong", "--seats", "human,random",
                             "--seed", "3", "--terminal"], cwd=ROOT, env=_env(tmp_path), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    said = b""
    proc.stdin.write(b"1\n")
    proc.stdin.flush()
    while said.count(b"(type an action, a number, or help)> ") < 2:  # the move played, the next prompt up
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, said[-2000:]
        said += chunk
    proc.send_signal(getattr(signal, signame))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + getattr(signal, signame), err
    assert err.decode().strip().endswith(f"stopped by {signame}")
    kept = _kept(tmp_path)
    assert len(kept) == 1 and json.loads(kept[0].read_text())["actions"][-1] != "roll", kept
    assert b"your game is kept as" in out


def test_a_lost_output_keeps_a_terminal_game(tmp_path):
    """The reader of the output going away (`| head -c ...`, a lost terminal) ended the game with exit 141,
    no word and nothing kept. The game is kept and stderr says where."""
    proc = subprocess.Popen([sys.executable, "-m", "games", "play", "donkey_kong", "--seats", "human,random",
                             "--seed", "3", "--terminal"], cwd=ROOT, env=_env(tmp_path), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    said = b""
    proc.stdin.write(b"1\n" * 400)
    proc.stdin.flush()
    while said.count(b"(type an action, a number, or help)> ") < 3:  # two of the person's moves played
        said += os.read(proc.stdout.fileno(), 65536)
    proc.stdout.close()  # the reader goes away
    proc.stdin.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode == 141, err
    kept = _kept(tmp_path)
    assert len(kept) == 1 and err.startswith("The output was lost; your game is kept as"), err


def test_a_nul_in_a_save_name_is_refused_and_the_game_goes_on(tmp_path):
    """'save a<NUL>b.json' (Ctrl+@ or Ctrl+Space types a NUL) raised "embedded null byte" out of the game,
    a traceback, and the moves were lost. It is refused in a line and the game goes on."""
    done = _run(tmp_path, "play", "donkey_kong", "--seats", "human,random", "--seed", "3", "--terminal",
                stdin=f"1\nsave {tmp_path / 'a'}\0b.json\nsave {tmp_path / 'g.json'}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Cannot save to that name: it holds a NUL character" in done.stdout and "Traceback" not in done.stderr
    assert len(json.loads((tmp_path / "g.json").read_text())["actions"]) > 1


@pytest.mark.parametrize("argv", [["-m", "games", "list"], ["-m", "sim", "check", "--remove", "0:1"]])
def test_a_command_started_with_its_output_closed_ends_without_a_traceback(tmp_path, argv):
    """`python -m games list >&-` and `python -m sim check ... >&-` ended on an AttributeError traceback
    (sys.stdout is None there): they run, and say nothing, as there is nowhere to say it."""
    done = subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, *argv], cwd=ROOT, env=_env(tmp_path),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_a_terminal_game_started_with_its_output_closed_still_reads_the_moves_and_keeps_them(tmp_path):
    """`play --terminal >&-` ended on a traceback; then (a regression audit) it ran but read no move at all:
    input() needs an output for its prompt and refused every line, taken for the end of the input. The moves
    typed are played, and kept when the input ends."""
    done = subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, "-m", "games", "play", "monkey_dash",
                           "--seats", "human,random", "--seed", "3", "--terminal"], cwd=ROOT, env=_env(tmp_path),
                          input="1\n1\n1\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    kept = sorted((tmp_path / "home" / "saves").glob("monkey_dash-*.json"))
    assert len(kept) == 1 and any(a["by"] == 0 for a in json.loads(kept[0].read_text())["actions"])


def test_a_push_step_that_rounds_a_push_out_of_its_range_is_refused_when_the_asset_is_read():
    """A bad-input audit: "step": 0.04 in play.json's speed_m_s passed the check, then rounded the steady
    style's 0.015 m/s to 0, which the physics refused at the first push of every Jenga game (a traceback in
    the terminal; selfplay counted an error and exited 0). The asset check refuses it, naming the field;
    a range wider than the simulator's own is refused too."""
    import json as _json

    from assets.reader import AssetError
    from games.jenga import data as jenga_data

    good = _json.loads((Path(jenga_data.ASSETS) / "play.json").read_text())
    assert jenga_data.check_play(good)["speed_m_s"]["step"] == good["speed_m_s"]["step"]
    with pytest.raises(AssetError, match=r"play.json speed_m_s.step: 0.04 rounds speed_m_s.min 0.005 to 0, outside"):
        jenga_data.check_play(dict(good, speed_m_s=dict(good["speed_m_s"], step=0.04)))
    steady = dict(good, speed_m_s=dict(good["speed_m_s"], min=0.01, step=0.01))  # 0.015 rounds to 0.02: in range
    assert jenga_data.check_play(steady)["push_styles"][0]["speed"] == 0.015
    with pytest.raises(AssetError, match=r"steadiness.step: 0.4 rounds steadiness.min 0.5 to 0.4, outside"):
        jenga_data.check_play(dict(good, steadiness=dict(good["steadiness"], min=0.5, step=0.4)))
    with pytest.raises(AssetError, match=r"speed_m_s.max: expected a number from 0.005 to 0.25, got 0.3"):
        jenga_data.check_play(dict(good, speed_m_s=dict(good["speed_m_s"], max=0.3)))


def test_a_display_that_does_not_answer_is_said_and_a_match_plays_in_the_terminal(tmp_path):
    """A README audit: with DISPLAY naming no server (a stale DISPLAY over SSH), SDL went on with its offscreen
    driver, which shows nothing, and the app ran unseen until killed. docs/render.md: "if a window cannot be
    opened although a display seems present, run_match falls back to the terminal and run_launcher says so
    and exits with 1"."""
    env = dict(_env(tmp_path), DISPLAY=":987", SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER")
    launcher = subprocess.run([sys.executable, "-m", "games"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=300)
    assert launcher.returncode == 1
    assert "Cannot open a window (no display answered at :987" in launcher.stderr, launcher.stderr
    match = subprocess.run([sys.executable, "-m", "games", "play", "donkey_kong", "--seats", "strong,strong",
                            "--seed", "2"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=300)
    assert match.returncode == 0 and "playing in the terminal instead" in match.stderr
    assert "Game over. Scores:" in match.stdout and "rescued the Fair Maiden" in match.stdout
    # as every terminal game starts (an audit)
    assert match.stdout.startswith("Donkey Kong (donkey_kong, variant rulebook), seed 2. Type 'help' for the moves.")


def test_a_kept_terminal_game_loaded_again_goes_on_in_its_own_file(tmp_path):
    """A regression audit: 'play --load' of a game the terminal had kept, then more moves, kept the game in a
    new file each time, the loaded one left at its older turn: a copy more among the saved matches each time.
    It goes on in its own file; leaving without the new moves puts that file back as it was loaded; a game
    a person saved under a name of their own is left alone (the moves go to a kept copy)."""
    first = _run(tmp_path, "play", "donkey_kong", "--seats", "human,random", "--seed", "3", "--terminal",
                 stdin="1\n")  # the input ends: kept
    assert first.returncode == 0, first.stderr
    kept = _kept(tmp_path)
    assert len(kept) == 1
    before = kept[0].read_bytes()
    steps = len(json.loads(before)["actions"])
    again = _run(tmp_path, "play", "--load", str(kept[0]), "--terminal", stdin="1\n1\n")
    assert again.returncode == 0, again.stderr
    assert _kept(tmp_path) == kept and len(json.loads(kept[0].read_text())["actions"]) > steps
    grown = kept[0].read_bytes()
    left = _run(tmp_path, "play", "--load", str(kept[0]), "--terminal", stdin="1\nquit\nquit\n")
    assert left.returncode == 0, left.stderr
    assert _kept(tmp_path) == kept and kept[0].read_bytes() == grown  # put back as it was loaded
    named = tmp_path / "mine.json"
    named.write_bytes(before)
    mine = _run(tmp_path, "play", "--load", str(named), "--terminal", stdin="1\n")
    assert mine.returncode == 0, mine.stderr
    assert named.read_bytes() == before and len(_kept(tmp_path)) == 2
    # a save of the window's (Ctrl+S names it the same way, among the saved matches) is left alone too (a
    # regression audit: its continuation in the terminal overwrote the position saved in the window)
    window_save = tmp_path / "home" / "saves" / "donkey_kong-20261207-040528.json"
    window_save.write_bytes(before)
    theirs = _run(tmp_path, "play", "--load", str(window_save), "--terminal", stdin="1\n")
    assert theirs.returncode == 0, theirs.stderr
    assert window_save.read_bytes() == before and len(_kept(tmp_path)) == 4


def test_play_without_a_display_says_it_plays_in_the_terminal(tmp_path):
    """A terminal audit: 'play donkey_kong' with no display (no --terminal) went straight to the text board
    with no word why, where the launcher says "No display found: ...". It says so; with --terminal, asked
    for, nothing is said."""
    for flags, said in (([], True), (["--terminal"], False)):
        proc = subprocess.run([sys.executable, "-m", "games", "play", "donkey_kong", "--seats", "human,random",
                               "--seed", "3", *flags], cwd=ROOT, env=_env(tmp_path), input="quit\n",
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        first = proc.stdout.splitlines()[0]
        assert first.startswith("No display found: playing in the terminal instead of the window.") == said, first
        assert "Donkey Kong (donkey_kong, variant rulebook), seed 3. Type 'help' for the moves." in first


def test_a_terminal_game_names_the_game_a_short_name_chose(tmp_path):
    """A terminal audit: `play jenga` played traditional Jenga and `play mario` Super Mario Jenga with no word of
    which; the first line said only the seed. It names the game, and the variant where the game has several."""
    for name, first_words in (("jenga", "Jenga (jenga_classic), seed 4."),
                              ("mario", "Super Mario Jenga (jenga_mario, variant standard), seed 4.")):
        proc = subprocess.run([sys.executable, "-m", "games", "play", name, "--seats", "human,random", "--seed", "4",
                               "--terminal"], cwd=ROOT, env=_env(tmp_path), input="quit\nquit\n",
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(first_words + " Type 'help' for the moves."), proc.stdout[:200]
