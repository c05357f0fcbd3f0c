/*
 * stress_threads.c: a thread stress for the race detector (`make test-tsan`, issue 14 part 3).
 *
 *   - 8 threads call into ONE draft at random (editing, formats, undo/redo, batches, selection,
 *     snapshot/restore, loads, composer and tray calls, reads), with a listener registered that
 *     re-enters the draft from the callback (reads always; sometimes a change, one level deep);
 *   - 1 thread creates and frees drafts and calls every kind of function with the handles it
 *     freed (stale) while the slots get reused: each such call must be MC_ERR_INVALID_HANDLE;
 *   - 2 threads parse and render markdown with no draft (mc_markdown_*, which share the library's
 *     pool of parsers) and compare every result with the one computed before the threads started;
 *   - at the end the shared draft is freed while the 8 threads still call it: from then on they
 *     must get MC_ERR_INVALID_HANDLE, never a crash;
 *   - before all that, 4 threads released at once parse, render and send the same message whose
 *     delimiters touch characters of 64 Unicode blocks no call has met yet: the first questions
 *     about them race to fill the library's shared table of flanking classes (FlankTable.swift),
 *     and every thread must get the same results.
 * Under TSan the point is the race report (there must be none); the program itself checks only
 * statuses. It prints one summary line and exits 1 when a check failed.
 *
 * Usage: stress_threads [ROUNDS] (calls per worker thread, about; default 3000).
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "message_composer.h"

enum { WORKERS = 8, STALE = 16, PARSERS = 2 };

static mc_draft *shared;
static atomic_int freed;           /* the shared draft was freed: INVALID_HANDLE is now expected */
static atomic_int failures;
static atomic_long calls, events, stale_refused, parses;
static atomic_int workers_done;     /* the workers have stopped: the parser threads stop too */
static int rounds = 3000;

#define FAIL(...) do { fprintf(stderr, "stress: " __VA_ARGS__); fputc('\n', stderr); atomic_fetch_add(&failures, 1); } while (0)

