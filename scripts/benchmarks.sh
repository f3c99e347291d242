#!/usr/bin/env bash
# Writes BENCHMARKS.md: accuracy on the golden cases (through `oxo-call
# bench`, the same command users run), the Go benchmarks (rule load and
# evaluation, help parsing, skill loading, Stages 3-5, live exploration),
# and the whole-process time of a warm dry-run. Run by `make bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./bin/oxo-call
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"

echo "golden cases → bench CSV" >&2
go test ./golden/ -run TestExportBenchCSV -count=1 -export "$tmp/golden.csv" >/dev/null
echo "oxo-call bench (bare, doc, full)" >&2
"$bin" bench --csv "$tmp/golden.csv" --scenario full --scenario doc --scenario bare --out "$tmp/bench" >/dev/null 2>"$tmp/bench.log"

echo "oracle scenario (a loopback model that answers with the expected command)" >&2
go test ./golden/ -run 'TestOracle$' -count=1 -oracle-report "$tmp/oracle.md" >/dev/null

echo "go test -bench" >&2
go test -run '^$' -bench . -benchmem -count 5 ./rules/ ./parsers/ ./skills/ ./engine/ >"$tmp/go-bench.txt" 2>&1 || true

echo "warm dry-run, whole process" >&2
task='sort aln.bam by coordinate with 8 threads into aln.sorted.bam'
"$bin" dry-run samtools "$task" >/dev/null 2>&1 || true # fills the ToolDoc cache
if command -v hyperfine >/dev/null; then
  # hyperfine starts the process itself (-N, no shell), so the time is
  # oxo-call's alone.
  hyperfine -N --warmup 5 --runs 60 -i --export-json "$tmp/hf.json" "$bin dry-run samtools '$task'" >/dev/null 2>&1
  run_times=$(tr -d ' \n' <"$tmp/hf.json" | sed 's/.*"times":\[\([^]]*\)\].*/\1/' | tr ',' '\n')
  echo "$run_times" | awk '{printf "%d\n", $1*1e6}' | sort -n >"$tmp/warm.txt"
  warm_how="hyperfine, 60 runs"
else
  for i in $(seq 1 40); do
    s=$(date +%s%N); "$bin" dry-run samtools "$task" >/dev/null 2>&1 || true; e=$(date +%s%N)
    echo $(( (e - s) / 1000 ))
  done | sort -n >"$tmp/warm.txt"
  warm_how="shell loop, 40 runs"
fi
warm_median=$(awk '{a[NR]=$1} END {printf "%.1f", (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)/1000}' "$tmp/warm.txt")
warm_p90=$(awk '{a[NR]=$1} END {printf "%.1f", a[int(NR*0.9)]/1000}' "$tmp/warm.txt")

echo "skill coverage (skill list --json)" >&2
"$bin" skill list --json --captures golden >"$tmp/skills.json"

# skill_coverage summarises skill list --json: how many examples were
# checked against the tools' help (installed or captured), and which
# subcommands no example covers.
skill_coverage() {
  jq -r '
    def sum(f): map(f) | add // 0;
    "| skills | \(length) (\(map(select(.Verified | not)) | length) marked `verified: false`) |",
    "| examples | \(sum(.Examples)) |",
    "| verified against the help (installed or captured) | \(sum(.ExamplesVerified)) |",
    "| failed | \(sum(.ExamplesFailed)) |",
    "| unchecked (help not readable, or a flag the parser did not read) | \(sum(.ExamplesUnchecked)) |",
    "| not checked (tool neither installed nor captured) | \(sum(.ExamplesSkipped)) |",
    "| skills whose tool has subcommands no example uses | \(map(select(.SubcommandsWithoutExample | length > 0)) | length) (\(sum(.SubcommandsWithoutExample | length)) subcommands) |"
  ' "$1"
  echo
  echo "Most subcommands without an example:"
  echo
  echo "| skill | examples | subcommands without one |"
  echo "|---|--:|---|"
  jq -r 'sort_by(-(.SubcommandsWithoutExample | length)) | .[:10][] | select(.SubcommandsWithoutExample | length > 0) |
    "| \(.Name) | \(.Examples) | \(.SubcommandsWithoutExample | length): \(.SubcommandsWithoutExample[:8] | join(", "))\(if (.SubcommandsWithoutExample | length) > 8 then ", …" else "" end) |"' "$1"
}

