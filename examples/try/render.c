/*
 * render.c: the try program's screen (see render.h). From top to bottom: a title and the keys,
 * the draft with its formatting (ANSI) and the caret, the mention suggestions, the toolbar state,
 * the send state and the events of the last key, the wire markdown, the message as a receiver
 * renders it (parsed back, plain text, HTML), and the outgoing messages of the last send. Rows
 * past the window are dropped, so the most useful come first.
 */
#define _XOPEN_SOURCE 700
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "json.h"

/* ---- Rows: a frame is written row by row, each clipped to the window and wrapped by hand. ---- */

typedef struct {
    buffer *out;
    int columns, rows;
    int row;             /* rows started so far */
    int column;          /* the current row's width so far */
    bool full;           /* no room for more rows */
    char sgr[96];        /* the attributes in force ("" for none) */
    const char *indent;  /* what a wrapped row starts with */
} screen;

static void set_sgr(screen *s, const char *sgr) {
    if (strcmp(s->sgr, sgr) == 0) return;
    snprintf(s->sgr, sizeof s->sgr, "%s", sgr);
    if (s->full) return;
    buffer_puts(s->out, "\x1b[0m");
    if (*sgr) buffer_printf(s->out, "\x1b[%sm", sgr);
}

/* Starts a row; rows past the window are dropped. */
static void new_row(screen *s) {
    if (s->full) return;
    if (s->row >= s->rows) {
        s->full = true;
        return;
    }
    /* Erase the rest of the row, unless it is full: with auto-wrap off the cursor then stays on
       the last column, and erasing would remove the last character. */
    if (s->row > 0) buffer_puts(s->out, s->column < s->columns ? "\x1b[0m\x1b[K\r\n" : "\x1b[0m\r\n");
    if (*s->sgr) buffer_printf(s->out, "\x1b[%sm", s->sgr);
    s->row++;
    s->column = 0;
}

/* Labels and markers, not wrapped: every scalar in them is one column wide. */
static void put_raw(screen *s, const char *bytes) {
    if (s->full) return;
    buffer_puts(s->out, bytes);
    for (const char *p = bytes; *p; p++)
        if (((unsigned char)*p & 0xC0) != 0x80) s->column++;
}

/* Decodes one scalar of valid UTF-8 (the library's output); returns its length in bytes. */
static size_t next_scalar(const char *p, unsigned *scalar) {
    const unsigned char *u = (const unsigned char *)p;
    if (u[0] < 0x80) { *scalar = u[0]; return 1; }
    if (u[0] < 0xE0 && u[1]) { *scalar = (u[0] & 0x1Fu) << 6 | (u[1] & 0x3Fu); return 2; }
    if (u[0] < 0xF0 && u[1] && u[2]) {
        *scalar = (u[0] & 0x0Fu) << 12 | (u[1] & 0x3Fu) << 6 | (u[2] & 0x3Fu);
        return 3;
    }
    if (u[1] && u[2] && u[3]) {
        *scalar = (u[0] & 0x07u) << 18 | (u[1] & 0x3Fu) << 12 | (u[2] & 0x3Fu) << 6 | (u[3] & 0x3Fu);
        return 4;
    }
    *scalar = 0xFFFD;
    return 1;
}

/* One character of content: control characters are shown as a dot (they would drive the
   terminal), a row too full wraps onto a new row that starts with the indent. */
static void put_scalar(screen *s, const char *bytes, size_t length, unsigned scalar) {
    if (s->full) return;
    int width = wcwidth((wchar_t)scalar);
    bool control = scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0);
    if (control) {
        bytes = "\xC2\xB7"; /* · */
        length = 2;
        width = 1;
    } else if (width < 0) {
        width = 1; /* unknown to the C library's tables (or a non-UTF-8 locale) */
    }
    if (s->column + width > s->columns && s->column > 0) {
        char sgr[sizeof s->sgr];
        snprintf(sgr, sizeof sgr, "%s", s->sgr);
        set_sgr(s, "");
        new_row(s);
        put_raw(s, s->indent);
        set_sgr(s, sgr);
        if (s->full) return;
    }
    buffer_append(s->out, bytes, length);
    s->column += width;
}

