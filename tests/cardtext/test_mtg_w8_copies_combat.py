"""Magic copies and combat, helper W8, read as printed (Oracle text) and played: a copy
of a spell for each object or player it could target (mtg:707.10d), a copy given a new
target (mtg:707.10e), a copy of a permanent spell becoming a token (mtg:707.10f), and
creatures described by how they block the source (mtg:509.1a, mtg:509.1h)."""

from __future__ import annotations

import pytest
from tests.helpers import new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.games.magic.conditions import resolution_condition
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def read(text: str, name: str = "Test Card", type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:707.10d", "mtg:603.2")
def test_zada_copies_for_each_other_creature_you_control() -> None:
    card = read(
        "Whenever you cast an instant or sorcery spell that targets only Zada, copy that "
        "spell for each other creature you control that the spell could target. Each copy "
        "targets a different one of those creatures.",
        name="Zada, Hedron Grinder",
        type_line="Legendary Creature — Goblin Ally",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.CopySpell(
            n.TriggerObject("that spell"),
            for_each_could_target=d.AllOf((d.HasType("creature"), d.Controller("you"))),
        ),
    )


@pytest.mark.rules("mtg:707.10d", "mtg:112.2")
def test_precursor_golem_that_player_copies_for_each_other_golem() -> None:
    card = read(
        "Whenever a player casts an instant or sorcery spell that targets only a single "
        "Golem, that player copies that spell for each other Golem that spell could target. "
        "Each copy targets a different one of those Golems.",
        name="Precursor Golem",
        type_line="Artifact Creature — Golem",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.CopySpell(
        n.TriggerObject("that spell"),
        for_each_could_target=d.HasSubtype("golem"),
        by_its_controller=True,
    )


@pytest.mark.rules("mtg:707.10d")
def test_radiate_copies_for_each_permanent_or_player() -> None:
    card = read(
        "Choose target instant or sorcery spell that targets only a single permanent or "
        "player. Copy that spell for each other permanent or player the spell could target. "
        "Each copy targets a different one of those permanents and players.",
        name="Radiate",
    )
    effects = card.abilities[0].effects  # type: ignore[union-attr]
    assert effects[-1] == n.CopySpell(
        n.It("that spell"), for_each_could_target=d.AnyOf((d.IsPermanent(), d.IsPlayer()))
    )


@pytest.mark.parametrize(
    "text",
    [
        # the reminder sentence with no copy "for each" before it
        "Copy target instant spell. Each copy targets a different one of those creatures.",
        # "they control" with no other player copying
        "Whenever you cast an instant spell that targets only ~, copy that spell for each "
        "other creature they control that the spell could target.",
        # "The copy targets ~" after no single copy
        "Copy target instant spell twice. The copy targets ~.",
    ],
)
def test_copy_sentences_without_their_copy_are_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Instant")
    assert card.unsupported


@pytest.mark.rules("mtg:707.10e")
def test_ivy_the_copy_targets_itself() -> None:
    card = read(
        "Whenever a player casts a spell that targets only a single creature other than Ivy, "
        "you may copy that spell. The copy targets Ivy.",
        name="Ivy, Gleeful Spellthief",
        type_line="Legendary Creature — Elf Rogue",
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.May((n.CopySpell(n.TriggerObject("that spell"), new_target=n.Self()),)),
    )


@pytest.mark.rules("mtg:707.10", "mtg:110.4a")
def test_copy_target_permanent_spell_you_control() -> None:
    card = read("Copy target permanent spell you control three times.", name="Myojin")
    ability = card.abilities[0]
    (req,) = ability.requirements  # type: ignore[union-attr]
    assert req.zone == "stack"
    assert d.HasType("creature") in req.descriptor.parts[1].parts  # type: ignore[attr-defined]
    assert d.HasType("land") not in req.descriptor.parts[1].parts  # type: ignore[attr-defined]
    assert ability.effects == (n.CopySpell(n.TargetSlot(0), times=3),)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:509.1a", "mtg:509.1h")
@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("{B}{B}: Destroy target creature blocking ~.", "blocking_source"),
        ("{T}: Tap target creature with flying blocked by ~.", "blocked_by_source"),
        ("{B}: Destroy target creature ~ is blocking.", "blocked_by_source"),
    ],
)
def test_creatures_blocking_or_blocked_by_the_source(text: str, condition: str) -> None:
    card = read(text, name="Test Wall", type_line="Creature — Wall")
    (req,) = card.abilities[0].requirements  # type: ignore[union-attr]
    assert d.Condition(condition) in req.descriptor.parts  # type: ignore[attr-defined]


