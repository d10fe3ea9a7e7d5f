#include <png.h>
#include <setjmp.h>
#include <string.h>

/*
 * Guards for libpng's row API (used by Codecs/PNGRowDecoder.swift).
 *
 * libpng reports errors by calling its error function and then longjmp-ing to the last setjmp.
 * A longjmp must never cross a Swift frame, so every libpng call that can fail is wrapped here
 * in a C function that holds the setjmp and returns 0 on error instead; the bytes are pulled
 * through `pa_png_read_data`, a C callback that asks Swift for them and raises the error itself
 * (after Swift has returned) when the input ends early. The simplified `png_image` API does the
 * same internally (png_safe_execute); the row API leaves it to the caller.
 */

/* Swift's byte supplier: copies up to `length` bytes into `data`, returns how many it copied. */
typedef size_t (*pa_png_fill_fn)(void *context, png_bytep data, size_t length);

/* What the guards share with Swift: the byte supplier and the first error and warning texts. */
typedef struct {
  pa_png_fill_fn fill;
  void *context;
  int failed;
  char message[200];
  char warning[200];
} pa_png_state;

static inline void pa_png_copy_text(char *dst, const char *src) {
  strncpy(dst, src ? src : "unknown libpng error", 199);
  dst[199] = 0;
}

/* libpng's error function: keeps the first message, then jumps to the guard's setjmp. */
static inline void pa_png_error(png_structp png, png_const_charp message) {
  pa_png_state *state = (pa_png_state *)png_get_error_ptr(png);
  if (state && !state->failed) {
    state->failed = 1;
    pa_png_copy_text(state->message, message);
  }
  png_longjmp(png, 1);
}

/* libpng's warning function: keeps the first warning, prints nothing. */
static inline void pa_png_warning(png_structp png, png_const_charp message) {
  pa_png_state *state = (pa_png_state *)png_get_error_ptr(png);
  if (state && !state->warning[0]) pa_png_copy_text(state->warning, message);
}

/* libpng's read function: bytes come from Swift; a short read is an error raised here. */
static inline void pa_png_read_data(png_structp png, png_bytep data, size_t length) {
  pa_png_state *state = (pa_png_state *)png_get_io_ptr(png);
  size_t got = state->fill(state->context, data, length);
  if (got != length) png_error(png, "the file ends before the image data does (truncated)");
}

/* png_read_info, guarded: 1 on success, 0 after a libpng error (message in the state). */
static inline int pa_png_read_info(png_structp png, png_infop info) {
  if (setjmp(png_jmpbuf(png))) return 0;
  png_read_info(png, info);
  return 1;
}

/* The chunks the simplified API processes besides the critical ones (pngread.c
 * png_image_skip_unused_chunks): everything else, text included, is skipped unread. */
static inline void pa_png_skip_unused_chunks(png_structp png) {
  static const png_byte keep[] = {
    98, 75, 71, 68, '\0',   /* bKGD */
    99, 72, 82, 77, '\0',   /* cHRM */
    103, 65, 77, 65, '\0',  /* gAMA */
    105, 67, 67, 80, '\0',  /* iCCP */
    115, 66, 73, 84, '\0',  /* sBIT */
    115, 82, 71, 66, '\0',  /* sRGB */
  };
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, keep, (int)(sizeof keep / 5));
}

/* png_create_read_struct + png_create_info_struct with the guards above, reading through
 * pa_png_read_data and skipping the chunks no decode needs; 0 when out of memory. */
static inline int pa_png_create(pa_png_state *state, png_structp *png, png_infop *info) {
  *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, pa_png_error, pa_png_warning);
  if (!*png) return 0;
  *info = png_create_info_struct(*png);
  if (!*info) {
    png_destroy_read_struct(png, NULL, NULL);
    return 0;
  }
  png_set_read_fn(*png, state, pa_png_read_data);
  pa_png_skip_unused_chunks(*png);
  return 1;
}

/* The transforms to 8-bit samples the simplified API applies for an sRGB 8-bit output
 * (pngread.c png_image_read_direct): palette and low bit depths expanded, tRNS to alpha, gray to
 * RGB when asked (gray with alpha), 16-bit scaled with rounding, gamma to sRGB (a file without
 * gAMA is taken as sRGB), straight alpha; benign errors as warnings.
 * Interlacing is left to the caller (each Adam7 pass is read as its own rows). Guarded. */
static inline int pa_png_configure(png_structp png, int gray_to_rgb, int scale_16) {
  if (setjmp(png_jmpbuf(png))) return 0;
  png_set_benign_errors(png, 1);
  png_set_expand(png);
  if (gray_to_rgb) png_set_gray_to_rgb(png);
  png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  if (scale_16) png_set_scale_16(png);
  png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  return 1;
}

/* png_read_update_info, guarded. */
static inline int pa_png_update_info(png_structp png, png_infop info) {
  if (setjmp(png_jmpbuf(png))) return 0;
  png_read_update_info(png, info);
  return 1;
}

/* png_read_row into `row` (one row of the current pass), guarded. */
static inline int pa_png_read_row(png_structp png, png_bytep row) {
  if (setjmp(png_jmpbuf(png))) return 0;
  png_read_row(png, row, NULL);
  return 1;
}

/* png_read_end (the chunks after the image data), guarded. */
static inline int pa_png_read_end(png_structp png) {
  if (setjmp(png_jmpbuf(png))) return 0;
  png_read_end(png, NULL);
  return 1;
}
