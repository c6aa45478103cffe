"""What the Python benchmarks share: packages, the release build, one timed run."""
import os, subprocess, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, "dist")


def ensure_packages(*packages):
    """Installs the Debian packages that are missing, as scripts/ do."""
    script = os.path.join(ROOT, "scripts", "lib", "ensure-packages.sh")
    subprocess.run(["bash", "-c", '. "$0" && ensure_packages "$@"', script, *packages], check=True)


def build_release(*products):
    """The binaries as scripts/release makes them: the Swift runtime linked in statically, which
    halves start-up (no dynamic symbol binding of libswiftCore and FoundationEssentials)."""
    subprocess.run([os.path.join(ROOT, "scripts", "release"), *products], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(argv):
    """Runs argv to its end, output discarded; returns (ms from spawn to exit, peak RSS in MiB)."""
    elapsed, _, rss = timed_with_cpu(argv)
    return elapsed, rss


def timed_with_cpu(argv):
    """As `timed`, with the CPU time (user and system, ms) between: (wall ms, CPU ms, peak RSS
    in MiB). On a loaded machine the CPU time is the steadier of the two."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        start = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, devnull, stream) for stream in (0, 1, 2)])
        _, status, usage = os.wait4(pid, 0)
        elapsed = (time.perf_counter() - start) * 1000
    finally:
        os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv[0]} failed with status {os.waitstatus_to_exitcode(status)}: {' '.join(argv)}")
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024
