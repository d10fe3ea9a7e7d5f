#!/usr/bin/env python3
"""previews.py: embedded previews for photoaudit's PA005 fixtures (stdlib only).

  previews.py jfxx OUT IN THUMB.jpg
      writes IN with an APP0 "JFXX\\0" segment, extension code 0x10 (a whole JPEG follows:
      THUMB.jpg), after its JFIF APP0 segment. [JFIF 1.02]
  previews.py jfxx-rgb OUT IN THUMB.ppm
      the same with extension code 0x13: width, height (one byte each), then the RGB samples
      of the binary PPM (P6, maxval 255, at most 255x255).
  previews.py mpf OUT PRIMARY TYPE:IMAGE.jpg [TYPE:IMAGE.jpg ...]
      writes PRIMARY with an APP2 "MPF\\0" segment (big-endian MP Index IFD: MPFVersion
      "0100", NumberOfImages, MPEntry; CIPA DC-007) after its APPn segments, followed by each
      IMAGE after the primary's EOI. Entry 1: Baseline MP primary image (0x030000,
      representative); entry n: the MP type TYPE, in hex (010001 Large Thumbnail VGA, 010002
      full HD, 020002 disparity, 000000 undefined), offset from the MP header.
"""
import struct
import sys

import mpf_index


def be16(v):
    return struct.pack(">H", v)


def be32(v):
    return struct.pack(">I", v)


def segment(marker, payload):
    assert len(payload) + 2 <= 0xFFFF, "segment too long"
    return bytes([0xFF, marker]) + be16(len(payload) + 2) + payload


def segments(data):
    """(offset, marker, length) of the segments before the first SOS."""
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        yield at, marker, length
        if marker == 0xDA:
            return
        at += 2 + length


def after_jfif(data):
    first = next(segments(data), None)
    if first and first[1] == 0xE0 and data[first[0] + 4:first[0] + 9] == b"JFIF\x00":
        return first[0] + 2 + first[2]
    return 2


def after_app(data):
    end = 2
    for at, marker, length in segments(data):
        if 0xE0 <= marker <= 0xEF:
            end = at + 2 + length
        else:
            break
    return end


def insert(out, in_path, at_fn, seg):
    data = open(in_path, "rb").read()
    assert data[:2] == b"\xff\xd8", in_path
    at = at_fn(data)
    open(out, "wb").write(data[:at] + seg + data[at:])


def ppm(path):
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        if data[at:at + 1] == b"#":
            at = data.index(b"\n", at)
            continue
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    assert fields[0] == b"P6" and int(fields[3]) == 255, "a P6 PPM with maxval 255"
    width, height = int(fields[1]), int(fields[2])
    assert 0 < width < 256 and 0 < height < 256
    pixels = data[at + 1:at + 1 + width * height * 3]
    assert len(pixels) == width * height * 3
    return width, height, pixels


def mpf(out, primary_path, typed):
    primary = open(primary_path, "rb").read()
    assert primary[:2] == b"\xff\xd8"
    types = [0x030000] + [int(t, 16) for t, _ in typed]
    images = [open(p, "rb").read() for _, p in typed]
    count = len(types)
    # The representative-image flag on the primary; each entry's MP type in its low 24 bits.
    attributes = [(0x20000000 if i == 0 else 0) | kind for i, kind in enumerate(types)]

    def build(sizes, offsets):
        return mpf_index.mp_header(attributes, sizes, offsets)

    at = after_app(primary)
    draft = segment(0xE2, b"MPF\x00" + build([0] * count, [0] * count))
    mp_header = at + 4 + 4  # marker + length, "MPF\0": MP offsets count from the "MM" after it
    total = len(primary) + len(draft)
    sizes, offsets, cursor = [total], [0], total
    for image in images:
        sizes.append(len(image))
        offsets.append(cursor - mp_header)
        cursor += len(image)
    app2 = segment(0xE2, b"MPF\x00" + build(sizes, offsets))
    open(out, "wb").write(primary[:at] + app2 + primary[at:] + b"".join(images))


def main(argv):
    if len(argv) == 5 and argv[1] == "jfxx":
        insert(argv[2], argv[3], after_jfif, segment(0xE0, b"JFXX\x00\x10" + open(argv[4], "rb").read()))
    elif len(argv) == 5 and argv[1] == "jfxx-rgb":
        width, height, pixels = ppm(argv[4])
        insert(argv[2], argv[3], after_jfif, segment(0xE0, b"JFXX\x00\x13" + bytes([width, height]) + pixels))
    elif len(argv) >= 5 and argv[1] == "mpf":
        mpf(argv[2], argv[3], [tuple(a.split(":", 1)) for a in argv[4:]])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
