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
                                mc_draft_undo_state(d, &can_undo, &can_redo), MC_OK);
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
    memset(state, 0, sizeof *state);
}

void support_check_unchanged(const char *file, int line, mc_draft *d, const draft_state *before) {
    draft_state after;
    if (!support_snapshot(file, line, d, &after)) return;
    harness_check_str(file, line, "text after the refused call", after.text, before->text);
    harness_check_str(file, line, "document after the refused call", after.document, before->document);
    harness_check_str(file, line, "config after the refused call", after.config, before->config);
    harness_check_int(file, line, "length after the refused call", after.length, before->length);
    harness_check_int(file, line, "anchor after the refused call", after.anchor, before->anchor);
    harness_check_int(file, line, "focus after the refused call", after.focus, before->focus);
    harness_check_str(file, line, "active formats after the refused call", after.active, before->active);
    harness_check_str(file, line, "mentions after the refused call", after.mentions, before->mentions);
    harness_check_str(file, line, "markdown after the refused call", after.markdown, before->markdown);
    harness_check_int(file, line, "can_undo after the refused call", after.can_undo, before->can_undo);
    harness_check_int(file, line, "can_redo after the refused call", after.can_redo, before->can_redo);
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
                         harness_status_name(status), (const char *)p - text);
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
