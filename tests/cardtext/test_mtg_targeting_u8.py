"""Abilities about targeting itself (helper U8): a permanent's ability that changes
the cost of the spells some players cast that target something (mtg:601.2f), and
"Cards in graveyards can't be the targets of spells or abilities" (mtg:115.1,
mtg:604.1). Real card text (Oracle), then behaviour in small games."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def statics(text: str, name: str, type_line: str = "Creature") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.StaticAbility), ability
    return ability.effects


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:601.2f")
@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (
            "Spells your opponents cast that target Accursed Witch cost {1} less to cast.",
            "Accursed Witch",
            n.TargetingCostChange("{1}", True, "opponents", n.Self()),
        ),
        (
            "Spells you cast that target this creature cost {2} less to cast.",
            "Elderwood Scion",
            n.TargetingCostChange("{2}", True, "you", n.Self()),
        ),
        (
            "Spells that target this creature cost {2} less to cast.",
            "Spellwild Ouphe",
            n.TargetingCostChange("{2}", True, "anyone", n.Self()),
        ),
        (
            "Spells you cast that target a creature cost {2} less to cast.",
            "Killian, Ink Duelist",
            n.TargetingCostChange("{2}", True, "you", d.HasType("creature")),
        ),
        (
            "Spells you cast that target enchanted player cost {1} less to cast.",
            "Infectious Curse",
            n.TargetingCostChange("{1}", True, "you", n.Attached()),
        ),
        (
            "Spells your opponents cast that target Terror of the Peaks cost an additional "
            "3 life to cast.",
            "Terror of the Peaks",
            n.TargetingCostChange("", False, "opponents", n.Self(), life=3),
        ),
        (
            "Spells your opponents cast that target a Merfolk you control cost {2} more to cast.",
            "Kopala, Warden of Waves",
            n.TargetingCostChange(
                "{2}",
                False,
                "opponents",
                d.AllOf((d.HasSubtype("merfolk"), d.Controller("you"))),
            ),
        ),
    ],
)
def test_cost_changes_of_spells_that_target_are_read(
    text: str, name: str, expected: n.TargetingCostChange
) -> None:
    assert statics(text, name) == (expected,)


@pytest.mark.rules("mtg:601.2f")
def test_the_older_tax_reading_is_kept() -> None:
    """ "Spells your opponents cast that target ~ cost {2} more" stays a TargetCostChange."""
    (effect,) = statics(
        "Spells your opponents cast that target Syr Elenora cost {2} more to cast.", "Syr Elenora"
    )
    assert effect == n.TargetCostChange("{2}", opponents_targeting_self=True)


@pytest.mark.rules("mtg:601.2f")
def test_a_life_change_other_than_additional_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Spells your opponents cast that target Dummy cost an extra 3 life to cast.",
        name="Dummy",
        type_line="Creature",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:115.1", "mtg:604.1")
def test_cards_in_graveyards_cant_be_targeted_is_read() -> None:
    (effect,) = statics(
        "Cards in graveyards can't be the targets of spells or abilities.",
        "Ground Seal",
        "Enchantment",
    )
    assert effect == n.CantBeTargeted(n.Each(d.InZone("graveyard")), True, True, False)


# ------------------------------------------------------------------ behaviour
_CARDS = """
cards:
  Spellwild Ouphe:
    type: Creature — Ouphe
    cost: "{G}"
    text: Spells that target this creature cost {2} less to cast.
    power: 1
    toughness: 1
  Killian:
    type: Legendary Creature — Human Warlock
    cost: "{W}{B}"
    text: Spells you cast that target a creature cost {2} less to cast.
    power: 2
    toughness: 3
  Terror:
    type: Creature — Dragon
    cost: "{3}{R}{R}"
    text: Spells your opponents cast that target Terror cost an additional 3 life to cast.
    power: 5
    toughness: 4
  Curse:
    type: Enchantment — Aura Curse
    cost: "{2}{B}"
    text: |-
      Enchant player
      Spells you cast that target enchanted player cost {1} less to cast.
  Ground Seal:
    type: Enchantment
    cost: "{1}{G}"
    text: Cards in graveyards can't be the targets of spells or abilities.
  Bears:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Blast:
    type: Instant
    cost: "{3}{R}"
    text: Blast deals 2 damage to any target.
  Raise:
    type: Sorcery
    cost: "{B}"
    text: Return target creature card from your graveyard to your hand.
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:601.2f")
def test_reductions_add_up_and_never_go_below_nothing() -> None:
    """{3}{R} less {2} (Killian: Alice's spell targets a creature) and less {2} (the
    Ouphe: anyone's spell that targets it): {R}."""
    play(
        """
  - cast: Blast
    by: Alice
    targets: [Spellwild Ouphe]
  - expect:
      events: [{kind: total_cost, object: Blast, cost: "{R}", rule: mtg:601.2f}]
""",
        """
  Alice:
    hand: [Blast]
    battlefield: [Killian]
  Bob:
    battlefield: [Spellwild Ouphe]
""",
    )


