"""Grand Archive targeting keywords (Spellshroud, Omnishroud), attacks (Stealth, True
Sight, Taunt, Multistrike, Unblockable) and Redirect / Intercept, through the kernel's
game-neutral targeting, re-check and combat functions."""

from __future__ import annotations

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.combat import attack, redirect_attack
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.play import prospective, targeter_for
from tcgrules.kernel.stack import recheck
from tcgrules.kernel.targeting import explain_target, legal_targets
from tcgrules.verdict import Verdict


def _ga(name: str, type_line: str, text: str = "", **values: int | str) -> tcgrules.CardDefinition:
    return card("ga", name, type_line, text, **values)


SPELL = _ga("Ember Spell", "ACTION - MAGE SPELL", "Deal 2 damage to target unit.", cost=1)
SKILL = _ga("Quick Jab", "ACTION - WARRIOR SKILL", "Deal 1 damage to target unit.", cost=1)


def _board() -> tuple[Game, dict[str, ObjectRef]]:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    refs = {
        "alice": game.create(
            _ga("Alice Champ", "CHAMPION - WARRIOR", power=2, life=20), "Alice", "field"
        ),
        "bob": game.create(_ga("Bob Champ", "CHAMPION - MAGE", life=20), "Bob", "field"),
        "raider": game.create(_ga("Raider", "ALLY - WARRIOR", power=2, life=2), "Alice", "field"),
        "guard": game.create(_ga("Guard", "ALLY - GUARDIAN", power=1, life=4), "Bob", "field"),
        "spell": game.create(SPELL, "Alice", "hand"),
        "skill": game.create(SKILL, "Alice", "hand"),
    }
    return game, refs


def _grant(game: Game, ref: ObjectRef, text: str) -> None:
    game.add_effect(ref, GrantAbilities((Keyword.parse(text),)))


def _on_stack(game: Game, ref: ObjectRef, target: ObjectRef) -> ObjectRef:
    """Put an activated card on the Effects Stack with one target, as activation would
    (GA activation itself is another module's work)."""
    requirements, _ = prospective(game, ref, "Alice")
    moved = game.move(ref, "effects_stack", rule_applied=None)
    game.set_stack_info(moved, StackInfo(targets=((target,),), requirements=requirements))
    return moved


def _cited(verdict: Verdict) -> set[str]:
    return {str(r.rule) for r in verdict.reasons if not r.passed}


# ------------------------------------------------------------ shrouds
@pytest.mark.rules("ga:keywords-and-abilities/spellshroud-1")
def test_spellshroud_stops_spells_not_skills() -> None:
    game, r = _board()
    _grant(game, r["guard"], "spellshroud")
    spell_reqs, spell_by = prospective(game, r["spell"], "Alice")
    skill_reqs, skill_by = prospective(game, r["skill"], "Alice")
    refused = explain_target(game, spell_reqs, 0, r["guard"], spell_by)
    assert not refused
    assert "ga:keywords-and-abilities/spellshroud-1" in _cited(refused)
    assert explain_target(game, skill_reqs, 0, r["guard"], skill_by)
    # the fast path agrees
    assert r["guard"] not in set(legal_targets(game, spell_reqs, 0, spell_by))
    assert r["guard"] in set(legal_targets(game, skill_reqs, 0, skill_by))


@pytest.mark.rules("ga:keywords-and-abilities/omnishroud-1")
def test_omnishroud_stops_every_activation() -> None:
    game, r = _board()
    _grant(game, r["guard"], "omnishroud")
    for key in ("spell", "skill"):
        reqs, by = prospective(game, r[key], "Alice")
        verdict = explain_target(game, reqs, 0, r["guard"], by)
        assert "ga:keywords-and-abilities/omnishroud-1" in _cited(verdict)
        assert r["guard"] not in set(legal_targets(game, reqs, 0, by))


@pytest.mark.rules(
    "ga:keywords-and-abilities/spellshroud-2", "ga:keywords-and-abilities/omnishroud-2"
)
@pytest.mark.parametrize(
    ("key", "keyword", "cited"),
    [
        ("spell", "spellshroud", "ga:keywords-and-abilities/spellshroud-2"),
        ("skill", "omnishroud", "ga:keywords-and-abilities/omnishroud-2"),
    ],
)
def test_shroud_gained_after_targeting_fails_the_recheck(
    key: str, keyword: str, cited: str
) -> None:
    game, r = _board()
    on_stack = _on_stack(game, r[key], r["guard"])
    obj = game.get(on_stack)
    assert recheck(game, obj, targeter_for(game, obj)).legal == ((True,),)
    _grant(game, r["guard"], keyword)
    checked = recheck(game, obj, targeter_for(game, obj))
    assert checked.all_illegal
    assert cited in _cited(checked.verdicts[0][0])


