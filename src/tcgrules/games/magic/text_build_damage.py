"""Builder methods for damage sentences: computed amounts, damage to more than one
recipient, prevention (mtg:615) and redirection (mtg:614.9).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "damage" section (``grammar/magic.lark``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef, TextContext
from tcgrules.games.magic.text_build_amounts import amount_names_it, names_amount, names_target
from tcgrules.games.magic.text_build_copies2 import settle_copied
from tcgrules.games.magic.text_build_counters4 import THOSE_COUNTERS, settle_had_counters
from tcgrules.games.magic.text_build_damage2 import settle_they, this_way_refused
from tcgrules.games.magic.text_build_life import TheyRelation, its_sacrificed, names_number
from tcgrules.games.magic.text_build_power_damage import (
    ABOUT_ATTACHED,
    names_no_object,
    settle_power_damage,
)
from tcgrules.games.magic.text_build_q3 import limit_x, x_limited
from tcgrules.games.magic.text_build_references import source_amounts
from tcgrules.games.magic.text_build_s2 import names_moved_only
from tcgrules.kernel import descriptors as d


class _Its:
    """ "its power": the power of the subject of the sentence, filled in by the rule
    that knows the subject; ``factor`` times it ("twice its power")."""

    def __init__(self, factor: int = 1) -> None:
        self.factor = factor


def scaled_its(value: Any, factor: int) -> Any | None:
    """ "twice its power": ``factor`` times "its power", still to be filled in by the
    rule that knows the subject; None if ``value`` is not "its power"."""
    return _Its(value.factor * factor) if isinstance(value, _Its) else None


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
        from tcgrules.games.magic.text_build_life import named_before  # noqa: PLC0415

        if named_before(descriptor):
            raise _not_read("a count in the zone of a player named elsewhere")
        return n.CountOf(descriptor)

    def x3_amt_life_total(self, c: list[Any]) -> n.LifeTotalOf:
        """ "your life total", read as the effect happens (mtg:608.2h)."""
        return n.LifeTotalOf(n.You())

    def amt_that_power(self, c: list[Any]) -> n.PowerOf:
        """ "damage equal to that creature's power": what "that creature" names is settled
        with the whole ability (:func:`trigger_references`)."""
        return n.PowerOf(n.It("that " + str(c[1]).lower()))

    def amt_that_mana_value(self, c: list[Any]) -> n.NumberOf:
        """ "damage equal to that spell's mana value" (mtg:202.3): settled with the whole
        ability, as "that creature's power" is."""
        return n.NumberOf("mana_value", n.It("that " + str(c[1]).lower()))

    def _computed(self, subject: Any, value: Any) -> n.Amount:
        """ "its power" is the power of the subject that deals the damage (mtg:120.2b).
        What an "it" subject names (an earlier sentence's object, the trigger's, the
        ability's source) is settled with the whole ability (:func:`trigger_references`)."""
        if not isinstance(value, _Its):
            amount: n.Amount = value
            return amount
        power = n.PowerOf(subject)
        return power if value.factor == 1 else n.Scaled(value.factor, power)

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

    def deal_that_much(self, c: list[Any]) -> n.DealDamage:
        """ "it deals that much damage to any target": the number the trigger event was
        about; which triggers name one is settled with the whole ability
        (:func:`trigger_references`)."""
        if str(c[3]).lower() != "much":
            raise _not_read(f"“that {c[3]} damage”")
        return n.DealDamage(n.TriggerAmount(), c[-1], source=c[0])

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
        # "target opponent and each creature they control": "they" is that player (Q5)
        they = first.draft.kinds == {"player"} if isinstance(first, DraftRef) else False
        rest = [
            p
            for p in _top(group.descriptor)
            if p != d.ControlledBy("that_player")
            and not (they and isinstance(p, d.Controller) and isinstance(p.relation, TheyRelation))
        ]
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

    def may_have_fight(self, c: list[Any]) -> n.May:
        """ "you may have it fight target creature you don't control" (optional,
        mtg:608.2d; the fight itself mtg:701.12a)."""
        return n.May((n.Fight(c[3], c[-1]),))

    def state_dealt_damage_to_you(self, c: list[Any]) -> Any:
        """ "target creature that dealt damage to you this turn": tested from the
        turn's damage events as the target is chosen and rechecked (mtg:120.3a)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.Condition("dealt_damage_to_you_this_turn"))

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
    # "up to X target creatures ..., where X is ...": the most targets (helper Q3)
    used = limit_x(effects, value)
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
        elif isinstance(effect, n.ExileTop | n.Mill):
            # "exile the top X cards of target opponent's library, where X is ..." (helper
            # S5): how many cards, counted as the effect happens (mtg:608.2h)
            count = _with_x(effect.count, value)
            used = used or count != effect.count
            out.append(replace(effect, count=count))
        elif isinstance(effect, n.Becomes | n.SetBasePT) and effect.power is not None:
            # "becomes an X/X Treefolk creature ..., where X is ..." (helper W6): the size
            # it is set to (layer 7b, mtg:613.4b)
            assert effect.toughness is not None
            power, toughness = _with_x(effect.power, value), _with_x(effect.toughness, value)
            used = used or (power, toughness) != (effect.power, effect.toughness)
            out.append(replace(effect, power=power, toughness=toughness))
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
    if amount == "-X":
        return n.Scaled(-1, value)
    if isinstance(amount, str):
        raise _not_read(f"the amount {amount} beside “where X is”")
    return amount


def _x_free(ref: Any) -> bool:
    """Whether a target phrase has no variable number of targets: "up to X target
    creatures" reads as no upper limit, which can't be told from "any number of"."""
    draft: Draft | None = getattr(ref, "draft", None)
    return draft is None or (
        (draft.max is not None or x_limited(draft)) and "'X'" not in repr(draft.descriptor)
    )


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


# ------------------------------------------------- what "it" names in a damage sentence
#: a trigger about one object other than (or besides) the source: "Whenever a creature
#: you control enters", "Whenever ~ or another creature enters from your graveyard"
_ABOUT_OTHER = re.compile(r"^(when|whenever) (a|an|another|~ or another) ", re.I)
#: a trigger about the source itself: "When ~ dies", "Whenever ~ attacks", "When you
#: sacrifice ~", "When you cycle ~"
_ABOUT_SELF = re.compile(r"^(when|whenever) (you \w+ )?~(\s|$)", re.I)
ABOUT_SELF = _ABOUT_SELF
#: a trigger event that is an amount of damage ("Whenever ~ is dealt damage", "Whenever
#: a source an opponent controls deals damage to you"): what "that much" names
_NAMES_DAMAGE = re.compile(r"\b(is|are) dealt damage$|\bdeals? (noncombat )?damage to", re.I)
#: "When ~ is put into a graveyard from the battlefield": a zone, not another object;
#: "Whenever ~ deals combat damage to a player": a player, whom "it" never names
_NOT_AN_OBJECT = re.compile(r"\b((into|from) a graveyard|to (a player|an opponent))\b", re.I)
#: words that bring in an object or player of the trigger event
_ARTICLE = re.compile(r"\b(a|an|another|one or more|each)\b", re.I)


def trigger_references(
    ctx: TextContext,
    body: tuple[int, int],
    effects: tuple[Any, ...],
    trigger: n.Trigger | None,
    activated: bool,
) -> tuple[Any, ...]:
    """Settle what "it" / "that creature" names where it deals damage or fights:

    - after a sentence acting on the first target only ("Target creature you control
      gets +1/+0 until end of turn. It deals damage equal to its power to ..."): that
      target, as the kernel's :class:`~tcgrules.cardtext.nodes.It` reads;
    - first in a triggered ability whose trigger names one other object ("Whenever a
      creature you control enters, it deals damage equal to its power to any target"):
      the object the trigger event was about (:class:`~tcgrules.cardtext.nodes.
      TriggerObject`, mtg:603.2, mtg:608.2k), not a target;
    - first in an ability triggered by the source alone ("When ~ dies, it deals 2
      damage", "Whenever ~ attacks, you may have it fight ...") or in an activated
      one ("Sacrifice ~: It deals damage equal to its power"): the source (mtg:120.2b,
      its power as it last existed, mtg:608.2h).

    Anywhere else the sentence is kept as not read: a wrong object is worse than none.
    Leaves-the-battlefield triggers about another object look back in time
    (mtg:603.10a): their object is the one as it was on the battlefield."""
    out: list[Any] = []
    previous: Any = None
    # "this way" counts exist only where the card says so: the walk that finds them is
    # skipped elsewhere (the answer would be the same, found slower)
    this_way = "this way" in ctx.text or "This way" in ctx.text
    for effect in effects:
        if isinstance(effect, n.Modal):
            modes = tuple(
                n.Mode(
                    mode.requirements,
                    trigger_references(ctx, body, mode.effects, trigger, activated),
                    mode.text,
                    mode.span,
                )
                for mode in effect.modes
            )
            out.append(replace(effect, modes=modes))
        elif isinstance(effect, n.EachDealsPower):
            settled = settle_they(effect, previous)
            out.append(settled if settled is not None else _refuse(ctx, body))
        elif this_way and this_way_refused(effect, previous, trigger.text if trigger else None):
            out.append(_refuse(ctx, body, "what “this way” refers to is not read"))
        elif (kept := settle_power_damage(effect, previous, out)) is not None:  # helper T3
            out.append(kept)
        elif _same_it_source(effect, previous, out):
            out.append(replace(effect, source=out[-1].source))
        else:
            out.append(_settle_it(ctx, body, effect, previous, trigger, activated))
        previous = previous if names_no_object(effect) else effect
    return tuple(out)


def _same_it_source(effect: Any, previous: Any, out: list[Any]) -> bool:
    """ "it deals 4 damage to any target and 3 damage to each of up to two other
    targets": the second part of one damage sentence (or a next "It deals ...") has the
    subject the first part's "it" was settled to, the one source dealing both
    (mtg:120.2b). Only where "it" names nothing else in the part."""
    return (
        isinstance(effect, n.DealDamage)
        and isinstance(previous, n.DealDamage)
        and effect.source == n.It()
        and previous.source == n.It()
        and _it_words(effect) == ["it"]
        and isinstance(effect.to, n.TargetSlot | n.You)
        and not isinstance(effect.amount, n.PowerOf | n.NumberOf | n.CountersOn)
        and bool(out)
        and isinstance(out[-1], n.DealDamage)
        and isinstance(out[-1].source, n.Self | n.TriggerObject)
    )


def _settle_it(  # noqa: PLR0917  (one answer per case of the docstring above)
    ctx: TextContext,
    body: tuple[int, int],
    effect: Any,
    previous: Any,
    trigger: n.Trigger | None,
    activated: bool,
) -> Any:
    if isinstance(effect, n.ReflexiveTrigger) and effect.when is not None:
        # "When you discard a nonland card this way, ... that card's mana value": the
        # object moved this way, named as the reflexive ability triggers (helper S2)
        if names_moved_only(effect.effects):
            return effect
        return _refuse(ctx, body, "what “it” names in the reflexive ability is not read")
    if isinstance(effect, n.IfCondition):
        # "if it had counters on it, put those counters on ..." (helper W4)
        had = settle_had_counters(effect, trigger)
        if had is None:
            return _refuse(ctx, body, "what “it had” names is not read")
        effect = had
    if isinstance(effect, n.PutCountersOf) and effect.source == THOSE_COUNTERS:
        return _refuse(ctx, body, "whose counters “those counters” are is not read")
    wrappers = (n.May, n.IfYouDo, n.IfCondition, n.Conditional, n.IfCompared, n.UnlessDoes)
    if isinstance(effect, wrappers):
        # what an optional or conditional part does is read as if it stood there alone
        inner: list[Any] = []
        before = previous
        for part in effect.effects:
            inner.append(_settle_it(ctx, body, part, before, trigger, activated))
            # what the part before names, as settled ("it deals ... to target creature
            # ... and that creature deals ...": "that creature" after "it" is read)
            before = part if isinstance(inner[-1], n.UnsupportedEffect) else inner[-1]
        return replace(effect, effects=tuple(inner))
    if isinstance(effect, n.InsteadIf) and _copies_only(effect):
        # "copy it. If ..., copy that spell twice instead": the first version is read as if
        # it stood there alone; "that spell" of the other is the spell it copies
        # (mtg:608.2c; helper W8)
        first = _settle_it(ctx, body, effect.otherwise[0], previous, trigger, activated)
        other: Any = effect.effects[0]
        if isinstance(first, n.CopySpell) and isinstance(other.what, n.It):
            other = replace(other, what=first.what)
        else:
            other = _settle_it(ctx, body, other, previous, trigger, activated)
        return replace(effect, effects=(other,), otherwise=(first,))
    if isinstance(effect, n.CopySpell | n.OthersCopy):
        settled = settle_copied(effect, previous, trigger)
        return settled if settled is not None else _refuse(ctx, body, "which spell is copied")
    if _that_much(effect) and not (
        previous is None
        and trigger is not None
        and trigger.word != "at"
        and (
            _NAMES_DAMAGE.search(trigger.text) or names_number(trigger.text, effect)
            if isinstance(effect, n.DealDamage)
            else names_amount(trigger.text, effect) or names_number(trigger.text, effect)
        )
    ):
        return _refuse(ctx, body, "“that much” of a number the trigger does not name")
    if amount_names_it(effect):
        own = source_amounts(effect) if _source_ability(trigger, activated) else None
        if own is not None and (
            previous is None or (amount_names_it(previous) and source_amounts(previous) is not None)
        ):
            # "When ~ enters, target player loses life equal to the number of +1/+1
            # counters on it" (and a next part reading the same "it"): the ability's own
            # object (mtg:201.5)
            return own
        if previous is not None and _on_first_target_only(previous):
            return effect
        sacrificed = its_sacrificed(effect, previous)
        if sacrificed is not None:
            return sacrificed
        if previous is None and _on_first_target_only(effect) and names_target(effect, trigger):
            return effect
        end = (
            previous.span[1] if isinstance(previous, n.UnsupportedEffect) and previous.span else -1
        )
        if body[0] <= end < body[1]:
            # what "it" names is in a sentence not read: only the rest is refused
            return _refuse(ctx, (end + 1, body[1]))
        return _refuse(ctx, body)
    if _to_its_controller(effect) and (
        previous is None
        or isinstance(previous, n.UnsupportedEffect)
        or not _on_first_target_only(previous)
    ):
        # "~ deals 2 damage to that land's controller" of a trigger's object: not read
        # (the kernel's "it" is the first target, after a sentence on it alone)
        return _refuse(ctx, body)
    words = _it_words(effect)
    if not words:
        if _nested_power_of_it(effect):
            return _refuse(ctx, body)
        return effect
    if previous is not None:
        if _on_first_target_only(previous) and not isinstance(previous, n.UnsupportedEffect):
            return effect
        if words == ["it"] and _on_self_only(previous):
            return _replace_it(effect, n.Self())
        if words == ["it"] and _after_tokens(previous, trigger, activated):
            return _replace_it(effect, n.Self())
        return _refuse(ctx, body)
    if trigger is not None and trigger.word != "at":
        text = trigger.text
        # a zone or a player is not an object "it" could name
        others = len(_ARTICLE.findall(_NOT_AN_OBJECT.sub("", text)))
        # a leaves-the-battlefield trigger looks back in time (mtg:603.10a)
        looks_back = trigger.event in {"dies", "leaves"}
        named = words[0].removeprefix("that ")
        if (
            len(words) == 1
            and named != words[0]
            and len(re.findall(rf"\b{re.escape(named)}s?\b", text, re.I)) == 1
        ):
            # "that spell" of "Whenever an opponent casts a spell": the one object of
            # that kind the trigger names
            return _replace_it(effect, n.TriggerObject(words[0], looks_back))
        if (_ABOUT_OTHER.match(text) and others == 1) or (
            ABOUT_ATTACHED.match(text) and others == 0  # helper T3
        ):
            return _replace_it(effect, n.TriggerObject(words[0], looks_back))
        if _ABOUT_SELF.match(text) and others == 0 and words == ["it"]:
            return _replace_it(effect, n.Self())
        return _refuse(ctx, body)
    if activated and words == ["it"]:
        return _replace_it(effect, n.Self())
    if _own_number_at(effect, trigger, words):
        return _replace_it(effect, n.Self())
    return _refuse(ctx, body)


def _after_tokens(previous: Any, trigger: n.Trigger | None, activated: bool) -> bool:
    """ "Whenever this Vehicle attacks, create three 1/1 red Hamster creature tokens, then
    it deals X damage to any target": in an ability of the source alone (an activated
    one, or one triggered by the source only), after the creation of several tokens
    (which a singular "it" can't name) "it" is that source (mtg:201.5; helper t2)."""
    return (
        isinstance(previous, n.CreateToken)
        and isinstance(previous.count, int)
        and previous.count >= 2
        and _source_ability(trigger, activated)
    )


def _own_number_at(effect: Any, trigger: n.Trigger | None, words: list[str]) -> bool:
    """ "At the beginning of your end step, ~ deals damage equal to the number of +1/+1
    counters on it to ...": first in an "at" trigger, which names no object (mtg:603.2),
    with the source itself the subject, the "it" of the number can only be that source
    (helper t2)."""
    return (
        trigger is not None
        and trigger.word == "at"
        and not re.search(r"\bif\b", trigger.text, re.I)
        and isinstance(effect, n.DealDamage)
        and effect.source == n.Self()
        and words == ["it"]
        and isinstance(effect.amount, n.CountersOn | n.PowerOf | n.NumberOf)
    )


def _to_its_controller(effect: Any) -> bool:
    """Damage to the controller of what "that creature" / "it" names (helper W5)."""
    to = getattr(effect, "to", None)
    return (
        isinstance(effect, n.DealDamage)
        and isinstance(to, n.ControllerOf)
        and isinstance(to.of, n.It)
    )


def _copies_only(effect: n.InsteadIf) -> bool:
    """Both versions of an "instead" are one copy of a spell each."""
    parts = (effect.effects, effect.otherwise)
    return all(len(p) == 1 and isinstance(p[0], n.CopySpell) for p in parts)


def _source_ability(trigger: n.Trigger | None, activated: bool) -> bool:
    """An activated ability, or one triggered by its own object alone ("When ~ enters"):
    where a plain "it" can only be that object (mtg:201.5)."""
    if trigger is None:
        return activated
    text = trigger.text
    others = len(_ARTICLE.findall(_NOT_AN_OBJECT.sub("", text)))
    return trigger.word != "at" and bool(_ABOUT_SELF.match(text)) and others == 0


def _refuse(
    ctx: TextContext,
    body: tuple[int, int],
    why: str = "what “it” is (an object named elsewhere) is not read",
) -> n.UnsupportedEffect:
    ctx.add(body[0], body[1], why)
    return n.UnsupportedEffect("it", body)


def _that_much(effect: Any) -> bool:
    if isinstance(effect, n.DealDamage | n.GainLife | n.LoseLife):
        return isinstance(effect.amount, n.TriggerAmount)
    # "put that many +1/+1 counters on ..." (helper Q4)
    counted = n.Mill | n.Draw | n.PutCounters
    return isinstance(effect, counted) and isinstance(effect.count, n.TriggerAmount)


def _it_words(effect: Any) -> list[str]:
    """The words of the "it" references of a damage or fight sentence, in order."""
    refs: list[Any] = []
    if isinstance(effect, n.DealDamage):
        refs = [effect.source, effect.to]
        if isinstance(effect.amount, (n.PowerOf, n.NumberOf)):
            refs.append(effect.amount.of)
        elif isinstance(effect.amount, n.CountersOn):
            refs.append(effect.amount.on)
    elif isinstance(effect, n.Fight):
        refs = [effect.first, effect.second]
    elif isinstance(effect, n.GainControl) and effect.who is not None:
        # "target opponent gains control of it"
        refs = [effect.what]
    elif isinstance(effect, n.SacrificeIt | n.Connive | n.Suspect):
        # "sacrifice it"; "When ~ enters, it connives", "Suspect it" (helper W7)
        refs = [effect.what]
    words = [r.word for r in refs if isinstance(r, n.It)]
    return list(dict.fromkeys(words))


def _nested_power_of_it(effect: Any) -> bool:
    """A damage sentence with "its power" of an "it" inside a node this pass does not
    settle ("If you do, it deals damage equal to its power ...")."""
    if isinstance(effect, n.DealDamage):
        amount = effect.amount
        return isinstance(amount, (n.PowerOf, n.NumberOf)) and isinstance(amount.of, n.It)
    if isinstance(effect, n.GrantAbility):
        return False  # a quoted ability is settled on its own, as it is read (helper T3)
    inner = getattr(effect, "effects", None)
    return isinstance(inner, tuple) and any(_nested_power_of_it(e) for e in inner)


def _on_first_target_only(effect: Any) -> bool:
    """An effect whose only object is the first target ("Target creature you control
    gets +1/+0 until end of turn"): what a later "it" names (the kernel's ``It``)."""
    # "you may ...", "... if it's night": the optional or conditional part's object
    if isinstance(effect, n.May | n.IfCondition) and len(effect.effects) == 1:
        return _on_first_target_only(effect.effects[0])
    fields = getattr(effect, "__slots__", ())
    refs = [getattr(effect, f) for f in fields]
    slots = [r for r in refs if isinstance(r, n.TargetSlot)]
    return slots == [n.TargetSlot(0)] and not any(isinstance(r, n.It) for r in refs)


def _on_self_only(effect: Any) -> bool:
    """An effect whose only object is the source and that names no target ("Put a +1/+1
    counter on ~"): a later "it" of the same ability can only be that object again, the
    one the text is printed on (mtg:201.5, mtg:608.2c)."""
    if isinstance(effect, n.May) and len(effect.effects) == 1:
        # "you may put a charge counter on ~. If you do, ..."
        return _on_self_only(effect.effects[0])
    if isinstance(effect, n.PutCounters):
        return effect.what == n.Self() and not isinstance(effect.count, n.It)
    return False


def _replace_it(effect: Any, by: Any) -> Any:
    def swap(ref: Any) -> Any:
        return by if isinstance(ref, n.It) else ref

    if isinstance(effect, n.DealDamage):
        amount = effect.amount
        if isinstance(amount, n.PowerOf):
            amount = n.PowerOf(swap(amount.of))
        elif isinstance(amount, n.NumberOf):
            amount = n.NumberOf(amount.prop, swap(amount.of))
        elif isinstance(amount, n.CountersOn):
            amount = n.CountersOn(amount.kind, swap(amount.on))
        return n.DealDamage(amount, swap(effect.to), swap(effect.source), effect.divided)
    if isinstance(effect, n.GainControl | n.SacrificeIt | n.Connive | n.Suspect):
        return replace(effect, what=swap(effect.what))
    assert isinstance(effect, n.Fight)
    return n.Fight(swap(effect.first), swap(effect.second))
