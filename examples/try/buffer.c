/* buffer.c: see buffer.h. Running out of memory ends the program (a demo has nothing to save). */
#include "buffer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(buffer *b, size_t extra) {
    if (b->length + extra + 1 <= b->capacity) return;
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->length + extra + 1) capacity *= 2;
    char *data = realloc(b->data, capacity);
    if (!data) {
        fputs("try: out of memory\n", stderr);
        exit(1);
    }
    b->data = data;
    b->capacity = capacity;
}

void buffer_append(buffer *b, const char *bytes, size_t length) {
    reserve(b, length);
    memcpy(b->data + b->length, bytes, length);
    b->length += length;
    b->data[b->length] = '\0';
}

void buffer_puts(buffer *b, const char *s) { buffer_append(b, s, strlen(s)); }

void buffer_printf(buffer *b, const char *format, ...) {
    va_list args;
    va_start(args, format);
    va_list copy;
    va_copy(copy, args);
    int needed = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    if (needed > 0) {
        reserve(b, (size_t)needed);
        vsnprintf(b->data + b->length, (size_t)needed + 1, format, args);
        b->length += (size_t)needed;
    }
    va_end(args);
}

void buffer_json_escape(buffer *b, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') buffer_printf(b, "\\%c", c);
        else if (c < 0x20) buffer_printf(b, "\\u%04x", c);
        else buffer_append(b, (const char *)&c, 1);
    }
}

void buffer_clear(buffer *b) {
    b->length = 0;
    if (b->data) b->data[0] = '\0';
}

void buffer_free(buffer *b) {
    free(b->data);
    *b = (buffer){0};
}
