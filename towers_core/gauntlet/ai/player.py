"""The Gauntlet AI player: from one side's VIEW (§16.2) and its log to an action, reproducibly.

The AI plays from what its side may see and nothing else, so it refuses a position holding a hidden
enemy unit or an unopened enemy slot, another side's view, and a history that is not its own log.
Each call plans the rest of the turn on the view (planner.pyx) and returns the plan's first action:
re-planning every action costs little (later calls have less AP to spend) and keeps the answer a
function of the arguments alone, and it takes in at once whatever an action revealed. Hidden enemy
units are put back where the log last showed them (belief.py) before planning; actions refused this
turn (§9: something unseen blocks them) are never opened with again.

`choose_action` blocks; `Searcher` runs the same search on a background thread (the planner
releases the GIL) so the app can poll `progress()` and `cancel()` it.
"""

from __future__ import annotations

import time

from towers_core.checks import check_time_ms, unsigned_seed
from towers_core.errors import BadHistory, BadLevel, BadPosition, IllegalAction, brief
from towers_core.gauntlet.listing import legal_actions
from towers_core.gauntlet.position import position_hash, validate
from towers_core.gauntlet.position import view as side_view
from towers_core.gauntlet.ai.belief import determinize
from towers_core.gauntlet.ai.levels import Level, get_level
from towers_core.gauntlet.ai.planner import MAX_FORBID, Planner
from towers_core.gauntlet.ai.styles import style_of, style_weights
from towers_core.gauntlet.cengine import Engine, format_action
from towers_core.gauntlet.rng import SplitMix64
from towers_core.search_thread import BackgroundSearch, clock_left

SIDES = ("C", "G")
WANDER_SALT = 0x5741_4E44_4552      # "WANDER": the wandering draw's own stream
ENTRY_KEYS = {"turn", "side", "a", "ev", "refused"}


def validate_view(view: object, side: object) -> dict:
    """`view` if it is `side`'s own view of a valid position (it equals its own view); else
    BadPosition naming the field that shows something `side` may not see."""
    if side not in SIDES:
        raise BadPosition(f"side: {brief(side)} is not 'C' or 'G'")
    if not isinstance(view, dict):
        raise BadPosition(f"view: must be a position object, not {brief(view)}")
    validate(view)
    enemy = "G" if side == "C" else "C"
    for tile, q in view["pieces"].items():
        if q["side"] == enemy and q.get("hidden", False):
            raise BadPosition(f"pieces.{tile}: a hidden enemy unit: not {side}'s view")
    for code, e in view["armies"][side].items():
        if e == "?":
            raise BadPosition(f"armies.{side}.{code}: {side}'s own slot is unknown: another side's view")
    if view["mode"] == "draft":
        public = set(view["public"][enemy])
        for code, e in view["armies"][enemy].items():
            if e != "?" and code not in public:
                raise BadPosition(f"armies.{enemy}.{code}: an unopened enemy slot: not {side}'s view")
    if side_view(view, side) != view:
        raise BadPosition(f"view: not {side}'s view (its own view differs)")
    return view


def check_history(history: object, view: dict, side: str) -> list[str]:
    """`history` must be `side`'s log of the Battle so far (api.log_view entries): turns in order,
    none past the view's, each side on its own turns, refusals only of `side`'s own actions.
    Returns the actions refused on the view's turn (never to be opened with again)."""
    if not isinstance(history, list):
        raise BadHistory(f"history: must be a list of log entries, not {brief(history)}")
    refused = []
    last = 1
    for i, e in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(e, dict) or not {"turn", "side", "a"} <= set(e) or not set(e) <= ENTRY_KEYS:
            raise BadHistory(f"{where}: must be a log entry with turn, side, a (and ev or refused)")
        turn = e["turn"]
        if not isinstance(turn, int) or isinstance(turn, bool) or not last <= turn <= view["turn"]:
            raise BadHistory(f"{where}.turn: {brief(turn)} is out of order (after {last}, at most "
                             f"the view's turn {view['turn']})")
        last = turn
        if e["side"] != "CG"[turn % 2 == 0]:
            raise BadHistory(f"{where}.side: {brief(e['side'])} does not move on turn {turn}")
        if not isinstance(e["a"], str) or not e["a"]:
            raise BadHistory(f"{where}.a: must be an action string, not {brief(e['a'])}")
        if ("ev" in e) == ("refused" in e):
            raise BadHistory(f"{where}: has exactly one of ev or refused")
        if "ev" in e and not (isinstance(e["ev"], list) and all(
                isinstance(x, list) and x and isinstance(x[0], str) for x in e["ev"])):
            raise BadHistory(f"{where}.ev: must be a list of events")
        if "refused" in e:
            if e["side"] != side:
                raise BadHistory(f"{where}.refused: only {side}'s own refusals are in {side}'s log")
            if turn == view["turn"]:
                refused.append(e["a"])
        elif e["side"] == side and e["a"].startswith("?"):
            raise BadHistory(f"{where}.a: {side}'s own actions are never in public form")
    return refused


