#!/usr/bin/env python3
"""A class against `explorer serve`, on 127.0.0.1 only: CLIENTS page-like students and a teacher.

Starts `explorer serve --port 0 --site SITE` (the binary given, or .build/release/explorer; the
HTTP front must be built: swift build [-c release] --package-path Server); the site must hold
the lessons baked already (explorer export --output SITE, or a first explorer serve), so the
server starts fresh and serves from its first second, with no warm-up.

Each client behaves as the page does: it opens the lesson (GET /lesson/N, following the
redirect, as a browser), reads the page's baked states (data-grids, data-states), then moves a
slider STEPS times, one request in flight: each step asks the state's page (state.html) and
then every figure it shows (img src), as a browser does, over one kept-alive connection; a step
is timed from its request to its last figure. As the page, a client keeps the other control where
it is when their combinations are baked (lesson 13's method and σ), else puts it back to its default. Students move a random parameter to a random
baked value every 50-300 ms; the teacher moves one every 2 s. Reports each lesson's steps
(median, 95th percentile, max) for the students and the teacher, the answers' statuses, and the
load average; exit status 1 when a request failed.

    python3 bench/serve_load.py --site Site [--explorer PATH] [--lessons 3 13] [--clients 30] [--steps 40]
        [--lessons-folder DIR]   (a folder holding only the lessons SITE has baked, so none is baked first)
"""
import argparse
import html
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"


class Page:
    """One browser tab: a kept-alive connection and the lesson page's baked states."""

    def __init__(self, port, lesson):
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)
        self.statuses = {}
        location = self.get("/lesson/%d" % lesson, body=False)
        self.base = location
        text = self.get(location).decode()
        form = re.search(r'<form id="live-controls"([^>]*)>', text).group(1)
        attribute = lambda name: json.loads(html.unescape(re.search(name + r'="([^"]*)"', form).group(1)))
        self.grids = attribute("data-grids")
        self.states = attribute("data-states")
        self.defaults = attribute("data-defaults")
        self.wanted = dict(self.defaults)

    def move(self, name, value):
        """As live.js does: `name` takes `value`; the others go back to their defaults, but for one
        whose combinations with `name` are baked (the first such, in the defaults' order)."""
        self.wanted[name] = value
        order = list(self.defaults)
        kept = [other for other in order if other != name and self.wanted[other] != self.defaults[other]
                and "&".join(n for n in order if n in (name, other)) in self.states][:1]
        for other in order:
            if other != name and other not in kept:
                self.wanted[other] = self.defaults[other]
        changed = [n for n in order if self.wanted[n] != self.defaults[n]]
        if not changed:
            return "defaults"
        return self.states["&".join(changed)]["&".join(self.wanted[n] for n in changed)]

    def get(self, path, body=True):
        self.connection.request("GET", path)
        response = self.connection.getresponse()
        data = response.read()
        self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
        if response.status in (301, 302, 303):
            return response.getheader("Location").split("?")[0]
        if response.status != 200:
            raise RuntimeError("%s: HTTP %d" % (path, response.status))
        return data

    def step(self, name, value):
        """`name` moved to `value`: the state's page, then its figures; seconds."""
        start = time.perf_counter()
        folder = self.move(name, value)
        state = self.get(self.base + "states/" + folder + "/state.html").decode()
        for source in re.findall(r'<img[^>]* src="([^"]+)"', state):
            self.get(self.base + html.unescape(source))
        return time.perf_counter() - start


def client(port, lesson, steps, pause, results, failures, lock):
    try:
        page = Page(port, lesson)
        names = [name for name in page.grids if len(page.grids[name]) > 1]
        for _ in range(steps):
            name = random.choice(names)
            seconds = page.step(name, random.choice(page.grids[name]))
            with lock:
                results.append(seconds)
            time.sleep(random.uniform(*pause))
        with lock:
            for status, count in page.statuses.items():
                failures["statuses"][status] = failures["statuses"].get(status, 0) + count
    except Exception as error:  # a failed request is counted and said, never hidden
        with lock:
            failures["errors"].append(str(error))


def summary(times):
    times = sorted(times)
    if not times:
        return "none"
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return "%d steps: median %.0f ms, 95th pct. %.0f ms, max %.0f ms" % (
        len(times), 1000 * statistics.median(times), 1000 * p95, 1000 * times[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=".build/release/explorer")
    parser.add_argument("--site", required=True)
    parser.add_argument("--lessons", type=int, nargs="+", default=[3, 13])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--lessons-folder", help="the server's --lessons (default: its own, ./Lessons)")
    arguments = parser.parse_args()
    if not (1 <= arguments.clients <= 200 and 1 <= arguments.steps <= 1000):
        sys.exit("--clients takes 1…200 and --steps 1…1000")
    failed = False
    for lesson in arguments.lessons:
        folder = ["--lessons", arguments.lessons_folder] if arguments.lessons_folder else []
        server = subprocess.Popen(
            [arguments.explorer, "serve", "--port", "0", "--site", arguments.site] + folder,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = ""
        while "Serving" not in line:
            line = server.stdout.readline()
            if not line:
                sys.exit("the server did not start: " + server.stderr.read()[-500:])
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        load = os.getloadavg()[0]
        students, teacher, lock = [], [], threading.Lock()
        failures = {"errors": [], "statuses": {}}
        threads = [threading.Thread(target=client, args=(port, lesson, arguments.steps, (0.05, 0.3), students, failures, lock))
                   for _ in range(arguments.clients)]
        threads.append(threading.Thread(target=client, args=(port, lesson, 10, (2, 2), teacher, failures, lock)))
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - start
        server.send_signal(2)
        server.wait(timeout=30)
        print("lesson %d, %d students and a teacher from a fresh server (load %.1f before, %.1f after, %.0f s):"
              % (lesson, arguments.clients, load, os.getloadavg()[0], seconds))
        print("  students: " + summary(students))
        print("  teacher:  " + summary(teacher))
        print("  answers: %s; failed: %d %s" % (
            json.dumps(failures["statuses"], sort_keys=True), len(failures["errors"]), failures["errors"][:3]))
        failed = failed or bool(failures["errors"])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
