#!/usr/bin/env python3
"""tiffs: builds the hand-made TIFF-shaped fixtures of Fixtures/tiff/ (stdlib only).

A small TIFF writer (classic or BigTIFF, II or MM): image data first, then each IFD with the
values its entries do not hold, every structure on a word boundary. [TIFF 6.0 §2; BigTIFF;
TIFF TN1 (SubIFDs); DNG 1.7; GeoTIFF 1.1; Canon CR2 layout after ExifTool CanonRaw.pm]

  tiffs.py bigtiff-gps OUT PPM          BigTIFF (II, 43): PPM as uncompressed RGB strips, GPS IFD
  tiffs.py page2-gps OUT PPM            two pages of PPM; only page 2 (IFD1) has a GPS IFD
  tiffs.py geotiff OUT PPM KIND         KIND wgs84 (geographic tie point 121.473701 E 31.230416 N),
                                        utm33n (EPSG 32633 tie point 500000 E, 4649776.22 N), or
                                        userdefined (projected, user-defined CRS, no projection)
  tiffs.py dng OUT PPM THUMB.ppm JPEG [gps|nopreview]
                                        DNG (MM): IFD0 an uncompressed RGB thumbnail (THUMB), SubIFD
                                        the sensor data (CFA, the size of PPM; 64 placeholder bytes
                                        marked lossless JPEG), SubIFD1
                                        a JPEG preview (JPEG in one strip, Compression 7); gps adds a
                                        GPS IFD; nopreview writes the sensor data as IFD0 and nothing
                                        else (no picture to show)
  tiffs.py nef OUT THUMB.ppm JPEG       NEF-shaped (II, Make NIKON CORPORATION): IFD0 the thumbnail,
                                        SubIFD a JPEG preview (JPEGInterchangeFormat), SubIFD1 the
                                        sensor data (Compression 34713), Exif IFD with a GPS IFD
  tiffs.py cr2 OUT JPEG THUMBJPEG THUMB.ppm
                                        CR2-shaped: "CR" 2 header, IFD0 the full JPEG in one strip
                                        (Compression 6), IFD1 a JPEG thumbnail (JPEGInterchangeFormat),
                                        IFD2 an uncompressed RGB image, IFD3 the raw (its offset in
                                        the header), Exif IFD with a GPS IFD
  tiffs.py gps-outside OUT PPM          IFD0 points at a GPS IFD past the end of the file
  tiffs.py truncated OUT PPM            the last strip runs past the end of the file
  tiffs.py jpeg2000 OUT PPM             Compression 34712 (JPEG 2000) with bytes libtiff has no codec for
  tiffs.py hidden-text OUT PPM          ImageDescription "Scan 17" then, after its NUL, an ISO 6709 string
  tiffs.py makernote-preview OUT PPM JPEG
                                        an Exif IFD whose MakerNote holds a whole JPEG (JPEG, with its
                                        own EXIF GPS)
  tiffs.py subifd-deep OUT PPM          SubIFDs nested six deep (the walk follows four)
  tiffs.py ifd-loop OUT PPM             IFD1's next IFD is IFD0 again

PPM files are binary P6 with maxval 255. GPS is the fixtures' 31.230416 N, 121.473701 E,
12.5 m, 2025:01:01 02:20:30.
"""
import struct
import sys

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL, DOUBLE, IFD, LONG8, IFD8 = 1, 2, 3, 4, 5, 7, 10, 12, 13, 16, 18
SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, UNDEFINED: 1, SRATIONAL: 8, DOUBLE: 8, IFD: 4, LONG8: 8, IFD8: 8}
LAT, LON, ALT = 31.230416, 121.473701, 12.5


def ppm(path):
    """(width, height, RGB bytes) of a binary P6 PPM."""
    data = open(path, "rb").read()
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i) + 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    assert fields[0] == b"P6" and fields[3] == b"255", path
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[i + 1:i + 1 + w * h * 3]


class Blob:
    """Bytes placed in the file (a strip, a JPEG) that entries point at."""
    def __init__(self, data):
        self.data = data
        self.offset = None