# Medians of the Go benchmarks, one row per benchmark.
medians() {
  awk '/^pkg: / { n=split($2, p, "/"); pkg=p[n] }
       /^Benchmark/ {
         name=$1; sub(/-[0-9]+$/, "", name); name=pkg "." name
         for (i=3; i<=NF; i++) if ($(i+1) == "ns/op") { v[name]=v[name] " " $i }
         for (i=3; i<=NF; i++) if ($(i+1) == "serial-ms/op") { s[name]=s[name] " " $i }
       }
       END {
         for (n in v) {
           k=split(v[n], a, " "); asort(a); m=(k%2 ? a[(k+1)/2] : (a[k/2]+a[k/2+1])/2)
           extra=""
           if (n in s) { k2=split(s[n], b, " "); asort(b); extra=sprintf(" (probes one by one: %.0f ms)", (k2%2 ? b[(k2+1)/2] : (b[k2/2]+b[k2/2+1])/2)) }
           if (m >= 1e6) printf "| %s | %.2f ms%s |\n", n, m/1e6, extra
           else if (m >= 1e3) printf "| %s | %.1f µs%s |\n", n, m/1e3, extra
           else printf "| %s | %.0f ns%s |\n", n, m, extra
         }
       }' "$1" | sort
}

{
  echo "# Benchmarks"
  echo
  echo "Written by \`make bench\` ($(date -u +%Y-%m-%d)). Every number here comes from a command in this"
  echo "repository; run \`make bench\` on your machine to reproduce it."
  echo
  echo "## Machine"
  echo
  echo "- $(uname -srm), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo) memory"
  echo "- $(go version)"
  echo "- oxo-call $("$bin" version | awk '{print $2}'), no model configured (every command comes from rules, help text and skills)"
  echo
  echo "## Speed"
  echo
  echo "| what | median |"
  echo "|---|--:|"
  echo "| warm \`dry-run\` (cached ToolDoc), whole process ($warm_how) | ${warm_median} ms (p90 ${warm_p90} ms) |"
  medians "$tmp/go-bench.txt"
  echo
  echo "The bench run below: $(tail -1 "$tmp/bench.log")"
  echo
  echo "## Skill coverage"
  echo
  echo "From \`oxo-call skill list --json --captures golden\`: every example of every skill checked against"
  echo "its tool's help, read from the installed tool or, when it is not installed, from its capture in"
  echo "\`golden/\`."
  echo
  echo "| what | count |"
  echo "|---|--:|"
  skill_coverage "$tmp/skills.json"
  echo
  echo "## Accuracy on the golden cases"
  echo
  echo "The cases are \`golden/<tool>/cases.yaml\` (tasks written from each tool's documentation with the"
  echo "expected command), converted to the bench CSV and run through \`oxo-call bench\` against the"
  echo "tools installed here. Scenarios: \`bare\` uses neither help nor skills, \`doc\` the tool's help only,"
  echo "\`full\` help and skills. Shares carry Wilson 95 % intervals."
  echo
  sed -n '/^## Overall/,$p' "$tmp/bench/summary.md" | sed 's/^## /### /'
  echo
  echo "## Oracle: what a perfect model's answer becomes"
  echo
  echo "\`go test ./golden/ -run TestOracle\`: a loopback OpenAI-compatible server answers every fill prompt"
  echo "with the golden case's expected command (\`--llm always\`, captured help, offline). **oracle** is the"
  echo "share of those answers the user gets unchanged (spellings of one help line are equal; flag order"
  echo "is free; file names and values must match). **prompt flag recall** is the share of each expected"
  echo "command's flags that the prompt for its program lists (large-model tier), over the flags its"
  echo "ToolDoc lists; flags the ToolDoc lacks are counted apart, and accepted unparsed flags (found in the"
  echo "raw help, \`doc.unparsed_flag\`) are the parser gaps met on the way."
  echo
  cat "$tmp/oracle.md"
} >BENCHMARKS.md
echo "wrote BENCHMARKS.md" >&2
