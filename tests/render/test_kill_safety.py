"""What a killed app leaves on disk is enough to go on (a reliability audit killed the app with kill -9 at
awkward moments): a Jenga push let go and still being worked out is named beside the autosave, and Resume
plays it again; matches a session kept in a temporary folder (a second copy of the app) are taken into the
saved matches by the next session that holds the data folder. Real files, the real physics, SDL's dummy
driver. A kill is stood in for by copying the data folder's files as they are at that moment."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render import storage
from render.app import App
from render.screens.base import GameScreen

from .test_audit import new_match
from .test_leaving_mid_push import frames, settle


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def dk_match(moves: int = 0, seed: int = 3) -> Match:
    """A Donkey Kong match of a person and a bot with the person's first `moves` decisions made."""
    match = Match(registry.get("donkey_kong").make_config([Seat("Ann"), Seat("Bot", "random")]), seed)
    for _ in range(moves):
        match.advance()
        match.play(match.state.legal_actions()[0])
    match.advance()
    return match


def test_a_pending_step_is_named_until_the_autosave_holds_another_position(tmp_path):
    path = tmp_path / "autosave.json"
    writer = storage.AutosaveWriter(path)
    match = dk_match(1)
    writer.submit(match)
    writer.flush()
    seat = match.current_player
    action = match.state.legal_actions()[0]
    writer.note_pending(match, seat, action)
    assert storage.pending_step(Match.load(path), path) == (seat, action)
    writer.submit(match)  # the same position written again (a game opened): the note stays
    writer.flush()
    assert storage.pending_step(Match.load(path), path) == (seat, action)
    match.play(action)
    writer.submit(match)
    writer.flush()
    assert not storage.pending_path(path).exists()
    assert storage.pending_step(Match.load(path), path) is None
    storage.pending_path(path).write_text("{not json", encoding="utf-8")  # damaged: no step, no error
    assert storage.pending_step(Match.load(path), path) is None


def test_a_step_undone_at_once_after_it_was_worked_out_is_not_played_again_on_resume(tmp_path):
    """A regression audit undid a push in the frame after the simulator had worked it out: the writer, which
    writes only the newest position, wrote the undone one, the very position the note had been taken in, so
    the note stayed and Resume played the undone push again. Once the step is done (committed or refused)
    its note goes with the next autosave written, whatever position that holds."""
    path = tmp_path / "autosave.json"
    writer = storage.AutosaveWriter(path)
    match = dk_match(1)
    writer.submit(match)
    writer.flush()
    seat, action = match.current_player, match.state.legal_actions()[0]
    writer.note_pending(match, seat, action)
    with writer._cond:  # the writer is behind: both positions reach it together, and only the newest is written
        match.play(action)
        writer.submit(match)  # the step, committed
        writer.pending_done()
        match.undo()
        writer.submit(match)  # undone in the next frame: the position the note was taken in
    writer.flush()
    assert Match.load(path).history == match.history
    assert not storage.pending_path(path).exists()
    # a step refused (nothing new to write): its note goes at once
    writer.note_pending(match, seat, action)
    writer.pending_done()
    assert not storage.pending_path(path).exists()


@pytest.mark.physics
def test_a_push_let_go_just_before_a_kill_is_played_again_on_resume(home, tmp_path, monkeypatch):
    """The audit: a push that toppled the tower was let go, the app killed in the second the simulator took,
    and Resume gave back the standing tower, the player to push again. Here the autosave folder is copied the
    moment the push is let go (the kill); Resume from that copy plays the push again, and the game goes on
    as the app that was not killed goes on."""
    app = App(size=(1280, 800), match=new_match("jenga_classic", [Seat("Ann"), Seat("Bob", "careful")], 7))
    app.screen.show_risk = False
    try:
        settle(app)
        screen = app.screen
        action = screen.match.state.string_to_action("push 16:1")
        assert screen.play(action) and screen.job is not None
        app.autosaver.flush()
        killed = tmp_path / "killed"
        shutil.copytree(home, killed, ignore=shutil.ignore_patterns("in-use.lock"))
        assert (killed / "autosave.json.pending").exists()
        settle(app)
        lived = screen.match
        assert lived.history[-1].action == action
    finally:
        app.close()
    monkeypatch.setenv("KONG_TABLETOP_HOME", str(killed))
    again = App(size=(1280, 800))
    try:
        again.screen.resume()
        screen = again.screen
        assert isinstance(screen, GameScreen)
        assert "was still being worked out when the app stopped: it is played again" in screen.message
        screen.show_risk = False
        settle(again)
        match = screen.match
        assert match.history[:len(lived.history)] == lived.history[:len(match.history)]
        assert [s.action for s in match.history[:len(lived.history)]] == [s.action for s in lived.history]
        again.autosaver.flush()
        assert not (killed / "autosave.json.pending").exists()  # the autosave holds the push now
    finally:
        again.close()


