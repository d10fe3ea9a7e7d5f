/* heicenc: tiny HEIC writer for photoaudit test fixtures (built by Fixtures/generate.sh).
 *
 * Encodes a binary PPM (P6, 8 bit) with libheif/x265 and optionally
 *   -o N        sets heif_encoding_options.image_orientation = N (EXIF numbering 1..8);
 *               libheif then writes irot/imir so that the stored pixels display as T_N(stored)
 *   -q Q        lossy quality (default 50)
 *   -e FILE     adds an Exif item; FILE holds a TIFF block ("II*\0"/"MM\0*"), libheif
 *               prepends the 4-byte offset
 *   -x FILE     adds an XMP ('mime', application/rdf+xml) item with FILE's bytes
 *   -t SIZE     adds a thumbnail ('thmb') item that fits in SIZE x SIZE
 *
 * usage: heicenc [-o N] [-q Q] [-e exif.tiff] [-x packet.xmp] [-t SIZE] in.ppm out.heic
 */
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

static void die(const char *what, struct heif_error e) {
  if (e.code != heif_error_Ok) {
    fprintf(stderr, "heicenc: %s: %s\n", what, e.message);
    exit(1);
  }
}

static unsigned char *slurp(const char *path, long *len) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(1); }
  fseek(f, 0, SEEK_END);
  *len = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(*len > 0 ? *len : 1);
  if (fread(buf, 1, *len, f) != (size_t)*len) { perror(path); exit(1); }
  fclose(f);
  return buf;
}

/* Reads the next unsigned decimal of a PPM header, skipping whitespace and comments. */
static long ppm_number(const unsigned char *d, long len, long *pos) {
  while (*pos < len) {
    if (d[*pos] == '#') { while (*pos < len && d[*pos] != '\n') (*pos)++; }
    else if (isspace(d[*pos])) (*pos)++;
    else break;
  }
  long v = 0;
  if (*pos >= len || !isdigit(d[*pos])) { fprintf(stderr, "heicenc: bad PPM header\n"); exit(1); }
  while (*pos < len && isdigit(d[*pos])) v = v * 10 + (d[(*pos)++] - '0');
  return v;
}

int main(int argc, char **argv) {
  int orientation = 1, quality = 50, thumb = 0, c;
  const char *exif_path = NULL, *xmp_path = NULL;
  while ((c = getopt(argc, argv, "o:q:e:x:t:")) != -1) {
    switch (c) {
      case 'o': orientation = atoi(optarg); break;
      case 'q': quality = atoi(optarg); break;
      case 'e': exif_path = optarg; break;
      case 'x': xmp_path = optarg; break;
      case 't': thumb = atoi(optarg); break;
      default:
        fprintf(stderr, "usage: heicenc [-o N] [-q Q] [-e exif.tiff] [-x packet.xmp] [-t SIZE] in.ppm out.heic\n");
        return 2;
    }
  }
  if (argc - optind != 2 || orientation < 1 || orientation > 8) {
    fprintf(stderr, "usage: heicenc [-o N] [-q Q] [-e exif.tiff] [-x packet.xmp] [-t SIZE] in.ppm out.heic\n");
    return 2;
  }
  long len, pos = 2;
  unsigned char *ppm = slurp(argv[optind], &len);
  if (len < 2 || ppm[0] != 'P' || ppm[1] != '6') { fprintf(stderr, "heicenc: not a P6 PPM\n"); return 1; }
  long w = ppm_number(ppm, len, &pos), h = ppm_number(ppm, len, &pos), maxval = ppm_number(ppm, len, &pos);
  pos++; /* the single whitespace after maxval */
  if (maxval != 255 || w <= 0 || h <= 0 || len - pos < w * h * 3) { fprintf(stderr, "heicenc: unsupported PPM\n"); return 1; }

  struct heif_image *img;
  die("image_create", heif_image_create((int)w, (int)h, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &img));
  die("add_plane", heif_image_add_plane(img, heif_channel_interleaved, (int)w, (int)h, 8));
  int stride;
  uint8_t *plane = heif_image_get_plane(img, heif_channel_interleaved, &stride);
  for (long y = 0; y < h; y++) memcpy(plane + y * stride, ppm + pos + y * w * 3, (size_t)(w * 3));

  struct heif_context *ctx = heif_context_alloc();
  struct heif_encoder *enc;
  die("get_encoder", heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &enc));
  die("set_quality", heif_encoder_set_lossy_quality(enc, quality));
  heif_encoder_set_logging_level(enc, 0);

  struct heif_encoding_options *opt = heif_encoding_options_alloc();
  opt->image_orientation = (enum heif_orientation)orientation;
  struct heif_image_handle *handle;
  die("encode_image", heif_context_encode_image(ctx, img, enc, opt, &handle));
  if (thumb > 0) {
    struct heif_image_handle *th = NULL;
    die("encode_thumbnail", heif_context_encode_thumbnail(ctx, img, handle, enc, opt, thumb, &th));
    if (th) heif_image_handle_release(th);
  }
  if (exif_path) {
    long n; unsigned char *d = slurp(exif_path, &n);
    die("add_exif", heif_context_add_exif_metadata(ctx, handle, d, (int)n));
    free(d);
  }
  if (xmp_path) {
    long n; unsigned char *d = slurp(xmp_path, &n);
    die("add_xmp", heif_context_add_XMP_metadata(ctx, handle, d, (int)n));
    free(d);
  }
  die("write", heif_context_write_to_file(ctx, argv[optind + 1]));

  heif_encoding_options_free(opt);
  heif_image_handle_release(handle);
  heif_encoder_release(enc);
  heif_context_free(ctx);
  heif_image_release(img);
  free(ppm);
  return 0;
}
