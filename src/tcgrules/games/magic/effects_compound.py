"""Handlers for compound sentences (helper U7): populate (mtg:701.30). Merged into
:data:`~tcgrules.games.magic.effects.EFFECTS`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import Chosen, CreateTokenCopy, Populate
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

#: what populating chooses: a creature token its controller controls (mtg:701.30a)
POPULATED = Chosen(
    d.AllOf((d.HasType("creature"), d.IsToken(), d.Controller("you"))),
    1,
    1,
    "a creature token you control",
)


def _populate(run: Resolution, effect: Populate) -> None:
    """The controller chooses one creature token they control (``choose: {chosen:
    [...]}``) and creates a token that's a copy of it (mtg:701.30a, mtg:707.2); with none
    to choose, no token is made (mtg:701.30b)."""
    from tcgrules.games.magic.effects import EFFECTS  # noqa: PLC0415 (EFFECTS holds this)

    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    if not any(describes(ctx, POPULATED.descriptor, ref) for ref in game.battlefield()):
        game.log(
            Event(
                "populate",
                f"{run.controller} controls no creature token, so populating makes nothing",
                rule("mtg:701.30b"),
                run.obj.ref,
            )
        )
        return
    game.log(Event("populate", f"{run.controller} populates", rule("mtg:701.30a"), run.obj.ref))
    EFFECTS[CreateTokenCopy](run, CreateTokenCopy(POPULATED))


COMPOUND_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({Populate: _populate})
