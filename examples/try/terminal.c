/* terminal.c: see terminal.h. */
#define _DEFAULT_SOURCE
#include "terminal.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static volatile sig_atomic_t active = 0;
static volatile sig_atomic_t resized = 0;

/* Alternate screen, cursor hidden, auto-wrap off (rows are laid out by the program); and back. */
static const char enter_screen[] = "\x1b[?1049h\x1b[?25l\x1b[?7l\x1b[H\x1b[2J";
static const char leave_screen[] = "\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l";

void terminal_write(const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(STDOUT_FILENO, bytes, length);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += n;
        length -= (size_t)n;
    }
}

/* Only async-signal-safe calls: it also runs from the signal handler. */
void terminal_leave(void) {
    if (!active) return;
    active = 0;
    terminal_write(leave_screen, sizeof leave_screen - 1);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
}

static void on_fatal_signal(int signal_number) {
    terminal_leave();
    /* Die of the same signal, so the parent sees why. */
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal_number, &action, NULL);
    raise(signal_number);
}

static void on_resize(int signal_number) {
    (void)signal_number;
    resized = 1;
}

bool terminal_enter(void) {
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) return false;
    if (tcgetattr(STDIN_FILENO, &saved) != 0) return false;
    struct termios raw = saved;
    /* No echo, no line editing, no signals from Ctrl-C/Ctrl-Z, no flow control (Ctrl-S/Ctrl-Q),
       CR not turned into LF (Enter and Ctrl-J stay apart), no output processing. */
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag &= ~(tcflag_t)OPOST;
    raw.c_cflag |= CS8;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) return false;
    active = 1;
    atexit(terminal_leave);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_fatal_signal;
    const int fatal[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &action, NULL);
    action.sa_handler = on_resize; /* no SA_RESTART: poll returns and the screen is redrawn */
    sigaction(SIGWINCH, &action, NULL);

    terminal_write(enter_screen, sizeof enter_screen - 1);
    return true;
}

void terminal_size(int *columns, int *rows) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 && size.ws_row > 0) {
        *columns = size.ws_col;
        *rows = size.ws_row;
    } else {
        *columns = 80;
        *rows = 24;
    }
}

bool terminal_resized(void) {
    if (!resized) return false;
    resized = 0;
    return true;
}

/* The modifiers of a CSI parameter (xterm: 1 + shift 1 + alt 2 + ctrl 4). */
static void modifiers(key *k, int parameter) {
    if (parameter < 2) return;
    int bits = parameter - 1;
    k->shift = (bits & 1) != 0;
    k->ctrl = (bits & 4) != 0;
}

/* Decodes one escape sequence starting at bytes[0] == ESC; returns the bytes it used. */
static size_t decode_escape(const unsigned char *bytes, size_t length, key *k) {
    if (length == 1) { k->kind = KEY_ESCAPE; return 1; }
    unsigned char next = bytes[1];
    if (next == '\r' || next == '\n') { k->kind = KEY_NEWLINE; return 2; } /* Alt-Enter */
    if (next == 'O' && length >= 3) { /* SS3: arrows and Home/End in application mode */
        switch (bytes[2]) {
        case 'A': k->kind = KEY_UP; break;
        case 'B': k->kind = KEY_DOWN; break;
        case 'C': k->kind = KEY_RIGHT; break;
        case 'D': k->kind = KEY_LEFT; break;
        case 'H': k->kind = KEY_HOME; break;
        case 'F': k->kind = KEY_END; break;
        default: k->kind = KEY_UNKNOWN; break;
        }
        return 3;
    }
    if (next != '[') { k->kind = KEY_UNKNOWN; return 2; } /* Alt-something */
    /* CSI: parameters (digits and ';'), then a final byte in 0x40..0x7E. */
    int parameters[4] = {0, 0, 0, 0};
    int count = 0;
    size_t i = 2;
    for (; i < length && ((bytes[i] >= '0' && bytes[i] <= '9') || bytes[i] == ';'); i++) {
        if (bytes[i] == ';') {
            if (count < 3) count++;
        } else if (parameters[count] < 1000) {
            parameters[count] = parameters[count] * 10 + (bytes[i] - '0');
        }
    }
    if (i >= length) { k->kind = KEY_UNKNOWN; return length; }
    unsigned char final = bytes[i];
    k->kind = KEY_UNKNOWN;
    switch (final) {
    case 'A': k->kind = KEY_UP; break;
    case 'B': k->kind = KEY_DOWN; break;
    case 'C': k->kind = KEY_RIGHT; break;
    case 'D': k->kind = KEY_LEFT; break;
    case 'H': k->kind = KEY_HOME; break;
    case 'F': k->kind = KEY_END; break;
    case '~':
        switch (parameters[0]) {
        case 1: case 7: k->kind = KEY_HOME; break;
        case 4: case 8: k->kind = KEY_END; break;
        case 3: k->kind = KEY_DELETE; break;
        default: break;
        }
        break;
    default: break;
    }
    if (final == '~') modifiers(k, parameters[1]);
    else modifiers(k, count >= 1 ? parameters[1] : 0);
    return i + 1;
}

/* The length of the UTF-8 sequence a lead byte starts, 0 for a byte that cannot start one. */
static size_t utf8_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

static size_t decode_one(const unsigned char *bytes, size_t length, key *k) {
    memset(k, 0, sizeof *k);
    unsigned char c = bytes[0];
    switch (c) {
    case 0x1b: return decode_escape(bytes, length, k);
    case '\r': k->kind = KEY_ENTER; return 1;
    case '\n': k->kind = KEY_NEWLINE; return 1;
    case '\t': k->kind = KEY_TAB; return 1;
    case 0x7f: case 0x08: k->kind = KEY_BACKSPACE; return 1;
    default: break;
    }
    if (c < 0x20) {
        if (c >= 1 && c <= 26) {
            k->kind = KEY_CTRL;
            k->letter = (char)('a' + c - 1);
        } else {
            k->kind = KEY_UNKNOWN;
        }
        return 1;
    }
    size_t n = utf8_length(c);
    if (n == 0 || n > length) { k->kind = KEY_UNKNOWN; return 1; }
    for (size_t i = 1; i < n; i++)
        if ((bytes[i] & 0xC0) != 0x80) { k->kind = KEY_UNKNOWN; return 1; }
    k->kind = KEY_TEXT;
    memcpy(k->text, bytes, n);
    k->text[n] = '\0';
    return n;
}

int terminal_read_keys(key *keys, int max, int timeout_ms) {
    struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
    int ready = poll(&fd, 1, timeout_ms);
    if (ready <= 0) return 0; /* timeout, or a signal (a resize) */
    unsigned char bytes[512];
    ssize_t n = read(STDIN_FILENO, bytes, sizeof bytes);
    if (n < 0) return errno == EINTR || errno == EAGAIN ? 0 : -1;
    if (n == 0) return -1;
    int count = 0;
    size_t at = 0;
    while (at < (size_t)n && count < max) at += decode_one(bytes + at, (size_t)n - at, &keys[count++]);
    return count;
}
