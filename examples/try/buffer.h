/* buffer.h: a growable byte buffer, for building a screen frame before one write. */
#ifndef TRY_BUFFER_H
#define TRY_BUFFER_H

#include <stddef.h>

typedef struct {
    char *data; /* NUL-terminated; NULL until the first append */
    size_t length;
    size_t capacity;
} buffer;

void buffer_append(buffer *b, const char *bytes, size_t length);
void buffer_puts(buffer *b, const char *s);
void buffer_printf(buffer *b, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends s as the body of a JSON string (quotes not included). */
void buffer_json_escape(buffer *b, const char *s);
void buffer_clear(buffer *b);
void buffer_free(buffer *b);

#endif
