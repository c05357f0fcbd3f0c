/*
 * editing_bench.h: declarations shared by the editing benchmark (tools/bench/editing_*.c, issue 9):
 * helpers (editing_util.c: clock, status checks, seeded PRNG, the generated formatted draft,
 * statistics, formatting) and the heap measurement (editing_heap.c).
 */
#ifndef MC_EDITING_BENCH_H
#define MC_EDITING_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "message_composer.h"

/* Nanoseconds on CLOCK_MONOTONIC (immune to wall-clock steps). */
double bench_now_ns(void);

/* An mc_* call that must succeed: on failure prints what, the status and mc_last_error() (of the
   calling thread) and exits 1, since every number measured after an unexpected failure is wrong. */
void bench_check(mc_status status, const char *what);

/* Exits 1 with the message: for failures that are not mc_* statuses (allocation, fork, wrong state). */
void bench_fail(const char *message);

/* malloc that exits on failure. */
void *bench_xmalloc(size_t size);

/* splitmix64: seeded, so every run measures the same drafts. */
typedef struct {
    uint64_t state;
} bench_rng;
uint64_t bench_rng_next(bench_rng *rng);
uint32_t bench_rng_below(bench_rng *rng, uint32_t n);

/* Writes a random lower-case word of 2 to 9 letters and its NUL into out (10 bytes); returns its length. */
size_t bench_random_word(bench_rng *rng, char out[10]);

/* The formatted draft of issue 9: ASCII words of 2-9 letters, a bold or italic word about every 10
   words, a line break instead of a space about every 60 words, at least target scalars of text. */
typedef struct {
    char *json;       /* {"text": ..., "spans": [...]}, for mc_draft_load_document; malloc'd */
    int64_t length;   /* of the text, in scalars (= bytes: the text is ASCII) */
    int64_t spans;    /* bold and italic words */
    int64_t caret;    /* the start of a plain word near the middle, after a space */
    int64_t word_end; /* the end of that word: [caret, word_end) is the word toggled bold */
} bench_doc;
bench_doc bench_make_doc(uint64_t seed, int64_t target);
void bench_free_doc(bench_doc *doc);

/* Best-of and median of n samples (sorted in place); n > 0. */
typedef struct {
    size_t n;
    double best_ns;
    double median_ns;
} bench_stats;
bench_stats bench_summarize(double *samples_ns, size_t n);

/* Formats a duration ("850 ns", "8.5 µs", "12.31 ms") or a byte count ("91.2 MB") into out. */
const char *bench_fmt_time(double ns, char out[32]);
const char *bench_fmt_bytes(double bytes, char out[32]);

/* printf's %*s pads by bytes; this pads by characters (the "µ" of µs is two bytes in UTF-8). */
void bench_print_padded(const char *s, int width);

/* The 1-minute load average (/proc/loadavg), printed because other processes on the same cores
   slow the timings and, most of all, the two-thread ratio; -1 when unreadable. */
double bench_loadavg(void);

/* The process's resident set in bytes, from /proc/self/statm (resident pages × page size). */
double bench_rss_bytes(void);

/* Heap per draft (editing_heap.c), measured in a forked child so that neither its 20,000 drafts
   nor the rest of the bench's allocations blur the other's resident set. */
typedef struct {
    int drafts;                 /* empty drafts created */
    int typed_drafts;           /* drafts that got the formatted text (fewer when the budget ran out) */
    double typed_scalars;       /* scalars typed into each of them */
    double empty_bytes;         /* RSS per empty draft */
    double bytes_per_kib;       /* extra RSS per typed draft per 1,024 scalars of formatted text */
    double loaded_bytes_per_kib; /* extra RSS per draft per 1,024 scalars of formatted text loaded */
    double typing_seconds;      /* wall time spent typing */
    double first_draft_bytes;   /* heap in use after the process's first mc_draft_new (-1: unknown) */
    double second_draft_bytes;  /* and after the second */
} bench_heap_result;

/* Prints the heap section and returns its numbers; exits 1 when the child fails. */
bench_heap_result bench_heap(void);

/* Long runs (editing_runs.c): per kind, the per-call cost at 4n over that at n, and its name. */
enum { BENCH_RUN_KINDS = 6 };
void bench_runs(double ratios[BENCH_RUN_KINDS], const char *names[BENCH_RUN_KINDS]);

/* The toolbar over a select-all (editing_selection.c): the best time of a shift+arrow pair with a
   listener at 1 MiB over that at 4 KiB. */
double bench_selection(void);

/* A paste of many lines (editing_paste.c): the best time of pasting 256 KiB of text with a line
   break every 8 words over that of the same text on one line. */
double bench_paste(void);

#endif /* MC_EDITING_BENCH_H */
