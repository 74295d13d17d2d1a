"""Grand Archive attacks: declaring them, their targets, and redirecting them.

- Who attacks (ga:combat-phase-attacking-and-the-combat-phase/general-rules-1): an
  ally or champion object its player controls, awake
  (ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1), with power above 0
  (general-rules-1.3; a champion attacking through a wielded weapon or an attack card
  is not modelled). Declaring rests it as a cost (declaring-an-attack-2.1.1.1).
- What it attacks (general-rules-1, 1.9): a unit on the field that an opponent
  controls; never a player, never one's own objects. Attack targets are unique
  (ga:objects-and-targeting/target-1.1); more than one needs Multistrike N
  (ga:keywords-and-abilities/multistrike-n, attack-declaration general-rules-1.2).
  Stealth keeps a unit out unless the attacker has True Sight (stealth-1,
  true-sight-1.1). An awake Taunt unit of the defending player must be targeted over
  their other objects if it can be (taunt-2, declaring-an-attack-2.5.1.2); an
  Unblockable attacker ignores taunt (unblockable-1).
- While it lasts the attacker is attacking and its targets are defending
  (general-rules-4), so "attacking ally" and "defending unit" match them.
- Redirect (ga:objects-and-targeting/redirect-1..3): an attack target may be changed
  to another legal attack target that the attack does not already target, never to a
  unit already defending in this combat. Intercept (keywords-and-abilities/
  intercept-1) is the redirect of an attack on its controller's champion to the
  awake ally with intercept; the trigger's trip through the Effects Stack is not
  modelled, only what its resolution does.

The retaliation and damage steps are not modelled yet (the ruleset's base raises
NotSupportedError naming them).
"""

from __future__ import annotations

from tcgrules.errors import NotSupportedError
from tcgrules.games.grand_archive.keywords import has, keyword_number, stealth_reasons, taunts
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.game import AttackState, Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.rules import rule
from tcgrules.verdict import Reason


def _is_unit(game: Game, ref: ObjectRef) -> bool:
    """An ally or champion on the field (ga:objects-and-targeting/objects-2)."""
    spec = game.ruleset.zone_spec(game.get(ref).zone.name)
    types = game.characteristics(ref).types
    return spec.objects_are_permanents and bool({"ally", "champion"} & types)


def attacker_reasons(game: Game, attacker: ObjectRef, by: str) -> list[Reason]:
    """Whether ``attacker`` may declare an attack for ``by``."""
    obj = game.get(attacker)
    chars = game.characteristics(attacker)
    name = obj.label
    on_field = game.ruleset.zone_spec(obj.zone.name).objects_are_permanents
    if on_field and "weapon" in chars.types:
        raise NotSupportedError(
            "a Grand Archive champion attacking through a wielded weapon",
            "name the champion or ally that attacks",
        )
    if not on_field and "attack" in chars.types:
        raise NotSupportedError("Grand Archive attack cards", "name the unit that attacks")
    if not _is_unit(game, attacker):
        return [
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
                f"{name} is not an ally or champion object on the field, so it can't attack",
            )
        ]
    reasons: list[Reason] = []
    controller = game.controller(attacker)
    if controller != by:
        reasons.append(
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
                f"{name} is controlled by {controller}, not by {by}",
            )
        )
    if obj.tapped:
        reasons.append(
            Reason(
                rule("ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1"),
                f"{name} is rested; only awake units can attack",
            )
        )
    power = chars.value("power")
    if not isinstance(power, int) or power <= 0:
        reasons.append(
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1.3"),
                f"{name} has no power above 0 (its power is {power}), so it can't declare "
                "an attack",
            )
        )
    if not reasons:
        reasons.append(
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
                f"{name} is an awake unit of {by} with power",
                True,
            )
        )
    return reasons


