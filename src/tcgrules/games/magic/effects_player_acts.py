"""Effects of what a target player does with their own cards (helper T5).

A player the text names (not the resolving object's controller) picks among their own
objects as the effect happens (mtg:608.2d) and exiles them (mtg:701.11a) or puts
counters on them (mtg:122.6); the bottom card of a graveyard is exiled (a graveyard
keeps its order, mtg:404.2). The picks are the scenario's ``choose: {chosen: [...]}``;
each player's picks are among their own objects. Every pick is checked before anything
changes, so a refused resolution changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ExileBottomOfGraveyard,
    PlayerExilesOwn,
    PlayerPutsCounters,
    PlayerReturnsOwn,
    ShuffleFromGraveyard,
)
from tcgrules.errors import RulesViolation
from tcgrules.games.magic.effects_zones import _players, _shuffle_library, move_and_tell
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.descriptors import Descriptor
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _own_objects(
    run: Resolution, player: str, descriptor: Descriptor, zone: str
) -> list[ObjectRef]:
    """The objects of ``player`` that fit: cards in their graveyard, or permanents they
    control on the battlefield (mtg:110.2)."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    if zone == "battlefield":
        pool = [r for r in game.battlefield() if game.controller(r) == player]
    else:
        pool = list(game.zone(zone, player))
    return [r for r in pool if describes(ctx, descriptor, r)]


def _picks(
    run: Resolution, player: str, fits: list[ObjectRef], wanted: int, doing: str
) -> list[ObjectRef]:
    """The ``wanted`` objects ``player`` picks among ``fits`` (mtg:608.2d): all of them
    when there are no more; otherwise exactly ``wanted`` of the scenario's picks that
    fit, or the resolution is refused."""
    if len(fits) <= wanted:
        return list(fits)
    game = run.game
    picked = [e for e in run.choices.chosen or () if isinstance(e, ObjectRef) and e in fits]
    if len(picked) != wanted or len(set(picked)) != wanted:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:608.2d"),
                f"{player} chooses {wanted} of {', '.join(game.describe(r) for r in fits)} "
                f"to {doing}: name {'it' if wanted == 1 else 'them'} with choose: "
                "{chosen: [...]}"
                + (f"; {', '.join(game.describe(r) for r in picked)} given" if picked else ""),
            ),
            "resolve",
        )
    return picked


def _player_exiles_own(run: Resolution, effect: PlayerExilesOwn) -> None:
    """Each player named picks N of their own objects that fit and exiles them
    (mtg:608.2d, mtg:701.11a); with N or fewer, all of them go."""
    wanted = max(run.amount(effect.count), 0)
    where = "they control" if effect.zone == "battlefield" else "from their graveyard"
    plan: list[tuple[str, list[ObjectRef]]] = []
    for player in _players(run, effect.who):
        fits = _own_objects(run, player, effect.descriptor, effect.zone)
        plan.append((player, _picks(run, player, fits, wanted, f"exile ({where})")))
    for player, chosen in plan:
        move_and_tell(
            run.game,
            chosen,
            to="exile",
            kind="exiled",
            number="mtg:701.11a",
            player=player,
            said=f"{player} chooses and exiles {{}} ({where})",
            empty="nothing (nothing of theirs fits)",
        )


def _player_returns_own(run: Resolution, effect: PlayerReturnsOwn) -> None:
    """Each player named picks N cards of their graveyard that fit (mtg:608.2d; not
    targets) and puts them into their hand (mtg:400.3); with N or fewer, all of them."""
    wanted = max(run.amount(effect.count), 0)
    plan: list[tuple[str, list[ObjectRef]]] = []
    for player in _players(run, effect.who):
        fits = _own_objects(run, player, effect.descriptor, "graveyard")
        plan.append((player, _picks(run, player, fits, wanted, "return to their hand")))
    for player, chosen in plan:
        move_and_tell(
            run.game,
            chosen,
            to="hand",
            kind="returned",
            number="mtg:400.3",
            player=player,
            said=f"{player} chooses and returns {{}} from their graveyard to their hand",
            empty="nothing (nothing in their graveyard fits)",
        )


def _shuffle_from_graveyard(run: Resolution, effect: ShuffleFromGraveyard) -> None:
    """Every card of the player's graveyard that fits goes into their library, then that
    library is shuffled, even if nothing went in (mtg:701.20a, mtg:701.20d)."""
    for player in _players(run, effect.whose):
        for ref in _own_objects(run, player, effect.only, "graveyard"):
            run.game.move(
                ref, "library", rule_applied=rule("mtg:701.20a"), reason="shuffled into its library"
            )
        _shuffle_library(run.game, player)


def _exile_bottom_of_graveyard(run: Resolution, effect: ExileBottomOfGraveyard) -> None:
    """The bottom card of each named player's graveyard (its first: a graveyard keeps
    its order, mtg:404.2) is exiled (mtg:701.11a); an empty graveyard gives nothing."""
    game = run.game
    for player in _players(run, effect.whose):
        bottom = list(game.zone("graveyard", player)[:1])
        names = ", ".join(game.describe(r) for r in bottom)
        for ref in bottom:
            game.move(ref, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        game.log(
            Event(
                "exiled",
                f"the bottom card of {player}'s graveyard is exiled: "
                + (names or "none (the graveyard is empty)"),
                rule("mtg:404.2"),
                player=player,
                data=MappingProxyType({"cards": names, "count": len(bottom)}),
            )
        )


def _player_puts_counters(run: Resolution, effect: PlayerPutsCounters) -> None:
    """Each named player puts the counters on one permanent they control that fits,
    picked by them (mtg:608.2d), or on each such permanent (mtg:122.6). With none that
    fits, nothing happens."""
    game = run.game
    count = max(run.amount(effect.count), 0)
    plan: list[tuple[str, list[ObjectRef]]] = []
    for player in _players(run, effect.who):
        fits = _own_objects(run, player, effect.descriptor, "battlefield")
        chosen = (
            fits if effect.each else _picks(run, player, fits, 1, f"get {effect.kind} counters")
        )
        plan.append((player, chosen))
    for player, chosen in plan:
        if not chosen:
            game.log(
                Event(
                    "no_effect",
                    f"{player} controls nothing that fits: no {effect.kind} counter is put",
                    rule("mtg:122.6"),
                    player=player,
                )
            )
        for ref in chosen:
            if count > 0:
                game.add_counters(ref, effect.kind, count, rule_applied=rule("mtg:122.6"))


PLAYER_ACTS_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        PlayerExilesOwn: _player_exiles_own,
        ExileBottomOfGraveyard: _exile_bottom_of_graveyard,
        PlayerPutsCounters: _player_puts_counters,
        PlayerReturnsOwn: _player_returns_own,
        ShuffleFromGraveyard: _shuffle_from_graveyard,
    }
)
