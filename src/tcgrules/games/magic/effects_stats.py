"""Magic's handlers of the characteristics and combat restrictions family (helper M4).

Each change is a continuous effect on the objects the resolving spell or ability
names, fixed as it begins (mtg:611.2c), lasting as long as the text says (mtg:611.2a):
switching power and toughness (layer 7d, mtg:613.4d), setting base power and
toughness (layer 7b, mtg:613.4b), losing all abilities (layer 6, mtg:613.1f), becoming
another type and color (layers 4 and 5, mtg:613.1d-e, mtg:205.1a-b, mtg:105.3).

Combat restrictions and requirements ("can't block this turn", "attacks this turn if
able", mtg:508.1c-d, mtg:509.1b-c) are carried by the creature as an ability-like
entry for their duration, so its properties and explanations show them. tcgrules does
not declare Magic attackers or blockers yet (the kernel's ``attack``/``defend`` raise
``NotSupportedError`` for Magic), so no declaration consults them yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Becomes,
    ChooseTarget,
    CombatRestriction,
    DoublePower,
    Duration,
    GainProtectionChoice,
    LoseAllAbilities,
    Self,
    SetBasePT,
    StatDuration,
    SwitchPowerToughness,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.text_lexer import COLORS, subtypes
from tcgrules.kernel import descriptors as d
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def lasting(run: Resolution, duration: StatDuration) -> tuple[k.Duration, str | None, str]:
    """The kernel duration of a text's duration, the player whose next turn ends it, and
    words for it: "until end of turn" ends in the cleanup step (mtg:514.2); "until your
    next turn" when the next turn of the resolving object's controller begins; no
    duration, the rest of the game (mtg:611.2a)."""
    if duration == "end_of_turn":
        return "end_of_turn", None, " until end of turn"
    if duration == "your_next_turn":
        return "until_next_turn", run.controller, f" until {run.controller}'s next turn"
    if duration == "end_of_combat":
        # "this combat": until the combat phase ends (mtg:511.2)
        return "end_of_combat", None, " this combat"
    return None, None, ""


def _add(
    run: Resolution,
    t: ObjectRef,
    op: k.Op,
    duration: Duration,
    number: str,
    *,
    describe: str = "",
) -> None:
    until, holder, words = lasting(run, duration)
    run.game.add_effect(
        t,
        op,
        until=until,
        holder=holder,
        source=run.obj.ref,
        rule_applied=rule(number),
        describe=describe + words if describe else "",
    )


def _switch(run: Resolution, effect: SwitchPowerToughness) -> None:
    """Power and toughness change places, after every other change to them (layer 7d,
    mtg:613.4d)."""
    for t, _ in run.objects(effect.what):
        _add(
            run,
            t,
            k.SwitchPT(),
            effect.duration,
            "mtg:613.4d",
            describe="power and toughness switch",
        )


def _set_base(run: Resolution, effect: SetBasePT) -> None:
    """Base power and toughness become the numbers given (layer 7b, mtg:613.4b); what
    modifies them (layer 7c) still applies on top."""
    power, toughness = run.amount(effect.power), run.amount(effect.toughness)
    for t, _ in run.objects(effect.what):
        _add(
            run,
            t,
            k.SetBase("power", power),
            effect.duration,
            "mtg:613.4b",
            describe=f"has base power and toughness {power}/{toughness}",
        )
        _add(run, t, k.SetBase("toughness", toughness), effect.duration, "mtg:613.4b")


def _double(run: Resolution, effect: DoublePower) -> None:
    """Double power (and/or toughness): the creature gets +X where X is the value as the
    effect happens (mtg:701.9b), read once (mtg:608.2h); a value below 0 gets as much
    lower again (mtg:701.9c). It adds to the value, never sets it (layer 7c,
    mtg:701.9a, mtg:613.4c)."""
    props = [p for p, on in (("power", effect.power), ("toughness", effect.toughness)) if on]
    for t, _ in run.objects(effect.what):
        chars = run.game.characteristics(t)
        for prop in props:
            value = getattr(chars, prop)
            if not isinstance(value, int):
                continue  # no such value to double (not a creature)
            number = "mtg:701.9c" if value < 0 else "mtg:701.9b"
            _add(
                run,
                t,
                k.Modify(prop, value),
                effect.duration,
                number,
                describe=f"doubles its {prop} ({value} to {2 * value}): gets {value:+d}",
            )


def _lose_all(run: Resolution, effect: LoseAllAbilities) -> None:
    """The object loses every ability it has, printed or gained earlier (layer 6 in
    timestamp order, mtg:613.1f); abilities gained later are kept."""
    for t, _ in run.objects(effect.what):
        _add(
            run,
            t,
            k.RemoveAbilities(None),
            effect.duration,
            "mtg:613.1f",
            describe="loses all abilities",
        )


#: the card types a subtype of each kind belongs to (mtg:205.3); "spell" types are the
#: subtypes of instants and sorceries
_KIND_TYPES: Mapping[str, frozenset[str]] = MappingProxyType(
    {"spell": frozenset({"instant", "sorcery"})}
)


def _types_of(kind: str) -> frozenset[str]:
    return _KIND_TYPES.get(kind, frozenset({kind}))


#: the basic land types (mtg:305.6)
BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def _loses_rules_text(run: Resolution, t: ObjectRef, duration: Duration) -> None:
    """A land whose land types are set to basic land types loses the abilities its rules
    text gives it (helper W6, mtg:305.7); abilities other effects granted stay. Its new
    types' mana abilities are intrinsic to them (mtg:305.6), as for any land of that
    type. A land under a copy effect would lose that too (mtg:305.7), which is not
    modelled: refused."""
    game = run.game
    if any(isinstance(e.op, k.CopyOf) for e in game.effects_on(t)):
        raise NotSupportedError(
            f"{game.describe(t)}: a land under a copy effect setting its basic land type "
            "(mtg:305.7)"
        )
    printed = game.copiable_characteristics(t).abilities
    if printed:
        _add(
            run,
            t,
            k.RemoveAbilities(tuple(printed)),
            duration,
            "mtg:305.7",
            describe="loses the abilities of its rules text",
        )


def _becomes(run: Resolution, effect: Becomes) -> None:
    """The object becomes what the text says. New card types replace its card types,
    except instant and sorcery, and its subtypes that no new type has go with them
    (mtg:205.1a); new subtypes replace its subtypes of the same kind (mtg:205.1a);
    "that's still a ...", "in addition to its other types" and "artifact creature" keep
    everything it had (mtg:205.1b). New colors replace its colors (mtg:105.3). A size
    sets its base power and toughness (mtg:613.4b). The subtypes replaced are those it
    has as the effect begins."""
    kinds = subtypes()
    game = run.game
    for t, _ in run.objects(effect.what):
        chars = game.characteristics(t)
        words: list[str] = []
        if effect.types:
            new = frozenset(effect.types)
            if effect.keeps_types:
                _add(run, t, k.ChangeSet("types", "add", new), effect.duration, "mtg:205.1b")
            else:
                kept = chars.types & {"instant", "sorcery"}
                _add(run, t, k.ChangeSet("types", "set", new | kept), effect.duration, "mtg:205.1a")
                gone = frozenset(
                    s for s in chars.subtypes if not (_types_of(kinds.get(s, "")) & (new | kept))
                )
                if gone:
                    _add(
                        run,
                        t,
                        k.ChangeSet("subtypes", "remove", gone),
                        effect.duration,
                        "mtg:205.1a",
                    )
            words.append(" ".join(effect.types))
        if effect.subtypes:
            new_subtypes = frozenset(effect.subtypes)
            if (
                not effect.keeps_types
                and "land" in chars.types
                and new_subtypes <= BASIC_LAND_TYPES
            ):
                _loses_rules_text(run, t, effect.duration)
            if not effect.keeps_types:
                replaced = {kinds.get(s, "creature") for s in new_subtypes}
                gone = frozenset(s for s in chars.subtypes if kinds.get(s, "") in replaced)
                if gone:
                    _add(
                        run,
                        t,
                        k.ChangeSet("subtypes", "remove", gone),
                        effect.duration,
                        "mtg:205.1a",
                    )
            _add(
                run,
                t,
                k.ChangeSet("subtypes", "add", new_subtypes),
                effect.duration,
                "mtg:205.1b" if effect.keeps_types else "mtg:205.1a",
            )
            words.insert(0, " ".join(s.capitalize() for s in effect.subtypes))
        if effect.colors:
            _add(
                run,
                t,
                k.ChangeSet(
                    "colors", "add" if effect.keeps_colors else "set", frozenset(effect.colors)
                ),
                effect.duration,
                "mtg:105.3",
            )
            words.insert(0, " and ".join(effect.colors))
        if effect.power is not None and effect.toughness is not None:
            power, toughness = run.amount(effect.power), run.amount(effect.toughness)
            _add(run, t, k.SetBase("power", power), effect.duration, "mtg:613.4b")
            _add(run, t, k.SetBase("toughness", toughness), effect.duration, "mtg:613.4b")
            words.insert(0, f"{power}/{toughness}")
        _, _, lasts = lasting(run, effect.duration)
        still = " (keeping its other types)" if effect.keeps_types else ""
        game.log(
            Event(
                "effect",
                f"{game.describe(t)}: becomes {' '.join(words)}{still}{lasts}",
                rule("mtg:613.1d" if effect.types or effect.subtypes else "mtg:613.1e"),
                t,
            )
        )


def _protection_choice(run: Resolution, effect: GainProtectionChoice) -> None:
    """The controller chooses a color as the effect happens (mtg:608.2d; the scenario's
    ``choose: {color: ...}``); each object gains protection from it (mtg:613.1f,
    mtg:702.16a). No color, or a word that is not one of the five colors (mtg:105.1),
    refuses the resolution."""
    game = run.game
    color = (run.choices.color or "").strip().lower()
    if color not in COLORS:  # the five colors (mtg:105.1)
        given = f"{run.choices.color!r} is not a color" if run.choices.color else "none given"
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:608.2d"),
                f"{run.obj.label} has its controller choose a color as it resolves "
                f"(choose: {{color: ...}}): {given}",
            ),
            "resolve",
        )
    game.log(Event("chosen", f"{run.controller} chooses {color}", rule("mtg:608.2d"), run.obj.ref))
    keyword = Keyword("protection", color)
    for t, _ in run.objects(effect.what):
        _add(
            run,
            t,
            k.GrantAbilities((keyword,)),
            effect.duration,
            "mtg:613.1f",
            describe=f"gains {keyword.text}",
        )


def _choose(run: Resolution, effect: ChooseTarget) -> None:
    """ "Choose target creature" does nothing by itself: the target was chosen as the
    spell or ability went on the stack (mtg:115.1); later text says what happens to it
    (mtg:608.2c)."""
    game = run.game
    for t, _ in run.entities(effect.what):
        game.log(
            Event(
                "chosen",
                f"{game.describe(t)} is the chosen target of {run.obj.label}; "
                "the rest of the text says what happens to it",
                rule("mtg:115.1"),
                t if isinstance(t, ObjectRef) else None,
            )
        )


#: how each restriction or requirement reads; ``{attacker}`` the creature it must block,
#: ``{when}`` its duration
_COMBAT_TEXT: Mapping[str, str] = MappingProxyType(
    {
        "cant_block": "can't block{when}",
        "cant_attack": "can't attack{when}",
        "cant_attack_or_block": "can't attack or block{when}",
        "cant_be_blocked": "can't be blocked{when}",
        "cant_be_blocked_except": "can't be blocked{when} except by {blockers}",
        "attacks_if_able": "attacks{attacker}{when} if able",
        "attacks_player_if_able": "attacks a player each combat{when} if able",
        "blocks_if_able": "blocks{attacker}{when} if able",
        "must_be_blocked": "all creatures able to block it{when} do so",
    }
)


_COMBAT_RULE: Mapping[str, str] = MappingProxyType(
    {
        "cant_block": "mtg:509.1b",
        "cant_be_blocked": "mtg:509.1b",
        "cant_be_blocked_except": "mtg:509.1b",
        "cant_attack": "mtg:508.1c",
        "cant_attack_or_block": "mtg:508.1c",
        "attacks_if_able": "mtg:508.1d",
        "attacks_player_if_able": "mtg:508.1d",
        "blocks_if_able": "mtg:509.1c",
        "must_be_blocked": "mtg:509.1c",
    }
)


def _blockers(descriptor: d.Descriptor | None) -> str:
    """ "Spirit creatures": the creatures an exception to "can't be blocked" names."""
    parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
    subs = [p.name.capitalize() for p in parts if isinstance(p, d.HasSubtype)]
    return " ".join([*subs, "creatures"])


def _combat(run: Resolution, effect: CombatRestriction) -> None:
    """The creature carries the restriction or requirement for its duration (a
    restriction: mtg:508.1c, mtg:509.1b; a requirement: mtg:508.1d, mtg:509.1c). It
    shows among its abilities; Magic's declarations of attackers and blockers are not
    modelled yet, so nothing consults it."""
    game = run.game
    attacker = ""
    if effect.attacker is not None:
        found = run.entities(effect.attacker)
        if not found:
            # the creature it must block (or the player it must attack) is an illegal
            # target now: that part of the effect does nothing (mtg:608.2b), and no other
            # requirement replaces it
            named = "player to attack" if effect.kind == "attacks_if_able" else "creature to block"
            game.log(
                Event(
                    "no_effect",
                    f"the {named} is no longer a legal target: no requirement",
                    rule("mtg:608.2b"),
                )
            )
            return
        attacker = " " + game.describe(found[0][0])
    when = {
        "end_of_turn": " this turn",
        "your_next_turn": f" until {run.controller}'s next turn",
        "end_of_combat": " this combat",
    }
    text = _COMBAT_TEXT[effect.kind].format(
        attacker=attacker,
        when=when.get(effect.duration, ""),
        blockers=_blockers(effect.except_by),
    )
    carried = replace(effect, what=Self(), attacker=None, text=text)
    number = _COMBAT_RULE[effect.kind]
    for t, _ in run.objects(effect.what):
        until, holder, _words = lasting(run, effect.duration)
        game.add_effect(
            t,
            k.GrantAbilities((carried,)),
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule(number),
            describe=text,
        )


#: node type -> handler, merged into Magic's effect table
STATS_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        SwitchPowerToughness: _switch,
        SetBasePT: _set_base,
        LoseAllAbilities: _lose_all,
        Becomes: _becomes,
        ChooseTarget: _choose,
        GainProtectionChoice: _protection_choice,
        CombatRestriction: _combat,
        DoublePower: _double,
    }
)

__all__ = ["STATS_EFFECTS", "lasting"]
