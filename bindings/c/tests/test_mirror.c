/*
 * test_mirror.c: issue 9, "Prove it". A host copy of the text and spans, kept up to date from listener
 * events alone (MC_EVENT_TEXT, and MC_EVENT_FORMATTING read with mc_draft_spans inside the listener), equals
 * mc_draft_document after every step of 1,000 seeded random editing sessions of 20 steps each.
 *
 * The host's rule (the engine's own EventMirrorTests do the same):
 *   TEXT {start, end, text}: replace [start, end) of the text with text; every span end point p maps to
 *     p when p <= start, to p + delta when p >= end, else to start (delta = len(text) - (end - start));
 *     a span that was non-empty and became empty is dropped; then canonicalize.
 *   FORMATTING {start, end}: drop every empty span at p with start <= p <= end, cut every non-empty span to
 *     its parts outside [start, end), add mc_draft_spans(start, end); canonicalize.
 *   Canonical: touching or overlapping spans of one format and value merge (mentions never do: each is its
 *     own instance), sorted by start, end, format name, then value.
 *
 * A step is one call or a batch (sometimes nested) of 2-4 calls: typing (multi-scalar graphemes, line breaks,
 * shortcuts), replace, delete backward/forward, Enter, selections and caret moves, apply/remove/toggle of every
 * format (links, colours), links, mentions, undo/redo, load_document, load_markdown, normalize, clear, send
 * and tick on a clock, edit mode, commands, snapshot/restore. A failure names the seed, the step, the
 * operation, the events and both states, and lists the session's calls. Replay one session with
 * MC_MIRROR_SEED=<seed> build/c-tests mirror (it prints every step). Under valgrind only the first 100
 * sessions run (see under_valgrind); the plain and ASan runs do all 1,000.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

enum { SESSIONS = 1000, VALGRIND_SESSIONS = 100, STEPS = 20, VALUE_MAX = 96 };

/* ---- A small growable string ---- */

typedef struct {
    char *data;
    size_t length, capacity;
} buffer;

static void buffer_add(buffer *b, const char *fmt, ...) HARNESS_PRINTF(2, 3);
static void buffer_add(buffer *b, const char *fmt, ...) {
    for (;;) {
        va_list args;
        va_start(args, fmt);
        size_t room = b->capacity - b->length;
        int n = vsnprintf(b->data ? b->data + b->length : NULL, b->data ? room : 0, fmt, args);
        va_end(args);
        if (n < 0) return;
        if ((size_t)n < room) {
            b->length += (size_t)n;
            return;
        }
        size_t capacity = (b->capacity + (size_t)n + 1) * 2;
        char *data = realloc(b->data, capacity);
        if (!data) abort();
        b->data = data;
        b->capacity = capacity;
    }
}

static void buffer_clear(buffer *b) {
    b->length = 0;
    if (b->data) b->data[0] = '\0';
}

static const char *buffer_text(const buffer *b) { return b->data ? b->data : ""; }

/* ---- Spans and texts of scalars ---- */

typedef struct {
    int64_t start, end;
    char format[16];
    char value[VALUE_MAX]; /* the url, the colour, or the mention's uid */
    char name[VALUE_MAX];  /* the mention's name */
} span;

typedef struct {
    span *items;
    size_t count, capacity;
} span_list;

static void spans_push(span_list *list, const span *s) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 16;
        list->items = realloc(list->items, list->capacity * sizeof *list->items);
        if (!list->items) abort();
    }
    list->items[list->count++] = *s;
}

typedef struct {
    uint32_t *items;
    size_t count, capacity;
} scalars;

static void scalars_reserve(scalars *t, size_t count) {
    if (t->items && count <= t->capacity) return;
    t->capacity = count * 2 + 16;
    t->items = realloc(t->items, t->capacity * sizeof *t->items);
    if (!t->items) abort();
}

/* UTF-8 (valid, as the library writes it) to scalars. */
static void scalars_from_utf8(scalars *t, const char *s, size_t n) {
    t->count = 0;
    scalars_reserve(t, n);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t v;
        size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        v = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (size_t k = 1; k < len && i + k < n; k++) v = (v << 6) | ((unsigned char)s[i + k] & 0x3F);
        t->items[t->count++] = v;
        i += len;
    }
}

