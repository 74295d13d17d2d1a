"""A game driven by scenario-file values: naming, setup, direct changes, expectations.

This layer works on plain values (names, mappings, lists) as a scenario file
writes them, so it can be used from Python as well as from the file runner.
Names follow the physical card (docs/scenarios.md): an object's id is stable
across zone changes while its incarnation changes (mtg:400.7), so a name maps
to an id and means the card's current object; references taken earlier (for
example chosen targets) still name the old object and are stale.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tcgrules.carddata.bundled import bundled_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.carddata.pool import POOL_ENV, did_you_mean, known_names, pool_for
from tcgrules.errors import NotSupportedError, RulesViolation, ScenarioError, UnknownObjectError
from tcgrules.games import ruleset as make_ruleset
from tcgrules.kernel.characteristics import Characteristics, Keyword, Value
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.effects import (
    ChangeControl,
    ChangeCost,
    ChangeSet,
    CopyOf,
    Duration,
    GrantAbilities,
    Modify,
    RemoveAbilities,
    SetBase,
)
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef
from tcgrules.rules import RuleRef
from tcgrules.scenario.expectations import EXPECT, gained_and_lost
from tcgrules.scenario.values import each as _each
from tcgrules.scenario.values import names_list as _names_list


@dataclass(frozen=True)
class Narration:
    """One narrated line: what happened and the rules it applied."""

    text: str
    rules: tuple[RuleRef, ...] = ()


@dataclass
class StepOutcome:
    """What one step did: narration lines and failed expectations."""

    narration: list[Narration] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


class Session:
    """One scenario's game: build it, change it, check it, by name."""

    def __init__(
        self,
        game: str,
        players: Sequence[str],
        cards: Mapping[str, CardDefinition] | None = None,
        *,
        bundled: Mapping[str, CardDefinition] | None = None,
        enforce: Sequence[str] = (),
    ) -> None:
        self.ruleset = make_ruleset(game)
        self.game = Game(self.ruleset, players, enforce=enforce)
        self.cards: dict[str, CardDefinition] = dict(cards or {})
        self._bundled = bundled
        #: the pool cards this game uses, by printed name (for the not-understood warning)
        self.pool_used: dict[str, CardDefinition] = {}
        self.aliases: dict[str, int] = {}
        #: names written in setup that differ from the card's printed name (a Flesh and
        #: Blood pitch version, "Aether Hail (yellow)"): each means the objects set up so
        self.written: dict[str, list[int]] = {}
        self._mark = 0

    # ------------------------------------------------------------------- cards
    def _bundled_cards(self) -> Mapping[str, CardDefinition]:
        if self._bundled is None:
            self._bundled = bundled_cards(self.ruleset.name)
        return self._bundled

    def card(self, name: str) -> CardDefinition:
        """A card definition: the scenario's own first, then the bundled cards, then the
        game's card pool (carddata/pool.py: ``--cards`` or ``TCGRULES_<GAME>_CARDS``)."""
        if name in self.cards:
            return self.cards[name]
        bundled = self._bundled_cards()
        if name in bundled:
            return bundled[name]
        lowered = {k.lower(): k for k in [*self.cards, *bundled]}
        if name.lower() in lowered:
            return self.card(lowered[name.lower()])
        pool = pool_for(self.ruleset.name)
        found = pool.get(name) if pool is not None else None
        if found is not None:
            self.pool_used.setdefault(found.name, found)
            return found
        close = did_you_mean(name, known_names(self.ruleset.name, self.cards))
        message = f"unknown card {name!r}"
        if close:
            message += "; did you mean " + " or ".join(repr(c) for c in close) + "?"
        expected = "a card defined under `cards:`, a bundled card or a card of the pool"
        if pool is None:
            expected += f" (no pool: set {POOL_ENV[self.ruleset.name]} or use --cards)"
        raise ScenarioError(message, expected=expected)

    # ------------------------------------------------------------------ setup
    def put(
        self,
        player: str,
        zone: str,
        entry: str | Mapping[str, Any],
    ) -> ObjectRef:
        """Put a card (a name, or ``{card, as, token, tapped, damage, counters}``) into a zone."""
        if isinstance(entry, str):
            spec: Mapping[str, Any] = {"card": entry}
        else:
            spec = entry
        name = spec.get("card")
        if not isinstance(name, str):
            raise ScenarioError("a zone entry needs `card: NAME`", expected="a card name")
        alias = spec.get("as")
        if alias is not None and alias in self.aliases:
            raise ScenarioError(f"the alias {alias!r} is used twice")
        counters = spec.get("counters") or {}
        card = self.card(name)
        zone_name = self.ruleset.zone_spec(zone).name
        problem = self.ruleset.placement_problem(
            self.game, player, zone_name, self.ruleset.characteristics_of(card)
        )
        if problem is not None:
            cited, why = problem
            raise ScenarioError(f"{why} ({cited})", expected=f"an object the {zone} zone can hold")
        ref = self.game.create(
            card,
            player,
            zone,
            kind="token" if spec.get("token") else "card",
            alias=alias,
            tapped=bool(spec.get("tapped", False)),
            damage=int(spec.get("damage", 0)),
            counters={str(k): int(v) for k, v in counters.items()},
        )
        if alias is not None:
            self.aliases[str(alias)] = ref.id
        elif name != card.name:
            self.written.setdefault(name, []).append(ref.id)
        return ref

    def attach(self, ref: ObjectRef, host: str) -> None:
        """Set up ``ref`` attached to the object or player named ``host`` (mtg:303.4b);
        state-based actions then judge whether it may stay (mtg:704.5m-n)."""
        if self.game.zone_spec(ref).name != self.ruleset.battlefield:
            raise ScenarioError(
                f"{self.game.describe(ref)} is not on the {self.ruleset.battlefield}",
                expected=f"`attached_to` only on a {self.ruleset.battlefield} entry",
            )
        self.game.attach(ref, self.entity(host), rule_applied=None)

    def set_life(self, player: str, life: int) -> None:
        """Set ``player``'s life total; where the player's life is that of an object that
        stands for them (a Flesh and Blood hero, fab:1.1.2b), that object's."""
        current = self.game.player(player).life
        if current is None:
            stand_in = self.ruleset.player_object(self.game, player)
            total = self.game.life_total(stand_in) if stand_in is not None else None
            if stand_in is None or total is None:
                raise ScenarioError(
                    f"players of {self.ruleset.title} have no life total of their own, and "
                    f"{player} has nothing with a life total standing for them",
                    expected="`life:` together with the object the player's life is"
                    + (" (`hero:`)" if any(z.name == "hero" for z in self.ruleset.zones) else ""),
                )
            if life != total:
                self.game.change_object_life(stand_in, life - total, rule_applied=None)
        elif life != current:
            self.game.change_life(player, life - current, rule_applied=None)
        self._mark = len(self.game.events)

    def settle(self) -> None:
        """Finish setup: what the game's rules say of the position, state-based actions,
        and forget setup events for `expect: events`."""
        self.ruleset.setup_complete(self.game)
        self.game.check_state()
        self._mark = len(self.game.events)

    @property
    def game_id(self) -> str:
        return self.ruleset.name

    # ------------------------------------------------------------------ naming
    def _objects_named(self, name: str, *, include_gone: bool) -> list[GameObject]:
        found = [o for o in self.game.objects() if _names(o, name)]
        if found or not include_gone:
            return found
        gone: dict[int, GameObject] = {}
        for ref in self.game._lki:  # last-known information of objects that are gone
            lk = self.game.last_known(ref)
            if _names(lk.object, name):
                gone[lk.object.id] = lk.object
        return list(gone.values())

    def object_id(self, name: str, *, include_gone: bool = False) -> int:
        """The id of the physical object a name means (alias first, then card name)."""
        if name in self.aliases:
            return self.aliases[name]
        if len(self.written.get(name, ())) == 1:
            return self.written[name][0]
        candidates = self._objects_named(name, include_gone=include_gone)
        if not candidates and name in self.written:
            candidates = [self.game.current(i) for i in self.written[name]]
        plain = [o for o in candidates if o.alias is None]
        chosen = plain or candidates
        if len(chosen) == 1:
            return chosen[0].id
        if not chosen:
            hint = " (players: " + ", ".join(self.game.players) + ")"
            raise ScenarioError(
                f"nothing is named {name!r}{hint}", expected="a card, alias or player"
            )
        listed = "; ".join(f"{o.label} {o.ref} in {o.zone}" for o in chosen)
        raise ScenarioError(
            f"the name {name!r} could mean {len(chosen)} objects: {listed}",
            expected="a unique name: give the cards aliases with `as:`",
        )

    def ref(self, name: str) -> ObjectRef:
        """The current object a name means."""
        oid = self.object_id(name)
        try:
            return self.game.current(oid).ref
        except UnknownObjectError:
            raise ScenarioError(f"{name!r} no longer exists") from None

    def stand_in(self, name: str) -> ObjectRef | None:
        """The object that stands for the player ``name`` where the game has one (a
        Flesh and Blood hero, fab:1.1.2b); None for anything else."""
        if name in self.game.players:
            return self.ruleset.player_object(self.game, name)
        return None

    def entity(self, name: str) -> Entity:
        """A player or the current object a name means."""
        if name in self.game.players:
            return PlayerRef(name)
        return self.ref(name)

    def name_of(self, entity: Entity) -> str:
        """How scenario files name a player or object (alias, else card name)."""
        if isinstance(entity, PlayerRef):
            return entity.name
        for alias, oid in self.aliases.items():
            if oid == entity.id:
                return alias
        return self.game.describe(entity).removesuffix(" (gone)")

    # ---------------------------------------------------------------- actions
    def run_action(
        self,
        action: Callable[[], None],
        *,
        rejected: str | bool | None,
        outcome: StepOutcome,
        label: str,
    ) -> None:
        """Run an action all-or-nothing and check it against ``rejected:``.

        A refused action must leave the game exactly as it was (architecture
        promise 3); this is checked by comparing the whole state.
        """
        before = self.game.copy()
        start = len(self.game.events)
        refusal: RulesViolation | None = None
        try:
            with self.game.transaction():
                action()
                self.game.check_state()
        except RulesViolation as exc:
            refusal = exc
        if refusal is None:
            self._narrate(start, outcome)
            if rejected not in (None, False):
                outcome.failures.append(
                    f"{label}: expected to be refused ({rejected}), but it was not"
                )
            return
        cited = ", ".join(str(r) for r in refusal.verdict.rules) or "no rule"
        outcome.narration.append(
            Narration(f"{label} is refused: {refusal.verdict.describe()}", refusal.verdict.rules)
        )
        if self.game != before:
            outcome.failures.append(f"{label}: refused, but the game changed")
        if rejected in (None, False):
            outcome.failures.append(f"{label}: refused unexpectedly: {refusal.verdict.describe()}")
        elif isinstance(rejected, str):
            expected = RuleRef.parse(rejected)
            if not refusal.verdict.cites(expected):
                outcome.failures.append(f"{label}: refused citing {cited}, not {expected}")

    def _narrate(self, start: int, outcome: StepOutcome) -> None:
        for event in self.game.events.since(start):
            rules = (event.rule,) if event.rule else ()
            outcome.narration.append(Narration(event.text, rules))

    # --------------------------------------------------------------------- do
    def apply_do(self, changes: Mapping[str, Any], outcome: StepOutcome) -> None:
        """Change the game directly, as a test fixture would (docs/scenarios.md `do:`)."""
        until = changes.get("until")
        if until not in (None, "end_of_turn"):
            raise ScenarioError(f"unknown duration {until!r}", expected="end_of_turn")
        duration: Duration = "end_of_turn" if until == "end_of_turn" else None
        fixture = None  # a direct change cites no rule
        start = len(self.game.events)
        game = self.game
        for key, value in changes.items():
            if key == "until":
                continue
            handler = _DO.get(key)
            if handler is None:
                raise ScenarioError(f"unknown `do` key {key!r}", expected=", ".join(sorted(_DO)))
            handler(self, value, duration, fixture)
        game.check_state()
        self._narrate(start, outcome)

    def _effect(self, name: str, op: Any, until: Duration, describe: str) -> None:
        self.game.add_effect(
            self.ref(name),
            op,
            until=until,
            rule_applied=None,
            describe=describe + (" until end of turn" if until else ""),
        )

    # ----------------------------------------------------------------- expect
    def check(self, expectations: Sequence[tuple[str, Any]]) -> list[str]:
        """Check expectations now; every failing key is reported, not just the first.

        ``expectations`` are ``(key, value)`` pairs as ``schema.Expectations.checks()``
        gives them: each value typed as that model's field for the key.
        """
        failures: list[str] = []
        for key, value in expectations:
            checker = EXPECT.get(key)
            if checker is None:
                raise ScenarioError(
                    f"unknown `expect` key {key!r}", expected=", ".join(sorted(EXPECT))
                )
            failures.extend(checker(self, value))
        self._mark = len(self.game.events)
        return failures

    # values of objects and players
    def life_of(self, name: str) -> int | None:
        if name in self.game.players:
            return self.game.life(name)  # a FaB player's life is their hero's (fab:1.1.2b)
        return self.game.life_total(self.ref(name))

    def facts_of(self, obj: GameObject) -> dict[str, bool]:
        """The yes/no facts of docs/scenarios.md for one object."""
        game = self.game
        rs = self.ruleset
        spec = rs.zone_spec(obj.zone.name)
        on_field = spec.objects_are_permanents
        on_stack = spec.is_stack
        chars = game.characteristics(obj.ref)
        is_copy = obj.kind == "copy" or any(
            isinstance(e.op, CopyOf) for e in game.effects_on(obj.ref)
        )
        facts = {
            "is_card": obj.kind == "card",
            "is_token": obj.kind == "token",
            "is_copy": is_copy,
            "is_ability": obj.kind == "ability",
            "is_spell": on_stack and obj.kind != "ability",
            "is_permanent": on_field,
            "phased_out": obj.phased_out,
            "tapped": obj.tapped,
            "has_controller": game.controller(obj.ref) is not None,
        }
        facts.update(rs.object_facts(game, obj, chars))
        return facts

    def events_since_mark(self) -> list[Event]:
        return self.game.events.since(self._mark)


