"""Effects of counted amounts (helper t2): a player reveals a counted number of cards
of their hand ("target player reveals a number of cards from their hand equal to your
devotion to black", mtg:701.16a), and the controller may pick one of those for that
player to discard (mtg:701.8b). The number is taken as it resolves (mtg:608.2h).

Choices (the scenario's ``choose: {chosen: [...]}``): when the hand has more cards than
are revealed, the revealing player's cards come first; for a discard the controller's
pick follows them, repeated from among those revealed (``chosen: [Shock, Opt, Shock]``:
Shock and Opt are revealed, Shock is discarded). With no more cards than that, the hand
is revealed whole and only the pick is given (none with one card)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import RevealedDiscardChosen, RevealFromHand
from tcgrules.errors import RulesViolation
from tcgrules.games.magic.effects_zones import _cards, _names, _players
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _reveal(run: Resolution, player: str, wanted: int) -> tuple[list[ObjectRef], list[Entity]]:
    """The cards ``player`` reveals from their hand (``wanted`` of them, all with that
    many or fewer), logged as shown to all (mtg:701.16a), and what was chosen after
    them. Picks that are not ``wanted`` different cards of that hand refuse the
    resolution."""
    game = run.game
    hand = list(game.zone("hand", player))
    given = list(run.choices.chosen or ())
    if len(hand) <= wanted:
        shown, rest = hand, given
    else:
        shown = [e for e in given[:wanted] if isinstance(e, ObjectRef) and e in hand]
        rest = given[wanted:]
        if len(set(shown)) != wanted:
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.16a"),
                    f"{player} chooses {wanted} card{'s' if wanted != 1 else ''} of their "
                    f"hand ({_names(game, hand)}) to reveal: name them first with choose: "
                    "{chosen: [...]}",
                ),
                "resolve",
            )
    game.log(
        Event(
            "revealed",
            f"{player} reveals {_names(game, shown) if shown else 'no card'} from their hand",
            rule("mtg:701.16a"),
            player=player,
            data=_cards(game, shown),
        )
    )
    return shown, rest


def _reveal_from_hand(run: Resolution, effect: RevealFromHand) -> None:
    """Each player reveals that many cards of their choice from their hand; they stay
    there (mtg:701.16a, mtg:701.16b)."""
    wanted = max(run.amount(effect.count), 0)
    for player in _players(run, effect.who):
        _reveal(run, player, wanted)


def _revealed_discard_chosen(run: Resolution, effect: RevealedDiscardChosen) -> None:
    """Each player reveals that many cards of their choice from their hand; the
    controller picks one of them and that player discards it (mtg:701.8b, mtg:701.8a).
    With none revealed nothing is discarded."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    for player in _players(run, effect.who):
        shown, rest = _reveal(run, player, wanted)
        if not shown:
            continue
        picks = [e for e in rest if isinstance(e, ObjectRef)]
        if not picks and len(shown) == 1:
            picks = list(shown)
        if len(picks) != 1 or picks[0] not in shown:
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.8b"),
                    f"{run.controller} chooses one of the cards {player} revealed "
                    f"({_names(game, shown)}) to be discarded: name it after them with "
                    "choose: {chosen: [...]}",
                ),
                "resolve",
            )
        card = picks[0]
        name = game.describe(card)
        game.move(card, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
        game.log(
            Event(
                "discarded",
                f"{run.controller} chooses {name} of the revealed cards; {player} discards it",
                rule("mtg:701.8b"),
                player=player,
                data=MappingProxyType({"cards": name, "count": 1}),
            )
        )


#: node type -> handler, merged into Magic's effect table
COUNTED_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        RevealFromHand: _reveal_from_hand,
        RevealedDiscardChosen: _revealed_discard_chosen,
    }
)
