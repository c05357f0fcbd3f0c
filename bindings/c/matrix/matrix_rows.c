/*
 * matrix_rows.c: the rows of the bad-input matrix, one entry per header function (see matrix.h).
 *
 * An entry gives the invoker (the call with a valid default for every argument: the baseline cell
 * must succeed, so each other cell fails, if it does, because of its one argument), the setup the
 * baseline needs, EXPECT rows for the derived cells whose status is not the API-wide rule of
 * matrix_run.c (default_expectation: bad handle INVALID_HANDLE, NULL NULL_ARGUMENT, invalid UTF-8 and
 * embedded NUL INVALID_UTF8, 64 MiB / SIZE_MAX / JSON nested too deep LIMIT_EXCEEDED, broken JSON and
 * 1e400 INVALID_JSON, unknown enum or flag INVALID_ARGUMENT, deep markdown OK), and custom rows.
 * Integer, id and double cells have no rule: each function says.
 */
#include "matrix.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define E(param, kind, status) {param, kind, status}
#define E_I64(param, s_min, s_minus_one, s_max) \
    E(param, K_I64_MIN, s_min), E(param, K_I64_MINUS_ONE, s_minus_one), E(param, K_I64_MAX, s_max)
#define EXPECT(...) ((const expect_row[]){__VA_ARGS__, {NULL, K_COUNT, MC_OK}})
#define ROW(label, setup, param, value, expected) {label, setup, param, value, NULL, VNULL, expected, 0}
#define ROW2(label, setup, p1, v1, p2, v2, expected) {label, setup, p1, v1, p2, v2, expected, 0}
#define ROWF(label, setup, param, value, expected, flags) {label, setup, param, value, NULL, VNULL, expected, flags}
#define CUSTOM(...) ((const custom_row[]){__VA_ARGS__, {NULL, NULL, NULL, VNULL, NULL, VNULL, MC_OK, 0}})

/* ---- Setups ---- */

/* "Hé bold link @Bob\nquote": bold, a link, a mention, a quote line. */
#define RICH_DOC \
    "{\"text\":\"H\xC3\xA9 bold link @Bob\\nquote\",\"spans\":[{\"start\":3,\"end\":7,\"format\":\"bold\"}," \
    "{\"start\":8,\"end\":12,\"format\":\"link\",\"url\":\"https://a.io\"}," \
    "{\"start\":13,\"end\":17,\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"Bob\"}," \
    "{\"start\":18,\"end\":23,\"format\":\"quote\"}]}"
#define TWO_FILES \
    "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10,\"ref\":\"r1\"}," \
    "{\"name\":\"b.pdf\",\"mime\":\"application/pdf\",\"size\":20,\"ref\":\"r2\"}]"

static int ok(mc_status status, const char *what) {
    if (status == MC_OK) return 1;
    harness_fail(__FILE__, __LINE__, "setup: %s: %s", what, mc_status_name(status));
    return 0;
}

