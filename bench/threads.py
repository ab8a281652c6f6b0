#!/usr/bin/env python3
"""Speed-up of every blur method on two threads against one, in interleaved rounds.

Runs `explorer bench` on a seeded image (2048×2048 by default), clamped edges, alternately with
`--threads 1` and `--threads 2` (one process each, `--rounds` times), for the methods the
explorer times on both (separable, iterated-box, extended-box, stack; and the separable Gaussian
on 8-bit levels, `--eight-bit-io`), and prints each round's ns per pixel and the median over
rounds of each round's ratio, one thread's time ÷ two threads'. Issue 38 asks ≥ 1.8×.

Two threads can only be faster when two cores are free: run it on an otherwise idle machine
(the script prints the load average before and after), e.g.

    swift build -c release --product explorer
    python3 bench/threads.py --sigmas 2,10,25 --rounds 5

Needs only Python 3 (no NumPy).
"""
import argparse
import json
import os
import statistics
import subprocess

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
    for _ in range(args.rounds):
        for threads in [1, 2]:
            for key, value in bench(args.explorer, args.size, args.sigmas, args.methods, args.runs, threads,
                                    args.truncate).items():
                timings.setdefault(key + (threads,), []).append(value)
    print(f"load average after: {load()}")
    print(f"ns per pixel, {args.rounds} interleaved rounds (each the median of {args.runs} runs); "
          "speed-up = median over rounds of (1 thread ÷ 2 threads)")
    for (method, sigma, threads) in sorted(timings):
        if threads != 1:
            continue
        one, two = timings[(method, sigma, 1)], timings[(method, sigma, 2)]
        ratio = statistics.median(a / b for a, b in zip(one, two))
        print(f"  {method:<18} σ = {sigma:<5g} 1 thread {' / '.join(f'{v:.2f}' for v in one):>32}"
              f"   2 threads {' / '.join(f'{v:.2f}' for v in two):>32}   speed-up {ratio:.2f}×"
              + ("" if ratio >= 1.8 else "  (< 1.8)"))


if __name__ == "__main__":
    main()
