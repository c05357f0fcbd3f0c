/*
 * test_threads.c: mc_last_error is per thread; drafts on many threads; many threads on one draft
 * (calls are serialized by the draft's lock, so every observation is a consistent state); a draft freed
 * while other threads use it (each call succeeds or gets MC_ERR_INVALID_HANDLE, never a crash).
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define EMOJI_GRIN "\xF0\x9F\x98\x80"

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Number of scalars in valid UTF-8 (continuation bytes do not start one). */
static int64_t count_scalars(const char *s) {
    int64_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0) != 0x80) n++;
    return n;
}

/* ---- mc_last_error per thread ---- */

typedef struct {
    char message[256];
} message_box;

static void *read_last_error(void *arg) {
    message_box *box = arg;
    snprintf(box->message, sizeof box->message, "%s", mc_last_error());
    return NULL;
}

static void last_error_is_empty_in_a_new_thread(void) {
    support_prime_last_error(NULL); /* this thread has a message; a new thread must not see it */
    message_box box;
    strcpy(box.message, "not run");
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, read_last_error, &box) == 0);
    pthread_join(t, NULL);
    CHECK_EQ_STR(box.message, "");
}

static pthread_barrier_t pair_barrier;

typedef struct {
    int role;
    char message[256];
} pair_arg;

static void *fail_in_turn(void *arg) {
    pair_arg *p = arg;
    int64_t out;
    if (p->role == 0) (void)mc_convert_offset(NULL, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out);
    pthread_barrier_wait(&pair_barrier); /* A has failed */
    if (p->role == 1) (void)mc_draft_length(NULL, &out);
    pthread_barrier_wait(&pair_barrier); /* B has failed */
    if (p->role == 0) (void)mc_draft_replace(NULL, 0, 0, "x");
    snprintf(p->message, sizeof p->message, "%s", mc_last_error());
    return NULL;
}

