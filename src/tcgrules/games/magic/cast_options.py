"""Magic's optional additional costs chosen as a spell is cast (mtg:601.2b): kicker and
multikicker (mtg:702.33), bargain (mtg:702.166) and gift (mtg:702.174).

The kernel records the choices on the spell (``StackInfo.cast_options``: name ->
times); this module says which a card may choose (:func:`cast_option_refusal`) and
answers the conditions and amounts that ask about them, for the spell or for the
permanent it became (mtg:400.7d).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tcgrules.cardtext.nodes import KeywordAbility
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, StackInfo
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

#: the option names a scenario or caller may choose, and the keyword that allows each
OPTION_KEYWORDS: Mapping[str, tuple[str, ...]] = {
    "kicked": ("kicker", "multikicker"),
    "bargained": ("bargain",),
    "gift": ("gift",),
}

#: a cost of mana symbols only ("{2}{B}", "{W/U}")
_MANA = re.compile(r"(\{[^{}]+\})+")

#: "if" condition keys about an optional cost chosen as the spell was cast -> the option
CONDITION_OPTIONS: Mapping[str, str] = {
    "kicked": "kicked",
    "bargained": "bargained",
    "gift_promised": "gift",
}

#: the rule that makes each option a choice made while casting
_OPTION_RULES = {"kicked": "mtg:702.33d", "bargained": "mtg:702.166b", "gift": "mtg:702.174a"}


def _keywords(game: Game, card: ObjectRef) -> list[KeywordAbility]:
    definition = game.get(card).card
    if definition is None:
        return []
    text = game.ruleset.card_text(definition)
    return [a for a in text.abilities if isinstance(a, KeywordAbility)]


def _times_allowed(found: list[KeywordAbility], option: str) -> int | None:
    """How many times ``option`` may be chosen for a card with these keywords (None: any
    number, multikicker, mtg:702.33c)."""
    names = OPTION_KEYWORDS[option]
    allowed = 0
    for keyword in found:
        if keyword.name not in names:
            continue
        if keyword.name == "multikicker":
            return None
        # "Kicker [A] and/or [B]" is two kicker costs (mtg:702.33b)
        allowed += 2 if keyword.argument and " and/or " in keyword.argument else 1
    return allowed


def cast_option_refusal(game: Game, card: ObjectRef, options: Mapping[str, int]) -> Verdict | None:
    """Why ``card`` can't be cast with these optional costs (name -> times); None if it
    can. Each needs the keyword that offers it; a spell is kicked more than once only
    with multikicker or two kicker costs (mtg:702.33d), bargained or promised a gift
    once (mtg:702.166b, mtg:702.174a)."""
    found = _keywords(game, card)
    label = game.get(card).label
    for option, times in sorted(options.items()):
        if option not in OPTION_KEYWORDS:
            known = ", ".join(sorted(OPTION_KEYWORDS))
            return Verdict.refuse(
                rule("mtg:601.2b"), f"{option!r} is not an optional cost Magic knows ({known})"
            )
        cited = rule(_OPTION_RULES[option])
        allowed = _times_allowed(found, option)
        if allowed == 0:
            wants = " or ".join(OPTION_KEYWORDS[option])
            return Verdict.refuse(cited, f"{label} has no {wants}, so it can't be {option}")
        if allowed is not None and times > allowed:
            return Verdict.refuse(
                cited, f"{label} can be {option} at most {allowed} time(s); {times} asked"
            )
        _not_payable(found, option, label)
    return None


def _not_payable(found: list[KeywordAbility], option: str, label: str) -> None:
    """Raise NotSupportedError for an optional cost whose payment or result the kernel
    does not carry out: a kicker cost that is not mana (a sacrifice: mtg:702.33a), the
    bargain cost (a sacrifice, mtg:702.166a), a gift (the chosen opponent gets it,
    mtg:702.174b). A mana kicker cost is paid where costs are enforced (enforce.py)."""
    if option == "kicked":
        for keyword in found:
            if keyword.name in OPTION_KEYWORDS[option] and not _MANA.fullmatch(
                (keyword.argument or "").replace(" and/or ", "")
            ):
                raise NotSupportedError(
                    f"kicking {label}", f"its kicker cost “{keyword.argument}” is not mana"
                )
    elif option == "bargained":
        raise NotSupportedError(f"bargaining {label}", "sacrificing as a cost while casting")
    elif option == "gift":
        raise NotSupportedError(
            f"promising {label}'s gift", "giving the gift to an opponent (mtg:702.174b)"
        )


def _spell_info(game: Game, ref: ObjectRef) -> StackInfo | None:
    """The stack information of the spell ``ref`` is, or of the spell that became the
    permanent ``ref`` as it resolved (mtg:400.7d)."""
    obj = game.get(ref) if game.is_current(ref) else game.last_known(ref).object
    if obj.stack is not None:
        return obj.stack
    for event in reversed(list(game.events)):
        if event.kind != "moved" or event.object != ref or event.data.get("from") != "stack":
            continue
        old = event.data.get("old")
        if isinstance(old, ObjectRef):
            return game.last_known(old).object.stack
        return None
    return None


def times_chosen(game: Game, ref: ObjectRef, option: str) -> int | None:
    """How many times ``option`` was chosen for the spell ``ref`` (or the spell the
    permanent ``ref`` was); None if ``ref`` was not cast as a spell (a permanent put
    onto the battlefield another way was not kicked: 0)."""
    info = _spell_info(game, ref)
    if info is None:
        obj = game.get(ref) if game.is_current(ref) else game.last_known(ref).object
        return 0 if obj.zone.name == "battlefield" else None
    return info.cast_option(option)
