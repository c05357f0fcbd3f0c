/* editing_util.c: the helpers declared in editing_bench.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf */

#include "editing_bench.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

double bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void bench_check(mc_status status, const char *what) {
    if (status == MC_OK) {
        return;
    }
    fprintf(stderr, "editing-bench: %s failed with status %d: %s\n", what, (int)status, mc_last_error());
    exit(1);
}

void bench_fail(const char *message) {
    fprintf(stderr, "editing-bench: %s\n", message);
    exit(1);
}

void *bench_xmalloc(size_t size) {
    void *p = malloc(size);
    if (p == NULL) {
        bench_fail("out of memory");
    }
    return p;
}

uint64_t bench_rng_next(bench_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t bench_rng_below(bench_rng *rng, uint32_t n) {
    return (uint32_t)(bench_rng_next(rng) % n); /* the modulo bias is irrelevant here */
}

size_t bench_random_word(bench_rng *rng, char out[10]) {
    size_t len = 2 + bench_rng_below(rng, 8);
    for (size_t i = 0; i < len; i++) {
        out[i] = (char)('a' + bench_rng_below(rng, 26));
    }
    out[len] = '\0';
    return len;
}

/* A growable byte buffer for the document JSON. */
typedef struct {
    char *p;
    size_t len;
    size_t cap;
} buffer;

static void buffer_append(buffer *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->len + n + 1 > cap) {
            cap *= 2;
        }
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            bench_fail("out of memory");
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buffer_puts(buffer *b, const char *s) { buffer_append(b, s, strlen(s)); }

bench_doc bench_make_doc(uint64_t seed, int64_t target) {
    bench_rng rng = {seed};
    /* The text and the spans are built side by side, then joined: the text is only letters, spaces
       and line breaks, so the only JSON escape needed is the line break. */
    buffer text = {0}, spans = {0};
    bench_doc doc = {NULL, 0, 0, -1, -1};
    int64_t length = 0;
    char word[10], span[96];
    for (int words = 0; length < target; words++) {
        if (words > 0) {
            bool line_break = bench_rng_below(&rng, 60) == 0;
            buffer_puts(&text, line_break ? "\\n" : " ");
            length += 1;
            bool plain_after_space = !line_break;
            size_t wlen = bench_random_word(&rng, word);
            bool formatted = bench_rng_below(&rng, 10) == 0;
            if (formatted) {
                snprintf(span, sizeof span, "%s{\"start\":%lld,\"end\":%lld,\"format\":\"%s\"}", spans.len ? "," : "",
                         (long long)length, (long long)(length + (int64_t)wlen),
                         bench_rng_below(&rng, 2) ? "bold" : "italic");
                buffer_puts(&spans, span);
                doc.spans++;
            }
            /* The caret goes before the first plain word past the middle that follows a space, so the
               typed "x" takes no format from its left neighbour and the toggled word starts out plain. */
            if (doc.caret < 0 && length >= target / 2 && plain_after_space && !formatted) {
                doc.caret = length;
                doc.word_end = length + (int64_t)wlen;
            }
            buffer_append(&text, word, wlen);
            length += (int64_t)wlen;
        } else {
            size_t wlen = bench_random_word(&rng, word);
            buffer_append(&text, word, wlen);
            length += (int64_t)wlen;
        }
    }
    if (doc.caret < 0) {
        bench_fail("generated draft has no plain word past the middle");
    }
    buffer json = {0};
    buffer_puts(&json, "{\"text\":\"");
    buffer_append(&json, text.p, text.len);
    buffer_puts(&json, "\",\"spans\":[");
    if (spans.len) {
        buffer_append(&json, spans.p, spans.len);
    }
    buffer_puts(&json, "]}");
    free(text.p);
    free(spans.p);
    doc.json = json.p;
    doc.length = length;
    return doc;
}

void bench_free_doc(bench_doc *doc) {
    free(doc->json);
    doc->json = NULL;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

bench_stats bench_summarize(double *samples_ns, size_t n) {
    qsort(samples_ns, n, sizeof *samples_ns, compare_doubles);
    double median = n % 2 ? samples_ns[n / 2] : (samples_ns[n / 2 - 1] + samples_ns[n / 2]) / 2;
    return (bench_stats){n, samples_ns[0], median};
}

const char *bench_fmt_time(double ns, char out[32]) {
    if (ns < 1e3) {
        snprintf(out, 32, "%.0f ns", ns);
    } else if (ns < 1e6) {
        snprintf(out, 32, "%.1f µs", ns / 1e3);
    } else if (ns < 1e9) {
        snprintf(out, 32, "%.2f ms", ns / 1e6);
    } else {
        snprintf(out, 32, "%.2f s", ns / 1e9);
    }
    return out;
}

const char *bench_fmt_bytes(double bytes, char out[32]) {
    if (bytes < 1e4) {
        snprintf(out, 32, "%.0f B", bytes);
    } else if (bytes < 1e6) {
        snprintf(out, 32, "%.1f KB", bytes / 1e3);
    } else {
        snprintf(out, 32, "%.1f MB", bytes / 1e6);
    }
    return out;
}

void bench_print_padded(const char *s, int width) {
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        chars += (*p & 0xC0) != 0x80; /* count UTF-8 lead bytes, not continuation bytes */
    }
    printf("%*s%s", width > chars ? width - chars : 0, "", s);
}

double bench_rss_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = 0;
    if (f == NULL || fscanf(f, "%ld %ld", &size, &resident) != 2) {
        bench_fail("cannot read /proc/self/statm");
    }
    fclose(f);
    return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

double bench_loadavg(void) {
    FILE *f = fopen("/proc/loadavg", "r");
    double load = -1;
    if (f != NULL) {
        if (fscanf(f, "%lf", &load) != 1) {
            load = -1;
        }
        fclose(f);
    }
    return load;
}
