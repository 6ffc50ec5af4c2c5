"""`python -m games`: list, selfplay (text and --json), bad arguments, and the headless launcher."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env_extra=None, stdin=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "games", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, input=stdin)


def test_list_names_each_registered_game():
    from games import registry

    out = run("list")
    assert out.returncode == 0
    lines = out.stdout.strip().splitlines()
    names = [line.split()[0] for line in lines]
    assert names == [n for n in registry.games() if n != "toy_race"]


@pytest.mark.parametrize("args, message", [
    (["selfplay", "chess"], "unknown game 'chess'"),
    (["selfplay", "kong"], "'kong' could be any of donkey_kong, jenga_dk"),
    (["selfplay"], "the following arguments are required: game"),
    (["selfplay", "GAME", "--games", "zero"], "expected a whole number"),
    (["selfplay", "GAME", "--seed", "-3"], "a seed is 0 or more"),
    (["selfplay", "GAME", "--bot", "wizard"], "unknown bot 'wizard'"),
    (["selfplay", "GAME", "--variant", "turbo"], "unknown variant 'turbo'"),
    (["selfplay", "GAME", "--players", "9"], "not 9"),
    # the game's own range for 0 too, as for 1 and 9 ("from 1 to 1000000" stood beside it: a bad-input audit)
    (["selfplay", "GAME", "--players", "0"], "donkey_kong is played by 2 to 4 players, not 0"),
    (["frobnicate"], "invalid choice"),
    (["play", "GAME", "--load", "/nonexistent/save.json"], "no such file"),
])
def test_bad_arguments_give_one_line_and_exit_2(args, message):
    args = ["donkey_kong" if a == "GAME" else a for a in args]
    out = run(*args)
    assert out.returncode == 2, out
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_selfplay_json_is_one_object_and_replays_by_seed():
    a = run("selfplay", "donkey_kong", "--games", "3", "--seed", "11", "--json")
    b = run("selfplay", "donkey_kong", "--games", "3", "--seed", "11", "--json")
    assert a.returncode == 0, a.stderr
    summary = json.loads(a.stdout)
    for key in ("game", "games", "seed", "finished", "errors", "invariant_violations", "mean_turns",
                "wall_s", "games_per_s", "winners", "digest"):
        assert key in summary
    assert summary["games"] == 3 and summary["finished"] == 3 and summary["errors"] == 0
    assert summary["invariant_violations"] == 0 and len(summary["winners"]) == 3
    assert len(summary["last_by_seat"]) == len(summary["wins_by_seat"]) and sum(summary["last_by_seat"]) <= 3 * 4
    assert json.loads(b.stdout)["digest"] == summary["digest"]


def test_last_places_are_the_lowest_returns_unless_every_seat_ties():
    from games.selfplay import last_places

    assert last_places([0.0, -1.0, 1.0]) == [1]          # Jenga: the toppler -1, the last stacker +1
    assert last_places([-1.0, -1.0, 1.0]) == [0, 1]
    assert last_places([0.0, 0.0]) == []                  # a draw has no last place
    assert last_places([]) == []                          # an unfinished game neither


def test_launcher_without_display_says_so_and_plays_a_bots_game():
    out = run()
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    assert first.startswith("No display found")
    assert "Game over. Scores:" in out.stdout


def test_terminal_play_shows_the_rules_of_the_variant_in_play():
    """The terminal has no help overlay: 'rules' prints the game's rules as this table plays them, the
    variant's own (with the decisions where the rules texts are silent), and the game goes on."""
    out = run("play", "donkey_kong", "--seats", "human,random", "--seed", "4", "--variant", "wiki", "--terminal",
              stdin="help\nrules\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "save FILE, rules, quit" in out.stdout
    assert "Where the source texts disagree or say nothing, this table decides as follows (wiki reading)" in out.stdout
    jenga = run("play", "jenga_classic", "--seats", "human,random", "--seed", "4", "--terminal", stdin="rules\nquit\n")
    assert jenga.returncode == 0 and "A fall is final" in jenga.stdout


def test_terminal_play_takes_typed_moves_and_saves(tmp_path):
    save = tmp_path / "t.json"
    # Type 'help', a bad move, then always the first listed move for a while, then save.
    script = "help\nnot a move\n" + "1\n" * 8 + f"save {save}\nquit\n"
    out = run("play", "donkey_kong", "--seats", "human,random", "--seed", "4", "--terminal", stdin=script)
    assert out.returncode == 0, out.stderr
    assert "names no action" in out.stdout or "not legal" in out.stdout
    assert save.exists()
    again = run("play", "--load", str(save), "--terminal", stdin="quit\n")
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("typed, game", [("Donkey_Kong", "donkey_kong"), ("monkey-dash", "monkey_dash"),
                                         ("Jenga Mario", "jenga_mario"), ("mario", "jenga_mario"),
                                         ("jenga dk", "jenga_dk"), ("Donkey Kong", "donkey_kong"),
                                         ("md", "monkey_dash"),
                                         ("Donkey Kong Jenga", "jenga_dk"), ("Super Mario Jenga", "jenga_mario"),
                                         ("jenga", "jenga_classic"), ("CLASSIC", "jenga_classic")])
def test_a_game_is_named_in_any_case_by_its_name_or_title_or_words_only_it_has(typed, game):
    from games import registry

    assert registry.canonical(typed) == game
    assert registry.get(typed).name == game


def test_dk_alone_could_be_the_board_game_or_the_jenga_game():
    """The board game says DK throughout (the die's face, "6 in DK's arm"): "play dk" opened Donkey Kong
    Jenga for a player who meant the board game (an audit). It is said to be either, as "kong" is."""
    from games import registry
    from games.core import ConfigError

    with pytest.raises(ConfigError, match="'dk' could be any of donkey_kong, jenga_dk; name one of them"):
        registry.canonical("dk")
    out = run("play", "dk", "--seats", "human,greedy", "--terminal", stdin="quit\n")
    assert out.returncode != 0 and "could be any of donkey_kong, jenga_dk" in out.stderr


def test_selfplay_reports_the_games_own_name_when_typed_otherwise():
    out = run("selfplay", "Monkey-Dash", "--games", "1", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "monkey_dash"


@pytest.mark.parametrize("typed, game", [("Jenga: Super Mario", "jenga_mario"),
                                         ("Jenga: Donkey Kong Collector's Edition", "jenga_dk"),
                                         ("traditional Jenga", "jenga_classic"), ("traditional", "jenga_classic")])
def test_the_readmes_names_of_the_games_are_taken(typed, game):
    """A terminal audit: 'selfplay "Jenga: Super Mario"' said "unknown game", though it is the name the README's
    first table gives; so were "Jenga: Donkey Kong Collector's Edition" and "traditional" (classic Jenga's
    own word there). A game is found by its title's words in any order, punctuation and "Collector's Edition"
    aside."""
    from games import registry

    assert registry.canonical(typed) == game
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert typed.lower() in readme.lower()
