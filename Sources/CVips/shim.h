// libvips for Swift, loaded when the first image is processed (dlopen), not when Loupe starts: linked
// in, libvips and the ~90 libraries it needs cost every run of Loupe about 27 ms before `main` (a build
// with nothing changed took twice that in all). Only ImagePipeline imports this module.
//
// The variadic C API cannot be called from Swift, so each operation Loupe uses gets a plain static
// inline wrapper here, calling through pointers that `dlsym` fills once per object file (a second
// object file's table is filled the same way: dlopen hands back the library already loaded).
// The declarations follow libvips 8.x's public API (vips/vips.h, glib-2.0); `libvips.so.42` is the
// soname of every libvips 8 release.
#ifndef LOUPE_CVIPS_SHIM_H
#define LOUPE_CVIPS_SHIM_H
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;

// Enum values and names from vips/image.h, vips/resample.h and vips/header.h.
enum { LOUPE_VIPS_ACCESS_SEQUENTIAL = 1, LOUPE_VIPS_SIZE_BOTH = 0, LOUPE_VIPS_SIZE_DOWN = 2, LOUPE_VIPS_KERNEL_LINEAR = 1,
       LOUPE_VIPS_MAX_COORD = 10000000 };
#define LOUPE_VIPS_META_ORIENTATION "orientation"
#define LOUPE_VIPS_META_ICC_NAME "icc-profile-data"

#define LOUPE_VIPS_FUNCTIONS(X) \
    X(int, vips_init, (const char *argv0)) \
    X(const char *, vips_foreign_find_load_buffer, (const void *data, size_t size)) \
    X(VipsImage *, vips_image_new_from_buffer, (const void *buf, size_t len, const char *option_string, ...)) \
    X(unsigned long, vips_image_get_typeof, (const VipsImage *image, const char *name)) \
    X(int, vips_image_get_int, (const VipsImage *image, const char *name, int *out)) \
    X(int, vips_image_get_n_pages, (VipsImage *image)) \
    X(int, vips_image_get_width, (const VipsImage *image)) \
    X(int, vips_image_get_page_height, (VipsImage *image)) \
    X(int, vips_image_hasalpha, (VipsImage *image)) \
    X(int, vips_thumbnail_buffer, (void *buf, size_t len, VipsImage **out, int width, ...)) \
    X(int, vips_copy, (VipsImage *in, VipsImage **out, ...)) \
    X(char **, vips_image_get_fields, (VipsImage *image)) \
    X(int, vips_image_remove, (VipsImage *image, const char *name)) \
    X(int, vips_webpsave_buffer, (VipsImage *in, void **buf, size_t *len, ...)) \
    X(int, vips_jpegsave_buffer, (VipsImage *in, void **buf, size_t *len, ...)) \
    X(int, vips_pngsave_buffer, (VipsImage *in, void **buf, size_t *len, ...)) \
    X(void *, vips_array_double_new, (const double *array, int n)) \
    X(int, vips_flatten, (VipsImage *in, VipsImage **out, ...)) \
    X(void, vips_area_unref, (VipsArea *area)) \
    X(VipsImage *, vips_image_copy_memory, (VipsImage *image)) \
    X(int, vips_resize, (VipsImage *in, VipsImage **out, double scale, ...)) \
    X(void, vips_concurrency_set, (int concurrency)) \
    X(void, vips_cache_set_max, (int max)) \
    X(void, vips_cache_set_max_mem, (size_t max_mem)) \
    X(const char *, vips_error_buffer, (void)) \
    X(void, vips_error_clear, (void)) \
    X(void *, g_object_ref, (void *object)) \
    X(void, g_object_unref, (void *object)) \
    X(void, g_free, (void *mem)) \
    X(void, g_strfreev, (char **str_array))

#define LOUPE_VIPS_POINTER(result, name, parameters) result (*name) parameters;
typedef struct { LOUPE_VIPS_FUNCTIONS(LOUPE_VIPS_POINTER) const char *error; } LoupeVipsAPI;

// Function-local statics: Swift emits a header's static inline functions into each object file that uses
// them, but not a header's file-scope variables.
static inline LoupeVipsAPI *loupe_vips_table(void) { static LoupeVipsAPI table; return &table; }
static inline pthread_once_t *loupe_vips_once(void) { static pthread_once_t once = PTHREAD_ONCE_INIT; return &once; }

