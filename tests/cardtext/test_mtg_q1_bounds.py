"""Target phrases that compare a number of the target to a number the text computes
(helper Q1): "with mana value X or less, where X is the amount of life you gained this
turn", "with power less than or equal to the number of Islands you control", "with
mana value less than ~'s loyalty". The number is worked out when targets are chosen
(mtg:601.2c) and again on resolution (mtg:608.2b)."""

from __future__ import annotations

import pytest
from tests.helpers import new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic import bounds
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.describe import Context, amount_now
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def first(text: str, name: str, type_line: str = "Instant") -> n.Ability:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    return card.abilities[-1]


def bound_of(ability: n.Ability) -> d.CompareAmount:
    """The one CompareAmount of the ability's first target phrase."""
    found: list[d.CompareAmount] = []

    def walk(part: d.Descriptor) -> None:
        if isinstance(part, d.CompareAmount):
            found.append(part)
        elif isinstance(part, d.AllOf | d.AnyOf):
            for p in part.parts:
                walk(p)

    walk(ability.requirements[0].descriptor)  # type: ignore[union-attr]
    assert len(found) == 1, ability
    return found[0]


def understood(ability: n.Ability) -> bool:
    return not any(isinstance(e, n.UnsupportedEffect) for e in ability.effects)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:107.3c", "mtg:119.3", "mtg:601.2c")
def test_x_defined_as_the_life_gained_this_turn_is_the_target_bound() -> None:
    ability = first(
        "Healing Tears — At the beginning of your end step, return target creature card "
        "with mana value X or less from your graveyard to the battlefield, where X is the "
        "amount of life you gained this turn.",
        "Celestine, the Living Saint",
        "Legendary Creature — Human Warrior",
    )
    assert understood(ability)
    assert bound_of(ability) == d.CompareAmount("mana_value", "<=", n.ThisTurn("life_gained"))


@pytest.mark.rules("mtg:107.3c", "mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "name", "prop", "subtype"),
    [
        (
            "When this creature enters, counter target spell with mana value X or less, "
            "where X is the number of Faeries you control.",
            "Spellstutter Sprite",
            "mana_value",
            "faerie",
        ),
        (
            "When this creature enters, destroy target non-Elf creature an opponent "
            "controls with power X or less, where X is the number of Shrines you control.",
            "Test Siege",
            "power",
            "shrine",
        ),
    ],
)
def test_x_defined_as_a_count_of_what_you_control(
    text: str, name: str, prop: str, subtype: str
) -> None:
    ability = first(text, name, "Creature — Faerie")
    assert understood(ability)
    bound = bound_of(ability)
    assert (bound.prop, bound.op) == (prop, "<=")
    assert isinstance(bound.amount, n.CountOf)
    assert d.HasSubtype(subtype) in bound.amount.descriptor.parts  # type: ignore[attr-defined]


@pytest.mark.rules("mtg:601.2c", "mtg:119.3", "mtg:306.5c", "mtg:122.1")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "expected"),
    [
        (
            "At the beginning of your end step, return up to one target creature card with "
            "mana value less than or equal to the amount of life you lost this turn from "
            "your graveyard to the battlefield.",
            "Betor, Ancestor's Voice",
            "Legendary Creature — Spirit Dragon",
            d.CompareAmount("mana_value", "<=", n.ThisTurn("life_lost")),
        ),
        (
            "Exile target creature with power greater than or equal to your life total.",
            "Blazing Hope",
            "Instant",
            d.CompareAmount("power", ">=", n.LifeTotalOf(n.You())),
        ),
        (
            "−2: Exile target creature or Equipment card with mana value less than Nahiri, "
            "the Unforgiving's loyalty from your graveyard.",
            "Nahiri, the Unforgiving",
            "Legendary Planeswalker — Nahiri",
            d.CompareAmount("mana_value", "<", n.CountersOn("loyalty", n.Self())),
        ),
        (
            "Sacrifice this enchantment: Gain control of target creature with power less "
            "than or equal to the number of treasure counters on this enchantment.",
            "Legacy's Allure",
            "Enchantment",
            d.CompareAmount("power", "<=", n.CountersOn("treasure", n.Self())),
        ),
        (
            "{B}, {T}: Destroy target creature with power less than this creature's power.",
            "Unliving Psychopath",
            "Creature — Zombie Assassin",
            d.CompareAmount("power", "<", n.NumberOf("power", n.Self())),
        ),
    ],
)
def test_a_number_the_phrase_names_itself(
    text: str, name: str, type_line: str, expected: d.CompareAmount
) -> None:
    ability = first(text, name, type_line)
    assert understood(ability)
    assert bound_of(ability) == expected


