#!/usr/bin/env bash
# tools/fuzz.sh [SECONDS] [TARGET]: builds a libFuzzer target with -sanitize=fuzzer,address (release)
# and runs it for SECONDS (default 60; 0: no time limit) or FUZZ_RUNS executions, whichever comes
# first, on a generated seed corpus, then prints libFuzzer's final stats (executions, exec/s,
# coverage, corpus) and one line to quote:
#   fuzz.sh: TARGET: N executions in S s (E exec/s, J jobs), F findings
# (in fork mode N is the sum over the jobs, from libFuzzer's fork-mode status lines). TARGET:
#   markdown (default)  Sources/fuzz-markdown: the wire-format parser and serializer;
#   api                 Sources/fuzz-api: sequences of C API calls on drafts, checked after every
#                       call (see Sources/fuzz-api/Checks.swift); a violation prints the C calls.
# The committed corpus Tests/fuzz-corpus/TARGET is read as extra seeds (and replayed by `make
# test-fuzz-replay`). To refresh it from a run's corpus (a set cover of the edges, a few hundred
# small files):
#   mkdir new && BIN -set_cover_merge=1 -use_counters=0 new Tests/fuzz-corpus/TARGET WORK/corpus
# (BIN: the fuzz build, printed below), then replace the directory with new/.
#
# The markdown target checks, on ComposerCore's public API (see Sources/fuzz-markdown/main.swift): parse
# never traps and gives a well-formed document; parse(serialize(D)) == D; Document(json: D.json) == D;
# and, for inputs that are document JSON that loads, parse(serialize(D)) == D. A violation aborts with
# the input printed. On a finding the script replays each artifact (printing what it violates),
# minimizes it (FUZZ_MINIMIZE_SECONDS, default 30; 0 to skip) and exits 1.
#
# Environment:
#   FUZZ_RUNS       N: stop after N executions (libFuzzer -runs; the corpus's first runs count);
#                   in fork mode libFuzzer stops starting jobs past N, so a few more may run.
#   FUZZ_DIR        work directory (corpus/, artifacts/, fuzz.log); default: a new temp dir, kept.
#                   Reusing one resumes from its corpus.
#   FUZZ_LEDGER     the campaign ledger (default FUZZ_DIR/ledger.tsv): each run appends a line (UTC
#                   time, target, library id, executions, seconds, findings, max_len, jobs) and the
#                   script prints the sum for this target on this library. The library id is the git
#                   tree of Sources/ComposerCore, Sources/ComposerCAPI and Package.swift, so runs on
#                   the same library add up and a change to it starts a new count.
#   FUZZ_JOBS       N (set): fork mode with N worker processes; crashes, timeouts and OOMs are
#                   recorded in artifacts/ and fuzzing goes on, so one run finds several bugs.
#                   Unset (default): one process that stops at the first finding.
#   FUZZ_TRACE_CMP  1: also instrument comparisons (SanitizerCoverage trace-cmp, what
#                   -sanitize=fuzzer adds by default; its own scratch path, .build/fuzz-cmp).
#                   Default: edges and counters only (-sanitize-coverage=edge,inline-8bit-counters,
#                   pc-table). Every byte comparison of the parsers and checks then called libFuzzer
#                   (a third of the markdown target's time in __sanitizer_cov_trace_const_cmp1,
#                   which for 1-byte operands only feeds the value profile, off by default), and the
#                   dictionaries give the mutations the tokens comparisons would. 120 s from the
#                   committed corpus, same machine, same hour: markdown 597 -> 867 exec/s, edges /
#                   features 9,842 / 55,332 -> 9,846 / 56,148 (and replayed through one build:
#                   9,825 / 55,285 -> 9,831 / 56,164); api 34 -> 49 exec/s, 21,253 / 117,343 ->
#                   21,266 / 119,747.
#   FUZZ_CONFIG     release (default) or debug. A debug build runs about 5 times slower (markdown,
#                   120 s: 350 against 1,700 exec/s) and checks nothing more: the library has no
#                   assert(), and Swift's overflow, bounds and exclusivity checks trap in both.
#   FUZZ_MAX_LEN    libFuzzer -max_len (default 4096; api: 256, about 80 calls). An API input's time
#                   grows with its calls (about 0.2 ms each with ASan), and libFuzzer lets inputs
#                   grow to max_len over a long run; the sessions' configurations bring every limit
#                   within a few calls (max_length 12, undo_depth 2, max_files 2, mention_limit 1)
#                   and the findings so far took 4 to 7. 60 s from the committed corpus with
#                   -len_control=0: 98 exec/s, 18,431 edges at 256; 86 exec/s, 18,136 at 1024.
#   FUZZ_TIMEOUT    per-input timeout in seconds (default 10): a slower input is a finding
#                   (the parser must be linear).
#   FUZZ_ARGS       extra libFuzzer arguments.
#   ASAN_OPTIONS    default detect_leaks=0:handle_abort=1:malloc_context_size=0 while fuzzing: no
#                   stack is recorded per allocation (a fifth of the API target's time), so a heap
#                   report names no allocation site; the replay of each finding at the end runs
#                   with full stacks (malloc_context_size left at ASan's default).
# Replaying findings without sanitizers: `swift build --product fuzz-markdown` gives a replay tool,
# `.build/debug/fuzz-markdown FILE|DIR...`, that runs the same checks and reports every failure
# (`.build/debug/fuzz-api [-v] FILE|DIR...` for the API target; -v prints each input's C calls).
set -uo pipefail

