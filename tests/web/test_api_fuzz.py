"""The web API under schemathesis: requests generated from the app's own OpenAPI schema never get a 5xx.

Each generated request is sent as generated (random table ids and seats: mostly 404s and 401s), and
again aimed at a real table with its host's token, so that the handlers behind authorization are
reached too (odd seats, bodies, options, moves). Pages and sockets are outside the schema.

The operations are read from the app's schema at collection; schemathesis itself is imported only
when a fuzz test runs (its pytest plugin is not used: it cost each of the lane's processes 1.4 s of
imports). The fast lane sends 10 requests an operation, the slow lane 60.
"""

from __future__ import annotations

import functools
import tempfile
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from narrator.web import create_app
from narrator.web.security import CreationLimit
from tests.lanes import sweep
from tests.web.conftest import token_of

APP = create_app(tempfile.mkdtemp(prefix="narrator-fuzz-"), limit=CreationLimit(per_client=10**6, total=10**6))
OPERATIONS = sorted(f"{method.upper()} {path}" for path, item in APP.openapi()["paths"].items() for method in item)
"""Every operation of the schema, as schemathesis labels them ("POST /api/tables")."""


@functools.cache
def fuzzing() -> tuple[Any, dict[str, Any]]:
    """The schema (schemathesis over the app) and a real table of the toy game, made once per process."""
    import schemathesis

    table = TestClient(APP).post("/api/tables", json={"game": "pig", "seed": 3}).json()
    return schemathesis.openapi.from_asgi("/openapi.json", APP), table


def test_the_schema_has_the_api() -> None:
    assert "POST /api/tables" in OPERATIONS and len(OPERATIONS) >= 10, OPERATIONS


@pytest.mark.parametrize("examples", sweep([10, 60], fast=1), ids=["10", "60"])
@pytest.mark.parametrize("label", OPERATIONS)
def test_no_request_gets_a_server_error(label: str, examples: int) -> None:
    from schemathesis.checks import not_a_server_error

    schema, table = fuzzing()
    operation = schema.find_operation_by_label(label)
    assert operation is not None, label

    @given(case=operation.as_strategy())
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        case.call_and_validate(checks=[not_a_server_error])
        if "table_id" in (case.path_parameters or {}):
            case.path_parameters["table_id"] = table["table"]
            case.headers = {**(case.headers or {}), "X-Seat-Token": token_of(table["host_url"])}
            case.call_and_validate(checks=[not_a_server_error])

    check()
