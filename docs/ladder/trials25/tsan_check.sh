#!/bin/sh
# The two-thread search under ThreadSanitizer: builds a copy of the tree with the search compiled
# -fsanitize=thread and runs two-thread searches (threaded, each twice on one Search) on two bench
# positions. Prints the number of data races TSan reports: 0 is the pass.
#   sh docs/ladder/trials25/tsan_check.sh [WORKDIR]      (gcc's libtsan; default WORKDIR /tmp/tsan_check)
set -e
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
W=${1:-/tmp/tsan_check}
rm -rf "$W" && mkdir -p "$W"
cp -a "$ROOT/towers_core" "$ROOT/setup.py" "$ROOT/pyproject.toml" "$W/"
touch "$W/towers_core/skirmish/ai/search.pyx"
cd "$W"
CFLAGS="-fsanitize=thread -g -O1" LDFLAGS="-fsanitize=thread" python setup.py build_ext --inplace -q > build.log 2>&1
cat > run.py <<'PY'
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.search import Search
from towers_core.skirmish.cli import bench_positions
for idx in (0, 1):
    _, view, history = bench_positions(1)[idx]
    s = Search(16)
    s.set_worlds(determinize.worlds(view, history, 8, 1))
    s.configure(max_depth=40, node_limit=150_000, threads=2)
    for _ in range(2):
        info = s.run()
        print(idx, info["move"], info["nodes"], info["depth"])
PY
TSAN_OPTIONS="report_signal_unsafe=0 halt_on_error=0" LD_PRELOAD=$(gcc -print-file-name=libtsan.so) \
    PYTHONPATH=. python run.py > tsan.out 2>&1 || true
echo "data races reported: $(grep -c 'WARNING: ThreadSanitizer' tsan.out)  (details: $W/tsan.out)"
