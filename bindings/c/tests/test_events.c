/*
 * test_events.c: the listener (mc_draft_set_listener) as a C host meets it. Which events a change raises,
 * their order and their payloads are the engine's, asserted once in its suite
 * (Tests/ComposerCoreTests/Composer/ComposerEventTests.swift; docs/events.md). These check what the C layer
 * can get wrong: the callback's arguments (every MC_EVENT_* code, a whole NUL-terminated UTF-8 payload whose
 * offsets count scalars, user_data unchanged), registering, replacing and removing listeners and freeing the
 * draft (also inside a batch and from the callback), events held back until a batch's outermost commit, calls
 * back into the draft from the callback (reading and changing it), MC_EVENT_ERROR for refused calls, refused
 * handles, and events from several threads. The event log copies each payload only after the callback's own
 * calls into the library (support.c), so the valgrind and ASan runs also prove that a payload stays valid for
 * the whole callback.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define TWO_PNGS "[{\"name\":\"a.png\",\"size\":10},{\"name\":\"b.png\",\"size\":20}]"

/* Declares an event_log `log` listening to draft d (detach and free with STOP_LISTENING). */
#define LISTEN(d, log) \
    event_log log; \
    event_log_init(&log); \
    CHECK_OK(mc_draft_set_listener((d), event_log_listener, &log))
#define STOP_LISTENING(d, log) \
    do { \
        CHECK_OK(mc_draft_set_listener((d), NULL, NULL)); \
        event_log_free(&log); \
    } while (0)

/* One scenario end to end: what a keystroke is heard as, user_data, and silence where nothing changed. */
static void typing_is_heard_through_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_EVENTS(&log, ""); /* registering is silent */
    TYPE(d, "H");
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"H\",\"length\":1}\n"
                       "selection [1,1]\n"
                       "send_state {\"can_send\":true,\"reason\":null}\n"
                       "typing {\"typing\":true}\n");
    CHECK(log.user_data_seen == &log); /* user_data comes back unchanged */
    /* Reads, and a call that changes nothing, call nobody. */
    CHECK_OK(mc_draft_set_selection(d, 1, 1));
    char *text = NULL;
    CHECK_OK(mc_draft_text(d, &text));
    mc_string_free(text);
    char *ui = NULL;
    CHECK_OK(mc_draft_ui_state(d, &ui));
    mc_string_free(ui);
    CHECK_EVENTS(&log, "");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* The payload is the engine's JSON, byte for byte: UTF-8 text with its escapes, offsets in scalars (the emoji
   is 4 bytes and 2 UTF-16 units, one scalar), and a long text whole. */
static void payloads_arrive_whole_as_utf8_with_scalar_offsets(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_insert(d, "\xC3\xA9\"\\\n\xF0\x9F\x98\x80")); /* é " \ line break 😀 */
    CHECK_LAST_EVENT(&log, MC_EVENT_TEXT, "{\"start\":0,\"end\":0,\"text\":\"\xC3\xA9\\\"\\\\\\n\xF0\x9F\x98\x80\",\"length\":5}");
    event_log_clear(&log);
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_EVENTS(&log, "text {\"start\":4,\"end\":5,\"text\":\"\",\"length\":4}\n"
                       "selection [4,4]\n");

    enum { LONG_SCALARS = 40000 };
    char *long_text = malloc(2 * LONG_SCALARS + 1);
    char *expected = malloc(2 * LONG_SCALARS + 128);
    REQUIRE(long_text != NULL && expected != NULL);
    for (int i = 0; i < LONG_SCALARS; i++) memcpy(long_text + 2 * i, "\xC3\xA9", 2);
    long_text[2 * LONG_SCALARS] = '\0';
    snprintf(expected, 2 * LONG_SCALARS + 128, "{\"start\":0,\"end\":4,\"text\":\"%s\",\"length\":%d}", long_text,
             LONG_SCALARS);
    CHECK_OK(mc_draft_replace(d, 0, 4, long_text));
    CHECK_LAST_EVENT(&log, MC_EVENT_TEXT, expected);
    free(long_text);
    free(expected);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* The top-level JSON type a payload of `kind` has ('{', '[', '"' or 'n' for null). */