# Everything is in main(), read whole before it runs: editing this file during a run is harmless.
main() {
RUNS=${FUZZ_RUNS:-}
# With FUZZ_RUNS and no SECONDS, executions alone end the run.
SECONDS_TO_RUN=${1:-60}
[ -n "$RUNS" ] && [ -z "${1:-}" ] && SECONDS_TO_RUN=0
TARGET=${2:-markdown}
usage="usage: [FUZZ_RUNS=N] tools/fuzz.sh [SECONDS] [markdown|api]"
case $SECONDS_TO_RUN in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
case $RUNS in *[!0-9]*) echo "$usage (FUZZ_RUNS: a number of executions)" >&2; exit 2 ;; esac
case $TARGET in markdown | api) ;; *) echo "$usage" >&2; exit 2 ;; esac
PRODUCT=fuzz-$TARGET
CONFIG=${FUZZ_CONFIG:-release}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
JOBS=${FUZZ_JOBS:-}
SCRATCH=.build/fuzz
COVERAGE=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table)
# (Each setting its own scratch path: switching would otherwise rebuild everything.)
[ "${FUZZ_TRACE_CMP:-}" = 1 ] && { SCRATCH=.build/fuzz-cmp; COVERAGE=(); }

BUILD=(swift build -c "$CONFIG" --scratch-path "$SCRATCH" --product "$PRODUCT"
    -Xswiftc -sanitize=fuzzer,address "${COVERAGE[@]}" -Xswiftc -DFUZZING)
echo "== building: ${BUILD[*]}"
# gold warns once per ASan helper symbol it cannot export ("Cannot export local symbol"): noise.
"${BUILD[@]}" 2>&1 | grep -v "Cannot export local symbol" | grep -vE '^\[[0-9]+/[0-9]+\] ' 
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz.sh: build failed" >&2; exit 2; }
BIN="$("${BUILD[@]}" --show-bin-path)/$PRODUCT"

WORK=${FUZZ_DIR:-$(mktemp -d "/tmp/$PRODUCT.XXXXXX")}
CORPUS=$WORK/corpus
ARTIFACTS=$WORK/artifacts
mkdir -p "$CORPUS" "$ARTIFACTS"
LOG=$WORK/fuzz.log
LEDGER=${FUZZ_LEDGER:-$WORK/ledger.tsv}
# The library under test: the git tree of its sources (ComposerCore, ComposerCAPI, Package.swift),
# "-modified" when the working copy differs from the commit.
LIBRARY=$(git ls-tree HEAD Sources/ComposerCore Sources/ComposerCAPI Package.swift 2>/dev/null | git hash-object --stdin | cut -c1-12)
git diff --quiet HEAD -- Sources/ComposerCore Sources/ComposerCAPI Package.swift 2>/dev/null || LIBRARY="$LIBRARY-modified"

