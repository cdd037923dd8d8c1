"""Scripted Gauntlet runs for tests: Battles won or lost in a few actions through the run's steps."""
from __future__ import annotations

from towers_core.gauntlet import api
from towers_core.gauntlet import run as R

SEED = 0x0123456789ABCDEF


def act(run: dict, action: str) -> dict:
    return R.play(run, action)[0]


def place_both(run: dict) -> dict:
    """Crimson places (its first listed placement) and ends turn 1; Gold places: Gold to act."""
    run = act(act(run, api.legal_actions(run["position"])[0]), "end")
    run = act(run, api.legal_actions(run["position"])[0])
    assert run["position"]["to_move"] == "G"
    return run


def claim(run: dict, which=("gold", "tome")) -> dict:
    """After both placements, Gold's King teleports onto the chosen chests (a testing tool)."""
    chests = {kind: tile for tile, kind in run["position"]["chests"].items()}
    for kind in which:
        run = act(run, f"tool:tp={chests[kind]}")
    return run


def win(run: dict, chests=()) -> dict:
    """Start the prepared Battle and win it: claim `chests` with tools if asked, then the foe resigns."""
    run = R.start_battle(run)
    if chests:
        run = act(claim(place_both(run), chests), "end")
    return act(run, "resign")


def lose(run: dict, chests=()) -> dict:
    """Start the prepared Battle and lose it: Gold resigns (after claiming `chests` if asked)."""
    run = place_both(R.start_battle(run))
    if chests:
        run = claim(run, chests)
    return act(run, "resign")


def beat(run: dict, foe: str | None = None, chests=()) -> dict:
    """Choose `foe` (default the first offered), win and go on."""
    run = R.choose_foe(run, foe or R.foe_choices(run)[0]["id"])
    run = win(run, chests)
    return R.proceed(run) if run["stage"] == "won" else run


def campaign(mode: str = "repawn", seed: int = SEED) -> dict:
    """A run crowned by eleven quick wins (no chests)."""
    run = R.new_run(mode, seed)
    while run["stage"] == "choose":
        run = beat(run)
    return run