def _names(obj: GameObject, name: str) -> bool:
    if obj.alias == name:
        return True
    if obj.card is not None and name in (obj.card.name, getattr(obj.card.side_of, "name", None)):
        return True  # a split card played as one side keeps its whole name too (fab:9.2.3)
    return obj.base.name == name


# --------------------------------------------------------------------------- do


def _do_move(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, zone in _each(value, "move"):
        s.game.move(s.ref(name), str(zone), reason="moved by the scenario")


def _do_damage(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, amount in _each(value, "damage"):
        n = int(amount)
        stand_in = s.stand_in(name)
        if name in s.game.players and stand_in is None:
            # damage to a player makes them lose that much life (mtg:120.3a)
            s.game.change_life(name, -n, rule_applied=s.ruleset.cite(Concept.DAMAGE_TO_PLAYER))
        else:
            s.ruleset.damage_object(
                s.game, stand_in or s.ref(name), n, rule_applied=fixture, source="the scenario"
            )


def _do_life(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, delta in _each(value, "life"):
        amount = int(str(delta).replace("+", "")) if isinstance(delta, str) else int(delta)
        stand_in = s.stand_in(name)
        if name in s.game.players and stand_in is None:
            s.game.change_life(name, amount, rule_applied=fixture)
        else:
            s.game.change_object_life(stand_in or s.ref(name), amount, rule_applied=fixture)


def _abilities(value: Any, what: str) -> tuple[Keyword, ...]:
    return tuple(Keyword.parse(str(v)) for v in _names_list(value, what))


def _do_grant(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, abilities in _each(value, "grant"):
        granted = _abilities(abilities, "grant")
        if name in s.game.players:
            s.game.grant_player(name, granted, until=until, rule_applied=fixture)
            continue
        texts = ", ".join(a.text for a in granted)
        s._effect(name, GrantAbilities(granted), until, f"gains {texts}")


def _do_lose(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, abilities in _each(value, "lose"):
        words = _names_list(abilities, "lose")
        if name in s.game.players:
            lost = _abilities(words, "lose")
            s.game.grant_player(name, lost, rule_applied=fixture, remove=True)
            continue
        if [w.lower() for w in words] in (["all"], ["all abilities"]):
            s._effect(name, RemoveAbilities(None), until, "loses all abilities")
        else:
            lost = _abilities(words, "lose")
            texts = ", ".join(a.text for a in lost)
            s._effect(name, RemoveAbilities(lost), until, f"loses {texts}")


def _signed(v: Any) -> int:
    if isinstance(v, bool):
        raise ScenarioError(f"expected a number, got {v!r}")
    if isinstance(v, int):
        return v
    try:
        return int(str(v).replace("+", ""))
    except ValueError:
        raise ScenarioError(f"expected a number such as +2 or -1, got {v!r}") from None


def _do_modify(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, props in _each(value, "modify"):
        for prop, delta in _each(props, f"modify: {name}"):
            n = _signed(delta)
            s._effect(name, Modify(prop, n), until, f"gets {n:+d} {prop}")


def _do_set_base(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, props in _each(value, "set_base"):
        for prop, v in _each(props, f"set_base: {name}"):
            new: Value = v if isinstance(v, int) and not isinstance(v, bool) else str(v)
            s._effect(name, SetBase(prop, new), until, f"has base {prop} {new}")


def _do_becomes(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, props in _each(value, "becomes"):
        for prop, v in _each(props, f"becomes: {name}"):
            if prop == "metatypes" and prop not in s.ruleset.known_properties():
                raise ScenarioError(f"{s.ruleset.title} objects have no metatypes")
            if prop not in {"types", "colors", "subtypes", "supertypes", "metatypes"}:
                if prop in {"element", "name"}:
                    s._effect(name, SetBase(prop, str(v).lower()), until, f"becomes {prop} {v}")
                    continue
                raise ScenarioError(
                    f"`becomes` can't change {prop!r}",
                    expected="types, colors, subtypes, supertypes, metatypes, element or name",
                )
            words = frozenset(w.lower() for w in _names_list(v, f"becomes: {prop}"))
            field_name = "colors" if prop == "colors" else prop
            # a change the game forbids (FaB metatypes, fab:2.6.5) is refused by the game
            s._effect(
                name,
                ChangeSet(field_name, "set", words),  # type: ignore[arg-type]
                until,
                f"becomes {', '.join(sorted(words)) or 'no ' + prop}",
            )


def _do_counters(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, kinds in _each(value, "counters"):
        for kind, n in _each(kinds, f"counters: {name}"):
            s.game.add_counters(
                s.ref(name), kind, _signed(n), rule_applied=s.ruleset.counter_kind_rule(kind)
            )


def _do_phase(out: bool) -> Callable[[Session, Any, Duration, RuleRef | None], None]:
    def handler(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
        for name in _names_list(value, "phase_out" if out else "phase_in"):
            s.ruleset.phase(s.game, s.ref(name), out)

    return handler


def _do_control(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    for name, player in _each(value, "control"):
        s.game.player(str(player))
        s._effect(name, ChangeControl(str(player)), until, f"is controlled by {player}")


def _do_copy_of(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
    """X becomes a copy of Y; the narration says what X gained and lost (fab:2.0.4)."""
    for name, original in _each(value, "copy_of"):
        source = s.ref(str(original))
        ref = s.ref(name)
        op = CopyOf(s.game.copiable_characteristics(source), source)
        before = s.game.characteristics(ref)
        trial = s.game.copy()  # cheap: see what the copy effect makes of it first
        trial.add_effect(ref, op, until=until)
        report = _gains_and_losses(s, before, trial.characteristics(ref))
        s._effect(name, op, until, f"becomes a copy of {original}{report}")


def _gains_and_losses(s: Session, before: Characteristics, after: Characteristics) -> str:
    gained, lost = gained_and_lost(s.ruleset, before, after)

    def listed(verb: str, found: dict[str, list[str]]) -> str:
        parts = [f"{prop} [{', '.join(words)}]" for prop, words in found.items()]
        return f"{verb} {', '.join(parts)}" if parts else ""

    said = [x for x in (listed("gains", gained), listed("loses", lost)) if x]
    return f" ({'; '.join(said)})" if said else ""


def _do_cost_change(
    action: Literal["play", "activate"],
) -> Callable[[Session, Any, Duration, RuleRef | None], None]:
    def handler(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
        key = "cost_change" if action == "play" else "activate_cost_change"
        if not s.ruleset.calculates_payment:
            raise NotSupportedError(
                f"`{key}` in {s.ruleset.title}", "this game does not calculate payments yet"
            )
        for name, delta in _each(value, key):
            n = _signed(delta)
            what = "to play" if action == "play" else "to activate its abilities"
            s._effect(
                name,
                ChangeCost(n, action),
                until,
                f"costs {abs(n)} {'more' if n >= 0 else 'less'} {what}",
            )

    return handler


def _do_tap(tapped: bool) -> Callable[[Session, Any, Duration, RuleRef | None], None]:
    def handler(s: Session, value: Any, until: Duration, fixture: RuleRef | None) -> None:
        for name in _names_list(value, "tap" if tapped else "untap"):
            s.game.set_tapped(s.ref(name), tapped, rule_applied=fixture)

    return handler


_DO: dict[str, Callable[[Session, Any, Duration, RuleRef | None], None]] = {
    "move": _do_move,
    "damage": _do_damage,
    "life": _do_life,
    "grant": _do_grant,
    "lose": _do_lose,
    "modify": _do_modify,
    "set_base": _do_set_base,
    "becomes": _do_becomes,
    "counters": _do_counters,
    "phase_out": _do_phase(True),
    "phase_in": _do_phase(False),
    "control": _do_control,
    "copy_of": _do_copy_of,
    "cost_change": _do_cost_change("play"),
    "activate_cost_change": _do_cost_change("activate"),
    "tap": _do_tap(True),
    "untap": _do_tap(False),
}


# ----------------------------------------------------------------------- expect


__all__ = ["Narration", "Session", "StepOutcome"]
