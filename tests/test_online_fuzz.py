"""Whatever bytes or messages a peer sends, the Battle never raises and never changes its position:
the link closes or the Battle is disputed."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_helpers import Pair, sealed

from towers_core.online.protocol import RECORD_TYPES, Closed, Connection

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20)
                           | st.sampled_from(["Kn", "Ki", "end", "0" * 16, "0" * 32, "0" * 64]),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=4), max_leaves=12)
messages = st.fixed_dictionaries({"t": st.sampled_from(RECORD_TYPES)},
                                 optional={k: json_values for k in ("n", "a", "open", "h", "s", "slot", "entry",
                                                                     "salt", "why")})


def battle() -> Pair:
    p = Pair(seed=53)
    p.to_battle()
    return p


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_on_an_open_link_close_it_and_change_nothing(data):
    p = battle()
    before = copy.deepcopy(p.host.pos)
    p.host.receive_data(p.hc, data, p.now)
    p.host.tick(p.hc, p.now)
    assert p.host.pos == before and p.host.n == 0
    assert p.host.outcome is None


@FUZZ
@given(st.lists(messages, min_size=1, max_size=4))
def test_random_messages_from_the_peer_never_raise_or_change_the_position(msgs):
    p = battle()
    before = copy.deepcopy(p.host.pos)
    data = b"".join(sealed(p.jc, m, p.now) for m in msgs)
    p.host.receive_data(p.hc, data, p.now)
    assert p.host.pos == before and p.host.n == 0
    assert p.host.outcome in (None, "disputed")


@FUZZ
@given(st.binary(max_size=1500))
def test_random_bytes_in_the_handshake_only_close_the_link(data):
    c = Connection("host", "ABCD", 0.0)
    c.start(0.0)
    events = c.receive_data(data, 0.0) + c.tick(30.0)
    assert all(isinstance(ev, Closed) for ev in events) and c.state == "closed"
