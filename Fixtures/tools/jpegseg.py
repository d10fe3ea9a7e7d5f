#!/usr/bin/env python3
"""jpegseg: JPEG segment tool for photoaudit fixtures (stdlib only).

  jpegseg.py list FILE
      prints every marker segment (offset, marker, length, identifier) and the bytes
      after EOI.
  jpegseg.py insert IN OUT MARKER PAYLOAD
      inserts one segment (MARKER as hex, e.g. E9 for APP9) holding PAYLOAD's bytes
      after the last APPn segment that precedes the first non-APPn segment.
  jpegseg.py mpf PRIMARY SECONDARY OUT
      writes PRIMARY with an APP2 "MPF\\0" segment (big-endian MP Index IFD: MPFVersion
      "0100", NumberOfImages 2, MPEntry x2; CIPA DC-007) inserted after its APPn segments,
      followed by SECONDARY after the primary's EOI. Entry 1: Baseline MP primary image,
      representative, offset 0; entry 2: type "undefined" (as iPhone gain maps), offset
      relative to the MP header (the "MM" right after "MPF\\0").
"""
import struct
import sys


def segments(data):
    """Yields (offset, marker, total_length) for each marker up to and including EOI;
    entropy-coded data after SOS is skipped (FF00, RSTn)."""
    if data[:2] != b"\xff\xd8":
        raise SystemExit("not a JPEG")
    yield 0, 0xD8, 2
    pos = 2
    while pos + 2 <= len(data):
        if data[pos] != 0xFF:
            raise SystemExit("expected a marker at %d" % pos)
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        if marker == 0xD9:
            yield pos, marker, 2
            return
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:
            yield pos, marker, 2
            pos += 2
            continue
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        yield pos, marker, 2 + length
        pos += 2 + length
        if marker == 0xDA:                     # skip entropy-coded data
            while pos + 1 < len(data):
                if data[pos] == 0xFF and data[pos + 1] != 0 and not 0xD0 <= data[pos + 1] <= 0xD7:
                    break
                pos += 1
    raise SystemExit("no EOI")


def eoi_end(data):
    end = None
    for off, marker, length in segments(data):
        end = off + length
    return end


def insert_point(data):
    point = 2
    for off, marker, length in segments(data):
        if marker == 0xD8:
            continue
        if 0xE0 <= marker <= 0xEF:
            point = off + length
            continue
        break
    return point


def segment(marker, payload):
    if len(payload) + 2 > 0xFFFF:
        raise SystemExit("payload too large for one segment")
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def list_file(path):
    data = open(path, "rb").read()
    for off, marker, length in segments(data):
        ident = b""
        if 0xE0 <= marker <= 0xEF:
            ident = data[off + 4:off + 4 + 32].split(b"\0")[0][:32]
        print("%8d FF%02X %6d %s" % (off, marker, length, ident.decode("latin1")))
    end = eoi_end(data)
    print("after EOI: %d bytes" % (len(data) - end))


def insert(src, dst, marker, payload_path):
    data = open(src, "rb").read()
    payload = open(payload_path, "rb").read()
    p = insert_point(data)
    open(dst, "wb").write(data[:p] + segment(marker, payload) + data[p:])


def mpf(primary_path, secondary_path, dst):
    primary = open(primary_path, "rb").read()
    primary = primary[:eoi_end(primary)]
    secondary = open(secondary_path, "rb").read()
    # MP header: TIFF header (8) + IFD (2 + 3*12 + 4) + MPEntry values (2*16) = 82 bytes
    header_len = 8 + 2 + 3 * 12 + 4 + 32
    seg_len = 4 + 4 + header_len                       # FFE2 + length + "MPF\0" + header
    p = insert_point(primary)
    primary_size = len(primary) + seg_len
    mp_header_pos = p + 8                              # file offset of "MM"
    secondary_offset = primary_size - mp_header_pos
    entries = struct.pack(">IIIHH", 0x20030000, primary_size, 0, 0, 0)
    entries += struct.pack(">IIIHH", 0x00000000, len(secondary), secondary_offset, 0, 0)
    ifd = struct.pack(">H", 3)
    ifd += struct.pack(">HHI4s", 0xB000, 7, 4, b"0100")                 # MPFVersion
    ifd += struct.pack(">HHII", 0xB001, 4, 1, 2)                        # NumberOfImages
    ifd += struct.pack(">HHII", 0xB002, 7, 32, 8 + 2 + 3 * 12 + 4)     # MPEntry
    ifd += struct.pack(">I", 0)                                         # no next IFD
    header = b"MM\0*" + struct.pack(">I", 8) + ifd + entries
    assert len(header) == header_len
    seg = segment(0xE2, b"MPF\0" + header)
    assert len(seg) == seg_len
    out = primary[:p] + seg + primary[p:] + secondary
    open(dst, "wb").write(out)


def main(argv):
    if len(argv) == 3 and argv[1] == "list":
        list_file(argv[2])
    elif len(argv) == 6 and argv[1] == "insert":
        insert(argv[2], argv[3], int(argv[4], 16), argv[5])
    elif len(argv) == 5 and argv[1] == "mpf":
        mpf(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