/* Plain text after a label: the first row starts with the label, the rows after it (its line
   breaks and wraps) with as many spaces. */
static void put_text(screen *s, const char *label, const char *text) {
    char indent[64];
    int width = 0;
    for (const char *p = label; *p; p++)
        if (((unsigned char)*p & 0xC0) != 0x80) width++;
    snprintf(indent, sizeof indent, "%*s", width < 63 ? width : 63, "");
    s->indent = indent;
    new_row(s);
    put_raw(s, label);
    while (*text) {
        if (*text == '\n') {
            text++;
            new_row(s);
            put_raw(s, indent);
            continue;
        }
        unsigned scalar = 0;
        size_t length = next_scalar(text, &scalar);
        put_scalar(s, text, length, scalar);
        text += length;
    }
    s->indent = "";
}

/* Text from elsewhere (the query) inside a row: control characters shown as dots. */
static void put_plain(screen *s, const char *text) {
    while (*text) {
        unsigned scalar = 0;
        size_t length = next_scalar(text, &scalar);
        put_scalar(s, text, length, scalar);
        text += length;
    }
}

static void heading(screen *s, const char *title) {
    set_sgr(s, "");
    new_row(s);
    set_sgr(s, "2");
    put_raw(s, "\xE2\x94\x80\xE2\x94\x80 "); /* ── */
    set_sgr(s, "1");
    put_raw(s, title);
    set_sgr(s, "2");
    put_raw(s, " ");
    while (s->column < s->columns && !s->full) put_raw(s, "\xE2\x94\x80");
    set_sgr(s, "");
}

/* ---- Documents: the draft, and a received message parsed back, drawn with ANSI attributes. ---- */

enum { SPAN_MENTION = 100 };

typedef struct {
    int64_t start, end;
    int format; /* MC_FORMAT_* or SPAN_MENTION */
    int r, g, b; /* MC_FORMAT_COLOR */
} span;

static int format_code(const char *name) {
    static const char *const names[] = {"bold", "italic", "underline", "strike", "code", "link",
                                        "color", "code_block", "quote", "bullet_list", "ordered_list"};
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (strcmp(names[i], name) == 0) return i;
    if (strcmp(name, "mention") == 0) return SPAN_MENTION;
    return -1;
}

/* Reads the "spans" of a document into an array (free it); *count receives its length. */
static span *read_spans(const json_value *document, size_t *count) {
    const json_value *spans = json_get(document, "spans");
    *count = 0;
    if (!spans || spans->type != JSON_ARRAY || spans->count == 0) return NULL;
    span *out = calloc(spans->count, sizeof *out);
    if (!out) return NULL;
    for (size_t i = 0; i < spans->count; i++) {
        const json_value *item = &spans->items[i];
        span sp = {(int64_t)json_get_number(item, "start", 0), (int64_t)json_get_number(item, "end", 0),
                   format_code(json_get_string(item, "format", "")), 255, 255, 255};
        const char *color = json_get_string(item, "color", NULL);
        if (sp.format == MC_FORMAT_COLOR && color && strlen(color) == 7) {
            unsigned long rgb = strtoul(color + 1, NULL, 16);
            sp.r = (int)(rgb >> 16 & 0xFF);
            sp.g = (int)(rgb >> 8 & 0xFF);
            sp.b = (int)(rgb & 0xFF);
        }
        if (sp.format >= 0) out[(*count)++] = sp;
    }
    return out;
}

/* The block format of the line [start, end), or -1. A block span covers whole lines; an empty
   line is covered when it lies within the span, ends included. */
static int line_block(const span *spans, size_t count, int64_t start, int64_t end) {
    for (size_t i = 0; i < count; i++) {
        if (spans[i].format < MC_FORMAT_CODE_BLOCK || spans[i].format > MC_FORMAT_ORDERED_LIST) continue;
        bool covered = start == end ? spans[i].start <= start && start <= spans[i].end
                                    : spans[i].start <= start && start < spans[i].end;
        if (covered) return spans[i].format;
    }
    return -1;
}

