"""Rules about targeting itself (helper T7): groups that can't be the targets of spells
or abilities (mtg:115.1, mtg:604.1, mtg:611.2c), costs that change with what a spell or
an ability targets (mtg:601.2f, mtg:602.2b, mtg:702.6a), and "It deals N damage instead
if that target is ..." (mtg:608.2c). Real card text (Oracle), then behaviour in small
games."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str) -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    found: list[object] = []
    for ability in card.abilities:
        if not isinstance(ability, n.KeywordAbility):
            found.extend(getattr(ability, "effects", ()))
    return tuple(found)


_YOURS = d.AllOf((d.HasType("creature"), d.Controller("you")))


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:115.1", "mtg:611.2c")
def test_veilstone_amulet_a_group_for_the_turn() -> None:
    (effect,) = effects(
        "Whenever you cast a spell, creatures you control can't be the targets of spells or "
        "abilities your opponents control this turn.",
        "Veilstone Amulet",
        "Artifact",
    )
    assert effect == n.CantBeTargeted(n.Each(_YOURS), True, True, True, "end_of_turn")


@pytest.mark.rules("mtg:115.1", "mtg:702.16a")
def test_display_of_dominance_blue_or_black_spells_only() -> None:
    card = parse_card(
        "mtg",
        "Choose one —\n• Destroy target blue or black noncreature permanent.\n"
        "• Permanents you control can't be the targets of blue or black spells your "
        "opponents control this turn.",
        name="Display of Dominance",
        type_line="Instant",
    )
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    (modal,) = ability.effects
    assert isinstance(modal, n.Modal)
    assert modal.modes[1].effects == (
        n.CantBeTargeted(
            n.Each(d.AllOf((d.IsPermanent(), d.Controller("you")))),
            True,
            False,
            True,
            "end_of_turn",
            qualities=("blue", "black"),
        ),
    )


@pytest.mark.rules("mtg:115.1", "mtg:604.1")
def test_spellbane_centaur_blue_spells_or_abilities_from_blue_sources() -> None:
    (effect,) = effects(
        "Creatures you control can't be the targets of blue spells or abilities from blue sources.",
        "Spellbane Centaur",
        "Creature — Centaur",
    )
    assert effect == n.CantBeTargeted(n.Each(_YOURS), True, True, False, qualities=("blue",))


@pytest.mark.rules("mtg:115.1", "mtg:604.1", "mtg:404.1")
def test_tomik_two_groups_joined_by_and() -> None:
    (effect,) = effects(
        "Lands on the battlefield and land cards in graveyards can't be the targets of spells "
        "or abilities your opponents control.",
        "Tomik, Distinguished Advokist",
        "Legendary Creature — Human Advisor",
    )
    assert isinstance(effect, n.CantBeTargeted)
    assert effect.opponents and effect.spells and effect.abilities
    assert isinstance(effect.what, n.Each)
    lands, cards = effect.what.descriptor.parts  # type: ignore[attr-defined]
    assert d.HasType("land") in lands.parts
    assert d.InZone("graveyard", "any") in cards.parts


@pytest.mark.rules("mtg:604.1", "mtg:115.1")
def test_spectral_shield_gets_and_cant_be_the_target() -> None:
    assert effects(
        "Enchant creature\nEnchanted creature gets +0/+2 and can't be the target of spells.",
        "Spectral Shield",
        "Enchantment — Aura",
    ) == (n.AttachedGets(0, 2), n.CantBeTargeted(n.Attached(), True, False, False))


@pytest.mark.rules("mtg:601.2f", "mtg:602.2b", "mtg:702.6a")
def test_strong_back_equip_abilities_and_aura_spells() -> None:
    card = parse_card(
        "mtg",
        "Enchant creature\nEquip abilities you activate that target enchanted creature cost {3} "
        "less to activate.\nAura spells you cast that target enchanted creature cost {3} less "
        "to cast.",
        name="Strong Back",
        type_line="Enchantment — Aura",
    )
    assert not card.unsupported, card.unsupported
    # "Equip abilities ..." is not the equip keyword with an odd cost
    assert [a.name for a in card.abilities if isinstance(a, n.KeywordAbility)] == ["enchant"]
    found = [e for a in card.abilities for e in getattr(a, "effects", ())]
    assert found == [
        n.TargetingCostChange("{3}", True, "you", n.Attached(), activated=True, ability="equip"),
        n.TargetingCostChange("{3}", True, "you", n.Attached(), spells=d.HasSubtype("aura")),
    ]


@pytest.mark.rules("mtg:601.2f")
def test_battlefield_thaumaturge_for_each_creature_it_targets() -> None:
    (effect,) = effects(
        "Each instant and sorcery spell you cast costs {1} less to cast for each creature it "
        "targets.",
        "Battlefield Thaumaturge",
        "Creature — Human Wizard",
    )
    assert effect == n.TargetingCostChange(
        "{1}",
        True,
        "you",
        d.HasType("creature"),
        per_target=True,
        spells=d.AnyOf((d.HasType("instant"), d.HasType("sorcery"))),
    )


@pytest.mark.rules("mtg:602.2b", "mtg:702.6a")
def test_equipment_abilities_and_its_own_equip_ability() -> None:
    (aspirant,) = effects(
        "Activated abilities of Equipment you control that target this creature cost {1} less "
        "to activate.",
        "Bladegraft Aspirant",
        "Creature — Phyrexian Warrior",
    )
    assert aspirant == n.TargetingCostChange(
        "{1}",
        True,
        "anyone",
        n.Self(),
        activated=True,
        spells=d.AllOf((d.HasSubtype("equipment"), d.Controller("you"))),
    )
    (blade,) = effects(
        "This Equipment's equip ability costs {2} less to activate if it targets a colorless "
        "creature.",
        "Ghostfire Blade",
        "Artifact — Equipment",
    )
    assert blade == n.TargetingCostChange(
        "{2}",
        True,
        "anyone",
        d.AllOf((d.Colorless(), d.HasType("creature"))),
        activated=True,
        spells=n.Self(),
        ability="equip",
    )


@pytest.mark.rules("mtg:608.2c")
def test_light_up_the_night_another_amount_instead() -> None:
    (effect,) = effects(
        "Light Up the Night deals X damage to any target. It deals X plus 1 damage instead if "
        "that target is a creature or planeswalker.",
        "Light Up the Night",
        "Sorcery",
    )
    assert effect == n.InsteadIfIs(
        n.TargetSlot(0),
        d.AnyOf((d.HasType("creature"), d.HasType("planeswalker"))),
        (n.DealDamage(n.Sum(("X", 1)), n.TargetSlot(0)),),
        (n.DealDamage("X", n.TargetSlot(0)),),
    )


@pytest.mark.rules("mtg:608.2c", "mtg:105.2")
def test_lithomantic_barrage_white_and_or_blue() -> None:
    (effect,) = effects(
        "Lithomantic Barrage deals 1 damage to target creature or planeswalker. It deals 5 "
        "damage instead if that target is white and/or blue.",
        "Lithomantic Barrage",
        "Sorcery",
    )
    assert isinstance(effect, n.InsteadIfIs)
    assert effect.condition == d.AnyOf((d.Color("white"), d.Color("blue")))
    assert effect.effects == (n.DealDamage(5, n.TargetSlot(0)),)


@pytest.mark.rules("mtg:608.2c")
def test_instead_with_no_damage_before_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Draw a card. It deals 5 damage instead if that target is white.",
        name="Dummy",
        type_line="Sorcery",
    )
    assert [u.text for u in card.unsupported] == [
        "It deals 5 damage instead if that target is white."
    ]


# ------------------------------------------------------------------ behaviour
_CARDS = """
cards:
  Light:
    type: Sorcery
    cost: "{X}{R}"
    text: >-
      Light deals X damage to any target. It deals X plus 1 damage instead if that target is
      a creature or planeswalker.
  Barrage:
    type: Sorcery
    cost: "{R}"
    text: >-
      Barrage deals 1 damage to target creature or planeswalker. It deals 5 damage instead
      if that target is white and/or blue.
  Thaumaturge:
    type: Creature — Human Wizard
    cost: "{1}{U}"
    text: >-
      Each instant and sorcery spell you cast costs {1} less to cast for each creature it
      targets.
    power: 2
    toughness: 1
  Tomik:
    type: Legendary Creature — Human Advisor
    cost: "{W}{U}"
    text: >-
      Lands on the battlefield and land cards in graveyards can't be the targets of spells
      or abilities your opponents control.
    power: 2
    toughness: 3
  Centaur:
    type: Creature — Centaur
    cost: "{2}{G}"
    text: >-
      Creatures you control can't be the targets of blue spells or abilities from blue
      sources.
    power: 3
    toughness: 3
  Pinger:
    type: Creature — Human Wizard
    cost: "{U}"
    colors: [blue]
    text: "{T}: Pinger deals 1 damage to any target."
    power: 1
    toughness: 1
  Bears:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Knight:
    type: Creature — Human Knight
    cost: "{W}"
    power: 2
    toughness: 6
  Blast:
    type: Instant
    cost: "{3}{R}"
    text: Blast deals 2 damage to any target.
  Cloak:
    type: Enchantment — Aura
    cost: "{3}{G}"
    text: |-
      Enchant creature
      Enchanted creature gets +2/+2.
  Ouphe:
    type: Creature — Ouphe
    cost: "{G}"
    text: Spells that target this creature cost {2} less to cast.
    power: 1
    toughness: 1
  Counter:
    type: Instant
    cost: "{3}{U}"
    text: Counter target spell.
  Willow:
    type: Legendary Creature — Avatar
    cost: "{4}{G}{G}"
    text: "Shroud\\n{G}: Until end of turn, Willow can be the target of spells and abilities
      controlled by target player as though it didn't have shroud."
    power: 4
    toughness: 4
  Meddle:
    type: Instant
    cost: "{1}{U}"
    text: >-
      If target spell has only one target and that target is a creature, change that
      spell's target to another creature.
  Dig:
    type: Sorcery
    cost: "{G}"
    text: Return target land card from a graveyard to its owner's hand.
