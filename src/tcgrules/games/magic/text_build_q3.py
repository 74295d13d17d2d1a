"""Numbers of targets the text defines (helper Q3): "up to X target creatures, where X
is the number of Zombies you control" - the most targets, counted as the spell or
ability goes on the stack (mtg:601.2c, 107.3c); the kernel counts it
(:mod:`tcgrules.kernel.target_limits`)."""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import TextContext, draft_refs
from tcgrules.kernel import descriptors as d


def limit_x(effects: Any, value: Any) -> bool:
    """Give each target phrase of ``effects`` whose most targets is X ("up to X target
    creatures") the value a ", where X is ..." defines (mtg:107.3c); whether there was
    one. The value is counted as the object goes on the stack (mtg:601.2c)."""
    found = False
    for ref in draft_refs(effects):
        if ref.draft.limit == "X":
            ref.draft.limit = value
            found = True
        elif ref.draft.limit is value:
            found = True
    return found


def x_limited(draft: Any) -> bool:
    """Whether a target phrase's variable number of targets is one the text defines."""
    return draft.max is None and draft.limit is not None and draft.limit != "X"


#: a trigger event that is about a number of damage dealt ("Whenever ~ deals combat
#: damage to a player") or of objects ("Whenever one or more creatures die")
_NAMES_MANY = re.compile(r"\bdeals? (combat |noncombat )?damage to\b|\bone or more\b", re.I)
#: the number a "that many" limit stands for
THAT_MANY = n.TriggerAmount("that many")


def settle_that_many(
    ctx: TextContext, body: tuple[int, int], nodes: tuple[Any, Any], trigger: n.Trigger | None
) -> None:
    """Keep "up to that many target ..." read only first in a triggered ability whose
    trigger event names a number (damage dealt, "one or more" objects; mtg:603.2) and on
    the ability's own targets: elsewhere (a reflexive ability, a mode, an activated or
    "at" ability) what "that many" counts is not read."""
    reqs, effects = nodes
    own = [r for r in reqs if r.limit == THAT_MANY]
    fits = trigger is not None and trigger.word != "at" and bool(_NAMES_MANY.search(trigger.text))
    nested = "that many" in repr([e for e in effects if not isinstance(e, n.UnsupportedEffect)])
    inner = nested and any(
        isinstance(e, n.ReflexiveTrigger | n.Modal) and "TriggerAmount(word='that many')" in repr(e)
        for e in effects
    )
    if (own and not fits) or inner:
        ctx.add(body[0], body[1], "“up to that many” of a number the trigger does not name")


class LimitsBuilder:
    """Numbers of targets the text defines → ``Draft.limit`` (helper Q3)."""

    def q3_up_to_twice_x(self, c: list[Any]) -> Any:
        """ "up to twice X target cards": at most twice the announced X (mtg:601.2c,
        mtg:107.3a)."""
        from tcgrules.games.magic.text_build import _Quant  # noqa: PLC0415

        other = any(isinstance(x, Token) and x.type == "OTHER" for x in c)
        word = str(c[2]).lower()
        # another word before X is kept as written: the kernel can't count it and
        # refuses the spell as not supported when it is cast (target phrases are scanned
        # before the sentence is read, where "not read" can't be said)
        limit: Any = n.Scaled(2, "X") if word == "twice" else f"{word} X"
        return _Quant(0, None, other, limit)

    def q3_own_and_control(self, c: list[Any]) -> Any:
        """ "target permanent you both own and control": yours both ways (mtg:108.3,
        mtg:110.2). The word between "you" and "own" ("both") adds nothing to the
        meaning: owning and controlling are both asked whatever it is."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.AllOf((d.Owner("you"), d.Controller("you"))))

    def q3_up_to_that_many(self, c: list[Any]) -> Any:
        """ "up to that many target permanents": at most the number the trigger event was
        about (mtg:603.2), counted as the ability goes on the stack (mtg:601.2c). Another
        word than "many" is kept as written: the kernel can't count it and says so."""
        from tcgrules.games.magic.text_build import _Quant  # noqa: PLC0415

        other = any(isinstance(x, Token) and x.type == "OTHER" for x in c)
        word = str(c[3]).lower()
        limit: Any = THAT_MANY if word == "many" else f"that {word}"
        return _Quant(0, None, other, limit)

    def q3_opponents_you_have(self, c: list[Any]) -> n.CountOf:
        """ "the number of opponents you have": how many opponents the controller has,
        counted as the number is needed (mtg:102.3)."""
        return n.CountOf(d.AllOf((d.IsPlayer(), d.PlayerIs("opponent"))))
