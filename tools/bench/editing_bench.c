/*
 * editing_bench.c: the cost of a keystroke through the C API (issue 9, "Prove it"), in one run:
 *
 *   1. heap per draft (editing_heap.c, in a forked child, first);
 *   2. insert "x" / backspace / toggle bold on a word, at the middle of a generated formatted draft of
 *      4 KiB, 64 KiB and 1 MiB, without and with a listener (two drafts called in turn), every call
 *      timed on its own;
 *   3. mc_draft_length against a no-op C function of this binary;
 *   4. two threads typing into two drafts against one thread doing both drafts' work (each draft
 *      created, typed into and freed by the thread that uses it), beside the same for plain C work
 *      that shares nothing (what the machine itself gives two threads);
 *   5. long runs whose per-call cost must not grow with the run (editing_runs.c);
 *   6. the toolbar over a select-all, whose cost must not grow with the draft (editing_selection.c);
 *
 * then the "Done when" ratios as PASS / FAIL lines. It reports, it does not judge the
 * build: the exit status is 0 whatever it measures, 1 only when a call fails unexpectedly.
 * Every timed loop is bounded by a time budget (and a minimum count), so the run stays short both
 * with today's library (12 ms per keystroke at 1 MiB, 87 ms with a listener) and a fast one.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */

#include "editing_bench.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- Keystrokes ------------------------------------------------------------------------------ */

enum { NSIZES = 3, NOPS = 3 };
enum { OP_INSERT, OP_BACKSPACE, OP_TOGGLE };
static const char *const OP_NAMES[NOPS] = {"insert \"x\"", "backspace", "toggle bold"};
static const int64_t SIZES[NSIZES] = {4 * 1024, 64 * 1024, 1024 * 1024};
static const char *const SIZE_NAMES[NSIZES] = {"4 KiB", "64 KiB", "1 MiB"};

/* Per size: pairs of calls (insert then backspace; toggle on then off) so the draft ends each pair as
   it began, on two drafts of the same text, one without a listener and one with, in turn: the two
   cells are measured side by side, so a slow moment of the machine falls on both alike (measured one
   after the other, a cell could land on a slow second and the ratio with it). At least MIN_PAIRS,
   then until the budget or MAX_PAIRS on each. Alternating makes every insert a new undo step
   (characters typed in a row would coalesce into one), so an undo step's cost is part of each
   keystroke, as when a user types and corrects. */
#define CELL_BUDGET_NS 1.5e9
enum { MIN_PAIRS = 4, MAX_PAIRS = 20000, WARMUP_PAIRS = 2 };

/* What a listener hears; the callback only counts, so its own cost is the payload's length. */
typedef struct {
    uint64_t events;
    uint64_t bytes;
} payload_counter;

static void count_payload(void *user_data, int32_t kind, const char *payload_json) {
    (void)kind;
    payload_counter *c = user_data;
    c->events++;
    c->bytes += payload_json ? strlen(payload_json) : 0;
}

typedef struct {
    bench_stats stats;
    uint64_t events; /* heard during the timed calls of this op */
    uint64_t bytes;
} op_result;

/* results[size][listener][op] */
static op_result results[NSIZES][2][NOPS];

/* samples[listener][op]: 2 x MAX_PAIRS each (a toggle pair gives two samples of one op) */
static double *samples[2][NOPS];

/* Calls op once, timed alone; the listener (if any) runs inside the call and is timed with it. */
static double timed_call(mc_draft *d, const bench_doc *doc, int op, payload_counter *counter, op_result *r) {
    uint64_t events = counter->events, bytes = counter->bytes;
    mc_status st;
    double t0 = bench_now_ns();
    switch (op) {
    case OP_INSERT:
        st = mc_draft_insert(d, "x");
        break;
    case OP_BACKSPACE:
        st = mc_draft_delete_backward(d);
        break;
    default:
        st = mc_draft_toggle_format(d, doc->caret, doc->word_end, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT);
        break;
    }
    double t1 = bench_now_ns();
    bench_check(st, OP_NAMES[op]);
    r->events += counter->events - events;
    r->bytes += counter->bytes - bytes;
    return t1 - t0;
}

/* Runs pairs of (first, second) on drafts[0] (no listener) and drafts[1] (listener) in turn until
   the budget, storing each call's time in its draft's and op's samples (both calls of a toggle pair
   in samples[l][first]); r[listener][op] gets the results. */
