"""`towers-cli gauntlet online host|join`: a whole Battle between two in-process commands, and bad
arguments refused by name."""

from __future__ import annotations

import re
import threading

import pytest

from towers_core.cli import main


def test_host_and_join_print_the_same_confirmed_last_line(capsys):
    results = {}
    host = threading.Thread(target=lambda: results.setdefault("host", main(
        ["gauntlet", "online", "host", "--ai", "random", "--code", "WXYZ", "--bind", "127.0.0.1",
         "--port", "0", "--no-lan", "--wait", "60"])))
    host.start()
    port = None
    for _ in range(600):
        m = re.search(r"listening: 127\.0\.0\.1:(\d+)", capsys.readouterr().out)
        if m:
            port = m.group(1)
            break
        host.join(0.05)
    assert port is not None
    assert main(["gauntlet", "online", "join", "wxyz", "--ai", "random", "--address", f"127.0.0.1:{port}",
                 "--no-lan"]) == 0
    host.join(60)
    assert results == {"host": 0}
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("online:")]
    assert len(lines) == 2 and lines[0] == lines[1]
    assert re.fullmatch(r"online: confirmed winner=[CG] reason=(royal|control|resign) actions=\d+", lines[0])


@pytest.mark.parametrize("argv,field", [
    (["host", "--code", "ABCI"], "code"),
    (["host", "--port", "70000"], "--port"),
    (["host", "--wait", "0"], "--wait"),
    (["host", "--ai", "genius"], "--ai"),
    (["join", "AB"], "code"),
    (["join", "ABCD", "--address", "nowhere:0"], "address"),
    (["join", "ABCD", "--relay", "relay:x"], "address"),
    (["join", "ABCD", "--no-lan"], "--address or --relay"),
])
def test_bad_arguments_exit_2_naming_the_field(capsys, argv, field):
    with pytest.raises(SystemExit) as e:
        main(["gauntlet", "online", *argv])
    assert e.value.code == 2 and field in capsys.readouterr().err