@pytest.mark.rules("ga:keywords-and-abilities/spellshroud-1")
def test_skill_keeps_spellshrouded_target_on_recheck() -> None:
    game, r = _board()
    on_stack = _on_stack(game, r["skill"], r["guard"])
    _grant(game, r["guard"], "spellshroud")
    obj = game.get(on_stack)
    assert recheck(game, obj, targeter_for(game, obj)).legal == ((True,),)


# ------------------------------------------------------------ attacks
@pytest.mark.rules(
    "ga:combat-phase-attacking-and-the-combat-phase/general-rules-4",
    "ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1.1",
)
def test_attack_records_roles_and_rests_the_attacker() -> None:
    game, r = _board()
    state = attack(game, r["raider"], "Alice", [r["guard"]])
    assert state.attacking == frozenset({r["raider"].id})
    assert state.defending == frozenset({r["guard"].id})
    assert game.get(r["raider"]).tapped
    # a rested unit can't attack again
    with pytest.raises(RulesViolation) as err:
        attack(game, r["raider"], "Alice", [r["bob"]])
    assert "ga:combat-phase-attack-declaration/declaring-an-attack-2.1.1" in _cited(
        err.value.verdict
    )


@pytest.mark.rules(
    "ga:combat-phase-attacking-and-the-combat-phase/general-rules-9",
    "ga:combat-phase-attacking-and-the-combat-phase/general-rules-1",
)
def test_attack_targets_are_opposing_units() -> None:
    game, r = _board()
    before = game.attack
    for target, cited in (
        (r["alice"], "ga:combat-phase-attacking-and-the-combat-phase/general-rules-9"),
        (PlayerRef("Bob"), "ga:combat-phase-attacking-and-the-combat-phase/general-rules-1"),
    ):
        with pytest.raises(RulesViolation) as err:
            attack(game, r["raider"], "Alice", [target])
        assert cited in _cited(err.value.verdict)
    assert game.attack is before
    assert not game.get(r["raider"]).tapped


@pytest.mark.rules(
    "ga:keywords-and-abilities/stealth-1", "ga:keywords-and-abilities/true-sight-1.1"
)
def test_stealth_and_true_sight() -> None:
    game, r = _board()
    _grant(game, r["guard"], "stealth")
    with pytest.raises(RulesViolation) as err:
        attack(game, r["raider"], "Alice", [r["guard"]])
    assert "ga:keywords-and-abilities/stealth-1" in _cited(err.value.verdict)
    _grant(game, r["raider"], "true sight")
    assert attack(game, r["raider"], "Alice", [r["guard"]]).targets == (r["guard"],)


@pytest.mark.rules("ga:keywords-and-abilities/taunt-2", "ga:keywords-and-abilities/unblockable-1")
def test_taunt_and_unblockable() -> None:
    game, r = _board()
    _grant(game, r["guard"], "taunt")
    with pytest.raises(RulesViolation) as err:
        attack(game, r["raider"], "Alice", [r["bob"]])
    assert "ga:keywords-and-abilities/taunt-2" in _cited(err.value.verdict)
    # a rested taunt unit does not taunt
    game.set_tapped(r["guard"], True, rule_applied=None)
    attack(game, r["raider"], "Alice", [r["bob"]])


@pytest.mark.rules("ga:keywords-and-abilities/unblockable-1")
def test_unblockable_ignores_taunt() -> None:
    game, r = _board()
    _grant(game, r["guard"], "taunt")
    _grant(game, r["raider"], "unblockable")
    assert attack(game, r["raider"], "Alice", [r["bob"]]).targets == (r["bob"],)


