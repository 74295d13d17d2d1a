"""Rule 109, Objects: what objects are, what descriptions mean, controllers, "you"."""

from __future__ import annotations

import pytest
from tests.helpers import card

from tcgrules.carddata.model import CardDefinition
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import (
    Context,
    activated_ability_controller,
    compile_descriptor,
    described_objects,
    described_players,
    trigger,
    you_of,
)
from tcgrules.kernel.descriptors import (
    AllOf,
    AnyOf,
    Color,
    Controller,
    HasType,
    InZone,
    IsCard,
    IsPlayer,
    IsSource,
    IsSpell,
    Not,
    PlayerIs,
)
from tcgrules.kernel.effects import ChangeControl
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import PlayerRef, StackInfo


def _names(game: Game, refs: object) -> set[str]:
    return {game.describe(r) for r in refs}  # type: ignore[attr-defined]


@pytest.fixture
def board(mtg: Game, bear: CardDefinition) -> Game:
    doom = card("mtg", "Doom Blade", "Instant", "Destroy target nonblack creature.", cost="{1}{B}")
    ghoul = card("mtg", "Ghoul", "Creature — Zombie", cost="{B}", power=2, toughness=2)
    mtg.create(bear, "Alice", "battlefield", alias="Alice's Bear")
    mtg.create(ghoul, "Bob", "battlefield")
    mtg.create(bear, "Alice", "graveyard", alias="Dead Bear")
    mtg.create(bear, "Bob", "hand", alias="Bob's Hand Bear")
    mtg.create(doom, "Bob", "stack")
    return mtg


@pytest.mark.rules("mtg:109.2")
def test_a_type_word_alone_means_a_permanent_on_the_battlefield(board: Game) -> None:
    compiled = compile_descriptor(HasType("creature"), "mtg")
    assert compiled.zone == "battlefield" and str(compiled.zone_rule) == "mtg:109.2"
    found = _names(board, described_objects(Context(board, "Alice"), compiled))
    assert found == {"Alice's Bear", "Ghoul"}  # not the card in the graveyard or hand


@pytest.mark.rules("mtg:109.2a")
def test_card_with_a_zone_means_cards_in_that_zone(board: Game) -> None:
    d = AllOf((HasType("creature"), IsCard(), InZone("graveyard")))
    found = _names(board, described_objects(Context(board, "Alice"), compile_descriptor(d, "mtg")))
    assert found == {"Dead Bear"}
    yours = AllOf((HasType("creature"), IsCard(), InZone("hand", "opponent")))
    found = _names(
        board, described_objects(Context(board, "Alice"), compile_descriptor(yours, "mtg"))
    )
    assert found == {"Bob's Hand Bear"}


@pytest.mark.rules("mtg:109.2b")
def test_spell_means_a_spell_on_the_stack(board: Game) -> None:
    d = AllOf((HasType("instant"), IsSpell()))
    compiled = compile_descriptor(d, "mtg")
    assert compiled.zone == "stack"
    assert _names(board, described_objects(Context(board, "Alice"), compiled)) == {"Doom Blade"}


@pytest.mark.rules("mtg:109.2c")
def test_source_means_a_source_in_any_zone(board: Game) -> None:
    d = AllOf((IsSource(), Color("green")))
    found = _names(board, described_objects(Context(board, "Alice"), compile_descriptor(d, "mtg")))
    assert found == {"Alice's Bear", "Dead Bear", "Bob's Hand Bear"}


@pytest.mark.rules("mtg:109.2")
def test_descriptions_of_players_and_negations(board: Game) -> None:
    ctx = Context(board, "Alice")
    nonblack = compile_descriptor(AllOf((HasType("creature"), Not(Color("black")))), "mtg")
    assert _names(board, described_objects(ctx, nonblack)) == {"Alice's Bear"}
    theirs = compile_descriptor(AllOf((HasType("creature"), Controller("opponent"))), "mtg")
    assert _names(board, described_objects(ctx, theirs)) == {"Ghoul"}
    opponent = compile_descriptor(AllOf((IsPlayer(), PlayerIs("opponent"))), "mtg")
    assert list(described_players(ctx, opponent)) == [PlayerRef("Bob")]
    any_target = compile_descriptor(
        AnyOf((HasType("creature"), IsPlayer(), HasType("planeswalker"), HasType("battle"))), "mtg"
    )
    assert any_target.types == {"creature", "planeswalker", "battle"}
    assert len(list(described_players(ctx, any_target))) == 2


