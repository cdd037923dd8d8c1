"""Which evaluation terms predict who wins: a logistic fit of recorded games' results on the terms of
`evaluate.pxd` at every position (the "Texel" method of chess engines), with one indicator per
player so that a term is not credited for marking the stronger player.
Run: `PYTHONPATH=. python tools/skirmish_fit_terms.py RECORD [RECORD ...]`."""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterator

from towers_core.errors import TowersError
from towers_core.board import OTHER
from towers_core.skirmish import position
from tools.skirmish_diagnose import load_records, player_on, replay
from towers_core.skirmish.ai.search import WEIGHT_NAMES, default_weight_values, evaluate_engine

ZERO = {name: 0.0 for name in WEIGHT_NAMES}
TERMS = ("material", *WEIGHT_NAMES)   # material: the evaluation with every named weight at 0


def term_rows(row: dict) -> Iterator[tuple[list[float], float, str, str]]:
    """(terms, result, mover, opponent) at every ply of a recorded game, from the side to move:
    each named term is what it adds at weight 1; result 1 / ½ / 0 for the mover."""
    south = row["score"] if row["a_side"] == "S" else 1.0 - row["score"]
    for pos, _, _ in replay(row):
        e = position.to_engine(pos, allow_hidden=True)
        base = evaluate_engine(e, ZERO)
        terms = [base] + [evaluate_engine(e, {**ZERO, name: 1.0}) - base for name in WEIGHT_NAMES]
        me = pos["to_move"]
        yield terms, (south if me == "S" else 1.0 - south), player_on(row, me), player_on(row, OTHER[me])


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b, by Gaussian elimination with partial pivoting (a is small and regularised)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def _sigmoid(b: list[float], x: list[float]) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(bi * xi for bi, xi in zip(b, x))))))


def logistic_fit(xs: list[list[float]], ys: list[float], l2: float = 1e-3, rounds: int = 30) -> list[float]:
    """Coefficients b maximising the likelihood of results ys (in [0, 1]) under σ(b·x), by Newton's method."""
    n = len(xs[0])
    b = [0.0] * n
    for _ in range(rounds):
        grad = [-l2 * v for v in b]
        hess = [[l2 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            p = _sigmoid(b, x)
            w = p * (1.0 - p)
            for i in range(n):
                grad[i] += (y - p) * x[i]
                wx = w * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += wx * x[j]
        for i in range(n):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        b = [bi + si for bi, si in zip(b, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return b


def log_loss(xs: list[list[float]], ys: list[float], b: list[float]) -> float:
    """Mean cross-entropy (nats) of results ys under σ(b·x)."""
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(max(_sigmoid(b, x), 1e-9), 1.0 - 1e-9)
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / len(ys)


def design(rows: list[tuple[list[float], float, str, str]], terms: tuple[str, ...],
           players: list[str]) -> list[list[float]]:
    """The fit's inputs: the chosen terms, then +1 / −1 for each player but the first when it is the
    mover / the opponent (a player's strength, which would otherwise be read into the terms)."""
    idx = [TERMS.index(t) for t in terms]
    return [[x[i] for i in idx] + [(me == p) - (other == p) for p in players[1:]] for x, _, me, other in rows]


def load_rows(paths: list[str]) -> list[tuple[list[float], float, str, str, int]]:
    """Every position of the recorded games in `paths`: (terms, result, mover, opponent, game number);
    players are named by their level's family ('expert' for 'expert,worlds:16')."""
    games = load_records(paths)
    try:
        return [(t, y, me.split(",")[0], other.split(",")[0], g)
                for g, r in enumerate(games) for t, y, me, other in term_rows(r)]
    except (KeyError, TypeError, ValueError) as err:
        raise TowersError(f"records: a game does not replay ({err})") from None


def shipped(rows: list[tuple[list[float], float, str, str]]) -> list[list[float]]:
    """The evaluation as shipped (every named term at its default weight), one value a position."""
    w = default_weight_values()
    return [[x[0] + sum(w[n] * x[1 + i] for i, n in enumerate(WEIGHT_NAMES))] for x, *_ in rows]


def report(rows: list[tuple[list[float], float, str, str, int]], terms: tuple[str, ...]) -> list[str]:
    """The shipped weights' held-out log-loss (every fifth game held out), then the fit's, without
    and with the player indicators, and its weights relative to material."""
    players = sorted({p for _, _, me, other, _ in rows for p in (me, other)})
    train = [r[:4] for r in rows if r[4] % 5]
    held = [r[:4] for r in rows if not r[4] % 5]
    k = logistic_fit(shipped(train), [r[1] for r in train])
    out = [f"{len({r[4] for r in rows})} games, {len(rows)} positions (every fifth game held out); "
           f"players {', '.join(players)}",
           f"shipped evaluation: logistic scale {k[0]:.4f} a unit, held-out log-loss "
           f"{log_loss(shipped(held), [r[1] for r in held], k):.4f}"]
    for label, who in (("terms only", players[:1]), ("terms and players", players)):
        b = logistic_fit(design(train, terms, who), [r[1] for r in train])
        loss = log_loss(design(held, terms, who), [r[1] for r in held], b)
        weights = "  ".join(f"{t} {b[i] / b[0]:.2f}" for i, t in enumerate(terms))
        strength = "  ".join(f"{p} {b[len(terms) + i]:+.2f}" for i, p in enumerate(who[1:]))
        out.append(f"{label}: held-out log-loss {loss:.4f}; weights (material = 1): {weights}"
                   + (f"; player logits against {who[0]}: {strength}" if strength else ""))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("records", nargs="+")
    ap.add_argument("--terms", default="material,high,marker,trend,urgency,captured,threat",
                    help="comma-separated: material and named weights")
    args = ap.parse_args()
    terms = tuple(args.terms.split(","))
    if terms[0] != "material" or any(t not in TERMS for t in terms):
        ap.error(f"--terms: material first, then any of {', '.join(WEIGHT_NAMES)}")
    try:
        rows = load_rows(args.records)
    except TowersError as err:
        ap.error(str(err))
    print("\n".join(report(rows, terms)))


if __name__ == "__main__":
    main()
