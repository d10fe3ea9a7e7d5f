#!/usr/bin/env python3
"""residue.py: byte surgery for photoaudit's residue/ fixtures (stdlib only; see gen/residue.sh).

  residue.py exif MODE IN.jpg OUT.jpg
      rewrites the TIFF block of IN's APP1 "Exif\\0\\0" segment in place (same length):
        exif-ifd-past   IFD0's ExifIFD pointer (0x8769) points 64 bytes past the end of the block
        value-past      IFD0's first ASCII entry stored at an offset claims a count that runs 64
                        bytes past the end of the block
        ifd-short       the ExifIFD's entry count claims 200 more entries than the block holds
        ifd1-past       IFD0's next-IFD offset (IFD1) points 64 bytes past the end of the block
  residue.py scan-garbage IN.jpg OUT.jpg LENGTH SEED
      inserts LENGTH bytes of seeded pseudo-random garbage (0x00-0xFE: no byte makes a marker)
      in the middle of the entropy-coded data of IN's last scan, not right after a 0xFF.
  residue.py scan-junk IN.jpg OUT.jpg LENGTH
      inserts LENGTH bytes 0x12 just before IN's EOI: after complete data, pixels whole.
  residue.py drop-sof IN.jpg OUT.jpg
      removes IN's SOFn segment (everything else kept: EXIF, tables, the scan).
  residue.py hevc IN.heic OUT.hevc
      writes the primary item of a HEIC (one hvcC, the item in one extent) as an Annex B HEVC stream (the hvcC parameter
      sets, then the item's NAL units with start codes) for ffprobe to read its coded size.
"""
import random
import struct
import sys

import heifbox

EXIF_IFD, ASCII = 0x8769, 2
SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8}


def segments(d):
    """(marker, start, end) of every segment before the first SOS, and the SOS itself."""
    assert d[:2] == b"\xff\xd8", "not a JPEG"
    pos, out = 2, []
    while pos < len(d):
        assert d[pos] == 0xFF, "no marker at %d" % pos
        marker = d[pos + 1]
        n = struct.unpack(">H", d[pos + 2:pos + 4])[0]
        out.append((marker, pos, pos + 2 + n))
        if marker == 0xDA:
            break
        pos += 2 + n
    return out


def exif_block(d):
    """(start, end) of the TIFF block inside IN's APP1 Exif segment."""
    for marker, start, end in segments(d):
        if marker == 0xE1 and d[start + 4:start + 10] == b"Exif\x00\x00":
            return start + 10, end
    raise SystemExit("no APP1 Exif segment")


class Tiff:
    def __init__(self, data, start, end):
        self.d, self.start, self.end = data, start, end
        self.order = "<" if data[start:start + 2] == b"II" else ">"

    def u16(self, at):
        return struct.unpack(self.order + "H", self.d[self.start + at:self.start + at + 2])[0]

    def u32(self, at):
        return struct.unpack(self.order + "I", self.d[self.start + at:self.start + at + 4])[0]

    def put16(self, at, v):
        struct.pack_into(self.order + "H", self.d, self.start + at, v)

    def put32(self, at, v):
        struct.pack_into(self.order + "I", self.d, self.start + at, v)

    @property
    def length(self):
        return self.end - self.start

    def entries(self, ifd):
        """(entry offset, tag, type, count, value field offset) of the IFD at `ifd`."""
        return [(ifd + 2 + 12 * i, self.u16(ifd + 2 + 12 * i), self.u16(ifd + 4 + 12 * i),
                 self.u32(ifd + 6 + 12 * i), ifd + 10 + 12 * i) for i in range(self.u16(ifd))]


