"""Magic's part of copy effects on permanents (helper T6): the exceptions of a "becomes a
copy" effect that give values instead of the copied ones or add to them (mtg:707.9a-b),
and how long the copy effect lasts (mtg:514.2, mtg:611.2a).

The kernel's copy effect is :class:`~tcgrules.kernel.effects.CopyOf`, applied in layer 1
(mtg:613.1a, :meth:`Ruleset.order_key`): it replaces the copiable values of the object
it affects with the values it carries, exceptions included, so later copies of that
object copy them too (mtg:707.2, mtg:707.9b)."""

from __future__ import annotations

from dataclasses import replace

from tcgrules.cardtext.nodes import BecomesCopy, GrantAbility, UnsupportedEffect
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_stats import lasting
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.resolution import Resolution


def given_copy_values(
    run: Resolution, effect: BecomesCopy, values: Characteristics
) -> Characteristics:
    """``values`` (what is copied) with the exceptions that name a value (mtg:707.9b): the
    name of the object whose effect this is ("except its name is ~"), a power and
    toughness ("except it's 7/5"), legendary added (mtg:205.4a), quoted abilities it
    also has (mtg:707.9a). A quoted ability the reader did not read whole is not
    supported, rather than given without its meaning (raised before anything changes)."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    for grant in effect.granted:
        if _unread(grant):
            raise NotSupportedError(
                f"a copy exception giving an ability not read: {grant.text} (mtg:707.9a)"
            )
    if effect.name == "~":
        values = replace(values, name=_own_name(run))
    elif effect.name is not None:
        values = replace(values, name=effect.name)
    if effect.size is not None:
        power, toughness = effect.size
        values = replace(values, values={**values.values, "power": power, "toughness": toughness})
    if effect.legendary is True:
        values = replace(values, supertypes=values.supertypes | {"legendary"})
    elif effect.legendary is False:
        values = replace(values, supertypes=values.supertypes - {"legendary"})
    if effect.granted:
        values = replace(
            values, abilities=(*values.abilities, *(granted_ability(g) for g in effect.granted))
        )
    return values


def copy_duration(run: Resolution, effect: BecomesCopy) -> tuple[k.Duration, str | None, str]:
    """How long the copy effect lasts, the player whose next turn ends it, and words for
    it: until the cleanup step (mtg:514.2), until its controller's next turn
    (mtg:611.2a), or the rest of the game."""
    if effect.duration == "end_of_turn":
        return lasting(run, "end_of_turn")
    if effect.duration == "your_next_turn":
        return lasting(run, "your_next_turn")
    if effect.duration is not None:
        raise NotSupportedError(f"a copy effect lasting {effect.duration!r}")
    return None, None, ""


def becomes_exception_words(effect: BecomesCopy, values: Characteristics) -> str:
    """The exceptions of a "becomes a copy" effect, as the narration tells them."""
    words = []
    if effect.name is not None:
        words.append(f"its name is {values.name}")
    if effect.size is not None:
        words.append(f"it's {effect.size[0]}/{effect.size[1]}")
    if effect.legendary is not None:
        words.append("legendary" if effect.legendary else "not legendary")
    words += [f"{t} in addition to its other types" for t in effect.types]
    words += [f"it has {kw}" for kw in effect.keywords]
    if effect.this_ability:
        words.append("it has this ability")
    words += [f"it has {g.text.strip()}" for g in effect.granted]
    return f", except {', '.join(words)}" if words else ""


def _own_name(run: Resolution) -> str | None:
    """The name "~" stands for: the name the card's text is printed under, which is what
    the object whose ability or spell this is copies as its name (mtg:707.2)."""
    game = run.game
    source = run.info.source or run.obj.ref
    if game.is_current(source):
        return game.copiable_characteristics(source).name
    return game.get(source).base.name


def _unread(grant: GrantAbility) -> bool:
    return any(isinstance(e, UnsupportedEffect) for e in grant.effects)
