"""Magic's combat: declaring attackers (mtg:508.1) and blockers (mtg:509.1), the combat
statuses descriptions ask about ("attacking you", "blocking", "blocked", "blocking it"),
and taking a creature out of combat (mtg:506.4).

The kernel's attack actions (:mod:`tcgrules.kernel.combat`) ask the ruleset hooks in
:class:`~tcgrules.games.magic.ruleset.Magic`, which call the functions here. Each
``attack:`` step of a scenario declares one more attacking creature of the same combat
(the kernel's :class:`~tcgrules.kernel.game.AttackState` keeps each attacker with what it
attacks); each ``defend:`` step declares blockers for one attacking creature. Combat
damage is not dealt (the step deals none; use a damage step of the scenario). Summoning
sickness (mtg:302.6) is not checked: the kernel keeps no record of when control began.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tcgrules.cardtext.nodes import CombatRestriction
from tcgrules.errors import InputError, NotSupportedError
from tcgrules.games.magic.designations import goaders
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import AttackState, Defender, Game, Seen
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Reason

#: how a player shows the requirement "creatures you control attack this turn if able"
#: (mtg:508.1d) that an effect put on them
MUST_ATTACK = "creatures you control attack this turn if able"


def restrictions(chars: Characteristics) -> frozenset[str]:
    """The kinds of combat restriction an object carries ("can't block", "can't attack",
    "can't be blocked"...), granted by effects (mtg:508.1c, mtg:509.1b)."""
    return frozenset(a.kind for a in chars.abilities if isinstance(a, CombatRestriction))


def _blockers_only(chars: Characteristics) -> list[d.Descriptor]:
    """What each "can't be blocked except by ..." restriction it carries lets block it
    (mtg:509.1b)."""
    return [
        a.except_by
        for a in chars.abilities
        if isinstance(a, CombatRestriction)
        and a.kind == "cant_be_blocked_except"
        and a.except_by is not None
    ]


def _creature_problems(
    game: Game, ref: ObjectRef, by: str, number: str, role: str
) -> tuple[list[Reason], Characteristics | None]:
    """Why ``ref`` can't be a creature ``by`` declares as ``role`` (not a creature on the
    battlefield, mtg:506.3; not ``by``'s, or tapped: the rule ``number``)."""
    obj = game.get(ref)
    if obj.zone.name != "battlefield":
        return [Reason(rule("mtg:506.3"), f"{obj.label} is not on the battlefield")], None
    chars = game.characteristics(ref)
    if "creature" not in chars.types or "battle" in chars.types:
        return [
            Reason(rule("mtg:506.3"), f"{obj.label} is not a creature, so it can't {role}")
        ], None
    reasons: list[Reason] = []
    if game.controller(ref) != by:
        reasons.append(Reason(rule(number), f"{by} does not control {obj.label}"))
    if obj.tapped:
        reasons.append(Reason(rule(number), f"{obj.label} is tapped"))
    return reasons, chars


# ------------------------------------------------------------------ attackers
def attack_reasons(
    game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
) -> list[Reason]:
    """An untapped creature ``by`` controls, on ``by``'s turn, that is not attacking yet,
    attacking one player, planeswalker or battle (mtg:508.1, 508.1a, 508.1b); not one
    with defender (mtg:702.3b) or an effect saying it can't attack (mtg:508.1c)."""
    label = game.get(attacker).label
    reasons: list[Reason] = []
    if game.active_player != by:
        reasons.append(
            Reason(rule("mtg:508.1"), f"only the active player ({game.active_player}) attacks")
        )
    problems, chars = _creature_problems(game, attacker, by, "mtg:508.1a", "attack")
    reasons.extend(problems)
    if chars is None:
        return reasons
    state = game.attack
    if state is not None and any(r == attacker for r, _ in state.each_attacks):
        # declared once in this combat (even if removed from it since, mtg:506.4)
        reasons.append(Reason(rule("mtg:508.1a"), f"{label} was declared as an attacker already"))
    if len(targets) > 1:
        reasons.append(
            Reason(rule("mtg:508.1b"), f"{label} attacks one player, planeswalker or battle")
        )
    if chars.has_keyword("defender"):
        reasons.append(Reason(rule("mtg:702.3b"), f"{label} has defender"))
    if restrictions(chars) & {"cant_attack", "cant_attack_or_block"}:
        reasons.append(Reason(rule("mtg:508.1c"), f"an effect says {label} can't attack"))
    return reasons


