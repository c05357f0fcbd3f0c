/*
 * test_attachments.c: the attachment tray (mc_draft_stage_files, mc_draft_upload_event,
 * mc_draft_remove_attachment, mc_draft_attachments) and voice notes (mc_draft_voice_note): the upload
 * state machine as a full table (every state x every MC_UPLOAD_* event), progress that never goes back,
 * the edges of the files-per-message and file-size limits, allowed types and server refusals, the kind
 * from the MIME type or the extension, a mixed pick sent as one message per kind, retrying failed
 * uploads, voice notes (size limit, ids, kind, slow mode, replies), uploads of files put aside by an edit,
 * the legacy single-attachment mode, snapshots of the tray, and refused inputs.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define ONE_PNG "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10}]"

/* ---- The upload state machine ---- */

enum { ST_QUEUED, ST_UPLOADING, ST_UPLOADED, ST_FAILED, ST_ERROR, STATE_COUNT };
static const char *const STATE_NAMES[STATE_COUNT] = {"queued", "uploading", "uploaded", "failed", "error"};

/* Brings tile 1 (a.png, just staged) into `state`. */
static int drive_to(mc_draft *d, int state) {
    int ok = 1;
    switch (state) {
    case ST_QUEUED: break;
    case ST_UPLOADING:
        ok = mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL) == MC_OK
            && mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.5, NULL) == MC_OK;
        break;
    case ST_UPLOADED:
        ok = mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL) == MC_OK
            && mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/old") == MC_OK;
        break;
    case ST_FAILED:
        ok = mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL) == MC_OK
            && mc_draft_upload_event(d, 1, MC_UPLOAD_FAIL, 0, "network down") == MC_OK;
        break;
    case ST_ERROR: ok = mc_draft_upload_event(d, 1, MC_UPLOAD_REJECT, 0, "blocked by the server") == MC_OK; break;
    }
    return ok;
}

static const struct {
    mc_upload_event event;
    const char *name;
    double progress;
    const char *value;
} EVENTS[] = {
    {MC_UPLOAD_START, "start", 0, NULL},
    {MC_UPLOAD_PROGRESS, "progress", 0.75, NULL},
    {MC_UPLOAD_COMPLETE, "complete", 0, "https://cdn/a"},
    {MC_UPLOAD_FAIL, "fail", 0, "timeout"},
    {MC_UPLOAD_RETRY, "retry", 0, NULL},
    {MC_UPLOAD_REJECT, "reject", 0, "virus found"},
};

#define T_QUEUED TILE_QUEUED(1, "image", "a.png", "image/png", 10)
#define T_UPLOADING(p) TILE_UPLOADING(1, "image", "a.png", "image/png", 10, p)
#define T_UPLOADED(r) TILE_UPLOADED(1, "image", "a.png", "image/png", 10, r)
#define T_FAILED(m) TILE_FAILED(1, "image", "a.png", "image/png", 10, m)
#define T_ERROR(m) TILE_ERROR(1, "image", "a.png", "image/png", 10, m)

static void upload_transition_table(void) {
    /* TABLE[state][event]: the tile afterwards, or NULL when the transition is illegal. */
    static const char *const TABLE[STATE_COUNT][ARRAY_LEN(EVENTS)] = {
        /* queued */ {T_UPLOADING("0.0"), T_UPLOADING("0.75"), NULL, NULL, NULL, T_ERROR("virus found")},
        /* uploading(0.5) */ {NULL, T_UPLOADING("0.75"), T_UPLOADED("https://cdn/a"), T_FAILED("timeout"), NULL,
                              T_ERROR("virus found")},
        /* uploaded */ {NULL, NULL, NULL, NULL, NULL, T_ERROR("virus found")},
        /* failed */ {NULL, NULL, NULL, NULL, T_QUEUED, T_ERROR("virus found")},
        /* error */ {NULL, NULL, NULL, NULL, NULL, T_ERROR("virus found")},
    };
    for (int s = 0; s < STATE_COUNT; s++) {
        for (size_t e = 0; e < ARRAY_LEN(EVENTS); e++) {
            REQUIRE_NEW_DRAFT(d, NULL);
            CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
            if (!drive_to(d, s)) {
                harness_fail(__FILE__, __LINE__, "could not drive the tile to %s", STATE_NAMES[s]);
                mc_draft_free(d);
                continue;
            }
            if (TABLE[s][e]) {
                mc_status status = mc_draft_upload_event(d, 1, EVENTS[e].event, EVENTS[e].progress, EVENTS[e].value);
                if (status != MC_OK)
                    harness_fail(__FILE__, __LINE__, "%s from %s: %s (%s)", EVENTS[e].name, STATE_NAMES[s],
                                 mc_status_name(status), mc_last_error());
                char tray[512];
                snprintf(tray, sizeof tray, "[%s]", TABLE[s][e]);
                CHECK_TRAY(d, tray);
            } else {
                CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 1, EVENTS[e].event, EVENTS[e].progress, EVENTS[e].value),
                                        MC_ERR_NOT_ALLOWED, "mc_draft_upload_event");
                char expected[160];
                snprintf(expected, sizeof expected, "mc_draft_upload_event: illegal upload transition: %s from %s",
                         EVENTS[e].name, STATE_NAMES[s]);
                CHECK_EQ_STR(mc_last_error(), expected);
            }
            mc_draft_free(d);
        }
    }
}

