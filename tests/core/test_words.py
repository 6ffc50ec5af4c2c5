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
