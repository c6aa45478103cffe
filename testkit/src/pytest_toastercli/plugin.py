"""The pytest plugin: its options, the `toaster` fixture, and a failed test's artifacts."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import xml.etree.ElementTree as ElementTree

import pytest

from .app import App, ToasterFailure
from .snapshot import Snapshots

try:
    # pytest's JUnit report; it has no public way to add to a test's <system-out>.
    from _pytest.junitxml import xml_key as _JUNIT
except ImportError:  # a pytest without it writes no report the kit could add to
    _JUNIT = None

_APPS = pytest.StashKey[List[App]]()
_SAVED = pytest.StashKey[Dict[App, Path]]()
_PICTURES = pytest.StashKey[List[Path]]()
_ATTACHED = pytest.StashKey[bool]()
_WRITTEN = pytest.StashKey[List[Path]]()
_OWN_SYSTEM_OUT = pytest.StashKey["_OwnSystemOut"]()
# pytest's junit_logging choices that write a <system-out>, and the captured section it is made of.
_SYSTEM_OUT = {"log": "Captured log", "system-out": "Captured stdout", "out-err": "Captured stdout",
               "all": "Captured stdout"}
# The program's choices that come from the environment: language, colour, size.
_UNSET = ("LANG", "LANGUAGE", "NO_COLOR", "COLUMNS", "LINES")
# How long one `toastercli check` may take: a service's own timeout is 5 s by default.
CHECK_SECONDS = 60


def pytest_addoption(parser):
    group = parser.getgroup("toastercli", "toastercli scripted tests (pytest-toastercli)")
    group.addoption("--toastercli", metavar="PATH",
                    help="the toastercli binary when TOASTERCLI is not set (default: toastercli on PATH)")
    group.addoption("--toaster-artifacts", metavar="DIR", default="toaster-artifacts",
                    help="where a failed test's recording (.cast) and last screen (.txt, .svg) go (default: toaster-artifacts)")
    try:
        group.addoption("--snapshot-update", action="store_true",
                        help="write the golden screens of assert_snapshot instead of comparing")
    except ValueError:
        # Another snapshot plugin (syrupy) has the option already, with the same meaning; it is read by name.
        pass


def pytest_configure(config):
    config.stash[_WRITTEN] = []
    config.stash[_OWN_SYSTEM_OUT] = _OwnSystemOut(config)
    config.pluginmanager.register(config.stash[_OWN_SYSTEM_OUT], "toastercli-system-out")


class Toaster:
    """What the `toaster` fixture gives a test: called, it starts toastercli in a pty and returns
    its `App`; `check(*args)` runs `toastercli check … --format json` and returns its object."""

    def __init__(self, start: Callable[..., App], binary: Callable[[], str]):
        self._start = start
        self._binary = binary

    def __call__(self, *args, cols: int = 80, rows: int = 24, locale: Optional[str] = "ko",
                 env: Optional[Dict[str, str]] = None, state_dir=None) -> App:
        __tracebackhide__ = True
        return self._start(*args, cols=cols, rows=rows, locale=locale, env=env, state_dir=state_dir)

    def check(self, *args, locale: Optional[str] = "ko", env: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
        """`toastercli check ARGS --format json`, no terminal: the decision's object (`decision`,
        `reason`, `why`, `title`, `message`, … as docs/00 §5 lists them), for table-driven
        tests. `--exit-code`'s statuses 10 and 20 are answers; a failed check (status 1) or a
        usage error (64) raises ToasterFailure with what the program said."""
        __tracebackhide__ = True
        arguments = [str(argument) for argument in args]
        if "--format" in arguments or any(argument.startswith("--format=") for argument in arguments):
            raise ValueError("toaster.check gives --format json itself")
        if locale is not None and "--locale" not in arguments:
            arguments += ["--locale", locale]
        command = [self._binary(), "check", *arguments, "--format", "json"]
        try:
            done = subprocess.run(command, env=_environment(env), stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=CHECK_SECONDS, check=False)
        except subprocess.TimeoutExpired:
            raise ToasterFailure(f"toastercli check did not end within {CHECK_SECONDS} s: {' '.join(command)}") from None
        stdout, stderr = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
        if done.returncode not in (0, 10, 20):
            raise ToasterFailure(f"toastercli check exited {done.returncode}: {stderr.strip() or stdout.strip()}\n"
                                 f"command: {' '.join(command)}")
        try:
            return json.loads(stdout)
        except ValueError:
            raise ToasterFailure(f"toastercli check printed no JSON object: {stdout[:200]!r}\ncommand: {' '.join(command)}") from None


def _environment(extra: Optional[Dict[str, str]]) -> Dict[str, str]:
    """The test's environment without what would change the program's language, colour or size."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("LC_") and key not in _UNSET}
    environment.update(TERM="xterm-256color", LANG="C.UTF-8")
    environment.update(extra or {})
    return environment


