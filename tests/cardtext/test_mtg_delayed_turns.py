"""Magic delayed triggered abilities and turn structure (helper W1): "At the beginning of
the next end step, ..." as a sentence of a resolving ability (mtg:603.7a), "sacrifice
it" (mtg:701.17a), extra turns (mtg:500.7) and controlling another player's turn
(mtg:720.1, refused), read as printed (Oracle text) and played."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

S0, S1 = n.TargetSlot(0), n.TargetSlot(1)

PTERANODON = (
    "Whenever this creature or another Dinosaur you control with flying enters, gain "
    "control of target creature an opponent controls until end of turn. Untap that "
    "creature. It gains flying and haste until end of turn. At the beginning of the next "
    "end step, target land deals 3 damage to that creature."
)


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:603.7a", "mtg:603.3d")
def test_the_delayed_ability_has_its_own_target() -> None:
    # Swooping Pteranodon: the land is chosen when the delayed ability triggers
    card = parse_card("mtg", PTERANODON, name="Swooping Pteranodon", type_line="Creature")
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    assert [r.text for r in ability.requirements] == ["target creature an opponent controls"]
    delayed = ability.effects[-1]
    assert isinstance(delayed, n.DelayedTrigger)
    assert (delayed.moment, delayed.yours) == ("end", False)
    assert [r.text for r in delayed.requirements] == ["target land"]
    assert delayed.requirements[0].descriptor == d.HasType("land")
    assert len(delayed.effects) == 1
    assert isinstance(delayed.effects[0], n.DealDamage)
    assert delayed.effects[0].source == S0


@pytest.mark.rules("mtg:603.7a", "mtg:701.17a", "mtg:608.2c")
def test_the_rest_of_the_ability_belongs_to_the_delayed_ability() -> None:
    # Spinal Embrace: "If you do" asks about the sacrifice the delayed ability makes
    effects = read_effects(
        "Untap target creature you don't control and gain control of it. It gains haste "
        "until end of turn. At the beginning of the next end step, sacrifice it. If you "
        "do, you gain life equal to its toughness."
    )
    delayed = effects[-1]
    assert isinstance(delayed, n.DelayedTrigger)
    assert delayed.requirements == ()
    sacrifice, if_you_do = delayed.effects
    assert sacrifice == n.SacrificeIt(n.It("it"))
    assert isinstance(if_you_do, n.IfYouDo)


@pytest.mark.rules("mtg:603.7a")
def test_your_next_upkeep_and_end_step() -> None:
    upkeep = read_effects(
        "Exile target creature. At the beginning of your next upkeep, draw a card."
    )[-1]
    end = read_effects(
        "Exile target creature. At the beginning of your next end step, draw a card."
    )[-1]
    assert isinstance(upkeep, n.DelayedTrigger)
    assert isinstance(end, n.DelayedTrigger)
    assert (upkeep.moment, upkeep.yours, end.moment, end.yours) == ("start", True, "end", True)


@pytest.mark.rules("mtg:602.5b")
def test_a_use_restriction_after_it_stays_the_abilitys_own() -> None:
    # Maddening Imp: "Activate only ..." is not part of the delayed ability
    card = parse_card(
        "mtg",
        "{T}: Target creature gets +1/+1 until end of turn. At the beginning of the next "
        "end step, draw a card. Activate only during an opponent's turn.",
        type_line="Creature",
    )
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.ActivatedAbility)
    assert [q.kind for q in ability.qualifiers] == ["activation"]
    delayed = ability.effects[-1]
    assert isinstance(delayed, n.DelayedTrigger)
    assert delayed.text == "At the beginning of the next end step, draw a card."


@pytest.mark.rules("mtg:500.7", "mtg:720.1")
def test_extra_turn_and_control_of_a_player() -> None:
    # Karn's Temporal Sundering; Mindslaver; The Dominion Bracelet
    effects = read_effects(
        "Target player takes an extra turn after this one. Return up to one target "
        "nonland permanent to its owner's hand."
    )
    assert effects == (n.ExtraTurn(S0), n.ReturnToHand(S1))
    assert read_effects(
        "{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn.",
        name="Mindslaver",
        type_line="Legendary Artifact",
    ) == (n.ControlNextTurn(S0),)
    assert read_effects(
        "You control target opponent during their next turn.", type_line="Sorcery"
    ) == (n.ControlNextTurn(S0),)


# ------------------------------------------------------------------ playing
CARDS = """cards:
  Test Embrace:
    type: Instant
    text: >-
      Untap target creature you don't control and gain control of it. At the beginning
      of the next end step, sacrifice it. If you do, you gain life equal to its
      toughness.
  Test Upkeep:
    type: Sorcery
    text: "Tap target creature. At the beginning of your next upkeep, draw a card."
  Test Sundering:
    type: Sorcery
    text: "Target player takes an extra turn after this one."
  Test Slaver:
    type: Artifact
    text: "{T}: You control target player during that player's next turn."
  Test Bear: {type: Creature - Bear, power: 2, toughness: 3}
  Test Cub: {type: Creature - Bear, power: 1, toughness: 1}
  Test Card: {type: Land}
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:603.7a", "mtg:603.7b", "mtg:603.7c", "mtg:701.17a")
def test_the_delayed_ability_fires_once_at_the_end_step() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Embrace]}
  Bob: {battlefield: [Test Bear]}
