"""Builder methods of damage equal to power and fights (helper T3): several creatures
each dealing damage equal to their own power (mtg:120.2b), damage to the controller of
the creature dealing it, damage dealt back, and a fight after another change
(mtg:701.12a).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "damage equal to power, fights" section (``grammar/magic.lark``).
"""

from __future__ import annotations

import re
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: a trigger about the object the source is attached to alone ("Whenever equipped
#: creature attacks", "Whenever enchanted creature is dealt damage"): a later "it" is
#: that creature, the object the event is about (mtg:603.2)
ABOUT_ATTACHED = re.compile(r"^(when|whenever) (enchanted|equipped) creature ", re.I)


def _its_power(subject: Any, value: Any) -> n.PowerOf:
    """ "its power" of ``subject``; any other number (or "twice its power") is not read
    by these shapes."""
    from tcgrules.games.magic.text_build_damage import scaled_its  # noqa: PLC0415 (imports this)

    its = scaled_its(value, 1)
    if its is None or its.factor != 1:
        raise NotRead("a number other than “its power”")
    return n.PowerOf(subject)


def _sources(subject: Any) -> Any:
    """What deals the damage: a target phrase, or the source (``~``); "it" names what an
    earlier sentence named, not read here."""
    if not isinstance(subject, DraftRef | n.Self | n.Each):
        raise NotRead("which objects deal the damage")
    return subject


class PowerDamageBuilder:
    """Subtrees of "each deal damage equal to their power", "that player", damage dealt
    back and "... and fights" → effect nodes."""

    def t3_each_deal_power(self, c: list[Any]) -> n.EachDealsPower:
        """ "Up to two target creatures you control each deal damage equal to their power
        to another target creature" (mtg:120.2b)."""
        return n.EachDealsPower(_sources(c[0]), c[-1])

    def t3_both_deal_power(self, c: list[Any]) -> n.EachDealsPower:
        """ "Target creature you control and up to one other target legendary creature you
        control each deal damage equal to their power to ...": both phrases' objects
        deal it (mtg:120.2b)."""
        return n.EachDealsPower(_sources(c[0]), c[-1], more=(_sources(c[2]),))

    def t3_deal_power_to_controller(self, c: list[Any]) -> n.DealDamage:
        """ "target creature an opponent controls deals damage equal to its power to that
        player": the one player named is the one who controls the target (mtg:109.4).
        With another subject, "that player" is the target player the number names
        (Tibalt, the Fiend-Blooded), or else not read."""
        subject: Any = c[0]
        if not isinstance(c[0], DraftRef):
            # "~ deals damage equal to the number of cards in target player's hand to
            # that player": the number's own target player (helper t2's reading)
            return self.t2_deal_equal_to_that_player(c)  # type: ignore[attr-defined,no-any-return]
        return n.DealDamage(_its_power(subject, c[5]), n.ControllerOf(subject), source=subject)

    def t3_deal_and_bite_back(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "~ deals 15 damage to target creature an opponent controls and that creature
        deals damage equal to its power to you": the damage, then the damage dealt back
        by what "that creature" names, settled with the whole ability (mtg:608.2c)."""
        that = n.It("that " + str(c[8]).lower())
        first = n.DealDamage(c[2], c[5], source=c[0])
        return first, n.DealDamage(_its_power(that, c[-3]), c[-1], source=that)

    def t3_each_other_deal_power(self, c: list[Any]) -> n.EachDealsPower:
        """ "each other Bird you control deals damage equal to its power to target
        creature an opponent controls": every such object but the source, each with its
        own power (mtg:120.2b), found as the effect happens (mtg:608.2h)."""
        _its_power(n.Self(), c[-3])
        nominal = c[2]
        return n.EachDealsPower(n.Each(d.AllOf((d.Other(), nominal.descriptor))), c[-1])

    def t3_attached_deals_power(self, c: list[Any]) -> n.AttachedDealsPower:
        """ "enchanted creature deals damage equal to its power to any other target": the
        creature the source is attached to (mtg:303.4) deals it (mtg:120.2b)."""
        if str(c[1]).lower() != "creature":
            raise NotRead("an attached object other than a creature")
        _its_power(n.Self(), c[-3])
        return n.AttachedDealsPower(c[-1])

    def t3_double_pt_of(self, c: list[Any]) -> n.DoublePower:
        """ "Double the power and toughness of target creature you control until end of
        turn": the words of "Double target creature's power and toughness" reordered
        (mtg:701.9a)."""
        doubled: n.DoublePower = self.x3_double_pt([c[0], *c[6:]])  # type: ignore[attr-defined]
        return doubled

    def t3_total_power(self, c: list[Any]) -> str:
        """ "if creatures you control have total power 8 or greater": the condition key the
        ruleset checks (:mod:`~tcgrules.games.magic.conditions`)."""
        if str(c[0]).lower() not in {"creature", "creatures"} or not isinstance(c[6], int):
            raise NotRead("a total power other than that of creatures you control")
        return f"creatures_you_control_total_power_at_least:{c[6]}"

    def t3_deal_and_itself_where_x(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "Target creature you control deals X damage to any other target and X damage to
        itself, where X is its power" (or "the number of ..."): X is defined by the text
        (mtg:107.3c); the subject deals both parts (mtg:120.2b)."""
        if c[2] != "X" or c[7] != "X":
            raise NotRead("“where X is” after a damage amount other than X")
        subject = c[0]
        x: n.Amount = self._computed(subject, c[-1])  # type: ignore[attr-defined]
        return (
            n.DealDamage(x, c[5], source=subject),
            n.DealDamage(x, subject, source=subject),
        )

    def t3_card_left_graveyard(self, c: list[Any]) -> str:
        """ "if a creature card left your graveyard this turn": the condition key the
        ruleset checks (:mod:`~tcgrules.games.magic.conditions`); "a card" is any card."""
        words = [str(t).lower() for t in c]
        if words[-5] != "left":
            raise NotRead(f"“a card {words[-5]} your graveyard”")
        kind = words[1] if len(words) == 8 else "card"
        return f"card_left_your_graveyard:{kind}"

    def t3_and_fights(self, c: list[Any]) -> tuple[Any, n.Fight]:
        """ "that creature gets +1/+1 until end of turn and fights target creature you don't
        control": the subject of the first part fights (mtg:701.12a) after it changed."""
        first = c[0]
        if not isinstance(first, n.ModifyPT):
            raise NotRead("which creature fights")
        return first, n.Fight(first.what, c[-1])


def settle_power_damage(effect: Any, previous: Any, out: list[Any]) -> Any | None:
    """What "it" / "that creature" names in a fight or a sacrifice right after the part
    that names the creature, or None (the general rules decide):

    - "that creature gets +1/+1 until end of turn and fights ...": the creature that got
      the change fights (the one subject of both parts, mtg:701.12a);
    - "Target creature you control deals damage equal to its power to any other target.
      Then sacrifice it.": the creature that dealt the damage (the subject, whose power
      "its" already names; only one's own permanent is sacrificed, mtg:701.17a);
    - "you may have it deal damage equal to its power to target creature defending player
      controls. If you do, that creature deals damage equal to its power to ~": the
      creature the optional part dealt damage to, its first target (the kernel's
      ``It``)."""
    if not out:
        return None
    if isinstance(effect, n.IfYouDo | n.DealDamage) and _bites_back(effect, out[-1]):
        return effect
    if out[-1] is not previous:
        return None
    if (
        isinstance(effect, n.Fight)
        and isinstance(previous, n.ModifyPT)
        and isinstance(effect.first, n.It)
        and effect.first == previous.what
    ):
        return effect
    if (
        isinstance(effect, n.SacrificeIt)
        and effect.what == n.It()
        and isinstance(previous, n.DealDamage)
        and isinstance(previous.source, n.TargetSlot)
        and previous.amount == n.PowerOf(previous.source)
    ):
        return n.SacrificeIt(previous.source)
    return None


def names_no_object(effect: Any) -> bool:
    """ "you gain 3 life", "you draw a card": a part about the controller alone, with a
    printed number, which names no object a later "that creature" could mean (so it does
    not come between that word and what it names)."""
    if isinstance(effect, n.GainLife):
        return effect.who == n.You() and isinstance(effect.amount, int)
    return isinstance(effect, n.Draw) and effect.who == n.You() and isinstance(effect.count, int)


def _bites_back(effect: Any, before: Any) -> bool:
    """ "That creature deals damage equal to its power to ~" right after a part in which
    the source deals damage to the first target (settled; "If you do, ..." after "you
    may have ~ deal ...", or after "If ~ is on the battlefield, it deals ...")."""
    if isinstance(effect, n.IfYouDo):
        if not isinstance(before, n.May):
            return False
        parts = effect.effects
    else:
        parts = (effect,)
    if isinstance(before, n.May | n.IfCondition) and len(before.effects) == 1:
        before = before.effects[0]
    if not (
        isinstance(before, n.DealDamage)
        and isinstance(before.source, n.Self)
        and before.to == n.TargetSlot(0)
    ):
        return False
    that = n.It("that creature")
    return bool(parts) and all(
        isinstance(part, n.DealDamage)
        and part.source == that
        and part.amount == n.PowerOf(that)
        and isinstance(part.to, n.Self | n.You)
        for part in parts
    )
