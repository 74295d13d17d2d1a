"""Flesh and Blood: what may attack (1.4.1-1.4.5c, 5.2.1a, 5.2.2), where a weapon's
attack goes (7.2.3b, 7.7.5), who is attacking (7.2.4, 7.2.4a), defense reactions that
resolve (8.1.3b, 5.3.2c) and what an attack's text does when it hits (7.5.5, 6.6.5,
8.4.2)."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.kernel.combat import attack, damage_step, defend
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import ResolveChoices, resolve_top


def _card(name: str) -> tcgrules.CardDefinition:
    return tcgrules.bundled_card("fab", name)


def _attack_card(name: str, text: str, power: int = 3) -> tcgrules.CardDefinition:
    return tcgrules.CardDefinition(
        "fab", name, "Generic Action - Attack", text, values={"power": power, "cost": 0}
    )


def _game() -> tuple[Game, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    alice = game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(_card("Bravo, Showstopper"), "Bob", "hero")
    return game, alice, bob


def _refused(game: Game, attacker: ObjectRef, by: str, targets: list[ObjectRef], rule: str) -> None:
    before = game.copy()
    with pytest.raises(RulesViolation) as refused:
        attack(game, attacker, by, targets)
    assert refused.value.verdict.cites(tcgrules.rule(rule)), refused.value
    assert game == before


# ------------------------------------------------------------------ what may attack
@pytest.mark.rules("fab:1.4.1")
def test_an_item_without_an_attack_ability_is_not_an_attack() -> None:
    game, _, bob = _game()
    potion = game.create(_card("Energy Potion"), "Alice", "permanent")
    _refused(game, potion, "Alice", [bob], "fab:1.4.1")


@pytest.mark.rules("fab:1.4.1", "fab:1.4.3")
def test_an_ally_attacks_only_with_an_attack_ability() -> None:
    game, alice, _ = _game()
    plain = tcgrules.CardDefinition(
        "fab", "Dummy", "Generic Action - Ally", values={"life": 2, "power": 1}
    )
    fighter = tcgrules.CardDefinition(
        "fab",
        "Brawler",
        "Generic Action - Ally",
        "**Action** - {t}: **Attack**",
        values={"life": 2, "power": 1},
    )
    dummy = game.create(plain, "Bob", "permanent")
    brawler = game.create(fighter, "Bob", "permanent")
    _refused(game, dummy, "Bob", [alice], "fab:1.4.1")
    attack(game, brawler, "Bob", [alice])
    assert game.attack is not None and game.attack.attacker == brawler


@pytest.mark.rules("fab:5.2.2")
def test_only_the_controller_of_a_weapon_attacks_with_it() -> None:
    game, alice, bob = _game()
    hammer = game.create(_card("Anothos"), "Bob", "weapon")
    _refused(game, hammer, "Alice", [bob], "fab:5.2.2")
    attack(game, hammer, "Bob", [alice])


@pytest.mark.rules("fab:1.4.2a")
def test_an_attack_card_is_played_from_hand_or_arsenal() -> None:
    game, _, bob = _game()
    jab = game.create(_card("Head Jab"), "Alice", "graveyard")
    _refused(game, jab, "Alice", [bob], "fab:1.4.2a")


@pytest.mark.rules("fab:1.4.5", "fab:1.4.5c")
def test_one_attack_target_unless_the_text_allows_more() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob", "Carol"])
    game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(_card("Bravo, Showstopper"), "Bob", "hero")
    kano = game.create(_card("Kano, Dracai of Aether"), "Carol", "hero")
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    _refused(game, sword, "Alice", [bob, kano], "fab:1.4.5")
    twin = game.create(
        _attack_card("Twin Strike", "This attacks up to 2 target opposing heroes."),
        "Alice",
        "hand",
    )
    state = attack(game, twin, "Alice", [bob, kano])
    assert state.targets == (bob, kano)


@pytest.mark.rules("fab:5.2.1a")
def test_a_once_per_turn_attack_ability_attacks_once_a_turn() -> None:
    game, _, bob = _game()
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    _refused(game, sword, "Alice", [bob], "fab:5.2.1a")
    game.end_turn()
    game.end_turn()
    attack(game, sword, "Alice", [bob])  # a new turn of Alice's: allowed again


@pytest.mark.rules("fab:5.2.1a")
def test_an_extra_attack_a_hit_may_have_allowed_is_not_supported() -> None:
    game, _, bob = _game()  # Alice's hero is Dorinthea Ironsong
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    damage_step(game)  # Dawnblade hits: Dorinthea's "attack an additional time" could apply
    with pytest.raises(NotSupportedError, match="additional time with Dawnblade"):
        attack(game, sword, "Alice", [bob])


@pytest.mark.rules("fab:5.2.1a")
def test_an_attack_ability_without_a_limit_attacks_again() -> None:
    game, _, bob = _game()
    blade = tcgrules.CardDefinition(
        "fab",
        "Free Blade",
        "Generic Weapon - Sword (1H)",
        "**Action** - {r}: **Attack**",
        values={"power": 1},
    )
    sword = game.create(blade, "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    attack(game, sword, "Alice", [bob])


# ------------------------------------------------------ a weapon on the combat chain
@pytest.mark.rules("fab:7.2.3b", "fab:7.7.5", "fab:7.2.4", "fab:7.2.4a")
def test_a_weapon_attack_puts_the_weapon_on_the_chain_until_it_closes() -> None:
    game, alice, bob = _game()
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    assert game.get(sword).zone.name == "combat_chain"
    moved = [e for e in game.events if e.kind == "moved"][-1]
    assert moved.rule == tcgrules.rule("fab:7.2.3b")
    said = {e.object: e for e in game.events if e.kind == "attacking"}
    assert said[sword].rule == tcgrules.rule("fab:7.2.4")
    assert said[alice].rule == tcgrules.rule("fab:7.2.4a")
    assert "attacking hero" in said[alice].text
    game.end_turn()
    assert game.get(sword).zone.name == "weapon"
    assert game.get(sword).zone.player == "Alice"


@pytest.mark.rules("fab:7.2.4a")
def test_a_living_attack_source_is_attacking_itself() -> None:
    game, alice, _ = _game()
    fighter = tcgrules.CardDefinition(
        "fab",
        "Brawler",
        "Generic Action - Ally",
        "**Action** - {t}: **Attack**",
        values={"life": 2, "power": 1},
    )
    brawler = game.create(fighter, "Bob", "permanent")
    attack(game, brawler, "Bob", [alice])
    said = [e for e in game.events if e.kind == "attacking"]
    assert [(e.object, e.rule) for e in said] == [(brawler, tcgrules.rule("fab:7.2.4a"))]


# -------------------------------------------------------------- defense reactions
BRACE = tcgrules.CardDefinition(
    "fab",
    "Brace",
    "Generic Defense Reaction",
    "Gain 1{h}.",
    values={"cost": 0, "pitch": 1, "defense": 3},
)


@pytest.mark.rules("fab:8.1.3b", "fab:5.3.6b", "fab:7.4.2d", "fab:7.5.2")
def test_a_resolved_defense_reaction_defends_and_its_defense_counts() -> None:
    game, _, bob = _game()
    strike = game.create(_attack_card("Strike", "", power=7), "Alice", "hand")
    brace = game.create(BRACE, "Bob", "hand")
    attack(game, strike, "Alice", [bob])
    cast(game, brace, "Bob")
    resolve_top(game)
    assert game.get(brace).zone.name == "combat_chain"
    assert game.attack is not None
    assert [(d.card, d.target) for d in game.attack.defenders] == [(brace, bob)]
    damage_step(game)
    assert game.life_total(bob) == 40 + 1 - (7 - 3)


@pytest.mark.rules("fab:5.3.2c")
def test_a_defense_reaction_with_nothing_to_defend_fails_to_resolve() -> None:
    game, _, bob = _game()
    brace = game.create(BRACE, "Bob", "hand")
    cast(game, brace, "Bob")
    resolve_top(game)
    assert [game.get(r).label for r in game.zone("graveyard", "Bob")] == ["Brace"]
    failed = [e for e in game.events if e.kind == "did_not_resolve"]
    assert failed and failed[-1].rule == tcgrules.rule("fab:5.3.2c")
    assert game.life_total(bob) == 40  # its "gain 1{h}" never happened


# ------------------------------------------------------------------------ on hit
def _hit(text: str, power: int = 5, defense_cards: int = 0) -> tuple[Game, ObjectRef, ObjectRef]:
    game, alice, bob = _game()
    strike = game.create(_attack_card("Strike", text, power=power), "Alice", "hand")
    attack(game, strike, "Alice", [bob])
    if defense_cards:
        defend(game, "Bob", [game.create(_card("Censor"), "Bob", "hand")])
    damage_step(game)
    return game, alice, bob


@pytest.mark.rules("fab:7.5.5", "fab:6.6.5", "fab:8.5.2")
def test_an_on_hit_token_trigger_goes_on_the_stack_and_resolves() -> None:
    game, _, _ = _hit("When this hits a hero, create a Runechant token.")
    assert len(game.stack) == 1
    triggered = [e for e in game.events if e.kind == "triggered"][-1]
    assert triggered.rule == tcgrules.rule("fab:6.6.5")
    resolve_top(game)
    assert [game.get(r).label for r in game.zone("permanent", "Alice")] == ["Runechant"]


@pytest.mark.rules("fab:7.5.5", "fab:6.6.5")
def test_if_this_hits_is_read_from_the_words_after_the_condition() -> None:
    game, alice, _ = _hit("If this hits, gain 1{h}.")
    resolve_top(game)
    assert game.life_total(alice) == 41


@pytest.mark.rules("fab:7.5.5", "fab:1.1.2b")
def test_they_in_an_on_hit_ability_is_the_hero_hit() -> None:
    game, alice, bob = _hit("When this hits a hero, they lose 1{h}.")
    resolve_top(game)
    assert game.life_total(bob) == 40 - 5 - 1
    assert game.life_total(alice) == 40


@pytest.mark.rules("fab:7.5.5")
def test_no_hit_no_trigger() -> None:
    game, _, bob = _hit(
        "When this hits a hero, create a Runechant token.", power=3, defense_cards=1
    )
    assert game.life_total(bob) == 40
    assert not game.stack


@pytest.mark.rules("fab:7.5.5")
def test_an_on_hit_effect_not_read_is_not_supported_when_it_hits() -> None:
    game, _, bob = _game()
    strike = game.create(_attack_card("Strike", "If this hits a hero, mark them."), "Alice", "hand")
    attack(game, strike, "Alice", [bob])
    before = game.copy()
    # as a scenario step runs: all or nothing
    with (
        pytest.raises(NotSupportedError, match="If this hits a hero, mark them"),
        game.transaction(),
    ):
        damage_step(game)
    assert game == before and game.life_total(bob) == 40


@pytest.mark.rules("fab:7.5.5", "fab:8.5.5")
def test_a_granted_on_hit_ability_is_not_passed_over() -> None:
    game, _, bob = _game()
    jab = game.create(_card("Head Jab"), "Bob", "hand")
    big = tcgrules.CardDefinition(
        "fab", "Big Strike", "Generic Action - Attack", values={"power": 5, "cost": 2}
    )
    strike = game.create(big, "Alice", "hand")
    pummel = game.create(_card("Pummel"), "Alice", "hand")
    attack(game, strike, "Alice", [bob])
    cast(game, pummel, "Alice", modes=[2], targets=[[strike]])
    resolve_top(game)
    damage_step(game)  # Pummel gave it "If this hits a hero, they discard a card."
    assert len(game.stack) == 1
    resolve_top(game)  # Bob's only card: nothing to choose
    assert [game.get(r).label for r in game.zone("graveyard", "Bob")] == ["Head Jab"]
    assert not game.is_current(jab)


@pytest.mark.rules("fab:8.4.2", "fab:8.4.2a")
def test_crush_waits_for_4_or_more_damage() -> None:
    text = "**Crush** - When this deals 4 or more damage to a hero, they lose 1{h}."
    game, _, bob = _hit(text, power=6, defense_cards=1)  # 3 damage: no crush
    assert game.life_total(bob) == 37 and not game.stack
    game, _, bob = _hit(text, power=7, defense_cards=1)  # 4 damage: crush
    triggered = [e for e in game.events if e.kind == "triggered"][-1]
    assert triggered.rule == tcgrules.rule("fab:8.4.2a")
    resolve_top(game)
    assert game.life_total(bob) == 40 - 4 - 1


@pytest.mark.rules("fab:7.5.5", "fab:6.6.5")
def test_an_nth_hit_condition_is_counted() -> None:
    game, _, bob = _game()
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    damage_step(game)
    # after the hit: Dawnblade's own ability is not met (Dorinthea's hit trigger follows)
    kinds = [e.kind for e in game.events]
    assert "condition_not_met" in kinds[kinds.index("hit") :]
    assert not game.stack


@pytest.mark.rules("fab:7.5.5")
def test_an_ability_in_quotes_given_to_another_attack_does_not_trigger_here() -> None:
    game, _, _ = _hit('Your next attack this turn gets "When this hits, create a Gold token."')
    assert not game.stack


@pytest.mark.rules("fab:8.5.6", "fab:8.5.6b")
def test_snatch_draws_a_card_when_it_hits() -> None:
    game, _, bob = _game()
    snatch = game.create(_card("Snatch (red)"), "Alice", "hand")
    game.create(_card("Head Jab"), "Alice", "deck")
    attack(game, snatch, "Alice", [bob])
    damage_step(game)
    resolve_top(game)
    assert [game.get(r).label for r in game.zone("hand", "Alice")] == ["Head Jab"]
    assert not game.zone("deck", "Alice")
    # a second draw from the empty deck fails, and nothing else happens (8.5.6b)
    game.end_turn()
    game.end_turn()
    again = game.create(_card("Snatch (red)"), "Alice", "hand")
    attack(game, again, "Alice", [bob])
    damage_step(game)
    resolve_top(game)
    failed = [e for e in game.events if e.kind == "draw_failed"]
    assert failed and failed[-1].rule == tcgrules.rule("fab:8.5.6b")


@pytest.mark.rules("fab:8.5.5", "fab:8.5.5b")
def test_the_hero_hit_discards_the_card_they_choose() -> None:
    game, _, bob = _game()
    strike = game.create(
        _attack_card("Strike", "If this hits a hero, they discard a card."), "Alice", "hand"
    )
    jab = game.create(_card("Head Jab"), "Bob", "hand")
    censor = game.create(_card("Censor"), "Bob", "hand")
    attack(game, strike, "Alice", [bob])
    damage_step(game)
    with pytest.raises(RulesViolation) as refused:
        resolve_top(game)  # two cards: Bob must choose one
    assert refused.value.verdict.cites(tcgrules.rule("fab:8.5.5"))
    resolve_top(game, ResolveChoices(chosen=(censor,)))
    assert [game.get(r).label for r in game.zone("hand", "Bob")] == ["Head Jab"]
    assert game.is_current(jab)
    assert [e.kind for e in game.events if e.kind == "discarded"] == ["discarded"]