steps:
  - cast: Test Embrace
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - expect: {controller: {Test Bear: Alice}, stack: []}
  - end_turn: true
  - expect: {stack: [delayed ability of Test Embrace]}
  - resolve: 1
  - expect: {zone: {Test Bear: graveyard}, life: {Alice: 23}}
  - end_turn: true
  - end_turn: true
  - end_turn: true
  - expect: {stack: [], life: {Alice: 23}}
"""
    )
    assert not result.problems


@pytest.mark.rules("mtg:603.7c", "mtg:701.17a", "mtg:608.2c")
def test_an_object_gone_meanwhile_is_not_found_and_if_you_do_fails() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Embrace]}
  Bob: {battlefield: [Test Bear]}
steps:
  - cast: Test Embrace
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - do: {move: {Test Bear: hand}}
  - do: {move: {Test Bear: battlefield}}
  - end_turn: true
  - resolve: 1
  - expect: {zone: {Test Bear: battlefield}, life: {Alice: 20}}
"""
    )
    assert not result.problems


@pytest.mark.rules("mtg:603.7a", "mtg:503.1a")
def test_your_next_upkeep_waits_for_your_turn() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Upkeep], library: [Test Card]}
  Bob: {battlefield: [Test Bear]}
steps:
  - cast: Test Upkeep
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - end_turn: true
  - expect: {stack: []}
  - end_turn: true
  - expect: {stack: [delayed ability of Test Upkeep]}
  - resolve: 1
  - expect: {zone: {Test Card: hand}}
"""
    )
    assert not result.problems


@pytest.mark.rules("mtg:500.7")
def test_an_extra_turn_comes_next_then_the_turn_order_goes_on() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Sundering], battlefield: [Test Bear, Test Cub]}
steps:
  - cast: Test Sundering
    by: Alice
    targets: [Alice]
  - resolve: 1
  - end_turn: true
  # Alice's extra turn: she is the active player again, so she may attack
  - attack: Test Bear
    by: Alice
    target: Bob
  - end_turn: true
  # then Bob's turn, as the turn order goes on: an untapped creature of Alice's can't
  - attack: Test Cub
    by: Alice
    target: Bob
    rejected: mtg:508.1
"""
    )
    assert not result.problems


@pytest.mark.rules("mtg:720.1")
def test_controlling_another_player_is_not_supported() -> None:
    result = play(
        """setup:
  Alice: {battlefield: [Test Slaver]}
steps:
  - activate: Test Slaver
    by: Alice
    targets: [Bob]
  - resolve: 1
"""
    )
    assert any("ControlNextTurn" in f for f in result.problems), result.problems


