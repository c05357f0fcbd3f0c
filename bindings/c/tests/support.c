/* support.c: see support.h. */
#include "support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *support_document(mc_draft *d) {
    char *json = NULL;
    if (mc_draft_document(d, &json) != MC_OK) return NULL;
    return json;
}

char *support_text(mc_draft *d) {
    char *text = NULL;
    if (mc_draft_text(d, &text) != MC_OK) return NULL;
    return text;
}

int support_new_draft(const char *file, int line, const char *config, mc_draft **out) {
    mc_status status = mc_draft_new(config, out);
    if (!harness_check_status(file, line, "mc_draft_new(config, &draft)", status, MC_OK)) return 0;
    return harness_check(file, line, *out != NULL, "new draft is not NULL");
}

int support_load(const char *file, int line, mc_draft *d, const char *json) {
    return harness_check_status(file, line, "mc_draft_load_document(d, json)", mc_draft_load_document(d, json),
                                MC_OK);
}

void support_check_text(const char *file, int line, mc_draft *d, const char *expected) {
    char *text = NULL;
    if (!harness_check_status(file, line, "mc_draft_text(d, &text)", mc_draft_text(d, &text), MC_OK)) return;
    harness_check_str(file, line, "draft text", text, expected);
    mc_string_free(text);
}

void support_check_doc(const char *file, int line, mc_draft *d, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_document(d, &json)", mc_draft_document(d, &json), MC_OK))
        return;
    harness_check_str(file, line, "draft document", json, expected);
    mc_string_free(json);
}

void support_check_config(const char *file, int line, mc_draft *d, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_config(d, &json)", mc_draft_config(d, &json), MC_OK)) return;
    harness_check_str(file, line, "draft config", json, expected);
    mc_string_free(json);
}

void support_check_length(const char *file, int line, mc_draft *d, int64_t expected) {
    int64_t length = -1;
    if (!harness_check_status(file, line, "mc_draft_length(d, &length)", mc_draft_length(d, &length), MC_OK))
        return;
    harness_check_int(file, line, "draft length", length, expected);
}

void support_check_selection(const char *file, int line, mc_draft *d, int64_t anchor, int64_t focus) {
    int64_t a = -1, f = -1;
    if (!harness_check_status(file, line, "mc_draft_selection(d, &anchor, &focus)", mc_draft_selection(d, &a, &f),
                              MC_OK))
        return;
    harness_check_int(file, line, "selection anchor", a, anchor);
    harness_check_int(file, line, "selection focus", f, focus);
}

