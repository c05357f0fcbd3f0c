/*
 * test_events.c: the listener (mc_draft_set_listener) heard through a C callback that records every
 * event (support.h, event_log): the events of typing, typing started / stopped on the host clock (and
 * none when typing events are off), batches coalescing to one set at the outermost commit, MC_EVENT_ERROR
 * for refused calls (and heard by a listener registered inside the batch), a listener calling back into
 * the draft, removing and replacing listeners, MC_EVENT_CANCEL_UPLOAD (also on restore), mode / banner /
 * query / tray events (none for an unchanged tray across an edit), and events from several threads.
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

static void typing_a_word_delivers_its_events(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_EVENTS(&log, ""); /* registering is silent */
    TYPE(d, "H");
    /* Plain text typed at the end of a plain line: the host's span rule formats it, no formatting event. */
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"H\",\"length\":1}\n"
                       "selection [1,1]\n"
                       "send_state {\"can_send\":true,\"reason\":null}\n"
                       "typing {\"typing\":true}\n");
    CHECK(log.user_data_seen == &log); /* user_data comes back unchanged */
    TYPE(d, "i");
    CHECK_EVENTS(&log, "text {\"start\":1,\"end\":1,\"text\":\"i\",\"length\":2}\n"
                       "selection [2,2]\n");
    /* A call that changes nothing says nothing. */
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    char *text = NULL;
    CHECK_OK(mc_draft_text(d, &text));
    mc_string_free(text);
    CHECK_EVENTS(&log, "");
    /* Formatting a word: no text event, the range to read again, the toolbar. */
    CHECK_OK(mc_draft_apply_format(d, 0, 2, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_EVENTS(&log, "formatting {\"start\":0,\"end\":2}\n"
                       "formats {\"formats\":[\"bold\"],\"link\":null,\"color\":null}\n");
    CHECK_OK(mc_draft_select_all(d));
    CHECK_EVENTS(&log, "selection [0,2]\n");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* MC_EVENT_TEXT names the old range and its new text (scalars); MC_EVENT_FORMATTING the range to read again
   with mc_draft_spans, covering what was inserted (but for typing the host's span rule formats by itself, see
   docs/events.md). A deletion needs no formatting event. */
static void text_events_name_the_replaced_range(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "ab\U0001F44D\U0001F3FDc")); /* thumbs up + skin tone: two scalars, one grapheme */
    CHECK_OK(mc_draft_apply_format(d, 0, 2, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_set_selection(d, 4, 4));
    LISTEN(d, log);
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_EVENTS(&log, "text {\"start\":2,\"end\":4,\"text\":\"\",\"length\":3}\n"
                       "selection [2,2]\n"
                       "formats {\"formats\":[\"bold\"],\"link\":null,\"color\":null}\n");
    CHECK_OK(mc_draft_replace(d, 1, 2, "XY"));
    CHECK_EVENTS(&log, "text {\"start\":1,\"end\":2,\"text\":\"XY\",\"length\":4}\n"
                       "formatting {\"start\":1,\"end\":3}\n"
                       "selection [3,3]\n");
    /* Typing and deleting back inside a batch changes nothing: no event at all. */
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "q"));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, "");
    /* A block format changes the formatting of whole lines, not the text. */
    CHECK_OK(mc_draft_enter(d));
    CHECK_EVENTS(&log, "text {\"start\":3,\"end\":3,\"text\":\"\\n\",\"length\":5}\n"
                       "formatting {\"start\":3,\"end\":4}\n"
                       "selection [4,4]\n");
    CHECK_OK(mc_draft_apply_format(d, 0, 0, MC_FORMAT_QUOTE, NULL, MC_FLAG_PROTECT));
    CHECK_EVENTS(&log, "formatting {\"start\":0,\"end\":4}\n");
    CHECK_DOC(d, DOC("aXY\\nc", SPAN(0, 3, "bold") "," SPAN(0, 3, "quote")));
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void typing_stops_after_five_idle_seconds_on_send_and_on_clear(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_tick(d, 1000));
    TYPE(d, "a");
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TYPING), 1);
    CHECK_UI_MEMBER(d, "typing", "true");
    event_log_clear(&log);
    CHECK_OK(mc_draft_tick(d, 5999));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_tick(d, 6000)); /* 5000 ms after the last edit */
    CHECK_EVENTS(&log, "typing {\"typing\":false}\n");
    CHECK_UI_MEMBER(d, "typing", "false");
    CHECK_OK(mc_draft_tick(d, 60000));
    CHECK_EVENTS(&log, "");

    /* Each edit restarts the idle time; typing starts once. */
    TYPE(d, "b");
    CHECK_EVENT_KINDS(&log, "text selection typing");
    CHECK_OK(mc_draft_tick(d, 63000));
    TYPE(d, "c");
    CHECK_EVENT_KINDS(&log, "text selection");
    CHECK_OK(mc_draft_tick(d, 67999));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_tick(d, 68000));
    CHECK_EVENTS(&log, "typing {\"typing\":false}\n");

    /* On send. */
    TYPE(d, "d");
    event_log_clear(&log);
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 68001, &out));
    mc_string_free(out);
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":4,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "typing {\"typing\":false}\n");

    /* On clear; clearing while not typing says nothing about typing. */
    TYPE(d, "e");
    event_log_clear(&log);
    CHECK_OK(mc_draft_clear(d));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":1,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "typing {\"typing\":false}\n");
    TYPE(d, "f");
    CHECK_OK(mc_draft_tick(d, 80000));
    event_log_clear(&log);
    CHECK_OK(mc_draft_clear(d));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TYPING), 0);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void send_state_events_only_when_the_reason_changes(void) {
    REQUIRE_NEW_DRAFT(d, "{\"slow_mode_seconds\":10,\"max_length\":3}");
    TYPE(d, "x");
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 0, &out));
    mc_string_free(out);
    LISTEN(d, log);
    TYPE(d, "a");
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"a\",\"length\":1}\n"
                       "selection [1,1]\n"
                       "send_state {\"can_send\":false,\"reason\":\"cooldown\"}\n"
                       "typing {\"typing\":true}\n");
    /* The cooldown counting down is not a new send state. */
    CHECK_OK(mc_draft_tick(d, 1000));
    CHECK_OK(mc_draft_tick(d, 2000));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_tick(d, 10000));
    CHECK_EVENTS(&log, "send_state {\"can_send\":true,\"reason\":null}\n"
                       "typing {\"typing\":false}\n");
    /* Nor is a message growing while it is already too long. */
    TYPE(d, "bcd");
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_SEND_STATE), 1);
    CHECK_LAST_EVENT(&log, MC_EVENT_SEND_STATE, "{\"can_send\":false,\"reason\":\"too_long\"}");
    event_log_clear(&log);
    TYPE(d, "e");
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_SEND_STATE), 0);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void restoring_a_snapshot_stops_typing(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    char *snapshot = support_draft_snapshot(d);
    REQUIRE(snapshot != NULL);
    LISTEN(d, log);
    TYPE(d, "abc");
    event_log_clear(&log);
    CHECK_OK(mc_draft_restore(d, snapshot));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":3,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "typing {\"typing\":false}\n");
    CHECK_UI_MEMBER(d, "typing", "false");
    STOP_LISTENING(d, log);
    mc_string_free(snapshot);
    mc_draft_free(d);
}