static void run_pairs(mc_draft *const drafts[2], const bench_doc *doc, int first, int second, payload_counter *counter,
                      op_result r[2][NOPS]) {
    op_result scratch = {0};
    for (int l = 0; l < 2; l++) {
        for (int i = 0; i < WARMUP_PAIRS; i++) { /* first calls: lazy state, typing start, caches */
            timed_call(drafts[l], doc, first, counter, &scratch);
            timed_call(drafts[l], doc, second, counter, &scratch);
        }
    }
    size_t n_first[2] = {0, 0}, n_second[2] = {0, 0};
    double start = bench_now_ns();
    for (int pairs = 0; pairs < MAX_PAIRS && (pairs < MIN_PAIRS || bench_now_ns() - start < 2 * CELL_BUDGET_NS); pairs++) {
        for (int l = 0; l < 2; l++) {
            samples[l][first][n_first[l]++] = timed_call(drafts[l], doc, first, counter, &r[l][first]);
            double t = timed_call(drafts[l], doc, second, counter, &r[l][second]);
            if (first == second) {
                samples[l][first][n_first[l]++] = t;
            } else {
                samples[l][second][n_second[l]++] = t;
            }
        }
    }
    for (int l = 0; l < 2; l++) {
        r[l][first].stats = bench_summarize(samples[l][first], n_first[l]);
        if (first != second) {
            r[l][second].stats = bench_summarize(samples[l][second], n_second[l]);
        }
    }
}

static void bench_keystrokes(void) {
    for (int l = 0; l < 2; l++) {
        for (int op = 0; op < NOPS; op++) {
            samples[l][op] = bench_xmalloc(sizeof(double) * 2 * MAX_PAIRS);
        }
    }
    for (int s = 0; s < NSIZES; s++) {
        bench_doc doc = bench_make_doc(42 + (uint64_t)s, SIZES[s]);
        mc_draft *drafts[2] = {NULL, NULL};
        double load_ns = 0;
        payload_counter counter = {0, 0};
        for (int l = 0; l < 2; l++) {
            bench_check(mc_draft_new(NULL, &drafts[l]), "mc_draft_new");
            double t0 = bench_now_ns();
            bench_check(mc_draft_load_document(drafts[l], doc.json), "mc_draft_load_document");
            if (l == 0) {
                load_ns = bench_now_ns() - t0;
            }
            bench_check(mc_draft_set_selection(drafts[l], doc.caret, doc.caret), "mc_draft_set_selection");
        }
        bench_check(mc_draft_set_listener(drafts[1], count_payload, &counter), "mc_draft_set_listener");
        memset(results[s], 0, sizeof results[s]);
        run_pairs(drafts, &doc, OP_INSERT, OP_BACKSPACE, &counter, results[s]);
        run_pairs(drafts, &doc, OP_TOGGLE, OP_TOGGLE, &counter, results[s]);
        bench_check(mc_draft_set_listener(drafts[1], NULL, NULL), "mc_draft_set_listener");

        /* Every pair undoes itself: each draft must be where it started, else the numbers lie. */
        for (int l = 0; l < 2; l++) {
            int64_t length = 0, anchor = 0, focus = 0;
            bench_check(mc_draft_length(drafts[l], &length), "mc_draft_length");
            bench_check(mc_draft_selection(drafts[l], &anchor, &focus), "mc_draft_selection");
            if (length != doc.length || anchor != doc.caret || focus != doc.caret) {
                bench_fail("a draft changed over insert/backspace and toggle pairs");
            }
        }

        char a[32];
        printf("%-7s %8lld scalars, %5lld spans, loaded in %s, caret at %lld; toggled word [%lld, %lld)\n", SIZE_NAMES[s],
               (long long)doc.length, (long long)doc.spans, bench_fmt_time(load_ns, a), (long long)doc.caret,
               (long long)doc.caret, (long long)doc.word_end);
        for (int op = 0; op < NOPS; op++) {
            const op_result *no = &results[s][0][op], *yes = &results[s][1][op];
            char b[32], c[32], e[32], f[32], g[32];
            printf("  %-13s %6zu ", OP_NAMES[op], no->stats.n);
            bench_print_padded(bench_fmt_time(no->stats.best_ns, b), 10);
            bench_print_padded(bench_fmt_time(no->stats.median_ns, c), 10);
            printf("   %6zu ", yes->stats.n);
            bench_print_padded(bench_fmt_time(yes->stats.best_ns, e), 10);
            bench_print_padded(bench_fmt_time(yes->stats.median_ns, f), 10);
            printf("  %7.2fx  %6.1f  %10.0f  ", yes->stats.best_ns / no->stats.best_ns,
                   (double)yes->events / (double)yes->stats.n, (double)yes->bytes / (double)yes->stats.n);
            bench_print_padded(bench_fmt_bytes((double)yes->bytes, g), 9);
            printf("\n");
        }
        fflush(stdout);
        mc_draft_free(drafts[0]);
        mc_draft_free(drafts[1]);
        bench_free_doc(&doc);
    }
    for (int l = 0; l < 2; l++) {
        for (int op = 0; op < NOPS; op++) {
            free(samples[l][op]);
        }
    }
}