@pytest.mark.rules("mtg:601.2c")
def test_numbers_that_cannot_be_worked_out_at_targeting_stay_unread_or_variable() -> None:
    # "up to X target ...": the count of targets itself is X, the most targets
    # (TargetRequirement.max_amount, helper Q2), not a compared number
    ability = first(
        "Destroy up to X target creatures, where X is the number of Islands you control.",
        "Test",
    )
    assert "CompareAmount" not in repr(ability)
    # a number about the trigger's damage: not a number of the game alone
    ability = first(
        "Whenever this creature deals combat damage to a player, you may return target "
        "creature card with mana value X or less from your graveyard to the battlefield, "
        "where X is the amount of damage this creature dealt to that player.",
        "Venerable Warsinger",
        "Creature — Spirit",
    )
    assert not understood(ability)
    # "in its controller's graveyard" is the candidate's: kept as a bare variable
    ability = first(
        "Counter target spell with mana value less than or equal to the number of cards in "
        "its controller's graveyard.",
        "Drown in the Loch",
    )
    assert "CompareAmount" not in repr(ability)
    # "with lesser power": lesser than what the text means (not always this object)
    ability = first(
        "Whenever you sacrifice a creature, you may return target creature card with "
        "lesser mana value from your graveyard to the battlefield tapped.",
        "Riveteers Ascendancy",
        "Enchantment",
    )
    assert "CompareAmount" not in repr(ability)


@pytest.mark.rules("mtg:601.2c")
def test_the_kernel_refuses_a_number_its_game_cannot_work_out() -> None:
    game = new_game()
    ctx = Context(game, "Alice", None)
    assert amount_now(ctx, n.CardsIn("hand", n.You())) == 0
    with pytest.raises(NotSupportedError, match="in a description"):
        amount_now(ctx, n.TriggerAmount())
    assert not bounds.known(n.PowerOf(n.It()))
    assert not bounds.known(n.CountOf(d.IsCard()))
    assert bounds.known(n.Sum((1, n.ThisTurn("life_gained"))))


_CARDS = """
cards:
  Tithe Blade:
    type: Instant
    text: >-
      Destroy target creature with mana value less than or equal to the number of cards
      in your hand.
  Small:
    type: Creature — Bear
    cost: "{1}"
    power: 1
    toughness: 1
  Big:
    type: Creature — Giant
    cost: "{3}"
    power: 3
    toughness: 3
  Card A:
    type: Instant
  Card B:
    type: Instant
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "q1-bounds-test.yaml"))
    assert result.ok, result.problems


_SETUP = """  Alice:
    hand: [Tithe Blade, Card A, Card B]
  Bob:
    battlefield: [Small, Big]
"""


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b")
def test_the_count_is_taken_as_targets_are_chosen() -> None:
    """Two other cards in hand as it is cast: Big (mana value 3) can't be chosen."""
    play(
        """
  - cast: Tithe Blade
    targets: [Big]
    rejected: mtg:601.2c
  - cast: Tithe Blade
    targets: [Small]
  - resolve: 1
  - expect: {zone: {Small: graveyard, Big: battlefield}}
""",
        _SETUP,
    )


@pytest.mark.rules("mtg:608.2b")
def test_the_count_is_taken_again_on_resolution() -> None:
    """Both other cards leave the hand before it resolves: Small is no longer legal."""
    play(
        """
  - cast: Tithe Blade
    targets: [Small]
  - do: {move: {Card A: graveyard}}
  - do: {move: {Card B: graveyard}}
  - resolve: 1
  - expect: {zone: {Small: battlefield, Tithe Blade: graveyard}}
""",
        _SETUP,
    )


# ------------------------------------------------ what happened to one player this turn


@pytest.mark.rules("mtg:701.8a", "mtg:120.3a", "mtg:119.3", "mtg:608.2h")
@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (
            "Draw cards equal to the number of cards target opponent discarded this turn.",
            "Dream Salvage",
            n.Draw(n.You(), n.ThisTurn("cards_discarded", n.TargetSlot(0))),
        ),
        (
            "You gain life equal to the damage dealt to you this turn.",
            "Simulacrum",
            n.GainLife(n.You(), n.ThisTurn("damage_dealt")),
        ),
        (
            "Target opponent loses life equal to the life that player lost this turn.",
            "Blitzwing, Cruel Tormentor",
            n.LoseLife(n.TargetSlot(0), n.ThisTurn("life_lost", n.TargetSlot(0))),
        ),
    ],
)
def test_a_count_of_this_turn_for_one_player(text: str, name: str, expected: object) -> None:
    ability = first(text, name)
    assert understood(ability)
    assert ability.effects == (expected,)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:608.2h")
