"""Handlers of the granted abilities family (helper Y3): Role tokens created attached
to a target (mtg:111.10j-r, mtg:303.7).

A Role is a predefined colorless Aura Role enchantment token with "Enchant creature"
and what it gives the enchanted creature; its static abilities are the same nodes the
reader makes of "Enchanted creature gets +1/+1 and has trample" (applied while attached,
layers 6 and 7c: mtg:613.1f, mtg:613.4c). The abilities below are written in our own
words. A Role whose ability the kernel can't apply (Cursed's base power and toughness,
Virtuous's count of enchantments, Young Hero's intervening "if") is not created: the
effect raises ``NotSupportedError``. A player's older Role on the same permanent is put
into its owner's graveyard as a state-based action (mtg:303.7a, mtg:704.5y; see
:func:`extra_roles`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from tcgrules.cardtext.nodes import (
    AsLongAs,
    Attached,
    AttachedGets,
    AttachedHas,
    CreateRole,
    Each,
    GrantAbility,
    LoseLife,
    StaticAbility,
    Trigger,
    TriggeredAbility,
    UnsupportedEffect,
)
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.conditions import resolution_condition
from tcgrules.games.magic.effects_tokens import _label
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword
from tcgrules.kernel.describe import Context, compile_descriptor
from tcgrules.kernel.effects import GrantAbilities, Op
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import GameObject, ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

if TYPE_CHECKING:
    from tcgrules.kernel.ruleset import Ruleset

_PLUS_ONE = AttachedGets(1, 1)

#: the Roles the kernel can make: rule, and abilities besides "Enchant creature"
_ROLES: Mapping[str, tuple[str, tuple[AbilityLike, ...]]] = MappingProxyType(
    {
        "Monster": (
            "mtg:111.10k",
            (
                StaticAbility(
                    "the enchanted creature gets +1/+1 and has trample",
                    effects=(_PLUS_ONE, AttachedHas((("trample", None),))),
                ),
            ),
        ),
        "Royal": (
            "mtg:111.10m",
            (
                StaticAbility(
                    "the enchanted creature gets +1/+1 and has ward {1}",
                    effects=(_PLUS_ONE, AttachedHas((("ward", "{1}"),))),
                ),
            ),
        ),
        "Sorcerer": (
            "mtg:111.10n",
            (
                StaticAbility(
                    "the enchanted creature gets +1/+1 and has an attack trigger: scry 1",
                    effects=(
                        _PLUS_ONE,
                        GrantAbility(
                            Attached(),
                            (),
                            (UnsupportedEffect("scry 1"),),
                            Trigger("whenever", "attacks", None, "when it attacks"),
                            "when this creature attacks, scry 1",
                        ),
                    ),
                ),
            ),
        ),
        "Wicked": (
            "mtg:111.10q",
            (
                StaticAbility("the enchanted creature gets +1/+1", effects=(_PLUS_ONE,)),
                TriggeredAbility(
                    Trigger("when", "other", None, "when it goes to a graveyard from play"),
                    (),
                    (LoseLife(Each(d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))), 1),),
                    "when this Role goes from the battlefield to a graveyard, each opponent "
                    "loses 1 life",
                ),
            ),
        ),
    }
)

#: the Roles not made, and why
_NOT_MADE: Mapping[str, str] = MappingProxyType(
    {
        "Cursed": "a base power and toughness set by an attached Aura (mtg:111.10j)",
        "Virtuous": "a bonus counted from the enchantments you control (mtg:111.10p)",
        "Young Hero": "a granted trigger with an intervening 'if' (mtg:111.10r)",
    }
)


def role_characteristics(role: str) -> tuple[Characteristics, str]:
    """A Role token's characteristics (colorless Aura Role enchantment named ``role``
    with "Enchant creature", mtg:111.10j-r) and the rule defining it."""
    found = _ROLES.get(role)
    if found is None:
        why = _NOT_MADE.get(role, "a Role tcgrules has no definition of")
        raise NotSupportedError(f"creating a {role} Role token", why)
    cited, abilities = found
    chars = Characteristics(
        name=role,
        types=frozenset({"enchantment"}),
        subtypes=frozenset({"aura", "role"}),
        abilities=(Keyword("enchant", "creature"), *abilities),
    )
    return chars, cited


def _create_role(run: Resolution, effect: CreateRole) -> None:
    """The controller creates the Role token attached to the object (mtg:303.7): it
    enters the battlefield attached, without targeting it. A target gone by now gives
    no token (mtg:608.2b)."""
    game = run.game
    chars, cited = role_characteristics(effect.role)
    for host, _ in run.objects(effect.to):
        if not isinstance(host, ObjectRef) or not game.is_current(host):
            continue
        if "creature" not in game.characteristics(host).types:
            # a Role enchants a creature only: the token is not created (mtg:303.4i)
            game.log(
                Event(
                    "no_effect",
                    f"no {effect.role} Role is created: {game.describe(host)} is not a creature",
                    rule("mtg:303.4i"),
                    host,
                )
            )
            continue
        token = game.create(
            chars,
            run.controller,
            "battlefield",
            kind="token",
            alias=_label(game, f"{effect.role} Role"),
            controller=run.controller,
        )
        game.log(
            Event(
                "token_created",
                f"{run.controller} creates {game.describe(token)}, a {effect.role} Role token",
                rule(cited),
                token,
            )
        )
        game.attach(token, host, rule_applied=rule("mtg:303.4i"))


def extra_roles(game: Game) -> list[ObjectRef]:
    """Each Role on the battlefield attached to a permanent that has a newer Role of the
    same controller (mtg:303.7a, mtg:704.5y)."""
    newest: dict[tuple[object, str | None], tuple[int, ObjectRef]] = {}
    extra: list[ObjectRef] = []
    for obj in game.attached():
        if obj.zone.name != "battlefield" or obj.phased_out:
            continue
        if "role" not in game.characteristics(obj.ref).subtypes:
            continue
        key = (obj.attached_to, game.controller(obj.ref))
        found = newest.get(key)
        if found is None:
            newest[key] = (obj.timestamp, obj.ref)
        elif obj.timestamp > found[0]:
            extra.append(found[1])
            newest[key] = (obj.timestamp, obj.ref)
        else:
            extra.append(obj.ref)
    return extra


#: the handlers of this family, merged into Magic's effect table
GRANT_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({CreateRole: _create_role})


# ------------------------------------------------ static grants to a group (mtg:604.1)
def _group_grants(abilities: tuple[AbilityLike, ...]) -> list[tuple[str | None, GrantAbility]]:
    """The quoted abilities a static ability among ``abilities`` gives each object of a
    group ("All Slivers have "..."", mtg:604.1), each with the condition it applies
    under ("As long as you have no cards in hand, ...", mtg:611.3b), if any."""
    return [
        (condition, effect)
        for ability in abilities
        if isinstance(ability, StaticAbility)
        for condition, effect in _unwrapped(ability.effects)
        if isinstance(effect, GrantAbility) and isinstance(effect.what, Each)
    ]


def _unwrapped(effects: tuple[object, ...]) -> list[tuple[str | None, object]]:
    """Effects of a static ability, those of an "as long as" with its condition."""
    out: list[tuple[str | None, object]] = []
    for effect in effects:
        if isinstance(effect, AsLongAs):
            out.extend((effect.condition, inner) for inner in effect.effects)
        else:
            out.append((None, effect))
    return out


def reaches_board(chars: Characteristics) -> bool:
    """Whether these printed characteristics give a group a quoted ability."""
    return bool(_group_grants(chars.abilities))


#: the objects whose board ops are being worked out (a source among them is read from
#: its printed abilities, so two sources never wait on each other)
_WORKING: set[int] = set()


def group_grant_ops(
    game: Game,
    obj: GameObject,
    partial: Callable[[], tuple[Characteristics, str | None]],
    ruleset: type[Ruleset],
) -> list[tuple[tuple[int, ...], int, Op]]:
    """The quoted abilities the static abilities of permanents on the battlefield give
    ``obj`` now: a static ability applies at each moment to whatever its words describe
    (mtg:611.3a), in layer 6 (mtg:613.1f), in the source's timestamp order (mtg:613.7a).
    ``obj`` is checked with its characteristics without these abilities; a source that
    is itself being worked out counts with its printed abilities."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    if obj.zone.name != "battlefield" or obj.phased_out:
        return []
    _WORKING.add(obj.id)
    try:
        seen: Seen | None = None
        ops: list[tuple[tuple[int, ...], int, Op]] = []
        for source in list(game.printed_statics()):
            if source.zone.name != "battlefield" or source.phased_out:
                continue
            if not _group_grants(source.base.abilities):
                continue  # prints no group grant (an "as long as" of its own, say)
            if source.id in _WORKING:
                abilities = (partial()[0] if source.id == obj.id else source.base).abilities
                controller = source.controller or source.owner
            else:
                abilities = game.characteristics(source.ref).abilities
                controller = game.controller(source.ref) or source.owner
            for condition, grant in _group_grants(abilities):
                if condition is not None and not resolution_condition(
                    game, controller, condition, source.ref
                ):
                    continue  # "as long as ...": not now (mtg:611.3a)
                if seen is None:
                    chars, who = partial()
                    seen = Seen(obj, obj.ref, chars, who, game.ruleset.zone_spec(obj.zone.name))
                assert isinstance(grant.what, Each)
                test = compile_descriptor(grant.what.descriptor, ruleset)
                ctx = Context(game, controller, source.ref)
                if test.objects is not None and test.objects(ctx, seen):
                    ability = granted_ability(grant)
                    ops.append(((6,), source.timestamp, GrantAbilities((ability,))))
        return ops
    finally:
        _WORKING.discard(obj.id)


__all__ = [
    "GRANT_EFFECTS",
    "extra_roles",
    "group_grant_ops",
    "reaches_board",
    "role_characteristics",
]
