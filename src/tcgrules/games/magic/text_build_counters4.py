"""Builder methods of the counters section (helper W4): "remove up to N counters from
[something]" (mtg:608.2d, mtg:122.1), "move all / any number of counters from [one]
onto [another]" (mtg:122.5) and the two-word keyword counters (mtg:122.1b).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per alias
of the grammar's section headed "helper W4" (``grammar/magic.lark``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import count
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: "it" of "if it had counters on it" and the owner of "those counters", until settled
HAD_IT = n.It("it had")
THOSE_COUNTERS = n.It("those counters")
#: trigger events that move the object out of the battlefield (mtg:603.10a)
_LOOK_BACK_EVENTS = frozenset({"dies", "leaves"})


def settle_had_counters(effect: n.IfCondition, trigger: n.Trigger | None) -> n.IfCondition | None:
    """ "Whenever a creature you control dies, if it had counters on it, put its (those)
    counters on target creature you control": "it" is the object the leaves-the-
    battlefield trigger is about, as it last existed (mtg:603.10a, mtg:122.8). The
    condition with its object, and the effects' "its"/"those" counters on that object;
    None where the trigger is not one that looks back (or there is none)."""
    condition = effect.condition
    if not (
        isinstance(condition, n.NumberCondition)
        and isinstance(condition.amount, n.CountersOn)
        and condition.amount.on == HAD_IT
    ):
        return effect
    if trigger is None or trigger.event not in _LOOK_BACK_EVENTS:
        return None
    it = n.TriggerObject("it", looks_back=True)
    amount = replace(condition.amount, on=it)
    effects = tuple(
        replace(e, source=it)
        if isinstance(e, n.PutCountersOf) and e.source in {THOSE_COUNTERS, n.It("its")}
        else e
        for e in effect.effects
    )
    return replace(effect, condition=replace(condition, amount=amount), effects=effects)


def _kind(c: list[Any], at: int) -> str | None:
    """The kind of counter the rule read at ``c[at]`` (a string), or None where the
    optional kind was left out (a COUNTER token stands there)."""
    found = c[at]
    return None if isinstance(found, Token) else str(found)


def _post(descriptor: d.Descriptor) -> Any:
    """A postmodifier of a noun phrase, as the builder's other postmodifiers are."""
    from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415  (it imports this)

    return _Post(descriptor)


def _move_verb(c: list[Any]) -> None:
    """The plain word that opens the sentence must be "move"."""
    if str(c[0]).lower() != "move":
        raise NotRead(f"“{c[0]} ... counters from ... onto ...”")


class CountersFourBuilder:
    """Builder methods for the counters section (helper W4)."""

    def check_counter_kind(self, kind: str) -> None:  # pragma: no cover - MagicBuilder's
        raise NotImplementedError

    def w4_remove_up_to(self, c: list[Any]) -> n.RemoveCountersUpTo:
        """ "Remove up to three counters from target permanent" (any kinds), "Remove up to
        four charge counters from target noncreature artifact": the number, and the
        kinds, are picked as it resolves (mtg:608.2d)."""
        kind = _kind(c, 4)
        if kind is not None:
            self.check_counter_kind(kind)
        return n.RemoveCountersUpTo(c[-1], kind, c[3])

    def w4_move_all(self, c: list[Any]) -> n.MoveCounters:
        """ "Move all counters from target creature onto another target creature", "Move
        all +1/+1 counters from target land you control onto target creature"
        (mtg:122.5)."""
        _move_verb(c)
        kind = _kind(c, 2)
        if kind is not None:
            self.check_counter_kind(kind)
        return n.MoveCounters(c[-3], c[-1], kind)

    def w4_move_any(self, c: list[Any]) -> n.MoveCounters:
        """ "Move any number of +1/+1 counters from target creature onto another target
        creature": how many of each kind is picked as it resolves (mtg:122.5,
        mtg:608.2d)."""
        _move_verb(c)
        kind = _kind(c, 4)
        if kind is not None:
            self.check_counter_kind(kind)
        return n.MoveCounters(c[-3], c[-1], kind, chosen=True)

    def w4_it_had_counters(self, c: list[Any]) -> n.NumberCondition:
        """ "If it had counters on it", "if it had one or more +1/+1 counters on it": the
        number of such counters on the object as it last existed (mtg:603.10a); whose
        "it" is settled with the trigger (:func:`settle_had_counters`)."""
        if str(c[1]).lower() != "had":
            raise NotRead(f"“it {c[1]} ... counters on it”")
        some = next((x for x in c[2:] if isinstance(x, tuple)), (">=", 1))
        op, value = some
        if op != ">=":
            raise NotRead("“it had N or fewer counters”")
        kind = next((x for x in c[2:] if isinstance(x, str) and not isinstance(x, Token)), None)
        if kind is not None:
            self.check_counter_kind(kind)
        return n.NumberCondition(n.CountersOn(kind, HAD_IT), ">=", value)

    def w4_put_those_counters(self, c: list[Any]) -> n.PutCountersOf:
        """ "Put those counters on target creature you control" after "if it had counters
        on it": the counters the object had (mtg:122.8); settled with the condition
        (:func:`settle_had_counters`), refused anywhere else."""
        return n.PutCountersOf(THOSE_COUNTERS, c[-1])

    def w4_that_have_counters(self, c: list[Any]) -> Any:
        """ "that have -1/-1 counters on them" after a plural noun (mtg:122.1)."""
        if str(c[-1]).lower() != "them":
            raise NotRead(f"“that have counters on {c[-1]}”")
        return _post(d.Condition(f"has_counter:{_kind(c, 2) or 'any'}"))

    def w4_without_an_counter(self, c: list[Any]) -> Any:
        """ "without an egg counter on it" (mtg:122.1)."""
        return _post(d.Not(d.Condition(f"has_counter:{c[2]}")))

    def w4_q_range_other(self, c: list[Any]) -> Any:
        """ "one or two other target ...": one to two targets, none of them the source
        (mtg:115.1)."""
        from tcgrules.games.magic.text_build import _Quant  # noqa: PLC0415  (it imports this)

        return _Quant(count(c[0]) or 0, count(c[2]), True)

    def w4_flicker_with_counter(self, c: list[Any]) -> n.FlickerWithCounters:
        """ "Exile another target creature you control, then return it to the battlefield
        under its owner's control with a +1/+1 counter on it" (mtg:400.7, mtg:122.6)."""
        counter: tuple[str, int] = c[-1]
        flicker = n.Flicker(c[1], under_you="yours" in c)
        return n.FlickerWithCounters(flicker, (counter,))

    def w4_keyword_kind(self, c: list[Token]) -> str:
        """ "double strike", "first strike": a keyword counter's kind (mtg:122.1b)."""
        return " ".join(str(t).lower() for t in c)
