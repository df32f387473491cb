"""Times shell commands in interleaved rounds and prints a markdown table.

    python3 bench/time.py COUNT RUNS NAME=COMMAND...

Every round runs each command once, in turn, so a busy moment of a shared
machine hits all of them alike (hyperfine runs one command's samples back
to back). One warm-up round comes first (it builds the index) and is not counted. Wall time is the median of the
rounds; peak RSS is the largest that /usr/bin/time reports for the
command's process tree (a child forked from Python would count Python's). The first command named par_read is the parallel floor, and
find-xargs-cat the sequential one.
"""
import os, statistics, subprocess, sys, tempfile, time

RSS = tempfile.NamedTemporaryFile(prefix="re0-bench-", suffix=".rss", delete=False).name

def run(cmd):
    t0 = time.perf_counter()
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", RSS, "bash", "-c", cmd],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = time.perf_counter() - t0
    with open(RSS) as f:
        last = f.read().split()
    return t, int(last[-1]) if last and last[-1].isdigit() else 0

def main():
    count, runs = int(sys.argv[1]), int(sys.argv[2])
    cmds = [a.split("=", 1) for a in sys.argv[3:]]
    times = {n: [] for n, _ in cmds}
    rss = {n: 0 for n, _ in cmds}
    for r in range(runs + 1):
        for name, cmd in cmds:
            t, kib = run(cmd)
            if r > 0:
                rss[name] = max(rss[name], kib)
                times[name].append(t)
    med = {n: statistics.median(v) for n, v in times.items()}
    par, cat = med["par_read"], med["find-xargs-cat"]
    print(f"\n{count:,} skills: median of {runs} interleaved rounds, ratios to the parallel reader and to find|xargs cat")
    print("| command | median ms | × par_read | × find\\|xargs cat | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|")
    for name, _ in cmds:
        t = med[name]
        print(f"| {name} | {t * 1000:.0f} | {t / par:.2f} | {t / cat:.2f} | {rss[name] / 1024:.1f} |")

main()
os.unlink(RSS)
