#!/usr/bin/env bash
# Times a lesson of N small cells, each writing a figure into the page folder (the staging
# folder's cost per cell: issue 40 measured 104 s for 10,000 cells when it was listed per cell).
#   bash bench/many-cells.sh [N] [EXPLORER]     (default 10000, .build/release/explorer)
set -euo pipefail
n="${1:-10000}"
explorer="${2:-.build/release/explorer}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
lesson="$work/01-many.md"
{
  printf -- '---\ntitle: Many cells\nsummary: %s small cells.\n---\n' "$n"
  for ((i = 0; i < n; i++)); do
    printf '```explorer\nblur builtin:impulse@3x3 -o b%d.png --radius 1\n```\n\n' "$i"
  done
} > "$lesson"
start=$(date +%s.%N)
"$explorer" lesson "$lesson" --output "$work/out" > /dev/null
end=$(date +%s.%N)
files=$(ls "$work/out/lesson-01" | wc -l)
echo "$n cells, $files files: $(echo "$end - $start" | bc) s"
