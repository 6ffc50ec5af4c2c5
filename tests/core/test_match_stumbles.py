"""Stumbles of the match API and the terminal found by an audit: a save that replaced a file that was not a
match, seeds given as numpy integers, seats that made unloadable files, load errors that blamed an earlier
version for a hand-edited file, a quoted action of thousands of characters, a file with a byte-order mark,
and a typed number past the list. Real files in a temporary folder; no mocks."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from games import registry, selfplay, tournament
from games.core import ActionSyntaxError, ConfigError, Seat
from games.match import Match, MatchFileError, _checksum, is_match_file
from games.terminal import play


# home: autosaves (the terminal keeps a game left with moves) go to the test's own folder (autouse);
# typing: a read() that answers with the lines given
from tests.core.test_terminal_stumbles import home, typing  # noqa: E402,F401


def dk(seed=7):
    spec = registry.get("donkey_kong")
    return Match(spec.make_config([Seat("Ann"), Seat("Bot", "random")]), seed)


def said_lines(out: io.StringIO, *lines) -> list[str]:
    return [line for line in out.getvalue().splitlines() if any(w in line for w in lines)]


# ---- finding 1: `save FILE` never replaces a file that is not a match ---------------------------------

def test_save_refuses_to_replace_a_file_that_is_not_a_match(tmp_path):
    """'save notes.txt' printed "saved to notes.txt" and the notes were gone."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my precious notes\n")
    out = io.StringIO()
    play(dk(), typing(f"save {notes}", "quit"), out)
    assert notes.read_text() == "my precious notes\n"
    refusal = said_lines(out, "Not saved")
    assert len(refusal) == 1
    assert f"{notes} is a file but not a Kong Tabletop match" in refusal[0]
    assert f"give another name, such as {tmp_path / 'my-game.json'}" in refusal[0]
    assert "saved to" not in out.getvalue()
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == ["notes.txt"]   # no temporary either


def test_save_replaces_a_match_file_and_says_so(tmp_path):
    game = tmp_path / "g.json"
    match = dk()
    out = io.StringIO()
    play(match, typing(f"save {game}", "1", f"save {game}", "quit"), out)
    lines = said_lines(out, "saved to")
    assert lines[0].endswith(f"saved to {game}")                  # a new file: nothing replaced
    assert lines[1].endswith(f"saved to {game} (it replaced the match saved there before)")
    assert Match.load(game).history == match.history               # the file holds the later save


def test_the_terminal_help_says_what_save_replaces():
    out = io.StringIO()
    play(dk(), typing("help", "quit"), out)
    assert ("save FILE writes a new file or replaces a saved match, one of another game or seed only when\n"
            "  asked twice; it never replaces another file") in out.getvalue()


def test_a_terminal_save_over_a_match_of_another_game_asks_first(tmp_path):
    """An audit's `save dk.json` in a Monkey Dash game replaced the Donkey Kong match saved there at once. A
    match of another game or seed is replaced only when the same save is typed again; the file is unchanged
    until then, and any other line in between asks again."""
    other = tmp_path / "dk.json"
    dk(seed=4).save(other)
    before = other.read_bytes()
    spec = registry.get("monkey_dash")
    match = Match(spec.make_config([Seat("Ann"), Seat("Bot", "greedy")]), 4)
    out = io.StringIO()
    play(match, typing(f"save {other}", "help", f"save {other}", f"save {other}", "quit"), out)
    said = out.getvalue()
    assert said.count(f"{other} holds another match (Donkey Kong, seed 4): type 'save {other}' again to "
                      f"replace it, or give another name, such as {tmp_path / 'my-game.json'}.") == 2
    assert f"saved to {other} (it replaced the match saved there before)" in said
    assert Match.load(other).config.game == "monkey_dash" and other.read_bytes() != before


def test_is_match_file_tells_a_match_from_other_files(tmp_path):
    match = dk()
    match.save(tmp_path / "m.json")
    (tmp_path / "notes.txt").write_text("notes")
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    (tmp_path / "cut.json").write_text((tmp_path / "m.json").read_text()[:50])
    assert is_match_file(tmp_path / "m.json")
    assert not any(is_match_file(tmp_path / name) for name in ("notes.txt", "other.json", "cut.json", "none.json"))
    assert not is_match_file(tmp_path)   # a folder


