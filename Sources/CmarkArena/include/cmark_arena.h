#ifndef LOUPE_CMARK_ARENA_H
#define LOUPE_CMARK_ARENA_H

#include <stddef.h>

/// A position in the calling thread's arena, to rewind to.
typedef struct {
    size_t block;
    size_t used;
} cmark_arena_mark;

/// A libcmark allocator (a `cmark_mem *`, for `cmark_parser_new_with_mem`) that hands out memory from
/// the calling thread's arena: `free` does nothing, and everything is given back at once by
/// `cmark_arena_rewind`. A document is many small nodes and buffers; taking them from the C heap one by
/// one and freeing them node by node was about a third of libcmark's time on a deck's sections.
/// (`void *` so that this header need not include `cmark.h`, which module `CCmark` owns.)
void *cmark_arena_allocator(void);

/// Where the calling thread's arena stands now.
cmark_arena_mark cmark_arena_here(void);

/// Gives back everything the calling thread took from its arena since `mark`: every pointer handed
/// out after it is invalid. Marks nest (rewind an inner one first).
void cmark_arena_rewind(cmark_arena_mark mark);

#endif