/* xorshift: each thread its own sequence. */
static uint32_t next(uint32_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int documented(mc_status s) { return s <= 0 && s >= MC_ERR_LIMIT_EXCEEDED; }

/* The listener runs on the calling thread after the draft's lock is released. */
static _Thread_local int in_listener;

static void listener(void *user_data, int32_t kind, const char *payload) {
    atomic_fetch_add(&events, 1);
    if (!payload) FAIL("event %d with a NULL payload", kind);
    if (in_listener) return;
    in_listener = 1;
    mc_draft *d = user_data;
    char *s = NULL;
    int64_t a = 0, b = 0;
    mc_status status = mc_draft_document(d, &s);
    mc_string_free(s);
    if (status == MC_OK) status = mc_draft_selection(d, &a, &b);
    if (status != MC_OK && !(status == MC_ERR_INVALID_HANDLE && atomic_load(&freed)))
        FAIL("read from the listener: %d", status);
    /* Sometimes a change from inside the callback: more events, delivered one level deep. */
    if (kind == MC_EVENT_TEXT && (a & 3) == 0) (void)mc_draft_set_selection(d, 0, a);
    in_listener = 0;
}

static const char *const TEXTS[] = {"a", " ", "\n", "e\xCC\x81", "\xCC\x81", "\xF0\x9F\x91\x8D", "**b**", "- ", "@bo", "hello"};
static const char *const DOCS[] = {
    "{\"text\":\"hi @Bob\",\"spans\":[{\"start\":3,\"end\":7,\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"Bob\"}]}",
    "{\"text\":\"one\\ntwo\",\"spans\":[{\"start\":0,\"end\":7,\"format\":\"bullet_list\"},{\"start\":0,\"end\":3,\"format\":\"bold\"}]}",
    "{\"text\":\"\",\"spans\":[]}",
};

/* One random call on d; returns its status. */
static mc_status call_once(mc_draft *d, uint32_t *seed) {
    uint32_t r = next(seed);
    int64_t length = 0;
    mc_status lengthStatus = mc_draft_length(d, &length);
    if (lengthStatus != MC_OK) return lengthStatus;
    int64_t at = length ? (int64_t)(next(seed) % (uint32_t)(length + 1)) : 0;
    char *s = NULL;
    mc_status status;
    switch (r % 24) {
    case 0: case 1: case 2: status = mc_draft_insert(d, TEXTS[next(seed) % 10]); break;
    case 3: status = mc_draft_replace(d, at, at, TEXTS[next(seed) % 10]); break;
    case 4: status = mc_draft_delete_backward(d); break;
    case 5: status = mc_draft_delete_forward(d); break;
    case 6: status = mc_draft_enter(d); break;
    case 7: status = mc_draft_set_selection(d, at, length); break;
    case 8: status = mc_draft_move_caret(d, (int32_t)(next(seed) % 4), (int64_t)(next(seed) % 5) - 2, next(seed) % 2 ? MC_FLAG_EXTEND : 0); break;
    case 9: status = mc_draft_toggle_format(d, 0, at, (mc_format)(next(seed) % 5), NULL, MC_FLAG_PROTECT); break;
    case 10: status = mc_draft_insert_mention(d, next(seed) % 2 ? "u1" : "u2", next(seed) % 2 ? "Bob" : "Al"); break;
    case 11: status = mc_draft_undo(d); break;
    case 12: status = mc_draft_redo(d); break;
    case 13:
        status = mc_draft_begin_batch(d);
        if (status == MC_OK) {
            (void)mc_draft_insert(d, "x");
            status = mc_draft_commit_batch(d);  /* another thread may have closed it: NOT_ALLOWED */
            if (status == MC_ERR_NOT_ALLOWED) status = MC_OK;
        }
        break;
    case 14:
        status = mc_draft_snapshot(d, &s);
        if (status == MC_OK) status = mc_draft_restore(d, s);
        break;
    case 15: status = mc_draft_load_document(d, DOCS[next(seed) % 3]); break;
    case 16: status = mc_draft_load_markdown(d, "**b** <@uid:u1>", "{\"u1\":\"Bob\"}"); break;
    case 17: status = mc_draft_normalize_markdown(d); break;
    case 18: status = mc_draft_ui_state(d, &s); break;
    case 19: status = mc_draft_serialize(d, &s); break;
    case 20: status = mc_draft_stage_files(d, "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":5}]", &s); break;
    case 21: status = mc_draft_remove_attachment(d, next(seed) % 4); break;
    case 22: status = mc_draft_set_listener(d, next(seed) % 4 ? listener : NULL, d); break;
    default: status = mc_draft_text(d, &s); break;
    }
    mc_string_free(s);
    return status;
}

/* Markdown for the parser threads, and each function's result for it, computed on one thread first. */
static const char *const MARKDOWN[] = {
    "**bold** *it* ~~gone~~ `code` [link](https://e.com/a_(b)) <@uid:u1> <u>u</u> <color=#a0b>c</color>",
    "> quote\n> - in a list\n\n1. one\n2. two\n\n```\ncode *not* bold\n```",
    "*a **b [c](d) e** f* \\* &amp; &#x1F600; e\xCC\x81 \xF0\x9F\x91\x8D <@uid:u2>",
};
enum { NMARKDOWN = sizeof MARKDOWN / sizeof MARKDOWN[0], NRENDER = 4 };
static char *expected[NMARKDOWN][NRENDER];

static mc_status render(int which, const char *markdown, char **out) {
    switch (which) {
    case 0: return mc_markdown_parse(markdown, out);
    case 1: return mc_markdown_parse_with_mentions(markdown, "{\"u1\":\"Bob\"}", out);
    case 2: return mc_markdown_to_html(markdown, "{\"u1\":\"Bob\"}", out);
    default: return mc_markdown_to_plain_text(markdown, NULL, 20, out);
    }
}

