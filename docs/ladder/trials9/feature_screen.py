"""Issue 12, ninth session: which features of a face-down card say most about what it is, by plain
frequency tables (no sampler): held-out log-loss (every fifth game) of the true identity given the
feature cells, add-half smoothing. A script beside its figures, not part of the app.

Run from the repository root: `PYTHONPATH=. python docs/ladder/trials9/feature_screen.py RECORD...`
(figures in docs/ai.md, ninth session: the 200 games of docs/ladder/expert_knights_ismcts70k_*.jsonl).
"""
import math
import sys
from collections import Counter, defaultdict

from towers_core.skirmish import belief
from towers_core.skirmish.ai.diagnose import load_records, replay

SETS = [(), ("zone",), ("zone", "posture"), ("zone", "touch"), ("zone", "age"), ("zone", "moves"),
        ("zone", "rank4"), ("rank8",), ("zone", "rank8"), ("zone", "rank8", "moves"), ("zone", "rank8", "posture")]


def _touching(board: dict, square: str, viewer: str) -> bool:
    f, r = ord(square[0]), int(square[1])
    return any(board.get(f"{chr(f + df)}{r + dr}", {}).get("owner") == viewer
               for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr)


def observations(games: list[dict]) -> list[tuple[int, dict, str]]:
    """(game, features, true card) for every face-down card the mover faces, every third ply; each
    card followed from its deploy (its rank among its owner's face-down arrivals) through maneuvers."""
    out = []
    for g, row in enumerate(games):
        track: dict[str, dict[str, list[int]]] = {"N": {}, "S": {}}   # square -> [arrival ply, moves, rank]
        arrivals = Counter()
        for i, (pos, _, action) in enumerate(replay(row)):
            for side in "NS":
                down = {sq for sq, c in pos["board"].items() if c["owner"] == side and not c["up"]}
                track[side] = {sq: t for sq, t in track[side].items() if sq in down}
                for sq in sorted(down - set(track[side])):
                    arrivals[side] += 1
                    track[side][sq] = [pos["actions"], 0, arrivals[side]]
            viewer = pos["to_move"]
            opponent = "N" if viewer == "S" else "S"
            high = frozenset(pos["terrain"]["high"])
            if i % 3 == 0:
                for sq, (since, moves, rank) in track[opponent].items():
                    age = pos["actions"] - since
                    features = {"zone": belief.zone_of(sq, opponent, high), "posture": pos["board"][sq]["posture"],
                                "touch": _touching(pos["board"], sq, viewer), "moves": min(moves, 2),
                                "age": "new" if age <= 2 else "mid" if age <= 10 else "old",
                                "rank4": min(rank, 4), "rank8": min(rank, 8)}
                    out.append((g, features, pos["board"][sq]["card"]))
            if len(action) >= 5 and action[2] in "-x" and action[0:2] in track[viewer]:
                moved = track[viewer].pop(action[0:2])
                moved[1] += 1
                track[viewer][action[3:5]] = moved
    return out


def held_out_loss(obs: list[tuple[int, dict, str]], keys: tuple[str, ...]) -> float:
    cards = sorted({c for _, _, c in obs})
    table: dict[tuple, Counter] = defaultdict(Counter)
    for g, f, c in obs:
        if g % 5:
            table[tuple(f[k] for k in keys)][c] += 1
    losses = []
    for g, f, c in obs:
        if not g % 5:
            t = table[tuple(f[k] for k in keys)]
            losses.append(-math.log((t[c] + 0.5) / (sum(t.values()) + 0.5 * len(cards))))
    return sum(losses) / len(losses)


def main() -> None:
    games = load_records(sys.argv[1:])
    obs = observations(games)
    print(f"{len(games)} games, {len(obs)} face-down cards observed")
    for keys in SETS:
        print(f"{' + '.join(keys) or 'nothing':<28} held out {held_out_loss(obs, keys):.4f} nats")


if __name__ == "__main__":
    main()