@pytest.mark.rules("mtg:601.2f")
def test_a_reduction_for_you_does_not_apply_to_an_opponent() -> None:
    """Bob's Blast at Alice's Bears: Killian is Alice's, so no change is announced;
    at Alice herself (a player, not a creature) no change either."""
    text = f"""game: mtg
players: [Alice, Bob]
{_CARDS}
setup:
  Alice:
    battlefield: [Killian, Bears]
  Bob:
    hand: [Blast]
steps:
  - cast: Blast
    by: Bob
    targets: [Bears]
  - expect:
      events: [{{kind: total_cost, object: Blast}}]
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    # no total_cost event: the cost stays {3}{R}
    assert not result.ok
    assert "expected event {'kind': 'total_cost'" in str(result.failures), result.failures


@pytest.mark.rules("mtg:601.2f")
def test_life_is_added_to_the_total_cost_for_an_opponent_only() -> None:
    play(
        """
  - cast: Blast
    by: Alice
    targets: [Terror]
  - expect:
      events: [{kind: total_cost, object: Blast, cost: "{3}{R} and 3 life", life: 3}]
""",
        """
  Alice:
    hand: [Blast]
  Bob:
    battlefield: [Terror]
""",
    )


@pytest.mark.rules("mtg:601.2f", "mtg:303.4")
def test_enchanted_player_is_the_player_the_curse_is_attached_to() -> None:
    play(
        """
  - cast: Curse
    by: Alice
    targets: [Bob]
  - resolve: 1
  - cast: Blast
    by: Alice
    targets: [Bob]
  - expect:
      events: [{kind: total_cost, object: Blast, cost: "{2}{R}"}]
""",
        """
  Alice:
    hand: [Curse, Blast]
""",
    )


@pytest.mark.rules("mtg:115.1", "mtg:601.2c", "mtg:604.1")
def test_cards_in_graveyards_are_not_legal_targets_while_the_permanent_is_there() -> None:
    play(
        """
  - expect:
      legal_targets: {card: Raise, by: Alice, instance: 1, equals: []}
      target_verdict:
        {card: Raise, by: Alice, instance: 1, candidate: Bears, legal: false, rule: mtg:601.2c}
  - do: {move: {Ground Seal: graveyard}}
  - expect:
      legal_targets: {card: Raise, by: Alice, instance: 1, equals: [Bears]}
""",
        """
  Alice:
    hand: [Raise]
    graveyard: [Bears]
  Bob:
    battlefield: [Ground Seal]
""",
    )


@pytest.mark.rules("mtg:702.11e")
def test_as_though_no_hexproof_for_anyone_and_for_opponents_too_is_read() -> None:
    (anyone,) = statics(
        "Creatures your opponents control can be the targets of spells and abilities as "
        "though they didn't have hexproof.",
        "Nowhere to Run",
        "Enchantment",
    )
    assert anyone == n.TargetAsThoughNoHexproof(
        d.AllOf((d.HasType("creature"), d.Controller("opponent"))), anyone=True
    )
    (kaya,) = statics(
        "Your opponents and permanents your opponents control with hexproof can be the "
        "targets of spells and abilities you control as though they didn't have hexproof.",
        "Kaya, Bane of the Dead",
        "Legendary Planeswalker",
    )
    assert isinstance(kaya, n.TargetAsThoughNoHexproof) and not kaya.anyone
    assert isinstance(kaya.what, d.AnyOf)
    assert kaya.what.parts[0] == d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))


_HEXPROOF = """
cards:
  Tower:
    type: Artifact
    text: >-
      Your opponents and permanents your opponents control with hexproof can be the
      targets of spells and abilities you control as though they didn't have hexproof.
  Bogle:
    type: Creature — Beast
    text: Hexproof
    power: 1
    toughness: 1
  Sanctity:
    type: Enchantment
    text: You have hexproof.
  Spike:
    type: Sorcery
    cost: "{R}"
    text: Spike deals 3 damage to target player or planeswalker.
