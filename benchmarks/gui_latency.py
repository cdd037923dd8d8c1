"""How late the GUI thread's event loop runs while the AI thinks (goal: worst delay under 50 ms).

Skirmish (default): the shared AI worker alone. Castles (`--game castles`) and the Gauntlet
(`--game gauntlet`): the real window playing the computer against itself from a seeded mid-game
(mid-battle), board animations, HUD and all.

A 5 ms QTimer ticks on the GUI thread while `towers_qt.shell.ai_worker.AiRunner` searches on its worker
thread at the chosen level, over several mid-game positions. Each tick's lateness is the gap since
the previous tick minus 5 ms. Prints the worst and the 99th-percentile delay, with and without the
AI running.

    python benchmarks/gui_latency.py                 # level hard, 6 positions
    python benchmarks/gui_latency.py --level expert --positions 4
    python benchmarks/gui_latency.py --game castles --level expert --positions 4 [--animate]
    python benchmarks/gui_latency.py --game gauntlet --level hard --positions 6 [--animate]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from towers_core.checks import whole_number
from towers_core.errors import BadLevel, TowersError
from towers_core.skirmish import api
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher
from towers_qt.shell.ai_worker import AiRunner

TICK_MS = 5
MAX_POSITIONS = 50  # positions searched: a few are plenty for the worst delay


def mid_game_views(count: int, plies: int = 30) -> list[dict]:
    """Views of the player to move after `plies` random non-resigning actions, one per seed."""
    views = []
    seed = 0
    while len(views) < count:
        rng, pos = random.Random(seed), api.new_position(seed)
        for _ in range(plies):
            if pos["result"]:
                break
            pos = api.apply(pos, rng.choice([a for a in api.legal_actions(pos) if a != "resign"]))
        if pos["result"] is None:
            views.append(api.view(pos, pos["to_move"]))
        seed += 1
    return views


class Probe:
    """Records the lateness of a fast repeating timer on the GUI thread."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.delays.append(max(0.0, (now - self._last) * 1000 - TICK_MS))
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()


def report(label: str, delays: list[float]) -> float:
    worst = max(delays) if delays else 0.0
    p99 = statistics.quantiles(delays, n=100)[98] if len(delays) >= 100 else worst
    print(f"{label:<22} worst {worst:6.1f} ms   p99 {p99:5.1f} ms   ({len(delays)} ticks)")
    return worst


def idle_delays(app) -> Probe:
    """One second of the event loop with nothing to do, for comparison."""
    idle = Probe()
    idle.start()
    end = time.perf_counter() + 1.0
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    idle.timer.stop()
    return idle


def bench_settings(animate: bool):
    """Throw-away settings, the moves animated or not."""
    import tempfile

    from PySide6.QtCore import QSettings

    from towers_qt.shell.settings import AnimationSpeed, Settings

    store = QSettings(os.path.join(tempfile.mkdtemp(prefix="towers-bench-"), "b.ini"), QSettings.IniFormat)
    settings = Settings(store)
    settings.set_animation_speed(AnimationSpeed.NORMAL if animate else AnimationSpeed.NONE)
    return settings


def show_window(app, window) -> None:
    window.resize(1366, 768)
    shown = time.perf_counter()
    window.show()
    app.processEvents()  # the first expose paints the whole window once: startup's cost, shown apart
    print(f"first window paint     {(time.perf_counter() - shown) * 1000:6.1f} ms (before any search)")


def castles_window(app, level: str, moves: int, idle: Probe, animate: bool) -> int:
    """The Castles window, computer against computer at `level` for `moves` moves (the moves
    animated or not: the board's animation frames are the GUI thread's own work)."""
    from towers_core.castles import api as api_castles
    from towers_qt.castles.window import CastlesWindow
    from towers_qt.shell.players import Player

    window = CastlesWindow(bench_settings(animate), autosave=False)
    show_window(app, window)
    window.session.new_game({p: Player("ai", "Computer", level) for p in ("S", "N")}, 11)
    rng = random.Random(11)  # a random opening: the start itself is too well known to think about
    for _ in range(8):
        window.session.play(rng.choice(api_castles.legal_actions(window.session.position)))
    return window_delays(app, window, moves, idle, f"Castles window, level {level}", "moves", animate)


