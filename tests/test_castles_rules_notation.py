"""docs/rules/castles.md §7: notation."""
import pytest
from castles_helpers import make_pos, random_game

from towers_core.castles import api, notation
from towers_core.errors import IllegalAction


def test_build_and_push_strings():
    assert notation.parse_action("c2+") == notation.SQUARE_INDEX["c2"] * 5
    assert [notation.format_action(notation.parse_action(a)) for a in ("c2n", "c2e", "c2s", "c2w")] == [
        "c2n", "c2e", "c2s", "c2w"]


def test_every_action_string_round_trips():
    for sq in notation.SQUARES:
        for k in "+nesw":
            assert notation.format_action(notation.parse_action(sq + k)) == sq + k


def test_legal_lists_are_sorted_plain_string_order_without_duplicates_or_resign():
    for pos in random_game(3)[:80]:
        legal = api.legal_actions(pos)
        assert legal == sorted(set(legal)) and "resign" not in legal


@pytest.mark.parametrize("bad", ["C2+", "c2 +", " c2+", "c2N", "c8+", "h1+", "c2x", "c2", "c2++", "Resign", "c2-e"])
def test_malformed_strings_are_refused(bad):
    with pytest.raises(IllegalAction):
        api.apply(make_pos({"c2": "SS"}), bad)