"""


def play(setup: str, steps: str) -> list[str]:
    """Run the steps; the failures (empty when every check passed)."""
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "targeting-rules-test.yaml"))
    assert result.error is None, result.error
    return [message for _, message in result.failures]


@pytest.mark.rules("mtg:608.2c", "mtg:107.3a")
def test_x_plus_one_at_a_creature_x_at_a_player() -> None:
    failures = play(
        """
  Alice:
    hand: [Light, {card: Light, as: Second Light}]
  Bob:
    battlefield: [Knight]
""",
        """
  - cast: Light
    by: Alice
    x: 3
    targets: [Bob]
  - resolve: 1
  - cast: Second Light
    by: Alice
    x: 3
    targets: [Knight]
  - resolve: 1
  - expect:
      life: {Bob: 17}
      damage: {Knight: 4}
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:608.2c", "mtg:608.2b")
def test_the_color_is_checked_as_the_spell_resolves() -> None:
    """The Knight is made blue after Barrage is cast: 5 damage; a Bears stays green: 1."""
    failures = play(
        """
  Alice:
    hand: [Barrage, {card: Barrage, as: Second Barrage}]
  Bob:
    battlefield: [Knight, Bears]
""",
        """
  - cast: Barrage
    by: Alice
    targets: [Knight]
  - do: {becomes: {Knight: {colors: [blue]}}}
  - resolve: 1
  - cast: Second Barrage
    by: Alice
    targets: [Bears]
  - resolve: 1
  - expect:
      damage: {Knight: 5, Bears: 1}
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:608.2b")
def test_an_illegal_target_is_dealt_nothing_either_way() -> None:
    failures = play(
        """
  Alice:
    hand: [Barrage]
  Bob:
    battlefield: [Knight]
""",
        """
  - cast: Barrage
    by: Alice
    targets: [Knight]
  - do: {move: {Knight: hand}}
  - resolve: 1
  - expect:
      zone: {Knight: hand, Barrage: graveyard}
      events: [{kind: did_not_resolve}]
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:601.2f")
def test_thaumaturge_counts_creatures_only_for_its_controllers_instants_and_sorceries() -> None:
    """Alice's Blast at a creature: {1} less; Bob's Blast and Alice's Aura: unchanged
    (no total is announced: nothing changed the cost)."""
    failures = play(
        """
  Alice:
    hand: [Blast, Cloak]
    battlefield: [Thaumaturge, Bears, Knight]
  Bob:
    hand: [{card: Blast, as: Bob's Blast}]
""",
        """
  - cast: Blast
    by: Alice
    targets: [Bears]
  - expect:
      events: [{kind: total_cost, object: Blast, cost: "{2}{R}"}]
  - resolve: 1
  - cast: Bob's Blast
    by: Bob
    targets: [Thaumaturge]
  - expect:
      events: [{kind: total_cost}]
  - resolve: 1
  - cast: Cloak
    by: Alice
    targets: [Knight]
  - expect:
      events: [{kind: total_cost}]
""",
    )
    assert len(failures) == 2, failures
    assert all("total_cost" in f for f in failures), failures


@pytest.mark.rules("mtg:115.1", "mtg:109.5", "mtg:604.1")
def test_tomik_stops_its_controllers_opponents_at_any_land_card_in_a_graveyard() -> None:
    failures = play(
        """
  Alice:
    hand: [{card: Dig, as: Alice's Dig}]
    battlefield: [Tomik]
    graveyard: [Forest]
  Bob:
    hand: [Dig]
    graveyard: [Island]
""",
        """
  - expect:
      legal_targets:
        - {card: Dig, by: Bob, instance: 1, equals: []}
        - {card: Alice's Dig, by: Alice, instance: 1, equals: [Forest, Island]}
      target_verdict:
        {card: Dig, by: Bob, instance: 1, candidate: Island, legal: false, rule: mtg:601.2c}
  - do: {move: {Tomik: graveyard}}
  - expect:
      legal_targets: {card: Dig, by: Bob, instance: 1, equals: [Forest, Island]}
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:115.1", "mtg:602.2b", "mtg:702.16a")
def test_centaur_stops_abilities_from_blue_sources_and_covers_itself() -> None:
    failures = play(
        """
  Alice:
    battlefield: [Centaur, Bears]
  Bob:
    battlefield: [Pinger]
""",
        """
  - activate: Pinger
    by: Bob
    ability: 1
    targets: [Centaur]
    rejected: mtg:602.2b
  - activate: Pinger
    by: Bob
    ability: 1
    targets: [Bears]
    rejected: mtg:602.2b
  - activate: Pinger
    by: Bob
    ability: 1
    targets: [Alice]
  - resolve: 1
  - expect:
      life: {Alice: 19}
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:115.1")
def test_lurker_unless_it_attacked_or_blocked() -> None:
    (effect,) = effects(
        "This creature can't be the target of spells unless it attacked or blocked this turn.",
        "Lurker",
        "Creature — Beast",
    )
    assert effect == n.CantBeTargeted(
        n.Self(),
        True,
        False,
        False,
        unless=d.AnyOf((d.Condition("attacked_this_turn"), d.Condition("blocked_this_turn"))),
    )


@pytest.mark.rules("mtg:702.18a")
def test_autumn_willow_as_though_no_shroud_for_target_player() -> None:
    (effect,) = effects(
        "Shroud\n{G}: Until end of turn, Autumn Willow can be the target of spells and "
        "abilities controlled by target player as though it didn't have shroud.",
        "Autumn Willow",
        "Legendary Creature — Avatar",
    )
    assert effect == n.TargetableDespiteShroud(n.Self(), n.TargetSlot(0))


@pytest.mark.rules("mtg:702.18a")
def test_as_though_it_didnt_have_another_ability_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "{G}: Until end of turn, Dummy can be the target of spells and abilities controlled "
        "by target player as though it didn't have flying.",
        name="Dummy",
        type_line="Creature",
    )
    assert len(card.unsupported) == 1


@pytest.mark.rules("mtg:113.6", "mtg:601.2f")
def test_kaervek_torch_works_on_the_stack() -> None:
    card = parse_card(
        "mtg",
        "As long as Kaervek's Torch is on the stack, spells that target it cost {2} more to "
        "cast.\nKaervek's Torch deals X damage to any target.",
        name="Kaervek's Torch",
        type_line="Sorcery",
    )
    assert not card.unsupported
    static = card.abilities[0]
    assert isinstance(static, n.StaticAbility)
    assert static.effects == (
        n.TargetingCostChange("{2}", False, "anyone", n.Self(), on_stack=True),
    )


def test_a_permanents_cost_change_does_not_work_from_the_stack() -> None:
    """A creature spell's "Spells that target ~ cost {2} less" works only on the
    battlefield (mtg:113.6): a spell at it while it is on the stack is not changed."""
    failures = play(
        """
  Alice:
    hand: [Ouphe, Counter]
""",
        """
  - cast: Ouphe
    by: Alice
  - cast: Counter
    by: Alice
    targets: [Ouphe]
  - expect:
      events: [{kind: total_cost}]
""",
    )
    assert len(failures) == 1 and "total_cost" in failures[0], failures


@pytest.mark.rules("mtg:702.18a", "mtg:611.2a")
def test_shroud_is_ignored_for_that_player_until_the_turn_ends() -> None:
    failures = play(
        """
  Alice:
    battlefield: [Willow]
  Bob:
    hand: [Blast, {card: Blast, as: Next Blast}]
""",
        """
  - activate: Willow
    by: Alice
    ability: 1
    targets: [Bob]
  - resolve: 1
  - expect:
      target_verdict: {card: Blast, by: Bob, instance: 1, candidate: Willow, legal: true}
  - end_turn: true
  - expect:
      target_verdict:
        {card: Next Blast, by: Bob, instance: 1, candidate: Willow, legal: false, rule: mtg:702.18a}
""",
    )
    assert failures == []


@pytest.mark.rules("mtg:608.2c", "mtg:115.7a")
def test_meddle_and_quicksilver_dragon_only_one_target() -> None:
    (meddle,) = effects(
        "If target spell has only one target and that target is a creature, change that "
        "spell's target to another creature.",
        "Meddle",
        "Instant",
    )
    assert meddle == n.Conditional(
        n.TargetSlot(0),
        d.AllOf((d.TargetCount("==", 1), d.Targets(d.HasType("creature"), only=True))),
        (n.ChangeTargets(n.TargetSlot(0), "change_the_target", must_be=d.HasType("creature")),),
    )
    (dragon,) = effects(
        "{U}: If target spell has only one target and that target is this creature, change "
        "that spell's target to another creature.",
        "Quicksilver Dragon",
        "Creature — Dragon",
    )
    assert isinstance(dragon, n.Conditional)
    assert dragon.condition == d.AllOf(
        (d.TargetCount("==", 1), d.Targets(d.Not(d.Other()), only=True))
    )


@pytest.mark.rules("mtg:604.1", "mtg:613.1f")
def test_callaphe_creatures_and_enchantments_you_control_have() -> None:
    (grant,) = effects(
        'Creatures and enchantments you control have "Spells your opponents cast that target '
        'this permanent cost {1} more to cast."',
        "Callaphe, Beloved of the Sea",
        "Legendary Enchantment Creature — Demigod",
    )
    assert isinstance(grant, n.GrantAbility)
    assert grant.what == n.Each(
        d.AllOf(
            (
                d.AnyOf((d.HasType("creature"), d.HasType("enchantment"))),
                d.Controller("you"),
            )
        )
    )
    assert grant.effects == (n.TargetCostChange("{1}", opponents_targeting_self=True),)


@pytest.mark.rules("mtg:115.7a")
def test_the_new_target_must_be_a_creature() -> None:
    """Meddle at a Shock aimed at a creature: the new target can't be a player."""
    failures = play(
        """
  Alice:
    hand: [Blast]
    battlefield: [Bears]
  Bob:
    hand: [Meddle]
    battlefield: [Knight]
""",
        """
  - cast: Blast
    by: Alice
    targets: [Knight]
  - cast: Meddle
    by: Bob
    targets: [Blast]
  - {resolve: 1, choose: {new_targets: [[Alice]]}, rejected: mtg:115.7a}
  - expect:
      targets: {Blast: [[Knight]]}
      zone: {Meddle: stack}
  - {resolve: 1, choose: {new_targets: [[Bears]]}}
  - expect:
      targets: {Blast: [[Bears]]}
""",
    )
    assert failures == [], failures
