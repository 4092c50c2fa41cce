/* Debian's giflib ships no pkg-config file: the header is /usr/include/gif_lib.h. */
#include <gif_lib.h>