/* A draft with `config` holding `document` (NULL: empty), selection [anchor, focus]. */
static mc_draft *draft_with(const char *config, const char *document, int64_t anchor, int64_t focus) {
    mc_draft *d = NULL;
    if (!ok(mc_draft_new(config, &d), "mc_draft_new")) return NULL;
    if ((document && !ok(mc_draft_load_document(d, document), "mc_draft_load_document"))
        || !ok(mc_draft_set_selection(d, anchor, focus), "mc_draft_set_selection")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* The rich text, a selection, a thread, and no attachments. */
static mc_draft *setup_text(void) {
    mc_draft *d = draft_with(NULL, RICH_DOC, 2, 5);
    if (d && !ok(mc_draft_set_thread(d, "t-1"), "mc_draft_set_thread")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* The text plus two attachments: id 1 uploading, id 2 queued. */
mc_draft *setup_rich(void) {
    mc_draft *d = setup_text();
    if (!d) return NULL;
    if (!ok(mc_draft_stage_files(d, TWO_FILES, NULL), "mc_draft_stage_files")
        || !ok(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL), "mc_draft_upload_event")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

static mc_draft *setup_batch(void) {
    mc_draft *d = setup_rich();
    if (d && !ok(mc_draft_begin_batch(d), "mc_draft_begin_batch")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

static mc_draft *setup_editing(void) {
    mc_draft *d = setup_rich();
    if (d && !ok(mc_draft_begin_edit(d, "m-9", "being **edited**", NULL, false), "mc_draft_begin_edit")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

static mc_draft *setup_command(void) {
    mc_draft *d = setup_text();
    if (d && !ok(mc_draft_set_command(d, "giphy", "cats"), "mc_draft_set_command")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

static mc_draft *setup_empty(void) { return draft_with(NULL, NULL, 0, 0); }

/* setup_rich with attachment 2 removed: its id is retired. */
static mc_draft *setup_retired(void) {
    mc_draft *d = setup_rich();
    if (d && !ok(mc_draft_remove_attachment(d, 2), "mc_draft_remove_attachment")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* max_files 1 and a pick of two: the files banner shows. */
static mc_draft *setup_banner(void) {
    mc_draft *d = draft_with("{\"max_files\":1}", RICH_DOC, 0, 0);
    if (d && !ok(mc_draft_stage_files(d, TWO_FILES, NULL), "mc_draft_stage_files")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

static mc_draft *setup_commands_off(void) { return draft_with("{\"commands\":false}", RICH_DOC, 0, 0); }
static mc_draft *setup_stickers_off(void) { return draft_with("{\"stickers\":false}", RICH_DOC, 0, 0); }

/* Legacy single-attachment mode. */
static mc_draft *setup_legacy(void) {
    return draft_with("{\"multiple_attachments\":false,\"max_file_size\":100,\"allowed_types\":[\"image/*\",\"text/*\"]}",
                      RICH_DOC, 0, 0);
}

/* Slow mode of 30 s whose cooldown runs: the last message went out at 1000 ms, the clock is 2000. */
static mc_draft *setup_cooldown(void) {
    mc_draft *d = draft_with("{\"slow_mode_seconds\":30}", RICH_DOC, 0, 0);
    if (d && !ok(mc_draft_start_cooldown(d, 1000, 2000), "mc_draft_start_cooldown")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* Files staged, then multiple attachments switched off: legacy mode with files left in the tray. */
static mc_draft *setup_legacy_with_files(void) {
    mc_draft *d = setup_rich();
    if (d && !ok(mc_draft_update_config(d, "{\"multiple_attachments\":false}"), "mc_draft_update_config")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* Legacy mode with the cooldown running. */
static mc_draft *setup_legacy_cooldown(void) {
    mc_draft *d = draft_with("{\"multiple_attachments\":false,\"slow_mode_seconds\":30}", RICH_DOC, 0, 0);
    if (d && !ok(mc_draft_start_cooldown(d, 1000, 2000), "mc_draft_start_cooldown")) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* Exactly MC_MAX_TEXT_LENGTH scalars, the caret at the end. */
static mc_draft *setup_at_limit(void) {
    size_t n = MC_MAX_TEXT_LENGTH;
    char *doc = malloc(n + 32);
    if (!doc) return NULL;
    strcpy(doc, "{\"text\":\"");
    memset(doc + 9, 'a', n);
    strcpy(doc + 9 + n, "\",\"spans\":[]}");
    mc_draft *d = draft_with(NULL, doc, (int64_t)n, (int64_t)n);
    free(doc);
    return d;
}

/* mention_limit 1, reached. */
static mc_draft *setup_mention_limit(void) { return draft_with("{\"mention_limit\":1}", RICH_DOC, 0, 0); }

static mc_draft *setup_mentions_off(void) { return draft_with("{\"mentions\":false}", RICH_DOC, 0, 0); }

/* The caret inside a code block. */
static mc_draft *setup_code_block(void) {
    return draft_with(NULL, "{\"text\":\"code\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"code_block\"}]}", 2, 2);
}

/* Slow mode of 10^9 s (the largest allowed), a sendable text. */
static mc_draft *setup_slow_mode(void) { return draft_with("{\"slow_mode_seconds\":1000000000}", RICH_DOC, 0, 0); }

/* The host's clock at INT64_MAX, typing under way. */
static mc_draft *setup_clock_max(void) {
    mc_draft *d = setup_text();
    if (d && (!ok(mc_draft_tick(d, INT64_MAX), "mc_draft_tick") || !ok(mc_draft_insert(d, "x"), "mc_draft_insert"))) {
        mc_draft_free(d);
        return NULL;
    }
    return d;
}

/* A mention named with 1,000 characters and 2,100 hand-typed tags of it: converting them would
   make the text longer than MC_MAX_TEXT_LENGTH. */
static mc_draft *setup_normalize_growth(void) {
    size_t name_len = 1000, tags = 2100, tag_len = strlen("<@uid:u1>");
    size_t cap = 128 + 2 * name_len + tags * tag_len;
    char *doc = malloc(cap);
    if (!doc) return NULL;
    char *p = doc;
    p += sprintf(p, "{\"text\":\"@");
    memset(p, 'N', name_len);
    p += name_len;
    *p++ = ' ';
    for (size_t i = 0; i < tags; i++, p += tag_len) memcpy(p, "<@uid:u1>", tag_len);
    p += sprintf(p, "\",\"spans\":[{\"start\":0,\"end\":%zu,\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"", name_len + 1);
    memset(p, 'N', name_len);
    p += name_len;
    strcpy(p, "\"}]}");
    mc_draft *d = draft_with(NULL, doc, 0, 0);
    free(doc);
    return d;
}

/* ---- Invokers: one per header function, in header order ---- */

static mc_status call_abi_version(matrix_call *c) {
    (void)c;
    CHECK_EQ_INT(mc_abi_version(), MC_ABI_VERSION);
    return MC_OK;
}

static mc_status call_convert_offset(matrix_call *c) {
    return mc_convert_offset(arg_str(c, "utf8", "H\xC3\xA9!"), arg_i64(c, "offset", 2), arg_i32(c, "from_unit", MC_UNIT_SCALAR),
                             arg_i32(c, "to_unit", MC_UNIT_UTF8), arg_out_i64(c, "out_offset"));
}

static mc_status call_active_formats(matrix_call *c) {
    return mc_draft_active_formats(arg_draft(c, "draft"), arg_out_string(c, "out_json"));
}

static mc_status call_apply_format(matrix_call *c) {
    return mc_draft_apply_format(arg_draft(c, "draft"), arg_i64(c, "start", 0), arg_i64(c, "end", 2),
                                 arg_i32(c, "format", MC_FORMAT_ITALIC), arg_str(c, "value", NULL),
                                 arg_u32(c, "flags", MC_FLAG_PROTECT));
}

static mc_status call_attachments(matrix_call *c) {
    return mc_draft_attachments(arg_draft(c, "draft"), arg_out_string(c, "out_json"));
}

static mc_status call_begin_batch(matrix_call *c) { return mc_draft_begin_batch(arg_draft(c, "draft")); }

static mc_status call_begin_edit(matrix_call *c) {
    return mc_draft_begin_edit(arg_draft(c, "draft"), arg_str(c, "message_id", "m-1"), arg_str(c, "markdown", "**edited**"),
                               arg_str(c, "mentions_json", NULL), arg_bool(c, "is_media", false));
}

static mc_status call_begin_reply(matrix_call *c) {
    return mc_draft_begin_reply(arg_draft(c, "draft"), arg_str(c, "message_id", "m-1"), arg_str(c, "sender", "Ann"),
                                arg_str(c, "markdown", "hi <@uid:u1>"), arg_str(c, "mentions_json", "{\"u1\":\"Bob\"}"));
}

static mc_status call_can_send(matrix_call *c) {
    return mc_draft_can_send(arg_draft(c, "draft"), arg_out_bool(c, "out_can_send"));
}

static mc_status call_cancel_mode(matrix_call *c) { return mc_draft_cancel_mode(arg_draft(c, "draft")); }
static mc_status call_clear(matrix_call *c) { return mc_draft_clear(arg_draft(c, "draft")); }
static mc_status call_clear_command(matrix_call *c) { return mc_draft_clear_command(arg_draft(c, "draft")); }
static mc_status call_commit_batch(matrix_call *c) { return mc_draft_commit_batch(arg_draft(c, "draft")); }

static mc_status call_config(matrix_call *c) { return mc_draft_config(arg_draft(c, "draft"), arg_out_string(c, "out_json")); }

static mc_status call_draft_convert_offset(matrix_call *c) {
    return mc_draft_convert_offset(arg_draft(c, "draft"), arg_i64(c, "offset", 2), arg_i32(c, "from_unit", MC_UNIT_SCALAR),
                                   arg_i32(c, "to_unit", MC_UNIT_UTF16), arg_out_i64(c, "out_offset"));
}

static mc_status call_dismiss_banner(matrix_call *c) { return mc_draft_dismiss_banner(arg_draft(c, "draft")); }

static mc_status call_delete_backward(matrix_call *c) { return mc_draft_delete_backward(arg_draft(c, "draft")); }
static mc_status call_delete_forward(matrix_call *c) { return mc_draft_delete_forward(arg_draft(c, "draft")); }

static mc_status call_document(matrix_call *c) {
    return mc_draft_document(arg_draft(c, "draft"), arg_out_string(c, "out_document_json"));
}

static mc_status call_enter(matrix_call *c) { return mc_draft_enter(arg_draft(c, "draft")); }

/* No status: a refusal is recorded in mc_last_error(). */
static mc_status call_free(matrix_call *c) {
    mc_draft *d = arg_draft(c, "draft");
    mc_draft_free(d);
    if (d == c->draft) c->live_freed = 1;
    return matrix_refusal_recorded("mc_draft_free");
}

static mc_status call_insert(matrix_call *c) { return mc_draft_insert(arg_draft(c, "draft"), arg_str(c, "utf8", "x")); }

static mc_status call_insert_link(matrix_call *c) {
    return mc_draft_insert_link(arg_draft(c, "draft"), arg_str(c, "text", "site"), arg_str(c, "url", "https://b.io"));
}

static mc_status call_insert_mention(matrix_call *c) {
    return mc_draft_insert_mention(arg_draft(c, "draft"), arg_str(c, "uid", "u2"), arg_str(c, "name", "Ann"));
}

static mc_status call_insert_n(matrix_call *c) {
    size_t length;
    const char *text = arg_bytes(c, "utf8", "length", "xy", &length);
    return mc_draft_insert_n(arg_draft(c, "draft"), text, length);
}

static mc_status call_length(matrix_call *c) { return mc_draft_length(arg_draft(c, "draft"), arg_out_i64(c, "out_length")); }

static mc_status call_load_document(matrix_call *c) {
    return mc_draft_load_document(arg_draft(c, "draft"),
                                  arg_str(c, "document_json", "{\"text\":\"new\",\"spans\":[{\"start\":0,\"end\":3,\"format\":\"bold\"}]}"));
}

static mc_status call_load_markdown(matrix_call *c) {
    return mc_draft_load_markdown(arg_draft(c, "draft"), arg_str(c, "markdown", "**md** <@uid:u7>"),
                                  arg_str(c, "mentions_json", "{\"u7\":\"Sam\"}"));
}

static mc_status call_mentions(matrix_call *c) { return mc_draft_mentions(arg_draft(c, "draft"), arg_out_string(c, "out_json")); }

static mc_status call_move_caret(matrix_call *c) {
    return mc_draft_move_caret(arg_draft(c, "draft"), arg_i32(c, "unit", MC_CARET_GRAPHEME), arg_i64(c, "count", 1),
                               arg_u32(c, "flags", MC_FLAG_EXTEND));
}

static mc_status call_new(matrix_call *c) {
    return mc_draft_new(arg_str(c, "config_json", "{\"mention_limit\":3}"), arg_out_draft(c, "out_draft"));
}

static mc_status call_normalize_markdown(matrix_call *c) { return mc_draft_normalize_markdown(arg_draft(c, "draft")); }
static mc_status call_redo(matrix_call *c) { return mc_draft_redo(arg_draft(c, "draft")); }

static mc_status call_remove_attachment(matrix_call *c) {
    return mc_draft_remove_attachment(arg_draft(c, "draft"), arg_u64(c, "id", 2));
}

static mc_status call_remove_format(matrix_call *c) {
    return mc_draft_remove_format(arg_draft(c, "draft"), arg_i64(c, "start", 3), arg_i64(c, "end", 7),
                                  arg_i32(c, "format", MC_FORMAT_BOLD), arg_u32(c, "flags", 0));
}

static mc_status call_remove_link(matrix_call *c) { return mc_draft_remove_link(arg_draft(c, "draft")); }

static mc_status call_replace(matrix_call *c) {
    return mc_draft_replace(arg_draft(c, "draft"), arg_i64(c, "start", 0), arg_i64(c, "end", 2), arg_str(c, "utf8", "Yo"));
}

static mc_status call_replace_n(matrix_call *c) {
    size_t length;
    const char *text = arg_bytes(c, "utf8", "length", "Yo", &length);
    return mc_draft_replace_n(arg_draft(c, "draft"), arg_i64(c, "start", 0), arg_i64(c, "end", 2), text, length);
}

/* The baseline restores the draft's own snapshot. */
static mc_status call_restore(matrix_call *c) {
    return mc_draft_restore(arg_draft(c, "draft"), arg_str(c, "snapshot_json", c->snapshot));
}

static mc_status call_select_all(matrix_call *c) { return mc_draft_select_all(arg_draft(c, "draft")); }

static mc_status call_selection(matrix_call *c) {
    return mc_draft_selection(arg_draft(c, "draft"), arg_out_i64(c, "out_anchor"), arg_out_i64(c, "out_focus"));
}

static mc_status call_send(matrix_call *c) {
    return mc_draft_send(arg_draft(c, "draft"), arg_i64(c, "now_ms", 5000), arg_out_string(c, "out_messages_json"));
}

static mc_status call_serialize(matrix_call *c) {
    return mc_draft_serialize(arg_draft(c, "draft"), arg_out_string(c, "out_markdown"));
}

static mc_status call_send_sticker(matrix_call *c) {
    return mc_draft_send_sticker(arg_draft(c, "draft"), arg_str(c, "sticker_id", "s-1"), arg_str(c, "url", "cdn.example/s.webp"),
                                 arg_str(c, "pack", "cats"), arg_out_string(c, "out_message_json"));
}

static mc_status call_set_also_send_to_channel(matrix_call *c) {
    return mc_draft_set_also_send_to_channel(arg_draft(c, "draft"), arg_bool(c, "enabled", true));
}

static mc_status call_set_command(matrix_call *c) {
    return mc_draft_set_command(arg_draft(c, "draft"), arg_str(c, "name", "giphy"), arg_str(c, "args", "cats"));
}

static mc_status call_set_link(matrix_call *c) { return mc_draft_set_link(arg_draft(c, "draft"), arg_str(c, "url", "https://b.io")); }

/* Counts calls and never reads user_data (a cell passes a wild pointer). */
static int listener_calls;
static void counting_listener(void *user_data, int32_t kind, const char *payload_json) {
    (void)user_data;
    (void)kind;
    (void)payload_json;
    listener_calls++;
}

static mc_status call_set_listener(matrix_call *c) {
    return mc_draft_set_listener(arg_draft(c, "draft"), arg_listener(c, "listener", counting_listener),
                                 arg_ptr(c, "user_data", &listener_calls));
}

static mc_status call_set_selection(matrix_call *c) {
    return mc_draft_set_selection(arg_draft(c, "draft"), arg_i64(c, "anchor", 0), arg_i64(c, "focus", 3));
}

static mc_status call_set_thread(matrix_call *c) { return mc_draft_set_thread(arg_draft(c, "draft"), arg_str(c, "parent_id", "t-2")); }

static mc_status call_snapshot(matrix_call *c) { return mc_draft_snapshot(arg_draft(c, "draft"), arg_out_string(c, "out_json")); }

static mc_status call_spans(matrix_call *c) {
    return mc_draft_spans(arg_draft(c, "draft"), arg_i64(c, "start", 0), arg_i64(c, "end", 10),
                          arg_out_string(c, "out_spans_json"));
}

static mc_status call_stage_files(matrix_call *c) {
    return mc_draft_stage_files(arg_draft(c, "draft"),
                                arg_str(c, "files_json", "[{\"name\":\"c.txt\",\"mime\":\"text/plain\",\"size\":5,\"ref\":\"r3\"}]"),
                                arg_out_string(c, "out_result_json"));
}

static mc_status call_start_cooldown(matrix_call *c) {
    return mc_draft_start_cooldown(arg_draft(c, "draft"), arg_i64(c, "last_message_ms", 1000), arg_i64(c, "now_ms", 2000));
}

static mc_status call_text(matrix_call *c) { return mc_draft_text(arg_draft(c, "draft"), arg_out_string(c, "out_text")); }
static mc_status call_tick(matrix_call *c) { return mc_draft_tick(arg_draft(c, "draft"), arg_i64(c, "now_ms", 1000)); }

static mc_status call_toggle_format(matrix_call *c) {
    return mc_draft_toggle_format(arg_draft(c, "draft"), arg_i64(c, "start", 0), arg_i64(c, "end", 2),
                                  arg_i32(c, "format", MC_FORMAT_UNDERLINE), arg_str(c, "value", NULL), arg_u32(c, "flags", 0));
}

static mc_status call_ui_state(matrix_call *c) { return mc_draft_ui_state(arg_draft(c, "draft"), arg_out_string(c, "out_json")); }
static mc_status call_undo(matrix_call *c) { return mc_draft_undo(arg_draft(c, "draft")); }

static mc_status call_update_config(matrix_call *c) {
    return mc_draft_update_config(arg_draft(c, "draft"), arg_str(c, "config_json", "{\"max_files\":3,\"slow_mode_seconds\":5}"));
}

static mc_status call_undo_state(matrix_call *c) {
    return mc_draft_undo_state(arg_draft(c, "draft"), arg_out_bool(c, "out_can_undo"), arg_out_bool(c, "out_can_redo"));
}

/* The baseline reports progress on attachment 1, which is uploading. */
static mc_status call_upload_event(matrix_call *c) {
    return mc_draft_upload_event(arg_draft(c, "draft"), arg_u64(c, "id", 1), arg_i32(c, "event", MC_UPLOAD_PROGRESS),
                                 arg_double(c, "progress", 0.5), arg_str(c, "value", NULL));
}

static mc_status call_voice_note(matrix_call *c) {
    return mc_draft_voice_note(arg_draft(c, "draft"), arg_str(c, "name", "voice.ogg"), arg_str(c, "mime", "audio/ogg"),
                               arg_i64(c, "size", 4000), arg_str(c, "remote", "https://files.example/v1"),
                               arg_out_string(c, "out_message_json"));
}

/* After a failure, the message names the failing function. */
static mc_status call_last_error(matrix_call *c) {
    (void)c;
    int64_t out;
    (void)mc_draft_length(NULL, &out);
    const char *message = mc_last_error();
    CHECK(message != NULL && strcmp(message, "mc_draft_length: draft is NULL") == 0);
    return MC_OK;
}

static mc_status call_markdown_parse(matrix_call *c) {
    return mc_markdown_parse(arg_str(c, "markdown", "**b** <@uid:u1>"), arg_out_string(c, "out_document_json"));
}

static mc_status call_parse_with_mentions(matrix_call *c) {
    return mc_markdown_parse_with_mentions(arg_str(c, "markdown", "**b** <@uid:u1>"), arg_str(c, "mentions_json", "{\"u1\":\"Bob\"}"),
                                           arg_out_string(c, "out_document_json"));
}

static mc_status call_to_html(matrix_call *c) {
    return mc_markdown_to_html(arg_str(c, "markdown", "**b** <@uid:u1>"), arg_str(c, "mentions_json", "{\"u1\":\"Bob\"}"),
                               arg_out_string(c, "out_html"));
}

static mc_status call_to_plain_text(matrix_call *c) {
    return mc_markdown_to_plain_text(arg_str(c, "markdown", "**b** <@uid:u1>"), arg_str(c, "mentions_json", "{\"u1\":\"Bob\"}"),
                                     arg_i64(c, "max_graphemes", 3), arg_out_string(c, "out_text"));
}

/* The baseline frees a string the library handed out. */
static mc_status call_string_free(matrix_call *c) {
    char *s = NULL;
    if (mc_markdown_parse("x", &s) != MC_OK) harness_fail(__FILE__, __LINE__, "mc_markdown_parse failed");
    char *target = arg_ptr(c, "s", s);
    mc_string_free(target);
    if (target != s) mc_string_free(s);
    return MC_OK;
}

/* Every value names something, never NULL: known statuses by their macro, others generically. */
static mc_status call_status_name(matrix_call *c) {
    int64_t status = arg_i32(c, "status", MC_ERR_INVALID_HANDLE);
    const char *name = mc_status_name((mc_status)status);
    if (name == NULL) harness_fail(__FILE__, __LINE__, "mc_status_name returned NULL");
    if (status == MC_ERR_INVALID_HANDLE) CHECK_EQ_STR(name, "MC_ERR_INVALID_HANDLE");
    if (status == INT32_MIN || status == INT32_MAX) CHECK_EQ_STR(name, "(unknown mc_status)");
    return MC_OK;
}

static mc_status call_version(matrix_call *c) {
    (void)c;
    CHECK_EQ_STR(mc_version(), MC_VERSION_STRING);
    return MC_OK;
}

/* ---- The rows ---- */

#define OOR MC_ERR_OUT_OF_RANGE
#define BAD MC_ERR_INVALID_ARGUMENT
#define LIMIT MC_ERR_LIMIT_EXCEEDED
#define JSON MC_ERR_INVALID_JSON
#define NOT_ALLOWED MC_ERR_NOT_ALLOWED

/* The offsets of a range: out of the text at every extreme. */
#define RANGE_OOR E_I64("start", OOR, OOR, OOR), E_I64("end", OOR, OOR, OOR)

/* Rows shared by the format functions that take a value. */
#define FORMAT_VALUE_ROWS \
    ROW2("a link without a URL", NULL, "format", VINT(MC_FORMAT_LINK), "value", VNULL, BAD), \
    ROW2("a link with javascript:", NULL, "format", VINT(MC_FORMAT_LINK), "value", VSTR("javascript:alert(1)"), MC_ERR_UNSAFE_LINK), \
    ROW2("a colour #12", NULL, "format", VINT(MC_FORMAT_COLOR), "value", VSTR("#12"), MC_ERR_INVALID_COLOR), \
    ROW("a value for a format that takes none", NULL, "value", VSTR("x"), BAD)

#define ID64 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
#define ID257 ID64 ID64 ID64 ID64 "x"

/* A snapshot with one member replaced. */
#define SNAPSHOT_ROW(label, member, json, expected) ROW(label, NULL, "snapshot_json", VSNAPSHOT(member, json), expected)

const function_rows MATRIX_ROWS[] = {
    {"mc_abi_version", call_abi_version, setup_empty, NULL, NULL},
    {"mc_convert_offset", call_convert_offset, setup_empty,
     EXPECT(E_I64("offset", OOR, OOR, OOR)),
     CUSTOM(ROW2("a UTF-8 offset inside a character", NULL, "offset", VINT(2), "from_unit", VINT(MC_UNIT_UTF8), OOR),
            ROW2("a UTF-16 offset past the end", NULL, "offset", VINT(4), "from_unit", VINT(MC_UNIT_UTF16), OOR))},
    {"mc_draft_active_formats", call_active_formats, setup_rich, NULL, NULL},
    {"mc_draft_apply_format", call_apply_format, setup_rich,
     EXPECT(RANGE_OOR, E("value", K_STR_NULL, MC_OK)),
     CUSTOM(FORMAT_VALUE_ROWS,
            ROW2("start after end", NULL, "start", VINT(5), "end", VINT(3), OOR),
            ROW2("an end past the text", NULL, "start", VINT(0), "end", VINT(24), OOR))},
    {"mc_draft_attachments", call_attachments, setup_rich, NULL, NULL},
    {"mc_draft_begin_batch", call_begin_batch, setup_rich, NULL, NULL},
    {"mc_draft_begin_edit", call_begin_edit, setup_rich,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("an empty message id", NULL, "message_id", VSTR(""), BAD),
            ROW("a message id with a line break", NULL, "message_id", VSTR("m\n1"), BAD),
            ROW("a message id of 257 characters", NULL, "message_id", VSTR(ID257), BAD),
            ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u1\":5}"), BAD),
            ROW("a name that is 1e400", NULL, "mentions_json", VSTR("{\"u1\":1e400}"), JSON),
            ROWF("markdown one character over the length limit", NULL, "markdown", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_begin_reply", call_begin_reply, setup_rich,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("an empty message id", NULL, "message_id", VSTR(""), BAD),
            ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u1\":5}"), BAD),
            ROW("a name that is -1e400", NULL, "mentions_json", VSTR("{\"u1\":-1e400}"), JSON),
            ROWF("markdown longer than the length limit (only a preview is kept)", NULL, "markdown", VGEN(G_TEXT_OVER_LIMIT),
                 MC_OK, ROW_HEAVY))},
    {"mc_draft_can_send", call_can_send, setup_rich, NULL, NULL},
    {"mc_draft_cancel_mode", call_cancel_mode, setup_editing, NULL, NULL},
    {"mc_draft_clear", call_clear, setup_rich, NULL, NULL},
    {"mc_draft_clear_command", call_clear_command, setup_command, NULL, NULL},
    {"mc_draft_commit_batch", call_commit_batch, setup_batch, NULL,
     CUSTOM(ROW("no batch open", setup_rich, NULL, VNULL, NOT_ALLOWED))},
    {"mc_draft_config", call_config, setup_rich, NULL, NULL},
    {"mc_draft_convert_offset", call_draft_convert_offset, setup_rich,
     EXPECT(E_I64("offset", OOR, OOR, OOR)),
     CUSTOM(ROW2("a UTF-8 offset inside \"é\"", NULL, "offset", VINT(2), "from_unit", VINT(MC_UNIT_UTF8), OOR),
            ROW("an offset past the end", NULL, "offset", VINT(24), OOR))},
    {"mc_draft_delete_backward", call_delete_backward, setup_rich, NULL, NULL},
    {"mc_draft_delete_forward", call_delete_forward, setup_rich, NULL, NULL},
    {"mc_draft_dismiss_banner", call_dismiss_banner, setup_banner, NULL, NULL},
    {"mc_draft_document", call_document, setup_rich, NULL, NULL},
    {"mc_draft_enter", call_enter, setup_rich, NULL,
     CUSTOM(ROWF("at the length limit", setup_at_limit, NULL, VNULL, LIMIT, ROW_HEAVY))},
    {"mc_draft_free", call_free, setup_rich, EXPECT(E("draft", K_HANDLE_NULL, MC_OK)), NULL},
    {"mc_draft_insert", call_insert, setup_rich, NULL,
     CUSTOM(ROWF("one character at the length limit", setup_at_limit, NULL, VNULL, LIMIT, ROW_HEAVY),
            ROWF("a text one character over the length limit", NULL, "utf8", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_insert_link", call_insert_link, setup_rich, NULL,
     CUSTOM(ROW("empty text", NULL, "text", VSTR(""), BAD),
            ROW("text with a line break", NULL, "text", VSTR("a\nb"), BAD),
            ROW("a javascript: URL", NULL, "url", VSTR("javascript:alert(1)"), MC_ERR_UNSAFE_LINK),
            ROWF("at the length limit", setup_at_limit, NULL, VNULL, LIMIT, ROW_HEAVY))},
    {"mc_draft_insert_mention", call_insert_mention, setup_rich, NULL,
     CUSTOM(ROW("an empty uid", NULL, "uid", VSTR(""), BAD),
            ROW("a uid with a space", NULL, "uid", VSTR("u 2"), BAD),
            ROW("an empty name", NULL, "name", VSTR(""), BAD),
            ROW("a name with a line break", NULL, "name", VSTR("A\nB"), BAD),
            ROW("a second name for a mentioned uid", NULL, "uid", VSTR("u1"), BAD),
            ROW("mentions disabled", setup_mentions_off, NULL, VNULL, NOT_ALLOWED),
            ROW("the caret in a code block", setup_code_block, NULL, VNULL, NOT_ALLOWED),
            ROWF("mention_limit reached (raises the banner)", setup_mention_limit, NULL, VNULL, LIMIT, ROW_BANNER),
            ROWF("at the length limit", setup_at_limit, NULL, VNULL, LIMIT, ROW_HEAVY))},
    {"mc_draft_insert_n", call_insert_n, setup_rich, NULL,
     CUSTOM(ROWF("one character at the length limit", setup_at_limit, NULL, VNULL, LIMIT, ROW_HEAVY),
            ROWF("a text one character over the length limit", NULL, "utf8", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_length", call_length, setup_rich, NULL, NULL},
    {"mc_draft_load_document", call_load_document, setup_rich, NULL,
     CUSTOM(ROW("a span start of 1e400", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":1e400,\"end\":1,\"format\":\"bold\"}]}"), JSON),
            ROW("a span start of 2^63 (not an int64)", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":9223372036854775808,\"end\":1,\"format\":\"bold\"}]}"), BAD),
            ROW("a span start of INT64_MIN", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":-9223372036854775808,\"end\":1,\"format\":\"bold\"}]}"), OOR),
            ROW("a span end of INT64_MAX", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":9223372036854775807,\"format\":\"bold\"}]}"), OOR),
            ROW("a span of 1.5", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1.5,\"format\":\"bold\"}]}"), BAD),
            ROW("an unknown format", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"blink\"}]}"), BAD),
            ROW("a javascript: link", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\",\"url\":\"javascript:x\"}]}"),
                MC_ERR_UNSAFE_LINK),
            ROW("a colour #12", NULL, "document_json",
                VSTR("{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"color\",\"color\":\"#12\"}]}"),
                MC_ERR_INVALID_COLOR),
            ROW("spans that are arrays, not objects", NULL, "document_json", VSTR("{\"text\":\"ab\",\"spans\":[[]]}"), BAD),
            ROW("spans nested 100,000 deep", NULL, "document_json", VGEN(G_DOC_DEEP_SPANS), LIMIT),
            ROWF("a text one character over the length limit", NULL, "document_json", VGEN(G_DOC_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_load_markdown", call_load_markdown, setup_rich,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u7\":5}"), BAD),
            ROW("a name that is 1e400", NULL, "mentions_json", VSTR("{\"u7\":1e400}"), JSON),
            ROWF("markdown one character over the length limit", NULL, "markdown", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_mentions", call_mentions, setup_rich, NULL, NULL},
    {"mc_draft_move_caret", call_move_caret, setup_rich,
     EXPECT(E_I64("count", MC_OK, MC_OK, MC_OK)),
     CUSTOM(ROW("MC_FLAG_PROTECT (a format flag)", NULL, "flags", VUINT(MC_FLAG_PROTECT), BAD))},
    {"mc_draft_new", call_new, setup_empty,
     EXPECT(E("config_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("mention_limit 1e400", NULL, "config_json", VSTR("{\"mention_limit\":1e400}"), JSON),
            ROW("mention_limit 10^9 + 1", NULL, "config_json", VSTR("{\"mention_limit\":1000000001}"), BAD),
            ROW("mention_limit INT64_MIN", NULL, "config_json", VSTR("{\"mention_limit\":-9223372036854775808}"), BAD),
            ROW("mention_limit 2^64 (not an int64)", NULL, "config_json", VSTR("{\"mention_limit\":18446744073709551616}"), BAD),
            ROW("max_length INT64_MAX", NULL, "config_json", VSTR("{\"max_length\":9223372036854775807}"), BAD),
            ROW("max_length 0", NULL, "config_json", VSTR("{\"max_length\":0}"), BAD),
            ROW("max_file_size INT64_MAX", NULL, "config_json", VSTR("{\"max_file_size\":9223372036854775807}"), MC_OK),
            ROW("max_file_size -1", NULL, "config_json", VSTR("{\"max_file_size\":-1}"), BAD),
            ROW("undo_depth 1.5", NULL, "config_json", VSTR("{\"undo_depth\":1.5}"), BAD),
            ROW("slow_mode_seconds 10^9", NULL, "config_json", VSTR("{\"slow_mode_seconds\":1000000000}"), MC_OK),
            ROW("an unknown key", NULL, "config_json", VSTR("{\"mention_limits\":3}"), BAD),
            ROW("allowed_types holding an array", NULL, "config_json", VSTR("{\"allowed_types\":[[\"image/png\"]]}"), BAD))},
    {"mc_draft_normalize_markdown", call_normalize_markdown, setup_rich, NULL,
     CUSTOM(ROWF("hand-typed mention tags that grow past the length limit", setup_normalize_growth, NULL, VNULL, LIMIT,
                 ROW_HEAVY))},
    {"mc_draft_redo", call_redo, setup_rich, NULL, NULL},
    {"mc_draft_remove_attachment", call_remove_attachment, setup_rich,
     EXPECT(E("id", K_U64_ZERO, BAD), E("id", K_U64_MAX, BAD)),
     CUSTOM(ROW("an id never given out", NULL, "id", VUINT(3), BAD),
            ROW("a retired id (removed before)", setup_retired, NULL, VNULL, NOT_ALLOWED))},
    {"mc_draft_remove_format", call_remove_format, setup_rich,
     EXPECT(RANGE_OOR),
     CUSTOM(ROW("MC_FLAG_EXTEND (a caret flag)", NULL, "flags", VUINT(MC_FLAG_EXTEND), BAD))},
    {"mc_draft_remove_link", call_remove_link, setup_rich, NULL, NULL},
    {"mc_draft_replace", call_replace, setup_rich,
     EXPECT(RANGE_OOR),
     CUSTOM(ROW2("start after end", NULL, "start", VINT(5), "end", VINT(3), OOR),
            {"two characters at the length limit", setup_at_limit, "start", VINT(0), "end", VINT(0), LIMIT, ROW_HEAVY},
            ROWF("a text one character over the length limit", NULL, "utf8", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_replace_n", call_replace_n, setup_rich,
     EXPECT(RANGE_OOR),
     CUSTOM(ROW2("start after end", NULL, "start", VINT(5), "end", VINT(3), OOR),
            ROWF("a text one character over the length limit", NULL, "utf8", VGEN(G_TEXT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_restore", call_restore, setup_rich, NULL,
     CUSTOM(SNAPSHOT_ROW("version 3", "version", "3", BAD),
            SNAPSHOT_ROW("version INT64_MAX", "version", "9223372036854775807", BAD),
            SNAPSHOT_ROW("version 1e400", "version", "1e400", JSON),
            SNAPSHOT_ROW("clock -1", "now", "-1", OOR),
            SNAPSHOT_ROW("clock INT64_MAX", "now", "9223372036854775807", MC_OK),
            SNAPSHOT_ROW("last message at INT64_MIN", "last_message_at", "-9223372036854775808", OOR),
            SNAPSHOT_ROW("last message at INT64_MAX", "last_message_at", "9223372036854775807", MC_OK),
            SNAPSHOT_ROW("last message at 2^64 (not an int64)", "last_message_at", "18446744073709551616", BAD),
            SNAPSHOT_ROW("also_send_to_channel a string", "also_send_to_channel", "\"yes\"", BAD),
            SNAPSHOT_ROW("selection [INT64_MIN, INT64_MAX] (clamped)", "selection", "[-9223372036854775808,9223372036854775807]", MC_OK),
            SNAPSHOT_ROW("selection [1e400, 0]", "selection", "[1e400,0]", JSON),
            SNAPSHOT_ROW("selection [0.5, 0]", "selection", "[0.5,0]", BAD),
            SNAPSHOT_ROW("a span start of -1", "document", "{\"text\":\"ab\",\"spans\":[{\"start\":-1,\"end\":1,\"format\":\"bold\"}]}", OOR),
            SNAPSHOT_ROW("a javascript: link", "document",
                         "{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\",\"url\":\"javascript:x\"}]}",
                         MC_ERR_UNSAFE_LINK),
            SNAPSHOT_ROW("a colour #12", "document",
                         "{\"text\":\"ab\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"color\",\"color\":\"#12\"}]}",
                         MC_ERR_INVALID_COLOR),
            SNAPSHOT_ROW("a tile id of -1", "tray",
                         "{\"tiles\":[{\"id\":-1,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1,\"ref\":\"r\",\"state\":\"queued\"}]}", BAD),
            SNAPSHOT_ROW("a tile id of 2^64", "tray",
                         "{\"tiles\":[{\"id\":18446744073709551616,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1,\"ref\":\"r\",\"state\":\"queued\"}]}",
                         BAD),
            SNAPSHOT_ROW("a tile size of INT64_MIN", "tray",
                         "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":-9223372036854775808,\"ref\":\"r\",\"state\":\"queued\"}]}",
                         BAD),
            SNAPSHOT_ROW("a tile progress of 1e400", "tray",
                         "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1,\"ref\":\"r\",\"state\":\"uploading\",\"progress\":1e400}]}",
                         JSON),
            SNAPSHOT_ROW("a tray next_id not above its tiles' ids", "tray",
                         "{\"tiles\":[{\"id\":5,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1,\"ref\":\"r\",\"state\":\"queued\"}],\"next_id\":5}",
                         BAD),
            SNAPSHOT_ROW("a tray next_id of 2^64", "tray", "{\"tiles\":[],\"next_id\":18446744073709551616}", BAD),
            SNAPSHOT_ROW("a tile width of 0", "tray",
                         "{\"tiles\":[{\"id\":1,\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":1,\"ref\":\"r\",\"state\":\"queued\",\"width\":0}]}",
                         BAD),
            SNAPSHOT_ROW("a tile progress of 2", "tray",
                         "{\"tiles\":[{\"id\":1,\"name\":\"a\",\"mime\":\"text/plain\",\"size\":1,\"ref\":\"r\",\"state\":\"uploading\",\"progress\":2}]}",
                         OOR),
            ROWF("a text one character over the length limit", NULL, "snapshot_json",
                 VGEN(G_SNAPSHOT_OVER_LIMIT), LIMIT, ROW_HEAVY))},
    {"mc_draft_select_all", call_select_all, setup_rich, NULL, NULL},
    {"mc_draft_selection", call_selection, setup_rich, NULL, NULL},
    {"mc_draft_send", call_send, setup_text,
     EXPECT(E_I64("now_ms", OOR, OOR, MC_OK)),
     CUSTOM(ROW("an empty draft", setup_empty, NULL, VNULL, NOT_ALLOWED),
            ROW("uploads pending", setup_rich, NULL, VNULL, NOT_ALLOWED),
            ROW("slow mode of 10^9 s at INT64_MAX ms", setup_slow_mode, "now_ms", VINT(INT64_MAX), MC_OK),
            ROW("the clock at INT64_MAX, typing", setup_clock_max, "now_ms", VINT(INT64_MAX), MC_OK))},
    {"mc_draft_send_sticker", call_send_sticker, setup_text,
     EXPECT(E("pack", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("an empty id", NULL, "sticker_id", VSTR(""), BAD),
            ROW("an id of 257 characters", NULL, "sticker_id", VSTR(ID257), BAD),
            ROW("an id with a line break", NULL, "sticker_id", VSTR("s\n1"), BAD),
            ROW("an empty pack", NULL, "pack", VSTR(""), BAD),
            ROW("an empty URL", NULL, "url", VSTR(""), MC_ERR_UNSAFE_LINK),
            ROW("a javascript: URL", NULL, "url", VSTR("javascript:alert(1)"), MC_ERR_UNSAFE_LINK),
            ROW("a mailto: URL", NULL, "url", VSTR("mailto:a@b.c"), MC_ERR_UNSAFE_LINK),
            ROW("stickers off", setup_stickers_off, NULL, VNULL, NOT_ALLOWED),
            ROW("while editing", setup_editing, NULL, VNULL, NOT_ALLOWED),
            ROW("with a command set", setup_command, NULL, VNULL, NOT_ALLOWED),
            ROW("while the slow-mode cooldown runs", setup_cooldown, NULL, VNULL, NOT_ALLOWED))},
    {"mc_draft_serialize", call_serialize, setup_rich, NULL, NULL},
    {"mc_draft_set_also_send_to_channel", call_set_also_send_to_channel, setup_text, NULL,
     CUSTOM(ROW("turning it on without a thread", setup_empty, NULL, VNULL, NOT_ALLOWED),
            ROW("turning it off without a thread", setup_empty, "enabled", VINT(0), MC_OK))},
    {"mc_draft_set_command", call_set_command, setup_rich,
     EXPECT(E("args", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("an empty name", NULL, "name", VSTR(""), BAD),
            ROW("a name with a space", NULL, "name", VSTR("a b"), BAD),
            ROW("a name with a slash", NULL, "name", VSTR("/giphy"), BAD),
            ROW("while editing", setup_editing, NULL, VNULL, NOT_ALLOWED),
            ROW("commands off", setup_commands_off, NULL, VNULL, NOT_ALLOWED))},
    {"mc_draft_set_link", call_set_link, setup_rich, NULL,
     CUSTOM(ROW("a javascript: URL", NULL, "url", VSTR("javascript:alert(1)"), MC_ERR_UNSAFE_LINK),
            ROW("a data: URL", NULL, "url", VSTR("data:text/html,x"), MC_ERR_UNSAFE_LINK))},
    {"mc_draft_set_listener", call_set_listener, setup_rich, NULL, NULL},
    {"mc_draft_set_selection", call_set_selection, setup_rich,
     EXPECT(E_I64("anchor", MC_OK, MC_OK, MC_OK), E_I64("focus", MC_OK, MC_OK, MC_OK)), NULL},
    {"mc_draft_set_thread", call_set_thread, setup_rich,
     EXPECT(E("parent_id", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("an empty id", NULL, "parent_id", VSTR(""), BAD),
            ROW("an id with a tab", NULL, "parent_id", VSTR("t\t1"), BAD),
            ROW("an id of 257 characters", NULL, "parent_id", VSTR(ID257), BAD))},
    {"mc_draft_snapshot", call_snapshot, setup_rich, NULL, NULL},
    {"mc_draft_spans", call_spans, setup_rich,
     EXPECT(RANGE_OOR),
     CUSTOM(ROW2("start after end", NULL, "start", VINT(5), "end", VINT(3), OOR))},
    {"mc_draft_stage_files", call_stage_files, setup_rich,
     EXPECT(E("out_result_json", K_OUT_NULL, MC_OK)),
     CUSTOM(ROW("a size of -1", NULL, "files_json", VSTR("[{\"name\":\"c\",\"mime\":\"text/plain\",\"size\":-1,\"ref\":\"r\"}]"), BAD),
            ROW("a size of 1e400", NULL, "files_json", VSTR("[{\"name\":\"c\",\"mime\":\"text/plain\",\"size\":1e400,\"ref\":\"r\"}]"), JSON),
            ROW("a size of 2^64 (not an int64)", NULL, "files_json",
                VSTR("[{\"name\":\"c\",\"mime\":\"text/plain\",\"size\":18446744073709551616,\"ref\":\"r\"}]"), BAD),
            ROW("a size of INT64_MAX (an error tile)", NULL, "files_json",
                VSTR("[{\"name\":\"c\",\"mime\":\"text/plain\",\"size\":9223372036854775807,\"ref\":\"r\"}]"), MC_OK),
            ROW("an object, not an array", NULL, "files_json", VSTR("{\"name\":\"c\"}"), BAD),
            ROW("a width of 0", NULL, "files_json", VSTR("[{\"name\":\"c.png\",\"size\":5,\"width\":0}]"), BAD),
            ROW("a width of 10^6 + 1", NULL, "files_json", VSTR("[{\"name\":\"c.png\",\"size\":5,\"width\":1000001}]"), BAD),
            ROW("a height of INT64_MIN", NULL, "files_json",
                VSTR("[{\"name\":\"c.png\",\"size\":5,\"height\":-9223372036854775808}]"), BAD),
            ROW("a height of 1e400", NULL, "files_json", VSTR("[{\"name\":\"c.png\",\"size\":5,\"height\":1e400}]"), JSON),
            ROW("a duration of -1", NULL, "files_json", VSTR("[{\"name\":\"c.mp4\",\"size\":5,\"duration\":-1}]"), BAD),
            ROW("a duration of 1e308", NULL, "files_json", VSTR("[{\"name\":\"c.mp4\",\"size\":5,\"duration\":1e308}]"), MC_OK),
            ROW("a duration of 1e400", NULL, "files_json", VSTR("[{\"name\":\"c.mp4\",\"size\":5,\"duration\":1e400}]"), JSON),
            ROW("an extra that is an array", NULL, "files_json", VSTR("[{\"name\":\"c.png\",\"size\":5,\"extra\":[1]}]"), BAD),
            ROW("while editing", setup_editing, NULL, VNULL, NOT_ALLOWED),
            ROW("with a command set", setup_command, NULL, VNULL, NOT_ALLOWED),
            ROW("legacy: files left in the tray", setup_legacy_with_files, NULL, VNULL, NOT_ALLOWED),
            ROW("legacy: a file over max_file_size", setup_legacy, "files_json",
                VSTR("[{\"name\":\"c.png\",\"size\":101}]"), LIMIT),
            ROW("legacy: a type not allowed", setup_legacy, "files_json", VSTR("[{\"name\":\"c.pdf\",\"size\":5}]"), NOT_ALLOWED),
            ROW("legacy: a size of -1", setup_legacy, "files_json", VSTR("[{\"name\":\"c.png\",\"size\":-1}]"), BAD),
            ROW("legacy: while the slow-mode cooldown runs", setup_legacy_cooldown, NULL, VNULL, NOT_ALLOWED),
            ROW("legacy: a pick goes out at once", setup_legacy, NULL, VNULL, MC_OK))},
    {"mc_draft_start_cooldown", call_start_cooldown, setup_rich,
     EXPECT(E_I64("last_message_ms", OOR, OOR, MC_OK), E_I64("now_ms", OOR, OOR, MC_OK)),
     CUSTOM(ROW("the clock going backwards", setup_clock_max, NULL, VNULL, OOR),
            ROW2("slow mode of 10^9 s from INT64_MAX", setup_slow_mode, "last_message_ms", VINT(INT64_MAX), "now_ms",
                 VINT(INT64_MAX), MC_OK),
            ROW("a time before the last message the draft knows of", setup_cooldown, "last_message_ms", VINT(0), MC_OK))},
    {"mc_draft_text", call_text, setup_rich, NULL, NULL},
    {"mc_draft_tick", call_tick, setup_rich,
     EXPECT(E_I64("now_ms", OOR, OOR, MC_OK)),
     CUSTOM(ROW("the clock at INT64_MAX, typing", setup_clock_max, "now_ms", VINT(INT64_MAX), MC_OK),
            ROW("slow mode of 10^9 s", setup_slow_mode, "now_ms", VINT(INT64_MAX), MC_OK))},
    {"mc_draft_toggle_format", call_toggle_format, setup_rich,
     EXPECT(RANGE_OOR, E("value", K_STR_NULL, MC_OK)),
     CUSTOM(FORMAT_VALUE_ROWS)},
    {"mc_draft_ui_state", call_ui_state, setup_rich, NULL, NULL},
    {"mc_draft_undo", call_undo, setup_rich, NULL, NULL},
    {"mc_draft_undo_state", call_undo_state, setup_rich, NULL, NULL},
    {"mc_draft_update_config", call_update_config, setup_rich, NULL,
     CUSTOM(ROW("mention_limit 1e400", NULL, "config_json", VSTR("{\"mention_limit\":1e400}"), JSON),
            ROW("mention_limit 10^9 + 1", NULL, "config_json", VSTR("{\"mention_limit\":1000000001}"), BAD),
            ROW("max_files INT64_MIN", NULL, "config_json", VSTR("{\"max_files\":-9223372036854775808}"), BAD),
            ROW("max_files 0", NULL, "config_json", VSTR("{\"max_files\":0}"), BAD),
            ROW("undo_depth 2^64 (not an int64)", NULL, "config_json", VSTR("{\"undo_depth\":18446744073709551616}"), BAD),
            ROW("max_length 0", NULL, "config_json", VSTR("{\"max_length\":0}"), BAD),
            ROW("max_file_size INT64_MAX", NULL, "config_json", VSTR("{\"max_file_size\":9223372036854775807}"), MC_OK),
            ROW("max_file_size 1 (the tiles become error tiles)", NULL, "config_json", VSTR("{\"max_file_size\":1}"), MC_OK),
            ROW("max_files 1 (a tray over the limit)", NULL, "config_json", VSTR("{\"max_files\":1}"), MC_OK),
            ROW("slow_mode_seconds 10^9 with the clock at INT64_MAX", setup_clock_max, "config_json",
                VSTR("{\"slow_mode_seconds\":1000000000}"), MC_OK),
            ROW("commands off with a command set", setup_command, "config_json", VSTR("{\"commands\":false}"), MC_OK),
            ROW("a valid key beside an unknown one", NULL, "config_json", VSTR("{\"max_files\":2,\"bogus\":1}"), BAD),
            ROW("a wrong type", NULL, "config_json", VSTR("{\"stickers\":1}"), BAD),
            ROW("an array, not an object", NULL, "config_json", VSTR("[]"), BAD))},
    {"mc_draft_upload_event", call_upload_event, setup_rich,
     EXPECT(E("id", K_U64_ZERO, BAD), E("id", K_U64_MAX, BAD), E("progress", K_F64_NAN, BAD), E("progress", K_F64_INF, OOR),
            E("progress", K_F64_MINUS_INF, OOR), E("progress", K_F64_MINUS_ONE, OOR), E("progress", K_F64_TWO, OOR),
            E("value", K_STR_NULL, MC_OK)),
     CUSTOM(ROW2("MC_UPLOAD_COMPLETE without a remote reference", NULL, "event", VINT(MC_UPLOAD_COMPLETE), "value", VNULL,
                 MC_ERR_NULL_ARGUMENT),
            ROW2("MC_UPLOAD_FAIL with an empty message", NULL, "event", VINT(MC_UPLOAD_FAIL), "value", VSTR(""), BAD),
            ROW("MC_UPLOAD_RETRY while uploading", NULL, "event", VINT(MC_UPLOAD_RETRY), NOT_ALLOWED),
            ROW2("progress on a queued file past 1", NULL, "id", VUINT(2), "progress", VDOUBLE(1.5), OOR),
            ROW2("an event for a retired id", setup_retired, "id", VUINT(2), "event", VINT(MC_UPLOAD_START), NOT_ALLOWED))},
    {"mc_draft_voice_note", call_voice_note, setup_text,
     EXPECT(E_I64("size", BAD, BAD, NOT_ALLOWED)),
     CUSTOM(ROW("an empty remote reference", NULL, "remote", VSTR(""), BAD),
            ROW("an image type", NULL, "mime", VSTR("image/png"), BAD),
            ROW("while the slow-mode cooldown runs", setup_cooldown, NULL, VNULL, NOT_ALLOWED),
            ROW("a tray that holds files", setup_rich, NULL, VNULL, NOT_ALLOWED),
            ROW("with a command set", setup_command, NULL, VNULL, NOT_ALLOWED),
            ROW("while editing", setup_editing, NULL, VNULL, NOT_ALLOWED))},
    {"mc_last_error", call_last_error, setup_empty, NULL, NULL},
    {"mc_markdown_parse", call_markdown_parse, setup_empty, NULL, NULL},
    {"mc_markdown_parse_with_mentions", call_parse_with_mentions, setup_empty,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u1\":5}"), BAD),
            ROW("a name that is 1e400", NULL, "mentions_json", VSTR("{\"u1\":1e400}"), JSON))},
    {"mc_markdown_to_html", call_to_html, setup_empty,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK)),
     CUSTOM(ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u1\":5}"), BAD),
            ROW("a name that is 1e400", NULL, "mentions_json", VSTR("{\"u1\":1e400}"), JSON))},
    {"mc_markdown_to_plain_text", call_to_plain_text, setup_empty,
     EXPECT(E("mentions_json", K_STR_NULL, MC_OK), E_I64("max_graphemes", MC_OK, MC_OK, MC_OK)),
     CUSTOM(ROW("a name that is a number", NULL, "mentions_json", VSTR("{\"u1\":5}"), BAD),
            ROW("a name that is 1e400", NULL, "mentions_json", VSTR("{\"u1\":1e400}"), JSON))},
    {"mc_status_name", call_status_name, setup_empty,
     EXPECT(E("status", K_ENUM_MINUS_ONE, MC_OK), E("status", K_ENUM_INT32_MIN, MC_OK), E("status", K_ENUM_INT32_MAX, MC_OK)), NULL},
    {"mc_string_free", call_string_free, setup_empty, NULL, NULL},
    {"mc_version", call_version, setup_empty, NULL, NULL},
};

const size_t MATRIX_ROW_COUNT = sizeof MATRIX_ROWS / sizeof MATRIX_ROWS[0];
