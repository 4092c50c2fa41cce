#ifndef CPNG_VERSION_H
#define CPNG_VERSION_H

/* The libpng and zlib in use at run time, e.g. "1.6.39" and "1.2.13": libpng's
 * gamma handling is in every decoded pixel, zlib's matcher in every byte written. */
const char *cpng_libpng_version(void);
const char *cpng_zlib_version(void);

#endif