static void add_utf8(buffer *b, uint32_t v) {
    if (v < 0x80) buffer_add(b, "%c", (char)v);
    else if (v < 0x800) buffer_add(b, "%c%c", (char)(0xC0 | (v >> 6)), (char)(0x80 | (v & 0x3F)));
    else if (v < 0x10000)
        buffer_add(b, "%c%c%c", (char)(0xE0 | (v >> 12)), (char)(0x80 | ((v >> 6) & 0x3F)), (char)(0x80 | (v & 0x3F)));
    else
        buffer_add(b, "%c%c%c%c", (char)(0xF0 | (v >> 18)), (char)(0x80 | ((v >> 12) & 0x3F)),
                   (char)(0x80 | ((v >> 6) & 0x3F)), (char)(0x80 | (v & 0x3F)));
}

/* ---- A reader for the compact JSON the library writes (objects, arrays, strings, integers) ---- */

typedef struct {
    const char *p;
    int ok;
} reader;

static int peek(reader *r, char c) { return r->ok && *r->p == c; }
static int take(reader *r, char c) {
    if (!peek(r, c)) return 0;
    r->p++;
    return 1;
}
static void expect(reader *r, char c) {
    if (!take(r, c)) r->ok = 0;
}

static unsigned hex4(reader *r) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = *r->p++;
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else { r->ok = 0; return 0; }
    }
    return v;
}

/* A JSON string, unescaped, into out (UTF-8). */
static void read_string(reader *r, buffer *out) {
    buffer_clear(out);
    expect(r, '"');
    while (r->ok && *r->p != '"') {
        if (*r->p == '\0') { r->ok = 0; return; }
        if (*r->p != '\\') {
            buffer_add(out, "%c", *r->p++);
            continue;
        }
        r->p++;
        char c = *r->p++;
        switch (c) {
        case '"': case '\\': case '/': buffer_add(out, "%c", c); break;
        case 'b': buffer_add(out, "\b"); break;
        case 'f': buffer_add(out, "\f"); break;
        case 'n': buffer_add(out, "\n"); break;
        case 'r': buffer_add(out, "\r"); break;
        case 't': buffer_add(out, "\t"); break;
        case 'u': {
            uint32_t v = hex4(r);
            if (v >= 0xD800 && v < 0xDC00 && r->p[0] == '\\' && r->p[1] == 'u') {
                r->p += 2;
                uint32_t low = hex4(r);
                v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
            }
            add_utf8(out, v);
            break;
        }
        default: r->ok = 0; return;
        }
    }
    expect(r, '"');
}

static int64_t read_int(reader *r) {
    char *end = NULL;
    long long v = strtoll(r->p, &end, 10);
    if (!r->ok || end == r->p) { r->ok = 0; return 0; }
    r->p = end;
    return (int64_t)v;
}

static void copy_value(reader *r, char *dst, const buffer *src) {
    if (src->length >= VALUE_MAX) { r->ok = 0; return; }
    memcpy(dst, buffer_text(src), src->length + 1);
}

/* One span object: {"start", "end", "format"[, "url" | "color" | "uid", "name"]}. */
static void read_span(reader *r, span *s, buffer *scratch) {
    memset(s, 0, sizeof *s);
    expect(r, '{');
    while (r->ok && !peek(r, '}')) {
        read_string(r, scratch);
        char key[16];
        if (scratch->length >= sizeof key) { r->ok = 0; return; }
        memcpy(key, buffer_text(scratch), scratch->length + 1);
        expect(r, ':');
        if (strcmp(key, "start") == 0) s->start = read_int(r);
        else if (strcmp(key, "end") == 0) s->end = read_int(r);
        else {
            read_string(r, scratch);
            if (strcmp(key, "format") == 0) {
                if (scratch->length >= sizeof s->format) r->ok = 0;
                else memcpy(s->format, buffer_text(scratch), scratch->length + 1);
            } else if (strcmp(key, "url") == 0 || strcmp(key, "color") == 0 || strcmp(key, "uid") == 0) {
                copy_value(r, s->value, scratch);
            } else if (strcmp(key, "name") == 0) {
                copy_value(r, s->name, scratch);
            } else {
                r->ok = 0;
            }
        }
        if (!take(r, ',')) break;
    }
    expect(r, '}');
}

