"""The card table of RULES §2-§3: the one source of truth. The engine copies its numbers (ranks,
values, Knight-or-better, the full fortune deck) into C arrays when it is imported (state.pxd)."""

from __future__ import annotations

from dataclasses import dataclass

BUDGET = 100
DECK = {-1: 3, 0: 6, 1: 3}  # a full fortune deck, and what an empty one is refilled with (fine point 11)
KNIGHT_RANK = 3


@dataclass(frozen=True)
class Card:
    """One card of the pool (RULES §2): code, name, copies, rank, troops, move and ability."""
    code: str
    name: str
    count: int
    rank: int  # 0 for the King, whose Might is never computed
    troops: int
    move: str
    ability: str

    @property
    def knight_or_better(self) -> bool:
        """The King, and every card whose rank is at least the Knight's (RULES §2)."""
        return self.code == "K" or self.rank >= KNIGHT_RANK

    @property
    def value(self) -> int:
        """Captured value for end-of-skirmish scoring (the King is never scored)."""
        if self.code == "K":
            return 0
        return 2 if self.rank >= 2 else 1


CARDS: tuple[Card, ...] = (
    Card("K", "King", 1, 0, 0, "1",
         "Wins every attack he makes, always capturing, then is spent. Attacks revealed cards only, "
         "never a King. Captured only when three revealed enemy Knight-or-better cards touch him "
         "and one attacks. Pinned while two touch him. Never holds high ground."),
    Card("Sh", "Shardbearer", 1, 5, 24, "1",
         "Shardblade: when it attacks and is ahead by exactly 1 with no supporter, "
         "the defender is captured, not routed."),
    Card("Cl", "Captainlord", 1, 4, 16, "1",
         "Command: every other friendly card touching the Captainlord gets +1 Might when it attacks."),
    Card("Kn", "Knight", 3, 3, 10, "1", "No special ability."),
    Card("La", "Lancer", 2, 3, 12, "1-2 straight",
         "Maneuvers 1 or 2 squares in a straight line; the square passed over must be empty "
         "and not a mountain."),
    Card("Sq", "Attending Squire", 2, 1, 4, "1",
         "Attend: a friendly Knight-or-better card touching the Squire gets +1 Might whenever it "
         "fights (attacking or attacked). Two Squires give +2."),
    Card("Ar", "Archer", 3, 1, 5, "1",
         "Volley: supports a friendly attack on a target exactly 2 squares away in a straight line, "
         "unless the square between is a mountain."),
    Card("Sp", "Spearman", 4, 2, 6, "1",
         "Brace: a defensive Spearman wins ties (the attacker counts as behind by 1)."),
    Card("Sc", "Scout", 2, 1, 4, "1-2 any",
         "Maneuvers 1 or 2 orthogonal steps (may turn) through an empty square. Scout: turns one "
         "face-down enemy card within 2 steps face-up for good, staying face-down itself."),
    Card("So", "Soulcaster", 1, 1, 12, "1",
         "Soulcast: captures a touching non-King enemy card with no fight; the Soulcaster is used up "
         "and counts as captured by the opponent. On a face-down King it only reveals him."),
)

CODES: tuple[str, ...] = tuple(c.code for c in CARDS)
BY_CODE: dict[str, Card] = {c.code: c for c in CARDS}
INDEX: dict[str, int] = {c.code: i for i, c in enumerate(CARDS)}
POOL: dict[str, int] = {c.code: c.count for c in CARDS}
POOL_SIZE = sum(POOL.values())  # 20
