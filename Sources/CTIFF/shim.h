#include <tiffio.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * Helpers for Codecs/TIFFHandle.swift.
 *
 * libtiff reports errors and warnings through handlers; by default they print to stderr. Every
 * handle photoaudit opens gets per-handle handlers (libtiff 4.5 open options) that keep the
 * first and the last message in `pa_tiff_messages` and return 1 ("handled"), so libtiff prints
 * nothing; `pa_tiff_quiet_globally` also clears the process-wide handlers for the few messages
 * libtiff raises before a handle exists. TIFFGetField is variadic, which Swift cannot call: the
 * getters below call it with the one pointer each tag needs.
 */

/* The messages of one handle. */
typedef struct {
  int errors;
  int warnings;
  char first_error[256];
  char last_error[256];
  char first_warning[256];
} pa_tiff_messages;

static inline void pa_tiff_format(char *dst, const char *module, const char *fmt, va_list ap) {
  char text[224];
  vsnprintf(text, sizeof text, fmt ? fmt : "", ap);
  if (module && *module) snprintf(dst, 256, "%s: %s", module, text);
  else snprintf(dst, 256, "%s", text);
}

static inline int pa_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
  (void)tif;
  pa_tiff_messages *m = (pa_tiff_messages *)user;
  if (!m) return 1;
  pa_tiff_format(m->errors == 0 ? m->first_error : m->last_error, module, fmt, ap);
  m->errors++;
  return 1;
}

static inline int pa_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
  (void)tif;
  pa_tiff_messages *m = (pa_tiff_messages *)user;
  if (!m) return 1;
  if (m->warnings == 0) pa_tiff_format(m->first_warning, module, fmt, ap);
  m->warnings++;
  return 1;
}

/* No process-wide printing: libtiff's default handlers write to stderr. */
static inline void pa_tiff_quiet_globally(void) {
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
  TIFFSetErrorHandlerExt(NULL);
  TIFFSetWarningHandlerExt(NULL);
}

/* Opens a handle on the client procedures, read-only ("r"), never memory-mapped ("m"), header
 * only ("h": the directory to read is chosen next), with the message handlers above and a cap on
 * any single allocation libtiff makes. */
static inline TIFF *pa_tiff_open(thandle_t handle, TIFFReadWriteProc read, TIFFReadWriteProc write, TIFFSeekProc seek,
                                 TIFFCloseProc close, TIFFSizeProc size, TIFFMapFileProc map, TIFFUnmapFileProc unmap,
                                 pa_tiff_messages *messages, tmsize_t max_single_alloc) {
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (!options) return NULL;
  TIFFOpenOptionsSetErrorHandlerExtR(options, pa_tiff_on_error, messages);
  TIFFOpenOptionsSetWarningHandlerExtR(options, pa_tiff_on_warning, messages);
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_single_alloc);
  TIFF *tif = TIFFClientOpenExt("file", "rmh", handle, read, write, seek, close, size, map, unmap, options);
  TIFFOpenOptionsFree(options);
  return tif;
}

static inline int pa_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) { return TIFFGetField(tif, tag, value); }
static inline int pa_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) { return TIFFGetField(tif, tag, value); }
static inline int pa_tiff_get_u16_defaulted(TIFF *tif, uint32_t tag, uint16_t *value) {
  return TIFFGetFieldDefaulted(tif, tag, value);
}
