/*
 * test_composer.c: the composer functions at the C boundary, through a few flows a chat client runs:
 * the UI state JSON of a new draft and while typing a mention query, the outgoing messages JSON (text in
 * a thread, an edit, media after uploads, a command), the host clock as int64 milliseconds (negative and
 * backwards refused, INT64_MAX taken), a snapshot restored into another draft, and every refused input
 * of these functions (mc_draft_ui_state, mc_draft_can_send, mc_draft_send, mc_draft_tick, mc_draft_clear,
 * mc_draft_begin_edit, mc_draft_begin_reply, mc_draft_cancel_mode, mc_draft_set_thread,
 * mc_draft_set_command, mc_draft_clear_command, mc_draft_snapshot, mc_draft_restore). The composer's
 * rules (queries, modes, slow mode, send blockers, trimming, commands, clearing) are the engine's:
 * Tests/ComposerCoreTests/Composer.
 *
 * Expected JSON is exact, as the library writes it (compact, members in a fixed order).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samples.h"
#include "support.h"

#define ONE_PNG "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10,\"ref\":\"host-a\"}]"

/* ---- Typing, mentions and sending ---- */

static void a_new_draft_has_the_default_ui_state(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_UI(d, UI_STATE("false", BLOCKED_EMPTY, MODE_NEW, "null", "false", "[0,0]", NO_FORMATS, "[]", "true", "true", "true", "null",
                         "null", "null", "null", "0", "0", "null", "false", "false", "false"));
    bool can_send = true;
    CHECK_OK(mc_draft_can_send(d, &can_send));
    CHECK(!can_send);
    mc_draft_free(d);
}

static void type_mention_format_and_send_in_a_thread(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "thread-1"));
    TYPE(d, "Hi @bo");
    /* The open mention query is part of the UI state, with its range. */
    CHECK_UI(d, UI_STATE("true", "null", MODE_NEW, Q("thread-1"), "false", "[6,6]", NO_FORMATS, "[]", "true", "true", "true", "null",
                         "{\"query\":\"bo\",\"start\":3,\"end\":6}", "null", "null", "0", "6", "null", "true", "true",
                         "false"));
    /* The mention replaces the query "@bo", with a space after it. */
    CHECK_OK(mc_draft_insert_mention(d, "u42", "Bob"));
    CHECK_DOC(d, DOC("Hi @Bob ", MENTION(3, 7, "u42", "Bob")));
    CHECK_SELECTION(d, 8, 8);
    CHECK_UI_MEMBER(d, "mention_query", "null");
    TYPE(d, "ship it");
    CHECK_OK(mc_draft_apply_format(d, 8, 12, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_SENDABLE(d);
    CHECK_SEND(d, 1000, "[" TEXT_MSG(Q("Hi <@uid:u42> **ship** it"), "[" MENTION_OUT("u42", "Bob") "]", "null",
                                     Q("thread-1")) "]");
    /* The draft is cleared (history too); the thread stays; typing stopped with the send. */
    CHECK_UI(d, UI_STATE("false", BLOCKED_EMPTY, MODE_NEW, Q("thread-1"), "false", "[0,0]", NO_FORMATS, "[]", "true", "true", "true",
                         "null", "null", "null", "null", "0", "0", "null", "false", "false", "false"));
    CHECK_DOC(d, DOC("", ""));
    /* The next message goes to the same thread, until the thread is cleared. */
    TYPE(d, "again");
    CHECK_SEND(d, 2000, "[" TEXT_MSG(Q("again"), "[]", "null", Q("thread-1")) "]");
    CHECK_OK(mc_draft_set_thread(d, NULL));
    CHECK_UI_MEMBER(d, "thread_parent_id", "null");
    TYPE(d, "top level");
    CHECK_SEND(d, 3000, "[" TEXT_MSG(Q("top level"), "[]", "null", "null") "]");
    mc_draft_free(d);
}

/* ---- Edit ---- */

static void editing_and_sending_gives_an_edit_and_the_draft_back(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "t-5"));
    TYPE(d, "draft in progress");
    CHECK_OK(mc_draft_begin_edit(d, "m-9", "old *text*", NULL, false));
    CHECK_OK(mc_draft_replace(d, 0, 3, "new"));
    CHECK_SEND(d, 5, "[" EDIT_MSG(Q("new *text*"), "[]", Q("m-9"), Q("t-5")) "]");
    CHECK_DOC(d, DOC("draft in progress", ""));
    CHECK_SELECTION(d, 17, 17);
    CHECK_UI_MEMBER(d, "mode", MODE_NEW);
    /* A media message: only its caption is edited; the edit still goes out as an edit. */
    CHECK_OK(mc_draft_begin_edit(d, "m-10", "caption", NULL, true));
    CHECK_UI_MEMBER(d, "mode", "{\"kind\":\"edit\",\"message_id\":\"m-10\",\"media\":true}");
    TYPE(d, "!");
    CHECK_SEND(d, 6, "[" EDIT_MSG(Q("caption!"), "[]", Q("m-10"), Q("t-5")) "]");
    CHECK_TEXT(d, "draft in progress");
    /* Mentions of the edited message go out with it. */
    CHECK_OK(mc_draft_begin_edit(d, "m-11", "hi <@uid:u1>", "{\"u1\":\"Cy\"}", false));
    CHECK_SEND(d, 7, "[" EDIT_MSG(Q("hi <@uid:u1>"), "[" MENTION_OUT("u1", "Cy") "]", Q("m-11"), Q("t-5")) "]");
    mc_draft_free(d);
}

