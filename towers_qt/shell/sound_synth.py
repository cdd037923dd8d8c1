"""The app's sound effects, synthesized in memory: 16-bit mono samples at RATE.

Each sound is a few lines of additive synthesis (decaying sine partials, one-pole filtered noise),
enveloped and normalized to its peak level; the noise is seeded, so every run makes the same samples.
Nothing is read from disk: the sound thread calls `pcm` the first time a sound plays (1-30 ms each).
"""
from __future__ import annotations

import array
import math
import random
from collections.abc import Callable

RATE = 22050

Wave = list[float]


def _n(seconds: float) -> int:
    return int(seconds * RATE)


def _noise(seconds: float, seed: int) -> Wave:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def _lowpass(samples: Wave, cutoff_hz: float) -> Wave:
    """One-pole low-pass: softens noise into a rumble or a hiss."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / RATE)
    out, y = [], 0.0
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def _partials(seconds: float, freq: Callable[[float], float], parts: tuple[tuple[float, float, float], ...]) -> Wave:
    """Sum of sines at `ratio * freq(t)`, each `(ratio, gain, decay_s)` decaying exponentially."""
    out, phase = [], [0.0] * len(parts)
    for i in range(_n(seconds)):
        t = i / RATE
        f, value = freq(t), 0.0
        for k, (ratio, gain, decay) in enumerate(parts):
            phase[k] += 2.0 * math.pi * ratio * f / RATE
            value += gain * math.exp(-t / decay) * math.sin(phase[k])
        out.append(value)
    return out


def _envelope(samples: Wave, attack_s: float, decay_s: float | None = None) -> Wave:
    """A linear attack, an optional exponential decay and a 5 ms fade at the end (no click)."""
    a, fade = max(1, _n(attack_s)), max(1, _n(0.005))
    out = []
    for i, x in enumerate(samples):
        g = min(1.0, i / a) * min(1.0, (len(samples) - i) / fade)
        if decay_s is not None:
            g *= math.exp(-(i / RATE) / decay_s)
        out.append(x * g)
    return out


def _mix(*waves: Wave, at: tuple[float, ...] = ()) -> Wave:
    """Overlay the waves, each starting at its offset in seconds (0 by default)."""
    starts = [_n(s) for s in at] + [0] * (len(waves) - len(at))
    out = [0.0] * max(s + len(w) for s, w in zip(starts, waves))
    for s, w in zip(starts, waves):
        for i, x in enumerate(w):
            out[s + i] += x
    return out


def _scale(samples: Wave, gain: float) -> Wave:
    return [x * gain for x in samples]


def _normalized(samples: Wave, peak: float) -> Wave:
    top = max(abs(x) for x in samples) or 1.0
    return [x * peak / top for x in samples]


def tap(pitch: float, seconds: float = 0.09) -> Wave:
    """A wooden tap: inharmonic wood-block modes that die within tens of ms, and a noise click."""
    body = _partials(seconds, lambda t: pitch, ((1.0, 1.0, 0.018), (2.76, 0.45, 0.010), (5.4, 0.2, 0.006)))
    click = _envelope(_lowpass(_noise(0.006, 1), 4000), 0.0005, 0.0015)
    return _mix(body, _scale(click, 0.6))


def deploy() -> Wave:
    return tap(820)


def move() -> Wave:
    return _scale(tap(560, 0.07), 0.7)


def hit() -> Wave:
    """A thud: a low sine sweeping down, with a short burst of dark noise."""
    body = _partials(0.22, lambda t: 60 + 90 * math.exp(-t / 0.03), ((1.0, 1.0, 0.07), (2.0, 0.25, 0.04)))
    thump = _envelope(_lowpass(_noise(0.06, 2), 600), 0.001, 0.015)
    return _mix(body, _scale(thump, 1.5))


def bell(pitch: float, seconds: float) -> Wave:
    parts = ((1.0, 1.0, 0.35), (2.0, 0.35, 0.2), (2.76, 0.3, 0.12), (5.4, 0.12, 0.06))
    return _envelope(_partials(seconds, lambda t: pitch, parts), 0.002)


def capture() -> Wave:
    """A chime: two bell notes a fifth apart."""
    return _mix(bell(1046.5, 0.35), bell(1568.0, 0.45), at=(0.0, 0.09))


def push() -> Wave:
    """A slide: filtered noise that swells and fades, with a soft knock where it stops."""
    n = _n(0.32)
    swell = [math.sin(math.pi * min(1.0, i / n)) ** 1.5 for i in range(n)]
    rub = [x * g for x, g in zip(_lowpass(_lowpass(_noise(0.32, 3), 900), 1400), swell)]
    return _mix(_scale(rub, 2.2), _scale(tap(300, 0.08), 0.5), at=(0.0, 0.28))


def death() -> Wave:
    """A falling tone that fades: a piece leaving the board."""
    parts = ((1.0, 1.0, 0.25), (2.0, 0.3, 0.15), (3.0, 0.12, 0.1))
    return _envelope(_partials(0.42, lambda t: 420 * math.exp(-t / 0.3), parts), 0.01)


def horn(pitch: float, seconds: float) -> Wave:
    """A brass-like note: harmonics at 1/n, a quick attack and a gentle decay."""
    parts = tuple((float(k), 1.0 / k, 0.5) for k in range(1, 7))
    return _envelope(_partials(seconds, lambda t: pitch, parts), 0.012)


def win() -> Wave:
    """A short fanfare: C, E, G and a held high C."""
    notes = ((523.25, 0.0, 0.14), (659.25, 0.12, 0.14), (783.99, 0.24, 0.14), (1046.5, 0.36, 0.5))
    return _mix(*(horn(f, d) for f, _, d in notes), at=tuple(s for _, s, _ in notes))


def lose() -> Wave:
    """Three falling notes of a minor triad, softer than the fanfare."""
    notes = ((392.0, 0.0, 0.2), (311.13, 0.18, 0.2), (261.63, 0.36, 0.45))
    return _mix(*(_envelope(horn(f, d), 0.03) for f, _, d in notes), at=tuple(s for _, s, _ in notes))


# Name -> (synthesizer, peak level), in the order of sound.NAMES.
SOUNDS: dict[str, tuple[Callable[[], Wave], float]] = {
    "deploy": (deploy, 0.55), "move": (move, 0.4), "hit": (hit, 0.7), "capture": (capture, 0.45),
    "push": (push, 0.5), "death": (death, 0.45), "win": (win, 0.45), "lose": (lose, 0.4),
}


def pcm(name: str) -> array.array:
    """The samples of sound `name` (a key of SOUNDS) as signed 16-bit integers, peak-normalized."""
    make, peak = SOUNDS[name]
    return array.array("h", (max(-32767, min(32767, round(x * 32767))) for x in _normalized(make(), peak)))
