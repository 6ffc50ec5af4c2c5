"""The deck and the dice of the Donkey Kong board game, as data.

Cards are six kinds (Jump 100/200/300, Hammer 200/300/400), eight of each: 48 in all. The deck, a
hand of face-up cards and a pile of played cards are each kept as kinds, so a draw is a chance
outcome over the kinds left, weighted by how many of each remain (no shuffle order is stored).
"""

from __future__ import annotations

CARD_NAMES = ("J100", "J200", "J300", "H200", "H300", "H400")
CARD_POINTS = (100, 200, 300, 200, 300, 400)
CARD_IS_HAMMER = (False, False, False, True, True, True)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
COPIES = 8
KINDS = len(CARD_NAMES)
DECK_SIZE = COPIES * KINDS
FIRST_HAND = 3
FINISH_BONUS = 500

DK_FACE = 0  # the obstacle die's Donkey Kong face: no obstacle moves this turn
MARIO_DIE = (1, 2, 3, 4, 5, 6)
# The obstacle die by variant. The rulebook names only its "Donkey Kong Rests" face; the article gives
# 3, 4, 5, 6 and two Donkey Kong faces, and the editions differ only in the dice's colour names
# (shared/rules/README.md), so both variants roll those faces. Until 6 Dec the rulebook's die was our own
# guess, 2 to 6 and one Donkey Kong face (docs/donkey_kong.md).
OBSTACLE_DIE = {
    "rulebook": (3, 4, 5, 6, DK_FACE, DK_FACE),
    "wiki": (3, 4, 5, 6, DK_FACE, DK_FACE),
}
# Which colour moves what (only the colour names differ between the two texts).
DIE_COLOURS = {
    "rulebook": {"mario": "white", "obstacles": "red"},
    "wiki": {"mario": "red", "obstacles": "white"},
}


def card_label(kind: int) -> str:
    return ("Hammer " if CARD_IS_HAMMER[kind] else "Jump ") + str(CARD_POINTS[kind])


def face_label(face: int) -> str:
    return "DK" if face == DK_FACE else str(face)


def dice_outcomes(variant: str) -> list[tuple[str, float, int, int]]:
    """(action, probability, mario count, obstacle face) for one roll of both dice."""
    faces: dict[int, int] = {}
    for f in OBSTACLE_DIE[variant]:
        faces[f] = faces.get(f, 0) + 1
    out = []
    for m in MARIO_DIE:
        for f in sorted(faces, key=lambda v: (v == DK_FACE, v)):
            out.append((f"roll {m} {face_label(f)}", faces[f] / 36.0, m, f))
    return out


# The action texts '<verb> <card>' of the chance outcomes over cards, made once (the engine asks for
# them at every draw, loss and theft).
OUTCOME_LABELS = {verb: tuple(f"{verb} {name}" for name in CARD_NAMES) for verb in ("deal", "draw", "lose", "steal")}
# Every action that names a card, '<verb> <card>', to (verb, kind).
CARD_ACTIONS = {f"{verb} {name}": (verb, kind) for verb in ("play", "deal", "draw", "lose", "steal")
                for kind, name in enumerate(CARD_NAMES)}


def weighted_kinds(counts: list[int], verb: str) -> list[tuple[str, float]]:
    """Chance outcomes '<verb> <card>' over the kinds with a non-zero count."""
    total = sum(counts)
    labels = OUTCOME_LABELS.get(verb) or tuple(f"{verb} {name}" for name in CARD_NAMES)
    return [(labels[k], c / total) for k, c in enumerate(counts) if c]
