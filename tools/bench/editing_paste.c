/* editing_paste.c: a paste of many lines against the same text on one line. mc_draft_insert types
 * a line break as Enter, so a pasted log could cost an Enter and a typed line per line (a tree
 * edit and an undo checkpoint each); runs of lines that Enter and typing only insert go in at once
 * (docs/engine.md, "Editor"), and a line break should then cost about what a space costs. Both
 * texts, 256 KiB of ASCII words with a line break (or a space) every 8 words, are pasted into a
 * fresh draft and undone, alternately, best of the rounds. */
#include "editing_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PASTE_BYTES = 256 * 1024, MIN_ROUNDS = 5, WORDS_A_LINE = 8 };
#define PASTE_BUDGET_NS 1.5e9

typedef struct {
    double paste_ns;
    double undo_ns;
} paste_times;

/* The text to paste: words, a line break after every WORDS_A_LINE of them, else a space. */
static char *make_text(size_t *out_lines) {
    char *text = bench_xmalloc(PASTE_BYTES + 16);
    bench_rng rng = {11};
    size_t n = 0, words = 0, lines = 1;
    while (n < PASTE_BYTES) {
        char word[10];
        size_t len = bench_random_word(&rng, word);
        memcpy(text + n, word, len);
        n += len;
        words++;
        text[n++] = words % WORDS_A_LINE == 0 ? '\n' : ' ';
        if (text[n - 1] == '\n') lines++;
    }
    text[n] = '\0';
    *out_lines = lines;
    return text;
}

static void time_paste(const char *text, paste_times *best) {
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    double t0 = bench_now_ns();
    bench_check(mc_draft_insert(d, text), "mc_draft_insert");
    double t1 = bench_now_ns();
    bench_check(mc_draft_undo(d), "mc_draft_undo");
    double t2 = bench_now_ns();
    mc_draft_free(d);
    if (t1 - t0 < best->paste_ns) best->paste_ns = t1 - t0;
    if (t2 - t1 < best->undo_ns) best->undo_ns = t2 - t1;
}

double bench_paste(void) {
    size_t lines = 0;
    char *lined = make_text(&lines);
    size_t size = strlen(lined) + 1;
    char *flat = bench_xmalloc(size);
    memcpy(flat, lined, size);
    for (char *p = flat; *p; p++) {
        if (*p == '\n') *p = ' ';
    }
    paste_times best_lined = {1e300, 1e300}, best_flat = {1e300, 1e300};
    double start = bench_now_ns();
    int rounds = 0;
    for (; rounds < MIN_ROUNDS || bench_now_ns() - start < PASTE_BUDGET_NS; rounds++) {
        time_paste(lined, &best_lined);
        time_paste(flat, &best_flat);
    }
    char a[32], b[32], c[32], e[32];
    printf("  %d KiB in %zu lines: paste %s, undo %s; the same on one line: paste %s, undo %s (best of %d)\n",
           PASTE_BYTES / 1024, lines, bench_fmt_time(best_lined.paste_ns, a), bench_fmt_time(best_lined.undo_ns, b),
           bench_fmt_time(best_flat.paste_ns, c), bench_fmt_time(best_flat.undo_ns, e), rounds);
    free(lined);
    free(flat);
    return best_lined.paste_ns / best_flat.paste_ns;
}
