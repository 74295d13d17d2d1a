"""Conditions, third pass (helper U2): "[effect] if its power is less than or equal to [a
number read as it resolves]" (mtg:608.2c, mtg:608.2h) and "[effect] unless [a player]
[does something else]" (mtg:118.12a), on real card text; behaviour on made-up cards here
and on pool cards in tests/pool_scenarios/mtg/conditions3-*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def effects_of(text: str, name: str, type_line: str = "Instant") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card.abilities[0].effects  # type: ignore[union-attr]


SLOT = n.TargetSlot(0)
ITS_CONTROLLER = n.ControllerOf(SLOT)

# ------------------------------------------------------------------ a target's number


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_unified_strike_compares_power_with_a_count() -> None:
    (effect,) = effects_of(
        "Exile target attacking creature if its power is less than or equal to the number "
        "of Soldiers on the battlefield.",
        "Unified Strike",
    )
    soldiers = n.CountOf(d.AllOf((d.HasSubtype("soldier"), d.IsPermanent())))
    assert effect == n.IfCompared(SLOT, "power", "<=", soldiers, (n.Exile(SLOT),))


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_rending_vines_compares_mana_value_with_cards_in_hand() -> None:
    (effect,) = effects_of(
        "Destroy target artifact or enchantment if its mana value is less than or equal to "
        "the number of cards in your hand.",
        "Rending Vines",
        "Instant — Arcane",
    )
    in_hand = n.CountOf(d.AllOf((d.IsCard(), d.InZone("hand", "you"))))
    assert effect == n.IfCompared(SLOT, "mana_value", "<=", in_hand, (n.Destroy(SLOT),))


@pytest.mark.rules("mtg:608.2c", "mtg:608.2d")
def test_sage_eye_avengers_may_with_its_own_power() -> None:
    card = parse_card(
        "mtg",
        "Whenever Sage-Eye Avengers attacks, you may return target creature to its owner's "
        "hand if its power is less than Sage-Eye Avengers's power.",
        name="Sage-Eye Avengers",
        type_line="Creature — Djinn Monk",
    )
    assert not card.unsupported, card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    own = n.NumberOf("power", n.Self())
    assert effect == n.May((n.IfCompared(SLOT, "power", "<", own, (n.ReturnToHand(SLOT),)),))


def test_a_count_in_a_description_is_counted_from_the_game() -> None:
    """cmp's "the number of ..." in a target phrase: the count itself, which the game
    counts as the phrase is checked (helper Q2, ``CompareAmount``; mtg:107.3c)."""
    card = parse_card(
        "mtg",
        "Destroy target creature with power less than or equal to the number of Forests "
        "you control.",
        name="Dummy",
        type_line="Instant",
    )
    (req,) = card.abilities[0].requirements  # type: ignore[union-attr]
    forests = n.CountOf(d.AllOf((d.HasSubtype("forest"), d.Controller("you"))))
    assert d.CompareAmount("power", "<=", forests) in req.descriptor.parts  # type: ignore[attr-defined]


# ------------------------------------------------------------------ unless a player does


@pytest.mark.rules("mtg:118.12a")
@pytest.mark.parametrize(
    ("text", "name", "alternative"),
    [
        (
            "Counter target spell unless its controller discards their hand.",
            "Perplex",
            n.Discard(ITS_CONTROLLER, n.CardsIn("hand", ITS_CONTROLLER)),
        ),
        (
            "Counter target spell unless its controller exiles all cards from their graveyard.",
            "Grip of Amnesia",
            n.ExileGraveyard(ITS_CONTROLLER),
        ),
        (
            "Counter target instant or sorcery spell unless its controller has Molten "
            "Influence deal 4 damage to them.",
            "Molten Influence",
            n.DealDamage(4, ITS_CONTROLLER, n.Self()),
        ),
    ],
)
def test_counter_unless_its_controller_does(text: str, name: str, alternative: object) -> None:
    (effect,) = effects_of(text, name)
    assert effect == n.UnlessDoes((n.Counter(SLOT),), ITS_CONTROLLER, (alternative,))  # type: ignore[arg-type]


@pytest.mark.rules("mtg:118.12a", "mtg:120.2b")
def test_dwarven_scorcher_that_creatures_controller_has_it_deal_damage() -> None:
    (effect,) = effects_of(
        "Sacrifice Dwarven Scorcher: Dwarven Scorcher deals 1 damage to target creature "
        "unless that creature's controller has Dwarven Scorcher deal 2 damage to them.",
        "Dwarven Scorcher",
        "Creature — Dwarf",
    )
    assert effect == n.UnlessDoes(
        (n.DealDamage(1, SLOT, n.Self()),),
        ITS_CONTROLLER,
        (n.DealDamage(2, ITS_CONTROLLER, n.Self()),),
    )


@pytest.mark.rules("mtg:118.12a", "mtg:701.17a")
def test_demanding_dragon_that_player_sacrifices() -> None:
    (effect,) = effects_of(
        "When Demanding Dragon enters, it deals 5 damage to target opponent unless that "
        "player sacrifices a creature of their choice.",
        "Demanding Dragon",
        "Creature — Dragon",
    )
    assert effect == n.UnlessDoes(
        (n.DealDamage(5, SLOT, n.Self()),),
        SLOT,
        (n.Sacrifice(SLOT, d.HasType("creature")),),
    )


@pytest.mark.parametrize(
    "text",
    [
        # "that player" after an effect on a creature: which player is not said
        "Tap target creature unless that player sacrifices a creature of their choice.",
        # "its controller" after an effect on a player
        "Target player draws a card unless its controller discards their hand.",
    ],
)
def test_unless_does_with_no_clear_player_is_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Dummy", type_line="Instant")
    assert card.unsupported


# ------------------------------------------------------------------ behaviour

_GRIP = """
game: mtg
title: unless its controller exiles their graveyard
players: [Alice, Bob]
cards:
  Grip:
    type: Instant
    text: "Counter target spell unless its controller exiles all cards from their graveyard."
  Shock:
    type: Instant
    text: "Shock deals 2 damage to any target."