static void progress_never_goes_backwards(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.3, NULL)); /* queued -> uploading(0.3) */
    CHECK_TRAY(d, "[" T_UPLOADING("0.3") "]");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.3, NULL)); /* the same value again */
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.29, NULL), MC_ERR_NOT_ALLOWED,
                          "mc_draft_upload_event", "mc_draft_upload_event: upload progress cannot go backwards (from 0.3 to 0.29)");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.0, NULL), MC_ERR_NOT_ALLOWED,
                            "mc_draft_upload_event");
    /* Outside [0, 1] and NaN are refused whatever the state. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 1.5, NULL), MC_ERR_OUT_OF_RANGE,
                          "mc_draft_upload_event", "mc_draft_upload_event: upload progress must be in 0...1, not 1.5");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, -0.1, NULL), MC_ERR_OUT_OF_RANGE,
                            "mc_draft_upload_event");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, INFINITY, NULL), MC_ERR_OUT_OF_RANGE,
                            "mc_draft_upload_event");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, NAN, NULL), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: upload progress must be a number, not NaN");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 1.0, NULL));
    CHECK_TRAY(d, "[" T_UPLOADING("1.0") "]");
    CHECK_BLOCKED(d, "uploads_pending"); /* 100 % is not done until COMPLETE */
    /* Progress is read only for MC_UPLOAD_PROGRESS. */
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 42.0, "https://cdn/a"));
    CHECK_TRAY(d, "[" T_UPLOADED("https://cdn/a") "]");
    mc_draft_free(d);
}

/* ---- Limits ---- */