/* The SGR parameters of the character at offset: its inline formats, its block's look, and
   inverse video when selected or under the caret. */
static void character_sgr(const span *spans, size_t count, int64_t offset, int block, bool inverse, char *out,
                          size_t size) {
    buffer b = {0};
    bool code = block == MC_FORMAT_CODE_BLOCK;
    for (size_t i = 0; i < count; i++) {
        if (offset < spans[i].start || offset >= spans[i].end) continue;
        switch (spans[i].format) {
        case MC_FORMAT_BOLD: buffer_puts(&b, ";1"); break;
        case MC_FORMAT_ITALIC: buffer_puts(&b, ";3"); break;
        case MC_FORMAT_UNDERLINE: buffer_puts(&b, ";4"); break;
        case MC_FORMAT_STRIKE: buffer_puts(&b, ";9"); break;
        case MC_FORMAT_CODE: code = true; break;
        case MC_FORMAT_LINK: buffer_puts(&b, ";4;34"); break;
        case MC_FORMAT_COLOR: buffer_printf(&b, ";38;2;%d;%d;%d", spans[i].r, spans[i].g, spans[i].b); break;
        case SPAN_MENTION: buffer_puts(&b, ";30;46"); break; /* a chip: black on cyan */
        default: break;
        }
    }
    if (code) buffer_puts(&b, ";38;5;214;48;5;236"); /* orange on dark grey */
    if (block == MC_FORMAT_QUOTE) buffer_puts(&b, ";2");
    if (inverse) buffer_puts(&b, ";7");
    snprintf(out, size, "%s", b.data && b.length > 0 ? b.data + 1 : "");
    buffer_free(&b);
}

/* Draws a document's text with its spans, a row per line under indent, block lines with a
   marker (quote bar, bullet, number, code bar). With show_caret, the selection [anchor, focus)
   or the caret is drawn in inverse video. */
static void put_document(screen *s, const char *indent, const char *text, const json_value *document,
                         bool show_caret, int64_t anchor, int64_t focus, const char *placeholder) {
    size_t count = 0;
    span *spans = read_spans(document, &count);
    int64_t selection_start = anchor < focus ? anchor : focus;
    int64_t selection_end = anchor < focus ? focus : anchor;
    bool caret = show_caret && anchor == focus;
    const char *p = text;
    int64_t offset = 0;
    int ordinal = 0;
    char continuation[64];
    for (;;) {
        /* The line [line_start, line_end) in scalars. */
        int64_t line_start = offset, line_end = offset;
        for (const char *q = p; *q && *q != '\n'; line_end++) {
            unsigned scalar = 0;
            q += next_scalar(q, &scalar);
        }
        int block = line_block(spans, count, line_start, line_end);
        ordinal = block == MC_FORMAT_ORDERED_LIST ? ordinal + 1 : 0;
        const char *marker = "";
        char number[24];
        switch (block) {
        case MC_FORMAT_QUOTE: marker = "\xE2\x94\x82 "; break;       /* │ */
        case MC_FORMAT_BULLET_LIST: marker = "\xE2\x80\xA2 "; break; /* • */
        case MC_FORMAT_CODE_BLOCK: marker = "\xE2\x96\x8E "; break;  /* ▎ */
        case MC_FORMAT_ORDERED_LIST:
            snprintf(number, sizeof number, "%d. ", ordinal);
            marker = number;
            break;
        default: break;
        }
        int marker_width = 0;
        for (const char *m = marker; *m; m++)
            if (((unsigned char)*m & 0xC0) != 0x80) marker_width++;
        snprintf(continuation, sizeof continuation, "%s%*s", indent, marker_width, "");
        s->indent = continuation;
        set_sgr(s, "");
        new_row(s);
        put_raw(s, indent);
        set_sgr(s, "2");
        put_raw(s, marker);
        for (int64_t at = line_start; at < line_end; at++) {
            unsigned scalar = 0;
            size_t length = next_scalar(p, &scalar);
            bool inverse = show_caret && (caret ? at == focus : at >= selection_start && at < selection_end);
            char sgr[96];
            character_sgr(spans, count, at, block, inverse, sgr, sizeof sgr);
            set_sgr(s, sgr);
            put_scalar(s, p, length, scalar);
            p += length;
        }
        offset = line_end;
        /* The caret at the line's end, or a selected line break, shows as an inverse space. */
        bool at_end = caret && focus == line_end;
        bool break_selected =
            !caret && show_caret && *p == '\n' && line_end >= selection_start && line_end < selection_end;
        if (at_end || break_selected) {
            set_sgr(s, "7");
            put_scalar(s, " ", 1, ' ');
        }
        if (at_end && line_start == 0 && *p == '\0' && line_end == 0 && placeholder) {
            set_sgr(s, "2");
            put_raw(s, placeholder);
        }
        set_sgr(s, "");
        if (*p != '\n') break;
        p++;
        offset++;
    }
    s->indent = "";
    free(spans);
}