"""


@pytest.mark.rules("mtg:702.11e", "mtg:702.11c")
def test_an_opponent_with_hexproof_can_be_targeted_by_the_controller_only() -> None:
    """Bob's Tower lets Bob's spells target Alice (who has hexproof) and her Bogle; the
    Tower does nothing for Alice's spells at Bob's own Bogle... which Alice can't target."""
    text = f"""game: mtg
players: [Alice, Bob]
{_HEXPROOF}
setup:
  Alice:
    hand: [{{card: Spike, as: Alice's Spike}}]
    battlefield: [Sanctity, Bogle]
  Bob:
    hand: [Spike]
    battlefield: [Tower, {{card: Bogle, as: Bob's Bogle}}, {{card: Sanctity, as: Bob's Sanctity}}]
steps:
  - expect:
      target_verdict:
        - {{card: Spike, by: Bob, instance: 1, candidate: Alice, legal: true, rule: mtg:702.11e}}
        - {{card: Alice's Spike, by: Alice, instance: 1, candidate: Bob, legal: false}}
  - cast: Spike
    by: Bob
    targets: [Alice]
  - resolve: 1
  - expect:
      life: {{Alice: 17}}
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    assert result.ok, result.error or result.failures


# ------------------------------------------------------------------ text changes
@pytest.mark.rules("mtg:612.1", "mtg:612.2")
@pytest.mark.parametrize(
    ("text", "kinds", "duration"),
    [
        (
            "Change the text of target spell or permanent by replacing all instances of one "
            "color word with another.",
            ("color",),
            None,
        ),
        (
            "Change the text of target permanent by replacing all instances of one color word "
            "with another or one basic land type with another until end of turn.",
            ("color", "basic_land_type"),
            "end_of_turn",
        ),
        (
            "Change the text of target spell or permanent by replacing all instances of one "
            "creature type with another.",
            ("creature_type",),
            None,
        ),
    ],
)
def test_text_changes_are_read(text: str, kinds: tuple[str, ...], duration: str | None) -> None:
    card = parse_card("mtg", text, name="Sleight of Mind", type_line="Instant")
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.ChangeText(n.TargetSlot(0), kinds, duration),)


@pytest.mark.rules("mtg:612.2")
def test_a_text_change_of_other_words_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Change the text of target permanent by replacing all instances of one card name "
        "with another.",
        name="Dummy",
        type_line="Instant",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:612.1", "mtg:613.1c")
def test_resolving_a_text_change_is_not_supported() -> None:
    """No text layer: the spell is read whole, and resolving it refuses by name."""
    text = """game: mtg
players: [Alice, Bob]
cards:
  Sleight:
    type: Instant
    cost: "{U}"
    text: >-
      Change the text of target spell or permanent by replacing all instances of one
      color word with another.
  Bears:
    type: Creature — Bear
    power: 2
    toughness: 2
setup:
  Alice:
    hand: [Sleight]
  Bob:
    battlefield: [Bears]
steps:
  - cast: Sleight
    by: Alice
    targets: [Bears]
  - resolve: 1
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    assert not result.ok
    said = str(result.error or result.failures or result.unsupported)
    assert "ChangeText" in said, said


# ------------------------------------------------------------------ modes, players
@pytest.mark.rules("mtg:700.2a", "mtg:115.3")
def test_each_mode_must_target_a_different_player_is_read() -> None:
    card = parse_card(
        "mtg",
        "When Vindictive Lich dies, choose one or more. Each mode must target a different "
        "player.\n• Target opponent discards two cards.\n• Target opponent loses 5 life.",
        name="Vindictive Lich",
        type_line="Creature — Zombie Wizard",
    )
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.TriggeredAbility)
    (modal,) = ability.effects
    assert isinstance(modal, n.Modal)
    assert (modal.min, modal.max, modal.distinct_targets, len(modal.modes)) == (1, None, True, 2)


_MODES = """
cards:
  Edict:
    type: Sorcery
    cost: "{B}"
    text: |-
      Choose one or more. Each mode must target a different player.
      • Target player loses 2 life.
      • Target player loses 3 life.
      • Target player draws a card.
  Free Edict:
    type: Sorcery
    cost: "{B}"
    text: |-
      Choose one or more —
      • Target player loses 2 life.
      • Target player loses 3 life.
"""