static void files_per_message_limit_edges(void) {
    REQUIRE_NEW_DRAFT(d, "{\"max_files\":3}");
    CHECK_STAGE(d, "[{\"name\":\"1.png\",\"size\":1},{\"name\":\"2.png\",\"size\":1},{\"name\":\"3.png\",\"size\":1}]",
                "{\"staged\":[1,2,3],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_UI_MEMBER(d, "info_banner", "null");
    /* One more is dropped, with the notice and the info banner. */
    CHECK_STAGE(d, "[{\"name\":\"4.png\",\"size\":1}]",
                "{\"staged\":[],\"dropped\":1,\"notice\":\"You can attach up to 3 files.\",\"messages\":[]}");
    CHECK_UI_MEMBER(d, "info_banner", Q("You can attach up to 3 files."));
    CHECK_TRAY(d, "[" TILE_QUEUED(1, "image", "1.png", "image/png", 1) "," TILE_QUEUED(2, "image", "2.png", "image/png", 1)
                  "," TILE_QUEUED(3, "image", "3.png", "image/png", 1) "]");
    /* A pick crossing the limit: the first ones stage, the rest are dropped. */
    CHECK_OK(mc_draft_remove_attachment(d, 2));
    CHECK_STAGE(d, "[{\"name\":\"5.png\",\"size\":1},{\"name\":\"6.png\",\"size\":1},{\"name\":\"7.png\",\"size\":1}]",
                "{\"staged\":[4],\"dropped\":2,\"notice\":\"You can attach up to 3 files.\",\"messages\":[]}");
    CHECK_TRAY(d, "[" TILE_QUEUED(1, "image", "1.png", "image/png", 1) "," TILE_QUEUED(3, "image", "3.png", "image/png", 1)
                  "," TILE_QUEUED(4, "image", "5.png", "image/png", 1) "]");
    /* Error tiles count too. */
    mc_draft_free(d);

    REQUIRE_NEW_DRAFT(one, "{\"max_files\":1,\"max_file_size\":5}");
    CHECK_STAGE(one, "[{\"name\":\"big.png\",\"size\":6},{\"name\":\"ok.png\",\"size\":1}]",
                "{\"staged\":[1],\"dropped\":1,\"notice\":\"You can attach up to 1 file.\",\"messages\":[]}");
    mc_draft_free(one);

    /* The default is 10. */
    REQUIRE_NEW_DRAFT(dflt, NULL);
    char pick[1024] = "[";
    for (int i = 0; i < 11; i++) {
        char file[48];
        snprintf(file, sizeof file, "%s{\"name\":\"f%d.pdf\",\"size\":1}", i ? "," : "", i);
        strcat(pick, file);
    }
    strcat(pick, "]");
    CHECK_STAGE(dflt, pick, "{\"staged\":[1,2,3,4,5,6,7,8,9,10],\"dropped\":1,\"notice\":\"You can attach up to 10 files.\",\"messages\":[]}");
    CHECK_UI_MEMBER(dflt, "info_banner", Q("You can attach up to 10 files."));
    /* Sending clears the banner. */
    for (uint64_t id = 1; id <= 10; id++) {
        CHECK_OK(mc_draft_upload_event(dflt, id, MC_UPLOAD_START, 0, NULL));
        CHECK_OK(mc_draft_upload_event(dflt, id, MC_UPLOAD_COMPLETE, 0, "r"));
    }
    char *out = NULL;
    CHECK_OK(mc_draft_send(dflt, 0, &out));
    mc_string_free(out);
    CHECK_UI_MEMBER(dflt, "info_banner", "null");
    mc_draft_free(dflt);
}

static void file_size_limit_edges(void) {
    REQUIRE_NEW_DRAFT(d, "{\"max_file_size\":2097152}");
    CHECK_STAGE(d, "[{\"name\":\"exact.mov\",\"size\":2097152},{\"name\":\"over.mov\",\"size\":2097153},"
                   "{\"name\":\"empty.mov\",\"size\":0}]",
                "{\"staged\":[1,2,3],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_TRAY(d, "[" TILE_QUEUED(1, "video", "exact.mov", "video/quicktime", 2097152) ","
                  TILE_ERROR(2, "video", "over.mov", "video/quicktime", 2097153, "File exceeds 2 MB.") ","
                  TILE_QUEUED(3, "video", "empty.mov", "video/quicktime", 0) "]");
    for (uint64_t id = 1; id <= 3; id += 2) {
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_START, 0, NULL));
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_COMPLETE, 0, "r"));
    }
    TYPE(d, "clip");
    /* The error tile is not retryable and blocks sending until it is removed. */
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"error_tiles\",\"message\":\"1 attachment has an error; remove it\"}");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 2, MC_UPLOAD_RETRY, 0, NULL), MC_ERR_NOT_ALLOWED, "mc_draft_upload_event");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_upload_event(d, 2, MC_UPLOAD_START, 0, NULL), MC_ERR_NOT_ALLOWED, "mc_draft_upload_event");
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 0, &out), MC_ERR_NOT_ALLOWED, "mc_draft_send",
                          "mc_draft_send: cannot send: 1 attachment has an error; remove it");
    CHECK_OK(mc_draft_remove_attachment(d, 2));
    CHECK_SEND_BLOCKED(d, "null");
    CHECK_SEND(d, 0, "[" MEDIA_MSG(Q("clip"), "[]", "video",
                                   "[" OUT_FILE(1, "exact.mov", "video/quicktime", 2097152, "video", Q("r"), "") ","
                                   OUT_FILE(3, "empty.mov", "video/quicktime", 0, "video", Q("r"), "") "]",
                                   "null", "null") "]");
    mc_draft_free(d);

    /* The default is 100 MB. */
    REQUIRE_NEW_DRAFT(dflt, NULL);
    CHECK_OK(mc_draft_stage_files(dflt, "[{\"name\":\"a.zip\",\"size\":104857600},{\"name\":\"b.zip\",\"size\":104857601}]", NULL));
    CHECK_TRAY(dflt, "[" TILE_QUEUED(1, "file", "a.zip", "application/zip", 104857600) ","
                     TILE_ERROR(2, "file", "b.zip", "application/zip", 104857601, "File exceeds 100 MB.") "]");
    CHECK_SEND_BLOCKED(dflt, "{\"reason\":\"error_tiles\",\"message\":\"1 attachment has an error; remove it\"}");
    mc_draft_free(dflt);
}

/* Limits under 1 MB are stated in KB (two decimals when not whole, rounded down), under 1 KB in bytes. */
static void size_error_states_limits_under_one_megabyte(void) {
    static const struct {
        const char *config;
        const char *message;
    } cases[] = {
        {"{\"max_file_size\":1000}", "File exceeds 1000 bytes."},
        {"{\"max_file_size\":1023}", "File exceeds 1023 bytes."},
        {"{\"max_file_size\":1024}", "File exceeds 1 KB."},
        {"{\"max_file_size\":1100}", "File exceeds 1.07 KB."}, /* 1.074 */
        {"{\"max_file_size\":1536}", "File exceeds 1.5 KB."},
        {"{\"max_file_size\":500000}", "File exceeds 488.28 KB."}, /* 488.281 */
        {"{\"max_file_size\":524288}", "File exceeds 512 KB."},
        {"{\"max_file_size\":1048575}", "File exceeds 1023.99 KB."}, /* 1023.999, not rounded up */
        {"{\"max_file_size\":1048576}", "File exceeds 1 MB."},
        {"{\"max_file_size\":1572864}", "File exceeds 1.5 MB."},
        {"{\"max_file_size\":1073741824}", "File exceeds 1024 MB."},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        REQUIRE_NEW_DRAFT(d, cases[i].config);
        CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"a.pdf\",\"size\":1073741825}]", NULL));
        char *tray = NULL;
        CHECK_OK(mc_draft_attachments(d, &tray));
        char *tile = support_json_element(tray, 0);
        char *error = support_json_member(tile, "error");
        char expected[64];
        snprintf(expected, sizeof expected, "\"%s\"", cases[i].message);
        CHECK_EQ_STR(error, expected);
        free(error);
        free(tile);
        mc_string_free(tray);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (config %s)\n", cases[i].config);
            return;
        }
    }
    /* A file exactly at a limit under 1 MB is taken. */
    REQUIRE_NEW_DRAFT(small, "{\"max_file_size\":1000}");
    CHECK_STAGE(small, "[{\"name\":\"a.pdf\",\"size\":1000},{\"name\":\"b.pdf\",\"size\":1001}]",
                "{\"staged\":[1,2],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_TRAY(small, "[" TILE_QUEUED(1, "file", "a.pdf", "application/pdf", 1000) ","
                      TILE_ERROR(2, "file", "b.pdf", "application/pdf", 1001, "File exceeds 1000 bytes.") "]");
    mc_draft_free(small);
}

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