/* ---- The frame ---- */

/* A read from the library: false on refusal (the message is in mc_last_error()). */
#define OK(call) ((call) == MC_OK)

/* {"uid": "name", ...} for the draft's mentions, so the receiver's render shows names. */
static void mention_names(const json_value *mentions, buffer *out) {
    buffer_puts(out, "{");
    for (size_t i = 0; mentions && mentions->type == JSON_ARRAY && i < mentions->count; i++) {
        const char *uid = json_get_string(&mentions->items[i], "uid", "");
        bool seen = false; /* a uid has one name per message: the first is enough */
        for (size_t j = 0; j < i; j++) seen = seen || strcmp(json_get_string(&mentions->items[j], "uid", ""), uid) == 0;
        if (seen) continue;
        buffer_puts(out, out->length > 1 ? ",\"" : "\"");
        buffer_json_escape(out, uid);
        buffer_puts(out, "\":\"");
        buffer_json_escape(out, json_get_string(&mentions->items[i], "name", ""));
        buffer_puts(out, "\"");
    }
    buffer_puts(out, "}");
}

/* The keys, laid out item by item (an item never splits across rows). A short list when the
   window has few rows, so the draft stays in view. */
static void put_help(screen *s) {
    static const char *const all[] = {
        "Enter send", "Ctrl-J or Alt-Enter new line",
        "\xE2\x86\x90 \xE2\x86\x92 Home End move (Shift selects, Ctrl by word)",
        "Backspace Delete", "Ctrl-B bold", "Ctrl-T italic", "Ctrl-U underline", "Ctrl-X strike", "Ctrl-K code",
        "Ctrl-Z undo", "Ctrl-Y redo", "Ctrl-A select all",
        "@name mention: Tab or Enter picks, 1-9 by number, \xE2\x86\x91 \xE2\x86\x93 choose, Esc hides",
        "\"- \" \"1. \" \"> \" ``` at a line start make blocks", "Ctrl-D or Ctrl-C quit",
    };
    static const char *const few[] = {"Enter send", "Ctrl-J new line", "Ctrl-B bold", "Ctrl-T italic",
                                      "Ctrl-U underline", "Ctrl-X strike", "Ctrl-K code", "@ mention", "Ctrl-D quit"};
    bool short_list = s->rows < 30;
    const char *const *items = short_list ? few : all;
    size_t count = short_list ? sizeof few / sizeof few[0] : sizeof all / sizeof all[0];
    set_sgr(s, "2");
    new_row(s);
    put_raw(s, " ");
    for (size_t i = 0; i < count; i++) {
        int width = 0;
        for (const char *p = items[i]; *p; p++)
            if (((unsigned char)*p & 0xC0) != 0x80) width++;
        if (i > 0 && s->column + 3 + width > s->columns) {
            new_row(s);
            put_raw(s, " ");
        } else if (i > 0) {
            put_raw(s, " \xC2\xB7 ");
        }
        put_raw(s, items[i]);
    }
    set_sgr(s, "");
}

