/*
 * test_attachments.c: the attachment functions at the C boundary (mc_draft_stage_files,
 * mc_draft_upload_event, mc_draft_remove_attachment, mc_draft_attachments, mc_draft_voice_note): the
 * files JSON in and the tray and outgoing JSON out, every MC_UPLOAD_* event with its progress and value
 * (NULL where it has none), a retried upload sent as media, a voice note, the tray through a snapshot,
 * and every refused input. The tray's rules (the upload state machine, limits, kinds, ids, sending by
 * kind, voice notes, the legacy mode) are the engine's: Tests/ComposerCoreTests/Attachments and
 * Tests/ComposerCoreTests/Composer.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define ONE_PNG "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10}]"

#define T_QUEUED TILE_QUEUED(1, "image", "a.png", "image/png", 10)
#define T_UPLOADING(p) TILE_UPLOADING(1, "image", "a.png", "image/png", 10, p)
#define T_UPLOADED(r) TILE_UPLOADED(1, "image", "a.png", "image/png", 10, r)
#define T_FAILED(m) TILE_FAILED(1, "image", "a.png", "image/png", 10, m)
#define T_ERROR(m) TILE_ERROR(1, "image", "a.png", "image/png", 10, m)

/* ---- Allowed types and server refusals ---- */

static void allowed_types_and_server_refusals(void) {
    REQUIRE_NEW_DRAFT(d, "{\"allowed_types\":[\"image/*\",\"application/pdf\"]}");
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"a.png\",\"size\":1},{\"name\":\"b.txt\",\"size\":1},"
                                     "{\"name\":\"c.pdf\",\"mime\":\"Application/PDF; x=1\",\"size\":1},"
                                     "{\"name\":\"D.PDF\",\"size\":1},{\"name\":\"e\",\"mime\":\"IMAGE/GIF\",\"size\":1},"
                                     "{\"name\":\"f.mp4\",\"mime\":\"video/mp4\",\"size\":1}]", NULL));
    CHECK_TRAY(d, "[" TILE_QUEUED(1, "image", "a.png", "image/png", 1) ","
                  TILE_ERROR(2, "file", "b.txt", "text/plain", 1, "This file type isn't allowed.") ","
                  TILE_QUEUED(3, "file", "c.pdf", "application/pdf", 1) ","
                  TILE_QUEUED(4, "file", "D.PDF", "application/pdf", 1) ","
                  TILE_QUEUED(5, "image", "e", "image/gif", 1) ","
                  TILE_ERROR(6, "video", "f.mp4", "video/mp4", 1, "This file type isn't allowed.") "]");
    mc_draft_free(d);

    /* The server refuses a type: MC_UPLOAD_REJECT with a NULL value, from any state. */
    REQUIRE_NEW_DRAFT(s, NULL);
    CHECK_OK(mc_draft_stage_files(s, "[{\"name\":\"a.exe\",\"size\":1},{\"name\":\"b.exe\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(s, 1, MC_UPLOAD_REJECT, 0, NULL));
    CHECK_OK(mc_draft_upload_event(s, 2, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(s, 2, MC_UPLOAD_REJECT, 0.5, NULL));
    CHECK_TRAY(s, "[" TILE_ERROR(1, "file", "a.exe", "application/octet-stream", 1, "This file type isn't allowed.") ","
                  TILE_ERROR(2, "file", "b.exe", "application/octet-stream", 1, "This file type isn't allowed.") "]");
    /* With a message, that message; an empty one is refused. */
    CHECK_OK(mc_draft_upload_event(s, 1, MC_UPLOAD_REJECT, 0, "Quota exceeded."));
    CHECK_REFUSED_MESSAGE(s, mc_draft_upload_event(s, 2, MC_UPLOAD_REJECT, 0, ""), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: the message of an upload reject must not be empty");
    CHECK_TRAY(s, "[" TILE_ERROR(1, "file", "a.exe", "application/octet-stream", 1, "Quota exceeded.") ","
                  TILE_ERROR(2, "file", "b.exe", "application/octet-stream", 1, "This file type isn't allowed.") "]");
    mc_draft_free(s);

    /* A malformed allow-list is refused when the draft is created. */
    mc_draft *bad = NULL;
    CHECK_STATUS(mc_draft_new("{\"allowed_types\":[\"png\"]}", &bad), MC_ERR_INVALID_ARGUMENT);
    CHECK(bad == NULL);
}

/* ---- Sending ---- */

static void uploads_all_done(mc_draft *d, uint64_t first, uint64_t last) {
    for (uint64_t id = first; id <= last; id++) {
        char remote[32];
        snprintf(remote, sizeof remote, "https://cdn/%llu", (unsigned long long)id);
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_START, 0, NULL));
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_COMPLETE, 0, remote));
    }
}

