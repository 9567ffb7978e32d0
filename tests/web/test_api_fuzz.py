"""The web API under schemathesis: requests generated from the app's own OpenAPI schema never get a 5xx.

Each generated request is sent as generated (random table ids and seats: mostly 404s and 401s), and
again aimed at a real table with its host's token, so that the handlers behind authorization are
reached too (odd seats, bodies, options, moves). Pages and sockets are outside the schema.
"""

from __future__ import annotations

import tempfile

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from narrator.web import create_app
from narrator.web.security import CreationLimit
from tests.web.conftest import token_of

APP = create_app(tempfile.mkdtemp(prefix="narrator-fuzz-"), limit=CreationLimit(per_client=10**6, total=10**6))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
CLIENT = TestClient(APP)
TABLE = CLIENT.post("/api/tables", json={"game": "pig", "seed": 3}).json()


@SCHEMA.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error])
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = TABLE["table"]
        case.headers = {**(case.headers or {}), "X-Seat-Token": token_of(TABLE["host_url"])}
        case.call_and_validate(checks=[not_a_server_error])
