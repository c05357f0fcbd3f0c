/*
 * test_handles.c: every function that takes a draft (text, document, editing, formats, links, mentions,
 * history, markdown, and the composer: UI state, listener, clock, send, modes, thread, commands,
 * snapshots, attachments, voice notes), called with NULL, freed and forged handles, and with NULL
 * out-parameters / string arguments. Nothing may crash; each refusal has its status and a message naming
 * the function, and no live draft changes (nor hears of it: a listener given with a bad handle is never
 * registered).
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define INVALID_HANDLE_MESSAGE "draft handle is invalid (freed, double-freed or never issued)"

/* Every function that takes a draft, called with otherwise valid arguments (writes are harmless: they
   must never reach a draft through a bad handle). */
typedef enum {
    OP_CONFIG, OP_CONVERT, OP_DOCUMENT, OP_LENGTH, OP_LOAD, OP_REPLACE, OP_REPLACE_N, OP_SELECTION,
    OP_SET_SELECTION, OP_TEXT, OP_INSERT, OP_INSERT_N, OP_DELETE_BACKWARD, OP_DELETE_FORWARD, OP_ENTER,
    OP_MOVE_CARET, OP_SELECT_ALL, OP_APPLY_FORMAT, OP_REMOVE_FORMAT, OP_TOGGLE_FORMAT, OP_ACTIVE_FORMATS,
    OP_SET_LINK, OP_REMOVE_LINK, OP_INSERT_LINK, OP_INSERT_MENTION, OP_MENTIONS, OP_UNDO, OP_REDO,
    OP_UNDO_STATE, OP_BEGIN_BATCH, OP_COMMIT_BATCH, OP_SERIALIZE, OP_LOAD_MARKDOWN, OP_NORMALIZE_MARKDOWN,
    OP_UI_STATE, OP_SET_LISTENER, OP_TICK, OP_CAN_SEND, OP_SEND, OP_CLEAR, OP_BEGIN_EDIT, OP_BEGIN_REPLY,
    OP_CANCEL_MODE, OP_SET_THREAD, OP_SET_COMMAND, OP_CLEAR_COMMAND, OP_SNAPSHOT, OP_RESTORE, OP_STAGE_FILES,
    OP_UPLOAD_EVENT, OP_REMOVE_ATTACHMENT, OP_ATTACHMENTS, OP_VOICE_NOTE,
    OP_COUNT
} op_kind;

static const char *const OP_NAMES[OP_COUNT] = {
    "mc_draft_config", "mc_draft_convert_offset", "mc_draft_document", "mc_draft_length",
    "mc_draft_load_document", "mc_draft_replace", "mc_draft_replace_n", "mc_draft_selection",
    "mc_draft_set_selection", "mc_draft_text", "mc_draft_insert", "mc_draft_insert_n",
    "mc_draft_delete_backward", "mc_draft_delete_forward", "mc_draft_enter", "mc_draft_move_caret",
    "mc_draft_select_all", "mc_draft_apply_format", "mc_draft_remove_format", "mc_draft_toggle_format",
    "mc_draft_active_formats", "mc_draft_set_link", "mc_draft_remove_link", "mc_draft_insert_link",
    "mc_draft_insert_mention", "mc_draft_mentions", "mc_draft_undo", "mc_draft_redo", "mc_draft_undo_state",
    "mc_draft_begin_batch", "mc_draft_commit_batch", "mc_draft_serialize", "mc_draft_load_markdown",
    "mc_draft_normalize_markdown", "mc_draft_ui_state", "mc_draft_set_listener", "mc_draft_tick",
    "mc_draft_can_send", "mc_draft_send", "mc_draft_clear", "mc_draft_begin_edit", "mc_draft_begin_reply",
    "mc_draft_cancel_mode", "mc_draft_set_thread", "mc_draft_set_command", "mc_draft_clear_command",
    "mc_draft_snapshot", "mc_draft_restore", "mc_draft_stage_files", "mc_draft_upload_event",
    "mc_draft_remove_attachment", "mc_draft_attachments", "mc_draft_voice_note",
};

/* A listener that must never be registered (it is only ever passed with a bad handle). */
static void forbidden_listener(void *user_data, int32_t kind, const char *payload_json) {
    (void)user_data;
    harness_fail(__FILE__, __LINE__, "a listener passed with a bad handle heard event %d: %s", (int)kind,
                 payload_json ? payload_json : "NULL");
}

#define FORGED_SNAPSHOT "{\"version\":1,\"document\":{\"text\":\"forged write\"},\"selection\":[0,0]}"

