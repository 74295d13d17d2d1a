"""docs/scenarios.md names every key a scenario file can use (read from the schema)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from tcgrules.scenario import schema as s

DOC = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")

#: keys that are not written as such (PlayerSetup.zones holds the zone names themselves)
_NOT_KEYS = {("PlayerSetup", "zones")}


@pytest.mark.parametrize(
    "model",
    [
        s.Scenario,
        s.CardDef,
        s.ZoneEntry,
        s.PlayerSetup,
        s.ActionStep,
        s.Choices,
        s.Changes,
        s.Becomes,
        s.LegalTargetsQuery,
        s.TargetVerdictQuery,
        s.Facts,
        s.EventExpect,
        s.NameQuery,
        s.Expectations,
    ],
    ids=lambda m: m.__name__,
)
def test_every_scenario_key_is_documented(model: type[BaseModel]) -> None:
    missing = [
        f.alias or name
        for name, f in model.model_fields.items()
        if (model.__name__, name) not in _NOT_KEYS
        and not re.search(r"`" + re.escape(f.alias or name) + r"[`:\s\[{]", DOC)
        and not re.search(r"[{\s]" + re.escape(f.alias or name) + r":", DOC)
    ]
    assert not missing, f"document these {model.__name__} keys in docs/scenarios.md: {missing}"
