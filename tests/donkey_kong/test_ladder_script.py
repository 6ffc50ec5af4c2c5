"""benchmarks/dk_ladder.py: the seat-alternating matches behind the bot ladder's figures."""

from __future__ import annotations

import json

import pytest

from games import registry
from games.selfplay import play_one
from tests import benchmark_script


def _ladder():
    return benchmark_script.load("dk_ladder")


def test_each_seed_is_played_with_both_seat_orders_and_counted_as_selfplay_would(capsys, tmp_path):
    ladder = _ladder()
    log = tmp_path / "games.jsonl"
    ladder.main(["greedy,random", "--seeds", "3-5", "--json", "--log", str(log)])
    row = json.loads(capsys.readouterr().out)["pairings"][0]
    spec = registry.get("donkey_kong")
    wins = {"greedy": 0, "random": 0}
    for seed in range(3, 6):
        for bots in (["greedy", "random"], ["random", "greedy"]):
            for seat in play_one(spec, bots, "rulebook", seed)["winners"]:
                wins[bots[seat]] += 1  # a tie is a win for both
    assert row["games"] == 6 and (row["a_wins"], row["b_wins"]) == (wins["greedy"], wins["random"])
    assert len(log.read_text().splitlines()) == 6
    # --resume plays only what the log lacks: here the two games of seed 6
    ladder.main(["greedy,random", "--seeds", "3-6", "--json", "--log", str(log), "--resume"])
    again = json.loads(capsys.readouterr().out)["pairings"][0]
    assert again["games"] == 8 and len(log.read_text().splitlines()) == 8


def test_a_bot_with_settings_is_timed_and_bad_arguments_are_named(capsys):
    ladder = _ladder()
    ladder.main(["expert:playouts=2/rounds=2,greedy", "--seeds", "0-0", "--json", "--timing"])
    row = json.loads(capsys.readouterr().out)["pairings"][0]
    assert row["games"] == 2 and row["a_decision_cpu_s"]["decisions"] > 0
    assert 0 <= row["a_decision_cpu_s"]["median"] <= row["a_decision_cpu_s"]["max"]
    with pytest.raises(SystemExit) as bad:
        ladder.main(["greedy,random", "--seeds", "ten"])
    assert bad.value.code == 2 and "--seeds wants FIRST-LAST" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="unknown bot 'clever'"):
        ladder.main(["clever,random"])


def test_the_game_keeps_its_own_bots_after_a_run(capsys):
    before = list(registry.get("donkey_kong").bots)
    _ladder().main(["expert:playouts=1/rounds=1,greedy", "--seeds", "0-0", "--json", "--timing"])
    capsys.readouterr()
    assert list(registry.get("donkey_kong").bots) == before
