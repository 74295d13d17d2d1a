"""Magic copies of spells, second pass (helper V1), read as printed (Oracle text) and
played: "copy it for each other instant and sorcery spell you've cast [before it] this
turn" (mtg:707.10, counted on resolution, mtg:608.2h), what "it" / "that spell" of a
cast trigger names (mtg:603.2), and "the copies" after a conditional copy (707.10c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

INSTANT_SORCERY = ("instant", "sorcery")


def trigger_effects(text: str, type_line: str) -> tuple[object, ...]:
    card = parse_card("mtg", text, name="Test Card", type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    return ability.effects


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:608.2h")
def test_show_of_confidence_copies_itself_for_each_other_spell() -> None:
    effects = trigger_effects(
        "When you cast this spell, copy it for each other instant and sorcery spell you've "
        "cast this turn. You may choose new targets for the copies.\n"
        "Put a +1/+1 counter on target creature. It gains vigilance until end of turn.",
        "Instant",
    )
    assert effects == (
        n.CopySpell(
            n.Self(),
            may_choose_new_targets=True,
            times=n.SpellsCastThisTurn(INSTANT_SORCERY, n.Self(), before=False),
        ),
    )


@pytest.mark.rules("mtg:707.10", "mtg:603.2", "mtg:608.2h")
def test_thousand_year_storm_copies_the_trigger_spell_for_each_cast_before_it() -> None:
    effects = trigger_effects(
        "Whenever you cast an instant or sorcery spell, copy it for each other instant and "
        "sorcery spell you've cast before it this turn. You may choose new targets for the "
        "copies.",
        "Enchantment",
    )
    it = n.TriggerObject("it")
    assert effects == (
        n.CopySpell(
            it,
            may_choose_new_targets=True,
            times=n.SpellsCastThisTurn(INSTANT_SORCERY, it, before=True),
        ),
    )


@pytest.mark.rules("mtg:603.2")
def test_copy_it_of_a_cast_trigger_is_the_spell_cast() -> None:
    # Chandra, Hope's Beacon (first sentences)
    effects = trigger_effects(
        "Whenever you cast an instant or sorcery spell, copy it. You may choose new targets "
        "for the copy.",
        "Legendary Planeswalker — Chandra",
    )
    assert effects == (n.CopySpell(n.TriggerObject("it"), may_choose_new_targets=True),)


@pytest.mark.rules("mtg:603.2", "mtg:707.10")
def test_copy_it_of_an_ability_trigger_is_the_ability_activated() -> None:
    # Locus of Enlightenment: "it" is the ability on the stack, not the source
    effects = trigger_effects(
        "Whenever you activate an ability that isn't a mana ability, copy it. You may "
        "choose new targets for the copy.",
        "Artifact",
    )
    assert effects == (n.CopySpell(n.TriggerObject("it"), may_choose_new_targets=True),)


@pytest.mark.rules("mtg:603.2")
@pytest.mark.parametrize(
    "text",
    [
        # a trigger naming no spell: what "it" is would be a guess
        "Whenever a creature you control dies, copy it.",
    ],
)
def test_copy_it_of_other_triggers_is_not_read(text: str) -> None:
    assert parse_card("mtg", text, name="Test Card", type_line="Artifact").unsupported


@pytest.mark.rules("mtg:707.10c")
def test_the_copies_of_a_conditional_copy() -> None:
    # Bygone Marvels
    effects = trigger_effects(
        "When you cast this spell, if there are eight or more permanent cards in your "
        "graveyard, copy this spell twice. You may choose new targets for the copies.\n"
        "Return target permanent card from your graveyard to your hand.",
        "Sorcery",
    )
    (condition,) = effects
    assert isinstance(condition, n.IfCondition)
    assert condition.effects == (n.CopySpell(n.Self(), may_choose_new_targets=True, times=2),)


@pytest.mark.parametrize(
    "text",
    [
        "Whenever you cast an instant spell, copy it for each other instant spell you've "
        "cast after it this turn.",
        "Whenever you cast an instant spell, draw a card for each other instant spell "
        "you've cast this turn.",
    ],
)
def test_other_counts_of_spells_cast_are_not_read(text: str) -> None:
    assert parse_card("mtg", text, name="Test Card", type_line="Enchantment").unsupported


# ------------------------------------------------------------------ playing

CARDS = """cards:
  Test Storm:
    type: Enchantment
    text: >-
      Whenever you cast an instant or sorcery spell, copy it for each other instant
      and sorcery spell you've cast before it this turn.
  Test Bolt:
    type: Instant
    text: "Test Bolt deals 1 damage to any target."
  Test Sorcery:
    type: Sorcery
    text: "You gain 1 life."
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10", "mtg:608.2h", "mtg:601.2i")
def test_spells_cast_before_it_by_you_are_counted_as_it_resolves() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Sorcery, Test Bolt]
    battlefield: [Test Storm]
  Bob:
    hand: [Lightning Bolt]
steps:
  - {cast: Test Sorcery, by: Alice}
  - {resolve: 1}
  - {cast: Lightning Bolt, by: Bob, targets: [Alice]}
  - {resolve: 1}
  - {cast: Test Bolt, by: Alice, targets: [Bob]}
  - {trigger: Test Storm, about: Test Bolt}
  - {resolve: 1}
  # one copy: Alice's sorcery counts; Bob's Lightning Bolt and Test Bolt itself do not
  - expect: {stack: [copy of Test Bolt, Test Bolt]}
  - {resolve: 1}
  - {resolve: 1}
  - expect: {life: {Bob: 18, Alice: 18}}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