# ------------------------------------------------------------------ untap steps, durations
@pytest.mark.rules("mtg:502.3", "mtg:115.1")
@pytest.mark.parametrize(
    ("text", "descriptor"),
    [
        # Mana Vapors
        (
            "Lands target player controls don't untap during their next untap step.",
            d.HasType("land"),
        ),
        # Exhaustion
        (
            "Creatures and lands target opponent controls don't untap during their next "
            "untap step.",
            d.AnyOf((d.HasType("creature"), d.HasType("land"))),
        ),
        # Blinding Beam's second mode
        ("Creatures don't untap during target player's next untap step.", d.HasType("creature")),
        # Misstep
        (
            "Creatures target player controls don't untap during that player's next untap step.",
            d.HasType("creature"),
        ),
    ],
)
def test_a_group_a_target_player_controls_stays_tapped(text: str, descriptor: object) -> None:
    assert read_effects(text) == (n.SkipNextUntap(n.EachControlledBy(descriptor, S0)),)  # type: ignore[arg-type]


@pytest.mark.rules("mtg:614.10")
def test_skipping_a_step_or_phase_is_read_and_refused_on_resolution() -> None:
    # Yosei, the Morning Star; Stonehorn Dignitary
    assert read_effects("Target player skips their next untap step.") == (n.SkipNext(S0, "untap"),)
    assert read_effects("Target opponent skips their next combat phase.") == (
        n.SkipNext(S0, "combat"),
    )
    # other steps are not read (only the untap step and the combat phase are)
    assert parse_card(
        "mtg", "Target player skips their next draw step.", type_line="Sorcery"
    ).unsupported


@pytest.mark.rules("mtg:611.2a", "mtg:509.1b", "mtg:613.1f")
def test_until_your_next_turn_in_front_or_after_a_keyword_list() -> None:
    # Sly Instigator; Dihada, Binder of Wills
    (cant,) = read_effects(
        "Until your next turn, target creature an opponent controls can't be blocked."
    )
    assert isinstance(cant, n.CombatRestriction)
    assert (cant.what, cant.kind, cant.duration) == (S0, "cant_be_blocked", "your_next_turn")
    gains = read_effects(
        "Up to one target legendary creature gains vigilance, lifelink, and indestructible "
        "until your next turn."
    )
    assert gains == tuple(
        n.GainAbility(S0, k, None, "your_next_turn")
        for k in ("vigilance", "lifelink", "indestructible")
    )


@pytest.mark.rules("mtg:701.17a", "mtg:608.2c")
def test_sacrifice_it_names_the_source_or_is_not_read() -> None:
    # Goblin Grenadiers: the creature the trigger is about, the source
    card = parse_card(
        "mtg",
        "Whenever this creature attacks and isn't blocked, you may sacrifice it. If you do, "
        "destroy target creature and target land.",
        name="Goblin Grenadiers",
        type_line="Creature",
    )
    assert not card.unsupported
    may = card.abilities[0].effects[0]  # type: ignore[union-attr]
    assert may == n.May((n.SacrificeIt(n.Self()),))
    # Phantasmal Bear: "it" could be the spell that targets it, so it is not read
    assert parse_card(
        "mtg",
        "When this creature becomes the target of a spell or ability, sacrifice it.",
        type_line="Creature",
    ).unsupported


@pytest.mark.rules("mtg:120.3", "mtg:502.3")
def test_the_source_deals_damage_and_stays_tapped() -> None:
    # Reveka, Wizard Savant
    assert read_effects(
        "{T}: Reveka deals 2 damage to any target and doesn't untap during your next untap step.",
        name="Reveka, Wizard Savant",
        type_line="Legendary Creature",
    ) == (n.DealDamage(2, S0, source=n.Self()), n.SkipNextUntap(n.Self()))