int support_snapshot(const char *file, int line, mc_draft *d, draft_state *out) {
    memset(out, 0, sizeof *out);
    bool can_undo = false, can_redo = false;
    int ok = harness_check_status(file, line, "snapshot: mc_draft_text", mc_draft_text(d, &out->text), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_document", mc_draft_document(d, &out->document),
                                MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_config", mc_draft_config(d, &out->config), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_active_formats",
                                mc_draft_active_formats(d, &out->active), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_mentions", mc_draft_mentions(d, &out->mentions),
                                MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_serialize", mc_draft_serialize(d, &out->markdown),
                                MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_length", mc_draft_length(d, &out->length), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_selection",
                                mc_draft_selection(d, &out->anchor, &out->focus), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_undo_state",
                                mc_draft_undo_state(d, &can_undo, &can_redo), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_ui_state", mc_draft_ui_state(d, &out->ui), MC_OK)
        && harness_check_status(file, line, "snapshot: mc_draft_snapshot", mc_draft_snapshot(d, &out->snapshot),
                                MC_OK);
    out->can_undo = can_undo;
    out->can_redo = can_redo;
    if (!ok) support_snapshot_free(out);
    return ok;
}

void support_snapshot_free(draft_state *state) {
    mc_string_free(state->text);
    mc_string_free(state->document);
    mc_string_free(state->config);
    mc_string_free(state->active);
    mc_string_free(state->mentions);
    mc_string_free(state->markdown);
    mc_string_free(state->ui);
    mc_string_free(state->snapshot);
    memset(state, 0, sizeof *state);
}

/* Compares everything but the UI state. */
static void check_unchanged_but_ui(const char *file, int line, const draft_state *after, const draft_state *before) {
    harness_check_str(file, line, "text after the refused call", after->text, before->text);
    harness_check_str(file, line, "document after the refused call", after->document, before->document);
    harness_check_str(file, line, "config after the refused call", after->config, before->config);
    harness_check_int(file, line, "length after the refused call", after->length, before->length);
    harness_check_int(file, line, "anchor after the refused call", after->anchor, before->anchor);
    harness_check_int(file, line, "focus after the refused call", after->focus, before->focus);
    harness_check_str(file, line, "active formats after the refused call", after->active, before->active);
    harness_check_str(file, line, "mentions after the refused call", after->mentions, before->mentions);
    harness_check_str(file, line, "markdown after the refused call", after->markdown, before->markdown);
    harness_check_int(file, line, "can_undo after the refused call", after->can_undo, before->can_undo);
    harness_check_int(file, line, "can_redo after the refused call", after->can_redo, before->can_redo);
    harness_check_str(file, line, "snapshot after the refused call", after->snapshot, before->snapshot);
}

void support_check_unchanged(const char *file, int line, mc_draft *d, const draft_state *before) {
    draft_state after;
    if (!support_snapshot(file, line, d, &after)) return;
    check_unchanged_but_ui(file, line, &after, before);
    harness_check_str(file, line, "UI state after the refused call", after.ui, before->ui);
    support_snapshot_free(&after);
}

void support_check_unchanged_but_banner(const char *file, int line, mc_draft *d, const draft_state *before,
                                        const char *banner) {
    draft_state after;
    if (!support_snapshot(file, line, d, &after)) return;
    check_unchanged_but_ui(file, line, &after, before);
    char *ui_after = support_json_with_member(after.ui, "info_banner", "null");
    char *ui_before = support_json_with_member(before->ui, "info_banner", "null");
    harness_check_str(file, line, "UI state (but the banner) after the refused call", ui_after, ui_before);
    char *shown = support_json_member(after.ui, "info_banner");
    harness_check_str(file, line, "info_banner after the refused call", shown, banner);
    free(shown);
    free(ui_after);
    free(ui_before);
    support_snapshot_free(&after);
}

void support_prime_last_error(const char *avoid_function) {
    int64_t out;
    /* Two different sentinel failures, so one of them always differs from the function under test. */
    if (avoid_function && strcmp(avoid_function, "mc_convert_offset") == 0)
        (void)mc_draft_length(NULL, &out);
    else
        (void)mc_convert_offset(NULL, 0, MC_UNIT_SCALAR, MC_UNIT_SCALAR, &out);
}

int support_last_error_names(const char *function) {
    const char *message = mc_last_error();
    size_t n = strlen(function);
    return message && strncmp(message, function, n) == 0 && message[n] == ':' && message[n + 1] == ' '
        && message[n + 2] != '\0';
}

int support_check_refused(const char *file, int line, const char *call, mc_status actual,
                          mc_status expected, const char *function) {
    int ok = harness_check_status(file, line, call, actual, expected);
    if (!support_last_error_names(function)) {
        harness_fail(file, line, "after %s, mc_last_error() does not read \"%s: <message>\"", call, function);
        ok = 0;
    }
    return ok;
}

void support_check_last_error_contains(const char *file, int line, const char *needle) {
    if (!strstr(mc_last_error(), needle))
        harness_fail(file, line, "mc_last_error() does not contain \"%s\"", needle);
}

/* Checks a string that `getter` hands back. */
static void check_string_out(const char *file, int line, const char *what, mc_status (*getter)(mc_draft *, char **),
                             mc_draft *d, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, what, getter(d, &json), MC_OK)) return;
    harness_check_str(file, line, what, json, expected);
    mc_string_free(json);
}

void support_check_active(const char *file, int line, mc_draft *d, const char *expected) {
    check_string_out(file, line, "mc_draft_active_formats", mc_draft_active_formats, d, expected);
}

void support_check_mentions(const char *file, int line, mc_draft *d, const char *expected) {
    check_string_out(file, line, "mc_draft_mentions", mc_draft_mentions, d, expected);
}

void support_check_markdown(const char *file, int line, mc_draft *d, const char *expected) {
    check_string_out(file, line, "mc_draft_serialize", mc_draft_serialize, d, expected);
}

