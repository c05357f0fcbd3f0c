/*
 * support.h: MessageComposer-specific helpers for the C tests (drafts, snapshots, refusals).
 * Every helper takes the caller's file and line through its macro, so failures point at the test.
 */
#ifndef MC_TEST_SUPPORT_H
#define MC_TEST_SUPPORT_H

#include <pthread.h>

#include "harness.h"

/* Document JSON builders (string literals): DOC("text", SPAN(0, 2, "bold") "," LINK(...)). Text and values
   are JSON-escaped by the caller ("\\n" for a line break). */
#define SPAN(s, e, f) "{\"start\":" #s ",\"end\":" #e ",\"format\":\"" f "\"}"
#define LINK(s, e, url) "{\"start\":" #s ",\"end\":" #e ",\"format\":\"link\",\"url\":\"" url "\"}"
#define COLOR(s, e, c) "{\"start\":" #s ",\"end\":" #e ",\"format\":\"color\",\"color\":\"" c "\"}"
#define MENTION(s, e, uid, name) \
    "{\"start\":" #s ",\"end\":" #e ",\"format\":\"mention\",\"uid\":\"" uid "\",\"name\":\"" name "\"}"
#define DOC(text, spans) "{\"text\":\"" text "\",\"spans\":[" spans "]}"

/* Declares `mc_draft *var` created with config (NULL = defaults); the test returns if that fails. */
#define REQUIRE_NEW_DRAFT(var, config) \
    mc_draft *var = NULL; \
    do { if (!support_new_draft(__FILE__, __LINE__, (config), &var)) return; } while (0)

/* Loads document JSON into d; the test returns if that fails. */
#define REQUIRE_LOAD(d, json) \
    do { if (!support_load(__FILE__, __LINE__, (d), (json))) return; } while (0)

/* Exact checks of a draft's observable state. */
#define CHECK_TEXT(d, expected) support_check_text(__FILE__, __LINE__, (d), (expected))
#define CHECK_DOC(d, expected) support_check_doc(__FILE__, __LINE__, (d), (expected))
#define CHECK_LENGTH(d, expected) support_check_length(__FILE__, __LINE__, (d), (expected))
#define CHECK_SELECTION(d, anchor, focus) support_check_selection(__FILE__, __LINE__, (d), (anchor), (focus))
#define CHECK_CONFIG(d, expected) support_check_config(__FILE__, __LINE__, (d), (expected))

/* Everything observable about a draft, to prove that a refused call changed nothing: the content, the
   configuration, the selection, the typing attributes (active formats), the mentions, the wire markdown,
   the undo state (a refused call adds no undo step), the whole UI state (mode, thread, tray, queries,
   banner, cooldown, typing) and the versioned snapshot (the draft an edit put aside, the clock). */
typedef struct {
    char *text;
    char *document;
    char *config;
    char *active;
    char *mentions;
    char *markdown;
    char *ui;
    char *snapshot;
    int64_t length;
    int64_t anchor;
    int64_t focus;
    int can_undo;
    int can_redo;
} draft_state;

int support_snapshot(const char *file, int line, mc_draft *d, draft_state *out);
void support_snapshot_free(draft_state *state);
void support_check_unchanged(const char *file, int line, mc_draft *d, const draft_state *before);
#define CHECK_UNCHANGED(d, before) support_check_unchanged(__FILE__, __LINE__, (d), (before))

/*
 * Sets the calling thread's last error to a failure of some function other than `avoid_function`,
 * so that a later check of mc_last_error() proves the message is fresh.
 */
void support_prime_last_error(const char *avoid_function);

/*
 * Checks a refused call: the status, and that mc_last_error() is "<function>: <non-empty message>".
 * The last error is primed first, so a stale message cannot pass.
 */
int support_check_refused(const char *file, int line, const char *call, mc_status actual,
                          mc_status expected, const char *function);
