"""Moved to ``engine.runs.random_play``; these names stay here for code written against
earlier releases."""

from engine.runs.random_play import (
    OPEN_RANGE,
    POLICY_SALT,
    Policy,
    play_random,
    random_action,
    random_choice,
)

__all__ = ["OPEN_RANGE", "POLICY_SALT", "Policy", "play_random", "random_action",
           "random_choice"]
