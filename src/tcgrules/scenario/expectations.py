"""The checks of an ``expect`` step (docs/scenarios.md, "Expectations").

Each checker takes the session and the key's value and returns the failures, so
every failing key is reported, not just the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tcgrules.errors import NotSupportedError, ScenarioError, UnknownObjectError
from tcgrules.kernel.characteristics import Characteristics, Value
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import Entity
from tcgrules.rules import RuleRef
from tcgrules.scenario.values import each as _each
from tcgrules.scenario.values import names_list as _names_list

if TYPE_CHECKING:
    from tcgrules.scenario.session import Session

_SET_PROPS = {"types", "supertypes", "subtypes", "colors", "metatypes", "traits", "classes"}
_SET_PROPS |= {"talents", "abilities", "keywords"}
_EXACT_PROPS = {"name", "moniker"}


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


def _check_props(s: Session, value: Any, *, base: bool) -> list[str]:
    failures: list[str] = []
    key = "base" if base else "properties"
    for name, props in _each(value, key):
        ref = s.ref(name)
        chars = s.game.base_characteristics(ref) if base else s.game.characteristics(ref)
        for prop, expected in _each(props, f"{key}: {name}"):
            if prop not in s.ruleset.known_properties():
                raise ScenarioError(
                    f"{s.ruleset.title} objects have no property {prop!r}",
                    expected=", ".join(sorted(s.ruleset.known_properties())),
                )
            actual = s.ruleset.property(chars, prop)
            if prop in _SET_PROPS and actual is None:
                actual = frozenset()
            if not _same(prop, expected, actual):
                what = "base " if base else ""
                failures.append(f"{name}: {what}{prop} is {_show(actual)}, expected {expected!r}")
    return failures


def _expect_zone(s: Session, value: Any) -> list[str]:
    failures = []
    for name, zone in _each(value, "zone"):
        oid = s.object_id(name, include_gone=True)
        try:
            obj = s.game.current(oid)
        except UnknownObjectError:
            failures.append(f"{name} no longer exists, expected it in {zone}")
            continue
        if not s.ruleset.zone_matches(obj.zone.name, str(zone)):
            failures.append(f"{name} is in {obj.zone}, expected {zone}")
    return failures


def _expect_stack(s: Session, value: Any) -> list[str]:
    expected = _names_list(value or [], "stack")
    actual = [s.name_of(r) for r in s.game.stack]
    if [e.lower() for e in expected] != [a.lower() for a in actual]:
        return [f"stack (top first) is {actual}, expected {expected}"]
    return []


def _expect_life(s: Session, value: Any) -> list[str]:
    failures = []
    for name, n in _each(value, "life"):
        life = s.life_of(name)
        if life != n:
            failures.append(f"{name} has life {life}, expected {n}")
    return failures


def _expect_damage(s: Session, value: Any) -> list[str]:
    failures = []
    for name, n in _each(value, "damage"):
        if name in s.game.players:
            raise ScenarioError("damage to players is not marked; check `life:` instead")
        actual = s.game.get(s.ref(name)).damage
        if actual != n:
            failures.append(f"{name} has {actual} damage marked, expected {n}")
    return failures


def _expect_counters(s: Session, value: Any) -> list[str]:
    failures = []
    for name, kinds in _each(value, "counters"):
        counters = s.game.get(s.ref(name)).counters
        for kind, n in _each(kinds, f"counters: {name}"):
            if counters.get(kind, 0) != n:
                failures.append(f"{name} has {counters.get(kind, 0)} {kind} counters, expected {n}")
    return failures


def _expect_facts(s: Session, value: Any) -> list[str]:
    failures = []
    for name, facts in _each(value, "facts"):
        ref = s.ref(name)
        obj = s.game.get(ref)
        known = s.facts_of(obj)
        computed = s.game.computed(ref)
        base = s.game.base_characteristics(ref)
        current = computed.characteristics
        for fact, expected in _each(facts, f"facts: {name}"):
            if fact in {"increased", "decreased", "gained", "lost"}:
                for prop in _names_list(expected, fact):
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
                    expected=", ".join(
                        sorted([*known, "increased", "decreased", "gained", "lost"])
                    ),
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
    """fab:2.0.3b (increased/decreased) and fab:2.0.4 (gained/lost a property or part of one)."""
    if fact == "increased":
        return prop in increased
    if fact == "decreased":
        return prop in decreased
    word = prop.lower()
    if word in s.ruleset.numeric_properties:
        had, has = base.value(word) is not None, current.value(word) is not None
    else:

        def parts(c: Characteristics) -> set[str]:
            found = {a.text.lower() for a in c.abilities} | {k.name for k in c.keywords}
            return found | set(c.types) | set(c.subtypes) | set(c.supertypes) | set(c.colors)

        had, has = word in parts(base), word in parts(current)
    return (has and not had) if fact == "gained" else (had and not has)


def _expect_player_of(kind: str) -> Callable[[Session, Any], list[str]]:
    def checker(s: Session, value: Any) -> list[str]:
        failures = []
        for name, expected in _each(value, kind):
            ref = s.ref(name)
            actual = s.game.controller(ref) if kind == "controller" else s.game.get(ref).owner
            if actual != expected:
                failures.append(f"{name}: {kind} is {actual}, expected {expected}")
        return failures

    return checker


def _event_matches(s: Session, event: Event, expected: Mapping[str, Any]) -> bool:
    for key, want in expected.items():
        if key == "kind":
            if event.kind != want:
                return False
        elif key == "object":
            if str(want) in s.game.players:  # a player named where an object may stand
                if event.player != want:
                    return False
            elif event.object is None or event.object.id != s.object_id(
                str(want), include_gone=True
            ):
                return False
        elif key == "player":
            if event.player != want:
                return False
        elif key == "rule":
            if event.rule is None or not event.rule.matches(RuleRef.parse(str(want))):
                return False
        elif event.data.get(key) != want and str(event.data.get(key)) != str(want):
            return False
    return True


def _expect_events(s: Session, value: Any) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError("`events` takes a list of {kind, object, rule, ...}")
    events = s.events_since_mark()
    position = 0
    for i, expected in enumerate(value):
        if not isinstance(expected, Mapping) or "kind" not in expected:
            raise ScenarioError(f"events[{i}] needs a `kind`")
        while position < len(events) and not _event_matches(s, events[position], expected):
            position += 1
        if position == len(events):
            seen = "; ".join(f"{e.kind}: {e}" for e in events) or "none"
            return [f"expected event {dict(expected)} (in order) not found; events were: {seen}"]
        position += 1
    return []


def _expect_lost(s: Session, value: Any) -> list[str]:
    expected = set(_names_list(value, "lost"))
    actual = {p for p in s.game.players if s.game.player(p).lost}
    return (
        []
        if expected == actual
        else [f"players who lost: {sorted(actual)}, expected {sorted(expected)}"]
    )


def _expect_winner(s: Session, value: Any) -> list[str]:
    left = [p for p in s.game.players if not s.game.player(p).lost]
    if left == [value]:
        return []
    return [f"expected {value} to have won; players still in the game: {left}"]


def _expect_names(s: Session, value: Any) -> list[str]:
    from tcgrules.games.flesh_and_blood.names import name_in, names_equal  # noqa: PLC0415

    failures = []
    for i, item in enumerate(value if isinstance(value, list) else []):
        a = str(item.get("name"))
        if "equals" in item:
            got = names_equal(a, str(item["equals"]))
            what = f"{a!r} equals {item['equals']!r}"
        elif "in" in item:
            got = name_in(a, str(item["in"]))
            what = f"{a!r} in {item['in']!r}"
        else:
            raise ScenarioError(f"names[{i}] needs `equals` or `in`")
        if got != bool(item.get("result")):
            failures.append(f"names: {what} is {got}, expected {item.get('result')}")
    return failures


def _expect_moniker(s: Session, value: Any) -> list[str]:
    from tcgrules.games.flesh_and_blood.names import is_personal_name, moniker  # noqa: PLC0415

    known = [*s.cards.values(), *s._bundled_cards().values()]
    heroes = {c.name for c in known if "hero" in c.type_line.lower()}
    names = {c.name for c in known}
    failures = []
    for name, expected in _each(value, "moniker"):
        got = moniker(name, personal=is_personal_name(name, names, heroes))
        if got != expected:
            failures.append(f"moniker of {name!r} is {got!r}, expected {expected!r}")
    return failures


#: Every `expect` key and its checker.
EXPECT: dict[str, Callable[[Session, Any], list[str]]] = {
    "zone": _expect_zone,
    "stack": _expect_stack,
    "life": _expect_life,
    "damage": _expect_damage,
    "counters": _expect_counters,
    "properties": lambda s, v: _check_props(s, v, base=False),
    "base": lambda s, v: _check_props(s, v, base=True),
    "facts": _expect_facts,
    "controller": _expect_player_of("controller"),
    "owner": _expect_player_of("owner"),
    "events": _expect_events,
    "lost": _expect_lost,
    "winner": _expect_winner,
    "names": _expect_names,
    "moniker": _expect_moniker,
}


def _rule_text(value: Any) -> str:
    if isinstance(value, RuleRef):
        return str(value)
    if isinstance(value, Mapping) and "game" in value and "number" in value:
        return f"{value['game']}:{value['number']}"
    return str(value)


def _names_of(s: Session, entities: Iterable[Entity]) -> list[str]:
    return [s.name_of(e) for e in entities]


def _same_names(expected: Iterable[str], actual: Iterable[str]) -> bool:
    return sorted(n.lower() for n in expected) == sorted(n.lower() for n in actual)


def _expect_targets(s: Session, value: Any) -> list[str]:
    failures = []
    for name, rows in _each(value, "targets"):
        obj = s.game.get(s.ref(name))
        if obj.stack is None:
            failures.append(f"{name} is not a spell or ability on the stack")
            continue
        actual = [_names_of(s, row) for row in obj.stack.targets]
        wanted = [[str(x) for x in row] for row in rows]
        if [[n.lower() for n in r] for r in actual] != [[n.lower() for n in r] for r in wanted]:
            failures.append(f"{name} targets {actual}, expected {wanted}")
    return failures


def _query(s: Session, q: Mapping[str, Any]) -> tuple[Any, int, str]:
    """The legal-target view a query asks about, the instance index, and a label."""
    if s.ruleset.name != "mtg":
        raise NotSupportedError(
            f"target queries in {s.ruleset.title}", "targeting is Magic-only so far"
        )
    from tcgrules.games.magic import play  # noqa: PLC0415
    from tcgrules.kernel.targeting import Chosen, legal_targets  # noqa: PLC0415

    instance = int(q.get("instance", 1)) - 1
    if "stack_object" in q:
        obj = s.game.get(s.ref(str(q["stack_object"])))
        if obj.stack is None:
            raise ScenarioError(f"{q['stack_object']!r} is not on the stack")
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
    card = s.ref(str(q.get("card")))
    by = str(q.get("by") or s.game.active_player)
    requirements, targeter = play.prospective(s.game, card, by)
    if not 0 <= instance < len(requirements):
        raise ScenarioError(
            f"{q.get('card')} has {len(requirements)} instance(s) of target, not {instance + 1}"
        )
    chosen = tuple(tuple(s.entity(str(n)) for n in row) for row in q.get("chosen") or [])
    return (
        legal_targets(s.game, requirements, instance, targeter, Chosen(chosen)),
        instance,
        str(q.get("card")),
    )


def _expect_legal_targets(s: Session, value: Any) -> list[str]:
    failures = []
    for q in value if isinstance(value, list) else [value]:
        view, instance, label = _query(s, q)
        names = _names_of(s, view)
        where = f"legal targets of {label} (instance {instance + 1})"
        if "equals" in q and not _same_names(q["equals"], names):
            failures.append(f"{where} are {sorted(names)}, expected exactly {sorted(q['equals'])}")
        low = {n.lower() for n in names}
        for n in q.get("includes") or []:
            if n.lower() not in low:
                failures.append(f"{where} do not include {n}; they are {sorted(names)}")
        for n in q.get("excludes") or []:
            if n.lower() in low:
                failures.append(f"{where} include {n}, expected it excluded")
    return failures


def _expect_target_verdict(s: Session, value: Any) -> list[str]:
    failures = []
    for q in value if isinstance(value, list) else [value]:
        view, instance, label = _query(s, q)
        candidate = s.entity(str(q["candidate"]))
        verdict = view.explain(candidate)
        if bool(verdict) != bool(q["legal"]):
            failures.append(
                f"{q['candidate']} as target {instance + 1} of {label}: "
                f"{'legal' if verdict else 'illegal'} ({verdict.describe()}), expected "
                f"{'legal' if q['legal'] else 'illegal'}"
            )
        if q.get("rule") is not None:
            wanted = RuleRef.parse(_rule_text(q["rule"]))
            if not any(r.rule.matches(wanted) for r in verdict.reasons):
                cited = ", ".join(str(r.rule) for r in verdict.reasons)
                failures.append(
                    f"{q['candidate']} as target of {label}: {wanted} not among {cited}"
                )
        if bool(verdict) != (candidate in view):
            failures.append(f"internal: explain and is_legal disagree for {q['candidate']}")
    return failures


EXPECT.update(
    {
        "targets": _expect_targets,
        "legal_targets": _expect_legal_targets,
        "target_verdict": _expect_target_verdict,
    }
)