static void kind_from_mime_type_or_extension(void) {
    static const struct {
        const char *file; /* JSON object */
        const char *tile;
    } cases[] = {
        {"{\"name\":\"a\",\"mime\":\"image/png\",\"size\":1}", TILE_QUEUED(1, "image", "a", "image/png", 1)},
        {"{\"name\":\"a\",\"mime\":\" Video/MP4 ; codecs=avc1\",\"size\":1}", TILE_QUEUED(1, "video", "a", "video/mp4", 1)},
        {"{\"name\":\"a\",\"mime\":\"audio/ogg\",\"size\":1}", TILE_QUEUED(1, "audio", "a", "audio/ogg", 1)},
        {"{\"name\":\"a\",\"mime\":\"application/pdf\",\"size\":1}", TILE_QUEUED(1, "file", "a", "application/pdf", 1)},
        {"{\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1}", TILE_QUEUED(1, "file", "a", "text/plain", 1)},
        /* The MIME type wins over the extension. */
        {"{\"name\":\"a.mp3\",\"mime\":\"image/png\",\"size\":1}", TILE_QUEUED(1, "image", "a.mp3", "image/png", 1)},
        /* No MIME type, an unknown one or a malformed one: the extension decides. */
        {"{\"name\":\"a.mp3\",\"size\":1}", TILE_QUEUED(1, "audio", "a.mp3", "audio/mpeg", 1)},
        {"{\"name\":\"clip.MOV\",\"mime\":\"application/octet-stream\",\"size\":1}",
         TILE_QUEUED(1, "video", "clip.MOV", "video/quicktime", 1)},
        {"{\"name\":\"dir.v2/pic.jpeg\",\"mime\":\"garbage\",\"size\":1}", TILE_QUEUED(1, "image", "dir.v2/pic.jpeg", "image/jpeg", 1)},
        {"{\"name\":\"song.webm\",\"mime\":\"\",\"size\":1}", TILE_QUEUED(1, "video", "song.webm", "video/webm", 1)},
        {"{\"name\":\"notes.docx\",\"size\":1}",
         TILE_QUEUED(1, "file", "notes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 1)},
        /* Nothing to go by: a file. */
        {"{\"name\":\"README\",\"size\":1}", TILE_QUEUED(1, "file", "README", "application/octet-stream", 1)},
        {"{\"name\":\"x.unknownext\",\"size\":1}", TILE_QUEUED(1, "file", "x.unknownext", "application/octet-stream", 1)},
        {"{\"name\":\"trailing.\",\"size\":1}", TILE_QUEUED(1, "file", "trailing.", "application/octet-stream", 1)},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        REQUIRE_NEW_DRAFT(d, NULL);
        char files[256], tray[512];
        snprintf(files, sizeof files, "[%s]", cases[i].file);
        snprintf(tray, sizeof tray, "[%s]", cases[i].tile);
        CHECK_OK(mc_draft_stage_files(d, files, NULL));
        CHECK_TRAY(d, tray);
        mc_draft_free(d);
    }
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

static void a_mixed_pick_goes_out_as_one_message_per_kind(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "T"));
    CHECK_OK(mc_draft_begin_reply(d, "Q", "Ann", "hi", NULL));
    CHECK_STAGE(d, "[{\"name\":\"f.pdf\",\"size\":1,\"ref\":\"r-f\"},{\"name\":\"s.wav\",\"size\":2,\"ref\":\"r-s\"},"
                   "{\"name\":\"v.mov\",\"size\":3},{\"name\":\"i.jpg\",\"size\":4,\"ref\":\"r-i\"},"
                   "{\"name\":\"j.gif\",\"size\":5}]",
                "{\"staged\":[1,2,3,4,5],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    TYPE(d, "look **here** @bo");
    CHECK_OK(mc_draft_insert_mention(d, "u9", "Bo"));
    CHECK_BLOCKED(d, "uploads_pending");
    uploads_all_done(d, 1, 5);
    /* Images, videos, audios, files; each keeps the tray order; the caption (formatted), the mentions
       and the quote go on the first message only; the thread on all. */
    CHECK_SEND(d, 0, "["
               MEDIA_MSG(Q("look **here** <@uid:u9>"), "[" MENTION_OUT("u9", "Bo") "]", "image",
                         "[" OUT_FILE(4, "i.jpg", "image/jpeg", 4, "image", Q("https://cdn/4"), "r-i") ","
                         OUT_FILE(5, "j.gif", "image/gif", 5, "image", Q("https://cdn/5"), "") "]", Q("Q"), Q("T")) ","
               MEDIA_MSG(Q(""), "[]", "video", "[" OUT_FILE(3, "v.mov", "video/quicktime", 3, "video", Q("https://cdn/3"), "") "]",
                         "null", Q("T")) ","
               MEDIA_MSG(Q(""), "[]", "audio", "[" OUT_FILE(2, "s.wav", "audio/wav", 2, "audio", Q("https://cdn/2"), "r-s") "]",
                         "null", Q("T")) ","
               MEDIA_MSG(Q(""), "[]", "file", "[" OUT_FILE(1, "f.pdf", "application/pdf", 1, "file", Q("https://cdn/1"), "r-f") "]",
                         "null", Q("T"))
               "]");
    CHECK_TRAY(d, "[]");
    CHECK_UI_MEMBER(d, "mic_available", "true");
    /* Without text, no caption anywhere. */
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"x.pdf\",\"size\":1},{\"name\":\"y.png\",\"size\":1}]", NULL));
    uploads_all_done(d, 6, 7);
    CHECK_SEND(d, 0, "["
               MEDIA_MSG(Q(""), "[]", "image", "[" OUT_FILE(7, "y.png", "image/png", 1, "image", Q("https://cdn/7"), "") "]",
                         "null", Q("T")) ","
               MEDIA_MSG(Q(""), "[]", "file", "[" OUT_FILE(6, "x.pdf", "application/pdf", 1, "file", Q("https://cdn/6"), "") "]",
                         "null", Q("T"))
               "]");
    mc_draft_free(d);
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

static void what_blocks_a_tray_first(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"q.png\",\"size\":1},{\"name\":\"u.png\",\"size\":1},"
                                     "{\"name\":\"f.png\",\"size\":1},{\"name\":\"e.png\",\"size\":1},"
                                     "{\"name\":\"g.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(d, 2, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_FAIL, 0, "x"));
    CHECK_OK(mc_draft_upload_event(d, 4, MC_UPLOAD_REJECT, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 5, MC_UPLOAD_REJECT, 0, NULL));
    /* Error tiles first, then failed uploads, then pending ones; counts and plurals in the message. */
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"error_tiles\",\"message\":\"2 attachments have an error; remove them\"}");
    CHECK_OK(mc_draft_remove_attachment(d, 4));
    CHECK_OK(mc_draft_remove_attachment(d, 5));
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"failed_uploads\",\"message\":\"1 upload failed; retry or remove it\"}");
    CHECK_OK(mc_draft_remove_attachment(d, 3));
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"uploads_pending\",\"message\":\"2 uploads are still in progress\"}");
    /* Text does not make a pending tray sendable. */
    TYPE(d, "caption");
    CHECK_BLOCKED(d, "uploads_pending");
    mc_draft_free(d);
}