def choose_action(view: dict, history: list, level: str, seed: int, time_ms: int | None = None,
                  weights: list[float] | None = None) -> str:
    """The action for the mover of `view` (its own view; checked), at `level`, from `seed`;
    `weights` (styles.TERMS order) replace the side's style weights (tuning)."""
    s = Searcher()
    s.start(view, history, level, seed, time_ms, background=False, weights=weights)
    return s.result()


def plan_seed(seed: int, view: dict) -> int:
    """The planner's noise seed: the caller's seed (its `ai|…` stream) mixed with the view's hash,
    so each view gets its own draws and the same view the same ones."""
    return SplitMix64(seed ^ int(position_hash(view), 16)).next()


def wanders(lv: Level, seed: int, view: dict) -> bool:
    """Whether a level that wanders plays this action at random: a draw of its own, apart from the
    planner's noise and the random action's."""
    return lv.wander > 0 and SplitMix64(plan_seed(seed, view) ^ WANDER_SALT).draw(1000) < lv.wander * 1000


class Searcher(BackgroundSearch):
    """One action's search for a Gauntlet view, startable in the background, cancellable."""

    def start(self, view: dict, history: list, level: str, seed: int, time_ms: int | None = None,
              background: bool = True, weights: list[float] | None = None) -> None:
        """Check every argument (in the caller's thread) and begin choosing. The clock cap counts
        from here."""
        started = time.monotonic()
        lv = get_level(level)
        seed = unsigned_seed(seed, "seed", BadLevel)
        time_ms = check_time_ms(time_ms)
        side = view.get("to_move") if isinstance(view, dict) else None
        validate_view(view, side)
        if view["result"] is not None:
            raise IllegalAction("the Battle is over: no action to choose")
        refused = check_history(history, view, side)
        legal = legal_actions(view)
        self.legal = [a for a in legal if a not in refused] or legal
        if len(self.legal) == 1 or wanders(lv, seed, view):
            rng = SplitMix64(plan_seed(seed, view))
            moves = [a for a in self.legal if a != "end"] if len(self.legal) > 1 and rng.draw(100) < 85 else []
            moves = moves or self.legal
            self.finish(moves[rng.draw(len(moves))])
            return
        e = Engine(view)
        planner = Planner()
        planner.set_position(determinize(view, history, side),
                             [c for a in refused if (c := e.code_of(a)) is not None][-MAX_FORBID:])
        planner.configure(lv.beam, lv.max_steps, lv.reply_width, lv.reply_steps, lv.noise, lv.nodes,
                          clock_left(time_ms, lv.time_ms, started), plan_seed(seed, view),
                          style_weights(style_of(view, side)) if weights is None else weights,
                          lv.samples, lv.playouts, lv.horizon, lv.eps, lv.halving)
        self.launch(planner, background)

    def describe(self, info: dict) -> dict:
        best = info["best"]
        return {"depth": info["depth"], "nodes": info["nodes"], "value": info["value"],
                "best": format_action(best) if best is not None else None}

    def move_of(self, info: dict) -> str:
        action = format_action(info["plan"][0])
        return action if action in self.legal else sorted(self.legal)[0]
