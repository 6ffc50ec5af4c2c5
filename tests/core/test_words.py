"""The prompts and notes players read count in words: '1 more block', '2 layers', never 'block(s)'."""

from games.words import counted
from tests.jenga.test_rulebook import mario_state


def test_a_count_takes_its_noun_in_the_right_number():
    assert counted(1, "coin") == "1 coin"
    assert counted(0, "coin") == "0 coins"
    assert counted(3, "more block") == "3 more blocks"
    assert counted(2, "mouse", "mice") == "2 mice"


def test_super_marios_turn_prompt_reads_as_a_sentence():
    """'more' only once some of the spin's blocks are stacked: an audit read "must stack 2 more blocks"
    before any block was (section 4 of the spinner: stack 2, climb 2)."""
    s = mario_state()
    s.spin = 4
    s.stacks_left, s.climb_due = 1, 1
    assert "must stack 1 more block and climb 1 layer" in s.phase_text()
    s.stacks_left, s.climb_due = 2, 3
    assert "must stack 2 blocks and climb 3 layers" in s.phase_text()
    assert "(s)" not in s.phase_text()


def test_a_failed_write_is_said_in_plain_words_not_as_an_errno(tmp_path):
    import errno

    from games.words import write_fault

    target = str(tmp_path / "g.json")
    assert write_fault(OSError(errno.ENOSPC, "No space left on device", target)) == "the disk is full (free some space)"
    assert write_fault(OSError(errno.EROFS, "Read-only file system", target)) == \
        f"the folder {tmp_path} is on a disk that cannot be written (read-only)"
    assert write_fault(PermissionError(errno.EACCES, "Permission denied", target)) == \
        f"there is no permission to write in {tmp_path}"
    assert write_fault(FileNotFoundError(errno.ENOENT, "No such file", target)) == \
        f"files cannot be created in the folder {tmp_path}"
    assert write_fault(FileNotFoundError(errno.ENOENT, "No such file", str(tmp_path / "gone" / "g.json"))) == \
        f"the folder {tmp_path / 'gone'} does not exist"