void support_check_undo_state(const char *file, int line, mc_draft *d, int can_undo, int can_redo) {
    bool u = !can_undo, r = !can_redo;
    if (!harness_check_status(file, line, "mc_draft_undo_state(d, &can_undo, &can_redo)", mc_draft_undo_state(d, &u, &r),
                              MC_OK))
        return;
    harness_check_int(file, line, "can_undo", u, can_undo);
    harness_check_int(file, line, "can_redo", r, can_redo);
}

int support_type(const char *file, int line, mc_draft *d, const char *text) {
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        size_t n = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        mc_status status = mc_draft_insert_n(d, (const char *)p, n);
        if (status != MC_OK) {
            harness_fail(file, line, "typing \"%s\": mc_draft_insert_n returned %s at byte %td", text,
                         mc_status_name(status), (const char *)p - text);
            return 0;
        }
        p += n;
    }
    return 1;
}

mc_draft *support_freed_draft(void) {
    mc_draft *d = NULL;
    if (mc_draft_new(NULL, &d) != MC_OK) return (mc_draft *)(uintptr_t)0x1234; /* forged, refused as well */
    mc_draft_free(d);
    return d;
}

/* ---- JSON read back from the library ---- */

static char *copy_range(const char *start, size_t n) {
    char *s = malloc(n + 1);
    if (!s) return NULL;
    memcpy(s, start, n);
    s[n] = '\0';
    return s;
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    return p;
}

/* The end of the JSON value that starts at p (scalars end at the next ',', '}' or ']'). */
static const char *value_end(const char *p) {
    int depth = 0;
    int in_string = 0;
    for (; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '"') {
                in_string = 0;
                if (depth == 0) return p + 1;
            }
            continue;
        }
        if (*p == '"') in_string = 1;
        else if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') {
            if (depth == 0) return p;
            if (--depth == 0) return p + 1;
        } else if (*p == ',' && depth == 0) return p;
    }
    return p;
}

/* Finds member `key` of the object at json: *start and *end delimit its value. */
static int find_member(const char *json, const char *key, const char **start, const char **end) {
    if (!json) return 0;
    const char *p = skip_space(json);
    if (*p != '{') return 0;
    p = skip_space(p + 1);
    size_t key_length = strlen(key);
    while (*p == '"') {
        const char *key_end = value_end(p);
        int match = (size_t)(key_end - p) == key_length + 2 && strncmp(p + 1, key, key_length) == 0;
        p = skip_space(key_end);
        if (*p != ':') return 0;
        p = skip_space(p + 1);
        const char *v_end = value_end(p);
        if (match) {
            *start = p;
            *end = v_end;
            return 1;
        }
        p = skip_space(v_end);
        if (*p != ',') return 0;
        p = skip_space(p + 1);
    }
    return 0;
}

char *support_json_member(const char *json, const char *key) {
    const char *start, *end;
    if (!find_member(json, key, &start, &end)) return NULL;
    return copy_range(start, (size_t)(end - start));
}

char *support_json_element(const char *json, size_t index) {
    if (!json) return NULL;
    const char *p = skip_space(json);
    if (*p != '[') return NULL;
    p = skip_space(p + 1);
    for (size_t i = 0; *p && *p != ']'; i++) {
        const char *end = value_end(p);
        if (i == index) return copy_range(p, (size_t)(end - p));
        p = skip_space(end);
        if (*p != ',') return NULL;
        p = skip_space(p + 1);
    }
    return NULL;
}

char *support_json_with_member(const char *json, const char *key, const char *value) {
    const char *start, *end;
    if (!find_member(json, key, &start, &end)) return json ? copy_range(json, strlen(json)) : NULL;
    size_t head = (size_t)(start - json), tail = strlen(end), middle = strlen(value);
    char *s = malloc(head + middle + tail + 1);
    if (!s) return NULL;
    memcpy(s, json, head);
    memcpy(s + head, value, middle);
    memcpy(s + head + middle, end, tail + 1);
    return s;
}

/* ---- The composer ---- */