static void last_error_is_per_thread(void) {
    int64_t out;
    CHECK_STATUS(mc_convert_offset("abc", 1, 9, 0, &out), MC_ERR_INVALID_ARGUMENT);
    const char *mine = "mc_convert_offset: unknown unit 9";
    CHECK_EQ_STR(mc_last_error(), mine);

    REQUIRE(pthread_barrier_init(&pair_barrier, NULL, 2) == 0);
    pair_arg a = {0, ""}, b = {1, ""};
    pthread_t ta, tb;
    REQUIRE(pthread_create(&ta, NULL, fail_in_turn, &a) == 0);
    REQUIRE(pthread_create(&tb, NULL, fail_in_turn, &b) == 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    pthread_barrier_destroy(&pair_barrier);
    /* A failed first, then B, then A again: each sees only its own failures. */
    CHECK_EQ_STR(a.message, "mc_draft_replace: draft is NULL");
    CHECK_EQ_STR(b.message, "mc_draft_length: draft is NULL");
    CHECK_EQ_STR(mc_last_error(), mine);
}

static void *fail_and_exit(void *arg) {
    (void)arg;
    for (int i = 0; i < 5; i++) support_prime_last_error(NULL);
    return NULL;
}

/* Messages of exited threads are freed (valgrind / ASan report a leak otherwise). */
static void last_error_of_exited_threads_is_released(void) {
    pthread_t threads[16];
    for (int i = 0; i < 16; i++) REQUIRE(pthread_create(&threads[i], NULL, fail_and_exit, NULL) == 0);
    for (int i = 0; i < 16; i++) pthread_join(threads[i], NULL);
    CHECK(1);
}

/* ---- one draft per thread ---- */

static void *own_draft_worker(void *arg) {
    int id = (int)(intptr_t)arg;
    mc_draft *d = NULL;
    char config[64];
    snprintf(config, sizeof config, "{\"max_length\":%d}", 1000 + id);
    if (mc_draft_new(config, &d) != MC_OK) {
        harness_fail(__FILE__, __LINE__, "worker %d: mc_draft_new failed", id);
        return NULL;
    }
    char expected[512] = "";
    for (int i = 0; i < 60; i++) {
        char piece[8];
        snprintf(piece, sizeof piece, "%c", 'a' + (id + i) % 26);
        int64_t at = i;
        if (mc_draft_replace(d, at, at, piece) != MC_OK) harness_fail(__FILE__, __LINE__, "worker %d: replace", id);
        strcat(expected, piece);
    }
    char *text = support_text(d);
    if (!text || strcmp(text, expected) != 0) harness_fail(__FILE__, __LINE__, "worker %d: wrong text", id);
    mc_string_free(text);

    char doc[256];
    snprintf(doc, sizeof doc, "{\"text\":\"thread %d\",\"spans\":[{\"start\":0,\"end\":6,\"format\":\"bold\"}]}", id);
    if (mc_draft_load_document(d, doc) != MC_OK) harness_fail(__FILE__, __LINE__, "worker %d: load", id);
    char *json = support_document(d);
    if (!json || strcmp(json, doc) != 0) harness_fail(__FILE__, __LINE__, "worker %d: document %s", id, json);
    mc_string_free(json);
    char *cfg = NULL;
    char want[32];
    snprintf(want, sizeof want, "\"max_length\":%d,", 1000 + id);
    if (mc_draft_config(d, &cfg) != MC_OK || !strstr(cfg, want))
        harness_fail(__FILE__, __LINE__, "worker %d: config %s", id, cfg ? cfg : "NULL");
    mc_string_free(cfg);
    mc_draft_free(d);
    return NULL;
}

static void threads_with_their_own_drafts(void) {
    enum { THREADS = 8 };
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++)
        REQUIRE(pthread_create(&threads[i], NULL, own_draft_worker, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
}

/* ---- many threads, one draft ---- */

enum { WRITERS = 6, INSERTS = 150, READERS = 2 };

typedef struct {
    mc_draft *d;
    int id;
    atomic_int *writers_done;
    int64_t reads;
} shared_arg;

static const char *writer_piece(int id) {
    static const char *const pieces[WRITERS] = {EMOJI_GRIN, "b", "\xC3\xA9", "d", "\xE6\xBC\xA2", "f"};
    return pieces[id];
}

static void *insert_worker(void *arg) {
    shared_arg *a = arg;
    for (int i = 0; i < INSERTS; i++) {
        mc_status status;
        if (a->id % 2 == 0) {
            status = mc_draft_replace(a->d, 0, 0, writer_piece(a->id));
        } else {
            /* Appending at a length read earlier stays valid: the text only grows. */
            int64_t length = -1;
            status = mc_draft_length(a->d, &length);
            if (status == MC_OK) status = mc_draft_replace_n(a->d, length, length, writer_piece(a->id),
                                                             strlen(writer_piece(a->id)));
        }
        if (status != MC_OK) {
            harness_fail(__FILE__, __LINE__, "writer %d insert %d: %s", a->id, i, mc_status_name(status));
            break;
        }
    }
    atomic_fetch_add(a->writers_done, 1);
    return NULL;
}

static void *read_worker(void *arg) {
    shared_arg *a = arg;
    int64_t last_length = 0;
    while (atomic_load(a->writers_done) < WRITERS) {
        char *text = NULL, *doc = NULL;
        int64_t length = -1, anchor = -1, focus = -1, bytes = -1;
        if (mc_draft_text(a->d, &text) != MC_OK || mc_draft_document(a->d, &doc) != MC_OK
            || mc_draft_length(a->d, &length) != MC_OK || mc_draft_selection(a->d, &anchor, &focus) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "reader: a read failed");
            mc_string_free(text);
            mc_string_free(doc);
            break;
        }
        int64_t scalars = count_scalars(text);
        /* Each read is a consistent state: the text only grows, the document is plain text. */
        if (scalars < last_length || length < scalars)
            harness_fail(__FILE__, __LINE__, "reader: length went from %lld to %lld (text has %lld)",
                         (long long)last_length, (long long)length, (long long)scalars);
        size_t n = strlen(doc);
        if (strncmp(doc, "{\"text\":\"", 9) != 0 || n < 21 || strcmp(doc + n - 13, "\",\"spans\":[]}") != 0)
            harness_fail(__FILE__, __LINE__, "reader: odd document %.40s", doc);
        /* The selection was read after the length: re-read the length, which only grows. */
        int64_t later_length = -1;
        mc_draft_length(a->d, &later_length);
        if (anchor != focus || anchor < 0 || anchor > later_length)
            harness_fail(__FILE__, __LINE__, "reader: odd selection %lld %lld (length %lld)", (long long)anchor,
                         (long long)focus, (long long)later_length);
        if (mc_draft_convert_offset(a->d, scalars, MC_UNIT_SCALAR, MC_UNIT_UTF8, &bytes) != MC_OK)
            harness_fail(__FILE__, __LINE__, "reader: convert_offset of an earlier length failed");
        last_length = length;
        mc_string_free(text);
        mc_string_free(doc);
        a->reads++;
    }
    return NULL;
}

static void many_threads_insert_into_one_draft(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    atomic_int writers_done = 0;
    pthread_t writers[WRITERS], readers[READERS];
    shared_arg wargs[WRITERS], rargs[READERS];
    for (int i = 0; i < READERS; i++) {
        rargs[i] = (shared_arg){d, i, &writers_done, 0};
        REQUIRE(pthread_create(&readers[i], NULL, read_worker, &rargs[i]) == 0);
    }
    for (int i = 0; i < WRITERS; i++) {
        wargs[i] = (shared_arg){d, i, &writers_done, 0};
        REQUIRE(pthread_create(&writers[i], NULL, insert_worker, &wargs[i]) == 0);
    }
    for (int i = 0; i < WRITERS; i++) pthread_join(writers[i], NULL);
    for (int i = 0; i < READERS; i++) pthread_join(readers[i], NULL);

    CHECK_LENGTH(d, WRITERS * INSERTS);
    char *text = support_text(d);
    REQUIRE(text != NULL);
    /* Each writer's piece occurs exactly INSERTS times. */
    for (int w = 0; w < WRITERS; w++) {
        const char *piece = writer_piece(w);
        int count = 0;
        for (const char *p = strstr(text, piece); p; p = strstr(p + strlen(piece), piece)) count++;
        CHECK_EQ_INT(count, INSERTS);
    }
    CHECK_EQ_INT(count_scalars(text), WRITERS * INSERTS);
    char *expected = malloc(strlen(text) + 32);
    REQUIRE(expected != NULL);
    sprintf(expected, "{\"text\":\"%s\",\"spans\":[]}", text);
    CHECK_DOC(d, expected);
    free(expected);
    mc_string_free(text);
    mc_draft_free(d);
}

/* ---- loads are atomic ---- */

#define DOC_A "{\"text\":\"alpha " EMOJI_GRIN "\\nquote\",\"spans\":[{\"start\":0,\"end\":5,\"format\":\"bold\"}," \
              "{\"start\":8,\"end\":13,\"format\":\"quote\"}]}"
#define TEXT_A "alpha " EMOJI_GRIN "\nquote"
#define DOC_B "{\"text\":\"b\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\",\"url\":\"https://b.io\"}]}"
#define TEXT_B "b"

typedef struct {
    mc_draft *d;
    int id;
    atomic_int *stop;
} load_arg;

static void *load_worker(void *arg) {
    load_arg *a = arg;
    for (int i = 0; i < 150; i++) {
        if (mc_draft_load_document(a->d, (i + a->id) % 2 ? DOC_A : DOC_B) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "loader %d: load failed", a->id);
            break;
        }
    }
    return NULL;
}

