"""The MP header of an MPF APP2 segment (CIPA DC-007 5.2), shared by the fixture tools that
write MPF files (failclosed.py, previews.py): big-endian, an MP Index IFD with MPFVersion
(0xB000 is left out), NumberOfImages (0xB001) and MPEntry (0xB002), then one 16-byte entry per
image: attribute (flags and MP type), size, offset (from the MP header; 0 for the first image),
two dependent-image entry numbers (0)."""

import struct


def mp_header(attributes, sizes, offsets):
    count = len(attributes)
    entries_offset = 8 + 2 + 2 * 12 + 4
    h = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 2)
    h += struct.pack(">HHII", 0xB001, 4, 1, count)
    h += struct.pack(">HHII", 0xB002, 7, 16 * count, entries_offset)
    h += struct.pack(">I", 0)
    for attribute, size, offset in zip(attributes, sizes, offsets):
        h += struct.pack(">IIII", attribute, size, offset, 0)
    return h