/* ---- Slow mode and the host clock ---- */

static void the_clock_never_goes_backwards_or_below_zero(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_REFUSED_MESSAGE(d, mc_draft_tick(d, -1), MC_ERR_OUT_OF_RANGE, "mc_draft_tick", "mc_draft_tick: clock -1 is negative");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_tick(d, INT64_MIN), MC_ERR_OUT_OF_RANGE, "mc_draft_tick");
    CHECK_OK(mc_draft_tick(d, 0));
    CHECK_OK(mc_draft_tick(d, 11000));
    CHECK_OK(mc_draft_tick(d, 11000)); /* the same time again is fine */
    CHECK_REFUSED_MESSAGE(d, mc_draft_tick(d, 10000), MC_ERR_OUT_OF_RANGE, "mc_draft_tick",
                          "mc_draft_tick: clock went backwards (10000 < 11000)");
    TYPE(d, "hi");
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 9000, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_send",
                          "mc_draft_send: clock went backwards (9000 < 11000)");
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, -5, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_send",
                          "mc_draft_send: clock -5 is negative");
    CHECK(out == NULL);
    CHECK_OK(mc_draft_tick(d, INT64_MAX));
    CHECK_SEND(d, INT64_MAX, "[" TEXT_MSG(Q("hi"), "[]", "null", "null") "]");
    mc_draft_free(d);

    /* Slow mode near the end of time: the deadline saturates instead of overflowing. */
    REQUIRE_NEW_DRAFT(slow, "{\"slow_mode_seconds\":10}");
    TYPE(slow, "x");
    CHECK_SEND(slow, INT64_MAX - 5, "[" TEXT_MSG(Q("x"), "[]", "null", "null") "]");
    TYPE(slow, "y");
    CHECK_UI_MEMBER(slow, "cooldown_remaining_ms", "5");
    CHECK_OK(mc_draft_tick(slow, INT64_MAX));
    CHECK_SENDABLE(slow);
    mc_draft_free(slow);
}

/* ---- Media after uploads ---- */

static void a_refused_send_changes_nothing(void) {
    REQUIRE_NEW_DRAFT(d, "{\"slow_mode_seconds\":60}");
    CHECK_OK(mc_draft_set_thread(d, "t"));
    TYPE(d, "first");
    CHECK_SEND(d, 100, "[" TEXT_MSG(Q("first"), "[]", "null", Q("t")) "]");
    TYPE(d, "**second**");
    CHECK_OK(mc_draft_begin_reply(d, "m-1", "Ann", "q", NULL));
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_set_selection(d, 2, 5));
    char *out = NULL;
    /* Blocked by the upload, then by the cooldown; the hand-typed markdown is not converted either. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 200, &out), MC_ERR_NOT_ALLOWED, "mc_draft_send",
                          "mc_draft_send: cannot send: 1 upload is still in progress");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/a"));
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 300, &out), MC_ERR_NOT_ALLOWED, "mc_draft_send",
                          "mc_draft_send: cannot send: slow mode: wait 60 s");
    CHECK(out == NULL);
    CHECK_TEXT(d, "**second**");
    CHECK_SEND(d, 60100, "[" MEDIA_MSG(Q("**second**"), "[]", "image",
                                       "[" OUT_FILE(1, "a.png", "image/png", 10, "image", Q("https://cdn/a"), "host-a") "]",
                                       Q("m-1"), Q("t")) "]");
    mc_draft_free(d);
}

/* ---- Commands ---- */