def test_a_count_of_this_turn_for_a_player_that_is_not_one_target_is_not_read() -> None:
    ability = first(
        "Draw cards equal to the number of cards target creature discarded this turn.", "Test"
    )
    assert not understood(ability)
    ability = first(
        "Draw cards equal to the number of cards target opponent milled this turn.", "Test"
    )
    assert not understood(ability)


# ------------------------------------------------------ creatures that died this turn


@pytest.mark.rules("mtg:700.4", "mtg:608.2h")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "When this creature dies, it deals damage to any target equal to the number of "
            "Zubera that died this turn.",
            n.DealDamage(n.DiedThisTurn(d.HasSubtype("zubera")), n.TargetSlot(0)),
        ),
        (
            "When this creature dies, target opponent discards a card for each Zubera that "
            "died this turn.",
            n.Discard(n.TargetSlot(0), n.DiedThisTurn(d.HasSubtype("zubera"))),
        ),
    ],
)
def test_the_number_of_creatures_that_died_this_turn(text: str, expected: object) -> None:
    ability = first(text, "Test Zubera", "Creature — Zubera Spirit")
    assert understood(ability)
    assert ability.effects == (expected,)  # type: ignore[union-attr]


_DIED = """
cards:
  Mourner:
    type: Creature — Spirit
    power: 1
    toughness: 1
    text: >-
      {T}: Mourner deals damage to any target equal to the number of creatures that died
      this turn.
  Token Maker:
    type: Sorcery
    text: Create a 1/1 white Spirit creature token.
  Stone Giant:
    type: Creature — Giant
    power: 3
    toughness: 3
"""


@pytest.mark.rules("mtg:700.4", "mtg:111.7", "mtg:608.2h")
def test_a_token_that_died_counts_a_card_that_left_otherwise_does_not() -> None:
    """A token put into a graveyard died (then ceased to exist); a creature exiled did
    not die; a Bear put into the graveyard died: 2."""
    text = f"""game: mtg
players: [Alice, Bob]
{_DIED}
setup:
  Alice:
    hand: [Token Maker]
    battlefield: [Mourner, Grizzly Bears, Stone Giant]
  Bob:
    battlefield: [Serra Angel]
steps:
  - cast: Token Maker
  - resolve: 1
  - do: {{move: {{Spirit Token: graveyard}}}}
  - do: {{move: {{Grizzly Bears: graveyard}}}}
  - do: {{move: {{Stone Giant: exile}}}}
  - activate: Mourner
    ability: 1
    targets: [Serra Angel]
  - resolve: 1
  - expect: {{damage: {{Serra Angel: 2}}}}
"""
    result = run_scenario(parse_scenario(text, "q1-died-test.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:122.6", "mtg:119.3", "mtg:608.2h")
def test_a_number_of_counters_on_a_target_equal_to_the_life_gained_this_turn() -> None:
    ability = first(
        "At the beginning of your end step, put a number of +1/+1 counters on up to one "
        "other target creature you control equal to the amount of life you gained this turn.",
        "Betor, Ancestor's Voice",
        "Legendary Creature — Spirit Dragon",
    )
    assert understood(ability)
    assert ability.effects == (  # type: ignore[union-attr]
        n.PutCounters(n.TargetSlot(0), "+1/+1", n.ThisTurn("life_gained")),
    )


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h", "mtg:601.2c")
def test_the_greatest_number_among_objects_as_a_bound() -> None:
    mine = d.AllOf((d.IsPermanent(), d.Controller("you")))
    ability = first(
        "Counter target spell if its mana value is less than or equal to the greatest mana "
        "value among permanents you control.",
        "Dispersal Shield",
    )
    assert understood(ability)
    (effect,) = ability.effects  # type: ignore[union-attr]
    assert effect == n.IfCompared(
        n.TargetSlot(0),
        "mana_value",
        "<=",
        n.GreatestAmong("mana_value", mine),
        (n.Counter(n.TargetSlot(0)),),
    )
    ability = first(
        "Destroy target creature with power less than the greatest power among creatures you "
        "control.",
        "Test",
    )
    assert bound_of(ability).amount == n.GreatestAmong(
        "power", d.AllOf((d.HasType("creature"), d.Controller("you")))
    )
