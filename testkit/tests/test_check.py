"""toaster.check: `toastercli check --format json` as a table-driven QA test reads it."""
from pathlib import Path

import pytest

from pytest_toastercli import ToasterFailure

TEMPLATE = Path(__file__).resolve().parents[2] / "examples" / "remote-config" / "template.json"


@pytest.mark.parametrize("current, store, decision, reason, alert", [
    ("1.0.0", "2.0.0", "forced", "major", "ForceUpdate"),
    ("1.9.0", "1.10.0", "optional", "minor", "NoticeFeatUpdate"),
    ("1.9.0", "1.9.1", "optional", "patch", "NoticeUpdate"),
    ("2.0.0", "2.0.0", "none", "upToDate", None),
])
def test_the_demo_store_follows_the_reference_table(toaster, current, store, decision, reason, alert):
    result = toaster.check("--app-version", current, "--store-version", store)
    assert (result["decision"], result["reason"], result["alertType"]) == (decision, reason, alert)
    assert result["why"]


@pytest.mark.parametrize("country, decision, reason", [
    ("jp", "forced", "belowMinimumRequired"),
    ("us", "optional", "newerLatestVersion"),
])
def test_a_template_forces_only_below_its_minimum(toaster, country, decision, reason):
    result = toaster.check("--source", "remote-config", "--template", TEMPLATE, "--country", country,
                           "--app-version", "1.9.0", "--percentile", "50", "--locale", "en")
    assert (result["decision"], result["reason"]) == (decision, reason)
    assert result["remoteConfig"]["templateVersion"] == "42"


def test_the_exit_code_statuses_are_answers_not_failures(toaster):
    assert toaster.check("--exit-code")["decision"] == "forced"


def test_a_failed_check_raises_with_what_the_program_said(toaster, tmp_path):
    with pytest.raises(ToasterFailure, match=r"exited 64: .*--app-version: invalid version"):
        toaster.check("--app-version", "1.x")
    with pytest.raises(ToasterFailure, match=r"exited 1: .*absent\.json"):
        toaster.check("--source", "appstore", "--url", (tmp_path / "absent.json").as_uri())
    with pytest.raises(ValueError, match="--format json itself"):
        toaster.check("--format", "text")
