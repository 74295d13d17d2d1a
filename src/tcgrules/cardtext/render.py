"""Write target requirements back as canonical Magic text (mtg:115).

``render_requirement(parse(...))`` gives the phrase in one canonical wording;
parsing that wording again gives an equal requirement (the round-trip tests).
"""

from __future__ import annotations

from tcgrules.kernel import descriptors as d

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_PLURAL = {
    "sorcery": "sorceries",
    "ability": "abilities",
    "elf": "elves",
    "dwarf": "dwarves",
    "wolf": "wolves",
}
_OPS = {
    "<=": "{} or less",
    ">=": "{} or greater",
    "==": "{}",
    "<": "less than {}",
    ">": "greater than {}",
}
_CONTROL = {
    "you": "you control",
    "opponent": "an opponent controls",
    "not_you": "you don't control",
}
_OWN = {"you": "you own", "opponent": "an opponent owns", "not_you": "you don't own"}
_WHOSE = {"you": "your", "any": "a", "opponent": "an opponent's"}
_HEADS: dict[type, str] = {
    d.IsCard: "card",
    d.IsSpell: "spell",
    d.IsPermanent: "permanent",
    d.IsPlayer: "player",
    d.IsToken: "token",
}
ANY_TARGET = d.AnyOf(
    (d.HasType("creature"), d.IsPlayer(), d.HasType("planeswalker"), d.HasType("battle"))
)


def _num(value: int) -> str:
    return _NUMBERS.get(value, str(value))


def _plural(word: str) -> str:
    if word in _PLURAL:
        return _PLURAL[word]
    return word + ("es" if word.endswith(("s", "sh", "ch", "x")) else "s")


def _parts(desc: d.Descriptor) -> list[d.Descriptor]:
    return list(desc.parts) if isinstance(desc, d.AllOf) else [desc]


def _premod(desc: d.Descriptor) -> str | None:
    if isinstance(desc, d.Color):
        return desc.name
    if isinstance(desc, d.Status):
        return desc.name
    if isinstance(desc, d.HasSupertype):
        return desc.name
    if isinstance(desc, d.Colorless | d.Multicolored | d.Monocolored):
        return type(desc).__name__.lower()
    if isinstance(desc, d.Not):
        inner = desc.part
        if isinstance(inner, d.Color | d.Status | d.HasSupertype):
            return "non" + _premod(inner)  # type: ignore[operator]
        if isinstance(inner, d.HasType):
            return "non" + inner.name
        if isinstance(inner, d.HasSubtype):
            return "non-" + inner.name.title()
        if isinstance(inner, d.IsToken):
            return "nontoken"
    if isinstance(desc, d.IsAbility) and desc.kind:
        return desc.kind
    if isinstance(desc, d.AnyOf) and all(_premod(p) for p in desc.parts):
        words = [_premod(p) or "" for p in desc.parts]
        return (
            " or ".join(words) if len(words) == 2 else ", ".join(words[:-1]) + ", or " + words[-1]
        )
    return None


def _alt(desc: d.Descriptor, plural: bool) -> tuple[str, list[d.Descriptor]] | None:
    """One alternative's words ("nonblack creature") and the parts it did not use."""
    premods: list[str] = []
    nouns: list[str] = []
    head = ""
    rest: list[d.Descriptor] = []
    for part in _parts(desc):
        word = _premod(part)
        if isinstance(part, d.HasType):
            nouns.append(part.name)
        elif isinstance(part, d.HasSubtype):
            nouns.append(part.name.title())
        elif type(part) in _HEADS:
            head = _HEADS[type(part)]
        elif isinstance(part, d.PlayerIs) and part.relation == "opponent":
            head = "opponent"
        elif isinstance(part, d.IsAbility):
            head = "ability"
            if part.kind:
                premods.append(part.kind)
        elif word is not None:
            premods.append(word)
            if isinstance(part, d.AnyOf) and all(isinstance(x, d.IsAbility) for x in part.parts):
                head = "ability"
        else:
            rest.append(part)
    if head == "player" and "opponent" in nouns:
        head = "opponent"
    if not head and not nouns:
        return None
    words = [*premods, *nouns, head] if head else [*premods, *nouns]
    if plural:
        words[-1] = _plural(words[-1])
    return " ".join(w for w in words if w), rest


