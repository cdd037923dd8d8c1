"""Learn Skirmish: every action of the sample game is legal for its mover (replayed through the core
api with the pulls it names), the window shows South's view of each step, and it ends on New game."""
from __future__ import annotations

from PySide6.QtCore import Qt

from towers_core.skirmish import api
from towers_qt.skirmish.dialogs import sample_game
from towers_qt.skirmish.dialogs.learn import LearnSkirmish


def test_the_sample_game_is_legal_move_by_move_and_covers_what_it_teaches():
    pos = api.new_position(sample_game.SEED, sample_game.MUSTERS)
    api.validate(pos)
    kinds, markers = set(), []
    for action, pulls, idea in sample_game.MOVES:
        mover = api.to_move(pos)
        assert action in api.legal_actions(pos) and action in api.legal_actions(api.view(pos, mover)), action
        if "x" in action:
            assert api.preview_attack(api.view(pos, mover), action)["legal"]
        pos, entries = api.play(pos, action, pulls=pulls)
        kinds.add(entries[0]["kind"])
        if entries[0]["fight"]:
            assert set(entries[0]["fight"]["pulls"]) == set(pulls), action  # every drawn pull is named
        markers.append(pos["marker"])
        assert idea
    assert {"deploy", "maneuver"} <= kinds and api.result(pos) is None
    assert max(markers) >= 5 and markers[-1] == 0  # Dominance walks South's way, then a capture resets it
    assert [p for p, _ in sample_game.positions()][-1] == pos


def test_the_window_shows_souths_view_and_ends_on_new_game(qtbot):
    dialog = LearnSkirmish()
    qtbot.addWidget(dialog)
    dialog.show()
    positions = sample_game.positions()
    for step in range(1, len(sample_game.MOVES) + 1):
        qtbot.mouseClick(dialog.next, Qt.LeftButton)
        pos, entry = positions[step]
        view = api.view(pos, "S")
        assert set(dialog.scene.cards) == set(view["board"])
        hidden = [sq for sq, cell in view["board"].items() if cell["card"] == "?"]
        assert all(not dialog.scene.cards[sq].face.up for sq in hidden)  # North's secrets stay face-down
        assert dialog.track.marker == pos["marker"]
        assert f"{step}. " in dialog.explain.text()
    assert "lesson" in dialog.explain.text().lower()
    assert dialog.focusWidget() is dialog.new_game
    with qtbot.waitSignal(dialog.new_game_requested):
        qtbot.keyClick(dialog.new_game, Qt.Key_Space)
