"""Magic tokens (helper W1): creating tokens the text describes (mtg:111.3, 111.4), the
predefined ones (mtg:111.10), who creates them (mtg:111.2); read from real Oracle text
and carried out."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.play import activate, cast
from tcgrules.kernel.resolution import resolve_top


def effects(text: str, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name="Test Card", type_line=type_line, ability="first")


def made(text: str) -> n.CreateToken:
    found = [e for e in effects(text) if isinstance(e, n.CreateToken)]
    assert len(found) == 1
    return found[0]


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:111.3", "mtg:111.4")
def test_raise_the_alarm() -> None:
    token = made("Create two 1/1 white Soldier creature tokens.")
    assert token == n.CreateToken(
        "Soldier Token",
        2,
        n.You(),
        n.TokenDescription(1, 1, ("white",), ("creature",), ("soldier",)),
    )


@pytest.mark.rules("mtg:111.2")
def test_beast_within_its_controller_creates() -> None:
    found = effects(
        "Destroy target permanent. Its controller creates a 3/3 green Beast creature token."
    )
    assert found[0] == n.Destroy(n.TargetSlot(0))
    token = found[1]
    assert isinstance(token, n.CreateToken)
    assert token.who == n.ControllerOf(n.It())
    assert token.description is not None
    assert (token.description.power, token.description.colors) == (3, ("green",))


@pytest.mark.rules("mtg:111.2", "mtg:608.2h")
def test_that_creatures_controller_creates() -> None:
    found = effects(
        "Destroy target creature. It can't be regenerated. That creature's controller "
        "creates a 3/3 green Frog Lizard creature token."
    )
    token = found[-1]
    assert isinstance(token, n.CreateToken)
    assert token.who == n.ControllerOf(n.It("that creature"))
    assert token.name == "Frog Lizard Token"


@pytest.mark.rules("mtg:111.2", "mtg:111.10a", "mtg:110.5b")
def test_target_opponent_creates_tapped_treasures() -> None:
    token = made("Target opponent creates two tapped Treasure tokens.")
    assert token == n.CreateToken("Treasure", 2, n.TargetSlot(0), None, tapped=True)


@pytest.mark.rules("mtg:111.3")
def test_keywords_colors_and_types() -> None:
    token = made(
        "Create a 4/4 green and white Dinosaur artifact creature token with trample, "
        "vigilance, and haste."
    )
    desc = token.description
    assert desc is not None
    assert desc.colors == ("green", "white")
    assert desc.types == ("artifact", "creature")
    assert desc.keywords == (("trample", None), ("vigilance", None), ("haste", None))
    assert made("Create X 1/1 red Elemental creature tokens with haste.").count == "X"
    thopter = made("Create a 1/1 colorless Thopter artifact creature token with flying.")
    assert thopter.description is not None and thopter.description.colors == ()


@pytest.mark.rules("mtg:111.4")
def test_a_named_token_keeps_its_subtypes() -> None:
    token = made("Create a 3/1 red Beast creature token named Carnivore.")
    assert token.name == "Carnivore"
    assert token.description is not None
    assert token.description.subtypes == ("beast",)


@pytest.mark.rules("mtg:111.9", "mtg:111.4")
def test_a_legendary_token_named_first() -> None:
    token = made(
        "Create Marit Lage, a legendary 20/20 black Avatar creature token with flying and "
        "indestructible."
    )
    assert token.name == "Marit Lage"
    desc = token.description
    assert desc is not None
    assert (desc.name, desc.supertypes, desc.subtypes) == (
        "Marit Lage",
        ("legendary",),
        ("avatar",),
    )
    assert desc.keywords == (("flying", None), ("indestructible", None))


@pytest.mark.rules("mtg:608.2c", "mtg:111.10a")
def test_two_tokens_in_one_sentence() -> None:
    first, second = effects("Create a Treasure token and a 1/1 colorless Pilot creature token.")
    assert first == n.CreateToken("Treasure", 1, n.You())
    assert isinstance(second, n.CreateToken) and second.name == "Pilot Token"


@pytest.mark.rules("mtg:608.2h")
def test_one_token_for_each() -> None:
    token = made("Create a 1/1 white Spirit creature token for each creature you control.")
    assert isinstance(token.count, n.CountOf)
    assert token.count.multiplier == 1


@pytest.mark.rules("mtg:113.1a", "mtg:115.1")
def test_a_quoted_ability_keeps_its_own_target() -> None:
    token = made(
        'Create a 1/1 blue Wizard creature token with "{1}, Sacrifice this token: Counter '
        'target noncreature spell unless its controller pays {1}."'
    )
    assert token.description is not None
    (granted,) = token.description.abilities
    assert len(granted.requirements) == 1
    assert granted.cost is not None


@pytest.mark.rules("mtg:701.36a", "mtg:111.10f")
def test_investigate_creates_a_clue() -> None:
    assert effects("Draw a card. Investigate.")[1] == n.CreateToken("Clue", 1, n.You())


@pytest.mark.parametrize(
    "text",
    [
        # attacking is not modelled: left unread rather than half read
        "Create a 1/1 red Goblin creature token that's tapped and attacking.",
        "Create a 0/0 green Hydra creature token with X +1/+1 counters on it.",
        # a creature token with no size, a token with no card type
        "Create a white Avatar creature token.",
        "Create a Lander token.",
        # "and" between a keyword list and a second token is not split
        "Create a 1/1 white Soldier creature token with lifelink and a Food token.",
    ],
)
def test_shapes_left_unread(text: str) -> None:
    parsed = parse_card("mtg", text, type_line="Sorcery")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert isinstance(ability.effects[0], n.UnsupportedEffect), ability.effects


@pytest.mark.parametrize(
    "text",
    [
        "Destroy target creature. Create a 3/3 red Elemental creature token. It gains haste "
        "until end of turn.",
        # ("It has "..."" after a token is what the token is created with: see
        # test_mtg_grants.py)
    ],
)
def test_it_after_a_created_token_is_not_the_target(text: str) -> None:
    # "it" there is the new token; the kernel's "it" is the first target, so the sentence
    # is left unread rather than applied to the wrong object
    parsed = parse_card("mtg", text, type_line="Sorcery")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert isinstance(ability.effects[1], n.CreateToken)
    assert isinstance(ability.effects[2], n.UnsupportedEffect), ability.effects


# ------------------------------------------------------------------ doing


def play(game: Game, text: str, *targets: ObjectRef, by: str = "Alice") -> None:
    spell = game.create(card("mtg", "Test Spell", "Instant", text, cost="{1}"), by, "hand")
    cast(game, spell, by, targets=[[t] for t in targets])
    resolve_top(game)
    game.check_state()


def tokens(game: Game) -> list[ObjectRef]:
    return [r for r in game.battlefield() if game.get(r).kind == "token"]


@pytest.mark.rules("mtg:111.2", "mtg:111.3", "mtg:111.4")
def test_created_tokens_have_what_the_text_gives() -> None:
    game = new_game()
    play(game, "Create two 2/2 blue Drake creature tokens with flying.")
    made_now = tokens(game)
    assert len(made_now) == 2
    for ref in made_now:
        chars = game.characteristics(ref)
        assert chars.name == "Drake Token"
        assert (chars.power, chars.toughness) == (2, 2)
        assert chars.colors == {"blue"} and chars.types == {"creature"}
        assert chars.subtypes == {"drake"}
        assert Keyword("flying") in chars.abilities
        assert game.controller(ref) == "Alice" and game.get(ref).owner == "Alice"
    assert [e.rule for e in game.events if e.kind == "token_created"] != []


@pytest.mark.rules("mtg:111.2")
def test_target_player_creates_and_controls() -> None:
    game = new_game()
    play(game, "Target player creates a tapped 1/1 green Hippo creature token.", PlayerRef("Bob"))
    (hippo,) = tokens(game)
    assert game.controller(hippo) == "Bob" and game.get(hippo).owner == "Bob"
    assert game.get(hippo).tapped


@pytest.mark.rules("mtg:608.2h")
def test_tokens_for_each_are_counted_as_the_effect_happens() -> None:
    game = new_game()
    for _ in range(3):
        game.create(
            card("mtg", "Bear", "Creature — Bear", power=2, toughness=2), "Alice", "battlefield"
        )
    game.create(card("mtg", "Bear", "Creature — Bear", power=2, toughness=2), "Bob", "battlefield")
    play(game, "Create a tapped 1/1 white Spirit creature token for each creature you control.")
    made_now = tokens(game)
    assert len(made_now) == 3
    assert all(game.get(r).tapped for r in made_now)


@pytest.mark.rules("mtg:111.7", "mtg:704.5d")
def test_a_token_that_leaves_the_battlefield_ceases_to_exist() -> None:
    game = new_game()
    play(game, "Create a 1/1 white Soldier creature token.")
    (soldier,) = tokens(game)
    play(game, "Destroy target creature.", soldier)
    assert tokens(game) == []
    assert not any(game.get(r).kind == "token" for r in game.zone("graveyard", "Alice"))


@pytest.mark.rules("mtg:111.10f", "mtg:111.10a")
def test_predefined_tokens_abilities() -> None:
    game = new_game()
    play(game, "Create a Clue token. Create a Treasure token.")
    clue, treasure = tokens(game)
    assert game.characteristics(clue).types == {"artifact"}
    assert game.characteristics(clue).colors == frozenset()
    game.create(card("mtg", "Island", "Basic Land — Island"), "Alice", "library")
    activate(game, clue, "Alice")
    resolve_top(game)
    assert game.zone("library", "Alice") == ()
    assert len(game.zone("hand", "Alice")) == 1
    # the Treasure's mana ability is kept, and using it says it is not supported
    activate(game, treasure, "Alice")
    with pytest.raises(NotSupportedError):
        resolve_top(game)


@pytest.mark.rules("mtg:111.10i")
def test_a_token_with_no_definition_here_is_not_supported() -> None:
    game = new_game()
    with pytest.raises(NotSupportedError):
        play(game, "Create an Incubator token.")


@pytest.mark.rules("mtg:111.9")
def test_a_legendary_token_is_named_and_legendary() -> None:
    game = new_game()
    play(game, "Create Marit Lage, a legendary 20/20 black Avatar creature token with flying.")
    (lage,) = tokens(game)
    chars = game.characteristics(lage)
    assert chars.name == "Marit Lage" and chars.supertypes == {"legendary"}
    assert (chars.power, chars.toughness) == (20, 20)