static void put_suggestions(screen *s, const app *a) {
    if (!a->query_open || a->suggestions_dismissed) return;
    new_row(s);
    put_raw(s, "  ");
    set_sgr(s, "36");
    put_raw(s, "@");
    put_plain(s, a->query);
    put_raw(s, " \xE2\x86\x92 "); /* → */
    set_sgr(s, "");
    if (a->suggestion_count == 0) {
        set_sgr(s, "2");
        put_raw(s, "nobody matches");
        set_sgr(s, "");
        return;
    }
    char label[300];
    for (size_t i = 0; i < a->suggestion_count; i++) {
        snprintf(label, sizeof label, "%zu %s (%s)", i + 1, a->suggestions[i]->name, a->suggestions[i]->uid);
        set_sgr(s, i == a->highlighted ? "7" : "");
        put_raw(s, label);
        set_sgr(s, "");
        put_raw(s, "  ");
    }
}

/* "formats: bold italic · length 12 · typing · undo/redo" from the UI state. */
static void put_toolbar(screen *s, const json_value *ui) {
    buffer line = {0};
    buffer_puts(&line, "formats at the caret:");
    const json_value *active = json_get(json_get(ui, "active_formats"), "formats");
    size_t formats = active && active->type == JSON_ARRAY ? active->count : 0;
    for (size_t i = 0; i < formats; i++)
        if (active->items[i].type == JSON_STRING) buffer_printf(&line, " %s", active->items[i].string);
    if (formats == 0) buffer_puts(&line, " none");
    buffer_printf(&line, " \xC2\xB7 length %.0f", json_get_number(ui, "length", 0));
    if (json_get_bool(ui, "typing", false)) buffer_puts(&line, " \xC2\xB7 typing");
    buffer_printf(&line, " \xC2\xB7 undo %s, redo %s", json_get_bool(ui, "can_undo", false) ? "yes" : "no",
                  json_get_bool(ui, "can_redo", false) ? "yes" : "no");
    const char *banner = json_get_string(ui, "info_banner", NULL);
    set_sgr(s, "2");
    put_text(s, "  ", line.data);
    if (banner) {
        set_sgr(s, "33");
        put_text(s, "  ", banner);
    }
    set_sgr(s, "");
    buffer_free(&line);
}

static void put_send_state(screen *s, const app *a, const json_value *ui) {
    const json_value *blocked = json_get(ui, "send_blocked");
    if (json_get_bool(ui, "can_send", false)) {
        set_sgr(s, "32");
        put_text(s, "  ", "can_send: yes (Enter sends)");
    } else {
        char line[600];
        snprintf(line, sizeof line, "can_send: no \xE2\x80\x94 %s: %s", json_get_string(blocked, "reason", "?"),
                 json_get_string(blocked, "message", ""));
        set_sgr(s, "31");
        put_text(s, "  ", line);
    }
    set_sgr(s, "");
    static const char *const names[] = {"text", "selection", "formats", "send_state", "tray", "mention_query",
                                        "command_query", "typing", "mode", "banner", "error", "cancel_upload",
                                        "formatting"};
    buffer events = {0};
    buffer_printf(&events, "events of the last key (%ld in all):", a->events_total);
    for (int kind = 0; kind < (int)(sizeof names / sizeof names[0]); kind++)
        if (a->events_shown & (1u << kind)) buffer_printf(&events, " %s", names[kind]);
    if (a->events_shown == 0) buffer_puts(&events, " none");
    set_sgr(s, "2");
    put_text(s, "  ", events.data);
    set_sgr(s, "");
    buffer_free(&events);
    if (a->notice[0]) {
        set_sgr(s, "33");
        put_text(s, "  ", a->notice);
        set_sgr(s, "");
    }
}