static void tile_ids_are_never_reused(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[1],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_OK(mc_draft_remove_attachment(d, 1));
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[2],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_OK(mc_draft_clear(d));
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[3],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    uploads_all_done(d, 3, 3);
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 0, &out));
    mc_string_free(out);
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[4],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_OK(mc_draft_set_command(d, "giphy", NULL));
    CHECK_OK(mc_draft_clear_command(d));
    /* A stale event for a tile that left the tray is refused, as "retired"; an id never given out
       is an invalid argument. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 3, MC_UPLOAD_PROGRESS, 0.5, NULL), MC_ERR_NOT_ALLOWED,
                          "mc_draft_upload_event", "mc_draft_upload_event: attachment 3 was removed or sent: events for it are refused");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 99, MC_UPLOAD_PROGRESS, 0.5, NULL), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: no attachment with id 99 in the tray");
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[5],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    /* The stage result may be left out. */
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_STAGE(d, "[]", "{\"staged\":[],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_STAGE(d, ONE_PNG, "{\"staged\":[7],\"dropped\":0,\"notice\":null,\"messages\":[]}");
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

/* A voice note is checked against the configured max_file_size, not a fixed limit. */
static void voice_notes_follow_the_configured_size_limit(void) {
    REQUIRE_NEW_DRAFT(d, "{\"max_file_size\":1073741824}");
    char *out = NULL;
    CHECK_OK(mc_draft_voice_note(d, "long.m4a", "audio/mp4", 200000000, "https://cdn/v", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "long.m4a", "audio/mp4", 200000000, "audio", Q("https://cdn/v"), "") "]",
                                "null", "null"));
    mc_string_free(out);
    out = NULL;
    mc_draft_free(d);

    /* The default 100 MB: at the limit it goes, one byte over it is refused with the tile's message. */
    REQUIRE_NEW_DRAFT(dflt, NULL);
    CHECK_REFUSED_MESSAGE(dflt, mc_draft_voice_note(dflt, "huge.m4a", "audio/mp4", 104857601, "https://cdn/v", &out),
                          MC_ERR_NOT_ALLOWED, "mc_draft_voice_note",
                          "mc_draft_voice_note: voice note refused: File exceeds 100 MB.");
    CHECK(out == NULL);
    CHECK_OK(mc_draft_voice_note(dflt, "max.m4a", "audio/mp4", 104857600, "https://cdn/v", &out));
    /* The refused note took no id. */
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "max.m4a", "audio/mp4", 104857600, "audio", Q("https://cdn/v"), "") "]",
                                "null", "null"));
    mc_string_free(out);
    out = NULL;
    mc_draft_free(dflt);

    /* Limits under 1 MB are stated as for tiles. */
    REQUIRE_NEW_DRAFT(small, "{\"max_file_size\":1000}");
    CHECK_REFUSED_MESSAGE(small, mc_draft_voice_note(small, "v.m4a", "audio/mp4", 1001, "https://cdn/v", &out),
                          MC_ERR_NOT_ALLOWED, "mc_draft_voice_note",
                          "mc_draft_voice_note: voice note refused: File exceeds 1000 bytes.");
    mc_draft_free(small);
    REQUIRE_NEW_DRAFT(half, "{\"max_file_size\":524288}");
    CHECK_REFUSED_MESSAGE(half, mc_draft_voice_note(half, "v.m4a", "audio/mp4", 524289, "https://cdn/v", &out),
                          MC_ERR_NOT_ALLOWED, "mc_draft_voice_note",
                          "mc_draft_voice_note: voice note refused: File exceeds 512 KB.");
    CHECK(out == NULL);
    mc_draft_free(half);
}