static void a_command_replaces_text_and_tray_and_sends_itself(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "t-2"));
    TYPE(d, "/gi");
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_set_command(d, "giphy", "cats"));
    CHECK_TEXT(d, "");
    CHECK_TRAY(d, "[]");
    CHECK_UI(d, UI_STATE("true", "null", MODE_NEW, Q("t-2"), "false", "[0,0]", NO_FORMATS, "[]", "false", "false", "false", "null", "null",
                         "null", "{\"name\":\"giphy\",\"args\":\"cats\"}", "0", "0", "null", "true", "true", "false"));
    /* No attachments while a command is set. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_stage_files(d, ONE_PNG, NULL), MC_ERR_NOT_ALLOWED, "mc_draft_stage_files",
                          "mc_draft_stage_files: attachments cannot be added to a command");
    CHECK_SEND(d, 0, "[" COMMAND_MSG(Q("giphy"), Q("cats"), Q("t-2")) "]");
    CHECK_UI_MEMBER(d, "command", "null");
    CHECK_SEND_BLOCKED(d, BLOCKED_EMPTY);

    /* Without args, args go out empty; a second command replaces the first. */
    CHECK_OK(mc_draft_set_command(d, "giphy", "dogs"));
    CHECK_OK(mc_draft_set_command(d, "shrug", NULL));
    CHECK_UI_MEMBER(d, "command", "{\"name\":\"shrug\",\"args\":null}");
    CHECK_SEND(d, 0, "[" COMMAND_MSG(Q("shrug"), "null", Q("t-2")) "]");

    /* Clearing the command leaves an empty draft; clearing none does nothing. */
    CHECK_OK(mc_draft_set_command(d, "me", "waves " S_GRIN));
    CHECK_OK(mc_draft_clear_command(d));
    CHECK_UI_MEMBER(d, "command", "null");
    CHECK_UI_MEMBER(d, "attachments_available", "true");
    CHECK_SEND_BLOCKED(d, BLOCKED_EMPTY);
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_clear_command(d));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    mc_draft_free(d);
}

/* ---- Snapshots of the composer state ---- */

static void snapshot_and_restore_round_trip(void) {
    /* A plain draft (no thread, no command, no tray): the snapshot restores into a new draft. */
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "hello ");
    CHECK_OK(mc_draft_toggle_format(d, 0, 5, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_set_selection(d, 4, 1));
    char *snapshot = support_draft_snapshot(d);
    CHECK_EQ_STR(snapshot, "{\"version\":2,\"document\":" DOC("hello ", SPAN(0, 5, "bold")) ",\"selection\":[4,1],"
                           "\"mode\":{\"kind\":\"new\"},\"thread_parent_id\":null,\"also_send_to_channel\":false,"
                           "\"command\":null,\"tray\":{\"tiles\":[],\"next_id\":1},\"last_message_at\":null,\"now\":0}");
    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_restore(e, snapshot));
    CHECK_DOC(e, DOC("hello ", SPAN(0, 5, "bold")));
    CHECK_SELECTION(e, 4, 1);
    char *again = support_draft_snapshot(e);
    CHECK_EQ_STR(again, snapshot);
    mc_string_free(again);
    /* Restoring into the draft itself works too, and its undo history starts empty. */
    CHECK_OK(mc_draft_restore(d, snapshot));
    CHECK_UNDO_STATE(d, 0, 0);
    mc_string_free(snapshot);
    mc_draft_free(e);
    mc_draft_free(d);
}