static void no_typing_events_when_they_are_off(void) {
    REQUIRE_NEW_DRAFT(d, "{\"typing_events\":false}");
    LISTEN(d, log);
    TYPE(d, "hello");
    CHECK_UI_MEMBER(d, "typing", "false");
    CHECK_OK(mc_draft_tick(d, 10000));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Ann"));
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 10000, &out));
    mc_string_free(out);
    TYPE(d, "x");
    CHECK_OK(mc_draft_clear(d));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TYPING), 0);
    CHECK(event_log_count(&log, MC_EVENT_TEXT) > 0);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void a_batch_delivers_one_coalesced_set_at_the_commit(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "a"));
    CHECK_OK(mc_draft_insert(d, "b"));
    CHECK_OK(mc_draft_begin_batch(d)); /* nested */
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_OK(mc_draft_apply_format(d, 0, 3, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_OK(mc_draft_insert(d, " @x"));
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL));
    CHECK_EVENTS(&log, ""); /* nothing until the outermost commit */
    CHECK_OK(mc_draft_commit_batch(d));
    /* One event per kind, describing the whole batch. */
    CHECK_EVENTS(&log,
                 "text {\"start\":0,\"end\":0,\"text\":\"abc @x\",\"length\":6}\n"
                 "formatting {\"start\":0,\"end\":6}\n"
                 "selection [6,6]\n"
                 "formats {\"formats\":[\"italic\"],\"link\":null,\"color\":null}\n"
                 "send_state {\"can_send\":false,\"reason\":\"uploads_pending\"}\n"
                 "tray [" TILE_QUEUED(1, "image", "a.png", "image/png", 10) "," TILE_QUEUED(2, "image", "b.png", "image/png", 20) "]\n"
                 "mention_query {\"query\":\"x\",\"start\":4,\"end\":6}\n"
                 "typing {\"typing\":true}\n");
    /* A batch that changes nothing delivers nothing, nor does one that moves the caret and back. */
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_set_selection(d, 6, 6));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_EVENTS(&log, "");
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