/* A voice note must have an audio MIME type (an empty one is the name's extension's). */
static void a_voice_note_attachment_is_audio(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "recording", "application/octet-stream", 20, "https://cdn/v", &out),
                          MC_ERR_INVALID_ARGUMENT, "mc_draft_voice_note",
                          "mc_draft_voice_note: a voice note needs an audio MIME type (audio/*), not "
                          "\"application/octet-stream\"");
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "x.png", "image/png", 20, "https://cdn/v", &out),
                          MC_ERR_INVALID_ARGUMENT, "mc_draft_voice_note",
                          "mc_draft_voice_note: a voice note needs an audio MIME type (audio/*), not \"image/png\"");
    CHECK(out == NULL);
    CHECK_OK(mc_draft_voice_note(d, "v.ogg", "", 20, "https://cdn/v", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "v.ogg", "audio/ogg", 20, "audio", Q("https://cdn/v"), "") "]", "null",
                                "null"));
    mc_string_free(out);
    mc_draft_free(d);
}

/* Voice notes take their ids from the draft's own sequence, shared with staged files: never reused. */
static void voice_note_ids_are_not_reused(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_STAGE(d, "[{\"name\":\"a.png\",\"size\":1}]", "{\"staged\":[1],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/a"));
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 0, &out));
    mc_string_free(out);
    out = NULL;
    CHECK_OK(mc_draft_voice_note(d, "v.m4a", "audio/mp4", 1, "https://cdn/v", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(2, "v.m4a", "audio/mp4", 1, "audio", Q("https://cdn/v"), "") "]", "null",
                                "null"));
    mc_string_free(out);
    out = NULL;
    CHECK_STAGE(d, "[{\"name\":\"b.png\",\"size\":1}]", "{\"staged\":[3],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    mc_draft_free(d);
}

/* Slow mode: a voice note waits for the cooldown like any message, and starts the next one. */
static void voice_notes_wait_for_the_slow_mode_cooldown(void) {
    REQUIRE_NEW_DRAFT(d, "{\"slow_mode_seconds\":30}");
    TYPE(d, "hi");
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 1000, &out));
    mc_string_free(out);
    out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_voice_note(d, "v.m4a", "audio/mp4", 10, "https://cdn/v", &out), MC_ERR_NOT_ALLOWED,
                          "mc_draft_voice_note", "mc_draft_voice_note: cannot send: slow mode: wait 30 s");
    CHECK(out == NULL);
    CHECK_OK(mc_draft_tick(d, 31000));
    CHECK_UI_MEMBER(d, "cooldown_remaining_ms", "0");
    CHECK_OK(mc_draft_voice_note(d, "v.m4a", "audio/mp4", 10, "https://cdn/v", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "v.m4a", "audio/mp4", 10, "audio", Q("https://cdn/v"), "") "]", "null",
                                "null"));
    mc_string_free(out);
    out = NULL;
    /* The voice note started a new cooldown at the draft's clock. */
    CHECK_UI_MEMBER(d, "cooldown_remaining_ms", "30000");
    TYPE(d, "x");
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"cooldown\",\"message\":\"slow mode: wait 30 s\"}");
    CHECK_REFUSED_MESSAGE(d, mc_draft_send(d, 31000, &out), MC_ERR_NOT_ALLOWED, "mc_draft_send",
                          "mc_draft_send: cannot send: slow mode: wait 30 s");
    CHECK(out == NULL);
    mc_draft_free(d);
}

