"""The session (histories, undo with fixed pulls, save/load) and the docks."""
from __future__ import annotations

import copy
import json

import pytest
from test_qt_board import BASE, cell

from towers_core.skirmish import api
from towers_qt.skirmish.session import Player, SaveError, Session, read_save

SOLO = {"S": Player("human", "South"), "N": Player("ai", "Computer", "easy")}


@pytest.fixture
def session(qtbot):
    s = Session(time_ms=50)
    s.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    yield s
    s.shutdown()


def test_histories_hold_each_players_own_view(session):
    session.play("Kn@a1")
    south, north = session.histories["S"][-1], session.histories["N"][-1]
    assert south["action"] == "Kn@a1" and north["action"] == "?@a1"
    assert north["view"]["board"]["a1"]["card"] == "?"
    assert south["view"] == api.view(session.position, "S")


def test_undo_restores_and_replays_the_same_pulls(qtbot):
    """South's face-down Knight attacks a face-up one (nothing hidden is shown): its pull is kept."""
    s = Session(time_ms=50)
    s.new_game(SOLO, 3, position=dict(copy.deepcopy(BASE), board={**BASE["board"], "f4": cell("S", "Kn")}))
    start = copy.deepcopy(s.position)
    first = s.play("f4xe4")
    assert first["fight"]["pulls"]
    s.play("pass")  # the computer's reply (played directly)
    assert s.undo()
    assert s.position == start and s.log == [] and s.histories["S"] == []
    again = s.play("f4xe4")
    assert again["fight"]["pulls"] == first["fight"]["pulls"]
    assert again["fight"]["outcome"] == first["fight"]["outcome"]
    s.shutdown()


def test_undo_is_refused_after_a_fight_showed_a_card(session):
    session.play("c3xc4")  # shows North's Spearman on c4 (tests/test_qt_undo.py: every kind of reveal)
    assert not session.undo() and "Spearman on c4" in session.undo_refusal()


def test_seen_cards_show_as_known_on_the_board(window):
    window.session.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    window.session.seen["S"]["c4"] = "Sp"
    window.refresh()
    face = window.scene.cards["c4"].face
    assert face.code == "Sp" and face.known


def test_hotseat_undo_takes_back_one_move_of_the_player_at_the_device(qtbot):
    s = Session()
    s.new_game({"S": Player("human"), "N": Player("human")}, 3, position=copy.deepcopy(BASE))
    s.play("Kn@a1")
    assert s.undo() and not s.log and not s.can_undo()
    s.shutdown()


def test_save_and_load_round_trip(session, tmp_path):
    session.play("Kn@a1")
    path = tmp_path / "game.towers.json"
    session.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.towers.json"]  # no temp file left
    other = Session()
    other.load(path)
    assert other.position == session.position and other.log == session.log
    assert other.players["N"].is_ai and other.histories == session.histories
    other.shutdown()


