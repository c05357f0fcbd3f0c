/*
 * editing_heap.c: heap per draft, as resident set growth over many drafts (issue 9: "RSS over
 * 20,000 drafts"): first empty drafts; then the storage of about 1 KiB of formatted text, loaded into
 * each (mc_draft_load_document: one undo step, so the figure is the text and its styles); then the
 * same text typed word by word into 20,000 more, which adds the undo history of every word (a step
 * per word, at most undo_depth of them).
 */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, waitpid, sysconf */

#include "editing_bench.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim, mallinfo2 */
#endif
#include <unistd.h>

enum {
    HEAP_DRAFTS = 20000,
    TYPED_TARGET = 1024, /* scalars of formatted text typed into each draft */
    MIN_TYPED_DRAFTS = 500, /* below this, page granularity would blur the per-draft figure */
};
/* Typing stops early past either budget (the count typed into is printed), so that a slow or
   memory-hungry library still ends in time: a typed draft carries its undo history (a step per word,
   about 20 KiB per KiB typed today), and an early library kept a copy of the document per step
   (about 2 MB per draft, 40 GB for 20,000). */
#define TYPING_BUDGET_NS 20e9
#define RSS_BUDGET_BYTES (2.0 * 1024 * 1024 * 1024)

/* One word as typed: its letters and a trailing space, in one mc_draft_insert call. */
typedef struct {
    char text[11];
    int64_t letters;
    bool bold;
} typed_word;

/* The same ~1 KiB of words for every draft, so every draft holds the same amount of text. */
static size_t make_words(typed_word *words, size_t capacity, int64_t *out_scalars) {
    bench_rng rng = {9};
    int64_t scalars = 0;
    size_t n = 0;
    while (scalars < TYPED_TARGET && n < capacity) {
        size_t len = bench_random_word(&rng, words[n].text);
        words[n].text[len] = ' ';
        words[n].text[len + 1] = '\0';
        words[n].letters = (int64_t)len;
        words[n].bold = n % 10 == 9; /* about every 10th word just typed is made bold */
        scalars += (int64_t)len + 1;
        n++;
    }
    *out_scalars = scalars;
    return n;
}

/* Types the words at the end of the draft as a keyboard would, toggling bold on every 10th word
   right after it is typed (the caret stays at the end, after the word's space). */
static void type_words(mc_draft *draft, const typed_word *words, size_t n) {
    int64_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        bench_check(mc_draft_insert(draft, words[i].text), "mc_draft_insert (heap)");
        if (words[i].bold) {
            bench_check(mc_draft_toggle_format(draft, pos, pos + words[i].letters, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT),
                        "mc_draft_toggle_format (heap)");
        }
        pos += words[i].letters + 1;
    }
}

/* Heap bytes in use (glibc's counters: exact, where resident pages would round to 4 KiB); -1
   elsewhere. */
static double heap_in_use(void) {
#ifdef __GLIBC__
    struct mallinfo2 m = mallinfo2();
    return (double)(m.uordblks + m.hblkhd);
#else
    return -1;
#endif
}

/* The heap the process's first mc_draft_new takes (the handle table's first slots, the runtime's
   first lookups) and the second one's: what opening a composer costs a host the first time. */
static void measure_first_drafts(bench_heap_result *r) {
    mc_draft *first = NULL, *second = NULL;
    double h0 = heap_in_use();
    bench_check(mc_draft_new(NULL, &first), "mc_draft_new (first)");
    double h1 = heap_in_use();
    bench_check(mc_draft_new(NULL, &second), "mc_draft_new (second)");
    double h2 = heap_in_use();
    mc_draft_free(first);
    mc_draft_free(second);
    r->first_draft_bytes = h0 < 0 ? -1 : h1 - h0;
    r->second_draft_bytes = h0 < 0 ? -1 : h2 - h1;
}