static void read_spans(reader *r, span_list *list, buffer *scratch) {
    expect(r, '[');
    while (r->ok && !peek(r, ']')) {
        span s;
        read_span(r, &s, scratch);
        if (r->ok) spans_push(list, &s);
        if (!take(r, ',')) break;
    }
    expect(r, ']');
}

/* ---- The host's copy ---- */

static int span_order(const void *pa, const void *pb) {
    const span *a = pa, *b = pb;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    if (a->end != b->end) return a->end < b->end ? -1 : 1;
    int c = strcmp(a->format, b->format);
    if (c) return c;
    c = strcmp(a->value, b->value);
    return c ? c : strcmp(a->name, b->name);
}

static int same_format(const span *a, const span *b) {
    return strcmp(a->format, b->format) == 0 && strcmp(a->value, b->value) == 0 && strcmp(a->name, b->name) == 0;
}

static void canonicalize(span_list *list) {
    if (list->count == 0) return;
    int merged = 1;
    while (merged) {
        merged = 0;
        qsort(list->items, list->count, sizeof *list->items, span_order);
        size_t out = 0;
        for (size_t i = 0; i < list->count; i++) {
            span s = list->items[i];
            size_t j = out;
            if (strcmp(s.format, "mention") != 0) {
                while (j > 0) {
                    span *o = &list->items[j - 1];
                    if (same_format(o, &s) && o->end >= s.start && o->start <= s.end) break;
                    j--;
                }
            } else {
                j = 0;
            }
            if (j > 0) {
                span *o = &list->items[j - 1];
                if (s.start < o->start) o->start = s.start;
                if (s.end > o->end) o->end = s.end;
                merged = 1;
            } else {
                list->items[out++] = s;
            }
        }
        list->count = out;
    }
    qsort(list->items, list->count, sizeof *list->items, span_order);
}

typedef struct {
    mc_draft *draft;
    scalars text;
    span_list spans;
    buffer heard;   /* the events of the current step, one per line */
    buffer problem; /* what went wrong while applying an event, if anything */
    buffer scratch, scratch2;
    scalars inserted;
} mirror;

static void mirror_replace(mirror *m, int64_t start, int64_t end, const scalars *inserted) {
    int64_t delta = (int64_t)inserted->count - (end - start);
    size_t tail = m->text.count - (size_t)end;
    scalars_reserve(&m->text, m->text.count + inserted->count);
    memmove(m->text.items + start + (int64_t)inserted->count, m->text.items + end, tail * sizeof *m->text.items);
    memcpy(m->text.items + start, inserted->items, inserted->count * sizeof *inserted->items);
    m->text.count = (size_t)start + inserted->count + tail;
    size_t out = 0;
    for (size_t i = 0; i < m->spans.count; i++) {
        span s = m->spans.items[i];
        int64_t a = s.start <= start ? s.start : (s.start >= end ? s.start + delta : start);
        int64_t b = s.end <= start ? s.end : (s.end >= end ? s.end + delta : start);
        if (a == b && s.start != s.end) continue;
        s.start = a;
        s.end = b;
        m->spans.items[out++] = s;
    }
    m->spans.count = out;
    canonicalize(&m->spans);
}

static void mirror_refresh(mirror *m, int64_t start, int64_t end, const span_list *fresh) {
    span_list kept = {0};
    for (size_t i = 0; i < m->spans.count; i++) {
        span s = m->spans.items[i];
        if (s.start == s.end) {
            if (s.start < start || s.start > end) spans_push(&kept, &s);
            continue;
        }
        if (s.start < start) {
            span part = s;
            part.end = s.end < start ? s.end : start;
            spans_push(&kept, &part);
        }
        if (s.end > end) {
            span part = s;
            part.start = s.start > end ? s.start : end;
            spans_push(&kept, &part);
        }
    }
    for (size_t i = 0; i < fresh->count; i++) spans_push(&kept, &fresh->items[i]);
    free(m->spans.items);
    m->spans = kept;
    canonicalize(&m->spans);
}

static void mirror_problem(mirror *m, const char *what, const char *payload) {
    if (m->problem.length == 0) buffer_add(&m->problem, "%s (payload %s)", what, payload);
}