setup:
  Alice:
    hand: [Grip]
  Bob:
    hand: [Shock]
    graveyard: [Forest, Island]
steps:
  - cast: Shock
    by: Bob
    targets: [Alice]
  - cast: Grip
    by: Alice
    targets: [Shock]
  - resolve: 1
    choose: {pay: PAY}
  - expect:
      zone: {Shock: WHERE, Forest: FOREST}
"""


@pytest.mark.rules("mtg:118.12a", "mtg:701.5a")
@pytest.mark.parametrize(
    ("pay", "where", "forest"),
    [("true", "stack", "exile"), ("false", "graveyard", "graveyard")],
)
def test_the_player_chooses_as_it_resolves(
    tmp_path: Path, pay: str, where: str, forest: str
) -> None:
    path = tmp_path / "case.yaml"
    text = _GRIP.replace("PAY", pay).replace("WHERE", where).replace("FOREST", forest)
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    assert result.ok, (result.failures, result.error)


_CONDITION = """
game: mtg
title: a target's power compared with a count as it resolves
players: [Alice, Bob]
cards:
  Strike:
    type: Instant
    text: >-
      Destroy target creature if its power is less than or equal to the number of
      Forests you control.
  Wurm:
    type: Creature — Wurm
    power: 6
    toughness: 4
setup:
  Alice:
    hand: [Strike]
    battlefield: [Forest, {card: Forest, as: Second Forest}]
  Bob:
    battlefield: [Wurm]
steps:
  - do: {modify: {Wurm: {power: POWER}}}
  - cast: Strike
    by: Alice
    targets: [Wurm]
  - resolve: 1
  - expect:
      zone: {Wurm: WHERE}
