"""A real Ray cluster on this machine: a head node and a second node, each started as its own
process (`ray start --head`, `ray start --address`), and `cardlang simulate --ray ADDRESS` plays
the same games as local processes (docs/playing.md shows the same steps). It skips, saying why,
only when Ray is not installed or cannot start a cluster here. The nodes are stopped by their
process groups (the ones this test made), never by name."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
# a test cluster of one machine: no token to share between the nodes, no usage report
ENV = dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _nodes(address: str) -> int:
    r = subprocess.run([str(BIN / "ray"), "status", f"--address={address}"], env=ENV,
                       capture_output=True, text=True, timeout=30)
    return r.stdout.count(" node_") if r.returncode == 0 else 0


def _wait_for(address: str, nodes: int, seconds: float) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if _nodes(address) >= nodes:
            return True
        time.sleep(0.5)
    return False


def _start(args: list, log: Path) -> subprocess.Popen:
    """A `ray start --block` in a session of its own: its daemons share its process group."""
    return subprocess.Popen([str(BIN / "ray"), "start", "--block", *args], env=ENV,
                            stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def _stop(procs: list) -> None:
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        for p in procs:
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                pass
        for p in procs:
            try:
                p.wait(wait)
            except subprocess.TimeoutExpired:
                pass


def _games(out: Path) -> list:
    return (out / "games.jsonl").read_text().splitlines()


def _simulate(out: Path, *how) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "cardlang"), "simulate", "innovation", "-n", "6",
                           "--bots", "greedy,random", "--seed", "11", "--mode", "interpreted",
                           "--no-plots", "--quiet", "--out", str(out), *how],
                          env=ENV, capture_output=True, text=True, timeout=240)


def test_simulate_on_a_two_node_ray_cluster_plays_the_local_games():
    if not (BIN / "ray").exists():
        pytest.skip("ray is not installed (pip install 'cardlang[ray]'): no cluster test")
    tmp = Path(tempfile.mkdtemp(prefix="clray", dir="/tmp"))  # (Ray's socket paths are short)
    address = f"127.0.0.1:{_free_port()}"
    procs = []
    try:
        procs.append(_start(["--head", f"--port={address.split(':')[1]}", "--num-cpus=1",
                             "--node-ip-address=127.0.0.1", f"--temp-dir={tmp}",
                             "--include-dashboard=false", "--disable-usage-stats"],
                            tmp / "head.log"))
        if not _wait_for(address, 1, 60):
            pytest.skip("ray cannot start a head node here: "
                        + (tmp / "head.log").read_text()[-500:])
        procs.append(_start([f"--address={address}", "--num-cpus=1",
                             "--node-ip-address=127.0.0.1"], tmp / "node.log"))
        if not _wait_for(address, 2, 60):
            pytest.skip("ray cannot start a second node here: "
                        + (tmp / "node.log").read_text()[-500:])
        local = _simulate(tmp / "local", "--workers", "2")
        assert local.returncode == 0, local.stderr[-2000:]
        on_ray = _simulate(tmp / "ray", "--ray", address)
        assert on_ray.returncode == 0, on_ray.stderr[-2000:]
        assert _games(tmp / "ray") == _games(tmp / "local") and len(_games(tmp / "local")) == 6
        assert f'"backend": "ray ({address})"' in (tmp / "ray" / "summary.json").read_text()
    finally:
        _stop(procs)
        shutil.rmtree(tmp, ignore_errors=True)
