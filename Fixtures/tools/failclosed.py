#!/usr/bin/env python3
"""failclosed: builds the hostile parts of the fail-closed fixtures (stdlib only).

  failclosed.py mpo OUT PRIMARY SECONDARY...
      an MPO: PRIMARY with an APP2 "MPF\\0" index (right after SOI) listing itself and every
      SECONDARY, which follow its EOI in order. [CIPA DC-007 5.2]
  failclosed.py gps-unreadable OUT IN
      IN (a JPEG) with an APP1 EXIF whose GPS IFD has GPSLatitudeRef 'N' and a GPSLatitude of
      three RATIONALs whose value offset lies past the end of the EXIF block (unreadable).
  failclosed.py png-xmp-past-cap OUT IN PADDING
      IN (a PNG) with a compressed iTXt XMP packet: PADDING bytes of whitespace, then the
      exif:GPSLatitude/GPSLongitude properties (31.230416 N, 121.473701 E).
  failclosed.py icc-append OUT IN.icc EXTRA
      the profile IN.icc with EXTRA's bytes appended and the header's size grown to match: bytes
      inside the profile that no tag covers.
  failclosed.py exif-slack OUT IN EXTRA
      IN (a JPEG with an APP1 EXIF) with EXTRA's bytes appended inside that APP1 segment, after
      the TIFF block's structures, and the segment length grown to match: bytes of the EXIF
      block that no IFD entry points at.
  failclosed.py jfif-slack OUT IN EXTRA
      the same inside IN's APP0 JFIF segment, after its fields (no thumbnail declared).
  failclosed.py jfxx OUT IN EXTRA
      IN with a JFXX APP0 segment after its JFIF one holding EXTRA as a JPEG thumbnail
      (extension code 0x10). [JFIF 1.02 "JFIF extension APP0 marker segment"]
  failclosed.py chunk-append OUT IN.png TYPE EXTRA
      IN.png with a TYPE chunk after IHDR whose data is TYPE's usual fields followed by EXTRA's
      bytes (its length and CRC counting them): a known chunk declaring more than its fields.
  failclosed.py webp-vp8x OUT IN.webp EXTRA
      IN.webp (a simple lossy WebP) in the extended format, its VP8X chunk holding the 10 bytes
      of flags and canvas size followed by EXTRA's bytes. [RFC 9649 2.7]
  failclosed.py gif-netscape OUT IN.gif EXTRA
      IN.gif with a NETSCAPE2.0 application extension (loop count 0) after its global colour
      table whose sub-blocks go on with EXTRA's bytes, 255 at a time. [GIF89a 23, 26]
  failclosed.py app3-exif OUT IN TIFFSOURCE
      IN with an APP3 "Exif\0\0" segment (Kodak's Meta/Exif segment) after its JFIF one,
      holding the TIFF block of TIFFSOURCE's APP1 EXIF.
"""
import struct
import sys
import zlib

import mpf_index


def be16(v):
    return struct.pack(">H", v)


def be32(v):
    return struct.pack(">I", v)


def segment(marker, payload):
    return bytes([0xFF, marker]) + be16(len(payload) + 2) + payload


def mpo(out, primary_path, secondary_paths):
    primary = open(primary_path, "rb").read()
    secondaries = [open(p, "rb").read() for p in secondary_paths]
    assert primary[:2] == b"\xff\xd8"
    count = 1 + len(secondaries)
    attributes = [0x20030000] + [0x00000000] * len(secondaries)  # the primary: representative, baseline MP

    def build(sizes, offsets):
        return mpf_index.mp_header(attributes, sizes, offsets)

    draft = build([0] * count, [0] * count)
    app2 = segment(0xE2, b"MPF\x00" + draft)
    mp_header = 2 + 4 + 4  # SOI, FF E2 + length, "MPF\0": MP offsets count from here
    primary_out_size = len(primary) + len(app2)
    sizes = [primary_out_size] + [len(s) for s in secondaries]
    offsets = [0]
    at = primary_out_size
    for s in secondaries:
        offsets.append(at - mp_header)
        at += len(s)
    app2 = segment(0xE2, b"MPF\x00" + build(sizes, offsets))
    data = primary[:2] + app2 + primary[2:]
    open(out, "wb").write(data + b"".join(secondaries))


def gps_unreadable(out, in_path):
    jpeg = open(in_path, "rb").read()
    assert jpeg[:2] == b"\xff\xd8"
    # Little-endian TIFF: IFD0 with one entry (GPS pointer), GPS IFD with two entries.
    ifd0 = 8
    gps = ifd0 + 2 + 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", ifd0)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x8825, 4, 1, gps) + struct.pack("<I", 0)
    end = gps + 2 + 2 * 12 + 4
    tiff += struct.pack("<H", 2)
    tiff += struct.pack("<HHI", 0x0001, 2, 2) + b"N\x00\x00\x00"
    tiff += struct.pack("<HHII", 0x0002, 5, 3, end + 4096)  # 24 bytes, 4 KiB past the end
    tiff += struct.pack("<I", 0)
    assert len(tiff) == end
    app1 = segment(0xE1, b"Exif\x00\x00" + tiff)
    open(out, "wb").write(jpeg[:2] + app1 + jpeg[2:])


