"""Copy effects on permanents (helper T6): "becomes a copy" with the duration in front
("Until end of turn, ...", "Until your next turn, ...") or "until your next turn" behind
(mtg:707.2, mtg:514.2, mtg:611.2a), and exceptions that give values (mtg:707.9b): "its
name is ~", "it's 7/5", "it's legendary in addition to its other types", "it has flying
and this ability", quoted abilities (mtg:707.9a). Read as printed (Oracle text), then
executed on resolution in layer 1 (mtg:613.1a)."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.descriptors import HasType
from tcgrules.kernel.play import activate, cast, trigger
from tcgrules.kernel.resolution import ResolveChoices, resolve_top
from tcgrules.rules import rule

T0 = n.TargetSlot(0)
T1 = n.TargetSlot(1)

GOGO = "Gogo, Mysterious Mime"
GOGO_TEXT = (
    "At the beginning of combat on your turn, you may have Gogo become a copy of another "
    "target creature you control until end of turn, except its name is Gogo, Mysterious Mime."
)
VOLRATH = "Volrath, the Shapestealer"
VOLRATH_TEXT = (
    "{1}: Until your next turn, Volrath becomes a copy of target creature with a counter on "
    "it, except it's 7/5 and it has this ability."
)
LAZAV_TEXT = (
    "{X}: Lazav becomes a copy of target creature card in your graveyard with mana value X, "
    "except its name is Lazav, the Multifarious, it's legendary in addition to its other "
    "types, and it has this ability."
)
CEPHALID_TEXT = (
    "At the beginning of combat on your turn, you may have this creature become a copy of "
    "another target creature until end of turn, except it's 1/4 and has \"This creature "
    "can't be blocked.\""
)


def _angel() -> object:
    return card("mtg", "Serra Angel", "Creature — Angel", "Flying, vigilance", power=4, toughness=4)


@pytest.mark.rules("mtg:707.2", "mtg:707.9a", "mtg:707.9b", "mtg:611.2a", "mtg:514.2")
def test_reading() -> None:
    # the name of the card itself (707.9b), optional (608.2d)
    assert read_effects(GOGO_TEXT, name=GOGO, type_line="Legendary Creature — Wizard") == (
        n.May((n.BecomesCopy(n.Self(), T0, "end_of_turn", name="~"),)),
    )
    # "Until your next turn," in front; a size and the ability kept
    assert read_effects(
        VOLRATH_TEXT, name=VOLRATH, type_line="Legendary Creature — Phyrexian Shapeshifter"
    ) == (n.BecomesCopy(n.Self(), T0, "your_next_turn", this_ability=True, size=(7, 5)),)
    # three exceptions
    assert read_effects(
        LAZAV_TEXT,
        name="Lazav, the Multifarious",
        type_line="Legendary Creature — Shapeshifter",
    ) == (n.BecomesCopy(n.Self(), T0, this_ability=True, name="~", legendary=True),)
    # "Until end of turn," in front (Oko, the Trickster)
    assert read_effects(
        "0: Until end of turn, Oko becomes a copy of target creature you control.",
        name="Oko, the Trickster",
        type_line="Legendary Planeswalker — Oko",
    ) == (n.BecomesCopy(n.Self(), T0, "end_of_turn"),)
    # "until your next turn" behind, two targets (Shapesharer)
    assert read_effects(
        "{2}{U}: Target Shapeshifter becomes a copy of target creature until your next turn.",
        type_line="Creature — Shapeshifter",
    ) == (n.BecomesCopy(T0, T1, "your_next_turn"),)
    # every other creature (Mirrorweave): "other" than the target copied
    assert read_effects(
        "Each other creature becomes a copy of target nonlegendary creature until end of turn."
    ) == (n.BecomesCopy(n.Each(HasType("creature")), T0, "end_of_turn"),)
    # a keyword and this ability (Likeness Looter)
    assert read_effects(
        "{X}: This creature becomes a copy of target creature card in your graveyard with "
        "mana value X, except it has flying and this ability. Activate only as a sorcery.",
        type_line="Creature — Faerie Shapeshifter",
    ) == (n.BecomesCopy(n.Self(), T0, this_ability=True, keywords=("flying",)),)


def test_reading_quoted_exception() -> None:
    # the quoted ability itself is not read, but its words no longer stop the copy
    text = parse_card("mtg", CEPHALID_TEXT, type_line="Creature — Octopus Rogue")
    assert [u.text for u in text.unsupported] == ["~ can't be blocked."]
    (ability,) = text.abilities
    assert isinstance(ability, n.TriggeredAbility)
    (effect,) = ability.effects
    assert isinstance(effect, n.May)
    (copy,) = effect.effects
    assert isinstance(copy, n.BecomesCopy)
    assert (copy.duration, copy.size, len(copy.granted)) == ("end_of_turn", (1, 4), 1)
    assert "can't be blocked" in copy.granted[0].text


def test_names_not_read_stay_unsupported() -> None:
    # a name other than the card's own is not read as the copy's name
    text = parse_card(
        "mtg",
        "Create a token that's a copy of target creature you control, except its name is Gogo.",
        name="Test Card",
        type_line="Sorcery",
    )
    assert text.unsupported
    # a token copy named after the card is not read either (the copy effect of a token
    # reads no name)
    text = parse_card(
        "mtg",
        "Create a token that's a copy of target creature you control, except its name is "
        "Test Card.",
        name="Test Card",
        type_line="Sorcery",
    )
    assert text.unsupported


@pytest.mark.rules("mtg:707.9b", "mtg:613.1a", "mtg:514.2")
def test_gogo_keeps_its_name_until_end_of_turn() -> None:
    game = new_game()
    gogo = game.create(
        card("mtg", GOGO, "Legendary Creature — Wizard", GOGO_TEXT, power=2, toughness=2),
        "Alice",
        "battlefield",
    )
    angel = game.create(_angel(), "Alice", "battlefield")  # type: ignore[arg-type]
    trigger(game, gogo, targets=[[angel]])
    resolve_top(game, ResolveChoices(may=True))
    chars = game.characteristics(gogo)
    assert chars.name == GOGO
    assert (chars.value("power"), chars.value("toughness")) == (4, 4)
    assert chars.subtypes == {"angel"}
    assert chars.supertypes == frozenset()
    # a copy of Gogo now copies the exception too (707.9b): its name is Gogo's
    assert game.copiable_characteristics(gogo).name == GOGO
    game.end_turn()
    chars = game.characteristics(gogo)
    assert (chars.name, chars.subtypes, chars.value("power")) == (GOGO, {"wizard"}, 2)


@pytest.mark.rules("mtg:707.9a", "mtg:707.9b", "mtg:611.2a")
def test_volrath_size_and_ability_until_next_turn() -> None:
    game = new_game()
    volrath = game.create(
        card(
            "mtg",
            VOLRATH,
            "Legendary Creature — Phyrexian Shapeshifter",
            VOLRATH_TEXT,
            power=7,
            toughness=5,
        ),
        "Alice",
        "battlefield",
    )
    giant = game.create(
        card("mtg", "Hill Giant", "Creature — Giant", "", power=3, toughness=3),
        "Bob",
        "battlefield",
    )
    game.add_counters(giant, "-1/-1", 1, rule_applied=rule("mtg:122.1"))
    activate(game, volrath, "Alice", ability=1, targets=[[giant]])
    resolve_top(game)
    chars = game.characteristics(volrath)
    assert (chars.name, chars.value("power"), chars.value("toughness")) == ("Hill Giant", 7, 5)
    assert VOLRATH_TEXT in {a.text for a in chars.abilities}
    game.end_turn()  # Bob's turn: it lasts
    assert game.characteristics(volrath).name == "Hill Giant"
    game.end_turn()  # Alice's next turn begins: it ends
    assert game.characteristics(volrath).name == VOLRATH


def test_quoted_ability_not_read_is_refused() -> None:
    game = new_game()
    facetaker = game.create(
        card(
            "mtg",
            "Cephalid Facetaker",
            "Creature — Octopus Rogue",
            CEPHALID_TEXT,
            power=1,
            toughness=4,
        ),
        "Alice",
        "battlefield",
    )
    angel = game.create(_angel(), "Bob", "battlefield")  # type: ignore[arg-type]
    trigger(game, facetaker, targets=[[angel]])
    with pytest.raises(NotSupportedError):
        resolve_top(game, ResolveChoices(may=True))
    assert game.characteristics(facetaker).name == "Cephalid Facetaker"


@pytest.mark.rules("mtg:110.5b", "mtg:122.6", "mtg:707.9a", "mtg:707.9b", "mtg:105.3")
def test_reading_token_copies() -> None:
    # Romana II: it enters tapped
    assert read_effects(
        "{1}, {T}: Create a tapped token that's a copy of target token that entered this turn.",
        type_line="Legendary Creature — Time Lord Human",
    ) == (n.CreateTokenCopy(T0, tapped=True),)
    # Littjara Mirrorlake: it enters with a +1/+1 counter
    assert read_effects(
        "Create a token that's a copy of target creature you control, except it enters with "
        "an additional +1/+1 counter on it."
    ) == (n.CreateTokenCopy(T0, counters=(("+1/+1", 1),)),)
    # Will of the Temur's mode: a size given, types and a keyword added
    assert read_effects(
        "Create a token that's a copy of target permanent, except it's a 4/4 Dragon creature "
        "with flying in addition to its other types."
    ) == (n.CreateTokenCopy(T0, keywords=("flying",), types=("dragon", "creature"), size=(4, 4)),)
    # The Jolly Balloon Man: a color added too, and two keywords
    assert read_effects(
        "Create a token that's a copy of another target creature you control, except it's a "
        "1/1 red Balloon creature in addition to its other colors and types and it has flying "
        "and haste."
    ) == (
        n.CreateTokenCopy(
            T0,
            keywords=("flying", "haste"),
            types=("balloon", "creature"),
            size=(1, 1),
            added_colors=("red",),
        ),
    )


@pytest.mark.rules("mtg:707.9b", "mtg:105.3", "mtg:122.6")
def test_token_copy_with_colors_added_and_a_counter() -> None:
    game = new_game()
    giant = game.create(
        card("mtg", "Hill Giant", "Creature — Giant", "", power=3, toughness=3),
        "Alice",
        "battlefield",
    )
    balloon = game.create(
        card(
            "mtg",
            "Balloon Test",
            "Sorcery",
            "Create a token that's a copy of target creature you control, except it's a 1/1 "
            "red Balloon creature in addition to its other colors and types and it has flying "
            "and haste.",
        ),
        "Alice",
        "hand",
    )
    lake = game.create(
        card(
            "mtg",
            "Lake Test",
            "Sorcery",
            "Create a token that's a copy of target creature you control, except it enters "
            "with an additional +1/+1 counter on it.",
        ),
        "Alice",
        "hand",
    )
    cast(game, balloon, "Alice", targets=[[giant]])
    resolve_top(game)
    cast(game, lake, "Alice", targets=[[giant]])
    resolve_top(game)
    tokens = [r for r in game.battlefield() if game.get(r).kind == "token"]
    assert len(tokens) == 2
    first, second = (game.characteristics(t) for t in tokens)
    assert (first.value("power"), first.colors, first.subtypes) == (
        1,
        {"red"},
        {"giant", "balloon"},
    )
    assert {"flying", "haste"} <= {getattr(a, "name", "") for a in first.abilities}
    # the counter is no copiable value: a 3/3 with a +1/+1 counter (mtg:122.6)
    assert (second.value("power"), second.colors) == (4, frozenset())
    assert game.get(tokens[1]).counters == {"+1/+1": 1}
