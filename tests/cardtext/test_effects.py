"""Effect sentences → effect nodes the targeting engine executes."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import CardTextError, NotSupportedError
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.ruleset import Ruleset


def effects(text: str, **kw: str) -> tuple[object, ...]:
    card = parse_card("mtg", text, **kw)
    ability = card.abilities[0]
    assert not isinstance(ability, n.Unsupported | n.StaticAbility | n.KeywordAbility)
    return ability.effects


def test_descriptor_is_complete() -> None:
    req = parse_card("mtg", "Destroy target nonblack creature an opponent controls.")
    assert req.target_requirements()[0].descriptor == d.AllOf(
        (d.Not(d.Color("black")), d.HasType("creature"), d.Controller("opponent"))
    )


def test_graveyard_zone_in_descriptor() -> None:
    req = parse_card("mtg", "Return target creature card from your graveyard to your hand.")
    desc = req.target_requirements()[0].descriptor
    assert isinstance(desc, d.AllOf)
    assert d.InZone("graveyard", "you") in desc.parts
    assert d.IsCard() in desc.parts


@pytest.mark.rules("mtg:120.1")
def test_damage_forms() -> None:
    assert effects("Shock deals 2 damage to any target.", name="Shock") == (
        n.DealDamage(2, n.TargetSlot(0)),
    )
    assert effects("~ deals 1 damage to each creature.") == (
        n.DealDamage(1, n.Each(d.HasType("creature"))),
    )
    assert effects("~ deals 3 damage to any target and 2 damage to another target.") == (
        n.DealDamage(3, n.TargetSlot(0)),
        n.DealDamage(2, n.TargetSlot(1)),
    )
    assert effects("~ deals 4 damage divided as you choose among one or two targets.") == (
        n.DealDamage(4, n.TargetSlot(0), divided=True),
    )


def test_removal_and_bounce() -> None:
    assert effects("Destroy target creature.") == (n.Destroy(n.TargetSlot(0)),)
    assert effects("Exile target artifact.") == (n.Exile(n.TargetSlot(0)),)
    assert effects("Return target creature to its owner's hand.") == (
        n.ReturnToHand(n.TargetSlot(0)),
    )
    assert effects("Return target creature card from your graveyard to your hand.") == (
        n.ReturnToHand(n.TargetSlot(0)),
    )
    assert effects("Tap up to two target creatures.") == (n.Tap(n.TargetSlot(0)),)


def test_pump_and_grant() -> None:
    assert effects("Target creature gets +3/+3 until end of turn.") == (
        n.ModifyPT(n.TargetSlot(0), 3, 3),
    )
    assert effects("Target creature gets -2/-2 until end of turn.") == (
        n.ModifyPT(n.TargetSlot(0), -2, -2),
    )
    assert effects("Target creature gains hexproof until end of turn.") == (
        n.GainAbility(n.TargetSlot(0), "hexproof"),
    )


@pytest.mark.rules("mtg:701.5", "mtg:115.7", "mtg:707.10")
def test_stack_interaction() -> None:
    assert effects("Counter target spell.") == (n.Counter(n.TargetSlot(0)),)
    assert effects("Counter target activated or triggered ability.") == (
        n.Counter(n.TargetSlot(0)),
    )
    assert effects("You may choose new targets for target spell.") == (
        n.May((n.ChangeTargets(n.TargetSlot(0), "choose_new"),)),
    )
    assert effects("Change the target of target spell with a single target.") == (
        n.ChangeTargets(n.TargetSlot(0), "change_the_target"),
    )
    assert effects(
        "Copy target instant or sorcery spell. You may choose new targets for the copy."
    ) == (n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True),)


def test_draw() -> None:
    assert effects("Draw a card.") == (n.Draw(n.You(), 1),)
    assert effects("Target player draws two cards.") == (n.Draw(n.TargetSlot(0), 2),)


@pytest.mark.rules("mtg:700.2")
def test_modal_modes_have_own_slots() -> None:
    card = parse_card(
        "mtg",
        "Choose one —\n• Destroy target artifact.\n• ~ deals 2 damage to any target.",
        type_line="Instant",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    modal = ability.effects[0]
    assert isinstance(modal, n.Modal) and (modal.min, modal.max) == (1, 1)
    assert [m.effects for m in modal.modes] == [
        (n.Destroy(n.TargetSlot(0)),),
        (n.DealDamage(2, n.TargetSlot(0)),),
    ]
    assert len(card.target_requirements()) == 2


@pytest.mark.rules("mtg:603.1", "mtg:201.5")
def test_triggered_self_reference() -> None:
    for text in (
        "When this creature enters, destroy target artifact.",
        "When Acolyte enters, destroy target artifact.",
        "When ~ enters, destroy target artifact.",
    ):
        card = parse_card("mtg", text, name="Acolyte", type_line="Creature — Elf")
        ability = card.abilities[0]
        assert isinstance(ability, n.TriggeredAbility)
        assert ability.trigger.event == "enters" and ability.trigger.subject == n.Self()
        assert ability.effects == (n.Destroy(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:602.1")
def test_activated_cost() -> None:
    card = parse_card("mtg", "{1}{R}, {T}: ~ deals 1 damage to any target.", type_line="Creature")
    ability = card.abilities[0]
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.cost.parts == ("{1}{R}", "{T}")
    assert ability.effects == (n.DealDamage(1, n.TargetSlot(0)),)


@pytest.mark.rules("mtg:702.11", "mtg:702.18", "mtg:702.16", "mtg:702.21")
def test_keywords() -> None:
    card = parse_card(
        "mtg",
        "Flying, hexproof\nShroud\nProtection from red\nHexproof from black\nWard {2}",
        type_line="Creature",
    )
    kws = [(k.name, k.argument) for k in card.abilities if isinstance(k, n.KeywordAbility)]
    assert kws == [
        ("flying", None),
        ("hexproof", None),
        ("shroud", None),
        ("protection", "from red"),
        ("hexproof", "from black"),
        ("ward", "{2}"),
    ]


@pytest.mark.rules("mtg:207.2")
def test_reminder_text_has_no_meaning() -> None:
    card = parse_card("mtg", "Flying (This creature can't be blocked except by target X.)")
    assert card.target_requirements() == ()
    assert card.unsupported == ()


def test_unsupported_kept_with_span() -> None:
    text = "Target creature gains flying until end of turn. Scry 2."
    card = parse_card("mtg", text)
    assert len(card.target_requirements()) == 1
    (node,) = card.unsupported
    assert node.span is not None and text[node.span[0] : node.span[1]] == "Scry 2."


def test_bad_input() -> None:
    with pytest.raises(CardTextError):
        parse_card("mtg", 42)  # type: ignore[arg-type]
    # a ruleset without a grammar says so (every game has one now: ask the base class)
    with pytest.raises(NotSupportedError, match="no grammar for this game yet"):
        Ruleset().parse_text("Go again")
