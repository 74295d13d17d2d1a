"""Magic damage sentences read as printed (Oracle text): amounts read as the effect
happens (power, a count; mtg:608.2h), damage to more than one recipient, prevention
shields (mtg:615) and redirection (mtg:614.9); and what they do on resolution."""

from __future__ import annotations

import pytest
from tests.helpers import new_game, read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.games.magic.effects_damage import PreventionShield
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.objects import PlayerRef
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str | None = None, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line)


def not_read(text: str, name: str | None = None, type_line: str = "Instant") -> bool:
    return bool(unread(text, name=name, type_line=type_line))


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:120.2b", "mtg:608.2h")
def test_damage_equal_to_its_power_is_the_power_of_the_source() -> None:
    found = effects(
        "{R}, {T}: This creature deals damage equal to its power to any target.",
        "Spikeshot Goblin",
        "Creature — Goblin Shaman",
    )
    assert found == (n.DealDamage(n.PowerOf(n.Self()), n.TargetSlot(0), source=n.Self()),)


@pytest.mark.rules("mtg:120.2b")
@pytest.mark.parametrize(
    "text",
    [
        # Rabid Bite
        "Target creature you control deals damage equal to its power to target creature "
        "you don't control.",
        # Bite Down
        "Target creature you control deals damage equal to its power to target creature "
        "or planeswalker you don't control.",
    ],
)
def test_a_bite_is_the_first_target_dealing_damage_to_the_second(text: str) -> None:
    assert effects(text) == (
        n.DealDamage(n.PowerOf(n.TargetSlot(0)), n.TargetSlot(1), source=n.TargetSlot(0)),
    )


@pytest.mark.rules("mtg:608.2h")
def test_damage_equal_to_a_count() -> None:
    (effect,) = effects(
        "Rumbling Rockslide deals damage to target creature equal to the number of lands "
        "you control.",
        "Rumbling Rockslide",
    )
    assert effect == n.DealDamage(
        n.CountOf(d.AllOf((d.HasType("land"), d.Controller("you")))), n.TargetSlot(0)
    )
    (first,) = effects(
        "Cabaretti Charm deals damage equal to the number of creatures you control to "
        "target creature or planeswalker.",
        "Cabaretti Charm",
    )
    assert isinstance(first, n.DealDamage) and isinstance(first.amount, n.CountOf)


@pytest.mark.rules("mtg:107.3c")
def test_x_defined_by_the_text_is_a_count_not_an_announced_x() -> None:
    (effect,) = effects(
        "Whenever Scourge of Valkas or another Dragon you control enters, it deals X damage "
        "to any target, where X is the number of Dragons you control.",
        "Scourge of Valkas",
        "Creature — Dragon",
    )
    assert isinstance(effect, n.DealDamage)
    assert effect.amount == n.CountOf(d.AllOf((d.HasSubtype("dragon"), d.Controller("you"))))


@pytest.mark.rules("mtg:115.10b", "mtg:120.3a", "mtg:120.2")
def test_damage_to_you_and_to_itself() -> None:
    assert effects("Char deals 4 damage to any target and 2 damage to you.", "Char") == (
        n.DealDamage(4, n.TargetSlot(0)),
        n.DealDamage(2, n.You()),
    )
    assert effects(
        "{T}: This creature deals 2 damage to any target and 3 damage to itself.",
        "Psionic Entity",
        "Creature — Illusion",
    ) == (n.DealDamage(2, n.TargetSlot(0)), n.DealDamage(3, n.Self()))


@pytest.mark.rules("mtg:608.2h")
def test_damage_to_that_creatures_controller() -> None:
    assert effects(
        "Chandra's Outrage deals 4 damage to target creature and 2 damage to that "
        "creature's controller.",
        "Chandra's Outrage",
    ) == (
        n.DealDamage(4, n.TargetSlot(0)),
        n.DealDamage(2, n.ControllerOf(n.TargetSlot(0))),
    )


