"""Two hosts on one Linux machine: a Ray head and a Ray worker that share no file system.

Each host is a network namespace of its own (``ip netns``), joined to the other by a veth pair with
addresses of a private range that exist only inside those namespaces. The head host ("a") keeps this
machine's files (the driver runs there and writes its output and cache as usual; its HOME and Ray session
files are private dirs under one temp dir). The worker host ("b") also gets a mount namespace in which
tmpfs covers /tmp, /dev/shm, this machine's ~/.cache and ~/.ray and every path in ``hide`` (the driver's
output, its cache; HOME is a dir in its own /tmp), and a UTS
namespace with a host name of its own: nothing the driver writes can reach it through a file, so whatever
a task needs must travel through Ray. What both hosts share is what every node of a real cluster has
installed: the Python environment and the code under test (read only). The hosts share one process
table (a PID namespace each would hide nothing Ray needs); the one thing that notices is `ray start --head`,
which refuses while a process anywhere names its address, so a lost head is restarted after b is stopped.

Usable by hand (``benchmarks/two_hosts.py``) and by ``tests/test_two_hosts.py``. :func:`unavailable` says
why the hosts cannot be made here (not root, no ``ip``, no namespaces); everything made (processes in both
namespaces, the namespaces and the veth pair with them, the mounts, the temp dir) is removed by
:meth:`TwoHosts.down`, also when ``up`` fails half-way, and namespaces left behind by a killed earlier run
are removed first.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parents[1]


def _python_paths() -> list[Path]:
    """The folders the Python running the tests needs: its venv and base install, the checkout, its import path
    (a .pth may point outside the venv), and the folder of each command it runs (ray, vdmfma)."""
    found = [sys.prefix, sys.base_prefix, sys.exec_prefix, str(ROOT), *sys.path,
             *(os.path.dirname(os.path.realpath(shutil.which(c) or "")) for c in ("ray", "vdmfma") if shutil.which(c))]
    return sorted({Path(p).resolve() for p in found if p and Path(p).is_dir()})
IP = shutil.which("ip") or next((p for p in ("/usr/sbin/ip", "/sbin/ip") if os.path.exists(p)), None)
UNSHARE = shutil.which("unshare")
PREFIX = "vdm2h"  # every namespace and veth of ours: vdm2h<PID><a|b>
SUBNET = "10.231"  # 10.231.X.0/24, X from the harness's PID: inside its two namespaces only
PORT = 6379


def _quiet(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True)


def unavailable() -> str:
    """Why two hosts cannot be made on this machine ('' when they can)."""
    if sys.platform != "linux":
        return "two hosts need Linux network and mount namespaces"
    if os.geteuid() != 0:
        return "two hosts need root (network and mount namespaces)"
    if IP is None:
        return "no `ip` command (iproute2) to make network namespaces"
    if UNSHARE is None:
        return "no `unshare` command (util-linux) to make mount namespaces"
    if shutil.which("ray", path=str(Path(sys.executable).parent)) is None:
        return "ray is not installed: pip install 'iree-vdmfma[cluster]'"
    probe = f"{PREFIX}{os.getpid()}p"
    made = _quiet(IP, "netns", "add", probe)
    if made.returncode:
        return f"cannot make a network namespace: {made.stderr.strip()}"
    _quiet(IP, "netns", "del", probe)
    with tempfile.TemporaryDirectory() as point:
        mounted = _quiet(UNSHARE, "--mount", "--uts", "--propagation", "private", "mount", "-t", "tmpfs", "none", point)
    if mounted.returncode:
        return f"cannot make a mount namespace with tmpfs: {mounted.stderr.strip()}"
    return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def _netns_pids(ns: str) -> list[int]:
    out = _quiet(IP, "netns", "pids", ns).stdout
    return [int(p) for p in out.split() if p.isdigit()]


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _kill_all(ns: str, keep: Sequence[int] = ()) -> None:
    """SIGKILL every process in netns ``ns`` but ``keep`` (they were all started by the harness), until none
    is left (a dying raylet may still fork)."""
    for _ in range(50):
        pids = [p for p in _netns_pids(ns) if p not in keep]
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


def remove_leftovers() -> None:
    """Namespaces of an earlier harness whose process is gone (killed before it could tear down)."""
    out = _quiet(IP, "netns", "list").stdout if IP else ""
    for name in re.findall(rf"^({PREFIX}(\d+)[ab])\b", out, re.M):
        ns, pid = name
        if not _alive(int(pid)):
            _kill_all(ns)
            _quiet(IP, "netns", "del", ns)


class TwoHosts:
    """Host 'a' (Ray head, the driver's host) and host 'b' (a Ray worker with private /tmp, HOME, /dev/shm).

    ``cpus``: Ray CPUs per host; ``resources``: custom Ray resources per host name ('a', 'b'), e.g. a
    stand-in for a GPU; ``hide``: driver paths that must not exist on host b (covered by tmpfs there)."""

    def __init__(self, cpus: int = 1, resources: Optional[dict] = None, hide: Sequence[Path] = ()):
        self.cpus, self.resources, self.hide = cpus, resources or {}, [Path(p) for p in hide]
        tag = f"{PREFIX}{os.getpid()}"
        self.ns = {"a": tag + "a", "b": tag + "b"}
        # a subnet of its own, so `ray start --head` never takes another harness's raylet for one of ours
        net = f"{SUBNET}.{os.getpid() % 250 + 1}"
        self.ip = {"a": f"{net}.1", "b": f"{net}.2"}
        self.hostname = {"a": "vdmfma-host-a", "b": "vdmfma-host-b"}
        self.address = f"{self.ip['a']}:{PORT}"
        self.token = secrets.token_hex(16)  # Ray's token auth, handed to every node as a real cluster's would be
        self.base: Optional[Path] = None
        self._made: list[str] = []

    # ------------------------------------------------------------------ environment
    def env(self, host: str, **extra: str) -> dict:
        """The environment of a process on ``host``: the shared install first on PATH, the code under test on
        PYTHONPATH, the host's own HOME, Ray's token; nothing that names the other host's files."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("RAY_", "VDMFMA_")) and k != "TMPDIR"}
        env.update(PATH=f"{Path(sys.executable).parent}:{env.get('PATH', '/usr/bin:/bin')}",
                   PYTHONPATH=str(ROOT), HOME=self.home(host), RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=self.token,
                   RAY_USAGE_STATS_ENABLED="0", PYTHONUNBUFFERED="1",
                   # a killed node (its port refuses at once) is noticed in about 5 s, not Ray's 15-45; a live
                   # one on a loaded machine still has 5 s an answer, 5 misses in a row, before it counts as lost
                   RAY_health_check_period_ms="1000", RAY_health_check_timeout_ms="5000",
                   RAY_health_check_failure_threshold="5")
        env.update(extra)
        return env

    def home(self, host: str) -> str:
        return str(self.base / "home-a") if host == "a" else "/tmp/home-b"  # b's /tmp is its own tmpfs

    def command(self, host: str, argv: Sequence[str]) -> list[str]:
        """``argv`` as run on ``host``: in its network namespace; on b also in b's mount and UTS namespaces,
        which exist only while b's Ray processes do (see :meth:`start_worker`)."""
        if host == "a":
            return [IP, "netns", "exec", self.ns["a"], *argv]
        raylet = self.pids("b", "raylet")
        if not raylet:
            raise RuntimeError("host b is down (no raylet)")
        return [IP, "netns", "exec", self.ns["b"], "nsenter", f"--mount=/proc/{raylet[0]}/ns/mnt",
                f"--uts=/proc/{raylet[0]}/ns/uts", *argv]

    def run(self, host: str, argv: Sequence[str], env: Optional[dict] = None, **kw) -> subprocess.CompletedProcess:
        kw.setdefault("capture_output", True)
        kw.setdefault("text", True)
        return subprocess.run(self.command(host, argv), env=env or self.env(host), **kw)

    def popen(self, host: str, argv: Sequence[str], env: Optional[dict] = None, **kw) -> subprocess.Popen:
        return subprocess.Popen(self.command(host, argv), env=env or self.env(host), **kw)

    def pids(self, host: str, name: Optional[str] = None) -> list[int]:
        """Processes on ``host`` (named ``name``: /proc/PID/comm)."""
        pids = _netns_pids(self.ns[host])
        return [p for p in pids if _comm(p) == name] if name else pids

    # ------------------------------------------------------------------ up and down
    def __enter__(self) -> "TwoHosts":
        try:
            self.up()
        except BaseException:
            self.down()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.down()

    def up(self) -> None:
        """Namespaces, the veth pair, the head on a, the worker on b."""
        remove_leftovers()
        self.base = Path(tempfile.mkdtemp(prefix="vdm2h-", dir="/tmp"))  # short: Ray's socket paths
        (self.base / "home-a").mkdir()
        a, b = self.ns["a"], self.ns["b"]
        va, vb = a + "v", b + "v"  # 15 bytes at most
        steps = [("netns", "add", a), ("netns", "add", b), ("link", "add", va, "type", "veth", "peer", "name", vb),
                 ("link", "set", va, "netns", a), ("link", "set", vb, "netns", b),
                 ("-n", a, "addr", "add", f"{self.ip['a']}/24", "dev", va),
                 ("-n", b, "addr", "add", f"{self.ip['b']}/24", "dev", vb),
                 ("-n", a, "link", "set", va, "up"), ("-n", b, "link", "set", vb, "up"),
                 ("-n", a, "link", "set", "lo", "up"), ("-n", b, "link", "set", "lo", "up")]
        for step in steps:
            done = _quiet(IP, *step)
            if done.returncode:
                raise RuntimeError(f"ip {' '.join(step)}: {done.stderr.strip()}")
            if step[0] == "netns":
                self._made.append(step[2])
        self.start_head()
        self.start_worker()

    def _ray_start(self, host: str) -> list[str]:
        args = ["ray", "start", "--node-ip-address", self.ip[host], f"--num-cpus={self.cpus}", "--num-gpus=0",
                "--object-store-memory=100000000", "--disable-usage-stats"]
        if self.resources.get(host):
            import json

            args.append(f"--resources={json.dumps(self.resources[host])}")
        if host == "a":
            return [*args, "--head", f"--port={PORT}", "--include-dashboard=false",
                    f"--temp-dir={self.base / 'ray-a'}"]
        return [*args, f"--address={self.address}"]

    def start_head(self) -> None:
        script = f"hostname {self.hostname['a']} && exec {shlex.join(self._ray_start('a'))}"
        done = subprocess.run([IP, "netns", "exec", self.ns["a"], UNSHARE, "--uts", "sh", "-c", script],
                              env=self.env("a"), capture_output=True, text=True, timeout=300)
        if done.returncode:
            raise RuntimeError(f"ray start --head on host a failed: {done.stderr.strip()[-2000:]}")

    def start_worker(self) -> None:
        """b: a fresh mount namespace (tmpfs over /tmp, /dev/shm, ~/.cache, ~/.ray and ``hide``) and host name, then
        ``ray start --address`` (a node reboot: whatever b had is gone)."""
        home = Path(os.path.expanduser("~"))  # not all of it: the shared Python install may live there (pyenv)
        covered = ["/tmp", "/dev/shm", str(home / ".cache"), str(home / ".ray"), *map(str, self.hide)]
        covered = [p for p in map(Path, covered)  # a path under another covered one is hidden with it
                   if p.is_dir() and not any(p != q and p.is_relative_to(q) for q in map(Path, covered))]
        # Private means b's cache, scratch and Ray session folders, never the Python that runs it: a venv (or the
        # checkout) under /tmp or HOME is bound aside (on a tmpfs of b's own at /mnt) before the tmpfs covers its
        # parent, then bound back in place.
        keep = [p for p in _python_paths() if any(p.is_relative_to(c) and p != c for c in map(Path, covered))
                and not any(p.is_relative_to(h) for h in map(Path, self.hide))]
        keep = [p for p in keep if not any(p != q and p.is_relative_to(q) for q in keep)]
        q = shlex.quote
        aside = ([f"mount -t tmpfs -o size=1m vdmfma-host-b-keep /mnt"]
                 + [f"mkdir -p /mnt/k{i} && mount --bind {q(str(p))} /mnt/k{i}" for i, p in enumerate(keep)])
        cover = [f"mount -t tmpfs -o size=1g,mode=1777 vdmfma-host-b {q(str(p))}" for p in dict.fromkeys(covered)]
        back = [f"mkdir -p {q(str(p))} && mount --bind /mnt/k{i} {q(str(p))}" for i, p in enumerate(keep)]
        mounts = " && ".join((aside if keep else []) + cover + back)
        script = (f"{mounts} && mkdir -p {self.home('b')} && hostname {self.hostname['b']} && "
                  f"exec {shlex.join(self._ray_start('b'))}")
        done = subprocess.run([IP, "netns", "exec", self.ns["b"], UNSHARE, "--mount", "--uts", "--propagation",
                               "private", "sh", "-c", script], env=self.env("b"), capture_output=True, text=True,
                              timeout=300)
        if done.returncode:
            raise RuntimeError(f"ray start --address on host b failed: {done.stderr.strip()[-2000:]}")

    def kill_raylet(self, host: str) -> int:
        """SIGKILL the host's raylet (the node dies; its workers follow); its pid."""
        pid = self.pids(host, "raylet")[0]
        os.kill(pid, signal.SIGKILL)
        return pid

    def stop(self, host: str, keep: Sequence[int] = ()) -> None:
        """Every process on ``host`` killed but ``keep`` (the driver): the host is lost."""
        _kill_all(self.ns[host], keep)

    def restart(self, host: str) -> None:
        """Whatever is left on ``host`` killed, then its Ray node started afresh (b: a fresh /tmp, like a reboot)."""
        self.stop(host)
        self.start_head() if host == "a" else self.start_worker()

    def down(self) -> None:
        for ns in reversed(self._made):
            _kill_all(ns)
            _quiet(IP, "netns", "del", ns)  # the veth pair goes with its namespace
        self._made = []
        if self.base is not None:
            shutil.rmtree(self.base, ignore_errors=True)
            self.base = None


if __name__ == "__main__":  # by hand: bring the hosts up, show them, take them down
    why = unavailable()
    if why:
        sys.exit(f"cannot make two hosts here: {why}")
    with TwoHosts() as hosts:
        print(f"head {hosts.address} ({hosts.ns['a']}), worker {hosts.ip['b']} ({hosts.ns['b']})")
        print(hosts.run("a", ["ray", "status", f"--address={hosts.address}"]).stdout)
