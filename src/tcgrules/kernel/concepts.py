"""The ideas the kernel applies, each of which every game numbers in its own rules.

The kernel never writes a rule number. Where it applies a rule (a target chosen
twice for one instance, a zone change that makes a new object, the re-check on
resolution...) it names the :class:`Concept` and asks the game's ruleset which rule
governs it there: ``game.ruleset.cite(Concept.TARGET_REPEAT)`` is ``mtg:115.3`` in
Magic and ``fab:1.8.5b`` in Flesh and Blood. A ruleset maps each concept to a
number of its own catalog, or to ``None`` where the game has no such thing (players
can't be targets in Flesh and Blood). Citing an unmapped concept raises
:class:`~tcgrules.errors.NotSupportedError` naming it, so a game is never given
another game's rule.
"""

from __future__ import annotations

from enum import StrEnum


class Concept(StrEnum):
    """One rules idea the kernel applies. The value is a short stable name."""

    # objects and turns
    NEW_OBJECT = "a zone change makes a new object"
    CLEANUP = "what ends when a turn ends"
    UNTIL_NEXT_TURN = "what lasts until a player's next turn ends as it begins"
    DAMAGE_TO_PLAYER = "damage dealt to a player"
    PHASING = "phasing in and out"

    # which objects a description means
    DESCRIPTION_ZONE = "a type word alone means an object in play"
    DESCRIPTION_CARD_ZONE = "a card in a named zone"
    DESCRIPTION_SPELL = "a spell means an object on the stack"
    DESCRIPTION_SOURCE = "a source may be in any zone"

    # one target
    TARGET_PLAYER = "a player chosen as a target"
    TARGET_ZONE = "where a target may be"
    ANY_TARGET = "what 'any target' allows"
    TARGET_FITS = "a target must fit its phrase"
    TARGET_EXCLUDED = "a phrase by exclusion allows anything it does not exclude"
    PLAYER_LEFT = "a player who left the game"
    PHASED_OUT = "a phased-out permanent is ignored"
    TARGET_ITSELF = "a spell or ability can't target itself"
    ILLEGAL_PLAY_REVERSED = "an illegal play is undone"
    TARGET_REPEAT = "one instance of 'target' can't choose the same thing twice"
    BECAME_TARGET = "something becomes a target"
    TARGET_COUNT = "how many targets were chosen"
    TARGETS_NOW = "what a spell or ability targets now"
    TARGETS_ONLY = "what a spell or ability targets only"
    NOT_A_TARGET = "a subject named without 'target' is not a target"

    # putting on the stack
    CAST = "a card is put on the stack to be cast or played"
    CAST_FROM = "where a card may be cast or played from"
    CAST_DONE = "a spell becomes cast"
    ON_STACK = "an object is on the stack"
    ANNOUNCE_X = "the value of X is announced"
    CHOOSE_TARGETS = "targets are chosen as it goes on the stack"
    DIVIDE = "an amount is divided among targets"
    MODES = "modal spells and abilities"
    MODES_CHOSEN = "modes are chosen as it goes on the stack"
    MODE_REPEAT = "a mode chosen more than once"
    ACTIVATE = "an ability is activated"
    ACTIVATED_ABILITY = "which activated ability"
    ACTIVATE_TARGETS = "an activated ability chooses targets as a spell does"
    TRIGGER = "a triggered ability goes on the stack"
    TRIGGERED_ABILITY = "which triggered ability"
    TRIGGER_NO_TARGET = "a triggered ability with no legal target"
    REFLEXIVE_TRIGGER = 'a resolving ability\'s own trigger ("when you do")'
    DELAYED_TRIGGER = "a triggered ability created to wait for a later moment"

    # resolving
    RESOLVE = "a spell or ability resolves"
    EMPTY_STACK = "nothing resolves from an empty stack"
    RECHECK = "targets are checked again on resolution"
    EFFECT_ORDER = "effects happen in the order written"
    CONDITION = "a conditional part of an effect"
    INTERVENING_IF = "a triggered ability's own condition, checked again as it resolves"
    OPTIONAL = "an optional part of an effect"
    OPTIONAL_NO_TARGET = "an optional target left unchosen: its effect does not happen"
    TARGET_PART_FAILS = "the part of an effect on a target that became illegal"
    REQUIRED_TARGET_FIZZLES = "one required target illegal on resolution: nothing resolves"
    CHOSEN_ON_RESOLUTION = "something chosen as the effect happens is not a target"
    LEAVE_STACK = "a resolved object leaves the stack"

    # attacks
    ATTACK = "an attack and its targets are declared"
    ATTACKABLE = "what may be the target of an attack"
    ATTACK_TARGETS_DISTINCT = "an attack's targets are all different"
    ATTACKING = "what counts as attacking"

    # changing targets
    CHANGE_TARGETS = "targets are changed"
    CHANGE_THE_TARGET = "change the target"
    CHANGE_A_TARGET = "change a target"
    CHANGE_ANY = "change any number of targets"
    CHOOSE_NEW = "choose new targets"
    CHANGE_FINAL_SET = "only the final set of targets is judged"
    CHANGE_KEEPS_COUNT = "a change keeps the number of targets"


__all__ = ["Concept"]
