"""Where players keep which cards face-down: fit a placement table (belief.Placement: a factor per placement
cell, i.e. zone and deploy rank, and card on the deal's propensity; the last fit is PLACEMENT in
skirmish_placement_table.py) to recorded games, by iterative proportional fitting of the sampler's
marginals to the true identities, cell by cell. Every fifth game is held out (or the games of --test) and
the log-loss of the true face-down identities is printed before and after. Run:
`PYTHONPATH=. python tools/skirmish_fit_placement.py RECORD [RECORD ...] [--test RECORD ...] [--given-hidden]
[--no-ranks]`."""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter, defaultdict
from dataclasses import replace

from towers_core.checks import whole_number
from towers_core.errors import BadLevel, TowersError
from towers_core.skirmish import belief, position
from tools.skirmish_diagnose import load_records, player_on, replay
from tools.skirmish_placement_table import PLACEMENT

Observation = tuple[int, belief.Knowledge, dict[str, str], tuple[str, ...]]
Table = belief.Placement
FACTOR_RANGE = (0.05, 20.0)   # no zone rules a card in or out: a player unlike the recorded ones stays possible
STEP = 0.8                    # damping of each proportional update (1 = the full ratio)


def observations(row: dict, every: int = 3) -> list[Observation]:
    """(ply, what the mover knows, true identity of each face-down card it faces, the opponent's true
    hidden cards: those face-down cards, then the barrack) every `every` plies."""
    out = []
    for i, (pos, hist, _) in enumerate(replay(row)):
        if i % every:
            continue
        viewer = pos["to_move"]
        k = belief.knowledge(position.view(pos, viewer), viewer, hist)
        truth = {sq: c["card"] for sq, c in sorted(pos["board"].items()) if sq in k.tokens}
        if truth:
            out.append((pos["actions"], k, truth, (*truth.values(), *pos["barrack"][k.opponent])))
    return out


def without_ranks(data: list[Observation]) -> list[Observation]:
    """The observations as a viewer without the history would see them: every deploy rank 0 (the
    factors PLACEMENT falls back to when the order of deploys is unknown)."""
    return [(ply, replace(k, cells={sq: (zone, 0) for sq, (zone, _) in k.cells.items()}), truth, hidden)
            for ply, k, truth, hidden in data]


def true_deal(k: belief.Knowledge, hidden: tuple[str, ...], rng: random.Random, table: Table) -> dict[str, str]:
    """The board part of one deal of the true hidden cards by the model's deal: what placement alone
    decides, so that a card the recorded players never muster does not look like one never placed."""
    return dict(zip(sorted(k.tokens), belief.deal_known(k, hidden, rng, table)))


def marginals(data: list[Observation], table: Table, samples: int, given_hidden: bool = False
              ) -> tuple[dict[belief.Cell, float], Counter, dict[belief.Cell, Counter], dict[belief.Cell, Counter]]:
    """Per placement cell: summed log-loss of the truth, count, the sampler's expected card counts, the
    true ones; with `given_hidden`, the deal of the true hidden cards instead of the whole sampler."""
    loss: dict[belief.Cell, float] = defaultdict(float)
    count: Counter = Counter()
    model: dict[belief.Cell, Counter] = defaultdict(Counter)
    truth_counts: dict[belief.Cell, Counter] = defaultdict(Counter)
    for ply, k, truth, hidden in data:
        rng, seen = random.Random(ply), Counter()
        for _ in range(samples):
            if given_hidden:
                seen.update(true_deal(k, hidden, rng, table).items())
            else:
                seen.update(belief.sample_hidden(k, rng, placement=table)[0].items())
        for sq, card in truth.items():
            cell = k.cells[sq]
            loss[cell] -= math.log(max(seen[sq, card] / samples, 1e-3))
            count[cell] += 1
            truth_counts[cell][card] += 1
        for (sq, card), n in seen.items():
            if sq in truth:
                model[k.cells[sq]][card] += n / samples
    return loss, count, model, truth_counts


