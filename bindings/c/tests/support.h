/*
 * support.h: MessageComposer-specific helpers for the C tests (drafts, snapshots, refusals).
 * Every helper takes the caller's file and line through its macro, so failures point at the test.
 */
#ifndef MC_TEST_SUPPORT_H
#define MC_TEST_SUPPORT_H

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
   configuration, the selection, the typing attributes (active formats), the mentions, the wire markdown
   and the undo state (a refused call adds no undo step). */
typedef struct {
    char *text;
    char *document;
    char *config;
    char *active;
    char *mentions;
    char *markdown;
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

/* CHECK_REFUSED plus: the draft's text, selection, document and config are unchanged. */
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
    "\"allowed_types\":null,\"undo_depth\":100,\"slow_mode_seconds\":0}"

#endif /* MC_TEST_SUPPORT_H */
