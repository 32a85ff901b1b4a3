"""The fault tour of docs/reliability.md runs, and every fault is explained to the player."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_gui.storage.faults import FAULTS, main, try_fault


@pytest.mark.parametrize("name", list(FAULTS))
def test_every_fault_gets_a_message_and_the_game_goes_on(tmp_path: Path, name: str) -> None:
    report = try_fault(name, tmp_path)
    if "(skipped" in report:
        pytest.skip("chattr +i is not available here")
    assert report.startswith(f"## {name}")
    assert "(no message)" not in report
    assert "warning:" in report or "error:" in report
    assert "settings in use:" in report, "the game started with usable settings"
    if "newer" in name:
        assert "left untouched" in report and ".bad-" not in report
    if any(word in name for word in ("empty", "cut short", "junk", "another program", "not a database", "damaged")):
        assert ".bad-" in report, "the bad file is kept aside"


def test_list_and_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    assert capsys.readouterr().out.splitlines() == list(FAULTS)
    with pytest.raises(SystemExit):
        main(["no such fault"])
