#ifndef CHEIF_LIBRARY_H
#define CHEIF_LIBRARY_H

#include <libheif/heif.h>

/* heif_init, once per process and never undone, for the reader and the writer alike:
 * libheif registers its decoders and encoders there, and its own header warns against
 * mixing calls with and without heif_init. Returns what that one call returned. */
struct heif_error cheif_library_init(void);

#endif