def attack_target_reasons(game: Game, attacker: ObjectRef, by: str, target: Entity) -> list[Reason]:
    """Whether ``target`` may be an attack target of ``attacker`` for ``by``: a unit an
    opponent controls (general-rules-1, 1.9), not kept out by Stealth (stealth-1)."""
    name = game.describe(target)
    if isinstance(target, PlayerRef):
        return [
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
                f"{name} is a player; an attack targets a unit or object, such as their champion",
            )
        ]
    if not game.is_current(target):
        return [
            Reason(
                game.ruleset.cite(Concept.NEW_OBJECT),
                f"{name} has become a new object since it was named",
            )
        ]
    chars = game.characteristics(target)
    if not _is_unit(game, target):
        if (
            "domain" in chars.types
            and game.ruleset.zone_spec(game.get(target).zone.name).objects_are_permanents
        ):
            raise NotSupportedError("attacking a Grand Archive domain (siegeable domains)")
        return [
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
                f"{name} is not a unit on the field, so it is not attackable",
            )
        ]
    controller = game.controller(target)
    if controller == by:
        return [
            Reason(
                rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-9"),
                f"{name} is controlled by {by}; players can't attack their own objects",
            )
        ]
    reasons = [
        Reason(
            rule("ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
            f"{name} is a unit controlled by an opponent, {controller}",
            True,
        )
    ]
    reasons.extend(stealth_reasons(game, attacker, target))
    return reasons


def _legal_target(game: Game, attacker: ObjectRef, by: str, target: Entity) -> bool:
    try:
        return all(r.passed for r in attack_target_reasons(game, attacker, by, target))
    except NotSupportedError:
        return False


def attack_reasons(
    game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
) -> list[Reason]:
    """The declaration as a whole: the attacker (:func:`attacker_reasons`), how many
    targets Multistrike allows, and Taunt."""
    reasons = attacker_reasons(game, attacker, by)
    chars = game.characteristics(attacker)
    name = game.describe(attacker)
    extra = len(targets) - 1
    if extra > 0:
        allowed = keyword_number(chars, "multistrike")
        multistrike = rule("ga:keywords-and-abilities/multistrike-n")
        if extra > allowed:
            reasons.append(
                Reason(
                    multistrike,
                    f"{name} attacks {len(targets)} targets, but only multistrike lets an "
                    f"attack have additional targets and it has multistrike {allowed}",
                )
            )
        else:
            reasons.append(
                Reason(multistrike, f"{name} has multistrike {allowed}: {extra} more", True)
            )
    reasons.extend(_taunt_reasons(game, attacker, by, targets))
    return reasons


def _taunt_reasons(
    game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
) -> list[Reason]:
    """Taunt (ga:keywords-and-abilities/taunt-2): a target that is not an awake taunt
    unit is refused while its controller has an awake taunt unit this attacker could
    target that the declaration leaves out. Unblockable attacks ignore it (unblockable-1)."""
    chosen = [t for t in targets if isinstance(t, ObjectRef) and game.is_current(t)]
    others = [t for t in chosen if _is_unit(game, t) and not taunts(game, t)]
    if not others:
        return []
    name = game.describe(attacker)
    if has(game.characteristics(attacker), "unblockable"):
        return [
            Reason(
                rule("ga:keywords-and-abilities/unblockable-1"),
                f"{name} is unblockable: its attacks ignore taunt",
                passed=True,
            )
        ]
    reasons: list[Reason] = []
    for target in others:
        owner = game.controller(target)
        left_out = [
            e.ref
            for e in game.objects()
            if e.ref not in chosen
            and game.controller(e.ref) == owner
            and _is_unit(game, e.ref)
            and taunts(game, e.ref)
            and _legal_target(game, attacker, by, e.ref)
        ]
        if left_out:
            names = ", ".join(game.describe(r) for r in left_out)
            reasons.append(
                Reason(
                    rule("ga:keywords-and-abilities/taunt-2"),
                    f"{owner} has an awake unit with taunt ({names}) that must be attacked "
                    f"before {game.describe(target)}",
                )
            )
    return reasons


def attack_declared(game: Game, state: AttackState) -> None:
    """The attacking unit rests as the cost of the declaration
    (ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1.1)."""
    game.set_tapped(
        state.attacker,
        True,
        rule_applied=rule("ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1.1"),
    )


def redirect_attack_reasons(
    game: Game,
    state: AttackState | None,
    by: str,
    old: Entity,
    new: Entity,
    *,
    keyword: str | None,
) -> list[Reason]:
    """Whether the attack target ``old`` may become ``new`` (ga:objects-and-targeting/
    redirect-1, redirect-2, redirect-3; with ``keyword`` ``intercept``, intercept-1)."""
    old_name, new_name = game.describe(old), game.describe(new)
    if state is None:
        return [
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                "there is no attack whose target could change",
            )
        ]
    if old not in state.targets:
        return [
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"{old_name} is not a target of the attack",
            )
        ]
    reasons: list[Reason] = []
    if keyword == "intercept":
        reasons.extend(_intercept_reasons(game, state, by, old, new))
    elif keyword is not None:
        raise NotSupportedError(f"redirecting an attack with {keyword} in Grand Archive")
    if new in state.targets:
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-2"),
                f"{new_name} is already a target of this attack; a redirect needs a unique target",
            )
        )
    if isinstance(new, ObjectRef) and new.id in state.defending:
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-3"),
                f"{new_name} is already defending in this combat; no other attack target "
                "can be redirected to it",
            )
        )
    legal = attack_target_reasons(game, state.attacker, state.controller, new)
    reasons.extend(legal)
    if all(r.passed for r in legal):
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"{new_name} is a legal attack target of the attack",
                True,
            )
        )
    return reasons


