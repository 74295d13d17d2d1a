"""Run a loaded scenario: build the game, perform each step, check each expectation.

The runner is glue between the typed scenario model (:mod:`tcgrules.scenario.schema`)
and :class:`~tcgrules.scenario.session.Session`, which drives the game by name.
Names that can't be resolved are malformed input (exit 2, located at the step);
a feature tcgrules does not have yet marks its step "unsupported" and stops the file
there (what the rules say is then unknown: not a failure, not a pass).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tcgrules.carddata.bundled import bundled_cards, definition_from_mapping
from tcgrules.carddata.model import CardDefinition
from tcgrules.carddata.pool import pool_for, unsupported_spans
from tcgrules.errors import InputError, NotSupportedError, ScenarioError, TcgRulesError
from tcgrules.kernel import delayed, play
from tcgrules.kernel.combat import attack, damage_step, defend, redirect_attack
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.play import redirect_target
from tcgrules.kernel.resolution import ResolveChoices, resolve_top
from tcgrules.scenario import schema as s
from tcgrules.scenario.loader import format_path, unknown_rule_references
from tcgrules.scenario.results import ScenarioResult, StepResult
from tcgrules.scenario.session import Session, StepOutcome


def _cards(scenario: s.Scenario) -> dict[str, CardDefinition]:
    """The scenario's own card definitions; a definition without ``type`` adjusts a bundled card."""
    bundled = bundled_cards(scenario.game)
    cards: dict[str, CardDefinition] = {}
    for name, definition in scenario.cards.items():
        printed = {k: v for k, v in definition.printed().items() if v is not None}
        if "type" not in printed:
            base = bundled.get(name)
            if base is None and (pool := pool_for(scenario.game)) is not None:
                base = pool.get(name)
            if base is None:
                raise ScenarioError(
                    f"card {name!r} has no `type` and is not a bundled card",
                    source=scenario.source,
                    path=f"$.cards[{name!r}]",
                    expected="`type:` (the printed type line)",
                )
            printed = {"type": base.type_line, "text": base.text, **_plain(base.values), **printed}
        prefix = f"$.cards[{name!r}]"
        try:
            cards[name] = definition_from_mapping(
                scenario.game, name, printed, source=scenario.source, path=prefix
            )
        except InputError as exc:
            # a bad printed value is the file's fault: located at its key (exit 2)
            rest = (exc.path or prefix).removeprefix(prefix)
            at = ("cards", name, *(int(p) if p.isdigit() else p for p in _KEYS.findall(rest)))
            raise _located_at(exc, scenario, at) from exc
    return cards


#: the keys and indexes of a ``.key[0].other`` path below a card
_KEYS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+")


