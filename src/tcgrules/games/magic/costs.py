"""What a Magic spell costs to cast once its targets are chosen (mtg:601.2f).

The total cost is the mana cost, plus cost increases, minus cost reductions; the
generic part never goes below nothing. The increases and reductions read here are
the ones that depend on targets (:class:`~tcgrules.cardtext.nodes.TargetCostChange`):
the spell's own ("costs {1} more to cast for each target beyond the first", "costs
{2} less to cast if it targets a tapped creature") and a permanent's that taxes the
spells its controller's opponents cast that target it. Reductions of colored mana
are not modelled and raise NotSupportedError. The kernel does not pay mana; the
total is announced as an event for the player (and a scenario) to see.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from tcgrules.cardtext.nodes import StaticAbility, TargetCostChange
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.mana import symbols
from tcgrules.kernel.describe import Context, compile_descriptor
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule


def _changes(game: Game, ref: ObjectRef) -> Iterator[TargetCostChange]:
    for ability in game.characteristics(ref).abilities:
        if isinstance(ability, StaticAbility):
            yield from (e for e in ability.effects if isinstance(e, TargetCostChange))


class _Mana:
    """A mana cost as a generic amount and its other symbols, in order."""

    def __init__(self, cost: str) -> None:
        self.generic = 0
        self.others: list[str] = []
        for sym in symbols(cost):
            if sym.isdigit():
                self.generic += int(sym)
            else:
                self.others.append(sym)

    def add(self, cost: str, times: int = 1) -> None:
        extra = _Mana(cost)
        self.generic += extra.generic * times
        self.others += extra.others * times

    def reduce(self, cost: str) -> None:
        less = _Mana(cost)
        if less.others:
            raise NotSupportedError(f"a reduction of colored mana ({cost})", "mtg:601.2f")
        self.generic = max(0, self.generic - less.generic)

    def text(self) -> str:
        variable = [s for s in self.others if s in {"X", "Y", "Z"}]
        rest = [s for s in self.others if s not in {"X", "Y", "Z"}]
        generic = [str(self.generic)] if self.generic or not (variable or rest) else []
        return "".join(f"{{{s}}}" for s in (*variable, *generic, *rest))


def announce_total_cost(game: Game, ref: ObjectRef) -> None:
    """Log the total cost of the spell ``ref`` just put on the stack with its targets,
    if any target-dependent increase or reduction applies (mtg:601.2f)."""
    obj = game.get(ref)
    info = obj.stack
    if info is None or info.ability_kind != "spell" or obj.kind != "card":
        return
    printed = game.characteristics(ref).value("cost")
    base = printed if isinstance(printed, str) else ""
    total = _Mana(base)
    targets = [t for row in info.targets for t in row]
    caster = game.controller(ref) or obj.owner
    said: list[str] = []
    for change in _changes(game, ref):
        times = 0
        if change.per_extra_target:
            times = max(0, len(targets) - 1)
        elif change.if_targets is not None:
            check = compile_descriptor(change.if_targets, game.ruleset.name).objects
            ctx = Context(game, caster, ref)
            hit = any(
                isinstance(t, ObjectRef) and check is not None and check(ctx, game.seen_object(t))
                for t in targets
            )
            times = 1 if hit else 0
        for _ in range(times):
            if change.less:
                total.reduce(change.mana)
            else:
                total.add(change.mana)
        if times:
            word = "less" if change.less else "more"
            said.append(f"{change.mana} {word}" + (f" x{times}" if times > 1 else ""))
    for target in targets:
        if not isinstance(target, ObjectRef) or not game.is_current(target):
            continue
        owner_of_tax = game.controller(target)
        if owner_of_tax is None or owner_of_tax == caster:
            continue
        for change in _changes(game, target):
            if change.opponents_targeting_self:
                total.add(change.mana)
                said.append(f"{change.mana} more for targeting {game.describe(target)}")
    if not said:
        return
    cost = total.text()
    game.log(
        Event(
            "total_cost",
            f"{obj.label}: total cost {cost} (mana cost {base or '{0}'}; {', '.join(said)})",
            rule("mtg:601.2f"),
            ref,
            data=MappingProxyType({"cost": cost, "mana_cost": base}),
        )
    )
