/*
 * demo.c: a tour of the MessageComposer C API as it stands (what `make demo` runs).
 *
 *   1. the library and its version
 *   2. a draft created with a configuration
 *   3. typing text with emoji, and the caret
 *   4. selecting a word
 *   5. loading a formatted document (bold, link, mention, quote) and reading it back canonically
 *   6. converting offsets between Unicode scalars, UTF-16 and UTF-8
 *   7. a refused input and its mc_last_error() message
 *   8. typing, and backspace over an emoji (one grapheme cluster, several scalars)
 *   9. formatting, and the toolbar state (active formats)
 *  10. a mention, replacing the "@bo" query
 *  11. a list through the "- " shortcut; Enter on an empty item ends it
 *  12. undo and redo
 *  13. the draft as wire markdown, and parsing it back
 *  14. a plain-text preview and safe HTML for receivers
 *  15. a reply in a thread, sent: the outgoing messages JSON
 *  16. an attachment tray with two uploads, sent as one message per kind (images first)
 *  17. a listener printing the events of one typed word, a format and a replaced word; it reads the
 *      spans a formatting event names with mc_draft_spans, as a host keeping a copy of the document does
 *  18. what host apps rely on: three backticks then Enter opens a code block; banners that go with
 *      their cause or when dismissed; limits updated live; slow mode from the last message time and
 *      never started by an edit; a media caption emptied; stickers; a thread reply also sent to the
 *      channel; media metadata on a file; legacy single-attachment picks; ids that never come back
 *
 * Build: cc -std=c11 -Iinclude bindings/c/examples/demo.c -Lbuild/lib -lmessage_composer
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_composer.h"

static void heading(const char *title) { printf("\n== %s ==\n", title); }

/* Stops the demo when a call that should succeed does not. */
static void check(mc_status status, const char *what) {
    if (status != MC_OK) {
        fprintf(stderr, "demo: %s failed (%d): %s\n", what, (int)status, mc_last_error());
        exit(1);
    }
}

/* Prints the draft's text, its length in scalars and bytes, and the selection. */
static void show_draft(mc_draft *draft) {
    char *text = NULL;
    int64_t length = 0, anchor = 0, focus = 0;
    check(mc_draft_text(draft, &text), "mc_draft_text");
    check(mc_draft_length(draft, &length), "mc_draft_length");
    check(mc_draft_selection(draft, &anchor, &focus), "mc_draft_selection");
    printf("text:      \"%s\"\n", text);
    printf("length:    %lld scalars (%zu UTF-8 bytes)\n", (long long)length, strlen(text));
    if (anchor == focus)
        printf("caret:     %lld\n", (long long)anchor);
    else
        printf("selection: anchor %lld, focus %lld\n", (long long)anchor, (long long)focus);
    mc_string_free(text); /* strings from the library are the caller's to free */
}

/* Prints a string the library hands back, then frees it. */
static void show_owned(const char *label, char *s) {
    printf("%-10s %s\n", label, s);
    mc_string_free(s);
}

static void show_active_formats(mc_draft *draft) {
    char *json = NULL;
    check(mc_draft_active_formats(draft, &json), "mc_draft_active_formats");
    show_owned("toolbar:", json);
}

static void show_document(mc_draft *draft) {
    char *json = NULL;
    check(mc_draft_document(draft, &json), "mc_draft_document");
    printf("document:  %s\n", json);
    mc_string_free(json);
}

