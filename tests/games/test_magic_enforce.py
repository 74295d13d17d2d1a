"""Magic under ``enforce: [costs, timing]`` (games/magic/enforce.py): when a spell may be
cast or an ability activated (mtg:117.1a-b, 302.6, 307.1, 505.1, 606.3, 702.8a) and how
the total cost is paid with mana from mana abilities (mtg:601.2f-h, 605.3b)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel import play
from tcgrules.kernel.combat import attack
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import resolve_top

MOUNTAIN = card("mtg", "Mountain", "Basic Land — Mountain")
ISLAND = card("mtg", "Island", "Basic Land — Island")
FOREST = card("mtg", "Forest", "Basic Land — Forest")
BOLT = card("mtg", "Bolt", "Instant", "Bolt deals 3 damage to any target.", cost="{R}")
SORCERY = card("mtg", "Zap Later", "Sorcery", "Zap Later deals 1 damage to any target.", cost="{R}")
BEAR = card("mtg", "Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2)
ELF = card("mtg", "Elf", "Creature — Elf", "{T}: Add {G}.", cost="{G}", power=1, toughness=1)
HASTY_ELF = card(
    "mtg", "Hasty Elf", "Creature — Elf", "Haste\n{T}: Add {G}.", cost="{G}", power=1, toughness=1
)
BIRD = card(
    "mtg", "Bird", "Creature — Bird", "{T}: Add one mana of any color.", power=0, toughness=1
)
RING = card("mtg", "Ring", "Artifact", "{T}: Add {C}{C}.", cost="{1}")
SHARD = card("mtg", "Shard", "Artifact", "{T}: Add {W} or {U}.", cost="{3}")
PAIN = card("mtg", "Pain Land", "Land", "{T}, Pay 1 life: Add {R}.")
PHYREXIAN = card(
    "mtg", "Gut Shot", "Instant", "Gut Shot deals 1 damage to any target.", cost="{R/P}"
)
SNOW = card("mtg", "Chill", "Instant", "Chill deals 1 damage to any target.", cost="{S}")
AZORIUS = card("mtg", "Hybrid Wall", "Creature — Wall", "", cost="{W/U}{U}", power=0, toughness=4)
BOMB = card(
    "mtg", "Bomb", "Artifact", "{2}, Sacrifice this artifact: Bomb deals 2 damage to any target."
)
WALKER = card(
    "mtg", "Walker", "Legendary Planeswalker — Test", "+1: You gain 1 life.", cost="{2}", loyalty=3
)


def _game(*enforce: str) -> Game:
    return tcgrules.new_game("mtg", ["Alice", "Bob"], enforce=list(enforce))


def _put(game: Game, what: tcgrules.CardDefinition, zone: str = "battlefield") -> ObjectRef:
    return game.create(what, "Alice", zone)


def _bob() -> list[list[PlayerRef]]:
    return [[PlayerRef("Bob")]]


# ------------------------------------------------------------------------ timing
@pytest.mark.rules("mtg:117.1a", "mtg:307.1")
def test_a_sorcery_waits_for_its_casters_main_phase_and_an_empty_stack() -> None:
    game = _game("timing")
    first = _put(game, SORCERY, "hand")
    bolt = _put(game, BOLT, "hand")
    ref = play.cast(game, bolt, "Alice", targets=_bob())
    before = game.copy()
    with pytest.raises(RulesViolation, match="stack is empty") as refused, game.transaction():
        play.cast(game, first, "Alice", targets=_bob())
    assert str(refused.value.verdict.reasons[0].rule.number) == "307.1"
    assert game == before
    resolve_top(game)
    assert not game.is_current(ref)
    game.end_turn()
    bobs = game.create(SORCERY, "Bob", "hand")
    with pytest.raises(RulesViolation, match="Alice's own turn"):
        play.cast(game, first, "Alice", targets=[[PlayerRef("Bob")]])
    play.cast(game, bobs, "Bob", targets=[[PlayerRef("Alice")]])


@pytest.mark.rules("mtg:505.1")
def test_the_main_phase_ends_with_an_attack_and_after_damage_it_is_not_known() -> None:
    game = _game("timing")
    bear = _put(game, BEAR)
    zap = _put(game, SORCERY, "hand")
    attack(game, bear, "Alice", [PlayerRef("Bob")])
    with pytest.raises(RulesViolation, match="attackers were declared"):
        play.cast(game, zap, "Alice", targets=_bob())
    state = game.attack
    assert state is not None
    game.set_attack(replace(state, damage_dealt=True))
    with pytest.raises(NotSupportedError, match="postcombat main"):
        play.cast(game, zap, "Alice", targets=_bob())


@pytest.mark.rules("mtg:702.8a")
def test_flash_casts_any_time_an_instant_could_be_cast() -> None:
    game = _game("timing")
    game.end_turn()
    flash = card(
        "mtg", "Ambush Bear", "Creature — Bear", "Flash", cost="{1}{G}", power=2, toughness=2
    )
    play.cast(game, _put(game, flash, "hand"), "Alice")
    with pytest.raises(RulesViolation, match="own turn"):
        play.cast(game, _put(game, BEAR, "hand"), "Alice")


@pytest.mark.rules("mtg:302.6", "mtg:602.5a")
def test_summoning_sickness_is_read_from_the_events_and_haste_ignores_it() -> None:
    game = _game("timing")
    setup_elf = _put(game, ELF)
    new_elf = game.move(_put(game, ELF, "hand"), "battlefield", rule_applied=None)
    hasty = game.move(_put(game, HASTY_ELF, "hand"), "battlefield", rule_applied=None)
    play.activate(game, setup_elf, "Alice")  # there since before the recorded game
    play.activate(game, hasty, "Alice")
    with pytest.raises(RulesViolation, match="most recent turn began"):
        play.activate(game, new_elf, "Alice")
    game.end_turn()  # Bob's turn: Alice's most recent turn began before it entered
    with pytest.raises(RulesViolation, match="most recent turn began"):
        play.activate(game, new_elf, "Alice")
    game.end_turn()
    play.activate(game, new_elf, "Alice")


@pytest.mark.rules("mtg:606.3")
def test_a_loyalty_ability_needs_the_main_phase() -> None:
    game = _game("timing")
    walker = _put(game, WALKER)
    game.add_counters(walker, "loyalty", 3, rule_applied=None)
    attack(game, _put(game, BEAR), "Alice", [PlayerRef("Bob")])
    with pytest.raises(RulesViolation, match="attackers were declared"):
        play.activate(game, walker, "Alice")


@pytest.mark.rules("mtg:305.9")
def test_a_land_is_not_cast() -> None:
    game = _game("timing")
    with pytest.raises(RulesViolation, match="special action"):
        play.cast(game, _put(game, MOUNTAIN, "hand"), "Alice")


# ------------------------------------------------------------------------- costs
@pytest.mark.rules("mtg:601.2h")
def test_an_unpayable_cost_leaves_the_game_unchanged() -> None:
    game = _game("costs")
    _put(game, FOREST)
    bolt = _put(game, BOLT, "hand")
    before = game.copy()
    with pytest.raises(RulesViolation, match="can't be paid") as refused, game.transaction():
        play.cast(game, bolt, "Alice", targets=_bob())
    assert str(refused.value.verdict.reasons[0].rule.number) == "601.2h"
    assert game == before


@pytest.mark.rules("mtg:601.2h", "mtg:107.4e")
def test_colored_symbols_are_matched_so_a_payment_is_found_when_one_exists() -> None:
    game = _game("costs")
    shard = _put(game, SHARD)  # W or U, listed first
    island = _put(game, ISLAND)
    wall = _put(game, AZORIUS, "hand")
    play.cast(game, wall, "Alice")
    assert game.get(shard).tapped and game.get(island).tapped
    paid = [e for e in game.events if e.kind == "paid"][-1]
    assert paid.data["mana"] == "{W/U}{U}"


@pytest.mark.rules("mtg:605.3b")
def test_the_least_flexible_source_pays_and_multi_mana_sources_pay_generic() -> None:
    game = _game("costs")
    bird = _put(game, BIRD)
    ring = _put(game, RING)
    forest = _put(game, FOREST)
    play.cast(game, _put(game, BEAR, "hand"), "Alice")
    assert game.get(forest).tapped and game.get(ring).tapped
    assert not game.get(bird).tapped
    added = [e.data["mana"] for e in game.events if e.kind == "mana_added"]
    assert sorted(added) == ["{C}{C}", "{G}"]
    unspent = [e for e in game.events if e.kind == "paid"][-1].data["unspent"]
    assert unspent == 1  # the Ring adds two, one of them pays nothing (mtg:106.4)


def test_named_sources_are_checked() -> None:
    game = _game("costs")
    mountain = _put(game, MOUNTAIN)
    bobs = game.create(MOUNTAIN, "Bob", "battlefield")
    bear = _put(game, BEAR)
    pain = _put(game, PAIN)
    bolt = _put(game, BOLT, "hand")
    before = game.copy()

    def cast(*pay_with: ObjectRef) -> None:
        with game.transaction():
            play.cast(game, bolt, "Alice", targets=_bob(), pay_with=pay_with)

    with pytest.raises(RulesViolation, match="only its controller"):
        cast(bobs)
    with pytest.raises(RulesViolation, match="no mana ability"):
        cast(bear)
    with pytest.raises(InputError, match="twice"):
        cast(mountain, mountain)
    with pytest.raises(NotSupportedError, match="Pay 1 life"):
        cast(pain)
    assert game == before
    game.set_tapped(mountain, True, rule_applied=None)
    with pytest.raises(RulesViolation, match="tapped"):
        cast(mountain)


def test_an_unusable_mana_ability_is_said_when_the_rest_cannot_pay() -> None:
    game = _game("costs")
    _put(game, PAIN)
    with pytest.raises(NotSupportedError, match="Pain Land"):
        play.cast(game, _put(game, BOLT, "hand"), "Alice", targets=_bob())


@pytest.mark.rules("mtg:107.4f", "mtg:107.4h")
@pytest.mark.parametrize("spell", [PHYREXIAN, SNOW])
def test_phyrexian_and_snow_symbols_are_not_supported(spell: tcgrules.CardDefinition) -> None:
    game = _game("costs")
    _put(game, MOUNTAIN)
    with pytest.raises(NotSupportedError, match="mana symbol"):
        play.cast(game, _put(game, spell, "hand"), "Alice", targets=_bob())


@pytest.mark.rules("mtg:602.2b")
def test_an_ability_whose_source_is_sacrificed_still_pays_its_mana() -> None:
    game = _game("costs")
    a, b = _put(game, MOUNTAIN), _put(game, ISLAND)
    bomb = _put(game, BOMB)
    play.activate(game, bomb, "Alice", targets=_bob())
    assert game.get(a).tapped and game.get(b).tapped
    assert not game.is_current(bomb)
    with pytest.raises(RulesViolation, match="can't be paid"):
        play.activate(game, _put(game, BOMB), "Alice", targets=_bob())


def test_without_enforce_nothing_is_tapped() -> None:
    game = _game()
    mountain = _put(game, MOUNTAIN)
    play.cast(game, _put(game, BOLT, "hand"), "Alice", targets=_bob())
    assert not game.get(mountain).tapped


@pytest.mark.rules("mtg:118.6")
def test_a_spell_without_a_mana_cost_cannot_be_paid_for() -> None:
    game = _game("costs")
    _put(game, MOUNTAIN)
    vision = card("mtg", "Vision", "Sorcery", "Target player draws a card.")
    with pytest.raises(RulesViolation, match="no mana cost"):
        play.cast(game, _put(game, vision, "hand"), "Alice", targets=_bob())


@pytest.mark.rules("mtg:702.6a")
def test_equip_is_activated_only_as_a_sorcery() -> None:
    game = _game("timing")
    spear = _put(game, card("mtg", "Spear", "Artifact — Equipment", "Equip {1}", cost="{1}"))
    bear = _put(game, BEAR)
    play.cast(game, _put(game, BOLT, "hand"), "Alice", targets=_bob())
    with pytest.raises(RulesViolation, match="stack is empty"):
        play.activate(game, spear, "Alice", targets=[[bear]])
