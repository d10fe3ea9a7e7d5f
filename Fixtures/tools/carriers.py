#!/usr/bin/env python3
"""carriers: builds the hand-made structures of the carriers fixtures (stdlib only).

  carriers.py c2pa-gps STORE
      a C2PA manifest store (JUMBF) with one manifest: a `stds.exif` JSON-LD assertion
      holding EXIF:GPSLatitude/GPSLongitude/GPSAltitude/GPSTimeStamp, a `c2pa.hash.data`
      CBOR assertion, the claim (CBOR) and a placeholder signature (CBOR, not a real COSE
      signature: nothing here is signed).
  carriers.py c2pa-ingredient STORE THUMB.jpg
      a store whose manifest has a `c2pa.thumbnail.ingredient.jpeg` (bfdb + bidb holding
      THUMB.jpg), a `c2pa.ingredient` CBOR assertion naming it (dc:title "original.jpg",
      relationship parentOf), a `c2pa.actions` assertion (c2pa.cropped), claim, signature.
  carriers.py jpeg-app11 IN.jpg STORE OUT.jpg SEGMENT
      inserts STORE into APP11 segments after the APPn segments: each "JP", box instance 1,
      packet sequence Z from 1, and at most SEGMENT bytes of the box; every packet after the
      first repeats the box header (LBox, TBox). [ISO/IEC 19566-5 B.2]
  carriers.py png-cabx IN.png STORE OUT.png
      inserts a `caBX` chunk holding STORE before the first IDAT.
  carriers.py webp-c2pa IN.webp STORE OUT.webp
      appends a `C2PA` chunk holding STORE and fixes the RIFF size.
  carriers.py png-text IN.png OUT.png KEYWORD TEXTFILE [KEYWORD TEXTFILE...]
      inserts tEXt chunks (Latin-1 keyword, text as UTF-8 bytes) before the first IDAT.
  carriers.py exif-canon OUT.tiff
      a TIFF/EXIF block (II): IFD0 Make "Canon", Model "Canon EOS 5D Mark IV", ExifIFD with a
      Canon MakerNote (an IFD with offsets from the TIFF header): 0x0009 OwnerName
      "Jane Fixture", 0x000C SerialNumber 1234567890. [ExifTool Canon.pm]
  carriers.py exif-apple OUT.tiff
      a TIFF/EXIF block (MM): IFD0 Make "Apple", Model "iPhone 15 Pro", ExifIFD with an Apple
      MakerNote ("Apple iOS\\0", version 1, "MM", IFD with offsets from the MakerNote):
      0x0001 MakerNoteVersion 14, 0x000B BurstUUID, 0x0011 MediaGroupUUID (the Live Photo
      content identifier). [ExifTool Apple.pm]
"""
import json
import struct
import sys
import zlib

GPS_JSON = {
    "@context": {"EXIF": "http://ns.adobe.com/EXIF/1.0/", "exifEX": "http://cipa.jp/exif/2.32/"},
    "EXIF:GPSLatitude": "31,13.82496N",
    "EXIF:GPSLongitude": "121,28.42206E",
    "EXIF:GPSAltitude": "125/10",
    "EXIF:GPSAltitudeRef": "0",
    "EXIF:GPSTimeStamp": "2025-01-01T02:20:30Z",
}


def cbor(value):
    """Minimal CBOR encoder: dict (text keys), list, str, bytes, int >= -2^63, bool, None."""
    def head(major, n):
        if n < 24:
            return bytes([major << 5 | n])
        for info, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
            if n < 1 << (8 * struct.calcsize(fmt)):
                return bytes([major << 5 | info]) + struct.pack(fmt, n)
        raise ValueError(n)
    if value is True:
        return b"\xf5"
    if value is False:
        return b"\xf4"
    if value is None:
        return b"\xf6"
    if isinstance(value, int):
        return head(0, value) if value >= 0 else head(1, -1 - value)
    if isinstance(value, bytes):
        return head(2, len(value)) + value
    if isinstance(value, str):
        b = value.encode()
        return head(3, len(b)) + b
    if isinstance(value, list):
        return head(4, len(value)) + b"".join(cbor(v) for v in value)
    if isinstance(value, dict):
        return head(5, len(value)) + b"".join(cbor(k) + cbor(v) for k, v in value.items())
    raise TypeError(type(value))


def box(typ, payload):
    return struct.pack(">I", 8 + len(payload)) + typ + payload


def type_uuid(letters):
    """A C2PA box type: 4 ASCII letters then 0011-0010-8000-00AA00389B71."""
    return letters.encode() + bytes.fromhex("00110010800000aa00389b71")


EMBEDDED_FILE = bytes.fromhex("40cb0c32bb8a489da70b2ad6f47f4369")