/* TEXT {"start", "end", "text", "length"} */
static void mirror_on_text(mirror *m, const char *payload) {
    reader r = {payload, 1};
    int64_t start = -1, end = -1, length = -1;
    int have_text = 0;
    expect(&r, '{');
    while (r.ok && !peek(&r, '}')) {
        read_string(&r, &m->scratch);
        expect(&r, ':');
        if (strcmp(buffer_text(&m->scratch), "text") == 0) {
            read_string(&r, &m->scratch2);
            have_text = 1;
        } else if (strcmp(buffer_text(&m->scratch), "start") == 0) start = read_int(&r);
        else if (strcmp(buffer_text(&m->scratch), "end") == 0) end = read_int(&r);
        else if (strcmp(buffer_text(&m->scratch), "length") == 0) length = read_int(&r);
        else r.ok = 0;
        if (!take(&r, ',')) break;
    }
    expect(&r, '}');
    if (!r.ok || !have_text || start < 0 || end < start || (size_t)end > m->text.count) {
        mirror_problem(m, "a text event the mirror cannot apply", payload);
        return;
    }
    scalars_from_utf8(&m->inserted, buffer_text(&m->scratch2), m->scratch2.length);
    mirror_replace(m, start, end, &m->inserted);
    if (length != (int64_t)m->text.count) mirror_problem(m, "a text event whose length is not the new length", payload);
}

/* FORMATTING {"start", "end"}: read mc_draft_spans(start, end) now, as a host does. */
static void mirror_on_formatting(mirror *m, const char *payload) {
    long long start = -1, end = -1;
    if (sscanf(payload, "{\"start\":%lld,\"end\":%lld}", &start, &end) != 2) {
        mirror_problem(m, "a formatting event the mirror cannot read", payload);
        return;
    }
    char *json = NULL;
    mc_status status = mc_draft_spans(m->draft, start, end, &json);
    if (status != MC_OK) {
        buffer message = {0};
        buffer_add(&message, "mc_draft_spans(%lld, %lld) refused: %s: %s", start, end, mc_status_name(status),
                   mc_last_error());
        mirror_problem(m, buffer_text(&message), payload);
        free(message.data);
        return;
    }
    span_list fresh = {0};
    reader r = {json, 1};
    read_spans(&r, &fresh, &m->scratch);
    if (!r.ok) mirror_problem(m, "mc_draft_spans returned JSON the mirror cannot read", json);
    else mirror_refresh(m, start, end, &fresh);
    free(fresh.items);
    mc_string_free(json);
}

static void mirror_listener(void *user_data, int32_t kind, const char *payload) {
    mirror *m = user_data;
    buffer_add(&m->heard, "    %s %s\n", support_event_name(kind), payload ? payload : "NULL");
    if (!payload) return;
    if (kind == MC_EVENT_TEXT) mirror_on_text(m, payload);
    else if (kind == MC_EVENT_FORMATTING) mirror_on_formatting(m, payload);
}

/* Reads the draft's document into text and spans; 0 when it does not parse. */
static int read_document(mirror *m, scalars *text, span_list *spans) {
    char *json = support_document(m->draft);
    if (!json) return 0;
    reader r = {json, 1};
    spans->count = 0;
    expect(&r, '{');
    read_string(&r, &m->scratch);
    if (strcmp(buffer_text(&m->scratch), "text") != 0) r.ok = 0;
    expect(&r, ':');
    read_string(&r, &m->scratch2);
    scalars_from_utf8(text, buffer_text(&m->scratch2), m->scratch2.length);
    expect(&r, ',');
    read_string(&r, &m->scratch);
    if (strcmp(buffer_text(&m->scratch), "spans") != 0) r.ok = 0;
    expect(&r, ':');
    read_spans(&r, spans, &m->scratch);
    expect(&r, '}');
    mc_string_free(json);
    return r.ok;
}

