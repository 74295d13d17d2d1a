"""Zones: what a ruleset's zones are and how they behave (public, shared, ordered)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One kind of zone of a game.

    - ``name``: snake_case, as scenario files write it (``battlefield``, ``arena``, ``field``).
    - ``public``: everyone may see its contents (mtg:400.2).
    - ``shared``: one zone for all players (battlefield, stack, exile) rather than one each.
    - ``ordered``: the order of its objects matters (library, graveyard, stack).
    - ``aliases``: other names a scenario may use for it.
    - ``objects_are_permanents``: objects here are permanents / objects on the field.
    - ``is_stack``: the zone where spells/abilities wait to resolve.
    - ``rule``: the rule that defines the zone (``mtg:403``).
    """

    name: str
    public: bool
    shared: bool
    ordered: bool
    rule: str
    aliases: tuple[str, ...] = ()
    objects_are_permanents: bool = False
    is_stack: bool = False
