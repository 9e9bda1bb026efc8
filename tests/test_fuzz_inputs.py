"""The fuzz suite (issue 12): hostile records, rules files, actions and shell lines.

Every test run fuzzes each target for a few seconds from fixed seeds (the same sequence of
inputs each time, as far as the seconds go). ``pytest -m fuzz`` runs the long mode instead:
``MEDICI_FUZZ_SECONDS`` seconds per target (default 120) from a fresh seed, printed so a
failure can be replayed with ``MEDICI_FUZZ_SEED``. Either way a crash or a hang fails the
test with its reproducer; each one found becomes a pinned case in
``tests/test_refusals.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from fuzzing import Tally, fuzz_actions, fuzz_records, fuzz_rules, fuzz_shell

SHORT_SECONDS = 3.0
"""Per target in an ordinary test run: the four together stay well under half a minute."""

HEADER = ("| target | inputs | accepted | clean refusals | crashes | hangs |\n"
          "|---|---|---|---|---|---|")


def _check(tally: Tally) -> None:
    assert tally.inputs > 0
    details = "\n\n".join(f"INPUT {inp}\n{err}" for inp, err in tally.crashes[:3] if inp)
    assert not tally.crashes, f"{len(tally.crashes)} crashes:\n{details}"
    assert not tally.hangs, f"{len(tally.hangs)} hangs, first: {tally.hangs[0]}"


def _long() -> tuple[float, int]:
    seconds = float(os.environ.get("MEDICI_FUZZ_SECONDS", "120"))
    seed = int(os.environ.get("MEDICI_FUZZ_SEED", str(random.SystemRandom().randrange(2**32))))
    return seconds, seed


def _report(tally: Tally, seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n(seed {seed})\n{HEADER}\n{tally.row()}")
    out = os.environ.get("MEDICI_FUZZ_REPORT")
    if out:
        with open(out, "a", encoding="utf-8") as handle:
            handle.write(tally.row() + f" seed {seed}\n")
            for reproducer, error in tally.crashes[:5]:
                handle.write(f"CRASH {reproducer}\n{error}\n")
            for reproducer in tally.hangs[:5]:
                handle.write(f"HANG {reproducer}\n")


def test_fuzz_records_short(tmp_path: Path) -> None:
    _check(fuzz_records(SHORT_SECONDS, 1201, tmp_path))


def test_fuzz_rules_short(tmp_path: Path) -> None:
    _check(fuzz_rules(SHORT_SECONDS, 1202, tmp_path))


def test_fuzz_actions_short() -> None:
    _check(fuzz_actions(SHORT_SECONDS, 1203))


def test_fuzz_shell_short(tmp_path: Path) -> None:
    _check(fuzz_shell(SHORT_SECONDS, 1204, tmp_path))


@pytest.mark.fuzz
@pytest.mark.parametrize("target", ["records", "rules", "actions", "shell"])
def test_fuzz_long(target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seconds, seed = _long()
    if target == "records":
        tally = fuzz_records(seconds, seed, tmp_path)
    elif target == "rules":
        tally = fuzz_rules(seconds, seed, tmp_path)
    elif target == "actions":
        tally = fuzz_actions(seconds, seed)
    else:
        tally = fuzz_shell(seconds, seed, tmp_path)
    _report(tally, seed, capsys)
    _check(tally)