@pytest.mark.rules("mtg:115.10a")
def test_damage_to_each_creature_a_target_player_controls() -> None:
    assert effects(
        "Simoon deals 1 damage to each creature target opponent controls.", "Simoon"
    ) == (n.DealDamage(1, n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0))),)
    assert effects(
        "Lavalanche deals X damage to target player or planeswalker and each creature that "
        "player or that planeswalker's controller controls.",
        "Lavalanche",
    ) == (
        n.DealDamage("X", n.TargetSlot(0)),
        n.DealDamage("X", n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0))),
    )
    # "each other creature with the same name": not a group of the target's player, but
    # the creatures sharing the target's name (tests/cardtext/test_mtg_targets_together.py)
    (homing,) = effects(
        "Homing Lightning deals 4 damage to target creature and each other creature with the "
        "same name as that creature.",
        "Homing Lightning",
    )
    assert isinstance(homing, n.DealDamage)
    assert not isinstance(homing.to, n.EachControlledBy)


def test_you_may_have_it_deal_damage() -> None:
    (effect,) = effects(
        "When this creature dies, you may have it deal 1 damage to any target.",
        "Goblin Arsonist",
        "Creature — Goblin Shaman",
    )
    # the trigger is about the creature itself: "it" is the source, not the target
    assert effect == n.May((n.DealDamage(1, n.TargetSlot(0), source=n.Self()),))


@pytest.mark.rules("mtg:615.7", "mtg:615.1")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Samite Healer
            "Prevent the next 1 damage that would be dealt to any target this turn.",
            n.PreventDamage(n.TargetSlot(0), 1),
        ),
        (  # Indestructible Aura
            "Prevent all damage that would be dealt to target creature this turn.",
            n.PreventDamage(n.TargetSlot(0), None),
        ),
        (  # Subdue's first sentence
            "Prevent all combat damage that would be dealt by target creature this turn.",
            n.PreventDamage(n.TargetSlot(0), None, dealt_to=False, dealt_by=True, combat_only=True),
        ),
        (  # Resistance Fighter
            "Prevent all combat damage target creature would deal this turn.",
            n.PreventDamage(n.TargetSlot(0), None, dealt_to=False, dealt_by=True, combat_only=True),
        ),
        (  # Chain of Silence's first sentence: damage from that source
            "Prevent all damage target creature would deal this turn.",
            n.PreventDamage(n.TargetSlot(0), None, dealt_to=False, dealt_by=True),
        ),
        (  # Samite Alchemist's first sentence
            "Prevent the next 4 damage that would be dealt this turn to target creature you "
            "control.",
            n.PreventDamage(n.TargetSlot(0), 4),
        ),
        (  # Redeem
            "Prevent all damage that would be dealt this turn to up to two target creatures.",
            n.PreventDamage(n.TargetSlot(0), None),
        ),
        (  # Soratami Cloud Chariot
            "Prevent all combat damage that would be dealt to and dealt by target creature "
            "you control this turn.",
            n.PreventDamage(n.TargetSlot(0), None, dealt_to=True, dealt_by=True, combat_only=True),
        ),
    ],
)
def test_prevention(text: str, expected: n.PreventDamage) -> None:
    assert effects(text) == (expected,)


