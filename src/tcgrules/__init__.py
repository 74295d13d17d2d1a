"""tcgrules: a rules kernel for trading card games.

Objects, their properties and how spells, abilities and attacks target them,
for Magic: The Gathering, Flesh and Blood and Grand Archive, on one core; every
decision cites the rule.

>>> import tcgrules
>>> game = tcgrules.new_game("mtg", ["Alice", "Bob"])
>>> bear = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Bob", "battlefield")
>>> game.characteristics(bear).power
2
>>> back = game.move(game.move(bear, "hand"), "battlefield")
>>> game.is_current(bear), game.is_current(back)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgrules.carddata.bundled import bundled_cards, canonical_game
from tcgrules.carddata.model import CardDefinition
from tcgrules.carddata.pool import pool_card
from tcgrules.cardtext import parse_card
from tcgrules.cardtext.nodes import CardText
from tcgrules.errors import (
    ArgumentError,
    CardDataError,
    CardTextError,
    IllegalTargetError,
    InputError,
    NotSupportedError,
    RulesViolation,
    ScenarioError,
    StaleReferenceError,
    TcgRulesError,
    UnknownGameError,
    UnknownObjectError,
    UnknownRuleError,
)
from tcgrules.games import RULESETS, FleshAndBlood, GrandArchive, Magic, Ruleset, find_ruleset
from tcgrules.games import ruleset as make_ruleset
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.checks import expect
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.effects import (
    ChangeControl,
    ChangeSet,
    ContinuousEffect,
    CopyOf,
    GrantAbilities,
    Modify,
    RemoveAbilities,
    SetBase,
    SwitchPT,
)
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game, LastKnown, PlayerState
from tcgrules.kernel.objects import GameObject, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.targeting import (
    Chosen,
    LegalTargets,
    Targeter,
    explain_target,
    is_legal_target,
    legal_targets,
)
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Reason, Verdict

__version__ = "0.1.0"


def new_game(
    game: str, players: list[str] | tuple[str, ...], *, enforce: Sequence[str] = ()
) -> Game:
    """A new, empty game of ``game`` (``mtg``, ``fab``, ``ga`` or an alias); the first
    player listed is the active player. ``enforce``: ``"costs"`` and/or ``"timing"``,
    the game's rules about paying costs and about when things may be played, which
    are not checked unless asked for (:attr:`Game.enforced`)."""
    return Game(make_ruleset(game), players, enforce=enforce)


def bundled_card(game: str, name: str) -> CardDefinition:
    """One of the small set of real cards shipped for examples and tests."""
    expect("bundled_card()", "name", name, str, "a card name")
    cards = bundled_cards(canonical_game(game))
    try:
        return cards[name]
    except KeyError:
        raise UnknownObjectError(
            f"no bundled {game} card named {name!r}",
        ) from None


__all__ = [
    "RULESETS",
    "ArgumentError",
    "CardDataError",
    "CardDefinition",
    "CardText",
    "CardTextError",
    "ChangeControl",
    "ChangeSet",
    "Characteristics",
    "Chosen",
    "Concept",
    "ContinuousEffect",
    "CopyOf",
    "Event",
    "FleshAndBlood",
    "Game",
    "GameObject",
    "GrandArchive",
    "GrantAbilities",
    "IllegalTargetError",
    "InputError",
    "Keyword",
    "LastKnown",
    "LegalTargets",
    "Magic",
    "Modify",
    "NotSupportedError",
    "ObjectRef",
    "PlayerRef",
    "PlayerState",
    "Reason",
    "RemoveAbilities",
    "RuleRef",
    "RulesViolation",
    "Ruleset",
    "ScenarioError",
    "SetBase",
    "StackInfo",
    "StaleReferenceError",
    "SwitchPT",
    "TargetRequirement",
    "Targeter",
    "TcgRulesError",
    "UnknownGameError",
    "UnknownObjectError",
    "UnknownRuleError",
    "Verdict",
    "bundled_card",
    "bundled_cards",
    "explain_target",
    "find_ruleset",
    "is_legal_target",
    "legal_targets",
    "make_ruleset",
    "new_game",
    "parse_card",
    "pool_card",
    "rule",
]