def test_no_spell_cast_before_makes_no_copy() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt]
    battlefield: [Test Storm]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Bob]}
  - {trigger: Test Storm, about: Test Bolt}
  - {resolve: 1}
  - expect: {stack: [Test Bolt]}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


# ------------------------------------------------------------ the Chain cycle

CHAIN_COPY = (
    " If the player does, they may copy this spell and may choose a new target for that copy."
)


@pytest.mark.rules("mtg:608.2d", "mtg:707.10")
@pytest.mark.parametrize(
    ("text", "who", "cost", "or_player"),
    [
        # Chain Lightning
        (
            "Chain Lightning deals 3 damage to any target. Then that player or that "
            "permanent's controller may pay {R}{R}.",
            n.It("that player"),
            "{R}{R}",
            True,
        ),
        # String of Disappearances
        (
            "Return target creature to its owner's hand. Then that creature's controller "
            "may pay {U}{U}.",
            n.ControllerOf(n.It("that creature")),
            "{U}{U}",
            False,
        ),
    ],
)
def test_chain_cycle_may_pay_then_copy(
    text: str, who: n.Reference, cost: str, or_player: bool
) -> None:
    card = parse_card("mtg", text + CHAIN_COPY, name="Chain Lightning", type_line="Sorcery")
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    assert ability.effects[-1] == n.MayPayToCopy(who, cost, or_player=or_player)


@pytest.mark.parametrize(
    "text",
    [
        # the copy with no payment before it
        "Return target creature to its owner's hand." + CHAIN_COPY,
        # (Chain of Vapor, a sacrifice as the payment, is read since: helper W8,
        # tests/cardtext/test_mtg_w8_copies_combat.py)
    ],
)
def test_chain_cycle_parts_alone_are_not_read(text: str) -> None:
    assert parse_card("mtg", text, name="Test Card", type_line="Instant").unsupported


def test_a_payment_with_nothing_after_it_is_not_supported_on_resolution() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Test Chain:\n    type: Sorcery\n"
        "    text: \"Return target creature to its owner's hand. Then that creature's "
        'controller may pay {U}{U}."\n'
        "setup:\n  Alice: {hand: [Test Chain]}\n  Bob: {battlefield: [Serra Angel]}\n"
        "steps:\n  - {cast: Test Chain, by: Alice, targets: [Serra Angel]}\n"
        "  - {resolve: 1, choose: {pay: true}}\n"
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert not result.ok
    assert "not supported" in (result.error or "") + " ".join(map(str, result.failures)) + (
        result.unsupported or ""
    ) + (result.unsupported or "") + (result.unsupported or "")


@pytest.mark.rules("mtg:707.10", "mtg:608.2d")
def test_a_target_permanents_controller_pays_and_copies() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Test Chain:\n    type: Sorcery\n"
        '    text: "Test Chain deals 1 damage to any target. Then that player or that '
        "permanent's controller may pay {R}{R}." + CHAIN_COPY + '"\n'
        "setup:\n  Alice: {hand: [Test Chain], battlefield: [Grizzly Bears]}\n"
        "  Bob: {battlefield: [Serra Angel]}\nsteps:\n"
        "  - {cast: Test Chain, by: Alice, targets: [Serra Angel]}\n"
        "  - {resolve: 1, choose: {pay: true, copy_targets: [[Grizzly Bears]]}}\n"
        "  - expect: {stack: [copy of Test Chain], controller: {copy of Test Chain: Bob}}\n"
        "  - {resolve: 1, choose: {pay: true, may: false}}\n"
        "  - expect: {stack: [], damage: {Grizzly Bears: 1, Serra Angel: 1}}\n"
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:122.1", "mtg:608.2h")
def test_storm_of_forms_copies_for_each_kind_of_counter() -> None:
    effects = trigger_effects(
        "When you cast this spell, copy it for each kind of counter among permanents you "
        "control. You may choose new targets for the copies.\n"
        "Return target nonland permanent to its owner's hand.",
        "Sorcery",
    )
    ((copy,),) = (effects,)
    assert isinstance(copy, n.CopySpell)
    assert copy.what == n.Self() and copy.may_choose_new_targets
    assert isinstance(copy.times, n.CounterKindsAmong)


@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:603.2")
def test_an_activated_ability_is_copied_with_a_new_target() -> None:
    text = """game: mtg
players: [Alice, Bob]
cards:
  Test Locus:
    type: Artifact
    text: >-
      Whenever you activate an ability that isn't a mana ability, copy it. You may
      choose new targets for the copy.
setup:
  Alice: {battlefield: [Test Locus, Prodigal Pyromancer]}
  Bob: {battlefield: [Serra Angel]}
steps:
  - {activate: Prodigal Pyromancer, by: Alice, targets: [Bob], as: Ping}
  - {trigger: Test Locus, about: Ping}
  - {resolve: 1, choose: {copy_targets: [[Serra Angel]]}}
  - expect: {stack: [copy of Ping, Ping], targets: {copy of Ping: [[Serra Angel]]}}
  - {resolve: 1}
  - {resolve: 1}
  - expect: {life: {Bob: 19}, damage: {Serra Angel: 1}, stack: []}
"""
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]