@pytest.mark.parametrize("content, message", [
    ("not json at all", "not valid JSON"),
    (json.dumps({"hello": 1}), "not a Towers save file"),
    (json.dumps({"format": "towers-save", "version": 99}), "unsupported save version"),
])
def test_bad_files_raise_and_change_nothing(session, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = copy.deepcopy(session.position)
    with pytest.raises(SaveError, match=message):
        session.load(path)
    assert session.position == before


def test_damaged_position_is_refused(session, tmp_path):
    path = tmp_path / "damaged.json"
    session.save(path)
    data = json.loads(path.read_text())
    data["position"]["board"]["c3"]["card"] = "Dragon"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged"):
        read_save(path)


def test_window_shows_an_error_for_a_bad_file_and_keeps_the_game(window, tmp_path):
    window.session.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    window.after_turn()
    bad = tmp_path / "bad.json"
    bad.write_text("{ broken")
    assert not window.open_path(bad)
    box = window.message_box
    assert box is not None and box.isVisible() and "not valid JSON" in box.text()
    assert window.session.position["board"] == BASE["board"]
    assert set(window.scene.cards) == set(BASE["board"])


def test_window_save_then_open_restores_the_screen(window, clicks, tmp_path):
    window.session.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    window.after_turn()
    window.session.ai.cancel()
    path = tmp_path / "g.json"
    assert window.save_to(path)
    window.session.new_game(SOLO, 5)
    window.after_turn()
    window.session.ai.cancel()
    assert window.open_path(path)
    assert set(window.scene.cards) == set(BASE["board"])


def test_barrack_dock_shows_hand_and_what_can_deploy(window):
    position = copy.deepcopy(BASE)
    position["barrack"]["S"] = ["Kn", "Sp", "Sp"]
    position["resting"]["S"] = ["Sp"]
    window.session.new_game(SOLO, 3, position=position)
    window.after_turn()
    tiles = window.barrack.tiles
    assert sorted(t.face.code for t in tiles) == ["Kn", "Sp", "Sp"]
    assert sum(t.face.resting for t in tiles) == 1
    assert {t.face.code for t in tiles if t.face.deployable} == {"Kn", "Sp"}
    assert "2 hidden cards" in window.barrack.enemy.text()


def test_dominance_dock_shows_track_high_ground_captures_and_decks(window):
    position = copy.deepcopy(BASE)
    position["marker"] = -3
    position["captured"]["N"] = ["Kn", "Ar"]
    position["decks"]["S"] = {"+1": 1, "0": 4, "-1": 2}
    position["board"]["b5"] = cell("N", "Sp", True)
    window.session.new_game(SOLO, 3, position=position)
    window.after_turn()
    dom = window.dominance
    assert dom.track.marker == -3 and "Computer · easy 3 of 10" in dom.caption.text()  # named as the players are
    assert dom.cell_text("high", "S").startswith("1 of 5")  # the Archer on b3
    assert dom.cell_text("high", "N").startswith("1 of 5")
    assert "<b>2</b>" in dom.cell_text("captured", "N")
    assert "value 3" in dom.cell_text("captured", "N")  # Kn 2 + Ar 1
    assert ">1<" in dom.cell_text("deck", "S") and " · 4 · " in dom.cell_text("deck", "S")
    assert ">2<" in dom.cell_text("deck", "S")


def test_log_dock_shows_fights_in_the_viewers_view(window, clicks):
    window.session.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    window.after_turn()
    clicks.perform("c3xc4")
    texts = window.log.texts()
    assert texts[0].startswith("1. c3xc4")
    assert "Attacker Knight" in texts[0] or "Attacker Kn" in texts[0]
    assert "Might" in texts[0] and "Outcome:" in texts[0] and "Pulls:" in texts[0]
    window.session.ai.cancel()


def test_log_hides_the_opponents_deploy(window):
    position = dict(copy.deepcopy(BASE), to_move="N")
    window.session.new_game({"S": Player("human", "South"), "N": Player("ai", "Computer")}, 3,
                            position=position)
    window.session.ai.cancel()
    window.session.play("Ar@a6")
    window.refresh()
    assert window.log.texts()[-1].startswith("1. ?@a6")
    assert "Ar" not in window.log.texts()[-1].split("—")[0]


def test_autosave_and_resume(qtbot, settings, tmp_path, monkeypatch):
    from towers_qt.shell import frame
    from towers_qt.skirmish import window as mw

    monkeypatch.setattr(frame, "autosave_path", lambda: tmp_path / "autosave.json")
    first = mw.MainWindow(settings, autosave=True)
    qtbot.addWidget(first)
    first.session.new_game(SOLO, 3, position=copy.deepcopy(BASE))
    first.session.play("Kn@a1")
    assert (tmp_path / "autosave.json").is_file()
    first.session.shutdown()
    second = mw.MainWindow(settings, autosave=True)
    qtbot.addWidget(second)
    assert second.resume_autosave()
    assert second.session.log[-1]["action"] == "Kn@a1"
    second.session.shutdown()


def test_log_items_are_tall_enough_for_every_wrapped_line(window):
    """Qt elides the last line of a too-short wrapped item; each fight entry must fit whole."""
    from PySide6.QtCore import QRect, Qt

    from towers_qt.skirmish.game import midgame

    window.session.restore(midgame(3))
    window.log.reset()
    window.after_turn()
    lst = window.log.list
    fights = [lst.item(i) for i in range(lst.count()) if "Outcome:" in lst.item(i).text()]
    assert fights
    width = lst.viewport().width() - 12
    for item in fights:
        needed = lst.fontMetrics().boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextWordWrap,
                                                item.text()).height()
        assert lst.visualItemRect(item).height() >= needed + 4  # and the item's 2 px padding