class Dir:
    """An IFD: entries (tag, type, value) where value is bytes, a str (ASCII), a list of
    numbers (or of (num, den) for rationals), a Blob or list of Blobs (their offsets), a Dir or
    list of Dirs (their offsets). `next` is the next IFD of the chain."""
    def __init__(self, entries, next=None):
        self.entries = entries
        self.next = next
        self.offset = None


class Writer:
    def __init__(self, big=False, be=False, cr2=False):
        self.big, self.be, self.cr2 = big, be, cr2
        self.e = ">" if be else "<"

    def pack(self, type_, value):
        e = self.e
        if isinstance(value, (bytes, bytearray)):
            return bytes(value)
        if isinstance(value, str):
            return value.encode("latin-1") + b"\0"
        if isinstance(value, Blob):
            value = [value]
        if isinstance(value, Dir):
            value = [value]
        out = b""
        for v in value:
            if isinstance(v, (Blob, Dir)):
                v = v.offset
            if type_ in (RATIONAL, SRATIONAL):
                out += struct.pack(e + ("II" if type_ == RATIONAL else "ii"), *v)
            elif type_ == DOUBLE:
                out += struct.pack(e + "d", v)
            else:
                out += struct.pack(e + {1: "B", 3: "H", 4: "I", 13: "I", 16: "Q", 18: "Q", 7: "B"}[type_], v)
        return out

    @staticmethod
    def count(type_, value):
        if isinstance(value, (bytes, bytearray)):
            return len(value)
        if isinstance(value, str):
            return len(value.encode("latin-1")) + 1
        if isinstance(value, (Blob, Dir)):
            return 1
        return len(value)

    def write(self, root, blobs, dirs, dirs_first=False):
        """The file: header, blobs, then every Dir of `dirs` (each with its values); with
        `dirs_first` the IFDs come before the blobs."""
        head = 16 if (self.big or self.cr2) else 8
        pos = head

        def place_blobs(pos):
            for b in blobs:
                pos += pos % 2
                b.offset = pos
                pos += len(b.data)
            return pos
        if not dirs_first:
            pos = place_blobs(pos)
        entry, cnt, nxt = (20, 8, 8) if self.big else (12, 2, 4)
        inline = 8 if self.big else 4
        layout = []
        for d in dirs:
            pos += pos % 2
            d.offset = pos
            pos += cnt + entry * len(d.entries) + nxt
            values = []
            for tag, type_, value in sorted(d.entries, key=lambda t: t[0]):
                size = SIZES[type_] * self.count(type_, value)
                if size > inline:
                    pos += pos % 2
                    values.append(pos)
                    pos += size
                else:
                    values.append(None)
            layout.append(values)
        if dirs_first:
            pos = place_blobs(pos)
        out = bytearray(pos)
        e = self.e
        order = b"MM" if self.be else b"II"
        if self.big:
            out[0:16] = order + struct.pack(e + "HHHQ", 43, 8, 0, root.offset)
        else:
            out[0:8] = order + struct.pack(e + "HI", 42, root.offset)
        for b in blobs:
            out[b.offset:b.offset + len(b.data)] = b.data
        for d, values in zip(dirs, layout):
            entries = sorted(d.entries, key=lambda t: t[0])
            at = d.offset
            out[at:at + cnt] = struct.pack(e + ("Q" if self.big else "H"), len(entries))
            at += cnt
            for (tag, type_, value), where in zip(entries, values):
                data = self.pack(type_, value)
                count = self.count(type_, value)
                field = struct.pack(e + ("HHQ" if self.big else "HHI"), tag, type_, count)
                if where is None:
                    field += data + b"\0" * (inline - len(data))
                else:
                    field += struct.pack(e + ("Q" if self.big else "I"), where)
                    out[where:where + len(data)] = data
                out[at:at + entry] = field
                at += entry
            out[at:at + nxt] = struct.pack(e + ("Q" if self.big else "I"), d.next.offset if d.next else 0)
        return bytes(out)


