"""Sound effects: each game's window plays the right names in order at the moment the board shows
them, View ▸ Sound mutes them and is remembered, no device disables it with the reason, and the
miniaudio player mixes without a device. A fake player stands in: tests never make a sound."""
from __future__ import annotations

import array
import math
import random
import threading
import wave

import pytest
from PySide6.QtCore import QStandardPaths

from tests.gauntlet_helpers import make, unit
from towers_core.castles import api as castles_api
from towers_core.skirmish import api as skirmish_api
from towers_qt.castles.window import CastlesWindow
from towers_qt.gauntlet.window import GauntletWindow
from towers_qt.shell import sound, sound_synth
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.players import Player as Seat
from towers_qt.shell.settings import AnimationSpeed, Settings
from towers_qt.skirmish.window import MainWindow
from tools import make_sounds

HOTSEAT = GameSetup("hotseat", "normal", None, "S", 5, {"S": "Ann", "N": "Bea"})


class FakePlayer(sound.Player):
    """Records what would be heard."""

    def __init__(self, reason: str | None = None) -> None:
        super().__init__(reason)
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture
def fake(monkeypatch):
    player = FakePlayer()
    monkeypatch.setattr(sound, "_player", player)
    return player


@pytest.fixture
def skirmish(open_window, settings, fake):
    QStandardPaths.setTestModeEnabled(True)
    return open_window(MainWindow(settings, autosave=False))


@pytest.fixture
def castles(open_window, settings, fake):
    return open_window(CastlesWindow(settings, autosave=False))


def heard_in_skirmish(entry: dict) -> list[str]:
    """What a Skirmish entry should sound like: its arrival, then a taking chime or a blow."""
    out = {"deploy": ["deploy"], "maneuver": ["move"], "retreat": ["move"]}.get(entry["kind"], [])
    fight = entry.get("fight")
    if fight:
        out.append("capture" if fight["outcome"] in ("captured", "attacker_captured", "king_captured") else "hit")
    return out


def test_a_hotseat_skirmish_sounds_each_event_in_order_then_the_fanfare(skirmish, fake):
    skirmish.start_game(HOTSEAT)
    s, rng = skirmish.session, random.Random(4)
    for _ in range(60):
        actions = skirmish_api.legal_actions(s.position)
        fights = [a for a in actions if "x" in a]
        s.play(rng.choice(fights) if fights else rng.choice([a for a in actions if a != "resign"] or actions))
    s.play("resign")
    expected = [name for entry in s.log for name in heard_in_skirmish(entry)] + ["win"]
    assert fake.played == expected
    assert {"deploy", "move", "hit"} <= set(fake.played) or {"deploy", "move", "capture"} <= set(fake.played)


def test_a_solo_players_defeat_sounds_the_fall_not_the_fanfare():
    assert sound.ending({"winner": "N"}, ["S"]) == [("end", "lose")]
    assert sound.ending({"winner": "S"}, ["S"]) == [("end", "win")]
    assert sound.ending({"winner": "N"}, ["S", "N"]) == [("end", "win")]
    assert sound.ending({"winner": None, "reason": "draw"}, ["S"]) == []
    assert sound.ending(None, ["S"]) == []


def test_an_animated_fight_sounds_its_blow_when_the_blow_lands(skirmish, fake, settings, qtbot):
    skirmish.start_game(HOTSEAT)
    s, rng = skirmish.session, random.Random(2)
    while not (moves := [a for a in skirmish_api.legal_actions(s.position) if "@" in a and "x" in a]):
        s.play(rng.choice([a for a in skirmish_api.legal_actions(s.position) if a != "resign"]))
    skirmish.settle_animation()
    settings.set_animation_speed(AnimationSpeed.FAST)
    fake.played.clear()
    s.play(moves[0])
    assert skirmish.animating and fake.played == ["deploy"], "the tap comes with the card, the blow later"
    qtbot.waitUntil(lambda: not skirmish.animating, timeout=20000)
    assert fake.played == heard_in_skirmish(s.log[-1]) and len(fake.played) == 2


