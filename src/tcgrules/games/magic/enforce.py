"""Magic's timing and costs where a game enforces them (``enforce: [costs, timing]``).

**Timing** (:func:`timing_refusal`). The kernel keeps turns, the active player, the
stack, a declared attack and the beginning of the end step, but no phases, steps or
priority. So, in this model:

- the player who acts holds priority (mtg:117.1): tcgrules has no priority passing
  to check against;
- the *main phase* of a turn (mtg:505.1) is the active player's turn before any
  attack is declared and before the end step begins: a scenario's turn starts in its
  precombat main phase (the beginning phase is not modelled). Once attackers are
  declared the turn is in its combat phase, and a sorcery-speed action is refused
  there; once combat damage is dealt, the model can't tell whether the combat phase
  has ended, so a sorcery-speed action then raises NotSupportedError (the
  postcombat main phase);
- an instant (mtg:304.1, 117.1a) or a card with flash (mtg:702.8a) may be cast any
  time; any other spell only in its controller's main phase with an empty stack
  (mtg:117.1a, and each type's own rule: 301.1, 302.1, 303.1, 306.1, 307.1, 310.1;
  a kindred card follows its other type, 308.1);
- a land is never cast: playing one is a special action (mtg:116.2a, 305.1, 305.9),
  which tcgrules has no step for, so ``cast`` of a land is refused;
- an activated ability may be activated any time (mtg:117.1b), a mana ability too
  (mtg:605.3a), except one that says "Activate only as a sorcery" (mtg:602.5d), equip
  (mtg:702.6a) and a loyalty ability (mtg:606.3), which also need the main phase; the
  other words that limit an activation are checked with or without ``enforce``
  (games/magic/limits.py); a creature's ``{T}``/``{Q}`` ability needs the creature
  under its controller's control since their most recent turn began, unless it has
  haste (mtg:302.6, 602.5a; :func:`summoning_sick`).

**Costs** (:func:`pay_total_cost`). The total cost is the one games/magic/costs.py
determines (mtg:601.2f, 602.2b: mana cost or the mana of the activation cost, X as
announced, kicker costs chosen, target-dependent increases and reductions) and is
paid with mana that mana abilities produce as it is paid (mtg:601.2g-h, 605.3a-b);
there is no mana pool kept between actions. A mana source is a permanent its
controller controls, untapped, not summoning sick, with a ``{T}``-only mana ability:
the intrinsic one of a land with a basic land type (mtg:305.6), or one whose text
reads "Add {G}", "Add {G}{G}", "Add {R} or {G}", "Add one mana of any color". Each
source is tapped once. A spell with no mana cost can't be paid for (mtg:118.6).
Hybrid symbols of two colors are paid with either; the other hybrid, Phyrexian and
snow symbols raise NotSupportedError naming the symbol.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tcgrules.cardtext.nodes import ActivatedAbility, KeywordAbility
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.events import Event, EventLog
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

from .activation_costs import loyalty_cost
from .costs import total_cost
from .effects_stats import BASIC_LAND_TYPES
from .mana import symbols

#: the mana each basic land type's intrinsic ability adds (mtg:305.6)
_BASIC_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
#: the types of mana, in the order a choice is made when any will do (mtg:106.1b)
_TYPES = ("W", "U", "B", "R", "G", "C")
_COLORS = frozenset("WUBRG")
#: a card type -> the rule that says when a spell of that type may be cast
_TYPE_RULES = (
    ("sorcery", "mtg:307.1"),
    ("creature", "mtg:302.1"),
    ("artifact", "mtg:301.1"),
    ("enchantment", "mtg:303.1"),
    ("planeswalker", "mtg:306.1"),
    ("battle", "mtg:310.1"),
)
_ONE = r"\{[wubrgc]\}"
_FIXED = re.compile(rf"add ((?:{_ONE})+)")
_EITHER = re.compile(rf"add ({_ONE}(?:, {_ONE})*,? or {_ONE})")
_ANY = re.compile(r"add one mana of any color")
#: what a permanent entering or changing control is logged as
_ARRIVALS = frozenset({"moved", "created", "token_created", "control_changed"})
_ARRIVALS_ENDED = "control_effect_ended"


def _refuse(number: str, why: str) -> Verdict:
    return Verdict.refuse(rule(number), why)


# ------------------------------------------------------------------------ timing
def timing_refusal(
    game: Game, obj: ObjectRef, by: str, *, method: str, ability: ActivatedAbility | None
) -> Verdict | None:
    """Why ``by`` may not cast ``obj`` (or activate ``ability`` of it) now, by Magic's
    timing rules as this model maps them (module docstring); None if they may."""
    if method == "activate":
        if ability is None:
            raise InputError("timing_refusal(method='activate') needs the ability")
        return _activation_refusal(game, obj, by, ability)
    if method != "cast":
        raise NotSupportedError(f"the timing of “{method}” in Magic", "Magic casts spells")
    chars = game.characteristics(obj)
    label = game.get(obj).label
    if "land" in chars.types:
        number = "mtg:305.9" if chars.types - {"land"} else "mtg:305.1"
        return _refuse(
            number,
            f"{label} is a land: a land is played as a special action (mtg:116.2a), "
            "never cast; tcgrules has no step for playing a land: put it in the setup",
        )
    if "instant" in chars.types:
        return None  # any time its caster has priority (mtg:304.1, 117.1a)
    if chars.has_keyword("flash"):
        return None  # as an instant could be (mtg:702.8a)
    number = next((n for t, n in _TYPE_RULES if t in chars.types), "mtg:117.1a")
    return sorcery_timing_refusal(game, by, number, f"casting {label}")


def sorcery_timing_refusal(game: Game, by: str, number: str, what: str) -> Verdict | None:
    """Why ``by`` can't do ``what`` at sorcery speed now: only in their own main phase
    with an empty stack (mtg:117.1a, 307.5), the main phase as this model reads it
    (module docstring); refusals cite ``number``."""
    if by != game.active_player:
        return _refuse(number, f"{what}: only in {by}'s own turn; it is {game.active_player}'s")
    if game.stack:
        return _refuse(number, f"{what}: only while the stack is empty")
    if game.ending == game.turn:
        return _refuse(number, f"{what}: only in a main phase; the end step has begun")
    attack = game.attack
    if attack is not None:
        if not attack.damage_dealt:
            return _refuse(
                number, f"{what}: only in a main phase; attackers were declared (combat phase)"
            )
        raise NotSupportedError(
            f"{what} after combat damage",
            "tcgrules does not track when the combat phase ends and the postcombat main "
            "phase begins (mtg:505.1)",
        )
    return None


def _activation_refusal(
    game: Game, source: ObjectRef, by: str, ability: ActivatedAbility
) -> Verdict | None:
    label = game.get(source).label
    if any(p.lower() in {"{t}", "{q}"} for p in ability.cost.parts) and summoning_sick(
        game, source
    ):
        return _refuse(
            "mtg:302.6",
            f"{label} has not been under {by}'s control since their most recent turn began, "
            f"so its {ability.cost.text} ability can't be activated",
        )
    if ability.text.lower().startswith("equip") and ":" not in ability.text:
        return sorcery_timing_refusal(game, by, "mtg:702.6a", f"“{ability.text}”")
    if loyalty_cost(ability) is not None:
        return sorcery_timing_refusal(game, by, "mtg:606.3", f"a loyalty ability of {label}")
    if any(q.kind == "activation" and "as a sorcery" in q.text.lower() for q in ability.qualifiers):
        return sorcery_timing_refusal(game, by, "mtg:602.5d", f"“{ability.text}”")
    return None  # any time its controller has priority (mtg:117.1b, 605.3a)


def summoning_sick(game: Game, ref: ObjectRef) -> bool:
    """Whether the creature ``ref`` can't use its ``{T}``/``{Q}`` abilities: it has no
    haste and the game's events show it entering the battlefield or changing control
    since its controller's most recent turn began (mtg:302.6, 602.5a). What the setup
    put on the battlefield was there before the game's recorded history, so it is not
    sick; for a player who has had no turn yet, every recorded arrival counts."""
    chars = game.characteristics(ref)
    if "creature" not in chars.types or chars.has_keyword("haste"):
        return False
    controller = game.controller(ref) or game.get(ref).owner
    node: EventLog | None = game.events
    while node is not None and node.event is not None:
        event = node.event
        if event.kind == "end_turn" and event.data.get("active") == controller:
            return False
        if event.object == ref and (event.kind in _ARRIVALS or event.kind == _ARRIVALS_ENDED):
            return True
        node = node.previous
    return False


# ------------------------------------------------------------------------- costs
@dataclass(frozen=True)
class _Source:
    """A permanent that can pay mana: what one tap adds (one set of mana types per mana
    it adds) and the rule that gives it the ability."""

    ref: ObjectRef
    label: str
    units: tuple[frozenset[str], ...]
    cited: str

    @property
    def flexibility(self) -> tuple[int, int]:
        return (max(len(u) for u in self.units), -len(self.units))


def _produced(text: str) -> tuple[frozenset[str], ...] | None:
    """What a mana ability's effect adds, one set of types per mana; None if its words
    are not one of the simple forms (module docstring)."""
    words = text.lower().strip().rstrip(".")
    if _ANY.fullmatch(words):
        return (_COLORS,)
    fixed = _FIXED.fullmatch(words)
    if fixed is not None:
        return tuple(frozenset({s}) for s in symbols(fixed.group(1)))
    either = _EITHER.fullmatch(words)
    if either is not None:
        return (frozenset(symbols(either.group(1))),)
    return None


def _mana_text(ability: ActivatedAbility) -> str | None:
    """The effect words of a mana ability (mtg:605.1a: no target, adds mana, not a
    loyalty ability), or None for another ability."""
    if ability.requirements or loyalty_cost(ability) is not None:
        return None
    words = ability.text.split(":", 1)[-1].strip()
    return words if words.lower().startswith("add ") else None


def mana_source(game: Game, ref: ObjectRef) -> tuple[_Source | None, str | None]:
    """The mana ``ref`` can add by tapping, and, where it has a mana ability tcgrules
    can't use to pay, that ability's text (one with another cost, a choice among
    several abilities that add more than one mana, or words it does not read)."""
    chars = game.characteristics(ref)
    label = game.get(ref).label
    ways: list[tuple[frozenset[str], ...]] = []
    cited = "mtg:605.1a"
    if "land" in chars.types:
        for kind in sorted(chars.subtypes & BASIC_LAND_TYPES):
            ways.append((frozenset({_BASIC_MANA[kind]}),))
            cited = "mtg:305.6"
    unusable: str | None = None
    for ability in chars.abilities:
        if not isinstance(ability, ActivatedAbility):
            continue
        words = _mana_text(ability)
        if words is None:
            continue
        adds = _produced(words)
        simple = [p.lower() for p in ability.cost.parts] == ["{t}"] and not ability.qualifiers
        if adds is None or not simple:
            unusable = unusable or ability.text
            continue
        ways.append(adds)
    if not ways:
        return None, unusable
    if len(set(ways)) == 1:
        return _Source(ref, label, ways[0], cited), unusable
    if all(len(w) == 1 for w in ways):
        merged = frozenset().union(*(w[0] for w in ways))
        return _Source(ref, label, (merged,), cited), unusable
    return None, " / ".join(a.text for a in chars.abilities if isinstance(a, ActivatedAbility))


def _needs(symbols_: Sequence[str]) -> list[tuple[str, frozenset[str]]]:
    """The colored and colorless symbols of a total cost, each with the types of mana
    that pay it (mtg:107.4a, 107.4c, 107.4e); NotSupportedError for the rest."""
    found: list[tuple[str, frozenset[str]]] = []
    for sym in symbols_:
        parts = sym.split("/")
        if all(p in _TYPES for p in parts) and (len(parts) == 1 or "C" not in parts):
            found.append((sym, frozenset(parts)))
            continue
        why = {
            "X": "announce X with `x: N` (mtg:107.3a, 601.2b)",
            "S": "snow mana needs a record of which sources are snow (mtg:107.4h)",
        }.get(sym, "this symbol offers a choice of payment tcgrules does not make")
        if "P" in parts:
            why = "Phyrexian mana may be paid with 2 life: a choice (mtg:107.4f, 601.2b)"
        raise NotSupportedError(f"paying the mana symbol {{{sym}}}", why)
    return found


def _kicker_costs(game: Game, ref: ObjectRef) -> tuple[str, ...]:
    """The kicker costs paid for the spell ``ref``: its kicker cost once, its two
    ("Kicker A and/or B") when kicked twice, a multikicker cost each time
    (mtg:702.33a-d; games/magic/cast_options.py checked how many times)."""
    obj = game.get(ref)
    times = obj.stack.cast_option("kicked") if obj.stack is not None else 0
    if not times or obj.card is None:
        return ()
    found: list[str] = []
    for keyword in game.ruleset.card_text(obj.card).abilities:
        if not isinstance(keyword, KeywordAbility) or keyword.argument is None:
            continue
        if keyword.name == "multikicker":
            found += [keyword.argument] * times
        elif keyword.name == "kicker":
            costs = keyword.argument.split(" and/or ")
            if len(costs) > times:
                raise NotSupportedError(
                    f"kicking {obj.label} once", "which of its two kicker costs is paid"
                )
            found += costs
    return tuple(found)


def pay_total_cost(
    game: Game,
    ref: ObjectRef,
    by: str,
    *,
    pay_with: Sequence[ObjectRef],
    ability: ActivatedAbility | None,
) -> None:
    """Pay the total cost of the spell or activated ability ``ref`` with mana from the
    sources ``pay_with`` names (all of them are tapped) or, without it, from sources
    chosen as :func:`_choose` does; RulesViolation citing mtg:601.2h if it can't be
    paid (the caller's transaction undoes everything)."""
    obj = game.get(ref)
    info = obj.stack
    x = info.x if info is not None else None
    additional = _kicker_costs(game, ref) if ability is None else ()
    total = total_cost(game, ref, x, additional, ability)
    if total is None:
        return
    if ability is None and not total.base:
        raise RulesViolation(
            _refuse("mtg:118.6", f"{obj.label} has no mana cost: its cost can't be paid"),
            f"pay the total cost of {obj.label}",
        )
    if "X" in total.symbols:
        raise RulesViolation(
            _refuse("mtg:601.2b", f"{obj.label}: announce X (x: N) to pay its cost"),
            f"pay the total cost of {obj.label}",
        )
    needs = _needs(total.symbols)
    cost = "".join(f"{{{s}}}" for s in total.symbols)
    cost = (f"{{{total.generic}}}" if total.generic or not cost else "") + cost
    if total.life and (game.life(by) or 0) < total.life:
        raise RulesViolation(
            _refuse("mtg:119.4", f"{by} has less than {total.life} life to pay"),
            f"pay the total cost of {obj.label}",
        )
    if pay_with:
        sources = [_named(game, by, r) for r in pay_with]  # each once (kernel/play.py)
        plan = _match(needs, total.generic, sources, take_all=True)
    else:
        sources, skipped = _available(game, by)
        plan = _match(needs, total.generic, sources, take_all=False)
        if plan is None and skipped:
            raise NotSupportedError(
                f"paying {cost} for {obj.label}",
                "the untapped sources can't pay it, and these mana abilities are not ones "
                f"tcgrules uses: {'; '.join(skipped)}",
            )
    if plan is None:
        named = ", ".join(s.label for s in sources) or "no untapped mana source"
        raise RulesViolation(
            _refuse(
                "mtg:601.2h", f"the total cost {cost} of {obj.label} can't be paid with {named}"
            ),
            f"pay the total cost of {obj.label}",
        )
    unspent = sum(len(m) for _, m in plan) - len(needs) - total.generic
    _tap_and_log(game, ref, by, plan, cost, total.life, unspent)


def _named(game: Game, by: str, ref: ObjectRef) -> _Source:
    """A source the player named: theirs, on the battlefield, untapped, with a mana
    ability they can activate now; else the refusal."""
    obj = game.get(ref)
    action = f"pay with {obj.label}"
    if obj.zone.name != "battlefield" or obj.phased_out:
        raise RulesViolation(_refuse("mtg:605.3a", f"{obj.label} is not a permanent"), action)
    if (game.controller(ref) or obj.owner) != by:
        raise RulesViolation(
            _refuse("mtg:602.2", f"{obj.label} is not {by}'s: only its controller taps it"),
            action,
        )
    source, unusable = mana_source(game, ref)
    if source is None:
        if unusable is not None:
            raise NotSupportedError(f"paying mana with {obj.label}", f"its ability “{unusable}”")
        raise RulesViolation(_refuse("mtg:605.1a", f"{obj.label} has no mana ability"), action)
    if obj.tapped:
        raise RulesViolation(
            _refuse("mtg:107.5", f"{obj.label} is tapped, so it can't pay {{T}}"), action
        )
    if summoning_sick(game, ref):
        raise RulesViolation(
            _refuse(
                "mtg:302.6",
                f"{obj.label} has not been under {by}'s control since their most recent turn began",
            ),
            action,
        )
    return source


def _available(game: Game, by: str) -> tuple[list[_Source], list[str]]:
    """``by``'s untapped sources that can tap for mana now, least flexible first (then
    in battlefield order), and the texts of the mana abilities tcgrules can't use."""
    found: list[_Source] = []
    skipped: list[str] = []
    for ref in game.zone("battlefield"):
        obj = game.get(ref)
        if obj.tapped or obj.phased_out or (game.controller(ref) or obj.owner) != by:
            continue
        source, unusable = mana_source(game, ref)
        if source is None:
            if unusable is not None:
                skipped.append(f"{obj.label}: “{unusable}”")
            continue
        if not summoning_sick(game, ref):
            found.append(source)
    found.sort(key=lambda s: s.flexibility)
    return found, skipped


#: a payment: each source tapped, with the type of each mana it adds
_Plan = list[tuple[_Source, list[str]]]


def _match(
    needs: list[tuple[str, frozenset[str]]], generic: int, sources: list[_Source], *, take_all: bool
) -> _Plan | None:
    """Which sources pay: the colored symbols first, the most demanding first, each
    matched to one mana (an augmenting-path matching, so a payment is found if one
    exists), trying the least flexible sources first; then the generic mana with the
    mana left from those sources and then the next least flexible ones. ``take_all``:
    every source is tapped (the player named them). None if it can't be paid."""
    units = [(i, j, u) for i, s in enumerate(sources) for j, u in enumerate(s.units)]
    order = sorted(range(len(needs)), key=lambda k: len(needs[k][1]))
    held: dict[int, int] = {}  # unit index -> need index

    def place(k: int, seen: set[int]) -> bool:
        for ui, (_, _, unit) in enumerate(units):
            if ui in seen or not unit & needs[k][1]:
                continue
            seen.add(ui)
            if ui not in held or place(held[ui], seen):
                held[ui] = k
                return True
        return False

    if not all(place(k, set()) for k in order):
        return None
    tapped = {units[ui][0] for ui in held} | (set(range(len(sources))) if take_all else set())
    spare = [ui for ui, (i, _, _) in enumerate(units) if i in tapped and ui not in held]
    left = generic - len(spare)
    for i in range(len(sources)):
        if left <= 0:
            break
        if i not in tapped:
            tapped.add(i)
            left -= len(sources[i].units)
    if left > 0:
        return None
    plan: _Plan = []
    for i in sorted(tapped, key=lambda i: sources[i].flexibility):
        mana: list[str] = []
        for ui, (si, _, unit) in enumerate(units):
            if si != i:
                continue
            wanted = unit & needs[held[ui]][1] if ui in held else unit
            mana.append(next(t for t in _TYPES if t in wanted))
        plan.append((sources[i], mana))
    return plan


def _tap_and_log(  # noqa: PLR0917  (the parts of one payment)
    game: Game, ref: ObjectRef, by: str, plan: _Plan, cost: str, life: int, unspent: int
) -> None:
    """Activate each source's mana ability (it taps and adds its mana at once,
    mtg:605.3b), then pay the cost with that mana and the life (mtg:601.2h); mana the
    named sources added beyond the cost is left unspent, and empties from the pool as
    the step ends (mtg:106.4)."""
    label = game.get(ref).label
    for source, mana in plan:
        game.set_tapped(source.ref, True, rule_applied=rule("mtg:605.3b"))
        added = "".join(f"{{{m}}}" for m in mana)
        game.log(
            Event(
                "mana_added",
                f"{by} taps {source.label} for {added} to pay for {label}",
                rule(source.cited),
                source.ref,
                player=by,
                data=MappingProxyType({"mana": added}),
            )
        )
    if life:
        game.change_life(by, -life, rule_applied=rule("mtg:119.4"))
    used = ", ".join(s.label for s, _ in plan) or "nothing"
    paid = cost + (f" and {life} life" if life else "")
    if unspent > 0:
        used += f"; {unspent} mana left unspent, lost as the step ends (mtg:106.4)"
    game.log(
        Event(
            "paid",
            f"{by} pays {paid} for {label} (mana from {used})",
            rule("mtg:601.2h"),
            ref,
            player=by,
            data=MappingProxyType(
                {
                    "mana": cost,
                    "life": life,
                    "sources": tuple(s.ref for s, _ in plan),
                    "unspent": max(0, unspent),
                }
            ),
        )
    )