@pytest.mark.rules("mtg:707.9b", "mtg:707.9a")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Create a token that's a copy of target creature, except it's a 1/1 green Frog.",
            {"size": (1, 1), "colors": ("green",), "exact_types": ("frog",)},
        ),
        (
            "Create a token that's a copy of target creature, except it's a 6/6 green "
            "Dinosaur creature with trample.",
            {
                "size": (6, 6),
                "colors": ("green",),
                "exact_types": ("dinosaur", "creature"),
                "keywords": ("trample",),
            },
        ),
        (
            "Create a token that's a copy of target permanent you control, except it's a 5/5 "
            "artifact creature in addition to its other types and has haste.",
            {"size": (5, 5), "types": ("artifact", "creature"), "keywords": ("haste",)},
        ),
        (
            "Create two tokens that are copies of target noncreature permanent, except "
            "they're 3/3 Dragon creatures in addition to their other types, and they have "
            "flying.",
            {"count": 2, "size": (3, 3), "types": ("dragon", "creature"), "keywords": ("flying",)},
        ),
    ],
)
def test_token_copy_exceptions_give_values(text: str, expected: dict[str, object]) -> None:
    (effect,) = read(text, type_line="Sorcery").abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.CreateTokenCopy)
    for key, value in expected.items():
        assert getattr(effect, key) == value, key


def test_a_size_given_by_x_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Create a token that's a copy of target creature, except it's an X/X green Frog.",
        name="Test Card",
        type_line="Sorcery",
    )
    assert card.unsupported


