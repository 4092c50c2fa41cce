#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

#include <stdint.h>

/* The system calls PinboardIO needs that Swift's Glibc module does not bring: those
 * declared only under _GNU_SOURCE. */

/* Starts writing the file behind `fd` to its disk from byte `offset` to its end, without
 * waiting for it (Linux's sync_file_range with SYNC_FILE_RANGE_WRITE), so that a later
 * fsync has little left to wait for. Returns 0, or -1 with errno set; elsewhere than
 * Linux it does nothing and returns 0. */
int cfs_start_writeback(int fd, int64_t offset);

#endif
