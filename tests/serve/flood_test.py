#!/usr/bin/env python3
"""flood_test.py: `handbook serve` under a connection flood (issue 16). 4,000 connections each
send a request line and then trickle one header line every half second for 6 s, and close
without ending their headers (slowloris). The server must answer others during the flood
(when this machine's file limit lets it hold the flood: a hard limit of 8,192 or more), and
must answer again within 10 s of the flood's end: libmicrohttpd 0.9.75's epoll mode kept the
closed connections and never served again (3 of 3 servers dead 90 s later).

Usage: tests/serve/flood_test.py HANDBOOK [--templates DIR]   (run from the repository root)
Prints one line per check; exits 1 when one failed."""
import argparse
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time

FLOOD = 4000
SECONDS = 6.0
failures = []


def check(name, ok, detail=""):
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok or not detail else ": " + detail))
    if not ok:
        failures.append(name)


def get(port, timeout):
    """One whole GET /: (status line or the error, seconds)."""
    t0 = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            head = s.recv(64)
        return head.split(b"\r\n")[0].decode("latin-1"), time.monotonic() - t0
    except OSError as e:
        return repr(e), time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", default="templates")
    args = ap.parse_args()
    # This process holds the flood's client ends: it needs the descriptors too.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = FLOOD + 512
    if soft < want and (hard == resource.RLIM_INFINITY or hard >= want):
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    flood = min(FLOOD, soft - 256)
    holds_flood = hard == resource.RLIM_INFINITY or hard >= 8192
    tmp = tempfile.mkdtemp()
    proc = subprocess.Popen([args.handbook, "serve", "--port", "0", "--content",
                             "tests/serve/fixture/content", "--templates", args.templates,
                             "--out", os.path.join(tmp, "site")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        deadline = time.monotonic() + 120
        for line in proc.stdout:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if m:
                port = int(m.group(1))
                break
            if time.monotonic() > deadline:
                break
        threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
        if not port:
            check("serve started", False)
            return 1
        status, _ = get(port, 10)
        check("serve answers before the flood", status.startswith("HTTP/1.1 200"), status)

        socks = []
        for _ in range(flood):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.setblocking(False)
                s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                socks.append(s)
            except OSError:
                break
        during = []
        t0 = time.monotonic()
        while time.monotonic() - t0 < SECONDS:
            for s in socks:
                try:
                    s.send(b"X-Trickle: 1\r\n")
                except OSError:
                    pass
            during.append(get(port, 5))
            time.sleep(0.5)
        served = sum(1 for st, _ in during if st.startswith("HTTP/1.1 200"))
        detail = f"{len(socks)} connections; during: " + ", ".join(
            f"{st[:15]} {sec:.2f} s" for st, sec in during)
        if holds_flood:
            check(f"others are served during a flood of {len(socks)} connections "
                  f"({served} of {len(during)} requests)", served >= len(during) // 2, detail)
        else:
            print(f"skip  serving during the flood: the hard file limit is {hard} "
                  f"(8,192 needed to hold {FLOOD} connections); {detail}")
        for s in socks:
            s.close()
        ended = time.monotonic()
        back = None
        while time.monotonic() - ended < 10:
            status, _ = get(port, 2)
            if status.startswith("HTTP/1.1 200"):
                back = time.monotonic() - ended
                break
            time.sleep(0.5)
        check("serve answers again within 10 s of the flood's end" +
              (f" ({back:.1f} s)" if back is not None else ""), back is not None)
        time.sleep(1)
        status, _ = get(port, 5)
        check("and keeps answering", status.startswith("HTTP/1.1 200"), status)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        subprocess.run(["rm", "-rf", tmp])
    print(f"flood test: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
