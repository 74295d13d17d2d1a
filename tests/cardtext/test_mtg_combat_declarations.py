"""Magic's combat: declaring attackers (mtg:508.1) and blockers (mtg:509.1) through the
kernel's attack actions, the combat statuses descriptions ask about ("attacking you",
"blocking it", "it's blocking", "blocked"), and "remove ... from combat" (mtg:506.4):
read as printed (Oracle text), then executed."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import IllegalTargetError, NotSupportedError, RulesViolation
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.combat import attack, damage_step, defend
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import resolve_top

BOB = PlayerRef("Bob")


def creature(name: str, text: str = "", power: int = 2, toughness: int = 2) -> object:
    return card("mtg", name, "Creature — Test", text, cost="{1}", power=power, toughness=toughness)


def put(game: Game, name: str, owner: str, text: str = "") -> ObjectRef:
    return game.create(creature(name, text), owner, "battlefield")  # type: ignore[arg-type]


def refused(rule: str, action: object, *args: object, **kwargs: object) -> None:
    with pytest.raises(RulesViolation) as caught:
        action(*args, **kwargs)  # type: ignore[operator]
    assert rule in {str(r.rule) for r in caught.value.verdict.reasons if not r.passed}


def play(game: Game, text: str, *targets: ObjectRef, by: str = "Alice") -> None:
    spell = game.create(card("mtg", "Test Spell", "Instant", text, cost="{1}"), by, "hand")
    cast(game, spell, by, targets=[[t] for t in targets])
    resolve_top(game)


# ------------------------------------------------------------------ declarations
@pytest.mark.rules("mtg:508.1a", "mtg:508.1b", "mtg:508.1f", "mtg:702.20b")
def test_several_creatures_attack_in_one_combat_and_tap_unless_vigilance() -> None:
    game = new_game()
    bear = put(game, "Bear", "Alice")
    angel = put(game, "Angel", "Alice", "Flying, vigilance")
    attack(game, bear, "Alice", [BOB])
    attack(game, angel, "Alice", [BOB])
    assert game.attacking_ids() == {bear.id, angel.id}
    assert game.get(bear).tapped and not game.get(angel).tapped
    state = game.attack
    assert state is not None
    assert [(r.id, t) for r, t in state.each_attacks] == [(bear.id, BOB), (angel.id, BOB)]


@pytest.mark.rules("mtg:508.1", "mtg:508.1a", "mtg:508.1b", "mtg:702.3b", "mtg:508.1c")
def test_illegal_attacks_are_refused_and_change_nothing() -> None:
    game = new_game()
    bear = put(game, "Bear", "Alice")
    wall = put(game, "Wall", "Alice", "Defender")
    theirs = put(game, "Their Bear", "Bob")
    before = len(game.events)
    refused("mtg:702.3b", attack, game, wall, "Alice", [BOB])
    refused("mtg:508.1b", attack, game, bear, "Alice", [PlayerRef("Alice")])
    refused("mtg:508.1", attack, game, theirs, "Bob", [PlayerRef("Alice")])
    refused("mtg:508.1a", attack, game, theirs, "Alice", [BOB])
    game.set_tapped(bear, True, rule_applied=None)
    refused("mtg:508.1a", attack, game, bear, "Alice", [BOB])
    assert game.attack is None and len(game.events) == before + 1  # only the tap
    pacified = put(game, "Pacified", "Alice")
    play(game, "Target creature can't attack this turn.", pacified)
    refused("mtg:508.1c", attack, game, pacified, "Alice", [BOB])


@pytest.mark.rules("mtg:509.1a", "mtg:509.1h", "mtg:702.9b", "mtg:702.17b", "mtg:702.111b")
def test_blockers_follow_flying_reach_and_menace() -> None:
    game = new_game()
    angel = put(game, "Angel", "Alice", "Flying")
    brute = put(game, "Brute", "Alice", "Menace")
    bear = put(game, "Bear", "Bob")
    spider = put(game, "Spider", "Bob", "Reach")
    other = put(game, "Other Bear", "Bob")
    attack(game, angel, "Alice", [BOB])
    attack(game, brute, "Alice", [BOB])
    refused("mtg:702.9b", defend, game, "Bob", [bear], angel)
    refused("mtg:702.111b", defend, game, "Bob", [bear], brute)
    refused("mtg:509.1a", defend, game, "Alice", [bear], angel)  # not Alice's, not attacked
    defend(game, "Bob", [spider], angel)
    defend(game, "Bob", [bear, other], brute)
    refused("mtg:509.1a", defend, game, "Bob", [spider], brute)  # blocks one creature only
    chars = game.characteristics
    assert game.ruleset.has_status(game, game.get(angel), chars(angel), "blocked")
    assert game.ruleset.has_status(game, game.get(spider), chars(spider), "blocking")
    assert not game.ruleset.has_status(game, game.get(spider), chars(spider), "blocked")


@pytest.mark.rules("mtg:509.1b")
def test_an_effect_saying_a_creature_cant_block_refuses_it() -> None:
    game = new_game()
    bear = put(game, "Bear", "Alice")
    theirs = put(game, "Their Bear", "Bob")
    play(game, "Target creature can't block this turn.", theirs)
    attack(game, bear, "Alice", [BOB])
    refused("mtg:509.1b", defend, game, "Bob", [theirs], bear)
    assert game.defending_card_ids() == frozenset()


@pytest.mark.rules("mtg:506.4", "mtg:509.1h", "mtg:511.3")
def test_removed_from_combat_and_combat_ends_with_the_turn() -> None:
    game = new_game()
    bear = put(game, "Bear", "Alice")
    wall = put(game, "Wall", "Bob", "Defender")
    attack(game, bear, "Alice", [BOB])
    defend(game, "Bob", [wall], bear)
    play(game, "Remove target blocking creature from combat.", wall)
    assert game.defending_card_ids() == frozenset()
    chars = game.characteristics
    # a creature stays blocked even if its blocker is removed (mtg:509.1h)
    assert game.ruleset.has_status(game, game.get(bear), chars(bear), "blocked")
    play(game, "Untap target attacking creature and remove it from combat.", bear)
    assert game.attacking_ids() == frozenset() and not game.get(bear).tapped
    assert any(e.kind == "removed_from_combat" for e in game.events)
    # untapped and out of combat, it is still not declared a second time
    refused("mtg:508.1a", attack, game, bear, "Alice", [BOB])
    game.end_turn()
    assert game.attack is None


@pytest.mark.rules("mtg:506.4")
def test_a_creature_leaving_the_battlefield_leaves_combat() -> None:
    game = new_game()
    bear = put(game, "Bear", "Alice")
    attack(game, bear, "Alice", [BOB])
    play(game, "Destroy target attacking creature.", bear)
    assert game.attacking_ids() == frozenset()


def test_magic_deals_no_combat_damage_in_the_damage_step() -> None:
    game = new_game()
    with pytest.raises(NotSupportedError, match="damage step is not supported"):
        damage_step(game)


# ------------------------------------------------------------------ reading
def ability(text: str, name: str = "Test Card", type_line: str = "Creature — Test") -> object:
    parsed = parse_card("mtg", text, name=name, type_line=type_line)
    assert parsed.unsupported == (), parsed.unsupported
    return parsed.abilities[-1]


@pytest.mark.rules("mtg:506.2")
@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "Soul Snare",
            "{W}, Sacrifice this enchantment: Exile target creature that's attacking you "
            "or a planeswalker you control.",
        ),
        (
            "Lulu, Stern Guardian",
            "Whenever an opponent attacks you, choose target creature attacking you.",
        ),
    ],
)
def test_attacking_you_reads_as_a_condition(name: str, text: str) -> None:
    found = ability(text, name, "Enchantment" if name == "Soul Snare" else "Creature — Cat")
    req = found.requirements[0]  # type: ignore[attr-defined]
    assert d.Condition("attacking_you") in req.descriptor.parts


@pytest.mark.rules("mtg:509.1a", "mtg:509.1h")
@pytest.mark.parametrize(
    ("name", "text", "condition"),
    [
        (
            "Flowstone Salamander",
            "{R}: This creature deals 1 damage to target creature blocking it.",
            "blocking_source",
        ),
        (
            "Tinder Wall",
            "{R}, Sacrifice this creature: It deals 2 damage to target creature it's blocking.",
            "blocked_by_source",
        ),
        (
            "Goblin Javelineer",
            "Whenever this creature becomes blocked, it deals 1 damage to target creature "
            "blocking it.",
            "blocking_source",
        ),
        (
            "Cromat",
            "{W}{B}: Destroy target creature blocking or blocked by Cromat.",
            "blocking_or_blocked_by_source",
        ),
    ],
)
def test_it_in_a_combat_status_is_the_source(name: str, text: str, condition: str) -> None:
    found = ability(text, name)
    req = found.requirements[0]  # type: ignore[attr-defined]
    assert d.Condition(condition) in req.descriptor.parts


@pytest.mark.rules("mtg:509.1a")
def test_it_naming_another_creature_is_not_read() -> None:
    """ "Whenever a creature you control becomes blocked, ... each creature blocking it":
    "it" is that creature, not the source; the reading says not understood."""
    parsed = parse_card(
        "mtg",
        "Whenever a creature you control becomes blocked, it gets +3/+3 until end of turn "
        "for each creature blocking it.",
        name="General Marhault Elsdragon",
        type_line="Creature — Elf Warrior",
    )
    assert parsed.unsupported


@pytest.mark.rules("mtg:506.4")
def test_remove_from_combat_reads() -> None:
    found = ability(
        "Untap target attacking creature and remove it from combat.", "Disharmony", "Instant"
    )
    assert found.effects == (n.Untap(n.TargetSlot(0)), n.RemoveFromCombat(n.It()))  # type: ignore[attr-defined]


@pytest.mark.rules("mtg:506.2")
def test_exile_target_creature_attacking_you_only_takes_one_attacking_you() -> None:
    game = Game(new_game().ruleset, ("Alice", "Bob", "Carol"))
    bear = put(game, "Bear", "Alice")
    other = put(game, "Other", "Alice")
    attack(game, bear, "Alice", [BOB])
    attack(game, other, "Alice", [PlayerRef("Carol")])
    with pytest.raises(IllegalTargetError):
        play(game, "Exile target creature that's attacking you.", other, by="Bob")
    play(game, "Exile target creature that's attacking you.", bear, by="Bob")
    assert not game.is_current(bear) and game.attacking_ids() == {other.id}


@pytest.mark.rules("mtg:508.1d", "mtg:611.2c")
def test_creatures_target_player_controls_attack_if_able() -> None:
    found = ability(
        "Creatures target opponent controls attack this turn if able.", "Test", "Instant"
    )
    assert found.effects == (n.CreaturesAttackIfAble(n.TargetSlot(0)),)  # type: ignore[attr-defined]
    game = new_game()
    play(game, "Creatures target player controls attack this turn if able.", BOB)  # type: ignore[arg-type]
    assert [k.name for k, _ in game.player("Bob").abilities] == [
        "creatures you control attack this turn if able"
    ]
    game.end_turn()
    assert game.player("Bob").abilities == ()


@pytest.mark.rules("mtg:506.2")
def test_defending_player_is_the_one_the_source_attacks() -> None:
    game = Game(new_game().ruleset, ("Alice", "Bob", "Carol"))
    bear = put(game, "Bear", "Alice")
    other = put(game, "Other", "Alice")
    rs = game.ruleset
    assert rs.named_player(game, "Alice", bear, "defending_player") is None  # no combat
    attack(game, bear, "Alice", [BOB])
    # the one player every attacker attacks, without an attacking source
    assert rs.named_player(game, "Alice", None, "defending_player") == "Bob"
    attack(game, other, "Alice", [PlayerRef("Carol")])
    assert rs.named_player(game, "Alice", bear, "defending_player") == "Bob"
    assert rs.named_player(game, "Alice", other, "defending_player") == "Carol"
    assert rs.named_player(game, "Alice", None, "defending_player") is None
    with pytest.raises(NotSupportedError, match="chosen player"):
        rs.named_player(game, "Alice", bear, "chosen_player")


@pytest.mark.rules("mtg:509.1c", "mtg:608.2d")
def test_block_it_names_the_source_only_where_it_is_the_source() -> None:
    found = ability(
        "When Giant Ambush Beetle enters, you may have target creature block it this turn if able.",
        "Giant Ambush Beetle",
        "Creature — Insect",
    )
    assert found.effects == (  # type: ignore[attr-defined]
        n.May((n.CombatRestriction(n.TargetSlot(0), "blocks_if_able", attacker=n.Self()),)),
    )
    # "Whenever equipped creature attacks, ... block it": "it" is the equipped creature
    parsed = parse_card(
        "mtg",
        "Whenever equipped creature attacks, you may have target creature block it this "
        "turn if able.",
        name="Grappling Hook",
        type_line="Artifact — Equipment",
    )
    assert parsed.unsupported


@pytest.mark.rules("mtg:506.4")
def test_a_creature_leaving_the_battlefield_leaves_the_combat_only_if_there_is_one() -> None:
    """A permanent that leaves the battlefield while attacking is removed from combat; one
    that leaves when no attack was declared has no combat to leave."""
    game = new_game()
    bear = put(game, "Bear", "Alice")
    idle = put(game, "Idle Bear", "Alice")
    game.move(idle, "graveyard")
    assert not any(e.kind == "removed_from_combat" for e in game.events)
    attack(game, bear, "Alice", [BOB])
    game.move(bear, "graveyard")
    removed = [e for e in game.events if e.kind == "removed_from_combat"]
    assert [(e.object, str(e.rule)) for e in removed] == [(bear, "mtg:506.4")]
    assert game.attacking_ids() == frozenset()