/* Sections 8-14: a message written as a user would, then what the receiver gets. */
static void composer_tour(void) {
    mc_draft *draft = NULL;
    check(mc_draft_new(NULL, &draft), "mc_draft_new");

    heading("8. Typing, and backspace over an emoji");
    check(mc_draft_insert(draft, "Ship it "), "mc_draft_insert");
    check(mc_draft_insert(draft, "\U0001F44D\U0001F3FD"), "mc_draft_insert"); /* thumbs up + skin tone */
    show_draft(draft);
    check(mc_draft_delete_backward(draft), "mc_draft_delete_backward"); /* removes both scalars at once */
    printf("after one backspace:\n");
    show_draft(draft);
    check(mc_draft_insert(draft, "\U0001F680 "), "mc_draft_insert"); /* rocket */

    heading("9. Formatting and the toolbar");
    check(mc_draft_set_selection(draft, 0, 4), "mc_draft_set_selection"); /* "Ship" */
    check(mc_draft_toggle_format(draft, 0, 4, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT), "mc_draft_toggle_format");
    printf("\"Ship\" selected and made bold:\n");
    show_active_formats(draft);
    check(mc_draft_move_caret(draft, MC_CARET_DOCUMENT, 1, 0), "mc_draft_move_caret");
    check(mc_draft_toggle_format(draft, 10, 10, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT), "mc_draft_toggle_format");
    printf("caret at the end, italic toggled on for what comes next:\n");
    show_active_formats(draft);
    check(mc_draft_insert(draft, "today"), "mc_draft_insert");
    show_document(draft);

    heading("10. A mention");
    check(mc_draft_toggle_format(draft, 15, 15, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT), "mc_draft_toggle_format");
    check(mc_draft_insert(draft, ", cc @bo"), "mc_draft_insert"); /* "@bo" is the open mention query */
    check(mc_draft_insert_mention(draft, "u42", "Bob"), "mc_draft_insert_mention");
    char *mentions = NULL;
    check(mc_draft_mentions(draft, &mentions), "mc_draft_mentions");
    show_owned("mentions:", mentions);
    show_draft(draft);

    heading("11. A list through the \"- \" shortcut, and a paste into it");
    const char *keys[] = {"\n", "-", " ", "tests", "\ndocs\nrelease notes", "\n", "\n", "Thanks!"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) check(mc_draft_insert(draft, keys[i]), "mc_draft_insert");
    printf("typed \"- \" at a line start and an item, pasted two lines (each a line break typed as Enter: two\n"
           "more items, one undo step), Enter on the empty fourth item, then \"Thanks!\":\n");
    show_document(draft);

    heading("12. Undo and redo");
    check(mc_draft_undo(draft), "mc_draft_undo");
    printf("undo takes \"Thanks!\" away:\n");
    show_document(draft);
    check(mc_draft_redo(draft), "mc_draft_redo");
    bool can_undo = false, can_redo = false;
    check(mc_draft_undo_state(draft, &can_undo, &can_redo), "mc_draft_undo_state");
    printf("redo  -> can undo: %s, can redo: %s\n", can_undo ? "yes" : "no", can_redo ? "yes" : "no");

    heading("13. Wire markdown, and parsing it back");
    char *markdown = NULL, *document = NULL, *parsed = NULL;
    check(mc_draft_serialize(draft, &markdown), "mc_draft_serialize");
    printf("markdown:\n%s\n", markdown);
    check(mc_draft_document(draft, &document), "mc_draft_document");
    const char *names = "{\"u42\": \"Bob\"}"; /* the receiver knows the display names */
    check(mc_markdown_parse_with_mentions(markdown, names, &parsed), "mc_markdown_parse_with_mentions");
    printf("parsed back with %s: %s document\n", names, strcmp(parsed, document) == 0 ? "the same" : "ANOTHER");
    mc_string_free(document);
    mc_string_free(parsed);

    heading("14. Plain-text preview and safe HTML");
    char *preview = NULL, *html = NULL;
    check(mc_markdown_to_plain_text(markdown, names, 24, &preview), "mc_markdown_to_plain_text");
    printf("preview (24 graphemes): %s\n", preview);
    mc_string_free(preview);
    check(mc_markdown_to_html(markdown, names, &html), "mc_markdown_to_html");
    printf("html: %s\n", html);
    mc_string_free(html);
    mc_string_free(markdown);
    const char *hostile = "<script>alert(1)</script> [click](javascript:alert(1)) & [ok](example.com)";
    check(mc_markdown_to_html(hostile, NULL, &html), "mc_markdown_to_html");
    printf("a hostile message: %s\nrenders as:       %s\n", hostile, html);
    mc_string_free(html);

    mc_draft_free(draft);
}

/* Sections 15-17: the composer around the text. */

