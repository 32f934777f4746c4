#!/usr/bin/env python3
"""The latencies behind the saver's loss bound (docs/RELIABILITY.md): N rounds of a 6 KB
save done the way src-tauri/storage.rs does it, timing the publish (create, write, rename),
the fsync of the file and the fsync of the directory. Usage: fsync-latency.py [DIR] [N]"""
import os
import sys
import tempfile
import time

d = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="llk-fsync-", dir="/tmp")
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
data = b"x" * 6000
pub, syn, dsync = [], [], []
for _ in range(n):
    t0 = time.perf_counter()
    fd = os.open(f"{d}/g.tmp", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    t1 = time.perf_counter()
    os.fsync(fd)
    t2 = time.perf_counter()
    os.rename(f"{d}/g.tmp", f"{d}/g.json")
    t3 = time.perf_counter()
    dfd = os.open(d, os.O_RDONLY)
    os.fsync(dfd)
    os.close(dfd)
    os.close(fd)
    t4 = time.perf_counter()
    pub.append((t1 - t0) + (t3 - t2))
    syn.append(t2 - t1)
    dsync.append(t4 - t3)
    time.sleep(0.02)
os.remove(f"{d}/g.json")


def q(v):
    v = sorted(v)
    return "p50 %.2f  p99 %.2f  max %.2f ms" % (v[len(v) // 2] * 1e3, v[int(len(v) * 0.99)] * 1e3, v[-1] * 1e3)


print(f"{n} rounds in {d}, load {os.getloadavg()[0]:.1f}")
print("publish (create, write, rename):", q(pub))
print("fsync of the file:              ", q(syn))
print("fsync of the directory:         ", q(dsync))