/* Sentinels: an out-parameter must not receive an allocation when the call is refused. */
static char string_sentinel;
#define STRING_SENTINEL (&string_sentinel)

/* Calls one draft function with otherwise valid arguments. *leaked is set when a refused call
   handed back a string (it is freed here). */
static mc_status call_op(int op, mc_draft *d, int *leaked) {
    char *s = STRING_SENTINEL;
    int64_t a = -7, b = -7;
    bool u = false, r = false;
    mc_status status;
    switch ((op_kind)op) {
    case OP_CONFIG: status = mc_draft_config(d, &s); break;
    case OP_CONVERT: status = mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &a); break;
    case OP_DOCUMENT: status = mc_draft_document(d, &s); break;
    case OP_LENGTH: status = mc_draft_length(d, &a); break;
    case OP_LOAD: status = mc_draft_load_document(d, "{\"text\":\"forged write\"}"); break;
    case OP_REPLACE: status = mc_draft_replace(d, 0, 0, "forged write"); break;
    case OP_REPLACE_N: status = mc_draft_replace_n(d, 0, 0, "forged write", 12); break;
    case OP_SELECTION: status = mc_draft_selection(d, &a, &b); break;
    case OP_SET_SELECTION: status = mc_draft_set_selection(d, 0, 0); break;
    case OP_TEXT: status = mc_draft_text(d, &s); break;
    case OP_INSERT: status = mc_draft_insert(d, "forged write"); break;
    case OP_INSERT_N: status = mc_draft_insert_n(d, "forged write", 12); break;
    case OP_DELETE_BACKWARD: status = mc_draft_delete_backward(d); break;
    case OP_DELETE_FORWARD: status = mc_draft_delete_forward(d); break;
    case OP_ENTER: status = mc_draft_enter(d); break;
    case OP_MOVE_CARET: status = mc_draft_move_caret(d, MC_CARET_DOCUMENT, -1, 0); break;
    case OP_SELECT_ALL: status = mc_draft_select_all(d); break;
    case OP_APPLY_FORMAT: status = mc_draft_apply_format(d, 0, 0, MC_FORMAT_QUOTE, NULL, MC_FLAG_PROTECT); break;
    case OP_REMOVE_FORMAT: status = mc_draft_remove_format(d, 0, 0, MC_FORMAT_BOLD, MC_FLAG_PROTECT); break;
    case OP_TOGGLE_FORMAT: status = mc_draft_toggle_format(d, 0, 0, MC_FORMAT_QUOTE, NULL, 0); break;
    case OP_ACTIVE_FORMATS: status = mc_draft_active_formats(d, &s); break;
    case OP_SET_LINK: status = mc_draft_set_link(d, "https://forged.io"); break;
    case OP_REMOVE_LINK: status = mc_draft_remove_link(d); break;
    case OP_INSERT_LINK: status = mc_draft_insert_link(d, "forged", "https://forged.io"); break;
    case OP_INSERT_MENTION: status = mc_draft_insert_mention(d, "u1", "Forged"); break;
    case OP_MENTIONS: status = mc_draft_mentions(d, &s); break;
    case OP_UNDO: status = mc_draft_undo(d); break;
    case OP_REDO: status = mc_draft_redo(d); break;
    case OP_UNDO_STATE: status = mc_draft_undo_state(d, &u, &r); break;
    case OP_BEGIN_BATCH: status = mc_draft_begin_batch(d); break;
    case OP_COMMIT_BATCH: status = mc_draft_commit_batch(d); break;
    case OP_SERIALIZE: status = mc_draft_serialize(d, &s); break;
    case OP_LOAD_MARKDOWN: status = mc_draft_load_markdown(d, "**forged**", "{\"u1\":\"Forged\"}"); break;
    case OP_NORMALIZE_MARKDOWN: status = mc_draft_normalize_markdown(d); break;
    case OP_UI_STATE: status = mc_draft_ui_state(d, &s); break;
    case OP_SET_LISTENER: status = mc_draft_set_listener(d, forbidden_listener, &a); break;
    case OP_TICK: status = mc_draft_tick(d, 1000); break;
    case OP_CAN_SEND: status = mc_draft_can_send(d, &u); break;
    case OP_SEND: status = mc_draft_send(d, 1000, &s); break;
    case OP_CLEAR: status = mc_draft_clear(d); break;
    case OP_BEGIN_EDIT: status = mc_draft_begin_edit(d, "m-1", "forged write", NULL, false); break;
    case OP_BEGIN_REPLY: status = mc_draft_begin_reply(d, "m-1", "Forger", "forged", NULL); break;
    case OP_CANCEL_MODE: status = mc_draft_cancel_mode(d); break;
    case OP_SET_THREAD: status = mc_draft_set_thread(d, "forged-thread"); break;
    case OP_SET_COMMAND: status = mc_draft_set_command(d, "forged", NULL); break;
    case OP_CLEAR_COMMAND: status = mc_draft_clear_command(d); break;
    case OP_SNAPSHOT: status = mc_draft_snapshot(d, &s); break;
    case OP_RESTORE: status = mc_draft_restore(d, FORGED_SNAPSHOT); break;
    case OP_STAGE_FILES: status = mc_draft_stage_files(d, "[{\"name\":\"forged.png\",\"size\":1}]", &s); break;
    case OP_UPLOAD_EVENT: status = mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL); break;
    case OP_REMOVE_ATTACHMENT: status = mc_draft_remove_attachment(d, 1); break;
    case OP_ATTACHMENTS: status = mc_draft_attachments(d, &s); break;
    case OP_VOICE_NOTE: status = mc_draft_voice_note(d, "forged.m4a", "audio/mp4", 1, "https://forged.io/v", &s); break;
    default: status = MC_OK; break;
    }
    if (s != STRING_SENTINEL && s != NULL) {
        if (status != MC_OK) *leaked = 1;
        mc_string_free(s);
    }
    return status;
}

