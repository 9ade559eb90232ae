// glibc's allocator settings (mallopt), which the Glibc module does not include.
#include <malloc.h>
