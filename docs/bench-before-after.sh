#!/usr/bin/env bash
# Times two explorer binaries in one run, alternating, with `explorer bench`:
#   bash docs/bench-before-after.sh BEFORE_EXPLORER AFTER_EXPLORER [ROUNDS] [SIGMAS] [METHODS] [SIZE]
# Each round runs BEFORE then AFTER (the order flips every round) at SIZE (2048x2048), one thread, and
# keeps each binary's ns/px per method and σ (its CSV); at the end it prints, per binary,
# method and σ, the median over rounds, the spread (min–max) and the after/before ratio.
set -euo pipefail
before="$1"; after="$2"; rounds="${3:-5}"; sigmas="${4:-2,10,25}"
methods="${5:-separable,iterated-box,extended-box,deriche,young-van-vliet,stack,dual-kawase,linear-taps,downsampled}"
size="${6:-2048x2048}"
out=$(mktemp -d)
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="before after"; else order="after before"; fi
  for which in $order; do
    binary=$before; [ "$which" = after ] && binary=$after
    "$binary" bench --size "$size" --threads 1 --sigmas "$sigmas" --methods "$methods" --format csv --quiet \
      > "$out/$which-$round.csv"
  done
done
python3 - "$out" <<'PY'
import csv, glob, os, statistics, sys
rows = []
for path in glob.glob(os.path.join(sys.argv[1], "*.csv")):
    which, round_ = os.path.basename(path)[:-4].split("-")
    for r in csv.DictReader(open(path)):
        rows.append((which, round_, r["method"], r["sigma"], r["nsPerPixel"]))
keys = sorted({(m, float(s)) for _, _, m, s, _ in rows}, key=lambda k: (k[0], k[1]))
print("| method | σ | before median (min–max) ns/px | after median (min–max) ns/px | after/before |")
print("|---|---:|---:|---:|---:|")
for m, s in keys:
    v = {w: [float(t) for ww, _, mm, ss, t in rows if ww == w and mm == m and float(ss) == s] for w in ("before", "after")}
    b, a = statistics.median(v["before"]), statistics.median(v["after"])
    print(f"| {m} | {s:g} | {b:.2f} ({min(v['before']):.2f}–{max(v['before']):.2f}) | {a:.2f} ({min(v['after']):.2f}–{max(v['after']):.2f}) | {a / b:.3f} |")
PY