static void describe(buffer *out, const scalars *text, const span_list *spans) {
    buffer_add(out, "text \"");
    for (size_t i = 0; i < text->count; i++) {
        uint32_t v = text->items[i];
        if (v == '\n') buffer_add(out, "\\n");
        else if (v == '"' || v == '\\') buffer_add(out, "\\%c", (char)v);
        else add_utf8(out, v);
    }
    buffer_add(out, "\" spans [");
    for (size_t i = 0; i < spans->count; i++) {
        const span *s = &spans->items[i];
        buffer_add(out, "%s%s[%" PRId64 ",%" PRId64 ")", i ? ", " : "", s->format, s->start, s->end);
        if (s->value[0]) buffer_add(out, " %s", s->value);
        if (s->name[0]) buffer_add(out, " %s", s->name);
    }
    buffer_add(out, "]");
}

static int same_state(const scalars *ta, const span_list *sa, const scalars *tb, const span_list *sb) {
    if (ta->count != tb->count || memcmp(ta->items, tb->items, ta->count * sizeof *ta->items) != 0) return 0;
    if (sa->count != sb->count) return 0;
    for (size_t i = 0; i < sa->count; i++) {
        const span *a = &sa->items[i], *b = &sb->items[i];
        if (a->start != b->start || a->end != b->end || !same_format(a, b)) return 0;
    }
    return 1;
}

/* ---- Random sessions ---- */

typedef struct {
    uint64_t state;
} rng;

