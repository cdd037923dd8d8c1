"""Random damage to a real save file (any game's): the hypothesis tests of what opening a file refuses."""
from __future__ import annotations

import copy

from hypothesis import strategies as st


def _paths(node, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-2, 9) | st.floats() | st.text(max_size=6)
    | st.sampled_from(["S", "N", "?", "Kn", "Sh", "K", "c3", "d4", "Kn@c1", "pass", "human", "ai", "easy",
                     "c3+", "e5n", "SSN", "castles", "skirmish"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6)


def mutate(data: dict, draw) -> dict:
    """One random change somewhere in the save: a new value, a dropped key or item, an extra key."""
    data = copy.deepcopy(data)
    paths = _paths(data)
    path = draw(st.sampled_from(paths[1:]))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["value", "value", "swap", "drop", "extra"]))
    if how == "value":
        parent[key] = draw(GARBAGE)
    elif how == "swap":  # a value of the right kind from elsewhere in the same save
        other = draw(st.sampled_from(paths[1:]))
        node = data
        for k in other:
            node = node[k]
        parent[key] = copy.deepcopy(node)
    elif how == "drop":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=5))] = draw(GARBAGE)
    else:
        parent.insert(key, draw(GARBAGE))
    return data