static void a_failed_upload_is_retried(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.5, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_FAIL, 0, "network down"));
    CHECK_TRAY(d, "[" T_FAILED("network down") "]");
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"failed_uploads\",\"message\":\"1 upload failed; retry or remove it\"}");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_RETRY, 0, NULL));
    CHECK_TRAY(d, "[" T_QUEUED "]");
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"uploads_pending\",\"message\":\"1 upload is still in progress\"}");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_TRAY(d, "[" T_UPLOADING("0.0") "]"); /* the progress starts over */
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/a"));
    CHECK_SEND_BLOCKED(d, "null");
    CHECK_SEND(d, 0, "[" MEDIA_MSG(Q(""), "[]", "image",
                                   "[" OUT_FILE(1, "a.png", "image/png", 10, "image", Q("https://cdn/a"), "") "]", "null",
                                   "null") "]");
    mc_draft_free(d);
}

/* ---- Voice notes ---- */

static void voice_notes_go_out_at_once(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "T"));
    TYPE(d, "unsent text");
    CHECK_UI_MEMBER(d, "mic_available", "true");
    char *out = NULL;
    CHECK_OK(mc_draft_voice_note(d, "memo.m4a", "audio/mp4", 4096, "https://cdn/v1", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "memo.m4a", "audio/mp4", 4096, "audio", Q("https://cdn/v1"), "") "]", "null",
                                Q("T")));
    mc_string_free(out);
    out = NULL;
    /* Never staged: the draft is as it was. */
    CHECK_TEXT(d, "unsent text");
    CHECK_TRAY(d, "[]");

    /* The mic hides while the tray holds anything, an error tile included. The voice note took id 1 from
       the draft's sequence, so the file gets the next one. */
    CHECK_STAGE(d, "[{\"name\":\"big.png\",\"size\":104857601}]", "{\"staged\":[2],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_UI_MEMBER(d, "mic_available", "false");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "memo.m4a", "audio/mp4", 4096, "https://cdn/v2", &out),
                          MC_ERR_NOT_ALLOWED, "mc_draft_voice_note",
                          "mc_draft_voice_note: voice notes are unavailable while attachments are staged");
    CHECK(out == NULL);
    CHECK_OK(mc_draft_remove_attachment(d, 2));
    CHECK_UI_MEMBER(d, "mic_available", "true");
    CHECK_OK(mc_draft_voice_note(d, "memo.ogg", "audio/ogg", 10, "https://cdn/v2", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(3, "memo.ogg", "audio/ogg", 10, "audio", Q("https://cdn/v2"), "") "]", "null",
                                Q("T")));
    mc_string_free(out);
    out = NULL;
    /* And while a command is set (the tray is empty then: the refusal names the command). */
    CHECK_OK(mc_draft_set_command(d, "giphy", NULL));
    CHECK_UI_MEMBER(d, "mic_available", "false");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "memo.m4a", "audio/mp4", 1, "https://cdn/v3", &out),
                          MC_ERR_NOT_ALLOWED, "mc_draft_voice_note",
                          "mc_draft_voice_note: voice notes are unavailable while a command is set");
    CHECK(out == NULL);
    mc_draft_free(d);
}

/* ---- Snapshots of the tray ---- */

