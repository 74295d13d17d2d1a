"""Builder methods for target conditions (helper T4): conditions on a target checked as
the spell or ability resolves, and target qualifiers compared with another object.

- "Counter target spell if it was kicked", "Destroy target creature if it has the least
  power or is tied for least power among creatures on the battlefield", "Counter target
  spell if you control more creatures than that spell's controller": a
  :class:`~tcgrules.cardtext.nodes.Conditional` on the target, whose condition
  (a :class:`~tcgrules.kernel.descriptors.Condition` key of
  :mod:`tcgrules.games.magic.target_conditions`) is checked on resolution and never
  limits the choice of targets (mtg:608.2b, mtg:608.2c);
- "If target creature has toughness 5 or greater, it gets +4/-4 until end of turn": the
  target's number compared as the effect would happen
  (:class:`~tcgrules.cardtext.nodes.IfCompared`);
- "target creature an opponent controls with greater power", "with power less than
  ~'s": the number compared with the object the text is
  on (:class:`~tcgrules.kernel.descriptors.CompareAmount`), as targets are chosen and
  again on resolution (mtg:601.2c, mtg:608.2b);
- "with an even mana value", "whose power and toughness aren't equal", "that isn't
  exactly two colors": qualities of the target alone.

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`, one method per alias
of the grammar's "target conditions (helper T4)" section. A tree it can't give a meaning
to raises ``NotRead``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_lexer import NUMBER_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: how a life condition is said, by comparison
_LIFE_SAID = {
    "==": "exactly {}",
    "<=": "{} or less",
    ">=": "{} or more",
    "<": "less than {}",
    ">": "more than {}",
}


#: the mana value of the spell a trigger event was about ("that spell's mana value")
_THAT_SPELLS_MANA_VALUE = n.NumberOf("mana_value", n.TriggerObject("that spell"))


def _words(c: list[Any]) -> list[str]:
    """The plain words (WORD tokens) of a rule, lower-case, in order."""
    return [str(x).lower() for x in c if isinstance(x, Token) and x.type == "WORD"]


def _expect(c: list[Any], *words: str) -> None:
    """The rule's plain words must be exactly ``words``: any other wording is not this
    shape."""
    found = _words(c)
    if found != list(words):
        raise NotRead(f"expected the words {' '.join(words)!r}, not {' '.join(found)!r}")


def _post(descriptor: d.Descriptor) -> Any:
    from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

    return _Post(descriptor)


def _on_target(inner: Any, condition: d.Descriptor) -> n.Conditional:
    """``inner`` done only if its one target fits ``condition`` as it resolves
    (mtg:608.2c); an effect that acts on no target phrase is not read (the condition's
    "it" would name something else)."""
    what: Any = getattr(inner, "what", None)
    if not isinstance(what, DraftRef):
        raise NotRead("a condition on 'it' after an effect on no target")
    return n.Conditional(inner.what, condition, (inner,))


def _self_number(prop: str, op: d.Comparison) -> d.Descriptor:
    """``prop`` compared with the same number of the object the text is on, worked out
    each time the description is checked (as it last existed, if it has left its zone;
    mtg:608.2h)."""
    return d.CompareAmount(prop, op, n.NumberOf(prop, n.Self()))


class TargetConditionsBuilder:
    """Conditions on a target checked on resolution; qualifiers relative to another
    object (helper T4)."""

    # ---- "[effect] if it ...", checked on resolution (mtg:608.2c)
    def t4_if_it_was(self, c: list[Any]) -> n.Conditional:
        """ "Counter target spell if it was kicked": a kicker cost was paid as it was
        cast (mtg:702.33d)."""
        _expect(c, "kicked")
        return _on_target(c[0], d.Condition("kicked"))

    def t4_if_attacked_or_blocked(self, c: list[Any]) -> n.Conditional:
        """ "Exile target creature if it attacked or blocked this turn" (mtg:508.1,
        mtg:509.1)."""
        if str(c[5]).lower() != "blocked":
            raise NotRead(f"“if it attacked or {c[5]} this turn”")
        either = d.AnyOf((d.Condition("attacked_this_turn"), d.Condition("blocked_this_turn")))
        return _on_target(c[0], either)

    def t4_may_if_attacked_or_blocked(self, c: list[Any]) -> n.May:
        """ "You may exile target creature if it attacked or blocked this turn": the
        choice is offered for the conditional effect (mtg:608.2d)."""
        return n.May((self.t4_if_attacked_or_blocked(c[2:]),))

    def t4_if_shares_color(self, c: list[Any]) -> n.Conditional:
        """ "Counter target spell if it shares a color with a creature you control"
        (mtg:105.2)."""
        _expect(c, "shares", "color")
        wanted = d.AllOf((d.HasType("creature"), d.Controller("you")))
        if getattr(c[-1], "descriptor", None) != wanted:
            raise NotRead("sharing a color with something other than a creature you control")
        return _on_target(c[0], d.Condition("shares_a_color_with_your:creature"))

    def t4_if_most_common_color(self, c: list[Any]) -> n.Conditional:
        """ "... if it shares a color with the most common color among all permanents or
        a color tied for most common" (mtg:105.2)."""
        _expect(c, "shares", "color", "most", "common", "color", "color", "tied", "most", "common")
        return _on_target(c[0], d.Condition("shares_most_common_color"))

    def t4_if_you_control_more(self, c: list[Any]) -> n.Conditional:
        """ "Counter target spell if you control more creatures than that spell's
        controller"."""
        if str(c[5]).lower() not in {"creature", "creatures"} or str(c[8]).lower() != "spell":
            raise NotRead("a count of something other than creatures")
        return _on_target(c[0], d.Condition("you_control_more_than_its_controller:creature"))

    def t4_if_no_greater_power(self, c: list[Any]) -> n.Conditional:
        """ "Destroy target creature if no other creature has greater power"."""
        if str(c[4]).lower() not in {"creature", "creatures"}:
            raise NotRead("no other [not a creature] has greater power")
        return _on_target(c[0], d.Condition("greatest_power_among:creature"))

    def t4_if_least_power(self, c: list[Any]) -> n.Conditional:
        """ "... if it has the least power or is tied for least power among creatures on
        the battlefield"."""
        _expect(c, "least", "tied", "least")
        if str(c[-4]).lower() not in {"creature", "creatures"}:
            raise NotRead("least power among [not creatures]")
        return _on_target(c[0], d.Condition("least_power_among:creature"))

    def t4_if_controls_no_other(self, c: list[Any]) -> n.Conditional:
        """ "[effect] if that opponent controls no other creatures": "that opponent" is
        the one the target phrase names as its controller ("target creature an opponent
        controls")."""
        inner = c[0]
        what: Any = getattr(inner, "what", None)
        if not isinstance(what, DraftRef) or d.Controller("opponent") not in _parts(
            what.draft.descriptor
        ):
            raise NotRead("'that opponent' names no opponent of the target phrase")
        if str(c[-1]).lower() not in {"creature", "creatures"}:
            raise NotRead("no other [not creatures]")
        return _on_target(inner, d.Condition("controller_controls_no_other:creature"))

    def t4_if_same_name(self, c: list[Any]) -> n.Conditional:
        """ "Destroy target nonland permanent if another permanent with the same name is
        on the battlefield" (mtg:201.2)."""
        _expect(c, "same", "name")
        return _on_target(c[0], d.Condition("another_permanent_has_its_name"))

    def t4_if_target_has(self, c: list[Any]) -> n.IfCompared:
        """ "If target creature has toughness 5 or greater, it gets +4/-4 until end of
        turn": the target's number read as the effect would happen (mtg:608.2c,
        mtg:608.2h); "it" after it is that target."""
        target, prop, (op, value), inner = c[1], c[3], c[4], c[-1]
        if not isinstance(target, DraftRef) or target.draft.max != 1 or target.draft.min != 1:
            raise NotRead("'If target ... has' with other than one target")
        if not isinstance(value, int):
            raise NotRead("a condition on a number the text names elsewhere")
        what = getattr(inner, "what", None)
        if not isinstance(what, n.It | DraftRef) or (
            isinstance(what, DraftRef) and what is not target
        ):
            raise NotRead("an effect after 'if target ... has' on something else")
        return n.IfCompared(c[1], prop, op, value, (inner,))

    def t4_if_target_life(self, c: list[Any]) -> n.IfCondition:
        """ "If target player has 10 or less life, [effect]": that player's life total
        read as the effect would happen (mtg:608.2c, mtg:608.2h)."""
        op, value = c[3]
        return self._if_life(c, op, value)

    def t4_if_target_life_exactly(self, c: list[Any]) -> n.IfCondition:
        """ "If target player has exactly 10 life, [effect]"."""
        _expect(c, "exactly")
        return self._if_life(c, "==", c[4])

    def t4_damage_that_player(self, c: list[Any]) -> Any:
        """ "~ deals 10 damage to that player": to the target player the condition before
        names (filled in by :meth:`_if_life`)."""
        return ("damage to that player", c[2])

    def _if_life(self, c: list[Any], op: d.Comparison, value: object) -> n.IfCondition:
        target, (_, amount) = c[1], c[-1]
        if not isinstance(target, DraftRef) or target.draft.kinds != frozenset({"player"}):
            raise NotRead("'If target ... has N life' of something other than a player")
        if target.draft.max != 1 or target.draft.min != 1 or not isinstance(value, int):
            raise NotRead("a life condition on several targets or a number named elsewhere")
        said = _LIFE_SAID[op].format(value)
        condition = n.NumberCondition(n.LifeTotalOf(c[1]), op, value)
        damage = n.DealDamage(amount, c[1], n.Self())
        return n.IfCondition(condition, (damage,), f"target player has {said} life")

    def y1_if_its(self, c: list[Any]) -> Any:
        """ "Counter target spell if its mana value is X": X as announced for the spell
        or ability whose text this is (mtg:107.3, mtg:601.2b), compared as it resolves
        (mtg:608.2c); other comparisons are the conditions families'."""
        op, value = c[-1]
        inner: Any = c[0]
        if isinstance(value, str) and value == "X":
            if not isinstance(getattr(inner, "what", None), DraftRef):
                raise NotRead("'its' in a condition after an effect on no target")
            return n.IfCompared(inner.what, c[3], op, "X", (inner,))
        return super().y1_if_its(c)  # type: ignore[misc]

    # ---- target qualifiers compared with the object the text is on
    def t4_with_greater(self, c: list[Any]) -> d.Descriptor:
        """ "target creature an opponent controls with greater power": greater than the
        power of the object the text is on (mtg:601.2c, mtg:608.2b)."""
        return _self_number(c[1], ">")

    def t4_with_less_than_self(self, c: list[Any]) -> d.Descriptor:
        """ "target creature card with power less than ~'s": less than that number of
        the object the text is on."""
        return _self_number(str(c[0]).lower(), "<")

    # ---- target qualifiers compared with the object a trigger event was about
    def t4_that_spells_mana_value(self, c: list[Any]) -> Any:
        """ "that spell's mana value" as a number a target phrase compares to: the spell
        the trigger event was about ("Whenever you cast a spell", mtg:603.2)."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        return counted_operand("that spell's mana value", lambda: _THAT_SPELLS_MANA_VALUE)

    def t4_with_that_spells_mana_value(self, c: list[Any]) -> d.Descriptor:
        """ "target creature with that spell's mana value": equal to it."""
        return d.CompareAmount("mana_value", "==", _THAT_SPELLS_MANA_VALUE)

    def t4_with_lesser_toughness(self, c: list[Any]) -> d.Descriptor:
        """ "with lesser toughness": lesser than the object the ability's trigger names,
        settled by :func:`settle_lesser` (as "with lesser power" is)."""
        return d.CompareVariable("toughness", "<", "~'s toughness")

    # ---- qualities of the target alone
    def t4_has_activated_with_cost(self, c: list[Any]) -> Any:
        """ "that has an activated ability with {T} in its cost": an activated ability
        (mtg:602.1) whose cost includes that symbol (mtg:107.5)."""
        symbol = str(c[6])
        if symbol not in {"{T}", "{Q}"}:
            raise NotRead(f"an activated ability with {symbol} in its cost")
        return _post(d.Condition(f"activated_ability_with_cost:{symbol}"))

    def t4_with_parity(self, c: list[Any]) -> d.Descriptor:
        """ "with an even mana value" (zero is even), "with an odd mana value"."""
        word = _words(c)
        if word not in (["even"], ["odd"]):
            raise NotRead(f"“with an {' '.join(word)} mana value”")
        return d.Condition(f"{word[0]}:mana_value")

    def t4_whose_pt_unequal(self, c: list[Any]) -> Any:
        """ "whose power and toughness aren't equal" (mtg:208.1)."""
        _expect(c, "aren't")
        return _post(d.Condition("power_toughness_unequal"))

    def t4_isnt_exactly_colors(self, c: list[Any]) -> Any:
        """ "that isn't exactly two colors": not of exactly that many colors
        (mtg:105.2)."""
        _expect(c, "exactly", "colors")
        count = NUMBER_WORDS.get(str(c[3]).lower())
        if count is None:
            raise NotRead(f"“exactly {c[3]} colors”")
        return _post(d.Not(d.Condition(f"exactly_colors:{count}")))


#: what "with lesser power (toughness, mana value)" reads before it is settled
_LESSER = {"~'s power": "power", "~'s toughness": "toughness", "~'s mana value": "mana_value"}
#: a trigger about one object other than the source, or the source or one other object:
#: "Whenever another creature you control enters", "Whenever ~ or another Cleric you
#: control dies"
_ABOUT_ONE_OTHER = re.compile(r"^(when|whenever) (~ or )?another ", re.I)


def settle_lesser(requirements: tuple[Any, ...], trigger: n.Trigger | None) -> tuple[Any, ...]:
    """ "target creature with lesser power" in a triggered ability: lesser than the
    object its trigger names, compared as targets are chosen and again on resolution
    (mtg:601.2c, mtg:608.2b). "When ~ enters", "Whenever ~ attacks": the source itself;
    "Whenever ~ or another creature you control dies": the object the trigger event was
    about (mtg:603.2), as it last was on the battlefield where it left it (mtg:603.10a).
    Any other trigger ("Whenever you sacrifice a creature", "When ~ dies") leaves the
    comparison unsettled, refused when it is checked; so does "another target" beside a
    trigger's object, which means other than that object, not other than the source."""
    if trigger is None:
        return requirements
    of: Any
    if trigger.subject == n.Self() and trigger.event not in {"dies", "leaves"}:
        of = n.Self()
    elif trigger.event in {"dies", "enters"} and _ABOUT_ONE_OTHER.match(trigger.text):
        of = n.TriggerObject("it", looks_back=trigger.event == "dies")
    else:
        return requirements
    return tuple(
        replace(r, descriptor=_settle(r.descriptor, of))
        if isinstance(r, d.TargetRequirement)
        and (isinstance(of, n.Self) or d.Other() not in _parts(r.descriptor))
        else r
        for r in requirements
    )


def _settle(descriptor: d.Descriptor, of: Any) -> d.Descriptor:
    if isinstance(descriptor, d.CompareVariable) and _LESSER.get(descriptor.variable) == (
        descriptor.prop
    ):
        prop = descriptor.prop
        return d.CompareAmount(prop, descriptor.op, n.NumberOf(prop, of))
    if isinstance(descriptor, d.AllOf):
        return d.AllOf(tuple(_settle(p, of) for p in descriptor.parts))
    if isinstance(descriptor, d.AnyOf):
        return d.AnyOf(tuple(_settle(p, of) for p in descriptor.parts))
    return descriptor


def _parts(descriptor: d.Descriptor) -> list[d.Descriptor]:
    if isinstance(descriptor, d.AllOf):
        return [x for p in descriptor.parts for x in _parts(p)]
    return [descriptor]


__all__ = ["TargetConditionsBuilder", "settle_lesser"]
