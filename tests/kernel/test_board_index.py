"""The board index is patched after each change, not rebuilt: after any sequence of
actions on any board, with copies taken and transactions rolled back in between, the
patched index equals an index built from scratch for the game as it is."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule
from tests.helpers import card, new_game

from tcgrules import parse_card
from tcgrules.errors import RulesViolation
from tcgrules.kernel.board import Layered
from tcgrules.kernel.describe import Context, compile_descriptor, described_entries
from tcgrules.kernel.effects import ChangeControl, ChangeSet, GrantAbilities, Modify
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule as ruleref
from tcgrules.verdict import Verdict

#: per game: card types and texts to create, and zones (the shared zones first)
GAMES = {
    "mtg": (
        (
            ("Creature — Bear", ""),
            ("Creature — Bird", "Flying"),
            ("Creature — Elf", "Flying, hexproof"),
            ("Creature — Elf", "Hexproof"),
            ("Artifact", ""),
            ("Artifact Creature — Golem", "Shroud"),
            ("Enchantment", "Creatures you control get +1/+1."),
            ("Basic Land — Forest", ""),
            # a static ability that holds only while a condition does (mtg:611.3a): any
            # change (a card put into a graveyard) may change this creature
            (
                "Creature — Horror",
                "As long as two or more cards are in your graveyard, this creature gets +1/+1.",
            ),
        ),
        ("battlefield", "stack", "exile", "library", "hand", "graveyard"),
    ),
    "fab": (
        (("Generic Action - Attack", ""), ("Generic Equipment - Head", "")),
        ("permanent", "stack", "deck", "hand", "graveyard", "banished"),
    ),
    "ga": (
        (("ALLY - HUMAN", ""), ("ITEM", "")),
        ("field", "memory", "main_deck", "hand", "graveyard", "banishment"),
    ),
}
PLAYERS = ("Alice", "Bob")


PHRASES = (
    "Destroy target creature with flying.",
    "Destroy target artifact or enchantment.",
    "Tap target tapped creature you control.",
    "Destroy target green creature.",
    "Exile target creature token.",
    "Destroy target creature an opponent controls with hexproof.",
    "Destroy target permanent.",
)


_POWER_COUNTER = {"mtg": "+1/+1", "fab": "+1{p}", "ga": "buff"}


def same_index(game: Game) -> None:
    assert game.board_index().snapshot() == game.rebuilt_index().snapshot()


def same_answers(game: Game) -> None:
    """What the index finds for each phrase is what checking every object finds."""
    for phrase in PHRASES:
        for req in parse_card("mtg", phrase).target_requirements():
            compiled = compile_descriptor(req.descriptor, "mtg")
            for you in PLAYERS:
                ctx = Context(game, you, None)
                found = [e.ref for e in described_entries(ctx, compiled)]
                assert compiled.objects is not None
                every = [
                    e.ref
                    for e in game.seen("battlefield")
                    if not e.obj.phased_out and compiled.objects(ctx, e)
                ]
                assert found == every, phrase


class IndexMachine(RuleBasedStateMachine):
    """Random boards of each game, changed at random; the index checked after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "mtg"
        self.game: Game = new_game("mtg")
        self.refs: list[ObjectRef] = []
        self.others: list[Game] = []

    @rule(name=st.sampled_from(sorted(GAMES)))
    def restart(self, name: str) -> None:
        self.name = name
        self.game = new_game(name)
        self.refs, self.others = [], []

    @rule(
        kind=st.integers(0, 8),
        owner=st.sampled_from(PLAYERS),
        zone=st.integers(0, 5),
        top=st.booleans(),
        token=st.booleans(),
    )
    def create(self, kind: int, owner: str, zone: int, top: bool, token: bool) -> None:
        kinds, zones = GAMES[self.name]
        type_line, text = kinds[kind % len(kinds)]
        colored = {"cost": "{1}{G}" if kind % 2 else "{U}"} if self.name == "mtg" else {}
        definition = card(self.name, f"Card {len(self.refs)}", type_line, text, power=2, **colored)
        self.refs.append(
            self.game.create(
                definition, owner, zones[zone], top=top, kind="token" if token else "card"
            )
        )

    def _pick(self, data: st.DataObject) -> ObjectRef | None:
        ref = data.draw(st.sampled_from(self.refs))
        if not self.game.is_current(ref):
            current = (
                self.game.current(ref.id) if ref.id in {o.id for o in self.game.objects()} else None
            )
            return current.ref if current is not None else None
        return ref

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), zone=st.integers(0, 5), top=st.booleans(), below=st.integers(0, 2))
    def move(self, data: st.DataObject, zone: int, top: bool, below: int) -> None:
        ref = self._pick(data)
        if ref is not None:
            self.refs.append(self.game.move(ref, GAMES[self.name][1][zone], top=top, below=below))

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), tapped=st.booleans())
    def tap(self, data: st.DataObject, tapped: bool) -> None:
        ref = self._pick(data)
        if ref is not None:
            self.game.set_tapped(ref, tapped, rule_applied=None)

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), amount=st.integers(-1, 2))
    def counters(self, data: st.DataObject, amount: int) -> None:
        ref = self._pick(data)
        # a counter that changes power in each game (mtg:122.1a, fab:2.0.3d, GA buff)
        kind = _POWER_COUNTER[self.game.ruleset.name]
        if ref is not None and (amount >= 0 or self.game.get(ref).counters.get(kind)):
            self.game.add_counters(ref, kind, amount, rule_applied=None)

    @precondition(lambda self: self.refs)
    @rule(data=st.data(), effect=st.integers(0, 3), player=st.sampled_from(PLAYERS))
    def effect(self, data: st.DataObject, effect: int, player: str) -> None:
        ref = self._pick(data)
        if ref is None:
            return
        op = (
            Modify("power", 1),
            ChangeControl(player),
            ChangeSet("types", "add", frozenset({"artifact"})),
            GrantAbilities(()),
        )[effect]
        with contextlib.suppress(RulesViolation):  # a game whose rules refuse that effect
            self.game.add_effect(ref, op, until="end_of_turn")

    @precondition(lambda self: self.refs)
    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        ref = self._pick(data)
        if ref is not None:
            self.game.remove(ref, rule_applied=None, reason="ceases to exist")

    @rule(zone=st.integers(0, 5), player=st.sampled_from(PLAYERS), seed=st.randoms())
    def reorder(self, zone: int, player: str, seed: object) -> None:
        name = GAMES[self.name][1][zone]
        order = list(self.game.zone(name, player))
        seed.shuffle(order)  # type: ignore[attr-defined]
        self.game.reorder(name, player, order, rule_applied=None, text="shuffled")

    @rule()
    def end_turn(self) -> None:
        # a game whose rules refuse to end the turn now (fab:4.3.4: layers on the stack)
        with contextlib.suppress(RulesViolation):
            self.game.end_turn()

    @rule()
    def state_based_actions(self) -> None:
        self.game.check_state()

    @rule(keep=st.booleans(), original=st.booleans())
    def copy(self, keep: bool, original: bool) -> None:
        """Take a copy (sometimes after using the index) and go on with the copy, or with
        the original; the other is kept aside, checked, and must not move."""
        if keep:
            self.game.seen_everything()
        twin = self.game.copy()
        if original:
            self.others.append(twin)
        else:
            self.others.append(self.game)
            self.game = twin

    @precondition(lambda self: self.refs)
    @rule(data=st.data())
    def rolled_back(self, data: st.DataObject) -> None:
        ref = self._pick(data)
        before = self.game.copy()
        with pytest.raises(RulesViolation), self.game.transaction():
            if ref is not None:
                self.game.set_tapped(ref, not self.game.get(ref).tapped, rule_applied=None)
                self.game.seen_everything()
                self.game.move(ref, GAMES[self.name][1][3])
            raise RulesViolation(Verdict.refuse(ruleref("mtg:115.3"), "refused"), "test")
        assert self.game == before

    @rule()
    def query(self) -> None:
        self.game.seen_everything()

    # The checks are steps of their own, not invariants: an invariant would bring every
    # index up to date after each step, and changes would never pile up between queries
    # (on a game, its copies, and the originals of those).
    @rule()
    def check(self) -> None:
        same_index(self.game)
        if self.name == "mtg":
            same_answers(self.game)

    @precondition(lambda self: self.others)
    @rule(data=st.data())
    def check_another(self, data: st.DataObject) -> None:
        same_index(data.draw(st.sampled_from(self.others)))

    def teardown(self) -> None:
        for game in (self.game, *self.others):
            same_index(game)


