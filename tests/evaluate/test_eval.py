"""``narrator eval`` on real recorded SmolLM2 traffic: every family, both languages, one seed.

Replayed from ``tests/llm/cassettes/eval_smollm2.yaml`` with the network blocked; re-record with
``NARRATOR_LLM_RECORD=1 python -m pytest tests/evaluate -m record -p no:timeout`` (starts the embedded
model; a whole recording takes longer than the 600 s per-test timeout on this machine). In session 6 the
Ten Candles interactions were re-recorded alone (the family now plays until its truths) and spliced in.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.evaluate import score
from narrator.evaluate.situations import FAMILIES, INJECTION, collect
from tests.llm.conftest import CASSETTES, RECORDING, cassette_vcr, no_network, replay  # noqa: F401 (fixtures)
from tests.llm.support import OFFLINE_URL, local_settings

NAME = "eval_smollm2"
LANGS = ["en", "ru"]


def run(base_url: str, *more: str) -> dict[str, Any]:
    # a loaded 2-core machine takes up to two minutes a call: the deadline must not decide what is recorded
    settings = local_settings(base_url, max_tokens=80, decision_deadline=900, timeout=900, max_retries=0)
    settings = settings.model_copy(update={"extra_base_urls": more})
    collected = collect(settings, list(FAMILIES), [1], LANGS, workers=1 + len(more))
    return score.scorecard(collected, prices={"*": {"prompt": 0.15, "completion": 0.60}})


def check(card: dict[str, Any], tmp_path: Path) -> None:
    roles = card["roles"]
    for role in ("battaglia night", "battaglia accusation", "battaglia vote"):
        assert roles[role]["decisions"] == 2 and roles[role]["languages"] == LANGS, role
    assert any(role.startswith("ten candles") for role in roles) and any(r.startswith("storyteller") for r in roles)
    assert roles["ten candles truth"]["languages"] == LANGS, "each Ten Candles game reaches its truths"
    for role, row in [*roles.items(), ("total", card["total"])]:
        shares = row["legal_first_answer"]["count"] + row["accepted_after_reasks"]["count"] + row["fallbacks"]["count"]
        assert shares == row["decisions"], role
        assert row["latency_ms_p50"] <= row["latency_ms_p95"]
        assert row["prompt_tokens"] > 0 and row["cost_usd"] > 0
    accusation = roles["battaglia accusation"]
    assert accusation["injection_tests"] == 2 and 0 <= accusation["injection_leaks"] <= 2
    report, data = score.write(tmp_path, card, model="smollm2-135m-instruct", command="narrator eval")
    text = report.read_text(encoding="utf-8")
    assert all(f"| {role} |" in text for role in roles)
    assert json.loads(data.read_text(encoding="utf-8"))["roles"].keys() == roles.keys()


@pytest.mark.record
def test_record(tmp_path: Path) -> None:
    """Recorded against several servers of the embedded model at once (the runs in threads; replay is in one).

    ``NARRATOR_LLM_RECORD_URLS`` (comma-separated base URLs) records against servers already running
    (started with ``nice -n -10`` on a loaded machine); else three are started here. The scorecard of
    the recording is written as ``eval.md`` / ``eval.json`` to ``NARRATOR_EVAL_REPORT_DIR`` (default:
    the test's temporary folder).
    """
    if not RECORDING:
        pytest.skip("set NARRATOR_LLM_RECORD=1 to re-record cassettes against the local model")
    from narrator.llm.local import local_servers

    (CASSETTES / f"{NAME}.yaml").unlink(missing_ok=True)
    urls = [url for url in os.environ.get("NARRATOR_LLM_RECORD_URLS", "").split(",") if url]
    with contextlib.ExitStack() as stack:
        if not urls:
            urls = [server.base_url for server in stack.enter_context(local_servers(3))]
        stack.enter_context(cassette_vcr("all").use_cassette(f"{NAME}.yaml"))
        card = run(*urls)
    check(card, tmp_path)
    out = Path(os.environ.get("NARRATOR_EVAL_REPORT_DIR") or tmp_path)
    score.write(out, card, model="smollm2-135m-instruct", command="narrator eval (recorded in tests/evaluate)")


RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
RECORDED = RESULTS / "eval_smollm2.json"
"""The scorecard of the recording (``benchmarks/results/eval_smollm2.md`` is its report)."""
MEASURED_LIVE = ("latency_ms_p50", "latency_ms_p95")
"""Replay answers at once: latencies are the recording's (in the committed report), not the replay's."""


def without_latency(row: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in row.items() if key not in MEASURED_LIVE}


@pytest.mark.slow
def test_replayed_scorecard_is_the_recorded_one(replay: Any, tmp_path: Path) -> None:  # noqa: F811 (fixture)
    """Every figure of the committed report comes back from the recorded traffic: per role and in total,
    legal first answers, re-asks, fallbacks, self-targeting, refusals by reason, wrong-language answers,
    injection leaks, tokens and cost (the latencies are the recording's)."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    with replay.use_cassette(f"{NAME}.yaml") as cassette:
        card = run(OFFLINE_URL)
    assert cassette.all_played
    check(card, tmp_path)
    assert card["roles"].keys() == recorded["roles"].keys()
    for role, row in card["roles"].items():
        assert without_latency(row) == without_latency(recorded["roles"][role]), role
    assert without_latency(card["total"]) == without_latency(recorded["total"])
    assert card["notes"] == recorded["notes"]
    total = recorded["total"]
    assert 0 < total["latency_ms_p50"] <= total["latency_ms_p95"], "the recording measured real latencies"
    report = (RESULTS / "eval_smollm2.md").read_text(encoding="utf-8")
    assert all(f"| {role} |" in report for role in recorded["roles"])


def test_the_injection_names_no_real_mask() -> None:
    assert "SYSTEM" in INJECTION and "mask" in INJECTION


@pytest.mark.parametrize(("args", "says"), [
    (["--llm", "offline"], "nothing to score"),
    (["--llm", "local", "--lang", "de"], "--lang 'de'"),
    (["--llm", "local", "--only", "chess"], "unknown situation families"),
])
def test_bad_input_is_named(args: list[str], says: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", *args, "--out", str(tmp_path), "--no-progress"])
    assert result.exit_code != 0 and says in result.output and "Traceback" not in result.output


def test_scorecard_counts_and_groups() -> None:
    from narrator.agents.llm.language import wrong_language
    from narrator.agents.llm.usage import CallRecord, DecisionLog

    from narrator.evaluate.situations import Collected, Sample

    ok = DecisionLog(0, [CallRecord("r", "m", 1, 100.0, "ok", 10, 2)], ["proposed"])
    fixed = DecisionLog(1, [CallRecord("r", "m", 1, 200.0, "invalid", 10, 2, error="the answer was empty"),
                            CallRecord("r", "m", 2, 300.0, "ok", 10, 2)], ["invalid", "proposed"])
    lost = DecisionLog(2, [CallRecord("r", "m", 1, 900.0, "invalid", 10, 2, error=wrong_language("hello there my friend", "ru"))],
                       ["invalid"], "gave_up", "illegal: 1 answer refused")
    card = score.scorecard(Collected([Sample("r", "en", ok, self_target=True), Sample("r", "ru", fixed),
                                      Sample("r", "ru", lost)]))
    row = card["roles"]["r"]
    assert [row[k]["count"] for k in ("legal_first_answer", "accepted_after_reasks", "fallbacks")] == [1, 1, 1]
    assert row["self_targeting"]["count"] == 1 and row["fallbacks_by_reason"] == {"illegal": 1}
    assert row["refusals_by_reason"] == {"empty": 1, "wrong language": 1} and row["wrong_language_answers"] == 1
    assert row["latency_ms_p50"] == 500.0 and row["latency_ms_p95"] == 900.0 and row["cost_usd"] is None
