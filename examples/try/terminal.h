/*
 * terminal.h: the terminal side of the try program: raw mode (termios) on the alternate screen,
 * restored on every exit path, the window size, and keys decoded from the bytes a terminal sends.
 */
#ifndef TRY_TERMINAL_H
#define TRY_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    KEY_TEXT,      /* one UTF-8 character, in key.text */
    KEY_CTRL,      /* Ctrl-letter, in key.letter ('a'..'z'), except the ones below */
    KEY_ENTER,     /* CR: Enter */
    KEY_NEWLINE,   /* LF (Ctrl-J) or Alt-Enter */
    KEY_TAB,
    KEY_BACKSPACE,
    KEY_DELETE,
    KEY_LEFT,
    KEY_RIGHT,
    KEY_UP,
    KEY_DOWN,
    KEY_HOME,
    KEY_END,
    KEY_ESCAPE,
    KEY_UNKNOWN    /* a sequence this program does not use */
} key_kind;

typedef struct {
    key_kind kind;
    bool shift, ctrl; /* modifiers reported with arrows, Home and End */
    char letter;
    char text[5];
} key;

/* Enters raw mode and the alternate screen (cursor hidden, no line wrap); false when stdin or
   stdout is not a terminal. Registers the restore for exit() and for SIGTERM, SIGHUP, SIGINT,
   SIGQUIT. */
bool terminal_enter(void);
/* Restores the terminal as it was (idempotent). */
void terminal_leave(void);
/* The window size, 80x24 when it cannot be read. */
void terminal_size(int *columns, int *rows);
/* True once after the window was resized. */
bool terminal_resized(void);
/* Waits up to timeout_ms for input, then decodes what came into at most max keys; returns how
   many (0 on timeout or interruption, -1 when input ended). */
int terminal_read_keys(key *keys, int max, int timeout_ms);
/* Writes all of bytes to the terminal. */
void terminal_write(const char *bytes, size_t length);

#endif