"""


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
@pytest.mark.parametrize(("power", "where"), [("-4", "graveyard"), ("-3", "battlefield")])
def test_the_comparison_uses_the_power_as_it_resolves(
    tmp_path: Path, power: str, where: str
) -> None:
    """The Wurm is 6/4; lowered to 2 it is at most two Forests, lowered to 3 it is not."""
    path = tmp_path / "case.yaml"
    path.write_text(_CONDITION.replace("POWER", power).replace("WHERE", where))
    result = run_scenario(load_scenario(path))
    assert result.ok, (result.failures, result.error)


@pytest.mark.rules("mtg:118.12a", "mtg:119.4")
def test_either_of_two_things_and_a_target_player_who_chooses() -> None:
    (thornplate,) = effects_of(
        "When Thornplate Intimidator enters, target opponent loses 3 life unless they "
        "sacrifice a nonland permanent of their choice or discard a card.",
        "Thornplate Intimidator",
        "Creature — Rat Rogue",
    )
    nonland = d.AllOf((d.IsPermanent(), d.Not(d.HasType("land"))))
    assert thornplate == n.UnlessDoes(
        (n.LoseLife(SLOT, 3),), SLOT, (n.Sacrifice(SLOT, nonland), n.Discard(SLOT, 1))
    )
    (tormentor,) = effects_of(
        "At the beginning of your upkeep, draw a card unless target opponent sacrifices a "
        "creature of their choice or pays 3 life.",
        "Indulgent Tormentor",
        "Creature — Demon",
    )
    assert tormentor == n.UnlessDoes(
        (n.Draw(n.You(), 1),),
        SLOT,
        (n.Sacrifice(SLOT, d.HasType("creature")), n.LoseLife(SLOT, 3)),
    )


_EITHER = """
game: mtg
title: either of two things, named by option
players: [Alice, Bob]
cards:
  Squeeze:
    type: Sorcery
    text: >-
      Target opponent loses 3 life unless that player sacrifices a creature of their
      choice or pays 2 life.
setup:
  Alice:
    hand: [Squeeze]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - cast: Squeeze
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: CHOICE
"""


@pytest.mark.rules("mtg:118.12a", "mtg:608.2d")
@pytest.mark.parametrize(
    ("choice", "ok", "life", "bears"),
    [
        ("{pay: true, option: pay life}", True, 18, "battlefield"),
        ("{pay: true, option: sacrifice}", True, 20, "graveyard"),
        ("{pay: false}", True, 17, "battlefield"),
        # two things to pick from and none named: refused, nothing changes
        ("{pay: true}", False, 20, "battlefield"),
    ],
)
def test_the_player_names_which_thing(
    tmp_path: Path, choice: str, ok: bool, life: int, bears: str
) -> None:
    expect = f"  - expect:\n      life: {{Bob: {life}}}\n      zone: {{Grizzly Bears: {bears}}}\n"
    path = tmp_path / "case.yaml"
    path.write_text(_EITHER.replace("CHOICE", choice) + (expect if ok else ""))
    result = run_scenario(load_scenario(path))
    assert result.ok is ok, (result.failures, result.error)
    if not ok:
        why = (
            " ".join(m for _, m in result.failures)
            + (result.error or "")
            + (result.unsupported or "")
        )
        assert "option" in why


@pytest.mark.rules("mtg:118.12a")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "cost"),
    [
        (
            "When you cast this spell, counter target spell an opponent controls unless "
            "they pay {1}.",
            "Hope-Ender Coatl",
            "Creature — Eldrazi Snake",
            "{1}",
        ),
        (
            "{T}: Counter target activated ability from an artifact source unless that "
            "ability's controller pays {W}.",
            "Ayesha Tanaka",
            "Legendary Creature — Human Artificer",
            "{W}",
        ),
    ],
)
def test_counter_unless_the_objects_controller_pays(
    text: str, name: str, type_line: str, cost: str
) -> None:
    (effect,) = effects_of(text, name, type_line)
    assert effect == n.Counter(SLOT, unless_pays=cost)


def test_unless_they_do_something_else_than_pay_is_not_this_shape() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell an opponent controls unless they reveal {1}.",
        name="Dummy",
        type_line="Instant",
    )
    assert card.unsupported


def test_a_card_read_with_a_counted_comparison_can_be_pickled() -> None:
    """The count cmp carries for a condition does not stop a parsed card being kept."""
    import pickle

    card = parse_card(
        "mtg",
        "Destroy target creature with power less than or equal to the number of Forests "
        "you control.",
        name="Dummy",
        type_line="Instant",
    )
    assert pickle.loads(pickle.dumps(card)) == card