void support_check_ui(const char *file, int line, mc_draft *d, const char *key, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_ui_state(d, &json)", mc_draft_ui_state(d, &json), MC_OK)) return;
    if (!key) {
        harness_check_str(file, line, "UI state", json, expected);
    } else {
        char *member = support_json_member(json, key);
        char what[96];
        snprintf(what, sizeof what, "UI state \"%s\"", key);
        harness_check_str(file, line, what, member, expected);
        free(member);
    }
    mc_string_free(json);
}

void support_check_send_blocked(const char *file, int line, mc_draft *d, const char *expected) {
    bool can_send = false;
    if (harness_check_status(file, line, "mc_draft_can_send(d, &can_send)", mc_draft_can_send(d, &can_send), MC_OK))
        harness_check_int(file, line, "mc_draft_can_send", can_send, strcmp(expected, "null") == 0);
    support_check_ui(file, line, d, "can_send", strcmp(expected, "null") == 0 ? "true" : "false");
    support_check_ui(file, line, d, "send_blocked", expected);
}

void support_check_reason(const char *file, int line, mc_draft *d, const char *reason) {
    bool can_send = !reason;
    if (harness_check_status(file, line, "mc_draft_can_send(d, &can_send)", mc_draft_can_send(d, &can_send), MC_OK))
        harness_check_int(file, line, "mc_draft_can_send", can_send, reason == NULL);
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_ui_state(d, &json)", mc_draft_ui_state(d, &json), MC_OK)) return;
    char *blocked = support_json_member(json, "send_blocked");
    if (reason) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "\"%s\"", reason);
        char *name = support_json_member(blocked, "reason");
        harness_check_str(file, line, "send_blocked reason", name, quoted);
        free(name);
    } else {
        harness_check_str(file, line, "send_blocked", blocked, "null");
    }
    free(blocked);
    mc_string_free(json);
}

void support_check_send(const char *file, int line, mc_draft *d, int64_t now, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_send(d, now, &json)", mc_draft_send(d, now, &json), MC_OK)) return;
    harness_check_str(file, line, "outgoing messages", json, expected);
    mc_string_free(json);
}

void support_check_tray(const char *file, int line, mc_draft *d, const char *expected) {
    check_string_out(file, line, "mc_draft_attachments", mc_draft_attachments, d, expected);
}

void support_check_stage(const char *file, int line, mc_draft *d, const char *files, const char *expected) {
    char *json = NULL;
    if (!harness_check_status(file, line, "mc_draft_stage_files(d, files, &json)", mc_draft_stage_files(d, files, &json),
                              MC_OK))
        return;
    harness_check_str(file, line, "stage result", json, expected);
    mc_string_free(json);
}

char *support_draft_snapshot(mc_draft *d) {
    char *json = NULL;
    if (mc_draft_snapshot(d, &json) != MC_OK) return NULL;
    return json;
}

/* ---- The recording listener ---- */

void event_log_init(event_log *log) {
    memset(log, 0, sizeof *log);
    pthread_mutex_init(&log->lock, NULL);
}

void event_log_clear(event_log *log) {
    pthread_mutex_lock(&log->lock);
    for (size_t i = 0; i < log->count; i++) free(log->payloads[i]);
    log->count = 0;
    pthread_mutex_unlock(&log->lock);
}

void event_log_free(event_log *log) {
    event_log_clear(log);
    free(log->kinds);
    free(log->payloads);
    free(log->reentered_text);
    pthread_mutex_destroy(&log->lock);
    memset(log, 0, sizeof *log);
}

void event_log_listener(void *user_data, int32_t kind, const char *payload_json) {
    event_log *log = user_data;
    if (log->reenter) {
        /* Calling back into the draft from its listener: the draft's lock is released by now. */
        char *text = NULL;
        mc_status status = mc_draft_text(log->reenter, &text);
        pthread_mutex_lock(&log->lock);
        log->reenter_status = status;
        free(log->reentered_text);
        log->reentered_text = text ? copy_range(text, strlen(text)) : NULL;
        pthread_mutex_unlock(&log->lock);
        mc_string_free(text);
    }
    if (log->fail_inside) {
        int64_t out;
        (void)mc_convert_offset(NULL, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out);
    }
    /* Copied after the calls above: the payload must stay valid for the whole callback. */
    char *copy = payload_json ? copy_range(payload_json, strlen(payload_json)) : NULL;
    pthread_mutex_lock(&log->lock);
    log->user_data_seen = user_data;
    if (log->count == log->capacity) {
        size_t capacity = log->capacity ? log->capacity * 2 : 32;
        int32_t *kinds = realloc(log->kinds, capacity * sizeof *kinds);
        if (kinds) log->kinds = kinds;
        char **payloads = realloc(log->payloads, capacity * sizeof *payloads);
        if (payloads) log->payloads = payloads;
        if (!kinds || !payloads) {
            pthread_mutex_unlock(&log->lock);
            free(copy);
            return;
        }
        log->capacity = capacity;
    }
    log->kinds[log->count] = kind;
    log->payloads[log->count] = copy;
    log->count++;
    pthread_mutex_unlock(&log->lock);
}

