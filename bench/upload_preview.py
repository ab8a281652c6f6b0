#!/usr/bin/env python3
"""How long a student waits for the preview of their own 12-megapixel photograph while dragging.

Speaks to the lesson server directly (`explorer serve-worker`, one line of JSON per request on its
standard input, as `explorer-serve` hands requests over), so no HTTP front needs to be built: each
round uploads the picture as a new page's upload (`POST /upload`), then asks for the preview of
each value of one parameter in turn (`POST /lesson/N/run?...&quick=1`), as a drag does, and times
each answer. Printed per value: median and spread (min–max) over the rounds, and the picture the
preview read (the reduced copy's size, from the answer).

Round 1 runs on a fresh server: the cells that do not read the picture are made then; later rounds
find them kept (as a class finds them, made by the shipped picture's slider grid), so the medians
are of rounds 2… and round 1 is printed apart.

With `--student`, each round is a fresh server played in the order a student goes: the lesson's
page is opened first (`GET /lesson/N`, which lists the shipped picture's slider grid for the
background, as a browser's first visit does), then the picture is uploaded, then the page's own
next request, a let-go with the upload (`POST /lesson/N/run?image=upload:…`: its preview now, its
full-size run put in the timing lane), and its wait for the full timing (`wait=1`), cancelled as
the drag's first preview aborts it; then the drag: a preview at each value in turn, as quickly as
they are answered, then a let-go at the last value (`--full` also waits for its full result,
minutes on 12 megapixels). Every preview of every round is printed, with what the server was
doing when it was asked (`GET /status`: a full run under way, background runs); then, per request,
median (min–max) over the rounds, and the worst preview and how many took over 1 s. A value the
let-go already made (σ = 3, lesson 3's default) is answered from the cache.

Without `--image`, a 4000×3000 picture is made once into /tmp by enlarging
`Lessons/images/photo.png` (nearest neighbour; no Pillow needed); it is not part of the repository.

    swift build -c release --product explorer
    python3 bench/upload_preview.py                                   # lesson 3, sigma 0.5…6
    python3 bench/upload_preview.py --lesson 5 --values 6
    python3 bench/upload_preview.py --lesson 6 --values 16
    python3 bench/upload_preview.py --lesson 1 --parameter radius --values 12
    python3 bench/upload_preview.py --student --rounds 2                 # a fresh server each round
"""
import argparse
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def read_png_rgb(path):
    """The rows of an 8-bit RGB, non-interlaced PNG (the shipped photograph) as bytes."""
    data = open(path, "rb").read()
    position, chunks = 8, []
    width = height = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour == 2, "expected 8-bit RGB"
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride, rows, previous = width * 3, [], bytearray(width * 3)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = previous[i]
            c = previous[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def write_png_rgb(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + row for row in rows)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                   + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def twelve_megapixels(path, width=4000, height=3000):
    if os.path.exists(path):
        return path
    w, h, rows = read_png_rgb(os.path.join(ROOT, "Lessons/images/photo.png"))
    columns = [(x * w // width) * 3 for x in range(width)]
    big = []
    for y in range(height):
        source = rows[y * h // height]
        big.append(bytes(b for x in columns for b in source[x:x + 3]))
    write_png_rgb(path + ".part", width, height, big)
    os.replace(path + ".part", path)
    return path


class Worker:
    def __init__(self, explorer, workers):
        self.process = subprocess.Popen([explorer, "serve-worker", "--workers", str(workers)], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.folder = json.loads(self.process.stdout.readline())["folder"]
        self.next = 0

    def ask(self, method, path, query, body=None):
        self.next += 1
        request = {"id": self.next, "method": method, "path": path, "query": query}
        if body:
            request["body"] = body
        start = time.monotonic()
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        while True:
            answer = json.loads(self.process.stdout.readline())
            if answer.get("id") == self.next:
                return answer, time.monotonic() - start

    def send(self, method, path, query):
        """Sends a request without waiting for its answer; returns its id (for `cancel`)."""
        self.next += 1
        self.process.stdin.write(json.dumps({"id": self.next, "method": method, "path": path, "query": query}) + "\n")
        self.process.stdin.flush()
        return self.next

    def cancel(self, request):
        """Says request `request`'s client went away, as the HTTP front does when a page aborts it."""
        self.process.stdin.write(json.dumps({"cancel": request}) + "\n")
        self.process.stdin.flush()

    def status(self):
        return json.loads(self.ask("GET", "/status", "")[0]["body"])

    def stop(self, wait=120):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            self.process.wait(timeout=30)


def student(arguments, picture, values):
    """Each round on a fresh server, in the order a student goes: the page, the upload, the drag."""
    previews = {value: [] for value in ["upload"] + values + ["let go"]}
    fulls, read = [], {}
    for round_ in range(1, arguments.rounds + 1):
        load = os.getloadavg()[0]
        worker = Worker(arguments.explorer, arguments.workers)
        session, name = f"student{round_}", "photo.png"
        try:
            answer, took = worker.ask("GET", f"/lesson/{arguments.lesson}", "")
            print(f"round {round_} (load {load:.2f}): page open in {took:.2f} s ({answer['status']}); "
                  f"background {worker.status()['warming']} previews", flush=True)
            shutil.copyfile(picture, os.path.join(worker.folder, "incoming", name))
            answer, took = worker.ask("POST", "/upload", f"session={session}&name={name}", body=name)
            print(f"  upload {json.loads(answer['body']).get('size')} answered in {took:.2f} s", flush=True)
            image = f"image=upload:{name}"
            path = f"/lesson/{arguments.lesson}/run"

            def preview(label, query):
                before = worker.status()
                answer, took = worker.ask("POST", path, query)
                run = json.loads(answer["body"])
                if answer["status"] != 200:
                    sys.exit(f"lesson {arguments.lesson} {label}: {answer['status']} {run}")
                read[label] = ", ".join(run.get("reduced", [])) or "the picture itself"
                previews[label].append(took)
                print(f"  {label:>8}: {took:.2f} s (run {run['seconds']:.2f} s; as asked: full run "
                      f"{'under way' if before['timingRunning'] else 'idle'}, {before.get('backgroundRunning', '?')} background, "
                      f"{before['warming']} left to warm)", flush=True)

            # The page asks for the upload as a let-go (the preview now, the full run in its lane),
            # then waits for the full timing; a drag's first preview aborts that wait.
            preview("upload", f"session={session}&{image}")
            waiting = worker.send("POST", path, f"session={session}&{image}&wait=1")
            worker.cancel(waiting)
            for value in values:
                preview(value, f"session={session}&{arguments.parameter}={value}&{image}&quick=1")
            last = f"session={session}&{arguments.parameter}={values[-1]}&{image}"
            preview("let go", last)
            if arguments.full:
                answer, took = worker.ask("POST", path, last + "&wait=1")
                fulls.append(took)
                print(f"  full result after the let-go in {took:.2f} s ({answer['status']})", flush=True)
        finally:
            worker.stop(wait=5)
    print(f"\nlesson {arguments.lesson}, a student's upload ({picture}) on a fresh server each round, "
          f"{arguments.rounds} rounds (page open, upload, drag, let go); median (min–max):")
    for label, times in previews.items():
        print(f"  {label:>8}: {statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f}); read {read[label]}")
    every = [took for label in previews for took in previews[label]]
    print(f"  worst preview {max(every):.2f} s; {sum(took > 1 for took in every)} of {len(every)} over 1 s")
    if fulls:
        print(f"  full result after the let-go {statistics.median(fulls):.1f} s ({min(fulls):.1f}–{max(fulls):.1f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build/release/explorer"))
    parser.add_argument("--image", help="the picture to upload (default: a 4000×3000 one made into /tmp)")
    parser.add_argument("--lesson", type=int, default=3)
    parser.add_argument("--parameter", default="sigma")
    parser.add_argument("--values", default="0.5,1,2,3,4,5,6")
    parser.add_argument("--rounds", type=int, default=4, help="uploads, each previewed at every value (round 1 apart)")
    parser.add_argument("--workers", type=int, default=2, help="as explorer serve's --workers (default: 2 cores)")
    parser.add_argument("--student", action="store_true",
                        help="each round on a fresh server, as a student goes: open the page, upload, drag, let go")
    parser.add_argument("--full", action="store_true",
                        help="with --student, also wait for the full result of the let-go (minutes on 12 megapixels)")
    arguments = parser.parse_args()
    picture = arguments.image or twelve_megapixels("/tmp/blur-explorer-12mp.png")
    values = arguments.values.split(",")
    if arguments.student:
        return student(arguments, picture, values)
    worker = Worker(arguments.explorer, arguments.workers)
    seconds = {value: [] for value in values}
    read = {}
    try:
        for round_ in range(1, arguments.rounds + 1):
            session, name = f"bench{round_}", f"photo-{round_}.png"
            shutil.copyfile(picture, os.path.join(worker.folder, "incoming", name))
            answer, took = worker.ask("POST", "/upload", f"session={session}&name={name}", body=name)
            stored = json.loads(answer["body"])
            print(f"round {round_}: upload {stored.get('size')} answered in {took:.2f} s ({answer['status']})", flush=True)
            for value in values:
                query = f"session={session}&{arguments.parameter}={value}&image=upload:{name}&quick=1"
                answer, took = worker.ask("POST", f"/lesson/{arguments.lesson}/run", query)
                run = json.loads(answer["body"])
                if answer["status"] != 200:
                    sys.exit(f"lesson {arguments.lesson} at {value}: {answer['status']} {run}")
                read[value] = ", ".join(run.get("reduced", [])) or "the picture itself"
                seconds[value].append(took)
                print(f"  {arguments.parameter} = {value}: {took:.2f} s", flush=True)
    finally:
        worker.stop()
    print(f"\nlesson {arguments.lesson}, preview of an upload ({picture}), {arguments.rounds} rounds; "
          f"median (min–max) of rounds 2…{arguments.rounds}, round 1 apart:")
    for value in values:
        later = seconds[value][1:] or seconds[value]
        print(f"  {arguments.parameter} = {value:>4}: {statistics.median(later):.2f} s ({min(later):.2f}–{max(later):.2f}), "
              f"round 1 {seconds[value][0]:.2f} s; read {read[value]}")


if __name__ == "__main__":
    main()
