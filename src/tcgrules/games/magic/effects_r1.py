"""Effects of Aura tokens created attached (helper R1): "create a white Aura enchantment
token named Mask attached to another target permanent" (mtg:111.2, mtg:111.3,
mtg:303.4i).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import CreateTokenAttached, UnsupportedEffect
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.attachments import enchant_problem
from tcgrules.games.magic.effects_tokens import _described, _label
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

#: keywords an Aura token may be given that tcgrules does not apply yet, and their rule
_NOT_APPLIED: Mapping[str, str] = MappingProxyType({"umbra armor": "mtg:702.89a"})


def _refusal(effect: CreateTokenAttached) -> str | None:
    """Why the token can't be made as the text says, before anything changes."""
    desc = effect.token.description
    if desc is None or not any(k == "enchant" for k, _ in desc.keywords):
        return "an Aura token with no enchant ability (mtg:702.5a)"
    for keyword, _ in desc.keywords:
        if keyword in _NOT_APPLIED:
            return f"an Aura token with {keyword} ({_NOT_APPLIED[keyword]})"
    for grant in desc.abilities:
        if any(isinstance(e, UnsupportedEffect) for e in grant.effects):
            return f"an Aura token with an ability not understood: {grant.text}"
    return None


def _create_attached(run: Resolution, effect: CreateTokenAttached) -> None:
    """The controller creates the Aura token, owned and controlled by them (mtg:111.2),
    with the characteristics the text gives (mtg:111.3), entering the battlefield
    attached to the object (mtg:303.4i): it is not created when that object is gone
    (mtg:608.2b) or is something its enchant ability doesn't allow (mtg:303.4i)."""
    why = _refusal(effect)
    if why is not None:
        raise NotSupportedError(f"creating {effect.token.name} attached", why)
    desc = effect.token.description
    assert desc is not None  # checked by _refusal
    game = run.game
    source = run.info.source or run.obj.ref
    for host, _ in run.objects(effect.to):
        if not isinstance(host, ObjectRef) or not game.is_current(host):
            continue
        chars = _described(run, effect.token.name, desc)
        problem = enchant_problem(game, chars, host, run.controller, source, cited="mtg:303.4i")
        if problem is not None:
            game.log(
                Event(
                    "no_effect",
                    f"no {effect.token.name} token is created: {problem.why}",
                    rule(problem.number),
                    host,
                )
            )
            continue
        token = game.create(
            chars,
            run.controller,
            "battlefield",
            kind="token",
            alias=_label(game, effect.token.name),
            controller=run.controller,
        )
        game.log(
            Event(
                "token_created",
                f"{run.controller} creates {game.describe(token)}, an Aura token named "
                f"{effect.token.name}, owned and controlled by them (mtg:111.2)",
                rule("mtg:111.3"),
                token,
            )
        )
        game.attach(token, host, rule_applied=rule("mtg:303.4i"))


#: the handlers of this family, merged into Magic's effect table
R1_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({CreateTokenAttached: _create_attached})

__all__ = ["R1_EFFECTS"]