static int payload_shape_fits(int32_t kind, const char *payload) {
    char c = payload[0];
    switch (kind) {
    case MC_EVENT_SELECTION:
    case MC_EVENT_TRAY: return c == '[';
    case MC_EVENT_MENTION_QUERY:
    case MC_EVENT_COMMAND_QUERY: return c == '{' || strcmp(payload, "null") == 0;
    case MC_EVENT_BANNER: return c == '"' || strcmp(payload, "null") == 0;
    default: return c == '{';
    }
}

/* Every MC_EVENT_* code reaches the callback, with a payload of its kind's shape; a session of a chat client. */
static void every_event_kind_reaches_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, "{\"max_files\":1}");
    LISTEN(d, log);
    CHECK_OK(mc_draft_insert(d, "/g"));                /* text, selection, send state, command query, typing */
    CHECK_OK(mc_draft_set_command(d, "giphy", NULL)); /* formatting, mode */
    CHECK_OK(mc_draft_clear_command(d));
    CHECK_OK(mc_draft_insert(d, "word"));
    CHECK_OK(mc_draft_toggle_format(d, 0, 4, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT)); /* formats */
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL));                                 /* tray, banner */
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_remove_attachment(d, 1)); /* cancel upload */
    CHECK_OK(mc_draft_insert(d, " @b"));         /* mention query */
    CHECK_OK(mc_draft_update_config(d, "{\"allowed_types\":[\"image/*\"]}"));
    CHECK_OK(mc_draft_set_thread(d, "t1"));
    CHECK_STATUS(mc_draft_commit_batch(d), MC_ERR_NOT_ALLOWED); /* error */
    for (int32_t kind = MC_EVENT_TEXT; kind <= MC_EVENT_THREAD; kind++)
        if (event_log_count(&log, kind) == 0) harness_fail(__FILE__, __LINE__, "no %s event", support_event_name(kind));
    for (size_t i = 0; i < log.count; i++) {
        if (strcmp(support_event_name(log.kinds[i]), "(unknown event)") == 0)
            harness_fail(__FILE__, __LINE__, "event %zu has the unknown kind %d", i, (int)log.kinds[i]);
        else if (log.payloads[i] == NULL || !payload_shape_fits(log.kinds[i], log.payloads[i]))
            harness_fail(__FILE__, __LINE__, "event %zu (%s) has the payload %s", i, support_event_name(log.kinds[i]),
                         log.payloads[i] ? log.payloads[i] : "NULL");
    }
    CHECK_LAST_EVENT(&log, MC_EVENT_CANCEL_UPLOAD, "{\"id\":1}");
    CHECK_LAST_EVENT(&log, MC_EVENT_CONFIG, "{\"allowed_types\":[\"image/*\"]}");
    CHECK_LAST_EVENT(&log, MC_EVENT_THREAD, "{\"parent_id\":\"t1\",\"also_send_to_channel\":false}");
    CHECK_LAST_EVENT(&log, MC_EVENT_ERROR, "{\"function\":\"mc_draft_commit_batch\",\"status\":-9,"
                                           "\"message\":\"mc_draft_commit_batch: no batch is open\"}");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* The C layer holds a batch's events back until its outermost commit, then delivers the one set. */
static void a_batch_is_heard_at_its_outermost_commit(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "a"));
    CHECK_OK(mc_draft_begin_batch(d)); /* nested */
    CHECK_OK(mc_draft_insert(d, "b"));
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, ""); /* nothing until the outermost commit */
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENT_KINDS(&log, "text formatting selection send_state tray typing");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* A listener registered (or re-registered, or replaced) inside an open batch hears, at the outermost commit,
   what changed since it was registered: what came before is not reported (the host reads the draft when it
   registers). */
