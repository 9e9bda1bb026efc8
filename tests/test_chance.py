"""SplitMix64 as ``engine.chance.Rng`` computes it, outputs at once and ahead of the draws,
against the one-output-at-a-time algorithm: every seeded game's piles, every bot's and the
random policy's draws depend on the sequence staying exactly the published one."""

from __future__ import annotations

import pytest

import engine.chance
from engine.chance import Rng, SeededChance

MASK = (1 << 64) - 1


class Reference:
    """SplitMix64 one output at a time, as published (Steele, Lea and Flood 2014)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def shuffled(self, items: list[int]) -> list[int]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def test_the_published_outputs() -> None:
    # The reference outputs of SplitMix64 seeded with 1234567.
    assert Rng(1234567).outputs(5) == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]


def test_long_shuffles_and_wide_draws() -> None:
    # Above 256 the rejection limits are computed, not looked up.
    ours, ref = Rng(9), Reference(9)
    assert ours.shuffled(list(range(300))) == ref.shuffled(list(range(300)))
    assert [ours.below(10**6 + 7) for _ in range(50)] == [ref.below(10**6 + 7) for _ in range(50)]
    assert ours.state == ref.state


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5, MASK, 0x5DEECE66D ^ 41])
def test_every_way_of_drawing_follows_one_sequence(seed: int) -> None:
    ours, ref = Rng(seed), Reference(seed)
    script = Reference(seed ^ 99)  # which call comes next, and its size
    for _ in range(3000):
        call = script.below(10)
        if call < 6:
            n = 1 + script.below(300)
            assert ours.below(n) == ref.below(n)
        elif call < 7:
            assert ours.next64() == ref.next64()
        elif call < 8:
            count = script.below(40)
            assert ours.outputs(count) == [ref.next64() for _ in range(count)]
        elif call < 9:
            items = list(range(script.below(60)))
            assert ours.shuffled(items) == ref.shuffled(items)
        else:
            twin = ours.clone()
            assert twin.state == ours.state == ref.state
            assert [twin.below(6) for _ in range(20)] == [ours.below(6) for _ in range(20)]
            for _ in range(20):
                ref.below(6)
        assert ours.state == ref.state


def test_rejected_outputs_are_redrawn_in_sequence(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rejections are rare (odds 2**-56 for n <= 256): a low limit forces about half of them.
    monkeypatch.setattr(engine.chance, "BELOW_LIMITS", [0] + [1 << 63] * 256)
    monkeypatch.setattr(engine.chance, "_NEVER_REJECTED", 1 << 63)  # the least of them

    def below(ref: Reference, n: int) -> int:
        while True:
            z = ref.next64()
            if z < 1 << 63:
                return z % n

    ours, ref = Rng(5), Reference(5)
    for size in range(2, 80):
        items = list(range(size))
        expected = list(items)
        for i in range(size - 1, 0, -1):
            j = below(ref, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert ours.shuffled(items) == expected
        assert [ours.below(size) for _ in range(9)] == [below(ref, size) for _ in range(9)]
        assert ours.state == ref.state


def test_setting_the_state_starts_the_sequence_there() -> None:
    rng = Rng(3)
    rng.below(5)  # outputs computed ahead, then dropped by the new state
    rng.state = 11
    ref = Reference(11)
    assert [rng.next64() for _ in range(4)] == [ref.next64() for _ in range(4)]


def test_a_seeded_source_draws_as_its_generator() -> None:
    # Its choices and shuffles follow one sequence, whichever comes first.
    ours, ref = SeededChance(77), Reference(77)
    for round_ in range(200):
        options = list(range(1 + round_ % 7))
        assert ours.choose("a choice", options) == options[ref.below(len(options))]
        pile, unknown = ours.order("a pile", list(range(36)), 24)
        assert (pile, unknown) == (ref.shuffled(list(range(36)))[:24], 0)
        assert ours.state == ref.state == ours.clone().state
    with pytest.raises(ValueError):
        ours.choose("nothing", [])
