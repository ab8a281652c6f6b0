#!/usr/bin/env python3
"""What each of iterated-box's schedules gains: fused, streamed columns, blocked columns.

Runs `explorer bench --methods iterated-box --box-schedule S` for every schedule, interleaved
round by round so all see the same machine load, and prints ns per pixel (each round's median)
and each schedule's time relative to `blocked`, the plainest path (horizontal passes, then
columns in blocks of 16). A path is worth keeping where it gains ≥ 10 % on some σ or size.

    swift build -c release
    python3 bench/box_schedules.py --sizes 1024,2048 --sigmas 2,5,10,25 --rounds 2
"""
import argparse
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEDULES = ["blocked", "streamed", "fused", "automatic"]


def bench(explorer, size, sigmas, schedule, threads, runs):
    out = subprocess.run([explorer, "bench", "--size", f"{size}x{size}", "--sigmas", sigmas,
                          "--methods", "iterated-box", "--box-schedule", schedule, "--threads", str(threads),
                          "--runs", str(runs), "--format", "json", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return {float(row["sigma"]): row["nsPerPixel"] for row in json.loads(out)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--sizes", default="1024,2048")
    parser.add_argument("--sigmas", default="2,5,10,25")
    parser.add_argument("--threads", default="1")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for threads in args.threads.split(","):
        for size in map(int, args.sizes.split(",")):
            results = {s: [] for s in SCHEDULES}
            for _ in range(args.rounds):
                for schedule in SCHEDULES:
                    results[schedule].append(bench(args.explorer, size, args.sigmas, schedule, threads, args.runs))
            print(f"{size}×{size}, {threads} thread(s), ns/px per round, and median time relative to blocked")
            print(f"{'σ':>4} " + " ".join(f"{s:>22}" for s in SCHEDULES))
            for sigma in map(float, args.sigmas.split(",")):
                cells = []
                for schedule in SCHEDULES:
                    values = [r[sigma] for r in results[schedule]]
                    ratio = statistics.median(v / b[sigma] for v, b in zip(values, results["blocked"]))
                    cells.append(" / ".join(f"{v:.1f}" for v in values) + f" ({ratio:.2f})")
                print(f"{sigma:4g} " + " ".join(f"{c:>22}" for c in cells))
            print()


if __name__ == "__main__":
    main()
