"""Sound effects: a `Player` that owns the audio device and a per-window `Sound` service.

The app installs one `MiniaudioPlayer` at start (`install`); until then, and so in every test,
the player is silent and says why. The miniaudio player opens the device on its own thread,
synthesizes each sound there the first time it plays (`sound_synth`, 1-30 ms; none at start-up,
where the GIL belongs to the window) and mixes in miniaudio's callback, so `play` only queues a
name and never blocks the GUI. A window's `Sound` adds the View ▸ Sound setting (`muted`) and
plays a move's cues: `(moment, name)` pairs, where the moment is when the board shows the event
("start", "hit", "end").
"""
from __future__ import annotations

import array
import atexit
import logging
import queue
import threading
from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from towers_qt.shell.settings import Settings
from towers_qt.shell.sound_synth import RATE, SOUNDS, pcm

NAMES: tuple[str, ...] = tuple(SOUNDS)
IDLE_S = 4.0          # the device closes after this long without a sound
NOT_STARTED = "Sound is not started in this run."

Cue = tuple[str, str]  # (moment, sound name)


class Player(QObject):
    """Plays named sounds. `reason` is None while a device can play, else why sound is off;
    `ready` says that `reason` changed (from any thread)."""

    ready = Signal()

    def __init__(self, reason: str | None = NOT_STARTED) -> None:
        super().__init__()
        self.reason = reason

    def play(self, name: str) -> None:
        """Start `name` now, mixed over what is playing; returns at once."""


class MiniaudioPlayer(Player):
    """The audio device through miniaudio, on a daemon thread: probed once at start, opened on
    the first sound and closed after IDLE_S of silence (an open stream keeps some machines awake)."""

    def __init__(self) -> None:
        super().__init__("Looking for a sound device…")
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.voices: list[memoryview] = []
        self.lock = threading.Lock()
        self.pcm: dict[str, array.array] = {}  # each sound once synthesized (on the thread)
        self.thread = threading.Thread(target=self._run, name="sound", daemon=True)

    def start(self) -> None:
        """Look for the device on the player's thread; `ready` tells the outcome."""
        self.thread.start()

    def play(self, name: str) -> None:
        if self.reason is None and name in SOUNDS:
            self.queue.put_nowait(name)

    def close(self) -> None:
        """Stop the thread and the device (at exit: a callback must not run into a dying interpreter)."""
        if self.thread.is_alive():
            self.queue.put_nowait(None)
            self.thread.join(1.0)

    def _run(self) -> None:
        try:
            self._open().close()
            self.reason = None
            self.ready.emit()
        except Exception as exc:  # no library, no backend, no device: the app stays silent
            self._give_up(exc)
        device = None
        while self.reason is None:
            try:
                name = self.queue.get(timeout=IDLE_S if device is not None else None)
            except queue.Empty:
                with self.lock:
                    idle = not self.voices
                if idle:
                    device.close()
                    device = None
                continue
            if name is None:
                break
            if name not in self.pcm:
                self.pcm[name] = pcm(name)
            with self.lock:
                self.voices.append(memoryview(self.pcm[name]))
            if device is None:
                try:
                    device = self._start()
                except Exception as exc:  # the device went away since the probe
                    self._give_up(exc)
        if device is not None:
            device.close()

    def _give_up(self, exc: Exception) -> None:
        logging.getLogger(__name__).info("no sound: %s", exc)
        self.reason = "No sound device was found, so the game is silent."
        self.ready.emit()

    def _start(self):
        device, mixer = self._open(), self._mixer()
        next(mixer)  # miniaudio sends to a generator already started
        device.start(mixer)
        return device

    def _open(self):
        import miniaudio

        # miniaudio's own priority (the enum's order), without the null backend that "plays" anywhere
        backends = sorted((b for b in miniaudio.get_enabled_backends()
                           if b not in (miniaudio.Backend.NULL, miniaudio.Backend.CUSTOM)), key=lambda b: b.value)
        return miniaudio.PlaybackDevice(output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1,
                                        sample_rate=RATE, backends=backends, app_name="Towers")

    def _mixer(self):
        """miniaudio's generator: sends the frames it wants, gets the sum of the playing voices."""
        frames = yield b""
        while True:
            out = array.array("h", bytes(2 * frames))
            with self.lock:
                voices, self.voices = self.voices, []
                for voice in voices:
                    chunk, rest = voice[:frames], voice[frames:]
                    for i, x in enumerate(chunk):
                        out[i] = max(-32767, min(32767, out[i] + x))
                    if len(rest):
                        self.voices.append(rest)
            frames = yield out


_player: Player = Player()


def player() -> Player:
    """The app's player (a silent one until `install`)."""
    return _player


def install(new: Player | None = None) -> Player:
    """Make `new` (by default the miniaudio player) the app's player; the app's `main` calls it."""
    global _player
    _player = new if new is not None else MiniaudioPlayer()
    if isinstance(_player, MiniaudioPlayer):
        _player.start()
        atexit.register(_player.close)
    return _player


class Sound:
    """One window's sound: plays through the app's player unless muted (a saved setting)."""

    def __init__(self, settings: Settings, source: Player | None = None) -> None:
        self.settings = settings
        self.player = source if source is not None else player()

    @property
    def available(self) -> bool:
        return self.player.reason is None

    @property
    def reason(self) -> str | None:
        return self.player.reason

    @property
    def muted(self) -> bool:
        return not self.settings.sound_on()

    @muted.setter
    def muted(self, value: bool) -> None:
        self.settings.set_sound_on(not value)

    def play(self, name: str) -> None:
        if self.available and not self.muted:
            self.player.play(name)

    def cue(self, cues: list[Cue], moment: str | None = None) -> None:
        """Play the cues of `moment` in order and take them off the list; all that are left when
        None (the move is not animated, or its animation has ended or was cut short)."""
        for when, name in list(cues):
            if moment is None or when == moment:
                self.play(name)
                cues.remove((when, name))

    def add_to(self, menu: QMenu) -> QAction:
        """View ▸ Sound: checked when on; disabled, with the reason as tooltip, without a device."""
        action = SoundAction(self, menu)
        menu.addAction(action)
        menu.setToolTipsVisible(True)
        return action


class SoundAction(QAction):
    """View ▸ Sound, kept in step with the player's device (its `ready` may come from its thread:
    a slot of this QObject runs in the GUI thread and dies with the menu)."""

    def __init__(self, sound: Sound, parent: QObject) -> None:
        super().__init__("Sound", parent)
        self.sound = sound
        self.setCheckable(True)
        self.setChecked(not sound.muted)
        self.toggled.connect(self._set_on)
        sound.player.ready.connect(self.show_state)
        self.show_state()

    def _set_on(self, on: bool) -> None:
        self.sound.muted = not on

    @Slot()
    def show_state(self) -> None:
        on = self.sound.available
        self.setEnabled(on)
        self.setToolTip("Sound effects for each move and the end of a game" if on else self.sound.reason)
        self.setStatusTip(self.toolTip())


def ending(result: dict | None, humans: Iterable[str]) -> list[Cue]:
    """The cue of a move that ended the game: the fanfare, or the fall of a solo player's defeat
    (nothing for a draw)."""
    winner = (result or {}).get("winner")
    if winner is None:
        return []
    humans = list(humans)
    return [("end", "lose" if len(humans) == 1 and winner not in humans else "win")]
