"""Magic's sacrifice effects (helper Y4).

:data:`Y4_EFFECTS` (effect node type -> handler) is merged into Magic's
:data:`~tcgrules.games.magic.effects.EFFECTS`. A player told to sacrifice permanents
picks them among those they control and moves them from the battlefield to their
owners' graveyards (mtg:701.17a). Every permanent sacrificed is named in the event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import ExchangeLifeTotals, PlayerMayCopy, Sacrifice, ShuffleCardsInto
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.effects_zones import _shuffle_library, move_and_tell
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _sacrifice(run: Resolution, effect: Sacrifice) -> None:
    """Each player the effect names sacrifices N permanents that fit, of their choice
    (mtg:701.17a): only permanents they control can be; with N or fewer that fit, all of
    them go and there is nothing to choose; otherwise the scenario's
    ``choose: {chosen: [...]}`` names them (each player's picks are among their own).
    Every choice is checked before anything moves, so a refused resolution changes
    nothing."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    plan: list[tuple[str, list[ObjectRef]]] = []
    given = list(run.choices.chosen or ())
    among = (
        None
        if effect.among is None
        else {e for e, _ in run.entities(effect.among) if isinstance(e, ObjectRef)}
    )
    for entity, _ in run.entities(effect.who):
        if not isinstance(entity, PlayerRef):
            continue
        player = entity.name
        fits = [
            r
            for r in game.battlefield()
            if game.controller(r) == player
            and describes(ctx, effect.descriptor, r)
            and (among is None or r in among)
        ]
        if len(fits) <= wanted:
            plan.append((player, fits))
            continue
        picked = [e for e in given if isinstance(e, ObjectRef) and e in fits]
        if len(set(picked)) != wanted or len(picked) != wanted:
            fitting = ", ".join(game.describe(r) for r in fits)
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.17a"),
                    f"{player} chooses {wanted} of the permanents they control that fit "
                    f"({fitting}) to sacrifice: name them with choose: {{chosen: [...]}}"
                    + (f"; {', '.join(game.describe(r) for r in picked)} given" if picked else ""),
                ),
                "resolve",
            )
        plan.append((player, picked))
    for player, chosen in plan:
        move_and_tell(
            game,
            list(chosen),
            to="graveyard",
            kind="sacrificed",
            number="mtg:701.17a",
            player=player,
            said=f"{player} sacrifices {{}}",
            empty="nothing (nothing they control fits)",
        )


def _shuffle_cards_into(run: Resolution, effect: ShuffleCardsInto) -> None:
    """The target cards still legal go into their owner's library (the player's whose
    graveyard they were chosen from), then that library is shuffled (mtg:701.20a); it is
    shuffled even if no card went in (mtg:701.20d)."""
    game = run.game
    libraries = [t.name for t, _ in run.entities(effect.who) if isinstance(t, PlayerRef)]
    for ref, _ in run.objects(effect.what):
        owner = game.get(ref).owner
        if owner not in libraries:
            libraries.append(owner)
        game.move(
            ref, "library", rule_applied=rule("mtg:701.20a"), reason="shuffled into its library"
        )
    for player in libraries:
        _shuffle_library(game, player)


def _player_may_copy(run: Resolution, effect: PlayerMayCopy) -> None:
    """The player the text names may copy the spell (their choice: the scenario's
    ``choose: {may: ...}``, mtg:608.2d); the copy is theirs, and they may choose new
    targets for it (``copy_targets``, mtg:707.10, mtg:707.10c)."""
    from tcgrules.games.magic.effects import copy_spell  # noqa: PLC0415 (cycle)

    game = run.game
    wants = run.choices.may
    if wants is None:
        wants = run.choices.copy_targets is not None
    for who, _ in run.entities(effect.who):
        if not isinstance(who, PlayerRef):
            continue
        if not wants:
            game.log(
                Event(
                    "declined",
                    f"{who.name} chooses not to copy {run.obj.label}",
                    rule("mtg:608.2d"),
                    player=who.name,
                )
            )
            continue
        for spell, _ in run.objects(effect.what):
            copy_spell(run, spell, True, by=who.name)


def _exchange_life(run: Resolution, effect: ExchangeLifeTotals) -> None:
    """Two players exchange life totals: each gains or loses the difference, so each
    ends with the other's former total (mtg:701.10c). With one of them no longer a
    legal target, the exchange can't be completed and none of it happens (mtg:701.10a)."""
    game = run.game
    players: list[str] = []
    named = [effect.who] if effect.other is None else [effect.who, effect.other]
    for reference in named:
        for who, _ in run.entities(reference):
            if isinstance(who, PlayerRef) and who.name not in players:
                players.append(who.name)
    if len(players) != 2:
        game.log(
            Event(
                "no_exchange",
                f"the exchange of life totals by {run.obj.label} can't be completed: one "
                "of the two players is not a legal target, so nothing happens",
                rule("mtg:701.10a"),
            )
        )
        return
    first, second = players
    lives = (game.player(first).life, game.player(second).life)
    if lives[0] is None or lives[1] is None:
        raise NotSupportedError("exchanging life totals of players with no life total")
    game.log(
        Event(
            "life_totals_exchanged",
            f"{first} ({lives[0]}) and {second} ({lives[1]}) exchange life totals",
            rule("mtg:701.10c"),
        )
    )
    if lives[0] != lives[1]:
        game.change_life(first, lives[1] - lives[0], rule_applied=rule("mtg:701.10c"))
        game.change_life(second, lives[0] - lives[1], rule_applied=rule("mtg:701.10c"))


#: Effect node type -> handler for the Y4 family
Y4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        Sacrifice: _sacrifice,
        ShuffleCardsInto: _shuffle_cards_into,
        PlayerMayCopy: _player_may_copy,
        ExchangeLifeTotals: _exchange_life,
    }
)