static void a_listener_set_during_a_batch_hears_the_commit(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &log)); /* the same listener again */
    CHECK_OK(mc_draft_insert(d, "a"));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"a\",\"length\":1}\n"
                       "selection [1,1]\n"
                       "send_state {\"can_send\":true,\"reason\":null}\n"
                       "typing {\"typing\":true}\n");

    /* Replaced inside the batch: only the new listener hears it, from its registration on ("c", not "b"). */
    event_log other;
    event_log_init(&other);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "b"));
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &other));
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, "");
    CHECK_EVENTS(&other, "text {\"start\":2,\"end\":2,\"text\":\"c\",\"length\":3}\n"
                         "selection [3,3]\n");

    /* Removed inside the batch: nobody hears it. */
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "d"));
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&other, "");

    /* Registered inside a nested batch: heard at the outermost commit only, from the registration on. */
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "e"));
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &other));
    CHECK_OK(mc_draft_insert(d, "f"));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&other, "");
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&other, "text {\"start\":5,\"end\":5,\"text\":\"f\",\"length\":6}\n"
                         "selection [6,6]\n");
    STOP_LISTENING(d, log);
    event_log_free(&other);
    mc_draft_free(d);

    /* No listener before the batch at all. */
    REQUIRE_NEW_DRAFT(fresh, NULL);
    CHECK_OK(mc_draft_begin_batch(fresh));
    LISTEN(fresh, late);
    CHECK_OK(mc_draft_insert(fresh, "a"));
    CHECK_OK(mc_draft_commit_batch(fresh));
    CHECK_EVENT_KINDS(&late, "text selection send_state typing");
    STOP_LISTENING(fresh, late);
    mc_draft_free(fresh);
}