@pytest.mark.rules("mtg:615.8", "mtg:609.7a")
def test_prevention_of_the_next_damage_from_a_chosen_source() -> None:
    assert effects(
        "The next time a source of your choice would deal damage to any target this turn, "
        "prevent that damage."
    ) == (n.PreventDamage(n.TargetSlot(0), None, chosen_source=True),)
    assert effects(
        "The next time a source of your choice would deal damage to you this turn, prevent "
        "that damage."
    ) == (n.PreventDamage(n.You(), None, chosen_source=True),)
    # "Time Lord" keeps its own reading although "time" is a damage word now
    assert effects("Exile target Time Lord.") == (n.Exile(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:601.2d", "mtg:615.7")
def test_prevention_divided_among_targets() -> None:
    card = parse_card(
        "mtg",
        "Prevent the next 5 damage that would be dealt this turn to any number of targets, "
        "divided as you choose.",
        name="Remedy",
        type_line="Instant",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility) and not card.unsupported
    assert ability.effects == (n.PreventDamage(n.TargetSlot(0), 5, divided=True),)
    (requirement,) = ability.requirements
    assert (requirement.min, requirement.max, requirement.divided) == (1, 5, True)


@pytest.mark.rules("mtg:614.9")
def test_redirection() -> None:
    assert effects(
        "{0}: The next 1 damage that would be dealt to this creature this turn is dealt to "
        "target creature you control instead.",
        "Shaman en-Kor",
        "Creature — Kor Cleric Shaman",
    ) == (n.RedirectDamage(n.Self(), n.TargetSlot(0), 1),)


@pytest.mark.rules("mtg:614.9", "mtg:609.7a")
def test_redirection_of_damage_from_a_chosen_source() -> None:
    assert effects(
        "{1}{W}: The next time a source of your choice would deal damage to target creature "
        "this turn, that damage is dealt to this creature instead.",
        "Shaman en-Kor",
        "Creature — Kor Cleric Shaman",
    ) == (n.RedirectDamage(n.TargetSlot(0), n.Self(), None, chosen_source=True),)
    # the new recipient is a target an opponent chooses
    pentacle = parse_card(
        "mtg",
        "{3}, {T}: The next time a source of your choice would deal damage to you this turn, "
        "that damage is dealt to target creature of an opponent's choice instead.",
        name="Nova Pentacle",
        type_line="Artifact",
    )
    assert not pentacle.unsupported
    assert pentacle.target_requirements()[0].chosen_by == "opponent"


# Fling ("As an additional cost ..., sacrifice a creature. Fling deals damage equal to
# the sacrificed creature's power"), once not read, is read and played in
# test_mtg_moved_objects.py (helper T1)


# ------------------------------------------------------------------ behaviour

_CARDS = """
cards:
  Salve:
    type: Instant
    cost: "{W}"
    text: Prevent the next 3 damage that would be dealt to any target this turn.
  Calm:
    type: Instant
    cost: "{W}"
    text: Prevent all damage that would be dealt by target creature this turn.
  Bite:
    type: Sorcery
    cost: "{G}"
    text: >-
      Target creature you control deals damage equal to its power to target creature
      you don't control.
  Spark:
    type: Instant
    cost: "{R}"
    text: Spark deals 2 damage to any target.
  Guard:
    type: Instant
    cost: "{W}"
    text: >-
      The next time a source of your choice would deal damage to you this turn, prevent
      that damage.
  Remedy:
    type: Instant
    cost: "{1}{W}"
    text: >-
      Prevent the next 5 damage that would be dealt this turn to any number of targets,
      divided as you choose.
  Spark Two:
    type: Instant
    cost: "{R}"
    text: Spark Two deals 2 damage to any target.
  Hill Giant:
    type: Creature — Giant
    cost: "{3}{R}"
    power: 3
    toughness: 3
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "damage-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:615.7")
def test_a_next_n_shield_counts_damage_not_events() -> None:
    """3 points of shield: 2 of the first Spark, 1 of the second (mtg:615.7)."""
    play(
        """
  - cast: Salve
    by: Alice
    targets: [Alice]
  - resolve: 1
  - cast: Spark
    by: Bob
    targets: [Alice]
  - resolve: 1
  - expect: {life: {Alice: 20}}
  - cast: Spark Two
    by: Bob
    targets: [Alice]
  - resolve: 1
  - expect: {life: {Alice: 19}}
""",
        "  Alice:\n    hand: [Salve]\n  Bob:\n    hand: [Spark, Spark Two]\n",
    )


@pytest.mark.rules("mtg:615.8")
def test_a_chosen_source_shield_stops_one_instance_then_is_gone() -> None:
    """Spark is chosen: its 2 damage is prevented; Spark Two, another source, deals its
    damage; a refused choice (a player is not a source) leaves the game unchanged."""
    play(
        """
  - cast: Spark
    by: Bob
    targets: [Alice]
  - cast: Spark Two
    by: Bob
    targets: [Alice]
  - cast: Guard
    by: Alice
  - resolve: 1
    choose: {chosen: [Bob]}
    rejected: true
  - resolve: 1
    choose: {chosen: [Spark]}
  - resolve: 1
  - expect: {life: {Alice: 18}}
  - resolve: 1
  - expect:
      life: {Alice: 18}
      events:
        - {kind: damage_prevented, object: Alice, rule: mtg:615.8}
""",
        "  Alice:\n    hand: [Guard]\n  Bob:\n    hand: [Spark, Spark Two]\n",
    )


@pytest.mark.rules("mtg:601.2d", "mtg:615.7", "mtg:615.11")
def test_each_share_of_a_divided_prevention_is_its_own_shield() -> None:
    """4 to Alice and 1 to the bears: Spark to the bears is 1 short of its 2 (the bears
    live with 1 damage); Alice's shield stops Spark Two whole."""
    play(
        """
  - cast: Remedy
    by: Alice
    targets: [Alice, Grizzly Bears]
    divide: [4, 1]
  - resolve: 1
  - cast: Spark
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
  - cast: Spark Two
    by: Bob
    targets: [Alice]
  - resolve: 1
  - expect:
      damage: {Grizzly Bears: 1}
      life: {Alice: 20}
""",
        "  Alice:\n    hand: [Remedy]\n    battlefield: [Grizzly Bears]\n"
        "  Bob:\n    hand: [Spark, Spark Two]\n",
    )


@pytest.mark.rules("mtg:609.7", "mtg:615.1", "mtg:120.2b")
def test_damage_dealt_by_a_shielded_source_is_prevented() -> None:
    """A bite by a creature whose damage is prevented deals none; the bitten creature
    deals none back either (mtg:120.2b)."""
    play(
        """
  - cast: Calm
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
  - cast: Bite
    by: Alice
    targets: [[Grizzly Bears], [Hill Giant]]
  - resolve: 1
  - expect:
      damage: {Hill Giant: 0, Grizzly Bears: 0}
      events:
        - {kind: damage_prevented, object: Hill Giant, rule: mtg:615.6}
""",
        "  Alice:\n    hand: [Bite]\n    battlefield: [Grizzly Bears]\n"
        "  Bob:\n    hand: [Calm]\n    battlefield: [Hill Giant]\n",
    )


@pytest.mark.rules("mtg:400.7", "mtg:615.7")
def test_a_shield_does_not_follow_an_object_to_a_new_zone() -> None:
    play(
        """
  - cast: Salve
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - do: {move: {Grizzly Bears: hand}}
  - do: {move: {Grizzly Bears: battlefield}}
  - cast: Spark
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
  - expect: {zone: {Grizzly Bears: graveyard}}
""",
        "  Alice:\n    hand: [Salve]\n    battlefield: [Grizzly Bears]\n"
        "  Bob:\n    hand: [Spark]\n",
    )


def test_shields_are_part_of_the_game_state_and_end_with_the_turn() -> None:
    game = new_game()
    before = game.copy()
    shield = PreventionShield(2, True, False, False, "prevent the next 2 damage")
    game.add_shield(PlayerRef("Alice"), shield, until="end_of_turn")
    assert game != before
    assert [s.what for s in game.shields(PlayerRef("Alice"))] == [shield]
    assert before.shields() == ()
    game.end_turn()
    assert game.shields() == ()
