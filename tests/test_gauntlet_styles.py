"""Each §12.3 style plays as its name says: its signature statistic differs from balanced's in the
expected direction, the same foe on the same seeds (ai/style_stats.py; docs/gauntlet-ai.md)."""

from __future__ import annotations

import pytest

from towers_core.errors import BadLevel
from towers_core.gauntlet.ai.style_stats import (
    FOE,
    SIGNATURES,
    STAT_NAMES,
    differs_as_expected,
    compare,
    play_styled,
    style_tables,
)
from towers_core.gauntlet.ai.styles import FOE_STYLES

BATTLES, SEED, LEVEL = 8, 1, "normal"
# tricks that are actions or happen at the foe's own turn start (Reflection and the Second Crown wait
# for the enemy's blows)
ACTIVE_TRICKS = ("pawnlord", "steel-prince", "shadow-princess", "pale-abbess", "storm-magus",
                 "iron-castellan", "frost-queen", "nameless-blade", "lord-of-ramparts")


@pytest.mark.parametrize("foe_id", list(FOE_STYLES))
def test_each_style_plays_its_signature_and_its_trick_and_holds_its_strength(foe_id):
    """One comparison per foe (its style and balanced on the same Battles) for all three checks."""
    style = FOE_STYLES[foe_id]
    stat, sign = SIGNATURES[style]
    figs = compare(foe_id, BATTLES, SEED, LEVEL)
    assert differs_as_expected(style, figs), (style, stat, sign, figs[style][stat], figs["balanced"][stat])
    if foe_id in ACTIVE_TRICKS:
        assert figs[style]["trick"] > 0
    assert figs[style]["won"] >= figs["balanced"]["won"] - 1 / BATTLES - 1e-9   # one Battle more lost at most


def test_a_battle_is_the_same_for_the_same_seed_and_differs_by_style():
    a = play_styled("mirror-queen", "duel", 3, LEVEL)[FOE]
    b = play_styled("mirror-queen", "duel", 3, LEVEL)[FOE]
    c = play_styled("mirror-queen", "balanced", 3, LEVEL)[FOE]
    assert a.figures() == b.figures()
    assert a.figures()["royal_dist"] != c.figures()["royal_dist"]


def test_the_tables_name_every_statistic_and_refuse_bad_counts_by_name():
    lines: list[str] = []
    out = style_tables(1, 2, LEVEL, foes=["steel-prince"], report=lines.append)
    text = "\n".join(lines)
    assert "| steel-prince | bulwark | forts more |" in text
    assert all(f" {s} |" in text for s in STAT_NAMES)
    assert set(out["steel-prince"]) == {"bulwark", "balanced"}
    with pytest.raises(BadLevel, match="--battles"):
        style_tables(0, 1, LEVEL)
    with pytest.raises(BadLevel, match="level"):
        style_tables(1, 1, "nope")
