"""Summary of fusion_probe outputs: what choosing expert's next move once for the worlds it cannot tell
apart costs each candidate root action (plain minus fused value), and how often it reorders them.

    python docs/ladder/trials23/fusion_summary.py docs/ladder/trials23/fusion_probe_seed*.txt
"""

import re
import sys

CELL = re.compile(r"(\S+)\s+(-?[\d.]+)/\s*(-?[\d.]+)/\s*(-?[\d.]+)")


def main() -> None:
    positions = reordered = 0
    costs = []
    for path in sys.argv[1:]:
        for line in open(path):
            cells = [(m[0], float(m[2]), float(m[3])) for m in CELL.findall(line.split("|", 3)[-1])]
            if not cells or max(abs(c[1]) for c in cells) >= 900:
                continue  # a won or lost position: nothing to choose
            positions += 1
            costs += [plain - fused for _, plain, fused in cells]
            if max(cells, key=lambda c: c[1])[0] != max(cells, key=lambda c: c[2])[0]:
                reordered += 1
    costs.sort()
    n = len(costs)
    none = sum(c < 0.05 for c in costs)
    print(f"{positions} positions, {n} candidate actions; fusion's cost (plain - fused): median {costs[n // 2]:.2f}, "
          f"90th percentile {costs[int(0.9 * n)]:.2f}, largest {costs[-1]:.2f}, none (< 0.05) in {none}; "
          f"the best candidate changes in {reordered} positions")


if __name__ == "__main__":
    main()