static void removing_an_uploading_attachment_cancels_its_upload(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    LISTEN(d, log);
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.5, NULL));
    event_log_clear(&log);
    CHECK_OK(mc_draft_remove_attachment(d, 1));
    CHECK_EVENTS(&log, "tray [" TILE_QUEUED(2, "image", "b.png", "image/png", 20) "]\n"
                       "cancel_upload {\"id\":1}\n");
    /* A queued tile was not uploading: removing it cancels nothing. */
    CHECK_OK(mc_draft_remove_attachment(d, 2));
    CHECK_EVENTS(&log, "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "tray []\n");
    /* Uploaded, failed and error tiles: nothing to cancel either. */
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"c.png\",\"size\":1},{\"name\":\"d.png\",\"size\":1},{\"name\":\"e.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_COMPLETE, 0, "r3"));
    CHECK_OK(mc_draft_upload_event(d, 4, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 4, MC_UPLOAD_FAIL, 0, "net"));
    CHECK_OK(mc_draft_upload_event(d, 5, MC_UPLOAD_REJECT, 0, NULL));
    CHECK_OK(mc_draft_remove_attachment(d, 3));
    CHECK_OK(mc_draft_remove_attachment(d, 4));
    CHECK_OK(mc_draft_remove_attachment(d, 5));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_CANCEL_UPLOAD), 0);
    event_log_clear(&log);

    /* Clearing, or setting a command, cancels every running upload. */
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL)); /* ids 6 and 7 */
    CHECK_OK(mc_draft_upload_event(d, 6, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 7, MC_UPLOAD_START, 0, NULL));
    event_log_clear(&log);
    CHECK_OK(mc_draft_clear(d)); /* the text was empty already (no block): it is left alone, no text or formatting event */
    CHECK_EVENTS(&log, "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "tray []\n"
                       "cancel_upload {\"id\":6}\n"
                       "cancel_upload {\"id\":7}\n");
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL)); /* ids 8 and 9 */
    CHECK_OK(mc_draft_upload_event(d, 9, MC_UPLOAD_START, 0, NULL));
    event_log_clear(&log);
    CHECK_OK(mc_draft_set_command(d, "giphy", NULL));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_CANCEL_UPLOAD), 1);
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TRAY), 1);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

/* Restoring a snapshot replaces the tray: uploads running in the replaced tray are cancelled. */
static void restore_cancels_the_uploads_it_replaces(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    char *empty = support_draft_snapshot(d);
    REQUIRE(empty != NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"a.png\",\"size\":1},{\"name\":\"b.png\",\"size\":1},"
                                     "{\"name\":\"c.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_START, 0, NULL));
    LISTEN(d, log);
    CHECK_OK(mc_draft_restore(d, empty));
    /* Tile 2 was only queued: nothing to cancel. */
    CHECK_EVENTS(&log, "formatting {\"start\":0,\"end\":0}\n" /* the text was empty and stays empty */
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "tray []\n"
                       "cancel_upload {\"id\":1}\n"
                       "cancel_upload {\"id\":3}\n");
    STOP_LISTENING(d, log);
    mc_string_free(empty);
    mc_draft_free(d);

    /* A snapshot taken mid-upload: the upload comes back interrupted, and the running one is cancelled. */
    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_stage_files(e, "[{\"name\":\"a.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(e, 1, MC_UPLOAD_START, 0, NULL));
    char *mid = support_draft_snapshot(e);
    REQUIRE(mid != NULL);
    LISTEN(e, log2);
    CHECK_OK(mc_draft_restore(e, mid));
    CHECK_EVENTS(&log2, "formatting {\"start\":0,\"end\":0}\n"
                        "send_state {\"can_send\":false,\"reason\":\"failed_uploads\"}\n"
                        "tray [" TILE_FAILED(1, "image", "a.png", "image/png", 1, "Upload interrupted.") "]\n"
                        "cancel_upload {\"id\":1}\n");
    STOP_LISTENING(e, log2);
    mc_string_free(mid);
    mc_draft_free(e);
}

/* Starting and cancelling an edit with an empty tray sends no tray event (the tray shown did not change). */
static void edit_and_cancel_deliver_no_tray_event(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"a.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_remove_attachment(d, 1)); /* the tray is empty again */
    LISTEN(d, log);
    CHECK_OK(mc_draft_begin_edit(d, "m-1", "old", NULL, false));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"old\",\"length\":3}\n"
                       "formatting {\"start\":0,\"end\":3}\n"
                       "selection [3,3]\n"
                       "send_state {\"can_send\":true,\"reason\":null}\n"
                       "mode {\"kind\":\"edit\",\"message_id\":\"m-1\",\"media\":false}\n");
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":3,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "mode {\"kind\":\"new\"}\n");
    /* With a tile, the edit hides it and the cancel shows it again. */
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"b.png\",\"size\":1}]", NULL));
    event_log_clear(&log);
    CHECK_OK(mc_draft_begin_edit(d, "m-1", "old", NULL, false));
    CHECK_LAST_EVENT(&log, MC_EVENT_TRAY, "[]");
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TRAY), 1);
    event_log_clear(&log);
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_LAST_EVENT(&log, MC_EVENT_TRAY, "[" TILE_QUEUED(2, "image", "b.png", "image/png", 1) "]");
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TRAY), 1);
    STOP_LISTENING(d, log);
    mc_draft_free(d);
}

