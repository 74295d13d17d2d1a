"""How Magic card text is laid out around its effects: ability words and flavor words
(mtg:207.2c-d), Saga chapters (mtg:714.2), "If you do" (mtg:608.2c), reflexive
triggers (mtg:603.12) and quoted abilities (mtg:113.1a, mtg:115.1). Real card texts."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card


def _parse(text: str, name: str, type_line: str) -> n.CardText:
    return parse_card("mtg", text, name=name, type_line=type_line)


@pytest.mark.rules("mtg:207.2c")
def test_ability_word_before_an_activated_ability_has_no_meaning() -> None:
    parsed = _parse(
        "Channel — {1}{G}, Discard Boseiju, Who Endures: Destroy target artifact, "
        "enchantment, or nonbasic land an opponent controls.",
        "Boseiju, Who Endures",
        "Legendary Land",
    )
    (ability,) = parsed.abilities
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.cost.parts == ("{1}{G}", "Discard ~")
    assert [type(e) for e in ability.effects] == [n.Destroy]
    assert not parsed.unsupported


@pytest.mark.rules("mtg:207.2d")
def test_flavor_word_before_a_triggered_ability() -> None:
    parsed = _parse(
        "Heroic — Whenever you cast a spell that targets Satyr Hoplite, put a +1/+1 counter "
        "on Satyr Hoplite.",
        "Satyr Hoplite",
        "Creature — Satyr Soldier",
    )
    (ability,) = parsed.abilities
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.trigger.text.startswith("Whenever you cast")


def test_a_keyword_with_a_dash_is_not_an_ability_word() -> None:
    parsed = _parse("Ward—Pay 3 life.", "Some Creature", "Creature — Horror")
    assert isinstance(parsed.abilities[0], n.KeywordAbility)


@pytest.mark.rules("mtg:714.2a", "mtg:714.2b", "mtg:714.2c")
def test_saga_chapters_are_triggered_abilities_with_their_own_targets() -> None:
    parsed = _parse(
        "(As this Saga enters and after your draw step, add a lore counter.)\n"
        "I — The Kami War deals 4 damage to target creature an opponent controls.\n"
        "II, III — Put two +1/+1 counters on target creature you control.",
        "The Kami War",
        "Enchantment — Saga",
    )
    first, second = parsed.abilities
    assert isinstance(first, n.TriggeredAbility) and isinstance(second, n.TriggeredAbility)
    assert first.trigger.event == "chapter" and first.trigger.text == "chapter I"
    assert second.trigger.text == "chapter II, III"
    assert first.requirements[0].text == "target creature an opponent controls"
    assert second.requirements[0].text == "target creature you control"


@pytest.mark.rules("mtg:608.2c", "mtg:608.2d")
def test_if_you_do_depends_on_the_optional_action_before() -> None:
    parsed = _parse(
        "Whenever this creature or another Warrior you control enters, you may exile target "
        "creature card from a graveyard. If you do, you gain 1 life.",
        "Mardu Woe-Reaper",
        "Creature — Human Warrior",
    )
    (ability,) = parsed.abilities
    assert isinstance(ability, n.TriggeredAbility)
    may, then = ability.effects
    assert isinstance(may, n.May) and isinstance(then, n.IfYouDo)
    assert then.effects == (n.GainLife(n.You(), 1),)


@pytest.mark.rules("mtg:603.12")
def test_reflexive_trigger_has_its_own_target() -> None:
    """Back for More's spell has one target; the creature it fights is chosen when the
    reflexive ability goes on the stack, not on casting."""
    parsed = _parse(
        "Return target creature card from your graveyard to the battlefield. When you do, "
        "it fights up to one target creature you don't control.",
        "Back for More",
        "Instant",
    )
    (spell,) = parsed.abilities
    assert [r.text for r in spell.requirements] == ["target creature card from your graveyard"]
    reflexive = spell.effects[-1]
    assert isinstance(reflexive, n.ReflexiveTrigger)
    (req,) = reflexive.requirements
    assert (req.min, req.max, req.text) == (0, 1, "up to one target creature you don't control")
    assert reflexive.effects == (n.Fight(n.It(), n.TargetSlot(0)),)


@pytest.mark.rules("mtg:115.1")
def test_quoted_ability_targets_are_not_the_granting_abilitys() -> None:
    """Hypervolt Grasp's Aura targets only as it is cast (Enchant); "any target" belongs to
    the tap ability it grants, chosen when that is activated."""
    parsed = _parse(
        "Enchant creature\n"
        'Enchanted creature has "{T}: This creature deals 1 damage to any target."\n'
        "{1}{U}: Return Hypervolt Grasp to its owner's hand.",
        "Hypervolt Grasp",
        "Enchantment — Aura",
    )
    assert [r.text for r in parsed.target_requirements()] == ["Enchant creature"]
    static = parsed.abilities[1]
    assert isinstance(static, n.StaticAbility)
    (grant,) = static.effects
    assert isinstance(grant, n.GrantAbility)
    assert grant.what == n.Attached()
    assert grant.cost is not None and grant.cost.parts == ("{T}",)
    assert grant.requirements[0].text == "any target"
    assert grant.effects == (n.DealDamage(1, n.TargetSlot(0)),)


def test_quoted_ability_granted_until_end_of_turn() -> None:
    parsed = _parse(
        'Until end of turn, each Vampire you control gains "{T}: Gain control of target creature."',
        "Sorin, Vampire Lord",
        "Sorcery",
    )
    assert not parsed.target_requirements()


@pytest.mark.rules("mtg:603.4")
def test_intervening_if_is_a_typed_condition() -> None:
    parsed = _parse(
        "Flying\nMorbid — At the beginning of each end step, if a creature died this turn, "
        "destroy target non-Demon creature.",
        "Reaper from the Abyss",
        "Creature — Demon",
    )
    trig = parsed.abilities[1]
    assert isinstance(trig, n.TriggeredAbility)
    (cond,) = trig.effects
    assert isinstance(cond, n.IfCondition)
    assert (cond.condition, cond.text) == ("creature_died_this_turn", "a creature died this turn")
    assert cond.effects == (n.Destroy(n.TargetSlot(0)),)
    assert trig.requirements[0].text == "target non-Demon creature"


def test_a_permanent_not_cast_was_not_kicked() -> None:
    """Kicker is recorded when a spell is cast (mtg:702.33d) and a permanent remembers
    the spell it was (mtg:400.7d); one put onto the battlefield without being cast was
    not kicked, so "if it was kicked" does not hold. Its target is still chosen: the
    rule about targets chosen only with a cost is about casting spells (mtg:601.2c)."""
    parsed = _parse(
        "Kicker {1}{G}\nWhen this creature enters, if it was kicked, destroy target "
        "creature with flying.",
        "Sunscape Battlemage",
        "Creature — Human Wizard",
    )
    (cond,) = parsed.abilities[1].effects  # type: ignore[union-attr]
    assert isinstance(cond, n.IfCondition) and cond.condition == "kicked"
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Battlemage:\n    type: Creature — Human\n"
        '    power: 2\n    toughness: 1\n    text: "When this creature enters, if it was '
        'kicked, destroy target creature with flying."\nsetup:\n  Alice:\n    battlefield: '
        "[Battlemage]\n  Bob:\n    battlefield: [Serra Angel]\nsteps:\n  - trigger: Battlemage\n"
        "    by: Alice\n    targets: [Serra Angel]\n  - resolve: 1\n"
    )
    from tcgrules.scenario.loader import parse_scenario
    from tcgrules.scenario.runner import run_scenario

    text += "  - expect:\n      zone: {Serra Angel: battlefield}\n"
    text += "      events: [{kind: condition_not_met}]\n"
    result = run_scenario(parse_scenario(text, "kicked.yaml"))
    assert result.ok, (result.failures, result.error)


@pytest.mark.rules("mtg:114.1", "mtg:114.2")
def test_emblem_with_a_quoted_ability() -> None:
    parsed = _parse(
        '−6: You get an emblem with "Creatures you control get +1/+1." Then draw a card.',
        "Some Walker",
        "Legendary Planeswalker — Test",
    )
    (ability,) = parsed.abilities
    emblem = ability.effects[0]  # type: ignore[union-attr]
    assert isinstance(emblem, n.CreateEmblem)
    assert emblem.who == n.You()
    assert emblem.abilities[0].text == '"Creatures you control get +1/+1."'
    assert isinstance(ability.effects[1], n.Draw)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:707.9a")
def test_token_copy_with_an_exception() -> None:
    parsed = _parse(
        "Create a token that's a copy of target nonlegendary creature you control, except it "
        "has haste. Sacrifice it at the beginning of the next end step.",
        "Kiki-Jiki's Trick",
        "Sorcery",
    )
    effect = parsed.abilities[0].effects[0]  # type: ignore[union-attr]
    assert effect == n.CreateTokenCopy(n.TargetSlot(0), 1, ("haste",))
    assert parsed.target_requirements()[0].text == ("target nonlegendary creature you control")


@pytest.mark.rules("mtg:201.5")
def test_a_short_name_that_is_a_subtype_is_not_the_card() -> None:
    """Knight of the Mists destroys "target Knight": the word is the subtype, not a
    reference to the card itself."""
    parsed = _parse(
        "When Knight of the Mists enters, you may pay {U}. If you don't, destroy target "
        "Knight and it can't be regenerated.",
        "Knight of the Mists",
        "Creature — Human Knight",
    )
    (req,) = parsed.target_requirements()
    assert req.text == "target Knight" and req.kinds == frozenset({"creature"})


@pytest.mark.rules("mtg:701.35a")
def test_support_is_read_as_its_targets() -> None:
    """Support N targets up to N creatures; "other" ones only when a permanent supports."""
    spell = _parse(
        "Support 2. (Put a +1/+1 counter on each of up to two target creatures.)\nDraw a card.",
        "Shoulder to Shoulder",
        "Sorcery",
    )
    (req,) = spell.target_requirements()
    assert (req.min, req.max, req.text) == (0, 2, "Support 2")
    assert not spell.unsupported
    effect = spell.abilities[0].effects[0]  # type: ignore[union-attr]
    assert effect == n.PutCounters(n.TargetSlot(0), "+1/+1", 1)
    creature = _parse(
        "When this creature enters, support 2.", "Gladehart Cavalry", "Creature — Elk Knight"
    )
    (other,) = creature.target_requirements()
    assert (other.min, other.max) == (0, 2)
    assert "Other" in repr(other.descriptor)


@pytest.mark.rules("mtg:608.2c")
def test_then_joins_two_effects_in_order() -> None:
    parsed = _parse(
        "Put a +1/+1 counter on another target creature, then Kami deals 2 damage to it.",
        "Kami",
        "Sorcery",
    )
    effects = parsed.abilities[0].effects  # type: ignore[union-attr]
    assert [type(e) for e in effects] == [n.PutCounters, n.DealDamage]
    assert not parsed.unsupported


@pytest.mark.rules("mtg:601.2c")
def test_a_target_of_an_opponents_choice() -> None:
    """Evangelize: an opponent picks which of their creatures is targeted; what is legal
    does not change, who chooses does."""
    parsed = _parse(
        "Gain control of target creature of an opponent's choice they control.",
        "Evangelize",
        "Sorcery",
    )
    (req,) = parsed.target_requirements()
    assert req.chosen_by == "opponent"
    assert req.text == "target creature of an opponent's choice they control"
    plain = _parse("Destroy target creature.", "Murder", "Instant")
    assert plain.target_requirements()[0].chosen_by == "controller"


@pytest.mark.rules("mtg:601.2f")
def test_cost_changes_by_targets_are_static_abilities_of_the_spell() -> None:
    fireball = _parse(
        "This spell costs {1} more to cast for each target beyond the first.\n"
        "Fireball deals X damage divided as you choose among any number of targets.",
        "Fireball",
        "Sorcery",
    )
    static = fireball.abilities[0]
    assert isinstance(static, n.StaticAbility)
    assert static.effects == (n.TargetCostChange("{1}", per_extra_target=True),)
    tax = _parse(
        "Spells your opponents cast that target Syr Elenora cost {2} more to cast.",
        "Syr Elenora, the Discerning",
        "Legendary Creature — Human Knight",
    )
    assert tax.abilities[0].effects == (  # type: ignore[union-attr]
        n.TargetCostChange("{2}", opponents_targeting_self=True),
    )
    assert not tax.target_requirements()  # "that target ~" declares no target


@pytest.mark.rules("mtg:700.2")
def test_more_modes_on_a_condition_are_read_but_not_assumed() -> None:
    """Flame of Anor: one mode, or two if you control a Wizard; the condition is kept
    as written and choosing two modes is refused as not supported (it is not checked)."""
    from tcgrules.scenario.loader import parse_scenario
    from tcgrules.scenario.runner import run_scenario

    text = (
        "Choose one. If you control a Wizard as you cast this spell, you may choose two "
        "instead.\n• Target player draws two cards.\n• Destroy target artifact.\n"
        "• Flame of Anor deals 5 damage to target creature."
    )
    parsed = _parse(text, "Flame of Anor", "Instant")
    modal = parsed.abilities[0].effects[-1]  # type: ignore[union-attr]
    assert isinstance(modal, n.Modal)
    assert (modal.min, modal.max, modal.more_max) == (1, 1, 2)
    assert (
        modal.more_if
        == "If you control a Wizard as you cast this spell, you may choose two instead"
    )
    scenario = """
game: mtg
players: [Alice, Bob]
cards:
  Flame:
    type: Instant
    text: |-
      Choose one. If you control a Wizard as you cast this spell, you may choose two instead.
      • Target player draws two cards.
      • Destroy target artifact.
setup:
  Alice:
    hand: [Flame, {card: Flame, as: Second Flame}]
steps:
  - cast: Flame
    by: Alice
    modes: [1]
    targets: [Bob]
  - cast: Second Flame
    by: Alice
    modes: [1, 2]
    targets: [[Bob], []]
"""
    result = run_scenario(parse_scenario(scenario, "flame.yaml"))
    assert not result.ok
    assert result.steps[0].ok
    assert "not supported yet: choosing 2 modes" in str(result.steps[1])
