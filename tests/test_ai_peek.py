"""The AI plays from its own view only (RULES §9): hidden identities never change its move."""
import pytest

from towers_core.skirmish import api
from towers_core.errors import BadPosition

from helpers import make_pos

SOUTH = {"c2": "S:Kn^", "d2": "S:Sp", "b2": "S:Ar"}
S_BARRACK = ["Sq", "Sc"]
# Two truths South cannot tell apart: same face-down squares, same barrack size, both within
# North's budget, and the King never face-down on high ground.
NORTH_A = {"c3": "N:Kn", "e5": "N:Sp", "d6": "N:K", "a4": "N:Cl^"}
NORTH_B = {"c3": "N:Sp", "e5": "N:Kn", "d6": "N:Ar", "a4": "N:Cl^"}


def _pair():
    a = make_pos({**SOUTH, **NORTH_A}, barrack={"S": S_BARRACK, "N": ["Sh", "Ar"]})
    b = make_pos({**SOUTH, **NORTH_B}, barrack={"S": S_BARRACK, "N": ["Sh"]})
    return a, b


def test_the_two_positions_look_the_same_to_south():
    a, b = _pair()
    assert a != b
    assert api.view(a, "S") == api.view(b, "S")


@pytest.mark.parametrize("level", ["depth:2,worlds:4", "nodes:20000,worlds:3", "nodes:20000,null:2",
                                   "nodes:20000,threads:2", "easy", "normal"])
@pytest.mark.parametrize("seed", [1, 2])
def test_same_view_same_move(level, seed):
    a, b = _pair()
    move_a = api.choose_action(api.view(a, "S"), [], level, seed)
    move_b = api.choose_action(api.view(b, "S"), [], level, seed)
    assert move_a == move_b
    assert move_a in api.legal_actions(a) and move_a in api.legal_actions(b)


def test_a_full_position_with_the_mover_hidden_is_refused():
    a, _ = _pair()
    north_view_as_south = dict(api.view(a, "N"), to_move="S")
    with pytest.raises(BadPosition):
        api.choose_action(north_view_as_south, [], "depth:1", 1)


def test_same_inputs_same_move_every_time():
    a, _ = _pair()
    v = api.view(a, "S")
    assert len({api.choose_action(v, [], "normal", 9) for _ in range(3)}) == 1


# ---------------------------------------------------------------- the core enforces who sees what


def _played():
    """A few real turns from the pair's first position: South's view and South's history."""
    from towers_core.skirmish.ai.player import choose_action
    pos, hist = _pair()[0], {"S": [], "N": []}
    for i in range(4):
        me = pos["to_move"]
        pos, (entry,) = api.play(pos, choose_action(api.view(pos, me), hist[me], "greedy", i), rng_seed=i)
        for side in ("S", "N"):
            hist[side].append(api.history_entry(entry, pos, side))
    assert pos["to_move"] == "S" and pos["result"] is None
    return pos, hist


def _entry_points():
    """Every way into the AI: the API, the blocking player, the background Searcher (the app's
    moves and hints go through it)."""
    from towers_core.skirmish.ai import player

    def searcher(view, history, level, seed):
        s = player.Searcher()
        s.start(view, history, level, seed, 50, background=True)
        return s.result(30)
    return [api.choose_action, player.choose_action, searcher]


@pytest.mark.parametrize("choose", _entry_points())
def test_a_real_view_and_history_are_accepted(choose):
    pos, hist = _played()
    assert choose(api.view(pos, "S"), hist["S"], "depth:1", 1) in api.legal_actions(pos)


@pytest.mark.parametrize("choose", _entry_points())
def test_the_full_position_is_refused(choose):
    pos, hist = _played()
    with pytest.raises(BadPosition, match=r"board\.\w\d\.card: N's face-down card is identified"):
        choose(pos, hist["S"], "depth:1", 1)


@pytest.mark.parametrize("choose", _entry_points())
def test_one_identified_hidden_card_is_refused(choose):
    pos, hist = _played()
    view = api.view(pos, "S")
    sq = next(s for s, c in view["board"].items() if c["card"] == "?")
    view["board"][sq]["card"] = pos["board"][sq]["card"]
    with pytest.raises(BadPosition, match=rf"board\.{sq}\.card"):
        choose(view, hist["S"], "depth:1", 1)
    start = _pair()[0]  # North may have deployed its whole (small) barrack by now
    view = api.view(start, "S")
    view["barrack"]["N"][0] = start["barrack"]["N"][0]
    with pytest.raises(BadPosition, match=r"barrack\.N"):
        choose(view, [], "depth:1", 1)


@pytest.mark.parametrize("choose", _entry_points())
def test_the_opponents_view_is_refused(choose):
    pos, hist = _played()
    with pytest.raises(BadPosition, match="S's own card"):
        choose(dict(api.view(pos, "N"), to_move="S"), hist["S"], "depth:1", 1)


@pytest.mark.parametrize("choose", _entry_points())
@pytest.mark.parametrize("spoil, message", [
    (lambda h, pos, other: h.__setitem__(0, {"action": "pass"}), r"history\[0\]: missing fight, pulls, view"),
    (lambda h, pos, other: h[1].update(action=42), r"history\[1\]\.action"),
    (lambda h, pos, other: h[1].update(pulls={"A": 7}), r"history\[1\]\.pulls\.A"),
    (lambda h, pos, other: h[2].update(fight={"outcome": "captured"}), r"history\[2\]\.fight"),
    (lambda h, pos, other: h[2].update(view=pos), r"history\[2\]\.view\.board\.\w\d\.card"),
    (lambda h, pos, other: h[3].update(view=other[3]["view"]), r"history\[3\]\.view"),
    (lambda h, pos, other: h.append("garbage"), r"history\[4\]"),
    (lambda h, pos, other: h[0]["view"].pop("board"), r"history\[0\]\.view: position is missing board"),
])
def test_a_malformed_history_is_refused(choose, spoil, message):
    from towers_core.errors import BadHistory
    pos, hist = _played()
    history = hist["S"]
    spoil(history, pos, hist["N"])
    with pytest.raises(BadHistory, match=message):
        choose(api.view(pos, "S"), history, "depth:1", 1)


@pytest.mark.parametrize("choose", _entry_points())
def test_a_history_naming_the_opponents_face_down_deploy_is_refused(choose):
    """North's deploys reach South's history as `?@c1`; the same item with the card named (the raw
    log entry's action) is a peek, and every way into the AI refuses it."""
    from towers_core.errors import BadHistory
    pos, hist = _played()
    history = hist["S"]
    i = next(i for i, h in enumerate(history) if h["action"].startswith("?@"))
    history[i] = dict(history[i], action=hist["N"][i]["action"])      # North's own record names it
    assert not history[i]["action"].startswith("?")
    with pytest.raises(BadHistory, match=rf"history\[{i}\]\.action: an opponent's deploy is face-down"):
        choose(api.view(pos, "S"), history, "depth:1", 1)