/* Runs in the child: measures, prints its lines, returns the numbers for the parent's checks. */
static bench_heap_result measure(void) {
    bench_heap_result r = {0};
    measure_first_drafts(&r); /* before anything else: the child's first drafts are the process's */
    typed_word words[512];
    int64_t scalars = 0;
    size_t nwords = make_words(words, sizeof words / sizeof words[0], &scalars);
    mc_draft **drafts = bench_xmalloc(sizeof *drafts * HEAP_DRAFTS);
    memset(drafts, 0, sizeof *drafts * HEAP_DRAFTS); /* touched now, so the array is in the baseline */

    /* Warm-up: one draft through the whole workload, so the library's lazily created state and the
       code pages of these paths are resident before the baseline, not counted per draft. */
    mc_draft *warm = NULL;
    bench_check(mc_draft_new(NULL, &warm), "mc_draft_new (heap warm-up)");
    type_words(warm, words, nwords);
    char *document = NULL;
    bench_check(mc_draft_document(warm, &document), "mc_draft_document (heap)");
    mc_draft_free(warm);
    mc_draft *loaded_warm = NULL;
    bench_check(mc_draft_new(NULL, &loaded_warm), "mc_draft_new (heap warm-up)");
    bench_check(mc_draft_load_document(loaded_warm, document), "mc_draft_load_document (heap warm-up)");
    mc_draft_free(loaded_warm);

    double rss0 = bench_rss_bytes();
    for (int i = 0; i < HEAP_DRAFTS; i++) {
        bench_check(mc_draft_new(NULL, &drafts[i]), "mc_draft_new (heap)");
    }
    double rss1 = bench_rss_bytes();
    r.drafts = HEAP_DRAFTS;
    r.empty_bytes = (rss1 - rss0) / HEAP_DRAFTS;

    /* Stored text: the same formatted text loaded into each draft. */
    for (int i = 0; i < HEAP_DRAFTS; i++) {
        bench_check(mc_draft_load_document(drafts[i], document), "mc_draft_load_document (heap)");
    }
    double rss_loaded = bench_rss_bytes();
    r.loaded_bytes_per_kib = (rss_loaded - rss1) / HEAP_DRAFTS / ((double)scalars / 1024.0);
    mc_string_free(document);

    /* Typed text, with its undo history, into a second set of drafts (none freed in between, so no
       reused memory hides growth). */
    mc_draft **fresh = bench_xmalloc(sizeof *fresh * HEAP_DRAFTS);
    memset(fresh, 0, sizeof *fresh * HEAP_DRAFTS);
    for (int i = 0; i < HEAP_DRAFTS; i++) {
        bench_check(mc_draft_new(NULL, &fresh[i]), "mc_draft_new (heap)");
    }
    rss1 = bench_rss_bytes();

    double t0 = bench_now_ns();
    int typed = 0;
    while (typed < HEAP_DRAFTS) {
        type_words(fresh[typed], words, nwords);
        typed++;
        if (typed >= MIN_TYPED_DRAFTS &&
            (bench_now_ns() - t0 > TYPING_BUDGET_NS || bench_rss_bytes() - rss1 > RSS_BUDGET_BYTES)) {
            break;
        }
    }
    r.typing_seconds = (bench_now_ns() - t0) / 1e9;
    double rss2 = bench_rss_bytes();
    r.typed_drafts = typed;
    r.typed_scalars = (double)scalars;
    r.bytes_per_kib = (rss2 - rss1) / typed / ((double)scalars / 1024.0);

    for (int i = 0; i < HEAP_DRAFTS; i++) {
        mc_draft_free(drafts[i]);
        mc_draft_free(fresh[i]);
    }
    double rss3 = bench_rss_bytes();
    free(drafts);
    free(fresh);
#ifdef __GLIBC__
    malloc_trim(0); /* glibc keeps freed small chunks: trimming tells allocator retention from a leak */
#endif
    double rss4 = bench_rss_bytes();

    char a[32], b[32], c[32], e[32], f[32];
    if (r.first_draft_bytes >= 0) {
        printf("  the process's first mc_draft_new: heap +%s; the second: +%.0f bytes\n",
               bench_fmt_bytes(r.first_draft_bytes, f), r.second_draft_bytes);
    }
    printf("  %d empty drafts (mc_draft_new(NULL)): RSS +%s, %.0f bytes per empty draft\n", HEAP_DRAFTS,
           bench_fmt_bytes(rss1 - rss0, a), r.empty_bytes);
    printf("  the same %lld scalars of formatted text loaded into each (mc_draft_load_document): %.0f bytes per KiB stored\n",
           (long long)scalars, r.loaded_bytes_per_kib);
    printf("  %lld scalars (%zu words, one mc_draft_insert each, bold toggled on every 10th) typed into each\n"
           "    of %d drafts in %.1f s%s: RSS +%s,\n"
           "    %.0f bytes per draft = %.0f bytes per KiB of formatted text\n",
           (long long)scalars, nwords, typed, r.typing_seconds,
           typed < HEAP_DRAFTS ? " (budget reached: fewer drafts)" : "", bench_fmt_bytes(rss2 - rss1, b),
           (rss2 - rss1) / typed, r.bytes_per_kib);
    printf("    (typing keeps an undo step per word, at most undo_depth = 100: the difference is that history)\n");
    printf("  after freeing all drafts: RSS %s above the baseline; after malloc_trim(0): %s\n",
           bench_fmt_bytes(rss3 - rss0, c), bench_fmt_bytes(rss4 - rss0, e));
    return r;
}

bench_heap_result bench_heap(void) {
    int fds[2];
    if (pipe(fds) != 0) {
        bench_fail("pipe failed");
    }
    fflush(stdout); /* else the child would print the parent's buffered output again */
    pid_t pid = fork();
    if (pid < 0) {
        bench_fail("fork failed");
    }
    if (pid == 0) {
        close(fds[0]);
        bench_heap_result r = measure();
        fflush(stdout);
        ssize_t written = write(fds[1], &r, sizeof r);
        _exit(written == (ssize_t)sizeof r ? 0 : 1);
    }
    close(fds[1]);
    bench_heap_result r;
    ssize_t got = read(fds[0], &r, sizeof r);
    close(fds[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != (ssize_t)sizeof r) {
        bench_fail("the heap measurement (forked child) failed");
    }
    return r;
}