def attack_target_reasons(game: Game, attacker: ObjectRef, by: str, target: Entity) -> list[Reason]:
    """An opponent, or a planeswalker an opponent controls (mtg:506.3, mtg:508.1b)."""
    name = game.describe(target)
    if isinstance(target, PlayerRef):
        if target.name == by or target.name not in game.players:
            return [Reason(rule("mtg:508.1b"), f"{name} is not an opponent of {by}")]
        if _goaded_toward(game, attacker, by, target.name):
            return [Reason(rule("mtg:701.38b"), f"{name} goaded it: it attacks another player")]
        return [Reason(rule("mtg:508.1b"), f"{name} is an opponent of {by}", passed=True)]
    if not game.is_current(target) or game.get(target).zone.name != "battlefield":
        return [Reason(rule("mtg:506.3"), f"{name} is not on the battlefield")]
    types = game.characteristics(target).types
    if "battle" in types:
        raise NotSupportedError("attacking a battle", "who protects a battle is not modelled")
    if "planeswalker" not in types:
        return [Reason(rule("mtg:506.3"), f"{name} is not a player, planeswalker or battle")]
    if game.controller(target) == by:
        return [Reason(rule("mtg:508.1b"), f"{by} controls {name}")]
    return [Reason(rule("mtg:508.1b"), f"an opponent controls {name}", passed=True)]


def _goaded_toward(game: Game, attacker: ObjectRef, by: str, player: str) -> bool:
    """A goaded creature attacks a player other than one who goaded it if able
    (mtg:701.38b): ``player`` goaded it and another opponent of ``by`` did not."""
    who = goaders(game, attacker)
    return player in who and any(p not in who for p in game.players if p != by)


def join_attack(game: Game, current: AttackState | None, declared: AttackState) -> AttackState:
    """Each creature declared joins the combat of this turn (mtg:508.1a): the first one
    stands for the combat, each keeps what it attacks (mtg:508.1b)."""
    mine = (declared.attacker, declared.targets[0])
    if current is None:
        return replace(declared, each_attacks=(mine,))
    targets = current.targets + tuple(t for t in declared.targets if t not in current.targets)
    return replace(
        current,
        targets=targets,
        attacking=current.attacking | declared.attacking,
        defending=current.defending | declared.defending,
        each_attacks=(*current.each_attacks, mine),
    )


def attack_declared(game: Game, state: AttackState) -> None:
    """The creature just declared becomes tapped (mtg:508.1f) unless it has vigilance
    (mtg:702.20b)."""
    ref = state.each_attacks[-1][0]
    if game.characteristics(ref).has_keyword("vigilance"):
        label = game.get(ref).label
        game.log(
            Event(
                "vigilance", f"{label} has vigilance: it stays untapped", rule("mtg:702.20b"), ref
            )
        )
        return
    game.set_tapped(ref, True, rule_applied=rule("mtg:508.1f"))


def attacked_by(state: AttackState, attacker_id: int) -> Entity | None:
    """What the attacking creature ``attacker_id`` attacks, if it attacks."""
    if attacker_id in state.removed:
        return None
    for ref, target in state.each_attacks:
        if ref.id == attacker_id:
            return target
    return None


def _player_of(game: Game, target: Entity) -> str | None:
    """The player an attack target is or belongs to (a planeswalker's controller)."""
    if isinstance(target, PlayerRef):
        return target.name
    return game.controller(target) if game.is_current(target) else None


def defending_player(game: Game, source: ObjectRef | None) -> str | None:
    """The defending player (mtg:506.2): the one the source attacks (or whose
    planeswalker it attacks); without such a source, the one player every attacker
    attacks; None if there is none."""
    state = game.attack
    if state is None:
        return None
    if source is not None:
        target = attacked_by(state, source.id)
        if target is not None:
            return _player_of(game, target)
    players = {_player_of(game, t) for r, t in state.each_attacks if r.id in game.attacking_ids()}
    return players.pop() if len(players) == 1 else None


def _attacks_player(game: Game, state: AttackState, attacker_id: int, player: str) -> bool:
    """The creature attacks ``player`` or a planeswalker ``player`` controls (mtg:506.2)."""
    target = attacked_by(state, attacker_id)
    if isinstance(target, PlayerRef):
        return target.name == player
    return target is not None and game.is_current(target) and game.controller(target) == player


# ------------------------------------------------------------------- blockers
def _blocked_creature(
    game: Game, state: AttackState, by: str, target: Entity | None
) -> ObjectRef | Reason:
    """The attacking creature a declaration of blockers is for: the one named, or the
    only creature attacking ``by`` (or ``by``'s planeswalker) or the target named."""
    attacking = game.attacking_ids()
    if isinstance(target, ObjectRef) and target.id in attacking:
        found = target
    else:
        candidates = [
            ref
            for ref, aim in state.each_attacks
            if ref.id in attacking
            and game.is_current(ref)
            and _attacks_player(game, state, ref.id, by)
            and (target is None or aim == target)
        ]
        if not candidates:
            return Reason(
                rule("mtg:509.1a"), f"no creature is attacking {by} or what {by} controls"
            )
        if len(candidates) > 1:
            names = ", ".join(game.describe(c) for c in candidates)
            raise InputError(
                f"several creatures attack ({names}); say which one is blocked",
                expected="target: ATTACKING CREATURE",
            )
        found = candidates[0]
    if not _attacks_player(game, state, found.id, by):
        return Reason(
            rule("mtg:509.1a"),
            f"{game.describe(found)} is attacking neither {by} nor a planeswalker {by} controls",
        )
    return found


