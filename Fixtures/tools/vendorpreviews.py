#!/usr/bin/env python3
"""vendorpreviews.py: JPEG previews where cameras put them, for photoaudit's PA005 fixtures
(stdlib only). Each command writes IN (a JPEG) with an APP1 "Exif\\0\\0" segment after its JFIF
APP0 segment; the TIFF block is big-endian: IFD0 (Make, Model, ExifIFD pointer), ExifIFD
(ExifVersion, MakerNote).

  vendorpreviews.py makernote OUT IN PREVIEW
      the MakerNote is a Nikon type-3 one ("Nikon\\0", version 2.10, its own TIFF header, offsets
      from that header): an IFD with NikonPreview (0x0011) pointing at a PreviewIFD holding
      PreviewImageStart (0x0201) and PreviewImageLength (0x0202) of the file PREVIEW, whose bytes
      follow inside the MakerNote (ExifTool shows them as PreviewIFD:PreviewImage).
  vendorpreviews.py slack OUT IN PREVIEW
      the MakerNote is 16 bytes of vendor data; the file PREVIEW follows the ExifIFD in the TIFF
      block, where no IFD entry points (the block's slack).
  vendorpreviews.py stray OUT IN PREVIEW
      the MakerNote holds vendor bytes with FF D8 FF in them and the first half of PREVIEW (a
      JPEG cut short): nothing there is a whole JPEG.
  vendorpreviews.py lossless OUT IN
      writes the JPEG IN with its SOF0 marker relabelled SOF3 (lossless): the same segments and
      scan, a whole JPEG by its structure, that libjpeg-turbo 2.1.5 refuses to decode.
"""
import struct
import sys

from carriers import Tiff

NIKON_PREVIEW_IFD = 0x0011
LONG, UNDEFINED, ASCII = 4, 7, 2


def be16(v):
    return struct.pack(">H", v)


def be32(v):
    return struct.pack(">I", v)


def ifd(entries, at):
    """A big-endian IFD at offset `at` (carriers.Tiff): values over 4 bytes follow it; next IFD 0."""
    return Tiff(True).ifd(entries, at, 0)


def nikon_makernote(preview):
    """Nikon type 3: "Nikon\\0", 02 10 00 00, then a TIFF header; offsets count from it."""
    main_at = 8
    main_size = 2 + 12 + 4
    preview_ifd_at = main_at + main_size
    preview_ifd_size = 2 + 2 * 12 + 4
    image_at = preview_ifd_at + preview_ifd_size
    tiff = b"MM" + be16(42) + be32(main_at)
    tiff += ifd([(NIKON_PREVIEW_IFD, LONG, 1, be32(preview_ifd_at))], main_at)
    tiff += ifd([(0x0201, LONG, 1, be32(image_at)), (0x0202, LONG, 1, be32(len(preview)))], preview_ifd_at)
    assert len(tiff) == image_at
    return b"Nikon\x00\x02\x10\x00\x00" + tiff + preview


def exif_block(makernote, slack=b""):
    make, model = b"NIKON CORPORATION\x00", b"NIKON D70\x00"
    exif_at = 8 + 2 + 3 * 12 + 4 + len(make) + len(model)
    ifd0 = ifd([(0x010F, ASCII, len(make), make), (0x0110, ASCII, len(model), model),
                (0x8769, LONG, 1, be32(exif_at))], 8)
    assert 8 + len(ifd0) == exif_at
    exif = ifd([(0x9000, UNDEFINED, 4, b"0221"), (0x927C, UNDEFINED, len(makernote), makernote)], exif_at)
    return b"MM" + be16(42) + be32(8) + ifd0 + exif + slack


def insert_app1(out, in_path, tiff):
    data = open(in_path, "rb").read()
    assert data[:2] == b"\xff\xd8", in_path
    at = 2
    if data[2:4] == b"\xff\xe0" and data[6:11] == b"JFIF\x00":
        at = 4 + struct.unpack(">H", data[4:6])[0]
    payload = b"Exif\x00\x00" + tiff
    assert len(payload) + 2 <= 0xFFFF, "APP1 too long"
    open(out, "wb").write(data[:at] + b"\xff\xe1" + be16(len(payload) + 2) + payload + data[at:])


def relabel_sof3(out, in_path):
    data = bytearray(open(in_path, "rb").read())
    at = data.index(b"\xff\xc0")
    data[at + 1] = 0xC3
    open(out, "wb").write(bytes(data))


def main(argv):
    if len(argv) == 4 and argv[1] == "lossless":
        return relabel_sof3(argv[2], argv[3])
    if len(argv) != 5:
        raise SystemExit(__doc__)
    cmd, out, in_path, preview_path = argv[1:]
    preview = open(preview_path, "rb").read()
    assert preview[:3] == b"\xff\xd8\xff" and preview[-2:] == b"\xff\xd9", preview_path
    if cmd == "makernote":
        tiff = exif_block(nikon_makernote(preview))
    elif cmd == "slack":
        tiff = exif_block(b"VENDOR\x00\x01" + bytes(range(8)), slack=preview)
    elif cmd == "stray":
        tiff = exif_block(b"VENDOR\x00\x01\xff\xd8\xff\x00\x10\x20" + bytes(16) + preview[:len(preview) // 2])
    else:
        raise SystemExit(__doc__)
    insert_app1(out, in_path, tiff)


if __name__ == "__main__":
    main(sys.argv)
