/* editing_runs.c: long runs, where one call's cost could grow with what came before it rather than
 * with what it does: a held backspace and a batch of edits (each coalesced into one undo step that
 * grows with every call), restoring a snapshot with many tiles, loading a document whose spans nest
 * around one another (each of a format over what the ones before covered), and caret moves across a line of
 * clusters the quick split does not cover (a word move over emoji, a many-cluster step over flags,
 * each cluster once). Each is timed at RUN_LENGTH and at four times that, best of ROUNDS, in turn;
 * the ratio of the per-call (per-tile, per-cluster) costs is about 1 when the cost is linear and
 * about 4 when it is quadratic. */
#include "editing_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUN_LENGTH = 20000, ROUNDS = 3 };

/* Time of n backspaces in a row at the end of n letters (one undo step). */
static double held_backspace_ns(long n) {
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    char *text = bench_xmalloc((size_t)n + 1);
    memset(text, 'a', (size_t)n);
    text[n] = '\0';
    bench_check(mc_draft_insert(d, text), "mc_draft_insert");
    free(text);
    double start = bench_now_ns();
    for (long i = 0; i < n; i++) bench_check(mc_draft_delete_backward(d), "mc_draft_delete_backward");
    double elapsed = bench_now_ns() - start;
    mc_draft_free(d);
    return elapsed;
}

/* Time of n replacements inside one batch (one undo step). */
static double batched_edits_ns(long n) {
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    bench_check(mc_draft_begin_batch(d), "mc_draft_begin_batch");
    double start = bench_now_ns();
    for (long i = 0; i < n; i++) bench_check(mc_draft_replace(d, i, i, "ab"), "mc_draft_replace");
    double elapsed = bench_now_ns() - start;
    bench_check(mc_draft_commit_batch(d), "mc_draft_commit_batch");
    mc_draft_free(d);
    return elapsed;
}

/* Time of `call` (named `name`) on a new draft with the JSON argument `json`, which it frees. */
static double timed_on_new_draft(mc_status (*call)(mc_draft *, const char *), const char *name, char *json) {
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    double start = bench_now_ns();
    bench_check(call(d, json), name);
    double elapsed = bench_now_ns() - start;
    mc_draft_free(d);
    free(json);
    return elapsed;
}

/* Time of restoring a snapshot whose tray holds n failed tiles (a restore keeps them all). */
static double restore_tiles_ns(long n) {
    const char *head = "{\"version\":2,\"document\":{\"text\":\"\",\"spans\":[]},\"selection\":[0,0],\"tray\":{\"tiles\":[";
    size_t cap = strlen(head) + (size_t)n * 96 + 64, used = 0;
    char *json = bench_xmalloc(cap);
    used += (size_t)snprintf(json + used, cap - used, "%s", head);
    for (long i = 0; i < n; i++)
        used += (size_t)snprintf(json + used, cap - used,
                                 "%s{\"id\":%ld,\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":1,\"ref\":\"r\","
                                 "\"state\":\"failed\",\"error\":\"e\"}",
                                 i ? "," : "", i + 1);
    snprintf(json + used, cap - used, "],\"next_id\":%ld},\"now\":0}", n + 1);
    return timed_on_new_draft(mc_draft_restore, "mc_draft_restore", json);
}

/* Time of loading n lines "ab" with n/2 bold, n/2 link and n/2 quote spans nested around one another
 * (span k of each from line k to line n-k-1): every line is covered by many spans of each format. */
