"""Random sequences of moves, effects, copies and refused actions keep the kernel's invariants."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from tests.helpers import card, new_game

from tcgrules.errors import RulesViolation, StaleReferenceError
from tcgrules.kernel.effects import ChangeSet, Modify
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule as ruleref
from tcgrules.verdict import Verdict

GAMES = {
    "mtg": ("Creature — Bear", ("library", "hand", "battlefield", "graveyard", "exile", "stack")),
    "fab": (
        "Generic Action - Attack",
        ("deck", "hand", "permanent", "graveyard", "banished", "stack"),
    ),
    "ga": ("ALLY - HUMAN", ("main_deck", "hand", "field", "graveyard", "banishment", "memory")),
}


class KernelMachine(RuleBasedStateMachine):
    """A game per ruleset, driven at random."""

    def __init__(self) -> None:
        super().__init__()
        self.game_name = "mtg"
        self.game: Game = new_game("mtg")
        self.refs: list[ObjectRef] = []
        self.stale: list[ObjectRef] = []
        self.copies: list[tuple[Game, str]] = []

    @rule(game=st.sampled_from(sorted(GAMES)))
    def restart(self, game: str) -> None:
        self.game_name = game
        self.game = new_game(game)
        self.refs, self.stale, self.copies = [], [], []

    @rule(owner=st.sampled_from(["Alice", "Bob"]), zone=st.integers(0, 5), power=st.integers(0, 5))
    def create(self, owner: str, zone: int, power: int) -> None:
        type_line, zones = GAMES[self.game_name]
        definition = card(
            self.game_name, f"Card {len(self.refs)}", type_line, power=power, toughness=2
        )
        self.refs.append(self.game.create(definition, owner, zones[zone]))

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), zone=st.integers(0, 5))
    def move(self, data: st.DataObject, zone: int) -> None:
        ref = data.draw(st.sampled_from(self.refs))
        if not self.game.is_current(ref):
            return
        new = self.game.move(ref, GAMES[self.game_name][1][zone])
        if new != ref:
            self.stale.append(ref)
        self.refs.append(new)

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), delta=st.integers(-6, 6))
    def modify(self, data: st.DataObject, delta: int) -> None:
        ref = data.draw(st.sampled_from(self.refs))
        if self.game.is_current(ref):
            self.game.add_effect(
                ref, Modify("power", delta), until=data.draw(st.sampled_from([None, "end_of_turn"]))
            )

    @precondition(lambda self: self.refs)
    @rule(data=st.data())
    def recolor(self, data: st.DataObject) -> None:
        ref = data.draw(st.sampled_from(self.refs))
        if self.game.is_current(ref):
            self.game.add_effect(ref, ChangeSet("colors", "set", frozenset({"black"})))

    @rule()
    def snapshot(self) -> None:
        twin = self.game.copy()
        assert twin == self.game
        self.copies.append((twin, repr(self.game._state())))

    @precondition(lambda self: self.refs)
    @rule(data=st.data())
    def refused(self, data: st.DataObject) -> None:
        before = self.game.copy()
        ref = data.draw(st.sampled_from(self.refs))
        try:
            with self.game.transaction():
                if self.game.is_current(ref):
                    self.game.add_effect(ref, Modify("power", 3))
                    self.game.move(ref, GAMES[self.game_name][1][0])
                raise RulesViolation(Verdict.refuse(ruleref("mtg:115.3"), "refused"))
        except RulesViolation:
            pass
        assert self.game == before

    @rule()
    def end_turn(self) -> None:
        before = self.game.copy()
        try:
            with self.game.transaction():
                self.game.end_turn(cleanup_rule=ruleref("mtg:514.2"))
        except RulesViolation:
            # a game whose rules refuse to end the turn now (fab:4.3.4: layers on the
            # stack): refused, and nothing changed
            assert self.game == before

    @invariant()
    def every_object_is_in_exactly_one_zone(self) -> None:
        seen: dict[int, int] = {}
        for zone, ids in self.game._zones.items():
            for i in ids:
                seen[i] = seen.get(i, 0) + 1
                assert self.game.current(i).zone == zone
        assert all(n == 1 for n in seen.values())
        assert set(seen) == {o.id for o in self.game.objects()}

    @invariant()
    def stale_references_never_resolve(self) -> None:
        for ref in self.stale:
            assert not self.game.is_current(ref)
            with pytest.raises(StaleReferenceError):
                self.game.get(ref)

    @invariant()
    def copies_never_change_when_the_original_does(self) -> None:
        for twin, fingerprint in self.copies:
            assert repr(twin._state()) == fingerprint

    @invariant()
    def fab_numbers_never_go_below_zero(self) -> None:
        if self.game_name == "fab":
            for obj in self.game.objects():
                power = self.game.characteristics(obj.ref).power
                assert power is None or power >= 0


KernelMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestKernel = KernelMachine.TestCase
