#!/usr/bin/env bash
# Benchmark: re0 against the floor of simply reading every SKILL.md, and
# against the peers, side by side in one run on the same generated catalog.
#
#   bench/run.sh [COUNTS] [RUNS]      e.g. bench/run.sh "1000 10000 100000" 10
#
# For each COUNT (default "1000 10000") it generates a flat catalog of COUNT
# skills with 300-1,000-character descriptions (examples/gen_catalog.rs) and
# times, with bench/time.py (median of RUNS interleaved rounds, default 10,
# after one warm-up round):
#   floors   find | xargs cat, and examples/par_read.rs (walk + read on all cores)
#   re0      list, plan and check, cold (--no-cache: every file read and
#            parsed) and warm (served by the catalog index); list also in
#            its table form, what a terminal gets
#   peers    skills-ref (PyPI, its validator over every skill in one Python
#            process), openskills list and skills ls (npm); each is installed
#            under bench/out/peers and skipped with a note when it cannot be;
#            PEERS=0 leaves them out (they take minutes at 100,000).
# The page cache is warm for every command: "cold" means without the index.
# Peak resident memory is the largest ru_maxrss of each command's runs.
# Needs python3 (and python3-venv, node and npm for the peers).
set -euo pipefail
cd "$(dirname "$0")/.."
counts=${1:-"1000 10000"}
runs=${2:-10}
peer_runs=$(((runs + 2) / 3))
out=bench/out
mkdir -p "$out"
export XDG_CACHE_HOME="$PWD/$out/cache"
unset RE0_NO_CACHE RE0_CATALOG

cargo build --release --quiet --bin re0 --example gen_catalog --example par_read
re0="$PWD/target/release/re0"
par="$PWD/target/release/examples/par_read"

# Peers, installed once under bench/out/peers.
peers="$PWD/$out/peers"
notes=()
if [ ! -x "$peers/venv/bin/python" ]; then
  python3 -m venv "$peers/venv" >/dev/null 2>&1 || true
fi
if ! "$peers/venv/bin/python" -c 'import skills_ref' 2>/dev/null; then
  "$peers/venv/bin/pip" install -q skills-ref >/dev/null 2>&1 || notes+=("skills-ref: not installable from PyPI here; skipped")
fi
if [ ! -x "$peers/npm/node_modules/.bin/openskills" ] || [ ! -x "$peers/npm/node_modules/.bin/skills" ]; then
  npm install --silent --prefix "$peers/npm" --no-audit --no-fund openskills skills >/dev/null 2>&1 ||
    notes+=("openskills, skills: not installable from npm here; skipped")
fi
validator="$peers/validate.py"
cat >"$validator" <<'EOF'
# skills-ref's validator over every skill folder, in one process.
import sys
from pathlib import Path
from skills_ref import validate
problems = sum(len(validate(p.parent)) for p in sorted(Path(sys.argv[1]).glob("*/SKILL.md")))
print(problems)
EOF

intent='review the schema change and deploy the service'
for count in $counts; do
  cat_dir="$PWD/$out/catalog-$count"
  # A catalog left by another version of the generator is made again.
  stamp=$(sha256sum examples/gen_catalog.rs | cut -c1-16)
  if [ ! -d "$cat_dir" ] || [ "$(cat "$out/catalog-$count.gen" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$cat_dir"
    target/release/examples/gen_catalog "$cat_dir" "$count"
    echo "$stamp" >"$out/catalog-$count.gen"
  fi
  # A home where the peers find the catalog as installed Claude Code skills.
  home="$PWD/$out/home-$count"
  mkdir -p "$home/.claude" "$home/work"
  ln -sfn "$cat_dir" "$home/.claude/skills"
  # Files younger than the index's racy window (2 s) are re-read each time.
  sleep 2
  rm -rf "$XDG_CACHE_HOME"
  names=(find-xargs-cat par_read list-cold list-warm list-warm-table plan-cold plan-warm check-cold check-warm)
  cmds=(
    "find '$cat_dir' -name SKILL.md -print0 | xargs -0 cat"
    "'$par' '$cat_dir'"
    "'$re0' --no-cache --catalog '$cat_dir' list --format json"
    "'$re0' --catalog '$cat_dir' list --format json"
    "'$re0' --catalog '$cat_dir' list"
    "'$re0' --no-cache --catalog '$cat_dir' plan '$intent' --format json"
    "'$re0' --catalog '$cat_dir' plan '$intent' --format json"
    "'$re0' --no-cache check '$cat_dir' --format json"
    "'$re0' check '$cat_dir' --format json"
  )
  pnames=()
  pcmds=()
  if [ "${PEERS:-1}" = 0 ]; then
    :
  elif "$peers/venv/bin/python" -c 'import skills_ref' 2>/dev/null; then
    pnames+=(skills-ref-validate)
    pcmds+=("'$peers/venv/bin/python' '$validator' '$cat_dir'")
  fi
  if [ "${PEERS:-1}" != 0 ] && [ -x "$peers/npm/node_modules/.bin/openskills" ]; then
    pnames+=(openskills-list skills-ls)
    pcmds+=("cd '$home/work' && HOME='$home' '$peers/npm/node_modules/.bin/openskills' list"
      "cd '$home/work' && HOME='$home' '$peers/npm/node_modules/.bin/skills' ls -g")
  fi
  all=()
  for i in "${!cmds[@]}"; do all+=("${names[$i]}=${cmds[$i]}"); done
  python3 bench/time.py "$count" "$runs" "${all[@]}"
  if [ ${#pcmds[@]} -gt 0 ]; then
    # The peers take seconds to minutes: fewer rounds, with the floors again
    # so their ratios come from the same rounds.
    all=("${names[0]}=${cmds[0]}" "${names[1]}=${cmds[1]}")
    for i in "${!pcmds[@]}"; do all+=("${pnames[$i]}=${pcmds[$i]}"); done
    python3 bench/time.py "$count" "$peer_runs" "${all[@]}"
  fi
done
for n in "${notes[@]}"; do echo "note: $n"; done
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