static void *observe_worker(void *arg) {
    load_arg *a = arg;
    while (!atomic_load(a->stop)) {
        char *doc = support_document(a->d), *text = support_text(a->d);
        int64_t anchor = -1, focus = -1;
        mc_draft_selection(a->d, &anchor, &focus);
        if (!doc || (strcmp(doc, DOC_A) != 0 && strcmp(doc, DOC_B) != 0))
            harness_fail(__FILE__, __LINE__, "observer: torn document %s", doc ? doc : "NULL");
        if (!text || (strcmp(text, TEXT_A) != 0 && strcmp(text, TEXT_B) != 0))
            harness_fail(__FILE__, __LINE__, "observer: torn text");
        if (anchor != focus || (anchor != 13 && anchor != 1))
            harness_fail(__FILE__, __LINE__, "observer: selection %lld %lld", (long long)anchor, (long long)focus);
        mc_string_free(doc);
        mc_string_free(text);
        if (harness_test_failed()) break;
    }
    return NULL;
}

static void concurrent_loads_are_atomic(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC_A);
    CHECK_DOC(d, DOC_A); /* DOC_A is canonical */
    atomic_int stop = 0;
    pthread_t loaders[3], observers[2];
    load_arg largs[3], oargs[2];
    for (int i = 0; i < 2; i++) {
        oargs[i] = (load_arg){d, i, &stop};
        REQUIRE(pthread_create(&observers[i], NULL, observe_worker, &oargs[i]) == 0);
    }
    for (int i = 0; i < 3; i++) {
        largs[i] = (load_arg){d, i, &stop};
        REQUIRE(pthread_create(&loaders[i], NULL, load_worker, &largs[i]) == 0);
    }
    for (int i = 0; i < 3; i++) pthread_join(loaders[i], NULL);
    atomic_store(&stop, 1);
    for (int i = 0; i < 2; i++) pthread_join(observers[i], NULL);
    mc_draft_free(d);
}