typedef struct {
    const char *what;
    mc_draft *handle;
    const char *message; /* after "<function>: " */
} bad_handle;

static void every_function_refuses_bad_handles(void) {
    REQUIRE_NEW_DRAFT(witness, NULL);
    REQUIRE_LOAD(witness, "{\"text\":\"witness \\ud83d\\ude00\",\"spans\":[{\"start\":0,\"end\":7,\"format\":\"bold\"}]}");
    CHECK_OK(mc_draft_set_selection(witness, 2, 5));
    CHECK_OK(mc_draft_stage_files(witness, "[{\"name\":\"w.png\",\"size\":1}]", NULL)); /* tile 1 */
    CHECK_OK(mc_draft_set_thread(witness, "witness-thread"));
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, witness, &before));

    REQUIRE_NEW_DRAFT(freed, NULL);
    mc_draft_free(freed);
    int local = 42;
    void *heap = malloc(128);
    REQUIRE(heap != NULL);
    memset(heap, 0, 128);

    const bad_handle handles[] = {
        {"NULL", NULL, "draft is NULL"},
        {"freed", freed, INVALID_HANDLE_MESSAGE},
        {"0x1234", (mc_draft *)(uintptr_t)0x1234, INVALID_HANDLE_MESSAGE},
        {"&local", (mc_draft *)(void *)&local, INVALID_HANDLE_MESSAGE},
        {"malloc'd", (mc_draft *)heap, INVALID_HANDLE_MESSAGE},
        {"tagged, generation 0", (mc_draft *)(uintptr_t)0xB, INVALID_HANDLE_MESSAGE},
        {"tagged, absurd slot", (mc_draft *)(uintptr_t)0xFFFFFFFFFFFFFFFBull, INVALID_HANDLE_MESSAGE},
        /* Generation 1, the table's last slot (its chunk never made) and the first slot past the
           table (4096 chunks of 1024): the directory holds 4096 entries, and reading a 4097th
           would read past it (valgrind, which runs this suite, reports such a read). */
        {"tagged, last slot of the table", (mc_draft *)(uintptr_t)(((uint64_t)1 << 32) | (0x3FFFFFull << 4) | 0xB),
         INVALID_HANDLE_MESSAGE},
        {"tagged, first slot past the table", (mc_draft *)(uintptr_t)(((uint64_t)1 << 32) | (0x400000ull << 4) | 0xB),
         INVALID_HANDLE_MESSAGE},
        {"all ones", (mc_draft *)(uintptr_t)UINTPTR_MAX, INVALID_HANDLE_MESSAGE},
        {"witness + 1", (mc_draft *)((uintptr_t)witness + 1), INVALID_HANDLE_MESSAGE},
        {"witness, next slot", (mc_draft *)((uintptr_t)witness ^ 0x10), INVALID_HANDLE_MESSAGE},
        {"witness, other generation", (mc_draft *)((uintptr_t)witness ^ ((uintptr_t)1 << 40)), INVALID_HANDLE_MESSAGE},
    };

    for (size_t h = 0; h < ARRAY_LEN(handles); h++) {
        for (int op = 0; op < OP_COUNT; op++) {
            support_prime_last_error(OP_NAMES[op]);
            int leaked = 0;
            mc_status status = call_op(op, handles[h].handle, &leaked);
            char expected[256];
            snprintf(expected, sizeof expected, "%s: %s", OP_NAMES[op], handles[h].message);
            if (status != MC_ERR_INVALID_HANDLE || strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "%s on the %s handle returned %s with message \"%s\"; expected "
                             "MC_ERR_INVALID_HANDLE with \"%s\"", OP_NAMES[op], handles[h].what,
                             mc_status_name(status), mc_last_error(), expected);
            if (leaked)
                harness_fail(__FILE__, __LINE__, "%s on the %s handle handed back a string", OP_NAMES[op],
                             handles[h].what);
        }
        if (handles[h].handle != NULL) {
            support_prime_last_error("mc_draft_free");
            mc_draft_free(handles[h].handle);
            char expected[256];
            snprintf(expected, sizeof expected, "mc_draft_free: %s", handles[h].message);
            if (strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "mc_draft_free on the %s handle: message \"%s\"", handles[h].what,
                             mc_last_error());
        }
    }
    /* Nothing was written through the forged pointers, and the live draft is untouched. */
    CHECK_EQ_INT(local, 42);
    int heap_clean = 1;
    for (int i = 0; i < 128; i++)
        if (((unsigned char *)heap)[i] != 0) heap_clean = 0;
    CHECK(heap_clean);
    free(heap);
    CHECK_UNCHANGED(witness, &before);
    support_snapshot_free(&before);
    /* No listener reached the witness: changing it now calls nothing. */
    CHECK_OK(mc_draft_insert(witness, "x"));
    mc_draft_free(witness);
}