/* Prints the member `key` of the draft's UI state (a tiny scan of the compact JSON, enough here). */
static void show_ui_member(mc_draft *draft, const char *key) {
    char *ui = NULL;
    check(mc_draft_ui_state(draft, &ui), "mc_draft_ui_state");
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *start = strstr(ui, pattern);
    if (start) {
        start += strlen(pattern);
        int depth = 0, in_string = 0;
        const char *p = start;
        for (; *p; p++) {
            if (in_string) {
                if (*p == '\\' && p[1]) p++;
                else if (*p == '"') in_string = 0;
            } else if (*p == '"') in_string = 1;
            else if (*p == '{' || *p == '[') depth++;
            else if (*p == '}' || *p == ']') { if (depth-- == 0) break; }
            else if (*p == ',' && depth == 0) break;
        }
        printf("%-10s %.*s\n", key, (int)(p - start), start);
    }
    mc_string_free(ui);
}

static void send_and_show(mc_draft *draft, int64_t now_ms) {
    char *messages = NULL;
    check(mc_draft_send(draft, now_ms, &messages), "mc_draft_send");
    printf("sent at %lld ms:\n%s\n", (long long)now_ms, messages);
    mc_string_free(messages);
}

static void reply_and_send(void) {
    heading("15. A reply in a thread, sent");
    mc_draft *draft = NULL;
    check(mc_draft_new(NULL, &draft), "mc_draft_new");
    check(mc_draft_set_thread(draft, "thread-42"), "mc_draft_set_thread"); /* every message goes there */
    check(mc_draft_begin_reply(draft, "msg-7", "Ann", "Can you **review** the <@uid:u42> patch?", "{\"u42\": \"Bob\"}"),
          "mc_draft_begin_reply");
    show_ui_member(draft, "mode"); /* the preview: sender and a plain-text snippet */
    check(mc_draft_insert(draft, "On it, **today**  "), "mc_draft_insert");
    show_ui_member(draft, "can_send");
    send_and_show(draft, 1000); /* hand-typed markdown converted, trailing spaces trimmed */
    printf("after the send:\n");
    show_ui_member(draft, "mode");
    show_ui_member(draft, "thread_parent_id");
    mc_draft_free(draft);
}

