"""Magic effect handlers for zones and players (helper W3): what "return all artifacts
target player owns to their hand" and "target opponent may have you draw a card" do."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Each,
    Explore,
    PlayerMay,
    PutBeneathTop,
    PutInLibrary,
    ReturnOwnedToHand,
    RevealUntilToGraveyard,
)
from tcgrules.games.magic.effects_zones import move_and_tell
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _players(run: Resolution, reference: object) -> list[str]:
    """The players ``reference`` names (a target player no longer legal is left out by
    the resolution, mtg:608.2b)."""
    return [e.name for e, _ in run.entities(reference) if isinstance(e, PlayerRef)]


def _return_owned_to_hand(run: Resolution, effect: ReturnOwnedToHand) -> None:
    """Every permanent the description fits that one of the named players owns goes to
    its owner's hand (mtg:400.3), found as the effect happens (mtg:608.2h); who controls
    it doesn't matter."""
    game = run.game
    for player in _players(run, effect.by):
        owned = [
            e
            for e, _ in run.entities(Each(effect.descriptor))
            if isinstance(e, ObjectRef)
            and game.get(e).zone.name == "battlefield"
            and game.get(e).owner == player
        ]
        move_and_tell(
            game,
            owned,
            to="hand",
            kind="returned",
            number="mtg:400.3",
            player=player,
            said=f"{player}'s permanents return to their hand: {{}}",
            empty="none",
        )


def _player_may(run: Resolution, effect: PlayerMay) -> None:
    """The named player chooses whether the controller does the effects (the scenario's
    ``choose: {may: true}`` is that player's yes; no answer is a no, mtg:608.2d); "if
    that player doesn't" after it reads the answer (:attr:`Resolution.did`)."""
    game = run.game
    for who in _players(run, effect.who):
        wants = bool(run.choices.may)
        run.did = wants
        game.log(
            Event(
                "chosen" if wants else "declined",
                f"{who} {'has' if wants else 'does not have'} {run.controller} do it: "
                f"optional part of {run.obj.label}",
                rule("mtg:608.2d"),
                player=who,
            )
        )
        if wants:
            for inner in effect.effects:
                run.perform(inner)


def _explore(run: Resolution, effect: Explore) -> None:
    """Each permanent explores (mtg:701.40a): its controller (as it last existed, if it
    has left the battlefield, mtg:701.40c) reveals the top card of their library; a land
    card goes to their hand; otherwise the permanent gets a +1/+1 counter, if it is
    still there, and the controller may put the card into their graveyard (the
    scenario's ``choose: {may: true}``; no answer keeps it on top). With an empty library
    it still explores (mtg:701.40b)."""
    game = run.game
    for entity, _ in run.entities(effect.what):
        if not isinstance(entity, ObjectRef):
            continue
        known = game.last_known(entity)
        player = known.controller
        if player is None:
            continue
        library = game.zone("library", player)
        name = game.describe(entity)
        if not library:
            game.log(
                Event(
                    "explored",
                    f"{name} explores: {player}'s library is empty, nothing is revealed",
                    rule("mtg:701.40b"),
                    entity,
                )
            )
            continue
        top = library[-1]
        card = game.describe(top)
        game.log(
            Event("revealed", f"{player} reveals {card}", rule("mtg:701.40a"), top, player=player)
        )
        if "land" in game.characteristics(top).types:
            game.move(top, "hand", rule_applied=rule("mtg:701.40a"), reason="explored: a land")
            continue
        if game.is_current(entity) and game.get(entity).zone.name == "battlefield":
            game.add_counters(entity, "+1/+1", 1, rule_applied=rule("mtg:701.40a"))
        if run.choices.may:
            game.move(
                top, "graveyard", rule_applied=rule("mtg:701.40a"), reason="explored: not a land"
            )
        else:
            game.log(
                Event(
                    "declined",
                    f"{player} keeps {card} on top of their library",
                    rule("mtg:701.40a"),
                    top,
                    player=player,
                )
            )


def _put_beneath_top(run: Resolution, effect: PutBeneathTop) -> None:
    """Each object goes into its owner's library with ``count`` cards above it
    (mtg:400.3), the count taken as the effect happens (mtg:608.2h); a library of no more
    cards than that takes it on the bottom (mtg:401.7)."""
    from tcgrules.games.magic.effects import put_in_library  # noqa: PLC0415

    count = max(run.amount(effect.count), 0)
    put_in_library(run, PutInLibrary(effect.what, count + 1))


def _reveal_until_to_graveyard(run: Resolution, effect: RevealUntilToGraveyard) -> None:
    """Each named player reveals the cards of their library from the top, one at a time,
    until one fits the description (all of them when none does), shown to every player
    (mtg:701.16a); then all those cards go to their owner's graveyard (mtg:400.3)."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    for player in _players(run, effect.who):
        revealed: list[ObjectRef] = []
        for ref in reversed(game.zone("library", player)):
            revealed.append(ref)
            if describes(ctx, effect.until, ref):
                break
        game.log(
            Event(
                "revealed",
                f"{player} reveals from the top of their library: "
                f"{', '.join(game.describe(r) for r in revealed) or 'no cards'}",
                rule("mtg:701.16a"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(game.describe(r) for r in revealed)}),
            )
        )
        move_and_tell(
            game,
            revealed,
            to="graveyard",
            kind="put_into_graveyard",
            number="mtg:400.3",
            player=player,
            said=f"the cards {player} revealed go to their graveyard: {{}}",
            empty="none",
        )


W3_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        ReturnOwnedToHand: _return_owned_to_hand,
        PlayerMay: _player_may,
        Explore: _explore,
        PutBeneathTop: _put_beneath_top,
        RevealUntilToGraveyard: _reveal_until_to_graveyard,
    }
)
