"""Builder methods for damage sentences: computed amounts, damage to more than one
recipient, prevention (mtg:615) and redirection (mtg:614.9).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "damage" section (``grammar/magic.lark``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft
from tcgrules.kernel import descriptors as d


class _Its:
    """ "its power": the power of the subject of the sentence, filled in by the rule
    that knows the subject."""


class DamageBuilder:
    """Tokens and subtrees of damage sentences → effect nodes."""

    # ----------------------------------------------------------- amounts
    def amt_its_power(self, c: list[Any]) -> _Its:
        return _Its()

    def amt_self_power(self, c: list[Any]) -> n.PowerOf:
        return n.PowerOf(n.Self())

    def amt_count(self, c: list[Any]) -> n.CountOf:
        """ "the number of Mountains you control": counted as the effect happens
        (mtg:608.2h). "cards in that player's hand" names one player's zone, which the
        count can't tell from any player's yet, so it is not read."""
        descriptor: d.Descriptor = c[-1].descriptor
        if any(isinstance(p, d.InZone) and p.whose == "any" for p in _parts(descriptor)):
            raise _not_read("a count in the zone of a player named elsewhere")
        return n.CountOf(descriptor)

    def x3_amt_life_total(self, c: list[Any]) -> n.LifeTotalOf:
        """ "your life total", read as the effect happens (mtg:608.2h)."""
        return n.LifeTotalOf(n.You())

    def _computed(self, subject: Any, value: Any) -> n.Amount:
        """ "its power" is the power of the subject that deals the damage (mtg:120.2b).
        An "it" subject names something of an earlier sentence or of the trigger, which
        the reader can't tell apart here, so that sentence is not read."""
        if not isinstance(value, _Its):
            amount: n.Amount = value
            return amount
        if isinstance(subject, n.It):
            raise _not_read("“its power” of an “it” named elsewhere")
        return n.PowerOf(subject)

    # ----------------------------------------------------------- dealing damage
    def deal_equal(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals damage equal to its power to any target"; a target creature as the
        subject deals it itself ("bite": not a fight, mtg:120.2b, mtg:701.12)."""
        return n.DealDamage(self._computed(c[0], c[5]), c[-1], source=c[0])

    def deal_equal_late(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals damage to target creature equal to the number of lands you control"."""
        return n.DealDamage(self._computed(c[0], c[-1]), c[4], source=c[0])

    def deal_where_x(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals X damage to any target, where X is the number of ...": X is defined
        by the text, not announced (mtg:107.3c)."""
        if c[2] != "X":
            raise _not_read("“where X is” after a damage amount other than X")
        return n.DealDamage(self._computed(c[0], c[-1]), c[5], source=c[0])

    def deal_and_itself(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "... and 1 damage to itself": the source is dealt damage too (mtg:120.2)."""
        return (
            n.DealDamage(c[2], c[5], source=c[0]),
            n.DealDamage(c[7], c[0], source=c[0]),
        )

    def deal_and_controller(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "... to target creature and 2 damage to that creature's controller": the
        controller of that target as the effect happens, or as it last existed if it has
        left (mtg:608.2h)."""
        first = c[5]
        return (
            n.DealDamage(c[2], first, source=c[0]),
            n.DealDamage(c[7], n.ControllerOf(first), source=c[0]),
        )

    def deal_and_each_of(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "... to target player and each creature that player controls": the same
        damage to the target and to each such creature, all at once (mtg:120.2b)."""
        first = c[5]
        group: n.Each = c[-1]
        rest = [p for p in _top(group.descriptor) if p != d.ControlledBy("that_player")]
        if getattr(first, "draft", None) is None or len(rest) == len(_top(group.descriptor)):
            raise _not_read("“and each ...” not controlled by the target's player")
        each = n.EachControlledBy(_all(rest), first)
        return (n.DealDamage(c[2], first, source=c[0]), n.DealDamage(c[2], each, source=c[0]))

    def deal_each_target_controls(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals 1 damage to each creature target opponent controls"."""
        return n.DealDamage(c[2], n.EachControlledBy(c[6].descriptor, c[7]), source=c[0])

    def you_ref(self, c: list[Any]) -> n.You:
        return n.You()

    def may_have_deal(self, c: list[Any]) -> n.May:
        """ "you may have it deal 1 damage to any target" (optional, mtg:608.2d)."""
        return n.May((n.DealDamage(c[5], c[-1], source=c[3]),))

    def may_have_deal_equal(self, c: list[Any]) -> n.May:
        return n.May((n.DealDamage(self._computed(c[3], c[8]), c[-1], source=c[3]),))

    # ----------------------------------------------------------- prevention
    def dealt_to(self, c: list[Any]) -> tuple[bool, bool]:
        return (True, False)

    def dealt_by(self, c: list[Any]) -> tuple[bool, bool]:
        return (False, True)

    def dealt_to_and_by(self, c: list[Any]) -> tuple[bool, bool]:
        return (True, True)

    def prevent_next(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent the next 3 damage that would be dealt to any target this turn": a
        shield used up as it prevents (mtg:615.7)."""
        return n.PreventDamage(c[-3], amount=c[3])

    def prevent_all(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent all [combat] damage that would be dealt to/by target creature this
        turn" (mtg:615.1; combat damage, mtg:510.2)."""
        combat = any(isinstance(t, Token) and t.type == "COMBAT" for t in c)
        to, by = next(x for x in c if isinstance(x, tuple))
        return n.PreventDamage(c[-3], None, dealt_to=to, dealt_by=by, combat_only=combat)

    def prevent_all_would_deal(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent all [combat] damage target creature/spell would deal this turn": damage
        from that source (mtg:609.7)."""
        combat = any(isinstance(t, Token) and t.type == "COMBAT" for t in c)
        return n.PreventDamage(c[-5], None, dealt_to=False, dealt_by=True, combat_only=combat)

    def prevent_next_late(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent the next 3 damage that would be dealt this turn to target creature"."""
        return n.PreventDamage(c[-1], amount=c[3])

    def prevent_divided(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent the next 3 damage that would be dealt this turn to any number of
        targets, divided as you choose": each target gets at least 1 (mtg:601.2d), and
        its share is its shield (mtg:615.7)."""
        ref: Any = c[-6]
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None:
            raise _not_read("a division among what is not a target")
        draft.divided = True
        draft.min = max(draft.min, 1)
        amount = c[3]
        if isinstance(amount, int):
            draft.max = amount if draft.max is None else min(draft.max, amount)
        return n.PreventDamage(ref, amount=amount, divided=True)

    def prevent_all_late(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent all damage that would be dealt this turn to up to two target
        creatures"."""
        combat = any(isinstance(t, Token) and t.type == "COMBAT" for t in c)
        to, by = next(x for x in c if isinstance(x, tuple))
        return n.PreventDamage(c[-1], None, dealt_to=to, dealt_by=by, combat_only=combat)

    def prevent_next_time(self, c: list[Any]) -> n.PreventDamage:
        """ "The next time a source of your choice would deal damage to any target this
        turn, prevent that damage": one instance of damage from the chosen source
        (mtg:615.8, mtg:609.7a)."""
        return n.PreventDamage(c[12], None, chosen_source=True)

    # ----------------------------------------------------------- redirection
    def redirect_next_time(self, c: list[Any]) -> n.RedirectDamage:
        """ "The next time a source of your choice would deal damage to target creature
        this turn, that damage is dealt to ~ instead" (mtg:614.9, mtg:609.7a)."""
        return n.RedirectDamage(c[12], c[-2], None, chosen_source=True)

    def redirect_next(self, c: list[Any]) -> n.RedirectDamage:
        """ "The next 2 damage that would be dealt to ~ this turn is dealt to target
        creature instead" (mtg:614.9)."""
        return n.RedirectDamage(c[9], c[-2], c[2])


def define_x(effects: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    """The effects of a sentence ending ", where X is ...", with X the value the text
    defines (mtg:107.3c), read as each effect happens (mtg:608.2h): the amount of a
    P/T change ("gets +X/+X", "-X/-0") or of counters ("put X +1/+1 counters"). Read
    only when every X of the sentence is one of those: an X in a target phrase ("up to
    X target creatures", "mana value X or less") or in another effect is not read."""
    if isinstance(value, _Its):
        raise _not_read("“its power” after “where X is”")
    out: list[Any] = []
    used = False
    for effect in effects:
        if isinstance(effect, n.May):
            out.append(n.May(define_x(effect.effects, value)))
            used = True
            continue
        if not _x_free(getattr(effect, "what", None)):
            raise _not_read("an X in a target phrase of a sentence that defines X")
        if isinstance(effect, n.ModifyPT):
            power, toughness = _with_x(effect.power, value), _with_x(effect.toughness, value)
            used = used or (power, toughness) != (effect.power, effect.toughness)
            out.append(replace(effect, power=power, toughness=toughness))
        elif isinstance(effect, n.PutCounters):
            count = _with_x(effect.count, value)
            used = used or count != effect.count
            out.append(replace(effect, count=count))
        elif isinstance(effect, n.GainAbility):
            out.append(effect)
        else:
            raise _not_read(f"“where X is” after {type(effect).__name__}")
    if not used:
        raise _not_read("“where X is” with no X to define")
    return tuple(out)


def _with_x(amount: n.Amount, value: n.Amount) -> n.Amount:
    """``amount`` with X (or -X) replaced by ``value``; -X of a count counts negatively."""
    if amount == "X":
        return value
    if amount == "-X" and isinstance(value, n.CountOf) and isinstance(value.multiplier, int):
        return n.CountOf(value.descriptor, -value.multiplier)
    if isinstance(amount, str):
        raise _not_read(f"the amount {amount} beside “where X is”")
    return amount


def _x_free(ref: Any) -> bool:
    """Whether a target phrase has no variable number of targets: "up to X target
    creatures" reads as no upper limit, which can't be told from "any number of"."""
    draft: Draft | None = getattr(ref, "draft", None)
    return draft is None or (draft.max is not None and "'X'" not in repr(draft.descriptor))


def _top(descriptor: d.Descriptor) -> list[d.Descriptor]:
    return list(descriptor.parts) if isinstance(descriptor, d.AllOf) else [descriptor]


def _all(parts: list[d.Descriptor]) -> d.Descriptor:
    return parts[0] if len(parts) == 1 else d.AllOf(tuple(parts))


def _parts(descriptor: d.Descriptor) -> list[d.Descriptor]:
    if isinstance(descriptor, d.AllOf | d.AnyOf):
        return [p for part in descriptor.parts for p in _parts(part)]
    if isinstance(descriptor, d.Not):
        return _parts(descriptor.part)
    return [descriptor]


def _not_read(what: str) -> Exception:
    """The reader's "not read" exception; imported here, as text_build imports this
    module to build its class."""
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415

    return NotRead(what)