/* ---- A getter against a plain C call ----------------------------------------------------------- */

typedef mc_status (*length_fn)(mc_draft *, int64_t *);

/* The baseline: a call that does nothing but what a getter must (store, return OK). noinline and
   the volatile pointer below keep the compiler from inlining or hoisting it out of the loop. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static mc_status noop_length(mc_draft *draft, int64_t *out_length) {
    (void)draft;
    *out_length = 0;
    return MC_OK;
}

/* Both are called through a volatile function pointer, so both pay the same indirect call. */
static length_fn volatile length_call = mc_draft_length;
static length_fn volatile noop_call = noop_length;

/* Best nanoseconds per call over batches of calls, batches repeated for budget_ns. */
static double ns_per_call(length_fn volatile *fn, mc_draft *d, double budget_ns) {
    enum { BATCH = 20000 };
    double best = 1e300, start = bench_now_ns();
    int64_t out = 0;
    mc_status bad = MC_OK;
    do {
        double t0 = bench_now_ns();
        for (int i = 0; i < BATCH; i++) {
            bad |= (*fn)(d, &out); /* checked after the batch: a branch per call would be timed too */
        }
        double per = (bench_now_ns() - t0) / BATCH;
        best = per < best ? per : best;
    } while (bench_now_ns() - start < budget_ns);
    bench_check(bad, "mc_draft_length");
    return best;
}

static double bench_length(double *out_length_ns, double *out_noop_ns) {
    bench_doc doc = bench_make_doc(42, SIZES[0]);
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    bench_check(mc_draft_load_document(d, doc.json), "mc_draft_load_document");
    ns_per_call(&length_call, d, 0.05e9); /* warm-up */
    *out_length_ns = ns_per_call(&length_call, d, 0.5e9);
    *out_noop_ns = ns_per_call(&noop_call, d, 0.3e9);
    mc_draft_free(d);
    bench_free_doc(&doc);
    double ratio = *out_length_ns / *out_noop_ns;
    printf("  mc_draft_length on the 4 KiB draft %.1f ns/call, a no-op C function %.2f ns/call: %.1fx "
           "(best batch of 20,000 calls)\n",
           *out_length_ns, *out_noop_ns, ratio);
    return ratio;
}

/* ---- Two threads on two drafts ------------------------------------------------------------------ */

/* A kind of work for the scaling measure: `make` creates a context (a draft ready to type into),
   `run` does n units on it, `destroy` frees it. */
typedef struct {
    void *(*make)(void *arg);
    void (*run)(void *ctx, long n);
    void (*destroy)(void *ctx);
    void *arg;
    long units;
} work_kind;

/* The threads of one measure. A draft is created, typed into and freed by one thread, as a host's
   UI thread owns its draft: "one" owns two contexts and does both's work, "pair" threads own one
   each. (Drafts created on the main thread and typed into from fresh threads at every trial had
   each thread free what other threads' malloc arenas allocated, and take those arenas' locks: a
   cost of how the bench was written, not of the library.) */
typedef struct {
    const work_kind *work;
    int contexts; /* 2 for the thread doing both, 1 for each of the pair */
    pthread_barrier_t *ready, *go, *done;
} owner_job;

enum { SCALING_TRIALS = 9 };