static void snapshot_and_restore_keep_the_tray(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"q.png\",\"size\":1,\"ref\":\"r1\"},{\"name\":\"u.png\",\"size\":2},"
                                     "{\"name\":\"d.pdf\",\"size\":3,\"ref\":\"r3\"},{\"name\":\"f.wav\",\"size\":4},"
                                     "{\"name\":\"e.exe\",\"size\":5}]", NULL));
    CHECK_OK(mc_draft_upload_event(d, 2, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 2, MC_UPLOAD_PROGRESS, 0.25, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_COMPLETE, 0, "https://cdn/d"));
    CHECK_OK(mc_draft_upload_event(d, 4, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 4, MC_UPLOAD_FAIL, 0, "offline"));
    CHECK_OK(mc_draft_upload_event(d, 5, MC_UPLOAD_REJECT, 0, NULL));
    TYPE(d, "caption");
    char *snapshot = support_draft_snapshot(d);
    REQUIRE(snapshot != NULL);
    char *tray = support_json_member(snapshot, "tray");
    CHECK_EQ_STR(tray, "{\"tiles\":["
                       "{\"id\":1,\"name\":\"q.png\",\"mime\":\"image/png\",\"size\":1,\"ref\":\"r1\",\"state\":\"queued\"},"
                       "{\"id\":2,\"name\":\"u.png\",\"mime\":\"image/png\",\"size\":2,\"ref\":\"\",\"state\":\"uploading\",\"progress\":0.25},"
                       "{\"id\":3,\"name\":\"d.pdf\",\"mime\":\"application/pdf\",\"size\":3,\"ref\":\"r3\",\"state\":\"uploaded\",\"remote\":\"https://cdn/d\"},"
                       "{\"id\":4,\"name\":\"f.wav\",\"mime\":\"audio/wav\",\"size\":4,\"ref\":\"\",\"state\":\"failed\",\"error\":\"offline\"},"
                       "{\"id\":5,\"name\":\"e.exe\",\"mime\":\"application/octet-stream\",\"size\":5,\"ref\":\"\",\"state\":\"error\",\"error\":\"This file type isn't allowed.\"}"
                       "],\"next_id\":6}");
    free(tray);

    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_restore(e, snapshot));
    /* Uploads that were queued or in flight come back as retryable failures. */
    CHECK_TRAY(e, "[" TILE_FAILED(1, "image", "q.png", "image/png", 1, "Upload interrupted.") ","
                  TILE_FAILED(2, "image", "u.png", "image/png", 2, "Upload interrupted.") ","
                  TILE_UPLOADED(3, "file", "d.pdf", "application/pdf", 3, "https://cdn/d") ","
                  TILE_FAILED(4, "audio", "f.wav", "audio/wav", 4, "offline") ","
                  TILE_ERROR(5, "file", "e.exe", "application/octet-stream", 5, "This file type isn't allowed.") "]");
    CHECK_TEXT(e, "caption");
    CHECK_SEND_BLOCKED(e, "{\"reason\":\"error_tiles\",\"message\":\"1 attachment has an error; remove it\"}");
    /* They retry like any failure; new tiles get fresh ids; the host refs went out with them. */
    CHECK_OK(mc_draft_upload_event(e, 1, MC_UPLOAD_RETRY, 0, NULL));
    CHECK_OK(mc_draft_upload_event(e, 2, MC_UPLOAD_RETRY, 0, NULL));
    CHECK_OK(mc_draft_upload_event(e, 4, MC_UPLOAD_RETRY, 0, NULL));
    CHECK_OK(mc_draft_remove_attachment(e, 5));
    CHECK_STAGE(e, ONE_PNG, "{\"staged\":[6],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_OK(mc_draft_remove_attachment(e, 6));
    uploads_all_done(e, 1, 2);
    uploads_all_done(e, 4, 4);
    CHECK_SEND(e, 0, "["
               MEDIA_MSG(Q("caption"), "[]", "image",
                         "[" OUT_FILE(1, "q.png", "image/png", 1, "image", Q("https://cdn/1"), "r1") ","
                         OUT_FILE(2, "u.png", "image/png", 2, "image", Q("https://cdn/2"), "") "]", "null", "null") ","
               MEDIA_MSG(Q(""), "[]", "audio", "[" OUT_FILE(4, "f.wav", "audio/wav", 4, "audio", Q("https://cdn/4"), "") "]",
                         "null", "null") ","
               MEDIA_MSG(Q(""), "[]", "file",
                         "[" OUT_FILE(3, "d.pdf", "application/pdf", 3, "file", Q("https://cdn/d"), "r3") "]", "null", "null")
               "]");

    /* An unknown version is refused and the tray stays. */
    char *versioned = support_json_with_member(snapshot, "version", "7");
    CHECK_REFUSED_MESSAGE(d, mc_draft_restore(d, versioned), MC_ERR_INVALID_ARGUMENT, "mc_draft_restore",
                          "mc_draft_restore: snapshot version 7 is not supported (this library reads versions 1 and 2)");
    free(versioned);
    /* Malformed tiles are refused. */
    static const char *const bad_trays[] = {
        ("{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"queued\"},"
         "{\"id\":1,\"name\":\"b\",\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"queued\"}]}"),
        "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":-1,\"ref\":\"\",\"state\":\"queued\"}]}",
        "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"lost\"}]}",
        "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"uploaded\",\"remote\":\"\"}]}",
        "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":1,\"state\":\"queued\"}]}",
        "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"\",\"size\":1,\"ref\":\"\",\"state\":\"queued\",\"x\":1}]}",
        "{\"tiles\":{}}",
    };
    for (size_t i = 0; i < ARRAY_LEN(bad_trays); i++) {
        char *bad = support_json_with_member(snapshot, "tray", bad_trays[i]);
        CHECK_REFUSED_UNCHANGED(d, mc_draft_restore(d, bad), MC_ERR_INVALID_ARGUMENT, "mc_draft_restore");
        free(bad);
    }
    mc_string_free(snapshot);
    mc_draft_free(e);
    mc_draft_free(d);
}