# ------------------------------------------------------------------ playing
CARDS = """cards:
  Test Zada:
    type: Creature — Goblin
    power: 3
    toughness: 3
    text: >-
      Whenever you cast an instant or sorcery spell that targets only Test Zada, copy that
      spell for each other creature you control that the spell could target. Each copy
      targets a different one of those creatures.
  Test Ivy:
    type: Creature — Elf
    power: 2
    toughness: 2
    text: >-
      Whenever a player casts a spell that targets only a single creature other than Test
      Ivy, you may copy that spell. The copy targets Test Ivy.
  Test Twin Bolt:
    type: Instant
    text: >-
      Test Twin Bolt deals 1 damage to target creature and 1 damage to another target
      creature.
  Test Bolt:
    type: Instant
    colors: [red]
    text: "Test Bolt deals 1 damage to target creature."
  Test Bear Bolt:
    type: Instant
    text: "Test Bear Bolt deals 1 damage to target Bear."
  Test Pro Red:
    type: Creature — Human
    power: 2
    toughness: 2
    text: "Protection from red"
  Test Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Test Angel:
    type: Artifact Creature — Angel Construct
    colors: [white]
    power: 4
    toughness: 4
    text: "Flying"
  Test Frogify:
    type: Sorcery
    text: >-
      Create a token that's a copy of target creature, except it's a 6/6 green Dinosaur
      creature with trample.
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10d")
def test_each_copy_gets_one_other_creature_and_none_for_an_illegal_one() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt]
    battlefield: [Test Zada, Test Bear, Test Pro Red]
  Bob:
    battlefield: [Test Ivy]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Test Zada]}
  - {trigger: Test Zada, about: Test Bolt}
  - {resolve: 1}
  - expect:
      stack: [copy of Test Bolt, Test Bolt]
      targets: {copy of Test Bolt: [[Test Bear]]}
      events:
        - {kind: no_copy, rule: mtg:707.10d}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.10d", "mtg:115.3")
def test_a_spell_with_two_targets_gets_no_copy_as_one_object_cant_be_both() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Twin Bolt]
    battlefield: [Test Zada, Test Bear]
  Bob:
    battlefield: [Test Ivy]
steps:
  - {cast: Test Twin Bolt, by: Alice, targets: [[Test Zada], [Test Ivy]]}
  - {trigger: Test Zada, about: Test Twin Bolt}
  - {resolve: 1}
  - expect:
      stack: [Test Twin Bolt]
      events:
        - {kind: no_copy, rule: mtg:707.10d}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.10e")
def test_the_copy_targets_ivy_unless_ivy_is_not_a_legal_target() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt, Test Bear Bolt]
    battlefield: [Test Ivy]
  Bob:
    battlefield: [Test Bear]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Test Bear]}
  - {trigger: Test Ivy, about: Test Bolt}
  - {resolve: 1, choose: {may: true}}
  - expect:
      stack: [copy of Test Bolt, Test Bolt]
      targets: {copy of Test Bolt: [[Test Ivy]], Test Bolt: [[Test Bear]]}
      controller: {copy of Test Bolt: Alice}
      events:
        - {kind: targets_changed, rule: mtg:707.10e}
  - {resolve: 1}
  - {resolve: 1}
  - {cast: Test Bear Bolt, by: Alice, targets: [Test Bear]}
  - {trigger: Test Ivy, about: Test Bear Bolt}
  - {resolve: 1, choose: {may: true}}
  - expect:
      stack: [Test Bear Bolt]
      events:
        - {kind: no_copy, rule: mtg:707.10e}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.9b", "mtg:707.9a")
def test_given_values_replace_the_copied_ones_and_a_named_card_type_replaces_them_all() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Frogify]
  Bob:
    battlefield: [Test Angel]
steps:
  - {cast: Test Frogify, by: Alice, targets: [Test Angel]}
  - {resolve: 1}
  - expect:
      properties:
        token copy of Test Angel:
          power: 6
          toughness: 6
          colors: [green]
          types: [creature]
          subtypes: [dinosaur]
          keywords: [flying, trample]
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:601.2a", "mtg:608.2c")
def test_copy_twice_instead_if_cast_from_a_graveyard_is_read_whole() -> None:
    card = read(
        "Copy target instant or sorcery spell you control. If this spell was cast from a "
        "graveyard, copy that spell twice instead. You may choose new targets for the copies.",
        name="Increasing Vengeance",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.InsteadIf(
        "source_cast_from_a_graveyard",
        (n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True, times=2),),
        (n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True),),
        "~ was cast from a graveyard",
    )


@pytest.mark.rules("mtg:603.2", "mtg:608.2c")
def test_copy_it_or_that_spell_twice_instead_names_the_cast_spell() -> None:
    card = read(
        "Whenever you cast your second spell each turn, copy it. If you've completed a "
        "dungeon, copy that spell twice instead. You may choose new targets for the copies.",
        type_line="Creature — Elf Monk",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.InsteadIf)
    assert effect.otherwise == (n.CopySpell(n.TriggerObject("it"), may_choose_new_targets=True),)
    assert effect.effects == (
        n.CopySpell(n.TriggerObject("it"), may_choose_new_targets=True, times=2),
    )


@pytest.mark.rules("mtg:601.2a")
def test_cast_from_a_graveyard_is_the_spell_moving_from_a_graveyard_to_the_stack() -> None:
    game = new_game("mtg")
    chars = Characteristics(name="Test Spell", types=frozenset({"instant"}))
    in_hand = game.create(chars, "Alice", "hand")
    in_yard = game.create(chars, "Alice", "graveyard")
    from_hand = game.move(in_hand, "stack")
    from_yard = game.move(in_yard, "stack")
    key = "source_cast_from_a_graveyard"
    assert resolution_condition(game, "Alice", key, from_yard) is True
    assert resolution_condition(game, "Alice", key, from_hand) is False


@pytest.mark.rules("mtg:118.1", "mtg:707.10c")
def test_chain_of_vapor_sacrifice_a_land_to_copy() -> None:
    card = read(
        "Return target nonland permanent to its owner's hand. Then that permanent's controller "
        "may sacrifice a land of their choice. If the player does, they may copy this spell "
        "and may choose a new target for that copy.",
        name="Chain of Vapor",
    )
    effects = card.abilities[0].effects  # type: ignore[union-attr]
    assert effects[-1] == n.MayPayToCopy(
        n.ControllerOf(n.It("that permanent")), "sacrifice a land", sacrifice=d.HasType("land")
    )


def test_a_sacrifice_to_pay_alone_leads_to_nothing_read() -> None:
    # as "may pay {U}{U}" alone: read, and what doing it leads to is not (resolving it
    # is not supported, test_mtg_copies2)
    card = read(
        "Return target nonland permanent to its owner's hand. Then that permanent's controller "
        "may sacrifice a land of their choice.",
    )
    effect = card.abilities[0].effects[-1]  # type: ignore[union-attr]
    assert isinstance(effect, n.MayPayToCopy)
    assert effect.copy is False


@pytest.mark.rules("mtg:707.9b")
def test_copy_a_spell_except_it_isnt_legendary() -> None:
    card = read(
        "Copy target creature spell you control, except it isn't legendary if the spell is "
        "legendary.",
        name="Double Major",
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.CopySpell(n.TargetSlot(0), legendary=False),
    )


@pytest.mark.rules("mtg:508.4")
def test_a_token_copy_thats_tapped_and_attacking() -> None:
    card = read(
        "Whenever ~ attacks, create a token that's a copy of another target attacking "
        "creature and that's tapped and attacking.",
        name="Flamerush Rider",
        type_line="Creature — Human Warrior",
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.CreateTokenCopy(n.TargetSlot(0), attacking=True),
    )