static void *owner_thread(void *arg) {
    owner_job *job = arg;
    void *ctx[2] = {NULL, NULL};
    for (int i = 0; i < job->contexts; i++) {
        ctx[i] = job->work->make(job->work->arg);
        job->work->run(ctx[i], job->work->units / 4); /* warm-up */
    }
    pthread_barrier_wait(job->ready);
    for (int trial = 0; trial < SCALING_TRIALS; trial++) {
        pthread_barrier_wait(job->go);
        for (int i = 0; i < job->contexts; i++) {
            job->work->run(ctx[i], job->work->units);
        }
        pthread_barrier_wait(job->done);
    }
    for (int i = 0; i < job->contexts; i++) {
        job->work->destroy(ctx[i]);
    }
    return NULL;
}

static double cpu_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

typedef struct {
    double one, two;         /* best wall-clock times */
    double cpu_one, cpu_two; /* the process's CPU time in those same trials */
} scaling;

/* The same work, `units` on each of two contexts, done by one thread (both, in turn) and by two
   threads (one each), alternately SCALING_TRIALS times; the best of each is kept, since other
   processes only ever add time. Short trials make a quiet window more likely on a shared machine.
   The clock starts when the main thread releases the workers (they are created, and have made and
   warmed their contexts, before). */
static scaling measure_scaling(const work_kind *work) {
    pthread_barrier_t ready, go_one, done_one, go_two, done_two;
    if (pthread_barrier_init(&ready, NULL, 4) != 0 || pthread_barrier_init(&go_one, NULL, 2) != 0 ||
        pthread_barrier_init(&done_one, NULL, 2) != 0 || pthread_barrier_init(&go_two, NULL, 3) != 0 ||
        pthread_barrier_init(&done_two, NULL, 3) != 0) {
        bench_fail("pthread_barrier_init failed");
    }
    owner_job jobs[3] = {{work, 2, &ready, &go_one, &done_one},
                         {work, 1, &ready, &go_two, &done_two},
                         {work, 1, &ready, &go_two, &done_two}};
    pthread_t threads[3];
    for (int i = 0; i < 3; i++) {
        if (pthread_create(&threads[i], NULL, owner_thread, &jobs[i]) != 0) {
            bench_fail("pthread_create failed");
        }
    }
    pthread_barrier_wait(&ready);
    scaling best = {1e300, 1e300, 0, 0};
    for (int trial = 0; trial < SCALING_TRIALS; trial++) {
        double c0 = cpu_now_ns(), t0 = bench_now_ns();
        pthread_barrier_wait(&go_one);
        pthread_barrier_wait(&done_one);
        double one = bench_now_ns() - t0, cpu_one = cpu_now_ns() - c0;
        if (one < best.one) {
            best.one = one;
            best.cpu_one = cpu_one;
        }
        c0 = cpu_now_ns();
        t0 = bench_now_ns();
        pthread_barrier_wait(&go_two);
        pthread_barrier_wait(&done_two);
        double two = bench_now_ns() - t0, cpu_two = cpu_now_ns() - c0;
        if (two < best.two) {
            best.two = two;
            best.cpu_two = cpu_two;
        }
    }
    for (int i = 0; i < 3; i++) {
        pthread_join(threads[i], NULL);
    }
    pthread_barrier_destroy(&ready);
    pthread_barrier_destroy(&go_one);
    pthread_barrier_destroy(&done_one);
    pthread_barrier_destroy(&go_two);
    pthread_barrier_destroy(&done_two);
    return best;
}

/* insert "x" + backspace pairs at the caret: the keystroke a host sends from its UI thread. */
static void type_pairs(void *draft, long pairs) {
    for (long i = 0; i < pairs; i++) {
        bench_check(mc_draft_insert(draft, "x"), "mc_draft_insert (threads)");
        bench_check(mc_draft_delete_backward(draft), "mc_draft_delete_backward (threads)");
    }
}

/* A draft holding `doc`, the caret at its middle. */
static void *make_draft(void *arg) {
    const bench_doc *doc = arg;
    mc_draft *draft = NULL;
    bench_check(mc_draft_new(NULL, &draft), "mc_draft_new");
    bench_check(mc_draft_load_document(draft, doc->json), "mc_draft_load_document");
    bench_check(mc_draft_set_selection(draft, doc->caret, doc->caret), "mc_draft_set_selection");
    return draft;
}