static inline void loupe_vips_load(void) {
    LoupeVipsAPI *api = loupe_vips_table();
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libvips.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) { api->error = "libvips.so.42 is not installed; on Debian: apt-get install libvips42"; return; }
#define LOUPE_VIPS_SYMBOL(result, name, parameters) \
    if (!(*(void **)&api->name = dlsym(library, #name))) { api->error = "libvips lacks " #name; return; }
    LOUPE_VIPS_FUNCTIONS(LOUPE_VIPS_SYMBOL)
}

/// The functions, loaded on first use; NULL when libvips cannot be loaded (see loupe_vips_error).
static inline const LoupeVipsAPI *loupe_vips(void) {
    pthread_once(loupe_vips_once(), loupe_vips_load);
    return loupe_vips_table()->error ? NULL : loupe_vips_table();
}

/// Why libvips could not be loaded, or NULL.
static inline const char *loupe_vips_error(void) { loupe_vips(); return loupe_vips_table()->error; }

/// Loads and starts libvips: one worker thread per operation, no operation cache. 0 on success.
static inline int loupe_vips_init(void) {
    if (!loupe_vips()) return -1;
    if (loupe_vips()->vips_init("loupe")) return -1;
    loupe_vips()->vips_concurrency_set(1);
    loupe_vips()->vips_cache_set_max(0);
    loupe_vips()->vips_cache_set_max_mem(0);
    return 0;
}

// Every wrapper below is called only after loupe_vips_init succeeded.

/// Which loader libvips would pick for these bytes (NULL when none), e.g. "VipsForeignLoadJpegBuffer".
static inline const char *loupe_vips_loader(const void *data, size_t length) {
    return loupe_vips()->vips_foreign_find_load_buffer(data, length);
}

/// Reads only the header: width, height, page height, pages, orientation, alpha.
static inline VipsImage *loupe_vips_header(const void *data, size_t length) {
    return loupe_vips()->vips_image_new_from_buffer(data, length, "", "access", LOUPE_VIPS_ACCESS_SEQUENTIAL, NULL);
}

static inline int loupe_vips_orientation(VipsImage *image) {
    int value = 1;
    if (loupe_vips()->vips_image_get_typeof(image, LOUPE_VIPS_META_ORIENTATION)
        && loupe_vips()->vips_image_get_int(image, LOUPE_VIPS_META_ORIENTATION, &value) == 0) return value;
    return 1;
}

static inline int loupe_vips_pages(VipsImage *image) { return loupe_vips()->vips_image_get_n_pages(image); }

static inline int loupe_vips_width(VipsImage *image) { return loupe_vips()->vips_image_get_width(image); }

static inline int loupe_vips_page_height(VipsImage *image) { return loupe_vips()->vips_image_get_page_height(image); }

static inline int loupe_vips_has_alpha(VipsImage *image) { return loupe_vips()->vips_image_hasalpha(image); }

/// Shrinks (never enlarges) to `width` pixels wide, honouring EXIF orientation and converting to sRGB.
/// `all_pages` keeps every frame of an animation.
/// `enlarge` allows rendering larger than the intrinsic size (only for vector sources).
/// `convert_profile`: the source embeds an ICC profile, so it is converted to sRGB through it (lcms);
/// without one the pixels are already meant as sRGB (or are converted by interpretation, e.g. CMYK),
/// and an sRGB-to-sRGB colour transform would only cost time (a seventh of all CPU time).
static inline int loupe_vips_thumbnail(const void *data, size_t length, int width, int all_pages, int enlarge,
                                       int convert_profile, VipsImage **out) {
    if (convert_profile)
        return loupe_vips()->vips_thumbnail_buffer((void *)data, length, out, width,
                                     "height", LOUPE_VIPS_MAX_COORD, "size", enlarge ? LOUPE_VIPS_SIZE_BOTH : LOUPE_VIPS_SIZE_DOWN,
                                     "export_profile", "srgb",
                                     "option_string", all_pages ? "n=-1" : "", NULL);
    return loupe_vips()->vips_thumbnail_buffer((void *)data, length, out, width,
                                 "height", LOUPE_VIPS_MAX_COORD, "size", enlarge ? LOUPE_VIPS_SIZE_BOTH : LOUPE_VIPS_SIZE_DOWN,
                                 "option_string", all_pages ? "n=-1" : "", NULL);
}

/// Whether the image embeds an ICC profile.
static inline int loupe_vips_has_profile(VipsImage *image) {
    return loupe_vips()->vips_image_get_typeof(image, LOUPE_VIPS_META_ICC_NAME) != 0;
}

static inline int loupe_vips_has_prefix(const char *name, const char *prefix) { return strncmp(name, prefix, strlen(prefix)) == 0; }

/// A copy with every metadata field removed (EXIF, XMP, IPTC, ICC, comments, orientation): libvips
/// 8.14's WebP writer keeps EXIF and ICC despite `strip`, so nothing is left for any writer to keep.
static inline int loupe_vips_without_metadata(VipsImage *image, VipsImage **out) {
    if (loupe_vips()->vips_copy(image, out, NULL)) return -1;
    char **fields = loupe_vips()->vips_image_get_fields(*out);
    for (int i = 0; fields && fields[i]; i++) {
        const char *name = fields[i];
        if (loupe_vips_has_prefix(name, "exif-") || loupe_vips_has_prefix(name, "xmp-") || loupe_vips_has_prefix(name, "iptc-")
            || loupe_vips_has_prefix(name, "icc-") || loupe_vips_has_prefix(name, "png-comment") || loupe_vips_has_prefix(name, "gif-comment")
            || loupe_vips_has_prefix(name, "jpeg-") || loupe_vips_has_prefix(name, "heif-") || loupe_vips_has_prefix(name, "webp-")
            || loupe_vips_has_prefix(name, "tiff-") || strcmp(name, "orientation") == 0)
            loupe_vips()->vips_image_remove(*out, name);
    }
    loupe_vips()->g_strfreev(fields);
    return 0;
}

/// Effort 0 of 0–6. Measured on 42 deck-like photos and diagrams at 1,600 px, Q 75: effort 0 takes 2.7 s
/// of CPU, effort 2 5.1 s, the default 4 12.5 s; the same PSNR (40.3 dB) and 2% smaller files than effort 2.
static inline int loupe_vips_webp(VipsImage *image, int quality, void **buffer, size_t *length) {
    return loupe_vips()->vips_webpsave_buffer(image, buffer, length, "Q", quality, "strip", 1, "effort", 0, NULL);
}

static inline int loupe_vips_jpeg(VipsImage *image, int quality, void **buffer, size_t *length) {
    return loupe_vips()->vips_jpegsave_buffer(image, buffer, length, "Q", quality, "strip", 1,
                                              "optimize_coding", 1, "interlace", 1, NULL);
}

static inline int loupe_vips_png(VipsImage *image, void **buffer, size_t *length) {
    return loupe_vips()->vips_pngsave_buffer(image, buffer, length, "strip", 1, "compression", 6, NULL);
}

/// A JPEG has no alpha channel: flatten onto white first.
static inline int loupe_vips_flatten_white(VipsImage *image, VipsImage **out) {
    double white[3] = {255, 255, 255};
    void *background = loupe_vips()->vips_array_double_new(white, 3);
    int result = loupe_vips()->vips_flatten(image, out, "background", background, NULL);
    loupe_vips()->vips_area_unref((VipsArea *)background);
    return result;
}

/// The pixels computed once and kept in memory, for several renditions from one decode.
static inline VipsImage *loupe_vips_in_memory(VipsImage *image) { return loupe_vips()->vips_image_copy_memory(image); }

/// Shrinks by `scale` (< 1) with a triangle (linear) kernel, widened to the scale so it still averages
/// every source pixel: the widths below the largest are made from an already clean, downsampled image,
/// and on 42 deck-like images 1,600 → 960 → 480 px took 2.0 s of CPU against Lanczos-3's 3.0 s.
static inline int loupe_vips_resize(VipsImage *image, double scale, VipsImage **out) {
    return loupe_vips()->vips_resize(image, out, scale, "kernel", LOUPE_VIPS_KERNEL_LINEAR, NULL);
}

static inline void loupe_vips_ref(VipsImage *image) { if (image) loupe_vips()->g_object_ref(image); }

static inline void loupe_vips_unref(VipsImage *image) { if (image) loupe_vips()->g_object_unref(image); }

/// Frees a buffer a save wrote.
static inline void loupe_vips_free(void *buffer) { loupe_vips()->g_free(buffer); }

/// libvips' last error message (never NULL once loaded), and clearing it.
static inline const char *loupe_vips_error_buffer(void) { return loupe_vips()->vips_error_buffer(); }
static inline void loupe_vips_error_clear(void) { loupe_vips()->vips_error_clear(); }

#endif