def step(table: Table, model: dict[belief.Cell, Counter], truth: dict[belief.Cell, Counter]) -> Table:
    """Each factor times (true count / model's count), smoothed and damped, within FACTOR_RANGE."""
    out = dict(table)
    lo, hi = FACTOR_RANGE
    for cell in model:
        for card in set(model[cell]) | set(truth[cell]):
            ratio = (truth[cell][card] + 0.5) / (model[cell][card] + 0.5)
            out[(*cell, card)] = min(hi, max(lo, out.get((*cell, card), 1.0) * ratio ** STEP))
    return out


def summary(label: str, loss: dict[belief.Cell, float], count: Counter) -> str:
    """Mean log-loss, then by zone and by deploy rank."""
    parts = []
    for i, name in ((0, "zone"), (1, "rank")):
        lz, cz = defaultdict(float), Counter()
        for cell, n in count.items():
            lz[cell[i]] += loss[cell]
            cz[cell[i]] += n
        parts.append(f"by {name} " + "  ".join(f"{z} {lz[z] / cz[z]:.3f} ({cz[z]})" for z in sorted(cz)))
    return f"{label}: {sum(loss.values()) / max(1, sum(count.values())):.4f} nats; " + "; ".join(parts)


def check(rows: list[dict], every: int, samples: int, no_ranks: bool, owner: str | None = None) -> None:
    """How the sampler predicts the face-down cards of other games (another player's, say) without and
    with the shipped table: whether the table is a prior that carries over. `owner`: only that player's
    cards (a level or yardstick name as recorded)."""
    data = [o for r in rows for o in observations(r, every) if owner is None or player_on(r, o[1].opponent) == owner]
    data = without_ranks(data) if no_ranks else data
    print(f"{len(rows)} games: {len(data)} positions", flush=True)
    print(summary("no placement", *marginals(data, {}, samples)[:2]), flush=True)
    print(summary("PLACEMENT", *marginals(data, PLACEMENT, samples)[:2]), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("records", nargs="+")
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--samples", type=int, default=120)
    ap.add_argument("--every", type=int, default=3, help="use every N-th ply")
    ap.add_argument("--test", nargs="+", help="hold these games out (fit on every game of RECORD)")
    ap.add_argument("--no-ranks", action="store_true",
                    help="fit the factors by zone alone (deploy rank 0: a view without its history)")
    ap.add_argument("--given-hidden", action="store_true",
                    help="fit the deal of the true hidden cards (placement only), not the whole sampler's marginals")
    ap.add_argument("--check", action="store_true",
                    help="no fit: the log-loss on every game of RECORD without placement and with PLACEMENT")
    ap.add_argument("--owner", help="with --check: only the cards of this player (its name in the record)")
    args = ap.parse_args()
    try:
        whole_number(args.iterations, "--iterations", 0, 1000, BadLevel)
        whole_number(args.samples, "--samples", 1, 100_000, BadLevel)
        whole_number(args.every, "--every", 1, 1000, BadLevel)
        rows = load_records(args.records)
        tests = load_records(args.test) if args.test else []
    except TowersError as err:
        ap.error(str(err))
    if args.check:
        check(rows, args.every, args.samples, args.no_ranks, args.owner)
        return
    if tests:
        train = [o for r in rows for o in observations(r, args.every)]
        held = [o for r in tests for o in observations(r, args.every)]
    else:
        train = [o for i, r in enumerate(rows) if i % 5 for o in observations(r, args.every)]
        held = [o for i, r in enumerate(rows) if not i % 5 for o in observations(r, args.every)]
    if args.no_ranks:
        train, held = without_ranks(train), without_ranks(held)
    print(f"{len(rows) + len(tests)} games: {len(train)} positions to fit, {len(held)} held out", flush=True)
    table: Table = {}
    print(summary("held out, no placement", *marginals(held, table, args.samples)[:2]), flush=True)
    for i in range(args.iterations):
        table = step(table, *marginals(train, table, args.samples, args.given_hidden)[2:])
        print(summary(f"held out, iteration {i + 1}", *marginals(held, table, args.samples)[:2]), flush=True)
    print("PLACEMENT =", {key: round(v, 2) for key, v in sorted(table.items())})


if __name__ == "__main__":
    main()
