"""Flesh and Blood draw and discard, as the words after an on-hit condition say them.

The FaB text reader does not read "draw a card" or "they discard a card" yet; the hit
handling (:mod:`tcgrules.games.flesh_and_blood.hits`) reads these few plain sentences
itself - "draw a card", "draw N cards", "they discard a card", "discard a card",
"they discard a random card" - and these handlers carry them out:

- Draw (fab:8.5.6): the top card of the player's deck moves to their hand, one card at
  a time; with the deck empty the draw fails (fab:8.5.6b) and nothing else happens.
- Discard (fab:8.5.5): the player puts a card from their hand into their graveyard;
  with an empty hand it fails (fab:8.5.5b). Which card is the player's choice: the
  scenario names it with ``choose: {chosen: [CARD]}``; with no more cards in hand than
  are discarded there is nothing to choose. A random discard among more cards than that
  is not supported (tcgrules picks no card at random).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import Discard, Draw, It, Reference, You
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3}
_DRAW = re.compile(r"^(?:you )?draws? (?P<n>a|one|two|three|\d+) cards?\.?$", re.IGNORECASE)
_DISCARD = re.compile(
    r"^(?P<who>they |you )?discards? (?P<n>a|one|two|\d+)(?P<random> random)? cards?\.?$",
    re.IGNORECASE,
)


def read(sentence: str) -> tuple[Draw | Discard] | None:
    """The effect of a plain draw or discard sentence, or None if it is not one."""
    text = " ".join(sentence.split())
    found = _DRAW.match(text)
    if found:
        return (Draw(You(), _count(found.group("n"))),)
    found = _DISCARD.match(text)
    if found:
        who = It("they") if (found.group("who") or "").strip().lower() == "they" else You()
        return (Discard(who, _count(found.group("n")), random=bool(found.group("random"))),)
    return None


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _players(run: Resolution, who: Reference) -> list[str]:
    """The players an effect names: a hero stands for its player (fab:1.1.2b)."""
    found: list[str] = []
    for entity, _ in run.entities(who):
        if isinstance(entity, PlayerRef):
            found.append(entity.name)
        elif isinstance(entity, ObjectRef):
            player = run.game.controller(entity) or run.game.get(entity).owner
            found.append(player)
    return found


def _draw(run: Resolution, effect: Draw) -> None:
    """Move the top card of the deck to the hand, one at a time (fab:8.5.6)."""
    game = run.game
    for player in _players(run, effect.who):
        for _ in range(max(run.amount(effect.count), 0)):
            deck = game.zone("deck", player)
            if not deck:
                game.log(
                    Event(
                        "draw_failed",
                        f"{player} tries to draw from an empty deck: the draw fails",
                        rule("fab:8.5.6b"),
                        player=player,
                    )
                )
                break
            game.move(deck[-1], "hand", rule_applied=rule("fab:8.5.6"), reason=f"{player} draws it")


def _discard(run: Resolution, effect: Discard) -> None:
    """Put cards from the hand into the graveyard (fab:8.5.5), the player's choice."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    for player in _players(run, effect.who):
        hand = list(game.zone("hand", player))
        if not hand:
            game.log(
                Event(
                    "effect_failed",
                    f"{player} has no card in hand to discard: the discard fails",
                    rule("fab:8.5.5b"),
                    player=player,
                )
            )
            continue
        if len(hand) <= wanted:
            chosen = hand
        elif effect.random:
            raise NotSupportedError(f"{player} discarding {wanted} of {len(hand)} cards at random")
        else:
            chosen = [e for e in run.choices.chosen or () if isinstance(e, ObjectRef) and e in hand]
            if len(set(chosen)) != wanted:
                in_hand = ", ".join(game.describe(r) for r in hand)
                raise RulesViolation(
                    Verdict.refuse(
                        rule("fab:8.5.5"),
                        f"{player} chooses {wanted} card(s) of their hand ({in_hand}) to "
                        "discard: name them with choose: {chosen: [...]}",
                    ),
                    "resolve",
                )
        names = [game.describe(r) for r in chosen]
        for ref in chosen:
            game.move(ref, "graveyard", rule_applied=rule("fab:8.5.5"), reason="discarded")
        game.log(
            Event(
                "discarded",
                f"{player} discards {', '.join(names)}",
                rule("fab:8.5.5"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names), "count": len(chosen)}),
            )
        )


#: Effect node type -> handler, for the ruleset's effect table.
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({Draw: _draw, Discard: _discard})
