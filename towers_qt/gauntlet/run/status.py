"""The run's status line and banner, shared by every run screen: mode, Battle, purse, Pawnborn,
seed, and "tested" wherever the run is."""
from __future__ import annotations

from towers_core.gauntlet.run_foes import roster
from towers_qt.gauntlet.run.words import MODE_TEXT
from towers_qt.gauntlet.words import slot_label


def status_line(run: dict) -> str:
    """"RePawn · Battle 3 · 20 Gold · 1 Tome · Pawnborn 2 · seed 0123…" (+ "tested")."""
    tomes = f"{run['tomes']} Tome" + ("" if run["tomes"] == 1 else "s")
    parts = [MODE_TEXT[run["mode"]][0], f"Battle {run['battle']}"]
    if run["echo"]:
        parts.append(f"Endless, echo {run['echo']}")
    parts += [f"{run['gold']} Gold", tomes, f"Pawnborn {run['pawnborn']}", f"seed {run['run_seed']}"]
    if run["tested"]:
        parts.append("TESTED")
    return " · ".join(parts)


def banner_line(banner: dict) -> str:
    """Your banner: the unit and structure types it holds."""
    r = roster(banner)
    return "Your banner: " + ", ".join(slot_label(s) for s in r["units"] + r["structures"])