/* ---- freeing a draft while other threads use it ---- */

enum { USERS = 6 };

typedef struct {
    mc_draft *d;
    int id;
    atomic_int *calls;     /* successful calls, all users */
    atomic_int *proceed;   /* set by the main thread after it reused the slot */
    int saw_invalid;
    int ok_after_invalid;
    int bad_status;
    int bad_message;
} user_arg;

static mc_status use_once(mc_draft *d, int op) {
    char *s = NULL;
    int64_t a = 0, b = 0;
    mc_status status;
    switch (op % 10) {
    case 0: status = mc_draft_replace(d, 0, 0, "u"); break;
    case 1: status = mc_draft_text(d, &s); break;
    case 2: status = mc_draft_document(d, &s); break;
    case 3: status = mc_draft_length(d, &a); break;
    case 4: status = mc_draft_selection(d, &a, &b); break;
    case 5: status = mc_draft_set_selection(d, 0, 1); break;
    case 6: status = mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF16, &a); break;
    case 7: status = mc_draft_load_document(d, "{\"text\":\"loaded\"}"); break;
    case 8: status = mc_draft_config(d, &s); break;
    default: status = mc_draft_replace_n(d, 0, 0, "n", 1); break;
    }
    mc_string_free(s);
    return status;
}

static void *user_worker(void *arg) {
    user_arg *u = arg;
    int after_invalid = 0;
    for (int i = 0; after_invalid < 40; i++) {
        mc_status status = use_once(u->d, i + u->id);
        if (status == MC_OK) {
            if (u->saw_invalid) u->ok_after_invalid++;
            atomic_fetch_add(u->calls, 1);
        } else if (status == MC_ERR_INVALID_HANDLE) {
            const char *message = mc_last_error();
            if (strncmp(message, "mc_draft_", 9) != 0 || !strstr(message, ": draft handle is invalid")) u->bad_message++;
            u->saw_invalid = 1;
        } else {
            u->bad_status++;
        }
        if (u->saw_invalid && (after_invalid < 20 || atomic_load(u->proceed))) after_invalid++;
        if (i > 2000000) break; /* never hang */
    }
    return NULL;
}

static void freeing_a_draft_in_use_is_safe(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    atomic_int calls = 0, proceed = 0;
    pthread_t users[USERS];
    user_arg args[USERS];
    for (int i = 0; i < USERS; i++) {
        args[i] = (user_arg){d, i, &calls, &proceed, 0, 0, 0, 0};
        REQUIRE(pthread_create(&users[i], NULL, user_worker, &args[i]) == 0);
    }
    for (int waited = 0; atomic_load(&calls) < 300 && waited < 20000; waited++) sleep_ms(1);
    mc_draft_free(d);
    /* A new draft (probably in the same slot) must never receive the old handle's calls. */
    REQUIRE_NEW_DRAFT(fresh, NULL);
    atomic_store(&proceed, 1);
    for (int i = 0; i < USERS; i++) pthread_join(users[i], NULL);
    CHECK(atomic_load(&calls) >= 300);
    for (int i = 0; i < USERS; i++) {
        CHECK(args[i].saw_invalid);
        CHECK_EQ_INT(args[i].ok_after_invalid, 0);
        CHECK_EQ_INT(args[i].bad_status, 0);
        CHECK_EQ_INT(args[i].bad_message, 0);
    }
    CHECK_DOC(fresh, "{\"text\":\"\",\"spans\":[]}");
    CHECK_SELECTION(fresh, 0, 0);
    int64_t length;
    CHECK_REFUSED(mc_draft_length(d, &length), MC_ERR_INVALID_HANDLE, "mc_draft_length");
    mc_draft_free(fresh);
}