def _post(desc: d.Descriptor) -> str | None:
    if isinstance(desc, d.Controller):
        return _CONTROL.get(desc.relation)
    if isinstance(desc, d.Owner):
        return _OWN.get(desc.relation)
    if isinstance(desc, d.ControlledBy):
        return desc.who.replace("_", " ") + " controls"
    if isinstance(desc, d.HasKeyword):
        return "with " + desc.name + (f" from {desc.argument}" if desc.argument else "")
    if isinstance(desc, d.Not) and isinstance(desc.part, d.HasKeyword):
        return "without " + desc.part.name
    if isinstance(desc, d.Compare):
        prop = desc.prop.replace("_", " ")
        return f"with {prop} " + _OPS.get(desc.op, "{}").format(desc.value)
    if isinstance(desc, d.TargetCount) and desc.op == "==" and desc.value == 1:
        return "with a single target"
    if isinstance(desc, d.InZone) and desc.zone == "graveyard":
        return f"from {_WHOSE.get(desc.whose, 'a')} graveyard"
    if isinstance(desc, d.InZone) and desc.zone == "exile":
        return "in exile"
    if isinstance(desc, d.Other):
        return "other than ~"
    return None


def render_descriptor(desc: d.Descriptor, plural: bool = False) -> str:
    """A noun phrase for ``desc`` ("nonblack creature an opponent controls")."""
    parts = _parts(desc)
    alts_desc: list[d.Descriptor] = []
    posts: list[str] = []
    for part in parts:
        if isinstance(part, d.InZone) and part.zone == "stack":
            continue
        text = _post(part)
        if text is not None and not isinstance(part, d.Not | d.HasType):
            posts.append(text)
        elif isinstance(part, d.Not) and isinstance(part.part, d.HasKeyword):
            posts.append(text or "")
        else:
            alts_desc.append(part)
    core: d.Descriptor = alts_desc[0] if len(alts_desc) == 1 else d.AllOf(tuple(alts_desc))
    options = list(core.parts) if isinstance(core, d.AnyOf) and _premod(core) is None else [core]
    words: list[str] = []
    for option in options:
        rendered = _alt(option, plural)
        if rendered is None:
            return repr(desc)
        words.append(rendered[0])
        posts.extend(p for p in (_post(x) for x in rendered[1]) if p)
    words = _factor_head(words)
    if len(words) == 1:
        noun = words[0]
    elif len(words) == 2:
        noun = f"{words[0]} or {words[1]}"
    else:
        noun = ", ".join(words[:-1]) + ", or " + words[-1]
    return " ".join([noun, *posts])


def _factor_head(words: list[str]) -> list[str]:
    """ "instant spell or sorcery spell" → "instant or sorcery spell"."""
    if len(words) < 2:
        return words
    last = [w.rsplit(" ", 1) for w in words]
    if all(len(x) == 2 for x in last) and len({x[1] for x in last}) == 1:
        head = last[0][1]
        if head in {"spell", "spells", "card", "cards", "ability", "abilities", "permanent"}:
            return [x[0] for x in last[:-1]] + [words[-1]]
    return words


def _quantity(req: d.TargetRequirement) -> tuple[str, bool]:
    low, high = req.min, req.max
    if (low, high) == (1, 1):
        return "", False
    if high is None and req.limit is not None:
        # a number the text defines or X (helper Q3): "up to X", "up to that many"
        return (
            "up to that many " if getattr(req.limit, "word", None) == "that many" else "up to X "
        ), True
    if high is None:
        return ("any number of " if low == 0 else f"{_num(low)} or more "), True
    if low == 0:
        return f"up to {_num(high)} ", high > 1
    if low == high:
        return f"{_num(low)} ", True
    return f"{_num(low)} or {_num(high)} ", True


def render_requirement(req: d.TargetRequirement) -> str:
    """The canonical text of one target requirement."""
    quantity, plural = _quantity(req)
    if req.descriptor == ANY_TARGET:
        if plural:
            return f"{quantity}targets"
        return "another target" if req.distinct_from else "any target"
    phrase = render_descriptor(req.descriptor, plural)
    if req.distinct_from or (
        isinstance(req.descriptor, d.AllOf) and d.Other() in req.descriptor.parts
    ):
        phrase = phrase.replace(" other than ~", "")
        if quantity:  # "up to two other target creatures"
            return f"{quantity}other target {phrase}"
        return f"another target {phrase}"
    return f"{quantity}target {phrase}"


__all__ = ["render_descriptor", "render_requirement"]