@pytest.mark.rules("mtg:115.3", "mtg:700.2a")
def test_a_player_can_be_the_target_of_one_chosen_mode_only() -> None:
    """With the sentence, the third mode may not reuse the first's player (Bob loses 2);
    without it (Free Edict) the same player may be the target of both modes (mtg:115.3):
    Bob loses 2 and 3 more."""
    text = f"""game: mtg
players: [Alice, Bob, Carol]
{_MODES}
setup:
  Alice:
    hand: [Edict, Free Edict]
steps:
  - cast: Edict
    by: Alice
    modes: [1, 2, 3]
    targets: [[Bob], [Carol], [Bob]]
    rejected: mtg:115.3
  - cast: Edict
    by: Alice
    modes: [1, 3]
    targets: [[Bob], [Carol]]
  - resolve: 1
  - cast: Free Edict
    by: Alice
    modes: [1, 2]
    targets: [[Bob], [Bob]]
  - resolve: 1
  - expect:
      life: {{Bob: 13, Carol: 20}}
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:601.2f")
def test_for_each_target_is_read_and_counts_every_target() -> None:
    card = parse_card(
        "mtg",
        "Spells you cast cost {1} less to cast for each target.\n"
        "Spells your opponents cast cost {1} more to cast for each target.",
        name="Hinata, Dawn-Crowned",
        type_line="Legendary Creature — Kirin Spirit",
    )
    assert not card.unsupported, card.unsupported
    effects = [e for a in card.abilities for e in getattr(a, "effects", ())]
    assert effects == [
        n.TargetingCostChange("{1}", True, "you", None, per_target=True),
        n.TargetingCostChange("{1}", False, "opponents", None, per_target=True),
    ]
    text = f"""game: mtg
players: [Alice, Bob]
{_CARDS}
  Hinata:
    type: Legendary Creature — Kirin Spirit
    text: Spells your opponents cast cost {{1}} more to cast for each target.
    power: 4
    toughness: 4
  Trail:
    type: Sorcery
    cost: "{{R}}"
    text: Trail deals 2 damage to any target and 1 damage to another target.
setup:
  Alice:
    battlefield: [Hinata, Bears]
  Bob:
    hand: [Trail]
steps:
  - cast: Trail
    by: Bob
    targets: [[Bears], [Alice]]
  - expect:
      events: [{{kind: total_cost, object: Trail, cost: "{{2}}{{R}}"}}]
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:602.2b", "mtg:601.2f")
def test_an_activated_ability_at_a_merfolk_costs_more_for_an_opponent_only() -> None:
    """Kopala's second ability: the mana in the ability's cost ({1}) plus {2}; the tap
    symbol is no mana. Alice's own ability at her Merfolk costs what it says."""
    text = """game: mtg
players: [Alice, Bob]
cards:
  Kopala:
    type: Legendary Creature — Merfolk Wizard
    text: >-
      Abilities your opponents activate that target a Merfolk you control cost {2} more
      to activate.
    power: 2
    toughness: 2
  Pinger:
    type: Creature — Human Wizard
    text: "{1}, {T}: Pinger deals 1 damage to any target."
    power: 1
    toughness: 1
setup:
  Alice:
    battlefield: [Kopala, {card: Pinger, as: Alice's Pinger}]
  Bob:
    battlefield: [Pinger]
steps:
  - activate: Pinger
    by: Bob
    ability: 1
    targets: [Kopala]
  - expect:
      events: [{kind: total_cost, cost: "{3}", mana_cost: "{1}", rule: mtg:602.2b}]
  - resolve: 1
  - activate: Alice's Pinger
    by: Alice
    ability: 1
    targets: [Kopala]
  - expect:
      events: [{kind: total_cost}]
"""
    result = run_scenario(parse_scenario(text, "targeting-test.yaml"))
    # the first expectation holds; the last fails: no change for Alice's own ability
    failures = [f for step in result.steps for f in step.failures]
    assert len(failures) == 1, failures
    assert "expected event {'kind': 'total_cost'}" in failures[0], failures


@pytest.mark.rules("mtg:115.1", "mtg:602.2b")
def test_abilities_from_sources_of_a_type_are_read() -> None:
    (effect,) = statics(
        "Enchanted creature can't be the target of abilities from artifact sources.",
        "Artifact Ward",
        "Enchantment — Aura",
    )
    assert effect == n.CantBeTargeted(n.Attached(), False, True, False, qualities=("artifact",))
    card = parse_card(
        "mtg",
        "Enchanted creature can't be the target of abilities from artifact creatures.",
        name="Dummy",
        type_line="Enchantment — Aura",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:115.7a")
def test_change_the_targets_is_read_as_change_the_target() -> None:
    card = parse_card(
        "mtg",
        "{R}, Sacrifice Goblin Flectomancer: You may change the targets of target instant or "
        "sorcery spell.",
        name="Goblin Flectomancer",
        type_line="Creature — Goblin Wizard",
    )
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (n.May((n.ChangeTargets(n.TargetSlot(0), "change_the_target"),)),)
