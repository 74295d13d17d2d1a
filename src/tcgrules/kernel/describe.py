"""Which objects and players a description means, compiled once into fast predicates.

- Where to look (mtg:109.2): a description with a card type or subtype and no
  zone, "card", "spell" or "source" means permanents on the battlefield; "card"
  with a zone means cards in that zone (mtg:109.2a); "spell" means spells on the
  stack (mtg:109.2b); "source" means sources in any zone (mtg:109.2c). Grand
  Archive says the same for the field (ga:objects-and-targeting/objects-4).
- Who "you" is (mtg:109.5): the controller, else the player about to cast or
  activate it, else the owner.
- Controllers of abilities and emblems (mtg:109.4a-c).
- Each alternative of an "or" looks in its own place: "spell or nonland permanent"
  means spells on the stack and nonland permanents on the battlefield (mtg:109.2b,
  mtg:109.2), so such a description has several scopes.

A descriptor compiles into two predicates, one for objects and one for players;
either may be ``None`` ("never matches that kind"), so ``creature or player``
and ``player`` compile without special cases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeAlias, TypeVar

from tcgrules.errors import NotSupportedError
from tcgrules.kernel import board
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import (
    AllOf,
    AnyOf,
    Colorless,
    Compare,
    CompareAmount,
    Condition,
    ControlledBy,
    Controller,
    Descriptor,
    Fact,
    HasKeyword,
    HasSubtype,
    HasSupertype,
    HasType,
    HasValue,
    InSet,
    InZone,
    IsAbility,
    IsCard,
    IsPermanent,
    IsPlayer,
    IsSource,
    IsSpell,
    IsToken,
    Monocolored,
    Multicolored,
    Named,
    NamedAsSource,
    Not,
    Other,
    Owner,
    PlayerIs,
    Relation,
    Status,
    TargetCount,
    Targets,
)
from tcgrules.kernel.descriptors import Color as ColorNode
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef, PlayerRef, maker
from tcgrules.kernel.ruleset import Ruleset, find_ruleset
from tcgrules.rules import RuleRef


@dataclass(frozen=True, slots=True)
class Context:
    """Who is asking: ``you`` (mtg:109.5) and the object the text is on (for "another");
    ``stack``: the spell or ability itself, once it is on the stack, for a number its
    trigger event gives ("with mana value less than or equal to that spell's mana
    value", mtg:603.2)."""

    game: Game
    you: str
    source: ObjectRef | None = None
    stack: ObjectRef | None = None


#: ``new_context(game, you, source, stack)``: a Context filled in as a draft
#: (:func:`~tcgrules.kernel.objects.maker`), for the checks that make one for every
#: candidate (a target checked as it is chosen and again on resolution, mtg:601.2c,
#: mtg:608.2b)
new_context: Callable[[Game, str, ObjectRef | None, ObjectRef | None], Context] = maker(Context)


ObjectPredicate: TypeAlias = Callable[[Context, Seen], bool]
PlayerPredicate: TypeAlias = Callable[[Context, str], bool]
ANY_ZONE: Literal["*"] = "*"


def _always_obj(ctx: Context, entry: Seen) -> bool:
    return True


def _always_player(ctx: Context, player: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Compiled:
    """A compiled description.

    - ``zone``: the zone kind to search (``battlefield``, ``stack``, ``graveyard``...),
      ``"*"`` for any zone, ``None`` when no object can match; ``whose`` narrows
      per-player zones. ``zone_rule`` is the rule that decided the zone.
    - ``objects`` / ``players``: predicates, ``None`` if no object / no player can match.
    - ``types``: if set, a matching object has at least one of these card types
      (lets a query skip whole groups, e.g. lands for "creature").
    - ``scopes``: every (zone, whose) pair searched; one unless the alternatives of an
      "or" look in different zones ("spell or nonland permanent", mtg:109.2b).
    - ``needs``: groups of the board index every matching object of a shared zone is in
      (tapped, token, a color, a keyword the ruleset indexes; :data:`YOU_CONTROL` for
      the group of what the querying player controls), so a query may read only the
      smallest of them.
    - ``only_types``: set when the object test is exactly "has one of these card types"
      ("creature", "artifact or enchantment", Magic's "any target" with its players
      aside): a check may read the object's card types for it, with no context to make.
    """

    descriptor: Descriptor
    zone: str | None
    whose: Relation
    zone_rule: RuleRef | None
    objects: ObjectPredicate | None
    players: PlayerPredicate | None
    types: frozenset[str] | None
    scopes: tuple[tuple[str, Relation], ...] = ()
    needs: tuple[str, ...] = ()
    only_types: frozenset[str] | None = None


#: in :attr:`Compiled.needs`: the group of objects the querying player controls
YOU_CONTROL = board.CONTROLLER


def _relation(rel: Relation, you: str, player: str | None) -> bool:
    if rel == "any":
        return True
    if rel == "you":
        return player == you
    if rel == "opponent":
        return player is not None and player != you
    return player != you  # not_you: includes "no controller"


def _nodes(d: Descriptor) -> Iterator[Descriptor]:
    yield d
    if isinstance(d, AllOf | AnyOf):
        for p in d.parts:
            yield from _nodes(p)
    elif isinstance(d, Not):
        yield from _nodes(d.part)


#: every part of a description, itself first (for callers outside this module)
descriptor_nodes = _nodes


def _scope(d: Descriptor, rs: type[Ruleset]) -> tuple[str | None, Relation, RuleRef | None]:
    """Where a description looks for objects, and the game's rule that says so
    (mtg:109.2 and its letters; ga:objects-and-targeting/objects-4)."""
    nodes = list(_nodes(d))
    positive = [n for n in nodes if not isinstance(n, Not)]
    if any(isinstance(n, IsSpell | IsAbility) for n in positive):
        return "stack", "any", rs.cites(Concept.DESCRIPTION_SPELL)
    for n in positive:
        if isinstance(n, InZone):
            return n.zone, n.whose, rs.cites(Concept.DESCRIPTION_CARD_ZONE)
    if any(isinstance(n, IsSource) for n in positive):
        return ANY_ZONE, "any", rs.cites(Concept.DESCRIPTION_SOURCE)
    if any(isinstance(n, IsCard) for n in positive):
        # "card" with no zone: anywhere in Magic; Flesh and Blood looks in the arena and on
        # the stack only (fab:1.8.5a), which its ruleset names with its ``card_zone`` word
        if rs.card_zone == ANY_ZONE:
            return ANY_ZONE, "any", None
        return rs.card_zone, "any", rs.cites(Concept.DESCRIPTION_ZONE)
    # a name, a trait, a number or a status alone also describes objects in play
    # ("target Runechant", "target Agent of Chaos", Flesh and Blood's "any target" as a
    # living object, "target attack")
    objecty = (
        HasType,
        HasSubtype,
        HasSupertype,
        IsPermanent,
        IsToken,
        ColorNode,
        Controller,
        Named,
        NamedAsSource,
        InSet,
        Compare,
        CompareAmount,
        Status,
    )
    if any(isinstance(n, objecty) for n in nodes):
        return "battlefield", "any", rs.cites(Concept.DESCRIPTION_ZONE)
    return None, "any", None


_DEFENDING = Status("defending")


def _named_as_source(ctx: Context, entry: Seen) -> bool:
    """Whether ``entry`` has the name printed on the object the text is on (its card's
    name; the name it has now if it has no card)."""
    if ctx.source is None:
        return False
    known = ctx.game.last_known(ctx.source)
    card = known.object.card
    name = card.name if card is not None else known.characteristics.name
    return name is not None and ctx.game.ruleset.is_named(entry.chars, name)


def _defending_card(d: AllOf) -> AllOf:
    """ "Defending card" means a card declared as defending (fab:7.0.5), never the
    defending hero, though a hero is a card too (fab:7.2.4b): with "card", the status
    "defending" is that of a card declared as defending."""
    if _DEFENDING in d.parts and any(isinstance(p, IsCard) for p in d.parts):
        return AllOf(tuple(Status("defending card") if p == _DEFENDING else p for p in d.parts))
    return d


@lru_cache(maxsize=4096)
def _compile(d: Descriptor) -> tuple[ObjectPredicate | None, PlayerPredicate | None]:
    if isinstance(d, HasType):
        name = d.name
        return (lambda c, e: name in e.chars.types), None
    if isinstance(d, HasSubtype):
        name = d.name
        return (lambda c, e: name in e.chars.subtypes), None
    if isinstance(d, HasSupertype):
        name = d.name
        return (lambda c, e: name in e.chars.supertypes), None
    if isinstance(d, IsPermanent):
        return (lambda c, e: e.zone.objects_are_permanents), None
    if isinstance(d, IsSpell):
        return (
            lambda c, e: (
                e.obj.kind != "ability" and c.game.ruleset.zone_spec(e.obj.zone.name).is_stack
            )
        ), None
    if isinstance(d, IsAbility):
        kind = d.kind
        return (
            lambda c, e: (
                e.obj.kind == "ability"
                and (kind is None or (e.obj.stack is not None and e.obj.stack.ability_kind == kind))
            )
        ), None
    if isinstance(d, IsCard):
        return (lambda c, e: e.obj.kind == "card"), None
    if isinstance(d, IsToken):
        return (lambda c, e: e.obj.kind == "token"), None
    if isinstance(d, IsSource):
        return _always_obj, None
    if isinstance(d, IsPlayer):
        return None, _always_player
    if isinstance(d, ColorNode):
        color = d.name
        return (lambda c, e: color in e.chars.colors), None
    if isinstance(d, Colorless):
        return (lambda c, e: not e.chars.colors), None
    if isinstance(d, Multicolored):
        return (lambda c, e: len(e.chars.colors) >= 2), None
    if isinstance(d, Monocolored):
        return (lambda c, e: len(e.chars.colors) == 1), None
    if isinstance(d, Controller):
        rel = d.relation
        return (lambda c, e: _relation(rel, c.you, e.controller)), None
    if isinstance(d, Owner):
        rel = d.relation
        return (lambda c, e: _relation(rel, c.you, e.obj.owner)), None
    if isinstance(d, PlayerIs):
        rel = d.relation
        return None, (lambda c, p: _relation(rel, c.you, p))
    if isinstance(d, InZone):
        zone, whose = d.zone, d.whose
        return (
            lambda c, e: (
                c.game.ruleset.zone_matches(e.obj.zone.name, zone)
                and (whose == "any" or _relation(whose, c.you, e.obj.zone.player))
            )
        ), None
    if isinstance(d, HasKeyword):
        kw, arg = d.name, d.argument
        return (lambda c, e: e.chars.has_keyword(kw, arg)), None
    if isinstance(d, Compare):
        return _compare(d), None
    if isinstance(d, CompareAmount):
        return _compare_amount(d), None
    if isinstance(d, Status):
        name = d.name
        if name == "tapped":
            return (lambda c, e: e.obj.tapped), None
        if name == "untapped":
            return (lambda c, e: not e.obj.tapped), None
        if name == "attacking":
            # what counts as attacking is recorded by the attack action (fab:7.2.4)
            return (lambda c, e: e.obj.id in c.game.attacking_ids()), None
        if name == "defending":
            return (lambda c, e: e.obj.id in c.game.defending_ids()), None
        if name == "defending card":
            return (lambda c, e: e.obj.id in c.game.defending_card_ids()), None
        if name == "attack":
            # the object that is the attack (fab:1.2.2d), not the hero attacking with it
            return (lambda c, e: c.game.attacker_id() == e.obj.id), None
        # a status the kernel does not know is the game's to judge
        return (lambda c, e: c.game.ruleset.has_status(c.game, e.obj, e.chars, name)), None
    if isinstance(d, Named):
        wanted, moniker = d.name, d.moniker
        return (lambda c, e: c.game.ruleset.is_named(e.chars, wanted, moniker=moniker)), None
    if isinstance(d, NamedAsSource):
        return _named_as_source, None
    if isinstance(d, InSet):
        prop, word = d.prop, d.word
        return (lambda c, e: word in e.chars.sets.get(prop, ())), None
    if isinstance(d, HasValue):
        prop, value = d.prop, d.value
        return (lambda c, e: str(e.chars.value(prop)).lower() == value), None
    if isinstance(d, Fact):
        fact = d.name
        return (
            lambda c, e: bool(c.game.ruleset.object_facts(c.game, e.obj, e.chars).get(fact))
        ), None
    if isinstance(d, Other):
        return (lambda c, e: c.source is None or e.obj.id != c.source.id), _always_player
    if isinstance(d, Not):
        inner_obj, inner_player = _compile(d.part)
        obj_pred: ObjectPredicate | None = (
            (lambda c, e: not inner_obj(c, e)) if inner_obj is not None else _always_obj
        )
        player_pred: PlayerPredicate | None = (
            (lambda c, p: not inner_player(c, p)) if inner_player is not None else None
        )
        return obj_pred, player_pred
    if isinstance(d, AllOf):
        parts = [_compile(p) for p in _defending_card(d).parts]
        objs = [p[0] for p in parts]
        players = [p[1] for p in parts]
        all_obj: ObjectPredicate | None = None
        all_players: PlayerPredicate | None = None
        if all(p is not None for p in objs):
            all_obj = _conjunction(tuple(p for p in objs if p is not None))
        if all(p is not None for p in players):
            pchecks = tuple(p for p in players if p is not None)
            all_players = lambda c, p: all(f(c, p) for f in pchecks)  # noqa: E731
        return all_obj, all_players
    if isinstance(d, AnyOf):
        parts = [_compile(p) for p in d.parts]
        ochecks = tuple(p[0] for p in parts if p[0] is not None)
        pchecks2 = tuple(p[1] for p in parts if p[1] is not None)
        any_obj: ObjectPredicate | None = _disjunction(ochecks) if ochecks else None
        any_players: PlayerPredicate | None = (
            (lambda c, p: any(f(c, p) for f in pchecks2)) if pchecks2 else None
        )
        return any_obj, any_players
    if isinstance(d, TargetCount):
        count_test = number_test(d.op, d.value)
        # the number of times anything was chosen as it was put on the stack (mtg:115.9a)
        return (lambda c, e: e.obj.stack is not None and count_test(e.obj.stack.chosen_count)), None
    if isinstance(d, Targets):
        return _targets_predicate(d), None
    if isinstance(d, Condition):
        return _condition(d.name), None
    if isinstance(d, ControlledBy):
        # a player the text names by role ("defending player"): the game's to say who
        who = d.who
        return (
            lambda c, e: (
                e.controller is not None
                and e.controller == c.game.ruleset.named_player(c.game, c.you, c.source, who)
            )
        ), None
    raise NotSupportedError(f"the description node {type(d).__name__}")


def _condition(name: str) -> ObjectPredicate:
    """A state the text names ("with greater {h} than you"): the game's ruleset knows
    what it means (:meth:`Ruleset.condition_test`); one it does not know is refused when
    the description is compiled for that game."""

    def check(c: Context, e: Seen) -> bool:
        test = type(c.game.ruleset).condition_test(name)
        if test is None:
            raise _unknown_condition(name, c.game.ruleset)
        return test(c, e)

    return check


def _unknown_condition(name: str, rs: Ruleset | type[Ruleset]) -> NotSupportedError:
    return NotSupportedError(f"the condition {name!r} in a description", f"in {rs.title}")


def _conjunction(checks: tuple[ObjectPredicate, ...]) -> ObjectPredicate:
    """``a and b and ...`` as one closure (no generator per call: this is the hot path)."""
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        f, g = checks
        return lambda c, e: f(c, e) and g(c, e)
    if len(checks) == 3:
        f, g, h = checks
        return lambda c, e: f(c, e) and g(c, e) and h(c, e)
    head, rest = checks[0], _conjunction(checks[1:])
    return lambda c, e: head(c, e) and rest(c, e)


def _disjunction(checks: tuple[ObjectPredicate, ...]) -> ObjectPredicate:
    """``a or b or ...`` as one closure."""
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        f, g = checks
        return lambda c, e: f(c, e) or g(c, e)
    head, rest = checks[0], _disjunction(checks[1:])
    return lambda c, e: head(c, e) or rest(c, e)


def _targets_predicate(d: Targets) -> ObjectPredicate:
    """ "Spell that targets X" looks at its targets as they are now, ignoring those that
    left their zone or the game (mtg:115.9b); "targets only X" also needs exactly one
    different target, as changed since (mtg:115.9c)."""
    inner_obj, inner_player = _compile(d.what)
    only = d.only

    def check(c: Context, e: Seen) -> bool:
        info = e.obj.stack
        if info is None:
            return False
        chosen = {t for row in info.targets for t in row}
        if only and len(chosen) != 1:
            return False
        game = c.game
        for t in chosen:
            if isinstance(t, PlayerRef):
                still_in = not game.player(t.name).lost
                if inner_player is not None and still_in and inner_player(c, t.name):
                    return True
            elif inner_obj is not None and game.is_current(t) and inner_obj(c, game.seen_object(t)):
                return True
        return False

    return check


def number_test(op: str, value: int) -> Callable[[int], bool]:
    tests: dict[str, Callable[[int], bool]] = {
        "<": lambda v: v < value,
        "<=": lambda v: v <= value,
        "==": lambda v: v == value,
        ">=": lambda v: v >= value,
        ">": lambda v: v > value,
        "!=": lambda v: v != value,
    }
    return tests[op]


def _compare(d: Compare) -> ObjectPredicate:
    prop = d.prop
    test = number_test(d.op, d.value)

    def check(c: Context, e: Seen) -> bool:
        v = e.chars.number(prop)
        return v is not None and test(v)

    return check


def amount_now(ctx: Context, amount: object) -> int:
    """The number ``amount`` (a game's own node) stands for now, as the game's ruleset
    works it out for ``ctx`` (:meth:`Ruleset.amount_now`); a number it can't work out is
    refused by name."""
    found = ctx.game.ruleset.amount_now(ctx.game, ctx.you, ctx.source, amount, stack=ctx.stack)
    if found is None:
        raise NotSupportedError(
            f"the number {amount!r} in a description", f"in {ctx.game.ruleset.title}"
        )
    return found


def _compare_amount(d: CompareAmount) -> ObjectPredicate:
    """A property compared to a number worked out each time the description is checked
    (as targets are chosen and again on resolution, mtg:601.2c, mtg:608.2b)."""
    prop, op, amount = d.prop, d.op, d.amount

    def check(c: Context, e: Seen) -> bool:
        v = e.chars.number(prop)
        return v is not None and number_test(op, amount_now(c, amount))(v)

    return check


def _type_hint(d: Descriptor) -> frozenset[str] | None:
    if isinstance(d, HasType):
        return frozenset({d.name})
    if isinstance(d, AllOf):
        hints = [h for h in (_type_hint(p) for p in d.parts) if h is not None]
        return min(hints, key=len) if hints else None
    if isinstance(d, AnyOf):
        hints = []
        for p in d.parts:
            if _compile(p)[0] is None:
                continue  # a player-only part adds no objects
            h = _type_hint(p)
            if h is None:
                return None
            hints.append(h)
        return frozenset().union(*hints) if hints else None
    return None


_RELATIONS = {
    "you": "you",
    "opponent": "an opponent",
    "not_you": "someone other than you",
    "any": "anyone",
}


def _phrase(d: Descriptor) -> str:
    """A few words for one descriptor node, for explanations."""
    if isinstance(d, HasType | HasSubtype | HasSupertype | Named):
        return d.name
    if isinstance(d, NamedAsSource):
        return "with this card's name"
    if isinstance(d, InSet):
        return d.word
    if isinstance(d, ColorNode):
        return d.name
    if isinstance(d, Not):
        return "non" + _phrase(d.part)
    if isinstance(d, Controller):
        return f"controlled by {_RELATIONS[d.relation]}"
    if isinstance(d, Owner):
        return f"owned by {_RELATIONS[d.relation]}"
    if isinstance(d, HasKeyword):
        return f"with {d.name}" + (f" from {d.argument}" if d.argument else "")
    if isinstance(d, Compare):
        return f"with {d.prop} {d.op} {d.value}"
    if isinstance(d, CompareAmount):
        return f"with {d.prop} {d.op} a number the text computes"
    if isinstance(d, Status):
        return d.name
    if isinstance(d, HasValue):
        if d.prop == "cost_kind":  # the kind of a cost: "memory cost", "reserve cost"
            return f"with a {d.value} cost"
        return f"{d.prop.replace('_', ' ')} {d.value}"
    if isinstance(d, Fact):
        return d.name.removeprefix("is_").replace("_", " ")
    if isinstance(d, AnyOf):
        return " or ".join(_phrase(p) for p in d.parts)
    if isinstance(d, AllOf):
        return " ".join(_phrase(p) for p in d.parts)
    if isinstance(d, TargetCount):
        return f"with {d.op} {d.value} target(s)"
    if isinstance(d, Targets):
        return ("targeting only " if d.only else "targeting ") + _phrase(d.what)
    if isinstance(d, Condition):
        return d.name.replace("_", " ").replace(":", " ")
    if isinstance(d, ControlledBy):
        return f"controlled by {d.who.replace('_', ' ')}"
    return type(d).__name__


def why_not(ctx: Context, d: Descriptor, entry: Seen) -> list[tuple[RuleRef, str]]:
    """Each part of a description an object fails, with the rule that makes that part
    count: "with a single target" (mtg:115.9a), "that targets" (mtg:115.9b), "that
    targets only" (mtg:115.9c); any other part, the choice of targets (mtg:601.2c)."""
    rs = ctx.game.ruleset
    if isinstance(d, AllOf):
        found: list[tuple[RuleRef, str]] = []
        unknown: NotSupportedError | None = None
        for part in _defending_card(d).parts:
            try:
                found.extend(why_not(ctx, part, entry))
            except NotSupportedError as exc:
                unknown = unknown or exc  # a part not known matters only if none fails
        if unknown is not None and not found:
            raise unknown
        return found
    pred = _compile(d)[0]
    if pred is not None and pred(ctx, entry):
        return []
    if isinstance(d, TargetCount):
        n = entry.obj.stack.chosen_count if entry.obj.stack else 0
        return [(rs.cite(Concept.TARGET_COUNT), f"had {n} target(s) chosen, not {d.op} {d.value}")]
    number = rs.cite(Concept.TARGET_FITS)
    if isinstance(d, Targets):
        number = rs.cite(Concept.TARGETS_ONLY if d.only else Concept.TARGETS_NOW)
    if isinstance(d, Not):
        number = rs.cites(Concept.TARGET_EXCLUDED) or number
        return [(number, f"is {_phrase(d.part)}; the phrase wants {_phrase(d)}")]
    if isinstance(d, Controller):
        who = entry.controller or "no one"
        return [(number, f"is controlled by {who}, not {_RELATIONS[d.relation]}")]
    if isinstance(d, Compare):
        actual = entry.chars.number(d.prop)
        if actual is None:
            return [(number, f"has no {d.prop}, so not {d.prop} {d.op} {d.value}")]
        return [(number, f"has {d.prop} {actual}, not {d.op} {d.value}")]
    if isinstance(d, CompareAmount):
        actual = entry.chars.number(d.prop)
        bound = amount_now(ctx, d.amount)
        return [(number, f"has {d.prop} {actual}, not {d.op} {bound} (the number now)")]
    if isinstance(d, InSet):
        return [(number, f"has no {d.word!r} among its {d.prop}")]
    if isinstance(d, HasValue):
        value = entry.chars.values.get(d.prop)
        if d.prop == "cost_kind":
            has = f"has a {value} cost" if value else "has no cost of a kind"
            return [(number, f"{has}, not a {d.value} cost")]
        shown = "(none)" if value is None else value
        return [(number, f"has {d.prop.replace('_', ' ')} {shown}, not {d.value}")]
    if isinstance(d, Condition) and d.name.startswith("has_counter:"):
        return [(number, f"has no {d.name.partition(':')[2]} counter")]
    return [(number, f"is not {_phrase(d)}")]


_Key = TypeVar("_Key")
_Made = TypeVar("_Made")


def identity_memo(
    make: Callable[[_Key, str], _Made], limit: int = 8192
) -> Callable[[_Key, str], _Made]:
    """``make(key, game)``, remembered and found again by the key's identity before its
    value: a key here is a deep tree of frozen dataclasses, so hashing and comparing it
    (what a value cache does on every call) costs more than the lookup itself. The key
    is kept with its game and result, so its id stays its own; the table is keyed by
    the id alone (an int: no tuple to make and hash on each call), so a key asked for
    in another game is made again for that one; at ``limit`` entries all are forgotten.
    A plain function, not an object with ``__call__``: it is asked on every target
    check (mtg:601.2c, mtg:608.2b), and a function's call is the cheaper one."""
    kept: dict[int, tuple[_Key, str, _Made]] = {}

    def remembered(key: _Key, game: str) -> _Made:
        found = kept.get(id(key))
        if found is not None and found[0] is key and found[1] == game:
            return found[2]
        made = make(key, game)
        if len(kept) >= limit:
            kept.clear()
        kept[id(key)] = (key, game, made)
        return made

    return remembered


def compile_descriptor(d: Descriptor, game: str | type[Ruleset]) -> Compiled:
    """Compile a descriptor once for one game (a ruleset class or any of its names);
    reuse the result for every query."""
    return _COMPILED(d, game if isinstance(game, str) else game.name)


@lru_cache(maxsize=8192)
def _compiled(d: Descriptor, game: str) -> Compiled:
    rs = find_ruleset(game)
    for node in _nodes(d):
        if isinstance(node, Condition) and rs.condition_test(node.name) is None:
            raise _unknown_condition(node.name, rs)
    objects, players = _compile(d)
    zone, whose, zone_rule = _scope(d, rs) if objects is not None else (None, "any", None)
    split = _split_scopes(d, rs) if objects is not None else None
    if split is not None:
        scopes, objects = split
        return Compiled(d, scopes[0][0], scopes[0][1], zone_rule, objects, players, None, scopes)
    scopes = ((zone, whose),) if zone is not None else ()
    types = _type_hint(d)
    only = types if objects is not None and _types_only(d) else None
    return Compiled(d, zone, whose, zone_rule, objects, players, types, scopes, _needs(d, rs), only)


def _types_only(d: Descriptor) -> bool:
    """Whether the object test of ``d`` is exactly "has one of the card types of its
    type hint" (:func:`_type_hint`): a card type, or an "or" of card types and of parts
    that describe players only (whose object test is none, so adds no objects)."""
    if isinstance(d, HasType):
        return True
    return isinstance(d, AnyOf) and all(_types_only(p) or _compile(p)[0] is None for p in d.parts)


#: descriptors compiled, found by identity first
_COMPILED = identity_memo(_compiled)


def _needs(d: Descriptor, rs: type[Ruleset]) -> tuple[str, ...]:
    """The index groups (see :attr:`Compiled.needs`) that the parts of a description
    every match must meet put it in: each such part's test is the one the index files
    objects by (:meth:`Ruleset.index_keys`)."""
    keys: list[str] = []
    for part in d.parts if isinstance(d, AllOf) else (d,):
        if isinstance(part, HasKeyword) and part.name in rs.indexed_keywords:
            keys.append(board.KEYWORD + part.name)
        elif isinstance(part, Status) and part.name == "tapped":
            keys.append(board.TAPPED)
        elif isinstance(part, IsToken):
            keys.append(board.TOKEN)
        elif isinstance(part, ColorNode):
            keys.append(board.COLOR + part.name)
        elif isinstance(part, Controller) and part.relation == "you":
            keys.append(YOU_CONTROL)
    return tuple(keys)


def _alternatives(d: Descriptor) -> tuple[Descriptor, ...] | None:
    """The alternatives of an "or" description, each with the parts they share
    ("spell or nonland permanent an opponent controls" → two alternatives)."""
    if isinstance(d, AnyOf):
        return d.parts
    if not isinstance(d, AllOf):
        return None
    ors = [p for p in d.parts if isinstance(p, AnyOf)]
    if len(ors) != 1:
        return None
    shared = tuple(p for p in d.parts if p is not ors[0])
    return tuple(AllOf((alt, *shared)) for alt in ors[0].parts)


def _split_scopes(
    d: Descriptor, rs: type[Ruleset]
) -> tuple[tuple[tuple[str, Relation], ...], ObjectPredicate] | None:
    """When the alternatives of an "or" look in different zones (mtg:109.2b: "spell" on
    the stack, mtg:109.2: "permanent" on the battlefield), each alternative matches only
    in its own zone: the scopes to search and the predicate that checks that."""
    alts = _alternatives(d)
    if alts is None:
        return None
    scoped: list[tuple[str, Relation, ObjectPredicate]] = []
    for alt in alts:
        pred = _compile(alt)[0]
        if pred is None:
            continue  # a player alternative ("creature or player")
        zone, whose, _ = _scope(alt, rs)
        if zone is None:
            return None
        scoped.append((zone, whose, pred))
    if len({(z, w) for z, w, _ in scoped}) < 2:
        return None
    checks = tuple(_in_scope(zone, whose, pred) for zone, whose, pred in scoped)
    scopes = tuple(dict.fromkeys((z, w) for z, w, _ in scoped))
    return scopes, _disjunction(checks)


def _in_scope(zone: str, whose: Relation, pred: ObjectPredicate) -> ObjectPredicate:
    """``pred`` for objects in the zones ``zone`` means (and of ``whose``) only."""
    if zone == ANY_ZONE:
        return pred

    def check(c: Context, e: Seen) -> bool:
        rs = c.game.ruleset
        if rs.zone_spec(e.obj.zone.name) not in rs.zones_of(zone):
            return False
        return (whose == "any" or _relation(whose, c.you, e.obj.zone.player)) and pred(c, e)

    return check


def described_entries(ctx: Context, compiled: Compiled) -> Iterator[Seen]:
    """Index entries of the objects a compiled description means now, in zone order.

    The zones are those the ruleset says the description's zone word means
    (:meth:`Ruleset.zones_of`: Magic's battlefield is one zone, Flesh and Blood's arena
    is several, fab:3.0.5). Only objects of the description's card types are looked at (a "creature"
    query never reads lands). Phased-out permanents are skipped: they are
    treated as though they do not exist (mtg:702.26b).
    """
    game = ctx.game
    pred = compiled.objects
    if pred is None or compiled.zone is None:
        return
    if any(zone == ANY_ZONE for zone, _ in compiled.scopes):
        yield from _matching(ctx, pred, game.seen_everything(), compiled.types)
        return
    for zone, whose in compiled.scopes:
        for spec in game.ruleset.zones_of(zone):
            if spec.shared:
                types = compiled.types
                needs = compiled.needs
                if needs:
                    needs = tuple(k + ctx.you if k == YOU_CONTROL else k for k in needs)
                found = game.seen_narrowest(spec.name, types, needs)
                candidates = found if found is not None else game.seen(spec.name)
                yield from _matching(ctx, pred, candidates, types if needs else None)
                continue
            for p in game.players:
                if _relation(whose, ctx.you, p):
                    yield from _matching(ctx, pred, game.seen(spec.name, p), compiled.types)


def _matching(
    ctx: Context,
    pred: ObjectPredicate,
    candidates: Sequence[Seen],
    types: frozenset[str] | None,
) -> Iterator[Seen]:
    for entry in candidates:
        if entry.obj.phased_out:
            continue
        if types is not None and not (types & entry.chars.types):
            continue
        if pred(ctx, entry):
            yield entry


def described_objects(ctx: Context, compiled: Compiled) -> Iterator[ObjectRef]:
    """References of the objects a compiled description means now (see described_entries)."""
    for entry in described_entries(ctx, compiled):
        yield entry.ref


def described_players(ctx: Context, compiled: Compiled) -> Iterator[PlayerRef]:
    """The players a compiled description means (e.g. "opponent")."""
    pred = compiled.players
    if pred is None:
        return
    for p in ctx.game.players:
        if not ctx.game.player(p).lost and pred(ctx, p):
            yield PlayerRef(p)


def describes(ctx: Context, d: Descriptor, ref: ObjectRef | PlayerRef) -> bool:
    """Whether one object or player fits a description (compiles each call; cache for speed)."""
    compiled = compile_descriptor(d, type(ctx.game.ruleset))
    if isinstance(ref, PlayerRef):
        return compiled.players is not None and compiled.players(ctx, ref.name)
    return ref in set(described_objects(ctx, compiled))


# ------------------------------------------------------------------ "you" (109.5)
def you_of(game: Game, ref: ObjectRef, *, acting: str | None = None) -> str:
    """The player "you" means in an object's text (mtg:109.5).

    The player about to cast or activate it (``acting``) while they do so; else
    its controller; else its owner (an object with no controller).
    """
    if acting is not None:
        return acting
    controller = game.controller(ref)
    return controller if controller is not None else game.get(ref).owner


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability that has triggered but is not on the stack yet.

    Its controller is fixed when it triggers: whoever controlled the source then
    (mtg:109.4b), or the source's owner if it had no controller (mtg:603.3a).
    """

    source: ObjectRef
    controller: str
    ability_index: int = 1


def trigger(game: Game, source: ObjectRef, ability_index: int = 1) -> PendingTrigger:
    """Note that an ability of ``source`` triggered now (mtg:109.4b)."""
    controller = game.controller(source)
    owner = game.get(source).owner
    return PendingTrigger(source, controller if controller is not None else owner, ability_index)


def activated_ability_controller(game: Game, source: ObjectRef, activator: str) -> str:
    """The controller of an activated ability, mana abilities included: the player who
    activated it, as though it were on the stack (mtg:109.4a, mtg:602.2a)."""
    game.get(source)
    game.player(activator)
    return activator
