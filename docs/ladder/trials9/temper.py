"""Issue 12, ninth session: belief.PLACEMENT raised to a power t (0 = no placement, 1 = as fitted), scored
on one player's face-down cards in a match record: how much of the table carries over to other players.
Run from the repository root: `PYTHONPATH=. python docs/ladder/trials9/temper.py RECORD OWNER`."""
import sys

from towers_core.skirmish import belief
from towers_core.skirmish.ai import fit_placement
from towers_core.skirmish.ai.diagnose import load_records, player_on


def main() -> None:
    path, owner = sys.argv[1], sys.argv[2]
    rows = load_records([path])
    data = [o for r in rows for o in fit_placement.observations(r, 3)
            if player_on(r, o[1].opponent) == owner]
    for t in (0.0, 0.5, 0.75, 1.0):
        table = {key: v ** t for key, v in belief.PLACEMENT.items()}
        loss, count = fit_placement.marginals(data, table, 100)[:2]
        print(owner, path.split("/")[-1], f"temper {t}: {sum(loss.values()) / sum(count.values()):.4f}", flush=True)


if __name__ == "__main__":
    main()
