"""`run --realtime` driven by the kit: the stream's trace events waited for as any other's,
against toaster-server (built beside the toastercli under test) serving the example template."""
import os
import re
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from pytest_toastercli.plugin import _binary

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOKEN = "kit-test-admin-token-of-at-least-32-bytes"
APP_ID = "1:1234567890:ios:0a1b2c3d4e5f6789"


def policy(version: int, minimum: str = "1.0.0") -> str:
    """examples/policy.json serving examples/remote-config/template.json at `version`, its minimum `minimum`.

    The store serves 3.0.0, the highest minimum published here: toaster-server refuses a policy
    whose minimum no storefront serves (a dead end)."""
    template = (EXAMPLES / "remote-config" / "template.json").read_text()
    template = template.replace('"versionNumber": "42"', f'"versionNumber": "{version}"').replace('"value": "1.0.0"', f'"value": "{minimum}"')
    place = '"remoteConfig": { "project": "toaster", "namespace": "firebase" }'
    example = (EXAMPLES / "policy.json").read_text()
    assert place in example, "examples/policy.json changed its remoteConfig"
    assert '"version": "2.0.0"' in example, "examples/policy.json changed its version"
    example = example.replace('"version": "2.0.0"', '"version": "3.0.0"', 1)
    return example.replace(place, '"remoteConfig": { "project": "toaster", "namespace": "firebase", "template": ' + template + " }")


def await_line(path: Path, pattern: str, deadline: float) -> str:
    """The first match of `pattern` in the file as it grows (the server's start is ours to await)."""
    while True:
        found = re.search(pattern, path.read_text() if path.exists() else "")
        if found:
            return found.group(1)
        if time.monotonic() > deadline:
            raise AssertionError(f"no /{pattern}/ in {path}:\n{path.read_text() if path.exists() else ''}")
        time.sleep(0.02)


@pytest.fixture
def server(request, tmp_path):
    """toaster-server on free loopback ports; yields (base URL, a function that PUTs a policy)."""
    binary = Path(_binary(request.config)).parent / "toaster-server"
    assert binary.is_file(), f"toaster-server is built beside toastercli: {binary}"
    (tmp_path / "policy.json").write_text(policy(42))
    token = tmp_path / "token"
    token.write_text(TOKEN)
    token.chmod(0o600)
    output = tmp_path / "output"
    with open(output, "w") as log:
        process = subprocess.Popen([str(binary), "--policy", str(tmp_path / "policy.json"), "--port", "0", "--admin-port", "0",
                                    "--admin-token-file", str(token)], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        base = await_line(output, r"toaster-server: listening on (http://127\.0\.0\.1:\d+)", deadline)
        admin = await_line(output, r"admin listening on (http://127\.0\.0\.1:\d+)", deadline)

        def put(text: str) -> None:
            request = urllib.request.Request(admin + "/admin/policy", data=text.encode(), method="PUT",
                                             headers={"Authorization": f"Bearer {TOKEN}"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                assert answer.status == 200

        yield base, put
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_streams_trace_events_are_waited_for(toaster, server):
    base, put = server
    app = toaster("--realtime", "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", APP_ID,
                  "--url", base, "--installations-url", base, "--app-version", "2.2.0",
                  env={"TOASTER_FIREBASE_API_KEY": "AIzaSyAnyKeyToasterServerIgnores"})
    opened = app.wait_for_event("realtimeOpened")
    assert opened["knownVersion"] in ("0", "42")
    app.wait_for_event("realtimeAnnounced", version="42")
    app.wait_for_event("versionCheck", decision="none")
    put(policy(43, minimum="3.0.0"))
    announced = app.wait_for_event("realtimeAnnounced", version="43", knownVersion="42")
    assert announced["fetchInMs"] in (0, 1000, 2000, 3000)
    app.wait_for_event("realtimeFetch", attempt=1, version="43")
    alert = app.wait_for_alert("forced")
    assert alert.presented == 1
    assert not app.trace("lifecycle", name="sceneWillResignActive(_:)"), "no focus change brought it"
