"""The help overlay's words: a short "how to play" per game first, then the keys, then the game's rules
as a player reads them.

The rules come from each game's GameSpec.help_text (the games' own words). Those texts also record, for
the developers, which printed source a rule follows and where data files live; a player does not need
that, so the overlay leaves out file paths and remarks about sources, and keeps the table's decisions
on unclear points in a section of their own that the player opens on request (D in the help).
"""

from __future__ import annotations

import re

from games import words
from games.core import GameError

from . import text

HOW_TO_PLAY = {
    "donkey_kong": [
        "Race Mario up the girders to the Finish at the top and score the most points.",
        "First everyone rolls the {mario} die for who plays first (click the dice or press Space when your "
        "name is called); the highest starts.",
        "Each turn starts with your roll (click the dice or press Space): the {mario} die is how far Mario "
        "walks, the {obstacles} one how far the barrels and fireballs move. A bot rolls by itself.",
        "The spaces where Mario can stop are framed in yellow: click one (or pick a row of Choices) to walk "
        "there; Enter plays the path drawn on the board. A row marked ⚠ meets a barrel or fireball on the way "
        "and says what that costs.",
        "When an obstacle meets your Mario, click one of your face-up cards: {jump}, a Hammer smashes it "
        "(off the board), and either scores its points. Stopping on a red dot draws a card.",
        "Reaching the Finish scores 500; the game ends once that turn's barrels and fireballs have moved (at "
        "once in the wiki variant), and the highest total wins.",
        "Spaces are named by their girder (numbered at its right end, 1 at the bottom) and column (numbered "
        "along the foot of the board).",
    ],
    "monkey_dash": [
        "Get your monkey, standing on a crate, into your own Loading Bay (hatched in your colour).",
        "Each turn you have 4 action points (the start player 3 in the first turn: one pays for starting): step your supervisor (the hard hat), rotate or push the crates "
        "next to it, move your monkey from crate to crate{extras}.",
        "Point at a piece to see its steps with their cost; click a highlighted square to play one. The "
        "corner ticks show every piece that can move.",
        "Rotating a crate with a monkey on it is a Monkey Heave: it carries the monkey along, yours or the "
        "opponent's. The opponent's last steps stay marked with numbered arrows in the warning colour "
        "until you make your first step.",
    ],
    "jenga": [
        "Take a block from below the top complete level and stack it on top without toppling the tower.",
        "Push a block out with the mouse: press its end and drag along its length, into the tower; how fast "
        "and how steadily you drag is how the simulated finger pushes. Touch a block first to feel how loose "
        "it is.",
        "Whoever topples the tower loses, and the player who stacked the last block before the fall wins.",
    ],
    "jenga_dk": [
        "Each turn starts with your spin (click the wheel or press Space; the game's seed decides where it "
        "stops, not how you spin): remove the girders it says and climb Mario the levels it says.",
        "The first Mario to reach the top level, where Donkey Kong waits, wins. Whoever topples the tower "
        "loses, and the Mario nearest the top then wins.",
    ],
    "jenga_mario": [
        "Each turn starts with your spin (click the wheel or press Space; the game's seed decides where it "
        "stops, not how you spin): stack blocks and climb your peg as it says. Once a block you took is stacked and the tower stands, the item symbol on it acts "
        "(coins, stars, goombas).",
        "When a peg goes into a hole on a side of the tower you cannot see, the screen says which side. When "
        "the tower falls the most coins win.",
    ],
}

# A paragraph whose first words say it is about the sources: kept for the "decisions" section.
_DECISIONS_START = re.compile(r"^\s*(Where the (source )?texts|Where the rules|Decisions|Notes on the sources)", re.I)
# A rules text's heading that only names the game and the variant, on one line.
_VARIANT_HEADING = re.compile(r"^[^\n]*\bvariant\b[^\n]*$", re.I)
# Parentheses that only point at files or sources.
# Whole words only: "source" is not "resource", "our own" is not "your own".
_SOURCE_WORDS = r"(assets/|\.json\b|\.md\b|\brulebook|\bthe article\b|\bsource|\bprinted\b|\bour own\b|\bown design\b|" \
                r"\bboard file\b|\bthe project\b|\bpublished\b|\bwiki(?:'s)? text\b)"
