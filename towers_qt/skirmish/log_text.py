"""Skirmish's Log lines: every action in notation and in words, fights with both Mights, pulls and
outcome, always as the viewer may see it (api.entry_view + api.describe)."""
from __future__ import annotations

from towers_core.skirmish import api
from towers_qt.shell.log_dock import LogLine, LogWidget
from towers_qt.shell.names import with_names
from towers_qt.shell.palette import SIDE_LIGHT
from towers_qt.skirmish.might_terms import A_TERMS, D_TERMS


def _terms(terms: dict | None, keys: tuple[tuple[str, str], ...]) -> str:
    if not terms:
        return ""
    parts = [f"{k} {terms[k]:+d}" if k != "rank" else f"rank {terms[k]}"
             for k, _ in keys if isinstance(terms.get(k), int) and (terms[k] or k == "rank")]
    return ", ".join(parts)


def fight_lines(fight: dict) -> list[str]:
    """Mights with their terms, the pulls and the outcome."""
    lines = []
    if fight.get("a_might") is not None:
        lines.append(f"  Attacker {fight.get('a_card', '?')} Might {fight['a_might']}"
                     f" ({_terms(fight.get('a_terms'), A_TERMS)})")
        lines.append(f"  Defender {fight.get('d_card', '?')} Might {fight['d_might']}"
                     f" ({_terms(fight.get('d_terms'), D_TERMS)})")
    pulls = fight.get("pulls") or {}
    if pulls:
        lines.append("  Pulls: " + ", ".join(f"{'attacker' if k == 'A' else 'defender'} {v:+d}"
                                            for k, v in sorted(pulls.items())))
    lines.append(f"  Outcome: {str(fight.get('outcome', '')).replace('_', ' ')}")
    return lines


def entry_text(number: int, viewed: dict, names: dict[str, str] | None = None) -> str:
    """The log line for one viewed entry (notation, words in the players' names, fight details)."""
    lines = [f"{number}. {viewed['action']} — {with_names(api.describe(viewed), names or {})}"]
    if viewed.get("fight"):
        lines += fight_lines(viewed["fight"])
    return "\n".join(lines)


def show_log(widget: LogWidget, log: list[dict], viewer: str, names: dict[str, str] | None = None) -> None:
    """Show `log` (full entries) in the Log dock as `viewer` may see it."""
    names = names or {}

    def line(i: int) -> LogLine:
        viewed = api.entry_view(log[i], viewer)
        return entry_text(i + 1, viewed, names), SIDE_LIGHT[viewed["player"]], viewed

    widget.show_lines(len(log), (viewer, tuple(sorted(names.items()))), line)