static void out_parameters_must_not_be_null(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"abc\\ndef\",\"spans\":[{\"start\":0,\"end\":3,\"format\":\"quote\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 5, 1));
    int64_t a = -7, f = -7;

    CHECK_REFUSED_UNCHANGED(d, mc_draft_config(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_config");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_config: out_json is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_document(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_document: out_document_json is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_text(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_text");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_text: out_text is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_length(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_length");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_length: out_length is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, NULL, &f), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_selection: out_anchor is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, &a, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_selection: out_focus is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 1, MC_UNIT_SCALAR, MC_UNIT_UTF16, NULL),
                            MC_ERR_NULL_ARGUMENT, "mc_draft_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_convert_offset: out_offset is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_active_formats(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_active_formats",
                          "mc_draft_active_formats: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_mentions(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_mentions",
                          "mc_draft_mentions: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_serialize(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_serialize",
                          "mc_draft_serialize: out_markdown is NULL");
    bool u = false, r = false;
    CHECK_REFUSED_MESSAGE(d, mc_draft_undo_state(d, NULL, &r), MC_ERR_NULL_ARGUMENT, "mc_draft_undo_state",
                          "mc_draft_undo_state: out_can_undo is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_undo_state(d, &u, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_undo_state",
                          "mc_draft_undo_state: out_can_redo is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_undo_state(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_undo_state");
    CHECK_REFUSED_MESSAGE(d, mc_draft_ui_state(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_ui_state",
                          "mc_draft_ui_state: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_can_send(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_can_send",
                          "mc_draft_can_send: out_can_send is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 0, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_send",
                          "mc_draft_send: out_messages_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_snapshot(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_snapshot",
                          "mc_draft_snapshot: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_attachments(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_attachments",
                          "mc_draft_attachments: out_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v.m4a", "audio/mp4", 1, "https://cdn/v", NULL), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: out_message_json is NULL");
    /* The stage result is optional: NULL is allowed there. */
    CHECK_OK(mc_draft_stage_files(d, "[]", NULL));
    mc_draft_free(d);
}

static void string_arguments_must_not_be_null(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"keep me\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"italic\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 1, 2));
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace(d, 0, 0, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_replace");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace: utf8 is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 0, NULL, 1), MC_ERR_NULL_ARGUMENT, "mc_draft_replace_n");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace_n: utf8 is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 7, NULL, 100), MC_ERR_NULL_ARGUMENT, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_load_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_load_document: document_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_insert",
                          "mc_draft_insert: utf8 is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_n(d, NULL, 1), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_n",
                          "mc_draft_insert_n: utf8 is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_link(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_set_link",
                          "mc_draft_set_link: url is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, NULL, "https://a.io"), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_insert_link", "mc_draft_insert_link: text is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "a", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_link",
                          "mc_draft_insert_link: url is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, NULL, "Bob"), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_insert_mention", "mc_draft_insert_mention: uid is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, "u1", NULL), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_insert_mention", "mc_draft_insert_mention: name is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_load_markdown(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_load_markdown",
                          "mc_draft_load_markdown: markdown is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, NULL, "x", NULL, false), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: message_id is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_edit(d, "m", NULL, NULL, true), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_edit",
                          "mc_draft_begin_edit: markdown is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, NULL, "A", "x", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: message_id is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, "m", NULL, "x", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: sender is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_begin_reply(d, "m", "A", NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_begin_reply",
                          "mc_draft_begin_reply: markdown is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_command(d, NULL, "args"), MC_ERR_NULL_ARGUMENT, "mc_draft_set_command",
                          "mc_draft_set_command: name is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_restore(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_restore",
                          "mc_draft_restore: snapshot_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_stage_files(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_stage_files",
                          "mc_draft_stage_files: files_json is NULL");
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, NULL, "audio/mp4", 1, "r", &out), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: name is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", NULL, 1, "r", &out), MC_ERR_NULL_ARGUMENT, "mc_draft_voice_note",
                          "mc_draft_voice_note: mime is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", "audio/mp4", 1, NULL, &out), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: remote is NULL");
    CHECK(out == NULL);
    /* Where NULL means "none", it is accepted: mentions_json, args, the thread, a reject message. */
    CHECK_OK(mc_draft_set_thread(d, NULL));
    CHECK_OK(mc_draft_begin_reply(d, "m", "A", "x", NULL));
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    mc_draft_free(d);
}

