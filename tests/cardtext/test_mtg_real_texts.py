"""Magic sentences of the rules' examples read as printed (Oracle text): two target
phrases joined by "and", the "can't be regenerated" rider, "for each" counts and a
copy whose color is an exception of the copy effect."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d

CREATURES_YOU_CONTROL = d.AllOf((d.HasType("creature"), d.Controller("you")))


def spell(text: str) -> n.SpellAbility:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert len(card.abilities) == 1
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    return ability


def read(text: str) -> tuple[object, ...]:
    """The effects of a one-ability spell that the grammar reads whole."""
    ability = spell(text)
    assert not any(isinstance(e, n.UnsupportedEffect) for e in ability.effects), ability
    return ability.effects


# ------------------------------------------------------- "target A and target B"


@pytest.mark.rules("mtg:601.2c")
def test_two_target_phrases_joined_by_and_are_two_instances_of_target() -> None:
    ability = spell("Destroy target artifact and target land.")
    assert ability.effects == (n.Destroy(n.TargetSlot(0)), n.Destroy(n.TargetSlot(1)))
    first, second = ability.requirements
    assert (first.text, second.text) == ("target artifact", "target land")
    assert first.descriptor == d.HasType("artifact")
    assert second.descriptor == d.HasType("land")
    assert first.distinct_from == () and second.distinct_from == ()


def test_each_one_object_verb_takes_a_second_target_phrase() -> None:
    assert read("Exile target creature and target artifact.") == (
        n.Exile(n.TargetSlot(0)),
        n.Exile(n.TargetSlot(1)),
    )
    assert read("Tap target creature and target land.") == (
        n.Tap(n.TargetSlot(0)),
        n.Tap(n.TargetSlot(1)),
    )


def test_and_before_another_effect_is_still_two_effects() -> None:
    assert read("Destroy target creature and draw a card.") == (
        n.Destroy(n.TargetSlot(0)),
        n.Draw(n.You(), 1),
    )


def test_a_second_target_phrase_after_a_verb_that_cannot_take_it_is_not_read() -> None:
    ability = spell("Target creature gets +1/+1 until end of turn and target land.")
    assert len(ability.effects) == 1
    assert isinstance(ability.effects[0], n.UnsupportedEffect)
    # the target phrases are still found by the scan
    assert [r.text for r in ability.requirements] == ["Target creature", "target land"]


# ------------------------------------------------------- "can't be regenerated"


@pytest.mark.rules("mtg:701.15c")
def test_plague_spores_rider_marks_both_destructions() -> None:
    effects = read("Destroy target nonblack creature and target land. They can't be regenerated.")
    assert effects == (
        n.Destroy(n.TargetSlot(0), no_regeneration=True),
        n.Destroy(n.TargetSlot(1), no_regeneration=True),
    )


@pytest.mark.rules("mtg:701.15c")
def test_rider_applies_to_the_sentence_just_before() -> None:
    assert read("Destroy target creature. Destroy target land. It can't be regenerated.") == (
        n.Destroy(n.TargetSlot(0)),
        n.Destroy(n.TargetSlot(1), no_regeneration=True),
    )
    assert read("Destroy all creatures. They can't be regenerated.") == (
        n.Destroy(n.Each(d.HasType("creature")), no_regeneration=True),
    )


def test_rider_without_a_destruction_is_not_understood() -> None:
    card = parse_card("mtg", "Tap target creature. It can't be regenerated.", type_line="Instant")
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects[0] == n.Tap(n.TargetSlot(0))
    assert isinstance(ability.effects[1], n.UnsupportedEffect)
    assert [u.reason for u in card.unsupported] == ["effect not understood"]


# ------------------------------------------------------- "for each" / "the number of"


@pytest.mark.rules("mtg:608.2h")
def test_draw_a_card_for_each_counts_as_it_resolves() -> None:
    assert read("Draw a card for each creature you control.") == (
        n.Draw(n.You(), n.CountOf(CREATURES_YOU_CONTROL, 1)),
    )
    assert read("Draw two cards for each creature you control.") == (
        n.Draw(n.You(), n.CountOf(CREATURES_YOU_CONTROL, 2)),
    )
    assert read("Draw cards equal to the number of creatures you control.") == (
        n.Draw(n.You(), n.CountOf(CREATURES_YOU_CONTROL)),
    )


# ------------------------------------------------------- "except that the copy is red"


@pytest.mark.rules("mtg:707.9b", "mtg:707.10c")
def test_fork_copy_is_red_and_may_take_new_targets() -> None:
    ability = spell(
        "Copy target instant or sorcery spell, except that the copy is red. "
        "You may choose new targets for the copy."
    )
    assert ability.effects == (
        n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True, colors=("red",)),
    )
    (req,) = ability.requirements
    assert req.text == "target instant or sorcery spell"
    assert req.zone == "stack"


@pytest.mark.rules("mtg:707.9b")
def test_copy_exception_after_a_one_word_nominal() -> None:
    # the comma before "except" would otherwise continue a list of nouns
    assert read("Copy target spell, except that the copy is blue.") == (
        n.CopySpell(n.TargetSlot(0), colors=("blue",)),
    )


def test_copy_exception_after_anything_but_a_copy_is_not_understood() -> None:
    ability = spell("Tap target creature, except that the copy is red.")
    assert len(ability.effects) == 1
    assert isinstance(ability.effects[0], n.UnsupportedEffect)


# ------------------------------------------------------- Emerald Charm's third mode


@pytest.mark.rules("mtg:613.1f")
def test_loses_a_keyword_until_end_of_turn() -> None:
    assert read("Target creature loses flying until end of turn.") == (
        n.LoseAbility(n.TargetSlot(0), "flying"),
    )
    # "loses N life" is still life loss
    assert read("Target player loses 2 life.") == (n.LoseLife(n.TargetSlot(0), 2),)
