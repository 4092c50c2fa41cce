#include "cheif_library.h"

#include <pthread.h>

static pthread_once_t library_once = PTHREAD_ONCE_INIT;
static struct heif_error library_error;

static void library_init(void) { library_error = heif_init(NULL); }

struct heif_error cheif_library_init(void) {
    pthread_once(&library_once, library_init);
    return library_error;
}