def dms(value):
    d = int(value)
    m = int((value - d) * 60)
    s = round(((value - d) * 60 - m) * 60 * 10000)
    return [(d, 1), (m, 1), (s, 10000)]


def gps_dir(big=False):
    return Dir([(0x0000, BYTE, bytes([2, 3, 0, 0])), (0x0001, ASCII, "N"), (0x0002, RATIONAL, dms(LAT)),
                (0x0003, ASCII, "E"), (0x0004, RATIONAL, dms(LON)), (0x0005, BYTE, bytes([0])),
                (0x0006, RATIONAL, [(125, 10)]), (0x0007, RATIONAL, [(2, 1), (20, 1), (30, 1)]),
                (0x001D, ASCII, "2025:01:01")])


def rgb_entries(w, h, strips, big=False, subfile=None):
    """The entries of an uncompressed 8-bit RGB image in `strips` (Blobs, rows split evenly)."""
    rows = -(-h // len(strips))
    ptr = LONG8 if big else LONG
    e = [(0x0100, LONG, [w]), (0x0101, LONG, [h]), (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]),
         (0x0106, SHORT, [2]), (0x0111, ptr, strips), (0x0115, SHORT, [3]), (0x0116, LONG, [rows]),
         (0x0117, ptr, [len(s.data) for s in strips]), (0x011C, SHORT, [1])]
    if subfile is not None:
        e.append((0x00FE, LONG, [subfile]))
    return e