static void free_draft(void *draft) { mc_draft_free(draft); }

/* The control: plain C work with no shared state (a random walk writing a private 256 KiB buffer,
   and a malloc/free), to show what two threads get from this machine at all. */
typedef struct {
    unsigned char buffer[256 * 1024];
    uint64_t state;
} control_ctx;

static void control_work(void *arg, long n) {
    control_ctx *c = arg;
    uint64_t x = c->state;
    for (long i = 0; i < n; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        c->buffer[(x >> 40) % sizeof c->buffer] ^= (unsigned char)x;
        if ((i & 63) == 0) {
            void *volatile p = malloc(64 + (x >> 58));
            free(p);
        }
    }
    c->state = x;
}

static void *make_control(void *arg) {
    (void)arg;
    control_ctx *c = calloc(1, sizeof(control_ctx));
    if (!c) {
        bench_fail("out of memory");
    }
    return c;
}

/* Units of `run` that take about `seconds` on one thread. */
static long calibrate(void (*run)(void *, long), void *ctx, long step, double seconds) {
    long units = 0;
    double start = bench_now_ns();
    while (units < 5 * step || bench_now_ns() - start < seconds * 1e9) {
        run(ctx, step);
        units += step;
    }
    return units;
}

typedef struct {
    double ratio;         /* throughput, two threads / one */
    double control_ratio; /* the same for the C control */
} thread_results;

static thread_results bench_threads(void) {
    bench_doc doc = bench_make_doc(43, SIZES[1]);
    /* As many pairs as one draft takes about 0.15 s on one thread (measured on a draft of its own). */
    void *probe = make_draft(&doc);
    work_kind typing = {make_draft, type_pairs, free_draft, &doc, calibrate(type_pairs, probe, 10, 0.15)};
    free_draft(probe);
    scaling s = measure_scaling(&typing);
    bench_free_doc(&doc);

    probe = make_control(NULL);
    work_kind control = {make_control, control_work, free, NULL, calibrate(control_work, probe, 100000, 0.15)};
    free(probe);
    scaling c = measure_scaling(&control);

    long pairs = typing.units;
    thread_results r = {s.one / s.two, c.one / c.two}; /* same work: the throughput ratio is the time ratio */
    char a[32], b[32];
    printf("  2 x %ld insert+backspace pairs on two 64 KiB drafts, each draft created and typed into by one thread:\n"
           "  one thread (both drafts) %s, two threads (one each) %s: throughput %.2fx (best of %d)\n",
           pairs, bench_fmt_time(s.one, a), bench_fmt_time(s.two, b), r.ratio, SCALING_TRIALS);
    printf("  CPU time of those runs: one thread %.0f ns per pair, two threads %.0f ns per pair (%.2fx: above 1 "
           "means the threads slow each other down)\n",
           s.cpu_one / (2.0 * pairs), s.cpu_two / (2.0 * pairs), s.cpu_two / s.cpu_one);
    printf("  control, plain C work with nothing shared: one thread %s, two threads %s: %.2fx (what this "
           "machine gives two threads now)\n",
           bench_fmt_time(c.one, a), bench_fmt_time(c.two, b), r.control_ratio);
    return r;
}

/* ---- Done when ---------------------------------------------------------------------------------- */

static int checks_run, checks_passed;

static void check_line(bool pass, const char *what, double measured, const char *unit, const char *limit) {
    checks_run++;
    checks_passed += pass;
    printf("%s  %-52s %9.2f%s  (limit %s)\n", pass ? "PASS" : "FAIL", what, measured, unit, limit);
}