#define CHECK_REFUSED(call, expected, function) \
    do { \
        support_prime_last_error(function); \
        mc_status refused_status_ = (call); \
        support_check_refused(__FILE__, __LINE__, #call, refused_status_, (expected), (function)); \
    } while (0)

/* CHECK_REFUSED plus: nothing observable about the draft changed (see draft_state). */
#define CHECK_REFUSED_UNCHANGED(d, call, expected, function) \
    do { \
        draft_state before_; \
        if (support_snapshot(__FILE__, __LINE__, (d), &before_)) { \
            CHECK_REFUSED(call, expected, function); \
            support_check_unchanged(__FILE__, __LINE__, (d), &before_); \
            support_snapshot_free(&before_); \
        } \
    } while (0)

/* mc_last_error() contains `needle`. */
#define CHECK_LAST_ERROR_CONTAINS(needle) support_check_last_error_contains(__FILE__, __LINE__, (needle))
void support_check_last_error_contains(const char *file, int line, const char *needle);

/* Whether mc_last_error() starts with "<function>: " followed by a message. */
int support_last_error_names(const char *function);

/* The draft's document JSON / text (caller frees with mc_string_free), or NULL after a failure. */
char *support_document(mc_draft *d);
char *support_text(mc_draft *d);

int support_new_draft(const char *file, int line, const char *config, mc_draft **out);
int support_load(const char *file, int line, mc_draft *d, const char *json);
void support_check_text(const char *file, int line, mc_draft *d, const char *expected);
void support_check_doc(const char *file, int line, mc_draft *d, const char *expected);
void support_check_length(const char *file, int line, mc_draft *d, int64_t expected);
void support_check_selection(const char *file, int line, mc_draft *d, int64_t anchor, int64_t focus);
void support_check_config(const char *file, int line, mc_draft *d, const char *expected);

/* More exact checks: active formats JSON, mentions JSON, serialized markdown, undo state. */
#define CHECK_ACTIVE(d, expected) support_check_active(__FILE__, __LINE__, (d), (expected))
#define CHECK_MENTIONS(d, expected) support_check_mentions(__FILE__, __LINE__, (d), (expected))
#define CHECK_MARKDOWN(d, expected) support_check_markdown(__FILE__, __LINE__, (d), (expected))
#define CHECK_UNDO_STATE(d, can_undo, can_redo) \
    support_check_undo_state(__FILE__, __LINE__, (d), (can_undo), (can_redo))
void support_check_active(const char *file, int line, mc_draft *d, const char *expected);
void support_check_mentions(const char *file, int line, mc_draft *d, const char *expected);
void support_check_markdown(const char *file, int line, mc_draft *d, const char *expected);
void support_check_undo_state(const char *file, int line, mc_draft *d, int can_undo, int can_redo);

/* Types text as a keyboard would: one mc_draft_insert_n call per Unicode scalar (so typing coalesces
   and line-start shortcuts fire). The test returns if a call fails. */
#define TYPE(d, text) \
    do { if (!support_type(__FILE__, __LINE__, (d), (text))) return; } while (0)
int support_type(const char *file, int line, mc_draft *d, const char *text);

/* A handle that was issued by mc_draft_new and then freed (so it is stale, not forged). */
mc_draft *support_freed_draft(void);

/*
 * Checks that `call` (an expression using the variable `bad_handle_`) is refused with
 * MC_ERR_INVALID_HANDLE for a NULL handle ("<function>: draft is NULL") and for a freed handle
 * ("<function>: draft handle is invalid (freed, double-freed or never issued)").
 */
#define CHECK_BAD_HANDLES(function, call) \
    do { \
        mc_draft *bad_handle_ = NULL; \
        CHECK_REFUSED(call, MC_ERR_INVALID_HANDLE, function); \
        CHECK_EQ_STR(mc_last_error(), function ": draft is NULL"); \
        bad_handle_ = support_freed_draft(); \
        CHECK_REFUSED(call, MC_ERR_INVALID_HANDLE, function); \
        CHECK_EQ_STR(mc_last_error(), function ": draft handle is invalid (freed, double-freed or never issued)"); \
    } while (0)

/* CHECK_REFUSED_UNCHANGED plus an exact mc_last_error() message. */
#define CHECK_REFUSED_MESSAGE(d, call, expected, function, message) \
    do { \
        CHECK_REFUSED_UNCHANGED(d, call, expected, function); \
        CHECK_EQ_STR(mc_last_error(), message); \
    } while (0)

/* The default configuration, as mc_draft_config reports it. */
#define DEFAULT_CONFIG_JSON \
    "{\"rich_text\":true,\"mentions\":true,\"mention_limit\":10,\"max_length\":null,\"trim\":true," \
    "\"typing_events\":true,\"multiple_attachments\":true,\"max_files\":10,\"max_file_size\":104857600," \
    "\"allowed_types\":null,\"undo_depth\":100,\"slow_mode_seconds\":0,\"commands\":true,\"stickers\":true}"

/*
 * CHECK_REFUSED plus: nothing changed except the UI state's "info_banner", which is now `banner` (raw
 * JSON). The one documented exception to "a refused call changes nothing": going past the mention
 * limit raises the banner.
 */
#define CHECK_REFUSED_BANNER(d, call, expected, function, banner) \
    do { \
        draft_state before_; \
        if (support_snapshot(__FILE__, __LINE__, (d), &before_)) { \
            CHECK_REFUSED(call, expected, function); \
            support_check_unchanged_but_banner(__FILE__, __LINE__, (d), &before_, (banner)); \
            support_snapshot_free(&before_); \
        } \
    } while (0)
void support_check_unchanged_but_banner(const char *file, int line, mc_draft *d, const draft_state *before,
                                        const char *banner);

/* ---- JSON read back from the library (compact, as it writes it) ---- */

/* The raw text of member `key` of a top-level JSON object, or of element `index` of a top-level array
   (caller frees with free()); NULL when absent or when json is not an object / array. */
char *support_json_member(const char *json, const char *key);
char *support_json_element(const char *json, size_t index);
/* json with the value of top-level member `key` replaced by `value` (caller frees with free()). */
char *support_json_with_member(const char *json, const char *key, const char *value);

/* ---- The composer: UI state, sending, the tray ---- */

/* mc_draft_ui_state is exactly `expected`, or its member `key` is exactly `expected` (raw JSON). */
#define CHECK_UI(d, expected) support_check_ui(__FILE__, __LINE__, (d), NULL, (expected))
#define CHECK_UI_MEMBER(d, key, expected) support_check_ui(__FILE__, __LINE__, (d), (key), (expected))
void support_check_ui(const char *file, int line, mc_draft *d, const char *key, const char *expected);

/* mc_draft_can_send agrees with the UI state, whose "send_blocked" is exactly `expected` ("null" when
   the draft can be sent, else {"reason", "message"}). */
#define CHECK_SEND_BLOCKED(d, expected) support_check_send_blocked(__FILE__, __LINE__, (d), (expected))
void support_check_send_blocked(const char *file, int line, mc_draft *d, const char *expected);
/* The draft can be sent, or is blocked for `reason` (a name such as "cooldown"), whatever the message. */
#define CHECK_SENDABLE(d) support_check_reason(__FILE__, __LINE__, (d), NULL)
#define CHECK_BLOCKED(d, reason) support_check_reason(__FILE__, __LINE__, (d), (reason))
void support_check_reason(const char *file, int line, mc_draft *d, const char *reason);

/* mc_draft_send(d, now, &json) succeeds and hands back exactly `expected`. */
#define CHECK_SEND(d, now, expected) support_check_send(__FILE__, __LINE__, (d), (now), (expected))
void support_check_send(const char *file, int line, mc_draft *d, int64_t now, const char *expected);

/* mc_draft_attachments is exactly `expected`. */
#define CHECK_TRAY(d, expected) support_check_tray(__FILE__, __LINE__, (d), (expected))
void support_check_tray(const char *file, int line, mc_draft *d, const char *expected);

/* mc_draft_stage_files(d, files, &result) succeeds and the result is exactly `expected`. */
#define CHECK_STAGE(d, files, expected) support_check_stage(__FILE__, __LINE__, (d), (files), (expected))
void support_check_stage(const char *file, int line, mc_draft *d, const char *files, const char *expected);

/* The draft's versioned snapshot (caller frees with mc_string_free), or NULL after a failure. */
char *support_draft_snapshot(mc_draft *d);

/* ---- A listener that records events ---- */

/*
 * Pass event_log_listener as the mc_listener and the log as user_data. Every event is copied (the
 * payload is valid only during the callback), after the callback's own calls into the library below, so
 * a payload freed early shows under valgrind and ASan; recording is thread-safe. With `reenter` set, the
 * callback also calls mc_draft_text on that draft (a listener may call back into the draft) and keeps
 * the last text it read in `reentered_text`. With `fail_inside` set, it also makes a failing call, which
 * sets the calling thread's mc_last_error() during the callback.
 */
typedef struct {
    pthread_mutex_t lock;
    size_t count;
    size_t capacity;
    int32_t *kinds;
    char **payloads;
    void *user_data_seen; /* the user_data of the last call */
    mc_draft *reenter;
    char *reentered_text;
    mc_status reenter_status;
    int fail_inside; /* when set, the callback makes a failing call of its own (mc_convert_offset(NULL, …)) */
} event_log;

void event_log_init(event_log *log);
void event_log_clear(event_log *log);
void event_log_free(event_log *log);
void event_log_listener(void *user_data, int32_t kind, const char *payload_json);
/* "text", "selection", … "cancel_upload" for MC_EVENT_*; "(unknown event)" otherwise. */
const char *support_event_name(int32_t kind);
/* The events so far, one per line: "<name> <payload>\n" (caller frees with free()). */
char *event_log_render(event_log *log);
/* The event names so far, space-separated (caller frees with free()). */
char *event_log_kinds(event_log *log);
/* How many events of `kind` the log holds. */
size_t event_log_count(event_log *log, int32_t kind);
/* A copy of the payload of the last event of `kind` (caller frees with free()), or NULL. */
char *event_log_last(event_log *log, int32_t kind);
/* The last event of `kind` has exactly the payload `expected` (the log is kept). */
#define CHECK_LAST_EVENT(log, kind, expected) support_check_last_event(__FILE__, __LINE__, (log), (kind), (expected))
void support_check_last_event(const char *file, int line, event_log *log, int32_t kind, const char *expected);

/* The recorded events are exactly `expected` (as event_log_render writes them); the log is cleared. */
#define CHECK_EVENTS(log, expected) support_check_events(__FILE__, __LINE__, (log), (expected))
/* The recorded event names are exactly `expected` (space-separated); the log is cleared. */
#define CHECK_EVENT_KINDS(log, expected) support_check_event_kinds(__FILE__, __LINE__, (log), (expected))
void support_check_events(const char *file, int line, event_log *log, const char *expected);
void support_check_event_kinds(const char *file, int line, event_log *log, const char *expected);

/* ---- JSON builders for expected values (string literals; raw JSON where an argument says so) ---- */

#define Q(s) "\"" s "\""

/* One tray tile as mc_draft_attachments writes it. progress, error, retryable and remote are raw JSON. */
#define TILE(id, kind, name, mime, size, state, progress, error, retryable, remote) \
    "{\"id\":" #id ",\"kind\":\"" kind "\",\"name\":\"" name "\",\"mime\":\"" mime "\",\"size\":" #size \
    ",\"state\":\"" state "\",\"progress\":" progress ",\"error\":" error ",\"retryable\":" retryable \
    ",\"remote\":" remote "}"
#define TILE_QUEUED(id, kind, name, mime, size) TILE(id, kind, name, mime, size, "queued", "0.0", "null", "false", "null")
#define TILE_UPLOADING(id, kind, name, mime, size, progress) \
    TILE(id, kind, name, mime, size, "uploading", progress, "null", "false", "null")
#define TILE_UPLOADED(id, kind, name, mime, size, remote) \
    TILE(id, kind, name, mime, size, "uploaded", "1.0", "null", "false", Q(remote))
#define TILE_FAILED(id, kind, name, mime, size, message) \
    TILE(id, kind, name, mime, size, "failed", "null", Q(message), "true", "null")
#define TILE_ERROR(id, kind, name, mime, size, message) \
    TILE(id, kind, name, mime, size, "error", "null", Q(message), "false", "null")

/* One outgoing message as mc_draft_send writes it; every argument but type is raw JSON. OUT_MSG is
 * a message without a sticker, not also sent to the channel; OUT_MSG_FULL names both. */
#define OUT_MSG_FULL(type, text, mentions, attachment_kind, attachments, command, args, quoted_id, edited_id, parent_id, \
                     sticker, to_channel) \
    "{\"type\":\"" type "\",\"text\":" text ",\"mentions\":" mentions ",\"attachment_kind\":" attachment_kind \
    ",\"attachments\":" attachments ",\"command\":" command ",\"args\":" args ",\"quoted_id\":" quoted_id \
    ",\"edited_id\":" edited_id ",\"parent_id\":" parent_id ",\"sticker\":" sticker ",\"also_send_to_channel\":" to_channel "}"