# ---- finding 2: a seed given as a numpy integer -------------------------------------------------------

def test_a_numpy_integer_seed_is_taken_as_its_value():
    """Match(cfg, np.int64(3)) raised "a seed is a whole number from 0 to ..., got np.int64(3)"."""
    spec = registry.get("donkey_kong")
    config = spec.make_config()
    match = Match(config, np.int64(3))
    assert match.seed == 3 and type(match.seed) is int
    plain = Match(config, 3)
    match.advance(limit=20)
    plain.advance(limit=20)
    assert match.history == plain.history
    assert json.loads(json.dumps(match.to_json()))["seed"] == 3


def test_selfplay_and_tournament_take_numpy_integer_seeds():
    summary = selfplay.run("donkey_kong", games=1, seed=np.int64(2))
    assert summary["seed"] == 2 and summary["digest"] == selfplay.run("donkey_kong", games=1, seed=2)["digest"]
    json.dumps(summary)
    jobs = tournament.schedule("monkey_dash", ["random", "greedy"], 2, np.uint16(5), None)
    assert [job["seed"] for job in jobs] == [5, 6] and all(type(job["seed"]) is int for job in jobs)


@pytest.mark.parametrize("seed, shown", [(True, "True"), (np.True_, "np.True_"), (2.0, "2.0"), ("3", "'3'"),
                                         (-1, "-1"), (np.int64(-1), "np.int64(-1)"), (2**63, str(2**63))])
def test_a_seed_that_is_not_a_whole_number_in_range_is_still_refused(seed, shown):
    with pytest.raises(ConfigError) as caught:
        Match(registry.get("donkey_kong").make_config(), seed)
    assert str(caught.value) == f"a seed is a whole number from 0 to {2**63 - 1}, got {shown}"


# ---- finding 3: seats and configs made through the API -------------------------------------------------

def test_a_seat_whose_name_is_not_text_is_refused_when_the_config_is_made():
    """make_config([Seat(5, 'random'), ...]) was accepted, and its match saved a file that never loaded."""
    spec = registry.get("donkey_kong")
    with pytest.raises(ConfigError, match=r"^seat 1's name must be a string, not int 5$"):
        spec.make_config([Seat(5, "random"), Seat("b", "random")])
    with pytest.raises(ConfigError, match=r"^seat 2's bot must be a bot's name \(a string\) or None"):
        spec.make_config([Seat("a"), Seat("b", ["random"])])


def test_a_match_whose_seat_was_changed_behind_its_back_is_not_saved(tmp_path):
    match = dk()
    object.__setattr__(match.config.seats[0], "name", 5)   # a frozen Seat, changed all the same
    with pytest.raises(ConfigError, match=r"^this match cannot be saved: seat 1's name must be a string"):
        match.save(tmp_path / "m.json")
    assert not (tmp_path / "m.json").exists()


def test_seats_given_as_text_are_refused_with_the_right_form():
    """make_config("human,random") said 'played by 2 to 4 players, not 12' (it counted characters), and
    make_config(["a", "b"]) raised AttributeError."""
    spec = registry.get("donkey_kong")
    with pytest.raises(ConfigError) as caught:
        spec.make_config("human,random")
    assert str(caught.value) == ("seats is a list of Seat, e.g. [Seat('Ann'), Seat('Bot 2', 'random')], not the text "
                                 "'human,random' (that is the command line's --seats form)")
    with pytest.raises(ConfigError, match=r"^seat 1 must be a Seat, e.g. Seat\('Ann'\) for a person or "
                                          r"Seat\('Bot 2', 'random'\) for a bot, not str 'a'$"):
        spec.make_config(["a", "b"])
    with pytest.raises(ConfigError, match="^seats is a list of Seat"):
        spec.make_config(5)


def test_a_bot_named_in_another_case_is_the_game_s_bot():
    spec = registry.get("donkey_kong")
    config = spec.make_config([Seat("a", "RANDOM"), Seat("b", "Greedy")])
    assert [s.bot for s in config.seats] == ["random", "greedy"]
    assert selfplay.run("donkey_kong", games=1, bots=["Random", "GREEDY"])["bots"] == ["random", "greedy"]
    with pytest.raises(ConfigError, match="each bot may enter once"):
        tournament.schedule("monkey_dash", ["random", "RANDOM"], 2, 0, None)


