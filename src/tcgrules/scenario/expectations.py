"""The checks of an ``expect`` step (docs/scenarios.md, "Expectations").

Each checker takes the session and its key's value as the scenario schema typed
it (:class:`~tcgrules.scenario.schema.Expectations`) and returns the failures, so
every failing key is reported, not just the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from tcgrules.errors import ScenarioError, UnknownObjectError
from tcgrules.games.flesh_and_blood.names import is_personal_name, moniker, name_in, names_equal
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Characteristics, Value
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.targeting import Chosen, legal_targets
from tcgrules.scenario.schema import (
    EventExpect,
    Expectations,
    Facts,
    LegalTargetsQuery,
    NameQuery,
    TargetVerdictQuery,
)

if TYPE_CHECKING:
    from tcgrules.kernel.ruleset import Ruleset
    from tcgrules.scenario.session import Session

_SET_PROPS = {"types", "supertypes", "subtypes", "colors", "metatypes", "traits", "classes"}
_SET_PROPS |= {"talents", "abilities", "keywords"}
_EXACT_PROPS = {"name", "moniker"}
_CHANGE_FACTS = {"increased", "decreased", "gained", "lost"}

_V = TypeVar("_V")


def _mapping(value: Mapping[str, _V] | None, what: str) -> Mapping[str, _V]:
    """A key whose value maps names to values; written as ``null`` it is malformed."""
    if value is None:
        raise ScenarioError(f"`{what}` takes a mapping of names to values")
    return value


def _norm(v: str) -> str:
    return v.strip().lower()


def _same(prop: str, expected: Any, actual: Value | frozenset[str]) -> bool:
    if isinstance(actual, frozenset):
        if expected is None:
            return not actual
        items = expected if isinstance(expected, list) else [expected]
        return {_norm(str(i)) for i in items} == {_norm(a) for a in actual}
    if expected is None or actual is None:
        return expected is None and actual is None
    if isinstance(expected, bool):
        return False
    if isinstance(expected, int) or isinstance(actual, int):
        try:
            return bool(int(expected) == int(actual))
        except (TypeError, ValueError):
            return False
    if isinstance(expected, list):
        return False
    if prop in _EXACT_PROPS:
        return str(expected) == str(actual)
    return _norm(str(expected)) == _norm(str(actual))


def _show(v: Value | frozenset[str]) -> str:
    if isinstance(v, frozenset):
        return "[" + ", ".join(sorted(v)) + "]"
    return "null" if v is None else repr(v)


def _check_props(s: Session, value: dict[str, dict[str, Any]] | None, *, base: bool) -> list[str]:
    failures: list[str] = []
    key = "base" if base else "properties"
    for name, props in _mapping(value, key).items():
        ref = s.ref(name)
        chars = s.game.base_characteristics(ref) if base else s.game.characteristics(ref)
        for prop, expected in props.items():
            if prop not in s.ruleset.known_properties():
                raise ScenarioError(
                    f"{s.ruleset.title} objects have no property {prop!r}",
                    expected=", ".join(sorted(s.ruleset.known_properties())),
                )
            if base:
                actual = s.ruleset.property(chars, prop)
            else:
                # the value now, as the game has it (a FaB life is the life total, fab:2.5.3)
                actual = s.ruleset.object_property(s.game, ref, chars, prop)
            if prop in _SET_PROPS and actual is None:
                actual = frozenset()
            if not _same(prop, expected, actual):
                what = "base " if base else ""
                failures.append(f"{name}: {what}{prop} is {_show(actual)}, expected {expected!r}")
    return failures


def _expect_properties(s: Session, value: dict[str, dict[str, Any]] | None) -> list[str]:
    return _check_props(s, value, base=False)


def _expect_base(s: Session, value: dict[str, dict[str, Any]] | None) -> list[str]:
    return _check_props(s, value, base=True)


def _expect_zone(s: Session, value: dict[str, str] | None) -> list[str]:
    failures = []
    for name, zone in _mapping(value, "zone").items():
        oid = s.object_id(name, include_gone=True)
        try:
            obj = s.game.current(oid)
        except UnknownObjectError:
            failures.append(f"{name} no longer exists, expected it in {zone}")
            continue
        if not s.ruleset.zone_matches(obj.zone.name, zone):
            failures.append(f"{name} is in {obj.zone}, expected {zone}")
    return failures


def _expect_stack(s: Session, value: list[str] | None) -> list[str]:
    expected = list(value or [])
    actual = [s.name_of(r) for r in s.game.stack]
    if [e.lower() for e in expected] != [a.lower() for a in actual]:
        return [f"stack (top first) is {actual}, expected {expected}"]
    return []


def _expect_zone_order(s: Session, value: dict[str, dict[str, list[str]]] | None) -> list[str]:
    """Each listed zone of a player holds exactly these, top first (a library's order,
    mtg:400.5); an unknown player or zone is an input error."""
    failures = []
    for player, zones in _mapping(value, "zone_order").items():
        if player not in s.game.players:
            raise ScenarioError(
                f"zone_order: no player {player!r}", expected=", ".join(s.game.players)
            )
        for zone, expected in zones.items():
            actual = [s.name_of(r) for r in reversed(s.game.zone(zone, player))]
            if [e.lower() for e in expected] != [a.lower() for a in actual]:
                failures.append(f"{player}'s {zone} (top first) is {actual}, expected {expected}")
    return failures


def _expect_life(s: Session, value: dict[str, int] | None) -> list[str]:
    failures = []
    for name, n in _mapping(value, "life").items():
        life = s.life_of(name)
        if life != n:
            failures.append(f"{name} has life {life}, expected {n}")
    return failures


def _expect_damage(s: Session, value: dict[str, int] | None) -> list[str]:
    failures = []
    for name, n in _mapping(value, "damage").items():
        if name in s.game.players:
            raise ScenarioError("damage to players is not marked; check `life:` instead")
        actual = s.game.get(s.ref(name)).damage
        if actual != n:
            failures.append(f"{name} has {actual} damage marked, expected {n}")
    return failures


def _expect_counters(s: Session, value: dict[str, dict[str, int]] | None) -> list[str]:
    failures = []
    for name, kinds in _mapping(value, "counters").items():
        counters = s.game.get(s.ref(name)).counters
        for kind, n in kinds.items():
            if counters.get(kind, 0) != n:
                failures.append(f"{name} has {counters.get(kind, 0)} {kind} counters, expected {n}")
    return failures


def _expect_facts(s: Session, value: dict[str, Facts] | None) -> list[str]:
    failures = []
    for name, facts in _mapping(value, "facts").items():
        ref = s.ref(name)
        obj = s.game.get(ref)
        known = s.facts_of(obj)
        computed = s.game.computed(ref)
        # what it had "before" (fab:2.0.4): as printed or created, before any effect
        # (a copy effect included: becoming a copy gains and loses properties)
        base = obj.base
        current = computed.characteristics
        for fact, expected in facts.checks():
            if fact in _CHANGE_FACTS:
                if not isinstance(expected, list):
                    raise ScenarioError(f"`{fact}` takes a list of names")
                for prop in expected:
                    ok = _changed(
                        s,
                        fact=fact,
                        prop=prop,
                        base=base,
                        current=current,
                        increased=computed.increased,
                        decreased=computed.decreased,
                    )
                    if not ok:
                        failures.append(f"{name}: expected {fact} {prop}, but it was not")
                continue
            if fact not in known:
                raise ScenarioError(
                    f"unknown fact {fact!r}",
                    expected=", ".join(sorted([*known, *_CHANGE_FACTS])),
                )
            if known[fact] != bool(expected):
                failures.append(f"{name}: {fact} is {known[fact]}, expected {bool(expected)}")
    return failures


def _changed(
    s: Session,
    *,
    fact: str,
    prop: str,
    base: Characteristics,
    current: Characteristics,
    increased: frozenset[str],
    decreased: frozenset[str],
) -> bool:
    """fab:2.0.3b (increased/decreased) and fab:2.0.4 (gained/lost a property or part of one).

    ``prop`` names a whole property (``life``, ``subtypes``, ``classes``, ``abilities``:
    had none / has none) or a part of one (a type, class, talent, subtype, color or
    ability such as ``wizard`` or ``go again``)."""
    if fact == "increased":
        return prop in increased
    if fact == "decreased":
        return prop in decreased
    word = prop.lower()
    rs = s.ruleset
    if word in rs.numeric_properties:
        had, has = base.value(word) is not None, current.value(word) is not None
    elif word in rs.known_properties() and word in _SET_PROPS:
        had, has = bool(rs.property(base, word)), bool(rs.property(current, word))
    else:
        had, has = word in _parts(rs, base), word in _parts(rs, current)
    return (has and not had) if fact == "gained" else (had and not has)


#: the set-valued properties whose parts can be gained and lost (fab:2.0.4), in the
#: order a report lists them; FaB classes and talents are supertypes, named as such
_PART_PROPS = ("types", "classes", "talents", "supertypes", "subtypes", "colors", "traits")


def _part_sets(rs: Ruleset, chars: Characteristics) -> dict[str, frozenset[str]]:
    """Each set-valued property of ``chars`` this game knows, and its abilities."""
    found: dict[str, frozenset[str]] = {}
    for prop in _PART_PROPS:
        if prop in rs.known_properties():
            value = rs.property(chars, prop)
            found[prop] = value if isinstance(value, frozenset) else frozenset()
    found["abilities"] = frozenset(a.text.lower() for a in chars.abilities)
    return found


def _parts(rs: Ruleset, chars: Characteristics) -> set[str]:
    keywords = {k.name for k in chars.keywords}
    return keywords.union(*_part_sets(rs, chars).values())


def gained_and_lost(
    rs: Ruleset, before: Characteristics, after: Characteristics
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """What an object gained and lost going from ``before`` to ``after`` (fab:2.0.4),
    per property: parts it has now but did not have, and parts it had but has no more.
    A FaB class or talent is reported as such, not again as a supertype."""
    gained: dict[str, list[str]] = {}
    lost: dict[str, list[str]] = {}
    said: set[str] = set()
    old, new = _part_sets(rs, before), _part_sets(rs, after)
    for prop in old:
        more, less = new[prop] - old[prop] - said, old[prop] - new[prop] - said
        said |= more | less
        if more:
            gained[prop] = sorted(more)
        if less:
            lost[prop] = sorted(less)
    return gained, lost


def _expect_controller(s: Session, value: Mapping[str, str | None] | None) -> list[str]:
    failures = []
    for name, expected in _mapping(value, "controller").items():
        actual = s.game.controller(s.ref(name))
        if actual != expected:
            failures.append(f"{name}: controller is {actual}, expected {expected}")
    return failures


def _expect_owner(s: Session, value: Mapping[str, str] | None) -> list[str]:
    failures = []
    for name, expected in _mapping(value, "owner").items():
        actual = s.game.get(s.ref(name)).owner
        if actual != expected:
            failures.append(f"{name}: owner is {actual}, expected {expected}")
    return failures


def _expect_attached_to(s: Session, value: Mapping[str, str | None] | None) -> list[str]:
    failures = []
    for name, expected in _mapping(value, "attached_to").items():
        host = s.game.get(s.ref(name)).attached_to
        actual = None if host is None else s.name_of(host)
        if actual != expected:
            failures.append(f"{name}: attached to {actual}, expected {expected}")
    return failures


def _event_matches(s: Session, event: Event, expected: EventExpect) -> bool:
    if event.kind != expected.kind:
        return False
    want = expected.object
    if want is not None:
        if want in s.game.players:  # a player named where an object may stand
            if event.player != want:
                return False
        elif event.object is None or event.object.id != s.object_id(want, include_gone=True):
            return False
    if expected.rule is not None and (event.rule is None or not event.rule.matches(expected.rule)):
        return False
    for key, value in expected.extra.items():
        if key == "player":
            if event.player != value:
                return False
        elif isinstance(found := event.data.get(key), ObjectRef):
            # an object in the event's data is named as objects are named
            if not isinstance(value, str) or found.id != s.object_id(value, include_gone=True):
                return False
        elif event.data.get(key) != value and str(event.data.get(key)) != str(value):
            return False
    return True


def _expect_events(s: Session, value: list[EventExpect] | None) -> list[str]:
    if value is None:
        raise ScenarioError("`events` takes a list of {kind, object, rule, ...}")
    events = s.events_since_mark()
    position = 0
    for expected in value:
        while position < len(events) and not _event_matches(s, events[position], expected):
            position += 1
        if position == len(events):
            seen = "; ".join(f"{e.kind}: {e}" for e in events) or "none"
            return [
                f"expected event {expected.written()} (in order) not found; events were: {seen}"
            ]
        position += 1
    return []


def _expect_lost(s: Session, value: list[str] | None) -> list[str]:
    if value is None:
        raise ScenarioError("`lost` takes a list of names")
    expected = set(value)
    actual = {p for p in s.game.players if s.game.player(p).lost}
    return (
        []
        if expected == actual
        else [f"players who lost: {sorted(actual)}, expected {sorted(expected)}"]
    )


def _expect_winner(s: Session, value: str | None) -> list[str]:
    left = [p for p in s.game.players if not s.game.player(p).lost]
    if left == [value]:
        return []
    return [f"expected {value} to have won; players still in the game: {left}"]


def _expect_names(s: Session, value: list[NameQuery] | None) -> list[str]:
    failures = []
    for i, item in enumerate(value or []):
        a = item.name
        if item.equals is not None:
            got = names_equal(a, item.equals)
            what = f"{a!r} equals {item.equals!r}"
        elif item.in_ is not None:
            got = name_in(a, item.in_)
            what = f"{a!r} in {item.in_!r}"
        else:
            raise ScenarioError(f"names[{i}] needs `equals` or `in`")
        if got != item.result:
            failures.append(f"names: {what} is {got}, expected {item.result}")
    return failures


def _expect_moniker(s: Session, value: dict[str, str | None] | None) -> list[str]:
    known = [*s.cards.values(), *s._bundled_cards().values()]
    heroes = {c.name for c in known if "hero" in c.type_line.lower()}
    names = {c.name for c in known}
    failures = []
    for name, expected in _mapping(value, "moniker").items():
        got = moniker(name, personal=is_personal_name(name, names, heroes))
        if got != expected:
            failures.append(f"moniker of {name!r} is {got!r}, expected {expected!r}")
    return failures


def _names_of(s: Session, entities: Iterable[Entity]) -> list[str]:
    return [s.name_of(e) for e in entities]


def _same_names(expected: Iterable[str], actual: Iterable[str]) -> bool:
    return sorted(n.lower() for n in expected) == sorted(n.lower() for n in actual)


def _expect_targets(s: Session, value: dict[str, list[list[str]]] | None) -> list[str]:
    failures = []
    for name, rows in _mapping(value, "targets").items():
        obj = s.game.get(s.ref(name))
        if obj.stack is None:
            failures.append(f"{name} is not a spell or ability on the stack")
            continue
        actual = [_names_of(s, row) for row in obj.stack.targets]
        wanted = [list(row) for row in rows]
        if [[n.lower() for n in r] for r in actual] != [[n.lower() for n in r] for r in wanted]:
            failures.append(f"{name} targets {actual}, expected {wanted}")
    return failures


def _query(s: Session, q: LegalTargetsQuery | TargetVerdictQuery) -> tuple[Any, int, str]:
    """The legal-target view a query asks about, the instance index, and a label.

    The game's ruleset reads the card (a game without a card grammar answers "not
    supported") and cites its own rules in every verdict."""
    instance = q.instance - 1
    if q.stack_object is not None:
        obj = s.game.get(s.ref(q.stack_object))
        if obj.stack is None:
            raise ScenarioError(f"{q.stack_object!r} is not on the stack")
        rows = [tuple(r) for r in obj.stack.targets]
        if not 0 <= instance < len(obj.stack.requirements):
            raise ScenarioError(
                f"{obj.label} has {len(obj.stack.requirements)} instance(s) of target"
            )
        rows[instance] = ()  # what the current choice could be changed to (mtg:115.7)
        view = legal_targets(
            s.game,
            obj.stack.requirements,
            instance,
            play.targeter_for(s.game, obj),
            Chosen(tuple(rows)),
        )
        return view, instance, obj.label
    card = s.ref(str(q.card))
    by = q.by or s.game.active_player
    requirements, targeter = play.prospective(s.game, card, by)
    if not 0 <= instance < len(requirements):
        raise ScenarioError(
            f"{q.card} has {len(requirements)} instance(s) of target, not {instance + 1}"
        )
    chosen = tuple(tuple(s.entity(n) for n in row) for row in q.chosen or [])
    return (
        legal_targets(s.game, requirements, instance, targeter, Chosen(chosen)),
        instance,
        str(q.card),
    )