# Seed corpus, (re)written on every run, so a reused corpus gets new seeds too. API: the target
# writes its own (sessions in its input encoding, Sources/fuzz-api/Seeds.swift).
if [ "$TARGET" = api ]; then
    # Every function of the header must be called by the target (a new one needs its operation).
    missing=$(comm -23 <(grep -oE '\bmc_[a-z_0-9]+\(' include/message_composer.h | tr -d '(' | sort -u) \
        <(grep -ohE '\bmc_[a-z_0-9]+\(' Sources/fuzz-api/*.swift | tr -d '(' | sort -u))
    [ -z "$missing" ] || { echo "fuzz.sh: functions the API fuzzer never calls:" $missing >&2; exit 2; }
    "$BIN" --seeds "$CORPUS" && "$BIN" --dict "$WORK/api.dict" || { echo "fuzz.sh: writing the API seeds failed" >&2; exit 2; }
fi
# Markdown: the wire format (README "Wire format") and the CommonMark/GFM subset messages from
# other clients use.
[ "$TARGET" = markdown ] && {
    n=0
    seed() { n=$((n + 1)); printf '%s' "$1" > "$CORPUS/seed-$(printf '%03d' $n)"; }
    seed 'plain text, nothing else'
    seed '**bold** *italic* __strong__ _em_ ***both*** ~~strike~~ ~single~'
    seed 'a**b**c a*b*c a_b_c snake_case_word **a *b* c** *a **b** c*'
    seed '<u>underline</u> <color=#ff8800>orange</color> <color=#abc>short</color> <u>**mix**</u>'
    seed '`code` ``co`de`` ` spaced ` a `b` c `unclosed'
    seed $'```\nfenced\n  code\n```\n\n~~~python\nx = 1\n~~~\n\n````\n```\n````'
    seed $'> quote\n> second\\\n> hard break\n>\n> after blank\n\n> > nested'
    seed $'- one\n- two\n  - nested\n* star\n+ plus\n\n1. first\n2. second\n10) paren'
    seed $'1. a\n\n   continued\n- [ ] task\n-\n- after empty'
    seed '[link](https://example.com) [mail](mailto:a@b.c) [bare](example.com/x?y=1&z=2) [t **b**](http://x.y "title")'
    seed '[bad](javascript:alert(1)) [data](data:text/html,x) [nested [x](y)](z) [a](<b c>) ![img](u)'
    seed '<@uid:u42> hi <@uid:alice.b-c_d:e@f=g+h> <@uid:> <@uid:bad uid> **<@uid:x>**'
    seed '&amp; &lt; &gt; &quot; &#35; &#x1F600; &#0; &nbsp; &copy; &bogus; &#32;* &#9999999;'
    seed '\* \_ \` \\ \[ \] \( \) \# \+ \- \. \! \< \> \~ \| \& trailing\'
    seed $'line one\\\nline two  \nline three\n\n\n<p></p>\n\ntext'
    seed $'# heading\n---\n***\n| a | b |\n|---|---|\n<div>html</div>\n    indented code'
    seed $'emoji \U1F468\u200D\U1F469\u200D\U1F467 \U1F1EB\U1F1F7 e\u0301 \u05E9\u05DC\u05D5\u05DD \u4E2D\u6587 **\U1F600**'
    seed '*a **b** c* _a __b__ c_ **a*b*c** *** ** * ___ __ _ ~~~ ~~ ~'
    seed 'foo*bar* *foo*bar **foo "*bar*" foo** *(*foo*)* _(_foo_)_ **foo*bar*baz**'
    seed $'> - quoted list\n> 1. ordered\n>     code?\n- > quote in list'
    seed $'\tTab\tseparated\r\nCRLF line\rCR line'
    seed '[a](b) [a]( b ) [a](b\)c) [a](<>) [a]() [](x) [a] (b) [a][b] [a]: /url'
    # Document JSON: the target also checks exactness on documents that load (not only parsed ones).
    seed '{"text":"a *b* c","spans":[{"start":2,"end":5,"format":"bold"}]}'
    seed '{"text":"x**y** _z_","spans":[{"start":0,"end":2,"format":"italic"},{"start":4,"end":7,"format":"strike"},{"start":7,"end":10,"format":"underline"}]}'
    seed '{"text":"see `tick` and [link] (x)","spans":[{"start":4,"end":10,"format":"code"},{"start":15,"end":21,"format":"link","url":"https://e.com/a_(b)"},{"start":22,"end":25,"format":"color","color":"#a0b"}]}'
    seed '{"text":"hi @Bob!","spans":[{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},{"start":0,"end":8,"format":"bold"}]}'
    seed '{"text":"one\ntwo\n\n```\n- x\n1. y\n> z","spans":[{"start":0,"end":7,"format":"quote"},{"start":8,"end":8,"format":"quote"},{"start":9,"end":12,"format":"code_block"},{"start":13,"end":16,"format":"bullet_list"},{"start":17,"end":21,"format":"ordered_list"},{"start":22,"end":25,"format":"bold"}]}'
    seed '{"text":" lead and trail ","spans":[{"start":0,"end":5,"format":"bold"},{"start":10,"end":16,"format":"italic"},{"start":5,"end":10,"format":"code"}]}'
}

# A dictionary of wire-format tokens speeds up reaching the parser's branches.
DICT=$WORK/markdown.dict
cat > "$DICT" <<'EOF'
"**"
"__"
"*"
"_"
"~~"
"~"
"`"
"``"
"```"
"~~~"
"> "
"- "
"* "
"+ "
"1. "
"2) "
"["
"]("
")"
"<"
">"
"<u>"
"</u>"
"<color=#"
"</color>"
"<@uid:"
"<p></p>"
"&#"
"&#x"
"&amp;"
";"
"\\"
"\x0a"
"\x0a\x0a"
"    "
"https://"
"mailto:"
"javascript:"
"{\"text\":\""
"\",\"spans\":["
"{\"start\":"
",\"end\":"
",\"format\":\""
"\"}"
"bold"
"italic"
"underline"
"strike"
"code"
"link\",\"url\":\"https://"
"color\",\"color\":\"#"
"mention\",\"uid\":\"u1\",\"name\":\""
"code_block"
"quote"
"bullet_list"
"ordered_list"
"\\n"
EOF

MAX_LEN=4096
[ "$TARGET" = api ] && MAX_LEN=256
# libFuzzer's memory limit (an input past it is an out-of-memory finding). The API target's
# resident memory grows over a long campaign (1,120 MB after 900 s, 1,446 MB after 5,000 s): that
# is libFuzzer's and ASan's, not the library's. The plain build run over the same 11,225 inputs
# eight times in one process, `fuzz-api --in-process --passes 8 DIR`, stays at 17.8 MB resident
# from the second pass to the last, and LeakSanitizer finds nothing on 3,000 of them.
ARGS=(-max_total_time="$SECONDS_TO_RUN" -timeout="${FUZZ_TIMEOUT:-10}" -max_len="${FUZZ_MAX_LEN:-$MAX_LEN}"
    -rss_limit_mb=2048 -artifact_prefix="$ARTIFACTS/" -print_final_stats=1)
[ -n "$RUNS" ] && ARGS+=(-runs="$RUNS")
# No rereading of the corpus directory every second (-reload): nothing else writes to it, and the
# listing grows with the corpus (2.5% of the time at 2,000 files).
ARGS+=(-reload=0)
# Dictionaries: wire-format tokens; for the API, whole calls (the target writes them).
if [ "$TARGET" = markdown ]; then ARGS+=(-dict="$DICT"); else ARGS+=(-dict="$WORK/api.dict"); fi
# Read-only extra seeds: the committed, minimized corpus (new inputs go to $CORPUS only).
SEED_DIRS=()
[ -d "Tests/fuzz-corpus/$TARGET" ] && SEED_DIRS+=("$ROOT/Tests/fuzz-corpus/$TARGET")
if [ -n "$JOBS" ]; then
    ARGS+=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
# shellcheck disable=SC2206
ARGS+=(${FUZZ_ARGS:-})
export SWIFT_BACKTRACE=enable=no  # the Swift backtracer would hang on a crash under libFuzzer
# Replays of findings keep ASan's allocation stacks; fuzzing records none (see ASAN_OPTIONS above).
REPLAY_ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1}
FUZZ_ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1:malloc_context_size=0}

limit="${SECONDS_TO_RUN}s"
[ "$SECONDS_TO_RUN" = 0 ] && limit="no time limit"
[ -n "$RUNS" ] && limit="$limit, $RUNS executions"
echo "== fuzzing ($limit): $BIN ${ARGS[*]} $CORPUS ${SEED_DIRS[*]}"
echo "   work dir: $WORK (log: $LOG)"
started=$(date +%s)
ASAN_OPTIONS=$FUZZ_ASAN_OPTIONS "$BIN" "${ARGS[@]}" "$CORPUS" "${SEED_DIRS[@]}" > "$LOG" 2>&1
status=$?
elapsed=$(( $(date +%s) - started ))
export ASAN_OPTIONS=$REPLAY_ASAN_OPTIONS

echo "== libFuzzer final stats"
if [ -n "$JOBS" ]; then
    # Fork mode: the parent's status lines "#N: cov: ... exec/s E ..." count every job's runs.
    grep -E '^#[0-9]+: cov:' "$LOG" | tail -n 1
    executions=$(grep -E '^#[0-9]+: cov:' "$LOG" | tail -n 1 | sed -E 's/^#([0-9]+):.*/\1/')
else
    grep -E '^#[0-9]+.*(INITED|DONE|cov:)' "$LOG" | tail -n 1
    executions=$(grep -E '^stat::number_of_executed_units:' "$LOG" | tail -n 1 | awk '{print $2}')
    # A run stopped by a finding prints no final stats: its last status line has the count.
    [ -n "$executions" ] || executions=$(grep -E '^#[0-9]+' "$LOG" | tail -n 1 | sed -E 's/^#([0-9]+).*/\1/')
fi
grep -E '^stat::|^INFO: (exiting|fuzzed for)|^INFO: -fork=' "$LOG" | tail -n 8
echo "corpus: $(ls "$CORPUS" | wc -l) inputs in $CORPUS"

mapfile -t findings < <(find "$ARTIFACTS" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
    -o -name 'leak-*' -o -name 'slow-unit-*' \) ! -name '*.min' ! -name '*.log' | sort)
executions=${executions:-0}
rate=$(( elapsed > 0 ? executions / elapsed : executions ))
echo "fuzz.sh: $TARGET: $executions executions in ${elapsed} s ($rate exec/s, ${JOBS:-1} job(s)), ${#findings[@]} findings"
# The campaign ledger: one line per run, so that runs on the same library add up (issue 14 counts
# executions on the final code; any change to the library starts a new count).
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$TARGET" "$LIBRARY" "$executions" \
    "$elapsed" "${#findings[@]}" "${FUZZ_MAX_LEN:-$MAX_LEN}" "${JOBS:-1}" >> "$LEDGER"
awk -F'\t' -v t="$TARGET" -v l="$LIBRARY" '$2 == t && $3 == l { n += $4; f += $6; r++ }
    END { printf "fuzz.sh: ledger %s: %d run(s) of %s on library %s: %d executions, %d findings\n", FILENAME, r, t, l, n, f }' "$LEDGER"
if [ "$status" -eq 0 ] && [ ${#findings[@]} -eq 0 ]; then
    echo "fuzz.sh: no crash, no property violation, no timeout ($limit)"
    exit 0
fi

echo "== findings (exit status $status): ${#findings[@]} artifact(s) in $ARTIFACTS"
for f in "${findings[@]}"; do
    echo "-- $f ($(wc -c < "$f") bytes)"
    head -c 300 "$f" | od -An -c | head -n 6
    # Replayed once: the property message (input, D, what came back; for the API, the C calls) or
    # the trap.
    "$BIN" -timeout="${FUZZ_TIMEOUT:-10}" "$f" 2>&1 | grep -A40 -E 'PROPERTY VIOLATED|Fatal error|ERROR: libFuzzer' \
        | grep -v -E '^(\s*#|==[0-9]+==|MS:|base64:|INFO:)' | head -n 60
done
minimize=${FUZZ_MINIMIZE_SECONDS:-30}
if [ "$minimize" -gt 0 ]; then
    for f in "${findings[@]}"; do
        case $(basename "$f") in crash-* | timeout-*) ;; *) continue ;; esac
        "$BIN" -minimize_crash=1 -max_total_time="$minimize" -timeout="${FUZZ_TIMEOUT:-10}" \
            -exact_artifact_path="$f.min" "$f" > "$f.minimize.log" 2>&1
        if [ -s "$f.min" ]; then
            echo "-- minimized $(basename "$f") -> $f.min ($(wc -c < "$f.min") bytes):"
            od -An -c "$f.min" | head -n 6
        fi
    done
fi
exit 1
}

main "$@"