static void a_refused_call_delivers_an_error_event(void) {
    REQUIRE_NEW_DRAFT(d, "{\"mention_limit\":1}");
    LISTEN(d, log);
    CHECK_STATUS(mc_draft_insert(d, "\xFF"), MC_ERR_INVALID_UTF8);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_insert\",\"status\":-4,"
                       "\"message\":\"mc_draft_insert: invalid UTF-8 in string argument\"}\n");
    char *out = NULL;
    CHECK_STATUS(mc_draft_send(d, 0, &out), MC_ERR_NOT_ALLOWED);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_send\",\"status\":-9,"
                       "\"message\":\"mc_draft_send: cannot send: the message is empty\"}\n");
    CHECK_STATUS(mc_draft_ui_state(d, NULL), MC_ERR_NULL_ARGUMENT);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_ui_state\",\"status\":-2,"
                       "\"message\":\"mc_draft_ui_state: out_json is NULL\"}\n");
    CHECK_STATUS(mc_draft_upload_event(d, 7, MC_UPLOAD_START, 0, NULL), MC_ERR_INVALID_ARGUMENT);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_upload_event\",\"status\":-1,"
                       "\"message\":\"mc_draft_upload_event: no attachment with id 7 in the tray\"}\n");
    CHECK_STATUS(mc_draft_tick(d, -3), MC_ERR_OUT_OF_RANGE);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_tick\",\"status\":-6,"
                       "\"message\":\"mc_draft_tick: clock -3 is negative\"}\n");
    /* The message is JSON-escaped. */
    CHECK_STATUS(mc_draft_begin_edit(d, "m", "x", "[]", false), MC_ERR_INVALID_ARGUMENT);
    CHECK_EVENTS(&log, "error {\"function\":\"mc_draft_begin_edit\",\"status\":-1,"
                       "\"message\":\"mc_draft_begin_edit: mentions_json must be a JSON object {\\\"uid\\\": \\\"name\\\"}\"}\n");
    /* Going past the mention limit raises the banner, then reports the error. */
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Ann"));
    event_log_clear(&log);
    CHECK_STATUS(mc_draft_insert_mention(d, "u2", "Bob"), MC_ERR_LIMIT_EXCEEDED);
    CHECK_EVENTS(&log, "banner \"You can mention up to 1 person in a message.\"\n"
                       "error {\"function\":\"mc_draft_insert_mention\",\"status\":-10,"
                       "\"message\":\"mc_draft_insert_mention: a message can hold at most 1 mention\"}\n");
    /* Calls on other handles never reach this listener. */
    CHECK_STATUS(mc_draft_insert(NULL, "x"), MC_ERR_INVALID_HANDLE);
    CHECK_STATUS(mc_draft_insert(support_freed_draft(), "x"), MC_ERR_INVALID_HANDLE);
    CHECK_EVENTS(&log, "");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void a_listener_may_call_back_into_the_draft(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    log.reenter = d; /* the callback calls mc_draft_text(d): the draft's lock is released by then */
    TYPE(d, "ab");
    CHECK_EQ_INT(log.reenter_status, MC_OK);
    CHECK_EQ_STR(log.reentered_text, "ab");
    CHECK_STATUS(mc_draft_insert(d, NULL), MC_ERR_NULL_ARGUMENT); /* the error event, too */
    CHECK_EQ_INT(log.reenter_status, MC_OK);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EQ_STR(log.reentered_text, "abc");
    /* A listener that fails calls of its own does not overwrite the refused call's message. */
    log.fail_inside = 1;
    CHECK_STATUS(mc_draft_set_thread(d, ""), MC_ERR_INVALID_ARGUMENT);
    CHECK_EQ_STR(mc_last_error(), "mc_draft_set_thread: thread parent id must be 1-256 characters without control characters");
    CHECK_LAST_EVENT(&log, MC_EVENT_ERROR, "{\"function\":\"mc_draft_set_thread\",\"status\":-1,\"message\":"
                                           "\"mc_draft_set_thread: thread parent id must be 1-256 characters without "
                                           "control characters\"}");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* A listener that changes the draft from the callback: the nested call's events are delivered from inside
   the callback (C recursion), before the rest of the outer call's set, which the library computed before. */
typedef struct {
    event_log log;
    mc_draft *d;
    int answered;
    mc_status status;
} answering_listener;

static void answer_the_first_text(void *user_data, int32_t kind, const char *payload_json) {
    answering_listener *a = user_data;
    event_log_listener(&a->log, kind, payload_json);
    if (kind == MC_EVENT_TEXT && !a->answered) {
        a->answered = 1;
        a->status = mc_draft_insert(a->d, "!"); /* an autocorrect, say */
    }
}

static void a_listener_may_change_the_draft_from_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    answering_listener a = {.d = d};
    event_log_init(&a.log);
    CHECK_OK(mc_draft_set_listener(d, answer_the_first_text, &a));
    CHECK_OK(mc_draft_replace(d, 0, 0, "hi"));
    CHECK_EQ_INT(a.status, MC_OK);
    CHECK_TEXT(d, "hi!");
    CHECK_SELECTION(d, 3, 3);
    CHECK_EVENTS(&a.log, "text {\"start\":0,\"end\":0,\"text\":\"hi\",\"length\":2}\n"
                         "text {\"start\":2,\"end\":2,\"text\":\"!\",\"length\":3}\n"
                         "selection [3,3]\n"
                         "selection [2,2]\n"
                         "send_state {\"can_send\":true,\"reason\":null}\n"
                         "typing {\"typing\":true}\n");
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    event_log_free(&a.log);
    mc_draft_free(d);
}

/* A listener that removes itself from the callback: once mc_draft_set_listener has returned, it hears nothing
   more, not even the rest of the set being delivered. */
typedef struct {
    event_log log;
    mc_draft *d;
    mc_status status;
} self_removing_listener;

static void remove_myself(void *user_data, int32_t kind, const char *payload_json) {
    self_removing_listener *s = user_data;
    s->status = mc_draft_set_listener(s->d, NULL, NULL);
    event_log_listener(&s->log, kind, payload_json);
}

static void a_listener_may_remove_itself_from_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    self_removing_listener s = {.d = d};
    event_log_init(&s.log);
    CHECK_OK(mc_draft_set_listener(d, remove_myself, &s));
    CHECK_OK(mc_draft_insert(d, "abc"));
    CHECK_EQ_INT(s.status, MC_OK);
    CHECK_EVENT_KINDS(&s.log, "text");
    CHECK_OK(mc_draft_insert(d, "d"));
    CHECK_EVENTS(&s.log, "");
    event_log_free(&s.log);
    mc_draft_free(d);
}

/* A listener that hands over to another from the callback: the new one hears the next call, not the rest of
   the set the old one was hearing (a listener hears what changes after its registration). */
typedef struct {
    event_log log;
    mc_draft *d;
    event_log *successor;
} handing_over_listener;

