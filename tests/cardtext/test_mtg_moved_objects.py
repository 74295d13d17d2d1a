"""Numbers and conditions read from the object an earlier step of the same effect moved
or that paid its cost (mtg:608.2c, mtg:601.2h, mtg:603.12), as it last existed
(mtg:608.2h): "the discarded card's mana value", "the exiled card's power", "half the
sacrificed creature's power, rounded down", "if the sacrificed creature was red"."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.play import activate, cast
from tcgrules.kernel.resolution import resolve_top

DISCARDED = n.MovedThisWay(
    d.AllOf((d.IsCard(), d.InZone("graveyard"))), "graveyard", "discarded", "hand"
)
EXILED = n.MovedThisWay(d.AllOf((d.IsCard(), d.InZone("exile"))), "exile", "exiled")
SACRIFICED = n.MovedThisWay(
    d.AllOf((d.HasType("creature"), d.InZone("graveyard"))),
    "graveyard",
    "sacrificed",
    "battlefield",
)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:601.2h", "mtg:608.2h", "mtg:202.3")
def test_the_discarded_cards_mana_value() -> None:
    found = read_effects(
        "{R}, {T}, Discard a card: This creature deals damage to target creature equal to "
        "the discarded card's mana value.",
        name="Mercurial Chemister",
        type_line="Creature — Human Wizard",
    )
    assert found == (n.DealDamage(n.OfMoved("mana_value", DISCARDED), n.TargetSlot(0), n.Self()),)


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_the_exiled_cards_power_of_an_earlier_step() -> None:
    found = read_effects(
        "Exile target creature card from a graveyard, then create X 1/1 green Saproling "
        "creature tokens, where X is the exiled card's toughness.",
        type_line="Sorcery",
    )
    made = found[-1]
    assert isinstance(made, n.CreateToken)
    assert made.count == n.OfMoved("toughness", EXILED)


@pytest.mark.rules("mtg:107.1a", "mtg:608.2h")
def test_half_the_sacrificed_creatures_power_rounded_down() -> None:
    found = read_effects(
        "{T}, Sacrifice a red or white creature: This creature deals damage to any target "
        "equal to half the sacrificed creature's power, rounded down.",
        name="Freyalise Supplicant",
        type_line="Creature — Human Cleric",
    )
    (damage,) = found
    assert isinstance(damage, n.DealDamage)
    assert damage.amount == n.Half(n.OfMoved("power", SACRIFICED), up=False)


@pytest.mark.rules("mtg:205.2a")
def test_the_number_of_card_types_the_discarded_card_has() -> None:
    found = read_effects(
        "At the beginning of combat on your turn, you may discard a card. When you do, this "
        "creature deals X damage to any target, where X is the number of card types the "
        "discarded card has.",
        name="Mount Velus Manticore",
        type_line="Enchantment Creature — Manticore",
    )
    assert "OfMoved(prop='card_types'" in repr(found)


@pytest.mark.rules("mtg:608.2c")
def test_if_the_sacrificed_creature_was_red() -> None:
    found = read_effects(
        "{2}, Sacrifice a creature: Lyzolda deals 2 damage to any target if the sacrificed "
        "creature was red. Draw a card if the sacrificed creature was black.",
        name="Lyzolda, the Blood Witch",
        type_line="Legendary Creature — Human Cleric",
    )
    first = found[0]
    assert isinstance(first, n.IfCondition)
    condition = first.condition
    assert isinstance(condition, n.NumberCondition)
    assert isinstance(condition.amount, n.OfMoved) and condition.amount.prop == "count"
    assert d.Color("red") in getattr(condition.amount.way.descriptor, "parts", ())


@pytest.mark.rules("mtg:601.2f")
def test_an_additional_cost_is_a_static_ability_of_the_spell() -> None:
    text = (
        "As an additional cost to cast this spell, exile a creature card from your graveyard.\n"
        "Corpse Lunge deals damage equal to the exiled card's power to target creature."
    )
    found = read_effects(text, name="Corpse Lunge", ability="all")
    cost = found[0]
    assert isinstance(cost, n.AdditionalCost)
    assert (cost.verb, cost.count) == ("exiled", 1)
    assert found[1] == n.DealDamage(n.OfMoved("power", EXILED), n.TargetSlot(0), n.Self())


@pytest.mark.rules("mtg:608.2h")
def test_the_exiled_card_of_another_ability_is_not_read() -> None:
    # Bishop of Binding's "the exiled card" is the one its other ability exiled
    left = unread(
        "Whenever this creature attacks, target Vampire gets +X/+X until end of turn, "
        "where X is the power of the exiled card.",
        name="Bishop of Binding",
        type_line="Creature — Vampire Cleric",
    )
    assert left


# ------------------------------------------------------------------ doing


def _creature(game: Game, name: str, who: str, zone: str, *, power: int, cost: str) -> ObjectRef:
    return game.create(
        card("mtg", name, "Creature — Test", cost=cost, power=power, toughness=power),
        who,
        zone,
    )


def _chemister(game: Game) -> ObjectRef:
    return game.create(
        card(
            "mtg",
            "Mercurial Chemister",
            "Creature — Human Wizard",
            "{R}, {T}, Discard a card: This creature deals damage to target creature equal "
            "to the discarded card's mana value.",
            cost="{3}{U}{R}",
            power=2,
            toughness=3,
        ),
        "Alice",
        "battlefield",
    )


@pytest.mark.rules("mtg:601.2h", "mtg:701.8a", "mtg:608.2h")
def test_the_card_discarded_for_the_cost_is_read() -> None:
    game = new_game()
    chemister = _chemister(game)
    big = _creature(game, "Big", "Alice", "hand", power=4, cost="{2}{G}{G}")
    target = _creature(game, "Wall", "Bob", "battlefield", power=9, cost="{1}")
    activate(game, chemister, "Alice", targets=[[target]], paid=[("discarded", big)])
    assert game.get(game.current(big.id).ref).zone.name == "graveyard"
    resolve_top(game)
    assert game.get(target).damage == 4


@pytest.mark.rules("mtg:118.3", "mtg:701.8a")
def test_a_card_not_in_hand_cant_be_discarded_and_nothing_changes() -> None:
    game = new_game()
    chemister = _chemister(game)
    elsewhere = _creature(game, "Big", "Alice", "graveyard", power=4, cost="{4}")
    target = _creature(game, "Wall", "Bob", "battlefield", power=9, cost="{1}")
    before = len(game.events)
    with pytest.raises(RulesViolation) as refused:
        activate(game, chemister, "Alice", targets=[[target]], paid=[("discarded", elsewhere)])
    assert "mtg:118.3" in str(refused.value.verdict.reasons[0].rule)
    assert len(game.events) == before and game.stack == ()


@pytest.mark.rules("mtg:601.2h")
def test_without_the_paid_object_the_number_is_not_supported() -> None:
    game = new_game()
    chemister = _chemister(game)
    target = _creature(game, "Wall", "Bob", "battlefield", power=9, cost="{1}")
    activate(game, chemister, "Alice", targets=[[target]])
    with pytest.raises(NotSupportedError, match="discarded"):
        resolve_top(game)


@pytest.mark.rules("mtg:701.17a", "mtg:608.2h", "mtg:107.1a")
def test_half_the_sacrificed_creatures_power_as_it_last_existed() -> None:
    game = new_game()
    supplicant = game.create(
        card(
            "mtg",
            "Freyalise Supplicant",
            "Creature — Human Cleric",
            "{T}, Sacrifice a red or white creature: This creature deals damage to any target "
            "equal to half the sacrificed creature's power, rounded down.",
            cost="{1}{G}",
            power=1,
            toughness=1,
        ),
        "Alice",
        "battlefield",
    )
    giant = _creature(game, "Giant", "Alice", "battlefield", power=5, cost="{3}{R}")
    theirs = _creature(game, "Theirs", "Bob", "battlefield", power=5, cost="{3}{R}")
    with pytest.raises(RulesViolation):
        activate(
            game, supplicant, "Alice", targets=[[PlayerRef("Bob")]], paid=[("sacrificed", theirs)]
        )
    activate(game, supplicant, "Alice", targets=[[PlayerRef("Bob")]], paid=[("sacrificed", giant)])
    resolve_top(game)
    assert game.player("Bob").life == 18


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_the_card_this_resolution_exiled_is_read() -> None:
    game = new_game()
    wurm = _creature(game, "Wurm", "Bob", "graveyard", power=6, cost="{4}{G}{G}")
    spell = game.create(
        card(
            "mtg",
            "Test Bloom",
            "Sorcery",
            "Exile target creature card from a graveyard, then create X 1/1 green Saproling "
            "creature tokens, where X is the exiled card's power.",
            cost="{1}{B}",
        ),
        "Alice",
        "hand",
    )
    cast(game, spell, "Alice", targets=[[wurm]])
    resolve_top(game)
    made = [r for r in game.battlefield() if game.get(r).kind == "token"]
    assert len(made) == 6


@pytest.mark.rules("mtg:601.2f", "mtg:601.2h", "mtg:608.2h")
def test_fling_reads_the_creature_sacrificed_for_its_additional_cost() -> None:
    text = (
        "As an additional cost to cast this spell, sacrifice a creature.\n"
        "Fling deals damage equal to the sacrificed creature's power to any target."
    )
    found = read_effects(text, name="Fling", ability="all")
    assert isinstance(found[0], n.AdditionalCost) and found[0].verb == "sacrificed"
    game = new_game()
    fling = game.create(card("mtg", "Fling", "Instant", text, cost="{1}{R}"), "Alice", "hand")
    giant = _creature(game, "Giant", "Alice", "battlefield", power=3, cost="{3}{R}")
    cast(game, fling, "Alice", targets=[[PlayerRef("Bob")]], paid=[("sacrificed", giant)])
    resolve_top(game)
    assert game.player("Bob").life == 17


@pytest.mark.rules("mtg:603.12", "mtg:701.17a", "mtg:608.2h")
def test_that_creature_of_a_reflexive_ability_is_the_one_sacrificed() -> None:
    text = (
        "When this creature enters, you may sacrifice another creature. When you do, this "
        "creature deals damage equal to that creature's power to any target."
    )
    (may, reflexive) = read_effects(text, name="Heart-Piercer Manticore", type_line="Creature")
    assert may == n.May((n.Sacrifice(n.You(), d.AllOf((d.HasType("creature"), d.Other())), 1),))
    assert isinstance(reflexive, n.ReflexiveTrigger)
    (damage,) = reflexive.effects
    assert isinstance(damage, n.DealDamage) and isinstance(damage.amount, n.OfMoved)
    assert damage.amount.way.word == "sacrificed"


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_that_card_after_a_condition_on_what_was_discarded() -> None:
    found = read_effects(
        "When this creature enters, discard a card at random. If you discard a creature "
        "card this way, this creature deals damage equal to that card's power to target "
        "player or planeswalker.",
        name="Cragganwick Cremator",
        type_line="Creature — Giant Shaman",
    )
    discard, condition = found
    assert discard == n.Discard(n.You(), 1, random=True)
    assert isinstance(condition, n.IfCondition)
    (damage,) = condition.effects
    assert isinstance(damage, n.DealDamage) and isinstance(damage.amount, n.OfMoved)
    assert damage.amount.prop == "power"
    assert d.HasType("creature") in getattr(damage.amount.way.descriptor, "parts", ())


@pytest.mark.rules("mtg:608.2c")
def test_if_a_red_card_is_discarded_this_way() -> None:
    found = read_effects(
        "+1: Discard a card. If a red card is discarded this way, Chandra deals 4 damage to "
        "any target.",
        name="Chandra Ablaze",
        type_line="Legendary Planeswalker — Chandra",
    )
    condition = found[1]
    assert isinstance(condition, n.IfCondition)
    test = condition.condition
    assert isinstance(test, n.NumberCondition) and isinstance(test.amount, n.OfMoved)
    assert d.Color("red") in getattr(test.amount.way.descriptor, "parts", ())
