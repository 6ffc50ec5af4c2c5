"""`python -m games` stumbles of a second audit: an argument that would be silently ignored is refused."""

from __future__ import annotations

import pytest

from games import cli, tournament


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