/* In reply mode a voice note quotes the replied-to message (and carries the thread). */
static void a_voice_note_quotes_the_reply(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "T"));
    CHECK_OK(mc_draft_begin_reply(d, "m-7", "Ann", "hello", NULL));
    char *out = NULL;
    CHECK_OK(mc_draft_voice_note(d, "v.m4a", "audio/mp4", 10, "https://cdn/v", &out));
    CHECK_EQ_STR(out, MEDIA_MSG(Q(""), "[]", "audio",
                                "[" OUT_FILE(1, "v.m4a", "audio/mp4", 10, "audio", Q("https://cdn/v"), "") "]", Q("m-7"),
                                Q("T")));
    mc_string_free(out);
    mc_draft_free(d);
}

/* ---- Files put aside by an edit ---- */

/* The host keeps uploading the files an edit put aside: their upload events reach the put-aside tray. */
static void uploads_finish_while_an_edit_is_open(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_begin_edit(d, "m-1", "old", NULL, false));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_PROGRESS, 0.5, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/a"));
    CHECK_TRAY(d, "[]"); /* the edit shows no tray */
    /* The snapshot's put-aside draft holds the finished upload. */
    char *snapshot = support_draft_snapshot(d);
    char *saved = support_json_member(snapshot, "saved");
    char *saved_tray = support_json_member(saved, "tray");
    CHECK_EQ_STR(saved_tray, "{\"tiles\":[{\"id\":1,\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10,\"ref\":\"\","
                             "\"state\":\"uploaded\",\"remote\":\"https://cdn/a\"}],\"next_id\":2}");
    free(saved_tray);
    free(saved);
    mc_string_free(snapshot);
    /* An id in neither tray is still refused. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 2, MC_UPLOAD_START, 0, NULL), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_upload_event", "mc_draft_upload_event: no attachment with id 2 in the tray");
    CHECK_OK(mc_draft_cancel_mode(d));
    CHECK_TRAY(d, "[" T_UPLOADED("https://cdn/a") "]");
    CHECK_SEND_BLOCKED(d, "null");
    CHECK_SEND(d, 0, "[" MEDIA_MSG(Q(""), "[]", "image",
                                   "[" OUT_FILE(1, "a.png", "image/png", 10, "image", Q("https://cdn/a"), "") "]", "null",
                                   "null") "]");
    mc_draft_free(d);

    /* A failure during the edit comes back as a retryable tile. */
    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_stage_files(e, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(e, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_begin_edit(e, "m-1", "old", NULL, false));
    CHECK_OK(mc_draft_upload_event(e, 1, MC_UPLOAD_FAIL, 0, "offline"));
    char *out = NULL;
    CHECK_OK(mc_draft_send(e, 0, &out));
    CHECK_EQ_STR(out, "[" EDIT_MSG(Q("old"), "[]", Q("m-1"), "null") "]");
    mc_string_free(out);
    CHECK_TRAY(e, "[" T_FAILED("offline") "]");
    CHECK_OK(mc_draft_upload_event(e, 1, MC_UPLOAD_RETRY, 0, NULL));
    CHECK_TRAY(e, "[" T_QUEUED "]");
    mc_draft_free(e);
}

/* ---- Legacy single attachment ---- */