static void *parser(void *arg) {
    uint32_t seed = 1234567u + (uint32_t)(intptr_t)arg;
    while (!atomic_load(&workers_done)) {
        int m = (int)(next(&seed) % NMARKDOWN), which = (int)(next(&seed) % NRENDER);
        char *out = NULL;
        mc_status status = render(which, MARKDOWN[m], &out);
        if (status != MC_OK) FAIL("markdown function %d on input %d: status %d", which, m, status);
        else if (strcmp(out, expected[m][which]) != 0) FAIL("markdown function %d on input %d: a different result under threads", which, m);
        mc_string_free(out);
        atomic_fetch_add(&parses, 1);
    }
    return NULL;
}

enum { FIRST_TOUCH_THREADS = 4, FIRST_TOUCH_BLOCKS = 64 };
static char first_touch_message[FIRST_TOUCH_BLOCKS * 16];
static char *first_touch_results[FIRST_TOUCH_THREADS][3];
static pthread_barrier_t first_touch_start;

/* "<c>*x*<c> " for a letter c of each of FIRST_TOUCH_BLOCKS blocks from U+0100 on (3 bytes of
   UTF-8 from U+0800). */
static void make_first_touch_message(void) {
    char *p = first_touch_message;
    for (unsigned k = 1; k <= FIRST_TOUCH_BLOCKS; k++) {
        unsigned c = 0x100 * k + 0x41;
        char utf8[4];
        int n;
        if (c < 0x800) {
            utf8[0] = (char)(0xC0 | c >> 6), utf8[1] = (char)(0x80 | (c & 0x3F)), n = 2;
        } else {
            utf8[0] = (char)(0xE0 | c >> 12), utf8[1] = (char)(0x80 | (c >> 6 & 0x3F)), utf8[2] = (char)(0x80 | (c & 0x3F)), n = 3;
        }
        memcpy(p, utf8, (size_t)n), p += n;
        memcpy(p, "*x*", 3), p += 3;
        memcpy(p, utf8, (size_t)n), p += n;
        *p++ = ' ';
    }
    *p = '\0';
}

static void *first_touch(void *arg) {
    int t = (int)(intptr_t)arg;
    mc_draft *draft = NULL;
    if (mc_draft_new(NULL, &draft) != MC_OK) {
        FAIL("first touch: mc_draft_new");
        return NULL;
    }
    pthread_barrier_wait(&first_touch_start);
    if (mc_markdown_parse(first_touch_message, &first_touch_results[t][0]) != MC_OK) FAIL("first touch: parse");
    if (mc_markdown_to_html(first_touch_message, NULL, &first_touch_results[t][1]) != MC_OK) FAIL("first touch: html");
    if (mc_draft_load_markdown(draft, first_touch_message, NULL) != MC_OK || mc_draft_serialize(draft, &first_touch_results[t][2]) != MC_OK)
        FAIL("first touch: send");
    mc_draft_free(draft);
    return NULL;
}

/* The first-touch phase; returns after comparing every thread's results with the first's. */
static void first_touches(void) {
    make_first_touch_message();
    pthread_barrier_init(&first_touch_start, NULL, FIRST_TOUCH_THREADS);
    pthread_t threads[FIRST_TOUCH_THREADS];
    for (int t = 0; t < FIRST_TOUCH_THREADS; t++) pthread_create(&threads[t], NULL, first_touch, (void *)(intptr_t)t);
    for (int t = 0; t < FIRST_TOUCH_THREADS; t++) pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&first_touch_start);
    for (int t = 0; t < FIRST_TOUCH_THREADS; t++) {
        for (int r = 0; r < 3; r++) {
            const char *a = first_touch_results[0][r], *b = first_touch_results[t][r];
            if (a == NULL || b == NULL || strcmp(a, b) != 0) FAIL("first touch: thread %d's result %d differs", t, r);
        }
    }
    /* And once more alone, the table filled: the same again. */
    char *again[3] = {NULL, NULL, NULL};
    mc_draft *draft = NULL;
    if (mc_markdown_parse(first_touch_message, &again[0]) != MC_OK || mc_markdown_to_html(first_touch_message, NULL, &again[1]) != MC_OK
        || mc_draft_new(NULL, &draft) != MC_OK || mc_draft_load_markdown(draft, first_touch_message, NULL) != MC_OK
        || mc_draft_serialize(draft, &again[2]) != MC_OK)
        FAIL("first touch: the calls alone failed");
    for (int r = 0; r < 3; r++) {
        if (again[r] == NULL || first_touch_results[0][r] == NULL || strcmp(again[r], first_touch_results[0][r]) != 0)
            FAIL("first touch: result %d differs from the one alone", r);
        mc_string_free(again[r]);
    }
    mc_draft_free(draft);
    for (int t = 0; t < FIRST_TOUCH_THREADS; t++)
        for (int r = 0; r < 3; r++) mc_string_free(first_touch_results[t][r]);
}

