"""The Donkey Kong board file: it loads, its graph is what the rules need, and broken files are named."""

from __future__ import annotations

import copy
import json

import pytest

from games.donkey_kong.board import BOARD, BOARD_PATH, BoardError, build_board

RAW = json.loads(BOARD_PATH.read_text(encoding="utf-8"))


def _broken(change) -> str:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(BoardError) as err:
        build_board(data)
    return str(err.value)


def test_special_spaces_are_marked_once():
    """Rulebook: a barrel drops 'onto the top left blue space', fireballs end 'in front of the ape'."""
    names = BOARD.names
    assert names[BOARD.dk] == "G6.0" and names[BOARD.drop] == "G6.1"
    assert BOARD.kind[BOARD.oil_can] == "oil_can"
    assert BOARD.route[0] == BOARD.oil_can and BOARD.route[-1] == BOARD.dk and BOARD.route[-2] == BOARD.drop
    assert len(BOARD.start_barrels) == 6
    assert sum(BOARD.red_dot) >= 6
    # Donkey Kong is top left, the Oil Can bottom left, the Finish on the highest platform.
    assert BOARD.xy[BOARD.dk][0] < 200 and BOARD.xy[BOARD.oil_can][0] < 200
    assert BOARD.xy[BOARD.oil_can][1] > 900
    assert BOARD.xy[BOARD.finish][1] == min(y for _, y in BOARD.xy)


def test_every_space_has_drawing_coordinates_in_the_square():
    for (x, y), name in zip(BOARD.xy, BOARD.names):
        assert 0 <= x <= 1000 and 0 <= y <= 1000, name


def test_the_gamepath_runs_down_every_girder_in_turn():
    """Rulebook: 'barrels always move down the girders towards the Oil Can space'."""
    levels = [BOARD.level[s] for s in BOARD.route[1:]]
    assert levels == sorted(levels)  # from the Oil Can upwards the route only climbs
    assert set(levels) == {1, 2, 3, 4, 5, 6}


def test_pawns_change_girders_only_by_ladders():
    """Rulebook: 'Pawns can only move from one girder to another girder by [ladders]'."""
    for s, steps in enumerate(BOARD.pawn_steps):
        for t, direction in steps:
            if BOARD.kind[s] == "girder" and BOARD.kind[t] == "girder":
                assert BOARD.level[s] == BOARD.level[t] and direction in "LR"
    assert all(not steps for s, steps in enumerate(BOARD.pawn_steps) if s == BOARD.oil_can)


@pytest.mark.parametrize("version, words", [
    (2, "version: this build reads board version 1, not 2 (a later Kong Tabletop wrote it)"),
    ("1", "version: this build reads board version 1, not '1'"),
    (True, "version: this build reads board version 1, not True"),
])
def test_a_board_of_another_version_is_refused_by_its_version(version, words):
    """A board file says which version of the format it is written in ("version": 1, docs/donkey_kong.md); one
    of another version was read as this one's, its fields taken at their word (a robustness audit)."""
    assert _broken(lambda d: d.update(version=version)) == words


def test_a_board_without_a_version_is_read_as_version_1():
    data = copy.deepcopy(RAW)
    del data["version"]
    assert build_board(data).names == BOARD.names


def test_dangling_link_is_named():
    def change(d):
        d["edges"][0]["to"] = "G9.9"
    assert "G9.9" in _broken(change) and "dangling" in _broken(change)


def test_missing_special_space_is_named():
    def change(d):
        for s in d["spaces"]:
            if "drop" in s["marks"]:
                s["marks"].remove("drop")
    assert "'drop'" in _broken(change)


def test_ladder_that_joins_nothing_is_named():
    def change(d):
        d["ladders"][0]["top"] = "G1.5"  # bottom and top on one girder
    msg = _broken(change)
    assert "L1" in msg and "joins nothing" in msg


def test_wrong_number_of_barrel_spaces_is_named():
    def change(d):
        for s in d["spaces"]:
            if "black_dot" in s["marks"]:
                s["marks"].remove("black_dot")
                break
    assert "black-dot" in _broken(change)


def test_route_that_never_reaches_the_oil_can_is_named():
    def change(d):
        d["edges"] = [e for e in d["edges"] if e["to"] != "OIL"]
    assert "Oil Can" in _broken(change)


def test_malformed_json_is_named(tmp_path):
    from games.donkey_kong.board import load_board
    broken = tmp_path / "board.json"
    broken.write_text(BOARD_PATH.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load_board(broken)
    assert "not valid JSON" in str(err.value) and str(broken) in str(err.value)
    with pytest.raises(BoardError, match="no such file"):
        load_board(tmp_path / "missing.json")


def test_a_file_of_another_kind_is_named():
    assert "not a Donkey Kong board" in _broken(lambda d: d.update(format="monkey-dash"))
    assert "ladders: expected a list" in _broken(lambda d: d.pop("ladders"))


def test_a_ladder_rung_that_dangles_or_hangs_free_is_named():
    def dangling(d):
        d["ladders"][2]["spaces"][0] = "L99.1"
    msg = _broken(dangling)
    assert "L3" in msg and "L99.1" in msg and "dangling" in msg

    def orphan(d):
        d["ladders"] = [lad for lad in d["ladders"] if lad["id"] != "L4"]
    assert "belongs to no ladder" in _broken(orphan)


def test_a_ladder_joining_a_girder_to_nothing_is_named():
    def change(d):
        d["ladders"][1]["top"] = d["ladders"][1]["spaces"][0]  # its top is one of its own rungs
    msg = _broken(change)
    assert "L2" in msg and "joins nothing" in msg


def test_a_missing_finish_and_a_cut_off_space_are_named():
    def no_finish(d):
        for s in d["spaces"]:
            if "finish" in s["marks"]:
                s["marks"].remove("finish")
    assert "'finish'" in _broken(no_finish) and "missing" in _broken(no_finish)

    def cut(d):
        d["ladders"] = [lad for lad in d["ladders"] if lad["id"] != "L11"]
        for s in d["spaces"]:
            if s["id"].startswith("L11."):
                s["kind"] = "girder"
        d["girders"].append({"id": "X", "level": 9, "spaces": ["L11.1", "L11.2"], "barrels_roll": None})
    assert "cannot reach the Finish" in _broken(cut)