@pytest.mark.rules("mtg:109.1")
def test_every_kind_of_object(mtg: Game, bear: CardDefinition) -> None:
    in_hand = mtg.create(bear, "Alice", "hand")
    permanent = mtg.create(bear, "Alice", "battlefield")
    token = mtg.create(bear, "Alice", "battlefield", kind="token")
    spell = mtg.create(bear, "Alice", "stack")
    copy = mtg.create(mtg.characteristics(spell), "Alice", "stack", kind="copy", copy_of=spell)
    ability = mtg.create(
        Characteristics(name="ability of Runeclaw Bear"),
        "Alice",
        "stack",
        kind="ability",
        stack=StackInfo(source=permanent, ability_kind="activated"),
    )
    emblem = mtg.create(Characteristics(name="Emblem"), "Alice", "command", kind="emblem")
    kinds = {mtg.get(r).kind for r in (in_hand, permanent, token, spell, copy, ability, emblem)}
    assert kinds == {"card", "token", "copy", "ability", "emblem"}


@pytest.mark.rules("mtg:109.3")
def test_characteristics_exclude_status_owner_controller_and_targets(
    mtg: Game, bear: CardDefinition
) -> None:
    ref = mtg.create(bear, "Alice", "battlefield", tapped=True)
    chars = mtg.characteristics(ref)
    assert not hasattr(chars, "tapped") and not hasattr(chars, "controller")
    assert not hasattr(chars, "owner") and not hasattr(chars, "targets")
    assert chars.name == "Runeclaw Bear" and chars.values["cost"] == "{1}{G}"


@pytest.mark.rules("mtg:109.4")
def test_only_objects_on_the_stack_or_battlefield_have_a_controller(
    mtg: Game, bear: CardDefinition
) -> None:
    on_field = mtg.create(bear, "Alice", "battlefield")
    spell = mtg.create(bear, "Alice", "stack")
    for zone in ("hand", "graveyard", "library", "exile"):
        ref = mtg.create(bear, "Alice", zone)
        assert mtg.controller(ref) is None, zone
    assert mtg.controller(on_field) == "Alice" and mtg.controller(spell) == "Alice"
    moved = mtg.move(on_field, "graveyard")
    assert mtg.controller(moved) is None


@pytest.mark.rules("mtg:109.4a")
def test_mana_ability_controller_is_who_activated_it(mtg: Game, bear: CardDefinition) -> None:
    elf = mtg.create(bear, "Alice", "battlefield")
    assert activated_ability_controller(mtg, elf, "Alice") == "Alice"


@pytest.mark.rules("mtg:109.4b")
def test_a_waiting_trigger_keeps_the_controller_it_had_when_it_triggered(
    mtg: Game, bear: CardDefinition
) -> None:
    source = mtg.create(bear, "Alice", "battlefield")
    pending = trigger(mtg, source)
    mtg.add_effect(source, ChangeControl("Bob"))
    assert mtg.controller(source) == "Bob"
    assert pending.controller == "Alice"
    in_grave = mtg.move(source, "graveyard")
    assert trigger(mtg, in_grave).controller == "Alice"  # no controller: its owner


@pytest.mark.rules("mtg:109.4c")
def test_an_emblem_is_controlled_by_the_player_who_made_it(mtg: Game) -> None:
    emblem = mtg.create(Characteristics(name="Emblem"), "Bob", "command", kind="emblem")
    assert mtg.controller(emblem) == "Bob"


@pytest.mark.rules("mtg:109.5")
def test_you_is_the_controller_else_the_caster_else_the_owner(
    mtg: Game, bear: CardDefinition
) -> None:
    mine = mtg.create(bear, "Alice", "battlefield")
    mtg.add_effect(mine, ChangeControl("Bob"))
    assert you_of(mtg, mine) == "Bob"
    in_hand = mtg.create(bear, "Alice", "hand")
    assert you_of(mtg, in_hand) == "Alice"
    assert you_of(mtg, in_hand, acting="Alice") == "Alice"