static void restore_refuses_bad_snapshots(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "T"));
    TYPE(d, "keep me");
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    static const struct {
        const char *json;
        mc_status status;
        const char *message; /* NULL: any message naming the function */
    } cases[] = {
        {"{\"version\":3,\"document\":{\"text\":\"x\"},\"selection\":[0,0]}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_restore: snapshot version 3 is not supported (this library reads versions 1 and 2)"},
        {"{\"version\":2,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"last_message_at\":-1}", MC_ERR_OUT_OF_RANGE,
         "mc_draft_restore: snapshot: clock values must not be negative"},
        {"{\"version\":2,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"cooldown_until\":5}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_restore: snapshot: unknown key \"cooldown_until\""},
        {"{\"version\":2,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"also_send_to_channel\":true}",
         MC_ERR_INVALID_ARGUMENT, "mc_draft_restore: snapshot: \"also_send_to_channel\" needs a thread parent"},
        {"{\"version\":2,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"tray\":{\"tiles\":[],\"next_id\":0}}",
         MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":0,\"document\":{\"text\":\"x\"},\"selection\":[0,0]}", MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"document\":{\"text\":\"x\"},\"selection\":[0,0]}", MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":\"1\",\"document\":{\"text\":\"x\"},\"selection\":[0,0]}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_restore: snapshot: \"version\" must be an integer, not string"},
        {"{\"version\":1}", MC_ERR_INVALID_ARGUMENT, "mc_draft_restore: snapshot: \"document\" is required"},
        {"{\"version\":1,\"document\":{\"text\":\"x\"}}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_restore: snapshot: \"selection\" must be [anchor, focus]"},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"extra\":1}", MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"mode\":{\"kind\":\"edit\",\"message_id\":\"m\"}}",
         MC_ERR_INVALID_ARGUMENT,
         "mc_draft_restore: snapshot: an edit needs its put-aside draft and only an edit has one"},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"mode\":{\"kind\":\"gone\"}}",
         MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"now\":-1}", MC_ERR_OUT_OF_RANGE,
         "mc_draft_restore: snapshot: clock values must not be negative"},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"cooldown_until\":-5}", MC_ERR_OUT_OF_RANGE, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"thread_parent_id\":\"\"}",
         MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"thread_parent_id\":7}",
         MC_ERR_INVALID_ARGUMENT, "mc_draft_restore: snapshot: \"thread_parent_id\" must be a string or null, not number"},
        {"{\"version\":1,\"document\":" DOC("x", LINK(0, 1, "javascript:alert(1)")) ",\"selection\":[0,0]}",
         MC_ERR_UNSAFE_LINK, NULL},
        {"{\"version\":1,\"document\":" DOC("x", COLOR(0, 1, "red")) ",\"selection\":[0,0]}", MC_ERR_INVALID_COLOR, NULL},
        {"{\"version\":1,\"document\":" DOC("x", SPAN(0, 5, "bold")) ",\"selection\":[0,0]}", MC_ERR_OUT_OF_RANGE, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"tray\":{\"tiles\":[{\"id\":0,\"name\":\"a\","
         "\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"queued\"}]}}", MC_ERR_INVALID_ARGUMENT, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"x\"},\"selection\":[0,0],\"tray\":{\"tiles\":[{\"id\":1,\"name\":\"a\","
         "\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"uploading\",\"progress\":2}]}}", MC_ERR_OUT_OF_RANGE, NULL},
        {"[]", MC_ERR_INVALID_ARGUMENT, "mc_draft_restore: snapshot must be a JSON object, not array"},
        {"{", MC_ERR_INVALID_JSON, NULL},
        {"", MC_ERR_INVALID_JSON, NULL},
        {"{\"version\":1,\"document\":{\"text\":\"\xFF\"},\"selection\":[0,0]}", MC_ERR_INVALID_UTF8,
         "mc_draft_restore: invalid UTF-8 in string argument"},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        if (cases[i].message)
            CHECK_REFUSED_MESSAGE(d, mc_draft_restore(d, cases[i].json), cases[i].status, "mc_draft_restore",
                                  cases[i].message);
        else
            CHECK_REFUSED_UNCHANGED(d, mc_draft_restore(d, cases[i].json), cases[i].status, "mc_draft_restore");
    }
    CHECK_REFUSED_MESSAGE(d, mc_draft_restore(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_restore",
                          "mc_draft_restore: snapshot_json is NULL");
    /* A minimal snapshot (optional members left out) restores a new-mode draft without a tray. */
    CHECK_OK(mc_draft_restore(d, "{\"version\":1,\"document\":{\"text\":\"abc\"},\"selection\":[9,-9]}"));
    CHECK_TEXT(d, "abc");
    CHECK_SELECTION(d, 3, 0); /* clamped */
    CHECK_TRAY(d, "[]");
    CHECK_UI_MEMBER(d, "thread_parent_id", "null");
    mc_draft_free(d);
}

