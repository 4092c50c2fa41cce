#ifndef CJPEG_ERRORS_H
#define CJPEG_ERRORS_H

#include <stdio.h>

#include <jpeglib.h>

/* libjpeg's output_message, which would print: the shims print nothing. */
static void cjpeg_output_nothing(j_common_ptr cinfo) { (void)cinfo; }

/* Sets libjpeg's error manager as the reader and the writer both do: `error_exit` keeps
 * the message and jumps back into the entry point, `emit_message` keeps or drops a
 * warning, nothing is printed, and `handle` is found again through client_data. The
 * setjmp stays in each entry point. */
static inline void cjpeg_errors_install(j_common_ptr cinfo, struct jpeg_error_mgr *errors, void *handle,
                                        void (*error_exit)(j_common_ptr),
                                        void (*emit_message)(j_common_ptr, int)) {
    cinfo->err = jpeg_std_error(errors);
    errors->error_exit = error_exit;
    errors->emit_message = emit_message;
    errors->output_message = cjpeg_output_nothing;
    cinfo->client_data = handle;
}

#endif
