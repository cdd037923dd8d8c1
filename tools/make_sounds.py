"""Write the app's sound effects (towers_qt/shell/sound_synth.py) as WAV files, to listen to them
while changing one; the app itself synthesizes them in memory and reads no file.

    PYTHONPATH=. python tools/make_sounds.py OUT_DIR
"""
from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path

from towers_qt.shell.sound_synth import RATE, SOUNDS, pcm


def write_wav(path: Path, name: str) -> None:
    """Sound `name` as a 16-bit mono little-endian WAV at RATE."""
    samples = pcm(name)
    if sys.byteorder == "big":
        samples.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Write the app's sound effects as WAV files.")
    parser.add_argument("out_dir", type=Path, help="folder for <name>.wav (made if missing)")
    out = parser.parse_args(argv).out_dir
    out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        path = out / f"{name}.wav"
        write_wav(path, name)
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