static void mode_banner_query_and_tray_events(void) {
    REQUIRE_NEW_DRAFT(d, "{\"max_files\":1}");
    LISTEN(d, log);
    CHECK_OK(mc_draft_begin_reply(d, "m-1", "Ann", "*hi*", NULL));
    CHECK_EVENTS(&log, "mode {\"kind\":\"reply\",\"message_id\":\"m-1\",\"preview\":{\"sender\":\"Ann\",\"snippet\":\"hi\"}}\n");
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_EVENTS(&log, "mode {\"kind\":\"new\"}\n");
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_EVENTS(&log, "");
    /* The thread, and whether a reply also goes to the channel. */
    CHECK_OK(mc_draft_set_thread(d, "t"));
    CHECK_EVENTS(&log, "thread {\"parent_id\":\"t\",\"also_send_to_channel\":false}\n");
    CHECK_OK(mc_draft_set_also_send_to_channel(d, true));
    CHECK_EVENTS(&log, "thread {\"parent_id\":\"t\",\"also_send_to_channel\":true}\n");
    CHECK_OK(mc_draft_set_thread(d, "t"));
    CHECK_EVENTS(&log, "");

    /* A pick over the limit raises the banner. */
    CHECK_OK(mc_draft_stage_files(d, TWO_PNGS, NULL));
    CHECK_EVENTS(&log, "send_state {\"can_send\":false,\"reason\":\"uploads_pending\"}\n"
                       "tray [" TILE_QUEUED(1, "image", "a.png", "image/png", 10) "]\n"
                       "banner \"You can attach up to 1 file.\"\n");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_EVENTS(&log, "tray [" TILE_UPLOADING(1, "image", "a.png", "image/png", 10, "0.0") "]\n");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/a"));
    CHECK_EVENTS(&log, "send_state {\"can_send\":true,\"reason\":null}\n"
                       "tray [" TILE_UPLOADED(1, "image", "a.png", "image/png", 10, "https://cdn/a") "]\n");

    /* Queries open, change and end. */
    TYPE(d, "@");
    CHECK_EVENT_KINDS(&log, "text selection mention_query typing");
    TYPE(d, "b");
    CHECK_EVENTS(&log, "text {\"start\":1,\"end\":1,\"text\":\"b\",\"length\":2}\n"
                       "selection [2,2]\n"
                       "mention_query {\"query\":\"b\",\"start\":0,\"end\":2}\n");
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Bo"));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":2,\"text\":\"@Bo \",\"length\":4}\n"
                       "formatting {\"start\":0,\"end\":4}\n"
                       "selection [4,4]\n"
                       "mention_query null\n");

    /* Sending clears the banner and the tray, and resets "also send to channel". */
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 0, &out));
    mc_string_free(out);
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":4,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "tray []\n"
                       "typing {\"typing\":false}\n"
                       "banner null\n"
                       "thread {\"parent_id\":\"t\",\"also_send_to_channel\":false}\n");

    /* Command query, then a command (reported as a mode change). */
    TYPE(d, "/");
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":0,\"text\":\"/\",\"length\":1}\n"
                       "selection [1,1]\n"
                       "send_state {\"can_send\":true,\"reason\":null}\n"
                       "command_query {\"query\":\"\",\"start\":0,\"end\":1}\n"
                       "typing {\"typing\":true}\n");
    TYPE(d, "g");
    CHECK_EVENTS(&log, "text {\"start\":1,\"end\":1,\"text\":\"g\",\"length\":2}\n"
                       "selection [2,2]\n"
                       "command_query {\"query\":\"g\",\"start\":0,\"end\":2}\n");
    CHECK_OK(mc_draft_set_command(d, "giphy", NULL));
    CHECK_EVENTS(&log, "text {\"start\":0,\"end\":2,\"text\":\"\",\"length\":0}\n"
                       "formatting {\"start\":0,\"end\":0}\n"
                       "selection [0,0]\n"
                       "command_query null\n"
                       "mode {\"kind\":\"new\"}\n");
    CHECK_OK(mc_draft_clear_command(d));
    CHECK_EVENTS(&log, "send_state {\"can_send\":false,\"reason\":\"empty\"}\n"
                       "mode {\"kind\":\"new\"}\n");

    /* An edit: text and mode; cancelling it brings the text back. (Both also deliver a tray event whose
       payload has not changed: see test_known_bugs.c, edit_and_cancel_deliver_no_tray_event.) */
    CHECK_OK(mc_draft_begin_edit(d, "m-2", "old", NULL, false));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_TEXT), 1);
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_MODE), 1);
    CHECK_LAST_EVENT(&log, MC_EVENT_TEXT, "{\"start\":0,\"end\":0,\"text\":\"old\",\"length\":3}");
    CHECK_LAST_EVENT(&log, MC_EVENT_FORMATTING, "{\"start\":0,\"end\":3}");
    CHECK_LAST_EVENT(&log, MC_EVENT_SELECTION, "[3,3]");
    CHECK_LAST_EVENT(&log, MC_EVENT_SEND_STATE, "{\"can_send\":true,\"reason\":null}");
    CHECK_LAST_EVENT(&log, MC_EVENT_MODE, "{\"kind\":\"edit\",\"message_id\":\"m-2\",\"media\":false}");
    event_log_clear(&log);
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_EQ_INT(event_log_count(&log, MC_EVENT_MODE), 1);
    CHECK_LAST_EVENT(&log, MC_EVENT_TEXT, "{\"start\":0,\"end\":3,\"text\":\"\",\"length\":0}");
    CHECK_LAST_EVENT(&log, MC_EVENT_FORMATTING, "{\"start\":0,\"end\":0}");
    CHECK_LAST_EVENT(&log, MC_EVENT_SELECTION, "[0,0]");
    CHECK_LAST_EVENT(&log, MC_EVENT_SEND_STATE, "{\"can_send\":false,\"reason\":\"empty\"}");
    CHECK_LAST_EVENT(&log, MC_EVENT_MODE, "{\"kind\":\"new\"}");
    STOP_LISTENING(d, log);
    mc_draft_free(d);
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
    HARNESS_TEST(typing_a_word_delivers_its_events),
    HARNESS_TEST(text_events_name_the_replaced_range),
    HARNESS_TEST(typing_stops_after_five_idle_seconds_on_send_and_on_clear),
    HARNESS_TEST(send_state_events_only_when_the_reason_changes),
    HARNESS_TEST(restoring_a_snapshot_stops_typing),
    HARNESS_TEST(no_typing_events_when_they_are_off),
    HARNESS_TEST(a_batch_delivers_one_coalesced_set_at_the_commit),
    HARNESS_TEST(a_listener_set_during_a_batch_hears_the_commit),
    HARNESS_TEST(a_refused_call_delivers_an_error_event),
    HARNESS_TEST(a_listener_may_call_back_into_the_draft),
    HARNESS_TEST(removing_or_replacing_the_listener),
    HARNESS_TEST(set_listener_refuses_bad_handles),
    HARNESS_TEST(removing_an_uploading_attachment_cancels_its_upload),
    HARNESS_TEST(restore_cancels_the_uploads_it_replaces),
    HARNESS_TEST(edit_and_cancel_deliver_no_tray_event),
    HARNESS_TEST(mode_banner_query_and_tray_events),
    HARNESS_TEST(events_from_several_threads_on_one_draft),
};

void register_events_tests(void) { HARNESS_REGISTER("events", TESTS); }
