"""Flesh and Blood traits (2.13), self-reference and names in rules text (2.12.3), and the
targeting rules of 1.8.5c-e as the FaB grammar and the kernel read them."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext import nodes as n
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.text import parse_fab
from tcgrules.games.flesh_and_blood.text_build import ANY_TARGET
from tcgrules.games.flesh_and_blood.text_lexer import tokenize
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.effects import CopyOf
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.targeting import Targeter, legal_targets

AGENT = CardDefinition(
    "fab",
    "Widow Agent",
    "Chaos Assassin Action - Ally",
    values={"life": 2, "power": 1, "traits": ("Agent of Chaos",)},
)
SPINNER = CardDefinition("fab", "Web Spinner", "Puffin Pirate Action - Ally", values={"life": 2})


def _game() -> Game:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    game.create(tcgrules.bundled_card("fab", "Kano, Dracai of Aether"), "Alice", "hero")
    game.create(tcgrules.bundled_card("fab", "Dorinthea Ironsong"), "Bob", "hero")
    return game


def _targeter() -> Targeter:
    return Targeter("Alice", "spell", None, None, tcgrules.Characteristics())


def _requirement(text: str, name: str = "Test Card") -> d.TargetRequirement:
    (ability,) = parse_fab(text, name, "Generic Instant").abilities
    assert not isinstance(ability, n.Unsupported)
    (requirement,) = ability.requirements
    return requirement


# ------------------------------------------------------------------------------ traits


@pytest.mark.rules("fab:2.13.3a", "fab:2.13.4")
def test_a_trait_phrase_is_one_word_of_the_grammar_singular_or_plural() -> None:
    tokens = tokenize("target Agent of Chaos and all Agents of Chaos")
    traits = [t for t in tokens if t.type == "TRAIT"]
    assert [str(t) for t in traits] == ["agent of chaos", "agent of chaos"]
    # "Chaos" alone is still the talent
    assert [t.type for t in tokenize("a Chaos card")][1] == "SUPERTYPE"
    requirement = _requirement("Banish target Agent of Chaos.")
    assert requirement.descriptor == d.InSet("traits", "agent of chaos")
    assert requirement.text == "target Agent of Chaos"


@pytest.mark.rules("fab:2.13.1", "fab:2.13.4", "fab:1.2.2c")
def test_a_trait_description_means_every_object_with_the_trait() -> None:
    game = _game()
    agent = game.create(AGENT, "Bob", "permanent")
    spinner = game.create(SPINNER, "Bob", "permanent")
    requirement = _requirement("Banish target Agent of Chaos.")
    found = set(legal_targets(game, (requirement,), 0, _targeter()))
    assert found == {agent}
    verdict = legal_targets(game, (requirement,), 0, _targeter()).explain(spinner)
    assert not verdict
    assert verdict.cites(tcgrules.rule("fab:1.8.5"))


@pytest.mark.rules("fab:2.13.3")
def test_a_trait_gives_no_ability() -> None:
    game = _game()
    agent = game.create(AGENT, "Bob", "permanent")
    chars = game.characteristics(agent)
    assert chars.sets["traits"] == {"agent of chaos"}
    assert chars.abilities == ()


@pytest.mark.rules("fab:8.5.25", "fab:2.13.2", "fab:2.6.5")
def test_a_copy_takes_the_traits_and_keeps_its_own_metatypes() -> None:
    game = _game()
    agent = game.create(AGENT, "Bob", "permanent")
    spinner = game.create(SPINNER, "Bob", "permanent")
    assert game.characteristics(spinner).sets["metatypes"] == {"puffin"}
    game.add_effect(spinner, CopyOf(game.copiable_characteristics(agent), agent))
    chars = game.characteristics(spinner)
    assert chars.name == "Widow Agent"
    assert chars.sets["traits"] == {"agent of chaos"}
    assert chars.sets["metatypes"] == {"puffin"}  # an object can't gain or lose metatypes


# ------------------------------------------------------------------- names (2.12.3)


@pytest.mark.rules("fab:2.12.3b", "fab:2.7.3b", "fab:2.7.3c", "fab:2.7.5")
def test_a_name_in_text_means_the_name_or_the_moniker_but_named_means_the_name() -> None:
    fab = tcgrules.find_ruleset("fab")()
    resplendent = tcgrules.Characteristics(
        name="Dawnblade, Resplendent", types=frozenset({"weapon"})
    )
    assert fab.is_named(resplendent, "dawnblade, RESPLENDENT")
    assert fab.is_named(resplendent, "Dawnblade", moniker=True)
    assert not fab.is_named(resplendent, "Dawnblade")
    assert not fab.is_named(resplendent, "Dawn", moniker=True)
    assert _requirement("Destroy target Runechant.").descriptor == d.Named("Runechant", True)
    named = _requirement("Banish target card named Dawnblade.").descriptor
    assert isinstance(named, d.AllOf) and d.Named("Dawnblade") in named.parts


@pytest.mark.rules("fab:2.12.3a")
def test_a_card_naming_itself_or_its_moniker_refers_to_itself() -> None:
    remembrance = tcgrules.bundled_card("fab", "Remembrance")
    text = tcgrules.find_ruleset("fab")().card_text(remembrance)
    banish = text.abilities[-1]
    assert isinstance(banish, n.SpellAbility)
    assert banish.effects == (n.Exile(n.Self()),)
    (flick,) = parse_fab(
        "**Instant** - {r}: Deal 1 damage to Flick.", "Flick, Ember Page", "Generic Action - Ally"
    ).abilities
    assert isinstance(flick, n.ActivatedAbility)
    assert flick.effects == (n.DealDamage(1, n.Self()),)


@pytest.mark.rules("fab:2.12.3")
def test_reminder_text_is_not_read() -> None:
    text = parse_fab(
        "Deal 1 damage to target hero. *(This could say target ally.)*\n\n"
        "**Go again** *(Gain an action point.)*\n\n"
        "*(A line of reminder text only.)*",
        "Quick Flick",
        "Generic Action",
    )
    assert not text.unsupported
    spell, keyword = text.abilities
    assert isinstance(spell, n.SpellAbility) and len(spell.requirements) == 1
    assert isinstance(keyword, n.KeywordAbility) and keyword.name == "go again"


# ------------------------------------------------------------------------- 1.8.5c-e


@pytest.mark.rules("fab:1.8.5c")
def test_a_group_without_target_declares_nothing() -> None:
    (ability,) = parse_fab("Deal 1 arcane damage to each opposing hero.", "Zap").abilities
    assert isinstance(ability, n.SpellAbility)
    assert ability.requirements == ()
    (damage,) = ability.effects
    assert isinstance(damage, n.ArcaneDamage) and isinstance(damage.to, n.Each)
    (shuffle, _) = (
        tcgrules.find_ruleset("fab")()
        .card_text(tcgrules.bundled_card("fab", "Remembrance"))
        .abilities
    )
    assert isinstance(shuffle, n.SpellAbility) and shuffle.requirements == ()


def test_a_group_in_a_players_zone_named_by_their_is_not_read_as_every_zone() -> None:
    (ability,) = parse_fab("Destroy all cards in their arsenal.", "Zap").abilities
    assert isinstance(ability, n.SpellAbility)
    (destroy,) = ability.effects
    assert isinstance(destroy, n.Destroy) and isinstance(destroy.what, n.Each)
    descriptor = destroy.what.descriptor
    assert isinstance(descriptor, d.AllOf)
    assert d.Condition("zone_of_that_player") in descriptor.parts


@pytest.mark.rules("fab:1.8.5e")
def test_a_target_of_an_optional_effect_may_be_left_unchosen() -> None:
    assert _requirement("You may banish target aura.").min == 0
    assert _requirement("Banish target aura.").min == 1


@pytest.mark.rules("fab:1.8.5d")
def test_any_target_is_recognised_through_the_ruleset() -> None:
    fab = tcgrules.find_ruleset("fab")
    mtg = tcgrules.find_ruleset("mtg")
    assert fab.any_target(ANY_TARGET) is not None
    assert fab.any_target(d.AllOf((ANY_TARGET, d.Controller("opponent")))) is not None
    assert fab.any_target(d.HasType("hero")) is None
    assert mtg.any_target(ANY_TARGET) is None
    magic_any = d.AnyOf(
        (d.HasType("creature"), d.IsPlayer(), d.HasType("planeswalker"), d.HasType("battle"))
    )
    assert mtg.any_target(magic_any) is not None


@pytest.mark.rules("fab:8.5.2")
def test_creating_a_token_tcgrules_does_not_define_is_not_supported() -> None:
    game = _game()
    ability_on_stack(
        game,
        "test layer",
        "Alice",
        StackInfo(effects=(n.CreateToken("Quicken"),), ability_kind="activated"),
    )
    with pytest.raises(NotSupportedError, match="Quicken token"):
        resolve_top(game)
