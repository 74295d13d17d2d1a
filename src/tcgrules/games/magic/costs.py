"""What a Magic spell costs to cast once its targets are chosen (mtg:601.2f).

The total cost is the mana cost, plus cost increases, minus cost reductions; the
generic part never goes below nothing. The increases and reductions read here are
the ones that depend on targets (:class:`~tcgrules.cardtext.nodes.TargetCostChange`):
the spell's own ("costs {1} more to cast for each target beyond the first", "costs
{2} less to cast if it targets a tapped creature") and a permanent's that taxes the
spells its controller's opponents cast that target it; and the permanents' abilities
that change the cost of the spells some players cast that target something
(:class:`~tcgrules.cardtext.nodes.TargetingCostChange`: "Spells you cast that target
a creature cost {2} less to cast", "... cost an additional 3 life to cast").
Reductions of colored mana are not modelled and raise NotSupportedError. The kernel
pays mana only where the game enforces costs (games/magic/enforce.py, which reads
:func:`total_cost`); otherwise the total is announced as an event for the player (and
a scenario) to see.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ActivatedAbility,
    Attached,
    Self,
    StaticAbility,
    TargetCostChange,
    TargetingCostChange,
)
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.mana import symbols
from tcgrules.kernel.describe import Context, compile_descriptor, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.rules import rule


def _changes(game: Game, ref: ObjectRef) -> Iterator[TargetCostChange]:
    for ability in game.characteristics(ref).abilities:
        if isinstance(ability, StaticAbility):
            yield from (e for e in ability.effects if isinstance(e, TargetCostChange))


class _Mana:
    """A mana cost as a generic amount and its other symbols, in order."""

    def __init__(self, cost: str, x: int | None = None) -> None:
        self.generic = 0
        self.others: list[str] = []
        for sym in symbols(cost):
            if sym.isdigit():
                self.generic += int(sym)
            elif sym == "X" and x is not None:
                self.generic += x  # X is generic mana once announced (mtg:107.3a, 107.4b)
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


@dataclass(frozen=True)
class TotalCost:
    """The total cost of a spell or activated ability (mtg:601.2f, mtg:602.2b): its
    generic mana, its other mana symbols in order ("R", "W/U", "X" when X is not
    counted in), the life it adds, and the changes that made it (``said``)."""

    generic: int
    symbols: tuple[str, ...]
    life: int
    said: tuple[str, ...]
    #: what the total started from ("mana cost {1}{R}"), and the rule it follows
    what: str
    base: str
    cited: str


def announce_total_cost(game: Game, ref: ObjectRef) -> None:
    """Log the total cost of the spell ``ref`` just put on the stack with its targets,
    if any target-dependent increase or reduction applies (mtg:601.2f). Nothing is
    worked out when nothing could change it (:func:`_may_change`): the usual case."""
    if not _may_change(game, ref):
        return
    found = _total(game, ref, None, ())
    if found is not None:
        total, life, said, what, base, cited = found
        _log_total(game, ref, total, life, said, what, base, cited)


def _has_static(game: Game, ref: ObjectRef) -> bool:
    for ability in game.characteristics(ref).abilities:
        if isinstance(ability, StaticAbility):
            return True
    return False


def _may_change(game: Game, ref: ObjectRef) -> bool:
    """Whether a target-dependent change could apply to the total cost of ``ref``, which
    was just put on the stack: only a static ability says one (:func:`_total` reads them
    from the spell itself, from its targets and from the permanents, mtg:601.2f). False
    when the spell has none, no target has one and no permanent or spell prints one (an
    ability's total changes only by the permanents', mtg:602.2b).

    First a guard: with no object printing a static ability and no continuous effect
    in the game, no object has one (an effect is the only other way to get one: a
    counter gives a keyword, an attached object or the board gives what its own static
    says; Magic plays no split-card side, so printed abilities are those an object was
    made with), and nothing can change the total."""
    if not game.may_print_statics() and not game.all_effects():
        return False
    obj = game.get(ref)
    info = obj.stack
    if info is not None and info.ability_kind == "spell" and obj.kind == "card":
        if _has_static(game, ref):
            return True
        for row in info.targets:
            for t in row:
                if isinstance(t, ObjectRef) and game.is_current(t) and _has_static(game, t):
                    return True
    return game.may_print_statics() and next(_board_changes(game), None) is not None


def total_cost(
    game: Game,
    ref: ObjectRef,
    x: int | None,
    additional: tuple[str, ...] = (),
    ability: ActivatedAbility | None = None,
) -> TotalCost | None:
    """The total cost of the spell or activated ability ``ref`` on the stack, as it is
    paid (mtg:601.2f): its mana cost (or the mana in its activation cost, mtg:602.2b)
    with each X counted as ``x`` (mtg:107.3a; kept as "X" when ``x`` is None), plus the
    ``additional`` mana costs chosen (kicker), plus the increases, minus the
    reductions; None for what is neither (a triggered ability). ``ability``: the
    activated ability's node (its source may be gone, sacrificed to pay)."""
    found = _total(game, ref, x, additional, ability)
    if found is None:
        return None
    total, life, said, what, base, cited = found
    return TotalCost(total.generic, tuple(total.others), life, tuple(said), what, base, cited)