def _plain(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


def build(scenario: s.Scenario) -> Session:
    """The game a scenario sets up (``players``, ``cards``, ``setup``)."""
    session = Session(scenario.game, scenario.players, _cards(scenario), enforce=scenario.enforce)
    attaching: list[tuple[ObjectRef, str, str]] = []
    for player, setup in scenario.setup.items():
        where = f"$.setup.{player}"
        at: tuple[str | int, ...] = ("setup", player)
        try:
            if setup.hero is not None:
                at = ("setup", player, "hero")
                session.put(player, "hero", {"card": setup.hero.card, "as": setup.hero.as_})
            for zone, entries in setup.zones.items():
                for i, entry in enumerate(entries):
                    at = ("setup", player, zone, i)
                    ref = session.put(player, zone, _entry(entry))
                    if entry.attached_to is not None:
                        attaching.append((ref, entry.attached_to, f"{where}.{zone}[{i}]"))
            at = ("setup", player)
            if setup.life is not None:
                session.set_life(player, setup.life)
        except InputError as exc:
            raise _located_at(exc, scenario, at) from exc
    for ref, host, where in attaching:
        try:
            session.attach(ref, host)
        except InputError as exc:
            raise _located(exc, scenario, f"{where}.attached_to") from exc
    session.settle()
    return session


def _entry(entry: s.ZoneEntry) -> dict[str, Any]:
    return {
        "card": entry.card,
        "as": entry.as_,
        "token": entry.token,
        "tapped": entry.tapped,
        "damage": entry.damage,
        "counters": dict(entry.counters),
    }


def _located(
    exc: InputError, scenario: s.Scenario, path: str, line: int | None = None
) -> ScenarioError:
    return ScenarioError(
        exc.message,
        source=exc.source or scenario.source,
        line=exc.line or line,
        column=exc.column,
        path=exc.path or path,
        expected=exc.expected,
    )


def _located_at(exc: InputError, scenario: s.Scenario, at: tuple[str | int, ...]) -> ScenarioError:
    """``exc`` located at the value ``at`` (its ``card:`` if it has one) with line:column."""
    line, column = scenario.position(*at, "card")
    if line is None:
        line, column = scenario.position(*at)
    return ScenarioError(
        exc.message,
        source=exc.source or scenario.source,
        line=exc.line or line,
        column=exc.column or column,
        path=exc.path or format_path(at),
        expected=exc.expected,
    )


def pool_warnings(session: Session) -> list[str]:
    """One line per card taken from the pool whose text is not fully understood, naming
    the card and the spans the grammar does not read (the rest of the card still works)."""
    lines: list[str] = []
    for name, card in session.pool_used.items():
        try:
            spans = unsupported_spans(card)
        except TcgRulesError as exc:
            lines.append(f"card {name!r} from the pool: its text can't be read ({exc})")
            continue
        if spans:
            shown = "; ".join(repr(span) for span in spans)
            lines.append(f"card {name!r} from the pool is not fully understood: {shown}")
    return lines


def card_warnings(scenario: s.Scenario, session: Session) -> list[str]:
    """One line per card defined in the file's ``cards:`` whose text is not fully
    understood, located at its ``text:`` (file:line:column), with the spans not read: such
    a card still loads, but what those spans say will not happen (and a target they name
    is not known)."""
    lines: list[str] = []
    for name in scenario.cards:
        card = session.cards.get(name)
        if card is None or not card.text:
            continue
        try:
            spans = unsupported_spans(card)
        except TcgRulesError as exc:
            spans = [f"(its text can't be read: {exc})"]
        if spans:
            line, column = scenario.position("cards", name, "text")
            if line is None:
                line, column = scenario.position("cards", name)
            where = f"{scenario.source}:{line}:{column}" if line is not None else scenario.source
            shown = "; ".join(repr(span) for span in spans)
            lines.append(f"{where}: card {name!r} is not fully understood: {shown}")
    return lines


def text_warnings(scenario: s.Scenario, session: Session) -> list[str]:
    """Every card of the game whose text is not fully understood: the file's own
    (:func:`card_warnings`), then the pool's (:func:`pool_warnings`). ``run``, ``explain``
    and ``targets`` show them wherever they give a verdict, for every game: what such a
    card says is not applied, so a verdict may be incomplete."""
    return [*card_warnings(scenario, session), *pool_warnings(session)]


def run_scenario(scenario: s.Scenario) -> ScenarioResult:
    """Run every step and collect narration and failed expectations."""
    result = ScenarioResult(path=scenario.source, title=scenario.title, game=scenario.game)
    session = build(scenario)
    result.warnings.extend(text_warnings(scenario, session))
    result.warnings.extend(unknown_rule_references(scenario))
    for index, step in enumerate(scenario.steps):
        record = result.add_step(index, step.line, step.action, step.describe())
        outcome = StepOutcome()
        stop = False
        try:
            _run_step(session, scenario, step, outcome)
        except NotSupportedError as exc:
            record.unsupported = str(exc)
            stop = True
        except InputError as exc:
            raise _located(exc, scenario, f"$.steps[{index}]", step.line) from exc
        _record(record, outcome)
        if stop:
            break  # later steps would start from a game that did not do this one
    return result


def session_at(scenario: s.Scenario, step: int | None = None) -> Session:
    """The game as it is just before step ``step`` (1-based; None: after every step).

    Expectation steps are skipped; an action refused along the way is skipped too,
    as the runner would leave the game unchanged.
    """
    session = build(scenario)
    last = len(scenario.steps) if step is None else max(0, min(step - 1, len(scenario.steps)))
    for index, item in enumerate(scenario.steps[:last]):
        if isinstance(item, s.ExpectStep):
            continue
        outcome = StepOutcome()
        try:
            _run_step(session, scenario, item, outcome)
        except InputError as exc:
            raise _located(exc, scenario, f"$.steps[{index}]", item.line) from exc
    return session


def _record(record: StepResult, outcome: StepOutcome) -> None:
    for line in outcome.narration:
        record.say(line.text, *line.rules)
    for failure in outcome.failures:
        record.fail(failure)


def _targets(
    session: Session, targets: Sequence[Sequence[str]] | None
) -> tuple[tuple[Entity, ...], ...]:
    return tuple(tuple(session.entity(n) for n in row) for row in targets or ())


def _rejected(step: s.ActionStep) -> str | bool | None:
    value = step.rejected
    if value is None or value is True:
        return value
    return str(value)


def _run_step(
    session: Session, scenario: s.Scenario, step: s.AnyStep, outcome: StepOutcome
) -> None:
    if isinstance(step, s.ExpectStep):
        outcome.failures.extend(session.check(step.expect.checks()))
        return
    action = _action(session, scenario, step)
    session.run_action(action, rejected=_rejected(step), outcome=outcome, label=step.describe())


def _action(session: Session, scenario: s.Scenario, step: s.AnyStep) -> Callable[[], None]:
    game = session.game
    if isinstance(step, s.DoStep):
        changes = {k: _plain_value(v) for k, v in step.do.changes()}
        if step.do.until is not None:  # changes() lists the changes, not their duration
            changes["until"] = step.do.until
        return lambda: session.apply_do(changes, StepOutcome())
    if isinstance(step, s.EndTurnStep):
        targets = _targets(session, step.targets)

        def do_end_turn() -> None:
            delayed.end_turn(game, targets)

        return do_end_turn
    if isinstance(step, s.PassStep):
        return lambda: game.ruleset.all_pass(game)
    if isinstance(step, s.StackStep):
        return _stack_action(session, step)
    if isinstance(step, s.AttackStep):

        def do_attack() -> None:
            attacker = session.ref(step.attack)
            by = step.by or game.controller(attacker) or game.get(attacker).owner
            attack(game, attacker, by, [session.entity(t) for t in step.target])

        return do_attack
    if isinstance(step, s.RedirectStep | s.InterceptStep):
        change = step

        def do_redirect() -> None:
            old = session.entity(change.from_) if change.from_ is not None else None
            if isinstance(change, s.InterceptStep):
                new, keyword = session.entity(change.intercept), "intercept"
            else:
                new, keyword = session.entity(change.redirect), None
                if change.of is not None:
                    redirect_target(game, session.ref(change.of), change.by, old, new)
                    return
            redirect_attack(game, change.by, old, new, keyword=keyword)

        return do_redirect
    if isinstance(step, s.DefendStep):

        def do_defend() -> None:
            cards = [session.ref(c) for c in step.defend]
            target = session.entity(step.target) if step.target is not None else None
            defend(game, step.by, cards, target)

        return do_defend
    if isinstance(step, s.DamageStep):

        def do_damage_step() -> None:
            damage_step(game)

        return do_damage_step
    if isinstance(step, s.ResolveStep):
        choose = step.choose

        def do_resolve() -> None:
            for n in range(step.resolve):
                choices = ResolveChoices()
                if choose is not None and n == 0:
                    choices = ResolveChoices(
                        new_targets=_targets(session, choose.new_targets)
                        if choose.new_targets is not None
                        else None,
                        chosen=tuple(session.entity(x) for x in choose.chosen)
                        if choose.chosen is not None
                        else None,
                        may=choose.may,
                        pay=choose.pay,
                        reflexive_targets=_targets(session, choose.reflexive_targets)
                        if choose.reflexive_targets is not None
                        else None,
                        copy_targets=_targets(session, choose.copy_targets)
                        if choose.copy_targets is not None
                        else None,
                        color=choose.color,
                        option=choose.option,
                        rolls=None if choose.rolls is None else tuple(choose.rolls),
                        flips=None if choose.flips is None else tuple(choose.flips),
                        counters=choose.counters,
                    )
                resolve_top(game, choices)
                game.check_state()

        return do_resolve
    raise NotSupportedError(f"`{step.action}` steps in {session.ruleset.title}")


def _paid(session: Session, step: s.StackStep) -> list[tuple[str, ObjectRef]]:
    """The step's ``paid:``: each object its costs use, with how."""
    return [
        (verb, session.ref(name)) for verb, names in (step.paid or {}).items() for name in names
    ]


def _pay_with(session: Session, step: s.StackStep) -> list[ObjectRef]:
    """The step's ``pay_with:``: the objects that pay its total cost."""
    return [session.ref(name) for name in step.pay_with or ()]


def _stack_action(session: Session, step: s.StackStep) -> Callable[[], None]:
    """A step that puts something on the stack, by the kernel action the game's ruleset
    gives its verb (``cast``/``play`` -> cast, ``activate``, ``trigger``)."""
    game = session.game
    verb = step.action
    action = session.ruleset.stack_verbs.get(verb)
    if action is None:
        raise NotSupportedError(f"`{verb}` steps in {session.ruleset.title}")
    name = str(getattr(step, verb))

    def do_cast(method: str = "cast") -> None:
        by = step.by or game.active_player
        ref = play.cast(
            game,
            session.ref(name),
            by,
            targets=_targets(session, step.targets),
            modes=step.chosen_modes,
            division=step.divide,
            x=step.x,
            method=method,
            options=step.options if isinstance(step, s.CastStep) else None,
            paid=_paid(session, step),
            pay_with=_pay_with(session, step),
            side=step.side if isinstance(step, s.PlayStep) else None,
        )
        if step.as_:
            session.aliases[step.as_] = ref.id

    def do_card_or_ability() -> None:
        # without ``ability: N`` the card itself is played (a Grand Archive card
        # activation); with it, the Nth activated ability of an object
        if step.ability is None:
            do_cast()
        else:
            do_activate()

    def do_activate() -> None:
        source = session.ref(name)
        by = step.by or game.controller(source) or game.get(source).owner
        play.activate(
            game,
            source,
            by,
            ability=step.ability or 1,
            targets=_targets(session, step.targets),
            modes=step.chosen_modes,
            division=step.divide,
            x=step.x,
            alias=step.as_,
            paid=_paid(session, step),
            pay_with=_pay_with(session, step),
        )

    def do_trigger() -> None:
        if step.paid or step.pay_with:
            raise InputError(
                "`paid:` and `pay_with:` name what a cast or activation's costs use, "
                "not a trigger's"
            )
        play.trigger(
            game,
            session.ref(name),
            ability=step.ability or 1,
            targets=_targets(session, step.targets),
            modes=step.chosen_modes,
            division=step.divide,
            alias=step.as_,
            about=_about(session, step),
            about_amount=step.amount if isinstance(step, s.TriggerStep) else None,
        )

    actions: dict[str, Callable[[], None]] = {
        "cast": do_cast,
        "activate": do_activate,
        "trigger": do_trigger,
        "card_or_ability": do_card_or_ability,
        "materialize": lambda: do_cast("materialize"),
    }
    if action not in actions:
        raise NotSupportedError(f"`{verb}` steps in {session.ruleset.title}")
    return actions[action]


def _about(session: Session, step: s.StackStep) -> ObjectRef | None:
    """The object a ``trigger`` step says the trigger event was about (mtg:603.2)."""
    if isinstance(step, s.TriggerStep) and step.about:
        return session.ref(step.about)
    return None


def _plain_value(value: Any) -> Any:
    """Scenario models and containers of them as plain mappings and lists."""
    if hasattr(value, "model_dump"):
        return dict(value.model_dump(by_alias=True, exclude_none=True))
    if isinstance(value, dict):
        return {k: _plain_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_value(v) for v in value]
    return value
