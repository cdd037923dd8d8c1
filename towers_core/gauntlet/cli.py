"""`towers-cli gauntlet bench`: random battles between random legal armies, actions per second
of the C engine (legal lists on the mover's view + apply, nogil, one core); `--reference`
also times the pure-Python reference engine the C one is tested against. `match` plays AI levels
against each other in Draft battles, `draft-match` two Drafts with one battle level on both sides;
`bench-ai` times the AI per whole turn."""

from __future__ import annotations

import argparse
import random
import time

from towers_core.cli import add_match_command, machine, run_match
from towers_core.gauntlet import gen
from towers_core.gauntlet.ai.levels import LEVELS, get_level
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.position import clone, raw_view
from towers_core.gauntlet.randomplay import pick, random_start


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register this game's subcommands under `towers-cli gauntlet`."""
    bench = sub.add_parser("bench", help="random-battle speed of the engine (one core)")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--max-actions", type=int, default=400, help="actions per battle at most")
    bench.add_argument("--reference", action="store_true", help="also time the Python reference")
    bench.set_defaults(run=_bench)
    add_match_command(sub, f"{', '.join(LEVELS)}, iters:N", 20, "seed, armies, actions, result", _match)
    add_draft_match_command(sub)
    a = sub.add_parser("bench-ai", help="AI time per whole turn, per level, over the turns of a few battles")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--battles", type=int, default=2, help="greedy-vs-greedy battles whose turns are timed")
    a.add_argument("--turns", type=int, default=6, help="turns timed per battle (spread over it)")
    a.add_argument("--levels", default="easy,normal,hard,expert", help="levels to time")
    a.set_defaults(run=_bench_ai)
    t = sub.add_parser("tune", help="a level with changed evaluation weights against the same level")
    t.add_argument("--set", action="append", default=[], metavar="TERM=VALUE",
                   help="a weight of styles.TERMS to change (repeatable)")
    t.add_argument("--level", default="normal")
    t.add_argument("--games", type=int, default=40, help="games (rounded up to colour-swapped pairs)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--concurrency", type=int, default=1, help="games played in parallel processes")
    t.set_defaults(run=_tune)
    st = sub.add_parser("styles", help="each foe's style against balanced: signature statistics from self-play")
    st.add_argument("--battles", type=int, default=4, help="Battles per foe and style")
    st.add_argument("--seed", type=int, default=1)
    st.add_argument("--level", default="normal")
    st.set_defaults(run=_styles)
    add_run_command(sub)
    from towers_core.online.cli import add_commands as add_online
    add_online(sub)


__all__ = ["add_commands", "get_level"]  # get_level: towers_core.cli checks level options with it


def random_battle(rng: random.Random, max_actions: int) -> int:
    """One random battle through the Python reference (legal list on the view, then play)."""
    pos = random_start(rng)
    n = 0
    while n < max_actions and pos["result"] is None:
        acts = gen.all_actions(raw_view(pos, pos["to_move"]))
        pos, _ = play_full(clone(pos), pick(rng, acts))
        n += 1
    return n