/* ---- racing frees of one handle: exactly one succeeds ---- */

enum { FREERS = 8 };
static pthread_barrier_t free_barrier;

typedef struct {
    mc_draft *d;
    int refused;
} freer_arg;

static void *free_worker(void *arg) {
    freer_arg *f = arg;
    support_prime_last_error("mc_draft_free");
    pthread_barrier_wait(&free_barrier);
    mc_draft_free(f->d);
    f->refused = support_last_error_names("mc_draft_free");
    return NULL;
}

static void racing_frees_free_exactly_once(void) {
    for (int round = 0; round < 20; round++) {
        REQUIRE_NEW_DRAFT(d, NULL);
        REQUIRE(pthread_barrier_init(&free_barrier, NULL, FREERS) == 0);
        pthread_t threads[FREERS];
        freer_arg args[FREERS];
        for (int i = 0; i < FREERS; i++) {
            args[i] = (freer_arg){d, -1};
            REQUIRE(pthread_create(&threads[i], NULL, free_worker, &args[i]) == 0);
        }
        int refused = 0;
        for (int i = 0; i < FREERS; i++) {
            pthread_join(threads[i], NULL);
            refused += args[i].refused;
        }
        pthread_barrier_destroy(&free_barrier);
        CHECK_EQ_INT(refused, FREERS - 1);
        int64_t length;
        CHECK_REFUSED(mc_draft_length(d, &length), MC_ERR_INVALID_HANDLE, "mc_draft_length");
        if (harness_test_failed()) break;
    }
}

/* ---- creating and freeing on many threads: slots are reused, handles never cross ---- */

static void *churn_worker(void *arg) {
    int id = (int)(intptr_t)arg;
    char mine[32];
    snprintf(mine, sizeof mine, "thread %d", id);
    for (int i = 0; i < 150; i++) {
        mc_draft *d = NULL;
        if (mc_draft_new(NULL, &d) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "churn %d: mc_draft_new failed", id);
            return NULL;
        }
        if (mc_draft_replace(d, 0, 0, mine) != MC_OK) harness_fail(__FILE__, __LINE__, "churn %d: replace", id);
        char *text = support_text(d);
        if (!text || strcmp(text, mine) != 0)
            harness_fail(__FILE__, __LINE__, "churn %d: read \"%s\" from its own draft", id, text ? text : "NULL");
        mc_string_free(text);
        mc_draft_free(d);
        support_prime_last_error("mc_draft_free");
        mc_draft_free(d);
        if (!support_last_error_names("mc_draft_free"))
            harness_fail(__FILE__, __LINE__, "churn %d: double free not recorded", id);
        if (mc_draft_replace(d, 0, 0, "stale") != MC_ERR_INVALID_HANDLE)
            harness_fail(__FILE__, __LINE__, "churn %d: stale handle accepted", id);
    }
    return NULL;
}

static void concurrent_create_and_free(void) {
    enum { THREADS = 8 };
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++)
        REQUIRE(pthread_create(&threads[i], NULL, churn_worker, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(last_error_is_empty_in_a_new_thread),
    HARNESS_TEST(last_error_is_per_thread),
    HARNESS_TEST(last_error_of_exited_threads_is_released),
    HARNESS_TEST(threads_with_their_own_drafts),
    HARNESS_TEST(many_threads_insert_into_one_draft),
    HARNESS_TEST(concurrent_loads_are_atomic),
    HARNESS_TEST(freeing_a_draft_in_use_is_safe),
    HARNESS_TEST(racing_frees_free_exactly_once),
    HARNESS_TEST(concurrent_create_and_free),
};

void register_threads_tests(void) { HARNESS_REGISTER("threads", TESTS); }