/* ---- Refused inputs ---- */

static void stage_files_refuses_bad_files_json(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    TYPE(d, "keep");
    static const struct {
        const char *json;
        mc_status status;
        const char *message;
    } cases[] = {
        {"{}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json must be a JSON array of {\"name\", \"mime\", \"size\", \"ref\"}"},
        {"\"a.png\"", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json must be a JSON array of {\"name\", \"mime\", \"size\", \"ref\"}"},
        {"[{\"size\":1}]", MC_ERR_INVALID_ARGUMENT, "mc_draft_stage_files: files_json[0]: \"name\" is required"},
        {"[{\"name\":\"a\"}]", MC_ERR_INVALID_ARGUMENT, "mc_draft_stage_files: files_json[0]: \"size\" is required"},
        {"[{\"name\":\"a\",\"size\":-1}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: file 0 (\"a\"): size must not be negative, not -1"},
        {"[{\"name\":\"a\",\"size\":1},{\"name\":\"b\",\"size\":-1}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: file 1 (\"b\"): size must not be negative, not -1"},
        {"[{\"name\":\"a\",\"size\":1.5}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json[0]: \"size\" must be an integer, not number"},
        {"[{\"name\":\"a\",\"size\":18446744073709551615}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json[0]: \"size\" must be an integer, not a number past the int64_t range"},
        {"[{\"name\":\"a\",\"size\":\"1\"}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json[0]: \"size\" must be an integer, not string"},
        {"[{\"name\":1,\"size\":1}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json[0]: \"name\" must be a string, not number"},
        {"[{\"name\":\"a\",\"size\":1,\"mime\":null}]", MC_ERR_INVALID_ARGUMENT, NULL},
        {"[{\"name\":\"a\",\"size\":1,\"x\":1}]", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_stage_files: files_json[0]: unknown key \"x\""},
        {"[1]", MC_ERR_INVALID_ARGUMENT, "mc_draft_stage_files: files_json[0] must be a JSON object, not number"},
        {"[", MC_ERR_INVALID_JSON, NULL},
        {"", MC_ERR_INVALID_JSON, NULL},
        {"[{\"name\":\"\xFF\",\"size\":1}]", MC_ERR_INVALID_UTF8, "mc_draft_stage_files: invalid UTF-8 in string argument"},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        char *result = NULL;
        if (cases[i].message)
            CHECK_REFUSED_MESSAGE(d, mc_draft_stage_files(d, cases[i].json, &result), cases[i].status, "mc_draft_stage_files",
                                  cases[i].message);
        else
            CHECK_REFUSED_UNCHANGED(d, mc_draft_stage_files(d, cases[i].json, &result), cases[i].status, "mc_draft_stage_files");
        CHECK(result == NULL);
    }
    CHECK_REFUSED_MESSAGE(d, mc_draft_stage_files(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_stage_files",
                          "mc_draft_stage_files: files_json is NULL");
    CHECK_TRAY(d, "[" T_QUEUED "]");
    mc_draft_free(d);
}

static void attachment_functions_refuse_bad_input(void) {
    char *s = NULL;
    CHECK_BAD_HANDLES("mc_draft_stage_files", mc_draft_stage_files(bad_handle_, ONE_PNG, &s));
    CHECK_BAD_HANDLES("mc_draft_upload_event", mc_draft_upload_event(bad_handle_, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_BAD_HANDLES("mc_draft_remove_attachment", mc_draft_remove_attachment(bad_handle_, 1));
    CHECK_BAD_HANDLES("mc_draft_attachments", mc_draft_attachments(bad_handle_, &s));
    CHECK_BAD_HANDLES("mc_draft_voice_note", mc_draft_voice_note(bad_handle_, "v.m4a", "audio/mp4", 1, "r", &s));
    CHECK(s == NULL);
    CHECK_REFUSED(mc_draft_upload_event(NULL, 1, 99, NAN, "\xFF"), MC_ERR_INVALID_HANDLE, "mc_draft_upload_event");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_upload_event: draft is NULL");
    CHECK_REFUSED(mc_draft_stage_files(NULL, "{", NULL), MC_ERR_INVALID_HANDLE, "mc_draft_stage_files");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_stage_files: draft is NULL");
    CHECK_REFUSED(mc_draft_voice_note(NULL, NULL, NULL, -1, NULL, NULL), MC_ERR_INVALID_HANDLE, "mc_draft_voice_note");

    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_REFUSED_MESSAGE(d, mc_draft_attachments(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_attachments",
                          "mc_draft_attachments: out_json is NULL");
    /* Unknown events and ids. */
    static const mc_upload_event bad_events[] = {-1, 6, 99, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < ARRAY_LEN(bad_events); i++) {
        char expected[96];
        snprintf(expected, sizeof expected, "mc_draft_upload_event: unknown upload event %d", (int)bad_events[i]);
        CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, bad_events[i], 0.5, "x"), MC_ERR_INVALID_ARGUMENT,
                              "mc_draft_upload_event", expected);
    }
    static const uint64_t bad_ids[] = {0, 2, 99, UINT64_MAX};
    for (size_t i = 0; i < ARRAY_LEN(bad_ids); i++) {
        char expected[96];
        snprintf(expected, sizeof expected, "mc_draft_upload_event: no attachment with id %llu in the tray",
                 (unsigned long long)bad_ids[i]);
        CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, bad_ids[i], MC_UPLOAD_PROGRESS, 0.5, NULL), MC_ERR_INVALID_ARGUMENT,
                              "mc_draft_upload_event", expected);
        snprintf(expected, sizeof expected, "mc_draft_remove_attachment: no attachment with id %llu in the tray",
                 (unsigned long long)bad_ids[i]);
        CHECK_REFUSED_MESSAGE(d, mc_draft_remove_attachment(d, bad_ids[i]), MC_ERR_INVALID_ARGUMENT,
                              "mc_draft_remove_attachment", expected);
    }
    /* Values: required for COMPLETE and FAIL, non-empty, valid UTF-8. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, NULL), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: value is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_FAIL, 0, NULL), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: value is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, ""), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: the remote reference of an upload must not be empty");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_FAIL, 0, ""), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: the message of an upload fail must not be empty");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "\xFF"), MC_ERR_INVALID_UTF8,
                          "mc_draft_upload_event", "mc_draft_upload_event: invalid UTF-8 in string argument");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 1, MC_UPLOAD_FAIL, 0, "\xE2\x82"), MC_ERR_INVALID_UTF8,
                            "mc_draft_upload_event");
    CHECK_TRAY(d, "[" T_UPLOADING("0.0") "]");
    CHECK_OK(mc_draft_remove_attachment(d, 1));

    /* Voice notes. */
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, NULL, "audio/mp4", 1, "r", &out), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: name is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", NULL, 1, "r", &out), MC_ERR_NULL_ARGUMENT, "mc_draft_voice_note",
                          "mc_draft_voice_note: mime is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", "audio/mp4", 1, NULL, &out), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: remote is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", "audio/mp4", 1, "r", NULL), MC_ERR_NULL_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: out_message_json is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", "audio/mp4", -1, "r", &out), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: voice note size -1 is negative");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v", "audio/mp4", 1, "", &out), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_voice_note", "mc_draft_voice_note: voice note needs the uploaded file's remote reference");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_voice_note(d, "\xFF", "audio/mp4", 1, "r", &out), MC_ERR_INVALID_UTF8,
                            "mc_draft_voice_note");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_voice_note(d, "v", "audio/\xC0\x80", 1, "r", &out), MC_ERR_INVALID_UTF8,
                            "mc_draft_voice_note");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_voice_note(d, "v", "audio/mp4", 1, "\xFF", &out), MC_ERR_INVALID_UTF8,
                            "mc_draft_voice_note");
    CHECK(out == NULL);
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(allowed_types_and_server_refusals),
    HARNESS_TEST(a_failed_upload_is_retried),
    HARNESS_TEST(voice_notes_go_out_at_once),
    HARNESS_TEST(snapshot_and_restore_keep_the_tray),
    HARNESS_TEST(stage_files_refuses_bad_files_json),
    HARNESS_TEST(attachment_functions_refuse_bad_input),
};

void register_attachments_tests(void) { HARNESS_REGISTER("attachments", TESTS); }