TestIndex = IndexMachine.TestCase
TestIndex.settings = settings(
    max_examples=300,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_layered_maps_fork_and_fold() -> None:
    original = Layered({i: i for i in range(100)})
    fork = original.fork()
    for i in range(90):
        fork[i] = -i  # enough to fold the top layer into a base of the fork's own
    del fork[5]
    assert original.to_dict() == {i: i for i in range(100)}
    assert fork.get(5) is None and fork[6] == -6 and fork[95] == 95
    with pytest.raises(KeyError):
        fork[5]
    again = fork.fork()
    again[6] = 6
    assert fork[6] == -6 and again[6] == 6


def test_many_changes_on_copies_keep_the_index_exact() -> None:
    """Many changes (more than a top layer holds before it is folded), on a copy and
    its original in turn."""
    game = new_game("mtg")
    bears = [
        game.create(
            card("mtg", f"Bear {i}", "Creature — Bear", power=2), PLAYERS[i % 2], "battlefield"
        )
        for i in range(150)
    ]
    game.seen_everything()
    twin = game.copy()
    for n, bear in enumerate(bears):
        twin.set_tapped(bear, True, rule_applied=None)
        if n % 7 == 0:
            same_index(twin)
        if n % 5 == 0:
            game.add_counters(bear, "+1/+1", 1, rule_applied=None)
    same_index(twin)
    same_index(game)
    assert all(not game.get(b).tapped for b in bears)
    assert len(twin.board_index().group("battlefield", "@tapped")) == 150


def test_an_original_patched_after_its_copy_wrote_leaves_the_copy_alone() -> None:
    """The original changes, a copy is taken and changes too, then the original's
    index is brought up to date, then the copy's: each patches only its own groups."""
    game = new_game("mtg")
    bears = [
        game.create(card("mtg", f"Bear {i}", "Creature — Bear", power=2), "Alice", "battlefield")
        for i in range(6)
    ]
    game.seen_everything()
    game.set_tapped(bears[2], True, rule_applied=None)
    twin = game.copy()
    twin.set_tapped(bears[4], True, rule_applied=None)
    same_index(game)
    same_index(twin)
    assert twin.board_index().group("battlefield", "@tapped") == (bears[2].id, bears[4].id)
    assert game.board_index().group("battlefield", "@tapped") == (bears[2].id,)


def test_a_copy_forks_the_index_it_shares_only_to_patch_it() -> None:
    """A copy that writes shares its original's index until it is asked for its own: a
    copy that is changed and dropped never copies the index; the first query forks it,
    and patches the fork only."""
    game = new_game("mtg")
    bears = [
        game.create(card("mtg", f"Bear {i}", "Creature — Bear", power=2), "Alice", "battlefield")
        for i in range(4)
    ]
    game.seen_everything()
    shared = game.board_index()
    twin = game.copy()
    twin.set_tapped(bears[1], True, rule_applied=None)
    twin.move(bears[3], "graveyard")
    assert twin._board is shared  # not copied by the writes
    same_index(twin)
    assert twin.board_index() is not shared and game.board_index() is shared
    same_index(game)
    assert game.board_index().group("battlefield", "@tapped") == ()
    assert twin.board_index().group("battlefield", "@tapped") == (bears[1].id,)
    with contextlib.suppress(KeyError), twin.transaction():  # a rollback shares it again
        twin.set_tapped(bears[2], True, rule_applied=None)
        same_index(twin)
        raise KeyError("roll back")
    same_index(twin)
    assert twin.board_index().group("battlefield", "@tapped") == (bears[1].id,)


def test_a_condition_turned_on_elsewhere_reaches_the_index() -> None:
    """A static ability that applies while a condition holds (mtg:611.3a) changes its
    creature when something else changes (cards put into a graveyard): the index entry
    of the creature, which no write touched, is up to date all the same."""
    game = new_game("mtg")
    text = "As long as two or more cards are in your graveyard, this creature gets +1/+1."
    horror = game.create(
        card("mtg", "Horror", "Creature — Horror", text, power=2, toughness=2),
        "Alice",
        "battlefield",
    )
    assert game.seen_object(horror).chars.value("power") == 2
    game.seen_everything()  # the index is built while the condition does not hold
    for i in range(2):
        game.create(card("mtg", f"Dead {i}", "Creature — Bear", power=1), "Alice", "graveyard")
    same_index(game)
    (entry,) = [e for e in game.seen("battlefield") if e.ref == horror]
    assert entry.chars.value("power") == 3
