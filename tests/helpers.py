"""Test helpers: small games and card definitions built in code."""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from tcgrules import parse_card
from tcgrules.carddata.model import CardDefinition, PrintedValue
from tcgrules.cardtext import nodes as n
from tcgrules.games import ruleset
from tcgrules.kernel.game import Game


def card(
    game: str, name: str, type_line: str, text: str = "", **values: PrintedValue
) -> CardDefinition:
    """A card definition for tests."""
    return CardDefinition(game, name, type_line, text, MappingProxyType(dict(values)))


def new_game(game: str = "mtg", players: tuple[str, ...] = ("Alice", "Bob")) -> Game:
    return Game(ruleset(game), players)


def read_effects(
    text: str,
    *,
    name: str | None = None,
    type_line: str = "Instant",
    ability: Literal["only", "first", "last", "all"] = "only",
    static: bool = True,
) -> tuple[object, ...]:
    """The effects of Magic card text that must be read whole (nothing left unread): of
    its one ability (``only``), its first or last, or of all of them in order;
    ``static`` False: that ability must not be a static one either."""
    card_text = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card_text.unsupported, card_text.unsupported
    abilities = card_text.abilities
    if ability == "all":
        return tuple(e for a in abilities for e in getattr(a, "effects", ()))
    if ability == "only":
        assert len(abilities) == 1, card_text
    chosen = abilities[-1] if ability == "last" else abilities[0]
    assert not isinstance(chosen, n.Unsupported | n.KeywordAbility), chosen
    assert static or not isinstance(chosen, n.StaticAbility), chosen
    return tuple(getattr(chosen, "effects", ()))


def unread(text: str, *, name: str | None = None, type_line: str = "Sorcery") -> list[str]:
    """The spans of Magic card text left unread."""
    return [u.text for u in parse_card("mtg", text, name=name, type_line=type_line).unsupported]