static void tray_and_send(void) {
    heading("16. An attachment tray with two uploads, sent in kind order");
    mc_draft *draft = NULL;
    check(mc_draft_new("{\"max_files\": 5}", &draft), "mc_draft_new");
    char *result = NULL;
    check(mc_draft_stage_files(draft, "[{\"name\": \"report.pdf\", \"mime\": \"application/pdf\", \"size\": 48213, "
                                      "\"ref\": \"host-1\"}, {\"name\": \"photo.jpg\", \"size\": 1048576, \"ref\": \"host-2\"}]",
                                  &result),
          "mc_draft_stage_files");
    printf("staged:    %s\n", result);
    mc_string_free(result);
    /* The host uploads the files and reports progress; the tray tiles follow. */
    check(mc_draft_upload_event(draft, 1, MC_UPLOAD_START, 0, NULL), "mc_draft_upload_event");
    check(mc_draft_upload_event(draft, 2, MC_UPLOAD_START, 0, NULL), "mc_draft_upload_event");
    check(mc_draft_upload_event(draft, 2, MC_UPLOAD_PROGRESS, 0.5, NULL), "mc_draft_upload_event");
    check(mc_draft_insert(draft, "Q3 numbers and the *team* photo"), "mc_draft_insert");
    char *tray = NULL;
    check(mc_draft_attachments(draft, &tray), "mc_draft_attachments");
    printf("tray:      %s\n", tray);
    mc_string_free(tray);
    show_ui_member(draft, "send_blocked"); /* not yet: uploads are running */
    check(mc_draft_upload_event(draft, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn.example/report.pdf"), "mc_draft_upload_event");
    check(mc_draft_upload_event(draft, 2, MC_UPLOAD_COMPLETE, 0, "https://cdn.example/photo.jpg"), "mc_draft_upload_event");
    show_ui_member(draft, "send_blocked");
    send_and_show(draft, 2000); /* the image first (with the caption), then the file */
    mc_draft_free(draft);
}

static const char *event_name(int32_t kind) {
    static const char *const names[] = {"text", "selection", "formats", "send_state", "tray", "mention_query",
                                        "command_query", "typing", "mode", "banner", "error", "cancel_upload",
                                        "formatting", "config", "thread"};
    return kind >= 0 && kind < (int32_t)(sizeof names / sizeof names[0]) ? names[kind] : "?";
}

/* The host's own context, passed as user_data. */
typedef struct {
    mc_draft *draft;
    int count;
} listener_context;

/* The listener; the payload lives only during the call. MC_EVENT_TEXT says which old range became which
   text; MC_EVENT_FORMATTING names a range whose spans the host reads again (a listener may call back into
   the draft: its lock is released by then). */
static void print_event(void *user_data, int32_t kind, const char *payload_json) {
    listener_context *context = user_data;
    context->count++;
    printf("  event %-10s %s\n", event_name(kind), payload_json);
    long long start = 0, end = 0;
    if (kind == MC_EVENT_FORMATTING && sscanf(payload_json, "{\"start\":%lld,\"end\":%lld}", &start, &end) == 2) {
        char *spans = NULL;
        check(mc_draft_spans(context->draft, start, end, &spans), "mc_draft_spans");
        printf("        mc_draft_spans(%lld, %lld) = %s\n", start, end, spans);
        mc_string_free(spans);
    }
}

static void listener_tour(void) {
    heading("17. A listener hearing one typed word, a format and a replaced word");
    mc_draft *draft = NULL;
    check(mc_draft_new(NULL, &draft), "mc_draft_new");
    listener_context context = {draft, 0};
    check(mc_draft_set_listener(draft, print_event, &context), "mc_draft_set_listener");
    const char *word = "Hey";
    for (const char *key = word; *key; key++) {
        printf("type '%c':\n", *key);
        check(mc_draft_insert_n(draft, key, 1), "mc_draft_insert_n");
    }
    printf("make [0, 3) bold:\n");
    check(mc_draft_apply_format(draft, 0, 3, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT), "mc_draft_apply_format");
    printf("type \" you\" at the end:\n");
    check(mc_draft_insert(draft, " you"), "mc_draft_insert");
    printf("replace [0, 3) \"Hey\" with \"Thank\":\n");
    check(mc_draft_replace(draft, 0, 3, "Thank"), "mc_draft_replace");
    show_document(draft);
    printf("5 s later (host clock):\n");
    check(mc_draft_tick(draft, 5000), "mc_draft_tick");
    printf("a refused call:\n");
    mc_status status = mc_draft_insert(draft, "\xFF");
    printf("  -> %s\n", mc_status_name(status));
    check(mc_draft_set_listener(draft, NULL, NULL), "mc_draft_set_listener"); /* detach before freeing */
    printf("%d events\n", context.count);
    mc_draft_free(draft);
}

/* Prints the one message a call returned (a sticker, a legacy pick), then frees it. */
static void show_message(const char *label, char *json) {
    printf("%-10s %s\n", label, json);
    mc_string_free(json);
}

static void host_tour(void) {
    heading("18. What host apps rely on");
    mc_draft *draft = NULL;
    check(mc_draft_new("{\"mention_limit\": 1, \"slow_mode_seconds\": 30}", &draft), "mc_draft_new");

    printf("three backticks, Enter, code:\n");
    for (const char *key = "```"; *key; key++) check(mc_draft_insert_n(draft, key, 1), "mc_draft_insert_n");
    check(mc_draft_enter(draft), "mc_draft_enter");
    check(mc_draft_insert(draft, "make demo"), "mc_draft_insert");
    show_document(draft);
    check(mc_draft_clear(draft), "mc_draft_clear");

    printf("a mention past the limit raises the banner; deleting the mention ends it:\n");
    check(mc_draft_insert_mention(draft, "u1", "Ann"), "mc_draft_insert_mention");
    mc_status status = mc_draft_insert_mention(draft, "u2", "Bob");
    printf("  second mention -> %s\n", mc_status_name(status));
    show_ui_member(draft, "info_banner");
    check(mc_draft_select_all(draft), "mc_draft_select_all");
    check(mc_draft_delete_backward(draft), "mc_draft_delete_backward");
    show_ui_member(draft, "info_banner");
    check(mc_draft_dismiss_banner(draft), "mc_draft_dismiss_banner"); /* the host's close button */

    printf("the server's settings change while the draft lives (the listener hears them):\n");
    listener_context context = {draft, 0};
    check(mc_draft_set_listener(draft, print_event, &context), "mc_draft_set_listener");
    check(mc_draft_update_config(draft, "{\"max_file_size\": 1048576, \"max_length\": 500}"), "mc_draft_update_config");
    status = mc_draft_update_config(draft, "{\"max_files\": 0}");
    printf("  max_files 0 -> %s (nothing changed)\n", mc_status_name(status));
    check(mc_draft_set_listener(draft, NULL, NULL), "mc_draft_set_listener");

    printf("the user's last message went out 20 s ago (another device): slow mode runs from then:\n");
    check(mc_draft_start_cooldown(draft, 40000, 60000), "mc_draft_start_cooldown");
    show_ui_member(draft, "cooldown_remaining_ms");

    printf("editing a media message: the caption can be emptied, and slow mode does not hold an edit:\n");
    check(mc_draft_begin_edit(draft, "msg-3", "holiday **photos**", NULL, true), "mc_draft_begin_edit");
    check(mc_draft_select_all(draft), "mc_draft_select_all");
    check(mc_draft_delete_backward(draft), "mc_draft_delete_backward");
    send_and_show(draft, 61000);
    show_ui_member(draft, "cooldown_remaining_ms");

    printf("a thread reply that also goes to the channel, then a sticker:\n");
    check(mc_draft_tick(draft, 70000), "mc_draft_tick");
    check(mc_draft_set_thread(draft, "thread-9"), "mc_draft_set_thread");
    check(mc_draft_set_also_send_to_channel(draft, true), "mc_draft_set_also_send_to_channel");
    check(mc_draft_insert(draft, "Done, see above"), "mc_draft_insert");
    send_and_show(draft, 70000);
    show_ui_member(draft, "also_send_to_channel"); /* reset after the send */
    check(mc_draft_tick(draft, 100000), "mc_draft_tick");
    show_ui_member(draft, "sticker_available");
    char *message = NULL;
    check(mc_draft_send_sticker(draft, "party-parrot", "https://stickers.example/parrot.webp", "classics", &message),
          "mc_draft_send_sticker");
    show_message("sticker:", message);
    status = mc_draft_voice_note(draft, "clip.png", "image/png", 10, "https://cdn.example/clip", &message);
    printf("a voice note that is no audio -> %s\n  %s\n", mc_status_name(status), mc_last_error());

    printf("a picked video with its media metadata, uploaded and sent:\n");
    check(mc_draft_tick(draft, 130000), "mc_draft_tick");
    check(mc_draft_set_thread(draft, NULL), "mc_draft_set_thread");
    check(mc_draft_stage_files(draft, "[{\"name\": \"clip.mp4\", \"mime\": \"video/mp4\", \"size\": 4096, "
                                      "\"width\": 1280, \"height\": 720, \"duration\": 3.5, "
                                      "\"extra\": {\"thumbnail\": \"content://thumbs/7\"}}]",
                                  NULL),
          "mc_draft_stage_files");
    check(mc_draft_upload_event(draft, 1, MC_UPLOAD_START, 0, NULL), "mc_draft_upload_event");
    check(mc_draft_upload_event(draft, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn.example/clip.mp4"), "mc_draft_upload_event");
    send_and_show(draft, 130000);
    status = mc_draft_upload_event(draft, 1, MC_UPLOAD_PROGRESS, 1, NULL);
    printf("a late upload event for the sent tile -> %s\n  %s\n", mc_status_name(status), mc_last_error());
    mc_draft_free(draft);

    printf("legacy single-attachment mode: a pick goes out at once as its own message, no tray:\n");
    check(mc_draft_new("{\"multiple_attachments\": false}", &draft), "mc_draft_new");
    char *result = NULL;
    check(mc_draft_stage_files(draft, "[{\"name\": \"scan.pdf\", \"size\": 2048, \"ref\": \"file:///scan.pdf\"}]",
                               &result),
          "mc_draft_stage_files");
    show_message("picked:", result);
    mc_draft_free(draft);
}

int main(void) {
    heading("1. Library");
    printf("mc_version() = %s (header %s), ABI %u\n", mc_version(), MC_VERSION_STRING, mc_abi_version());
    if (mc_abi_version() != MC_ABI_VERSION) {
        fprintf(stderr, "demo: header and library ABI differ\n");
        return 1;
    }

    heading("2. A draft with a configuration");
    mc_draft *draft = NULL;
    check(mc_draft_new("{\"max_length\": 2000, \"mention_limit\": 5, \"allowed_types\": [\"image/*\"]}", &draft),
          "mc_draft_new");
    char *config = NULL;
    check(mc_draft_config(draft, &config), "mc_draft_config");
    printf("effective config: %s\n", config);
    mc_string_free(config);

    heading("3. Typing text with emoji");
    /* Offsets are Unicode scalars: the waving hand is one scalar, four UTF-8 bytes. */
    check(mc_draft_replace(draft, 0, 0, "Hi "), "type");
    check(mc_draft_replace(draft, 3, 3, "\U0001F44B"), "type an emoji"); /* waving hand */
    check(mc_draft_replace(draft, 4, 4, " team, ship it \U0001F680"), "type more"); /* rocket */
    show_draft(draft);

    heading("4. Selecting a word");
    /* "team" is scalars [5, 9); a selection keeps its direction (anchor stays, focus moves). */
    check(mc_draft_set_selection(draft, 9, 5), "mc_draft_set_selection");
    show_draft(draft);
    check(mc_draft_set_selection(draft, -10, 1000), "mc_draft_set_selection");
    printf("set_selection(-10, 1000) clamps to the text:\n");
    show_draft(draft);

    heading("5. A formatted document (bold, link, mention, quote)");
    /* Spans may come in any order; links without a scheme become https. */
    const char *input =
        "{\"text\": \"Hi @Bob, see the docs \U0001F4C4\\nShip it \U0001F680\","
        " \"spans\": ["
        "{\"start\": 24, \"end\": 33, \"format\": \"quote\"},"
        "{\"start\": 17, \"end\": 21, \"format\": \"link\", \"url\": \"example.com/docs\"},"
        "{\"start\": 3, \"end\": 7, \"format\": \"mention\", \"uid\": \"u42\", \"name\": \"Bob\"},"
        "{\"start\": 0, \"end\": 2, \"format\": \"bold\"}]}";
    printf("input:     %s\n", input);
    check(mc_draft_load_document(draft, input), "mc_draft_load_document");
    show_document(draft);
    show_draft(draft);

    heading("6. Offset conversions for an emoji string");
    const char *emoji = "a\U0001F468\u200D\U0001F469\u200D\U0001F467\U0001F1EB\U0001F1F7!"; /* a, family, flag, ! */
    printf("string: \"%s\" (a, family of 5 scalars joined by ZWJ, flag of 2 regional indicators, !)\n", emoji);
    printf("  scalar  UTF-16  UTF-8\n");
    for (int64_t scalar = 0; scalar <= 9; scalar++) {
        int64_t utf16 = -1, utf8 = -1;
        check(mc_convert_offset(emoji, scalar, MC_UNIT_SCALAR, MC_UNIT_UTF16, &utf16), "mc_convert_offset");
        check(mc_convert_offset(emoji, scalar, MC_UNIT_SCALAR, MC_UNIT_UTF8, &utf8), "mc_convert_offset");
        printf("  %6lld  %6lld  %5lld\n", (long long)scalar, (long long)utf16, (long long)utf8);
    }
    int64_t out = -1;
    mc_status status = mc_convert_offset(emoji, 2, MC_UNIT_UTF16, MC_UNIT_SCALAR, &out);
    printf("UTF-16 offset 2 (between the surrogates of the man): %s\n  %s\n", mc_status_name(status), mc_last_error());

    heading("7. A refused input");
    status = mc_draft_load_document(draft, "{\"text\": \"click\", \"spans\": [{\"start\": 0, \"end\": 5, "
                                           "\"format\": \"link\", \"url\": \"javascript:alert(1)\"}]}");
    printf("load a javascript: link -> %s\n  mc_last_error(): %s\n", mc_status_name(status), mc_last_error());
    status = mc_draft_replace(draft, 0, 0, "\xC0\xAF"); /* overlong UTF-8 for '/' */
    printf("replace with invalid UTF-8 -> %s\n  mc_last_error(): %s\n", mc_status_name(status), mc_last_error());
    printf("the draft is unchanged:\n");
    show_document(draft);

    mc_draft_free(draft);
    mc_draft_free(draft); /* a double free is refused, not a crash */
    printf("\nfreed; a second mc_draft_free is refused: %s\n", mc_last_error());

    composer_tour();
    reply_and_send();
    tray_and_send();
    listener_tour();
    host_tour();
    return 0;
}