def leftover(where, home, name="kong-tabletop-left", autosave=None, saves=(), locked=False):
    """A temporary session folder as a killed second copy of the app leaves it: the data folder it stood in for,
    its autosave and saved matches."""
    folder = where / name
    (folder / "saves").mkdir(parents=True)
    (folder / storage.WANTED_FILE).write_text(str(home), encoding="utf-8")
    if autosave is not None:
        (folder / "autosave.json").write_text(json.dumps(autosave.to_json()), encoding="utf-8")
    for i, match in enumerate(saves):
        (folder / "saves" / f"donkey_kong-kept-{i}.json").write_text(json.dumps(match.to_json()), encoding="utf-8")
    return folder


def test_matches_left_in_a_temporary_session_folder_are_taken_into_the_saved_matches(home, tmp_path):
    """The audit: a second copy of the app kept its game in /tmp/kong-tabletop-...; killed, its game was
    nowhere the launcher looks, and the next session said nothing of it."""
    where = tmp_path / "tmp"
    home.mkdir(parents=True)
    unfinished, saved, nothing = dk_match(2, seed=4), dk_match(1, seed=5), dk_match(0, seed=6)
    gone = leftover(where, home, autosave=unfinished, saves=[saved, nothing])
    other = leftover(where, tmp_path / "another-home", name="kong-tabletop-other", autosave=unfinished)
    played = 1_700_000_000  # Nov 2023: the files keep when the games were played (a regression audit)
    for f in [gone / "autosave.json", *(gone / "saves").iterdir()]:
        os.utime(f, (played, played))
    said = []
    made = storage.rescue_session_folders(home, warn=said.append, where=where)
    # a match a person saved is kept even before anyone moved in it (a regression audit saved at the start
    # in a second copy, was told the next start would take it in, and it was dropped)
    assert len(made) == 3 and not gone.exists() and other.exists()
    assert all(p.stat().st_mtime == played for p in made)
    assert any(p.name.startswith("donkey_kong-2023111") for p in made)  # the autosave, named by its time
    held = sorted(str(Match.load(p).history) for p in made)
    assert held == sorted([str(unfinished.history), str(saved.history), str(nothing.history)])
    assert said == ["Matches that earlier sessions left in temporary folders are now among your saved matches: "
                    f"{', '.join(p.name for p in made)}."]
    # taken once: the same matches left again are already kept, and nothing is copied twice
    again = leftover(where, home, autosave=unfinished, saves=[saved])
    assert storage.rescue_session_folders(home, warn=said.append, where=where) == [] and not again.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="fcntl locks (POSIX)")
def test_a_session_folder_in_use_is_left_alone_and_the_app_tells_what_it_took_in(home, tmp_path, monkeypatch):
    import fcntl
    import tempfile

    where = tmp_path / "tmp"
    where.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(where))
    home.mkdir(parents=True)
    busy = leftover(where, home, name="kong-tabletop-busy", autosave=dk_match(2, seed=8))
    with open(busy / storage.LOCK_FILE, "a") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # a copy of the app running in it
        left = leftover(where, home, autosave=dk_match(2, seed=4))
        app = App(size=(1280, 800))
        try:
            message = app.screen.message
            assert "Matches that earlier sessions left in temporary folders are now among your saved matches: " \
                   in message
            assert busy.exists() and not left.exists()
            assert len(storage.saved_matches()) == 1
        finally:
            app.close()


def test_several_folders_taken_in_at_once_are_told_in_one_short_sentence(home, tmp_path):
    """A regression audit left five folders behind: one sentence each, joined on one status line, was cut
    short at the largest text, and which files had come in could not be read."""
    where = tmp_path / "tmp"
    home.mkdir(parents=True)
    for k in range(5):
        leftover(where, home, name=f"kong-tabletop-{k}", autosave=dk_match(1, seed=10 + k))
    said = []
    made = storage.rescue_session_folders(home, warn=said.append, where=where)
    assert len(made) == 5 and len(said) == 1
    assert said[0].endswith(f"{made[0].name}, {made[1].name}, {made[2].name} and 2 more.")
    assert not list(where.iterdir())


