"""Magic's token creation (helper W1): tokens the text describes (mtg:111.3, 111.4) and the
predefined tokens a name stands for (mtg:111.10).

A token is made on the battlefield, owned and controlled by the player who creates it
(mtg:111.2), with exactly the characteristics the effect gives it (mtg:111.3). The
abilities of the predefined tokens are written here as our own typed nodes; one this
kernel can't carry out (a mana ability, scry, explore, ...) is an ability whose effect is
:class:`UnsupportedEffect`, so using it raises ``NotSupportedError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ActivatedAbility,
    Cost,
    CreateToken,
    Draw,
    Effect,
    GainLife,
    TokenDescription,
    UnsupportedEffect,
    You,
)
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _activated(parts: tuple[str, ...], text: str, *effects: Effect) -> ActivatedAbility:
    return ActivatedAbility(Cost(parts, ", ".join(parts)), (), effects, text)


def _unsupported(what: str) -> UnsupportedEffect:
    return UnsupportedEffect(what)


_SAC_ARTIFACT = "Sacrifice this artifact"
_MANA = "a mana ability: add one mana of any color"

#: the predefined tokens (mtg:111.10): rule, card type, and abilities in our own words
_PREDEFINED: Mapping[str, tuple[str, str, tuple[ActivatedAbility, ...]]] = MappingProxyType(
    {
        "Treasure": (
            "mtg:111.10a",
            "artifact",
            (
                _activated(
                    ("{T}", _SAC_ARTIFACT),
                    "tap, sacrifice: one mana of any color",
                    _unsupported(_MANA),
                ),
            ),
        ),
        "Food": (
            "mtg:111.10b",
            "artifact",
            (
                _activated(
                    ("{2}", "{T}", _SAC_ARTIFACT),
                    "{2}, tap, sacrifice: gain 3 life",
                    GainLife(You(), 3),
                ),
            ),
        ),
        "Gold": (
            "mtg:111.10c",
            "artifact",
            (
                _activated(
                    (_SAC_ARTIFACT,), "sacrifice: one mana of any color", _unsupported(_MANA)
                ),
            ),
        ),
        "Shard": (
            "mtg:111.10e",
            "enchantment",
            (
                _activated(
                    ("{2}", "Sacrifice this enchantment"),
                    "{2}, sacrifice: scry 1, draw",
                    _unsupported("scry 1, then draw a card"),
                ),
            ),
        ),
        "Clue": (
            "mtg:111.10f",
            "artifact",
            (_activated(("{2}", _SAC_ARTIFACT), "{2}, sacrifice: draw a card", Draw(You(), 1)),),
        ),
        "Blood": (
            "mtg:111.10g",
            "artifact",
            (
                _activated(
                    ("{1}", "{T}", "Discard a card", _SAC_ARTIFACT),
                    "{1}, tap, discard, sacrifice: draw a card",
                    Draw(You(), 1),
                ),
            ),
        ),
        "Powerstone": (
            "mtg:111.10h",
            "artifact",
            (
                _activated(
                    ("{T}",),
                    "tap: one colorless mana for artifact spells or abilities",
                    _unsupported("a mana ability: add one colorless mana"),
                ),
            ),
        ),
        "Map": (
            "mtg:111.10s",
            "artifact",
            (
                _activated(
                    ("{1}", "{T}", _SAC_ARTIFACT),
                    "{1}, tap, sacrifice: a creature you control explores (sorcery speed)",
                    _unsupported("target creature you control explores"),
                ),
            ),
        ),
        "Junk": (
            "mtg:111.10t",
            "artifact",
            (
                _activated(
                    ("{T}", _SAC_ARTIFACT),
                    "tap, sacrifice: exile your top card, "
                    "you may play it this turn (sorcery speed)",
                    _unsupported("exile the top card of your library; you may play it"),
                ),
            ),
        ),
    }
)


def _predefined(name: str) -> tuple[Characteristics, str]:
    """The characteristics of a predefined token (mtg:111.10) and the rule defining it."""
    if name == "Walker":
        values = MappingProxyType({"power": 2, "toughness": 2})
        chars = Characteristics(
            name="Walker",
            types=frozenset({"creature"}),
            subtypes=frozenset({"zombie"}),
            colors=frozenset({"black"}),
            values=values,
        )
        return chars, "mtg:111.10d"
    found = _PREDEFINED.get(name)
    if found is None:
        raise NotSupportedError(
            f"creating a {name} token", "tcgrules has no definition of it (mtg:111.10i, 111.11)"
        )
    cited, card_type, abilities = found
    chars = Characteristics(
        name=name,
        types=frozenset({card_type}),
        subtypes=frozenset({name.lower()}),
        abilities=abilities,
    )
    return chars, cited


def _described(run: Resolution, name: str, desc: TokenDescription) -> Characteristics:
    """The token has the values the text gives and no others (mtg:111.3)."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    values: dict[str, int] = {}
    if desc.power is not None and desc.toughness is not None:
        values["power"] = run.amount(desc.power)
        values["toughness"] = run.amount(desc.toughness)
    abilities: list[AbilityLike] = [Keyword(k, arg) for k, arg in desc.keywords]
    abilities.extend(granted_ability(g) for g in desc.abilities)
    return Characteristics(
        name=name,
        types=frozenset(desc.types),
        supertypes=frozenset(desc.supertypes),
        subtypes=frozenset(desc.subtypes),
        colors=frozenset(desc.colors),
        abilities=tuple(abilities),
        values=MappingProxyType(dict(values)),
    )


def _label(game: Game, name: str) -> str:
    """A label no other object has, and no object's name: the token's name numbered
    from 1 ("Soldier Token 1", "Soldier Token 2")."""
    taken = {o.label for o in game.objects()}
    i = 1
    while f"{name} {i}" in taken:
        i += 1
    return f"{name} {i}"


def _create_token(run: Resolution, effect: CreateToken) -> None:
    """Each player told to create the tokens owns them and they enter the battlefield
    under that player's control (mtg:111.2), tapped if the text says so (mtg:110.5b)."""
    game = run.game
    if effect.description is None:
        chars, cited = _predefined(effect.name)
    else:
        chars = _described(run, effect.name, effect.description)
        cited = "mtg:111.4" if effect.description.name is None else "mtg:111.3"
    count = run.amount(effect.count)
    for who, _ in run.entities(effect.who):
        player = who.name if isinstance(who, PlayerRef) else game.controller(who)
        if player is None:
            continue
        for _ in range(count):
            token = game.create(
                chars,
                player,
                "battlefield",
                kind="token",
                alias=_label(game, effect.name),
                controller=player,
                tapped=effect.tapped,
            )
            tapped = "a tapped" if effect.tapped else "a"
            game.log(
                Event(
                    "token_created",
                    f"{player} creates {game.describe(token)}, {tapped} token named "
                    f"{effect.name}, owned and controlled by them (mtg:111.2)",
                    rule(cited),
                    token,
                )
            )


#: the handlers of this family, merged into Magic's effect table
TOKEN_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({CreateToken: _create_token})

__all__ = ["TOKEN_EFFECTS"]
