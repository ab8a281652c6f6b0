#!/usr/bin/env python3
"""Load and latency of `explorer serve`, against 127.0.0.1 only.

Starts `explorer serve --port 0` (the binary given, or .build/release/explorer, else
.build/debug/explorer) and then:

1. latency: one client moves lesson 3's sigma ten times, one change at a time; each time is
   from sending the recompute to having every figure of the new page (what a browser does);
   quick timing as while dragging, then once with full timing as on release.
2. load: CLIENTS clients each drag a slider, sending RECOMPUTES recomputes 50 ms apart without
   waiting for answers (a later request from a client may supersede an earlier one).

It reports every answer's status, the latencies, the server's peak resident memory (VmHWM) and
whether the server's temporary folder is gone after Ctrl-C. Request count and time are bounded
(--deadline); exit status 1 when a request went unanswered, an answer was neither a page nor
"superseded", or temporary files were left.

    python3 bench/serve_load.py [--explorer PATH] [--clients 30] [--recomputes 20]
"""
import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

HOST = "127.0.0.1"


def post(url, timeout):
    request = urllib.request.Request(url, method="POST", data=b"")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def get(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read()


def figures(page_html):
    return re.findall(r'<img src="([^"/][^"]*)"', page_html)


def recompute(site, lesson, client, sigma, quick, timeout):
    query = {"client": client, "set": "sigma=%g" % sigma}
    if quick:
        query["quick"] = "1"
    url = "%slesson/%s/run?%s" % (site, lesson, urllib.parse.urlencode(query))
    return post(url, timeout)


def fetch_page(site, lesson, client, sigma, quick, timeout):
    """Recompute and fetch every figure; returns (status, answer, seconds)."""
    start = time.perf_counter()
    status, answer = recompute(site, lesson, client, sigma, quick, timeout)
    if status == 200 and "base" in answer:
        base = site.rstrip("/") + answer["base"]
        for name in figures(answer["html"]):
            get(base + name, timeout)
    return status, answer, time.perf_counter() - start


def peak_rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--explorer", help="the explorer binary")
    parser.add_argument("--lesson", default="3")
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--recomputes", type=int, default=20)
    parser.add_argument("--deadline", type=float, default=600, help="seconds for the whole load phase")
    args = parser.parse_args()
    if not (1 <= args.clients <= 100 and 1 <= args.recomputes <= 100):
        sys.exit("clients and recomputes must be in 1..100")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    explorer = args.explorer or next(
        (p for p in (os.path.join(root, ".build/release/explorer"), os.path.join(root, ".build/debug/explorer"))
         if os.path.exists(p)), None)
    if not explorer:
        sys.exit("no explorer binary: run swift build -c release first")

    server = subprocess.Popen([explorer, "serve", "--host", HOST, "--port", "0"], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/) \(Ctrl-C stops and removes (\S+)\)", line)
    if not match:
        server.kill()
        sys.exit("the server did not start: " + line)
    site, folder = match.group(1), match.group(2)
    print("explorer: %s" % explorer)
    print("server: %s, temporary folder %s" % (site, folder))
    failures = []
    try:
        get(site + "lesson/" + args.lesson, args.deadline)

        # 1. Latency, one change at a time.
        quick_times, run_times = [], []
        for k in range(10):
            status, answer, seconds = fetch_page(site, args.lesson, "latency", 1 + 0.4 * k, True, 120)
            if status != 200:
                failures.append("latency run %d: %s %s" % (k, status, answer))
            quick_times.append(seconds)
            run_times.append(answer.get("seconds", float("nan")) if isinstance(answer, dict) else float("nan"))
        status, answer, full_time = fetch_page(site, args.lesson, "latency", 4.2, False, 120)
        print("latency (sigma change to every figure fetched), quick timing: median %.0f ms, max %.0f ms over %d"
              % (1000 * statistics.median(quick_times), 1000 * max(quick_times), len(quick_times)))
        print("  of which the lesson run in the server: median %.0f ms, max %.0f ms (sigma 1.0 to 4.6)"
              % (1000 * statistics.median(run_times), 1000 * max(run_times)))
        print("  each change: " + ", ".join("sigma %.1f %.0f ms" % (1 + 0.4 * k, 1000 * t) for k, t in enumerate(quick_times)))
        print("latency with full timing (as when the slider is let go): %.0f ms" % (1000 * full_time))

        # 2. Load: every client drags a slider.
        answers = []
        lock = threading.Lock()
        start = time.perf_counter()

        def one(client, k):
            sigma = 0.5 + (5.5 * k / max(1, args.recomputes - 1) + 0.01 * client) % 5.5
            quick = k < args.recomputes - 1
            t0 = time.perf_counter()
            try:
                status, answer = recompute(site, args.lesson, "load%d" % client, round(sigma, 2), quick,
                                           max(1, args.deadline - (t0 - start)))
            except Exception as error:  # an unanswered request: a timeout or a dropped connection
                status, answer = None, {"error": str(error)}
            with lock:
                answers.append((client, k, status, answer, time.perf_counter() - t0))

        threads = []
        for k in range(args.recomputes):
            for client in range(args.clients):
                thread = threading.Thread(target=one, args=(client, k), daemon=True)
                thread.start()
                threads.append(thread)
            time.sleep(0.05)
        for thread in threads:
            thread.join(max(0, args.deadline - (time.perf_counter() - start)))
        elapsed = time.perf_counter() - start
        ran = [a for a in answers if a[2] == 200 and "base" in a[3]]
        superseded = [a for a in answers if a[2] == 200 and a[3].get("superseded")]
        other = [a for a in answers if a not in ran and a not in superseded]
        total = args.clients * args.recomputes
        print("load: %d clients x %d recomputes = %d requests in %.1f s: %d answered (%d ran, %d superseded, %d other)"
              % (args.clients, args.recomputes, total, elapsed, len(answers), len(ran), len(superseded), len(other)))
        if ran:
            times = sorted(a[4] for a in ran)
            print("load: answer time of runs: median %.2f s, 95th percentile %.2f s"
                  % (statistics.median(times), times[int(0.95 * (len(times) - 1))]))
        last = [a for a in ran if a[1] == args.recomputes - 1]
        print("load: clients whose last (full-timing) request ran: %d of %d" % (len(last), args.clients))
        if len(answers) < total:
            failures.append("%d requests unanswered" % (total - len(answers)))
        for a in other[:5]:
            failures.append("client %d request %d: %s %s" % (a[0], a[1], a[2], a[3]))
        print("server peak RSS (VmHWM): %.0f MiB" % (peak_rss_kib(server.pid) / 1024))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("the server did not stop on Ctrl-C")
    if os.path.exists(folder):
        failures.append("temporary folder left: " + folder)
    else:
        print("temporary folder removed on Ctrl-C")
    for failure in failures:
        print("FAIL: " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