int main(void) {
    if (mc_abi_version() != MC_ABI_VERSION) {
        fprintf(stderr, "editing-bench: header ABI %d, library ABI %u: rebuild the bench\n", MC_ABI_VERSION,
                mc_abi_version());
        return 1;
    }
    double t_start = bench_now_ns();
    printf("== Editing through the C API (tools/bench/editing_bench.c; issue 9), libmessage_composer %s, ABI %u\n"
           "   %ld CPUs online, load average %.2f\n",
           mc_version(), mc_abi_version(), sysconf(_SC_NPROCESSORS_ONLN), bench_loadavg());

    printf("\n-- Heap per draft: resident set over many drafts (forked child)\n");
    bench_heap_result heap = bench_heap();

    printf("\n-- Per call at the caret in the middle of a formatted draft (bold/italic word every ~10 words, line break\n"
           "   every ~60), each call timed alone with CLOCK_MONOTONIC; the listener only adds up strlen(payload)\n\n");
    printf("  %-13s %6s %10s %10s   %6s %10s %10s  %8s  %6s  %10s  %9s\n", "", "calls", "best", "median", "calls",
           "best", "median", "", "events", "payload", "payload");
    printf("  %-13s %-28s   %-28s  %8s  %6s  %10s  %9s\n", "op", "------ no listener ---------",
           "------ listener set --------", "best x", "/call", "bytes/call", "total");
    bench_keystrokes();

    printf("\n-- A getter against a plain C call\n");
    double length_ns = 0, noop_ns = 0;
    double length_ratio = bench_length(&length_ns, &noop_ns);

    printf("\n-- Two threads typing into two drafts against one thread doing both drafts' work (load average %.2f, this bench included)\n",
           bench_loadavg());
    thread_results threads = bench_threads();

    printf("\n-- Long runs: per-call cost at 4n against n (one undo step growing; tiles restored)\n");
    double run_ratios[BENCH_RUN_KINDS];
    const char *run_names[BENCH_RUN_KINDS];
    bench_runs(run_ratios, run_names);

    printf("\n-- The toolbar over a selection: formats shared by a select-all, at 4 KiB and 1 MiB\n");
    double selection_ratio = bench_selection();

    printf("\n-- A paste of many lines against the same text on one line (a line break typed as Enter)\n");
    double paste_ratio = bench_paste();

    printf("\n-- Done when (issue 9; keystroke ratios are of best-of times)\n");
    char what[96];
    for (int op = 0; op < NOPS; op++) {
        double ratio = results[NSIZES - 1][0][op].stats.best_ns / results[0][0][op].stats.best_ns;
        snprintf(what, sizeof what, "%s: 1 MiB / 4 KiB, no listener", OP_NAMES[op]);
        check_line(ratio <= 10.0, what, ratio, "x", "10x");
    }
    for (int s = 0; s < NSIZES; s++) {
        for (int op = 0; op < NOPS; op++) {
            double ratio = results[s][1][op].stats.best_ns / results[s][0][op].stats.best_ns;
            snprintf(what, sizeof what, "%s at %s: listener / no listener", OP_NAMES[op], SIZE_NAMES[s]);
            check_line(ratio <= 1.5, what, ratio, "x", "1.5x");
        }
    }
    for (int k = 0; k < BENCH_RUN_KINDS; k++) {
        snprintf(what, sizeof what, "%s: per call at 4n / at n", run_names[k]);
        check_line(run_ratios[k] <= 2.0, what, run_ratios[k], "x", "2x");
    }
    check_line(selection_ratio <= 10.0, "shift+arrow over a select-all, listener: 1 MiB / 4 KiB", selection_ratio, "x", "10x");
    check_line(paste_ratio <= 2.0, "paste of 256 KiB in lines / on one line", paste_ratio, "x", "2x");
    check_line(length_ratio <= 15.0, "mc_draft_length / no-op C call", length_ratio, "x", "15x");
    check_line(threads.ratio >= 1.8, "two threads / one thread, throughput", threads.ratio, "x", "at least 1.8x");
    printf("INFO  the same for plain C work sharing nothing (the machine's own ceiling): %.2fx\n", threads.control_ratio);
    check_line(heap.loaded_bytes_per_kib <= 4096.0, "heap per +1 KiB of formatted text (stored)",
               heap.loaded_bytes_per_kib / 1024.0, " KiB", "4 KiB");
    printf("INFO  heap per +1 KiB of formatted text typed, undo history included: %.2f KiB\n", heap.bytes_per_kib / 1024.0);
    check_line(heap.empty_bytes <= 2048.0, "heap per empty draft", heap.empty_bytes / 1024.0, " KiB", "2 KiB");
    if (heap.first_draft_bytes >= 0) {
        check_line(heap.first_draft_bytes <= 256.0 * 1024, "heap of the process's first draft", heap.first_draft_bytes / 1024.0,
                   " KiB", "256 KiB");
    }
    printf("%d of %d checks pass; bench took %.0f s\n", checks_passed, checks_run, (bench_now_ns() - t_start) / 1e9);
    return 0;
}