@pytest.mark.parametrize("config", [{"game": "donkey_kong"}, None, "donkey_kong"])
def test_a_match_made_from_something_else_than_a_config_says_what_it_needs(config):
    with pytest.raises(ConfigError, match=r"^a match is made from a GameConfig \(spec.make_config\(...\) builds "
                                          r"one\), not "):
        Match(config, 3)


@pytest.mark.parametrize("path", [123, None, b"m.json"])
def test_load_of_something_else_than_a_path_says_what_it_needs(path):
    with pytest.raises(MatchFileError, match=r"^a match file is named by its path \(a str or a pathlib.Path\), "
                                             r"not "):
        Match.load(path)


def test_the_base_state_methods_refuse_what_is_not_text_in_words():
    """check_action(None) and string_to_action(5) raised AttributeError. The base class's methods, as Monkey
    Dash reaches them at its opening chance step and the toy game of the tests always; the games' own
    overrides (Donkey Kong's, Jenga's, Monkey Dash's at a player's turn) live in their modules and are not
    changed here."""
    state = registry.get("monkey_dash").new_state(registry.get("monkey_dash").make_config())
    with pytest.raises(ActionSyntaxError, match="^an action is a string, got null$"):
        state.check_action(None)
    with pytest.raises(ActionSyntaxError, match="^typed text is a string, got a number$"):
        state.string_to_action(5)
    from tests import toy_race

    toy = toy_race.SPEC.new_state(toy_race.SPEC.make_config([Seat("a"), Seat("b")]))
    with pytest.raises(ActionSyntaxError, match="^an action is a string, got a number$"):
        toy.action_to_string(5)


# ---- findings 4 and 5: load errors that name what is wrong, quoted short -------------------------------

@pytest.fixture
def saved(tmp_path):
    """A Donkey Kong match with a person's moves in it, saved."""
    match = dk()
    for _ in range(3):
        match.advance()
        match.play(match.state.legal_actions()[0])
    match.advance()
    path = tmp_path / "m.json"
    match.save(path)
    return path


def resign(path, edit):
    """Edit a saved file and make its checksum right again (what a hand edit that knows the format does)."""
    data = json.loads(path.read_text())
    edit(data)
    data.pop("checksum")
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))
    return path


def load_error(path) -> str:
    with pytest.raises(MatchFileError) as caught:
        Match.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message[len(f"{path}: "):]


BOTH = "(was the file edited by hand or damaged, or saved by an earlier version of the rules or the physics?)"


def test_an_action_that_does_not_replay_names_an_edit_and_an_earlier_version(saved):
    """'action 2: ... (was it saved by an earlier version of the rules or the physics?)' for a hand edit."""
    good = saved.read_text()
    person = next(i for i, a in enumerate(json.loads(good)["actions"]) if a["by"] == 0)
    resign(saved, lambda d: d["actions"][1].update(action="banana"))
    assert load_error(saved) == f"action 2: the seed gives 'roll 4', the file says 'banana' {BOTH}"
    saved.write_text(good)
    resign(saved, lambda d: d["actions"][person].update(action="banana"))
    error = load_error(saved)
    assert error.startswith(f"action {person + 1} is not legal: 'banana' is not a Donkey Kong action")
    assert error.endswith(BOTH)


@pytest.mark.parametrize("by, words", [
    (-2, "action 3 ('deal H200') is by -2 in the file, which names no seat, but chance (a roll, draw or spin) "
         "was to act (was the file edited by hand or damaged?)"),
    (7, "action 3 ('deal H200') is by seat 8 (by 7 in the file), and this match has only 2 seats, but chance "
        "(a roll, draw or spin) was to act (was the file edited by hand or damaged?)"),
])
def test_a_step_by_no_seat_is_not_blamed_on_an_earlier_version(saved, by, words):
    resign(saved, lambda d: d["actions"][2].update(by=by))
    assert load_error(saved) == words