const char *support_event_name(int32_t kind) {
    switch (kind) {
    case MC_EVENT_TEXT: return "text";
    case MC_EVENT_SELECTION: return "selection";
    case MC_EVENT_FORMATS: return "formats";
    case MC_EVENT_SEND_STATE: return "send_state";
    case MC_EVENT_TRAY: return "tray";
    case MC_EVENT_MENTION_QUERY: return "mention_query";
    case MC_EVENT_COMMAND_QUERY: return "command_query";
    case MC_EVENT_TYPING: return "typing";
    case MC_EVENT_MODE: return "mode";
    case MC_EVENT_BANNER: return "banner";
    case MC_EVENT_ERROR: return "error";
    case MC_EVENT_CANCEL_UPLOAD: return "cancel_upload";
    case MC_EVENT_FORMATTING: return "formatting";
    case MC_EVENT_CONFIG: return "config";
    case MC_EVENT_THREAD: return "thread";
    default: return "(unknown event)";
    }
}

/* Renders the log; with payloads, "<name> <payload>\n" per event, else "<name> <name> …". */
static char *render(event_log *log, int payloads) {
    pthread_mutex_lock(&log->lock);
    size_t size = 1;
    for (size_t i = 0; i < log->count; i++)
        size += strlen(support_event_name(log->kinds[i])) + 2 + (payloads && log->payloads[i] ? strlen(log->payloads[i]) : 4);
    char *out = malloc(size);
    if (out) {
        char *p = out;
        for (size_t i = 0; i < log->count; i++) {
            const char *name = support_event_name(log->kinds[i]);
            if (payloads) {
                const char *payload = log->payloads[i] ? log->payloads[i] : "NULL";
                p += sprintf(p, "%s %s\n", name, payload);
            } else {
                p += sprintf(p, "%s%s", i ? " " : "", name);
            }
        }
        *p = '\0';
    }
    pthread_mutex_unlock(&log->lock);
    return out;
}

char *event_log_render(event_log *log) { return render(log, 1); }
char *event_log_kinds(event_log *log) { return render(log, 0); }

size_t event_log_count(event_log *log, int32_t kind) {
    pthread_mutex_lock(&log->lock);
    size_t n = 0;
    for (size_t i = 0; i < log->count; i++)
        if (log->kinds[i] == kind) n++;
    pthread_mutex_unlock(&log->lock);
    return n;
}

void support_check_events(const char *file, int line, event_log *log, const char *expected) {
    char *events = event_log_render(log);
    harness_check_str(file, line, "events", events, expected);
    free(events);
    event_log_clear(log);
}

void support_check_event_kinds(const char *file, int line, event_log *log, const char *expected) {
    char *kinds = event_log_kinds(log);
    harness_check_str(file, line, "event kinds", kinds, expected);
    free(kinds);
    event_log_clear(log);
}

char *event_log_last(event_log *log, int32_t kind) {
    pthread_mutex_lock(&log->lock);
    char *copy = NULL;
    for (size_t i = log->count; i-- > 0;) {
        if (log->kinds[i] != kind) continue;
        if (log->payloads[i]) copy = copy_range(log->payloads[i], strlen(log->payloads[i]));
        break;
    }
    pthread_mutex_unlock(&log->lock);
    return copy;
}

void support_check_last_event(const char *file, int line, event_log *log, int32_t kind, const char *expected) {
    char *payload = event_log_last(log, kind);
    char what[64];
    snprintf(what, sizeof what, "last %s event", support_event_name(kind));
    harness_check_str(file, line, what, payload, expected);
    free(payload);
}