def _intercept_reasons(
    game: Game, state: AttackState, by: str, old: Entity, new: Entity
) -> list[Reason]:
    """Intercept (ga:keywords-and-abilities/intercept-1): the attack on ``by``'s champion
    goes to the awake ally with intercept; never an unblockable attack (unblockable-1);
    never to an ally already defending (intercept-1.2)."""
    new_name = game.describe(new)
    reasons: list[Reason] = []
    if not isinstance(new, ObjectRef) or not game.is_current(new):
        return [
            Reason(
                rule("ga:keywords-and-abilities/intercept-1"),
                f"{new_name} is not an ally on the field",
            )
        ]
    chars = game.characteristics(new)
    if not has(chars, "intercept"):
        reasons.append(
            Reason(rule("ga:keywords-and-abilities/intercept-1"), f"{new_name} has no intercept")
        )
    if "ally" not in chars.types or game.controller(new) != by:
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/intercept-1"),
                f"{new_name} is not an ally {by} controls",
            )
        )
    if game.get(new).tapped:
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/intercept-1"), f"{new_name} is rested, not awake"
            )
        )
    champion = (
        isinstance(old, ObjectRef)
        and game.is_current(old)
        and "champion" in game.characteristics(old).types
        and game.controller(old) == by
    )
    if not champion:
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/intercept-1"),
                f"{game.describe(old)} is not {by}'s champion; intercept redirects only "
                "attacks on it",
            )
        )
    if new.id in state.defending:
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/intercept-1.2"),
                f"{new_name} is already defending in this combat",
            )
        )
    if has(game.characteristics(state.attacker), "unblockable"):
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/unblockable-1"),
                f"{game.describe(state.attacker)} is unblockable: its attacks can't be intercepted",
            )
        )
    legal = _legal_target(game, state.attacker, state.controller, new)
    reasons.append(
        Reason(
            rule("ga:keywords-and-abilities/intercept-1.1"),
            f"{new_name} is {'' if legal else 'not '}a valid target for the attack",
            legal,
        )
    )
    if not [r for r in reasons if not r.passed]:
        reasons.append(
            Reason(
                rule("ga:keywords-and-abilities/intercept-1"),
                f"{new_name} has intercept and is awake",
                True,
            )
        )
    return reasons


__all__ = [
    "attack_declared",
    "attack_reasons",
    "attack_target_reasons",
    "attacker_reasons",
    "redirect_attack_reasons",
]