#define OUT_MSG(type, text, mentions, attachment_kind, attachments, command, args, quoted_id, edited_id, parent_id) \
    OUT_MSG_FULL(type, text, mentions, attachment_kind, attachments, command, args, quoted_id, edited_id, parent_id, "null", "false")
#define TEXT_MSG(text, mentions, quoted_id, parent_id) \
    OUT_MSG("text", text, mentions, "null", "[]", "null", "null", quoted_id, "null", parent_id)
#define MEDIA_MSG(text, mentions, kind, attachments, quoted_id, parent_id) \
    OUT_MSG("media", text, mentions, Q(kind), attachments, "null", "null", quoted_id, "null", parent_id)
#define EDIT_MSG(text, mentions, edited_id, parent_id) \
    OUT_MSG("edit", text, mentions, "null", "[]", "null", "null", "null", edited_id, parent_id)
#define COMMAND_MSG(command, args, parent_id) \
    OUT_MSG("command", "\"\"", "[]", "null", "[]", command, args, "null", "null", parent_id)
/* One attachment of an outgoing message; remote is raw JSON. OUT_FILE has no media metadata;
 * OUT_FILE_META gives it (raw JSON each). */
#define OUT_FILE_META(id, name, mime, size, kind, remote, ref, width, height, duration, extra) \
    "{\"id\":" #id ",\"name\":\"" name "\",\"mime\":\"" mime "\",\"size\":" #size ",\"kind\":\"" kind \
    "\",\"remote\":" remote ",\"ref\":\"" ref "\",\"width\":" width ",\"height\":" height ",\"duration\":" duration \
    ",\"extra\":" extra "}"