def superbox(type_id, label, *content):
    """jumb: a jumd (type, toggles 0x03 = requestable + label, label NUL-terminated), then content."""
    jumd = box(b"jumd", type_id + b"\x03" + label.encode() + b"\x00")
    return box(b"jumb", jumd + b"".join(content))


def json_assertion(label, value):
    return superbox(type_uuid("json"), label, box(b"json", json.dumps(value, separators=(",", ":")).encode()))


def cbor_assertion(label, value):
    return superbox(type_uuid("cbor"), label, box(b"cbor", cbor(value)))


def file_assertion(label, media_type, data):
    bfdb = box(b"bfdb", b"\x00" + media_type.encode() + b"\x00")
    return superbox(EMBEDDED_FILE, label, bfdb, box(b"bidb", data))


def store(manifest_label, assertions, labels):
    claim = {
        "claim_generator": "photoaudit-fixtures/1.0",
        "dc:title": "fixture.jpg",
        "dc:format": "image/jpeg",
        "signature": "self#jumbf=c2pa.signature",
        "assertions": [{"url": "self#jumbf=c2pa.assertions/" + l, "hash": bytes(32)} for l in labels],
        "alg": "sha256",
    }
    manifest = superbox(type_uuid("c2ma"), manifest_label,
                        superbox(type_uuid("c2as"), "c2pa.assertions", *assertions),
                        superbox(type_uuid("c2cl"), "c2pa.claim", box(b"cbor", cbor(claim))),
                        superbox(type_uuid("c2cs"), "c2pa.signature",
                                 box(b"cbor", cbor([b"\xa1\x01\x26", {}, None, b"placeholder, not a signature"]))))
    return superbox(type_uuid("c2pa"), "c2pa", manifest)


def hash_data():
    return cbor_assertion("c2pa.hash.data", {"exclusions": [{"start": 2, "length": 0}], "name": "jumbf manifest",
                                             "alg": "sha256", "hash": bytes(32), "pad": bytes(8)})


def c2pa_gps(out):
    data = store("urn:uuid:00000000-0000-4000-8000-000000000001",
                 [json_assertion("stds.exif", GPS_JSON), hash_data()], ["stds.exif", "c2pa.hash.data"])
    open(out, "wb").write(data)


def c2pa_ingredient(out, thumb):
    jpeg = open(thumb, "rb").read()
    ingredient = {"dc:title": "original.jpg", "dc:format": "image/jpeg", "relationship": "parentOf",
                  "instanceID": "xmp.iid:00000000-0000-4000-8000-0000000000aa",
                  "thumbnail": {"url": "self#jumbf=c2pa.assertions/c2pa.thumbnail.ingredient.jpeg", "hash": bytes(32)}}
    actions = {"actions": [{"action": "c2pa.opened"}, {"action": "c2pa.cropped"}]}
    labels = ["c2pa.thumbnail.ingredient.jpeg", "c2pa.ingredient", "c2pa.actions", "c2pa.hash.data"]
    data = store("urn:uuid:00000000-0000-4000-8000-000000000002",
                 [file_assertion(labels[0], "image/jpeg", jpeg), cbor_assertion(labels[1], ingredient),
                  cbor_assertion(labels[2], actions), hash_data()], labels)
    open(out, "wb").write(data)


def jpeg_segments(data):
    pos = 2
    while pos + 4 <= len(data) and data[pos] == 0xFF:
        marker = data[pos + 1]
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        yield pos, marker, 2 + length
        if marker == 0xDA:
            return
        pos += 2 + length


def jpeg_app11(src, jumbf, out, segment):
    data = open(src, "rb").read()
    boxdata = open(jumbf, "rb").read()
    insert = 2
    for pos, marker, length in jpeg_segments(data):
        if 0xE0 <= marker <= 0xEF:
            insert = pos + length
        else:
            break
    header, content = boxdata[:8], boxdata[8:]
    packets = []
    first = boxdata[:segment]
    packets.append(first)
    rest = boxdata[segment:]
    while rest:
        packets.append(header + rest[:segment])
        rest = rest[segment:]
    segs = b""
    for z, packet in enumerate(packets, 1):
        payload = b"JP" + struct.pack(">HI", 1, z) + packet
        assert len(payload) + 2 <= 0xFFFF
        segs += b"\xff\xeb" + struct.pack(">H", len(payload) + 2) + payload
    open(out, "wb").write(data[:insert] + segs + data[insert:])


def png_chunk(typ, payload):
    return struct.pack(">I", len(payload)) + typ + payload + struct.pack(">I", zlib.crc32(typ + payload) & 0xFFFFFFFF)


def png_insert(src, out, chunks):
    data = open(src, "rb").read()
    pos = 8
    while pos + 12 <= len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        if typ == b"IDAT":
            break
        pos += 12 + n
    open(out, "wb").write(data[:pos] + b"".join(chunks) + data[pos:])