/* A bad handle together with bad arguments. A NULL handle is checked before anything else by every draft
   function, so it is always MC_ERR_INVALID_HANDLE ("<function>: draft is NULL"). A forged non-NULL handle
   may be found after the arguments: then either error is fine, never a crash. */
enum { BAD_CASES = 41 };

static mc_status call_with_bad_arguments(int which, mc_draft *d, const char **function) {
    int64_t a;
    static const char *const names[BAD_CASES] = {
        "mc_draft_config", "mc_draft_document", "mc_draft_text", "mc_draft_length", "mc_draft_selection",
        "mc_draft_convert_offset", "mc_draft_replace", "mc_draft_replace_n", "mc_draft_load_document",
        "mc_draft_replace", "mc_draft_load_document", "mc_draft_convert_offset", "mc_draft_insert",
        "mc_draft_insert_n", "mc_draft_move_caret", "mc_draft_apply_format", "mc_draft_remove_format",
        "mc_draft_toggle_format", "mc_draft_active_formats", "mc_draft_set_link", "mc_draft_insert_link",
        "mc_draft_insert_mention", "mc_draft_mentions", "mc_draft_undo_state", "mc_draft_serialize",
        "mc_draft_load_markdown", "mc_draft_ui_state", "mc_draft_can_send", "mc_draft_send", "mc_draft_tick",
        "mc_draft_begin_edit", "mc_draft_begin_reply", "mc_draft_set_thread", "mc_draft_set_command",
        "mc_draft_snapshot", "mc_draft_restore", "mc_draft_stage_files", "mc_draft_upload_event",
        "mc_draft_remove_attachment", "mc_draft_attachments", "mc_draft_voice_note",
    };
    *function = names[which];
    switch (which) {
    case 0: return mc_draft_config(d, NULL);
    case 1: return mc_draft_document(d, NULL);
    case 2: return mc_draft_text(d, NULL);
    case 3: return mc_draft_length(d, NULL);
    case 4: return mc_draft_selection(d, NULL, NULL);
    case 5: return mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, NULL);
    case 6: return mc_draft_replace(d, 0, 0, NULL);
    case 7: return mc_draft_replace_n(d, 0, 0, NULL, 3);
    case 8: return mc_draft_load_document(d, NULL);
    case 9: return mc_draft_replace(d, -1, 0, "\xFF");
    case 10: return mc_draft_load_document(d, "{not json");
    case 11: return mc_draft_convert_offset(d, -1, 42, MC_UNIT_UTF8, &a);
    case 12: return mc_draft_insert(d, "\xC0\xAF");
    case 13: return mc_draft_insert_n(d, "a\0b", 3);
    case 14: return mc_draft_move_caret(d, 99, 1, 0xFFu);
    case 15: return mc_draft_apply_format(d, -5, 99, 42, "\xFF", 0x80u);
    case 16: return mc_draft_remove_format(d, 3, 1, -1, 0x4u);
    case 17: return mc_draft_toggle_format(d, 0, 1, MC_FORMAT_COLOR, "red", MC_FLAG_EXTEND);
    case 18: return mc_draft_active_formats(d, NULL);
    case 19: return mc_draft_set_link(d, "javascript:alert(1)");
    case 20: return mc_draft_insert_link(d, NULL, NULL);
    case 21: return mc_draft_insert_mention(d, "bad uid", "");
    case 22: return mc_draft_mentions(d, NULL);
    case 23: return mc_draft_undo_state(d, NULL, NULL);
    case 24: return mc_draft_serialize(d, NULL);
    case 25: return mc_draft_load_markdown(d, "\xFF", "[");
    case 26: return mc_draft_ui_state(d, NULL);
    case 27: return mc_draft_can_send(d, NULL);
    case 28: return mc_draft_send(d, -1, NULL);
    case 29: return mc_draft_tick(d, -1);
    case 30: return mc_draft_begin_edit(d, NULL, "\xFF", "{", false);
    case 31: return mc_draft_begin_reply(d, "", NULL, "\xFF", "[");
    case 32: return mc_draft_set_thread(d, "\xFF");
    case 33: return mc_draft_set_command(d, "", "\xFF");
    case 34: return mc_draft_snapshot(d, NULL);
    case 35: return mc_draft_restore(d, "{");
    case 36: return mc_draft_stage_files(d, "{", NULL);
    case 37: return mc_draft_upload_event(d, 0, 99, NAN, "\xFF");
    case 38: return mc_draft_remove_attachment(d, 0);
    case 39: return mc_draft_attachments(d, NULL);
    default: return mc_draft_voice_note(d, NULL, "\xFF", -1, "", NULL);
    }
}

