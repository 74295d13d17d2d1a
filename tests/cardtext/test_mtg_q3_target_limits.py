"""Numbers of targets the text defines (helper Q3): "up to X target creatures, where X
is ..." and "up to twice X target cards" - the most targets, counted as the spell or
ability goes on the stack and fixed from then on (mtg:601.2c, mtg:107.3a, mtg:107.3c).
Real card text here; pool cards in tests/pool_scenarios/mtg/q3-*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.cardtext.render import render_requirement
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def read(text: str, name: str, type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


def requirements(card: n.CardText, index: int) -> tuple[d.TargetRequirement, ...]:
    ability = card.abilities[index]
    reqs: tuple[d.TargetRequirement, ...] = ability.requirements  # type: ignore[union-attr]
    return reqs


@pytest.mark.rules("mtg:107.3c", "mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "index", "limit", "effect"),
    [
        (
            "At the beginning of your upkeep, you may put a verse counter on this "
            "enchantment.\n{R}, Sacrifice this enchantment: Destroy up to X target lands, "
            "where X is the number of verse counters on this enchantment.",
            "Rumbling Crescendo",
            "Enchantment",
            1,
            n.CountersOn("verse", n.Self()),
            n.Destroy(n.TargetSlot(0)),
        ),
        (
            "Multikicker {U} (You may pay an additional {U} any number of times as you cast "
            "this spell.)\nFlying\nWhen this creature enters, up to X target creatures gain "
            "flying until end of turn, where X is the number of times this creature was "
            "kicked.",
            "Voyager Drake",
            "Creature — Drake",
            2,
            n.TimesChosen("kicked"),
            n.GainAbility(n.TargetSlot(0), "flying", duration="end_of_turn"),
        ),
        (
            "Multikicker {W/U}\nWhen Zethi, Arcane Blademaster enters, exile up to X target "
            "instant cards from your graveyard, where X is the number of times Zethi, Arcane "
            "Blademaster was kicked.",
            "Zethi, Arcane Blademaster",
            "Legendary Creature — Human Wizard",
            1,
            n.TimesChosen("kicked"),
            n.Exile(n.TargetSlot(0)),
        ),
        (
            "Menace\nWhen this creature enters, return up to X target Zombie cards from your "
            "graveyard to the battlefield, where X is the number of opponents you have.",
            "Rot Hulk",
            "Creature — Zombie",
            1,
            n.CountOf(d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))),
            n.ReturnToBattlefield(n.TargetSlot(0)),
        ),
    ],
)
def test_where_x_is_sets_the_most_targets(  # noqa: PLR0917  (one per column)
    text: str, name: str, type_line: str, index: int, limit: object, effect: object
) -> None:
    card = read(text, name, type_line)
    (req,) = requirements(card, index)
    # "up to": none is fine; the most is the number the text defines
    assert (req.min, req.max, req.limit) == (0, None, limit)
    ability = card.abilities[index]
    assert ability.effects[0] == effect  # type: ignore[union-attr]


@pytest.mark.rules("mtg:107.3a", "mtg:601.2c")
def test_announced_x_and_twice_x() -> None:
    card = read("Tap up to X target creatures.", "Made-up Tap", "Sorcery")
    assert requirements(card, 0)[0].limit == "X"
    # its canonical text keeps the limit (not "any number of")
    assert render_requirement(requirements(card, 0)[0]) == "up to X target creatures"
    card = read(
        "Choose one —\n• Target creature gets -X/-X until end of turn. You gain X life.\n"
        "• Exile up to twice X target cards from graveyards.",
        "Erebos's Intervention",
    )
    modal = card.abilities[0].effects[0]  # type: ignore[union-attr]
    assert isinstance(modal, n.Modal)
    assert modal.modes[1].requirements[0].limit == n.Scaled(2, "X")


@pytest.mark.rules("mtg:601.2c")
@pytest.mark.parametrize(
    "text",
    [
        # how many times it has mutated is not a number the reader knows: not read
        "Whenever this creature mutates, tap up to X target creatures, where X is the "
        "number of times this creature has mutated.",
    ],
)
def test_an_unknown_count_is_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Made-up", type_line="Creature — Beast")
    assert card.unsupported


@pytest.mark.rules("mtg:108.3", "mtg:110.2")
def test_you_both_own_and_control() -> None:
    card = read(
        "{6}, {T}: Return target permanent you both own and control to your hand.",
        "Obelisk of Undoing",
        "Artifact",
    )
    (req,) = requirements(card, 0)
    assert req.descriptor == d.AllOf((d.IsPermanent(), d.Owner("you"), d.Controller("you")))
    assert card.abilities[0].effects == (n.ReturnToHand(n.TargetSlot(0)),)  # type: ignore[union-attr]


_CARDS = """
game: mtg
title: numbers of targets on made-up cards
players: [Alice, Bob]
cards:
  Tapper:
    type: Sorcery
    text: Tap up to X target creatures.
  Bear Caller:
    type: Sorcery
    text: "Tap up to X target creatures, where X is the number of Bears you control."
  Thricer:
    type: Sorcery
    text: Tap up to thrice X target creatures.
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
setup:
  Alice:
    hand: [Tapper, Bear Caller, Thricer]
    battlefield: [{card: Bear, as: Bear A}]
  Bob:
    battlefield: [{card: Bear, as: Bear B}, {card: Bear, as: Bear C}]
