"""One link (docs/rules/gauntlet.md §13.3-§13.4) driven byte by byte: hello, SPAKE2, record keys, confirm,
sealed records with counting nonces, limits, pings and silence."""

from __future__ import annotations

import json

import pytest
from online_helpers import sealed

from towers_core.errors import ProtocolError
from towers_core.online import codes
from towers_core.online.protocol import Bad, Closed, Connection, Message, Ready
from towers_core.online.records import MAX_JSON, encode_json

ACT = {"t": "act", "n": 1, "a": "end", "open": [], "h": "0" * 16}


def linked(code_host="ABCD", code_join="ABCD", engine_join=codes.ENGINE):
    h, j = Connection("host", code_host, 0.0), Connection("join", code_join, 0.0, engine=engine_join)
    a, b = h.start(0.0), j.start(0.0)
    ev_h, ev_j = h.receive_data(b, 0.0), j.receive_data(a, 0.0)
    ev_h += h.receive_data(j.data_to_send(), 0.0)
    ev_j += j.receive_data(h.data_to_send(), 0.0)
    return h, j, ev_h, ev_j


def test_the_clear_lines_are_hello_then_pake():
    lines = Connection("join", "ABCD", 0.0).start(0.0).split(b"\n")
    hello, pake = json.loads(lines[0]), json.loads(lines[1])
    assert hello == {"t": "hello", "v": "goc-1.4", "engine": codes.ENGINE}
    assert pake["t"] == "pake" and len(bytes.fromhex(pake["m"])) == 33 and lines[2] == b""


def test_the_same_code_gives_ready_both_ways_and_records_open():
    h, j, ev_h, ev_j = linked()
    assert ev_h == [Ready()] and ev_j == [Ready()]
    rec = j.send({**ACT, "later": {"unknown": 1}}, 1.0)
    assert b"act" not in rec and b"end" not in rec
    assert h.receive_data(rec, 1.0) == [Message(ACT)]   # the unknown key is ignored


def test_a_wrong_code_fails_the_confirm_and_closes_the_link():
    h, j, ev_h, ev_j = linked(code_join="ABCE")
    assert ev_h == [Closed("code")] and ev_j == [Closed("code")]
    assert h.receive_data(b"anything", 1.0) == [] and h.state == "closed"   # one guess per connection


def test_a_different_engine_or_version_says_bye():
    h, j, ev_h, ev_j = linked(engine_join="0123456789abcdef")
    assert ev_h == [Closed("version")] and ev_j == [Closed("version")]
    j2 = Connection("join", "ABCD", 0.0)
    j2.start(0.0)
    hello = json.dumps({"t": "hello", "v": "goc-1.3", "engine": codes.ENGINE}).encode() + b"\n"
    assert j2.receive_data(hello, 0.0) == [Closed("version")]
    assert json.loads(j2.data_to_send()) == {"t": "bye", "why": "version"}


def test_two_hosts_never_link():
    a, b = Connection("host", "ABCD", 0.0), Connection("host", "ABCD", 0.0)
    x, y = a.start(0.0), b.start(0.0)
    a.receive_data(y, 0.0)
    b.receive_data(x, 0.0)
    assert a.receive_data(b.data_to_send(), 0.0) == [Closed("code")]


def test_a_reflected_pake_message_is_refused():
    a = Connection("host", "ABCD", 0.0)
    lines = a.start(0.0)
    assert a.receive_data(lines, 0.0) == [Closed("handshake: a SPAKE2 message that does not finish")]


@pytest.mark.parametrize("data", [b"x" * 2000, b"not json\n", b"[1]\n", b'{"t":"act"}\n',
                                  b'{"t":"hello","v":5,"engine":"e"}\n', b"\xff\xfe\n"])
def test_bad_clear_lines_close_the_link(data):
    c = Connection("join", "ABCD", 0.0)
    c.start(0.0)
    [ev] = c.receive_data(data, 0.0)
    assert isinstance(ev, Closed) and c.state == "closed"


def test_records_replayed_reordered_dropped_or_altered_close_the_link():
    for attack in ("replay", "reorder", "drop", "alter"):
        h, j, _, _ = linked()
        r1, r2 = j.send(ACT, 1.0), j.send({"t": "ack", "n": 1}, 1.0)
        if attack == "replay":
            stream = [r1, r1]
        elif attack == "reorder":
            stream = [r2, r1]
        elif attack == "drop":
            stream = [r2]
        else:
            stream = [r1[:10] + bytes([r1[10] ^ 1]) + r1[11:]]
        events = [ev for rec in stream for ev in h.receive_data(rec, 1.0)]
        assert isinstance(events[-1], Closed) and "does not open" in events[-1].why, attack
        assert not any(isinstance(ev, Message) for ev in events[1:]), attack


def test_an_oversize_length_closes_the_link_before_reading_it():
    h, j, _, _ = linked()
    [ev] = h.receive_data((MAX_JSON + 17).to_bytes(4, "big") + b"x" * 10, 1.0)
    assert isinstance(ev, Closed) and "length" in ev.why
    with pytest.raises(ProtocolError, match="over"):
        encode_json({"t": "bye", "why": "x" * MAX_JSON})


def test_a_record_that_opens_but_is_not_a_message_is_bad():
    for payload in (b"not json", b"[]", b'{"t":"act","n":true,"a":"end","open":[],"h":"00"}',
                    b'{"t":"teleport"}', b'{"t":"confirm","role":"host"}', "é".encode("latin-1")):
        h, j, _, _ = linked()
        [ev] = h.receive_data(sealed(j, payload), 1.0)
        assert isinstance(ev, Bad), payload
        assert h.state == "open"       # the Battle decides: a dispute


def test_a_flood_of_records_is_bad_once():
    h, j, _, _ = linked()
    data = b"".join(j.send({"t": "ping"}, 1.0) for _ in range(2100))
    events = h.receive_data(data, 1.5)
    assert len(events) == 1 and isinstance(events[0], Bad) and "flood" in events[0].why


def test_ping_after_five_quiet_seconds_and_lost_after_twenty_silent():
    h, j, _, _ = linked()
    assert h.tick(4.9) == [] and h.data_to_send() == b""
    assert h.tick(5.0) == []
    ping = h.data_to_send()
    assert j.receive_data(ping, 5.0) == []          # pings are not events, but they are life
    assert j.tick(24.9) == [] and j.tick(25.0) == [Closed("lost")]
    assert h.tick(19.9) == [] and h.tick(20.0) == [Closed("lost")]


def test_a_silent_stranger_is_dropped_after_twenty_seconds():
    c = Connection("host", "ABCD", 0.0)
    c.start(0.0)
    assert c.receive_data(b'{"t":"hel', 10.0) == []
    assert c.tick(20.0) == [Closed("lost")]


def test_codes_and_derived_names():
    assert all(len(c) == 4 and set(c) <= set(codes.ALPHABET) for c in (codes.new_code() for _ in range(50)))
    assert codes.check_code("abcd") == "ABCD"
    for bad in ("ABC", "ABCI", "ABCO", 1234, None, "ABCDE"):
        with pytest.raises(ProtocolError, match="code"):
            codes.check_code(bad)
    import hashlib
    assert codes.relay_token("ABCD") == hashlib.sha256(b"goc-net|ABCD").hexdigest()
    assert codes.lan_name("ABCD") == hashlib.sha256(b"goc-lan|ABCD").hexdigest()[:16]
    assert codes.parse_address("example.org:4001") == ("example.org", 4001)
    for bad in ("x:0", ":80", "host:99999", ""):
        with pytest.raises(ProtocolError, match="address"):
            codes.parse_address(bad)