def _expect_legal_targets(s: Session, value: list[LegalTargetsQuery] | None) -> list[str]:
    if value is None:
        raise ScenarioError("`legal_targets` takes a query or a list of queries")
    failures = []
    for q in value:
        view, instance, label = _query(s, q)
        names = _names_of(s, view)
        where = f"legal targets of {label} (instance {instance + 1})"
        if q.equals is not None and not _same_names(q.equals, names):
            failures.append(f"{where} are {sorted(names)}, expected exactly {sorted(q.equals)}")
        low = {n.lower() for n in names}
        for n in q.includes or []:
            if n.lower() not in low:
                failures.append(f"{where} do not include {n}; they are {sorted(names)}")
        for n in q.excludes or []:
            if n.lower() in low:
                failures.append(f"{where} include {n}, expected it excluded")
    return failures


def _expect_target_verdict(s: Session, value: list[TargetVerdictQuery] | None) -> list[str]:
    if value is None:
        raise ScenarioError("`target_verdict` takes a query or a list of queries")
    failures = []
    for q in value:
        view, instance, label = _query(s, q)
        candidate = s.entity(q.candidate)
        verdict = view.explain(candidate)
        if bool(verdict) != q.legal:
            failures.append(
                f"{q.candidate} as target {instance + 1} of {label}: "
                f"{'legal' if verdict else 'illegal'} ({verdict.describe()}), expected "
                f"{'legal' if q.legal else 'illegal'}"
            )
        wanted = q.rule
        if wanted is not None and not any(r.rule.matches(wanted) for r in verdict.reasons):
            cited = ", ".join(str(r.rule) for r in verdict.reasons)
            failures.append(f"{q.candidate} as target of {label}: {wanted} not among {cited}")
        if bool(verdict) != (candidate in view):
            failures.append(f"internal: explain and is_legal disagree for {q.candidate}")
    return failures


#: Every `expect` key and its checker, which takes the key's value as
#: :class:`~tcgrules.scenario.schema.Expectations` types it.
EXPECT: dict[str, Callable[[Session, Any], list[str]]] = {
    "zone": _expect_zone,
    "stack": _expect_stack,
    "zone_order": _expect_zone_order,
    "targets": _expect_targets,
    "legal_targets": _expect_legal_targets,
    "target_verdict": _expect_target_verdict,
    "life": _expect_life,
    "damage": _expect_damage,
    "counters": _expect_counters,
    "properties": _expect_properties,
    "base": _expect_base,
    "facts": _expect_facts,
    "controller": _expect_controller,
    "owner": _expect_owner,
    "attached_to": _expect_attached_to,
    "events": _expect_events,
    "names": _expect_names,
    "moniker": _expect_moniker,
    "lost": _expect_lost,
    "winner": _expect_winner,
}

if set(EXPECT) != set(Expectations.model_fields):  # pragma: no cover  (a schema/checker mismatch)
    raise RuntimeError(
        "expect keys without a checker or checkers without a key: "
        + ", ".join(sorted(set(EXPECT) ^ set(Expectations.model_fields)))
    )