def taking_moves(pos: dict) -> list[str]:
    """The moves after which the mover holds a castle it did not hold before."""
    mover, held = castles_api.to_move(pos), castles_api.readings(pos)["holders"]
    return [a for a in castles_api.legal_actions(pos)
            if any(w == mover and held[c] != mover
                   for c, w in castles_api.readings(castles_api.apply(pos, a))["holders"].items())]


def test_castles_pushes_slide_builds_tap_and_a_taken_castle_chimes(castles, fake, settings, qtbot):
    castles.start_options(HOTSEAT)
    s = castles.session
    for action in ("c3+", "e5+", "c3n"):
        s.play(action)
    assert fake.played == ["deploy", "deploy", "push"]
    rng = random.Random(1)
    while not (taken := taking_moves(s.position)):
        s.play(rng.choice(castles_api.legal_actions(s.position)))
    taken = taken[0]
    settings.set_animation_speed(AnimationSpeed.FAST)
    fake.played.clear()
    s.play(taken)
    build = taken.endswith("+")
    assert castles.animating and fake.played == ([] if build else ["push"]), "a build taps when it lands"
    qtbot.waitUntil(lambda: not castles.animating, timeout=20000)
    assert fake.played == ["deploy" if build else "push", "capture"]


def test_a_gauntlet_kill_sounds_a_death_and_a_step_a_move(open_window, settings, fake):
    QStandardPaths.setTestModeEnabled(True)
    win = open_window(GauntletWindow(settings, autosave=False))
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d2": unit("G", "Kn"), "e4": unit("C", "Pa")}, turn=4)
    players = {"C": Seat("human", "Cora"), "G": Seat("human", "Gus")}
    win.session.restore({"players": players, "seed": 1, "armies": pos["armies"], "scout": None,
                         "positions": [pos], "actions": [], "logs": []})
    win._show_new_game()
    win.session.play("d2*charge:e4")
    win.session.play("d1-e1")
    assert fake.played == ["death", "move"]


def test_muting_silences_every_game_and_is_remembered(skirmish, fake, qsettings):
    assert skirmish.sound_action.isEnabled() and skirmish.sound_action.isChecked()
    skirmish.sound_action.trigger()
    assert skirmish.sound.muted and not Settings(qsettings).sound_on()
    skirmish.start_game(HOTSEAT)
    s = skirmish.session
    for _ in range(6):
        s.play(next(a for a in skirmish_api.legal_actions(s.position) if "@" in a))
    assert fake.played == []
    again = CastlesWindow(Settings(qsettings), autosave=False)
    assert again.sound.muted and not again.sound_action.isChecked()
    again.sound_action.trigger()
    assert Settings(qsettings).sound_on()
    again.session.shutdown()
    again.deleteLater()


def test_without_a_device_view_sound_is_disabled_and_says_why(open_window, settings, monkeypatch, qtbot):
    player = FakePlayer(reason="Looking for a sound device…")
    monkeypatch.setattr(sound, "_player", player)
    win = open_window(CastlesWindow(settings, autosave=False))
    action = win.sound_action
    assert not action.isEnabled() and action.toolTip() == "Looking for a sound device…"
    win.sound.play("push")
    assert player.played == []

    def found_none() -> None:  # as the miniaudio player reports it: from its own thread
        player.reason = "No sound device was found, so the game is silent."
        player.ready.emit()
    threading.Thread(target=found_none).start()
    qtbot.waitUntil(lambda: "No sound device" in action.toolTip(), timeout=5000)
    assert not action.isEnabled()
    player.reason = None
    player.ready.emit()
    assert action.isEnabled() and action.isChecked()


def test_the_miniaudio_player_goes_silent_without_a_device(monkeypatch, qtbot):
    def no_device(self):
        raise RuntimeError("no backend")
    monkeypatch.setattr(sound.MiniaudioPlayer, "_open", no_device)
    player = sound.MiniaudioPlayer()
    with qtbot.waitSignal(player.ready, timeout=5000):
        player.start()
    player.thread.join(5)
    assert not player.thread.is_alive() and player.reason and "No sound device" in player.reason
    player.play("win")  # refused at once: nothing queued for a thread that is gone
    assert player.queue.empty()


