/* Intel ISA-L's deflate (igzip); Debian's libisal-dev installs it under isa-l/. */
#include <isa-l/igzip_lib.h>
