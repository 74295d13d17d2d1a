"""Builder methods for life totals and damage, fourth pass (helper W5).

"Target player's life total becomes 10" (mtg:119.5), "Double target player's life
total" (mtg:701.9d), "Target player gains 2 life and draws a card" (one subject, two
verbs, in text order: mtg:608.2c), "Any number of target players each gain 6 life".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "damage and life (helper W5)" section (``grammar/magic.lark``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


class LifeBuilder:
    """Subtrees of life-total sentences → effect nodes."""

    def w5_life_becomes(self, c: list[Any]) -> n.SetLifeTotal:
        """ "Target player's life total becomes 10" (mtg:119.5)."""
        return n.SetLifeTotal(c[0], c[-1])

    def w5_double_life(self, c: list[Any]) -> n.DoubleLifeTotal:
        """ "Double target player's life total" (mtg:701.9d). "its controller's" (of an
        enchanted creature the trigger names, Celestial Mantle) is not read: the
        kernel's "it" there would be the Aura."""
        if isinstance(c[1], n.ControllerOf):
            raise NotRead("the life total of the controller of what “it” names")
        return n.DoubleLifeTotal(c[1])

    def w5_and_draws(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Target player gains 2 life and draws a card": the player of the first verb
        draws (mtg:121.1), after it (mtg:608.2c)."""
        first, who = _first_verb(c[0])
        return (*first, n.Draw(who, c[3]))

    def w5_and_gains(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Target player draws X cards and gains X life" (mtg:119.3)."""
        first, who = _first_verb(c[0])
        return (*first, n.GainLife(who, c[3]))

    def w5_and_loses(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target player sacrifices a creature of their choice and loses 1 life"."""
        first, who = _first_verb(c[0])
        return (*first, n.LoseLife(who, c[3]))

    def w5_deals_controller(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals 2 damage to that creature's controller" (after a sentence on that
        creature): its controller as it is or last existed (mtg:608.2h)."""
        if isinstance(c[0], n.It):
            # "If this spell was kicked, it deals X damage to that creature's controller"
            # (Illuminate): "it" is the spell, which the "it" rules would take for the
            # creature
            raise NotRead("“it deals damage to that creature's controller”")
        return n.DealDamage(c[2], n.ControllerOf(n.It(f"that {str(c[6]).lower()}")), c[0])

    def w5_deal_equal_divided(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals damage equal to its power divided as you choose among any number of
        target creatures": each target gets at least 1 (mtg:601.2d); "its power" is the
        subject's (mtg:120.2b), read as the ability resolves (mtg:608.2h)."""
        from tcgrules.games.magic.text_build_damage import scaled_its  # noqa: PLC0415

        its = scaled_its(c[5], 1)
        amount: n.Amount = c[5]
        if its is not None:
            power = n.PowerOf(c[0])
            amount = power if its.factor == 1 else n.Scaled(its.factor, power)
        ref: Any = c[-1]
        draft = ref.draft
        draft.divided = True
        draft.min = max(draft.min, 1)
        return n.DealDamage(amount, ref, source=c[0], divided=True)

    def w5_also_deals_controller(self, c: list[Any]) -> n.DealDamage:
        """ "~ also deals 2 damage to that creature's controller": the controller of
        the object the sentence before acted on, as it is or last existed (mtg:608.2h)."""
        source = _also(c)
        return n.DealDamage(c[3], n.ControllerOf(n.It(f"that {str(c[7]).lower()}")), source)

    def w5_deal_evenly(self, c: list[Any]) -> n.DealDamageEvenly:
        """ "~ deals X damage divided evenly, rounded down, among any number of targets"
        (mtg:107.1a): no division is announced, the shares are equal."""
        words = [str(c[i]).lower() for i in (5, 7, 8)]
        if words != ["evenly", "rounded", "down"]:
            raise NotRead("damage divided " + " ".join(words))
        return n.DealDamageEvenly(c[2], c[-1], c[0])

    def w5_also_deals(self, c: list[Any]) -> n.DealDamage:
        """ "~ also deals 4 damage to target player"."""
        return n.DealDamage(c[3], c[-1], _also(c))

    def w5_deal_and_controller_loses(self, c: list[Any]) -> tuple[n.DealDamage, n.LoseLife]:
        """ "~ deals 1 damage to target creature and that creature's controller loses 1
        life": the controller of that target, as it is or last existed (mtg:608.2h)."""
        first = c[5]
        return (n.DealDamage(c[2], first, source=c[0]), n.LoseLife(n.ControllerOf(first), c[-2]))

    def w5_each_gain(self, c: list[Any]) -> n.GainLife:
        """ "Any number of target players each gain 6 life": each of them (mtg:119.3)."""
        return n.GainLife(c[0], c[3])


def _first_verb(effect: Any) -> tuple[tuple[Any, ...], Any]:
    """The effects of the first verb of "[player] [verb] ... and [verb] ...", and the
    player they are about: a player's own gain, loss, draw or sacrifice only."""
    effects = tuple(effect) if isinstance(effect, tuple | list) else (effect,)
    last = effects[-1] if effects else None
    if not isinstance(last, n.GainLife | n.LoseLife | n.Draw | n.Sacrifice) or last.who == n.You():
        raise NotRead("a second verb of a subject that is not one player's")
    return effects, last.who


def _also(c: list[Any]) -> n.Self:
    """The subject of "~ also deals": the card itself. "it also deals" (the spell of the
    sentence before, which the "it" rules would take for its target) is not read."""
    if str(c[1]).lower() != "also" or c[0] != n.Self():
        raise NotRead("“also deals” of anything but the card itself")
    return n.Self()


def its_sacrificed(effect: Any, previous: Any) -> Any | None:
    """ "Target player sacrifices a creature with the greatest power ... You gain life
    equal to its power" (Consume): after a sacrifice of one creature, "its power" in a
    life sentence is that creature's, as it last existed on the battlefield
    (mtg:608.2h); None where it is anything else."""
    if not (
        isinstance(effect, n.GainLife | n.LoseLife)
        and effect.amount == n.PowerOf(n.It())
        and isinstance(previous, n.Sacrifice)
        and previous.count == 1
        and previous.among is None
    ):
        return None
    described = previous.descriptor
    parts = described.parts if isinstance(described, d.AllOf) else (described,)
    if d.HasType("creature") not in parts:
        return None
    return replace(effect, amount=n.SacrificedValue("power", "creature"))


#: a trigger event with an amount "that much" can be (mtg:603.2): damage dealt ("Whenever
#: ~ is dealt damage", "deals combat damage"), life gained or lost, counters put on or
#: removed from something ("Whenever one or more loyalty counters are removed from ~")
_NAMES_NUMBER = re.compile(
    r"\b(is|are) dealt (combat |noncombat )?damage$|\bdeals? (combat |noncombat )?damage\b"
    r"|\b(gain|gains|lose|loses) life\b"
    r"|\bone or more [^,]*\bcounters? (is|are) (put|removed)\b",
    re.I,
)


def names_number(trigger: str, effect: Any) -> bool:
    """Whether the trigger event names the amount a "that much" of ``effect`` (damage,
    life) is (mtg:603.2): an amount of damage, of life, or a number of counters. "its
    controller loses that much life" (of an enchanted creature, a Sliver) is not read:
    the kernel's "it" there would be the source, not the trigger's object."""
    amount = getattr(effect, "amount", None)
    whose = getattr(effect, "who", getattr(effect, "to", None))
    return (
        isinstance(amount, n.TriggerAmount)
        and amount.word == "that much"
        and not (isinstance(whose, n.ControllerOf) and isinstance(whose.of, n.It))
        and bool(_NAMES_NUMBER.search(trigger))
    )


# ------------------------------------------------------------ pronoun players (helper X2)
class TheyRelation(str):
    """The relation "opponent" read from "they control": equal to "opponent" (the reading
    of a sentence whose "they" is an opponent is unchanged), but marked so that a count
    ("for each creature they control") can be made the subject player's own."""

    __slots__ = ()


class ThatPlayersZone(str):
    """The zone owner "any" read from "that player's graveyard", marked so that a count
    over it is not taken for a count over every player's zone."""

    __slots__ = ()


THEY = TheyRelation("opponent")
THAT_PLAYERS = ThatPlayersZone("any")


class PronounPlayerBuilder:
    """ "they control", "that player's": the player the sentence names before."""

    def ctl_they(self, c: list[Any]) -> Any:
        """ "they control": controlled by the player the sentence names before."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        they: Any = THEY  # the relation "opponent", marked
        return _Post(d.Controller(they))

    def whose_that_player(self, c: list[Any]) -> d.Relation:
        """ "that player's": the zone of the player the sentence names before."""
        whose: Any = THAT_PLAYERS  # the relation "any", marked
        return whose  # type: ignore[no-any-return]

    whose_owner = whose_that_player


def _parts(descriptor: d.Descriptor) -> tuple[d.Descriptor, ...]:
    return descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)


def pronoun_count(clause: Any, descriptor: d.Descriptor) -> n.Amount | None:
    """The count of "for each creature they control" after a clause whose subject is one
    player ("target player loses 1 life ...", "that player loses 1 life ..."): the
    objects that player controls as the effect happens (mtg:608.2h); None when the
    words name no player by pronoun (the plain count stands). "That player's graveyard"
    in such a count, or "they" after a group of players other than "each opponent", is
    not read: the count would be every player's."""
    parts = _parts(descriptor)
    they = [
        p for p in parts if isinstance(p, d.Controller) and isinstance(p.relation, TheyRelation)
    ]
    zone = [p for p in parts if isinstance(p, d.InZone) and isinstance(p.whose, ThatPlayersZone)]
    if not they and not zone:
        return None
    if zone:
        raise NotRead("a count in the zone of a player named before")
    effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
    subjects = [getattr(e, "who", None) for e in effects]
    if len(effects) != 1 or subjects[0] is None:
        raise NotRead("“they control” in a count after a clause without one player subject")
    who = subjects[0]
    if isinstance(who, n.Each):
        if who.descriptor == d.AllOf((d.IsPlayer(), d.PlayerIs("opponent"))):
            return None
        raise NotRead("“they control” in a count after a group of players")
    rest = [p for p in parts if not any(p is t for t in they)]
    kept: d.Descriptor = rest[0] if len(rest) == 1 else d.AllOf(tuple(rest))
    return n.HowMany(n.EachControlledBy(kept, who))


def named_before(where: d.Descriptor) -> bool:
    """A zone of a player named before ("that player's graveyard", "its owner's
    graveyard"), which a count can't tell from every player's."""
    return any(
        isinstance(p, d.InZone) and isinstance(p.whose, ThatPlayersZone) for p in _parts(where)
    )


def refuse_pronoun_players(descriptor: d.Descriptor) -> None:
    """A count with no player subject to stand for ("gets +1/+1 for each creature card
    in that player's graveyard"): "they" and "that player's" there are not read, since
    the plain count would be every player's."""
    for part in _parts(descriptor):
        if isinstance(part, d.Controller) and isinstance(part.relation, TheyRelation):
            raise NotRead("“they control” in a count with no player subject")
        if isinstance(part, d.InZone) and isinstance(part.whose, ThatPlayersZone):
            raise NotRead("a count in the zone of a player named before")