static void hand_over(void *user_data, int32_t kind, const char *payload_json) {
    handing_over_listener *h = user_data;
    event_log_listener(&h->log, kind, payload_json);
    CHECK_OK(mc_draft_set_listener(h->d, event_log_listener, h->successor));
}

static void a_listener_may_hand_over_to_another_from_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    event_log successor;
    event_log_init(&successor);
    handing_over_listener h = {.d = d, .successor = &successor};
    event_log_init(&h.log);
    CHECK_OK(mc_draft_set_listener(d, hand_over, &h));
    CHECK_OK(mc_draft_insert(d, "ab"));
    CHECK_EVENT_KINDS(&h.log, "text");
    CHECK_EVENTS(&successor, "");
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_EVENTS(&h.log, "");
    CHECK_EVENT_KINDS(&successor, "text selection");
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    event_log_free(&successor);
    event_log_free(&h.log);
    mc_draft_free(d);
}

/* A listener that frees its draft, and the state it was given with it, from the callback (a host closing the
   composer when the message goes out): nothing more of the set reaches it. The state is on the heap, so the
   valgrind and ASan runs would report a call that read it after the free. */
typedef struct {
    mc_draft *d;
    int calls;
} closing_host;

static int closing_host_calls;

static void close_the_composer(void *user_data, int32_t kind, const char *payload_json) {
    (void)kind;
    (void)payload_json;
    closing_host *h = user_data;
    h->calls++;
    closing_host_calls = h->calls;
    mc_draft_free(h->d);
    free(h);
}

static void a_listener_may_free_its_draft_from_the_callback(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    closing_host *h = calloc(1, sizeof *h);
    REQUIRE(h != NULL);
    h->d = d;
    closing_host_calls = 0;
    CHECK_OK(mc_draft_set_listener(d, close_the_composer, h));
    CHECK_OK(mc_draft_insert(d, "hi")); /* text, selection, send state and typing changed: one is heard */
    CHECK_EQ_INT(closing_host_calls, 1);
    CHECK_STATUS(mc_draft_insert(d, "x"), MC_ERR_INVALID_HANDLE);
}

static void removing_or_replacing_the_listener(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_NEW_DRAFT(other, NULL);
    event_log first, second, third;
    event_log_init(&first);
    event_log_init(&second);
    event_log_init(&third);
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &first));
    CHECK_OK(mc_draft_set_listener(other, event_log_listener, &third));
    TYPE(d, "a");
    CHECK_EVENT_KINDS(&first, "text selection send_state typing");
    /* A new listener replaces the old one. */
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &second));
    TYPE(d, "b");
    CHECK_EVENTS(&first, "");
    CHECK_EVENT_KINDS(&second, "text selection");
    CHECK(second.user_data_seen == &second);
    /* NULL removes it: nothing more is heard, refusals included. */
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    TYPE(d, "c");
    CHECK_STATUS(mc_draft_insert(d, "\xFF"), MC_ERR_INVALID_UTF8);
    CHECK_EVENTS(&second, "");
    CHECK_OK(mc_draft_set_listener(d, NULL, &second)); /* removing twice is fine */
    /* Each draft has its own listener. */
    CHECK_EVENTS(&third, "");
    TYPE(other, "z");
    CHECK_EVENT_KINDS(&third, "text selection send_state typing");
    CHECK(third.user_data_seen == &third);
    /* Freeing a draft with a listener attached is safe (its listener is never called again). */
    mc_draft_free(other);
    CHECK_EVENTS(&third, "");
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    event_log_free(&first);
    event_log_free(&second);
    event_log_free(&third);
    mc_draft_free(d);
}

static void set_listener_refuses_bad_handles(void) {
    event_log log;
    event_log_init(&log);
    CHECK_BAD_HANDLES("mc_draft_set_listener", mc_draft_set_listener(bad_handle_, event_log_listener, &log));
    CHECK_BAD_HANDLES("mc_draft_set_listener", mc_draft_set_listener(bad_handle_, NULL, NULL));
    /* A listener passed with a bad handle is never registered anywhere. */
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "x");
    CHECK_EVENTS(&log, "");
    mc_draft_free(d);
    event_log_free(&log);
}

