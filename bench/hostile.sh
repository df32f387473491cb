#!/usr/bin/env bash
# Benchmark: re0 on inputs built to be expensive (issue 9), measured as
# wall time and peak resident memory (from /usr/bin/time).
#
#   bench/hostile.sh [shared|realistic|dense|dag|nesting|requires|intent|all]
#
#   shared     2,000 and 4,000 skills that all produce and require one
#              artifact: check and graph (mermaid, json) must stay linear
#              in memory (the graph is kept by artifact, not by pair; the
#              drawn pairs are streamed).
#   realistic  a 50,000-skill catalog from examples/gen_catalog.rs (a layered,
#              sparse graph): check and graph.
#   dense      50,000 skills drawing their artifacts from a pool of 200
#              (each produces one and requires two, so each artifact has
#              about 250 producers and 500 consumers: ~25 million drawn
#              edges): check and graph.
#   dag        folders holding two symlinks each to the next level, 24
#              levels deep (2^24 paths to one skill): list.
#   nesting    a SKILL.md whose YAML nests 50,000 deep, and a re0.yaml the
#              same: list, plan.
#   requires   one skill requiring 10,000 artifacts: plan and check.
#   intent     an intent of 16,000 distinct words (about 128 KB, pasted
#              prose) over the 50,000-skill catalog, and one clause of
#              6,000 refusals joined by dashes: plan.
#
# RE0_BIN=path times another build of re0 (the default is target/release/re0).
# Figures are printed, never asserted: timing belongs here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
out=bench/out/hostile
mkdir -p "$out"
cargo build --release --quiet --bin re0 --example gen_catalog
re0=${RE0_BIN:-$PWD/target/release/re0}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_STATE_HOME=$home/.local/state XDG_CONFIG_HOME=$home/.config
unset RE0_CATALOG RE0_RUNNER RE0_SELECTOR

# Prints "LABEL  wall s  peak KiB" for one command (output discarded).
measure() {
  local label=$1
  shift
  local t
  t=$(/usr/bin/time -f '%e %M' "$@" 2>&1 >/dev/null | tail -n 1) || true
  printf '%-44s %8s s  %10s KiB peak\n' "$label" "${t% *}" "${t#* }"
}

shared_catalog() {
  local n=$1 dir=$out/shared-$1
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    for i in $(seq -w 1 "$n"); do
      mkdir -p "$dir/s$i"
      printf -- '---\nname: s%s\ndescription: Skill %s refines the shared artifact.\nrequires: [shared]\nproduces: [shared]\n---\nBody.\n' \
        "$i" "$i" >"$dir/s$i/SKILL.md"
    done
  fi
  echo "$dir"
}

bench_shared() {
  for n in 2000 4000; do
    local dir
    dir=$(shared_catalog "$n")
    measure "check, $n skills share one artifact" "$re0" check "$dir" --format json
    measure "graph mermaid, $n skills share one artifact" "$re0" --catalog "$dir" graph
    measure "graph json, $n skills share one artifact" "$re0" --catalog "$dir" graph --format json
  done
}

bench_realistic() {
  local dir=$out/catalog-50000
  [ -d "$dir" ] || target/release/examples/gen_catalog "$dir" 50000
  measure "check, 50,000-skill catalog" "$re0" check "$dir" --format json
  measure "graph mermaid, 50,000-skill catalog" "$re0" --catalog "$dir" graph
  measure "graph json, 50,000-skill catalog" "$re0" --catalog "$dir" graph --format json
}

bench_dense() {
  local dir=$out/dense-50000
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    awk -v dir="$dir" 'BEGIN {
      srand(9);
      for (i = 1; i <= 50000; i++) {
        d = sprintf("%s/d%05d", dir, i);
        system("mkdir -p " d);
        p = int(rand() * 200); r1 = int(rand() * 200); r2 = int(rand() * 200);
        printf("---\nname: d%05d\ndescription: Skill %d turns art-%d and art-%d into art-%d.\nrequires: [art-%d, art-%d]\nproduces: [art-%d]\n---\nBody.\n",
          i, i, r1, r2, p, r1, r2, p) > (d "/SKILL.md");
        close(d "/SKILL.md");
      }
    }'
  fi
  measure "check, 50,000 skills over 200 artifacts" "$re0" check "$dir" --format json
  measure "graph mermaid, 50,000 skills over 200 artifacts" "$re0" --catalog "$dir" graph
}

