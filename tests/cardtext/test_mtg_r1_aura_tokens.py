"""Aura tokens created attached (helper R1): "create a white Aura enchantment token named
Mask attached to another target permanent" and the sentence giving it its abilities."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

_ESTRID = (
    "+2: Untap each enchanted permanent you control.\n−1: Create a white Aura enchantment "
    "token named Mask attached to another target permanent. The token has enchant permanent "
    "and umbra armor."
)
_RANI = (
    "Whenever The Rani enters or attacks, create a red Aura enchantment token named Mark of "
    "the Rani attached to another target creature. That token has enchant creature and "
    '"Enchanted creature gets +2/+2 and is goaded."'
)
_PRESTON = (
    "At the beginning of combat on your turn, create a green Aura enchantment token named "
    "Settlement attached to up to one target land you control. It has enchant land and "
    "\"Enchanted land has '{T}: Add one mana of any color.'\""
)


def _effects(text: str, name: str, type_line: str, index: int) -> tuple[object, ...]:
    parsed = parse_card("mtg", text, name=name, type_line=type_line)
    return parsed.abilities[index].effects  # type: ignore[union-attr]


@pytest.mark.rules("mtg:111.3", "mtg:303.4i", "mtg:702.5a")
def test_estrids_mask_is_one_aura_token_attached_to_the_target() -> None:
    (made,) = _effects(_ESTRID, "Estrid, the Masked", "Legendary Planeswalker — Estrid", 1)
    assert isinstance(made, n.CreateTokenAttached)
    assert made.to == n.TargetSlot(0)
    assert made.token.name == "Mask"
    desc = made.token.description
    assert desc is not None
    assert (desc.colors, desc.types, desc.subtypes) == (("white",), ("enchantment",), ("aura",))
    assert desc.keywords == (("enchant", "permanent"), ("umbra armor", None))
    parsed = parse_card("mtg", _ESTRID, name="Estrid", type_line="Legendary Planeswalker")
    (req,) = parsed.target_requirements()
    assert (req.min, req.max, req.text) == (1, 1, "another target permanent")


@pytest.mark.rules("mtg:111.3", "mtg:111.4")
def test_the_ranis_mark_keeps_of_the_in_its_name() -> None:
    (made,) = _effects(_RANI, "The Rani", "Legendary Creature — Time Lord Scientist", 0)
    assert isinstance(made, n.CreateTokenAttached)
    assert made.token.name == "Mark of the Rani"
    assert made.token.description is not None
    assert made.token.description.colors == ("red",)
    assert made.token.description.keywords == (("enchant", "creature"),)
    assert len(made.token.description.abilities) == 1


@pytest.mark.rules("mtg:115.1")
def test_prestons_settlement_goes_on_up_to_one_land_you_control() -> None:
    (made,) = _effects(_PRESTON, "Preston Garvey, Minuteman", "Legendary Creature", 0)
    assert isinstance(made, n.CreateTokenAttached)
    assert made.token.name == "Settlement"
    assert made.token.description is not None
    assert made.token.description.keywords == (("enchant", "land"),)
    parsed = parse_card("mtg", _PRESTON, name="Preston Garvey", type_line="Legendary Creature")
    (req,) = parsed.target_requirements()
    assert (req.min, req.max) == (0, 1)


@pytest.mark.parametrize(
    "text",
    [
        # not an Aura: nothing says what "attached" would mean
        "Create a white Spirit enchantment token named Mask attached to target creature.",
        # two tokens
        "Create two white Aura enchantment tokens named Mask attached to target creature.",
        # an ability other than enchant first
        "Create a white Aura enchantment token named Mask attached to target creature. "
        "The token has flying and umbra armor.",
    ],
)
def test_other_tokens_created_to_something_are_not_read_as_auras(text: str) -> None:
    parsed = parse_card("mtg", text, name="X", type_line="Sorcery")
    assert parsed.unsupported
    found = [e for a in parsed.abilities for e in getattr(a, "effects", ())]
    assert not any(isinstance(e, n.CreateTokenAttached) for e in found) or "flying" in text


_HEX = """
game: mtg
players: [Alice, Bob]
cards:
  Hex:
    type: Sorcery
    text: >-
      Create a white Aura enchantment token named Mask attached to another target
      permanent. That token has enchant creature and "Enchanted creature gets +2/+2."
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Rock:
    type: Artifact
setup:
  Alice:
    hand: [Hex]
  Bob:
    battlefield: [Bear, Rock]
steps:
  - cast: Hex
    by: Alice
    targets: [TARGET]
  - resolve: 1
"""


@pytest.mark.rules("mtg:111.2", "mtg:111.3", "mtg:303.4i", "mtg:613.4c")
def test_the_aura_token_enters_attached_and_its_ability_applies() -> None:
    text = _HEX.replace("TARGET", "Bear") + (
        "  - expect:\n      attached_to: {Mask 1: Bear}\n      properties:\n"
        "        Bear: {power: 4, toughness: 4}\n"
        "        Mask 1: {types: [enchantment], subtypes: [Aura], colors: [white]}\n"
        "      controller: {Mask 1: Alice}\n"
    )
    result = run_scenario(parse_scenario(text, "hex.yaml"))
    assert result.ok, str(result)


@pytest.mark.rules("mtg:303.4i")
def test_an_aura_token_that_cant_enchant_the_target_is_not_created() -> None:
    text = _HEX.replace("TARGET", "Rock") + (
        "  - expect:\n      events:\n        - {kind: no_effect, rule: mtg:303.4i}\n"
    )
    result = run_scenario(parse_scenario(text, "hex.yaml"))
    assert result.ok, str(result)
    told = str(result)
    assert "no Mask token is created" in told, told
    assert "creates Mask" not in told, told


@pytest.mark.rules("mtg:702.89a")
def test_umbra_armor_is_refused_on_resolution_and_nothing_is_created() -> None:
    text = _HEX.replace("TARGET", "Bear").replace(
        'enchant creature and "Enchanted creature gets +2/+2."',
        "enchant creature and umbra armor.",
    )
    result = run_scenario(parse_scenario(text, "hex.yaml"))
    assert not result.ok
    assert not result.failures
    assert "umbra armor" in str(result.unsupported)
