"""Every game's api.py has the common API of docs/architecture.md, as that table writes it, and a
game can be played to its end through those functions alone."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from gauntlet_helpers import army

from towers_core.castles import api as castles
from towers_core.errors import TowersError
from towers_core.gauntlet import api as gauntlet
from towers_core.skirmish import api as skirmish

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
APIS = {"skirmish": skirmish, "castles": castles, "gauntlet": gauntlet}
START = {"skirmish": lambda: skirmish.new_position(4), "castles": castles.new_position,
         "gauntlet": lambda: gauntlet.new_position(5, {"C": army(), "G": army()})}
CHEAP = {"skirmish": "greedy", "castles": "greedy", "gauntlet": "random"}
SIGNATURE = re.compile(r"^(\w+)(?:\((.*)\))?(?:\s*->\s*(.+))?$")


def common_table() -> list[str]:
    """The first column of the table under '## The common API', unescaped."""
    section = DOC.read_text(encoding="utf-8").split("## The common API", 1)[1].split("\n## ", 1)[0]
    rows = [ln for ln in section.splitlines() if ln.startswith("| `")]
    return [re.match(r"\| `(.+?)` \|", row).group(1).replace("\\|", "|") for row in rows]


def parse(entry: str) -> tuple[str, list[tuple[str, str | None]] | None, str | None]:
    """`name(a, b=None) -> ret` as (name, [(param, default)], ret); params None for a constant,
    [("...", None)] for arguments that are the game's own."""
    name, params, ret = SIGNATURE.match(entry).groups()
    if params is None:
        return name, None, ret
    out = []
    for p in filter(None, (x.strip() for x in params.split(","))):
        key, _, default = p.partition("=")
        out.append((key.strip(), default.strip() or None))
    return name, out, ret


TABLE = [parse(e) for e in common_table()]


def gauntlet_pending(name: str) -> list:
    """The Gauntlet's AI is not there yet: its case fails until it lands, then passes."""
    if hasattr(gauntlet, name):
        return []
    return [pytest.mark.xfail(strict=True, reason="AI pending")]


CASES = [pytest.param(game, entry, id=f"{game}-{entry[0]}",
                      marks=gauntlet_pending(entry[0]) if game == "gauntlet" else [])
         for game in APIS for entry in TABLE]


def test_the_doc_table_lists_the_common_verbs():
    names = [name for name, _, _ in TABLE]
    assert names[:1] == ["SIDES"] and {"new_position", "legal_actions", "apply", "play", "view", "validate",
                                       "choose_action", "to_move", "result", "history_items"} <= set(names)
    assert parse("play(pos, action) -> tuple[dict, list[dict]]") == (
        "play", [("pos", None), ("action", None)], "tuple[dict, list[dict]]")


@pytest.mark.parametrize(("game", "entry"), CASES)
def test_each_common_function_has_the_documented_signature(game, entry):
    name, params, ret = entry
    thing = getattr(APIS[game], name)
    if params is None:
        assert isinstance(thing, tuple) and len(set(thing)) == 2 and all(isinstance(s, str) for s in thing)
        return
    sig = inspect.signature(thing)
    assert ret == sig.return_annotation or (ret in ("list", "dict") and sig.return_annotation.startswith(ret + "["))
    if params == [("...", None)]:
        return
    actual = list(sig.parameters.values())
    assert [(p.name, None if p.default is p.empty else repr(p.default)) for p in actual[:len(params)]] == params
    assert all(p.default is not p.empty for p in actual[len(params):]), "extra arguments must be optional"


def play_out(api, pos: dict, level: str, max_plies: int = 1000) -> tuple[dict, dict, int]:
    """The loop of docs/architecture.md: each move from the mover's view and history only."""
    history: dict[str, list] = {side: [] for side in api.SIDES}
    plies = 0
    while (side := api.to_move(pos)) is not None and plies < max_plies:
        view = api.view(pos, side)
        action = api.choose_action(view, history[side], level, plies)
        assert action in api.legal_actions(view)
        after, entries = api.play(pos, action)
        for s in api.SIDES:
            history[s] += api.history_items(pos, action, after, entries, s)
        pos, plies = after, plies + 1
    return pos, history, plies


@pytest.mark.parametrize("game", APIS)
def test_play_agrees_with_apply_and_views_are_their_own_views(game):
    api = APIS[game]
    pos = START[game]()
    side = api.to_move(pos)
    assert side in api.SIDES and api.result(pos) is None
    legal = api.legal_actions(pos)
    assert legal and legal == sorted(legal)
    for action in legal[::max(1, len(legal) // 6)]:  # no action at the start draws luck
        after, entries = api.play(pos, action)
        assert entries and all(isinstance(e, dict) for e in entries)
        assert after == api.apply(pos, action)
        api.validate(after)
    for s in api.SIDES:
        view = api.view(pos, s)
        assert api.view(view, s) == view and api.to_move(view) == side
    assert api.legal_actions(api.view(pos, side)) == legal
    with pytest.raises(TowersError):
        api.view(pos, "X")
    with pytest.raises(TowersError):
        api.to_move({"not": "a position"})


@pytest.mark.parametrize("game", [pytest.param(g, marks=gauntlet_pending("choose_action") if g == "gauntlet" else [])
                                  for g in APIS])
def test_choose_action_answers_from_the_view_and_history(game):
    api = APIS[game]
    pos, history, plies = play_out(api, START[game](), CHEAP[game], max_plies=6)
    assert plies == 6
    side = api.to_move(pos)
    view = api.view(pos, side)
    assert api.choose_action(view, history[side], CHEAP[game], 3) in api.legal_actions(view)
    with pytest.raises(TowersError):
        api.choose_action(view, history[side] + [None], CHEAP[game], 3)


@pytest.mark.parametrize("game", ["skirmish", "castles"])
def test_a_whole_game_through_the_common_api(game):
    api = APIS[game]
    end, history, plies = play_out(api, START[game](), CHEAP[game])
    result = api.result(end)
    assert api.to_move(end) is None and result["winner"] in (None, *api.SIDES) and isinstance(result["reason"], str)
    assert 0 < plies < 1000 and all(len(h) == plies for h in history.values())
    assert api.legal_actions(end) == []
    with pytest.raises(TowersError):
        api.apply(end, "resign")