_SOURCE_PAREN = re.compile(r"\s*\((?:[^()]|\([^()]*\))*?" + _SOURCE_WORDS + r"(?:[^()]|\([^()]*\))*\)", re.I)
# A line that starts an item of a list: '- ', '* ', '• ', '1. ' or '1) ', perhaps indented.
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")
_PATH = re.compile(r"\b[\w.-]+/[\w./-]+\.(json|md|py|txt)\b")
# Sentences that are about the project's files or the printed sources, not about play.
_SOURCE_SENTENCE = re.compile(r"\s*[^.:\n]*\bboard file\b.*$", re.I | re.S)  # the last sentence of DK's Board
_PHRASES = (("exactly as the rulebook gives them", "as printed on them"), ("the rulebook's ", ""),
            ("Our own layout, since the printed board is not published: the", "The"),
            (", the project's own design", ""),
            ("the rulebook's", ""), ("our precise form of the printed one", "in precise form"))


bot_title = words.bot_title  # a bot's name as people read it: 'careful_hard' -> 'Careful hard bot'


def bot_lines(spec) -> list[str]:
    """One line per bot of a game, weakest first (the order the seat buttons cycle them): its name as
    people read it and how it plays (the game's bot_notes), or its name alone without a note."""
    notes = getattr(spec, "bot_notes", {}) or {}
    return [f"{bot_title(b)}: {notes[b]}." if b in notes else bot_title(b) for b in spec.bots]


def game_help(spec, variant: str) -> tuple[list[str], str]:
    """The help's lines about a game in a variant, for the game's help and the launcher's: HOW TO PLAY (its bullets
    end at the first empty line), RULES (the variant's rules as a player reads them) and THE BOTS; and the text of
    how the table decides points the printed rules leave open ("" if none)."""
    rules, decisions = None, ""
    if spec.help_text is not None:
        try:
            rules, decisions = split_rules(spec.help_text(variant))
        except (GameError, KeyError):
            rules = None
    lines = ["HOW TO PLAY"]
    lines += [f"• {line}" for line in how_to_play(spec.name, variant)] or [spec.summary]
    lines += ["", "RULES", f"{spec.title}, variant '{variant}': {spec.variants.get(variant, '')}.", ""]
    lines.append(text.reflow(rules) if rules else spec.summary)
    bots = bot_section(spec)
    if bots:
        lines += ["", "THE BOTS (the seats' opponents, weakest first)"] + bots
    return lines, decisions