def exif(mode, src, dst):
    d = bytearray(open(src, "rb").read())
    t = Tiff(d, *exif_block(d))
    ifd0 = t.u32(4)
    entries = t.entries(ifd0)
    if mode == "exif-ifd-past":
        field = next(v for _, tag, _, _, v in entries if tag == EXIF_IFD)
        t.put32(field, t.length + 64)
    elif mode == "value-past":
        at, tag, typ, count, field = next(e for e in entries if e[2] == ASCII and e[3] > 4)
        t.put32(at + 4, t.length - t.u32(field) + 64)
    elif mode == "ifd-short":
        exif_ifd = t.u32(next(v for _, tag, _, _, v in entries if tag == EXIF_IFD))
        t.put16(exif_ifd, t.u16(exif_ifd) + 200)
    elif mode == "ifd1-past":
        t.put32(ifd0 + 2 + 12 * len(entries), t.length + 64)
    else:
        raise SystemExit("unknown mode %s" % mode)
    open(dst, "wb").write(bytes(d))


def scan_data(d):
    """(start, end) of the entropy-coded data of the last scan (to the EOI)."""
    sos = d.rfind(b"\xff\xda")
    start = sos + 2 + struct.unpack(">H", d[sos + 2:sos + 4])[0]
    end = d.rfind(b"\xff\xd9")
    assert start < end, "no scan data"
    return start, end


def scan_garbage(src, dst, length, seed):
    d = open(src, "rb").read()
    start, end = scan_data(d)
    at = (start + end) // 2
    while d[at - 1] == 0xFF or d[at - 2:at] == b"\xff\x00":
        at += 1
    rng = random.Random(seed)
    garbage = bytes(rng.randrange(255) for _ in range(length))
    open(dst, "wb").write(d[:at] + garbage + d[at:])


def scan_junk(src, dst, length):
    d = open(src, "rb").read()
    _, end = scan_data(d)
    open(dst, "wb").write(d[:end] + b"\x12" * length + d[end:])


def drop_sof(src, dst):
    d = open(src, "rb").read()
    sof = [(s, e) for m, s, e in segments(d) if 0xC0 <= m <= 0xCF and m not in (0xC4, 0xC8, 0xCC)]
    assert len(sof) == 1, "expected one SOF"
    s, e = sof[0]
    open(dst, "wb").write(d[:s] + d[e:])


def hevc(src, dst):
    data = open(src, "rb").read()
    meta = heifbox.top(data, b"meta")
    iprp = heifbox.child(data, meta, b"iprp")
    ipco = heifbox.child(data, iprp, b"ipco")
    hvcc = heifbox.child(data, ipco, b"hvcC")
    p = hvcc[1] + hvcc[2] + 21
    length_size = (data[p] & 3) + 1
    arrays = data[p + 1]
    p += 2
    out = b""
    for _ in range(arrays):
        count = struct.unpack(">H", data[p + 1:p + 3])[0]
        p += 3
        for _ in range(count):
            n = struct.unpack(">H", data[p:p + 2])[0]
            out += b"\x00\x00\x00\x01" + data[p + 2:p + 2 + n]
            p += 2 + n
    iloc = heifbox.child(data, meta, b"iloc")
    pitm = heifbox.child(data, meta, b"pitm")
    primary = heifbox.read_uint(data, pitm[1] + pitm[2] + 4, 2)
    item = next(i for i in heifbox.parse_iloc(data, iloc) if i["id"] == primary)
    assert item["method"] == 0 and len(item["extents"]) == 1, "expected the primary item in one extent of the file"
    (_, _, offset), (_, _, size) = item["extents"][0]
    base = item["base"][2]
    payload = data[base + offset:base + offset + size]
    q = 0
    while q < len(payload):
        n = int.from_bytes(payload[q:q + length_size], "big")
        out += b"\x00\x00\x00\x01" + payload[q + length_size:q + length_size + n]
        q += length_size + n
    open(dst, "wb").write(out)


def main(argv):
    if len(argv) >= 5 and argv[1] == "exif":
        exif(argv[2], argv[3], argv[4])
    elif len(argv) == 6 and argv[1] == "scan-garbage":
        scan_garbage(argv[2], argv[3], int(argv[4]), int(argv[5]))
    elif len(argv) == 5 and argv[1] == "scan-junk":
        scan_junk(argv[2], argv[3], int(argv[4]))
    elif len(argv) == 4 and argv[1] == "drop-sof":
        drop_sof(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "hevc":
        hevc(argv[2], argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
