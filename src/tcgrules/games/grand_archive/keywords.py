"""Grand Archive keyword abilities that limit targets and attack targets.

- Spellshroud (ga:keywords-and-abilities/spellshroud-1): spells can't target the
  object. A spell is a card, effect or source with the Spell subtype, and a trigger a
  Spell object makes is a Spell too (spellshroud-1.1), so a targeter whose card or
  source has the Spell subtype is refused.
- Omnishroud (ga:keywords-and-abilities/omnishroud-1): no activation (of a card or an
  ability, omnishroud-1.1), materialization or triggered ability can target the
  object - every targeter on the Effects Stack. It is the stricter of the two
  (omnishroud-3.1).
- Gained while already targeted, either makes the target illegal (spellshroud-2,
  omnishroud-2): the kernel re-checks targets on resolution with the same
  :func:`target_restrictions`, so nothing more is needed here.
- Stealth (ga:keywords-and-abilities/stealth-1): attacks can't target the unit unless
  True Sight permits it (true-sight-1.1 on the attacking unit, true-sight-1.3 on the
  attack).
- Taunt (ga:keywords-and-abilities/taunt-1, taunt-2): an awake unit with taunt must be
  among the targets of an opponent's attack if it can be; Unblockable attacks ignore
  it (unblockable-1).

Attacks are not targeted by activations, so neither shroud stops an attack, and
Stealth stops nothing but attacks.
"""

from __future__ import annotations

from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.targeting import Targeter
from tcgrules.rules import rule
from tcgrules.verdict import Reason


def has(chars: Characteristics, keyword: str) -> bool:
    """Whether ``chars`` has the keyword ``keyword`` (written as printed, lower case:
    ``"true sight"``; a keyword with a number matches by its word: ``"multistrike"``).
    Redundant instances count once (ga:keywords-and-abilities)."""
    return any(isinstance(a, Keyword) and keyword in {a.text, a.name} for a in chars.abilities)


def keyword_number(chars: Characteristics, keyword: str) -> int:
    """The largest N of ``keyword N`` on ``chars`` (0 if it has none)."""
    found = 0
    for a in chars.abilities:
        if isinstance(a, Keyword) and a.name == keyword and (a.argument or "").isdigit():
            found = max(found, int(a.argument or 0))
    return found


def is_spell(targeter: Targeter) -> bool:
    """The targeter is a Spell: its card, or the source of its ability, has the Spell
    subtype (ga:keywords-and-abilities/spellshroud-1, spellshroud-1.1)."""
    return "spell" in targeter.quality.subtypes


def _already_targeted(game: Game, targeter: Targeter, candidate: ObjectRef) -> bool:
    """``candidate`` is already a target of the targeter on the Effects Stack (the check
    is the one made again on resolution, or as targets change)."""
    if targeter.stack_object is None or not game.is_current(targeter.stack_object):
        return False
    info = game.get(targeter.stack_object).stack
    return info is not None and any(candidate in row for row in info.targets)


def target_restrictions(
    game: Game, targeter: Targeter, candidate: ObjectRef, chars: Characteristics
) -> list[Reason]:
    """Omnishroud (ga:keywords-and-abilities/omnishroud-1) and Spellshroud
    (ga:keywords-and-abilities/spellshroud-1) on ``candidate``; on something already
    targeted they make the target illegal (omnishroud-2, spellshroud-2)."""
    name = game.describe(candidate)
    what = "activated card" if targeter.kind == "spell" else "ability"
    again = _already_targeted(game, targeter, candidate)
    if has(chars, "omnishroud"):
        reasons = [
            Reason(
                rule("ga:keywords-and-abilities/omnishroud-1"),
                f"{name} has omnishroud: no activation, materialization or triggered "
                f"ability can target it, so this {what} can't",
            )
        ]
        if again:
            reasons.append(
                Reason(
                    rule("ga:keywords-and-abilities/omnishroud-2"),
                    f"{name} has omnishroud now, so it is no longer a legal target",
                )
            )
        return reasons
    if not has(chars, "spellshroud"):
        return []
    if is_spell(targeter):
        reasons = [
            Reason(
                rule("ga:keywords-and-abilities/spellshroud-1"),
                f"{name} has spellshroud and {targeter.quality.name} is a Spell",
            )
        ]
        if again:
            reasons.append(
                Reason(
                    rule("ga:keywords-and-abilities/spellshroud-2"),
                    f"{name} has spellshroud now, so it is no longer a legal target of "
                    f"{targeter.quality.name}",
                )
            )
        return reasons
    return [
        Reason(
            rule("ga:keywords-and-abilities/spellshroud-1"),
            f"{name} has spellshroud, which stops only Spells; {targeter.quality.name} "
            "is not a Spell",
            passed=True,
        )
    ]


def target_allowed(game: Game, targeter: Targeter, entry: Seen) -> bool:
    """The decision of :func:`target_restrictions` without building reasons."""
    chars = entry.chars
    if has(chars, "omnishroud"):
        return False
    return not (has(chars, "spellshroud") and is_spell(targeter))


def stealth_reasons(game: Game, attacker: ObjectRef, target: ObjectRef) -> list[Reason]:
    """Stealth (ga:keywords-and-abilities/stealth-1) on an attack target, and the True
    Sight of the attacking unit that lets it through (true-sight-1.1)."""
    chars = game.characteristics(target)
    if not has(chars, "stealth"):
        return []
    name, by = game.describe(target), game.describe(attacker)
    if has(game.characteristics(attacker), "true sight"):
        return [
            Reason(
                rule("ga:keywords-and-abilities/true-sight-1.1"),
                f"{name} has stealth, but {by} has true sight: its attacks can target it",
                passed=True,
            )
        ]
    return [
        Reason(
            rule("ga:keywords-and-abilities/stealth-1"),
            f"{name} has stealth and {by} has no true sight: attacks can't target it",
        )
    ]


def taunts(game: Game, ref: ObjectRef) -> bool:
    """An awake unit with taunt (ga:keywords-and-abilities/taunt-1)."""
    return has(game.characteristics(ref), "taunt") and not game.get(ref).tapped


__all__ = [
    "has",
    "is_spell",
    "keyword_number",
    "stealth_reasons",
    "target_allowed",
    "target_restrictions",
    "taunts",
]
