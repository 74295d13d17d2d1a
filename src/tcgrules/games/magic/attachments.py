"""Magic's attachments: what an Aura, Equipment or Fortification may stay attached to,
and how attachments phase with the permanent they are attached to.

State-based actions (mtg:704.5m, 704.5n, 704.5p) look at every attached permanent:
an Aura attached illegally goes to its owner's graveyard (mtg:303.4c-d, 702.16c), an
Equipment or Fortification attached illegally becomes unattached and stays on the
battlefield (mtg:301.5c, 301.6, 702.16d), and anything else attached becomes
unattached. Phasing takes the attachments along (mtg:702.26g).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tcgrules.cardtext.nodes import KeywordAbility
from tcgrules.errors import RulesViolation
from tcgrules.games.magic.restrictions import player_keywords, quality_matches
from tcgrules.games.magic.text import parse_magic
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import ANY_ZONE, Context, compile_descriptor
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject, ObjectRef, PlayerRef
from tcgrules.kernel.targeting import Targeter
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an attached permanent may not stay attached: the rule and a few words."""

    number: str
    why: str


@lru_cache(maxsize=512)
def enchant_requirements(argument: str) -> tuple[TargetRequirement, ...]:
    """What "Enchant [argument]" allows, read by the grammar as an Aura spell's target
    is (mtg:702.5a, mtg:303.4a)."""
    found: tuple[TargetRequirement, ...] = ()
    for ability in parse_magic(f"Enchant {argument}", None, "Enchantment — Aura").abilities:
        if isinstance(ability, KeywordAbility) and ability.name == "enchant":
            found += ability.requirements
    return found


def _fits(
    game: Game,
    requirement: TargetRequirement,
    host: ObjectRef | PlayerRef,
    you: str,
    source: ObjectRef,
) -> bool:
    """Whether ``host`` is what ``requirement`` describes, for the Aura's controller."""
    compiled = compile_descriptor(requirement.descriptor, type(game.ruleset))
    ctx = Context(game, you, source)
    if isinstance(host, PlayerRef):
        return compiled.players is not None and compiled.players(ctx, host.name)
    entry = game.seen_object(host)
    if compiled.objects is None or compiled.zone is None:
        return False
    if compiled.zone != ANY_ZONE and not game.ruleset.zone_matches(
        entry.obj.zone.name,
        game.ruleset.battlefield if compiled.zone == "battlefield" else compiled.zone,
    ):
        return False
    return compiled.objects(ctx, entry)


def _protection(
    game: Game,
    host: ObjectRef | PlayerRef,
    attached: Characteristics,
    controller: str,
    source: ObjectRef,
) -> str | None:
    """The quality of a protection of ``host`` that the attached permanent has, if any
    (mtg:702.16a; a player's protection counts what that player controls, mtg:702.16k)."""
    if isinstance(host, PlayerRef):
        qualities = tuple(
            k.argument
            for k in player_keywords(game, host.name)
            if k.name == "protection" and k.argument
        )
    else:
        qualities = game.characteristics(host).keyword_arguments("protection")
    seen_as = Targeter(controller, "spell", None, source, attached)
    for quality in qualities:
        if quality and quality_matches(quality, seen_as, game):
            return quality
    return None


def _gone(game: Game, host: ObjectRef | PlayerRef) -> str | None:
    """Why the object or player an attachment is attached to no longer counts."""
    if isinstance(host, PlayerRef):
        return f"{host.name} has left the game" if game.player(host.name).lost else None
    if not game.is_current(host):
        return "what it was attached to is gone"
    if game.get(host).phased_out:
        return f"{game.describe(host)} is phased out, so the game treats it as gone"
    return None


def aura_problem(game: Game, aura: GameObject, chars: Characteristics) -> Problem | None:
    """Why an Aura on the battlefield may not stay attached: it is attached to nothing
    (mtg:704.5m), to something gone (mtg:303.4c), to itself or while it is a creature
    (mtg:303.4d), to something its enchant abilities don't allow (mtg:303.4c, all of
    them, mtg:702.5c), or to something with protection from one of its qualities
    (mtg:702.16c)."""
    host = aura.attached_to
    if host is None:
        return Problem("mtg:704.5m", "is not attached to anything")
    gone = _gone(game, host)
    if gone is not None:
        return Problem("mtg:303.4c", gone)
    if isinstance(host, ObjectRef) and host.id == aura.id:
        return Problem("mtg:303.4d", "an Aura can't enchant itself")
    if "creature" in chars.types:
        return Problem("mtg:303.4d", "an Aura that is also a creature can't enchant anything")
    controller = game.controller(aura.ref) or aura.owner
    return enchant_problem(game, chars, host, controller, aura.ref, cited="mtg:303.4c")


