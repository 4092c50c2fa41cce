#define _GNU_SOURCE
#include "cfilesystem.h"

#ifdef __linux__
#include <fcntl.h>

int cfs_start_writeback(int fd, int64_t offset) {
    /* A length of 0 means "to the end of the file". */
    return sync_file_range(fd, (off64_t)offset, 0, SYNC_FILE_RANGE_WRITE);
}
#else
int cfs_start_writeback(int fd, int64_t offset) {
    (void)fd;
    (void)offset;
    return 0;
}
#endif