def _bench(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.cengine import bench

    print(machine())
    actions, battles, dt, core = bench(args.seconds, args.seed, args.max_actions)
    print(f"C engine (nogil generation + apply): {actions / dt:10,.0f} actions/s  "
          f"{battles / dt:8,.2f} battles/s  ({actions} actions, {battles} battles; "
          f"{actions / core:,.0f} actions/s inside the C loop, the rest is making random armies)")
    if args.reference:
        rng = random.Random(args.seed)
        battles = actions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < args.seconds:
            actions += random_battle(rng, args.max_actions)
            battles += 1
        dt = time.perf_counter() - t0
        print(f"Python reference:                    {actions / dt:10,.0f} actions/s  "
              f"{battles / dt:8,.2f} battles/s  ({actions} actions, {battles} battles)")
    return 0


def _match(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.ai.match import match

    return run_match(args, match)


def add_draft_match_command(sub: argparse._SubParsersAction) -> None:
    """`towers-cli gauntlet draft-match`: two Draft levels, one battle level for both sides."""
    d = sub.add_parser("draft-match", help="two AI Drafts against each other, one battle AI playing both sides")
    d.add_argument("--draft-a", default="expert", help="Draft level of A (random: uniform over legal armies)")
    d.add_argument("--draft-b", default="random", help="Draft level of B")
    d.add_argument("--battle", default="normal", help="the level playing every action of both sides")
    d.add_argument("--games", type=int, default=100, help="games (rounded up to colour-swapped pairs)")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--concurrency", type=int, default=1, help="games played in parallel processes")
    d.add_argument("--quiet", action="store_true", help="only the final figures")
    d.add_argument("--record", help="append each game (seed, armies, actions, result) as a JSON line to this file")
    d.add_argument("--skip", type=int, default=0, help="leave out the first N games of the schedule")
    d.set_defaults(run=_draft_match)


def _draft_match(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.ai.draft_match import check_levels, draft_match

    check_levels(args.draft_a, args.draft_b, args.battle)
    print(f"draft-match: Draft {args.draft_a} (A) vs Draft {args.draft_b} (B), battles by {args.battle} "
          f"on both sides", flush=True)
    return run_match(argparse.Namespace(**vars(args), a=args.draft_a, b=args.draft_b),
                     lambda a, b, *rest, **kw: draft_match(a, b, args.battle, *rest, **kw))


def _tune(args: argparse.Namespace) -> int:
    from towers_core.cli import match_games
    from towers_core.gauntlet.ai.tune import parse_changes, tune

    changes = parse_changes(args.set)
    get_level(args.level)
    r = tune(changes, args.level, match_games(args.games), args.seed, args.concurrency, report=lambda s: None)
    print(f"{args.level} with {changes} vs {args.level}: W/D/L {r['wins']}/{r['draws']}/{r['losses']} "
          f"score {100 * r['score']:.1f}%  Elo {r['elo']:+.0f} [{r['elo_lo']:+.0f}, {r['elo_hi']:+.0f}]  "
          f"seed {args.seed}")
    return 0


def _styles(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.ai.style_stats import style_tables

    style_tables(args.battles, args.seed, args.level)
    return 0


def _bench_ai(args: argparse.Namespace) -> int:
    from towers_core.gauntlet.ai.bench import bench_ai

    print(machine())
    return bench_ai(args.seed, args.battles, args.turns, [lv for lv in args.levels.split(",") if lv])


def add_run_command(sub: argparse._SubParsersAction) -> None:
    """`towers-cli gauntlet run`: a whole run played by the AI on both sides (run_play)."""
    from towers_core.gauntlet.run_play import SHOP_POLICIES
    r = sub.add_parser("run", help="play a whole Gauntlet run with the AI on your side too")
    r.add_argument("--mode", choices=("repawn", "hardcore"), default="repawn")
    r.add_argument("--run-seed", type=int, default=1, help="the sealed run seed (0 .. 2^64-1)")
    r.add_argument("--player", default="hard", help="your side's AI level")
    r.add_argument("--shop", choices=SHOP_POLICIES, default="greedy", help="what your side buys before each Battle")
    r.add_argument("--max-battles", type=int, default=20, help="Battles fought at most (retries count)")
    r.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from towers_core.checks import whole_number
    from towers_core.errors import BadLevel, BadRun
    from towers_core.gauntlet.ai.levels import get_level
    from towers_core.gauntlet.run import summary
    from towers_core.gauntlet.run_play import play_run

    whole_number(args.run_seed, "--run-seed", 0, (1 << 64) - 1, BadRun)
    whole_number(args.max_battles, "--max-battles", 1, 10_000, BadRun)
    try:
        get_level(args.player)
    except BadLevel as e:
        raise BadLevel(f"--player: {e}") from None
    print(f"run: {args.mode}, run seed {args.run_seed}, player {args.player}, shop {args.shop}, "
          f"at most {args.max_battles} Battles", flush=True)

    def line(b) -> None:
        echo = f" echo {b.echo}" if b.echo else ""
        print(f"battle {b.battle:2d}  {b.foe:16s}{echo} ({b.level:6s}) pawnborn {b.pawnborn:2d}  "
              f"{'won ' if b.won else 'lost'}  {b.actions:4d} actions  Gold {b.gold:3d}  Tomes {b.tomes}", flush=True)

    s = summary(play_run(args.mode, args.run_seed, args.player, args.shop, args.max_battles, report=line))
    print(f"battles won: {s['battles_won']} (foes beaten {len(s['beaten'])}, echoes {s['echoes_won']}), "
          f"pawnborn fallen {s['pawnborn_fallen']}, crown {'yes' if s['crown'] else 'no'}, "
          f"run {'ended' if s['ended'] else 'stopped'}")
    return 0