def defend_reasons(
    game: Game,
    state: AttackState | None,
    by: str,
    cards: tuple[ObjectRef, ...],
    target: Entity | None,
) -> list[Reason]:
    """Untapped creatures of the defending player, each blocking one creature attacking
    that player or a planeswalker they control (mtg:509.1, 509.1a); not one an effect
    says can't block (mtg:509.1b); a creature with flying blocked only by creatures with
    flying or reach (mtg:702.9b, 702.17b), one that can't be blocked not at all
    (mtg:509.1b), one with menace by two or more (mtg:702.111b)."""
    if state is None:
        return [Reason(rule("mtg:509.1"), "no creature is attacking, so none can be blocked")]
    found = _blocked_creature(game, state, by, target)
    if isinstance(found, Reason):
        return [found]
    attacker = game.characteristics(found)
    aname = game.describe(found)
    reasons: list[Reason] = []
    if "cant_be_blocked" in restrictions(attacker):
        reasons.append(Reason(rule("mtg:509.1b"), f"an effect says {aname} can't be blocked"))
    blocking = game.defending_card_ids()
    for i, card in enumerate(cards):
        label = game.get(card).label
        problems, chars = _creature_problems(game, card, by, "mtg:509.1a", "block")
        reasons.extend(problems)
        if chars is None:
            continue
        if card.id in blocking or card in cards[:i]:
            reasons.append(Reason(rule("mtg:509.1a"), f"{label} blocks one creature only"))
        if restrictions(chars) & {"cant_block", "cant_attack_or_block"}:
            reasons.append(Reason(rule("mtg:509.1b"), f"an effect says {label} can't block"))
        for only in _blockers_only(attacker):
            if not describes(Context(game, by), only, card):
                reasons.append(
                    Reason(
                        rule("mtg:509.1b"),
                        f"an effect says {aname} can't be blocked except by some creatures, "
                        f"and {label} is not one of them",
                    )
                )
        if attacker.has_keyword("flying") and not (
            chars.has_keyword("flying") or chars.has_keyword("reach")
        ):
            reasons.append(
                Reason(
                    rule("mtg:702.9b"),
                    f"{aname} has flying and {label} has neither flying nor reach",
                )
            )
    if attacker.has_keyword("menace"):
        already = sum(1 for d in state.defenders if d.target == found)
        if already + len(cards) < 2:
            reasons.append(
                Reason(rule("mtg:702.111b"), f"{aname} has menace: one creature can't block it")
            )
    if not reasons:
        reasons.append(Reason(rule("mtg:509.1a"), f"{by} may block {aname}", passed=True))
    return reasons


def declare_defenders(
    game: Game, state: AttackState, by: str, cards: tuple[ObjectRef, ...], target: Entity
) -> AttackState:
    """Each card blocks the attacking creature (mtg:509.1a), which becomes blocked
    (mtg:509.1h)."""
    found = _blocked_creature(game, state, by, target)
    if isinstance(found, Reason):
        raise InputError(found.message)
    aname = game.describe(found)
    new = tuple(Defender(c, found, by, game.get(c).zone) for c in cards)
    for c in cards:
        game.log(Event("block", f"{game.get(c).label} blocks {aname}", rule("mtg:509.1a"), c))
    game.log(Event("blocked", f"{aname} is blocked", rule("mtg:509.1h"), found))
    return replace(state, defenders=state.defenders + new)


# ------------------------------------------------------------------- statuses
def is_blocked(game: Game, obj_id: int) -> bool:
    """An attacking creature with a blocker declared for it stays blocked while it is in
    combat, even if its blockers leave (mtg:509.1h)."""
    state = game.attack
    if state is None or obj_id not in game.attacking_ids():
        return False
    return any(d.target.id == obj_id for d in state.defenders if isinstance(d.target, ObjectRef))


def blocked_by(game: Game, blocker_id: int, *, gone: bool = False) -> frozenset[int]:
    """Ids of the attacking creatures ``blocker_id`` blocks (still in combat); ``gone``:
    the blocker has left the battlefield, and what it blocked is as it last was."""
    state = game.attack
    if state is None or not (gone or blocker_id in game.defending_card_ids()):
        return frozenset()
    return frozenset(
        d.target.id
        for d in state.defenders
        if d.card.id == blocker_id
        and isinstance(d.target, ObjectRef)
        and d.target.id in game.attacking_ids()
    )