steps:
STEPS
"""


@pytest.mark.rules("mtg:601.2c", "mtg:107.3a", "mtg:107.3c")
@pytest.mark.parametrize(
    ("steps", "ok"),
    [
        # X announced as 1: two targets are one too many; refused, nothing changes
        (
            "  - {cast: Tapper, x: 1, targets: [[Bear B, Bear C]], rejected: mtg:601.2c}\n"
            "  - expect: {zone: {Tapper: hand}}",
            True,
        ),
        (
            "  - {cast: Tapper, x: 2, targets: [[Bear B, Bear C]]}\n  - resolve: 1\n"
            "  - expect: {facts: {Bear B: {tapped: true}, Bear C: {tapped: true}}}",
            True,
        ),
        # one Bear of Alice's: at most one target
        (
            "  - {cast: Bear Caller, targets: [[Bear B, Bear C]], rejected: mtg:601.2c}",
            True,
        ),
        (
            "  - {cast: Bear Caller, targets: [[Bear C]]}\n  - resolve: 1\n"
            "  - expect: {facts: {Bear B: {tapped: false}, Bear C: {tapped: true}}}",
            True,
        ),
        # "thrice X" is no count the kernel knows: casting it is not supported
        ("  - {cast: Thricer, x: 1, targets: [[Bear B]]}", False),
        # the number is fixed as the spell is cast: a Bear leaving afterwards changes
        # nothing: the one target chosen is still tapped (mtg:601.2c)
        (
            "  - {cast: Bear Caller, targets: [[Bear B]]}\n"
            "  - do: {move: {Bear A: graveyard}}\n  - resolve: 1\n"
            "  - expect: {facts: {Bear B: {tapped: true}}}",
            True,
        ),
    ],
)
def test_the_number_of_targets_is_counted_as_it_is_cast(
    tmp_path: Path, steps: str, ok: bool
) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(_CARDS.replace("STEPS", steps))
    result = run_scenario(load_scenario(path))
    assert result.ok is ok, result.problems
    if not ok:
        assert "thrice X" in (result.unsupported or "")


@pytest.mark.rules("mtg:603.2", "mtg:601.2c")
def test_up_to_that_many_reads_the_trigger_number() -> None:
    card = read(
        "Whenever this creature deals combat damage to a player, return up to that many "
        "target permanents that player controls to their owner's hand.",
        "Cephalid Constable",
        "Creature — Cephalid",
    )
    (req,) = requirements(card, 0)
    assert req.limit == n.TriggerAmount("that many")
    # a number the trigger does not name, or a reflexive ability's: not read
    for text in (
        "At the beginning of your upkeep, tap up to that many target creatures.",
        "When this creature enters, you may discard any number of cards. When you do, up to "
        "that many target creatures each get -2/-2 until end of turn.",
    ):
        assert parse_card("mtg", text, name="Made-up", type_line="Creature — Demon").unsupported


_MANY = """
game: mtg
title: up to that many on a made-up card
players: [Alice, Bob]
cards:
  Mourner:
    type: Creature — Spirit
    text: "Whenever one or more other creatures you control die, tap up to that many
      target creatures."
    power: 1
    toughness: 1
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
setup:
  Alice:
    battlefield: [Mourner]
  Bob:
    battlefield: [{card: Bear, as: Bear B}, {card: Bear, as: Bear C}]
steps:
STEPS
"""


@pytest.mark.rules("mtg:603.2", "mtg:601.2c", "mtg:603.3d")
@pytest.mark.parametrize(
    ("steps", "ok"),
    [
        # one creature died: two targets are one too many
        (
            "  - {trigger: Mourner, amount: 1, targets: [[Bear B, Bear C]], rejected: mtg:601.2c}",
            True,
        ),
        (
            "  - {trigger: Mourner, amount: 2, targets: [[Bear B, Bear C]]}\n  - resolve: 1\n"
            "  - expect: {facts: {Bear B: {tapped: true}, Bear C: {tapped: true}}}",
            True,
        ),
        # without the number the event was about, the ability is not supported
        ("  - {trigger: Mourner, targets: [[Bear B]]}", False),
    ],
)
def test_up_to_that_many_on_the_stack(tmp_path: Path, steps: str, ok: bool) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(_MANY.replace("STEPS", steps))
    result = run_scenario(load_scenario(path))
    assert result.ok is ok, result.problems
    if not ok:
        assert "that many" in (result.unsupported or "")
