"""Handlers for goad, connive and suspect (helper W7).

- goad (mtg:701.38): until the goading player's next turn the creature must attack each
  combat if able (mtg:701.38b), carried as a combat requirement that shows among its
  abilities (the requirement of mtg:508.1d); the same player goading it again changes
  nothing (mtg:701.38d);
- connive (mtg:701.47): the controller draws, then discards, and the permanent gets a
  +1/+1 counter for each nonland card discarded (mtg:701.47a, mtg:701.47e);
- suspect (mtg:701.58): the creature has menace and can't block for as long as it is
  suspected (mtg:701.58c), which lasts until it leaves the battlefield (mtg:701.58a); a
  suspected creature can't become suspected again (mtg:701.58d).

The designations themselves (goaded, suspected) are in
:mod:`tcgrules.games.magic.designations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import CombatRestriction, Connive, Goad, Self, Suspect
from tcgrules.games.magic.designations import GOADED as _GOADED
from tcgrules.games.magic.designations import SUSPECTED as _SUSPECTED
from tcgrules.games.magic.designations import designated
from tcgrules.games.magic.effects_zones import _chosen_cards
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _goad(run: Resolution, effect: Goad) -> None:
    """Each creature is goaded by the controller until that player's next turn
    (mtg:701.38a): it attacks each combat if able, and a player other than the goader if
    able (mtg:701.38b). Goaded again by the same player: nothing more (mtg:701.38d)."""
    game = run.game
    goader = run.controller
    text = f"attacks each combat if able, and a player other than {goader} if able (goaded)"
    carried = CombatRestriction(Self(), "attacks_if_able", "your_next_turn", text=text)
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield" or "creature" not in game.characteristics(t).types:
            game.log(
                Event("no_effect", f"{obj.label} is not a creature: not goaded", rule(_GOADED), t)
            )
            continue
        if designated(game, t, _GOADED, goader):
            game.log(
                Event(
                    "no_effect",
                    f"{obj.label} is already goaded by {goader}: nothing more",
                    rule("mtg:701.38d"),
                    t,
                )
            )
            continue
        game.add_effect(
            t,
            k.GrantAbilities((carried,)),
            until="until_next_turn",
            holder=goader,
            source=run.obj.ref,
            rule_applied=rule(_GOADED),
            describe=f"goaded by {goader} until {goader}'s next turn: {text}",
        )


def _connive(run: Resolution, effect: Connive) -> None:
    """Each permanent connives (mtg:701.47a): its controller draws N cards, then discards
    N (the scenario's ``choose: {chosen: [...]}`` names them, mtg:701.8b), then it gets a
    +1/+1 counter for each nonland card discarded this way (mtg:701.47e). It connives
    even if some of that can't happen (mtg:701.47b); one that left the battlefield is
    known by its last information: its controller then draws and discards, and no
    counter is put (mtg:701.47c)."""
    # effects imports this module
    from tcgrules.games.magic.effects import draw  # noqa: PLC0415

    game = run.game
    count = max(run.amount(effect.count), 0)
    for t, _ in run.entities(effect.what):
        if not isinstance(t, ObjectRef):
            continue
        known = game.last_known(t)
        player = known.controller
        if player is None:
            continue
        draw(game, player, count)
        hand = list(game.zone("hand", player))
        chosen = (
            hand
            if len(hand) <= count
            else _chosen_cards(run, player, hand, count, verb="discard as it connives")
        )
        names = ", ".join(game.describe(c) for c in chosen) or "nothing (an empty hand)"
        nonland = 0
        for card in chosen:
            if "land" not in game.characteristics(card).types:
                nonland += 1
            game.move(card, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
        here = game.is_current(t) and game.get(t).zone.name == "battlefield"
        game.log(
            Event(
                "connived",
                f"{known.object.label} connives: {player} draws {count}, discards {names}; "
                f"{nonland} nonland card(s) discarded"
                + ("" if here else ", but it is no longer on the battlefield: no counter"),
                rule("mtg:701.47e" if effect.count != 1 else "mtg:701.47a"),
                t,
                player=player,
                data=MappingProxyType({"nonland": nonland, "count": len(chosen)}),
            )
        )
        if here and nonland:
            game.add_counters(t, "+1/+1", nonland, rule_applied=rule("mtg:701.47a"))


def _suspect(run: Resolution, effect: Suspect) -> None:
    """Each creature becomes suspected until it leaves the battlefield (mtg:701.58a): it
    has menace and "can't block" for as long as it is (mtg:701.58c); the effects end with
    the permanent, a new object (mtg:400.7). One already suspected stays as it is
    (mtg:701.58d)."""
    game = run.game
    cant_block = CombatRestriction(
        Self(), "cant_block", "permanent", text="can't block (suspected)"
    )
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield":
            continue  # only permanents can be suspected (mtg:701.58b)
        if designated(game, t, _SUSPECTED):
            game.log(
                Event(
                    "no_effect",
                    f"{obj.label} is already suspected: nothing more",
                    rule("mtg:701.58d"),
                    t,
                )
            )
            continue
        game.add_effect(
            t,
            k.GrantAbilities((Keyword("menace"), cant_block)),
            source=run.obj.ref,
            rule_applied=rule(_SUSPECTED),
            describe="suspected: it has menace and can't block while it stays on the battlefield",
        )


#: node type -> handler, merged into Magic's effect table
W7_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {Goad: _goad, Connive: _connive, Suspect: _suspect}
)
