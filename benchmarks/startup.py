#!/usr/bin/env python3
"""Start-up time of the built Towers executable: from launch to the first drawn window.

    python benchmarks/startup.py                      # dist/towers (dist/towers.exe on Windows)
    python benchmarks/startup.py path/to/towers --runs 10 --budget 2
    xvfb-run -a python benchmarks/startup.py --platform xcb   # a real X server instead of offscreen

What is measured, from outside the app (the app has no "exit after first paint" switch):

  first paint  wall time from spawning `towers --new --seed 1` (a normal start into a new game)
               to the first time Qt flushes a painted window to the screen. Qt reports that
               itself: with QT_LOGGING_RULES=qt.widgets.painting.debug=true the widget
               repaint manager logs "Flushing QRegion(...) of MainWindow(...)" each time it
               puts a frame on the window; the first such line is the first drawn window.
               The process is then terminated. For a one-file build the time includes the
               bootloader unpacking the bundle into a temporary folder, which happens on every
               start.
  screenshot   wall time of `towers --screenshot PNG` from spawn to exit (builds a seeded
               mid-game, renders the window, saves a PNG, exits): an upper bound that also
               covers shutdown.

Settings and the autosave go to a temporary folder (XDG_CONFIG_HOME/XDG_DATA_HOME), so every run
is a first start and the user's own settings are untouched. Exit status 1 when --budget is given
and the median first paint exceeds it, 2 when the app did not paint at all.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PAINT_MARK = "Flushing"


def default_executable() -> Path:
    return REPO / "dist" / ("towers.exe" if sys.platform == "win32" else "towers")


def run_env(platform: str, home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM=platform,
        QT_LOGGING_RULES="*.debug=false;qt.widgets.painting.debug=true",
        QT_MESSAGE_PATTERN="%{category}: %{message}",
        XDG_CONFIG_HOME=os.path.join(home, "config"),
        XDG_DATA_HOME=os.path.join(home, "data"),
        XDG_CACHE_HOME=os.path.join(home, "cache"),
    )
    if platform != "offscreen" and "DISPLAY" not in env and sys.platform.startswith("linux"):
        sys.exit(f"--platform {platform} needs a display (run under xvfb-run -a)")
    return env


def first_paint(exe: Path, platform: str, timeout: float) -> tuple[float, str]:
    """Seconds from spawn to the first window flush, and the flushed widget's log line."""
    with tempfile.TemporaryDirectory(prefix="towers-startup-") as home:
        env = run_env(platform, home)
        start = time.perf_counter()
        proc = subprocess.Popen([str(exe), "--new", "--seed", "1"], env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                errors="replace")
        found: list[tuple[float, str]] = []
        tail: list[str] = []

        def reader() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                if PAINT_MARK in line and not found:
                    found.append((time.perf_counter() - start, line.strip()))
                    return
                tail.append(line.rstrip())
                del tail[:-20]

        thread = threading.Thread(target=reader, daemon=True)
        thread.start()
        thread.join(timeout)
        stop(proc)
        if not found:
            raise RuntimeError(
                f"no window was drawn within {timeout:.0f} s (exit code {proc.returncode}); "
                "last output:\n  " + "\n  ".join(tail[-10:]))
        return found[0]


def screenshot_time(exe: Path, platform: str, timeout: float) -> float:
    with tempfile.TemporaryDirectory(prefix="towers-startup-") as home:
        env = run_env(platform, home)
        env.pop("QT_LOGGING_RULES")
        png = os.path.join(home, "shot.png")
        start = time.perf_counter()
        done = subprocess.run([str(exe), "--screenshot", png], env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, errors="replace", timeout=timeout)
        elapsed = time.perf_counter() - start
        if done.returncode != 0 or not os.path.isfile(png):
            raise RuntimeError(f"--screenshot failed (exit {done.returncode}): {done.stderr[-500:]}")
        return elapsed


def stop(proc: subprocess.Popen) -> None:
    """Terminate and reap (a one-file bootloader forwards the signal and removes its temp folder)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stderr:
        proc.stderr.close()


def summary(name: str, values: list[float]) -> str:
    return (f"{name:<12} median {statistics.median(values):.2f} s   min {min(values):.2f} s   "
            f"max {max(values):.2f} s   first run {values[0]:.2f} s   ({len(values)} runs)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("executable", nargs="?", type=Path, default=default_executable())
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--platform", default="offscreen",
                        help="Qt platform plugin (offscreen, xcb, wayland, windows, cocoa); default offscreen")
    parser.add_argument("--budget", type=float, default=None,
                        help="fail (exit 1) when the median first paint is above this many seconds")
    parser.add_argument("--no-screenshot", action="store_true", help="skip the --screenshot timing")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    # checked here, not with towers_core.checks: this script times a built executable and needs only Python
    if not 1 <= args.runs <= 100:
        parser.error("--runs must be a whole number from 1 to 100")
    for option, value in (("--timeout", args.timeout), ("--budget", args.budget)):
        if value is not None and not 0 < value <= 3600:  # nan fails this too
            parser.error(f"{option} must be more than 0 and at most 3600 seconds")

    exe = args.executable.resolve()
    if not exe.is_file():
        print(f"no executable at {exe}: build it with `pyinstaller --noconfirm --clean build.spec`",
              file=sys.stderr)
        return 2
    print(f"executable   {exe}  ({exe.stat().st_size / 1e6:.1f} MB)")
    print(f"platform     {args.platform}   machine: {os.cpu_count()} CPUs, {sys.platform}")

    paints: list[float] = []
    try:
        for i in range(args.runs):
            seconds, line = first_paint(exe, args.platform, args.timeout)
            paints.append(seconds)
            if i == 0:
                print(f"first drawn  {line[:110]}")
        print(summary("first paint", paints))
        if not args.no_screenshot:
            shots = [screenshot_time(exe, args.platform, args.timeout) for _ in range(args.runs)]
            print(summary("screenshot", shots))
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"startup benchmark FAILED: {exc}", file=sys.stderr)
        return 2
    if args.budget is not None:
        median = statistics.median(paints)
        verdict = "within" if median <= args.budget else "OVER"
        print(f"budget       first paint median {median:.2f} s {verdict} the {args.budget:.2f} s budget")
        return 0 if median <= args.budget else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
