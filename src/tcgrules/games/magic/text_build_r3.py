"""Targets chosen by a player other than the controller (helper R3).

"Destroy target creature of your choice" is ordinary targeting: the controller picks
(mtg:601.2c). "Destroy target nonartifact creature that player controls of their choice"
(Magus of the Abyss) and "... of that player's choice" (Bladegriff Prototype) have the
player the sentence names pick the target instead (mtg:115.1): what is legal is the
same, only the chooser differs (``TargetRequirement.chosen_by == "that player"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tcgrules.kernel import descriptors as d


@dataclass(frozen=True, slots=True)
class Chooser:
    """Who picks the target of the phrase it follows: the controller ("of your choice")
    or the player the sentence names ("of their choice", "of that player's choice")."""

    who: Literal["controller", "that player"]


class R3Builder:
    """Builder methods for "of your choice" / "of their choice" after a target phrase."""

    def r3_your_choice(self, c: list[Any]) -> Chooser:
        return Chooser("controller")

    def r3_their_choice(self, c: list[Any]) -> Chooser:
        return Chooser("that player")

    def r3_that_players_choice(self, c: list[Any]) -> Chooser:
        return Chooser("that player")

    def r3_one_of_opponents(self, c: list[Any]) -> Any:
        """ "that one of your opponents controls": an opponent controls it (mtg:102.3)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        if str(c[1]).lower() == "one":
            return _Post(d.Controller("opponent"))
        # "that two of your opponents control" has no meaning the kernel knows: a
        # condition no ruleset tests, refused when the phrase is checked
        return _Post(d.Condition(f"{str(c[1]).lower()}_of_your_opponents_control"))