def killed_with_a_push(home, tmp_path):
    """A killed second copy's temporary folder: Ann's first push (16:1, the tower just built) noted beside its
    autosave as being worked out; (the match, the push, the folder, the place it looks in)."""
    where = tmp_path / "tmp"
    home.mkdir(parents=True)
    match = new_match("jenga_classic", [Seat("Ann"), Seat("Bob", "careful")], 7)
    match.advance()  # the tower is built: Ann's first push is the first decision by a person
    action = match.state.string_to_action("push 16:1")
    folder = leftover(where, home, name="kong-tabletop-killed")
    writer = storage.AutosaveWriter(folder / "autosave.json")
    writer.submit(match)
    writer.flush()
    writer.note_pending(match, match.current_player, action)
    return match, action, folder, where


@pytest.mark.physics
@pytest.mark.parametrize("way", ["the list", "dropped", "play --load"])
def test_a_push_being_worked_out_when_a_second_copy_was_killed_is_played_when_its_match_is_opened(home, tmp_path,
                                                                                                   way):
    """A regression audit let go of a push in a second copy of the app (its data folder in a temporary folder)
    and killed it in the second the simulator took: the next start took in the autosave without the push and
    removed the folder with the note naming it; when the push was the game's first move by a person, nothing
    was taken in at all and nothing said. The note goes with the match taken in, and opening it plays the push
    again, as Resume does, however it is opened (a second audit: only the launcher's list had read the note;
    dropped on the window or opened with `play --load`, the match opened before the push, nothing said)."""
    match, action, folder, where = killed_with_a_push(home, tmp_path)
    assert not storage.has_play(match.to_json())
    said = []
    made = storage.rescue_session_folders(home, warn=said.append, where=where)
    assert len(made) == 1 and not folder.exists()
    path = made[0]
    assert "a move that was being worked out is played again when its match is opened" in said[0]
    assert storage.pending_step(Match.load(path), path) == (match.current_player, action)
    assert path in storage.saved_matches() and len(storage.saved_matches()) == 1  # the note is not a match
    if way == "the list":
        app = App(size=(1280, 800))
        app.screen.load(path)
    elif way == "dropped":
        app = App(size=(1280, 800))
        assert app.open_file(str(path))
    else:
        app = App(size=(1280, 800), match=Match.load(path), opened=path)  # what `play --load` opens
    try:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "was still being worked out when the app stopped: it is played again" in screen.message
        screen.show_risk = False
        settle(app)
        assert screen.match.history[1].action == action
        assert not storage.pending_path(path).exists()  # played once: the autosave keeps the game from here
    finally:
        app.close()


@pytest.mark.physics
def test_the_words_that_a_push_is_played_again_stay_beside_what_the_push_found(home, tmp_path, monkeypatch):
    """An audit (Super Mario Jenga, a push let go and the app killed at once): Resume said "Your last move (...) was
    still being worked out when the app stopped: it is played again." for one frame, then "Player 1 found a
    goomba." stood in its place. Both are said, the replay's words first."""
    match = new_match("jenga_mario", [Seat("Ann"), Seat("Bob", "careful")], 4)
    for _ in range(40):  # the set-up and the spin, to Ann's first push of a block with an item on it
        if match.current_player < 0 or not match.waiting_for_human():
            match.step()
            continue
        pushes = [a for a in match.state.legal_actions() if a.startswith("push ")]
        if pushes:
            break
        match.play(match.state.legal_actions()[0])
    items = match.state.items
    layout = match.state.layout
    action = next(a for a in pushes
                  if items[layout[int(a.split()[1].split(":")[0])][int(a.split()[1].split(":")[1])]] != "none")
    home.mkdir(parents=True, exist_ok=True)
    writer = storage.AutosaveWriter(storage.autosave_path())
    writer.submit(match)
    writer.flush()
    writer.note_pending(match, match.current_player, action)  # the kill: let go, not yet worked out
    app = App(size=(1280, 800))
    try:
        app.screen.resume()
        screen = app.screen
        screen.show_risk = False
        assert "was still being worked out when the app stopped: it is played again" in screen.message
        settle(app)
        assert screen.match.history[len(match.history)].action == action
        said = screen.message
        assert said.startswith("Your last move (") and " found a" in said, said
    finally:
        app.close()