@pytest.mark.parametrize("field", ["state_digest", "actions", "seed", "config", "game", "version", "checksum"])
def test_a_missing_field_is_named_as_missing(saved, field):
    """A file without its state_digest was "replaying its actions does not reach the saved position"."""
    if field == "checksum":
        data = json.loads(saved.read_text())
        data.pop("checksum")
        saved.write_text(json.dumps(data))
    else:
        resign(saved, lambda d: d.pop(field))
    assert load_error(saved) == f"its '{field}' is missing"


def test_two_missing_fields_are_both_named(saved):
    resign(saved, lambda d: (d.pop("seed"), d.pop("state_digest")))
    assert load_error(saved) == "its 'seed' and 'state_digest' are missing"


def test_a_file_whose_replay_ends_elsewhere_names_both_reasons(saved):
    resign(saved, lambda d: d.update(state_digest="0" * 64))
    assert load_error(saved) == f"replaying its actions does not reach the saved position {BOTH}"


@pytest.mark.parametrize("where", ["chance", "person", "by"])
def test_a_long_action_in_a_file_is_quoted_short(saved, where):
    """An action of 'roll 2' + 5,000 x's gave an error line of 5,181 characters."""
    actions = json.loads(saved.read_text())["actions"]
    person = next(i for i, a in enumerate(actions) if a["by"] == 0)
    long = "roll 2" + "x" * 5000

    def edit(d):
        if where == "chance":
            d["actions"][0]["action"] = long
        elif where == "person":
            d["actions"][person]["action"] = "move " + "x" * 5000
        else:
            d["actions"][0].update(action=long, by=0)
    resign(saved, edit)
    error = load_error(saved)
    assert len(error) < 450, error
    assert "... (5006 characters)" in error or "...' (5000 characters)" in error, error


@pytest.mark.parametrize("field, value, shown", [
    ("variant", "v" * 3000, "unknown variant '" + "v" * 29 + "... (3000 characters) for donkey_kong"),
    ("bot", "b" * 3000, "unknown bot '" + "b" * 29 + "... (3000 characters) for donkey_kong"),
])
def test_a_long_name_in_a_file_s_config_is_quoted_short(saved, field, value, shown):
    def edit(d):
        if field == "variant":
            d["config"]["variant"] = value
        else:
            d["config"]["seats"][1]["bot"] = value
    resign(saved, edit)
    error = load_error(saved)
    assert shown in error and len(error) < 250, error


# ---- finding 6: a file with a byte-order mark ---------------------------------------------------------

def test_a_match_file_with_a_byte_order_mark_loads(saved):
    """Saved again by Windows Notepad (UTF-8 with a BOM): refused with 'Unexpected UTF-8 BOM'."""
    before = Match.load(saved)
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())
    after = Match.load(saved)
    assert after.history == before.history and after.state == before.state
    assert is_match_file(saved)
    # the app's list of saved matches reads it too (it said "not valid JSON: cut short or edited")
    from render.storage import inspect_save

    info = inspect_save(saved)
    assert not info.problem and info.game == "donkey_kong"


# ---- finding 7: a typed number past the list -------------------------------------------------------

@pytest.mark.parametrize("typed, shown", [("99", "'99'"), ("0", "'0'"), ("9" * 40, "'99999999...' (40 digits)")])
def test_a_number_past_the_list_says_how_the_actions_are_numbered(typed, shown):
    """'99' said "'99' names no action available now; available: ..." and never that the choices are
    numbered."""
    match = dk()
    out = io.StringIO()
    play(match, typing(typed, "quit"), out)
    count = len(match.state.legal_actions())
    assert count > 1
    lines = said_lines(out, "names no action")
    assert lines == [lines[0]] and lines[0].endswith(
        f"{shown} names no action available now: the actions are numbered 1 to {count} (type help to list them).")


def test_an_empty_or_blank_match_file_is_said_to_be_so(tmp_path):
    """A bad-input audit: an empty save read "not valid JSON, it looks cut short (line 1, column 1: Expecting
    value)", the parser's words for a file that holds nothing at all."""
    from games.core import MatchFileError

    for text, said in (("", "the file is empty"), (" \n\t\n", "the file holds only blank space, no JSON")):
        path = tmp_path / "empty.json"
        path.write_text(text)
        with pytest.raises(MatchFileError) as caught:
            Match.load(path)
        assert str(caught.value) == f"{path}: {said}"
        assert path.read_text() == text                  # left as it was