def test_the_mixer_sums_the_voices_clamps_and_drops_finished_ones():
    player = sound.MiniaudioPlayer()  # not started: no device is looked for
    player.voices = [memoryview(array.array("h", [100, 200, 30000])), memoryview(array.array("h", [1, 2, 30000, 7]))]
    mixer = player._mixer()
    next(mixer)
    assert list(mixer.send(2)) == [101, 202]
    assert list(mixer.send(4)) == [32767, 7, 0, 0]
    assert player.voices == [] and list(mixer.send(3)) == [0, 0, 0]


# name -> (samples, RMS, zero crossings) of each synthesized sound: its length, loudness and pitch.
HEARD = {"deploy": (1984, 3297, 149), "move": (1543, 2459, 78), "hit": (4851, 4865, 43),
         "capture": (11906, 3886, 1675), "push": (7938, 3056, 724), "death": (9261, 5184, 189),
         "win": (18963, 3882, 1548), "lose": (17860, 5336, 500)}


def test_each_sound_is_synthesized_at_its_length_peak_loudness_and_pitch():
    assert set(HEARD) == set(sound.NAMES) == set(sound_synth.SOUNDS)
    for name, (samples, rms, crossings) in HEARD.items():
        pcm = sound_synth.pcm(name)
        assert pcm.typecode == "h" and pcm.itemsize == 2 and len(pcm) == samples, name
        assert max(abs(x) for x in pcm) == round(sound_synth.SOUNDS[name][1] * 32767), f"{name} is not normalized"
        assert math.sqrt(sum(x * x for x in pcm) / len(pcm)) == pytest.approx(rms, rel=0.02), name
        assert sum((a < 0) != (b < 0) for a, b in zip(pcm, pcm[1:])) == pytest.approx(crossings, rel=0.03), name
        assert pcm == sound_synth.pcm(name), f"{name}: the noise is seeded, so a second run makes the same"


def test_the_wav_tool_writes_what_the_app_synthesizes(tmp_path):
    assert make_sounds.main([str(tmp_path)]) == 0
    for name in sound.NAMES:
        with wave.open(str(tmp_path / f"{name}.wav"), "rb") as made:
            assert (made.getnchannels(), made.getsampwidth(), made.getframerate()) == (1, 2, sound.RATE)
            assert array.array("h", made.readframes(made.getnframes())) == sound_synth.pcm(name), name


def test_the_player_plays_through_a_real_device_and_lets_it_go_when_idle(monkeypatch, qtbot):
    """miniaudio's null backend: a device that consumes samples in real time and plays nothing."""
    import miniaudio

    opened: list = []

    def null_device(self):
        device = miniaudio.PlaybackDevice(output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1,
                                          sample_rate=sound.RATE, backends=[miniaudio.Backend.NULL])
        opened.append(device)
        return device
    monkeypatch.setattr(sound.MiniaudioPlayer, "_open", null_device)
    monkeypatch.setattr(sound, "IDLE_S", 0.3)
    player = sound.MiniaudioPlayer()
    with qtbot.waitSignal(player.ready, timeout=5000):
        player.start()
    assert player.reason is None and len(opened) == 1, "the probe opened a device and closed it"
    assert player.pcm == {}, "no sound is synthesized at start-up"
    player.play("deploy")
    qtbot.waitUntil(lambda: len(opened) == 2 and opened[1].running, timeout=5000)
    assert player.pcm == {"deploy": sound_synth.pcm("deploy")}, "the sound played is synthesized once, kept"
    qtbot.waitUntil(lambda: not player.voices and player.queue.empty(), timeout=5000)
    qtbot.waitUntil(lambda: not opened[1].running, timeout=5000)  # closed after IDLE_S of silence
    player.close()
    assert not player.thread.is_alive()