@pytest.mark.rules("ga:keywords-and-abilities/multistrike-n", "ga:objects-and-targeting/target-1.1")
def test_multistrike_allows_more_unique_targets() -> None:
    game, r = _board()
    with pytest.raises(RulesViolation) as err:
        attack(game, r["raider"], "Alice", [r["bob"], r["guard"]])
    assert "ga:keywords-and-abilities/multistrike-n" in _cited(err.value.verdict)
    _grant(game, r["raider"], "multistrike 1")
    with pytest.raises(RulesViolation) as err:
        attack(game, r["raider"], "Alice", [r["bob"], r["bob"]])
    assert "ga:objects-and-targeting/target-1.1" in _cited(err.value.verdict)
    state = attack(game, r["raider"], "Alice", [r["bob"], r["guard"]])
    assert state.defending == frozenset({r["bob"].id, r["guard"].id})


def test_weapon_and_domain_attacks_are_not_supported() -> None:
    game, r = _board()
    sword = game.create(_ga("Sword", "REGALIA WEAPON - WARRIOR SWORD", power=1), "Alice", "field")
    with pytest.raises(NotSupportedError, match="weapon"):
        attack(game, sword, "Alice", [r["bob"]])
    domain = game.create(_ga("Keep", "DOMAIN"), "Bob", "field")
    with pytest.raises(NotSupportedError, match="domain"):
        attack(game, r["raider"], "Alice", [domain])


# ------------------------------------------------------------ redirect
@pytest.mark.rules(
    "ga:objects-and-targeting/redirect-1",
    "ga:objects-and-targeting/redirect-2",
    "ga:objects-and-targeting/redirect-3",
)
def test_redirect_attack_targets() -> None:
    game, r = _board()
    other = game.create(_ga("Other", "ALLY - GUARDIAN", power=1, life=3), "Bob", "field")
    _grant(game, r["raider"], "multistrike 1")
    attack(game, r["raider"], "Alice", [r["bob"], r["guard"]])
    # to a target the attack already has: refused (unique targets, and already defending)
    with pytest.raises(RulesViolation) as err:
        redirect_attack(game, "Bob", r["bob"], r["guard"])
    assert {
        "ga:objects-and-targeting/redirect-2",
        "ga:objects-and-targeting/redirect-3",
    } <= _cited(err.value.verdict)
    # to Alice's own unit: not a legal attack target
    with pytest.raises(RulesViolation) as err:
        redirect_attack(game, "Bob", r["bob"], r["alice"])
    assert "ga:combat-phase-attacking-and-the-combat-phase/general-rules-9" in _cited(
        err.value.verdict
    )
    state = redirect_attack(game, "Bob", r["bob"], other)
    assert state.targets == (other, r["guard"])
    assert state.defending == frozenset({other.id, r["guard"].id})


def test_redirect_needs_from_with_several_targets() -> None:
    game, r = _board()
    _grant(game, r["raider"], "multistrike 1")
    attack(game, r["raider"], "Alice", [r["bob"], r["guard"]])
    with pytest.raises(InputError, match="several attack targets"):
        redirect_attack(game, "Bob", None, r["alice"])


@pytest.mark.rules(
    "ga:keywords-and-abilities/intercept-1",
    "ga:keywords-and-abilities/intercept-1.1",
    "ga:keywords-and-abilities/intercept-1.2",
)
def test_intercept() -> None:
    game, r = _board()
    _grant(game, r["raider"], "multistrike 1")
    interceptor = game.create(_ga("Wall", "ALLY - GUARDIAN", power=1, life=3), "Bob", "field")
    attack(game, r["raider"], "Alice", [r["bob"], r["guard"]])
    # no intercept keyword
    with pytest.raises(RulesViolation) as err:
        redirect_attack(game, "Bob", r["bob"], interceptor, keyword="intercept")
    assert "ga:keywords-and-abilities/intercept-1" in _cited(err.value.verdict)
    _grant(game, r["guard"], "intercept")
    # the guard already defends
    with pytest.raises(RulesViolation) as err:
        redirect_attack(game, "Bob", r["bob"], r["guard"], keyword="intercept")
    assert "ga:keywords-and-abilities/intercept-1.2" in _cited(err.value.verdict)
    _grant(game, interceptor, "intercept")
    _grant(game, interceptor, "stealth")
    with pytest.raises(RulesViolation) as err:
        redirect_attack(game, "Bob", r["bob"], interceptor, keyword="intercept")
    assert "ga:keywords-and-abilities/intercept-1.1" in _cited(err.value.verdict)
