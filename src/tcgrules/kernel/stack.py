"""Targets on the stack: choosing them, dividing, re-checking, changing, asking about them.

Game-neutral pieces every ruleset's "put on the stack" and "resolve" use:

- :func:`check_choices` — the choices for each instance of "target" as a spell
  or ability is put on the stack: how many (mtg:601.2c, mtg:115.6), each one
  legal, no repeats within an instance (mtg:115.3);
- :func:`check_division` — dividing an amount among targets (mtg:601.2d);
- :func:`recheck` — which targets are still legal on resolution (mtg:608.2b), and
  :func:`still_legal`, whether all of them are, with nothing explained;
- :func:`check_new_targets` — the four ways to change targets (mtg:115.7a-d),
  judged on the final set (mtg:115.7e), division kept (mtg:115.7f);
- :func:`target_count_when_chosen`, :func:`current_targets`,
  :func:`distinct_targets` — what other objects may ask (mtg:115.9a-c).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, TypeAlias

from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, PlayerRef
from tcgrules.kernel.ruleset import Ruleset
from tcgrules.kernel.targeting import (
    Chosen,
    Targeter,
    check_call,
    explain_target,
    is_legal_target,
    legal_targets,
)
from tcgrules.rules import RuleRef
from tcgrules.verdict import Reason, Verdict

Choices: TypeAlias = tuple[tuple[Entity, ...], ...]
ChangeHow: TypeAlias = Literal["change_the_target", "change_a_target", "change_any", "choose_new"]


#: the concept of each way to change targets (mtg:115.7a-d)
CHANGE_CONCEPTS: dict[ChangeHow, Concept] = {
    "change_the_target": Concept.CHANGE_THE_TARGET,
    "change_a_target": Concept.CHANGE_A_TARGET,
    "change_any": Concept.CHANGE_ANY,
    "choose_new": Concept.CHOOSE_NEW,
}


def _r(game: Game, concept: Concept) -> RuleRef:
    return game.ruleset.cite(concept)


def check_choices(
    game: Game,
    requirements: Sequence[TargetRequirement],
    choices: Sequence[Sequence[Entity]],
    targeter: Targeter,
) -> Verdict:
    """Judge the targets announced for each instance (mtg:601.2c, 602.2b, 603.3d).

    Each instance needs between ``min`` and ``max`` choices ("up to" allows
    zero, mtg:115.6); every choice must be legal given the ones before it.
    """
    reasons: list[Reason] = []
    if len(choices) > len(requirements):
        too_many = [
            Reason(
                _r(game, Concept.CHOOSE_TARGETS),
                f"{len(choices)} lists of targets given, but the text has "
                f"{len(requirements)} instance(s) of “target”",
            )
        ]
        not_a_target = game.ruleset.cites(Concept.NOT_A_TARGET)
        if not_a_target is not None:
            too_many.append(
                Reason(
                    not_a_target,
                    "only what the text names with the word “target” is declared now; "
                    "anything else it affects is found when the effect happens",
                )
            )
        return Verdict(False, tuple(too_many))
    made: list[tuple[Entity, ...]] = []
    total = 0
    for i, req in enumerate(requirements):
        picked = tuple(choices[i]) if i < len(choices) else ()
        n = len(picked)
        low, high, per = (
            _bounds(game, requirements, i, targeter, made)
            if req.each_player
            else (req.min, req.max, "")
        )
        if n < low or (high is not None and n > high):
            upper = "any number" if high is None else str(high)
            available = legal_targets(game, requirements, i, targeter, Chosen(tuple(made))).count()
            why = f"target {i + 1} (“{req.text or 'target'}”) needs {low}"
            why += f" to {upper}" if upper != str(low) else ""
            why += f" choice(s){per}; {n} given"
            if available < low:
                why += f", and only {available} legal choice(s) exist"
            reasons.append(Reason(_r(game, Concept.CHOOSE_TARGETS), why))
            made.append(picked)
            continue
        total += n
        check_call(game, requirements, i, targeter)
        for j, candidate in enumerate(picked):
            # nothing chosen before the first target of the first instance
            chosen = Chosen((*made, picked[:j])) if made or j else None
            # the fast check first: the reasons are worked out only for a refusal
            if not is_legal_target(game, requirements, i, candidate, targeter, chosen=chosen):
                verdict = explain_target(game, requirements, i, candidate, targeter, chosen=chosen)
                reasons.extend(verdict.failures)
        made.append(picked)
    if not reasons:
        rs = type(game.ruleset)
        found = _ALL_CHOSEN.get((rs, total))
        if found is None:
            found = _ALL_CHOSEN[rs, total] = Verdict.of(
                (Reason(rs.cite(Concept.CHOOSE_TARGETS), f"{total} legal target(s) chosen", True),)
            )
        return found
    return Verdict.of(reasons)


#: the verdict on targets that are all legal, by game and number chosen, citing the
#: game's rule on choosing them (mtg:601.2c): the same few words each time, so made once
_ALL_CHOSEN: dict[tuple[type[Ruleset], int], Verdict] = {}


def _bounds(
    game: Game,
    requirements: Sequence[TargetRequirement],
    index: int,
    targeter: Targeter,
    made: Sequence[tuple[Entity, ...]],
) -> tuple[int, int | None, str]:
    """How many choices instance ``index`` needs: its ``min`` and ``max``, or, for an
    instance that is one per player (``each_player``: "for each opponent, ... target
    creature that player controls"), that many for each player some legal choice is of,
    the number of targets being set as they are chosen (mtg:601.2c); and a note saying
    so for a refusal."""
    req = requirements[index]
    if not req.each_player:
        return req.min, req.max, ""
    players = legal_targets(game, requirements, index, targeter, Chosen(tuple(made))).players()
    each = req.min if req.max is None else req.max
    note = f" (for each of {len(players)} player(s) with a legal choice)"
    return req.min * len(players), each * len(players), note


def check_division(
    game: Game,
    requirements: Sequence[TargetRequirement],
    choices: Sequence[Sequence[Entity]],
    division: Sequence[int] | None,
    amounts: dict[int, int],
) -> tuple[Verdict, tuple[tuple[int, ...], ...]]:
    """Judge how a divided amount is split (mtg:601.2d): one share per target, in target
    order, each at least 1, adding up to the amount. ``amounts`` maps an instance
    index to the amount its effect divides. Returns the verdict and the shares."""
    shares: list[tuple[int, ...]] = []
    given = list(division or [])
    for i, req in enumerate(requirements):
        picked = choices[i] if i < len(choices) else ()
        if not req.divided:
            shares.append(())
            continue
        amount = amounts.get(i)
        if amount is None:
            return (
                Verdict.refuse(_r(game, Concept.DIVIDE), "the amount to divide is not known"),
                (),
            )
        if not picked:
            shares.append(())
            continue
        if len(picked) == 1 and not given:
            shares.append((amount,))
            continue
        part, given = given[: len(picked)], given[len(picked) :]
        if len(part) != len(picked):
            return (
                Verdict.refuse(
                    _r(game, Concept.DIVIDE),
                    f"{amount} must be divided among {len(picked)} targets: give one amount each",
                ),
                (),
            )
        if any(p < 1 for p in part) or sum(part) != amount:
            return (
                Verdict.refuse(
                    _r(game, Concept.DIVIDE),
                    f"the division {part} must give each target at least 1 and add up to {amount}",
                ),
                (),
            )
        shares.append(tuple(part))
    if given:
        return Verdict.refuse(
            _r(game, Concept.DIVIDE), "amounts given for a spell that divides nothing"
        ), ()
    if not any(req.divided for req in requirements):
        return Verdict(True, ()), tuple(shares)  # nothing is divided: no rule to cite
    return Verdict.ok(_r(game, Concept.DIVIDE), "the division is legal"), tuple(shares)


@dataclass(frozen=True)
class Recheck:
    """The 608.2b re-check: for each instance, which targets are still legal, and why
    not. The verdict of a target found illegal is made during the check; that of a legal
    one (every reason it passes) only when :attr:`verdicts` is asked for."""

    legal: tuple[tuple[bool, ...], ...]
    #: the verdicts made during the check (None: a legal target, explained on demand)
    made: tuple[tuple[Verdict | None, ...], ...] = ()
    explain: Callable[[int, int], Verdict] | None = field(default=None, compare=False, repr=False)

    def verdict(self, i: int, j: int) -> Verdict:
        """The verdict of the ``j``-th target of instance ``i``."""
        return self._verdict(i, j, self.made[i][j])

    @cached_property
    def verdicts(self) -> tuple[tuple[Verdict, ...], ...]:
        """Every target's verdict, with its reasons."""
        return tuple(
            tuple(self._verdict(i, j, v) for j, v in enumerate(row))
            for i, row in enumerate(self.made)
        )

    def _verdict(self, i: int, j: int, made: Verdict | None) -> Verdict:
        if made is not None:
            return made
        if self.explain is None:
            raise ValueError("no way to explain this re-check")
        return self.explain(i, j)

    @property
    def had_targets(self) -> bool:
        return any(self.legal)

    @property
    def all_illegal(self) -> bool:
        """True if it had targets and every one of them is now illegal (mtg:608.2b)."""
        return self.had_targets and not any(any(inst) for inst in self.legal)


def recheck(game: Game, obj: GameObject, targeter: Targeter) -> Recheck:
    """Re-check every target of a resolving spell or ability (mtg:608.2b).

    Repeats across instances are fine (mtg:115.3), so only legality now counts.
    """
    info = obj.stack
    if info is None:
        return Recheck(())
    requirements, targets = info.requirements, info.targets

    def explain(i: int, j: int) -> Verdict:
        # a test between targets ("that share a creature type") is judged against the
        # other targets as they are now, like the rest of the phrase
        return explain_target(
            game,
            requirements,
            i,
            targets[i][j],
            targeter,
            exclude_self_in_instance=False,
            chosen=_others(targets, i, j) if requirements[i].together else None,
        )

    legal: list[tuple[bool, ...]] = []
    made: list[tuple[Verdict | None, ...]] = []
    for i, picked in enumerate(targets):
        if requirements[i].together:
            row: tuple[Verdict | None, ...] = tuple(explain(i, j) for j in range(len(picked)))
        else:
            check_call(game, requirements, i, targeter)
            # with nothing to compare against, the fast check is the same decision
            fast = [is_legal_target(game, requirements, i, t, targeter) for t in picked]
            if all(fast):  # all still legal: nothing to explain now
                made.append((None,) * len(fast))
                legal.append((True,) * len(fast))
                continue
            row = tuple(None if ok else explain(i, j) for j, ok in enumerate(fast))
        made.append(row)
        legal.append(tuple(v is None or bool(v) for v in row))
    return Recheck(tuple(legal), tuple(made), explain)


def still_legal(game: Game, obj: GameObject, targeter: Targeter) -> bool:
    """True if :func:`recheck` would find every target of ``obj`` still legal
    (mtg:608.2b), answered with one boolean per target and nothing built: no verdict,
    no record. False also where that can't be said so cheaply (an instance whose
    targets are judged together, "that share a creature type"): then ask
    :func:`recheck`, which also says why a target is illegal."""
    info = obj.stack
    if info is None:
        return True
    requirements = info.requirements
    for i, picked in enumerate(info.targets):
        if requirements[i].together:
            return False
        check_call(game, requirements, i, targeter)
        for t in picked:
            if not is_legal_target(game, requirements, i, t, targeter):
                return False
    return True


def check_new_targets(
    game: Game,
    obj: GameObject,
    targeter: Targeter,
    new: Sequence[Sequence[Entity]],
    how: ChangeHow,
) -> tuple[Verdict, Choices]:
    """Judge a change of targets and return the final targets (mtg:115.7).

    - ``change_the_target`` (mtg:115.7a): every target must change to another legal
      target; if that is not possible nothing changes.
    - ``change_a_target`` (mtg:115.7b): at most one target changes.
    - ``change_any`` (mtg:115.7c): any number of targets change, each to another legal one.
    - ``choose_new`` (mtg:115.7d): any may stay, even if illegal; changed ones must be legal
      and must not make an unchanged one illegal.

    Only the final set is judged (mtg:115.7e); the number of targets and the division
    stay as they were (mtg:115.7f), and so do the modes (mtg:115.8).
    """
    info = obj.stack
    if info is None:
        return Verdict.refuse(
            _r(game, Concept.CHANGE_TARGETS), "that is not a spell or ability on the stack"
        ), ()
    old = info.targets
    rule_number = CHANGE_CONCEPTS[how]
    if len(new) != len(old) or any(len(a) != len(b) for a, b in zip(new, old, strict=False)):
        return (
            Verdict.refuse(
                _r(game, Concept.CHANGE_KEEPS_COUNT),
                "changing targets keeps the number of targets of each instance "
                f"({[len(o) for o in old]})",
            ),
            old,
        )
    final: Choices = tuple(tuple(x) for x in new)
    changed = [
        (i, j) for i, row in enumerate(final) for j, t in enumerate(row) if not _same(t, old[i][j])
    ]
    reasons: list[Reason] = []
    if how == "change_a_target" and len(changed) > 1:
        reasons.append(Reason(_r(game, Concept.CHANGE_A_TARGET), "only one target may be changed"))
    if how == "change_the_target" and len(changed) != sum(len(r) for r in old):
        reasons.append(
            Reason(
                _r(game, Concept.CHANGE_THE_TARGET),
                "every target must change to another legal target",
            )
        )
    # the final set is judged as a whole (mtg:115.7e)
    for i, row in enumerate(final):
        for j, t in enumerate(row):
            verdict = explain_target(
                game,
                info.requirements,
                i,
                t,
                targeter,
                chosen=_others(final, i, j),
            )
            if (i, j) in changed:
                reasons.extend(
                    Reason(f.rule, f.message + f" (new target {i + 1})") for f in verdict.failures
                )
                if not verdict:
                    reasons.append(
                        Reason(
                            _r(game, rule_number),
                            f"a changed target must be legal; {game.describe(t)} is not",
                        )
                    )
            elif how == "choose_new" and changed and not verdict:
                # unchanged targets may stay illegal, unless a change made them so
                before = explain_target(
                    game,
                    info.requirements,
                    i,
                    t,
                    targeter,
                    chosen=_others(old, i, j),
                )
                if before:
                    reasons.append(
                        Reason(
                            _r(game, Concept.CHOOSE_NEW),
                            f"the change would make the unchanged target "
                            f"{game.describe(t)} illegal",
                        )
                    )
    if not reasons:
        reasons.append(
            Reason(
                _r(game, rule_number),
                f"{len(changed)} target(s) changed; the final set is legal",
                True,
            )
        )
        final_set = game.ruleset.cites(Concept.CHANGE_FINAL_SET)
        if final_set is not None:
            reasons.append(Reason(final_set, "only the final set of targets was judged", True))
    return Verdict.of(reasons), final


def _others(choices: Choices, i: int, j: int) -> Chosen:
    """Every choice but the ``j``-th of instance ``i``: what a target is judged against."""
    return Chosen(
        tuple(
            (row if k != i else tuple(x for n, x in enumerate(row) if n != j))
            for k, row in enumerate(choices)
        )
    )


def _same(a: Entity, b: Entity) -> bool:
    return a == b


# ------------------------------------------------------------------ 115.9 queries
def target_count_when_chosen(obj: GameObject) -> int:
    """How many times any object or player was chosen as a target when it was put on
    the stack, repeats counted (mtg:115.9a)."""
    return obj.stack.chosen_count if obj.stack else 0


def current_targets(game: Game, obj: GameObject) -> list[Entity]:
    """What a spell or ability "targets" now (mtg:115.9b): targets still in the zone
    where they were chosen (or players still in the game); gone ones are ignored, and
    last-known information is not used."""
    found: list[Entity] = []
    for row in obj.stack.targets if obj.stack else ():
        for t in row:
            if isinstance(t, PlayerRef):
                if not game.player(t.name).lost:
                    found.append(t)
            elif game.is_current(t):
                found.append(t)
    return found


def distinct_targets(obj: GameObject) -> set[Entity]:
    """The different objects and players chosen as targets, as changed by effects since
    (mtg:115.9c): a spell that targets one creature twice "targets only" that creature."""
    return {t for row in (obj.stack.targets if obj.stack else ()) for t in row}


__all__ = [
    "ChangeHow",
    "Choices",
    "Recheck",
    "check_choices",
    "check_division",
    "check_new_targets",
    "current_targets",
    "distinct_targets",
    "recheck",
    "still_legal",
    "target_count_when_chosen",
]