def draw_page(surface, lines: list[str], body, size: int, top: int) -> tuple[int, int]:
    """A help's lines from `top` that fit `body`, its headings (is_heading) bold in the accent colour; returns the
    first line shown (kept so that the last page is full) and how many lines fit."""
    from . import palette as P

    line_h = int(size * 1.35)
    rows = max(1, body.h // line_h)
    top = min(top, max(0, len(lines) - rows))
    y = body.y
    for line in lines[top:top + rows]:
        bold = is_heading(line)
        text.draw(surface, line, (body.x, y), size, P.ACCENT if bold else P.TEXT, bold=bold)
        y += line_h
    return top, rows


def is_heading(line: str) -> bool:
    """Whether a help line is a heading ("RULES", "THE BOTS (the seats' opponents, weakest first)"): its words
    before any bracket in capitals. "THE BOTS (...)" was drawn as plain text, its bracket being in small letters
    (a regression audit)."""
    if line.isupper() and sum(ch.isalpha() for ch in line) >= 4:  # not a wrapped "AP." (a regression audit)
        return True
    head, bracket, _ = line.strip().partition(" (")
    return bool(bracket) and len(head) >= 4 and head.isupper() and line.rstrip().endswith(")") and line.count("(") == 1


def bot_section(spec) -> list[str]:
    """The help's lines on the game's bots that have a note, weakest first."""
    notes = getattr(spec, "bot_notes", {}) or {}
    return [f"• {line}" for b, line in zip(spec.bots, bot_lines(spec)) if b in notes]


def how_to_play(game: str, variant: str | None = None) -> list[str]:
    """The short how-to-play of a game in the given variant (its default when None). Donkey Kong's dice
    differ by variant (the rulebook's Mario die is white, the wiki's red): the colours come from the
    game's own table of them, so the help says what the dice on screen show. Monkey Dash's line of what a
    turn may do names only what the variant has (no cards in Pure Strategy, bananas in Better with Bananas)."""
    lines = list(HOW_TO_PLAY.get(game, []))
    if game.startswith("jenga"):
        lines = HOW_TO_PLAY["jenga"][:2] + HOW_TO_PLAY.get(game, HOW_TO_PLAY["jenga"][2:])
    if game == "donkey_kong":
        colours = dice_colours(variant)
        jump = JUMP_WORDS.get(variant or "", JUMP_WORDS["rulebook"])
        lines = [line.format(jump=jump, **colours) for line in lines]
    if game == "monkey_dash":
        extras = MONKEY_DASH_EXTRAS[monkey_dash_variant(variant)]
        lines = [line.replace("{extras}", extras) for line in lines]
    return lines


MONKEY_DASH_EXTRAS = {
    "standard": ", or buy and play Power Cards",
    "bananas": ", drop or throw bananas from your monkey's crate and pick them up with your supervisor, or buy "
               "and play Power Cards",
    "pure": "",
    "bananas_pure": ", or drop or throw bananas from your monkey's crate and pick them up with your supervisor",
}
"""What else a Monkey Dash turn may spend its points on, by variant: Pure Strategy has no cards, Better
with Bananas adds the bananas."""


def monkey_dash_variant(variant: str | None) -> str:
    """The Monkey Dash variant whose how-to-play is shown: the default one for None or an unknown name."""
    if variant in MONKEY_DASH_EXTRAS:
        return variant
    from games import registry

    return registry.get("monkey_dash").default_variant


JUMP_WORDS = {
    "rulebook": "a Jump passes it (one that landed on Mario by the exact count goes on a space, maybe onto "
                "another pawn)",
    "wiki": "a Jump passes it and, when the obstacle moved onto or past Mario, sends it on a space (maybe onto "
            "another pawn); one that Mario's own walk met stays where it stands",
}
"""What a Jump does to the obstacle, as the how-to-play says it by variant (a rules audit: "a Jump passes it"
left out that the obstacle goes on, and can land on another pawn or reach the Oil Can)."""


def dice_colours(variant: str | None) -> dict[str, str]:
    """Donkey Kong's die colours in a variant ({"mario": ..., "obstacles": ...}), the default variant's
    for None or a name the game does not have."""
    from games import registry
    from games.donkey_kong.cards import DIE_COLOURS

    if variant not in DIE_COLOURS:
        variant = registry.get("donkey_kong").default_variant
    return DIE_COLOURS[variant]


def split_rules(text: str) -> tuple[str, str]:
    """(the rules a player reads, the table's decisions on unclear points): paragraphs about the sources
    go to the second part; file paths and remarks about sources are taken out of the first."""
    rules, decisions = [], []
    paras = re.split(r"\n\s*\n", text.strip())
    if paras and _VARIANT_HEADING.match(paras[0]):
        paras = paras[1:]  # the overlay names the variant in a line of its own, just above
    for para in paras:
        (decisions if _DECISIONS_START.match(para) else rules).append(para)
    return ("\n\n".join(unwrap(clean(p)) for p in rules if clean(p).strip()),
            "\n\n".join(unwrap(clean(p, keep_sources=True)) for p in decisions))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def unwrap(para: str) -> str:
    """A paragraph with its hard line breaks taken out where they only wrapped a long line, so the overlay
    wraps it once to its own width: a line indented deeper than the line its item began on continues that
    item (' 2. Move your pawn ...' and its '    ladders; ...'). List items, the lines under a paragraph that
    ends with a colon, and lines at an item's own depth ('  Peach: ...' under '  Mario: ...') stay lines
    of their own; unindented lines are left for text.reflow, which joins them into their paragraph."""
    lines: list[str] = []
    depth = 0  # the indent of the line the current item began on
    for line in para.split("\n"):
        opens_list = depth == 0 and lines and lines[-1].endswith(":")  # 'in this order:' and its lines
        joins = (lines and line.strip() and lines[-1].strip() and _indent(line) > depth
                 and not _LIST_ITEM.match(line) and not opens_list)
        if joins:
            lines[-1] = lines[-1].rstrip() + " " + line.strip()
        else:
            lines.append(line.rstrip())
            depth = _indent(line)
    return "\n".join(lines)


def clean(para: str, keep_sources: bool = False) -> str:
    """A paragraph without file paths (and, unless keep_sources, without remarks about the sources)."""
    # A file path goes first, alone, so that a parenthesis holding a path beside facts for play (the
    # Super Mario item counts, then "; assets/...json") keeps the facts.
    out = re.sub(r"\s*\(\s*" + _PATH.pattern + r"\s*\)", "", para)
    out = re.sub(r";\s*" + _PATH.pattern, "", out)
    if not keep_sources:
        out = _SOURCE_PAREN.sub("", out)
        out = _SOURCE_SENTENCE.sub("", out)
        for old, new in _PHRASES:
            out = out.replace(old, new)
    out = _PATH.sub("the game's data", out)
    out = re.sub(r"[ \t]+([,.;:])", r"\1", out)
    return out.rstrip()


def mentions_sources(words: str) -> list[str]:
    """What in `words` is a file path or a remark about sources (for tests and checks): empty when clean."""
    found = [m.group(0) for m in _PATH.finditer(words)]
    found += [m.group(0) for m in re.finditer(r"\b(rulebook|the article|source texts?|board file|assets/)", words, re.I)]
    return found


def tower_sketch(size: tuple[int, int], levels: int = 18, wood=(214, 170, 110)) -> "pygame.Surface":
    """A Jenga tower seen from one side, drawn from shapes: levels alternate between three block ends and
    one block's long face, with one block pushed half out, so a player sees what the game is about.
    `wood` is the blocks' colour (the game's own: wood, Donkey Kong's red girders, Super Mario's blocks)."""
    import pygame

    from . import palette as P

    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)))
    surf.fill(P.BACKGROUND)
    wood = tuple(int(c) for c in wood)
    dark = tuple(int(c * 0.56) for c in wood)
    grain = tuple(int(c * 0.88) for c in wood)
    block_h = max(3, min(int(h * 0.9 / (levels + 1)), int(w * 0.22 / 1.5)))
    tower_w = int(block_h * 1.5 * 3)
    x0, floor = (w - tower_w) // 2, h - block_h
    pygame.draw.rect(surf, P.PANEL_EDGE, (x0 - block_h, floor, tower_w + 2 * block_h, max(2, block_h // 3)))
    for level in range(levels):
        y = floor - (level + 1) * block_h
        if level % 2 == 0:  # three ends of blocks that run away from the viewer
            bw = tower_w // 3
            for j in range(3):
                r = pygame.Rect(x0 + j * bw + 1, y + 1, bw - 2, block_h - 2)
                pygame.draw.rect(surf, wood, r)
                pygame.draw.rect(surf, dark, r, 1)
        else:  # one long block across; on level 7 it is pushed part way out along its length
            out = int(tower_w * 0.4) if level == 7 else 0
            if out:  # the block behind it shows where it came from
                behind = pygame.Rect(x0 + 1, y + 1, tower_w - 2, block_h - 2)
                pygame.draw.rect(surf, grain, behind)
                pygame.draw.rect(surf, dark, behind, 1)
            r = pygame.Rect(x0 + 1 + out, y + 1, tower_w - 2, block_h - 2)
            pygame.draw.rect(surf, wood, r)
            for k in range(1, 4):
                gy = r.y + k * r.h // 4
                pygame.draw.line(surf, grain, (r.x + 2, gy), (r.right - 3, gy))
            pygame.draw.rect(surf, dark, r, 1)
    return surf


DECISIONS_HEADING = "HOW THIS TABLE DECIDES UNCLEAR POINTS"
"""The heading the help overlay puts over the table's decisions (render.screens.overlays.help_text)."""


class DecisionsScroll:
    """A part of a game screen: D in the help opens the table's decisions at the foot of a long help, out
    of sight; the help then scrolls to their heading, so the key is seen to do something."""

    def _help_event(self, event) -> None:
        was = self.help_decisions
        super()._help_event(event)
        if self.help_decisions and not was:
            self._to_decisions = True

    def _draw_help(self, surface) -> None:
        if getattr(self, "_to_decisions", False):
            self._to_decisions = False
            row = self.decisions_row(surface.get_size())
            if row is not None:
                self.help_top = max(0, row - 1)
        super()._draw_help(surface)

    def decisions_row(self, size: tuple[int, int]) -> int | None:
        """The row of the decisions' heading among the help's lines as the overlay wraps them for a window
        of this size (its panel is 86 % of the window wide, the picture of the board 36 % of the inside)."""
        from . import text

        s = self.scale
        inner_w = int(size[0] * 0.86) - int(40 * s)
        body_w = inner_w - int(inner_w * 0.36) - int(20 * s)
        lines = text.wrap(self.help_text(), self.font_size(16), body_w)
        return lines.index(DECISIONS_HEADING) if DECISIONS_HEADING in lines else None