/* ---- Several threads ---- */

enum { EVENT_THREADS = 4, INSERTS_PER_THREAD = 100 };

typedef struct {
    mc_draft *d;
    int failures;
} event_worker_arg;

static void *event_worker(void *arg) {
    event_worker_arg *a = arg;
    for (int i = 0; i < INSERTS_PER_THREAD; i++) {
        if (mc_draft_insert(a->d, "x") != MC_OK) a->failures++;
        if (i % 10 == 0) {
            char *ui = NULL;
            if (mc_draft_ui_state(a->d, &ui) != MC_OK) a->failures++;
            mc_string_free(ui);
        }
        if (i % 25 == 0 && mc_draft_insert(a->d, "\xFF") != MC_ERR_INVALID_UTF8) a->failures++;
    }
    return NULL;
}

static void events_from_several_threads_on_one_draft(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    log.reenter = d;
    pthread_t threads[EVENT_THREADS];
    event_worker_arg args[EVENT_THREADS];
    for (int i = 0; i < EVENT_THREADS; i++) {
        args[i].d = d;
        args[i].failures = 0;
        REQUIRE(pthread_create(&threads[i], NULL, event_worker, &args[i]) == 0);
    }
    for (int i = 0; i < EVENT_THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK_EQ_INT(args[i].failures, 0);
    }
    /* Every insert changed the text once; typing started once; every refusal was reported. */
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TEXT), EVENT_THREADS * INSERTS_PER_THREAD);
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TYPING), 1);
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_ERROR), EVENT_THREADS * (INSERTS_PER_THREAD / 25));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_SEND_STATE), 1);
    CHECK_LENGTH(d, EVENT_THREADS * INSERTS_PER_THREAD);
    /* Each text event is one insert of "x" at a caret within the text, and the lengths they report are
       1..N, each once (the calls are serialized; their deliveries may interleave). Plain text typed into
       plain text is formatted by the host's span rule: no formatting event at all. */
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_FORMATTING), 0);
    enum { TOTAL = EVENT_THREADS * INSERTS_PER_THREAD };
    static unsigned char seen[TOTAL + 1];
    memset(seen, 0, sizeof seen);
    int consistent = 1;
    for (size_t i = 0; i < log.count; i++) {
        if (log.kinds[i] != MC_EVENT_TEXT) continue;
        char *start = support_json_member(log.payloads[i], "start");
        char *end = support_json_member(log.payloads[i], "end");
        char *text = support_json_member(log.payloads[i], "text");
        char *length = support_json_member(log.payloads[i], "length");
        long n = length ? atol(length) : -1;
        if (!start || !end || !text || strcmp(text, "\"x\"") != 0 || strcmp(start, end) != 0 || n < 1 || n > TOTAL ||
            atol(start) >= n || seen[n])
            consistent = 0;
        else
            seen[n] = 1;
        free(start);
        free(end);
        free(text);
        free(length);
    }
    CHECK(consistent);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(typing_is_heard_through_the_callback),
    HARNESS_TEST(payloads_arrive_whole_as_utf8_with_scalar_offsets),
    HARNESS_TEST(every_event_kind_reaches_the_callback),
    HARNESS_TEST(a_batch_is_heard_at_its_outermost_commit),
    HARNESS_TEST(a_listener_set_during_a_batch_hears_the_commit),
    HARNESS_TEST(a_refused_call_delivers_an_error_event),
    HARNESS_TEST(a_listener_may_call_back_into_the_draft),
    HARNESS_TEST(a_listener_may_change_the_draft_from_the_callback),
    HARNESS_TEST(a_listener_may_remove_itself_from_the_callback),
    HARNESS_TEST(a_listener_may_hand_over_to_another_from_the_callback),
    HARNESS_TEST(a_listener_may_free_its_draft_from_the_callback),
    HARNESS_TEST(removing_or_replacing_the_listener),
    HARNESS_TEST(set_listener_refuses_bad_handles),
    HARNESS_TEST(events_from_several_threads_on_one_draft),
};

void register_events_tests(void) { HARNESS_REGISTER("events", TESTS); }