#define OUT_FILE(id, name, mime, size, kind, remote, ref) OUT_FILE_META(id, name, mime, size, kind, remote, ref, "null", "null", "null", "null")
#define MENTION_OUT(uid, name) "{\"uid\":\"" uid "\",\"name\":\"" name "\"}"

/* The whole UI state; every argument is raw JSON. */
#define UI_STATE(can_send, send_blocked, mode, thread, to_channel, selection, active, tray, attach, mic, sticker, banner, \
                 mention_query, command_query, command, cooldown, length, max_length, typing, can_undo, can_redo) \
    "{\"can_send\":" can_send ",\"send_blocked\":" send_blocked ",\"mode\":" mode ",\"thread_parent_id\":" thread \
    ",\"also_send_to_channel\":" to_channel ",\"selection\":" selection ",\"active_formats\":" active ",\"tray\":" tray \
    ",\"attachments_available\":" attach ",\"mic_available\":" mic ",\"sticker_available\":" sticker \
    ",\"info_banner\":" banner ",\"mention_query\":" mention_query \
    ",\"command_query\":" command_query ",\"command\":" command ",\"cooldown_remaining_ms\":" cooldown \
    ",\"length\":" length ",\"max_length\":" max_length ",\"typing\":" typing ",\"can_undo\":" can_undo \
    ",\"can_redo\":" can_redo "}"
#define NO_FORMATS "{\"formats\":[],\"link\":null,\"color\":null}"
#define MODE_NEW "{\"kind\":\"new\"}"
#define BLOCKED_EMPTY "{\"reason\":\"empty\",\"message\":\"the message is empty\"}"

#endif /* MC_TEST_SUPPORT_H */
