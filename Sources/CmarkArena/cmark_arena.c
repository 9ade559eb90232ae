#include "cmark_arena.h"

#include <cmark.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each allocation is preceded by a header holding its size, so `realloc` knows how much to copy; the
// header keeps every pointer 16-byte aligned, as malloc's are.
enum { header_size = 16, first_block_size = 256 * 1024, max_blocks = 64 };

typedef struct {
    char *base;
    size_t size;
} block;

typedef struct {
    block blocks[max_blocks];
    size_t count;  // blocks in use; the last one is the current
    size_t used;   // bytes used in the current block
    cmark_mem mem;
} arena;

static pthread_key_t arena_key;
// The thread's arena, also held by `arena_key` (whose destructor frees it when the thread ends): libcmark
// asks for it on every allocation, and `pthread_once` with `pthread_getspecific` each time cost about 1 %
// of a cold build.
static _Thread_local arena *thread_arena;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;

static void arena_release(void *value) {
    arena *a = value;
    for (size_t index = 0; index < a->count; index++) free(a->blocks[index].base);
    free(a);
    thread_arena = NULL;  // runs on the ending thread: a later allocation there makes a new arena
}

static void arena_make_key(void) { pthread_key_create(&arena_key, arena_release); }

static void out_of_memory(void) {
    fprintf(stderr, "[cmark] arena allocation failed - aborting\n");
    abort();
}

static void *arena_calloc(size_t count, size_t size);
static void *arena_realloc(void *pointer, size_t size);
static void arena_free(void *pointer) { (void)pointer; }

static arena *current_arena(void) {
    arena *a = thread_arena;
    if (a) return a;
    pthread_once(&arena_once, arena_make_key);
    a = calloc(1, sizeof(arena));
    if (!a) out_of_memory();
    a->blocks[0].base = malloc(first_block_size);
    if (!a->blocks[0].base) out_of_memory();
    a->blocks[0].size = first_block_size;
    a->count = 1;
    a->mem = (cmark_mem){arena_calloc, arena_realloc, arena_free};
    pthread_setspecific(arena_key, a);
    thread_arena = a;
    return a;
}

static size_t rounded(size_t size) { return (size + (header_size - 1)) & ~(size_t)(header_size - 1); }

/// `size` bytes (not cleared) from the current block, or from a new block large enough.
static char *arena_take(arena *a, size_t size) {
    size_t need = header_size + rounded(size);
    if (need < size) out_of_memory();
    block *current = &a->blocks[a->count - 1];
    if (current->size - a->used < need) {
        if (a->count == max_blocks) out_of_memory();
        size_t grown = current->size * 2;
        size_t next = grown > need ? grown : need;
        char *base = malloc(next);
        if (!base) out_of_memory();
        a->blocks[a->count++] = (block){base, next};
        a->used = 0;
        current = &a->blocks[a->count - 1];
    }
    char *start = current->base + a->used;
    *(size_t *)start = rounded(size);
    a->used += need;
    return start + header_size;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) out_of_memory();
    char *pointer = arena_take(current_arena(), count * size);
    memset(pointer, 0, count * size);
    return pointer;
}

static void *arena_realloc(void *pointer, size_t size) {
    arena *a = current_arena();
    if (!pointer) return arena_take(a, size);
    char *bytes = pointer;
    size_t capacity = *(size_t *)(bytes - header_size);
    if (size <= capacity) return pointer;
    // The last allocation of the current block grows where it is when the block has room.
    block *current = &a->blocks[a->count - 1];
    size_t extra = rounded(size) - capacity;
    if (bytes + capacity == current->base + a->used && current->size - a->used >= extra) {
        a->used += extra;
        *(size_t *)(bytes - header_size) = rounded(size);
        return pointer;
    }
    char *moved = arena_take(a, size);
    memcpy(moved, bytes, capacity);
    return moved;
}

void *cmark_arena_allocator(void) { return &current_arena()->mem; }

cmark_arena_mark cmark_arena_here(void) {
    arena *a = current_arena();
    return (cmark_arena_mark){a->count - 1, a->used};
}

void cmark_arena_rewind(cmark_arena_mark mark) {
    arena *a = current_arena();
    while (a->count - 1 > mark.block) free(a->blocks[--a->count].base);
    a->used = mark.used;
}