_Found = tuple[_Mana, int, list[str], str, str, str]


def _total(
    game: Game,
    ref: ObjectRef,
    x: int | None,
    additional: tuple[str, ...],
    ability: ActivatedAbility | None = None,
) -> _Found | None:
    obj = game.get(ref)
    info = obj.stack
    if info is not None and info.ability_kind == "activated":
        return _ability_total(game, ref, x, ability)
    if info is None or info.ability_kind != "spell" or obj.kind != "card":
        return None
    printed = game.characteristics(ref).value("cost")
    base = printed if isinstance(printed, str) else ""
    total = _Mana(base, x)
    for extra in additional:
        total.add(extra)
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
    life = _board_total(game, caster, targets, total, said, activated=False, spell=ref)
    return total, life, said, f"mana cost {base or '{0}'}", base, "mtg:601.2f"


def _ability_total(
    game: Game, ref: ObjectRef, x: int | None, node: ActivatedAbility | None
) -> _Found | None:
    """The total cost of an activated ability just put on the stack: the mana in its
    cost, changed by a permanent's ability about the abilities that target something
    (mtg:602.2b, which determines the total cost as mtg:601.2f does). ``node``: the
    ability, when its source may have left to pay its cost (else looked up)."""
    obj = game.get(ref)
    info = obj.stack
    assert info is not None
    if node is None:
        if info.source is None or info.ability_index is None:
            return None
        if not game.is_current(info.source):
            return None
        node = _activated(game, info.source, info.ability_index)
    if node is None or info.source is None:
        return None
    base = "".join(p for p in node.cost.parts if _MANA_PART.fullmatch(p))
    total = _Mana(base, x)
    targets = [t for row in info.targets for t in row]
    said: list[str] = []
    caster = game.controller(ref) or obj.owner
    life = _board_total(
        game, caster, targets, total, said, activated=True, spell=info.source, ability=node
    )
    return total, life, said, f"mana in its cost {base or '{0}'}", base, "mtg:602.2b"


def _log_total(  # noqa: PLR0917  (the parts of one event)
    game: Game,
    ref: ObjectRef,
    total: _Mana,
    life: int,
    said: list[str],
    what: str,
    base: str,
    cited: str,
) -> None:
    """Log the total cost of the spell or ability ``ref`` where something changed it
    (``said``: each change; nothing is logged when there is none)."""
    if not said:
        return
    cost = total.text() + (f" and {life} life" if life else "")
    game.log(
        Event(
            "total_cost",
            f"{game.get(ref).label}: total cost {cost} ({what}; {', '.join(said)})",
            rule(cited),
            ref,
            data=MappingProxyType({"cost": cost, "mana_cost": base, "life": life}),
        )
    )


#: a part of an activated ability's cost that is mana only ("{2}", "{1}{U}"; not "{T}")
_MANA_PART = re.compile(r"(?:\{(?![TQ]\})[^}]+\})+")


def _activated(game: Game, source: ObjectRef, index: int) -> ActivatedAbility | None:
    """The ``index``-th activated ability of ``source`` (1-based): printed ones first,
    then those an effect gave it (as activation numbers them)."""
    rs = game.ruleset
    obj = game.get(source)
    printed = rs.ability_nodes(rs.card_text(obj.card)) if obj.card is not None else ()
    found = [a for a in printed if isinstance(a, ActivatedAbility)]
    found += [
        a
        for a in game.characteristics(source).abilities
        if isinstance(a, ActivatedAbility) and a not in found
    ]
    return found[index - 1] if 1 <= index <= len(found) else None


