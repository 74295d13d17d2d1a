"""Builder methods for Magic's combat statuses and "remove from combat" (a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "combat
(helper U3)" of ``magic.lark``)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import TextContext
from tcgrules.games.magic.text_build_damage import ABOUT_SELF
from tcgrules.kernel import descriptors as d

#: words of a trigger that bring in another object than the source
_ANOTHER = re.compile(r"\b(a|an|another|one or more|each)\b", re.I)
#: the combat conditions relative to "it", and to the source once "it" is settled
_IT_CONDITIONS = {
    "blocking_it": "blocking_source",
    "blocked_by_it": "blocked_by_source",
    "blocking_or_blocked_by_it": "blocking_or_blocked_by_source",
}


def _not_read(what: str) -> Exception:
    """The reader's "not read" exception; imported here, as text_build imports this
    module to build its class."""
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415

    return NotRead(what)


def _post(descriptor: d.Descriptor) -> Any:
    from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

    return _Post(descriptor)


class CombatBuilder:
    """Combat statuses relative to a player or the source, and removal from combat."""

    def u3_attacking_you(self, c: list[Any]) -> Any:
        """ "that's attacking you" (or "... or a planeswalker you control"): attacking
        you or a planeswalker you control (mtg:506.2)."""
        return _post(d.Condition("attacking_you"))

    def u3_attacking_you_or_planeswalker(self, c: list[Any]) -> Any:
        """ "that's attacking you or a planeswalker you control" (mtg:506.2)."""
        kind = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "TYPE"]
        if kind != ["planeswalker"]:
            raise _not_read(f"“attacking you or a {' '.join(kind)} you control”")
        return _post(d.Condition("attacking_you"))

    def u3_that_status_this_turn(self, c: list[Any]) -> Any:
        """ "that blocked this turn": declared as a blocker this turn (mtg:509.1a)."""
        word = str(c[1]).lower()
        if word != "blocked":
            raise _not_read(f"“that {word} this turn”")
        return _post(d.Condition("blocked_this_turn"))

    # "blocking ~" (a blocker of the source, mtg:509.1a), "it's blocking" (an attacker
    # the source blocks), "blocking or blocked by ~" (either); with "it", what "it"
    # names is settled with the whole ability (:func:`settle_combat_it`)
    def u3_blocking_it(self, c: list[Any]) -> Any:
        return _post(d.Condition("blocking_it"))

    def u3_blocking_or_blocked_by_it(self, c: list[Any]) -> Any:
        return _post(d.Condition("blocking_or_blocked_by_it"))

    def u3_blocking_or_blocked_by_self(self, c: list[Any]) -> Any:
        return _post(d.Condition("blocking_or_blocked_by_source"))

    def u3_its_blocking(self, c: list[Any]) -> Any:
        return _post(d.Condition("blocked_by_it"))

    def u3_group_attacks_if_able(self, c: list[Any]) -> n.CreaturesAttackIfAble:
        """ "Creatures target player controls attack this turn if able" (mtg:508.1d): a
        rule for the player's creatures, those that come later too (mtg:611.2c)."""
        group = c[0]
        if not (
            isinstance(group, n.EachControlledBy) and group.descriptor == d.HasType("creature")
        ):
            raise _not_read("an attack requirement on a group other than creatures")
        return n.CreaturesAttackIfAble(group.by)

    def u3_may_have_block_it(self, c: list[Any]) -> n.May:
        """ "you may have target creature block it this turn if able" (Giant Ambush
        Beetle): an optional requirement (mtg:608.2d, mtg:509.1c) naming the attacker
        by "it", settled with the whole ability (:func:`settle_combat_it`)."""
        combat = self._combat(c[3], "blocks_if_able", c[6], n.It())  # type: ignore[attr-defined]
        return n.May((combat,))

    def u3_remove_from_combat(self, c: list[Any]) -> n.RemoveFromCombat:
        """ "Remove target attacking creature from combat" (mtg:506.4)."""
        return n.RemoveFromCombat(c[1])


def _has_it_condition(node: Any) -> bool:
    if isinstance(node, d.Condition):
        return node.name in _IT_CONDITIONS
    if isinstance(node, tuple):
        return any(_has_it_condition(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_has_it_condition(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _to_source(node: Any) -> Any:
    if isinstance(node, d.Condition):
        return d.Condition(_IT_CONDITIONS.get(node.name, node.name))
    if isinstance(node, tuple):
        return tuple(_to_source(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {
            f.name: _to_source(getattr(node, f.name))
            for f in dataclasses.fields(node)
            if f.init and _has_it_condition(getattr(node, f.name))
        }
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _blocks_it(effect: Any) -> bool:
    """ "you may have target creature block it this turn if able": a requirement naming
    the attacker by "it" (settled by :func:`settle_combat_it`)."""
    if isinstance(effect, n.May):
        return any(_blocks_it(e) for e in effect.effects)
    return isinstance(effect, n.CombatRestriction) and effect.attacker == n.It()


def _block_source(effect: Any) -> Any:
    if isinstance(effect, n.May):
        return dataclasses.replace(effect, effects=tuple(_block_source(e) for e in effect.effects))
    if isinstance(effect, n.CombatRestriction) and effect.attacker == n.It():
        return dataclasses.replace(effect, attacker=n.Self())
    return effect


def settle_combat_it(
    ctx: TextContext,
    body: tuple[int, int],
    nodes: tuple[Any, Any],
    trigger: n.Trigger | None,
    activated: bool,
) -> tuple[Any, Any]:
    """ "blocking it", "blocked by it", "it's blocking", "block it" in an activated
    ability or one triggered by the source alone ("Whenever ~ becomes blocked", "When ~
    enters"): "it" is the source (mtg:113.7); anywhere else (a trigger about another
    creature, a spell, after another sentence) the words are kept as not read: a wrong
    creature is worse than none."""
    reqs, effects = nodes
    if "block" not in ctx.clean[body[0] : body[1]].lower():
        return nodes  # (no combat words: nothing to settle, and no walk through the nodes)
    # (not as the source leaves the battlefield: it is then out of combat, mtg:506.4)
    about_self = (
        trigger is not None
        and ABOUT_SELF.match(trigger.text) is not None
        and not _ANOTHER.search(trigger.text)
        and trigger.event not in {"dies", "leaves"}
    )
    if any(_blocks_it(e) for e in effects):
        if (activated or about_self) and len(effects) == 1:
            effects = tuple(_block_source(e) for e in effects)
        else:
            ctx.add(body[0], body[1], "what “it” names in “block it” is not read")
            return reqs, effects
    if not _has_it_condition((reqs, effects)):
        return reqs, effects
    if activated or about_self:
        return _to_source(reqs), _to_source(effects)
    ctx.add(body[0], body[1], "what “it” names in “blocking it” is not read")
    return reqs, effects
