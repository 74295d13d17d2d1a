"""Magic card text, helper X6: what a delayed triggered ability waiting for a spell
being cast does ("When you next cast an instant or sorcery spell this turn, copy that
spell."; mtg:603.7a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import TextContext
from tcgrules.kernel.descriptors import TargetRequirement

#: what "it" / "that spell" of such an ability names: the spell whose casting triggered it
_NAMES_CAST = (n.It("it"), n.It("that spell"))


def next_cast_copies(
    ctx: TextContext,
    requirements: tuple[TargetRequirement, ...],
    effects: tuple[Any, ...],
    body: tuple[int, int],
) -> tuple[Any, ...]:
    """The effects of "When you next cast ..., copy that spell [twice]. [You may choose
    new targets for the copies.]" with "that spell" the spell cast (mtg:603.2,
    mtg:707.10c). Only copies of that spell are read; anything else (or a target of its
    own) leaves the ability not read rather than read wrong."""
    if any(isinstance(e, n.UnsupportedEffect) for e in effects):
        return effects  # already told as not read
    if (
        not effects
        or requirements
        or not all(isinstance(e, n.CopySpell) and e.what in _NAMES_CAST for e in effects)
    ):
        ctx.add(body[0], body[1], "what the delayed ability on a cast does is not read")
        return (n.UnsupportedEffect(ctx.phrase(body[0], body[1]), body),)
    return tuple(replace(e, what=n.TriggerObject(e.what.word)) for e in effects)
