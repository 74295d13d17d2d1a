"""What limits targeting in Magic: hexproof, shroud, protection, and effects that say
something "can't be the target of" spells or abilities.

Ward does not limit targeting: it is a triggered ability that counters the
spell or ability unless its controller pays (mtg:702.21a), handled on the stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tcgrules.cardtext.nodes import (
    Attached,
    CantBeTargeted,
    Each,
    PlayerHas,
    Self,
    StaticAbility,
    TargetAsThoughNoHexproof,
)
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.vocabulary import CARD_TYPES, SUPERTYPES
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.describe import Context, compile_descriptor, describes, you_of
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.targeting import Targeter
from tcgrules.rules import rule
from tcgrules.verdict import Reason

COLORS = frozenset({"white", "blue", "black", "red", "green"})


@dataclass(frozen=True, slots=True)
class ShroudIgnoredFor:
    """What an object carries while the spells and abilities ``player`` controls may
    target it as though it didn't have shroud (Autumn Willow; mtg:702.18a)."""

    player: str
    text: str


def _shroud_ignored(chars: Characteristics, player: str) -> bool:
    return any(isinstance(a, ShroudIgnoredFor) and a.player == player for a in chars.abilities)


_PLURALS = {"sorceries": "sorcery"}


def _singular(word: str) -> str:
    if word in _PLURALS:
        return _PLURALS[word]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def quality_matches(quality: str, targeter: Targeter, game: Game) -> bool:
    """Whether the spell (or the ability's source) has a protection/hexproof quality.

    Colors, "multicolored", "monocolored", "colorless", card types, subtypes and
    supertypes (mtg:702.16a), "everything" (mtg:702.16j) and a player
    (mtg:702.16k: what that player controls).
    """
    q = quality.strip().lower()
    src = targeter.quality
    if q == "everything":
        return True
    if q in COLORS:
        return q in src.colors
    if q == "multicolored":
        return len(src.colors) >= 2
    if q == "monocolored":
        return len(src.colors) == 1
    if q == "colorless":
        return not src.colors
    if q in game.players:
        return targeter.controller == q
    word = _singular(q)
    if word in src.types or word in src.subtypes or word in src.supertypes:
        return True
    if word in CARD_TYPES or word in SUPERTYPES or " " not in word:
        return False  # a type word (or a subtype) the source does not have
    raise NotSupportedError(f"the protection quality {quality!r}")


#: what :func:`_board_statics` finds: what permanents give players or targeters ("You
#: have hexproof", "as though it didn't have hexproof"), and the "can't be the target"
#: effects about other objects
BoardStatics = tuple[tuple[tuple[Seen, object], ...], tuple[tuple[Seen, CantBeTargeted], ...]]


def _find_board_statics(game: Game) -> BoardStatics:
    battlefield = game.ruleset.battlefield
    effects = [
        (entry, effect)
        for obj in game.printed_statics()
        if obj.zone.name == battlefield and not obj.phased_out
        for entry in (game.seen_object(obj.ref),)
        for ability in entry.chars.abilities
        if isinstance(ability, StaticAbility)
        for effect in ability.effects
    ]
    given = tuple((e, x) for e, x in effects if isinstance(x, PlayerHas | TargetAsThoughNoHexproof))
    limits = tuple(
        (e, x) for e, x in effects if isinstance(x, CantBeTargeted) and not isinstance(x.what, Self)
    )
    return given, limits


#: no permanent gives anything or limits targeting
_NO_STATICS: BoardStatics = ((), ())


def _board_statics(game: Game) -> BoardStatics:
    """The static-ability effects of the permanents on the battlefield that reach beyond
    their own object (mtg:604.1; a phased-out permanent has none, mtg:702.26b), worked
    out once per state of the game. Such abilities are printed: only permanents that
    print a static ability are looked at, with their current abilities, and a game
    where no object prints one has none (nothing to work out)."""
    if not game.may_print_statics():
        return _NO_STATICS
    return game.derived(_find_board_statics, _find_board_statics)


def _statics(game: Game, kind: type) -> Iterator[tuple[Seen, object]]:
    """The effects of type ``kind`` that permanents give players or targeters."""
    for entry, effect in _board_statics(game)[0]:
        if isinstance(effect, kind):
            yield entry, effect


def player_keywords(game: Game, player: str) -> tuple[Keyword, ...]:
    """A player's keyword abilities: those granted to them, and those the permanents
    they control give them ("You have hexproof.", mtg:702.11c, mtg:604.1)."""
    found = list(game.player(player).keywords)
    for entry, effect in _statics(game, PlayerHas):
        assert isinstance(effect, PlayerHas)
        if entry.controller == player:
            found.extend(Keyword(name, arg) for name, arg in effect.keywords)
    return tuple(found)