/* Calls until the draft has been freed under it, then once more (that call must be refused). */
static void *worker(void *arg) {
    uint32_t seed = 2463534242u + (uint32_t)(intptr_t)arg * 7919u;
    for (;;) {
        int was_freed = atomic_load(&freed);
        mc_status status = call_once(shared, &seed);
        atomic_fetch_add(&calls, 1);
        if (!documented(status)) FAIL("undocumented status %d", status);
        if (was_freed && status != MC_ERR_INVALID_HANDLE) FAIL("call after the free: status %d", status);
        if (was_freed) break;
    }
    return NULL;
}

/* Creates and frees drafts; calls with the freed handles while their slots are reused. */
static void *churner(void *arg) {
    (void)arg;
    mc_draft *stale[STALE] = {0};
    uint32_t seed = 88172645u;
    for (int i = 0; i < rounds; i++) {
        mc_draft *d = NULL;
        if (mc_draft_new(NULL, &d) != MC_OK) { FAIL("mc_draft_new"); break; }
        (void)mc_draft_insert(d, "mine");
        mc_draft_free(d);
        stale[i % STALE] = d;
        mc_draft *old = stale[next(&seed) % STALE];
        if (!old) continue;
        mc_status status = call_once(old, &seed);
        if (status != MC_ERR_INVALID_HANDLE) FAIL("a stale handle gave status %d", status);
        mc_draft_free(old); /* double free: refused, recorded */
        atomic_fetch_add(&stale_refused, 1);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1) rounds = atoi(argv[1]);
    first_touches();
    if (mc_draft_new("{\"mention_limit\":1000}", &shared) != MC_OK) { fprintf(stderr, "stress: mc_draft_new failed\n"); return 1; }
    if (mc_draft_set_listener(shared, listener, shared) != MC_OK) { fprintf(stderr, "stress: set_listener failed\n"); return 1; }
    for (int m = 0; m < NMARKDOWN; m++)
        for (int which = 0; which < NRENDER; which++)
            if (render(which, MARKDOWN[m], &expected[m][which]) != MC_OK) { fprintf(stderr, "stress: markdown function %d failed\n", which); return 1; }
    pthread_t workers[WORKERS], churn, parsers[PARSERS];
    for (int i = 0; i < PARSERS; i++) pthread_create(&parsers[i], NULL, parser, (void *)(intptr_t)i);
    for (int i = 0; i < WORKERS; i++) pthread_create(&workers[i], NULL, worker, (void *)(intptr_t)i);
    pthread_create(&churn, NULL, churner, NULL);
    pthread_join(churn, NULL);
    while (atomic_load(&calls) < (long)WORKERS * rounds) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    /* The workers are still calling: free the draft under them. */
    atomic_store(&freed, 1);
    mc_draft_free(shared);
    for (int i = 0; i < WORKERS; i++) pthread_join(workers[i], NULL);
    atomic_store(&workers_done, 1);
    for (int i = 0; i < PARSERS; i++) pthread_join(parsers[i], NULL);
    for (int m = 0; m < NMARKDOWN; m++)
        for (int which = 0; which < NRENDER; which++) mc_string_free(expected[m][which]);
    printf("stress: %ld calls on one draft from %d threads, %ld listener events, %ld stale-handle calls refused, "
           "%ld markdown calls from %d threads, %d failures\n",
           atomic_load(&calls), WORKERS, atomic_load(&events), atomic_load(&stale_refused), atomic_load(&parses), PARSERS,
           atomic_load(&failures));
    return atomic_load(&failures) ? 1 : 0;
}
