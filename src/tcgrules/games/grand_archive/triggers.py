"""Grand Archive "On X:" trigger conditions (ga:abilities-triggered-abilities/general-rules-4).

A conditionally triggered ability is written "[trigger condition]: [effect]"; the glossary
(ga:keywords-and-abilities) defines each condition word. This table is what the reader
(games/grand_archive/text.py) knows: a condition maps to the event key of its
:class:`~tcgrules.cardtext.nodes.Trigger`, and a condition that is not in it is kept as
text not understood, so no word goes without a meaning.

- On Enter: this enters the field (on-enter-1); On Leave: this leaves it (on-leave-1).
- On Death: this unit dies (on-death-1); On Banish: this is banished (on-banish-1).
- On Attack: this unit attacks, or is used in or wielded for an attack (on-attack-1).
- On Hit: this deals combat damage to an attackable object (on-hit-2); "On Ally Hit" and
  "On Champion Hit" narrow it to an ally or a champion being hit (on-hit-2).
- On Kill: a unit dies of combat damage this dealt (on-kill-2).
- On Foster: this unit becomes fostered (on-foster-1).
- On Charge N: the first time this has N charge counters (on-charge-n-1).

The kernel does not watch for these events: a ``trigger:`` step puts the ability on the
Effects Stack (docs/scenarios.md).
"""

from __future__ import annotations

import re
from types import MappingProxyType

#: condition words (lower case, without a number) -> the trigger's event key
ON_EVENTS = MappingProxyType(
    {
        "enter": "enters",
        "leave": "leaves",
        "death": "dies",
        "banish": "banished",
        "attack": "attacks",
        "hit": "hits",
        "ally hit": "hits_ally",
        "champion hit": "hits_champion",
        "kill": "kills",
        "foster": "fostered",
        "charge": "charged",
    }
)
#: conditions that take a number ("On Charge 3")
_NUMBERED = frozenset({"charge"})
_FORM_RE = re.compile(r"^(?P<words>[a-z]+(?: [a-z]+)?)(?: (?P<num>\d+))?$")


def on_event(condition: str) -> str | None:
    """The event key of an "On X" condition ("Enter", "Champion Hit", "Charge 3"), or
    None when the glossary defines no such condition (or its number is missing or
    extra)."""
    match = _FORM_RE.match(" ".join(condition.lower().split()))
    if match is None:
        return None
    words = match.group("words")
    if (match.group("num") is not None) != (words in _NUMBERED):
        return None
    return ON_EVENTS.get(words)


__all__ = ["ON_EVENTS", "on_event"]