def hexproof_ignored_by(
    game: Game, targeter: Targeter, candidate: ObjectRef | PlayerRef
) -> ObjectRef | None:
    """A permanent whose static ability lets ``targeter``'s controller target
    ``candidate`` as though it didn't have hexproof (mtg:702.11e), if there is one."""
    for entry, effect in _statics(game, TargetAsThoughNoHexproof):
        assert isinstance(effect, TargetAsThoughNoHexproof)
        if not effect.anyone and entry.controller != targeter.controller:
            continue
        you = entry.controller or entry.obj.owner
        if describes(Context(game, you, entry.ref), effect.what, candidate):
            return entry.ref
    return None


def _ignored_reason(game: Game, name: str, by: ObjectRef, hexproof: str) -> Reason:
    return Reason(
        rule("mtg:702.11e"),
        f"{name} has {hexproof}, but {game.describe(by)} lets it be targeted as though it "
        "didn't have hexproof",
        passed=True,
    )


def restrictions(
    game: Game, targeter: Targeter, candidate: ObjectRef, chars: Characteristics
) -> list[Reason]:
    """Hexproof (mtg:702.11b/d), shroud (mtg:702.18a) and protection (mtg:702.16b)."""
    reasons: list[Reason] = []
    name = game.describe(candidate)
    controller = game.controller(candidate)
    by_opponent = controller is not None and controller != targeter.controller
    what = "spell" if targeter.kind == "spell" else "ability"
    for kw in chars.keywords:
        if kw.name == "shroud" and _shroud_ignored(chars, targeter.controller):
            reasons.append(
                Reason(
                    rule("mtg:702.18a"),
                    f"{name} has shroud, but {targeter.controller}'s spells and abilities may "
                    "target it as though it didn't this turn",
                    passed=True,
                )
            )
        elif kw.name == "shroud":
            reasons.append(
                Reason(rule("mtg:702.18a"), f"{name} has shroud: no spell or ability can target it")
            )
        elif (
            kw.name == "hexproof"
            and by_opponent
            and (ignored := hexproof_ignored_by(game, targeter, candidate))
        ):
            reasons.append(_ignored_reason(game, name, ignored, kw.text))
        elif kw.name == "hexproof" and kw.argument is None:
            if by_opponent:
                reasons.append(
                    Reason(
                        rule("mtg:702.11b"),
                        f"{name} has hexproof and the {what} is controlled by an opponent "
                        f"of {controller}",
                    )
                )
            else:
                reasons.append(
                    Reason(
                        rule("mtg:702.11b"),
                        f"{name} has hexproof, which stops only opponents; "
                        f"{targeter.controller} controls it",
                        passed=True,
                    )
                )
        elif (
            kw.name == "hexproof"
            and kw.argument is not None
            and by_opponent
            and quality_matches(kw.argument, targeter, game)
        ):
            reasons.append(
                Reason(
                    rule("mtg:702.11d"),
                    f"{name} has hexproof from {kw.argument} and the {what} is an opponent's "
                    f"{kw.argument} {what}",
                )
            )
        elif (
            kw.name == "protection"
            and kw.argument is not None
            and quality_matches(kw.argument, targeter, game)
        ):
            source = "spell" if targeter.kind == "spell" else "ability's source"
            reasons.append(
                Reason(
                    rule("mtg:702.16b"),
                    f"{name} has protection from {kw.argument} and the {source} is {kw.argument}",
                )
            )
    return reasons


def allowed(game: Game, targeter: Targeter, entry: Seen) -> bool:
    """The decision of :func:`restrictions` without building reasons (the query path)."""
    controller = entry.controller
    for kw in entry.chars.abilities:
        if not isinstance(kw, Keyword):
            continue
        name = kw.name
        if name == "shroud" and not _shroud_ignored(entry.chars, targeter.controller):
            return False
        if name == "protection":
            if kw.argument is not None and quality_matches(kw.argument, targeter, game):
                return False
        elif name == "hexproof":
            if controller is None or controller == targeter.controller:
                continue
            if (
                kw.argument is None or quality_matches(kw.argument, targeter, game)
            ) and hexproof_ignored_by(game, targeter, entry.ref) is None:
                return False
    return True


def player_restrictions(game: Game, targeter: Targeter, player: str) -> list[Reason]:
    """A player's hexproof (mtg:702.11c), shroud (mtg:702.18a) and protection (mtg:702.16b),
    granted or from the permanents they control; hexproof may be ignored (mtg:702.11e)."""
    reasons: list[Reason] = []
    opponent = player != targeter.controller
    what = "spell" if targeter.kind == "spell" else "ability"
    for kw in player_keywords(game, player):
        if kw.name == "shroud":
            reasons.append(
                Reason(
                    rule("mtg:702.18a"), f"{player} has shroud: no spell or ability can target them"
                )
            )
        elif (
            kw.name == "hexproof"
            and opponent
            and (ignored := hexproof_ignored_by(game, targeter, PlayerRef(player)))
        ):
            reasons.append(_ignored_reason(game, player, ignored, kw.text))
        elif kw.name == "hexproof" and kw.argument is None and opponent:
            reasons.append(
                Reason(
                    rule("mtg:702.11c"),
                    f"{player} has hexproof and the {what} is controlled by their opponent",
                )
            )
        elif (
            kw.name == "protection"
            and kw.argument is not None
            and quality_matches(kw.argument, targeter, game)
        ):
            reasons.append(
                Reason(rule("mtg:702.16b"), f"{player} has protection from {kw.argument}")
            )
    return reasons