def webp_c2pa(src, jumbf, out):
    data = open(src, "rb").read()
    payload = open(jumbf, "rb").read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    chunk = b"C2PA" + struct.pack("<I", len(payload)) + payload + (b"\x00" if len(payload) % 2 else b"")
    body = data[12:struct.unpack("<I", data[4:8])[0] + 8] + chunk
    open(out, "wb").write(b"RIFF" + struct.pack("<I", len(body) + 4) + b"WEBP" + body)


class Tiff:
    """A little TIFF writer: IFDs as lists of (tag, type, count, value bytes)."""

    def __init__(self, big):
        self.e = ">" if big else "<"

    def ifd(self, entries, start, extra_base):
        """Serialises an IFD at `start`; values over 4 bytes go after it (returned as one blob)."""
        e = self.e
        body, extra = b"", b""
        data_at = start + 2 + 12 * len(entries) + 4
        for tag, typ, count, value in sorted(entries):
            if len(value) <= 4:
                body += struct.pack(e + "HHI", tag, typ, count) + value.ljust(4, b"\x00")
            else:
                body += struct.pack(e + "HHII", tag, typ, count, data_at + len(extra) - extra_base)
                extra += value + (b"\x00" if len(value) % 2 else b"")
        return struct.pack(e + "H", len(entries)) + body + struct.pack(e + "I", 0) + extra

    def ascii(self, text):
        return text.encode() + b"\x00"

    def long(self, n):
        return struct.pack(self.e + "I", n)


def exif_block(big, make, model, makernote):
    """TIFF header, IFD0 (Make, Model, ExifIFD pointer), ExifIFD (ExifVersion, MakerNote).
    `makernote(offset)` builds the MakerNote given its offset from the TIFF header."""
    t = Tiff(big)
    e = t.e
    header = (b"MM" if big else b"II") + struct.pack(e + "HI", 42, 8)
    ifd0_entries = [(0x010F, 2, len(make) + 1, t.ascii(make)), (0x0110, 2, len(model) + 1, t.ascii(model)),
                    (0x8769, 4, 1, t.long(0))]
    ifd0 = t.ifd(ifd0_entries, 8, 0)
    exif_at = 8 + len(ifd0)
    ifd0 = t.ifd(ifd0_entries[:2] + [(0x8769, 4, 1, t.long(exif_at))], 8, 0)
    # ExifIFD: ExifVersion, then the MakerNote after the IFD's own extra data.
    note_at = exif_at + 2 + 12 * 2 + 4
    note = makernote(note_at)
    exif = t.ifd([(0x9000, 7, 4, b"0232"), (0x927C, 7, len(note), note)], exif_at, 0)
    return header + ifd0 + exif


def exif_canon(out):
    def note(at):
        t = Tiff(False)
        return t.ifd([(0x0009, 2, 32, b"Jane Fixture".ljust(32, b"\x00")), (0x000C, 4, 1, t.long(1234567890))], at, 0)
    open(out, "wb").write(exif_block(False, "Canon", "Canon EOS 5D Mark IV", note))


def exif_apple(out):
    def note(at):
        t = Tiff(True)
        entries = [(0x0001, 9, 1, t.long(14)), (0x000B, 2, 37, t.ascii("0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9")),
                   (0x0011, 2, 37, t.ascii("E905E6C6-C747-4805-942F-9904A0281F02"))]
        # Offsets count from the start of the MakerNote; the IFD starts at byte 14.
        return b"Apple iOS\x00" + struct.pack(">H", 1) + b"MM" + t.ifd(entries, 14, 0)
    open(out, "wb").write(exif_block(True, "Apple", "iPhone 15 Pro", note))


def main(argv):
    cmd, args = argv[1], argv[2:]
    if cmd == "c2pa-gps":
        c2pa_gps(args[0])
    elif cmd == "c2pa-ingredient":
        c2pa_ingredient(args[0], args[1])
    elif cmd == "jpeg-app11":
        jpeg_app11(args[0], args[1], args[2], int(args[3]))
    elif cmd == "png-cabx":
        png_insert(args[0], args[2], [png_chunk(b"caBX", open(args[1], "rb").read())])
    elif cmd == "webp-c2pa":
        webp_c2pa(args[0], args[1], args[2])
    elif cmd == "png-text":
        pairs = zip(args[2::2], args[3::2])
        png_insert(args[0], args[1], [png_chunk(b"tEXt", k.encode("latin-1") + b"\x00" + open(f, "rb").read()) for k, f in pairs])
    elif cmd == "exif-canon":
        exif_canon(args[0])
    elif cmd == "exif-apple":
        exif_apple(args[0])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