def gauntlet_window(app, level: str, actions: int, idle: Probe, animate: bool) -> int:
    """The Gauntlet window, computer against computer at `level` for `actions` actions from a seeded
    mid-battle (random legal armies and actions up to turn 9, as the app's --screenshot shows)."""
    from towers_qt.gauntlet.game import midbattle
    from towers_qt.gauntlet.window import GauntletWindow
    from towers_qt.shell.players import Player

    window = GauntletWindow(bench_settings(animate), autosave=False)
    show_window(app, window)
    state = midbattle(11)
    state["players"] = {p: Player("ai", "Computer", level) for p in ("C", "G")}
    window.session.restore(state)
    return window_delays(app, window, actions, idle, f"Gauntlet window, level {level}", "actions", animate)


def window_delays(app, window, moves: int, idle: Probe, label: str, unit: str, animate: bool) -> int:
    """Let the window's computer play `moves` more moves while the probe ticks; the ticks whose
    whole interval one search was running are the delays while the AI thinks."""
    start, began, probe = len(window.session.actions), time.perf_counter(), Probe()
    thinking: list[float] = []
    searches = [0, -1]  # searches started or ended so far; the count at the previous tick

    def sort_tick() -> None:
        if window.session.ai.busy and searches[0] == searches[1] and probe.delays:
            thinking.append(probe.delays[-1])
        searches[1] = searches[0]

    window.session.ai.thinking.connect(lambda _on: searches.__setitem__(0, searches[0] + 1))
    probe.timer.timeout.connect(sort_tick)
    probe.start()
    window._show_new_game()
    while len(window.session.actions) < start + moves and window.session.result is None:
        app.processEvents()
        time.sleep(0.001)
    probe.timer.stop()
    played = len(window.session.actions) - start
    window.session.shutdown()
    print(f"{label}, {played} {unit}{' animated' if animate else ''}, "
          f"mean {(time.perf_counter() - began) / max(1, played):.2f} s per {unit[:-1]}")
    report("idle event loop", idle.delays)
    report("whole run", probe.delays)  # with each move's redraw of the board
    worst = report("while AI thinks", thinking)
    print(f"worst GUI delay while the AI thinks: {worst:.1f} ms (goal < 50 ms)")
    return 0


def check_options(args: argparse.Namespace) -> None:
    """The level must be the game's, and a few positions are plenty: a TowersError names a bad one."""
    if args.game == "castles":
        from towers_core.castles.ai.levels import get_level as game_level
    elif args.game == "gauntlet":
        from towers_core.gauntlet.ai.levels import get_level as game_level
    else:
        game_level = get_level
    game_level(args.level)
    whole_number(args.positions, "--positions", 1, MAX_POSITIONS, BadLevel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--game", choices=("skirmish", "castles", "gauntlet"), default="skirmish")
    parser.add_argument("--animate", action="store_true", help="Castles, Gauntlet: animate the moves too")
    args = parser.parse_args(argv)
    try:
        check_options(args)
    except TowersError as err:
        parser.error(str(err))
    except ImportError as err:  # a game whose AI is not part of this install
        parser.error(f"--game {args.game}: its AI is missing ({err})")
    app = QApplication.instance() or QApplication([])
    idle = idle_delays(app)
    if args.game in ("castles", "gauntlet"):
        play = castles_window if args.game == "castles" else gauntlet_window
        return play(app, args.level, args.positions, idle, args.animate)
    views = mid_game_views(args.positions)

    runner, probe, pending, times = AiRunner(Searcher), Probe(), list(views), []

    def next_search(_action: str = "") -> None:
        if times:
            times[-1] = time.perf_counter() - times[-1]
        if not pending:
            app.quit()
            return
        times.append(time.perf_counter())
        runner.think((pending.pop(0), [], args.level, 1, None), get_level(args.level).time_ms)

    runner.answered.connect(next_search)
    runner.failed.connect(lambda msg: (print("AI failed:", msg), app.exit(1)))
    probe.start()
    QTimer.singleShot(0, next_search)
    code = app.exec()
    probe.timer.stop()
    runner.shutdown()
    print(f"level {args.level}, {len(views)} positions, mean {statistics.mean(times):.2f} s per move")
    report("idle event loop", idle.delays)
    worst = report("while AI thinks", probe.delays)
    print(f"worst GUI delay while the AI thinks: {worst:.1f} ms (goal < 50 ms)")
    return code


if __name__ == "__main__":
    sys.exit(main())
