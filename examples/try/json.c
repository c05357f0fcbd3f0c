/* json.c: a recursive-descent JSON reader (see json.h). */
#include "json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    int depth;
} parser;

enum { MAX_DEPTH = 64 };

static void skip_space(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') ps->p++;
}

static void release(json_value *value) {
    free(value->string);
    for (size_t i = 0; i < value->count; i++) {
        release(&value->items[i]);
        if (value->keys) free(value->keys[i]);
    }
    free(value->items);
    free(value->keys);
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool read_hex4(parser *ps, uint32_t *out) {
    uint32_t value = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_digit(ps->p[i]);
        if (digit < 0) return false;
        value = value * 16 + (uint32_t)digit;
    }
    ps->p += 4;
    *out = value;
    return true;
}

static size_t put_utf8(char *out, uint32_t c) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | c >> 6); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12); out[1] = (char)(0x80 | ((c >> 6) & 0x3F)); out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* Reads a string after its opening quote; the decoded text is never longer than the source. */
static char *read_string(parser *ps) {
    const char *start = ps->p;
    size_t capacity = 1;
    for (const char *q = start; *q && *q != '"'; q++) {
        if (*q == '\\' && q[1]) q++;
        capacity += 2;
    }
    char *out = malloc(capacity + 4);
    if (!out) return NULL;
    size_t n = 0;
    while (*ps->p != '"') {
        char c = *ps->p++;
        if (c == '\0' || (unsigned char)c < 0x20) { free(out); return NULL; }
        if (c != '\\') { out[n++] = c; continue; }
        char e = *ps->p++;
        switch (e) {
        case '"': out[n++] = '"'; break;
        case '\\': out[n++] = '\\'; break;
        case '/': out[n++] = '/'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'u': {
            uint32_t c1 = 0, c2 = 0;
            if (!read_hex4(ps, &c1)) { free(out); return NULL; }
            if (c1 >= 0xD800 && c1 < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
                ps->p += 2;
                if (!read_hex4(ps, &c2) || c2 < 0xDC00 || c2 >= 0xE000) { free(out); return NULL; }
                c1 = 0x10000 + ((c1 - 0xD800) << 10) + (c2 - 0xDC00);
            } else if (c1 >= 0xD800 && c1 < 0xE000) {
                c1 = 0xFFFD; /* a lone surrogate */
            }
            n += put_utf8(out + n, c1);
            break;
        }
        default: free(out); return NULL;
        }
    }
    ps->p++;
    out[n] = '\0';
    return out;
}

static bool parse_value(parser *ps, json_value *out);

/* Appends a parsed item to an array or object under construction. */
static bool push(json_value *container, size_t *capacity, json_value *item, char *key) {
    if (container->count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 4;
        json_value *items = realloc(container->items, grown * sizeof *items);
        if (!items) return false;
        container->items = items;
        if (container->type == JSON_OBJECT) {
            char **keys = realloc(container->keys, grown * sizeof *keys);
            if (!keys) return false;
            container->keys = keys;
        }
        *capacity = grown;
    }
    container->items[container->count] = *item;
    if (container->type == JSON_OBJECT) container->keys[container->count] = key;
    container->count++;
    return true;
}

static bool parse_container(parser *ps, json_value *out, char close) {
    size_t capacity = 0;
    skip_space(ps);
    if (*ps->p == close) { ps->p++; return true; }
    for (;;) {
        char *key = NULL;
        if (out->type == JSON_OBJECT) {
            skip_space(ps);
            if (*ps->p != '"') return false;
            ps->p++;
            if (!(key = read_string(ps))) return false;
            skip_space(ps);
            if (*ps->p++ != ':') { free(key); return false; }
        }
        json_value item;
        if (!parse_value(ps, &item)) { free(key); return false; }
        if (!push(out, &capacity, &item, key)) { release(&item); free(key); return false; }
        skip_space(ps);
        if (*ps->p == ',') { ps->p++; continue; }
        if (*ps->p == close) { ps->p++; return true; }
        return false;
    }
}

static bool parse_value(parser *ps, json_value *out) {
    memset(out, 0, sizeof *out);
    skip_space(ps);
    char c = *ps->p;
    if (c == '{' || c == '[') {
        if (++ps->depth > MAX_DEPTH) return false;
        ps->p++;
        out->type = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        bool ok = parse_container(ps, out, c == '{' ? '}' : ']');
        ps->depth--;
        if (!ok) release(out);
        return ok;
    }
    if (c == '"') {
        ps->p++;
        out->type = JSON_STRING;
        return (out->string = read_string(ps)) != NULL;
    }
    if (strncmp(ps->p, "null", 4) == 0) { ps->p += 4; out->type = JSON_NULL; return true; }
    if (strncmp(ps->p, "true", 4) == 0) { ps->p += 4; out->type = JSON_BOOL; out->boolean = true; return true; }
    if (strncmp(ps->p, "false", 5) == 0) { ps->p += 5; out->type = JSON_BOOL; return true; }
    char *end = NULL;
    out->number = strtod(ps->p, &end);
    if (end == ps->p) return false;
    ps->p = end;
    out->type = JSON_NUMBER;
    return true;
}

json_value *json_parse(const char *text) {
    if (!text) return NULL;
    json_value *value = malloc(sizeof *value);
    if (!value) return NULL;
    parser ps = {text, 0};
    if (!parse_value(&ps, value)) { free(value); return NULL; }
    skip_space(&ps);
    if (*ps.p != '\0') { json_free(value); return NULL; }
    return value;
}

void json_free(json_value *value) {
    if (!value) return;
    release(value);
    free(value);
}

const json_value *json_get(const json_value *object, const char *key) {
    if (!object || object->type != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < object->count; i++)
        if (strcmp(object->keys[i], key) == 0) return &object->items[i];
    return NULL;
}

const char *json_get_string(const json_value *object, const char *key, const char *fallback) {
    const json_value *member = json_get(object, key);
    return member && member->type == JSON_STRING ? member->string : fallback;
}

double json_get_number(const json_value *object, const char *key, double fallback) {
    const json_value *member = json_get(object, key);
    return member && member->type == JSON_NUMBER ? member->number : fallback;
}

bool json_get_bool(const json_value *object, const char *key, bool fallback) {
    const json_value *member = json_get(object, key);
    return member && member->type == JSON_BOOL ? member->boolean : fallback;
}