/* ---- Refused inputs ---- */

static void composer_functions_refuse_bad_handles(void) {
    char *s = NULL;
    bool b = false;
    CHECK_BAD_HANDLES("mc_draft_ui_state", mc_draft_ui_state(bad_handle_, &s));
    CHECK_BAD_HANDLES("mc_draft_can_send", mc_draft_can_send(bad_handle_, &b));
    CHECK_BAD_HANDLES("mc_draft_send", mc_draft_send(bad_handle_, 0, &s));
    CHECK_BAD_HANDLES("mc_draft_tick", mc_draft_tick(bad_handle_, 0));
    CHECK_BAD_HANDLES("mc_draft_clear", mc_draft_clear(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_begin_edit", mc_draft_begin_edit(bad_handle_, "m", "x", NULL, false));
    CHECK_BAD_HANDLES("mc_draft_begin_reply", mc_draft_begin_reply(bad_handle_, "m", "A", "x", NULL));
    CHECK_BAD_HANDLES("mc_draft_cancel_mode", mc_draft_cancel_mode(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_set_thread", mc_draft_set_thread(bad_handle_, "t"));
    CHECK_BAD_HANDLES("mc_draft_set_command", mc_draft_set_command(bad_handle_, "giphy", NULL));
    CHECK_BAD_HANDLES("mc_draft_clear_command", mc_draft_clear_command(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_snapshot", mc_draft_snapshot(bad_handle_, &s));
    CHECK_BAD_HANDLES("mc_draft_restore", mc_draft_restore(bad_handle_, "{\"version\":1,\"document\":{\"text\":\"\"},\"selection\":[0,0]}"));
    CHECK(s == NULL);
    /* A NULL draft is reported first, whatever the other arguments. */
    CHECK_REFUSED(mc_draft_begin_edit(NULL, NULL, "\xFF", "{", false), MC_ERR_INVALID_HANDLE, "mc_draft_begin_edit");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_begin_edit: draft is NULL");
    CHECK_REFUSED(mc_draft_send(NULL, -1, NULL), MC_ERR_INVALID_HANDLE, "mc_draft_send");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_send: draft is NULL");
    CHECK_REFUSED(mc_draft_set_command(NULL, "", "\xFF"), MC_ERR_INVALID_HANDLE, "mc_draft_set_command");
    CHECK_REFUSED(mc_draft_restore(NULL, "{"), MC_ERR_INVALID_HANDLE, "mc_draft_restore");
}

static void composer_functions_refuse_bad_arguments(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "T"));
    TYPE(d, "keep");
    CHECK_OK(mc_draft_set_selection(d, 1, 3));

    /* Out-parameters. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_ui_state(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_ui_state",
                          "mc_draft_ui_state: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_can_send(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_can_send",
                          "mc_draft_can_send: out_can_send is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 0, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_send",
                          "mc_draft_send: out_messages_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_snapshot(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_snapshot",
                          "mc_draft_snapshot: out_json is NULL");

    /* begin_edit: NULL, invalid UTF-8, bad ids and bad mention names. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, NULL, "x", NULL, false), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: message_id is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "m", NULL, NULL, false), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: markdown is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "\xFF", "x", NULL, false), MC_ERR_INVALID_UTF8, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: invalid UTF-8 in string argument");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, "m", "\xC0\xAF", NULL, false), MC_ERR_INVALID_UTF8, "mc_draft_begin_edit");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, "m", "x", "{\"u1\":\"\xFF\"}", false), MC_ERR_INVALID_UTF8,
                            "mc_draft_begin_edit");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "", "x", NULL, false), MC_ERR_INVALID_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: message id must be 1-256 characters without control characters");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, "a\nb", "x", NULL, false), MC_ERR_INVALID_ARGUMENT, "mc_draft_begin_edit");
    char long_id[258];
    memset(long_id, 'i', 257);
    long_id[257] = '\0';
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, long_id, "x", NULL, false), MC_ERR_INVALID_ARGUMENT, "mc_draft_begin_edit");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_set_thread(d, long_id), MC_ERR_INVALID_ARGUMENT, "mc_draft_set_thread");
    long_id[256] = '\0'; /* 256 characters are fine */
    CHECK_OK(mc_draft_set_thread(d, long_id));
    CHECK_OK(mc_draft_set_thread(d, "T"));
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "m", "x", "{", false), MC_ERR_INVALID_JSON, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: invalid JSON: expected a string key at byte 1");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "m", "x", "[]", false), MC_ERR_INVALID_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: mentions_json must be a JSON object {\"uid\": \"name\"}");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, "m", "x", "{\"bad uid\":\"x\"}", false), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_begin_edit");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_edit(d, "m", "x", "{\"u1\":7}", false), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_begin_edit");

    /* begin_reply. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, NULL, "A", "x", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: message_id is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, "m", NULL, "x", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: sender is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, "m", "A", NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: markdown is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "\xFF", "A", "x", NULL), MC_ERR_INVALID_UTF8, "mc_draft_begin_reply");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "m", "\xED\xA0\x80", "x", NULL), MC_ERR_INVALID_UTF8,
                            "mc_draft_begin_reply"); /* a UTF-16 surrogate */
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "m", "A", "\xFF", NULL), MC_ERR_INVALID_UTF8, "mc_draft_begin_reply");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "", "A", "x", NULL), MC_ERR_INVALID_ARGUMENT, "mc_draft_begin_reply");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "m", "A", "x", "{"), MC_ERR_INVALID_JSON, "mc_draft_begin_reply");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_begin_reply(d, "m", "A", "x", "\"u1\""), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_begin_reply");

    /* set_thread: NULL clears (allowed); empty, control characters and invalid UTF-8 are refused. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_thread(d, ""), MC_ERR_INVALID_ARGUMENT, "mc_draft_set_thread",
                          "mc_draft_set_thread: thread parent id must be 1-256 characters without control characters");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_set_thread(d, "a\tb"), MC_ERR_INVALID_ARGUMENT, "mc_draft_set_thread");
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_thread(d, "\xFF"), MC_ERR_INVALID_UTF8, "mc_draft_set_thread",
                          "mc_draft_set_thread: invalid UTF-8 in string argument");

    /* set_command. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_command(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_set_command",
                          "mc_draft_set_command: name is NULL");
    static const char *const bad_names[] = {"", "a b", "/giphy", "gi\nphy", ("a\xC2\xA0" "b")}; /* NBSP */
    for (size_t i = 0; i < ARRAY_LEN(bad_names); i++)
        CHECK_REFUSED_MESSAGE(d, mc_draft_set_command(d, bad_names[i], NULL), MC_ERR_INVALID_ARGUMENT, "mc_draft_set_command",
                              "mc_draft_set_command: command name must be non-empty, without whitespace or '/'");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_set_command(d, "\xFF", NULL), MC_ERR_INVALID_UTF8, "mc_draft_set_command");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_set_command(d, "giphy", "\xFF"), MC_ERR_INVALID_UTF8, "mc_draft_set_command");

    /* The clock. */
    CHECK_REFUSED_UNCHANGED(d, mc_draft_tick(d, -1), MC_ERR_OUT_OF_RANGE, "mc_draft_tick");
    char *out = NULL;
    CHECK_REFUSED_UNCHANGED(d, mc_draft_send(d, -1, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_send");
    CHECK(out == NULL);
    CHECK_TEXT(d, "keep");
    CHECK_SELECTION(d, 1, 3);
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(a_new_draft_has_the_default_ui_state),
    HARNESS_TEST(type_mention_format_and_send_in_a_thread),
    HARNESS_TEST(editing_and_sending_gives_an_edit_and_the_draft_back),
    HARNESS_TEST(the_clock_never_goes_backwards_or_below_zero),
    HARNESS_TEST(a_refused_send_changes_nothing),
    HARNESS_TEST(a_command_replaces_text_and_tray_and_sends_itself),
    HARNESS_TEST(snapshot_and_restore_round_trip),
    HARNESS_TEST(restore_refuses_bad_snapshots),
    HARNESS_TEST(composer_functions_refuse_bad_handles),
    HARNESS_TEST(composer_functions_refuse_bad_arguments),
};

void register_composer_tests(void) { HARNESS_REGISTER("composer", TESTS); }