def blockers_of(game: Game, attacker_id: int, *, gone: bool = False) -> frozenset[int]:
    """Ids of the creatures blocking the attacking creature ``attacker_id``; ``gone``: the
    attacker has left the battlefield, and its blockers are as they last were."""
    state = game.attack
    if state is None or not (gone or attacker_id in game.attacking_ids()):
        return frozenset()
    blocking = game.defending_card_ids()
    return frozenset(
        d.card.id
        for d in state.defenders
        if isinstance(d.target, ObjectRef) and d.target.id == attacker_id and d.card.id in blocking
    )


def has_status(game: Game, obj: GameObject, name: str) -> bool:
    """ "blocking" (mtg:509.1a), "blocked" and "unblocked" (mtg:509.1h; here an attacking
    creature with no blocker declared counts as unblocked)."""
    if name == "blocking":
        return obj.id in game.defending_card_ids()
    if name == "blocked":
        return is_blocked(game, obj.id)
    if name == "unblocked":
        return obj.id in game.attacking_ids() and not is_blocked(game, obj.id)
    raise NotSupportedError(f"the status {name!r} in a description", "Magic does not model it")


def _attacking_you(c: Context, e: Seen) -> bool:
    """ "That's attacking you": attacking you or a planeswalker you control (mtg:506.2)."""
    state = c.game.attack
    return state is not None and _attacks_player(c.game, state, e.obj.id, c.you)


def _relative(which: Callable[..., frozenset[int]]) -> Callable[[Context, Seen], bool]:
    """A test relative to the source; a source that has left the battlefield (sacrificed
    to pay for the ability) counts as it last was in combat (mtg:608.2h)."""

    def test(c: Context, e: Seen) -> bool:
        if c.source is None:
            return False
        gone = not c.game.is_current(c.source)
        return e.obj.id in which(c.game, c.source.id, gone=gone)

    return test


def _blocking_or_blocked_by(game: Game, source_id: int, *, gone: bool = False) -> frozenset[int]:
    return blockers_of(game, source_id, gone=gone) | blocked_by(game, source_id, gone=gone)


def _did_this_turn(kind: str) -> Callable[[Context, Seen], bool]:
    """This very object (mtg:400.7) was declared as an attacker ("attacking" events) or
    as a blocker ("block") this turn (mtg:508.1a, mtg:509.1a)."""

    def test(c: Context, e: Seen) -> bool:
        return any(ev.kind == kind and ev.object == e.ref for ev in c.game.events.this_turn())

    return test


#: conditions of a description about combat: "attacking you"; "blocking it" (the source
#: is the attacking creature it blocks), "it's blocking"/"blocked by it" (the source
#: blocks it), "blocking or blocked by it" (mtg:509.1a, mtg:509.1h)
COMBAT_CONDITIONS: dict[str, Callable[[Context, Seen], bool]] = {
    "attacking_you": _attacking_you,
    "blocking_source": _relative(blockers_of),
    "blocked_by_source": _relative(blocked_by),
    "blocking_or_blocked_by_source": _relative(_blocking_or_blocked_by),
    # "that attacked this turn", "that blocked this turn"
    "attacked_this_turn": _did_this_turn("attacking"),
    "blocked_this_turn": _did_this_turn("block"),
}


# ------------------------------------------------------------ removal from combat
def remove_from_combat(game: Game, ref: ObjectRef, rule_applied: RuleRef) -> bool:
    """Take ``ref`` out of the combat (mtg:506.4): it stops attacking, blocking, being
    blocked; what it blocked stays blocked (mtg:509.1h). False if it was not in combat."""
    state = game.attack
    if state is None or state.turn != game.turn:
        return False
    ids = game.attacking_ids() | game.defending_card_ids()
    if ref.id not in ids:
        return False
    game.set_attack(replace(state, removed=state.removed | {ref.id}))
    game.log(
        Event(
            "removed_from_combat", f"{game.describe(ref)} is removed from combat", rule_applied, ref
        )
    )
    return True


def left_battlefield(game: Game, old: ObjectRef) -> None:
    """A permanent leaving the battlefield leaves the combat (mtg:506.4)."""
    remove_from_combat(game, old, rule("mtg:506.4"))


__all__ = [
    "COMBAT_CONDITIONS",
    "MUST_ATTACK",
    "attack_declared",
    "attack_reasons",
    "attack_target_reasons",
    "declare_defenders",
    "defend_reasons",
    "defending_player",
    "has_status",
    "join_attack",
    "left_battlefield",
    "remove_from_combat",
    "restrictions",
]
