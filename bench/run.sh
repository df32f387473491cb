#!/usr/bin/env bash
# Benchmark: re0 over a 10,000-skill catalog against the floor of simply
# reading every SKILL.md, measured in the same run on the same warm cache.
#
#   bench/run.sh [COUNT] [RUNS]
#
# Prints the median wall time of each command, the ratios to the floor, and
# re0's peak resident memory (from /usr/bin/time when present).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
runs=${2:-7}
out=bench/out
cat_dir="$out/catalog-$count"

cargo build --release --quiet --bin re0 --example gen_catalog
re0=target/release/re0
if [ ! -d "$cat_dir" ]; then
  target/release/examples/gen_catalog "$cat_dir" "$count"
fi

# Median wall time in milliseconds of a shell command over $runs runs.
median_ms() {
  local cmd=$1 times=()
  eval "$cmd" >/dev/null 2>&1 || true # warm the cache
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    eval "$cmd" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

peak_kib() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' bash -c "$1" 2>&1 >/dev/null | tail -n 1
  else
    echo "n/a"
  fi
}

floor_cmd="find '$cat_dir' -name SKILL.md -print0 | xargs -0 cat"
list_cmd="$re0 --catalog '$cat_dir' list --format json"
check_cmd="$re0 check '$cat_dir' --format json"
declare -A extra=()
if "$re0" plan --help >/dev/null 2>&1; then
  extra[plan]="$re0 --catalog '$cat_dir' plan 'review the schema change and deploy the service' --format json"
fi

floor=$(median_ms "$floor_cmd")
list=$(median_ms "$list_cmd")
check=$(median_ms "$check_cmd")
echo "catalog: $count skills, $runs runs each, median wall time"
printf '%-28s %6s ms\n' "find | xargs cat (floor)" "$floor"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }
printf '%-28s %6s ms  %sx floor  peak %s KiB\n' "re0 list --format json" "$list" "$(ratio "$list" "$floor")" "$(peak_kib "$list_cmd")"
printf '%-28s %6s ms  %sx floor  peak %s KiB\n' "re0 check" "$check" "$(ratio "$check" "$floor")" "$(peak_kib "$check_cmd")"
for k in "${!extra[@]}"; do
  t=$(median_ms "${extra[$k]}")
  printf '%-28s %6s ms  %sx floor  peak %s KiB\n' "re0 $k" "$t" "$(ratio "$t" "$floor")" "$(peak_kib "${extra[$k]}")"
done
