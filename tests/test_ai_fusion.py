"""tools/skirmish_fusion.py: the root actions valued with the searcher's next move chosen once for the worlds it cannot
tell apart (a measure of strategy fusion)."""

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import api, notation, position
from towers_core.skirmish.cards import CODES
from towers_core.skirmish.ai import determinize
from tools import skirmish_fusion as fusion

from helpers import make_pos

# North's d3 and b3 are face-down: South's worlds disagree on what they are
HIDDEN = make_pos({"c2": "S:Kn^", "d2": "S:Sp", "c3": "N:Sp^", "d3": "N:Kn", "b3": "N:Ar"},
                  barrack={"S": ["Sq"], "N": ["Sc", "Sq", "Kn"]})
OPEN = make_pos({"c2": "S:Kn^", "d2": "S:Sp^", "c3": "N:Sp^", "d3": "N:Kn^", "b3": "N:Ar^"},
                barrack={"S": ["Sq"], "N": ["Sc"]})


def _worlds(pos, n):
    return determinize.worlds(api.view(pos, pos["to_move"]), [], n, 7)


def test_outcomes_are_the_pulls_at_the_decks_odds():
    """A fight between face-down cards draws from both full decks (3/6/3): nine outcomes whose odds
    are the products of the two draws and sum to 1; a quiet move has one outcome."""
    e = position.to_engine(HIDDEN, allow_hidden=True)
    fight = notation.parse("d2xd3")
    kids = fusion.outcomes(e, fight)
    assert sorted(round(p * 144) for _, p in kids) == sorted(a * d for a in (3, 6, 3) for d in (3, 6, 3))
    assert abs(sum(p for _, p in kids) - 1.0) < 1e-12
    assert [p for _, p in fusion.outcomes(e, notation.parse("d2-e2"))] == [1.0]


def test_what_the_player_sees_hides_only_the_enemy_face_down_cards():
    """Worlds that differ in North's face-down cards look the same to South and different to North."""
    a, b = position.to_engine(HIDDEN, allow_hidden=True), position.to_engine(HIDDEN, allow_hidden=True)
    _, owner, flags = b.get_square(SQUARE_INDEX["d3"])
    b.set_square(SQUARE_INDEX["d3"], CODES.index("Ar"), owner, flags)   # an Archer where a holds a Knight
    assert fusion.seen_by(a, 0) == fusion.seen_by(b, 0)
    assert fusion.seen_by(a, 1) != fusion.seen_by(b, 1)


def test_choosing_once_for_alike_worlds_never_gains():
    """The plain value (each world picks its own next move) is at least the fused one for every root
    action: a mean of maxima is at least the maximum of means. With all cards open every world is the
    same and the two agree."""
    worlds = _worlds(HIDDEN, 4)
    for act in [notation.parse(a) for a in ("d2xd3", "c2xc3", "d2-e2", "Sq@e2")]:
        fused, _ = fusion.fused_value(worlds, act, 3, 0, {})
        plain, _ = fusion.fused_value(worlds, act, 3, 0, {}, fuse=False)
        assert plain >= fused - 1e-9
    same = _worlds(OPEN, 3)
    for act in [notation.parse(a) for a in ("d2xd3", "c2xc3")]:
        fused, _ = fusion.fused_value(same, act, 3, 0, {})
        plain, _ = fusion.fused_value(same, act, 3, 0, {}, fuse=False)
        assert abs(plain - fused) < 1e-9


def test_a_finish_is_scored_as_the_search_scores_it():
    """A skirmish won `ply` plies below the root is worth WIN - ply to the winner and its negation to
    the loser, as the search's terminal scores are; a draw 0, and a game still going None."""
    won = position.to_engine(dict(HIDDEN, result={"winner": "S", "reason": "dominance"}), allow_hidden=True)
    assert fusion.final_value(won, 0, 1) == fusion.WIN_SCORE - 1
    assert fusion.final_value(won, 1, 2) == -(fusion.WIN_SCORE - 2)
    drawn = position.to_engine(dict(HIDDEN, result={"winner": None, "reason": "long-game"}), allow_hidden=True)
    assert fusion.final_value(drawn, 0, 2) == 0.0
    assert fusion.final_value(position.to_engine(HIDDEN, allow_hidden=True), 0, 1) is None


def test_a_finish_found_below_the_root_is_moved_that_many_plies_further():
    """A sub-search's finish in 3 is a finish in 5 from a root two plies up, either sign; a value
    short of a finish is unchanged."""
    win = fusion.WIN_SCORE
    assert fusion.from_root(win - 3, 2) == win - 5
    assert fusion.from_root(-(win - 3), 2) == -(win - 5)
    assert fusion.from_root(fusion.FINISH_SCORE - 1, 2) == fusion.FINISH_SCORE - 1
    assert fusion.from_root(-12.5, 2) == -12.5