def _effect_applies(
    effect: CantBeTargeted, targeter: Targeter, controller: str | None, game: Game
) -> bool:
    """Whether a "can't be the target" effect stops this spell or ability: its kind,
    whose it is (``controller``: the player whose opponents it names), and the quality
    the effect names, read as protection reads one (mtg:702.16a; "nongreen": without
    green)."""
    if not (effect.spells if targeter.kind == "spell" else effect.abilities):
        return False
    if effect.qualities and not any(
        not quality_matches(q[3:], targeter, game)
        if q.startswith("non")
        else quality_matches(q, targeter, game)
        for q in effect.qualities
    ):
        return False
    return not effect.opponents or (controller is not None and controller != targeter.controller)


def _limiting_effects(
    game: Game, candidate: ObjectRef, chars: Characteristics
) -> list[tuple[CantBeTargeted, str, str | None]]:
    """The "can't be the target" effects that apply to ``candidate`` now, each with where
    it comes from and the player its "your opponents" is said from: one a resolved
    spell gave it (mtg:611.2a) and its own static abilities (its controller), and the
    static abilities of permanents on the battlefield, of an Aura or Equipment attached
    to it or about a group it belongs to (the permanent's controller, mtg:109.5, so a
    land card in a graveyard is covered too; mtg:604.1, mtg:611.3a)."""
    found: list[tuple[CantBeTargeted, str, str | None]] = []
    own = game.controller(candidate)
    for ability in chars.abilities:
        if isinstance(ability, CantBeTargeted):
            found.append((ability, "an effect", own))
        elif isinstance(ability, StaticAbility):
            found.extend(
                (e, "its ability", own)
                for e in ability.effects
                if isinstance(e, CantBeTargeted) and isinstance(e.what, Self)
            )
    for source, effect in _board_statics(game)[1]:
        # a group may include the permanent itself ("Creatures you control ...")
        what = effect.what
        if isinstance(what, Attached):
            applies = source.obj.attached_to == candidate
        elif isinstance(what, Each):
            you = source.controller or source.obj.owner
            applies = describes(Context(game, you, source.ref), what.descriptor, candidate)
        else:
            applies = False
        if applies:
            found.append((effect, source.obj.label, source.controller or source.obj.owner))
    return [f for f in found if not _excepted(game, f[0], candidate)]


def _excepted(game: Game, effect: CantBeTargeted, candidate: ObjectRef) -> bool:
    """Whether ``candidate`` escapes ``effect`` now: "... unless it attacked or blocked
    this turn" (Lurker), checked each time (mtg:115.1, mtg:608.2b)."""
    if effect.unless is None:
        return False
    check = compile_descriptor(effect.unless, game.ruleset.name).objects
    ctx = Context(game, you_of(game, candidate), candidate)
    return check is not None and check(ctx, game.seen_object(candidate))


def _battlefield_effects(game: Game) -> tuple[tuple[Seen, CantBeTargeted], ...]:
    """The "can't be the target" effects of static abilities of permanents on the
    battlefield that are about other objects (computed once per board state)."""
    return _board_statics(game)[1]


def effect_restrictions(
    game: Game, targeter: Targeter, candidate: ObjectRef, chars: Characteristics
) -> list[Reason]:
    """ "Can't be the target of ..." effects, which make a choice of target illegal as
    the keywords do (mtg:601.2c for a spell, mtg:602.2b for an ability)."""
    limiting = _limiting_effects(game, candidate, chars)
    if not limiting:
        return []
    number = rule("mtg:601.2c" if targeter.kind == "spell" else "mtg:602.2b")
    name = game.describe(candidate)
    what = "spells" if targeter.kind == "spell" else "abilities"
    reasons: list[Reason] = []
    for effect, origin, whose in limiting:
        if _effect_applies(effect, targeter, whose, game):
            by = f" an opponent of {whose} controls" if effect.opponents else ""
            quality = " or ".join(effect.qualities)
            which = f"{quality} {what}" if quality else what
            reasons.append(
                Reason(
                    number,
                    f"{name} can't be the target of {which}{by} ({origin})",
                )
            )
    return reasons


def effects_allow(game: Game, targeter: Targeter, entry: Seen) -> bool:
    """The decision of :func:`effect_restrictions` without building reasons."""
    for ability in entry.chars.abilities:
        if type(ability) is CantBeTargeted or type(ability) is StaticAbility:
            break
    else:
        if not _board_statics(game)[1]:
            return True
    return not any(
        _effect_applies(effect, targeter, whose, game)
        for effect, _, whose in _limiting_effects(game, entry.ref, entry.chars)
    )


def targeting_effects_active(game: Game) -> bool:
    """Whether a permanent's static ability says other objects can't be targeted now."""
    return bool(_board_statics(game)[1])
