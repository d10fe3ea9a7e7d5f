#!/usr/bin/env python3
"""rgbthumb.py: an uncompressed EXIF IFD1 thumbnail, for photoaudit's PA005 fixtures (stdlib only).

  rgbthumb.py OUT IN THUMB.ppm [PHOTOMETRIC]
      writes IN (a JPEG) with an APP1 "Exif\\0\\0" segment after its JFIF APP0 segment. The TIFF
      block is little-endian: IFD0 (Make only), then IFD1 describing an
      uncompressed thumbnail (Compression 1) of the binary PPM THUMB.ppm (P6, maxval 255):
      NewSubfileType 1 (reduced resolution), ImageWidth, ImageLength, BitsPerSample 8,8,8, Compression 1, PhotometricInterpretation
      PHOTOMETRIC (default 2, RGB; 6 labels the same samples YCbCr, with YCbCrSubSampling 1,1),
      StripOffsets, SamplesPerPixel 3, RowsPerStrip, StripByteCounts, PlanarConfiguration 1; the
      samples in two strips (the rows split in half) after IFD1. [EXIF 2.32 4.5.5, TIFF 6.0]
"""
import struct
import sys

from carriers import Tiff
from previews import ppm
from vendorpreviews import insert_app1

SHORT, LONG, ASCII = 3, 4, 2


def ifd(entries, at, next_ifd):
    """A little-endian IFD at `at` (carriers.Tiff) with its next-IFD offset set to `next_ifd`."""
    block = bytearray(Tiff(False).ifd(entries, at, 0))
    struct.pack_into("<I", block, 2 + 12 * len(entries), next_ifd)
    return bytes(block)


def tiff_with_thumbnail(width, height, samples, photometric):
    make = b"Fixture\x00"
    ifd0_at = 8
    ifd0_size = 2 + 12 + 4 + len(make)
    ifd1_at = ifd0_at + ifd0_size
    ifd0 = ifd([(0x010F, ASCII, len(make), make)], ifd0_at, ifd1_at)
    assert len(ifd0) == ifd0_size
    top = (height + 1) // 2
    split = top * width * 3

    def entries(offsets):
        e = [(0x00FE, LONG, 1, struct.pack("<I", 1)), (0x0100, SHORT, 1, struct.pack("<H", width)), (0x0101, SHORT, 1, struct.pack("<H", height)),
             (0x0102, SHORT, 3, struct.pack("<HHH", 8, 8, 8)), (0x0103, SHORT, 1, struct.pack("<H", 1)),
             (0x0106, SHORT, 1, struct.pack("<H", photometric)),
             (0x0111, LONG, 2, struct.pack("<II", *offsets)), (0x0115, SHORT, 1, struct.pack("<H", 3)),
             (0x0116, SHORT, 1, struct.pack("<H", top)),
             (0x0117, LONG, 2, struct.pack("<II", split, len(samples) - split)),
             (0x011C, SHORT, 1, struct.pack("<H", 1))]
        if photometric == 6:
            e.append((0x0212, SHORT, 2, struct.pack("<HH", 1, 1)))
        return e

    size = len(ifd(entries((0, 0)), ifd1_at, 0))
    strips_at = ifd1_at + size
    ifd1 = ifd(entries((strips_at, strips_at + split)), ifd1_at, 0)
    return b"II" + struct.pack("<HI", 42, ifd0_at) + ifd0 + ifd1 + samples


def main(argv):
    if len(argv) not in (4, 5):
        raise SystemExit(__doc__)
    out, in_path, thumb = argv[1:4]
    photometric = int(argv[4]) if len(argv) == 5 else 2
    insert_app1(out, in_path, tiff_with_thumbnail(*ppm(thumb), photometric))

if __name__ == "__main__":
    main(sys.argv)