def _board_total(
    game: Game,
    caster: str,
    targets: list[ObjectRef | PlayerRef],
    total: _Mana,
    said: list[str],
    *,
    activated: bool,
    spell: ObjectRef,
    ability: ActivatedAbility | None = None,
) -> int:
    """Apply the permanents' cost changes about what a spell (or, ``activated``, an
    ability of the source ``spell``) targets to ``total``, increases before
    reductions; the life they add."""
    life = 0
    reductions: list[str] = []
    for entry, board in _board_changes(game):
        if board.activated != activated:
            continue
        you = entry.controller or entry.obj.owner
        if (board.casters == "opponents" and caster == you) or (
            board.casters == "you" and caster != you
        ):
            continue
        if not _changes_this(game, entry, board, spell, ability):
            continue
        if board.per_target:
            times = sum(1 for t in targets if _aims_at(game, entry, board, t))
        else:
            times = 1 if any(_aims_at(game, entry, board, t) for t in targets) else 0
        if not times:
            continue
        word = "less" if board.less else "more"
        each = f" x{times}" if times > 1 else ""
        if board.life:
            life += board.life * times
            said.append(f"{board.life} life more{each} ({entry.obj.label})")
            continue
        if board.less:
            reductions.extend([board.mana] * times)
        else:
            total.add(board.mana, times)
        said.append(f"{board.mana} {word}{each} ({entry.obj.label})")
    for mana in reductions:  # increases first: generic mana never goes below zero
        total.reduce(mana)
    return life


def _changes_this(
    game: Game,
    entry: Seen,
    change: TargetingCostChange,
    spell: ObjectRef,
    ability: ActivatedAbility | None,
) -> bool:
    """Whether a permanent's cost change is about this spell (or this ability of the
    source ``spell``): only spells with its characteristics ("Aura spells you cast
    ...", mtg:601.2f), abilities whose source has them ("Activated abilities of
    Equipment you control ...", mtg:602.2b) or is the permanent itself ("~'s equip
    ability ..."), read from the permanent's controller; only the activations of a
    keyword ability ("Equip abilities you activate ...": equip is an activated ability
    written as its keyword, mtg:702.6a)."""
    if change.ability and (ability is None or not ability.text.lower().startswith(change.ability)):
        return False
    if change.spells is None:
        return True
    if isinstance(change.spells, Self):
        return spell == entry.ref
    if not game.is_current(spell):
        return False
    # the spell is on the stack: its own characteristics are checked, wherever it is
    check = compile_descriptor(change.spells, game.ruleset.name).objects
    you = entry.controller or entry.obj.owner
    return check is not None and check(Context(game, you, entry.ref), game.seen_object(spell))


def _board_changes(game: Game) -> Iterator[tuple[Seen, TargetingCostChange]]:
    """The cost changes of the static abilities of the permanents on the battlefield
    about the spells that target something (mtg:604.1; none from a phased-out one),
    and those of spells on the stack that say they work there (mtg:113.6)."""
    battlefield = game.ruleset.battlefield
    for obj in game.printed_statics():
        on_stack = obj.stack is not None
        if (obj.zone.name != battlefield and not on_stack) or obj.phased_out:
            continue
        entry = game.seen_object(obj.ref)
        for ability in entry.chars.abilities:
            if isinstance(ability, StaticAbility):
                for effect in ability.effects:
                    if isinstance(effect, TargetingCostChange) and effect.on_stack == on_stack:
                        yield entry, effect


def _aims_at(
    game: Game, entry: Seen, change: TargetingCostChange, target: ObjectRef | PlayerRef | object
) -> bool:
    """Whether a chosen target is what the cost change is about: the permanent itself,
    the object or player it is attached to, or what its descriptor describes (read
    from the permanent's controller)."""
    what = change.targets
    if what is None:
        return True
    if isinstance(what, Self):
        return target == entry.ref
    if isinstance(what, Attached):
        return target is not None and entry.obj.attached_to == target
    if not isinstance(target, ObjectRef | PlayerRef):
        return False
    you = entry.controller or entry.obj.owner
    return describes(Context(game, you, entry.ref), what, target)