@pytest.fixture
def toaster(request, tmp_path):
    """A factory: `toaster(*args, cols=80, rows=24, locale="ko", env=None, state_dir=None)` starts
    toastercli in a pty and returns its `App`; every app is stopped when the test ends.
    `toaster.check(*args)` runs `toastercli check` and returns its JSON object."""
    config = request.config
    apps = request.node.stash.setdefault(_APPS, [])
    snapshots = Snapshots(Path(str(request.node.path)), bool(config.getoption("--snapshot-update")),
                          config.stash[_WRITTEN])

    def start(*args, cols: int = 80, rows: int = 24, locale: Optional[str] = "ko",
              env: Optional[Dict[str, str]] = None, state_dir=None) -> App:
        __tracebackhide__ = True
        work = tmp_path / f"toastercli-{len(apps) + 1}"
        work.mkdir()
        arguments = [str(argument) for argument in args]
        trace = state = None
        # `run` (the default command) is the interactive one; any other is started as given.
        if not arguments or arguments[0] == "run" or arguments[0].startswith("-"):
            if "--trace" in arguments or "--state-dir" in arguments:
                raise ValueError("the kit gives each run its trace and state folder: use state_dir= and app.trace_path")
            trace, state = work / "trace.jsonl", Path(state_dir) if state_dir is not None else work / "state"
            own = ["--trace", str(trace), "--state-dir", str(state)]
            if "--launch-screen-ms" not in arguments:
                own += ["--launch-screen-ms", "0"]
            if locale is not None and "--locale" not in arguments:
                own += ["--locale", locale]
            at = 1 if arguments[:1] == ["run"] else 0
            arguments[at:at] = own
        environment = _environment(env)
        app = App([_binary(config), *arguments], cols=cols, rows=rows, env=environment, work=work,
                  trace_path=trace, state_dir=state, title=request.node.nodeid, snapshots=snapshots)
        apps.append(app)
        return app

    yield Toaster(start, lambda: _binary(config))
    problems = [problem for problem in (app._stop() for app in apps) if problem]
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


def _binary(config) -> str:
    __tracebackhide__ = True
    given = os.environ.get("TOASTERCLI") or config.getoption("--toastercli")
    found = shutil.which(given) if given else shutil.which("toastercli")
    if not found:
        pytest.fail(f"toastercli {given} is not an executable file" if given else
                    "toastercli not found: set TOASTERCLI, pass --toastercli PATH, or put it on PATH", pytrace=False)
    return os.path.abspath(found)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """When a test fails, keeps each app's recording, last screen and its picture under
    --toaster-artifacts, names them in the failure, and adds them to the JUnit report: as
    properties, and the picture as an attachment in the test's system-out."""
    outcome = yield
    report = outcome.get_result()
    apps = item.stash.get(_APPS, [])
    saved = item.stash.setdefault(_SAVED, {})
    if report.failed and any(app not in saved for app in apps):
        folder = Path(item.config.invocation_params.dir) / item.config.getoption("--toaster-artifacts")
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{Path(str(item.path)).stem}__{item.name}").strip("_")
        lines = []
        for number, app in enumerate(apps, 1):
            if app in saved:
                continue
            saved[app] = folder.resolve() / (name if number == 1 else f"{name}-{number}")
            cast, text, drawn = app._save(saved[app])
            lines += [f"recording:   {cast}", f"last screen: {text}", f"picture:     {drawn}"]
            item.stash.setdefault(_PICTURES, []).append(drawn)
            for attached in (("toastercli_cast", str(cast)), ("toastercli_screen", str(text)),
                             ("toastercli_picture", str(drawn))):
                item.user_properties.append(attached)
                report.user_properties.append(attached)
        title = "toastercli artifacts (asciinema play FILE.cast)"
        if hasattr(report.longrepr, "addsection"):
            report.longrepr.addsection(title, "\n".join(lines))
        else:
            report.sections.append((title, "\n".join(lines)))
    _attach_pictures(item, report)
    if report.when == "teardown":
        # The apps have stopped: the recordings kept at the failure get their ending.
        for app, base in saved.items():
            shutil.copyfile(app.cast_path, base.parent / f"{base.name}.cast")


def _attach_pictures(item, report) -> None:
    """`[[ATTACHMENT|path]]` for each picture, in the test's one <system-out> (Jenkins and GitLab
    read attachments there): in the captured output pytest writes into it when junit_logging asks for
    one, else in a <system-out> of the kit's own, added as the test's last report is logged."""
    xml = item.config.stash.get(_JUNIT, None) if _JUNIT is not None else None
    pictures = item.stash.get(_PICTURES, [])
    if xml is None or not pictures or item.stash.get(_ATTACHED, False):
        return
    # Relative to the report's folder, as GitLab (which reads them from the project's folder) and
    # Jenkins find them when the report is written where the job works.
    report_folder = os.path.dirname(xml.logfile)
    lines = "".join(f"[[ATTACHMENT|{os.path.relpath(picture, report_folder)}]]\n" for picture in pictures)
    section = _SYSTEM_OUT.get(xml.logging)
    # pytest writes a failed call's output at once when it leaves passing tests' output out,
    # else the output of every phase with the teardown.
    written_now = ((report.when == "call" and report.failed and not xml.log_passing_tests)
                   or (report.when == "teardown" and (xml.log_passing_tests or report.failed)))
    if section is not None and written_now:
        report.sections.append((f"{section} toastercli", lines))
    elif report.when == "teardown":
        item.config.stash[_OWN_SYSTEM_OUT].pending[report.nodeid] = lines
    else:
        return
    item.stash[_ATTACHED] = True


class _OwnSystemOut:
    """Adds a test's attachment lines as a <system-out> of their own, before the JUnit report
    closes the test, when pytest writes none (junit_logging=no, the default)."""

    def __init__(self, config):
        self.config = config
        self.pending: Dict[str, str] = {}

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report):
        lines = self.pending.pop(report.nodeid, None) if report.when == "teardown" else None
        xml = self.config.stash.get(_JUNIT, None) if lines and _JUNIT is not None else None
        if xml is not None:
            system_out = ElementTree.Element("system-out")
            system_out.text = lines
            xml.node_reporter(report).append(system_out)


def pytest_terminal_summary(terminalreporter, config):
    written = config.stash.get(_WRITTEN, [])
    if written:
        terminalreporter.write_sep("-", f"toastercli: {len(written)} snapshot(s) written")
        for path in written:
            terminalreporter.write_line(str(path))
