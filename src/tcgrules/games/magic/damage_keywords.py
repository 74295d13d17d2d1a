"""What the keywords of a source change about the damage it deals (helper T3): lifelink
(mtg:702.15b, mtg:120.3f), wither and infect (mtg:702.80a, mtg:702.90b-c, mtg:120.3b,
mtg:120.3d) and deathtouch (mtg:702.2b, mtg:704.5h). Each uses the source's
characteristics as the damage is dealt, or as it last existed (mtg:702.15c, mtg:702.2e),
and works from any zone (mtg:702.15d, mtg:702.2d).

Deathtouch is remembered on the creature dealt the damage as a marker effect (no change
of its own) that the next check of state-based actions reads and ends, so that only
damage "since the last time state-based actions were checked" counts (mtg:704.5h)."""

from __future__ import annotations

from tcgrules.errors import NotSupportedError
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.effects import ContinuousEffect
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule

#: the rule a deathtouch marker is started under
DEATHTOUCH = "mtg:702.2b"


def source_controller(game: Game, source_ref: ObjectRef | None, fallback: str) -> str:
    """Who controls the source of damage, or owns it if it has no controller
    (mtg:702.15b); as it last existed if it has left its zone (mtg:702.15c)."""
    if source_ref is None:
        return fallback
    if game.is_current(source_ref):
        return game.controller(source_ref) or game.get(source_ref).owner
    seen = game.last_known(source_ref)
    return seen.controller or seen.object.owner


def refuse_infect_to_player(source: Characteristics, source_label: str) -> None:
    """Damage from a source with infect gives a player poison counters instead of life
    loss (mtg:120.3b, mtg:702.90b); counters on players are not modelled, so dealing it
    is not supported rather than taken as life loss."""
    if source.has_keyword("infect"):
        raise NotSupportedError(
            f"{source_label} has infect: its damage to a player gives poison counters "
            "(mtg:702.90b), and counters on players are not modelled"
        )


def counters_instead(
    game: Game, source: Characteristics, recipient: ObjectRef, amount: int
) -> bool:
    """Damage to a creature from a source with wither or infect is -1/-1 counters, not
    marked damage (mtg:120.3d, mtg:702.80a, mtg:702.90c); True when so."""
    if not (source.has_keyword("wither") or source.has_keyword("infect")):
        return False
    game.add_counters(recipient, "-1/-1", amount, rule_applied=rule("mtg:120.3d"))
    return True


def mark_deathtouch(game: Game, source: Characteristics, recipient: ObjectRef) -> None:
    """A creature dealt damage by a source with deathtouch is destroyed at the next check
    of state-based actions (mtg:702.2b, mtg:704.5h): remembered until then."""
    if source.has_keyword("deathtouch"):
        game.add_effect(recipient, k.Modify("power", 0), rule_applied=rule(DEATHTOUCH))


def deathtouch_markers(game: Game, ref: ObjectRef) -> list[ContinuousEffect]:
    """The deathtouch markers on ``ref`` (damage since the last check)."""
    wanted = rule(DEATHTOUCH)
    return [e for e in game.effects_on(ref) if e.rule == wanted]


def lifelink(
    game: Game, source: Characteristics, source_ref: ObjectRef | None, amount: int, fallback: str
) -> None:
    """Damage dealt by a source with lifelink makes its controller gain that much life,
    besides its other results (mtg:120.3f, mtg:702.15b)."""
    if source.has_keyword("lifelink"):
        who = source_controller(game, source_ref, fallback)
        game.change_life(who, amount, rule_applied=rule("mtg:120.3f"))