bench_dag() {
  local levels=24 dir=$out/dag
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    for i in $(seq 0 "$levels"); do mkdir -p "$dir/l$i"; done
    for i in $(seq 0 $((levels - 1))); do
      ln -s "../l$((i + 1))" "$dir/l$i/a"
      ln -s "../l$((i + 1))" "$dir/l$i/b"
    done
    mkdir -p "$dir/l$levels/leaf"
    printf -- '---\nname: leaf\ndescription: The one skill at the bottom.\n---\n' >"$dir/l$levels/leaf/SKILL.md"
  fi
  measure "list, symlink DAG of $levels levels (2^$levels paths)" "$re0" --catalog "$dir/l0" list --format json
  measure "list, --catalog /proc" "$re0" --catalog /proc list --format json
}

bench_nesting() {
  local dir=$out/nesting
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir/skills/deep" "$dir/ws"
    {
      printf -- '---\nname: deep\ndescription: Nested.\nmetadata: '
      head -c 50000 /dev/zero | tr '\0' '['
      head -c 50000 /dev/zero | tr '\0' ']'
      printf '\n---\n'
    } >"$dir/skills/deep/SKILL.md"
    {
      printf 'inputs: '
      head -c 50000 /dev/zero | tr '\0' '['
      head -c 50000 /dev/zero | tr '\0' ']'
      printf '\n'
    } >"$dir/ws/re0.yaml"
  fi
  measure "list, SKILL.md nested 50,000 deep" "$re0" --catalog "$dir/skills" list --format json
  (cd "$dir/ws" && measure "plan, re0.yaml nested 50,000 deep" "$re0" --catalog ../skills plan deep --format json)
}

bench_requires() {
  local dir=$out/requires
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir/wide"
    {
      printf -- '---\nname: wide\ndescription: Needs a great deal.\nrequires:\n'
      for i in $(seq 1 10000); do printf '  - artifact-%s\n' "$i"; done
      printf -- '---\n'
    } >"$dir/wide/SKILL.md"
  fi
  measure "plan, one skill with 10,000 requires" "$re0" --catalog "$dir" plan wide --format json
  measure "check, one skill with 10,000 requires" "$re0" check "$dir" --format json
}

bench_intent() {
  local dir=$out/catalog-50000
  [ -d "$dir" ] || target/release/examples/gen_catalog "$dir" 50000
  local words
  words=$(python3 -c 'import random, string
random.seed(1)
print(" ".join("".join(random.choice(string.ascii_lowercase) for _ in range(7)) for _ in range(16000)))')
  measure "plan, an intent of 16,000 distinct words" "$re0" --catalog "$dir" plan "$words" --format json
  # One clause of 6,000 refusals joined by dashes: where each refusal
  # ends is found in one pass (it was quadratic at c6806fd: 6.7 s).
  local marks
  marks=$(python3 -c "print(\"don't touch it - \" * 6000)")
  measure "plan, one clause of 6,000 refusals and dashes" "$re0" --catalog catalogs/dev-workflow plan "$marks" --format json
  # One sentence of 16,000 commas: each piece is read for a command up to
  # the comma after it (it was quadratic at be5a780: 21.8 s).
  local commas
  commas=$(python3 -c "print('a, ' * 16000)")
  measure "plan, one sentence of 16,000 commas" "$re0" --catalog catalogs/dev-workflow plan "$commas" --format json
  # 12,000 arrows: what follows each is read only near it (it was
  # quadratic at 9ffc68d: 2.8 s).
  local arrows
  arrows=$(python3 -c "print('fix it -> ' * 12000)")
  measure "plan, a chain of 12,000 arrows" "$re0" --catalog catalogs/dev-workflow plan "$arrows" --format json
}

case "$what" in
  shared) bench_shared ;;
  realistic) bench_realistic ;;
  dense) bench_dense ;;
  dag) bench_dag ;;
  nesting) bench_nesting ;;
  requires) bench_requires ;;
  intent) bench_intent ;;
  all) bench_shared; bench_realistic; bench_dense; bench_dag; bench_nesting; bench_requires; bench_intent ;;
  *) echo "usage: bench/hostile.sh [shared|realistic|dense|dag|nesting|requires|intent|all]" >&2; exit 2 ;;
esac
