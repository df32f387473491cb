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

# Wall time in milliseconds of one run of a shell command.
once_ms() {
  local t0 t1
  t0=$(date +%s%N)
  eval "$1" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

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

# The commands take turns in every round, so a slow moment of a shared
# machine hits all of them alike; each gets one warm-up run first.
names=(floor list check)
cmds=("$floor_cmd" "$list_cmd" "$check_cmd")
for k in "${!extra[@]}"; do
  names+=("$k")
  cmds+=("${extra[$k]}")
done
declare -A samples=()
for i in "${!cmds[@]}"; do eval "${cmds[$i]}" >/dev/null 2>&1 || true; done
for _ in $(seq "$runs"); do
  for i in "${!cmds[@]}"; do
    samples[$i]+="$(once_ms "${cmds[$i]}") "
  done
done
med() { tr ' ' '\n' <<<"${samples[$1]}" | grep -v '^$' | median; }
floor=$(med 0)
echo "catalog: $count skills, $runs interleaved rounds, median wall time"
printf '%-28s %6s ms\n' "find | xargs cat (floor)" "$floor"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }
for i in "${!cmds[@]}"; do
  [ "$i" = 0 ] && continue
  t=$(med "$i")
  printf '%-28s %6s ms  %sx floor  peak %s KiB\n' "re0 ${names[$i]}" "$t" "$(ratio "$t" "$floor")" "$(peak_kib "${cmds[$i]}")"
done