static double load_nested_spans_ns(long n) {
    long length = 3 * n;
    size_t cap = (size_t)length + (size_t)n * 3 / 2 * 96 + 64, used = 0;
    char *json = bench_xmalloc(cap);
    used += (size_t)snprintf(json + used, cap - used, "{\"text\":\"");
    for (long i = 0; i < n; i++) used += (size_t)snprintf(json + used, cap - used, "ab\\n");
    used += (size_t)snprintf(json + used, cap - used, "\",\"spans\":[");
    for (long k = 0; k < n / 2; k++) {
        long start = 3 * k, end = length - 3 * k - 1;
        used += (size_t)snprintf(json + used, cap - used,
                                 "%s{\"start\":%ld,\"end\":%ld,\"format\":\"bold\"},"
                                 "{\"start\":%ld,\"end\":%ld,\"format\":\"link\",\"url\":\"https://a.io\"},"
                                 "{\"start\":%ld,\"end\":%ld,\"format\":\"quote\"}",
                                 k ? "," : "", start, end, start, end, start, end);
    }
    snprintf(json + used, cap - used, "]}");
    return timed_on_new_draft(mc_draft_load_document, "mc_draft_load_document", json);
}

/* A draft holding `piece` n times. */
static mc_draft *draft_of_repeated(const char *piece, long n) {
    size_t len = strlen(piece);
    char *text = bench_xmalloc(len * (size_t)n + 1);
    for (long i = 0; i < n; i++) memcpy(text + (size_t)i * len, piece, len);
    text[len * (size_t)n] = '\0';
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    bench_check(mc_draft_insert(d, text), "mc_draft_insert");
    free(text);
    return d;
}

/* Time of one word move back from the end of a line of n emoji (none is a word character: the
 * move crosses them all). */
static double word_over_emoji_ns(long n) {
    mc_draft *d = draft_of_repeated("\xF0\x9F\x98\x80", n); /* U+1F600 */
    double start = bench_now_ns();
    bench_check(mc_draft_move_caret(d, MC_CARET_WORD, -1, 0), "mc_draft_move_caret");
    double elapsed = bench_now_ns() - start;
    mc_draft_free(d);
    return elapsed;
}

/* Time of one move by n clusters from the start of n flags (Regional Indicator pairs). */
static double steps_over_flags_ns(long n) {
    mc_draft *d = draft_of_repeated("\xF0\x9F\x87\xBA\xF0\x9F\x87\xB8", n); /* U+1F1FA U+1F1F8 */
    bench_check(mc_draft_set_selection(d, 0, 0), "mc_draft_set_selection");
    double start = bench_now_ns();
    bench_check(mc_draft_move_caret(d, MC_CARET_GRAPHEME, n, 0), "mc_draft_move_caret");
    double elapsed = bench_now_ns() - start;
    mc_draft_free(d);
    return elapsed;
}

static const struct {
    const char *name;
    double (*run)(long n);
} RUNS[BENCH_RUN_KINDS] = {
    {"held backspace", held_backspace_ns},
    {"batch of replaces", batched_edits_ns},
    {"restore, failed tiles", restore_tiles_ns},
    {"load, nested spans", load_nested_spans_ns},
    {"word move, emoji", word_over_emoji_ns},
    {"cluster steps, flags", steps_over_flags_ns},
};

void bench_runs(double ratios[BENCH_RUN_KINDS], const char *names[BENCH_RUN_KINDS]) {
    printf("  %-24s %12s %12s %12s %12s  %s\n", "run", "n", "per call", "4n", "per call", "4n / n per call");
    for (int k = 0; k < BENCH_RUN_KINDS; k++) {
        double best[2] = {1e300, 1e300};
        for (int round = 0; round < ROUNDS; round++) {
            for (int s = 0; s < 2; s++) {
                double ns = RUNS[k].run(s ? 4L * RUN_LENGTH : RUN_LENGTH);
                if (ns < best[s]) best[s] = ns;
            }
        }
        double per[2] = {best[0] / RUN_LENGTH, best[1] / (4.0 * RUN_LENGTH)};
        char a[32], b[32];
        printf("  %-24s %12d %12s %12d %12s  %.2fx\n", RUNS[k].name, RUN_LENGTH, bench_fmt_time(per[0], a),
               4 * RUN_LENGTH, bench_fmt_time(per[1], b), per[1] / per[0]);
        ratios[k] = per[1] / per[0];
        names[k] = RUNS[k].name;
    }
}
