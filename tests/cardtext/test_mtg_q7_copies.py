"""Magic copies, helper Q7, read as printed (Oracle text) and played: copies of a spell
made by players other than the effect's controller, each theirs (mtg:707.10), and their
choice of new targets for their own copy (mtg:707.10c)."""

from __future__ import annotations

import json

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

HIVE_MIND = (
    "Whenever a player casts an instant or sorcery spell, each other player copies that "
    "spell. Each of those players may choose new targets for their copy."
)
CURSE = (
    "Enchant player\nWhenever enchanted player casts an instant or sorcery spell, each "
    "other player may copy that spell and may choose new targets for the copy they control."
)
CHARLATAN = (
    "{2}{U}, {T}: The controller of target instant or sorcery spell copies it. That player "
    "may choose new targets for the copy."
)


def read(text: str, name: str = "Test Card", type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:603.2")
def test_hive_mind_each_other_player_copies_the_cast_spell() -> None:
    card = read(HIVE_MIND, name="Hive Mind", type_line="Enchantment")
    (ability,) = card.abilities
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.OthersCopy(n.TriggerObject("that spell"), may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:707.10", "mtg:608.2d")
def test_curse_of_echoes_each_other_player_may_copy() -> None:
    card = read(CURSE, name="Curse of Echoes", type_line="Enchantment — Aura Curse")
    ability = card.abilities[-1]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.OthersCopy(n.TriggerObject("that spell"), may=True, may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:707.10", "mtg:707.10c")
def test_meletis_charlatan_the_spells_controller_copies_it() -> None:
    card = read(CHARLATAN, name="Meletis Charlatan", type_line="Creature — Human Wizard")
    (ability,) = card.abilities
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (
        n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True, by_its_controller=True),
    )


@pytest.mark.parametrize(
    "text",
    [
        # no copy just before: whose copy "the copy" is, is not read
        "Draw a card. That player may choose new targets for the copy.",
        "Draw a card. Each of those players may choose new targets for their copy.",
        # "you" copy: "that player" is not the copier
        "Copy target instant spell. That player may choose new targets for the copy.",
        # no cast trigger: "that spell" names nothing read
        "At the beginning of your upkeep, each other player copies that spell.",
    ],
)
def test_shapes_left_unread(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Enchantment")
    assert card.unsupported, card


# ------------------------------------------------------------------ playing
CARDS = f"""cards:
  Test Hive:
    type: Enchantment
    text: "{HIVE_MIND}"
  Test Bolt:
    type: Instant
    text: "Test Bolt deals 3 damage to any target."
  Test Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob, Carol]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10", "mtg:101.4")
def test_every_other_player_copies_in_turn_order_each_owning_theirs() -> None:
    result = play(
        """setup:
  Alice:
    battlefield: [Test Hive]
  Bob:
    hand: [Test Bolt]
steps:
  - {cast: Test Bolt, by: Bob, targets: [Carol]}
  - {trigger: Test Hive, about: Test Bolt}
  - {resolve: 1}
  - expect:
      events:
        - {kind: copied, rule: mtg:707.10}
        - {kind: copied, rule: mtg:707.10}
  - {resolve: 1}
  - {resolve: 1}
  - {resolve: 1}
  - expect:
      life: {Alice: 20, Bob: 20, Carol: 11}
"""
    )
    assert result.ok, result.problems
    said = [line.text for step in result.steps for line in step.narration]
    copied = [text.split()[0] for text in said if " copies Test Bolt" in text]
    # Alice (the active player) copies first, then Carol; Bob, the caster, doesn't
    assert copied == ["Alice", "Carol"]


@pytest.mark.rules("mtg:707.10c")
def test_new_targets_for_several_players_copies_are_not_supported() -> None:
    result = play(
        """setup:
  Alice:
    battlefield: [Test Hive]
  Bob:
    hand: [Test Bolt]
steps:
  - {cast: Test Bolt, by: Bob, targets: [Carol]}
  - {trigger: Test Hive, about: Test Bolt}
  - resolve: 1
    choose: {copy_targets: [[Bob]]}
"""
    )
    assert not result.ok
    assert not result.failures
    assert "new targets" in str(result.unsupported)


# ------------------------------------------------ copies for each commander cast
FURY_STORM = (
    "When you cast this spell, copy it for each time you've cast your commander from the "
    "command zone this game. You may choose new targets for the copies.\n"
    "Copy target instant or sorcery spell. You may choose new targets for the copy."
)


@pytest.mark.rules("mtg:903.8", "mtg:707.10c")
def test_fury_storm_copies_for_each_commander_cast() -> None:
    card = read(FURY_STORM, name="Fury Storm")
    trigger = card.abilities[0]
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (
        n.CopySpell(n.Self(), may_choose_new_targets=True, times=n.CommanderCasts()),
    )


@pytest.mark.parametrize(
    "text",
    [
        # another zone, another thing cast, or another span of time: not this count
        "When you cast this spell, copy it for each time you've cast your commander from "
        "the command zone this turn.",
        "When you cast this spell, copy it for each time you've cast your companion from "
        "the command zone this game.",
        "When you cast this spell, draw a card for each time you've cast your commander "
        "from the command zone this game.",
    ],
)
def test_commander_cast_look_alikes_left_unread(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Instant")
    assert card.unsupported, card


@pytest.mark.rules("mtg:903.3")
def test_counting_commander_casts_is_not_supported() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Test Storm:\n    type: Instant\n"
        f"    text: {json.dumps(FURY_STORM)}\n  Test Bolt:\n    type: Instant\n"
        "    text: Test Bolt deals 3 damage to any target.\n"
        """setup:
  Alice:
    hand: [Test Storm]
  Bob:
    hand: [Test Bolt]
steps:
  - {cast: Test Bolt, by: Bob, targets: [Alice]}
  - {cast: Test Storm, by: Alice, targets: [Test Bolt]}
  - {trigger: Test Storm}
  - {resolve: 1}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert not result.ok
    assert not result.failures
    assert "commander" in str(result.unsupported)


# ------------------------------------------------------------------ max speed
ENGINES = (
    "Start your engines! (If you have no speed, it starts at 1. It increases once on each "
    "of your turns when an opponent loses life. Max speed is 4.)\n"
)
SLICK = (
    ENGINES + "Max speed — {1}, Sacrifice this creature: Copy target spell you control. You "
    "may choose new targets for the copy. (A copy of a permanent spell becomes a token.)"
)


@pytest.mark.rules("mtg:702.178a")
def test_max_speed_activated_ability_is_kept_with_its_condition() -> None:
    card = parse_card("mtg", SLICK, name="Slick Imitator", type_line="Creature — Shapeshifter")
    (ability,) = [a for a in card.abilities if isinstance(a, n.ActivatedAbility)]
    assert ability.cost.parts == ("{1}", "Sacrifice ~")
    assert ability.effects == (n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True),)
    assert [q.kind for q in ability.qualifiers] == ["max_speed"]
    assert not [u for u in card.unsupported if "target" in u.text]


@pytest.mark.rules("mtg:702.178a")
def test_max_speed_triggered_ability_is_kept_with_its_condition() -> None:
    text = (
        "Vigilance\n" + ENGINES + "Max speed — At the beginning of combat on your turn, target "
        "creature or Vehicle you control gains double strike until end of turn."
    )
    card = parse_card("mtg", text, name="Pride of the Road", type_line="Creature — Cat")
    (ability,) = [a for a in card.abilities if isinstance(a, n.TriggeredAbility)]
    assert ability.trigger.word == "at"
    assert [q.kind for q in ability.qualifiers] == ["max_speed"]


def test_max_speed_static_ability_is_not_read_as_always_there() -> None:
    # read as a plain static ability it would apply at any speed: it stays the keyword
    # line it was, with no static effect
    text = ENGINES + "Max speed — This creature gets +1/+1 and has menace."
    card = parse_card("mtg", text, name="Gastal Raider", type_line="Creature — Human")
    assert not [a for a in card.abilities if isinstance(a, n.StaticAbility)], card
    assert all(not a.qualifiers for a in card.abilities if not isinstance(a, n.Unsupported))


@pytest.mark.rules("mtg:702.179e")
def test_using_a_max_speed_ability_is_not_supported() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Test Imitator:\n    type: Creature — "
        f"Shapeshifter\n    power: 1\n    toughness: 1\n    text: {json.dumps(SLICK)}\n"
        "  Test Bolt:\n    type: Instant\n    text: Test Bolt deals 3 damage to any target.\n"
        """setup:
  Alice:
    hand: [Test Bolt]
    battlefield: [Test Imitator]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Bob]}
  - {activate: Test Imitator, by: Alice, targets: [Test Bolt]}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert not result.ok
    assert not result.failures
    assert "speed" in str(result.unsupported)


# ------------------------------------------------------------------ token copies
@pytest.mark.rules("mtg:707.2", "mtg:608.2h")
def test_clone_legion_copies_each_creature_target_player_controls() -> None:
    card = read(
        "For each creature target player controls, create a token that's a copy of that creature.",
        name="Clone Legion",
        type_line="Sorcery",
    )
    (ability,) = card.abilities
    assert ability.effects == (  # type: ignore[union-attr]
        n.CreateTokenCopy(n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0))),
    )


@pytest.mark.parametrize(
    "text",
    [
        # "that artifact" is not one of the creatures counted
        "For each creature target player controls, create a token that's a copy of that artifact.",
        # Supplant Form: a copy of the creature as it last existed on the battlefield,
        # which the token copy does not take
        "Return target creature to its owner's hand. You create a token that's a copy of "
        "that creature.",
    ],
)
def test_token_copy_look_alikes_left_unread(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Sorcery")
    assert card.unsupported, card


@pytest.mark.rules("mtg:111.2", "mtg:115.1")
def test_for_each_opponent_you_create_a_copy_of_up_to_one_target() -> None:
    card = read(
        "For each opponent, you create a token that's a copy of up to one target creature "
        "that player controls.",
        name="Elminster's Simulacrum",
    )
    (ability,) = card.abilities
    assert ability.effects == (n.CreateTokenCopy(n.TargetSlot(0)),)  # type: ignore[union-attr]
    (requirement,) = ability.requirements  # type: ignore[union-attr]
    assert (requirement.min, requirement.max) == (0, None)
    assert [t.text for t in requirement.together] == ["one per player"]


# ------------------------------------------------------------- a spell not cast
@pytest.mark.rules("mtg:707.10", "mtg:601.2i")
def test_errant_copies_target_spell_that_wasnt_cast() -> None:
    card = read(
        "{T}: Copy target spell you control that wasn't cast. You may choose new targets "
        "for the copy.",
        name="Errant, Street Artist",
        type_line="Legendary Creature — Rat Rogue",
    )
    (ability,) = card.abilities
    (requirement,) = ability.requirements  # type: ignore[union-attr]
    assert d.Condition("not_cast") in requirement.descriptor.parts  # type: ignore[attr-defined]
    assert ability.effects == (  # type: ignore[union-attr]
        n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True),
    )


def test_that_other_word_cast_is_left_unread() -> None:
    card = parse_card(
        "mtg",
        "Copy target spell you control that was cast.",
        name="Test Card",
        type_line="Instant",
    )
    assert card.unsupported, card


@pytest.mark.rules("mtg:601.2a")
def test_wash_away_spell_that_wasnt_cast_from_its_owners_hand() -> None:
    card = read(
        "Cleave {1}{U}{U} (You may cast this spell for its cleave cost. If you do, remove "
        "the words in square brackets.)\nCounter target spell [that wasn't cast from its "
        "owner's hand].",
        name="Wash Away",
    )
    (requirement,) = card.target_requirements()
    parts = requirement.descriptor.parts  # type: ignore[attr-defined]
    # where it was cast from, not a zone it is in
    assert d.Condition("not_cast_from_owners_hand") in parts
    assert not [p for p in parts if isinstance(p, d.InZone) and p.zone == "hand"]