static uint64_t rng_next(rng *r) { /* splitmix64 */
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int64_t rng_below(rng *r, int64_t n) { return n <= 0 ? 0 : (int64_t)(rng_next(r) % (uint64_t)n); }
#define PICK(r, array) ((array)[rng_below((r), (int64_t)ARRAY_LEN(array))])

/* Single keys, multi-scalar graphemes (a combining accent, a ZWJ family, a flag), line breaks, line-start
   shortcuts, a mention query, a command query. */
static const char *const TYPED[] = {
    "a", "b", "Z", " ", "\xC3\xA9", "e\xCC\x81", "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7",
    "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7", "\xE4\xB8\xAD", "\n", "\n", "@", "@bo", "- ", "> ", "1. ", "```",
    "hello world", "x\ny", "/", "*", "_", "",
};
static const char *const URLS[] = {"https://a.example", "https://b.example/p?q=1", "a.example", "mailto:x@a.example"};
static const char *const COLORS[] = {"#f00", "#00f", "#abcdef"};
static const char *const MENTION_UIDS[] = {"u1", "u2", "u3"};
static const char *const MENTION_NAMES[] = {"Ann", "Bob", "Zo\xC3\xAB"};
static const char *const LINK_TEXTS[] = {"link", "\xC3\xA9 x", "\xF0\x9F\x9A\x80"};
static const char *const DOCUMENTS[] = {
    DOC("", ""),
    DOC("", SPAN(0, 0, "quote")),
    DOC("Hi @Ann, see the docs\\n\\nitem one\\nitem two",
        SPAN(0, 2, "bold") "," MENTION(3, 7, "u1", "Ann") "," LINK(17, 21, "https://a.example") "," SPAN(22, 22, "quote")
        "," SPAN(23, 40, "bullet_list")),
    DOC("red and blue\\ncode()\\n\\n",
        COLOR(0, 3, "#f00") "," SPAN(0, 12, "italic") "," COLOR(8, 12, "#00f") "," SPAN(13, 19, "code_block") ","
        SPAN(20, 20, "ordered_list") "," SPAN(21, 21, "ordered_list")),
    DOC("@Ann@Bob \xC3\xA9\xCC\x81 \xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7",
        MENTION(0, 4, "u1", "Ann") "," MENTION(4, 8, "u2", "Bob") "," SPAN(0, 8, "underline") "," SPAN(9, 16, "strike")),
};
static const char *const MARKDOWN[] = {
    "**bold** _it_ <@uid:u1> [x](https://a.example)\n> quote\n- item\n\n1. one",
    "```\ncode\n```\nafter `tick` ~~gone~~",
    "",
    "plain <@uid:u2><@uid:u3>",
};
static const char *const MARKDOWN_MENTIONS[] = {"{\"u1\":\"Ann\"}", NULL, NULL, "{\"u2\":\"Bob\"}"};
static const char *const CARET_UNITS[] = {"grapheme", "word", "line", "document"};

typedef struct {
    rng r;
    mc_draft *d;
    int64_t clock;
    char *snapshot;
    buffer log; /* every call of the session so far */
    buffer step; /* the calls of this step */
} session;

static int64_t draft_length(session *s) {
    int64_t n = 0;
    (void)mc_draft_length(s->d, &n);
    return n;
}

static void random_range(session *s, int64_t *start, int64_t *end) {
    int64_t a, b;
    if (rng_below(&s->r, 10) < 4) (void)mc_draft_selection(s->d, &a, &b);
    else {
        a = rng_below(&s->r, draft_length(s) + 1);
        b = rng_below(&s->r, draft_length(s) + 1);
    }
    *start = a < b ? a : b;
    *end = a < b ? b : a;
}

/* Records a call and its status in the session's log and the step's description. */
static void record(session *s, mc_status status, const char *fmt, ...) HARNESS_PRINTF(3, 4);
static void record(session *s, mc_status status, const char *fmt, ...) {
    char line[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    const char *suffix = status == MC_OK ? "" : mc_status_name(status);
    buffer_add(&s->log, "%s%s%s%s", s->log.length ? "; " : "", line, *suffix ? " -> " : "", suffix);
    buffer_add(&s->step, "%s%s%s%s", s->step.length ? "; " : "", line, *suffix ? " -> " : "", suffix);
}

/* JSON-ish quoting of a short string for the log. */
static const char *q(const char *text, char *out, size_t size) {
    size_t n = 0;
    if (!text) { snprintf(out, size, "NULL"); return out; }
    out[n++] = '"';
    for (const char *p = text; *p && n + 4 < size; p++) {
        if (*p == '\n') { out[n++] = '\\'; out[n++] = 'n'; }
        else if (*p == '"' || *p == '\\') { out[n++] = '\\'; out[n++] = *p; }
        else out[n++] = *p;
    }
    out[n++] = '"';
    out[n] = '\0';
    return out;
}

static void random_operation(session *s) {
    rng *r = &s->r;
    mc_draft *d = s->d;
    char a[256], b[256];
    int64_t start, end;
    int64_t choice = rng_below(r, 100);
    if (choice < 22) {
        const char *text = PICK(r, TYPED);
        record(s, mc_draft_insert(d, text), "insert(%s)", q(text, a, sizeof a));
    } else if (choice < 27) {
        random_range(s, &start, &end);
        const char *text = PICK(r, TYPED);
        record(s, mc_draft_replace(d, start, end, text), "replace(%" PRId64 ", %" PRId64 ", %s)", start, end,
               q(text, a, sizeof a));
    } else if (choice < 34) {
        record(s, mc_draft_delete_backward(d), "delete_backward()");
    } else if (choice < 38) {
        record(s, mc_draft_delete_forward(d), "delete_forward()");
    } else if (choice < 40) {
        record(s, mc_draft_enter(d), "enter()");
    } else if (choice < 45) {
        int64_t anchor = rng_below(r, draft_length(s) + 1), focus = rng_below(r, draft_length(s) + 1);
        record(s, mc_draft_set_selection(d, anchor, focus), "set_selection(%" PRId64 ", %" PRId64 ")", anchor, focus);
    } else if (choice < 47) {
        int32_t unit = (int32_t)rng_below(r, 4);
        int64_t count = PICK(r, ((const int64_t[]){-2, -1, 1, 2}));
        uint32_t flags = rng_below(r, 2) ? MC_FLAG_EXTEND : 0;
        record(s, mc_draft_move_caret(d, unit, count, flags), "move_caret(%s, %" PRId64 ", %s)", CARET_UNITS[unit], count,
               flags ? "extend" : "move");
    } else if (choice < 48) {
        record(s, mc_draft_select_all(d), "select_all()");
    } else if (choice < 61) {
        random_range(s, &start, &end);
        mc_format format = (mc_format)rng_below(r, 11);
        const char *value = format == MC_FORMAT_LINK ? PICK(r, URLS) : format == MC_FORMAT_COLOR ? PICK(r, COLORS) : NULL;
        uint32_t flags = rng_below(r, 10) < 7 ? MC_FLAG_PROTECT : 0;
        int op = (int)rng_below(r, 3);
        if (op == 0)
            record(s, mc_draft_apply_format(d, start, end, format, value, flags),
                   "apply_format(%" PRId64 ", %" PRId64 ", %d, %s, %u)", start, end, (int)format, q(value, a, sizeof a), flags);
        else if (op == 1)
            record(s, mc_draft_toggle_format(d, start, end, format, value, flags),
                   "toggle_format(%" PRId64 ", %" PRId64 ", %d, %s, %u)", start, end, (int)format, q(value, a, sizeof a), flags);
        else
            record(s, mc_draft_remove_format(d, start, end, format, flags),
                   "remove_format(%" PRId64 ", %" PRId64 ", %d, %u)", start, end, (int)format, flags);
    } else if (choice < 64) {
        const char *text = PICK(r, LINK_TEXTS), *url = PICK(r, URLS);
        record(s, mc_draft_insert_link(d, text, url), "insert_link(%s, %s)", q(text, a, sizeof a), q(url, b, sizeof b));
    } else if (choice < 66) {
        const char *url = PICK(r, URLS);
        record(s, mc_draft_set_link(d, url), "set_link(%s)", q(url, a, sizeof a));
    } else if (choice < 67) {
        record(s, mc_draft_remove_link(d), "remove_link()");
    } else if (choice < 71) {
        int64_t i = rng_below(r, 3);
        record(s, mc_draft_insert_mention(d, MENTION_UIDS[i], MENTION_NAMES[i]), "insert_mention(%s, %s)",
               q(MENTION_UIDS[i], a, sizeof a), q(MENTION_NAMES[i], b, sizeof b));
    } else if (choice < 77) {
        record(s, mc_draft_undo(d), "undo()");
    } else if (choice < 80) {
        record(s, mc_draft_redo(d), "redo()");
    } else if (choice < 82) {
        int64_t i = rng_below(r, (int64_t)ARRAY_LEN(DOCUMENTS));
        record(s, mc_draft_load_document(d, DOCUMENTS[i]), "load_document(DOCUMENTS[%" PRId64 "])", i);
    } else if (choice < 84) {
        int64_t i = rng_below(r, (int64_t)ARRAY_LEN(MARKDOWN));
        record(s, mc_draft_load_markdown(d, MARKDOWN[i], MARKDOWN_MENTIONS[i]), "load_markdown(MARKDOWN[%" PRId64 "])", i);
    } else if (choice < 85) {
        record(s, mc_draft_normalize_markdown(d), "normalize_markdown()");
    } else if (choice < 86) {
        record(s, mc_draft_clear(d), "clear()");
    } else if (choice < 89) {
        s->clock += rng_below(r, 3001);
        char *out = NULL;
        record(s, mc_draft_send(d, s->clock, &out), "send(%" PRId64 ")", s->clock);
        mc_string_free(out);
    } else if (choice < 90) {
        s->clock += rng_below(r, 3001);
        record(s, mc_draft_tick(d, s->clock), "tick(%" PRId64 ")", s->clock);
    } else if (choice < 92) {
        int64_t i = rng_below(r, (int64_t)ARRAY_LEN(MARKDOWN));
        record(s, mc_draft_begin_edit(d, "m-1", MARKDOWN[i], MARKDOWN_MENTIONS[i], false),
               "begin_edit(\"m-1\", MARKDOWN[%" PRId64 "])", i);
    } else if (choice < 94) {
        record(s, mc_draft_cancel_mode(d), "cancel_mode()");
    } else if (choice < 95) {
        record(s, mc_draft_set_command(d, "giphy", "cats"), "set_command(\"giphy\", \"cats\")");
    } else if (choice < 96) {
        record(s, mc_draft_clear_command(d), "clear_command()");
    } else if (choice < 98 || !s->snapshot) {
        mc_string_free(s->snapshot);
        s->snapshot = NULL;
        record(s, mc_draft_snapshot(d, &s->snapshot), "snapshot()");
    } else {
        record(s, mc_draft_restore(d, s->snapshot), "restore(<snapshot>)");
    }
}

/* One step: a call, or a batch (sometimes nested) of 2-4 calls; events arrive at the outermost commit. */
static void random_step(session *s) {
    buffer_clear(&s->step);
    if (rng_below(&s->r, 100) < 12) {
        record(s, mc_draft_begin_batch(s->d), "begin_batch()");
        int64_t calls = 2 + rng_below(&s->r, 3);
        for (int64_t i = 0; i < calls; i++) {
            if (i == 1 && rng_below(&s->r, 10) < 3) {
                record(s, mc_draft_begin_batch(s->d), "begin_batch()");
                random_operation(s);
                record(s, mc_draft_commit_batch(s->d), "commit_batch()");
                continue;
            }
            random_operation(s);
        }
        record(s, mc_draft_commit_batch(s->d), "commit_batch()");
        return;
    }
    random_operation(s);
}

/* Runs one session; returns 1 when the mirror matched after every step. */
static int run_session(uint64_t seed, int verbose) {
    session s = {{seed * 0x2545F4914F6CDD1Dull + 1}, NULL, 0, NULL, {0}, {0}};
    if (mc_draft_new("{\"mention_limit\":1000}", &s.d) != MC_OK) {
        harness_fail(__FILE__, __LINE__, "seed %" PRIu64 ": mc_draft_new failed", seed);
        return 0;
    }
    mirror m = {0};
    m.draft = s.d;
    scalars text = {0};
    span_list spans = {0};
    int ok = 1;
    if (rng_below(&s.r, 2)) {
        int64_t i = rng_below(&s.r, (int64_t)ARRAY_LEN(DOCUMENTS));
        record(&s, mc_draft_load_document(s.d, DOCUMENTS[i]), "load_document(DOCUMENTS[%" PRId64 "])", i);
    }
    if (!read_document(&m, &m.text, &m.spans) || mc_draft_set_listener(s.d, mirror_listener, &m) != MC_OK) {
        harness_fail(__FILE__, __LINE__, "seed %" PRIu64 ": cannot start the mirror", seed);
        ok = 0;
    }
    for (int step = 0; ok && step < STEPS; step++) {
        buffer_clear(&m.heard);
        random_step(&s);
        if (!read_document(&m, &text, &spans)) {
            harness_fail(__FILE__, __LINE__, "seed %" PRIu64 " step %d: the document does not parse", seed, step);
            ok = 0;
            break;
        }
        if (verbose) {
            buffer state = {0};
            describe(&state, &text, &spans);
            printf("step %d: %s\n%s  document %s\n", step, buffer_text(&s.step), buffer_text(&m.heard), buffer_text(&state));
            free(state.data);
        }
        if (m.problem.length || !same_state(&m.text, &m.spans, &text, &spans)) {
            buffer mine = {0}, theirs = {0};
            describe(&mine, &m.text, &m.spans);
            describe(&theirs, &text, &spans);
            harness_fail(__FILE__, __LINE__,
                         "%s: seed %" PRIu64 ", step %d, operation %s\n  events:\n%s  mirror:   %s\n  document: %s\n"
                         "  session so far: %s\n",
                         m.problem.length ? buffer_text(&m.problem) : "mirror differs", seed, step, buffer_text(&s.step),
                         buffer_text(&m.heard), buffer_text(&mine), buffer_text(&theirs), buffer_text(&s.log));
            free(mine.data);
            free(theirs.data);
            ok = 0;
        }
    }
    (void)mc_draft_set_listener(s.d, NULL, NULL);
    mc_draft_free(s.d);
    mc_string_free(s.snapshot);
    free(s.log.data);
    free(s.step.data);
    free(m.text.items);
    free(m.spans.items);
    free(m.heard.data);
    free(m.problem.data);
    free(m.scratch.data);
    free(m.scratch2.data);
    free(m.inserted.items);
    free(text.items);
    free(spans.items);
    return ok;
}

/* Valgrind runs the library some 50 times slower: there (make test-c-valgrind) the first VALGRIND_SESSIONS
   sessions check the mirror's memory handling, and the plain and ASan runs of the suite do all SESSIONS. */
static int under_valgrind(void) {
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload") != NULL;
}

static void a_mirror_kept_from_events_equals_the_document(void) {
    const char *replay = getenv("MC_MIRROR_SEED");
    if (replay && *replay) {
        run_session(strtoull(replay, NULL, 10), 1);
        return;
    }
    uint64_t sessions = under_valgrind() ? VALGRIND_SESSIONS : SESSIONS;
    int failures = 0;
    for (uint64_t seed = 0; seed < sessions && failures < 5; seed++) failures += !run_session(seed, 0);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(a_mirror_kept_from_events_equals_the_document),
};

void register_mirror_tests(void) { HARNESS_REGISTER("mirror", TESTS); }
