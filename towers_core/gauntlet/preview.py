"""What an action would do, as its mover can know it (the app's hover preview): the engine's own
`play` run on the mover's view, so the rules are computed once. Hidden enemies are not in the view,
so an action they would block or an area effect that would also reach them is previewed as if
they were not there; `play` on the whole position then says what really happened."""

from __future__ import annotations

from towers_core.errors import IllegalAction, TowersError, brief
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.position import SIDES, clone, raw_view, validate


def preview(view: dict, action: str) -> dict:
    """`{"events", "view", "result"}`: the action's log events (§16.4, resolution order) and the
    mover's view after it, or `{"refused": reason}` for an action illegal on `view`."""
    validate(view)
    if not isinstance(action, str):
        raise IllegalAction(f"action must be a string, not {brief(action)}")
    side = view["to_move"]
    if side not in SIDES:
        raise TowersError(f"view.to_move: {brief(side)} is not 'C' or 'G'")
    try:
        after, entries = play_full(clone(view), action)
    except IllegalAction as exc:
        return {"refused": str(exc)}
    first = entries[0].full()
    if "refused" in first:  # a view holds nothing unseen; kept for a full position passed in
        return {"refused": "Something unseen blocks the path."}
    return {"events": first["ev"], "view": raw_view(after, side), "result": after["result"]}
