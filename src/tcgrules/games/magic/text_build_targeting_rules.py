"""Builder rules for the rules about targeting itself (helper T7): "can't be the target"
groups (mtg:115.1, mtg:604.1), cost changes by what a spell or ability targets
(mtg:601.2f, mtg:602.2b) and a damage amount that depends on what the one target is
(mtg:608.2c). A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`.
"""

from __future__ import annotations

from typing import Any, Literal

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS, _plural_subtype, subtypes
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _types(c: list[Any]) -> list[str]:
    return [t.type for t in c if isinstance(t, Token)]


def _mana(c: list[Any]) -> str:
    return next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA_SYM")


def _words(c: list[Any]) -> list[str]:
    return [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]


class _Instead:
    """ "It deals N damage instead if that target is [such]": folded into the sentence
    before by :func:`fold_instead_if_target`."""

    __slots__ = ("amount", "condition")

    def __init__(self, amount: n.Amount, condition: d.Descriptor) -> None:
        self.amount = amount
        self.condition = condition


class TargetingRulesBuilder:
    """Rules of the grammar section "rules about targeting itself (helper T7)"."""

    def t7_group_subject(self, c: list[Any]) -> n.Each:
        """ "Creatures you control", "Lands on the battlefield and land cards in
        graveyards": every object of the group (or of either group)."""
        cut = next((i for i, x in enumerate(c) if isinstance(x, Token) and x.type == "AND"), len(c))
        groups = [c[:cut]] if cut == len(c) else [c[:cut], c[cut + 1 :]]
        found = [self.nominal(g).descriptor for g in groups]  # type: ignore[attr-defined]
        return n.Each(found[0] if len(found) == 1 else d.AnyOf(tuple(found)))

    def t7_two_types_subject(self, c: list[Any]) -> n.Each:
        """ "Creatures and enchantments you control": each permanent of either type that
        fits what follows (the group "creatures or enchantments you control")."""
        kinds = tuple(d.HasType(CARD_TYPE_WORDS[str(t).lower()]) for t in (c[0], c[2]))
        control: d.Descriptor = c[3].descriptor
        return n.Each(d.AllOf((d.AnyOf(kinds), control)))

    def t7_attached_pt_cant(self, c: list[Any]) -> tuple[n.AttachedGets, n.CantBeTargeted]:
        """ "Enchanted creature gets +0/+2 and can't be the target of spells": two static
        effects on the object it is attached to (mtg:604.1, mtg:115.1)."""
        power, toughness = self._pt(c[3])  # type: ignore[attr-defined]
        spells, abilities, opponents, *rest = c[-1]
        limit = n.CantBeTargeted(
            n.Attached(), spells, abilities, opponents, qualities=rest[0] if rest else ()
        )
        return n.AttachedGets(power, toughness), limit

    def t7_kind_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Aura spells you cast that target enchanted creature cost {3} less to cast":
        only the spells with that subtype (mtg:601.2f)."""
        kinds = _types(c)
        targets: n.Self | n.Attached = n.Self() if "TILDE" in kinds else n.Attached()
        return n.TargetingCostChange(
            _mana(c), "LESS" in kinds, "you", targets, spells=_subtype(c[0])
        )

    def t7_cost_per_kind_target(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Each instant and sorcery spell you cast costs {1} less to cast for each
        creature it targets": once for each target of that kind (mtg:601.2f)."""
        kinds = [str(t).lower() for t in c[1:4] if isinstance(t, Token) and t.type == "TYPE"]
        spells = d.AnyOf(tuple(d.HasType(k) for k in kinds))
        nominal = next(x for x in c if not isinstance(x, Token))
        return n.TargetingCostChange(
            _mana(c),
            "LESS" in _types(c),
            "you",
            nominal.descriptor,
            per_target=True,
            spells=spells,
        )

    def t7_abilities_of_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Activated abilities of Equipment you control that target ~ cost {1} less to
        activate": the abilities whose source is such, whoever activates them
        (mtg:602.2b, which follows mtg:601.2f)."""
        if _words(c) != ["activate"]:
            raise NotRead("abilities other than those activated")
        nominal = self.nominal([c[3], c[4]])  # type: ignore[attr-defined]
        casters: Literal["anyone"] = "anyone"
        return n.TargetingCostChange(
            _mana(c),
            "LESS" in _types(c),
            casters,
            n.Self(),
            activated=True,
            spells=nominal.descriptor,
        )

    def t7_own_ability_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "~'s equip ability costs {2} less to activate if it targets a colorless
        creature": its own equip ability only (mtg:702.6a, mtg:602.2b)."""
        if _words(c) != ["equip", "activate"] or c[0] != n.Self():
            raise NotRead("an ability other than its own equip ability")
        nominal = c[-1]
        return n.TargetingCostChange(
            _mana(c),
            "LESS" in _types(c),
            "anyone",
            nominal.descriptor,
            activated=True,
            spells=n.Self(),
            ability="equip",
        )

    def t7_equip_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Equip abilities you activate that target ~ cost {3} less to activate"
        (Fervent Champion; "... that target enchanted creature", Strong Back; without
        "that target ...": whatever they target, Bureau Headmaster): the equip abilities
        of any source its controller activates (mtg:702.6a, mtg:602.2b)."""
        if _words(c) != ["equip", "activate", "activate"]:
            raise NotRead("abilities other than equip abilities activated")
        kinds = _types(c)
        targets: n.Self | n.Attached | None = (
            n.Self() if "TILDE" in kinds else n.Attached() if "ENCHANTED" in kinds else None
        )
        return n.TargetingCostChange(
            _mana(c), "LESS" in kinds, "you", targets, activated=True, ability="equip"
        )

    def t7_cant_be_target_unless(self, c: list[Any]) -> n.CantBeTargeted:
        """ "~ can't be the target of spells unless it attacked or blocked this turn"
        (Lurker): the restriction holds only while it has done neither this turn
        (mtg:115.1, mtg:508.1, mtg:509.1)."""
        if str(c[-3]).lower() != "blocked":
            raise NotRead(f"'unless it attacked or {c[-3]} this turn'")
        spells, abilities, opponents, *rest = c[6]
        unless = d.AnyOf((d.Condition("attacked_this_turn"), d.Condition("blocked_this_turn")))
        return n.CantBeTargeted(
            c[0],
            spells,
            abilities,
            opponents,
            qualities=rest[0] if rest else (),
            unless=unless,
        )

    def t7_as_though_no_shroud(self, c: list[Any]) -> n.TargetableDespiteShroud:
        """ "Until end of turn, ~ can be the target of spells and abilities controlled by
        target player as though it didn't have shroud" (mtg:702.18a)."""
        if _words(c) != ["controlled"] or str(c[-1]).lower() != "shroud":
            raise NotRead("'as though it didn't have' another ability than shroud")
        if c[0] != "end_of_turn":
            raise NotRead("'as though it didn't have shroud' for another duration")
        return n.TargetableDespiteShroud(c[2], c[13])

    def t7_on_stack_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "As long as ~ is on the stack, spells that target it cost {2} more to cast"
        (Kaervek's Torch): anyone's spells that target it while it is a spell on the
        stack (mtg:113.6, mtg:601.2f)."""
        if _words(c) != ["long"]:
            raise NotRead("'as ... as' other than 'as long as'")
        return n.TargetingCostChange(
            _mana(c), "LESS" in _types(c), "anyone", n.Self(), on_stack=True
        )

    def t7_single(self, c: list[Any]) -> d.Descriptor:
        """ "a creature": an object of that card type (mtg:205.2a)."""
        return d.HasType(CARD_TYPE_WORDS[str(c[-1]).lower()])

    def t7_single_self(self, c: list[Any]) -> d.Descriptor:
        """ "~" as what a spell targets: the object the text is on (not another)."""
        return d.Not(d.Other())

    def t7_if_single_change(self, c: list[Any]) -> n.Conditional:
        """ "If target spell has only one target and that target is a creature, change that
        spell's target to another creature": if, as it resolves, the spell targets only
        one object and that is such (mtg:608.2c), its target is changed to another legal
        one that fits ``nominal`` (mtg:115.7a)."""
        if str(c[4]).lower() != "one":
            raise NotRead(f"'has only {c[4]} target'")
        spell = c[1]
        condition = d.AllOf((d.TargetCount("==", 1), d.Targets(c[10], only=True)))
        change = n.ChangeTargets(spell, "change_the_target", must_be=c[-1].descriptor)
        return n.Conditional(spell, condition, (change,))

    def t7_is_color(self, c: list[Any]) -> d.Descriptor:
        """ "white and/or blue": at least one of those colors (mtg:105.2)."""
        colors = [d.Color(str(t).lower()) for t in c if t.type == "COLOR"]
        return colors[0] if len(colors) == 1 else d.AnyOf(tuple(colors))

    def t7_is(self, c: list[Any]) -> d.Descriptor:
        descriptor: d.Descriptor = c[-1].descriptor
        return descriptor

    def t7_deals_instead_if(self, c: list[Any]) -> _Instead:
        """ "It deals 5 damage instead if that target is ...": "it" is the spell (checked
        where the sentence is folded into the one before)."""
        if not isinstance(c[0], n.It) or c[0] != n.It():
            raise NotRead("another source of the other amount of damage than 'it'")
        return _Instead(c[2], c[-1])

    def t7_deals_plus_instead_if(self, c: list[Any]) -> _Instead:
        """ "It deals X plus 1 damage instead if ...": both numbers added as the effect
        happens (mtg:107.3a)."""
        if not isinstance(c[0], n.It) or c[0] != n.It():
            raise NotRead("another source of the other amount of damage than 'it'")
        return _Instead(n.Sum((c[2], c[4])), c[-1])


def _subtype(token: Any) -> d.Descriptor:
    """ "Aura" (before "spells"): the subtype, as the word table knows it (mtg:205.3d)."""
    low = str(token).lower()
    return d.HasSubtype(_plural_subtype(low, subtypes()) or low)


def fold_instead_if_target(effects: list[Any], built: list[Any]) -> bool | None:
    """ "[~ deals N damage to any target.] It deals M damage instead if that target is
    [such]": the damage of the sentence before becomes an :class:`~tcgrules.cardtext.
    nodes.InsteadIfIs` on its one target (mtg:608.2c); None if ``built`` is not that
    sentence, False if there is no such damage just before."""
    if len(built) != 1 or not isinstance(built[0], _Instead):
        return None
    said = built[0]
    if not effects:
        return False
    before = effects[-1]
    if not (
        isinstance(before, n.DealDamage)
        and isinstance(before.to, DraftRef)
        and before.to.draft.max == 1
        and isinstance(before.source, n.Self)
        and not before.divided
        and type(before) is n.DealDamage
    ):
        return False
    instead = n.DealDamage(said.amount, before.to, before.source)
    effects[-1] = n.InsteadIfIs(before.to, said.condition, (instead,), (before,))
    return True