def enchant_problem(
    game: Game,
    chars: Characteristics,
    host: ObjectRef | PlayerRef,
    controller: str,
    source: ObjectRef,
    *,
    cited: str,
) -> Problem | None:
    """Why an Aura with ``chars`` controlled by ``controller`` may not enchant ``host``:
    something one of its enchant abilities doesn't allow (``cited``; all of them count,
    mtg:702.5c) or protection from one of its qualities (mtg:702.16c). ``source`` is the
    Aura, or the object making it when it doesn't exist yet (mtg:303.4i)."""
    name = game.describe(host)
    for allowed in chars.keyword_arguments("enchant"):
        for requirement in enchant_requirements(allowed):
            if not _fits(game, requirement, host, controller, source):
                return Problem(
                    cited, f"{name} is not what “Enchant {allowed}” allows for {controller}"
                )
    quality = _protection(game, host, chars, controller, source)
    if quality is not None:
        return Problem("mtg:702.16c", f"{name} has protection from {quality}")
    return None


def equipment_problem(game: Game, obj: GameObject, chars: Characteristics) -> Problem | None:
    """Why an Equipment (or Fortification) may not stay attached: to a player
    (mtg:704.5n), to something gone, to itself, while it is a creature, to a
    noncreature (mtg:301.5c; a nonland for a Fortification, mtg:301.6), or to something
    with protection from one of its qualities (mtg:702.16d)."""
    fortification = "equipment" not in chars.subtypes
    host = obj.attached_to
    if host is None:
        return None
    if isinstance(host, PlayerRef):
        return Problem("mtg:704.5n", f"it is attached to a player, {host.name}")
    own = "mtg:301.6" if fortification else "mtg:301.5c"
    gone = _gone(game, host)
    if gone is not None:
        return Problem(own, gone)
    if host.id == obj.id:
        return Problem(own, "it can't be attached to itself")
    if "creature" in chars.types and not chars.has_keyword("reconfigure"):
        return Problem(own, "it is a creature itself")
    kind = "land" if fortification else "creature"
    name = game.describe(host)
    if kind not in game.characteristics(host).types:
        return Problem(own, f"{name} is not a {kind}")
    controller = game.controller(obj.ref) or obj.owner
    quality = _protection(game, host, chars, controller, obj.ref)
    if quality is not None:
        return Problem("mtg:702.16d", f"{name} has protection from {quality}")
    return None


def attachment_problems(
    game: Game, candidates: list[GameObject]
) -> tuple[list[tuple[ObjectRef, Problem]], list[tuple[ObjectRef, Problem]]]:
    """The Auras to put into their owners' graveyards (mtg:704.5m) and the permanents to
    unattach (mtg:704.5n, 704.5p), each with its problem, among ``candidates``: the
    caller passes every attached permanent (what it is attached to may have changed, not
    it) and the unattached Auras that changed since the last check."""
    doomed: list[tuple[ObjectRef, Problem]] = []
    loose: list[tuple[ObjectRef, Problem]] = []
    seen: set[int] = set()
    for obj in candidates:
        if obj.id in seen or obj.zone.name != "battlefield" or obj.phased_out:
            continue
        seen.add(obj.id)
        chars = game.characteristics(obj.ref)
        if "aura" in chars.subtypes:
            problem = aura_problem(game, obj, chars)
            if problem is not None:
                doomed.append((obj.ref, problem))
        elif obj.attached_to is None:
            continue
        elif chars.subtypes & {"equipment", "fortification"}:
            problem = equipment_problem(game, obj, chars)
            if problem is not None:
                loose.append((obj.ref, problem))
        else:
            loose.append(
                (
                    obj.ref,
                    Problem(
                        "mtg:704.5p", "only an Aura, Equipment or Fortification stays attached"
                    ),
                )
            )
    return doomed, loose


def phase(game: Game, ref: ObjectRef, phased_out: bool) -> None:
    """A permanent phases out (mtg:702.26b) or in (mtg:702.26c); the Auras, Equipment
    and Fortifications attached to it phase out indirectly with it and phase back in,
    still attached, only along with it (mtg:702.26g). Its counters stay on it
    (mtg:702.26d). One that phased out indirectly doesn't phase in by itself."""
    obj = game.get(ref)
    if not phased_out and obj.phased_indirectly:
        host = obj.attached_to
        with_what = game.describe(host) if host is not None else "what it was attached to"
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:702.26g"),
                f"{obj.label} phased out indirectly, with {with_what}; it phases in only "
                "along with it",
            ),
            f"phase in {obj.label}",
        )
    if obj.phased_out == phased_out:
        return
    game.set_phased_out(
        ref, phased_out, rule_applied=rule("mtg:702.26b" if phased_out else "mtg:702.26c")
    )
    _carry(game, ref, phased_out)


def _carry(game: Game, host: ObjectRef, phased_out: bool) -> None:
    """Phase the permanents attached to ``host`` out or in with it (mtg:702.26g), and
    theirs with them."""
    for other in game.attached():
        if other.attached_to != host or other.zone.name != "battlefield":
            continue
        if phased_out and not other.phased_out:
            game.set_phased_out(
                other.ref,
                True,
                rule_applied=rule("mtg:702.26g"),
                indirectly=True,
                reason=f"indirectly, with {game.describe(host)}",
            )
        elif not phased_out and other.phased_indirectly:
            game.set_phased_out(
                other.ref,
                False,
                rule_applied=rule("mtg:702.26g"),
                reason=f"along with {game.describe(host)}, still attached to it",
            )
        else:
            continue
        _carry(game, other.ref, phased_out)