def split(pixels, w, h, n):
    rows = -(-h // n)
    return [Blob(pixels[i * rows * w * 3:min(h, (i + 1) * rows) * w * 3]) for i in range(n)]


def jpeg_size(data):
    """(width, height) from a JPEG's first SOFn."""
    i = 2
    while i < len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    raise ValueError("no SOF")


def save(path, data):
    open(path, "wb").write(data)


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    kind, out = argv[1], argv[2]
    if kind == "bigtiff-gps":
        w, h, px = ppm(argv[3])
        strips = split(px, w, h, 2)
        gps = gps_dir()
        ifd0 = Dir(rgb_entries(w, h, strips, big=True) + [(0x010F, ASCII, "Fixture"), (0x8825, IFD8, gps)])
        save(out, Writer(big=True).write(ifd0, strips, [ifd0, gps]))
    elif kind == "page2-gps":
        w, h, px = ppm(argv[3])
        s1, s2 = split(px, w, h, 1), split(px, w, h, 1)
        gps = gps_dir()
        ifd1 = Dir(rgb_entries(w, h, s2) + [(0x00FE, LONG, [2]), (0x0129, SHORT, [1, 2]), (0x8825, LONG, gps)])
        ifd0 = Dir(rgb_entries(w, h, s1) + [(0x00FE, LONG, [2]), (0x0129, SHORT, [0, 2])], next=ifd1)
        save(out, Writer().write(ifd0, s1 + s2, [ifd0, ifd1, gps]))
    elif kind == "geotiff":
        w, h, px = ppm(argv[3])
        strips = split(px, w, h, 1)
        which = argv[4]
        scale = [(0x830E, DOUBLE, [0.0001, 0.0001, 0.0])]
        if which == "wgs84":
            keys = [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326]
            tie = [0.0, 0.0, 0.0, LON, LAT, 0.0]
        elif which == "utm33n":
            keys = [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32633]
            tie = [0.0, 0.0, 0.0, 500000.0, 4649776.22482, 0.0]
            scale = [(0x830E, DOUBLE, [0.5, 0.5, 0.0])]
        else:
            keys = [1, 1, 0, 2, 1024, 0, 1, 1, 3072, 0, 1, 32767]
            tie = [0.0, 0.0, 0.0, 2600000.0, 1200000.0, 0.0]
        ifd0 = Dir(rgb_entries(w, h, strips) + scale + [(0x8482, DOUBLE, tie), (0x87AF, SHORT, keys)])
        save(out, Writer().write(ifd0, strips, [ifd0]))
    elif kind == "dng":
        w, h, _ = ppm(argv[3])
        tw, th, tpx = ppm(argv[4])
        jpeg = open(argv[5], "rb").read()
        mode = argv[6] if len(argv) > 6 else ""
        thumb = split(tpx, tw, th, 1)
        # Sensor data stands in as a short placeholder (lossless JPEG by its tag, never decoded).
        raw = [Blob(b"\xff\xd8\xff\xc3" + bytes(60))]
        rawdir = Dir([(0x00FE, LONG, [0]), (0x0100, LONG, [w]), (0x0101, LONG, [h]), (0x0102, SHORT, [16]),
                      (0x0103, SHORT, [7]), (0x0106, SHORT, [32803]), (0x0111, LONG, raw), (0x0115, SHORT, [1]),
                      (0x0116, LONG, [h]), (0x0117, LONG, [len(raw[0].data)]), (0x011C, SHORT, [1]),
                      (0x828D, SHORT, [2, 2]), (0x828E, BYTE, bytes([0, 1, 1, 2]))])
        jw, jh = jpeg_size(jpeg)
        prev = [Blob(jpeg)]
        prevdir = Dir([(0x00FE, LONG, [1]), (0x0100, LONG, [jw]), (0x0101, LONG, [jh]), (0x0102, SHORT, [8, 8, 8]),
                       (0x0103, SHORT, [7]), (0x0106, SHORT, [6]), (0x0111, LONG, prev), (0x0115, SHORT, [3]),
                       (0x0116, LONG, [jh]), (0x0117, LONG, [len(jpeg)])])
        extra = [(0x010F, ASCII, "Fixture"), (0x0110, ASCII, "DNG Maker"), (0x0112, SHORT, [1]),
                 (0xC612, BYTE, bytes([1, 4, 0, 0])), (0xC614, ASCII, "Fixture DNG Maker")]
        if mode == "nopreview":
            # The sensor data in IFD0 itself, nothing else: no picture photoaudit decodes.
            rawdir.entries += extra
            save(out, Writer(be=True).write(rawdir, raw, [rawdir]))
            return
        subs = [rawdir, prevdir]
        dirs = [None, *subs]
        blobs = thumb + raw + prev
        extra.append((0x014A, LONG, subs))
        if mode == "gps":
            gps = gps_dir()
            extra.append((0x8825, LONG, gps))
            dirs.append(gps)
        ifd0 = Dir(rgb_entries(tw, th, thumb, subfile=1) + extra)
        dirs[0] = ifd0
        save(out, Writer(be=True).write(ifd0, blobs, dirs))
    elif kind == "nef":
        tw, th, tpx = ppm(argv[3])
        jpeg = open(argv[4], "rb").read()
        jw, jh = jpeg_size(jpeg)
        thumb = split(tpx, tw, th, 1)
        prev, raw = Blob(jpeg), Blob(bytes(range(256)) * 16)
        prevdir = Dir([(0x00FE, LONG, [1]), (0x0103, SHORT, [6]), (0x0201, LONG, prev), (0x0202, LONG, [len(jpeg)])])
        rawdir = Dir([(0x00FE, LONG, [0]), (0x0100, LONG, [jw * 2]), (0x0101, LONG, [jh * 2]), (0x0102, SHORT, [12]),
                      (0x0103, SHORT, [34713]), (0x0106, SHORT, [32803]), (0x0111, LONG, [raw]), (0x0115, SHORT, [1]),
                      (0x0116, LONG, [jh * 2]), (0x0117, LONG, [len(raw.data)])])
        gps = gps_dir()
        exif = Dir([(0x829A, RATIONAL, [(1, 125)]), (0x9003, ASCII, "2025:01:01 10:20:30")])
        ifd0 = Dir(rgb_entries(tw, th, thumb, subfile=1) + [(0x010F, ASCII, "NIKON CORPORATION"), (0x0110, ASCII, "NIKON D70"),
                                                             (0x0112, SHORT, [1]), (0x014A, LONG, [prevdir, rawdir]),
                                                             (0x8769, LONG, exif), (0x8825, LONG, gps)])
        save(out, Writer().write(ifd0, thumb + [prev, raw], [ifd0, prevdir, rawdir, exif, gps]))
    elif kind == "cr2":
        full = open(argv[3], "rb").read()
        small = open(argv[4], "rb").read()
        tw, th, tpx = ppm(argv[5])
        fw, fh = jpeg_size(full)
        main_jpeg, thumb_jpeg, rgb, raw = Blob(full), Blob(small), split(tpx, tw, th, 1), Blob(b"\xff\xd8" + bytes(62))
        gps = gps_dir()
        exif = Dir([(0x829A, RATIONAL, [(1, 125)]), (0x9003, ASCII, "2025:01:01 10:20:30")])
        ifd3 = Dir([(0x0103, SHORT, [6]), (0x0111, LONG, [raw]), (0x0117, LONG, [len(raw.data)]), (0xC640, SHORT, [1, 1, 1])])
        ifd2 = Dir(rgb_entries(tw, th, rgb), next=ifd3)
        ifd1 = Dir([(0x0103, SHORT, [6]), (0x0201, LONG, thumb_jpeg), (0x0202, LONG, [len(small)])], next=ifd2)
        ifd0 = Dir([(0x0100, SHORT, [fw]), (0x0101, SHORT, [fh]), (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [6]),
                    (0x010F, ASCII, "Canon"), (0x0110, ASCII, "Canon EOS Fixture"), (0x0111, LONG, [main_jpeg]),
                    (0x0112, SHORT, [1]), (0x0117, LONG, [len(full)]), (0x8769, LONG, exif), (0x8825, LONG, gps)], next=ifd1)
        w = Writer(cr2=True)
        data = bytearray(w.write(ifd0, [main_jpeg, thumb_jpeg] + rgb + [raw], [ifd0, exif, gps, ifd1, ifd2, ifd3]))
        data[8:16] = b"CR" + bytes([2, 0]) + struct.pack("<I", ifd3.offset)
        save(out, bytes(data))
    elif kind in ("gps-outside", "truncated", "jpeg2000", "hidden-text", "makernote-preview", "subifd-deep", "ifd-loop"):
        w, h, px = ppm(argv[3])
        strips = split(px, w, h, 4)
        entries = rgb_entries(w, h, strips) + [(0x010F, ASCII, "Fixture")]
        dirs, blobs = [], list(strips)
        if kind == "gps-outside":
            entries.append((0x8825, LONG, [1 << 20]))
        elif kind == "jpeg2000":
            entries = [(t, ty, [34712] if t == 0x0103 else v) for t, ty, v in entries]
        elif kind == "hidden-text":
            entries.append((0x010E, ASCII, "Scan 17\0site +31.2304+121.4737/ north gate"))
        elif kind == "makernote-preview":
            jpeg = open(argv[4], "rb").read()
            note = b"Fixture\0" + bytes(8) + jpeg + bytes(8)
            exif = Dir([(0x927C, UNDEFINED, note), (0x9003, ASCII, "2025:01:01 10:20:30")])
            entries.append((0x8769, LONG, exif))
            dirs.append(exif)
        elif kind == "subifd-deep":
            inner = None
            for depth in range(6):
                one = split(px, w, h, 1)
                blobs += one
                sub = rgb_entries(w, h, one, subfile=1) + ([(0x014A, LONG, [inner])] if inner else [])
                inner = Dir(sub)
                dirs.append(inner)
            entries.append((0x014A, LONG, [inner]))
        ifd0 = Dir(entries)
        if kind == "ifd-loop":
            one = split(px, w, h, 1)
            blobs += one
            ifd1 = Dir(rgb_entries(w, h, one, subfile=1))
            ifd0.next = ifd1
            ifd1.next = ifd0
            dirs.append(ifd1)
        # A truncated file has its IFD first (where a writer that streams its strips puts it) and
        # ends halfway through its last strip.
        data = Writer().write(ifd0, blobs, [ifd0] + dirs, dirs_first=kind == "truncated")
        if kind == "truncated":
            data = data[:strips[-1].offset + len(strips[-1].data) // 2]
        save(out, data)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