static void null_handle_is_refused_before_the_arguments(void) {
    for (int i = 0; i < BAD_CASES; i++) {
        const char *function = "";
        support_prime_last_error("(none)");
        mc_status status = call_with_bad_arguments(i, NULL, &function);
        char expected[128];
        snprintf(expected, sizeof expected, "%s: draft is NULL", function);
        if (status != MC_ERR_INVALID_HANDLE || strcmp(mc_last_error(), expected) != 0)
            harness_fail(__FILE__, __LINE__, "%s (case %d) with a NULL draft returned %s, message \"%s\"; expected "
                         "MC_ERR_INVALID_HANDLE, \"%s\"", function, i, mc_status_name(status), mc_last_error(),
                         expected);
    }
}

static void forged_handle_with_bad_arguments_is_refused(void) {
    mc_draft *handles[] = {(mc_draft *)(uintptr_t)0x1234, support_freed_draft()};
    for (size_t h = 0; h < ARRAY_LEN(handles); h++) {
        for (int i = 0; i < BAD_CASES; i++) {
            const char *function = "";
            support_prime_last_error("(none)");
            mc_status status = call_with_bad_arguments(i, handles[h], &function);
            int acceptable = status == MC_ERR_INVALID_HANDLE || status == MC_ERR_NULL_ARGUMENT
                || status == MC_ERR_INVALID_UTF8 || status == MC_ERR_INVALID_JSON || status == MC_ERR_INVALID_ARGUMENT
                || status == MC_ERR_OUT_OF_RANGE;
            if (!acceptable || !support_last_error_names(function))
                harness_fail(__FILE__, __LINE__, "%s (case %d, handle %zu) returned %s, message \"%s\"", function, i, h,
                             mc_status_name(status), mc_last_error());
        }
    }
}

/* Valid handles with garbage in the other arguments never touch the handle table wrongly. */
static void set_selection_takes_any_offsets(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "abc"));
    CHECK_OK(mc_draft_set_selection(d, INT64_MIN, INT64_MAX));
    CHECK_SELECTION(d, 0, 3);
    CHECK_TEXT(d, "abc");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(every_function_refuses_bad_handles),
    HARNESS_TEST(out_parameters_must_not_be_null),
    HARNESS_TEST(string_arguments_must_not_be_null),
    HARNESS_TEST(null_handle_is_refused_before_the_arguments),
    HARNESS_TEST(forged_handle_with_bad_arguments_is_refused),
    HARNESS_TEST(set_selection_takes_any_offsets),
};

void register_handles_tests(void) { HARNESS_REGISTER("handles", TESTS); }
