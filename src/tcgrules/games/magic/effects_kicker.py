"""Magic's effects about optional costs chosen as a spell was cast, and "instead"
(helper U6).

- :class:`~tcgrules.cardtext.nodes.InsteadIf`: "[effect]. If this spell was kicked,
  instead [other effect]." (or "... [other effect] instead."): the condition is checked as
  the spell resolves (mtg:608.2c) and one version happens, never both. Whether it was
  kicked (mtg:702.33d), bargained (mtg:702.166b) or its gift promised (mtg:702.174a) is
  what was chosen as it was cast (a scenario's ``kicked: N``, ``bargained: true``,
  ``gift: true``); the version not used had no targets chosen (mtg:601.2c).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import InsteadIf, NumberCondition
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.describe import number_test
from tcgrules.kernel.events import Event
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _instead_if(run: Resolution, effect: InsteadIf) -> None:
    game = run.game
    test = effect.condition
    if isinstance(test, NumberCondition):
        holds: bool | None = number_test(test.op, test.value)(run.amount(test.amount))
    else:
        holds = game.ruleset.resolution_condition(
            game, run.controller, run.info.source or run.obj.ref, test
        )
    if holds is None:
        raise NotSupportedError(f"the condition “if {effect.text}”")
    said = "holds: the other version happens instead" if holds else "does not hold"
    game.log(
        Event(
            "condition_met" if holds else "condition_not_met",
            f"the condition “{effect.text}” {said} as {run.obj.label} resolves",
            rule("mtg:608.2c"),
        )
    )
    for inner in effect.effects if holds else effect.otherwise:
        run.perform(inner)


KICKER_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({InsteadIf: _instead_if})