/* The last send's outgoing messages, one message (the library's compact JSON) per row group. */
static void put_messages(screen *s, const char *messages_json) {
    if (!messages_json) {
        set_sgr(s, "2");
        put_text(s, "  ", "none yet: Enter sends the draft");
        set_sgr(s, "");
        return;
    }
    /* Splits the array at its top-level commas, skipping strings. */
    buffer one = {0};
    int depth = 0;
    bool in_string = false;
    for (const char *p = messages_json; *p; p++) {
        char c = *p;
        if (in_string) {
            if (c == '\\' && p[1]) buffer_append(&one, p++, 1);
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (depth++ == 0) continue; /* the array's own bracket */
        } else if (c == '}' || c == ']') {
            if (--depth == 0) break;
        } else if (c == ',' && depth == 1) {
            put_text(s, "  ", one.data);
            buffer_clear(&one);
            continue;
        }
        buffer_append(&one, p, 1);
    }
    if (one.length > 0) put_text(s, "  ", one.data);
    buffer_free(&one);
}

bool render(const app *a, buffer *frame, int columns, int rows) {
    mc_draft *draft = a->draft;
    char *text = NULL, *document_json = NULL, *markdown = NULL, *ui_json = NULL, *mentions_json = NULL;
    char *received_json = NULL, *plain = NULL, *html = NULL;
    int64_t anchor = 0, focus = 0;
    bool ok = OK(mc_draft_text(draft, &text)) && OK(mc_draft_document(draft, &document_json)) &&
              OK(mc_draft_serialize(draft, &markdown)) && OK(mc_draft_ui_state(draft, &ui_json)) &&
              OK(mc_draft_mentions(draft, &mentions_json)) && OK(mc_draft_selection(draft, &anchor, &focus));
    json_value *document = ok ? json_parse(document_json) : NULL;
    json_value *ui = ok ? json_parse(ui_json) : NULL;
    json_value *mentions = ok ? json_parse(mentions_json) : NULL;
    buffer names = {0};
    mention_names(mentions, &names);
    /* What a receiver does with the wire markdown: parse it (with the names the host knows),
       render it as plain text and as HTML. */
    ok = ok && OK(mc_markdown_parse_with_mentions(markdown, names.data, &received_json)) &&
         OK(mc_markdown_to_plain_text(markdown, names.data, -1, &plain)) &&
         OK(mc_markdown_to_html(markdown, names.data, &html));
    json_value *received = ok ? json_parse(received_json) : NULL;

    buffer_clear(frame);
    buffer_puts(frame, "\x1b[H");
    screen s = {frame, columns, rows, 0, 0, false, "", ""};
    if (ok) {
        char title[128];
        snprintf(title, sizeof title, "MessageComposer try \xC2\xB7 libmessage_composer %s", mc_version());
        new_row(&s);
        set_sgr(&s, "1");
        put_raw(&s, " ");
        put_raw(&s, title);
        set_sgr(&s, "");
        put_help(&s);

        heading(&s, "Draft");
        put_document(&s, "  ", text, document, true, anchor, focus, "Type a message\xE2\x80\xA6");
        put_suggestions(&s, a);
        put_toolbar(&s, ui);

        heading(&s, "Send state");
        put_send_state(&s, a, ui);

        heading(&s, "Wire markdown (mc_draft_serialize)");
        put_text(&s, "  ", markdown);

        heading(&s, "Received (mc_markdown_parse, to_plain_text, to_html)");
        put_document(&s, "  ", json_get_string(received, "text", ""), received, false, 0, 0, NULL);
        set_sgr(&s, "2");
        put_text(&s, "  plain: ", plain);
        put_text(&s, "  html:  ", html);
        set_sgr(&s, "");


        char sent_title[64];
        snprintf(sent_title, sizeof sent_title, "Outgoing messages (%d sent)", a->sent_count);
        heading(&s, sent_title);
        put_messages(&s, a->last_sent);
    }
    set_sgr(&s, "");
    if (!s.full && s.column < s.columns) buffer_puts(frame, "\x1b[K");
    buffer_puts(frame, "\x1b[0m\x1b[J");

    json_free(document);
    json_free(ui);
    json_free(mentions);
    json_free(received);
    buffer_free(&names);
    mc_string_free(text);
    mc_string_free(document_json);
    mc_string_free(markdown);
    mc_string_free(ui_json);
    mc_string_free(mentions_json);
    mc_string_free(received_json);
    mc_string_free(plain);
    mc_string_free(html);
    return ok;
}
