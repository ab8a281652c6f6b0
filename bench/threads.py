#!/usr/bin/env python3
"""Speed-up of every blur method on two threads against one, in interleaved rounds.

Runs `explorer bench` on a seeded image (2048×2048 by default), clamped edges, alternately with
`--threads 1` and `--threads 2` (one process each, `--rounds` times), for the methods the
explorer times on both (separable, iterated-box, extended-box, stack; and the separable Gaussian
on 8-bit levels, `--eight-bit-io`), and prints each round's ns per pixel and the median over
rounds of each round's ratio, one thread's time ÷ two threads'. Issue 38 asks ≥ 1.8×.

In every round it also runs one round of `bench/copy_threads.c` (compiled with `cc` into a
temporary folder): a 64 MiB copy and a loop of arithmetic alone, each on one thread and on two,
so the machine's own scaling that round sits beside the methods'. A method that reads and writes
the image once cannot scale past the copy's, and none past the arithmetic's (on a virtual
machine whose second core is shared, that moves from round to round). Each method's line also
gives its speed-up ÷ the copy's and ÷ the arithmetic's, and its one-thread time ÷ the copy's
one-thread time (the memory floor of issue 38's "within 2.5× the copy floor"), each the median
of the rounds' ratios.

Two threads can only be faster when two cores are free: run it on an otherwise idle machine
(the script prints the load average before and after), e.g.

    swift build -c release --product explorer
    python3 bench/threads.py --sigmas 2,10,25 --rounds 5

Needs only Python 3 (no NumPy).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bench(explorer, size, sigmas, methods, runs, threads, truncate):
    """ns/px per (method, σ) from one `explorer bench` run."""
    command = [explorer, "bench", "--size", f"{size}x{size}", "--sigmas", sigmas, "--methods", methods,
               "--runs", str(runs), "--threads", str(threads), "--format", "json", "--quiet"]
    if "separable" in methods.split(","):
        command.append("--eight-bit-io")  # the 8-bit path beside it
    if truncate:
        command += ["--truncate", truncate]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rows = json.loads(out)
    return {(row["method"], float(row["sigma"])):
            row["nsPerPixel"] for row in rows}


def copy_binary(folder):
    """`bench/copy_threads.c` compiled into `folder`, or None (with a note) when `cc` fails."""
    path = os.path.join(folder, "copy_threads")
    try:
        subprocess.run(["cc", "-O2", "-pthread", "-o", path, os.path.join(HERE, "copy_threads.c")], check=True,
                       capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"(no copy beside the blurs: cc failed: {error})")
        return None
    return path


def copy_round(binary):
    """((one thread, two threads) ns/px of the copy, (one, two) ms of the arithmetic) of one round of
    `copy_threads`."""
    out = subprocess.run([binary, "1"], check=True, capture_output=True, text=True).stdout
    copy = re.search(r"one thread ([0-9.]+) ns/px, two threads ([0-9.]+) ns/px", out)
    arithmetic = re.search(r"arithmetic: one thread ([0-9.]+) ms, two threads ([0-9.]+) ms", out)
    return (float(copy.group(1)), float(copy.group(2))), (float(arithmetic.group(1)), float(arithmetic.group(2)))


COPY = "copy (64 MiB memcpy)"
ARITHMETIC = "arithmetic (ms)"


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--size", type=int, default=2048)
    parser.add_argument("--sigmas", default="2,10,25")
    parser.add_argument("--methods", default="separable,iterated-box,extended-box,stack")
    parser.add_argument("--truncate", default="", help="separable's truncation T (default: the explorer's)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not 1 <= args.rounds <= 100 or not 1 <= args.runs <= 100 or not 16 <= args.size <= 8000:
        parser.error("--rounds and --runs must be 1…100, --size 16…8000")
    print(f"{args.size}×{args.size} noise, clamped edges, {os.cpu_count()} cores; load average before: {load()}")
    timings = {}
    with tempfile.TemporaryDirectory() as folder:
        copier = copy_binary(folder)
        for _ in range(args.rounds):
            if copier:
                for name, (one, two) in zip([COPY, ARITHMETIC], copy_round(copier)):
                    timings.setdefault((name, 0.0, 1), []).append(one)
                    timings.setdefault((name, 0.0, 2), []).append(two)
            for threads in [1, 2]:
                for key, value in bench(args.explorer, args.size, args.sigmas, args.methods, args.runs, threads,
                                        args.truncate).items():
                    timings.setdefault(key + (threads,), []).append(value)
    print(f"load average after: {load()}")
    print(f"ns per pixel, {args.rounds} interleaved rounds (each the median of {args.runs} runs; the probes' of 7; arithmetic in ms); "
          "speed-up = median over rounds of (1 thread ÷ 2 threads)")
    copy = timings.get((COPY, 0.0, 1)), timings.get((COPY, 0.0, 2))
    probes = {name: [a / b for a, b in zip(timings[(name, 0.0, 1)], timings[(name, 0.0, 2)])]
              for name in [COPY, ARITHMETIC] if (name, 0.0, 1) in timings}
    for (method, sigma, threads) in sorted(timings, key=lambda k: (k[0] not in probes, k)):
        if threads != 1:
            continue
        one, two = timings[(method, sigma, 1)], timings[(method, sigma, 2)]
        ratios = [a / b for a, b in zip(one, two)]
        ratio = statistics.median(ratios)
        against_copy = ""
        if probes and method not in probes:
            floor = statistics.median(a / c for a, c in zip(one, copy[0]))
            against_copy = "".join(f"   ÷ {name.split()[0]}'s {statistics.median(r / p for r, p in zip(ratios, probe)):.2f}"
                                   for name, probe in probes.items()) + f"   1 thread ÷ copy {floor:.2f}×"
        label = f"{method:<18} σ = {sigma:<5g}" if method not in probes else f"{method:<28}"
        print(f"  {label} 1 thread {' / '.join(f'{v:.2f}' for v in one):>32}"
              f"   2 threads {' / '.join(f'{v:.2f}' for v in two):>32}   speed-up {ratio:.2f}×"
              + ("" if ratio >= 1.8 else "  (< 1.8)") + against_copy)


if __name__ == "__main__":
    main()
