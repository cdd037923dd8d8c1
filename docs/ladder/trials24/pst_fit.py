"""Issue 12, idea (b): fit results on the shipped evaluation alone and with card-by-zone counts.

    python3 docs/ladder/trials24/pst_fit.py FEATURES.tsv        (system python with numpy)

FEATURES.tsv is pst_features.py's output. Every fifth game is held out. Each model has one indicator a
player family (+1 mover, -1 opponent) so that a feature is not credited for marking the stronger player.
Prints the held-out log-loss of each model and the card-by-zone weights in Spearman units (the fitted
weight over the shipped evaluation's).
"""
from __future__ import annotations

import sys

import numpy as np


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, rounds: int = 40) -> np.ndarray:
    b = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-np.clip(x @ b, -30, 30)))
        g = x.T @ (y - p) - l2 * b
        h = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(b))
        step = np.linalg.solve(h, g)
        b += step
        if np.abs(step).max() < 1e-8:
            break
    return b


def loss(x: np.ndarray, y: np.ndarray, b: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ b, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main() -> None:
    path = sys.argv[1]
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        rows = [line.rstrip("\n").split("\t") for line in f]
    game = np.array([int(r[0]) for r in rows])
    y = np.array([float(r[1]) for r in rows])
    ply = np.array([int(r[4]) for r in rows])
    shipped = np.array([float(r[5]) for r in rows])
    pst = np.array([[float(v) for v in r[6:]] for r in rows])
    names = head[6:]
    keep = pst.std(axis=0) > 0
    pst, names = pst[:, keep], [n for n, k in zip(names, keep) if k]
    fams = sorted({r[2] for r in rows} | {r[3] for r in rows})
    ind = np.array([[(r[2] == p) - (r[3] == p) for p in fams[1:]] for r in rows], dtype=float)
    # the shipped evaluation is squashed: beyond a forced result it says nothing more
    s = np.clip(shipped, -60, 60)[:, None]
    held = game % 5 == 0
    print(f"{len(set(game))} games, {len(y)} positions; players {', '.join(fams)}; "
          f"held out {held.sum()} positions")
    models = {"shipped": s, "shipped+players": np.hstack([s, ind]),
              "shipped+zones+players": np.hstack([s, pst, ind])}
    for label, x in models.items():
        b = fit(x[~held], y[~held])
        print(f"{label:24s} held-out log-loss {loss(x[held], y[held], b):.4f}  train {loss(x[~held], y[~held], b):.4f}")
        for lo, hi in ((0, 20), (20, 40), (40, 80), (80, 1000)):
            m = held & (ply >= lo) & (ply < hi)
            if m.any():
                print(f"    plies {lo:>3}-{hi:<4} {m.sum():>6} positions  log-loss {loss(x[m], y[m], b):.4f}")
        if label == "shipped+zones+players":
            unit = b[0]
            w = sorted(zip(names, b[1:1 + len(names)] / unit), key=lambda t: -abs(t[1]))
            print("    zone weights (Spearman units): " + "  ".join(f"{n} {v:+.2f}" for n, v in w))


if __name__ == "__main__":
    main()
