#!/usr/bin/env python3
"""A class against `explorer serve`, on 127.0.0.1 only: a teacher and CLIENTS students.

Starts `explorer serve --port 0` (the binary given, or .build/release/explorer, else
.build/debug/explorer; the HTTP front must be built: swift build [-c release] --package-path Server) and plays page-like clients, each
as the live page behaves: one request in flight, and when it answers the newest slider value is
asked next (values in between are dropped); every answer's figures are fetched, as a browser does.

- first the teacher opens the lesson, and the class waits until the server has made the previews
  of the slider's steps in the background (GET /status), as a class starting after the teacher
  opened the lesson would; the time this takes is reported;
- each student drags lesson 3's sigma ROUNDS times, from where it is to a new value on the
  slider's 0.1 grid, an input every 50 ms (quick previews), then lets go; a let-go is answered at
  once (the full-timing run if the class has it, else the preview, marked pending), and the page
  then waits for the full timing (wait=1) for at most LOOK seconds before the next drag, which
  abandons it, as the page's script does;
- meanwhile the teacher sets sigma CHANGES times, one change every 2 s on the slider's grid (a
  slider sends nothing else), each a let-go timed from the request to the last figure of the new
  page, as a browser shows it; the teacher's page then waits for the full timing until the next
  change, and when it comes that is timed too.

Reports the teacher's latency (median, worst), the students' time from letting go to their
figures and to the full timing, every answer's status, and the server's temporary folder after
Ctrl-C. Requests are bounded in count (clients x rounds x at most 61, plus the teacher's) and in
time (--deadline); exit status 1 when a request failed or went unanswered (a wait for the full
timing cut short by the next drag is abandoned, not failed), or temporary files were left.

    python3 bench/serve_load.py [--explorer PATH] [--clients 30] [--rounds 3] [--changes 10] [--look 5]
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


def status(site, timeout):
    return json.loads(get(site + "status", timeout))


def figures(page_html):
    return re.findall(r'<img src="(/run/[^"]+)"', page_html)


class Page:
    """One open page: its session, one request in flight, figures fetched after each answer."""

    def __init__(self, site, lesson, session, deadline):
        self.site, self.lesson, self.session, self.deadline = site, lesson, session, deadline
        self.statuses = {}
        self.fetched = set()

    def run(self, sigma, mode, limit=None):
        """Asks for the page at sigma ("quick": a preview, "let-go", or "wait": the full timing,
        for at most `limit` seconds, then abandoned); returns (status, answer, seconds to its
        last figure)."""
        start = time.perf_counter()
        query = [("session", self.session), ("sigma", "%g" % sigma)]
        if mode == "quick":
            query.append(("quick", "1"))
        elif mode == "wait":
            query.append(("wait", "1"))
        url = "%slesson/%s/run?%s" % (self.site, self.lesson, urllib.parse.urlencode(query))
        timeout = max(1, self.deadline - time.time())
        abandoned = False
        try:
            status, answer = post(url, min(timeout, limit) if limit else timeout)
        except Exception as error:  # unanswered: a timeout or a dropped connection
            status, answer = None, {"error": str(error)}
            abandoned = limit is not None and time.perf_counter() - start >= limit - 0.05
        if abandoned:
            key = "full timing abandoned"
        elif status == 200 and answer.get("superseded"):
            key = "superseded"
        elif status == 200 and answer.get("pending"):
            key = "200 (preview, full timing pending)"
        else:
            key = status
        self.statuses[key] = self.statuses.get(key, 0) + 1
        if status == 200 and "html" in answer:
            for path in figures(answer["html"]):
                if path not in self.fetched:  # the browser's cache (the server says max-age=3600)
                    get(self.site.rstrip("/") + path, timeout)
                    self.fetched.add(path)
        return status, answer, time.perf_counter() - start


def student(site, lesson, number, rounds, look, deadline, results, lock):
    page = Page(site, lesson, "student%d" % number, deadline)
    sigma, finals, timings = 3.0, [], []
    for round_number in range(rounds):
        if time.time() > deadline:
            break
        target = round(0.5 + ((number * 7 + round_number * 13) % 56) / 10, 1)
        steps = max(1, int(round(abs(target - sigma) * 10)))
        path = [round(sigma + (target - sigma) * (k + 1) / steps, 1) for k in range(steps)]
        drag_start, asked = time.perf_counter(), 0
        while asked < 60 and time.time() < deadline:
            position = min(len(path) - 1, int((time.perf_counter() - drag_start) / 0.05))
            page.run(path[position], "quick")
            asked += 1
            if position == len(path) - 1:
                break
        let_go = time.perf_counter()
        status, answer, _ = page.run(target, "let-go")
        finals.append(time.perf_counter() - let_go)
        if status == 200 and answer.get("pending"):
            status, answer, _ = page.run(target, "wait", look)
        if status == 200 and "html" in answer:
            timings.append(time.perf_counter() - let_go)
        sigma = target
    with lock:
        results.append((page.statuses, finals, timings))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--explorer", help="the explorer binary")
    parser.add_argument("--lesson", default="3")
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--look", type=float, default=5, help="seconds a student's page waits for the full timing")
    parser.add_argument("--warm-deadline", type=float, default=1800, help="seconds to wait for the slider's previews")
    parser.add_argument("--deadline", type=float, default=600, help="seconds for the whole class")
    args = parser.parse_args()
    if not (0 <= args.clients <= 100 and 1 <= args.rounds <= 20 and 1 <= args.changes <= 50 and 0 < args.look <= 60):
        sys.exit("clients must be in 0..100, rounds in 1..20, changes in 1..50, look in 0..60 s")
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
        opened = time.perf_counter()
        get(site + "lesson/" + args.lesson, args.deadline)
        print("the lesson's page opened in %.1f s (its full run at the defaults)" % (time.perf_counter() - opened))
        while status(site, 10)["warming"] > 0 and time.perf_counter() - opened < args.warm_deadline:
            time.sleep(1)
        warm = status(site, 10)
        print("the slider's previews made in the background: %.0f s after opening (%d runs; %d not made)"
              % (time.perf_counter() - opened, warm["runsMade"], warm["warming"]))
        alone = Page(site, args.lesson, "alone", time.time() + 600)
        figures_alone, full_alone = [], []
        for s in (3.5, 4.0, 4.5, 3.0):
            started = time.perf_counter()
            status_code, answer, seconds = alone.run(s, "let-go")
            figures_alone.append(seconds)
            if status_code == 200 and answer.get("pending"):
                alone.run(s, "wait")
            full_alone.append(time.perf_counter() - started)
        print("alone, letting go at a new value: figures in %s ms; full timing in %s ms"
              % (", ".join("%.0f" % (1000 * t) for t in figures_alone), ", ".join("%.0f" % (1000 * t) for t in full_alone)))
        again = [alone.run(s, "let-go")[2] for s in (3.5, 4.0, 4.5, 3.0)]
        print("alone, the same values again (the class's cache, full timing): %s ms" % ", ".join("%.0f" % (1000 * t) for t in again))

        deadline = time.time() + args.deadline
        results, lock = [], threading.Lock()
        threads = [threading.Thread(target=student, args=(site, args.lesson, n, args.rounds, args.look, deadline, results, lock), daemon=True)
                   for n in range(args.clients)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        teacher = Page(site, args.lesson, "teacher", deadline)
        teacher_times, teacher_full = [], []
        loads = []
        for k in range(args.changes):
            if time.time() > deadline:
                break
            loads.append(os.getloadavg()[0])
            sigma = round(1.0 + 0.45 * k, 1)
            started = time.perf_counter()
            status_code, answer, seconds = teacher.run(sigma, "let-go")
            if status_code != 200 or "html" not in answer:
                failures.append("teacher change %d: %s %s" % (k, status_code, str(answer)[:200]))
            teacher_times.append(seconds)
            left = 2 - (time.perf_counter() - started)
            if answer.get("pending") and left > 0.05:
                status_code, answer, _ = teacher.run(sigma, "wait", left)
                if status_code == 200 and "html" in answer:
                    teacher_full.append(time.perf_counter() - started)
            elif not answer.get("pending"):
                teacher_full.append(seconds)
            time.sleep(max(0, 2 - (time.perf_counter() - started)))
        for thread in threads:
            thread.join(max(0, deadline - time.time()))
        elapsed = time.perf_counter() - start

        print("class: %d students x %d drags of sigma, and the teacher's %d changes, in %.1f s"
              % (args.clients, args.rounds, len(teacher_times), elapsed))
        print("load average (1 min) at the teacher's changes: %s" % ", ".join("%.1f" % l for l in loads))
        print("teacher: sigma change to its last figure: median %.0f ms, worst %.0f ms (%s)"
              % (1000 * statistics.median(teacher_times), 1000 * max(teacher_times),
                 ", ".join("%.0f" % (1000 * t) for t in teacher_times)))
        print("teacher: full timing before the next change (2 s): %d of %d%s"
              % (len(teacher_full), len(teacher_times),
                 (", in %s ms" % ", ".join("%.0f" % (1000 * t) for t in teacher_full)) if teacher_full else ""))
        finals = sorted(t for _, times, _ in results for t in times)
        if finals:
            print("students: letting go to their figures: median %.2f s, 95th percentile %.2f s, worst %.2f s"
                  % (statistics.median(finals), finals[int(0.95 * (len(finals) - 1))], finals[-1]))
        timed = sorted(t for _, _, times in results for t in times)
        print("students: full timing within %g s of letting go: %d of %d let-gos%s"
              % (args.look, len(timed), len(finals),
                 (" (median %.2f s, worst %.2f s)" % (statistics.median(timed), timed[-1])) if timed else ""))
        statuses = {}
        for page_statuses, _, _ in results + [(teacher.statuses, [], [])]:
            for key, count in page_statuses.items():
                statuses[key] = statuses.get(key, 0) + count
        print("answers: " + ", ".join("%s: %d" % (k, v) for k, v in sorted(statuses.items(), key=str)))
        if len(results) < args.clients:
            failures.append("%d students did not finish by the deadline" % (args.clients - len(results)))
        for key, count in statuses.items():
            if key not in (200, "superseded", "200 (preview, full timing pending)", "full timing abandoned"):
                failures.append("%d answers with status %s" % (count, key))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("the server did not stop on Ctrl-C")
    time.sleep(0.5)
    if os.path.exists(folder):
        failures.append("temporary folder left: " + folder)
    else:
        print("temporary folder removed on Ctrl-C")
    for failure in failures:
        print("FAIL: " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
