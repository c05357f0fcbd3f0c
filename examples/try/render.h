/* render.h: the try program's screen, drawn from the draft's state at each change. */
#ifndef TRY_RENDER_H
#define TRY_RENDER_H

#include "app.h"
#include "buffer.h"

/* Writes a whole frame for a columns x rows terminal into frame (cursor home, each row cleared to
   its end, rows past the window dropped). Returns false, with mc_last_error(), when the library
   refuses a read, which it does not for a live draft. */
bool render(const app *a, buffer *frame, int columns, int rows);

#endif
