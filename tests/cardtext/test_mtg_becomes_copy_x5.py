"""Magic's "becomes a copy" exceptions (helper X5): "you may have ~ become a copy of
another target creature" (mtg:608.2d, mtg:707.2), "..., except it has this ability"
(mtg:707.9a) and "..., except it's an artifact in addition to its other types"
(mtg:707.9b, mtg:205.1b); read as printed (Oracle text), then executed on resolution."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel.play import activate, cast, trigger
from tcgrules.kernel.resolution import ResolveChoices, resolve_top

T0 = n.TargetSlot(0)
T1 = n.TargetSlot(1)

CRYPTOPLASM_TEXT = (
    "At the beginning of your upkeep, you may have this creature become a copy of another "
    "target creature, except it has this ability."
)
STAGE_TEXT = "{2}, {T}: This land becomes a copy of target land, except it has this ability."


@pytest.mark.rules("mtg:608.2d", "mtg:707.2", "mtg:707.9a")
def test_reading() -> None:
    # Cryptoplasm: optional, and it keeps the ability
    assert read_effects(CRYPTOPLASM_TEXT, type_line="Creature — Shapeshifter") == (
        n.May((n.BecomesCopy(n.Self(), T0, this_ability=True),)),
    )
    # Thespian's Stage
    assert read_effects(STAGE_TEXT, type_line="Land") == (
        n.BecomesCopy(n.Self(), T0, this_ability=True),
    )
    # Saheeli, Sublime Artificer: a type added (mtg:205.1b)
    assert read_effects(
        "Target artifact you control becomes a copy of another target artifact or creature "
        "you control until end of turn, except it's an artifact in addition to its other types."
    ) == (n.BecomesCopy(T0, T1, "end_of_turn", types=("artifact",)),)
    # without the exception, the optional copy alone (Gogo's shape, no name change)
    assert read_effects(
        "When this creature enters, you may have this creature become a copy of another "
        "target creature you control until end of turn.",
        type_line="Creature — Shapeshifter",
    ) == (n.May((n.BecomesCopy(n.Self(), T0, "end_of_turn"),)),)


def test_exceptions_not_read_stay_unsupported() -> None:
    # a name given by the exception is not one the copy effect reads
    text = parse_card(
        "mtg",
        "You may have this creature become a copy of another target creature you control "
        "until end of turn, except its name is Gogo.",
        type_line="Creature — Shapeshifter",
    )
    assert text.unsupported


@pytest.mark.rules("mtg:707.9a", "mtg:613.1a")
def test_stage_keeps_its_ability() -> None:
    game = new_game()
    stage = game.create(card("mtg", "Thespian's Stage", "Land", STAGE_TEXT), "Alice", "battlefield")
    maze = game.create(
        card("mtg", "Maze of Ith", "Land", "{T}: Untap target attacking creature."),
        "Bob",
        "battlefield",
    )
    activate(game, stage, "Alice", ability=1, targets=[[maze]])
    resolve_top(game)
    chars = game.characteristics(stage)
    assert chars.name == "Maze of Ith"
    texts = {a.text for a in chars.abilities}
    assert texts == {"{T}: Untap target attacking creature.", STAGE_TEXT}


@pytest.mark.rules("mtg:608.2d", "mtg:707.9a")
def test_cryptoplasm_declined_and_taken() -> None:
    game = new_game()
    plasm = game.create(
        card(
            "mtg", "Cryptoplasm", "Creature — Shapeshifter", CRYPTOPLASM_TEXT, power=2, toughness=2
        ),
        "Alice",
        "battlefield",
    )
    angel = game.create(
        card("mtg", "Serra Angel", "Creature — Angel", "Flying, vigilance", power=4, toughness=4),
        "Bob",
        "battlefield",
    )
    trigger(game, plasm, targets=[[angel]])
    resolve_top(game, ResolveChoices(may=False))
    assert game.characteristics(plasm).name == "Cryptoplasm"
    trigger(game, plasm, targets=[[angel]])
    resolve_top(game, ResolveChoices(may=True))
    chars = game.characteristics(plasm)
    assert (chars.name, chars.value("power")) == ("Serra Angel", 4)
    assert CRYPTOPLASM_TEXT in {a.text for a in chars.abilities}


@pytest.mark.rules("mtg:707.9b", "mtg:205.1b")
def test_type_added_to_the_copy() -> None:
    game = new_game()
    relic = game.create(card("mtg", "Mind Stone", "Artifact", ""), "Alice", "battlefield")
    angel = game.create(
        card("mtg", "Serra Angel", "Creature — Angel", "Flying, vigilance", power=4, toughness=4),
        "Alice",
        "battlefield",
    )
    spell = game.create(
        card(
            "mtg",
            "Test Spell",
            "Instant",
            "Target artifact you control becomes a copy of another target artifact or "
            "creature you control until end of turn, except it's an artifact in addition "
            "to its other types.",
        ),
        "Alice",
        "hand",
    )
    cast(game, spell, "Alice", targets=[[relic], [angel]])
    resolve_top(game)
    chars = game.characteristics(relic)
    assert chars.name == "Serra Angel"
    assert chars.types == {"creature", "artifact"}
    game.end_turn()
    assert game.characteristics(relic).name == "Mind Stone"


@pytest.mark.rules("mtg:707.9a", "mtg:702.11a")
def test_oko_keeps_hexproof_as_the_copy() -> None:
    text = (
        "At the beginning of combat on your turn, Oko becomes a copy of up to one target "
        "creature you control until end of turn, except he has hexproof."
    )
    assert read_effects(
        text, name="Oko, the Ringleader", type_line="Legendary Planeswalker — Oko"
    ) == (n.BecomesCopy(n.Self(), T0, "end_of_turn", keywords=("hexproof",)),)
    game = new_game()
    oko = game.create(
        card("mtg", "Oko, the Ringleader", "Legendary Planeswalker — Oko", text, loyalty=3),
        "Alice",
        "battlefield",
    )
    bear = game.create(
        card("mtg", "Runeclaw Bear", "Creature — Bear", "", power=2, toughness=2),
        "Alice",
        "battlefield",
    )
    trigger(game, oko, targets=[[bear]])
    resolve_top(game)
    chars = game.characteristics(oko)
    assert chars.name == "Runeclaw Bear"
    assert {a.text.lower() for a in chars.abilities} == {"hexproof"}
    game.end_turn()
    assert game.characteristics(oko).name == "Oko, the Ringleader"
