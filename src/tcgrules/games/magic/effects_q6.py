"""Handlers of helper Q6 (becomes, control and names): transform (mtg:701.28) and
becoming the monarch (mtg:722).

A permanent whose card has a single face, and is not a token, is neither a transforming
double-faced card nor a transforming token, so an instruction to transform it does
nothing (mtg:701.28c). Turning a transforming permanent over to its other face
(mtg:701.28a, mtg:712.8) is not modelled: the card data keeps no layout telling a
transforming card from a modal or split one, and no transforming token is made; such a
permanent is refused as not supported.

The monarch is a player designation (mtg:722.1), kept on the player; one player has it at
a time (mtg:722.3). Its two inherent triggered abilities (mtg:722.2: the monarch draws at
the beginning of their end step; combat damage to the monarch passes it on) are not
modelled: the kernel has no end step and deals no combat damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import BecomeMonarch, Transform
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_zones import _players
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _transform(run: Resolution, effect: Transform) -> None:
    """Each permanent transforms (mtg:701.28a); one that is a single-faced card cannot,
    and nothing happens to it (mtg:701.28c)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield":
            continue
        if obj.is_token or obj.card is None or obj.card.faces:
            raise NotSupportedError(
                f"transforming {obj.label}",
                "the other face of a double-faced card or token is not modelled",
            )
        said = f"{obj.label} is a single-faced card: it can't transform, nothing happens"
        game.log(Event("no_effect", said, rule("mtg:701.28c"), t))


#: the monarch designation (mtg:722.1)
MONARCH = "monarch"


def monarch(game: Game) -> str | None:
    """The player who is the monarch, if any (mtg:722.1)."""
    return next((p for p in game.players if MONARCH in game.player(p).designations), None)


def _become_monarch(run: Resolution, effect: BecomeMonarch) -> None:
    """The player becomes the monarch; the monarch before stops being it (mtg:722.3). A
    player who is the monarch already stays so."""
    game = run.game
    for name in _players(run, effect.who):
        before = monarch(game)
        if before == name:
            said = f"{name} is the monarch already"
            game.log(Event("no_effect", said, rule("mtg:722.3"), player=name))
            continue
        if before is not None:
            game.designate(before, MONARCH, held=False)
        game.designate(name, MONARCH)
        said = f"{name} becomes the monarch" + (f"; {before} no longer is" if before else "")
        data = MappingProxyType({"monarch": name, "before": before or ""})
        game.log(Event("became_monarch", said, rule("mtg:722.3"), player=name, data=data))


#: node type -> handler, merged into Magic's effect table
Q6_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {Transform: _transform, BecomeMonarch: _become_monarch}
)
