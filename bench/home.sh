#!/usr/bin/env bash
# Benchmark: `re0 list` on a home laid out like a real one (fixtures/home,
# grown to about 100 skills: installed Claude Code, Codex, Gemini CLI and
# Copilot CLI plugins, personal and project skills, commands), not through
# --catalog: every client's records are read and all six client views are
# built to tell which clients see each skill.
#
#   bench/home.sh [RUNS]
#
# Prints the median wall time of each command over RUNS interleaved rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-15}
out=$(pwd)/bench/out/home
cargo build --release --quiet --bin re0
re0=$(pwd)/target/release/re0

rm -rf "$out"
mkdir -p "$out"
cp -r fixtures/home/. "$out/"
find "$out" \( -name '*.json' -o -name '*.toml' \) -print0 |
  xargs -0 sed -i "s#@SANDBOX@#$out#g"
mkdir -p "$out/work/app/.git" "$out/work/other/.git"
skill() { # DIR NAME
  mkdir -p "$1/$2"
  printf -- '---\nname: %s\ndescription: Benchmark skill %s for the %s folder.\n---\n\nSteps.\n' \
    "$2" "$2" "$(basename "$1")" >"$1/$2/SKILL.md"
}
for i in $(seq 1 20); do skill "$out/home/.claude-alt/plugins/cache/superpowers-dev/superpowers/6.2.0/skills" "sp-extra-$i"; done
for i in $(seq 1 20); do skill "$out/home/.claude-alt/skills" "personal-$i"; done
for i in $(seq 1 15); do skill "$out/home/.agents/skills" "agents-$i"; done
for i in $(seq 1 10); do skill "$out/home/.codex-alt/skills" "codex-$i"; done
for i in $(seq 1 10); do skill "$out/home/.gemini/extensions/sec-ext/skills" "gemini-$i"; done

export HOME="$out/home" CLAUDE_CONFIG_DIR="$out/home/.claude-alt" CODEX_HOME="$out/home/.codex-alt" \
  RE0_SYSTEM_CONFIG_DIR="$out/etc"
unset XDG_CONFIG_HOME COPILOT_HOME RE0_CATALOG
cd "$out/work/app"
count=$("$re0" list --all --format json | grep -c '"name":' || true)

once_ms() {
  local t0 t1
  t0=$(date +%s%N)
  eval "$1" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

names=("list --format json" "list (table)" "list --client claude" "plan")
cmds=("$re0 list --format json" "$re0 list" "$re0 --client claude list --format json"
  "$re0 plan 'brainstorm a design and write the plan' --format json")
declare -A samples=()
for i in "${!cmds[@]}"; do eval "${cmds[$i]}" >/dev/null 2>&1 || true; done
for _ in $(seq "$runs"); do
  for i in "${!cmds[@]}"; do samples[$i]+="$(once_ms "${cmds[$i]}") "; done
done
echo "home: $count roster entries (re0 list --all), $runs interleaved rounds, median wall time"
for i in "${!cmds[@]}"; do
  printf '%-28s %6s ms\n' "re0 ${names[$i]}" "$(tr ' ' '\n' <<<"${samples[$i]}" | grep -v '^$' | median)"
done
