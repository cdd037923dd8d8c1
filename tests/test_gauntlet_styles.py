"""Each §12.3 style plays as its name says: its signature statistic differs from balanced's in the
expected direction, the same foe on the same seeds (ai/style_stats.py; docs/gauntlet-ai.md)."""

from __future__ import annotations

from functools import cache

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

BATTLES, SEED, LEVEL = 4, 1, "normal"
# tricks that are actions or happen at the foe's own turn start (Reflection and the Second Crown wait
# for the enemy's blows; Fireball outranks Rime wherever both reach: see docs/gauntlet-ai.md)
ACTIVE_TRICKS = ("pawnlord", "steel-prince", "shadow-princess", "pale-abbess", "storm-magus",
                 "iron-castellan", "nameless-blade", "lord-of-ramparts")


@cache
def figures(foe_id: str) -> dict:
    return compare(foe_id, BATTLES, SEED, LEVEL)


@pytest.mark.parametrize("foe_id", list(FOE_STYLES))
def test_each_style_differs_from_balanced_in_its_signature(foe_id):
    style = FOE_STYLES[foe_id]
    stat, sign = SIGNATURES[style]
    figs = figures(foe_id)
    assert differs_as_expected(style, figs), (style, stat, sign, figs[style][stat], figs["balanced"][stat])


@pytest.mark.parametrize("foe_id", ACTIVE_TRICKS)
def test_each_active_trick_is_used_in_the_foes_style(foe_id):
    assert figures(foe_id)[FOE_STYLES[foe_id]]["trick"] > 0


@pytest.mark.parametrize("foe_id", list(FOE_STYLES))
def test_no_style_loses_more_than_one_battle_more_than_balanced(foe_id):
    figs = figures(foe_id)
    assert figs[FOE_STYLES[foe_id]]["won"] >= figs["balanced"]["won"] - 1 / BATTLES - 1e-9


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