static void legacy_mode_takes_one_file_at_a_time(void) {
    REQUIRE_NEW_DRAFT(d, "{\"multiple_attachments\":false,\"slow_mode_seconds\":10}");
    CHECK_OK(mc_draft_set_thread(d, "t-1"));
    TYPE(d, "stays");
    CHECK_UI_MEMBER(d, "attachments_available", "true");
    /* No tray: the pick's first file goes out at once as its own message (not uploaded: the host
       uploads "ref"); the others are dropped with the banner. */
    CHECK_STAGE(d, "[{\"name\":\"a.png\",\"size\":1,\"ref\":\"file:///a.png\",\"width\":3,\"height\":4},"
                   "{\"name\":\"b.png\",\"size\":1}]",
                "{\"staged\":[],\"dropped\":1,\"notice\":\"You can attach up to 1 file.\",\"messages\":["
                MEDIA_MSG(Q(""), "[]", "image",
                          "[" OUT_FILE_META(1, "a.png", "image/png", 1, "image", "null", "file:///a.png", "3", "4", "null",
                                            "null") "]",
                          "null", Q("t-1")) "]}");
    CHECK_TRAY(d, "[]");
    CHECK_TEXT(d, "stays");
    CHECK_UI_MEMBER(d, "info_banner", Q("You can attach up to 1 file."));
    CHECK_UI_MEMBER(d, "attachments_available", "true");
    CHECK_UI_MEMBER(d, "mic_available", "true");
    /* It was a new message: slow mode holds the next pick, which changes nothing. */
    CHECK_REFUSED_UNCHANGED(d, mc_draft_stage_files(d, "[{\"name\":\"c.png\",\"size\":1}]", &(char *){NULL}),
                            MC_ERR_NOT_ALLOWED, "mc_draft_stage_files");
    CHECK_OK(mc_draft_tick(d, 10000));
    /* The result must be asked for: a NULL out-parameter would lose the message. */
    CHECK_REFUSED_UNCHANGED(d, mc_draft_stage_files(d, "[{\"name\":\"c.png\",\"size\":1}]", NULL),
                            MC_ERR_NULL_ARGUMENT, "mc_draft_stage_files");
    /* A pick that drops nothing ends the banner; ids go on. */
    CHECK_STAGE(d, "[{\"name\":\"c.pdf\",\"size\":1}]",
                "{\"staged\":[],\"dropped\":0,\"notice\":null,\"messages\":["
                MEDIA_MSG(Q(""), "[]", "file", "[" OUT_FILE(2, "c.pdf", "application/pdf", 1, "file", "null", "") "]",
                          "null", Q("t-1")) "]}");
    CHECK_UI_MEMBER(d, "info_banner", "null");
    mc_draft_free(d);

    /* A file that could not be sent is refused; an empty pick sends nothing. */
    REQUIRE_NEW_DRAFT(small, "{\"multiple_attachments\":false,\"max_file_size\":10,\"allowed_types\":[\"image/*\"]}");
    char *result = NULL;
    CHECK_REFUSED_MESSAGE(small, mc_draft_stage_files(small, "[{\"name\":\"big.png\",\"size\":11}]", &result),
                          MC_ERR_LIMIT_EXCEEDED, "mc_draft_stage_files", "mc_draft_stage_files: File exceeds 10 bytes.");
    CHECK_REFUSED_MESSAGE(small, mc_draft_stage_files(small, "[{\"name\":\"a.pdf\",\"size\":1}]", &result),
                          MC_ERR_NOT_ALLOWED, "mc_draft_stage_files", "mc_draft_stage_files: This file type isn't allowed.");
    CHECK(result == NULL);
    CHECK_STAGE(small, "[]", "{\"staged\":[],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    mc_draft_free(small);

    /* Tiles staged before the mode changed stay until sent or removed; a pick waits for that. */
    REQUIRE_NEW_DRAFT(switched, NULL);
    CHECK_OK(mc_draft_stage_files(switched, ONE_PNG, NULL));
    CHECK_OK(mc_draft_update_config(switched, "{\"multiple_attachments\":false}"));
    CHECK_UI_MEMBER(switched, "attachments_available", "false");
    CHECK_REFUSED_MESSAGE(switched, mc_draft_stage_files(switched, ONE_PNG, &result), MC_ERR_NOT_ALLOWED,
                          "mc_draft_stage_files",
                          "mc_draft_stage_files: multiple attachments are off: send or remove the staged files first");
    CHECK_OK(mc_draft_remove_attachment(switched, 1));
    CHECK_UI_MEMBER(switched, "attachments_available", "true");
    mc_draft_free(switched);
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
    HARNESS_TEST(upload_transition_table),
    HARNESS_TEST(progress_never_goes_backwards),
    HARNESS_TEST(files_per_message_limit_edges),
    HARNESS_TEST(file_size_limit_edges),
    HARNESS_TEST(size_error_states_limits_under_one_megabyte),
    HARNESS_TEST(allowed_types_and_server_refusals),
    HARNESS_TEST(kind_from_mime_type_or_extension),
    HARNESS_TEST(a_mixed_pick_goes_out_as_one_message_per_kind),
    HARNESS_TEST(a_failed_upload_is_retried),
    HARNESS_TEST(what_blocks_a_tray_first),
    HARNESS_TEST(tile_ids_are_never_reused),
    HARNESS_TEST(voice_notes_go_out_at_once),
    HARNESS_TEST(voice_notes_follow_the_configured_size_limit),
    HARNESS_TEST(a_voice_note_attachment_is_audio),
    HARNESS_TEST(voice_note_ids_are_not_reused),
    HARNESS_TEST(voice_notes_wait_for_the_slow_mode_cooldown),
    HARNESS_TEST(a_voice_note_quotes_the_reply),
    HARNESS_TEST(uploads_finish_while_an_edit_is_open),
    HARNESS_TEST(legacy_mode_takes_one_file_at_a_time),
    HARNESS_TEST(snapshot_and_restore_keep_the_tray),
    HARNESS_TEST(stage_files_refuses_bad_files_json),
    HARNESS_TEST(attachment_functions_refuse_bad_input),
};

void register_attachments_tests(void) { HARNESS_REGISTER("attachments", TESTS); }
