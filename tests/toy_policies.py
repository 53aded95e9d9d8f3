"""Policies as Python callables, for the policy-bot tests (`policy:toy_policies:first_legal`)."""

from __future__ import annotations


def first_legal(observation: list[float], mask: list[int]) -> int:
    return mask.index(1)


def always_last(observation: list[float], mask: list[int]) -> int:
    return len(mask) - 1  # whether it is legal or not