def png_chunk(kind, data):
    return be32(len(data)) + kind + data + be32(zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_xmp_past_cap(out, in_path, padding):
    png = open(in_path, "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    packet = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
              b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
              b'<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"' + b" " * padding +
              b' exif:GPSLatitude="31,13.82496N" exif:GPSLongitude="121,28.42206E"/>'
              b'</rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>')
    data = b"XML:com.adobe.xmp\x00" + b"\x01\x00" + b"\x00" + b"\x00" + zlib.compress(packet, 9)
    ihdr_end = 8 + 4 + 4 + 13 + 4
    open(out, "wb").write(png[:ihdr_end] + png_chunk(b"iTXt", data) + png[ihdr_end:])


def icc_append(out, in_path, extra_path):
    icc = bytearray(open(in_path, "rb").read())
    extra = open(extra_path, "rb").read()
    assert icc[36:40] == b"acsp"
    icc += extra
    icc[0:4] = be32(len(icc))
    icc[84:100] = b"\x00" * 16  # the profile ID no longer matches: 0 = not computed
    open(out, "wb").write(bytes(icc))


def app_segments(data):
    """(offset, marker, length) of each segment before the first SOS."""
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF and data[i + 1] != 0xDA:
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        yield i, data[i + 1], length
        i += 2 + length


def append_in_segment(out, in_path, marker, signature, extra):
    data = open(in_path, "rb").read()
    for i, m, length in app_segments(data):
        if m == marker and data[i + 4:i + 4 + len(signature)] == signature:
            payload = data[i + 4:i + 2 + length] + extra
            assert len(payload) + 2 <= 0xFFFF, "the segment would exceed 64 KB"
            open(out, "wb").write(data[:i] + segment(marker, payload) + data[i + 2 + length:])
            return
    sys.exit("%s has no APP%d %r segment before its scan" % (in_path, marker - 0xE0, signature))


def insert_after_jfif(out, in_path, marker, payload):
    data = open(in_path, "rb").read()
    first = next(app_segments(data), None)
    at = first[0] + 2 + first[2] if first and first[1] == 0xE0 and data[first[0] + 4:first[0] + 9] == b"JFIF\x00" else 2
    open(out, "wb").write(data[:at] + segment(marker, payload) + data[at:])


def exif_tiff(path):
    data = open(path, "rb").read()
    for i, m, length in app_segments(data):
        if m == 0xE1 and data[i + 4:i + 10] == b"Exif\x00\x00":
            return data[i + 10:i + 2 + length]
    sys.exit("%s has no APP1 EXIF" % path)


def png_chunk_append(out, in_path, kind, extra):
    data = open(in_path, "rb").read()
    fields = {b"tIME": b"\x07\xe9\x01\x01\x00\x00\x00", b"pHYs": b"\x00\x00\x0b\x13\x00\x00\x0b\x13\x01",
              b"gAMA": b"\x00\x00\xb1\x8f"}[kind]
    at = 8 + 8 + 13 + 4  # after the signature and IHDR
    assert data[12:16] == b"IHDR"
    open(out, "wb").write(data[:at] + png_chunk(kind, fields + extra) + data[at:])


def webp_vp8x(out, in_path, extra):
    data = open(in_path, "rb").read()
    assert data[:4] == b"RIFF" and data[8:16] == b"WEBPVP8 ", "not a simple lossy WebP"
    width = struct.unpack("<H", data[26:28])[0] & 0x3FFF  # VP8 frame header [RFC 6386 9.1]
    height = struct.unpack("<H", data[28:30])[0] & 0x3FFF
    payload = bytes(4) + struct.pack("<I", width - 1)[:3] + struct.pack("<I", height - 1)[:3] + extra
    vp8x = b"VP8X" + struct.pack("<I", len(payload)) + payload + (b"\x00" if len(payload) % 2 else b"")
    body = b"WEBP" + vp8x + data[12:]
    open(out, "wb").write(b"RIFF" + struct.pack("<I", len(body)) + body)


def gif_netscape(out, in_path, extra):
    data = open(in_path, "rb").read()
    assert data[:6] in (b"GIF87a", b"GIF89a")
    packed = data[10]
    at = 13 + (3 * 2 ** ((packed & 7) + 1) if packed & 0x80 else 0)
    blocks = b"\x03\x01\x00\x00" + b"".join(bytes([len(extra[i:i + 255])]) + extra[i:i + 255] for i in range(0, len(extra), 255))
    open(out, "wb").write(b"GIF89a" + data[6:at] + b"\x21\xff\x0bNETSCAPE2.0" + blocks + b"\x00" + data[at:])


def main(argv):
    if len(argv) >= 4 and argv[1] == "mpo":
        mpo(argv[2], argv[3], argv[4:])
    elif len(argv) == 4 and argv[1] == "gps-unreadable":
        gps_unreadable(argv[2], argv[3])
    elif len(argv) == 5 and argv[1] == "png-xmp-past-cap":
        png_xmp_past_cap(argv[2], argv[3], int(argv[4]))
    elif len(argv) == 5 and argv[1] == "icc-append":
        icc_append(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "exif-slack":
        append_in_segment(argv[2], argv[3], 0xE1, b"Exif\x00\x00", open(argv[4], "rb").read())
    elif len(argv) == 5 and argv[1] == "jfif-slack":
        append_in_segment(argv[2], argv[3], 0xE0, b"JFIF\x00", open(argv[4], "rb").read())
    elif len(argv) == 5 and argv[1] == "jfxx":
        insert_after_jfif(argv[2], argv[3], 0xE0, b"JFXX\x00\x10" + open(argv[4], "rb").read())
    elif len(argv) == 6 and argv[1] == "chunk-append":
        png_chunk_append(argv[2], argv[3], argv[4].encode("ascii"), open(argv[5], "rb").read())
    elif len(argv) == 5 and argv[1] == "webp-vp8x":
        webp_vp8x(argv[2], argv[3], open(argv[4], "rb").read())
    elif len(argv) == 5 and argv[1] == "gif-netscape":
        gif_netscape(argv[2], argv[3], open(argv[4], "rb").read())
    elif len(argv) == 5 and argv[1] == "app3-exif":
        insert_after_jfif(argv[2], argv[3], 0xE3, b"Exif\x00\x00" + exif_tiff(argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
